"""The questionnaire `mirror init` writes and `mirror init --interview` fills (core/questionnaire.py: its questions
and its layout). Every answer is the person's own, high-trust statement (`user_form`).

Evidence of an answer: session `form:<question id>` (one thread per question, all its versions, in any language),
locator `line N (<question id>)`, dated by its `### YYYY-MM-DD` block, else by the form's `filled_on`."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import yaml

from mirror_pipeline.adapters.parsers.common import RefusedFile
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision
from mirror_pipeline.core.questionnaire import FRONT_MATTER, read_form, session_of

FORMAT = "mirror_form"


def front_matter(text: str) -> dict:
    match = FRONT_MATTER.match(text)
    if not match:
        return {}
    try:
        meta = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError:
        raise RefusedFile("front matter is not valid YAML") from None
    if not isinstance(meta, dict):
        raise RefusedFile("front matter is not a set of key: value lines")
    return meta


def filled_on(meta: dict) -> date | None:
    value = meta.get("filled_on")
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip()) if value else None
    except ValueError:
        return None


def parse(name: str, text: str, tz: ZoneInfo) -> Iterator[Message]:
    """Each answered paragraph, under the question it answers."""
    meta = front_matter(text)
    day = filled_on(meta)
    if day is None:
        raise RefusedFile("questionnaire without 'filled_on: YYYY-MM-DD' in its front matter")
    for answer in read_form(text):
        when = answer.answered_on or day
        where = answer.question_id or answer.question
        yield Message(
            # the same answer to the same question is the same statement, whichever form or day it came in
            identity=f"form:{where}:{answer.text}",
            locator=f"line {answer.line} ({where})" if where else f"line {answer.line}",
            session_id=session_of(answer.question_id, answer.question),
            actor=Speaker.USER,
            attribution=Attribution.FORMAT,
            timestamp=datetime.combine(when, time(0, 0), tzinfo=tz),
            timestamp_precision=TimePrecision.DAY,
            text=answer.text,
            source_type=SourceType.USER_FORM,
        )
