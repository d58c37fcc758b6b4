"""The source's own timezone (issue 10): a Day One entry is dated on the calendar it was written on, whatever the
home's zone, from the parser through the evidence row to the time words of what it says."""

from datetime import UTC
from zoneinfo import ZoneInfo

import polars as pl

from mirror_pipeline.adapters.formats import admit, parse
from mirror_pipeline.contracts.tables import EVIDENCE
from mirror_pipeline.core.evidence import screen_message
from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import MemoryType
from mirror_pipeline.core.rows import as_row, evidence_from_row
from mirror_pipeline_tests.conftest import SAMPLES

SHANGHAI = ZoneInfo("Asia/Shanghai")  # the home: 2017-07-19 23:22 in Ho Chi Minh City is 00:22 on the 20th here


def _sample_evidence(home: ZoneInfo):
    path = SAMPLES / "dayone" / "Journal.json"
    admitted = admit(path.name, path.read_bytes())
    messages = parse(path.name, admitted.data, admitted.format, home)
    return [
        screen_message(m, source_format=admitted.format, file_path=str(path), file_hash="h").evidence for m in messages
    ]


def test_a_day_one_entry_keeps_its_own_zone_through_the_evidence_row() -> None:
    saigon = [e for e in _sample_evidence(SHANGHAI) if "胡志明市" in e.raw_content]
    (evidence,) = saigon
    assert evidence.source_timezone == "Asia/Ho_Chi_Minh"
    assert evidence.timestamp.astimezone(UTC).isoformat() == "2017-07-19T16:22:00+00:00"
    row = EVIDENCE.validate(EVIDENCE.frame([as_row(evidence, captured_at=evidence.timestamp)]))
    assert row["source_timezone"].to_list() == ["Asia/Ho_Chi_Minh"]
    back = evidence_from_row(row.to_dicts()[0])  # as the interpretation stage reads it: a UTC time and the zone
    assert back.source_timezone == "Asia/Ho_Chi_Minh" and back.timestamp.utcoffset().total_seconds() == 0


def test_a_day_one_entry_written_late_in_a_far_zone_is_dated_on_its_own_calendar() -> None:
    by_text = {e.raw_content: e for e in _sample_evidence(SHANGHAI)}
    day = next(e for t, e in by_text.items() if "胡志明市" in t)
    feeling = next(e for t, e in by_text.items() if t == "今天很开心。")
    (arrived,) = [c for c in extract(day, SHANGHAI) if "胡志明市" in c.content_text]
    assert (arrived.valid_time_start, arrived.valid_time_end) == ("2017-07-18", "2017-07-18")  # 昨天晚上, not the 19th
    (happy,) = [c for c in extract(feeling, SHANGHAI) if c.memory_type is MemoryType.EMOTION]
    assert (happy.valid_time_start, happy.valid_time_end) == ("2017-07-19", "2017-07-19")  # not 2017-07-20
    # the same words with no zone of their own are read on the home's calendar
    import dataclasses

    homeless = dataclasses.replace(feeling, source_timezone=None)
    (at_home,) = [c for c in extract(homeless, SHANGHAI) if c.memory_type is MemoryType.EMOTION]
    assert at_home.valid_time_start == "2017-07-20"


def test_an_entry_without_a_zone_or_with_one_that_does_not_exist_has_none() -> None:
    data = (
        b'{"entries": [{"uuid": "A1", "creationDate": "2024-01-01T10:00:00Z", "text": "no zone"},'
        b' {"uuid": "B2", "creationDate": "2024-01-01T10:00:00Z", "timeZone": "Mars/Olympus", "text": "bad zone"}]}'
    )
    admitted = admit("Journal.json", data)
    messages = parse("Journal.json", admitted.data, admitted.format, SHANGHAI)
    assert [m.source_timezone for m in messages] == [None, None]
    assert all(m.timestamp.tzinfo == SHANGHAI for m in messages)  # the home's calendar


def test_formats_without_a_zone_of_their_own_leave_it_null() -> None:
    for relative in ("telegram/result.json", "chatgpt/conversations.json", "claude/conversations.json"):
        path = SAMPLES / relative
        admitted = admit(path.name, path.read_bytes())
        messages = parse(path.name, admitted.data, admitted.format, SHANGHAI)
        assert messages and {m.source_timezone for m in messages} == {None}, relative
    assert pl.Schema(EVIDENCE.schema)["source_timezone"] == pl.String


def test_an_undated_statement_is_mentioned_on_its_own_calendar_in_governance_and_the_timeline() -> None:
    import dataclasses
    from datetime import datetime

    from mirror_pipeline.contracts.tables import MEMORY_CANDIDATES
    from mirror_pipeline.core.governance import _order
    from mirror_pipeline.core.rows import candidate_from_row, candidate_row
    from mirror_pipeline.core.serving import timeline

    day = next(e for e in _sample_evidence(SHANGHAI) if "胡志明市" in e.raw_content)
    here = dataclasses.replace(day, raw_content="我住在胡志明市第一郡。")  # written 23:22 on the 19th, there
    (lives,) = [c for c in extract(here, SHANGHAI) if c.memory_type is MemoryType.FACT]
    assert lives.valid_time_start is None and lives.source_timezone == "Asia/Ho_Chi_Minh"
    now = datetime(2024, 1, 1, tzinfo=UTC)
    row = MEMORY_CANDIDATES.validate(MEMORY_CANDIDATES.frame([candidate_row(lives, now)])).to_dicts()[0]
    back = candidate_from_row(row)  # as governance reads it: a UTC time and the zone
    assert _order(SHANGHAI)(back)[0] == "2017-07-19"  # not Shanghai's 2017-07-20
    assert (
        _order(SHANGHAI)(dataclasses.replace(back, candidate=dataclasses.replace(lives, source_timezone=None)))[0]
        == "2017-07-20"
    )
    evidence = EVIDENCE.validate(EVIDENCE.frame([as_row(here, captured_at=here.timestamp)]))
    memories = pl.DataFrame(
        {
            "memory_id": ["mem_1"],
            "evidence_ids": [[here.evidence_id]],
            "memory_type": ["event"],
            "content_text": [lives.content_text],
            "valid_time_start": [None],
            "valid_time_end": [None],
            "time_precision": ["unknown"],
            "time_expression": [None],
            "state": ["pending_review"],
        },
        schema_overrides={"valid_time_start": pl.String, "valid_time_end": pl.String, "time_expression": pl.String},
    )
    (event,) = timeline(memories, evidence, "Asia/Shanghai").to_dicts()
    assert event["sort_time"] == "2017-07-19"
    (at_home,) = timeline(memories, evidence.with_columns(source_timezone=None), "Asia/Shanghai").to_dicts()
    assert at_home["sort_time"] == "2017-07-20"
