"""A later statement as the next version of an earlier one (issue 10): a correction ("actually it's the 14th not the
12th", "说错了，是六千五": `extraction/corrections.py`) and a new figure of one attribute ("rent went up to 1,450",
"底薪涨到6500了").

- A correction is tied to the person's latest memory said before it that holds a value of the kind it sets right
  (a time, a figure of one unit class: `values.py`); when it names the old value, to the latest that holds that value,
  and to none when none does. It takes that memory's identity (so governance supersedes the old version, kept with its
  valid time) and its type; said alone ("不是12号，是14号"), its content is the old memory's with the value set right.
  A correction said alone that sets right no memory is not kept (it says too little: "not march, april" without
  what moved); one that says its statement again is read whole.
- A figure said of an attribute ("the user's salary is 9.5 lakh", "用户的月租是两千二") is one memory per attribute: a
  later figure of it is its next version, dated by its own statement.

Pure: candidates in, candidates and identities out.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import date, timedelta
from typing import Protocol, TypeVar

from mirror_pipeline.core.model import MemoryCandidate, MemoryType, TimePrecision
from mirror_pipeline.core.plans import content_words, is_plan
from mirror_pipeline.core.timeexpr import TimeMention
from mirror_pipeline.core.values import FIGURE, NAME, TIME, Value, names_in, time_fields, values_in, weekday_only

CORRECTED = "corrected"  # a correction: the next version of the memory holding the value it sets right
CORRECTS = "corrects:"  # (+ the old value as said: "corrects:the 12th")
SAID_ALONE = "said_alone"  # a correction no other reader read: its content is the corrected memory's, set right
CHANGED = "changed"  # a later figure of an attribute: a version of its own

_A_FIGURE = re.compile(r"\d|[一二两三四五六七八九十][十百千万点]")
_WITHIN = timedelta(days=365)
_LOOK_BACK = 400  # statements looked back over for the one a correction sets right (the latest holding one wins)
# what a correction said alone names of the thing it sets right, in brackets after it
_NAMED = re.compile(r"[（(]([^（）()]+)[）)]$")
# what a correction sets right: a fact or an event (not a liking, a view, a feeling or who someone is)
_SET_RIGHT = frozenset({MemoryType.FACT, MemoryType.EVENT})
_ABOUT_THE_USER = re.compile(r"用户|(?i:the user(?:'s)?|corrected it)")
_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# a day of the month said alone: "the 19th", "on the 3rd", "二十三号", "14日"
_DAY_ONLY = re.compile(r"(?i)(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)|[\d一二三四五六七八九十廿卅]{1,3}[号日]")

# "The user's salary is now 10.8 lakh", "The user's A1c was 8.1", "用户的月租是两千二", "用户底薪涨到6500了": the
# attribute (the words right before a verb of being or of change, or right before the figure in Chinese), said of
# the user; the figure straight after
# a verb of being or of change before a figure ("is now", "went up to", "down to")
EN_FIGURE_VERB = (
    r"(?:(?:is|was|are|were|'s|has\s+been)(?:\s+(?:now|still|only|finally))?(?:\s+(?:down|up|back)\s+to)?|"
    r"(?:went|has\s+gone|have\s+gone|rose|fell|dropped|climbed|jumped|came|got|shot|increased|decreased)"
    r"(?:\s+(?:up|down|back))?\s+to|(?:down|up)\s+to|now)"
)
# an attribute's words: one or two, the second no verb ("salary", "blood sugar"; not "salary is")
EN_ATTRIBUTE_WORDS = (
    r"[a-z][a-z0-9-]*(?:\s+(?!(?:is|was|are|were|has|have|went|rose|fell|dropped|climbed|jumped|came|got|shot|"
    r"increased|decreased|now|down|up)\b)[a-z][a-z0-9-]*)?"
    # and what it is of: "the quote for the new gutters", "the bill for the surgery"
    r"(?:\s+(?:for|of|on)\s+(?:the\s+|my\s+|our\s+)?[a-z][a-z0-9-]*(?:\s+[a-z][a-z0-9-]*)?)?"
)
_EN_ATTRIBUTE = re.compile(
    rf"^The user's (?P<attr>{EN_ATTRIBUTE_WORDS})\s+{EN_FIGURE_VERB}\s+(?:about\s+|around\s+|only\s+)?$", re.IGNORECASE
)
_ZH_ATTRIBUTE = re.compile(
    r"^用户的?(?P<attr>[\u4e00-\u9fffA-Za-z]{2,5}?)(?:现在|已经|又|也|终于)?"
    r"(?:是|为|有|只有|才|涨到|降到|升到|掉到|跌到|变成|提到|加到|减到|回到|到)?了?$"
)


_EN_NOT_AN_ATTRIBUTE = frozenset(
    "i it this that there which what who he she they we you one each everything nothing something someone everyone "
    "today tomorrow yesterday time it's that's me since when because if after before until while as so than "
    "just still also only her his their its mum mom dad mummy mother father wife husband son daughter".split()
)
# what cannot be an attribute of the person's: a person, a pronoun, a word of telling, of counting, a verb's helper
_ZH_NOT_AN_ATTRIBUTE = re.compile(
    r"[我你他她它伊们说讲呾的个又了到能要会在从给把被让够比少多出交掏发得哒冇上]|[妈爸哥姐弟妹婆公爷奶生师是为有才]$|"
    r"^(?:一共|总共|大概|差不多)"
)


def not_an_attribute(words: str, zh: bool) -> bool:
    """Words that name no attribute of the person's: a pronoun or a person, a clause word, a verb's helper."""
    if zh:
        return bool(_ZH_NOT_AN_ATTRIBUTE.search(words))
    return any(w in _EN_NOT_AN_ATTRIBUTE for w in words.lower().split())


class _HasCandidate(Protocol):
    @property
    def candidate(self) -> MemoryCandidate: ...


T = TypeVar("T", bound=_HasCandidate)
Key = tuple[str, ...]


def corrected(c: MemoryCandidate) -> bool:
    return CORRECTED in c.tags


def next_version(c: MemoryCandidate) -> bool:
    """A statement that is a version of its own of the memory it joined (a correction, a changed figure)."""
    return CORRECTED in c.tags or CHANGED in c.tags


def attribute_figure(c: MemoryCandidate) -> tuple[str, Value] | None:
    """(the attribute, its figure) a fact of the user's states: "salary" and 10.8 lakh."""
    if c.subject != "user" or not (
        (c.memory_type is MemoryType.FACT and c.predicate.startswith("state:"))
        or (c.memory_type is MemoryType.EVENT and c.predicate.startswith("event:"))  # "用户底薪涨到6500了"
    ):
        return None
    text = c.content_text
    if not _A_FIGURE.search(text):
        return None  # (most statements hold none: one search says so)
    for v in values_in(text, None, []):
        if v.kind != FIGURE:
            continue
        zh = "用户" in text[:3]
        m = (_ZH_ATTRIBUTE if zh else _EN_ATTRIBUTE).match(text[: v.span[0]])
        return (m["attr"].lower(), v) if m and not not_an_attribute(m["attr"], zh) else None
    return None


