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
    from mirror_pipeline.core.timeexpr import _easter, spring_festival

    assert [_easter(y).isoformat() for y in (2019, 2024, 2025)] == ["2019-04-21", "2024-03-31", "2025-04-20"]
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


SUNDAY = datetime(2024, 3, 10, 21, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start", "end", "precision"),
    [
        # festivals from their real dates: 中秋 2023-09-29, 端午 2023-06-22, 元宵 = 春节 + 14, 除夕 = 春节 - 1
        ("中秋节我们去了苏州", "2023-09-29", "2023-09-29", "day"),  # a past event: the last one
        ("中秋节打算回老家", "2024-09-17", "2024-09-17", "day"),  # a plan: the next one
        ("2023年端午节", "2023-06-22", "2023-06-22", "day"),
        ("去年元宵节", "2023-02-05", "2023-02-05", "day"),
        ("今年除夕", "2024-02-09", "2024-02-09", "day"),
        ("前年圣诞节", "2022-12-25", "2022-12-25", "day"),
        ("Over Christmas I visited my grandparents", "2023-12-25", "2023-12-25", "day"),
        ("last Thanksgiving", "2023-11-23", "2023-11-23", "day"),
        ("We'll see them at Easter", "2024-03-31", "2024-03-31", "day"),
        ("after Chinese New Year 2022", "2022-02-02", "2022-03-03", "rough"),
        # relative days, weeks and months
        ("大前天我把车卖了", "2024-03-07", "2024-03-07", "day"),
        ("the day before yesterday", "2024-03-08", "2024-03-08", "day"),
        ("我昨天晚上到了胡志明市", "2024-03-09", "2024-03-09", "day"),
        ("前几天我感冒了", "2024-03-05", "2024-03-08", "rough"),
        ("上周末去了海边", "2024-03-02", "2024-03-03", "rough"),
        ("下下周要体检", "2024-03-18", "2024-03-24", "rough"),
        ("我上个月底换了工作", "2024-02-21", "2024-02-29", "rough"),
        ("On Monday I told my boss", "2024-03-04", "2024-03-04", "day"),
        ("I'll fly out on Friday", "2024-03-15", "2024-03-15", "day"),  # a plan: the next Friday
        ("earlier this year", "2024-01-01", "2024-03-10", "rough"),
        ("a few weeks ago", "2024-02-01", "2024-02-28", "rough"),
        ("前年", "2022-01-01", "2022-12-31", "year"),
        ("三年前", "2021-01-01", "2021-12-31", "year"),
        # plans counted from the mention
        ("下个月我要去成都", "2024-04-01", "2024-04-30", "month"),
        ("next month", "2024-04-01", "2024-04-30", "month"),
        ("三天后我就要回国了", "2024-03-13", "2024-03-13", "day"),
        ("in two weeks", "2024-03-21", "2024-03-27", "rough"),
        ("in three months I'll be done", "2024-06-01", "2024-06-30", "month"),
        # durations said as still true: from then through the mention
        ("我跟他三个月没联系了", "2023-12-01", "2024-03-10", "month"),
        ("I haven't smoked since last March", "2023-03-01", "2024-03-10", "month"),
        ("我从2019年开始在腾讯工作", "2019-01-01", "2024-03-10", "year"),
        # partial and absolute dates, decades
        ("June 2021", "2021-06-01", "2021-06-30", "month"),
        ("八月份我去了云南", "2023-08-01", "2023-08-31", "month"),
        ("The wedding is on June 14", "2024-06-14", "2024-06-14", "day"),
        ("我九十年代在东北长大", "1990-01-01", "1999-12-31", "rough"),
        ("in the 90s", "1990-01-01", "1999-12-31", "rough"),
        ("I was born in '92", "1992-01-01", "1992-12-31", "year"),
        ("2018年底到2019年初", "2018-10-01", "2019-04-30", "rough"),
        ("明年五一打算办婚礼", "2025-05-01", "2025-05-01", "day"),
    ],
)
def test_each_form_resolves_on_the_mention_s_calendar(text: str, start: str, end: str, precision: str) -> None:
    (found,) = find_times(text, SUNDAY)
    assert (found.start_iso, found.end_iso, found.precision.value) == (start, end, precision)


@pytest.mark.parametrize(
    "text",
    [
        "I usually go to the gym on Fridays.",
        "我每周五都去游泳。",
        "I've worked there for years.",
        "During Thanksgiving, we usually watch a few movies.",  # a habit, not a day
        "Do you have any favorite Thanksgiving traditions?",  # a kind of thing
        "每年春节都回老家",
        "Hey! Haven't talked in a few days.",  # a length of time, not a plan
        "a book from the 1900s",  # a decade or a century
        "三五一十五",
    ],
)
def test_a_habit_or_a_vague_length_is_no_time(text: str) -> None:
    assert find_times(text, SUNDAY) == []


