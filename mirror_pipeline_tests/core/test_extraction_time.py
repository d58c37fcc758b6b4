"""The time of what is read from a statement, from its clause's own time words and tense (review 4, finding 7)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mirror_pipeline.adapters.parsers import note
from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import MemoryCandidate, MemoryType
from mirror_pipeline_tests.core.helpers import evidence

SG = ZoneInfo("Asia/Singapore")
THURSDAY = datetime(2026, 11, 26, 19, 6, tzinfo=SG)


def _plan(c: MemoryCandidate) -> bool:
    return c.predicate.startswith("plans") or "goal" in c.tags


@pytest.mark.parametrize(
    ("text", "day", "plan"),
    [
        ("finally. we move back to Punggol on Sunday then", "2026-11-29", True),
        ("I get my cast off on Friday.", "2026-11-27", True),
        ("我8号入职新公司。", "2026-12-08", True),  # a join dated ahead is a plan, never a join since the 8th
        ("我们周日搬家了。", "2026-11-22", False),
        ("I quit my job on the 8th.", "2026-11-08", False),  # "quit" after "I": the past
        ("mum had the hip surgery on the 8th, went ok.", "2026-11-08", False),
    ],
)
def test_a_day_said_without_its_week_or_month_dates_the_statement_as_its_verb_says(text, day, plan) -> None:
    found = extract(evidence(text, when=THURSDAY), SG)
    assert found and all(c.valid_time_start == day for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]
    assert all(_plan(c) == plan for c in found)
    assert plan or any(c.memory_type is MemoryType.EVENT for c in found)


@pytest.mark.parametrize(
    ("statement", "when", "start", "precision"),
    [
        ("我血压最近150/90，医生叫我少吃盐，每天走路", "上个月", "2026-11-01", "month"),
        ("I started physio for my knee", "last month", "2026-11-01", "month"),
        ("我3号去医院拆线了", "上个月", "2026-11-03", "day"),  # the clause's own day wins over --when
    ],
)
def test_a_notes_when_is_the_valid_time_of_what_is_read_from_it(statement, when, start, precision) -> None:
    noted_at = datetime(2026, 12, 2, 7, 23, tzinfo=SG)
    name = next(note.file_names(statement, when, noted_at))
    (message,) = note.parse(name, note.render(statement, when, noted_at), SG)
    found = extract(evidence(message.text, when=noted_at), SG)
    assert found and all((c.valid_time_start, c.time_precision.value) == (start, precision) for c in found)


def test_a_time_said_alone_before_a_sentence_does_not_date_a_clause_that_names_its_own() -> None:
    found = extract(evidence("去年，我们去了日本，今年三月我换了工作。", when=THURSDAY), SG)
    starts = {c.content_text: c.valid_time_start for c in found}
    assert any(s == "2025-01-01" for s in starts.values()) and any(s == "2026-03-01" for s in starts.values())
