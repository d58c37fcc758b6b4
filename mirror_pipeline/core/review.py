"""The periodic reviews (section 12.3) as Markdown documents, in the person's language.

- daily: the new candidates in one short digest (low-cost intake);
- weekly: open conflicts, memories waiting for confirmation, timeline gaps, current goals;
- monthly: the life timeline, relationship changes, preference drift, archive proposals.

Every line that carries a memory's words also carries its id (`mem_...`) and its evidence ids: forgetting removes
a document's lines by id, so a review never keeps a copy of what the person asked to forget.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mirror_pipeline.core.timeexpr import describe

Row = dict[str, Any]

TEXTS = {
    "daily": {"zh": "# 每日整理，{d}", "en": "# Daily review, {d}"},
    "weekly": {"zh": "# 每周复核，{d} 这一周", "en": "# Weekly review, week of {d}"},
    "monthly": {"zh": "# 每月回顾，{d}", "en": "# Monthly review, {d}"},
    "new_evidence": {"zh": "- 过去一天新读到的记录：{n} 条", "en": "- new evidence in the last day: {n}"},
    "new_candidates": {
        "zh": "- 过去一天新提出的候选记忆：{n} 条",
        "en": "- new candidate memories in the last day: {n}",
    },
    "secrets": {
        "zh": "- 等你确认的秘密引用：{n} 个（见 `mirror secrets`）",
        "en": "- secret references waiting for you: {n} (see `mirror secrets`)",
    },
    "digest": {"zh": "## 新记下的", "en": "## Newly noted"},
    "refused": {"zh": "## 读不了的文件", "en": "## Files that could not be read"},
    "conflicts": {"zh": "## 需要你澄清的冲突", "en": "## Conflicts to settle"},
    "pending": {"zh": "## 等你确认的长期记忆", "en": "## Long-term memories waiting for your confirmation"},
    "nothing": {"zh": "- 没有", "en": "- nothing"},
    "gaps": {"zh": "## 时间线缺口（说了发生，没说何时）", "en": "## Timeline gaps (said to happen, not when)"},
    "goals": {"zh": "## 当前目标", "en": "## Current goals"},
    "timeline": {"zh": "## 人生时间线", "en": "## Your timeline"},
    "relations": {"zh": "## 关系变化", "en": "## Relationship changes"},
    "drift": {"zh": "## 偏好变化", "en": "## Preference drift"},
    "archive": {
        "zh": "## 建议归档（很久没有提到，也没有被用到）",
        "en": "## Proposed for archiving (not mentioned or used for a long time)",
    },
    "more": {"zh": "- 还有 {n} 个问题，下次再问", "en": "- {n} more question(s) next time"},
    "insights": {
        "zh": "## 这几周的推断（由记录归纳，不是你的原话；下次运行后在 `mirror review` 里等你确认）",
        "en": "## What these weeks suggest (inferred from your records, not your words; `mirror review` asks after the "
        "next run)",
    },
    "archive_how": {
        "zh": "（回答：`mirror archive ID` 归档，`mirror keep ID` 保留，或在 `mirror review` 里逐条回答）",
        "en": "(answer with `mirror archive ID` or `mirror keep ID`, or one by one in `mirror review`)",
    },
}


_PRIORITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}


def in_asking_order(issues: Sequence[Row]) -> list[Row]:
    """Open questions most pressing first: priority, then impact, then id. The one order `mirror issues` lists and
    `mirror review` asks them in (REVIEW-16 #13)."""
    return sorted(
        issues, key=lambda i: (_PRIORITY_RANK.get(i["priority"], 9), -(i.get("impact") or 0.0), i["issue_id"])
    )


def _t(key: str, lang: str, **kw: Any) -> str:
    return TEXTS[key]["zh" if lang == "zh" else "en"].format(**kw)


def _ids(m: Row) -> str:
    evidence = ", ".join((m.get("evidence_ids") or [])[:3])
    return f"`{m['memory_id']}` ({evidence})" if evidence else f"`{m['memory_id']}`"


def _memory_line(m: Row) -> str:
    return f"- {m['content_text']}{describe(m)} [{m['state']}] — {_ids(m)}"


def _issue_line(i: Row) -> str:
    memories = ", ".join(f"`{m}`" for m in i["memory_ids"])
    evidence = ", ".join((i.get("evidence_ids") or [])[:4])
    return f"- ({i['priority']}) {i['question']} — `{i['issue_id']}` {memories} ({evidence})"


def daily(
    day: date,
    new_evidence: int,
    new_candidates: int,
    refused: Sequence[Row],
    secret_refs: int,
    new_memories: Sequence[Row] = (),
    lang: str = "en",
) -> str:
    lines = [
        _t("daily", lang, d=day.isoformat()),
        "",
        _t("new_evidence", lang, n=new_evidence),
        _t("new_candidates", lang, n=new_candidates),
        _t("secrets", lang, n=secret_refs),
    ]
    if new_memories:
        lines += ["", _t("digest", lang), ""] + [_memory_line(m) for m in new_memories[:20]]
    if refused:
        lines += ["", _t("refused", lang)]
        lines += [f"- `{f['file_path']}`: {f['reason']}" for f in refused]
    return "\n".join(lines) + "\n"


def weekly(
    day: date,
    pending: Sequence[Row],
    issues: Sequence[Row],
    memories: Sequence[Row] = (),
    lang: str = "en",
    max_questions: int = 7,
    insights: Sequence[Row] = (),
) -> str:
    """`insights`: this week's reflection (inferred, never confirmed on their own: each waits for the person)."""
    lines = [_t("weekly", lang, d=day.isoformat()), ""]
    conflicts = [i for i in issues if i["issue_type"] not in ("confirmation_needed", "stale_memory")]
    lines += [_t("conflicts", lang), ""]
    lines += [_issue_line(i) for i in conflicts[:max_questions]] or [_t("nothing", lang)]
    if len(conflicts) > max_questions:
        lines.append(_t("more", lang, n=len(conflicts) - max_questions))
    lines += ["", _t("pending", lang), ""]
    lines += [_memory_line(m) for m in pending] or [_t("nothing", lang)]
    gaps = [m for m in memories if m["memory_type"] == "event" and not m.get("valid_time_start")]
    lines += ["", _t("gaps", lang), ""]
    lines += [_memory_line(m) for m in gaps] or [_t("nothing", lang)]
    goals = [m for m in memories if m["predicate"] in ("goal", "plans_to", "wants_to")]
    lines += ["", _t("goals", lang), ""]
    lines += [_memory_line(m) for m in goals] or [_t("nothing", lang)]
    lines += ["", _t("insights", lang), ""]
    lines += [
        f"- {i['content_text']} [inferred] — {_ids({**i, 'evidence_ids': list(i['evidence_ids'])})}" for i in insights
    ] or [_t("nothing", lang)]
    return "\n".join(lines) + "\n"


def archive_proposals(
    memories: Sequence[Row],
    now: datetime,
    archive_after_days: int,
    last_mentioned: dict[str, datetime] | None = None,
    last_used: dict[str, datetime] | None = None,
    last_kept: dict[str, datetime] | None = None,
) -> list[Row]:
    """Memories neither mentioned (in the person's words), confirmed, kept (`mirror keep`) nor used by a task for
    `archive_after_days`: proposed, never archived silently. Events and dated feelings are history, not proposals;
    what is archived already is not proposed again. Each proposal carries `last_seen`, the latest of those times."""
    cutoff = now - timedelta(days=archive_after_days)
    mentioned, used, kept = last_mentioned or {}, last_used or {}, last_kept or {}
    out = []
    for m in memories:
        if m.get("state") == "archived" or m["memory_type"] in ("event", "emotion"):
            continue
        times = [mentioned.get(m["memory_id"]), used.get(m["memory_id"]), kept.get(m["memory_id"])]
        known = [t for t in (*times, m.get("last_confirmed_at")) if t is not None]
        if known and max(known) < cutoff:
            out.append({**m, "last_seen": max(known)})
    return out


ARCHIVE_QUESTION = {
    "zh": (
        "「{text}」很久没有提到，也没有被用到了（上次：{day}）。要归档吗？归档后它不再进入默认上下文，但仍然搜得到。",
        ("归档", "保留"),
    ),
    "en": (
        "“{text}” has not come up or been used since {day}. Archive it? An archived memory leaves the default "
        "context but can still be found by search.",
        ("archive", "keep"),
    ),
}


def archive_question(proposal: Row) -> tuple[str, tuple[str, ...], str]:
    """An archive proposal as a question in the memory's own language: (question, options, language). Option 1
    archives, option 2 keeps."""
    from mirror_pipeline.core.conflicts import language_of, say

    language = language_of(proposal["content_text"])
    lang = str(language)
    seen = proposal.get("last_seen")
    day = seen.date().isoformat() if hasattr(seen, "date") else str(seen or "?")[:10]
    question, options = ARCHIVE_QUESTION[lang]
    text = say(
        proposal["content_text"],
        proposal.get("predicate") or "",
        proposal.get("object") or "",
        str(proposal.get("memory_type") or ""),
        language,
    )  # addressed to the person: "你喜欢喝乌龙茶", "You like jazz"
    return question.format(text=text, day=day), options, lang


ZONE_QUESTION = {
    "zh": (
        "你的时区现在是 {home}，可导入的记录里有 {n} 条写明是在 {zone} 写的{others}。把时区设成 {zone} 吗？{fixed}"
        "没带时区的消息时间（比如微信导出）会按它来读，下次运行会按它重新给每条消息定日期。",
        ("设成 {zone}", "不，保留 {home}", "以后再说"),
    ),
    "en": (
        "This home reads message times in {home}, but {n} of the records you imported say they were written in "
        "{zone}{others}. Set the home's time zone to {zone}?{fixed} Times that carry no zone (a WeChat export) are then "
        "read in it, and the next run dates every message again on that calendar.",
        ("set it to {zone}", "no, keep {home}", "later"),
    ),
}
# how many records must name a zone before the home is asked to take it: an entry or two written on a trip say where
# the person was that day, not where they live
ZONE_EVIDENCE = 3
# the answers to the zone question, by option: set the zone, keep the home's (not asked again), ask another time
ZONE_CHOICES = ("set_timezone", "keep", "later")


def fixed_zone(minutes: int) -> str | None:
    """The IANA name of a whole-hour offset from UTC (+08:00 -> "Etc/GMT-8": the Etc names' sign is POSIX's,
    inverted); None for an offset of part of an hour (India's +05:30), which has no such name."""
    hours, rest = divmod(minutes, 60)
    return None if rest or not -12 <= hours <= 14 else "UTC" if hours == 0 else f"Etc/GMT{-hours:+d}"


def offset_label(zone: str) -> str:
    """A fixed zone as a person reads it ("Etc/GMT-8" -> "UTC+08:00"), any other zone as it is named."""
    m = re.fullmatch(r"Etc/GMT([+-])(\d+)", zone)
    return f"UTC{'-' if m.group(1) == '+' else '+'}{int(m.group(2)):02d}:00" if m else zone


def zones_written(named: dict[str, int], offsets: dict[int, int]) -> dict[str, int]:
    """The zones records were written in: the ones they name (Day One's `timeZone`), and the offsets others carry
    (Telegram's wall clock, an ISO `+08:00`), each counted under a named zone it is the offset of (in winter or in
    summer), else under its fixed zone (`fixed_zone`)."""
    out = dict(named)
    seasons = (datetime(2026, 1, 15), datetime(2026, 7, 15))  # noqa: DTZ001 - a calendar's offsets, not a clock
    held = {z: {ZoneInfo(z).utcoffset(at) for at in seasons} for z in named}
    for minutes, n in offsets.items():
        same = [z for z in named if timedelta(minutes=minutes) in held[z]]
        zone = max(same, key=lambda z: named[z]) if same else fixed_zone(minutes)
        if zone is not None:
            out[zone] = out.get(zone, 0) + n
    return out


def zone_question(
    home_zone: str, written_in: dict[str, int], declined: frozenset[str], lang: str
) -> tuple[str, str, tuple[str, ...]] | None:
    """When the home reads times in a zone it was given by default (UTC) and imports say they were written in
    another (Day One's `timeZone`, in `ZONE_EVIDENCE` records at least): (the zone most of them name, the question,
    its options, `ZONE_CHOICES` in order) in the person's language; None when nothing disagrees or the person kept
    the home's zone for that one.
    The zone is never changed without asking (REVIEW-18 #3)."""
    named = [(n, zone) for zone, n in written_in.items() if zone != home_zone and n > 0]
    if not named:
        return None
    n, zone = max(named)
    if n < ZONE_EVIDENCE or zone in declined:
        return None
    question, options = ZONE_QUESTION["zh" if lang == "zh" else "en"]
    rest = sorted(z for _, z in named if z != zone)
    m = sum(written_in[z] for z in rest)
    others = ""
    if rest:  # a move: the person says which zone is home now
        rest = [offset_label(z) for z in rest]
        others = f"（另有 {m} 条写明是 {'、'.join(rest)}）" if lang == "zh" else f" ({m} name {', '.join(rest)})"
    fixed = ""
    if offset_label(zone) != zone:  # an offset, not a place: its summer time is the person's to name
        fixed = (
            "（这是固定时差，不含夏令时；用 mirror init --timezone 地区名 可设成你所在的地区）"
            if lang == "zh"
            else " (a fixed offset, with no summer time: `mirror init --timezone <your region>` sets your region)"
        )
    said = {"home": home_zone, "zone": offset_label(zone), "n": n, "others": others, "fixed": fixed}
    return zone, question.format(**said), tuple(o.format(**said) for o in options)


def monthly(
    day: date,
    memories: Sequence[Row],
    timeline: Sequence[Row],
    versions: Sequence[Row] = (),
    proposals: Sequence[Row] = (),
    lang: str = "en",
) -> str:
    """`versions` are every version (superseded and archived too): where relations and preferences changed."""
    lines = [_t("monthly", lang, d=day.strftime("%Y-%m")), "", _t("timeline", lang), ""]
    lines += [
        f"- {t['sort_time'] or '?'} ({t['time_precision']}): {t['text']} [{t['state']}] — `{t['id']}`" for t in timeline
    ] or [_t("nothing", lang)]
    changed = {v["memory_id"] for v in versions if v["state"] in ("superseded", "archived", "conflicted")}
    relations = [v for v in versions if v["memory_type"] == "relationship" and v["memory_id"] in changed]
    lines += ["", _t("relations", lang), ""]
    lines += [_memory_line(v) for v in relations] or [_t("nothing", lang)]
    drift = [v for v in versions if v["memory_type"] == "preference" and v["memory_id"] in changed]
    lines += ["", _t("drift", lang), ""]
    lines += [_memory_line(v) for v in drift] or [_t("nothing", lang)]
    lines += ["", _t("archive", lang), ""]
    lines += [_memory_line(m) for m in proposals] or [_t("nothing", lang)]
    if proposals:
        lines += ["", _t("archive_how", lang)]
    by_type: dict[str, list[Row]] = {}
    for m in memories:
        by_type.setdefault(m["memory_type"], []).append(m)
    for memory_type in sorted(by_type):
        lines += ["", f"## {memory_type}"]
        lines += [_memory_line(m) for m in by_type[memory_type]]
    return "\n".join(lines) + "\n"


def language_of_person(texts: Sequence[str]) -> str:
    """The language the person mostly writes in ("zh" or "en"): a review follows it."""
    from mirror_pipeline.core.conflicts import language_of

    if not texts:
        return "en"
    zh = sum(1 for t in texts if language_of(t).value == "zh")
    return "zh" if zh * 2 >= len(texts) else "en"
