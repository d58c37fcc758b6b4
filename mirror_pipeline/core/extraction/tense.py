"""Tense and aspect once a clause's own times are known: what the clause is (a past event, a state that still
holds, a state that no longer holds, a plan, a habit) and the valid time that follows from it.

The aspect a clause's words cue (`aspects.py`) is settled here by its time: a state or an event said with a duration
still true ("for two years", "五年了", "since January") is a state from then, open; a state said of a day still ahead
is a plan; a clause without a past marker said of a time already over happened then ("我9月2号晚上飞回杭州" read on
the 5th, "去年春天我们去京都看樱花"), unless it says where or what the person was ("2019年我在北京工作") or gives a
range: then it held then and says nothing of now. Pure."""

from __future__ import annotations

import re
from datetime import date

from mirror_pipeline.core.extraction.aspects import ASPECTS, TimePolicy
from mirror_pipeline.core.extraction.clauses import zh_after_lead
from mirror_pipeline.core.model import TimePrecision
from mirror_pipeline.core.timeexpr import Tense, TimeMention, clause_tense

EVENT, STATE, PAST, PLANS, HABIT = "event", "state", "past", "plans", "habit"

# "I have been learning the cello", "I've been on a blood thinner", "we've been living together": a state that holds
_EN_PERFECT_PROGRESSIVE = re.compile(
    r"(?i)\b(?:have|'ve|has|'s) been (?:\w+ing|on|in|with|at|into|together|married|sober|clean)\b"
)
# a Chinese clause that says it is done (a perfective 了 / 过, 已经): what happened, whatever day it names
# (not 过 closing a clause after 来 / 去, said of a day ahead: "接到新屋来过" is to come and spend it, 过年 elided)
_ZH_DONE = re.compile(r"了|(?<![来去])过(?!年|节)|(?<=[来去])过(?![。！!~…\s，,]*$)|已经|已")
# 是…的 dates a past event ("我们是2022年春节前认识的", "我是2022年春节后离开A公司的"), whatever its span's precision
_ZH_SHI_DE = re.compile(r"是.{1,30}的\W*$")


def settle(name: str, body: str, zh: bool, own: TimeMention | None, said: date | None) -> str:
    """The aspect's name once the clause's own time (`own`, the first it says of itself) is read."""
    if name in (EVENT, STATE) and (
        (own is not None and own.ongoing) or (not zh and _EN_PERFECT_PROGRESSIVE.search(body))
    ):
        return STATE  # "学钢琴学了五年了", "I have been learning the cello for two years": holds from then
    if name == STATE and zh and _ZH_SHI_DE.search(body):
        return EVENT
    ahead = own is not None and own.start is not None and said is not None and own.start > said
    if name in (EVENT, PAST) and ahead and not done(body, zh):
        # "一月开始带merchant app的团队" said in November, "I get my cast off on Friday": ahead (and no state that
        # ended: "下个月搬家，把猫也带过去" says 过去 of the going)
        return PLANS
    if (
        name in (EVENT, STATE)
        and own is not None
        and own.start is not None
        and own.end is not None
        and said is not None
        and own.start <= said <= own.end
        and not own.ongoing
        and not own.closed_range
        and clause_tense(body) is Tense.AHEAD
        and not done(body, zh)
    ):
        # the time one is in, said of what is still ahead: "I'm moving to Leeds in november" said on 11-03,
        # "我这个月要搬到成都": a plan of this month, not a state since its first day
        return PLANS
    if name != STATE or own is None or own.start is None or said is None:
        return name
    if own.start > said:
        return PLANS  # "我9月2号晚上飞回杭州" said before the 2nd: a plan, not a fact since that day
    if own.end is not None and own.end < said:
        if own.closed_range or _stative(body, zh):
            return PAST  # "2019年我在北京工作", "2016年到2019年在武汉读研": what held then
        return EVENT  # the same trip said after the 2nd, "去年春天我们去京都看樱花": it happened then
    return name


