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


@pytest.mark.parametrize(
    ("text", "kind", "content"),
    [
        # 俺 / 咱 are 我 (one character for one, the spans stay)
        ("俺也报了名去学挖掘机。", "event", "用户也报了名去学挖掘机"),
        # what the writer has done for a span that still runs: a lasting state, from that year
        ("开出租快八年了。", "fact", "用户开出租快八年了"),
        # a taste said with 爱 before what is taken in
        ("我还是爱喝胡辣汤。", "preference", "用户还是爱喝胡辣汤"),
    ],
)
def test_diary_statements_of_the_writer(text: str, kind: str, content: str) -> None:
    assert (kind, content) in [(k, c) for k, c, _ in read(text)]


def test_a_span_that_still_runs_dates_the_state_from_its_year() -> None:
    assert ("fact", "用户开出租快八年了", "2018-01-01") in read("开出租快八年了。")


def test_a_check_up_whose_owner_leads_keeps_what_it_found() -> None:
    found = [c for k, c, _ in read("公司体检报告出来了，尿酸偏高，520，医生皱着眉说要少吃海鲜。") if k == "event"]
    assert found and "520" in found[0] and "尿酸偏高" in found[0]


@pytest.mark.parametrize(
    "text",
    [
        "俺说那你自己看着办。",  # the writer's words in the day's talk, not a statement to the diary
        "我讲明天再说吧。",
        "是小芳替俺去的银行。",  # someone else's act done for the writer
        "小芳替俺去的银行。",
        "咱那疙瘩过年得吃饺子。",  # 咱 before a place is "our place": a custom, not the writer's act
        "到今年正好十年了。",  # only how long, no verb of the writer's
    ],
)
def test_what_the_writer_said_or_had_done_for_them_gives_no_statement(text: str) -> None:
    assert [c for k, c, _ in read(text) if k != "emotion"] == []


@pytest.mark.parametrize(
    ("text", "kind", "content", "start", "end"),
    [
        # X起 is "from X on": a state from that day (not an event of it); a plan for then on
        ("还是答应了，4月1号起当班长。", "fact", "用户当班长", "2026-04-01", None),
        ("想了一个礼拜，6月1号起当班长。", "fact", "用户打算当班长", "2026-06-01", None),
        # the first time, had
        ("头一天去新单位报到。", "event", "用户头一天去新单位报到", "2026-04-20", "2026-04-20"),
        # the household told as one, its doing done
        ("五一一家人去了趟黄山。", "event", "用户一家人去了趟黄山", "2026-05-01", "2026-05-01"),
    ],
)
def test_how_a_diary_dates_and_subjects_its_statements(text, kind, content, start, end) -> None:
    found = [
        (c.memory_type.value, c.content_text, c.valid_time_start, c.valid_time_end)
        for c in extract(evidence(text, "user", when=SAID))
    ]
    assert (kind, content, start, end) in found, found


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("老房子租出去了，一个月一千八。", "用户老房子租出去了，一个月一千八"),  # the writer's home, what was done with it
        ("车卖了，卖了六万二。", "用户车卖了，卖了六万二"),
        ("当上了车间主任，每月多六百。", "用户当上了车间主任，每月多六百"),  # a post reached, and its pay
    ],
)
def test_a_possession_or_a_post_and_its_figure(text: str, content: str) -> None:
    assert ("event", content) in [(k, c) for k, c, _ in read(text)]


def test_a_households_routine_is_not_a_statement() -> None:
    assert read("晚上一家人吃汤圆。") == []


def test_a_price_said_with_shi_de_goes_on_with_the_purchase_only() -> None:
    assert ("event", "用户买了台二手面包车，跑了八万公里，是三万二拿下的") in [
        (k, c) for k, c, _ in read("买了台二手面包车，跑了八万公里，是三万二拿下的。")
    ]
    # after a clause that is the thing's (its mileage), not the purchase: no memory of the user "running" 60,000 km
    got = [c for _, c, _ in read("换了个车，二手的，跑了六万公里，是四万八拿下的。")]
    assert not any(c.startswith("用户跑了") for c in got), got
