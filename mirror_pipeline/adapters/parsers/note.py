"""A note told to the memory directly (`mirror note "TEXT" --when EXPR`): one dated statement of the person's own
(`user_form`), kept in the inbox as a small Markdown file like any import:

    ---
    mirror_note: 1
    noted_at: '2026-12-01T14:03:00+08:00'
    when: 2019年左右
    ---
    我搬到了杭州。

The time is kept as said: the evidence reads "2019年左右，我搬到了杭州。", so the same resolver that dates every
other sentence resolves it against the note's own time, with the precision the words have (a year, rough, an
anchor such as "after college" that waits for the timeline), never a day that was not said."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import yaml

from mirror_pipeline.adapters.parsers.common import RefusedFile, digest
from mirror_pipeline.adapters.parsers.form import front_matter
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision
from mirror_pipeline.core.questionnaire import FRONT_MATTER
from mirror_pipeline.core.text import CJK_CHAR
from mirror_pipeline.core.timeexpr import TimeMention, find_times

FORMAT = "mirror_note"


def said(statement: str, when: str | None) -> str:
    """The statement with its time, as one sentence ("after college, I moved to Berlin."): a time the statement
    already holds in those words is not said twice."""
    statement, when = statement.strip(), (when or "").strip()
    if not when or when.casefold() in statement.casefold():
        return statement
    return f"{when}{'，' if CJK_CHAR.match(statement) else ', '}{statement}"


def when_times(statement: str, when: str | None, noted_at: datetime) -> list[TimeMention]:
    """The times `when` says, read where the extractor reads them: in the note's own sentence ("2019" alone is no
    time, "2019, I moved to Tampines" is), so what `mirror note` shows is the valid time its memories get."""
    when = (when or "").strip()
    if not when:
        return []
    text = said(statement, when)
    at = text.casefold().find(when.casefold())
    return [t for t in find_times(text, noted_at) if at <= t.span[0] < at + len(when)]


def note_key(statement: str, when: str | None, noted_at: datetime) -> str:
    """The same note is the same statement about the same time: its words, its time words, and what the times in
    them resolve to from the day it was noted (an absolute "2019年左右" resolves the same on any day, so noting it
    again adds nothing; "last year" noted a year later is another year)."""
    text = said(statement, when)
    resolved = [(t.expression, t.start_iso, t.end_iso, t.anchor) for t in find_times(text, noted_at)]
    return digest(json.dumps([statement.strip(), (when or "").strip(), resolved], ensure_ascii=False))


def file_names(statement: str, when: str | None, noted_at: datetime) -> Iterator[str]:
    """Where the note may be kept, first choice first: `note-<8 hex>.md`, short enough that no secret rule takes the
    name for a token (a longer hash reads like one), and the next choice when another note already has that name."""
    key = note_key(statement, when, noted_at)
    for attempt in range(1000):
        yield f"note-{digest(f'{key}:{attempt}' if attempt else key, 8)}.md"


def render(statement: str, when: str | None, noted_at: datetime) -> str:
    """The note file (already screened text only: the caller screens first)."""
    meta: dict[str, object] = {"mirror_note": 1, "noted_at": noted_at.isoformat()}
    if when and when.strip():
        meta["when"] = when.strip()
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False)
    return f"---\n{front}---\n{statement.strip()}\n"


def _noted_at(value: object, tz: ZoneInfo) -> datetime:
    try:
        at = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    except ValueError:
        raise RefusedFile("note with an unreadable 'noted_at' (an ISO date and time is expected)") from None
    return at if at.tzinfo else at.replace(tzinfo=tz)


def parse(name: str, text: str, tz: ZoneInfo) -> Iterator[Message]:
    meta = front_matter(text)
    if "noted_at" not in meta:
        raise RefusedFile("note without 'noted_at' in its front matter")
    noted_at = _noted_at(meta["noted_at"], tz)
    when = meta.get("when")
    when = str(when) if when is not None else None
    match = FRONT_MATTER.match(text)
    body = text[match.end() :].strip() if match else ""
    if not body:
        return
    yield Message(
        identity=f"note:{note_key(body, when, noted_at)}",
        locator="note",
        session_id=f"note:{noted_at.astimezone(tz).date().isoformat()}",
        actor=Speaker.USER,
        attribution=Attribution.FORMAT,
        timestamp=noted_at,
        timestamp_precision=TimePrecision.SECOND,
        text=said(body, when),
        source_type=SourceType.USER_FORM,
    )
