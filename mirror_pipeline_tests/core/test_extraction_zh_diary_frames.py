"""How Chinese diary prose says what the writer felt and did, without 我 (issue 10's zh diary recall): feeling frames
(`aspects.ZH_FEELING_FRAMES`), 冇 as a denial. Sentences written for these tests, none from a benchmark set."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 4, 20, 13, 0, tzinfo=UTC)


def read(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.memory_type.value, c.content_text, c.valid_time_start) for c in extract(evidence(text, "user", when=SAID))]


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("发了年终奖，心里乐呵呵的。", "用户当时心里乐呵呵的"),  # the heart said to be some way
        ("想起老家的院子，心里酸溜溜的。", "用户当时心里酸溜溜的"),
        ("面试完一路上心里直打鼓。", "用户当时心里直打鼓"),
        ("搬了一天的箱子，晚上腰酸背疼，闷得慌。", "用户当时闷得慌"),  # X得慌
        ("体检结果都正常，总算松了一口气。", "用户当时松了一口气"),  # a breath let out
        ("收到录用通知，高兴坏了。", "用户当时高兴坏了"),  # an emotion and its degree complement
        ("看完那封信，鼻子一酸。", "用户当时鼻子一酸"),  # a part of the body that of a sudden goes some way
        ("头一回上台讲课，有点不自在。", "用户当时有点不自在"),  # a state said by denying its opposite
        ("要把养了八年的猫送人，是真舍不得。", "用户当时舍不得"),
        ("昨天心里空荡荡的。", "用户当时心里空荡荡的"),
        # (a start of the heart is what was felt: once read as an event, "用户心里咯噔一下", in test_extraction_time)
        ("听到这个消息，我心里咯噔一下。", "用户当时心里咯噔一下"),
    ],
)
def test_a_feeling_said_by_its_frame_is_the_writers_snapshot(text: str, content: str) -> None:
    assert ("emotion", content) in [(k, c) for k, c, _ in read(text)]


def test_a_feeling_of_yesterday_is_dated_the_day_before() -> None:
    got = [(k, c, s) for k, c, s in read("昨天心里空荡荡的。") if k == "emotion"]
    assert got == [("emotion", "用户当时心里空荡荡的", "2026-04-19")]


@pytest.mark.parametrize(
    "text",
    [
        "心里清楚这事成不了。",  # what the heart knows is no feeling
        "阿芳腿软，下楼都是我扶着。",  # someone's body named before the frame: hers, not the writer's
        "有点不想去了。",  # a denied wish, not a state
        "腰杆子酸得慌。",  # the back's ache is no 慌 (nerves)
    ],
)
def test_a_frame_that_is_not_the_writers_feeling_gives_no_emotion(text: str) -> None:
    assert [c for k, c, _ in read(text) if k == "emotion"] == []


def test_leng_is_a_denial() -> None:
    # "冇" (没) in the south: "结节冇长" is not "the nodule grew", "冇敢上" not "went up"
    assert [c for _, c, _ in read("玻璃栈道我冇敢上。")] == []
