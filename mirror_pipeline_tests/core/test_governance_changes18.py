"""Changes said as events become the next version of the attribute they change (sentences written for this test,
names invented): a promotion is the role from then on, a home moved into is where one lives."""

from datetime import UTC, datetime, timedelta

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import Extracted, govern
from mirror_pipeline.core.model import MemoryState
from mirror_pipeline_tests.core.helpers import evidence

T0 = datetime(2026, 3, 2, tzinfo=UTC)


def _extracted(text: str, day: int, evidence_id: str) -> list[Extracted]:
    when = T0 + timedelta(days=day)
    return [Extracted(c, when) for c in extract(evidence(text, evidence_id=evidence_id, when=when))]


@pytest.mark.parametrize(
    ("before", "after", "old", "new"),
    [
        ("I'm a logistics analyst.", "Got promoted to freight planning lead last week!", "logistics analyst",
         "freight planning lead"),
        ("I was made shift manager in 2024.", "I was made head of regional operations in May.", "shift manager",
         "head of regional operations"),
        ("我是一名仓库主管。", "上个月我升为区域经理了。", "仓库主管", "区域经理"),
        ("我是咖啡师。", "这个月当上了店长。", "咖啡师", "店长"),
    ],
)  # fmt: skip
def test_a_promotion_supersedes_the_old_role(before, after, old, new):
    governed = govern(_extracted(before, 0, "ev_a") + _extracted(after, 200, "ev_b"))
    roles = [m for m in governed.versions if m.predicate == "has_role"]
    assert [m.object for m in roles] == [old, new]
    assert roles[0].state is MemoryState.SUPERSEDED and roles[1].supersedes == roles[0].version_id
    assert [m.object for m in governed.current if m.predicate == "has_role"] == [new]


@pytest.mark.parametrize(
    ("before", "after", "new"),
    [
        ("I live in Whitefield.", "We moved into our new flat in Jayanagar on Saturday.", "Jayanagar"),
        ("我住在拱墅。", "上周末搬进了萧山的新家。", "萧山"),
    ],
)
def test_a_home_moved_into_supersedes_the_old_residence(before, after, new):
    governed = govern(_extracted(before, 0, "ev_a") + _extracted(after, 90, "ev_b"))
    homes = [m for m in governed.versions if m.predicate == "lives_in"]
    assert homes[0].state is MemoryState.SUPERSEDED and homes[-1].object == new
    assert homes[0].valid_time_end == homes[-1].valid_time_start
    assert [m.object for m in governed.current if m.predicate == "lives_in"] == [new]


def test_a_role_not_raised_to_is_no_role():
    for text in ("I was made to wait two hours at the counter.", "She was made captain of the team."):
        assert not [c for c in extract(evidence(text)) if c.predicate == "has_role"]