def test_a_duration_said_as_still_true_is_marked_ongoing_and_a_time_ago_is_not() -> None:
    (held,) = find_times("我搬到杭州三年了", SUNDAY)
    (ago,) = find_times("我三年前搬到杭州", SUNDAY)
    assert (held.ongoing, held.relative, ago.ongoing, ago.relative) == (True, True, False, True)
    (since,) = find_times("I've lived in Austin since 2017.", SUNDAY)
    assert (since.ongoing, since.relative) == (True, False)  # "since 2017" stays true as time passes


def test_every_form_is_one_keyword_record_the_prefilter_can_find() -> None:
    from mirror_pipeline.core.timeexpr import FORMS, Role

    assert len({f.name for f in FORMS}) == len(FORMS)
    for form in FORMS:
        assert all(word == word.lower() for word in form.needs), form.name  # the text is lowered before the check
        assert form.role is Role.ANCHORED or form.resolve is not None
    relative = [f for f in FORMS if f.relative]
    assert relative and all(f.role is not Role.ANCHORED for f in relative)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("用户去年离开北京", "用户离开北京"),
        ("我昨天晚上到了胡志明市", "我到了胡志明市"),
        ("上上周我去了趟医院", "我去了趟医院"),
        ("我搬到杭州三年了", "我搬到杭州"),
        ("我2021年离开了北京", "我2021年离开了北京"),  # absolute: still true next year
        ("我是2022年春节后离开A公司的", "我是2022年春节后离开A公司的"),
        ("我在华为干了五年了", "我在华为干了五年了"),  # the sentence cannot lose it
        ("I lost my job as a banker yesterday", "I lost my job as a banker"),
        ("Last year I moved to Denver", "I moved to Denver"),
        ("I started learning Spanish a few weeks ago and love it", "I started learning Spanish and love it"),
        ("I have been at Google for 4 years now", "I have been at Google now"),
        ("I moved to Berlin in June 2021", "I moved to Berlin in June 2021"),
        ("想从下个月开始学粤语", "想开始学粤语"),  # 从…开始 goes with its time, the verb stays
        ("我从明年起每天跑步", "我每天跑步"),
        ("从去年开始我就不吃肉了", "我就不吃肉了"),
        ("我从2021年开始学钢琴", "我从2021年开始学钢琴"),
        ("好，我9月2号晚上飞回杭州", "好，我飞回杭州"),
    ],
)
def test_relative_time_words_leave_a_statement_and_absolute_ones_stay(text: str, kept: str) -> None:
    from mirror_pipeline.core.timeexpr import without_relative_times

    assert without_relative_times(text) == kept


def test_time_word_spans_say_which_words_are_relative() -> None:
    from mirror_pipeline.core.timeexpr import time_word_spans

    text = "我2021年搬到上海，去年换了工作"
    assert [(text[s:e], relative) for s, e, relative in time_word_spans(text)] == [("2021年", False), ("去年", True)]


def test_a_message_time_is_read_on_the_source_s_own_calendar_else_the_home_s() -> None:
    from zoneinfo import ZoneInfo

    from mirror_pipeline.core.timeexpr import local_moment

    written = datetime(2017, 7, 19, 16, 22, tzinfo=UTC)  # 23:22 in Ho Chi Minh City, 00:22 the next day in Shanghai
    home = ZoneInfo("Asia/Shanghai")
    assert local_moment(written, "Asia/Ho_Chi_Minh", home).date().isoformat() == "2017-07-19"
    assert local_moment(written, None, home).date().isoformat() == "2017-07-20"
    assert local_moment(written, "Not/AZone", home).date().isoformat() == "2017-07-20"
    (yesterday,) = find_times("昨天", local_moment(written, "Asia/Ho_Chi_Minh", home))
    assert yesterday.start_iso == "2017-07-18"
    assert local_moment(None, "Asia/Ho_Chi_Minh", home) is None


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        # a part of a month without its year: ten days, the next for a plan, the last for a past event
        ("三月上旬我去了趟北京。", "2024-03-01", "2024-03-10"),  # said 10 March: this March's first ten days
        ("我们十二月初要去三亚。", "2024-12-01", "2024-12-10"),
        ("我去年八月下旬辞职了。", "2023-08-21", "2023-08-31"),
        ("I started the new job in late June.", "2023-06-21", "2023-06-30"),
        ("We're flying to Tokyo in early December.", "2024-12-01", "2024-12-10"),
        ("I'm moving to Berlin in mid-October.", "2024-10-11", "2024-10-20"),
        ("I quit at the end of January 2021.", "2021-01-21", "2021-01-31"),
    ],
)
def test_a_part_of_a_month_is_ten_rough_days_its_year_from_the_tense(text: str, start: str, end: str) -> None:
    (found,) = find_times(text, MENTION)
    assert (found.start_iso, found.end_iso, found.precision.value) == (start, end, "rough")


