"""Session 21 (issue 10): plans said with a date keep it ahead of the telling, a thing set for a day said as a
headline or with where it is, 陕西话's 咧 as the 了 it is, a told thing's own tense, and a place set right in lower case
carrying over the thing it moved (the earlier plan). Sentences written for this test, in new words, before tuning."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import govern
from mirror_pipeline.core.model import MemoryState, MemoryType
from mirror_pipeline_tests.core.helpers import evidence
from mirror_pipeline_tests.core.test_corrections19 import _head_of
from mirror_pipeline_tests.core.test_plans_called_off import said

POS = timezone(timedelta(hours=-4))


def _read(text: str, when: datetime):
    return [c for c in extract(evidence(text, when=when), UTC) if c.memory_type is not MemoryType.EMOTION]


@pytest.mark.parametrize(
    ("text", "when", "day"),
    [
        # a creole's bare verb of moving and its "de": the day moved to lies ahead (it was put in the past)
        ("mammy surgery push back to de 22nd of sept, not july, de eye doctor gone on leave", "2025-11-20", "2026-09-22"),
        ("they push back my knee surgery to de 22nd of march", "2026-11-20", "2027-03-22"),
        # a thing set for a day, with where it is, or as a headline with no verb
        ("interview is in scarborough on the 19th", "2026-11-10", "2026-11-19"),
        ("dem call me!! interview on de 19th in scarborough. buzzin for it", "2025-11-09", "2025-11-19"),
        ("flight to lagos on 5 january", "2026-11-28", "2027-01-05"),
        # the 了 of setting it is the setting's: still a plan
        ("我的驾照考试约在了一月八号", "2026-12-05", "2027-01-08"),
        # a day set for, said without its year after this year's has gone: the coming one
        ("驾考定在6月20号", "2026-12-05", "2027-06-20"),
    ],
)
def test_a_thing_set_or_moved_to_a_day_is_a_plan_of_that_day_ahead(text, when, day) -> None:
    found = _read(text, datetime.fromisoformat(when + "T20:00").replace(tzinfo=UTC))
    plans = [c for c in found if c.predicate.startswith("plans")]
    assert [c.valid_time_start for c in plans] == [day], [(c.content_text, c.valid_time_start) for c in found]


def test_a_headline_with_a_verb_after_its_time_is_no_plan() -> None:
    found = _read("dinner on friday was lovely", datetime(2026, 11, 10, 20, tzinfo=UTC))
    assert not [c for c in found if c.predicate.startswith("plans")]


def test_a_told_things_own_present_decides_its_year() -> None:
    # "the doctor say(s) / said the due date is 2nd of june" in December: the coming June, not the one gone
    found = extract(evidence("correction de doctor say de due date is 2nd of june not may", when=datetime(2025, 12, 11, tzinfo=UTC)))
    assert [c.valid_time_start for c in found] == ["2026-06-02"], [(c.content_text, c.valid_time_start) for c in found]


@pytest.mark.parametrize("text", ["面试完咧，感觉还行", "今天把车卖咧"])
def test_shaanxi_lie_after_a_verb_says_it_is_done(text) -> None:
    found = _read(text, datetime(2026, 4, 22, 13, tzinfo=UTC))
    events = [c for c in found if c.memory_type is MemoryType.EVENT]
    assert events and all(c.valid_time_end == "2026-04-22" and c.valid_time_start in (None, "2026-04-22") for c in events), [
        (c.content_text, c.memory_type, c.valid_time_start, c.valid_time_end) for c in found
    ]


def test_lie_as_a_grin_or_a_question_is_not_folded() -> None:
    from mirror_pipeline.core.extraction.clauses import fold_dialect

    assert fold_dialect("他咧嘴笑，大大咧咧的，你弄啥咧") == "他咧嘴笑，大大咧咧的，你弄啥咧"
    assert fold_dialect("面试完咧") == "面试完了"


@pytest.mark.parametrize(
    ("before", "fix", "new", "old"),
    [
        ("interview is in scarborough on the 19th", "correction, not scarborough, crown point", "Crown Point", "scarborough"),
        ("my appointment is at kilimani on friday", "not kilimani, is at kileleshwa", "Kileleshwa", "kilimani"),
    ],
)
def test_a_place_set_right_in_lower_case_carries_the_plan_it_moved(before, fix, new, old) -> None:
    governed = govern(said(before, 0, "ev_said") + said(fix, 1, "ev_fix"))
    first, head = _head_of(governed, "ev_said")
    assert all(m.state is MemoryState.SUPERSEDED for m in first), [(m.content_text, m.state) for m in first]
    assert new in head.content_text and old not in head.content_text, head.content_text
    assert head.predicate.startswith("plans") and "ev_fix" in head.evidence_ids


@pytest.mark.parametrize("fix", ["not bad, pretty good", "correction, not sure, maybe later"])
def test_words_after_not_that_name_nothing_set_nothing_right(fix) -> None:
    governed = govern(said("interview is in scarborough on the 19th", 0, "ev_said") + said(fix, 1, "ev_fix"))
    assert not [m for m in governed.current if "ev_fix" in m.evidence_ids]


@pytest.mark.parametrize(
    ("text", "when", "day"),
    [
        # a start someone wants or asks of the person is theirs, and ahead (not the February gone)
        ("interview went good good. de manager mr baptiste say dey want me to start from feb", "2025-11-13", "2026-02-01"),
        ("they asked me to start on the 5th", "2026-11-10", "2026-12-05"),
    ],
)
def test_a_start_asked_of_the_person_is_their_plan_ahead(text, when, day) -> None:
    found = _read(text, datetime.fromisoformat(when + "T20:00").replace(tzinfo=UTC))
    plans = [c for c in found if c.predicate.startswith("plans")]
    assert [c.valid_time_start for c in plans] == [day], [(c.content_text, c.valid_time_start) for c in found]


def test_a_month_set_right_alone_moves_the_start_it_corrects() -> None:
    governed = govern(
        said("de manager say dey want me to start from feb", 0, "ev_said") + said("nah wait, from march, not feb", 1, "ev_fix")
    )
    first, head = _head_of(governed, "ev_said")
    assert all(m.state is MemoryState.SUPERSEDED for m in first)
    assert head.valid_time_start == "2027-03-01" and "ev_fix" in head.evidence_ids, (head.content_text, head.valid_time_start)


def test_a_figure_said_after_actually_sets_right_the_figure_nearest_its_size() -> None:
    governed = govern(
        said("found a house in bon accord, 2 bed, 5,500 a month", 0, "ev_said")
        + said("actually is 5,200, she knock off 300", 1, "ev_fix")
    )
    first, head = _head_of(governed, "ev_said")
    assert "2 bed, 5,200 a month" in head.content_text, head.content_text
    # a figure set right does not move when the thing was: the finding keeps its day
    assert first[0].valid_time_end and (head.valid_time_start, head.valid_time_end) == (
        first[0].valid_time_start,
        first[0].valid_time_end,
    )
    # "actually" before a statement of its own is no correction
    governed = govern(said("found a house in bon accord, 2 bed, 5,500 a month", 0, "ev_said") + said("actually I love it here", 1, "ev_fix"))
    _, head = _head_of(governed, "ev_said")
    assert "5,500" in head.content_text


@pytest.mark.parametrize("text", ["I'm moving to Leeds in november", "我这个月要搬到成都"])
def test_the_month_one_is_in_said_of_what_is_ahead_is_a_plan_of_it(text) -> None:
    found = _read(text, datetime(2026, 11, 3, 12, tzinfo=UTC))
    assert [(c.predicate.split(":")[0], c.valid_time_start, c.valid_time_end) for c in found] == [
        ("plans", "2026-11-01", "2026-11-30")
    ], [(c.content_text, c.predicate, c.valid_time_start, c.valid_time_end) for c in found]
    # said done, it is what happened this month
    (done,) = _read("this month I started a new job", datetime(2026, 11, 3, 12, tzinfo=UTC))
    assert done.memory_type is MemoryType.EVENT
