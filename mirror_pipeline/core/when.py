"""A memory's time in words, for the person and for an agent, in the memory's own language.

What a memory is decides how its valid time reads: a plan is planned for its interval and was said on a day ("planned
for 2027-03 – 2027-05, said on 2026-03-02"), a past event happened then or "before 2026-03-02" (said that day, no
time of its own), a state holds "since 2024-05", a state that ended held "until 2026-03-02" or over the range said,
a habit recurs (since when it started, if said). Never "since" for a plan, never a day for an undated event. Pure:
rows in (a served memory, a timeline event, a context item), text out."""

from __future__ import annotations

import re
from typing import Any

from mirror_pipeline.core.model import TimePrecision

PLAN, HABIT, PAST_STATE, EVENT, STATE = "plan", "habit", "past_state", "event", "state"
PLAN_PREDICATES = frozenset({"plans_to", "goal", "wants_to"})
_CJK = re.compile(r"[\u4e00-\u9fff]")

WORDS = {
    "en": {
        PLAN: "planned for {span}",
        PLAN + ":none": "a plan",
        HABIT: "a habit since {span}",
        HABIT + ":none": "a habit",
        PAST_STATE: "{span}, no longer",
        PAST_STATE + ":before": "before {end}, no longer",
        EVENT: "{span}",
        EVENT + ":before": "before {end}",
        STATE: "since {span}",
        STATE + ":range": "{span}",
        "said": "said on {day}",
    },
    "zh": {
        PLAN: "计划于 {span}",
        PLAN + ":none": "计划",
        HABIT: "{span} 起的习惯",
        HABIT + ":none": "习惯",
        PAST_STATE: "{span}，现已不再",
        PAST_STATE + ":before": "{end} 之前，现已不再",
        EVENT: "{span}",
        EVENT + ":before": "{end} 之前",
        STATE: "自 {span} 起",
        STATE + ":range": "{span}",
        "said": "{day} 说的",
    },
}


def kind(row: dict[str, Any]) -> str:
    """What a memory is, for its time: plan, habit, past_state, event or state (from its predicate and type)."""
    predicate = str(row.get("predicate") or "")
    head = predicate.split(":", 1)[0]
    if head == "plans" or predicate in PLAN_PREDICATES or "goal" in (row.get("tags") or ()):
        return PLAN
    if head == "habit":
        return HABIT
    if head == "past" or "past_state" in (row.get("tags") or ()):
        return PAST_STATE
    if row.get("memory_type") in ("event", "emotion"):
        return EVENT
    return STATE


def _point(day: str, precision: str | None) -> str:
    if precision == TimePrecision.YEAR:
        return day[:4]
    if precision in (TimePrecision.MONTH, TimePrecision.SEASON):
        return day[:7]
    return day


def span(start: str | None, end: str | None, precision: str | None) -> str:
    """An interval to the precision it was said: "2026-03-06", "2026-04", "2027", "2027-03 – 2027-05",
    "~2026-02-13 – 2026-02-19" (rough), "2017 – 2020"."""
    if not start:
        return end or ""
    if not end or end == start:
        return _point(start, precision)
    a, b = _point(start, precision), _point(end, precision)
    if a == b:
        return a  # "2026-04-01 – 2026-04-30" said as a month is "2026-04"
    return f"~{a} – {b}" if precision == TimePrecision.ROUGH else f"{a} – {b}"


def render(row: dict[str, Any], said_on: str | None = None, lang: str | None = None) -> str:
    """The memory's time as a short parenthesis (leading space), or "" when there is nothing to say: its valid time
    read by what it is, the words it was said with («明年春天»), and the day it was said when a plan or an undated
    memory needs it. `lang`: "zh" or "en" (default: the memory's own text)."""
    if lang not in WORDS:
        lang = "zh" if _CJK.search(str(row.get("text") or row.get("content_text") or "")) else "en"
    words = WORDS[lang]
    what = kind(row)
    start, end = row.get("valid_time_start"), row.get("valid_time_end")
    precision = row.get("time_precision")
    parts: list[str] = []
    if what == PLAN:
        parts.append(words[PLAN].format(span=span(start, end, precision)) if start else words[PLAN + ":none"])
    elif what == HABIT:
        parts.append(words[HABIT].format(span=_point(start, precision)) if start else words[HABIT + ":none"])
    elif not start and end:
        key = PAST_STATE if what == PAST_STATE else EVENT
        parts.append(words[key + ":before"].format(end=end))  # undated: it held or happened by the day it was said
    elif start and what == PAST_STATE:
        parts.append(words[PAST_STATE].format(span=span(start, end, precision)))
    elif start and what == EVENT:
        parts.append(words[EVENT].format(span=span(start, end, precision)))
    elif start:
        key = STATE + ":range" if end else STATE
        parts.append(words[key].format(span=span(start, end, precision) if end else _point(start, precision)))
    if not parts:
        return ""
    said = str(row.get("time_expression") or "")
    # the words it was said with, when they are in the language the line is read in (a Chinese memory one with an
    # English account, "用户住在大阪 (自 2026-10-19 起「last week」)", shows its day alone)
    if said and (lang == "zh") == bool(_CJK.search(said)):
        parts[-1] += f"「{said}」" if lang == "zh" else f" «{said}»"
    if said_on and what == PLAN:
        parts.append(words["said"].format(day=said_on))  # when it was planned: a plan may be old
    return f" ({('，' if lang == 'zh' else ', ').join(parts)})"


def as_said(row: dict) -> str:
    """A date to the precision it was said ("2016", "2021-06", "~2021-05"), or when it was said, if nothing else."""
    start, precision = row.get("valid_time_start"), row.get("time_precision")
    if not start:
        mentioned = row.get("sort_time")
        return f"said {mentioned}" if mentioned else "?"
    if precision == TimePrecision.YEAR:
        return start[:4]
    if precision == TimePrecision.MONTH:
        return start[:7]
    if precision in (TimePrecision.SEASON, TimePrecision.ROUGH):
        return f"~{start[:7]}"
    return start
