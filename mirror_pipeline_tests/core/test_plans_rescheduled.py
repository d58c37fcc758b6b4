"""A later statement that moves a planned thing to another time ("the appointment got pushed to the 21st", "面试改到
下周五了") is the plan's next version: the new time stands, the old one is kept as superseded (an agent told the old
day would send the person on the wrong day)."""

from datetime import UTC

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import govern
from mirror_pipeline.core.model import MemoryState
from mirror_pipeline.core.plans import rescheduled
from mirror_pipeline_tests.core.helpers import evidence
from mirror_pipeline_tests.core.test_plans_called_off import T0, said  # (2026-06-01, a Monday)


@pytest.mark.parametrize(
    ("plan", "moved", "start"),
    [
        (
            "My dentist appointment is on the 14th.",
            "update: the dentist appointment got pushed to the 21st",
            "2026-06-21",
        ),
        ("I fly to Lisbon on June 20.", "flight to Lisbon moved to June 27 now, ugh", "2026-06-27"),
        ("面试定在下周三。", "面试改到下周五了。", "2026-06-12"),
        ("我们下个月15号搬家。", "搬家推迟到下个月20号了。", "2026-07-20"),
        ("我打算6月25号回老家。", "回老家提前到6月22号了", "2026-06-22"),
    ],
)
def test_a_planned_thing_moved_to_another_time_is_the_plans_next_version(plan: str, moved: str, start: str) -> None:
    governed = govern(said(plan, 0, "ev_plan") + said(moved, 2, "ev_moved"))
    planned = [m for m in governed.versions if "ev_plan" in m.evidence_ids]
    assert planned and all(m.state is MemoryState.SUPERSEDED for m in planned), [
        (m.content_text, m.state) for m in governed.versions
    ]
    (head,) = [m for m in governed.current if m.memory_id == planned[0].memory_id]
    assert head.evidence_ids == ("ev_moved",)
    assert head.valid_time_start == start, (head.content_text, head.valid_time_start)


@pytest.mark.parametrize(
    ("text", "thing", "start"),
    [
        ("the viewing got moved to Saturday", "viewing", "2026-06-06"),
        ("把婚礼推到明年五月了", "婚礼", "2027-05-01"),
    ],
)
def test_a_move_of_a_thing_never_said_before_is_kept_as_the_plan_it_now_is(text: str, thing: str, start: str) -> None:
    found = extract(evidence(text, when=T0), UTC)
    (c,) = [c for c in found if rescheduled(c)]
    assert thing in c.object and c.valid_time_start == start, (c.content_text, c.valid_time_start)
    assert [d.candidate_id for d in found] == [c.candidate_id]  # no other reader reads its words as something else


@pytest.mark.parametrize(
    "text",
    [
        "I moved to Porto in March.",  # a move of home, not of a date
        "we moved the sofa to the bedroom yesterday",  # no time it was moved to
        "我把车停到楼下了",
        "is the meeting moved to Friday?",  # a question
    ],
)
def test_what_moves_no_planned_thing_to_a_time_is_no_reschedule(text: str) -> None:
    assert not [c for c in extract(evidence(text, when=T0), UTC) if rescheduled(c)]
