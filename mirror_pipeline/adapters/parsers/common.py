"""What every export parser shares: JSON loading, who the user is, screening in conversation order (the refusal
and the string screener come from adapters.admission)."""

from __future__ import annotations

import hashlib
import io
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import ijson
import numpy as np

from mirror_pipeline.adapters.admission import RefusedFile, SecretCounter
from mirror_pipeline.core.model import Attribution, Speaker, other_speaker
from mirror_pipeline.core.screening import redact_sequence

# Real exports nest a few levels (ChatGPT's mapping -> node -> message -> content -> parts: under 20). A file nested
# far deeper is not an export, and reading it can cost memory out of all proportion to its size (the streaming
# parser keeps a path string per level: 400 KB of '[' grew to 22.8 GB), so nesting is bounded while it is read.
MAX_JSON_DEPTH = 256


def too_deep_reason(limit: int = MAX_JSON_DEPTH) -> str:
    return f"JSON nested more than {limit} levels deep: not a chat export (a real one nests fewer than 20)"


_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class JsonDepth:
    """The nesting depth of JSON read a piece at a time (brackets inside strings do not count), refusing the file
    as soon as it passes `limit`. All in C-speed passes (escapes dropped, strings dropped, brackets kept), so it costs
    little beside the parser."""

    def __init__(self, limit: int = MAX_JSON_DEPTH) -> None:
        self.limit = limit
        self.depth = 0
        self.in_string = False
        self.carry = b""  # a backslash that ended the last piece: it escapes the first byte of the next

    def feed(self, data: bytes) -> None:
        if not data:
            return
        # escapes are read left to right, as a JSON parser does: an escaped backslash first, then an escaped quote
        data = (self.carry + data).replace(b"\\\\", b"")
        self.carry = b"\\" if data.endswith(b"\\") else b""
        if self.carry:
            data = data[:-1]
        parts = data.replace(b'\\"', b"").split(b'"')
        outside = b"".join(parts[1 if self.in_string else 0 :: 2])
        if len(parts) % 2 == 0:  # an odd number of quotes: the next piece starts on the other side
            self.in_string = not self.in_string
        brackets = np.frombuffer(outside.translate(None, _NOT_BRACKETS), dtype=np.uint8)
        if not len(brackets):
            return
        steps = np.where((brackets == 91) | (brackets == 123), 1, -1)
        depth = np.cumsum(steps) + self.depth
        if int(depth.max()) > self.limit:
            raise RefusedFile(too_deep_reason(self.limit))
        self.depth = int(depth[-1])


class DepthGuardedStream:
    """A file object that checks the nesting of what is read through it (for the streaming JSON parser)."""

    def __init__(self, stream: IO[Any], limit: int = MAX_JSON_DEPTH) -> None:
        self.stream = stream
        self.depth = JsonDepth(limit)

    def read(self, size: int = -1) -> Any:
        data = self.stream.read(size)
        self.depth.feed(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        return data


def check_json_depth(text: str, limit: int = MAX_JSON_DEPTH) -> None:
    """Refuse a whole JSON document nested deeper than `limit`, before it is parsed."""
    if text.count("[") + text.count("{") <= limit:
        return  # cannot be that deep: most small files stop here
    guard = JsonDepth(limit)
    data = text.encode("utf-8", "surrogatepass")
    for start in range(0, len(data), 1 << 22):
        guard.feed(data[start : start + (1 << 22)])


class BrokenJson(RefusedFile):
    """A JSON document that breaks at some place (a download cut short): the reason says where, never the words."""


def ends_in_the_middle(line: int, column: int) -> str:
    return f"the file ends in the middle at line {line}, column {column}"


def load_json(text: str) -> Any:
    check_json_depth(text)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        # err.msg is the parser's fixed vocabulary ("Expecting ',' delimiter"); it never quotes content.
        if err.pos >= len(text.rstrip()) or err.msg.startswith("Unterminated string"):  # a download cut short
            place = ends_in_the_middle(text.count("\n") + 1, len(text.rsplit("\n", 1)[-1]) + 1)
        else:
            place = f"{err.msg.removesuffix(' at')} at line {err.lineno}, column {err.colno}"
        raise BrokenJson(f"truncated or invalid JSON ({place})") from None
    except RecursionError:
        raise RefusedFile("invalid JSON: nested too deeply to be an export") from None


def keep_complete_hint(complete: int, unit: str) -> str:
    """What a refusal of a file broken after `complete` whole entries says can still be done."""
    many = unit[:-1] + "ies" if unit.endswith("y") else unit + "s"
    said = f"the {complete} {unit} before it is" if complete == 1 else f"the {complete} {many} before it are"
    them = "it" if complete == 1 else "them"
    return (
        f"{said} complete: `mirror import --keep-complete` imports {them}, and a complete export imported later adds "
        "only what is new"
    )


@dataclass(frozen=True)
class Entries:
    """Where a JSON export keeps its entries: the streaming parser's prefixes of the list items that are whole
    entries (`item` for the top list, `entries.item`), what one is called, and how many a document holds."""

    items: tuple[str, ...]
    unit: str
    count: Callable[[Any], int]


@dataclass
class JsonPrefix:
    """What a broken JSON document holds before its break: the value, every container open at the break closed there
    (a map's last key without its value is left out), and the list items open at the break, outermost first, each
    as (its prefix, the list holding it): the last item of that list."""

    value: Any
    open_items: list[tuple[str, list[Any]]]

    def without_open_entry(self, entries: Entries) -> Any | None:
        """The value with the innermost entry open at the break left out (its words stop in the middle), or None (and
        the value as it was) when it holds no whole entry of this format."""
        holders = [holder for prefix, holder in self.open_items if prefix in entries.items]
        left_out = holders[-1].pop() if holders else None
        try:
            if entries.count(self.value):
                return self.value
        except RefusedFile:
            pass
        if holders:
            holders[-1].append(left_out)
        return None


def json_prefix(text: str) -> JsonPrefix:
    """The part of a JSON document before the place it breaks (`load_json` refused it), read by the streaming
    parser: the same values `json.loads` would give for that part."""
    top: list[Any] = []
    stack: list[tuple[Any, str, list[Any] | None]] = [(top, "", None)]  # container, its prefix, the list holding it
    key: str | None = None
    try:
        for prefix, event, value in ijson.parse(io.BytesIO(text.encode("utf-8", "surrogatepass")), use_float=True):
            if event == "map_key":
                key = value
                continue
            if event in ("end_map", "end_array"):
                stack.pop()
                continue
            node = {} if event == "start_map" else [] if event == "start_array" else value
            parent = stack[-1][0]
            if isinstance(parent, list):
                parent.append(node)
            else:
                parent[key] = node
            if event in ("start_map", "start_array"):
                stack.append((node, prefix, parent if isinstance(parent, list) and parent is not top else None))
    except ijson.JSONError:
        pass
    return JsonPrefix(top[0] if top else None, [(p, holder) for _, p, holder in stack[1:] if holder is not None])


def dump_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)  # no indent: the C encoder, several times faster


