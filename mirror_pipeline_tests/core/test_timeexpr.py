from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.timeexpr import find_times

MENTION = datetime(2024, 3, 10, 9, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start", "end", "precision"),
    [
        ("我2021年6月15日入职", "2021-06-15", "2021-06-15", "day"),
        ("2021年6月搬的家", "2021-06-01", "2021-06-30", "month"),
        ("2021年换了工作", "2021-01-01", "2021-12-31", "year"),
        ("on 2023-05-04 we met", "2023-05-04", "2023-05-04", "day"),
        ("in March 2023", "2023-03-01", "2023-03-31", "month"),
        ("March 5, 2023", "2023-03-05", "2023-03-05", "day"),
        ("since 2019", "2019-01-01", "2024-03-10", "year"),  # still true: from then through the mention
        ("去年", "2023-01-01", "2023-12-31", "year"),
        ("上个月3号", "2024-02-03", "2024-02-03", "day"),
        ("I moved here last month", "2024-02-01", "2024-02-29", "month"),
        ("昨天", "2024-03-09", "2024-03-09", "day"),
        ("last week", "2024-02-26", "2024-03-03", "rough"),
        ("我应该是2021年中从A公司离开的", "2021-05-01", "2021-08-31", "rough"),
        ("2021年初", "2021-01-01", "2021-04-30", "rough"),
        ("2019年左右", "2018-01-01", "2020-12-31", "rough"),
        ("mid-2021", "2021-05-01", "2021-08-31", "rough"),
        ("around 2019", "2018-01-01", "2020-12-31", "rough"),
        ("2022年春天", "2022-03-01", "2022-05-31", "season"),
        ("winter 2021", "2021-12-01", "2022-02-28", "season"),
    ],
)
def test_expressions_resolve_to_an_interval_no_more_precise_than_said(text, start, end, precision) -> None:
    (found,) = find_times(text, MENTION)
    assert (found.start_iso, found.end_iso, found.precision.value) == (start, end, precision)


def test_relative_times_resolve_against_the_message_not_today() -> None:
    (a,) = find_times("去年", datetime(2019, 5, 1, tzinfo=UTC))
    assert a.start_iso == "2018-01-01"


def test_a_relative_time_without_a_mention_time_is_not_invented() -> None:
    assert find_times("去年搬的家", None) == []


def test_an_impossible_date_is_not_a_date() -> None:
    assert all(t.precision.value != "day" for t in find_times("2021年2月30日", MENTION))


@pytest.mark.parametrize("text", ["Writing was invented about 5000 years ago.", "1000000 days ago", "99999年前"])
def test_times_outside_the_calendar_are_left_unresolved_not_a_crash(text: str) -> None:
    assert find_times(text, MENTION) == []


def test_the_original_words_are_kept_whole() -> None:
    (found,) = find_times("我应该是2021年中从A公司离开的", MENTION)
    assert found.expression == "2021年中"
    assert find_times("2021年中国经济", MENTION)[0].precision.value == "year"  # 年中国 is not mid-year


@pytest.mark.parametrize(
    ("text", "start", "end", "precision"),
    [
        ("2022年春节后", "2022-02-02", "2022-03-03", "rough"),  # Spring Festival 2022 was on 1 February
        ("2023年春节前", "2022-12-23", "2023-01-21", "rough"),
        ("今年春节", "2024-02-10", "2024-02-10", "day"),
        ("去年春天", "2023-03-01", "2023-05-31", "season"),
        ("last spring", "2023-03-01", "2023-05-31", "season"),
        ("last winter", "2023-12-01", "2024-02-29", "season"),
        ("去年年底", "2023-10-01", "2023-12-31", "rough"),
        ("去年下半年", "2023-07-01", "2023-12-31", "rough"),
        ("two weeks ago", "2024-02-22", "2024-02-28", "rough"),
        ("三年前", "2021-01-01", "2021-12-31", "year"),
        ("six months ago", "2023-09-01", "2023-09-30", "month"),
        ("2016年到2021年", "2016-01-01", "2021-12-31", "year"),
        ("from 2016 to 2019", "2016-01-01", "2019-12-31", "year"),
        ("2018年3月到2020年5月", "2018-03-01", "2020-05-31", "month"),
        ("搬到上海三年了", "2021-01-01", "2024-03-10", "year"),  # still true: from then through the mention
        ("I've been living here for two years", "2022-01-01", "2024-03-10", "year"),
        ("二〇二〇年", "2020-01-01", "2020-12-31", "year"),
        ("next week", "2024-03-11", "2024-03-17", "rough"),
        ("in the fall of 2023", "2023-09-01", "2023-11-30", "season"),
    ],
)
def test_festivals_seasons_ranges_and_durations(text: str, start: str, end: str, precision: str) -> None:
    (found,) = find_times(text, MENTION)
    assert (found.start_iso, found.end_iso, found.precision.value) == (start, end, precision)


