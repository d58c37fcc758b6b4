import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence


def facts(text: str, actor: str = "user") -> set[tuple[str, str, str]]:
    return {(c.memory_type.value, c.predicate, c.object) for c in extract(evidence(text, actor))}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我现在住在东京。", ("fact", "lives_in", "东京")),
        ("I live in Tokyo with my wife.", ("fact", "lives_in", "Tokyo")),
        ("I moved to Osaka last week!", ("event", "moved_to", "Osaka")),
        ("I moved to Osaka last week!", ("fact", "lives_in", "Osaka")),
        ("我在A 公司工作", ("fact", "works_at", "A公司")),
        ("I work at A Company.", ("fact", "works_at", "A Company")),
        ("小王是我表哥", ("relationship", "cousin", "小王")),
        ("My manager Kobayashi approved it", ("relationship", "manager", "Kobayashi")),
        ("Wei is my cousin", ("relationship", "cousin", "Wei")),
        ("以后技术资料优先英文", ("preference", "prefers", "技术资料: 英文")),
        (
            "I prefer English documentation for technical topics.",
            ("preference", "prefers", "English documentation for technical topics"),
        ),
    ],
)
def test_the_users_own_statements_become_candidates(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "我不再住在东京了",  # negation is not its opposite
        "如果我搬到大阪会怎样",  # a hypothetical
        "他说他住在大阪",  # reported speech is not about the user
        "Do you live in Tokyo?",  # a question
        "I don't live in Tokyo",
        "If I moved to Osaka I could bike to work.",
        "家里wifi密码：[secret:password:sec_0123456789abcdef]，我住在东京",  # a sentence that held a secret
    ],
)
def test_what_is_not_an_assertion_about_the_user_gives_nothing(text: str) -> None:
    assert facts(text) == set()


def test_the_assistant_and_other_people_never_speak_for_the_user() -> None:
    assert facts("Since you live in Kyoto, you could visit Fushimi Inari.", actor="assistant") == set()
    assert facts("I live in Kyoto", actor="other:Alice") == set()


def test_hedges_lower_confidence_and_times_are_kept_as_said() -> None:
    (sure,) = [c for c in extract(evidence("I joined Google in 2021")) if c.predicate == "joined"]
    (hedged,) = [c for c in extract(evidence("I think I joined Google in 2021")) if c.predicate == "joined"]
    assert hedged.confidence < sure.confidence
    assert (sure.valid_time_start, sure.valid_time_end, sure.time_precision.value, sure.time_expression) == (
        "2021-01-01",
        "2021-12-31",
        "year",
        "in 2021",
    )


def test_every_candidate_points_at_the_span_that_supports_it() -> None:
    text = "周末很忙。我现在住在东京，离车站很近。"
    for c in extract(evidence(text)):
        assert c.evidence_id == "ev_1"
        assert "住在东京" in text[c.span_start : c.span_end]


def test_relative_times_are_read_on_the_persons_calendar() -> None:
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    # 2026-10-26 00:30 in Tokyo is still 2026-10-25 in UTC
    said = datetime(2026, 10, 25, 15, 30, tzinfo=UTC)
    (moved,) = [
        c
        for c in extract(evidence("I moved to Osaka yesterday.", when=said), ZoneInfo("Asia/Tokyo"))
        if c.predicate == "moved_to"
    ]
    assert moved.valid_time_start == "2026-10-25"
    (utc,) = [c for c in extract(evidence("I moved to Osaka yesterday.", when=said)) if c.predicate == "moved_to"]
    assert utc.valid_time_start == "2026-10-24"
