"""Times of what a person says, session 17 (issue 10): which way a calendar word without its year or month resolves
follows the tense of the clause that holds it; a plan is never dated before its mention; a neighbouring report ("已经跟
我妈讲了") lends no past; relative years with a month resolve and leave the content; a habit has no start from its
first mention. Sentences written for this file, before any tuning."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.timeexpr import find_times
from mirror_pipeline_tests.core.helpers import evidence

SH = ZoneInfo("Asia/Shanghai")


def _at(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, 20, 15, tzinfo=SH)


def _starts(text: str, when: datetime) -> list[tuple[str, str | None, str | None]]:
    return [(c.content_text, c.valid_time_start, c.valid_time_end) for c in extract(evidence(text, when=when), SH)]


@pytest.mark.parametrize(
    ("text", "when", "start"),
    [
        # a range of days booked for a month already past this year: next year's
        ("we booked the train to Jaipur for the wedding, oct 18 to 23", _at(2026, 12, 2), "2027-10-18"),
        # a month in a plan said after that month: next year's
        ("we were planning Munnar in april with my cousins", _at(2026, 11, 20), "2027-04-01"),
        ("订好了四月去昆明的机票", _at(2026, 11, 20), "2027-04-01"),
    ],
)
def test_a_bare_month_or_range_resolves_the_way_its_clause_points(text, when, start) -> None:
    got = _starts(text, when)
    assert got and all(s == start for _, s, _ in got), got


@pytest.mark.parametrize(
    ("text", "when", "start"),
    [
        ("我们四月去了一趟昆明", _at(2026, 11, 20), "2026-04-01"),  # the past clause keeps the past month
        ("we went to Munnar in april with my cousins", _at(2026, 11, 20), "2026-04-01"),
        ("booked the cab for the 5th, it came late", _at(2026, 12, 7), "2026-12-05"),  # just past: the one told of
    ],
)
def test_a_past_clause_keeps_the_calendar_word_behind_it(text, when, start) -> None:
    assert [t.start_iso for t in find_times(text, when)] == [start]


@pytest.mark.parametrize(
    ("text", "when", "start"),
    [
        ("今年过年我们打算去三亚，不回老家了", _at(2026, 12, 1), "2027-02-06"),  # the coming 春节
        ("今年春节我们回了一趟老家", _at(2026, 12, 1), "2026-02-17"),  # the one just past
    ],
)
def test_this_years_spring_festival_said_after_it_in_a_plan_is_the_coming_one(text, when, start) -> None:
    (t,) = [t for t in find_times(text, when) if t.form == "zh_festival"]
    assert t.start_iso == start


@pytest.mark.parametrize(
    ("text", "when", "start"),
    [
        ("我23号去上海出差，机票已经订好了", _at(2026, 12, 7), "2026-12-23"),
        ("我20号回杭州，已经跟我妈讲了", _at(2026, 12, 7), "2026-12-20"),
        ("我3号去拆线了", _at(2026, 12, 7), "2026-12-03"),  # its own verb is past
    ],
)
def test_a_bare_day_of_the_month_takes_no_past_from_a_reporting_clause(text, when, start) -> None:
    got = _starts(text, when)
    assert got and all(s == start for _, s, _ in got), got


def test_a_relative_year_with_a_month_resolves_and_leaves_the_content() -> None:
    got = _starts("我们把婚礼定在明年3月", _at(2026, 10, 9))
    assert got and all(s == "2027-03-01" and "明年" not in c for c, s, _ in got), got
    got = _starts("我们准备明年6月搬去深圳", _at(2026, 10, 9))
    assert got and all(s == "2027-06-01" and "明年" not in c for c, s, _ in got), got


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("yesterday the landlord yelled at me about the parking. i was so upset", "2026-12-06"),
        ("前天开会被领导当众批评了。我难过了一整晚", "2026-12-05"),
    ],
)
def test_a_feeling_in_a_narration_of_yesterday_is_dated_then(text, day) -> None:
    feelings = [c for c in extract(evidence(text, when=_at(2026, 12, 7)), SH) if c.memory_type.value == "emotion"]
    assert feelings and all(c.valid_time_start == day for c in feelings), [
        (c.content_text, c.valid_time_start) for c in feelings
    ]


@pytest.mark.parametrize(
    "text",
    ["周末去爬山了，我喜欢周末爬山", "我周末喜欢去爬山", "I love hiking on weekends", "I play chess every Sunday"],
)
def test_a_weekly_habit_gets_no_start_from_its_mention(text) -> None:
    got = [c for c in extract(evidence(text, when=_at(2026, 5, 3)), SH) if c.memory_type.value != "event"]
    assert all(c.valid_time_start is None for c in got), [(c.content_text, c.valid_time_start) for c in got]


def test_a_clause_after_a_coming_festival_is_a_plan_for_it_not_a_thing_done() -> None:
    # (written with the fix, in new words; 来过 here is "come and spend it", 过年 elided)
    got = [
        (c.memory_type.value, c.valid_time_start, c.tags)
        for c in extract(evidence("今年过年不去婆家，把我爸妈都接到我们这边来过", when=_at(2026, 11, 28)), SH)
    ]
    assert got and all(start == "2027-02-06" for _, start, _ in got), got


def test_a_feeling_said_in_the_past_in_the_same_sentence_as_a_past_day_is_dated_that_day() -> None:
    # (written after the first fix, in new words: the disclosure reader's feelings too)
    found = extract(evidence("last tuesday I got the job offer and I was thrilled", when=_at(2026, 12, 7)), SH)
    feelings = [c for c in found if c.memory_type.value == "emotion"]
    assert feelings and all(c.valid_time_start == "2026-12-01" for c in feelings), [
        (c.content_text, c.valid_time_start) for c in feelings
    ]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("we're planning a week in Porto in may", "2027-05-01"),  # the month, in a plan said after it
        ("by may I hope to have the visa", "2027-05-01"),
        ("this may be the wrong clinic", None),  # the verb
        ("you may want to bring a jacket", None),
    ],
)
def test_may_is_the_month_when_no_verb_follows_it(text, start) -> None:
    # (written with the change, in new words)
    got = [t.start_iso for t in find_times(text, _at(2026, 10, 20))]
    assert got == ([start] if start else []), got
