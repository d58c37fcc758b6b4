"""WhatsApp "Export chat" text files, Android and iOS, in the date and time styles of different locales.

    Android  12/31/23, 9:05 PM - Alice: text     31/12/2023, 21:05 - Alice: text     2023/12/31 下午9:05 - 张三: 你好
    iOS      [31.12.23, 21:05:33] Alice: text      ‎[12/31/23, 9:05:33 PM] Alice: ‎image omitted

A line without such a header continues the message above it. Lines without a sender, and iOS lines whose text opens
with U+200E, are system lines (encryption notice, joins, group changes). Media placeholders and deleted messages say
nothing and are skipped. Whether 01/02/23 is 1 February or 2 January is decided for the whole file: a part above 12
settles it; otherwise the order under which the messages run forward in time wins.

The export does not say who the user is: the configured names and aliases decide (CONFIG); a two-person chat exported
as "WhatsApp Chat with Alice.txt" says that the other sender is the user (FORMAT); otherwise each sender is UNSURE
and nothing they said is taken as the user's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.parsers.common import (
    Occurrences,
    RefusedFile,
    digest,
    is_user_name,
    screen_in_order,
    speaker_by_name,
)
from mirror_pipeline.core.ids import without_copy_marker, without_generated_suffix
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision, other_speaker

FORMAT = "whatsapp"
_MARKS = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\ufeff"
_DATE = r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\.?"
_TIME = (
    r"(?:上午|下午|凌晨|中午|晚上)?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?"
    r"(?:[\s\u202f\u00a0]?(?:[AaPp]\.?\s?[Mm]\.?|上午|下午))?"
)
_IOS = re.compile(rf"^[{_MARKS}]*\[(?P<date>{_DATE}),?\s(?P<time>{_TIME})\]\s(?P<rest>.*)$")
_ANDROID = re.compile(rf"^[{_MARKS}]*(?P<date>{_DATE}),?\s(?P<time>{_TIME})\s[-–]\s(?P<rest>.*)$")
_SENDER = re.compile(r"^(?P<name>[^:\n]{1,80}?):\s(?P<text>.*)$", re.DOTALL)
_IGNORED = re.compile(
    r"^(?:<Media omitted>|<媒体文件已省略>|<省略影音內容>|<Medien ausgeschlossen>|<Multimedia omitido>|"
    r"(?:image|video|audio|sticker|GIF|document|Contact card) omitted|<attached: [^>]*>|"
    r"This message was deleted\.?|You deleted this message\.?|此消息已删除|你删除了此消息|null|"
    r"Waiting for this message\. This may take a while\.|Missed (?:voice|video) call)$",
    re.IGNORECASE,
)
_EDITED = re.compile(r"\s*<This message was edited>\s*$")
_CHAT_WITH = re.compile(r"^WhatsApp Chat (?:with|-) (?P<name>.+?)$", re.IGNORECASE)
_DATE_PARTS = re.compile(r"[./-]")
_CLOCK = re.compile(r"(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?")
_AFTERNOON = re.compile(r"[Pp]\.?\s?[Mm]|下午|晚上")
_MORNING = re.compile(r"[Aa]\.?\s?[Mm]|上午|凌晨")


@dataclass
class _Entry:
    line: int  # 1-based line of the header
    prefix: str  # the header up to the text (kept as written when the text is redacted)
    date: str
    time: str
    sender: str | None  # None: a system line
    lines: list[str]
    system: bool

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _header(line: str) -> re.Match[str] | None:
    return _IOS.match(line) or _ANDROID.match(line)


def sniff(text: str) -> bool:
    lines = [ln for ln in text.split("\n", 40)[:40] if ln.strip()]
    return bool(lines) and sum(1 for ln in lines if _header(ln)) >= max(1, len(lines) // 3)


def _entries(text: str) -> tuple[list[str], list[_Entry]]:
    """(lines before the first message, messages)."""
    preamble: list[str] = []
    entries: list[_Entry] = []
    for number, line in enumerate(text.split("\n"), start=1):
        match = _header(line)
        if not match:
            if entries:
                entries[-1].lines.append(line)
            else:
                preamble.append(line)
            continue
        rest = match.group("rest")
        sender = _SENDER.match(rest)
        if sender:
            body = sender.group("text")
            system = match.re is _IOS and body.startswith("\u200e")  # iOS marks system lines and media so
            prefix = line[: match.start("rest")] + rest[: sender.start("text")]
            entry = _Entry(
                number, prefix, match.group("date"), match.group("time"), sender.group("name"), [body], system
            )
        else:
            entry = _Entry(
                number, line[: match.start("rest")], match.group("date"), match.group("time"), None, [rest], True
            )
        entries.append(entry)
    return preamble, entries


def _chat(name: str) -> tuple[str, str | None]:
    """(chat name, the other person's name when the file is named after a one-to-one chat)."""
    stem = without_copy_marker(without_generated_suffix(Path(name).stem))
    match = _CHAT_WITH.match(stem)
    return (match.group("name"), match.group("name")) if match else (stem, None)


def _scopes(chat: str, entries: list[_Entry]) -> list[str]:
    """Stable per message and never derived from its words (a scope must not carry a secret's value)."""
    seen = Occurrences()
    out = []
    for e in entries:
        key = f"{e.date} {e.time}|{e.sender}"
        out.append(f"whatsapp:{chat}:{key}:{seen.nth(key)}")
    return out


def redact(name: str, text: str) -> tuple[str | None, int]:
    """Each message screened in chat order; the file is rewritten line for line with only the words replaced."""
    preamble, entries = _entries(text)
    chat, _ = _chat(name)
    items = [("\n".join(preamble), f"whatsapp:{chat}:preamble")]
    items += [(e.text, scope) for e, scope in zip(entries, _scopes(chat, entries), strict=True)]
    redacted, secrets = screen_in_order(items)
    if not secrets:
        return None, 0
    parts = [redacted[0]] if preamble else []
    parts += [e.prefix + body for e, body in zip(entries, redacted[1:], strict=True)]
    return "\n".join(parts), secrets


@lru_cache(maxsize=4096)
def _numbers(date: str) -> tuple[int, int, int]:
    a, b, c = (int(p) for p in _DATE_PARTS.split(date.rstrip(".")))
    return a, b, c


def _date_order(entries: list[_Entry]) -> str:
    """'ymd', 'dmy' or 'mdy' for the whole file."""
    parts = [(_numbers(e.date), e.date) for e in entries]
    if len(_DATE_PARTS.split(parts[0][1])[0]) == 4:
        return "ymd"
    if any(nums[0] > 12 for nums, _ in parts):
        return "dmy"
    if any(nums[1] > 12 for nums, _ in parts):
        return "mdy"

    def backwards(order: str) -> int:
        days = [_day(nums, order) for nums, _ in parts]
        return sum(1 for x, y in zip(days, days[1:], strict=False) if y < x)

    dmy, mdy = backwards("dmy"), backwards("mdy")
    if dmy != mdy:
        return "dmy" if dmy < mdy else "mdy"
    has_ampm = any(re.search(r"[AaPp]\.?\s?[Mm]", e.time) for e in entries)
    return "mdy" if has_ampm and "." not in parts[0][1] else "dmy"


def _day(nums: tuple[int, int, int], order: str) -> tuple[int, int, int]:
    a, b, c = nums
    if order == "ymd":
        return a, b, c
    year = c + 2000 if c < 100 else c
    return (year, b, a) if order == "dmy" else (year, a, b)


def _when(entry: _Entry, order: str, tz: ZoneInfo) -> datetime:
    year, month, day = _day(_numbers(entry.date), order)
    raw = entry.time.replace("\u202f", " ").replace("\u00a0", " ")
    clock = _CLOCK.search(raw)
    if not clock:
        raise RefusedFile(f"line {entry.line}: a time that is not a time of day")
    hour, minute, second = int(clock.group(1)), int(clock.group(2)), int(clock.group(3) or 0)
    afternoon = _AFTERNOON.search(raw)
    morning = _MORNING.search(raw)
    if afternoon and hour < 12:
        hour += 12
    elif morning and hour == 12:
        hour = 0
    try:
        return datetime(year, month, day, hour, minute, second, tzinfo=tz)
    except ValueError:
        raise RefusedFile(f"line {entry.line}: a date or time outside the calendar") from None


def parse(name: str, text: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    _, entries = _entries(text)
    if not entries:
        raise RefusedFile("no WhatsApp message lines ('date, time - name: text') found")
    chat, counterpart = _chat(name)
    order = _date_order(entries)
    said = [e for e in entries if not e.system and e.sender]
    senders = list(dict.fromkeys(e.sender for e in said if e.sender))
    # "WhatsApp Chat with Alice.txt" between two people: the sender who is not Alice exported it
    exporter = None
    if counterpart and len(senders) == 2 and not any(is_user_name(s, user_names) for s in senders):
        others = [s for s in senders if s.strip().casefold() != counterpart.strip().casefold()]
        exporter = others[0] if len(others) == 1 else None
    seen = Occurrences()
    for entry in entries:
        if entry.system or not entry.sender:
            continue
        body = _EDITED.sub("", entry.text.strip(_MARKS + " \n")).strip()
        if not body or _IGNORED.match(body.strip(_MARKS)):
            continue
        sender = entry.sender.strip(_MARKS + " ")
        if exporter is not None:
            is_user = sender == exporter
            actor, attribution = (str(Speaker.USER) if is_user else other_speaker(sender)), Attribution.FORMAT
        else:
            actor, attribution = speaker_by_name(sender, user_names, senders)
        key = f"{entry.date} {entry.time}|{sender}|{digest(body)}"
        yield Message(
            identity=f"whatsapp:{chat}:{key}:{seen.nth(key)}",
            locator=f"line {entry.line}",
            session_id=f"whatsapp:{chat}",
            actor=actor,
            attribution=attribution,
            timestamp=_when(entry, order, tz),
            timestamp_precision=TimePrecision.SECOND,
            text=body,
            source_type=SourceType.CHAT,
        )
