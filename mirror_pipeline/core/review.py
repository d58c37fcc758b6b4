"""The periodic reviews (section 12.3) as Markdown documents: daily intake, weekly confirmations, monthly overview."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from mirror_pipeline.core.timeexpr import describe

Row = dict[str, Any]


def _memory_line(m: Row) -> str:
    evidence = ", ".join(m["evidence_ids"][:3])
    return f"- `{m['memory_id']}` {m['content_text']}{describe(m)} [{m['state']}] — evidence: {evidence}"


def daily(day: date, new_evidence: int, new_candidates: int, refused: Sequence[Row], secret_refs: int) -> str:
    lines = [
        f"# Daily review, {day.isoformat()}",
        "",
        f"- new evidence in the last day: {new_evidence}",
        f"- new candidate memories in the last day: {new_candidates}",
        f"- secret references waiting for you: {secret_refs} (see `mirror secrets`)",
    ]
    if refused:
        lines += ["", "## Files that could not be read"]
        lines += [f"- `{f['file_path']}`: {f['reason']}" for f in refused]
    return "\n".join(lines) + "\n"


def weekly(day: date, pending: Sequence[Row], issues: Sequence[Row]) -> str:
    lines = [
        f"# Weekly review, week of {day.isoformat()}",
        "",
        "New long-term memories that wait for your confirmation:",
        "",
    ]
    lines += [_memory_line(m) for m in pending] or ["- nothing is waiting"]
    conflicts = [i for i in issues if i["issue_type"] != "confirmation_needed"]
    if conflicts:
        lines += ["", "## Conflicts and questions"]
        lines += [f"- `{i['issue_id']}` ({i['priority']}) {i['question']}" for i in conflicts]
    return "\n".join(lines) + "\n"


def monthly(day: date, memories: Sequence[Row], timeline: Sequence[Row]) -> str:
    by_type: dict[str, list[Row]] = {}
    for m in memories:
        by_type.setdefault(m["memory_type"], []).append(m)
    lines = [f"# Monthly review, {day.strftime('%Y-%m')}", "", "## Your timeline", ""]
    lines += [f"- {t['sort_time'] or '?'} ({t['time_precision']}): {t['text']} [{t['state']}]" for t in timeline] or [
        "- empty"
    ]
    for memory_type in sorted(by_type):
        lines += ["", f"## {memory_type}"]
        lines += [_memory_line(m) for m in by_type[memory_type]]
    return "\n".join(lines) + "\n"
