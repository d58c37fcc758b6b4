"""The time of what is read from a statement, from its clause's own time words and tense (review 4, finding 7)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mirror_pipeline.adapters.parsers import note
from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import MemoryCandidate, MemoryType
from mirror_pipeline.core.timeexpr import find_times
from mirror_pipeline_tests.core.helpers import evidence

SG = ZoneInfo("Asia/Singapore")
THURSDAY = datetime(2026, 11, 26, 19, 6, tzinfo=SG)


def _plan(c: MemoryCandidate) -> bool:
    return c.predicate.startswith("plans") or "goal" in c.tags


@pytest.mark.parametrize(
    ("text", "day", "plan"),
    [
        ("finally. we move back to Punggol on Sunday then", "2026-11-29", True),
        ("I get my cast off on Friday.", "2026-11-27", True),
        ("我8号入职新公司。", "2026-12-08", True),  # a join dated ahead is a plan, never a join since the 8th
        ("我们周日搬家了。", "2026-11-22", False),
        ("I quit my job on the 8th.", "2026-11-08", False),  # "quit" after "I": the past
        ("mum had the hip surgery on the 8th, went ok.", "2026-11-08", False),
    ],
)
def test_a_day_said_without_its_week_or_month_dates_the_statement_as_its_verb_says(text, day, plan) -> None:
    found = extract(evidence(text, when=THURSDAY), SG)
    assert found and all(c.valid_time_start == day for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]
    assert all(_plan(c) == plan for c in found)
    assert plan or any(c.memory_type is MemoryType.EVENT for c in found)


@pytest.mark.parametrize(
    ("statement", "when", "start", "precision"),
    [
        ("我血压最近150/90，医生叫我少吃盐，每天走路", "上个月", "2026-11-01", "month"),
        ("I started physio for my knee", "last month", "2026-11-01", "month"),
        ("我3号去医院拆线了", "上个月", "2026-11-03", "day"),  # the clause's own day wins over --when
    ],
)
def test_a_notes_when_is_the_valid_time_of_what_is_read_from_it(statement, when, start, precision) -> None:
    noted_at = datetime(2026, 12, 2, 7, 23, tzinfo=SG)
    name = next(note.file_names(statement, when, noted_at))
    (message,) = note.parse(name, note.render(statement, when, noted_at), SG)
    found = extract(evidence(message.text, when=noted_at), SG)
    assert found and all((c.valid_time_start, c.time_precision.value) == (start, precision) for c in found)


def test_a_time_said_alone_before_a_sentence_does_not_date_a_clause_that_names_its_own() -> None:
    found = extract(evidence("去年，我们去了日本，今年三月我换了工作。", when=THURSDAY), SG)
    starts = {c.content_text: c.valid_time_start for c in found}
    assert any(s == "2025-01-01" for s in starts.values()) and any(s == "2026-03-01" for s in starts.values())


CHENGDU = ZoneInfo("Asia/Shanghai")


@pytest.mark.parametrize(
    ("text", "said", "day"),
    [
        ("搬家推到10月3号了", datetime(2026, 9, 27, 20, 14, tzinfo=CHENGDU), "2026-10-03"),  # REVIEW-5: was 2025
        ("The launch was pushed back to 2 March.", datetime(2027, 2, 20, 11, tzinfo=CHENGDU), "2027-03-02"),
        (
            "已经约好了12月5号去复查",
            datetime(2026, 11, 30, 8, tzinfo=CHENGDU),
            "2026-12-05",
        ),  # a past verb, days before
        ("I got my results back on March 28.", datetime(2027, 4, 2, 9, tzinfo=CHENGDU), "2027-03-28"),  # still past
        ("We moved to Austin on Sep 20.", datetime(2026, 9, 27, 9, tzinfo=CHENGDU), "2026-09-20"),  # moved to a place
    ],
)
def test_a_day_moved_to_lies_ahead_and_a_day_said_days_before_it_is_not_a_year_back(text, said, day) -> None:
    assert [t.start_iso for t in find_times(text, said)] == [day]


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("Kevin I'll be in Japan Oct 20-26 with my son, already told HR", "2026-10-20", "2026-10-26"),
        ("10月20日到26日我们在日本", "2026-10-20", "2026-10-26"),
        ("11月28号到12月2号要去上海出差", "2026-11-28", "2026-12-02"),
        ("I'm off from 3 to 9 August.", "2026-08-03", "2026-08-09"),
    ],
)
def test_a_range_of_days_is_one_time_from_its_first_day_to_its_last(text, start, end) -> None:
    found = find_times(text, datetime(2026, 7, 20, 10, tzinfo=CHENGDU))
    assert [(t.start_iso, t.end_iso, t.closed_range) for t in found] == [(start, end, True)]


def test_a_trip_said_with_a_range_of_days_keeps_the_range_and_its_words() -> None:
    found = extract(
        evidence(
            "Kevin I'll be in Japan Oct 20-26 with my son, already told HR", when=datetime(2026, 9, 1, tzinfo=CHENGDU)
        ),
        CHENGDU,
    )
    assert found and all((c.valid_time_start, c.valid_time_end) == ("2026-10-20", "2026-10-26") for c in found), [
        (c.content_text, c.valid_time_start, c.valid_time_end) for c in found
    ]
    assert not any("-26" in c.content_text for c in found)


@pytest.mark.parametrize(
    ("text", "said", "day"),
    [
        # a day booked in the past is the nearest one, not the one almost a year back
        ("we reserved the cabin for feb 14, can't wait", datetime(2026, 11, 20, tzinfo=SG), "2027-02-14"),
        ("I booked my mum's cataract op for the 2nd of March", datetime(2026, 12, 30, tzinfo=SG), "2027-03-02"),
        # a return moved to a day, with what was moved between the verb and its day: it lies ahead
        ("we moved our flight home to feb 2", datetime(2026, 12, 20, tzinfo=SG), "2027-02-02"),
    ],
)
def test_a_day_booked_or_moved_to_is_the_nearest_or_the_coming_one(text, said, day) -> None:
    assert [t.start_iso for t in find_times(text, said)] == [day]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I changed my flight home to feb 2 and skipped the Penang part", "to feb 2"),
        ("I reserved two seats at the Esplanade for march 9, back the 12th", "for march 9"),
        ("订了三月十二号的船票，去舟山。", "三月十二号的船票"),
    ],
)
def test_the_day_a_booking_or_a_move_is_for_stays_in_its_words_and_the_booking_is_done(text, kept) -> None:
    found = extract(evidence(text, when=datetime(2026, 12, 20, 9, tzinfo=SG)), SG)
    # (a flight changed to a day is also the plan's next version, on its new day: test_plans_rescheduled.py)
    moved = [c for c in found if "rescheduled" in c.tags]
    assert all(c.valid_time_start == "2027-02-02" for c in moved)
    found = [c for c in found if c not in moved]
    assert found and all(kept in c.content_text for c in found), [(c.content_text, c.valid_time_start) for c in found]
    assert all(c.valid_time_start is None and c.valid_time_end == "2026-12-20" for c in found), [
        (c.content_text, c.valid_time_start, c.valid_time_end) for c in found
    ]


def test_a_sentence_handed_in_within_single_quotes_is_not_the_writers_statement() -> None:
    text = "pls make this sound warmer: 'my schedule is full until March, I moved the review to next week'"
    assert extract(evidence(text, when=THURSDAY), SG) == []


def test_a_time_inside_a_quoted_phrase_is_no_time_of_the_statement() -> None:
    found = extract(evidence("I think those 'fluent in 30 days' apps are mostly hype", when=THURSDAY), SG)
    assert found and all(c.valid_time_start is None for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]


def test_what_a_task_took_the_writer_is_said_of_it_not_by_them() -> None:
    found = extract(evidence("we finished the deck renovation. took me three weekends of sanding", when=THURSDAY), SG)
    assert any(c.content_text.startswith("It took the user three weekends") for c in found), [
        c.content_text for c in found
    ]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("腊月廿三，在奶奶家吃了灶糖。", "2027-01-30"),  # 春节 2027 is 02-06; that 腊月 has 30 days
        ("正月初五，店里开门了。", "2026-02-21"),
        ("正月十五带孩子去看花灯。", "2026-03-03"),
    ],
)
def test_a_day_of_the_first_or_last_lunar_month_is_its_day_on_the_calendar(text, day) -> None:
    said = {"2027-01-30": datetime(2027, 1, 31, 21, tzinfo=SG)}.get(day, datetime(2026, 2, 25, 21, tzinfo=SG))
    assert [t.start_iso for t in find_times(text, said)] == [day]


def test_a_day_said_alone_dates_a_clause_whose_festival_is_what_it_is_for() -> None:
    said = datetime(2026, 2, 16, 22, tzinfo=SG)
    found = extract(evidence("腊月二十八，送我爸回老家过年，他总算肯坐高铁了。", when=said), SG)
    fetched = [c for c in found if "回老家" in c.content_text]
    assert fetched and all(c.memory_type is MemoryType.EVENT for c in fetched), [
        (c.content_text, c.memory_type) for c in found
    ]
    assert all(c.valid_time_start == "2026-02-15" and c.content_text.startswith("用户送") for c in fetched), [
        (c.content_text, c.valid_time_start) for c in fetched
    ]


def test_a_duration_said_with_how_near_it_is_stays_in_the_words() -> None:
    found = extract(evidence("搬来厦门快三年了，还是吃不惯沙茶面。", when=THURSDAY), SG)
    assert any(c.content_text.startswith("用户搬来厦门快三年") for c in found), [c.content_text for c in found]


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("我爸住院了，高血压晕在公交车上。", "用户的父亲高血压晕在公交车上"),  # a verb and where it ended, after 了
    ],
)
def test_a_bare_chinese_clause_that_tells_what_happened_is_an_event_before_the_mention(text, content) -> None:
    found = [c for c in extract(evidence(text, when=THURSDAY), SG) if c.content_text == content]
    assert found and all(c.memory_type is MemoryType.EVENT and c.valid_time_end == "2026-11-26" for c in found), [
        (c.content_text, c.memory_type) for c in extract(evidence(text, when=THURSDAY), SG)
    ]


def test_a_bare_chinese_state_or_negation_after_a_done_clause_stays_what_it_is() -> None:
    found = extract(evidence("体检做完了，血压还是偏高，没到吃药的地步。", when=THURSDAY), SG)
    assert not any(c.memory_type is MemoryType.EVENT and "偏高" in c.content_text for c in found)
    # a decision taken, then where the move goes: the move is not done (the done clause is not the one just before)
    found = extract(evidence("跟合伙人谈妥了，工作室还是搬，搬到江北那边一栋写字楼。", when=THURSDAY), SG)
    assert not any(c.memory_type is MemoryType.EVENT and "江北" in c.content_text for c in found)


def test_a_diary_sentence_naming_a_first_day_is_that_days_event() -> None:
    found = extract(evidence("新工作第一天。食堂的饭比原来的好吃。", when=THURSDAY), SG)
    day = [c for c in found if "第一天" in c.content_text]
    assert [(c.content_text, c.memory_type, c.valid_time_start) for c in day] == [
        ("用户在新工作的第一天", MemoryType.EVENT, "2026-11-26")
    ]


def test_a_childs_doing_goes_on_with_the_child_after_a_name_and_an_adverb() -> None:
    for text in (
        "动物园人很多，乐乐倒是很兴奋，还买了个气球。",
        "熊猫基地人很多，豆豆却看得很入迷，还买了个熊猫玩偶。",
    ):
        found = extract(evidence(text, when=THURSDAY), SG)
        assert not any("买了" in c.content_text for c in found), [c.content_text for c in found]


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        # "until" says when it ends, not when it began: never a state from the end of August on
        ("I'm on parental leave until the end of January", None, "2027-01-31"),
        ("I rented a flat in Ghent till 2021", None, "2021-12-31"),
    ],
)
def test_a_time_after_until_is_the_end_of_what_holds(text, start, end) -> None:
    found = extract(evidence(text, when=THURSDAY), SG)
    assert found and all((c.valid_time_start, c.valid_time_end) == (start, end) for c in found), [
        (c.content_text, c.valid_time_start, c.valid_time_end) for c in found
    ]


def test_a_closing_le_with_a_time_ahead_in_its_clause_is_a_change_to_come() -> None:
    found = extract(evidence("我下星期开始去药房上班了", when=THURSDAY), SG)
    assert found and all(_plan(c) and c.memory_type is not MemoryType.EVENT for c in found), [
        (c.content_text, c.predicate) for c in found
    ]


def test_a_short_aside_in_brackets_does_not_cut_the_clause_from_its_day() -> None:
    found = extract(evidence("I had a tooth out (lower left molar) on November 3 at the clinic", when=THURSDAY), SG)
    assert found and all(c.valid_time_start == "2026-11-03" for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("our car loan is 18k at 6.2 ending in 2028", "ending in 2028"),
        ("my visa is fine for now, expiring in March", "expiring in March"),
    ],
)
def test_a_time_of_a_participle_after_the_statement_is_kept_in_its_words_not_the_statements_time(text, kept) -> None:
    found = extract(evidence(text, when=THURSDAY), SG)
    assert found and all(kept in c.content_text and c.valid_time_start is None for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]


@pytest.mark.parametrize("text", ["体重又涨了三斤，我是该跑步了。", "我真该去体检了"])
def test_a_resolve_with_its_closing_le_is_a_plan_not_a_thing_done(text) -> None:
    found = [c for c in extract(evidence(text, when=THURSDAY), SG) if "该" in c.content_text]
    assert found and all(_plan(c) and c.memory_type is not MemoryType.EVENT for c in found), [
        (c.content_text, c.predicate) for c in found
    ]


def test_a_gloss_after_well_is_not_read_apart_from_the_clause_it_corrects() -> None:
    text = "my brother's wife is expecting!! we're gonna be an aunt and uncle, well i'm the aunt"
    found = [c.content_text for c in extract(evidence(text, when=THURSDAY), SG)]
    assert "The user and others are going to be an aunt and uncle" in found, found
    assert not any("well" in c or c == "The user is the aunt" for c in found), found


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("my grandma passed in 2021, so the farm went to my uncle", "2021-01-01"),
        ("my dad died last March", "2026-03-01"),
    ],
)
def test_a_kins_death_said_short_is_a_family_event_dated_as_said(text, start) -> None:
    found = [c for c in extract(evidence(text, when=THURSDAY), SG) if c.memory_type is MemoryType.EVENT]
    assert [(c.predicate, c.valid_time_start) for c in found][:1] == [("event:family", start)], [
        (c.content_text, c.valid_time_start) for c in found
    ]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("my sister is getting married in Penang in march", "2027-03-01"),
        ("we're getting engaged in May!", "2027-05-01"),
    ],
)
def test_getting_married_is_a_change_ahead_not_a_past_verb(text, start) -> None:
    found = extract(evidence(text, when=THURSDAY), SG)
    assert found and all(c.valid_time_start == start and _plan(c) for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]


def test_our_in_a_patterns_content_is_the_users() -> None:
    text = "I'm going to paint our son Leo a mural for his room next month"
    found = [c.content_text for c in extract(evidence(text, when=THURSDAY), SG)]
    assert found and not any(" our " in c for c in found), found


def test_a_wish_asked_for_and_granted_holds_and_one_refused_stays_a_wish() -> None:
    granted = extract(evidence("跟店长提了，想每周六休息。她居然答应了。", when=THURSDAY), SG)
    assert any(c.content_text == "用户每周六休息" and not _plan(c) for c in granted), [
        (c.content_text, c.predicate) for c in granted
    ]
    refused = extract(evidence("跟店长提了，想每周六休息。她没答应。", when=THURSDAY), SG)
    assert not any(c.content_text == "用户每周六休息" for c in refused)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("my dentist appointment is on Dec 9", "The user's dentist appointment is on 2026-12-09"),
        ("my interview was yesterday", "The user's interview was 2026-11-25"),
    ],
)
def test_a_time_that_is_what_is_says_stays_as_its_date(text, content) -> None:
    found = [c.content_text for c in extract(evidence(text, when=THURSDAY), SG)]
    assert content in found, found


def test_her_after_the_one_kin_of_hers_named_is_that_kin_and_two_keep_it_as_said() -> None:
    one = [c.content_text for c in extract(evidence("我爸摔伤了腿。我打算把他接到成都来养伤。", when=THURSDAY), SG)]
    assert any("把父亲接到成都" in c for c in one), one
    two = [c.content_text for c in extract(evidence("我爸和我哥都来了，我打算带他去看熊猫。", when=THURSDAY), SG)]
    assert not any("父亲" in c and "熊猫" in c for c in two), two


def test_a_finding_on_the_writers_body_after_a_report_is_read_not_taken_as_the_reports() -> None:
    found = [c.content_text for c in extract(evidence("体检单拿到了，肺上有个磨玻璃结节，要复查。", when=THURSDAY), SG)]
    assert any("肺上有个磨玻璃结节" in c for c in found), found


def test_a_quoted_title_opening_a_clause_is_its_subject_not_someones_words() -> None:
    text = "Yeah, 'The Hobbit and the Lonely Mountain' is special to me. It was the first book my dad read to me."
    found = [c.content_text for c in extract(evidence(text, when=THURSDAY), SG)]
    assert any("The Hobbit" in c and "special" in c for c in found), found


def test_how_long_a_choice_was_weighed_is_no_memory_of_its_own() -> None:
    for text in ("考虑了一个星期，还是不去上海了。", "想了两个礼拜，还是不去了。"):
        found = [c.content_text for c in extract(evidence(text, when=THURSDAY), SG)]
        assert found and not any("考虑了" in c or "想了" in c for c in found), found


@pytest.mark.parametrize(("year", "day"), [(2024, "2024-04-04"), (2026, "2026-04-05"), (1996, "1996-04-04")])
def test_qingming_is_its_solar_term(year, day) -> None:
    (t,) = find_times("清明回老家扫墓", datetime(year, 4, 20, tzinfo=SG))
    assert t.start_iso == day


def test_a_holiday_word_opening_a_diary_clause_is_its_time_not_its_subject() -> None:
    found = extract(evidence("清明放假带爸妈去了趟崂山。", when=datetime(2026, 4, 6, 21, tzinfo=SG)), SG)
    assert [(c.memory_type, c.valid_time_start) for c in found] == [(MemoryType.EVENT, "2026-04-05")], [
        (c.content_text, c.valid_time_start) for c in found
    ]


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("我09年从南宁出来到深圳打工", ["2009-01-01"]),
        ("她是96年的", ["1996-01-01"]),
        ("我在这行干了18年", []),  # a span, not 2018
        ("18年前我来的上海", ["2008-01-01"]),  # the span ago, not the year
    ],
)
def test_a_year_said_by_its_last_two_digits_is_that_year_and_a_span_is_not(text, years) -> None:
    said = datetime(2026, 11, 26, tzinfo=SG)
    assert [t.start_iso for t in find_times(text, said) if t.precision.value == "year"] == years


def test_the_day_a_thing_was_moved_to_stays_in_its_words_in_the_passive_too() -> None:
    text = "argh my MRI got moved to march 3rd because the machine broke"
    found = [c.content_text for c in extract(evidence(text, when=THURSDAY), SG)]
    assert found and not any("moved to because" in c for c in found), found


def test_a_visit_opening_a_diary_sentence_is_an_event_with_what_it_found() -> None:
    found = extract(evidence("复查甲状腺，结节没长，还是老样子。医生说明年再来。", when=THURSDAY), SG)
    visit = [c for c in found if c.content_text.startswith("用户复查甲状腺")]
    assert [(c.content_text, c.memory_type, c.valid_time_end) for c in visit] == [
        ("用户复查甲状腺，结节没长，还是老样子", MemoryType.EVENT, "2026-11-26")
    ], [(c.content_text, c.memory_type) for c in found]


@pytest.mark.parametrize(
    ("text", "year", "kept"),
    [
        ("honestly i think this year quite draining, better than last year tho", "2026", "2026"),
        ("我觉得今年比去年轻松多了", "2026", "2026年比去年"),
    ],
)
def test_a_time_the_clause_speaks_of_stays_as_its_date_and_a_compared_time_dates_nothing(text, year, kept) -> None:
    found = extract(evidence(text, when=THURSDAY), SG)
    assert found and all(c.valid_time_start is None or c.valid_time_start.startswith(year) for c in found), [
        (c.content_text, c.valid_time_start) for c in found
    ]
    assert any(kept in c.content_text for c in found), [c.content_text for c in found]


def test_a_bare_relative_time_written_as_its_date_takes_its_preposition() -> None:
    from mirror_pipeline.core.timeexpr import as_absolute

    text = "pay went up from 3,900 last year"
    (t,) = [t for t in find_times(text, THURSDAY) if t.expression == "last year"]
    assert as_absolute(text, t) == "pay went up from 3,900 in 2025"
    said = "this year has been rough"
    (t,) = find_times(said, THURSDAY)
    assert as_absolute(said, t) == "2026 has been rough"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I moved to Bristol.", "Bristol"),
        ("we relocated to Aberdeen in spring", "Aberdeen"),
        ("finally moved to Mona Heights last month", "Mona Heights"),
        ("I moved to Leeds from London in 2019", "Leeds"),
    ],
)
def test_a_move_to_a_place_the_gazetteer_does_not_know_is_a_home_kept_for_the_person_to_confirm(text, place) -> None:
    homes = [c for c in extract(evidence(text, when=THURSDAY), SG) if c.predicate == "lives_in"]
    assert [c.object for c in homes] == [place]
    assert homes[0].confidence <= 0.75  # a place the gazetteer does not know waits for the person to confirm it


@pytest.mark.parametrize(
    "text", ["I moved to GitHub Actions for the builds", "moved to AWS last year", "I moved to Notion for my notes"]
)
def test_a_move_to_a_tool_is_no_home(text) -> None:
    assert not [c for c in extract(evidence(text, when=THURSDAY), SG) if c.predicate in ("lives_in", "moved_to")]
