"""A correction said without a verb of moving: "actually it's the 14th not the 12th", "sorry, 5,500 not 6,200",
"wait no, it was Tuesday", "不是12号，是14号", "听岔了，是下周三", "说错了，是六千五".

Its frame is how it is built, not what it names: a value said negated beside a new value of the same kind (a time, a
figure of one unit class: `core/values.py`), or a word of having it wrong ("my mistake", "听错了") and a new value.
The clauses it spans become a candidate tagged `corrected` whose object is the new value; governance makes it the next
version of the person's latest memory holding a value of that kind (`core/versions.py`), the old value said (when it
is) picking which. A correction another reader read too (a clause with more words than the values) keeps that reading,
tagged, so its own words stand. Pure: a message's text and its sentences' times in, candidates out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from mirror_pipeline.core.extraction.candidate import from_evidence
from mirror_pipeline.core.extraction.disclosure import EXTRACTOR, life_domain
from mirror_pipeline.core.extraction.sensitivity import of_clause as sensitivity_of
from mirror_pipeline.core.model import Evidence, MemoryCandidate, MemoryType, Sensitivity
from mirror_pipeline.core.plans import rescheduled
from mirror_pipeline.core.text import CJK_CHAR, sentences
from mirror_pipeline.core.timeexpr import TimeMention, as_absolute
from mirror_pipeline.core.values import NAME, TIME, Value, names_in, time_fields, values_in
from mirror_pipeline.core.versions import CORRECTED, CORRECTS, SAID_ALONE

# a value said as not the one: "not the 12th", "not April", "不是12号", "无是六千五" (Teochew), "唔系" (Cantonese)
_NEGATION = r"(?:\bnot\s+(?:on\s+|in\s+|at\s+)?|(?:不是|无是|唔系|不系|并非|而非|而不是|不在)(?:在)?)\s*$"
_NEGATED = re.compile(_NEGATION, re.I)
# the negation before an old value, with the clause mark before it: ", not 2021", "，不是2020年"
_NEGATED_BEFORE = re.compile(r"[,，;；]?\s*" + _NEGATION, re.I)
# a word of having had it wrong: "my mistake", "I misheard", "听岔了" (Wuhan), "记错了", "更正"
_WRONG = re.compile(
    r"(?i)\b(?:correction|wait,?\s+no|no,?\s+wait|oops|my\s+(?:bad|mistake)|i\s+(?:got\s+it|was)\s+wrong|"
    r"mis(?:read|heard|typed|remembered)|typo|scratch\s+that|i\s+meant)\b|"
    # "actually" opening a bare value: "actually is 5,200", "actually it's the 14th" (not "actually I love it")
    # (the copula stays the statement's: "actually" alone is blanked when the statement is read again)
    r"(?i:^\s*actually,?(?=\s+(?:it'?s|it\s+is|it\s+was|is|was)\b))|"
    r"(?:听|记|写|说|搞|弄|看|算|讲|呾)(?:岔|错|反)了|更正|纠正|口误|搞混了"
)
_AFTER_WRONG = re.compile(r"(?:一下)?\s*[:：,，]?\s*")
_ERRED_AT = re.compile(r"^\s*(?:我|是我|I|I\s+(?:had\s+)?)?\s*$")
_QUESTION = re.compile(r"[?？]\s*$|吗[。！!]?\s*$")
_CLAUSE_END = re.compile(r"[，;；:：]|,(?!\d)|(?<!\d),")  # (not the comma of "5,500")


# the words of a correction that name nothing it corrects: its discourse words, its copula
_BARE_WORDS = re.compile(
    r"(?i)\b(?:actually|sorry|wait|no|oops|ok|okay|so|well|hmm|um|uh|oh|ah|lol|correction|it'?s|it|is|was|are|were|"
    r"that'?s|that|the|on|in|at|not|but|and|again|then|now|too|i|me|my|we|us|our|you|they|them|their|he|him|his|"
    r"she|her)\b|[哦啊呀哈吧嗯诶哎呢嘛我你他她它们]|不是|而是|是|才|了|的|对"
)


@dataclass(frozen=True)
class Frame:
    new: Value
    old: Value | None
    span: tuple[int, int]  # the clauses it spans, in the message
    at: int  # where the new value is said, in the message
    named: str = ""  # what the clauses of its values name beside them ("the viva", "驾考"; "" when said bare)
    old_at: int = -1  # where the old value is said, in the message


def frames(text: str, times_of: Callable[[str], list[TimeMention]], said_at: datetime | None) -> list[Frame]:
    """Every correction frame of the message, one a sentence at most."""
    out = []
    for s_start, s_end in sentences(text):
        sentence = text[s_start:s_end]
        if _QUESTION.search(sentence):
            continue
        said = values_in(sentence, said_at, times_of(sentence))
        found = _frame(sentence, sorted(said + names_in(sentence, said), key=lambda v: v.span))
        found = found or _bare_names(sentence, said)
        if found is not None:
            new, old, start, end = found
            span = (s_start + _clause_start(sentence, start), s_start + _clause_end(sentence, end))
            old_at = s_start + old.span[0] if old is not None else -1
            out.append(Frame(new, old, span, s_start + new.span[0], _named(sentence, new, old), old_at))
    return out


def _frame(sentence: str, found: list[Value]) -> tuple[Value, Value | None, int, int] | None:
    negated = [v for v in found if _NEGATED.search(sentence[max(0, v.span[0] - 14) : v.span[0]])]
    for old in negated:
        # the new value is the nearest one of the old one's kind, not itself negated
        near = [v for v in found if v not in negated and v.same_kind(old)]
        if near:
            new = min(near, key=lambda v: abs(v.span[0] - old.span[0]))
            return new, old, min(new.span[0], old.span[0]), max(new.span[1], old.span[1])
    wrong = _WRONG.search(sentence)
    plain = [v for v in found if v not in negated and v.kind != NAME]  # (a name is set right only against another)
    if wrong is None or not plain:
        return None
    # the value it sets right is said beside the word of having it wrong, in its clause or the next one: "听错了，是
    # 下周三", "no wait, it's 950", "转正以后才是六千二，上回是我听岔了" (not a time two clauses on)
    cue = _clause_index(sentence, wrong.start())
    near = [
        v
        for v in plain
        if abs(_clause_index(sentence, v.span[0]) - cue) <= 1
        # (the time of having it wrong is no value set right: "前日写错了", "yesterday I misread")
        and not (v.kind == TIME and v.span[1] <= wrong.start() and _ERRED_AT.match(sentence[v.span[1] : wrong.start()]))
    ]
    if not near:
        return None
    new = min(near, key=lambda v: min(abs(v.span[0] - wrong.end()), abs(wrong.start() - v.span[1])))
    return new, None, min(wrong.start(), new.span[0]), max(wrong.end(), new.span[1])


# a place or a name set right in lower case, as a phone types it: "correction, not scarborough, crown point", "not
# kilimani, is at kileleshwa": the words after "not" up to the clause's end, and the next clause's name (its last
# words after "in" / "at", its copula and article left out)
_EN_NOT_BARE = re.compile(
    r"(?i)(?:^|[,:;]\s*)not\s+(?P<old>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s*,\s*(?P<rest>[^,.!?;]+)"
)
_EN_REST_LEAD = re.compile(r"(?i)^(?:(?:it'?s|is|was|but|actually|it|de|the|da|a|at|in)\s+)*")
_EN_REST_PLACE = re.compile(r"(?i)\b(?:in|at)\s+(?:(?:de|the|da)\s+)?(?P<name>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})\s*$")
_EN_NOT_A_NAME = re.compile(
    r"(?i)\b(?:i|me|my|you|we|he|she|they|it|this|that|sure|really|yet|now|so|too|bad|great|good|fine|much|many|"
    r"even|only|just|quite|very|anymore|again|sending|is|was|are|be)\b"
)


def _bare_names(sentence: str, said: list[Value]) -> tuple[Value, Value | None, int, int] | None:
    """A name set right in lower case, after a word of having it wrong ("correction, not scarborough, crown point")
    or opening the message on "not": (the new name, the old one, the span)."""
    m = _EN_NOT_BARE.search(sentence)
    if m is None or not (_WRONG.search(sentence, 0, m.start() + 1) or not sentence[: m.start()].strip()):
        return None
    rest = m["rest"].strip()
    place = _EN_REST_PLACE.search(rest)
    name = place["name"] if place else _EN_REST_LEAD.sub("", rest)
    if not 0 < len(name.split()) <= 3 or _EN_NOT_A_NAME.search(name) or _EN_NOT_A_NAME.search(m["old"]):
        return None
    old_at, new_at = m.start("old"), m.start("rest") + m["rest"].rfind(name)
    if any(v.span[0] < new_at + len(name) and new_at < v.span[1] for v in said):
        return None  # (a time or a figure: the frames of values read it)
    new, old = Value(NAME, name, (new_at, new_at + len(name))), Value(NAME, m["old"], (old_at, old_at + len(m["old"])))
    return new, old, old_at, new_at + len(name)


def _clause_index(sentence: str, at: int) -> int:
    return len(_CLAUSE_END.findall(sentence, 0, at))


def _named(sentence: str, new: Value, old: Value | None) -> str:
    """The words of the clauses holding the values, less the values, the words of having it wrong and the bare
    words: what the correction names of the thing it sets right."""
    spans = [v.span for v in (new, old) if v is not None]
    starts = {_clause_start(sentence, a) for a, _ in spans}
    words = []
    for start in sorted(starts):
        clause = sentence[start : _clause_end(sentence, start)]
        for a, b in sorted((a - start, b - start) for a, b in spans if start <= a < start + len(clause) + 1):
            clause = clause[:a] + " " * (b - a) + clause[b:]
        words.append(_BARE_WORDS.sub(" ", _WRONG.sub(" ", clause)))
    return " ".join(" ".join(words).split()).strip(" ,.!:;，。！：；")


def _clause_start(sentence: str, at: int) -> int:
    cut = [m.end() for m in _CLAUSE_END.finditer(sentence, 0, at)]
    return cut[-1] if cut else 0


def _clause_end(sentence: str, at: int) -> int:
    m = _CLAUSE_END.search(sentence, at)
    return m.start() if m else len(sentence.rstrip())


def read(
    evidence: Evidence,
    text: str,
    found: list[MemoryCandidate],
    times_of: Callable[[str], list[TimeMention]],
    said_at: datetime | None,
    version: str,
    reread: Callable[[str], list[MemoryCandidate]] = lambda _: [],
) -> tuple[list[MemoryCandidate], list[MemoryCandidate]]:
    """(`found`, with each reading of a correction's new value tagged as the correction; the corrections no reader
    read, one candidate each). `reread`: the readers, on the message with a correction's own words blanked."""
    out = list(found)
    alone = []
    for f in frames(text, times_of, said_at):
        if any(rescheduled(c) and c.span_start <= f.at < c.span_end for c in out):
            continue
        i = next((i for i, c in enumerate(out) if c.span_start <= f.at < c.span_end and _speaks(c)), None)
        if i is not None:
            out[i] = _tagged(out[i], f)
            continue
        # a correction that says the whole statement again ("Correction: I moved to Lisbon in 2019, not 2021"): the
        # statement read without its words of correcting
        again = [c for c in reread(cleared(text, f)) if c.span_start < f.span[1] and f.span[0] < c.span_end]
        if again := [c for c in again if _speaks(c)]:
            out += [replace(c, tags=(*c.tags, *_tags(f))) for c in again]  # (its readers read its time)
        else:
            alone.append(_candidate(evidence, text, f, version))
    return out, alone