def next_versions(items: Sequence[T], key_of: Callable[[MemoryCandidate], Key]) -> tuple[list[T], dict[Key, Key]]:
    """(the items, each correction rewritten as the next version of the memory it sets right and those said alone of
    nothing left out, each later figure of an attribute tagged; the identity of each -> the memory's it joins)."""
    ordered = sorted(range(len(items)), key=lambda i: _said(items[i].candidate))
    out: list[T] = list(items)
    aliases: dict[Key, Key] = {}

    def key(c: MemoryCandidate) -> Key:
        k = key_of(c)
        return aliases.get(k, k)

    first_of: dict[tuple[str, str], MemoryCandidate] = {}
    for i in ordered:
        c = out[i].candidate
        found = attribute_figure(c)
        if found is None:
            continue
        attr = (c.subject, found[0])
        if attr not in first_of:
            first_of[attr] = c
        elif key_of(c) != key(first_of[attr]):
            aliases[key_of(c)] = key(first_of[attr])
            out[i] = replace(out[i], candidate=replace(c, tags=(*c.tags, CHANGED)))  # type: ignore[type-var]
    dropped: set[int] = set()
    values: dict[str, list[Value]] = {}
    for n, i in enumerate(ordered):
        c = out[i].candidate
        if not corrected(c):
            continue
        # what was said before it, the latest first (a correction is never what another sets right)
        before = (
            out[j].candidate for j in reversed(ordered[:n]) if j not in dropped and not corrected(out[j].candidate)
        )
        found = _corrects(c, itertools.islice(before, _LOOK_BACK), values)
        if found is None:
            # a correction said alone ("not march, april") that sets right no memory says too little to stand on its
            # own (judge20b: none of five such memories was right: "用户更正：是灞桥，不是临潼" without what moved);
            # one that says its statement again is read whole by the readers and stays
            if SAID_ALONE in c.tags:
                dropped.add(i)
            continue
        target, old, new = found
        rewritten = _as_next(c, target, old, new)
        aliases[key_of(rewritten)] = key(target)
        out[i] = replace(out[i], candidate=rewritten)  # type: ignore[type-var]
    return [e for i, e in enumerate(out) if i not in dropped], aliases


