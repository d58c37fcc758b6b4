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


# --- session 20: a feeling's time and what it is about --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "so anxious for the recital on friday",  # Friday lies ahead: the recital's day, not the feeling's
        "I'm dreading thursday's review",
        "buzzing for the gig next week",
        "想到下个月要搬家就心烦",
    ],
)
def test_a_feeling_about_a_coming_thing_is_felt_when_it_is_said(text: str) -> None:
    found = _feelings(text)
    assert found, text
    assert all(c.valid_time_start == c.valid_time_end == "2026-03-11" for c in found), [
        (c.valid_time_start, c.valid_time_end) for c in found
    ]


def test_a_feeling_of_all_week_runs_from_monday_to_the_telling() -> None:
    found = _feelings("been on edge all week")
    assert [(c.valid_time_start, c.valid_time_end) for c in found] == [("2026-03-09", "2026-03-11")]


@pytest.mark.parametrize(("text", "start"), [("这两天一直很郁闷", "2026-03-10"), ("这几天老是心慌", "2026-03-09")])
def test_these_few_days_is_a_span_up_to_the_telling(text: str, start: str) -> None:
    found = _feelings(text)
    assert [(c.valid_time_start, c.valid_time_end) for c in found] == [(start, "2026-03-11")]
    assert [(t.start_iso, t.end_iso) for t in find_times(text, SAID)] == [(start, "2026-03-11")]


def test_the_days_before_last_are_not_these_days() -> None:
    assert [t.expression for t in find_times("前两天去了趟医院", SAID)] == ["前两天"]


@pytest.mark.parametrize(
    ("text", "about"),
    [
        ("sick and tired of the night bus", "sick and tired of the night bus"),
        ("so fed up with the landlord", "fed up with the landlord"),
        ("really worried about the boiler", "worried about the boiler"),
        ("v nervous abt the scan results", "nervous about the scan results"),
    ],
)
def test_a_feeling_keeps_what_it_is_about(text: str, about: str) -> None:
    assert any(about in c.content_text for c in _feelings(text)), [c.content_text for c in _feelings(text)]


@pytest.mark.parametrize("text", ["sick of the queues at the post office", "so fed up with the rota", "still gutted"])
def test_being_fed_up_has_lasted_since_an_unsaid_day(text: str) -> None:
    found = _feelings(text)
    assert found and all(c.valid_time_start is None and c.valid_time_end == "2026-03-11" for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]


@pytest.mark.parametrize("text", ["考完试出来气呼呼的", "拿到奖金，乐呵呵的", "今天特别有成就感"])
def test_a_chinese_feeling_in_reduplicated_or_possessed_form(text: str) -> None:
    assert _feelings(text), text


@pytest.mark.parametrize("text", ["the dog is sick of the rain", "she's dreading the move", "I'm sick of you lol"])
def test_someone_elses_being_fed_up_or_one_at_the_listener_is_no_feeling_of_the_writers(text: str) -> None:
    assert not _feelings(text), [c.content_text for c in _feelings(text)]


def test_the_cue_of_an_alternation_is_the_literal_word_each_alternative_begins_with() -> None:
    from mirror_pipeline.core.extraction.feelings import literal_heads

    assert literal_heads(r"累|压力(?:很|好)?大|(?<!得)慌|心情(?:很)?(?:好|差)|头疼(?=死)|a?b") == "累|压力|慌|心情|头疼"


@pytest.mark.parametrize(("text", "content"), [("so sick of it", "The user felt fed up"), ("dreading it", "The user felt dread")])
def test_a_feeling_that_needs_its_object_said_of_a_pointer_is_the_feeling_alone(text: str, content: str) -> None:
    assert [c.content_text for c in _feelings(text)] == [content]
