"""What every export parser shares: JSON loading, who the user is, screening in conversation order (the refusal
and the string screener come from adapters.admission)."""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mirror_pipeline.adapters.admission import RefusedFile, SecretCounter
from mirror_pipeline.core.model import Attribution, Speaker, other_speaker
from mirror_pipeline.core.screening import redact_sequence


def load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        # err.msg is the parser's fixed vocabulary ("Expecting ',' delimiter"); it never quotes content.
        raise RefusedFile(f"truncated or invalid JSON ({err.msg} at line {err.lineno}, column {err.colno})") from None
    except RecursionError:
        raise RefusedFile("invalid JSON: nested too deeply to be an export") from None


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


def zone(name: Any, fallback: ZoneInfo) -> ZoneInfo:
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


def iso_time(value: Any, tz: ZoneInfo) -> datetime | None:
    """An ISO 8601 time; one without an offset is on the given calendar."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=tz)


def screen_in_order(items: Sequence[tuple[str, str]]) -> tuple[list[str], int]:
    """Screen one conversation's texts in order (`core.screening.redact_sequence`): (redacted texts, secrets)."""
    screened = redact_sequence(list(items))
    return [s.text for s in screened], sum(len(s.secrets) for s in screened)


def redact_strings(value: Any, counter: SecretCounter, scope: str) -> Any:
    """Every string anywhere in a JSON value, screened (keys are structure and stay as they are)."""
    return counter.redact_strings(value, scope)
