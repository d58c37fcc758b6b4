"""A planned thing set for a time ("my viva is on June 18", "家长会在下周二", "驾考定在6月20号") or moved to another
("the dentist appointment got pushed to the 21st", "flight moved to June 27 now", "面试改到下周五了",
"把婚礼推到明年五月了").

A thing set for a time (a verb of being on / set for it, or 定在 / 约在 / 在 with the time as the predicate) is a plan
(`plans:<domain>`) dated by it; a weekday said in the present ("the class is on Thursday") is the coming one.

A thing moved: the clause names the thing (the noun phrase before a verb of moving it, or after 把 / 将) and the time it now has
(said right after the verb's "to" / 到). It becomes a plan (`plans:<domain>`, tagged `rescheduled`) whose object is
the thing and whose valid time is the new time; governance ties it to the plan said before that shares the thing's content words
(`plans.called_off`), so the plan's next version is the new time and the old one is superseded. A thing never said
before is kept as the plan it now is. Pure: a message's text and its sentences' times in, candidates out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from mirror_pipeline.core.extraction.candidate import from_evidence
from mirror_pipeline.core.extraction.disclosure import EXTRACTOR
from mirror_pipeline.core.extraction.disclosure import _domain as domain_of
from mirror_pipeline.core.extraction.sensitivity import of_clause as sensitivity_of
from mirror_pipeline.core.model import Evidence, MemoryCandidate, MemoryType, Sensitivity, TimePrecision
from mirror_pipeline.core.plans import RESCHEDULED
from mirror_pipeline.core.text import sentences
from mirror_pipeline.core.timeexpr import TimeMention, as_absolute
from mirror_pipeline.core.values import weekday_only

# the verb of moving a thing in time, and its "to"
# (the bare verb too, as a second language or a creole says it: "start date change to May 5")
_EN_MOVED = (
    r"(?:(?:mov(?:e|ed)|push(?:ed)?)(?:\s+(?:back|out|forward|up))?|postponed?|rescheduled?|br(?:ing|ought)\s+forward|"
    r"shift(?:ed)?|delay(?:ed)?|change[d]?|put\s+back|bump(?:ed)?(?:\s+(?:up|back))?)"
)
_EN_RESCHEDULE = re.compile(
    r"(?i)(?:^|(?<=[\s,;:(]))(?:(?:my|the|our|his|her|their)\s+)?"
    r"(?P<thing>[a-z][a-z'’\-]*(?:\s+[a-z][a-z'’\-]*){0,3}?)"
    r"(?:'s|’s)?\s+"
    r"(?:(?:has|have|had)\s+been\s+|(?:got|was|were|is|are|'s|been|gets?)\s+)?"
    rf"(?P<verb>{_EN_MOVED})\s+(?:again\s+)?(?:to|till|until|back\s+to)\s+(?:(?:the|de|da)\s+)?$"
)
# the active voice: "they pushed the supervisor thing to February", "we moved the party to Sunday", "I rescheduled
# my appointment to Friday" (a person does the moving; the thing follows the verb)
_EN_RESCHEDULE_ACTIVE = re.compile(
    r"(?i)\b(?:I|we|they|he|she|[A-Z][a-z]+|the\s+[a-z]+)\s+(?:have\s+|had\s+|just\s+|finally\s+)?"
    rf"(?P<verb>{_EN_MOVED})\s+(?:my|the|our|his|her|their)\s+"
    r"(?P<thing>[a-z][a-z'’\-]*(?:\s+[a-z][a-z'’\-]*){0,3}?)\s+(?:again\s+)?(?:to|till|until|back\s+to)\s+"
    r"(?:(?:the|de|da)\s+)?$"
)
_EN_NOT_A_THING = frozenset(
    "i we you he she they it this that which what who everything something nothing someone everyone".split()
)
_EN_LEAD_WORDS = re.compile(r"(?i)^(?:(?:update|so|and|but|btw|ok|okay|oh|also|well|actually|now|ugh)\b[\s:,!]*)+")
_ZH_MOVED = r"(?:改期到|改到|改成|改在|推迟到|推迟至|推后到|推到|延期到|延后到|延迟到|延到|延至|提前到|挪到|调到|换到)"
_ZH_RESCHEDULE = re.compile(
    r"(?:(?:把|将)(?P<held>[\u4e00-\u9fffA-Za-z]{1,10}?)(?:的(?:时间|日子|日期))?(?:又|也|已经)?|"
    r"(?P<thing>[\u4e00-\u9fffA-Za-z]{1,10}?)(?:的)?(?:时间|日子|日期)?(?:又|也|已经|被)?)"
    + f"(?P<verb>{_ZH_MOVED})"
    + r"了?$"
)
# a Chinese "thing" that is who moved it or who told of it: a person's word, a pronoun, a verb of telling
_ZH_NO_THING = re.compile(
    r"(?:[生师导板长们妈爸婆公哥姐弟妹伊他她它说讲呾来]|人家|医院|公司|单位|学校|通知|短信|电话)$"
)
# a thing given a time earlier in the sentence: "考试日期本来是十一月十五", "家婆复查无是月尾" (its name, then its time)
_ZH_TIMED_TOPIC = re.compile(
    r"(?P<topic>[\u4e00-\u9fff]{2,4}?)(?:的)?(?:日期|时间|日子)?(?:本来|原来|原本|原先)?(?:是|定在|定的|安排在|无是|不是)"
)
# the writer before the thing: "我们的面试", "我的复查" (cut to the thing)
_ZH_SELF = re.compile(r"^(?:我们|我|咱们|咱)?的?")
# a thing set for a time: "the viva is on June 18", "parents' evening is on Wednesday", "my flight leaves on June 9"
_EN_SET = re.compile(
    r"(?i)(?:^|(?<=[\s,;:(]))(?:(?:my|the|our|de)\s+)?"
    r"(?P<thing>[a-z][a-z'’\-]*(?:\s+[a-z][a-z'’\-]*){0,3}?)(?:'s|’s)?\s+"
    r"(?P<verb>(?:is|are|'s)\s+(?:(?:set|booked|scheduled|fixed|planned)\s+)?(?:for|on)|"
    # where it is, then when: "the interview is in scarborough on the 19th"
    r"(?:is|are|'s)\s+(?:in|at)\s+(?P<where>[a-z][a-z'’\-]*(?:\s+[a-z][a-z'’\-]*){0,2}?)\s+(?:on|for)|"
    r"(?:leaves|starts|begins|opens|departs)(?:\s+on)?)\s+(?:(?:the|de|da)\s+)?$"
)
# a headline with no verb, its thing opening the sentence: "interview on de 19th in scarborough", "flight to
# lagos on 5 january" (what follows the time names no verb: where it is, at most)
_EN_SET_BARE = re.compile(
    # (a first word in -ing is a verb unless a determiner makes it a noun: "flying to lisbon on oct 12" is the
    # writer's act, "my wedding on saturday" a thing)
    r"(?i)^(?:(?:my|the|our|de)\s+(?=[a-z])|(?![a-z]+ing\b))"
    r"(?P<thing>[a-z][a-z'’\-]*(?:\s+[a-z][a-z'’\-]*){0,2}?)\s+(?P<verb>on|for)\s+(?:(?:the|de|da)\s+)?$"
)
_EN_BARE_AFTER = re.compile(
    r"(?i)^\s*(?:(?:in|at)\s+(?P<where>[a-z][a-z'’\-]*(?:\s+[a-z][a-z'’\-]*){0,2}))?\s*[.!,;]*\s*$"
)
_ZH_SET = re.compile(
    r"(?P<thing>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:的(?:时间|日子|日期))?(?:也|就|还是)?(?P<verb>定在|约在|约的|安排在|订在|排在|定于|在)了?$"
)
# what tells of the thing, before it: "医生说手术定在", "主任通知考试在" (the thing is after it)
_ZH_TOLD = re.compile(r".*(?:说|讲|呾|通知|告诉|知道|觉得|听|是|跟|和)")
_EN_TIME_ON = re.compile(r"(?i)(?:on|for)\s+(?:(?:the|de|da)\s+)?")
_EN_TIME_LEAD = re.compile(r"(?i)(?:to|till|until)\s+(?:(?:the|de|da)\s+)?(?=\d)")
_QUESTION = re.compile(r"[?？]\s*$|^\s*(?:is|are|was|did|do|does|has|have|can|will)\b|吗|么\s*$", re.IGNORECASE)


def read(
    evidence: Evidence,
    text: str,
    times_of: Callable[[str], list[TimeMention]],
    version: str,
    said_at: datetime | None = None,
) -> list[MemoryCandidate]:
    """Every planned thing the message sets for a time or moves to one, one candidate each (`times_of`: a sentence's
    times)."""
    out = []
    for s_start, s_end in sentences(text):
        sentence = text[s_start:s_end]
        if _QUESTION.search(sentence):
            continue
        for t in times_of(sentence):
            if t.start is None or t.anchor:
                continue
            lead = _EN_TIME_LEAD.match(sentence, t.span[0])
            # the time's words may hold its preposition: "to the 21st", "on Thursday"
            lead = lead or _EN_TIME_ON.match(sentence, t.span[0])
            before = sentence[: lead.end() if lead else t.span[0]]
            found = _moved(before)
            tags: tuple[str, ...] = ("goal", RESCHEDULED)
            if found is None:
                found, tags = _set(before, sentence[t.span[1] :]), ("goal",)
                t = _coming(t, said_at)
            if found is None or t is None:
                continue
            thing, verb, begin, zh = found
            out.append(_candidate(evidence, sentence, s_start, begin, thing, verb, t, zh, version, tags))
    return out


def _set(before: str, after: str) -> tuple[str, str, int, bool] | None:
    """(the thing, the verb, where its clause begins, Chinese?) when `before` ends on a thing set for the time said
    next (in Chinese a bare 在 only with the time as the predicate: "家长会在下周二。", not "琪琪在周五考试")."""
    if m := _ZH_SET.search(before[-16:]):
        offset = max(0, len(before) - 16)
        thing = _ZH_SELF.sub("", _ZH_TOLD.sub("", m["thing"]))
        if m["verb"] == "在" and not (re.match(r"\s*(?:[，,。.!！;；]|$)", after) and _opens(before, offset + m.start())):
            # a bare 在 with the time as the predicate, of a thing that opens the sentence or is the writer's:
            # "家长会在下周二。", not "琪琪在周五考试", "于航初试成绩出来了，复试在四月份"
            return None
        if len(thing) >= 2 and not _ZH_NO_THING.search(thing) and not thing.startswith(("车", "东西", "位置")):
            # (its clause begins at the writer's 我的 before it: no other reader reads "我的驾照考试约在了…" again)
            return thing, m["verb"], offset + m.end("thing") - len(_ZH_TOLD.sub("", m["thing"])), True
        return None
    clause = re.split(r"[.;!?]\s|,\s(?=[a-z])", before)[-1]
    start = len(before) - len(clause)
    if told := _EN_START.search(clause):
        # a start the person is told of: "de manager say dey want me to start from feb" (a plan of theirs)
        return "start", " ".join(told["from"].lower().split()) if told["from"] else "on", start + told.start(), False
    m = _EN_SET.search(clause)
    bare = _EN_BARE_AFTER.match(re.split(r"[.;!?](?:\s|$)", after)[0]) if m is None else None
    if bare is not None:
        m = _EN_SET_BARE.match(clause)
    if m is None:
        return None
    thing = _EN_LEAD_WORDS.sub("", m["thing"]).strip()
    if not thing or thing.split()[0].lower() in _EN_NOT_A_THING or _EN_VERB_THING.search(thing):
        return None
    verb = " ".join(m["verb"].lower().split())
    where = m.groupdict().get("where") or (bare["where"] if bare is not None else None)
    if where:
        verb = f"is in {where.lower()} on"  # (where it is kept: a correction of the place finds it)
    elif verb in ("on", "for"):
        verb = f"is {verb}"
    return thing, verb, start + m.start(), False


# a start someone wants or asks of the person, its time next: "they want me to start from feb", "asked me to start on
# the 5th" (whoever asks, the start is the person's)
_EN_START = re.compile(
    r"(?i)\b(?:want|wants|wanted|need|needs|needed|ask|asks|asked|told|tell|tells|expect|expects)\s+(?:me|us)\s+to\s+"
    r"start(?:\s+work)?\s+(?:(?P<from>from|on|in)\s+)?(?:(?:the|de|da)\s+)?$"
)
# a "thing" that holds a verb, or a subject: not a planned thing ("we went", "i go")
_EN_VERB_THING = re.compile(r"(?i)\b(?:i|we|you|he|she|they|went|go|goes|going|was|were|is|are|had|have|did)\b")


def _opens(before: str, at: int) -> bool:
    return not before[:at].strip() or bool(re.search(r"(?:我|我们)的?$", before[:at]))


def _coming(t: TimeMention, said_at: datetime | None) -> TimeMention | None:
    """The time a thing is set for: a weekday said with no date ("on Thursday") is the coming one; a time already
    past is no plan (None)."""
    if said_at is None or t.start is None:
        return t
    today = said_at.date()
    if t.start < today and t.precision is TimePrecision.DAY and t.end == t.start and weekday_only(t.expression):
        ahead = t.start + timedelta(days=7 * -(-(today - t.start).days // 7))
        return replace(t, start=ahead, end=ahead)
    return None if (t.end or t.start) < today else t


def _moved(before: str) -> tuple[str, str, int, bool] | None:
    """(the thing, the verb, where its clause begins, Chinese?) when `before` ends on a verb of moving a thing in
    time."""
    if m := _ZH_RESCHEDULE.search(before[-24:]):
        offset = max(0, len(before) - 24)
        thing = _ZH_SELF.sub("", m["held"] or m["thing"])
        if _ZH_NO_THING.search(thing):
            # "医生改到三月廿号", "短信来呾改到十一月廿九": who moved it, or who told of it: the thing is the one the
            # sentence gave a time before ("考试日期本来是十一月十五")
            earlier = list(_ZH_TIMED_TOPIC.finditer(before, 0, offset + m.start()))
            if not earlier:
                return None
            thing = earlier[-1]["topic"]
        if len(thing) >= 2 and not thing.startswith(("车", "东西", "位置")):
            return thing, m["verb"], offset + m.start(), True
        return None
    clause = re.split(r"[.;!?]\s|,\s(?=[a-z])", before)[-1]
    start = len(before) - len(clause)
    m = _EN_RESCHEDULE_ACTIVE.search(clause) or _EN_RESCHEDULE.search(clause)
    if m is None:
        return None
    thing = _EN_LEAD_WORDS.sub("", m["thing"]).strip()
    if not thing or thing.split()[0].lower() in _EN_NOT_A_THING:
        return None
    first, *rest = m["verb"].lower().split()
    return thing, " ".join(["was", _EN_PAST.get(first, first), *rest]), start + m.start(), False


# a bare verb of moving as its past participle ("change" -> "changed", "bring forward" -> "brought forward")
_EN_PAST = {"move": "moved", "push": "pushed", "postpone": "postponed", "reschedule": "rescheduled"}
_EN_PAST |= {"bring": "brought", "shift": "shifted", "delay": "delayed", "change": "changed", "bump": "bumped"}


def _candidate(
    evidence: Evidence,
    sentence: str,
    s_start: int,
    begin: int,
    thing: str,
    verb: str,
    t: TimeMention,
    zh: bool,
    version: str,
    tags: tuple[str, ...] = ("goal", RESCHEDULED),
) -> MemoryCandidate:
    said = sentence[t.span[0] : t.span[1]]
    when = as_absolute(said, t)  # (a time said absolutely stays as said)
    # the person's own verb: "用户的面试推到了2027年3月15日", "The user's dentist appointment was pushed to 2026-12-21"
    if RESCHEDULED in tags:
        content = f"用户的{thing}{verb}了{when}" if zh else f"The user's {thing} {verb} to {when}"
    elif thing == "start" and not zh:
        # (a start told of: "they want me to start from feb"; the time's own "from" said once)
        content = f"The user is to start {'from' if said.lower().startswith('from') else verb} {when}"
    else:
        content = f"用户的{thing}{verb}{when}" if zh else f"The user's {thing} {verb} {when}"
    span = (s_start + begin, s_start + t.span[1])
    domain = domain_of(thing, zh)  # the thing's own words (not "moved", which is a home's)
    return from_evidence(
        evidence,
        key=("rescheduled",) if RESCHEDULED in tags else ("set",),
        memory_type=MemoryType.FACT,
        subject="user",
        predicate=f"plans:{domain.name if domain is not None and domain.name != 'vetoed' else 'life'}",
        object=thing,
        content_text=content,
        confidence=0.8,
        importance=0.6,
        sensitivity=sensitivity_of(sentence, Sensitivity.LOW),
        span=span,
        extractor=EXTRACTOR,
        extractor_version=version,
        valid_time_start=t.start_iso,
        valid_time_end=t.end_iso,
        time_precision=t.precision,
        time_expression=t.expression,
        tags=tags,
    )