def cleared(text: str, f: Frame) -> str:
    """The message with a correction's own words blanked (its word of having it wrong, the old value said negated),
    each character for a space, so spans hold: "Correction: I moved to Lisbon in 2019, not 2021" reads as "I moved to
    Lisbon in 2019"."""
    cut = []
    wrong = _WRONG.search(text, max(0, f.span[0] - 24), f.span[1])  # (as the clause before: "Correction: ...")
    if wrong is not None:
        after = _AFTER_WRONG.match(text, wrong.end())
        cut.append((wrong.start(), after.end() if after else wrong.end()))
    if f.old is not None:
        negated = _NEGATED_BEFORE.search(text, max(0, f.old_at - 16), f.old_at)
        if negated is not None:
            cut.append((negated.start(), f.old_at + len(f.old.said)))
    for a, b in cut:
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def _speaks(c: MemoryCandidate) -> bool:
    """A reading the correction can be: the person's, not a feeling; not a move of a planned thing, which is already
    the plan's next version ("前日写错了……医生改到三月廿号")."""
    return c.memory_type is not MemoryType.EMOTION and c.subject == "user" and not rescheduled(c)


def _timed(f: Frame) -> dict:
    return time_fields(f.new.time if f.new.kind == TIME else None)


def _tags(f: Frame) -> tuple[str, ...]:
    return (CORRECTED, *((CORRECTS + f.old.said,) if f.old is not None else ()))