def test_a_weekend_without_a_week_word_takes_its_week_from_the_tense() -> None:
    sunday, wednesday = datetime(2026, 9, 20, 14, 30, tzinfo=UTC), datetime(2026, 9, 23, 12, tzinfo=UTC)

    def days(text: str, when: datetime) -> list[tuple[str | None, str | None]]:
        return [(t.start_iso, t.end_iso) for t in find_times(text, when) if t.resolved]

    assert days("周末去了趟深圳湾，跑了8公里。", sunday) == [("2026-09-19", "2026-09-20")]  # the one just lived
    assert days("周末去了趟深圳湾。", wednesday) == [("2026-09-19", "2026-09-20")]
    assert days("周末要去深圳湾跑步。", wednesday) == [("2026-09-26", "2026-09-27")]
    assert days("We went hiking over the weekend.", wednesday) == [("2026-09-19", "2026-09-20")]
    assert days("周末我一般在家。", wednesday) == days("每个周末都去爬山。", wednesday) == []  # a habit: no day
    assert days("I work on the weekend.", wednesday) == []


@pytest.mark.parametrize(
    ("text", "expression", "day"),
    [
        # REVIEW-2: "订好了 CZ3539 今天下午三点的" kept "三点的" in its content once "今天下午" was taken out
        ("订好了 今天下午三点的飞机", "今天下午三点", "2026-11-29"),
        ("明天晚上8点半到上海", "明天晚上8点半", "2026-11-30"),
        ("12月2号晚上7:30的高铁", "12月2号晚上7:30", "2026-12-02"),
    ],
)
def test_a_clock_time_after_a_day_is_one_expression_with_it(text: str, expression: str, day: str) -> None:
    (t,) = find_times(text, datetime(2026, 11, 29, 4, tzinfo=UTC))
    assert (t.expression, t.start_iso, t.end_iso) == (expression, day, day)


def test_a_yearly_day_in_a_decision_is_the_next_one() -> None:
    # REVIEW-2: "春节我决定回合肥过，不去上海了" said in November is next February's, though 了 ends the sentence
    said = datetime(2026, 11, 29, 4, tzinfo=UTC)
    (t,) = find_times("春节我决定回合肥过，不去上海了", said)
    assert t.start_iso == "2027-02-06"
    (t,) = find_times("I decided to spend Christmas with my parents.", said)
    assert t.start_iso == "2026-12-25"


def test_a_day_without_its_year_takes_the_tense_of_its_own_clause() -> None:
    # REVIEW-2: "跟CPO说了yes，一月开始带merchant app的团队" said in November: 说了 is past, 一月 is the coming one
    said = datetime(2026, 11, 29, 4, tzinfo=UTC)
    (t,) = find_times("跟CPO说了yes，一月开始带merchant app的团队", said)
    assert t.start_iso == "2027-01-01"
    (t,) = find_times("中秋节，我们去了苏州", said)  # a day said alone before its clause takes the sentence's tense
    assert t.start_iso == "2026-09-25"


# --- days said without their week, month or year: dated by the tense of their clause (review 4, finding 7) --------

THURSDAY = datetime(2026, 11, 26, 19, 6, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we move back to Punggol on Sunday then", "2026-11-29"),  # a present verb of a day ahead: the coming one
        ("My flight leaves Friday morning.", "2026-11-27"),
        ("I'm flying out on Friday.", "2026-11-27"),
        ("The movers come on Saturday.", "2026-11-28"),
        ("We moved the last boxes on Sunday, my back is killing me.", "2026-11-22"),  # a past verb: the last one
        ("I broke my wrist on Saturday playing badminton.", "2026-11-21"),
        ("我们周日搬回榜鹅。", "2026-11-29"),
        ("周二面试了，感觉还行。", "2026-11-24"),
        ("礼拜六我们去了海边，玩得很开心。", "2026-11-21"),
    ],
)
def test_a_weekday_without_its_week_is_the_one_its_verb_points_at(text, day) -> None:
    (found,) = find_times(text, THURSDAY)
    assert (found.start_iso, found.end_iso) == (day, day)