def _said(c: MemoryCandidate) -> tuple:
    return (c.mention_time.timestamp() if c.mention_time else 0.0, c.evidence_id, c.span_start)


def _corrects(
    c: MemoryCandidate, before: Iterable[MemoryCandidate], values: dict[str, list[Value]]
) -> tuple[MemoryCandidate, Value, Value] | None:
    """(the memory the correction sets right, its value set right, the new value): the latest before it with a value
    of the new one's kind, among those holding the old value when it is named (`values`: each candidate's, read once
    for every correction)."""
    old_said = next((t[len(CORRECTS) :] for t in c.tags if t.startswith(CORRECTS)), None)
    # (a name said alone, "湖州", is a name: none of the other kinds reads it)
    old = next(iter(_all_values(old_said, c)), Value(NAME, old_said, (0, len(old_said)))) if old_said else None
    new = next(
        (v for v in _all_values(c.content_text, c) if old is None or (v.said != old.said and v.same_kind(old))), None
    )
    if new is None:
        return None
    # a correction that names what it sets right ("转正以后才是六千二") shares a word with it; one said bare ("说错了，
    # 是六千五") goes by the kind of its value and recency alone
    named = _NAMED.search(c.content_text) if SAID_ALONE in c.tags else None
    words = (_words(named[1]) if named else None) if SAID_ALONE in c.tags else _words(c.content_text)
    words = words or None  # (naming nothing: by kind and recency)
    for t in before:  # the latest first: the latest that holds one wins
        if t.mention_time and c.mention_time and c.mention_time - t.mention_time > _WITHIN:
            break
        if new.kind == NAME and old is not None:
            # a name set right ("not Leeds, Bradford", 是在嘉兴不是湖州): the latest memory of the person's life that
            # says the old name, whoever it is about
            at = t.content_text.find(old.said)
            if at >= 0 and t.memory_type is not MemoryType.EMOTION and _near(t, c):
                return t, Value(NAME, old.said, (at, at + len(old.said))), new
            continue
        if not _settable(t, c, new):
            continue  # (a time sets right when a thing happens or is planned, not a liking's "on Sundays")
        if words is not None and not words & _words(t.content_text):
            continue
        held = [v for v in _values_of(t, values) if v.same_kind(new)]
        if old is not None:
            held = [v for v in held if v.equals(old)]
        if held:
            return t, _likest(held, new), new
    return None


def _likest(held: list[Value], new: Value) -> Value:
    """Of a memory's values of the new one's kind, the one it sets right: a figure the nearest in size ("actually is
    5,200" sets right the 5,500 of "2 bed, 5,500 a month", not the 2), else the first."""
    if new.kind != FIGURE or not new.amount or new.amount <= 0:
        return held[0]
    sized = [v for v in held if v.amount and v.amount > 0]
    return min(sized, key=lambda v: abs(math.log(v.amount / new.amount))) if sized else held[0]


def _all_values(text: str, c: MemoryCandidate) -> list[Value]:
    """A correction's values: its times and figures, then the names it says."""
    said = values_in(text, c.mention_time)
    return said + names_in(text, said)


def _settable(t: MemoryCandidate, c: MemoryCandidate, new: Value) -> bool:
    """`t` is a memory the correction `c` of a value like `new` may set right: the same person's fact or event, said
    within the year before, and (for a time) something that happens or is planned."""
    if t.subject != c.subject or t.memory_type not in _SET_RIGHT or not _near(t, c):
        return False
    return new.kind != TIME or t.memory_type is MemoryType.EVENT or is_plan(t.predicate) or bool(t.valid_time_start)


def _words(text: str) -> frozenset[str]:
    """A statement's content words, less its values and the user it is about."""
    for v in reversed(values_in(text, None, [])):
        text = text[: v.span[0]] + " " + text[v.span[1] :]
    return content_words(_ABOUT_THE_USER.sub(" ", text))