def _name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold()


def is_user_name(name: str, user_names: Sequence[str]) -> bool:
    """The user's configured name or one of their aliases (case, width and surrounding space do not matter)."""
    key = _name_key(name)
    return bool(key) and any(key == _name_key(n) for n in user_names if n and n.strip())


def speaker_by_name(name: str, user_names: Sequence[str], known_names: Iterable[str] = ()) -> tuple[str, Attribution]:
    """Who said it when the format gives only a display name: the user when the configured names say so; someone else
    (CONFIG) when the configured names match another sender of the same chat; otherwise UNSURE, and never `user`,
    because only the user's own words may become facts."""
    if is_user_name(name, user_names):
        return str(Speaker.USER), Attribution.CONFIG
    if any(is_user_name(other, user_names) for other in known_names):
        return other_speaker(name), Attribution.CONFIG
    return other_speaker(name), Attribution.UNSURE


def digest(text: str, length: int = 16) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


class Occurrences:
    """The n-th time a key is seen: two identical messages in the same minute stay two messages, and a newer export
    that contains an older one numbers the shared messages the same way."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}

    def nth(self, key: str) -> int:
        n = self._seen.get(key, 0)
        self._seen[key] = n + 1
        return n


def zone(name: Any, fallback: ZoneInfo | None) -> ZoneInfo | None:
    if isinstance(name, str) and name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            return fallback
    return fallback


def plausible(moment: datetime | None) -> datetime | None:
    """A message time, or None when it cannot be one (a corrupt 99999999999 would be the year 5138)."""
    return moment if moment is not None and 1970 <= moment.year <= 2200 else None


def epoch(value: Any) -> datetime | None:
    """Unix seconds (or milliseconds), as a number or a digit string."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and re.fullmatch(r"\d{9,13}(?:\.\d+)?", value.strip()):
        value = float(value)
    if isinstance(value, int | float):
        seconds = float(value) / 1000 if value > 1e11 else float(value)
        try:
            return plausible(datetime.fromtimestamp(seconds, tz=UTC))
        except (OverflowError, OSError, ValueError):
            return None
    return None


def _iso(value: Any) -> datetime | None:
    """An ISO 8601 time as written (with its offset, or naive)."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None


def iso_time(value: Any, tz: ZoneInfo) -> datetime | None:
    """An ISO 8601 time; one without an offset is on the given calendar."""
    parsed = _iso(value)
    return parsed if parsed is None or parsed.tzinfo else parsed.replace(tzinfo=tz)


def offset_minutes(local: Any, exact: datetime | None = None) -> int | None:
    """The offset from UTC a time was written at, in minutes, for the zone question only (no message is dated by
    it): an ISO time that carries one ("2026-03-02T17:05:00+08:00"), or a wall-clock time beside the exact moment
    (Telegram's `date` beside `date_unixtime`). UTC itself (a server's "Z") says nothing of where the person was."""
    said = _iso(local)
    if said is None:
        return None
    if said.tzinfo is not None:
        offset = said.utcoffset()
    elif exact is not None:
        offset = said - exact.astimezone(UTC).replace(tzinfo=None)
    else:
        return None
    minutes = round(offset.total_seconds() / 900) * 15 if offset is not None else 0  # a second's skew is no zone
    return minutes or None


def screen_in_order(items: Sequence[tuple[str, str]]) -> tuple[list[str], int]:
    """Screen one conversation's texts in order (`core.screening.redact_sequence`): (redacted texts, secrets)."""
    screened = redact_sequence(list(items))
    return [s.text for s in screened], sum(len(s.secrets) for s in screened)


def redact_strings(value: Any, counter: SecretCounter, scope: str) -> Any:
    """Every string anywhere in a JSON value, screened (keys are structure and stay as they are)."""
    return counter.redact_strings(value, scope)