@pytest.mark.parametrize(
    ("text", "mention", "day"),
    [
        ("mum had the hip surgery on the 8th, went ok.", datetime(2026, 10, 12, tzinfo=UTC), "2026-10-08"),
        ("I'm getting my stitches out on the 3rd.", THURSDAY, "2026-12-03"),
        ("Our lease ends on the 30th so we need to be out by then.", THURSDAY, "2026-11-30"),
        ("The kids go back to school on the 4th.", datetime(2026, 12, 28, tzinfo=UTC), "2027-01-04"),
        ("妈妈8号做了髋骨手术，还算顺利。", datetime(2026, 10, 12, tzinfo=UTC), "2026-10-08"),
        ("八号我们飞大阪。", THURSDAY, "2026-12-08"),
        ("20号那天我们去民政局领了证。", THURSDAY, "2026-11-20"),
    ],
)
def test_a_bare_day_of_the_month_is_before_the_mention_in_a_past_clause_after_it_in_a_future_one(
    text, mention, day
) -> None:
    (found,) = find_times(text, mention)
    assert (found.start_iso, found.end_iso, found.precision.value) == (day, day, "day")


@pytest.mark.parametrize(
    "text", ["We live on the 8th floor now.", "I finished 3rd in the office run.", "我住在3号楼。", "坐地铁1号线上班。"]
)
def test_an_ordinal_or_a_number_that_is_no_day_of_the_month_is_no_time(text) -> None:
    assert find_times(text, THURSDAY) == []


@pytest.mark.parametrize(
    ("text", "mention", "day"),
    [
        ("contractor starts 2 Nov, 6 weeks.", datetime(2026, 10, 20, tzinfo=UTC), "2026-11-02"),
        ("I fly to Perth on 2 Feb.", datetime(2026, 6, 10, tzinfo=UTC), "2027-02-02"),  # nearest would be Feb past
        ("We got married on June 20 in Ipoh.", datetime(2026, 1, 5, tzinfo=UTC), "2025-06-20"),  # nearest: ahead
        ("预产期是3月14日。", datetime(2026, 9, 1, tzinfo=UTC), "2027-03-14"),
        ("7月30号辞职了。", datetime(2026, 2, 10, tzinfo=UTC), "2025-07-30"),
    ],
)
def test_a_day_and_month_without_a_year_is_dated_by_its_clauses_tense(text, mention, day) -> None:
    (found,) = find_times(text, mention)
    assert found.start_iso == day


def test_a_time_said_alone_before_the_statement_opens_it() -> None:
    from mirror_pipeline.core.timeexpr import opening_time

    for text, start in (("上个月，我血压最近150/90", "2026-11-01"), ("2019, I moved to Tampines", "2019-01-01")):
        times = find_times(text, datetime(2026, 12, 2, tzinfo=UTC))
        assert (opening := opening_time(text, times)) is not None and opening.start_iso == start
    said_inside = "我上个月开始学游泳"
    assert opening_time(said_inside, find_times(said_inside, datetime(2026, 12, 2, tzinfo=UTC))) is None
    assert find_times("2019 2020 and 2021, hard years", datetime(2026, 12, 2, tzinfo=UTC)) == []


def test_a_chinese_clause_without_an_aspect_word_takes_its_sentences_tense() -> None:
    """A diary written on the Saturday: "周六一早去医院看奶奶，陪她做了个CT" is that day (了 marks the narration once);
    "周五去面试，有点紧张" said on Tuesday is the coming Friday."""
    saturday = datetime(2024, 9, 28, 22, 50, tzinfo=UTC)
    (found, *_) = find_times("周六一早去医院看奶奶，陪她做了个CT，晚上和老公去看了场电影。", saturday)
    assert found.start_iso == "2024-09-28"
    (found,) = find_times("周五去面试，有点紧张。", datetime(2026, 11, 24, tzinfo=UTC))
    assert found.start_iso == "2026-11-27"


@pytest.mark.parametrize(
    ("text", "said", "day"),
    [
        # a festival said in the past a few days before it is the coming one (a ticket bought for it), not last year's
        ("国庆本来买好了回昆明的票", datetime(2025, 9, 18, 14, tzinfo=UTC), "2025-10-01"),
        # said after it with 了, the one just gone; said months after, still the last one
        ("国庆去了趟大理", datetime(2025, 11, 10, 14, tzinfo=UTC), "2025-10-01"),
        ("中秋节我们去了苏州", datetime(2024, 3, 10, 14, tzinfo=UTC), "2023-09-29"),
        # 明年 said with it: next year's, whatever the month
        ("明年国庆打算回昆明", datetime(2025, 9, 18, 14, tzinfo=UTC), "2026-10-01"),
    ],
)
def test_a_festival_without_its_year_by_tense_and_distance(text: str, said: datetime, day: str) -> None:
    [mention] = find_times(text, said)
    assert (str(mention.start), str(mention.end)) == (day, day)
