"""The people of a life named as they are in diaries and chats: a kin word and a given name alone (我女儿诗雨), a name
and then who they are ("This is Arjun, my husband"), the animals of a household, "our" as well as "my"; and what is
no one (a verb after the kin word, an interjection opening an address)."""

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence


def _relations(text: str) -> list[tuple[str, str]]:
    return [(c.predicate, c.object) for c in extract(evidence(text)) if c.memory_type.value == "relationship"]


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("我女儿悦彤下个月要考钢琴十级", ("daughter", "悦彤")),
        ("昨天儿子睿轩发烧了，一晚上没睡", ("son", "睿轩")),
        ("我老婆婉清怀孕了", ("wife", "婉清")),
        ("This is Tomasz, my husband, he cooks.", ("husband", "Tomasz")),
        ("I drove to Leeds with Aoife, my cousin.", ("cousin", "Aoife")),
        ("our daughter Ines starts nursery in April", ("daughter", "Ines")),
        ("My dog Biscuit ate a sock again", ("dog", "Biscuit")),
    ],
)
def test_a_person_of_the_household_is_named(text: str, relation: tuple[str, str]) -> None:
    assert relation in _relations(text)


@pytest.mark.parametrize(
    "text",
    [
        "我女儿学钢琴三年了",  # 学 | 钢琴: no name
        "我儿子练书法",
        "我老公在店里忙到十点",
        "女儿成绩很好",
        "我老婆炒股亏了",
        "Thanks, my friend, that helps a lot",
        "Hello, my dear, long time",
    ],
)
def test_no_one_is_named(text: str) -> None:
    assert _relations(text) == []


def test_a_feeling_of_today_after_a_past_telling_is_dated_today() -> None:
    # (thirteenth sample, z13b-07's shape, in new words: a finding of last week, then how the writer feels now)
    from datetime import UTC, datetime

    said = datetime(2026, 3, 20, 13, 0, tzinfo=UTC)
    (feeling,) = [
        c
        for c in extract(evidence("上周体检查出了脂肪肝，以后得戒酒了，心里很郁闷。", when=said))
        if c.memory_type.value == "emotion"
    ]
    assert (feeling.valid_time_start, feeling.valid_time_end) == ("2026-03-20", "2026-03-20")
