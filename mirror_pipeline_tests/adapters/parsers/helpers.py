from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.formats import admit, parse
from mirror_pipeline.core.model import Message

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
UTC = ZoneInfo("UTC")
TOKYO = ZoneInfo("Asia/Tokyo")


def read(relative: str, tz: ZoneInfo = UTC, user_names: tuple[str, ...] = ()) -> tuple[str, int, list[Message]]:
    """Admit a fixture as `mirror import` does, then parse the admitted bytes as the run does."""
    path = FIXTURES / relative
    admitted = admit(path.name, path.read_bytes())
    messages = parse(path.name, admitted.data, admitted.format, tz, user_names)
    assert admitted.records == len(parse(path.name, admitted.data, admitted.format, UTC))
    return admitted.format, admitted.secrets_redacted, messages


def by_text(messages: list[Message], fragment: str) -> Message:
    (found,) = [m for m in messages if fragment in m.text]
    return found
