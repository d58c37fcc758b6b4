"""潮汕话 / 闽南话 and 天津话 function words read as Mandarin's (issue 10, thirteenth sample: "今日去...考试",
"欲带伊月尾再去复查" stored as timeless facts): 欲 before a verb is a plan, 伊 someone else, a day said with 日 or
夜来 dates the clause by its entry. The sentences are written for the tests, none is a benchmark's."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import clauses, extract
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 5, 10, 13, 0, tzinfo=UTC)


def read(text: str) -> list[tuple[str, str | None, str]]:
    return [(c.memory_type.value, c.valid_time_start, c.content_text) for c in extract(evidence(text, "user", when=SAID))]


@pytest.mark.parametrize(
    ("regional", "mandarin"),
    [
        ("我今日去邮局寄了两箱柑。", "我今天去邮局寄了两箱柑。"),
        ("我昨日同阿梅去食牛肉丸。", "我昨天同阿梅去食牛肉丸。"),
        ("夜来我去南市买了两斤麻花。", "昨天我去南市买了两斤麻花。"),
        ("我明日欲去考驾照。", "我明天要去考驾照。"),
    ],
)
def test_a_day_and_a_plan_said_in_a_region_are_dated_as_mandarins(regional: str, mandarin: str) -> None:
    found = read(regional)
    assert found and [(t, s) for t, s, _ in found] == [(t, s) for t, s, _ in read(mandarin)]
    assert all(s is not None for _, s, _ in found)
    assert set(found[0][2]) <= set(regional) | set("用户")  # given back in the writer's characters (欲, not 要)


def test_min_function_words_are_folded_one_for_one() -> None:
    assert clauses.fold_dialect("伊呾伊胶己欲去广州") == "他说他自己要去广州"
    assert clauses.fold_dialect("伊呾伊胶己欲去广州").__len__() == len("伊呾伊胶己欲去广州")


@pytest.mark.parametrize(
    "mandarin",
    ["伊朗和伊拉克的新闻", "木乃伊展览", "我胃口好，食欲不错", "他跃跃欲试", "日本料理", "以后日子长着呢", "半夜来了个电话", "夜来香开了"],
)
def test_mandarin_words_holding_the_characters_are_left_as_written(mandarin: str) -> None:
    assert clauses.fold_dialect(mandarin) == mandarin


def test_english_is_untouched() -> None:
    assert clauses.fold_dialect("I moved to Denver last spring.") == "I moved to Denver last spring."


@pytest.mark.parametrize(
    ("text", "relation"),
    [("我弟媳秋红在医院上班。", "sister-in-law"), ("小姑子翠兰周末来帮忙带孩子，", "sister-in-law")],
)
def test_kin_by_marriage_named_with_their_name_is_a_relationship(text: str, relation: str) -> None:
    found = [c for c in extract(evidence(text, "user", when=SAID)) if c.memory_type.value == "relationship"]
    assert [c.predicate for c in found] == [relation]


def test_a_slip_owned_is_a_frame_for_the_right_value_after_it() -> None:
    assert clauses.zh_frame("昨天写错了") and clauses.zh_frame("上回记错了")
    assert not clauses.zh_frame("考试写错了两道题")  # what went wrong is said: a fact of its own
    found = [c.content_text for c in extract(evidence("上回记错了，体检不是周五，改到下周二。", "user", when=SAID))]
    assert not any(c.endswith("记错了") for c in found)
