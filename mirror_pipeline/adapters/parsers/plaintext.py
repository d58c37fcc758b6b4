"""A plain-text (or markdown) journal kept in one file, each entry under a line that is only its date:

    2024-05-01            2024年5月1日 星期三         ## 2024/05/01 21:30         Wednesday, May 1, 2024

One record a paragraph, dated by the entry it is in (a time on the date line makes it precise to the minute). Text
before the first date is kept, undated, rather than lost. A daily note (one file a day, dated by its name or front
matter) is the markdown journal format instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.parsers.common import Occurrences, RefusedFile, screen_in_order
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision

FORMAT = "text_journal"
_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        (
            "jan january",
            "feb february",
            "mar march",
            "apr april",
            "may",
            "jun june",
            "jul july",
            "aug august",
            "sep sept september",
            "oct october",
            "nov november",
            "dec december",
        )
    )  # fmt: skip
    for m in names.split()
}
_HEAD = r"^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?"
_TAIL = (
    r"(?:[ \t]*[,，]?[ \t]*(?:(?:星期|周|礼拜)[一二三四五六日天]|[A-Za-z]{3,9}day))?"
    r"(?:[ \t]+(?P<hour>\d{1,2})[:：](?P<minute>\d{2}))?(?:\*\*)?[ \t]*$"
)
_NUMERIC = re.compile(
    _HEAD + r"(?:(?:星期|周)[一二三四五六日天][ \t]*)?(?P<y>\d{4})[-/.年](?P<m>\d{1,2})[-/.月](?P<d>\d{1,2})日?" + _TAIL
)
_WORDED = re.compile(
    _HEAD + r"(?:[A-Za-z]{3,9}day,?[ \t]+)?(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?[ \t]+(?P<m1>[A-Za-z]{3,9})\.?"
    r"|(?P<m2>[A-Za-z]{3,9})\.?[ \t]+(?P<d2>\d{1,2})(?:st|nd|rd|th)?),?[ \t]+(?P<y>\d{4})" + _TAIL
)


def date_line(line: str) -> tuple[date, time | None] | None:
    """The date (and time) a line that is only a date names, else None."""
    match = _NUMERIC.match(line)
    if match:
        year, month, day = int(match["y"]), int(match["m"]), int(match["d"])
    else:
        match = _WORDED.match(line)
        if not match:
            return None
        month = _MONTHS.get((match["m1"] or match["m2"]).lower(), 0)
        year, day = int(match["y"]), int(match["d1"] or match["d2"])
    try:
        day_of = date(year, month, day)
        at = time(int(match["hour"]), int(match["minute"])) if match["hour"] else None
    except ValueError:
        return None
    return day_of, at


def sniff(text: str) -> bool:
    return any(date_line(line) for line in text.split("\n"))


def _entries(text: str) -> Iterator[tuple[date | None, time | None, int, str]]:
    """(day, time, line number, paragraph) for every paragraph, in order."""
    day: date | None = None
    at: time | None = None
    block: list[str] = []
    start = 1
    for number, line in enumerate(text.split("\n") + [""], start=1):
        dated = date_line(line)
        if dated or not line.strip():
            if block:
                yield day, at, start, "\n".join(block)
                block = []
            if dated:
                day, at = dated
            continue
        if not block:
            start = number
        block.append(line.rstrip())


def redact(name: str, text: str) -> tuple[str | None, int]:
    """Paragraph by paragraph in order, each scoped by its entry's date and its place in the entry (so adding entries
    before or after does not move a reference id); the file keeps every line where it was."""
    lines = text.split("\n")
    seen = Occurrences()
    entries: dict[str, list[tuple[int, int, str]]] = {}  # one screening sequence per entry, paragraphs in order
    for day, _, start, paragraph in _entries(text):
        entry = day.isoformat() if day else "undated"
        entries.setdefault(entry, []).append(
            (start, start + paragraph.count("\n"), f"journal:{entry}#{seen.nth(entry)}")
        )
    spans: list[tuple[int, int, str]] = []
    screened: list[str] = []
    secrets = 0
    for group in entries.values():
        texts, found = screen_in_order([("\n".join(lines[a - 1 : b]), scope) for a, b, scope in group])
        spans += group
        screened += texts
        secrets += found
    if not secrets:
        return None, 0
    for (a, b, _), new in sorted(zip(spans, screened, strict=True), reverse=True):  # bottom up: lines stay true
        lines[a - 1 : b] = new.split("\n")
    return "\n".join(lines), secrets


def parse(name: str, text: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    seen = Occurrences()
    found = False
    for day, at, line, paragraph in _entries(text):
        if paragraph.lstrip().startswith("#"):
            continue  # headings are structure, not statements
        found = found or day is not None
        entry = day.isoformat() if day else "undated"
        stamp = datetime.combine(day, at or time(0, 0), tzinfo=tz) if day else None
        yield Message(
            identity=f"journal:{entry}:{paragraph}:{seen.nth(entry + paragraph)}",
            locator=f"line {line}",
            session_id=f"journal:{entry}",
            actor=str(Speaker.USER),
            attribution=Attribution.FORMAT,
            timestamp=stamp,
            timestamp_precision=(TimePrecision.SECOND if at else TimePrecision.DAY) if day else TimePrecision.UNKNOWN,
            text=paragraph,
            source_type=SourceType.IMPORT,
        )
    if not found:
        raise RefusedFile("journal without a date: put each entry under a line like 2024-05-01 or 2024年5月1日")