def done(body: str, zh: bool) -> bool:
    """The clause, of a day still ahead, says it is done: 了 / 过 / 已经 in Chinese, a past verb in English ("I quit my
    job on the 8th"). A 了 closing the clause after its verb says a change is coming, not done ("我下周开始在新公司
    上班了"), unless a result is said with it ("下周的票买好了")."""
    if not zh:
        return clause_tense(body) is Tense.PAST
    body = _ZH_SET_LE.sub("", body)  # (the 了 of setting it at a day is the setting's: "考试约在了一月八号")
    return bool(_ZH_DONE.search(_ZH_CHANGE_LE.sub("", body) if _ZH_AHEAD_WORD.search(body) else body))


_ZH_SET_LE = re.compile(r"(?<=[订约定排]在)了")


# 了 closing a clause, not after a result complement (好 / 完 / 掉 / 到 / 成): the change to come, not a thing done,
# when the clause itself says the time ahead (下周, 明天, 下个月; "我爸住院了我明天请假回去": 住院了 is done)
_ZH_CHANGE_LE = re.compile(r"(?<![好完掉到成])了(?=[。！!~…\s]*$)")
_ZH_AHEAD_WORD = re.compile(r"下(?:周|礼拜|星期|个?月|半年)|明(?:天|年|早|晚)|后天|过(?:几|两)天|马上|就要|快要")


def ahead_of_mention(clause: str, zh: bool, time: TimeMention | None, said: date | None) -> bool:
    """An event said of a day still ahead, its clause not saying it is done ("我8号入职新公司" on the 26th): a plan,
    never a join dated in the future."""
    if time is None or time.start is None or said is None or time.start <= said:
        return False
    return not done(clause, zh)


# a clause that says where or what the person was (在 / 住 / 是 / 有, "was", "lived"), not what they did
_ZH_STATIVE = re.compile(r"^(?:我们|我)?(?:还|也|都|一直|就)?(?:在|住|是|有|当|待|呆)")
_EN_STATIVE = re.compile(r"(?i)\b(?:was|were|lived|worked|stayed|had been)\b")


def _stative(body: str, zh: bool) -> bool:
    if not zh:
        return bool(_EN_STATIVE.search(body))
    rest = zh_after_lead(body).removeprefix("我们").removeprefix("我")  # "2019年我在北京工作" -> "在北京工作"
    return bool(_ZH_STATIVE.match(zh_after_lead(rest)))


# a feeling said to have lasted up to the telling, since when unsaid: "so homesick lately", "lonely since moving
# here", "for weeks now", 最近老是睡不着, 这阵子, 这段时间
LASTING_FEELING = re.compile(
    # (or a state one is fed up with, which has lasted by its nature: "sick of this job", "still gutted")
    r"(?i)\b(?:lately|recently|these days|since\b|for (?:weeks|months|ages|a while|days)|all (?:week|month)\b|"
    r"sick (?:and tired |to death )?of|tired of|fed up|still)"
    r"|最近|这阵子|这段时间|这些天|这段日子|近来|一直|老是"
    # (fed up with a thing, a grudge not let go, a feeling still there: "烦透了这份工作", "受够了", "还是气不过")
    r"|受够了|厌倦|烦透了(?=[\u4e00-\u9fff])|气不过|还在(?:生气|难过|伤心|郁闷|气)|仍然|依然"
)


# a feeling that looks ahead, said now ("dreading monday", "nervous for the test"; not "was dreading it"): the time
# said in it is that of what it looks ahead to
_LOOKING_AHEAD = re.compile(
    r"(?i)^(?!.*\b(?:was|were|felt|had been)\b).*\b(?:dreading|(?:nervous|buzzing|excited|anxious|scared|stressed) for)\b"
)


def felt_then(own: TimeMention | None, said: date | None, clause: str = "") -> TimeMention | None:
    """A feeling's own time, unless it lies ahead of the telling or the feeling looks ahead to it: "buzzing for
    saturday", "nervous for my test tomorrow", "dreading monday", 想到下周要答辩就紧张 are felt when said, and the
    time is that of what they look ahead to."""
    if own is None or said is None:
        return own
    if (own.start is not None and own.start > said) or _LOOKING_AHEAD.search(clause):
        return None
    return own


