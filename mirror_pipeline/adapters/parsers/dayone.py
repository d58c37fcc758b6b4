"""Day One JSON export (`Journal.json` inside the export zip): `{"metadata": ..., "entries": [...]}`.

Each entry has a `uuid`, `creationDate` in UTC (`2023-05-01T12:34:56Z`), the `timeZone` it was written in, markdown
`text` (Day One escapes punctuation with backslashes and links photos as `![](dayone-moment://<id>)`), and
`location`, `weather`, `tags`, `starred`. An entry is the user's own writing; one record a paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.parsers.common import (
    Entries,
    Occurrences,
    RefusedFile,
    SecretCounter,
    dump_json,
    iso_time,
    load_json,
    redact_strings,
    screen_in_order,
    zone,
)
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision

FORMAT = "dayone"
_MOMENT = re.compile(r"!\[[^\]]*\]\(dayone-moment:/+[^)]*\)")
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>|~])")


def sniff(data: Any) -> bool:
    entries = data.get("entries") if isinstance(data, dict) else None
    return (
        isinstance(entries, list)
        and bool(entries)
        and isinstance(entries[0], dict)
        and ("creationDate" in entries[0] or "uuid" in entries[0])
    )


def _entries(data: Any) -> list[Any]:
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise RefusedFile("a Day One export is a JSON object with a list of 'entries'")
    return data["entries"]


def _paragraphs(text: str) -> list[tuple[int, str]]:
    """(line number within the entry, paragraph) with Day One's escapes undone and photo links marked."""
    out: list[tuple[int, str]] = []
    block: list[str] = []
    start = 1
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n") + [""], start=1):
        if line.strip():
            if not block:
                start = number
            block.append(line.rstrip())
            continue
        if block:
            paragraph = _ESCAPED.sub(r"\1", _MOMENT.sub("[photo]", "\n".join(block))).strip()
            if paragraph and paragraph != "[photo]" and not paragraph.startswith("#"):  # headings are structure
                out.append((start, paragraph))
            block = []
    return out


def redact(name: str, text: str) -> tuple[str | None, int]:
    """Each entry's text screened paragraph by paragraph in order (scoped by uuid and position); then the rest."""
    data = load_json(text)
    counter = SecretCounter()
    secrets = 0
    for index, entry in enumerate(_entries(data)):
        if not isinstance(entry, dict):
            continue
        uuid = str(entry.get("uuid") or f"index-{index}")
        if isinstance(entry.get("text"), str):
            blocks = re.split(r"(?<=\n)(?=[ \t]*\n)", entry["text"])
            redacted, found = screen_in_order([(b, f"dayone:{uuid}#{i}") for i, b in enumerate(blocks)])
            if found:
                secrets += found
                entry["text"] = "".join(redacted)
                entry.pop("richText", None)  # a second copy of the same words; the text is the one read
        for key, value in list(entry.items()):
            if key != "text":
                entry[key] = redact_strings(value, counter, f"dayone:{uuid}")
    secrets += counter.secrets
    return (dump_json(data) if secrets else None), secrets


def _count(data: Any) -> int:
    return len(data["entries"]) if sniff(data) else 0


ENTRIES = Entries(("entries.item",), "entry", _count)


def parse(name: str, text: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    for index, entry in enumerate(_entries(load_json(text))):
        if not isinstance(entry, dict):
            raise RefusedFile(f"entry {index} is not an object")
        uuid = str(entry.get("uuid") or f"index-{index}")
        created = iso_time(entry.get("creationDate"), tz)
        own = zone(entry.get("timeZone"), None)  # a name ZoneInfo cannot read is no zone
        if created is not None:  # on the calendar the entry was written on
            created = created.astimezone(own or tz)
        seen = Occurrences()
        for line, paragraph in _paragraphs(str(entry.get("text") or "")):
            yield Message(
                identity=f"dayone:{uuid}:{paragraph}:{seen.nth(paragraph)}",
                locator=f"entry {uuid} line {line}",
                session_id=f"dayone:{uuid}",
                actor=str(Speaker.USER),
                attribution=Attribution.FORMAT,
                timestamp=created,
                timestamp_precision=TimePrecision.SECOND if created else TimePrecision.UNKNOWN,
                text=paragraph,
                source_type=SourceType.IMPORT,
                source_timezone=own.key if own else None,
            )
