"""A later statement that calls a plan off ("decided not to", "不去了", "算了，不换了") ends the plan: the change of
mind is the plan's next version and the plan is no longer served as current."""

from datetime import UTC, datetime, timedelta

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import Extracted, govern
from mirror_pipeline.core.model import MemoryState
from mirror_pipeline.core.plans import content_words
from mirror_pipeline_tests.core.helpers import evidence

T0 = datetime(2026, 6, 1, tzinfo=UTC)


def said(text: str, day: int, evidence_id: str) -> list[Extracted]:
    when = T0 + timedelta(days=day)
    return [Extracted(c, when) for c in extract(evidence(text, evidence_id=evidence_id, when=when))]


@pytest.mark.parametrize(
    ("plan", "off", "words"),
    [
        ("I'm planning to move to Porto next year.", "Decided not to move to Porto.", "decided not to move to Porto"),
        ("I'm planning to move to Porto next year.", "We're not going to Porto anymore.", "decided not to go"),
        ("我打算下个月去成都。", "不去了，太累。", "决定不去了"),
        ("我们计划春节去云南旅游。", "云南不去了，太贵了。", "不去云南了"),
        ("我打算换工作。", "算了，不换了。", "决定不换了"),
        ("I plan to learn Spanish this year.", "I gave up on learning Spanish.", "gave up on learning Spanish"),
    ],
)
def test_a_plan_called_off_is_superseded_by_the_change_of_mind(plan: str, off: str, words: str) -> None:
    governed = govern(said(plan, 0, "ev_plan") + said(off, 9, "ev_off"))
    planned = [m for m in governed.versions if "ev_plan" in m.evidence_ids]
    assert planned and all(m.state is MemoryState.SUPERSEDED for m in planned), planned
    (head,) = [m for m in governed.current if m.memory_id == planned[0].memory_id]
    assert head.predicate == "called_off" and words in head.content_text and head.evidence_ids == ("ev_off",)
    assert head.supersedes == planned[-1].version_id


def test_a_change_of_mind_about_no_plan_is_not_kept() -> None:
    governed = govern(said("我打算下个月去成都。", 0, "ev_plan") + said("头不疼了。", 2, "ev_2"))
    assert [m.predicate for m in governed.current] == ["plans_to"]
    assert governed.current[0].state is not MemoryState.SUPERSEDED


def test_a_plan_taken_up_again_is_current_again() -> None:
    governed = govern(
        said("我打算下个月去成都。", 0, "ev_1")
        + said("成都不去了。", 3, "ev_2")
        + said("我打算下个月去成都。", 6, "ev_3")
    )
    (head,) = [m for m in governed.current if m.memory_id == governed.versions[0].memory_id]
    assert (head.version, head.predicate, head.evidence_ids) == (3, "plans_to", ("ev_3",))


def test_a_verb_alone_reaches_only_a_recent_plan() -> None:
    governed = govern(said("我打算换工作。", 0, "ev_plan") + said("算了，不换了。", 90, "ev_off"))
    assert [m.predicate for m in governed.current] == ["plans_to"]


def test_content_words_leave_out_what_makes_a_plan_a_plan() -> None:
    assert content_words("move to Porto next year") == {"move", "porto"}
    assert content_words("下个月去成都") == {"去", "成", "都"}