def _near(t: MemoryCandidate, c: MemoryCandidate) -> bool:
    if t.mention_time is None or c.mention_time is None:
        return t.evidence_id == c.evidence_id
    return timedelta(0) <= c.mention_time - t.mention_time <= _WITHIN


def _values_of(t: MemoryCandidate, memo: dict[str, list[Value]]) -> list[Value]:
    """The values a memory holds: those its words say, and its valid time."""
    if t.candidate_id in memo:
        return memo[t.candidate_id]
    found = memo[t.candidate_id] = values_in(t.content_text, t.mention_time)
    if t.valid_time_start and not any(v.kind == TIME for v in found):
        start = date.fromisoformat(t.valid_time_start[:10])
        end = date.fromisoformat(t.valid_time_end[:10]) if t.valid_time_end else start
        when = TimeMention(t.valid_time_start, (0, 0), start, end, t.time_precision, 1.0)
        found.append(Value(TIME, t.valid_time_start, (0, 0), time=when))
    return found


def _as_next(c: MemoryCandidate, target: MemoryCandidate, old: Value, new: Value) -> MemoryCandidate:
    """The correction as the target's next version: its type and attribute, the new value (and its time)."""
    when = _near_day(new, old)
    shown = when.start_iso if when is not None and _ISO_DAY.match(old.said) else new.said
    changes: dict = {"memory_type": target.memory_type, "predicate": target.predicate, "subject": target.subject}
    if SAID_ALONE in c.tags:
        content, obj = target.content_text, target.object
        if old.span != (0, 0):
            seg = content[old.span[0] : old.span[1]]  # (a figure's span may hold the space around it)
            start = old.span[0] + len(seg) - len(seg.lstrip())
            content = content[:start] + shown + content[start + len(seg.strip()) :]
        elif "用户" in content[:3]:
            content = f"{content}（更正为{shown}）"
        else:
            content = f"{content} (corrected to {shown})"
        changes |= {"content_text": content, "object": obj.replace(old.said, shown) if old.said in obj else shown}
        if new.kind != TIME:
            # a figure or a name set right does not move when the thing was: the target's time stays
            changes |= {
                "valid_time_start": target.valid_time_start,
                "valid_time_end": target.valid_time_end,
                "time_precision": target.time_precision,
                "time_expression": target.time_expression,
            }
    return replace(c, **changes, **time_fields(when, expression=new.said))


_A_YEAR = re.compile(r"\d{4}|\d{2}年|'\d{2}\b|年")


def _year_nearest(t: TimeMention, old: date, said: str) -> TimeMention:
    """A time said without its year, in the year that puts it nearest the time it sets right ("from march, not feb"
    of a February ahead is the March after it, not the one gone)."""
    if _A_YEAR.search(said) or t.start is None or t.end is None:
        return t
    best = min(range(-1, 2), key=lambda k: abs((_add_years(t.start, k) - old).days))
    if best == 0:
        return t
    return replace(t, start=_add_years(t.start, best), end=_add_years(t.end, best))


def _add_years(d: date, years: int) -> date:
    try:
        return d.replace(year=d.year + years)
    except ValueError:  # (29 February)
        return d.replace(year=d.year + years, day=28)


def _near_day(new: Value, old: Value) -> TimeMention | None:
    """The new value's time; a day said without its week ("it was Tuesday") is the one nearest the day it sets right,
    and a day of the month said alone ("不是二十号，是二十三号") is in the month of the one it sets right."""
    t = new.time
    if t is None or t.start is None:
        return None
    if old.time is None or old.time.start is None:
        return t
    if t.end != t.start:
        return _year_nearest(t, old.time.start, new.said)  # "from march, not feb": the March by that February
    if _DAY_ONLY.fullmatch(new.said.strip()) and old.time.precision is TimePrecision.DAY:
        try:
            moved = old.time.start.replace(day=t.start.day)
        except ValueError:  # (the 31st of a short month)
            return t
        return replace(t, start=moved, end=moved)
    if not weekday_only(new.said):
        return _year_nearest(t, old.time.start, new.said)
    gap = (old.time.start - t.start).days
    weeks = round(gap / 7)
    if weeks == 0:
        return t
    moved = t.start + timedelta(days=7 * weeks)
    return replace(t, start=moved, end=moved)
