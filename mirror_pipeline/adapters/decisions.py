"""The person's decisions on disk: `decisions/*.jsonl`, append-only, one decision a line, flushed and fsynced.

Nothing here ever rewrites a line. A line that cannot be read is reported by file and line number (never its
content) and the other lines still count.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from mirror_pipeline.core.decisions import Decision, DecisionLineError, parse_line

FILE_NAME = "decisions.jsonl"


@dataclass(frozen=True)
class ReadDecisions:
    decisions: list[Decision]
    unreadable: list[str] = field(default_factory=list)  # "file:line: why"


def append(folder: Path, decisions: list[Decision]) -> None:
    """Append and make durable before returning: a decision the person made is never lost to a crash."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE_NAME
    data = "".join(d.to_json() + "\n" for d in decisions).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def read_all(folder: Path) -> ReadDecisions:
    decisions: list[Decision] = []
    unreadable: list[str] = []
    if not folder.exists():
        return ReadDecisions([])
    for path in sorted(folder.glob("*.jsonl")):
        with path.open(encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, start=1):
                if not line.strip():
                    continue
                try:
                    decisions.append(parse_line(line, f"{path.name}:{number}"))
                except DecisionLineError as err:
                    unreadable.append(str(err))
    return ReadDecisions(decisions, unreadable)


def now_utc() -> datetime:
    from datetime import UTC

    return datetime.now(UTC)


def forgotten_evidence(folder: Path) -> frozenset[str]:
    """The evidence ids the person asked to forget: every run skips them."""
    from mirror_pipeline.core.decisions import Action

    return frozenset(d.target for d in read_all(folder).decisions if d.action is Action.FORGET_EVIDENCE)