def test_the_spring_festival_table_holds_the_real_dates() -> None:
    from mirror_pipeline.core.timeexpr import spring_festival

    known = {1900: "1900-01-31", 1949: "1949-01-29", 2000: "2000-02-05", 2020: "2020-01-25", 2099: "2099-01-21"}
    assert {y: spring_festival(y).isoformat() for y in known} == known
    assert spring_festival(1899) is None and spring_festival(2100) is None


def test_a_worked_for_n_years_that_ended_is_a_length_not_a_start() -> None:
    assert find_times("I worked at IBM for five years.", MENTION) == []
    assert find_times("我在那里工作了五年", MENTION) == []


def test_an_anchored_time_waits_for_its_event_then_resolves_roughly() -> None:
    from datetime import date

    from mirror_pipeline.core.timeexpr import resolve_anchored

    (said,) = find_times("孩子出生前几个月我换了工作", MENTION)
    assert (said.anchor, said.relation, said.start, said.end, said.precision.value) == (
        "child_born",
        "before:months",
        None,
        None,
        "rough",
    )
    assert resolve_anchored(said, {"pandemic": (date(2020, 1, 1), date(2020, 3, 1))}) == said  # not this anchor
    placed = resolve_anchored(said, {"child_born": (date(2020, 5, 1), date(2020, 5, 1))})
    assert (placed.start_iso, placed.end_iso, placed.expression) == ("2019-05-02", "2020-04-01", said.expression)
    (soon,) = find_times("Shortly after the pandemic I started working remotely", MENTION)
    assert (soon.anchor, soon.relation) == ("pandemic", "after:soon")


@pytest.mark.parametrize(
    ("text", "start", "end", "precision"),
    [
        ("I moved to Berlin last March", "2023-03-01", "2023-03-31", "month"),
        ("上周五我们去了海边", "2023-12-22", "2023-12-22", "day"),
        ("上个礼拜一开会", "2023-12-18", "2023-12-18", "day"),
        ("下周二见", "2024-01-02", "2024-01-02", "day"),
        ("last Friday was fun", "2023-12-29", "2023-12-29", "day"),
        ("昨晚没睡好", "2023-12-30", "2023-12-30", "day"),
        ("this morning I ran 5k", "2023-12-31", "2023-12-31", "day"),
        ("last night at 11pm", "2023-12-30", "2023-12-30", "day"),
        ("半年前我换了工作", "2023-06-01", "2023-06-30", "rough"),
    ],
)
def test_weekdays_month_names_parts_of_a_day_and_half_a_year_resolve_against_the_message(
    text: str, start: str, end: str, precision: str
) -> None:
    said = datetime(2023, 12, 31, 12, tzinfo=UTC)  # a Sunday
    [mention] = find_times(text, said)
    assert (str(mention.start), str(mention.end), mention.precision.value) == (start, end, precision)


def test_the_verb_may_is_not_the_month() -> None:
    assert find_times("this may be wrong, last may not hold", datetime(2023, 12, 31, tzinfo=UTC)) == []
