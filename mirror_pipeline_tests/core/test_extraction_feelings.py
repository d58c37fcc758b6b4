"""Feelings as people type them: one lexicon of feeling words every reader shares (core/extraction/feelings.py),
idioms where an adjective of feeling stands, degree words of the varieties, a bare feeling told from a word that
describes a noun, a feeling that lasted up to the telling, Chinese degree complements."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.timeexpr import find_times
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 3, 11, 20, 0, tzinfo=UTC)  # a Wednesday


def _feelings(text: str) -> list:
    return [c for c in extract(evidence(text, "user", when=SAID)) if c.memory_type.value == "emotion"]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("was in pieces after the vet rang", "in pieces"),
        ("on cloud nine since the results", "on cloud nine"),
        ("im a total mess this morning", "mess"),
        ("proper livid with the bank", "livid"),
        ("dead nervous for the driving test", "nervous"),
        ("a wee bit homesick tonight", "homesick"),
        ("lowkey stressed about the deadline", "stressed"),
        ("ugh, mortified at the meeting", "mortified"),
        ("I was gobsmacked when she said yes", "gobsmacked"),
        ("feeling pretty down this evening", "down"),
    ],
)
def test_a_feeling_said_as_people_type_it_is_the_writers_emotion(text: str, word: str) -> None:
    found = _feelings(text)
    assert any(word in c.content_text for c in found), [c.content_text for c in found]


@pytest.mark.parametrize(
    "text",
    [
        "sad day for the club",
        "happy hour at six?",
        "proud parents everywhere at the graduation",
        "angry customers all morning at the till",
        "so happy for you both!",
        "my brother was livid with the ref",
        "low on milk, grab some",
    ],
)
def test_a_word_of_feeling_before_a_noun_or_of_someone_else_is_no_feeling_of_the_writers(text: str) -> None:
    assert not _feelings(text)


def test_a_feeling_that_lasted_up_to_the_telling_has_no_start() -> None:
    lasting = _feelings("so anxious lately, cant switch off")
    assert lasting and lasting[0].valid_time_start is None and lasting[0].valid_time_end == "2026-03-11"
    today = _feelings("so anxious today")
    assert today and today[0].valid_time_start == today[0].valid_time_end == "2026-03-11"
    zh = _feelings("最近老加班，心里烦得很")
    assert zh and zh[0].valid_time_start is None and zh[0].valid_time_end == "2026-03-11"


@pytest.mark.parametrize(
    ("text", "word"),
    [("昨天被插队，气死我了", "气死了"), ("考砸了，难受得要命", "难受"), ("这周憋屈得不行", "憋屈"), ("面试前紧张得睡不着", "紧张")],
)
def test_a_chinese_feeling_with_its_degree_complement(text: str, word: str) -> None:
    found = _feelings(text)
    assert any(word in c.content_text and "我" not in c.content_text for c in found), [c.content_text for c in found]


def test_the_weather_is_no_anger_and_the_yi_of_yizhi_is_no_monday() -> None:
    assert not _feelings("今天天气死热")
    [last_week] = find_times("上礼拜一直下雨", SAID)
    assert (last_week.start_iso, last_week.end_iso) == ("2026-03-02", "2026-03-08")
    [monday] = find_times("上礼拜一直接去的公司", SAID)
    assert monday.start_iso == monday.end_iso == "2026-03-02"
