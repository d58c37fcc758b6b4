"""The person's decisions on disk: `decisions/*.jsonl`, append-only, one decision a line, flushed and fsynced.

Nothing here rewrites a line, but one thing: forgetting wins over append-only. The lines of a forgotten memory lose
their words (an edit's new text), and a content-free line stays that says a decision existed (`scrub`). A line that
cannot be read is reported by file and line number (never its content) and the other lines still count.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from mirror_pipeline.core.decisions import Decision, DecisionLineError, parse_line

FILE_NAME = "decisions.jsonl"
LOCK_NAME = ".lock"
# the fields of a decision line that hold the person's words (every other field is an id, a time or a digest)
CONTENT_FIELDS = ("text", "vault", "hint")


@dataclass(frozen=True)
class ReadDecisions:
    decisions: list[Decision]
    unreadable: list[str] = field(default_factory=list)  # "file:line: why"


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One writer at a time: an append never lands in a file that `scrub` is replacing."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _fsync_dir(folder: Path) -> None:
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def append(folder: Path, decisions: list[Decision]) -> None:
    """Append and make durable before returning: a decision the person made is never lost to a crash."""
    path = folder / FILE_NAME
    data = "".join(d.to_json() + "\n" for d in decisions).encode("utf-8")
    with _locked(folder):
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        _fsync_dir(folder)


def _scrubbed(line: str, forgotten: frozenset[str]) -> str | None:
    """The line without the person's words when its decision is about something forgotten; None: unchanged."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError:
        return None
    if not isinstance(row, dict):
        return None
    extra = row.get("extra") if isinstance(row.get("extra"), dict) else {}
    about = {str(row.get("target", "")), *(str(m) for m in extra.get("memory_ids") or [])}
    if not about & forgotten or not any(row.get(k) not in (None, "") for k in CONTENT_FIELDS):
        return None
    kept = {k: v for k, v in row.items() if k not in CONTENT_FIELDS}
    kept["extra"] = {**extra, "content_forgotten": True}  # a decision existed; what it said is gone
    return json.dumps(kept, ensure_ascii=False, sort_keys=True) + "\n"


def scrub(folder: Path, forgotten_ids: Iterable[str]) -> int:
    """Forgetting wins over append-only: every decision line about a forgotten memory (its target, or one of the
    memories an answer settled) loses its words (an edit's new text, a vault, a hint) and keeps the rest (id, time,
    who, what kind of decision): a content-free tombstone line. Each file is replaced atomically and fsynced.
    Returns the lines changed."""
    forgotten = frozenset(i for i in forgotten_ids if i)
    if not forgotten or not folder.exists():
        return 0
    changed = 0
    with _locked(folder):
        for path in sorted(folder.glob("*.jsonl")):
            lines = path.read_bytes().decode("utf-8", errors="surrogateescape").splitlines(keepends=True)
            out = []
            for line in lines:
                new = _scrubbed(line, forgotten) if line.strip() else None
                out.append(line if new is None else new)
                changed += new is not None
            if out == lines:
                continue
            fresh = path.with_name(f".{path.name}.scrub")
            fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(fd, "".join(out).encode("utf-8", errors="surrogateescape"))
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(fresh, path)
            _fsync_dir(folder)
    return changed


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
