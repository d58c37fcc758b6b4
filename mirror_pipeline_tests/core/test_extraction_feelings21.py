"""Feelings by their construction (session 21): a verb of feeling with any adjective, what a thing did to the
writer's feeling, the body's idioms, exclamations, envy and pride of oneself, when a bare feeling was felt; in
Chinese a moment or an agent before the frame, crying and fright as a feeling's expression, a kin's clause before a
bare feeling, 特别 read as no denial, the scene an earlier clause sets as the feeling's time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 3, 11, 20, 0, tzinfo=UTC)  # a Wednesday


def _all(text: str) -> list:
    return extract(evidence(text, "user", when=SAID))


def _feelings(text: str) -> list:
    return [c for c in _all(text) if c.memory_type.value == "emotion"]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a verb of feeling takes any adjective as the state felt
        ("feeling oddly hollow tonight", "hollow"),
        ("I felt weirdly wobbly after the call", "wobbly"),
        # what a thing or a person did to the writer's feeling
        ("the news left me rattled", "rattled"),
        ("this job is making me so miserable", "miserable"),
        # the body's idioms
        ("my heart dropped when the phone rang", "heart dropped"),
        ("my stomach was in knots all morning", "stomach"),
        # an exclamation of relief
        ("such a relief, the boiler works again", "relief"),
        # idioms said whole
        ("tickled pink with the new kitchen", "tickled pink"),
        ("couldn't stop grinning at work", "grinning"),
        # envy of another, pride of oneself
        ("a tiny bit envious of her new place", "envious"),
        ("really proud of myself for the speech", "proud"),
        # when a bare feeling was felt
        ("was a bundle of nerves during the exam", "nerves"),
        # Chinese: a moment before the frame, an agent, crying and fright, a mood idiom, never-so
        ("听到那首歌那一刻眼眶一热", "眼眶一热"),
        ("被房东气得半死", "气得半死"),
        ("看完电影哭得稀里哗啦", "哭得稀里哗啦"),
        ("半夜被雷声吓醒了", "吓醒"),
        ("这两天闷闷不乐的", "闷闷不乐"),
        ("很久没这么开心了", "开心"),
        ("今天特别沮丧", "沮丧"),
        ("开完会松了一口气", "松了一口气"),
    ],
)
def test_a_feeling_said_by_its_construction_is_the_writers(text: str, word: str) -> None:
    found = _feelings(text)
    assert any(word in c.content_text for c in found), [(c.memory_type.value, c.content_text) for c in _all(text)]


@pytest.mark.parametrize(
    "text",
    [
        "I feel like a fraud",
        "feeling the heat at work",
        "what a lovely surprise for them",
        "so proud of her!",
        "哥哥没考上，很失落",  # a kin's clause before a bare feeling: his
        "他们这两天吵架了，心情很差",
        "别伤心了",
        "I got lost in Paris",  # a weak word after "got" is no feeling
    ],
)
def test_no_feeling_of_the_writers_where_none_is_said(text: str) -> None:
    assert not _feelings(text), [c.content_text for c in _feelings(text)]


def test_a_gerund_after_im_is_no_role() -> None:
    found = _all("I'm dreading the dentist on friday")
    assert not [c for c in found if c.predicate == "has_role"], [c.content_text for c in found]
    assert [c.content_text for c in found if c.memory_type.value == "emotion"] == ["The user was dreading the dentist"]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("昨晚想起爷爷，哭得稀里哗啦", "2026-03-10"),  # the scene the earlier clause sets
        ("上个月天天加班，累得慌", None),  # (a month: its span)
        ("couldn't sleep last night, worried sick about the biopsy", "2026-03-10"),
    ],
)
def test_a_feeling_with_no_time_of_its_own_is_felt_in_the_scene_said_before(text: str, day: str | None) -> None:
    found = _feelings(text)
    assert found, [(c.memory_type.value, c.content_text) for c in _all(text)]
    if day is None:
        assert (found[0].valid_time_start, found[0].valid_time_end) == ("2026-02-01", "2026-02-28")
    else:
        assert (found[0].valid_time_start, found[0].valid_time_end) == (day, day)


def test_a_feeling_after_an_act_done_is_felt_at_the_telling() -> None:
    found = _feelings("去年辞职了，很后悔")
    assert [(c.valid_time_start, c.valid_time_end) for c in found] == [("2026-03-11", "2026-03-11")]


@pytest.mark.parametrize(
    "text",
    ["my nerves have been shot since the accident", "还在生气，他凭什么不道歉"],
)
def test_a_feeling_said_to_last_has_no_start(text: str) -> None:
    found = _feelings(text)
    assert found and found[0].valid_time_start is None, [(c.content_text, c.valid_time_start) for c in _all(text)]


def test_what_a_pointer_did_to_the_writers_feeling_is_the_feeling_alone() -> None:
    assert [c.content_text for c in _feelings("we talked for hours and it made me so happy")] == ["The user felt happy"]


@pytest.mark.parametrize(
    "text",
    ["gardening makes me so calm", "it's great to find stuff that makes us happy"],  # a liking; people in general
)
def test_what_makes_one_feel_so_in_general_is_no_feeling_of_the_day(text: str) -> None:
    assert not _feelings(text), [c.content_text for c in _feelings(text)]


def test_a_feeling_takes_no_figure_of_the_clause_after_it() -> None:
    found = _all("夜个学员把车开到沟里咧，额吓得一身汗，在这个驾校当教练当了八年咧，今年四十四")
    felt = [c.content_text for c in found if c.memory_type.value == "emotion"]
    facts = [c.content_text for c in found if c.memory_type.value == "fact"]
    assert felt == ["用户当时吓得一身汗"] and any("八年" in f for f in facts), (felt, facts)