def interval(
    policy: TimePolicy, own: TimeMention | None, said: date | None, lasting: bool = False
) -> tuple[str | None, str | None, TimePrecision, str | None, tuple[str, ...]]:
    """(start, end, precision, expression, tags) of a clause's valid time under its aspect's `policy`; `lasting`: a
    feeling said to have lasted up to the telling (`LASTING_FEELING`), whose start is unsaid."""
    if own is not None and policy is TimePolicy.RECURRING and not own.ongoing:
        own = None  # "every Sunday", "on Thursday nights": when it recurs, not since when it holds
    # a thing done has no "till" ahead of its telling: in "bought a Vezel, COE till 2029" the end is the car's
    if own is not None and policy is TimePolicy.SAID_ELSE_BEFORE_MENTION and own.start is None:
        own = None if said is not None and own.end is not None and own.end > said else own
    if policy is TimePolicy.SAID_ELSE_MENTION_DAY:
        own = felt_then(own, said)
    if own is not None:
        if policy is TimePolicy.SAID_ELSE_MENTION_DAY and said is not None and own.end is not None and own.end > said:
            return own.start_iso, said.isoformat(), own.precision, own.expression, ()  # "all week": up to now
        if policy is TimePolicy.SAID_ELSE_NONE or policy is TimePolicy.RECURRING:
            end = own.end_iso if own.closed_range else None  # a state holds from then on (unless it said till when)
        else:
            end = own.end_iso  # an event, a feeling, a plan, a state that ended: the interval said
        return own.start_iso, end, own.precision, own.expression, ()
    if said is None:
        return None, None, TimePrecision.UNKNOWN, None, ()
    day = said.isoformat()
    if policy is TimePolicy.SAID_ELSE_MENTION_DAY:
        return (None, day, TimePrecision.UNKNOWN, None, ()) if lasting else (day, day, TimePrecision.DAY, None, ())
    if policy in (TimePolicy.SAID_ELSE_BEFORE_MENTION, TimePolicy.ENDED):
        return None, day, TimePrecision.UNKNOWN, None, ("before_mention",)  # by the day it was said
    return None, None, TimePrecision.UNKNOWN, None, ()


_PAST_ASPECT = next(a for a in ASPECTS if a.name == PAST)
# a state said in the simple past ("I lived in Nairobi", "worked at a bakery"): it held then, not now
_EN_SIMPLE_PAST_STATE = re.compile(r"(?i)\b(?:lived|worked|stayed)\b")
_EN_STILL = re.compile(r"(?i)\b(?:have|'ve|has|still|now|currently)\b")


def ended(text: str, zh: bool, time: TimeMention | None) -> bool:
    """A fact read by a pattern that says a state no longer holds: "I used to live in Leeds", "我以前在银行上班",
    "I lived in Nairobi as a kid" (not "I've lived in Tokyo for five years", which holds through the mention)."""
    if time is not None and (time.ongoing or (time.closed_range and time.start is not None)):
        return False  # a duration still true holds; a range said carries its own end ("until 2019" does not say)
    cue = _PAST_ASPECT.zh if zh else _PAST_ASPECT.en
    if cue is not None and cue.search(text):
        return True
    return not zh and bool(_EN_SIMPLE_PAST_STATE.search(text)) and not _EN_STILL.search(text)


# what a pattern's attribute reads as once it no longer holds (the predicate becomes `past:<predicate>`, a value of
# the past beside the current one, never a new version of where the person lives now)
PAST_CONTENT = {
    "lives_in": ("The user used to live in {obj}", "用户以前住在{obj}"),
    "works_at": ("The user used to work at {obj}", "用户以前在{obj}工作"),
    "has_role": ("The user used to be a {obj}", "用户以前是{obj}"),
}


def past_fact(predicate: str, obj: str, content: str, zh: bool) -> tuple[str, str]:
    """(predicate, content) of a pattern's fact that ended: "I lived in Nairobi as a kid" -> past:lives_in,
    "The user used to live in Nairobi" (so it never supersedes where the person lives now)."""
    template = PAST_CONTENT.get(predicate)
    if template is not None:
        content = template[1 if zh else 0].format(obj=obj)
    return f"past:{predicate}", content