def _tagged(c: MemoryCandidate, f: Frame) -> MemoryCandidate:
    return replace(c, tags=(*c.tags, *_tags(f)), **_timed(f))


def _candidate(evidence: Evidence, text: str, f: Frame, version: str) -> MemoryCandidate:
    zh = bool(CJK_CHAR.search(text[f.span[0] : f.span[1]]))
    new = as_absolute(f.new.said, f.new.time) if f.new.time is not None else f.new.said
    if f.new.kind == NAME and new.islower():
        new = new.title()  # a name typed in lower case is a name ("crown point": Crown Point)
    # (what it names, in brackets: governance ties it only to a memory sharing a word of it)
    if zh:
        content = (
            f"用户更正：是{new}" + (f"，不是{f.old.said}" if f.old else "") + (f"（{f.named}）" if f.named else "")
        )
    else:
        content = (
            f"The user corrected it: {new}"
            + (f", not {f.old.said}" if f.old else "")
            + (f" ({f.named})" if f.named else "")
        )
    # typed by its value's kind, so that it stands as the later state when it sets right nothing read (a time: when
    # a thing happens; a figure: a fact), in the domain of what it names ("(面试)": work)
    kind, memory_type = ("event", MemoryType.EVENT) if f.new.kind == TIME else ("state", MemoryType.FACT)
    domain = life_domain(f.named, zh) if f.named else None
    return from_evidence(
        evidence,
        key=("corrected",),
        memory_type=memory_type,
        subject="user",
        predicate=f"{kind}:{domain.name if domain else 'life'}",
        object=f.new.said,
        content_text=content,
        confidence=0.8,
        importance=0.6,
        sensitivity=sensitivity_of(text[f.span[0] : f.span[1]], Sensitivity.LOW),
        span=f.span,
        extractor=EXTRACTOR,
        extractor_version=version,
        tags=(*_tags(f), SAID_ALONE),
        **_timed(f),
    )
