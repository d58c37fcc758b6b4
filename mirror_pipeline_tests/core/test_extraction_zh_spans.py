"""A Chinese diary clause holds what makes it worth keeping (issue 10, session 12): the year a year-end tally in 腊月
counts is the lunar year closing; 讲 is 说 where the writer speaks so (someone's words reported, the writer's words to
themselves a resolve); a clause grows over the value-bearing clauses after it that have no subject of their own. The
sentences are written for the tests, none is a benchmark's."""

from datetime import UTC, datetime, timedelta, timezone

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.timeexpr import find_times
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2025, 6, 12, 13, 30, tzinfo=UTC)
CST = timezone(timedelta(hours=8))


def contents(text: str, when: datetime = SAID) -> list[str]:
    return [c.content_text for c in extract(evidence(text, "user", when=when))]


def test_a_year_told_as_done_in_the_last_lunar_month_is_the_lunar_year_closing() -> None:
    in_la_month = datetime(2027, 1, 20, 21, tzinfo=CST)  # 腊月十三 of the lunar year 2026 (春节 2027 is 02-06)
    (this_year,) = find_times("今年一共攒了八万块。", in_la_month)
    assert (this_year.start_iso, this_year.end_iso) == ("2026-02-17", "2027-02-05")
    # a plan said then is the calendar's year ahead; a tally said after 春节 is the calendar's year
    (planned,) = find_times("今年一定要把驾照考下来。", in_la_month)
    assert (planned.start_iso, planned.end_iso) == ("2027-01-01", "2027-12-31")
    (after,) = find_times("今年一共攒了八万块。", datetime(2027, 3, 1, 21, tzinfo=CST))
    assert (after.start_iso, after.end_iso) == ("2027-01-01", "2027-12-31")


def test_jiang_reports_someone_elses_words_as_shuo_does() -> None:
    said = contents("表姐打电话来，讲她单位的领导调走了，要搬去南宁。")
    assert not any("搬去南宁" in c for c in said), said


def test_what_the_writer_tells_themselves_is_the_writers_own() -> None:
    said = contents("下班路上跟自己讲，明年一定要把驾照考下来。")
    assert any("驾照" in c for c in said), said
    assert not any(c.endswith("跟自己讲") for c in said), said


def test_the_values_after_a_clause_with_no_subject_of_their_own_stay_with_it() -> None:
    said = contents("开了个网店卖手工皂，一个月接了八十多单，利润三千出头，但是太累了。")
    assert any("网店" in c and "八十多单" in c and "三千出头" in c for c in said), said
    assert not any("太累" in c and "网店" in c for c in said), said  # a turn ends the clause's argument


def test_a_bare_clause_is_kept_once_its_value_is_with_it_but_not_for_a_bare_figure() -> None:
    said = contents("成绩出来了，总分412。")
    assert any("总分412" in c for c in said), said
    assert not contents("分数出来了，612。")  # what 612 measures, and whose, is said nowhere


def test_a_new_subject_or_a_verdict_ends_what_the_clause_holds() -> None:
    said = contents("报了个瑜伽班，老婆报了二十节，太贵了。")
    assert not any("二十节" in c and "瑜伽班" in c for c in said), said
    said = contents("开通了外卖，一周接了两百多单，划不来。")
    assert not any("划不来" in c for c in said), said


def test_a_weekly_schedule_in_chinese_dates_no_day_and_keeps_its_words() -> None:
    found = extract(evidence("开始在一家琴行兼职带吉他，周六周日各两个钟，一个钟一百二。", "user", when=SAID))
    held = [c for c in found if "琴行" in c.content_text]
    assert held and all("周六周日" in c.content_text and "一百二" in c.content_text for c in held), found
    assert all(c.valid_time_start != c.valid_time_end or c.valid_time_start is None for c in held), held


def test_the_year_a_thing_is_in_dates_it_and_leaves_no_stray_ordinal() -> None:
    (nth,) = find_times("在这家医院做护士第四年了", datetime(2025, 5, 1, tzinfo=UTC))
    assert (nth.start_iso, nth.expression) == ("2022-01-01", "第四年了")
    assert not any(c.endswith("第") or "护士第，" in c for c in contents("在这家医院做护士第四年了，带了三个徒弟。"))


def test_whom_it_was_done_with_and_a_bare_verb_is_no_memory() -> None:
    said = contents("老李加班没回来，我跟女儿两个人吃的。")
    assert not any(c.startswith("用户跟女儿") for c in said), said


def test_a_thing_done_said_where_with_de_is_a_past_event_not_a_lasting_fact() -> None:
    found = extract(evidence("在外婆家吃的年夜饭，一屋子二十几个人。", "user", when=SAID))
    dinner = [c for c in found if "年夜饭" in c.content_text]
    assert dinner and all(c.memory_type.value == "event" for c in dinner), found


def test_a_state_of_one_night_is_that_nights_unless_the_entry_says_these_days() -> None:
    one_night = extract(evidence("成绩还没出来，心里发慌，晚上睡不着。", "user", when=SAID))
    assert all(c.memory_type.value != "fact" for c in one_night if "睡不着" in c.content_text), one_night
    lasting = extract(evidence("最近天天加班。晚上睡不着。", "user", when=SAID))
    assert any(c.memory_type.value == "fact" for c in lasting if "睡不着" in c.content_text), lasting


def test_a_role_said_with_a_surname_and_title_is_the_writers_person() -> None:
    found = extract(evidence("导师是王教授，做城市地理的，第一次开会就让读十篇论文。", "user", when=SAID))
    assert any(c.memory_type.value == "relationship" and "王教授" in c.content_text for c in found), found
    assert not any(c.content_text.startswith("用户做城市地理") for c in found), found


def test_the_writer_taking_back_a_word_is_no_report() -> None:
    said = contents("说错了，报的是八节课，十节是把体验课也算进去了。")
    assert any("八节课" in c for c in said), said
