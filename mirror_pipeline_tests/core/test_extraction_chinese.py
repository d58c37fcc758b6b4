"""Chinese clause mechanisms of the offline extractor (issue 10, session 5): how a clause shows its verb, its span,
its subject and its day, not lists of sentences. The sentences here are none of the zh_diary sets'."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2024, 6, 12, 13, 30, tzinfo=UTC)  # a Wednesday


def read(text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [
        (c.memory_type.value, c.content_text, c.valid_time_start, c.valid_time_end)
        for c in extract(evidence(text, "user", when=SAID))
    ]


def contents(text: str) -> list[str]:
    return [c for _, c, _, _ in read(text)]


@pytest.mark.parametrize(
    ("text", "kind", "content"),
    [
        # a verb shown by 了 + what it took, by a resultative complement, by 把, by 被 (whatever the verb is)
        ("上个月退了健身卡。", "event", "用户退了健身卡"),
        ("总算考出了教师资格证。", "event", "用户总算考出了教师资格证"),
        ("终于把毕业论文交上去了。", "event", "用户终于把毕业论文交上去了"),
        ("昨天手机被偷了。", "event", "用户手机被偷了"),
        # a span of months or years after V了 is a state held over it; a stay of days is a trip
        ("在深圳干了四年运营。", "fact", "用户在深圳干了四年运营"),
        ("在青岛住了两天，天天看海。", "event", "用户在青岛住了两天"),
        # a check-up's finding or a debt with no subject is the writer's
        ("血脂偏高，得少吃油炸的。", "fact", "用户血脂偏高"),
        ("信用卡终于还清了。", "event", "用户信用卡终于还清了"),
        # what a plan heading lists is a plan, and says so
        ("新年目标：学会游泳，攒够首付。", "fact", "用户打算攒够首付"),
        # a chat line cut by spaces and emoji
        ("我下个月去成都出差 你在吗 🙂", "fact", "用户去成都出差"),
        # a potential complement is no denial
        ("最近晚上总是睡不着。", "fact", "用户最近晚上总是睡不着"),
        # a naming clause after the animal the sentence named
        ("上周收养了一条小狗，取名叫馒头。", "fact", "用户家小狗叫馒头"),
        # 他 / 她 read as the one kin word of that gender named before it
        ("妈妈下周住院，我请了两天假去照顾她。", "event", "用户请了两天假去照顾妈妈"),
    ],
)
def test_chinese_clauses_read_by_how_they_are_built(text: str, kind: str, content: str) -> None:
    assert (kind, content) in [(k, c) for k, c, _, _ in read(text)]


def test_a_day_or_week_already_over_makes_an_event() -> None:
    # Chinese has no tense: 上周 (over by the day it was said) dates a one-off, not a state
    found = [(k, s, e) for k, c, s, e in read("上周去医院复查，医生说恢复得不错。") if "复查" in c]
    assert found and found[0][0] == "event" and found[0][2] is not None and found[0][2] < "2024-06-12"


@pytest.mark.parametrize(
    "text",
    [
        "早上七点起床，随便吃了两口就去赶地铁。",  # a day's timetable
        "中午吃了楼下的麻辣烫。",  # a meal
        "前前后后花了大半年。",  # a verb with only how long it took
        "又垫了三千块。",  # an amount, for what the clause does not say
        "晚上跟室友商量了一下。",  # 一下: its object is elsewhere
        "首付三十万，贷款二十年。",  # a noun and an amount
        "他说公司要搬到苏州，工资能到两万。",  # a report runs to the full stop
        "挺喜欢那种感觉的。",  # a demonstrative pointing at what was said before
        "每周三都去体育馆跟同事一起打。",  # a verb after 一起 whose object was named before
        "下了一整天的雨。",  # the weather
        "刷到了前同事的朋友圈。",  # scrolling
        "搞了一晚上PPT。",  # a part of one day spent
        "希望能坚持下来。",  # keeping up what the clause before said
    ],
)
def test_what_is_no_memory_of_the_writer_gives_none(text: str) -> None:
    assert contents(text) == []


def test_a_stay_of_days_is_no_residence_but_one_of_years_is() -> None:
    short = extract(evidence("我在厦门住了五天。", "user", when=SAID))
    assert not any(c.predicate == "lives_in" for c in short)
    long = extract(evidence("我在厦门住了五年。", "user", when=SAID))
    assert any(c.predicate == "lives_in" and "厦门" in c.object for c in long)


def test_a_compared_year_and_a_deadline_stay_in_the_content() -> None:
    assert "用户收入比去年少了两成" in contents("今年收入比去年少了两成。")
    assert any(c.startswith("用户想") and "前" not in c[:3] for c in contents("年底前想把车贷还完。"))


def test_a_sentence_opening_with_no_subject_is_the_writers_for_the_patterns_too() -> None:
    found = {(c.predicate, c.object) for c in extract(evidence("从南京搬到了合肥，离老家近一点。", "user", when=SAID))}
    assert ("moved_to", "合肥") in found and ("lives_in", "合肥") in found
    # someone else opening the sentence keeps it theirs
    other = {c.predicate for c in extract(evidence("表姐从南京搬到了合肥，说那边房价低。", "user", when=SAID))}
    assert "lives_in" not in other


def test_zhuyao_shi_supposes_nothing_and_a_bnb_is_no_home() -> None:
    found = {
        (c.predicate, c.object)
        for c in extract(evidence("我是前年从西安搬到成都的，主要是因为工作。", "user", when=SAID))
    }
    assert ("lives_in", "成都") in found
    assert not any(
        c.predicate == "lives_in" for c in extract(evidence("我们住在鼓浪屿上的民宿，很安静。", "user", when=SAID))
    )


def test_a_decision_already_taken_is_an_event() -> None:
    kinds = [k for k, c, _, _ in read("上周终于决定辞职了。") if "辞职" in c]
    assert kinds == ["event"]


def test_a_role_named_with_no_possessor_is_the_writers() -> None:
    found = {(c.predicate, c.object) for c in extract(evidence("新来的组长叫陈默，说话很慢。", "user", when=SAID))}
    assert ("manager", "陈默") in found
    assert not any(c.object == "陈默" for c in extract(evidence("她的组长叫陈默。", "user", when=SAID)))


def test_a_clause_going_on_with_ye_takes_the_time_of_the_clause_before() -> None:
    # 也想 goes on with the clause before it: 明年 is said of both wishes; a clause without 也 takes no such time
    when = datetime(2025, 12, 31, 15, tzinfo=UTC)
    found = extract(evidence("明年想考个PMP，也想再学好一点粤语。", when=when))
    by_content = {c.content_text: (c.valid_time_start, c.valid_time_end) for c in found}
    assert by_content.get("用户也想再学好一点粤语") == ("2026-01-01", "2026-12-31")
    found = extract(evidence("明年想考个PMP，想学游泳。", when=when))
    assert {c.content_text: c.valid_time_start for c in found}.get("用户想学游泳", "absent") is None


def test_a_clause_of_times_alone_dates_the_trip_before_it() -> None:
    # "周六去周日回" says only when the trip before it went and came back; a clause with more in it dates nothing
    when = datetime(2025, 11, 2, 14, tzinfo=UTC)  # a Sunday
    [trip] = extract(evidence("跟同事阿May去了趟香港，周六去周日回。", when=when))
    assert (trip.valid_time_start, trip.valid_time_end) == ("2025-11-01", "2025-11-02")
    [trip] = extract(evidence("去了趟杭州，周六还下了雨。", when=when))
    assert trip.valid_time_start is None


def test_the_first_day_of_doing_a_thing_is_the_day_the_diary_is_written() -> None:
    when = datetime(2025, 4, 28, 14, tzinfo=UTC)
    [day] = extract(evidence("第一天上班。", when=when))
    assert (day.memory_type.value, day.content_text, day.valid_time_start, day.valid_time_end) == (
        "event",
        "用户第一天上班",
        "2025-04-28",
        "2025-04-28",
    )


def test_a_report_come_back_keeps_what_it_found() -> None:
    # "体检报告出来了" alone says nothing; the short clauses after it are what it found
    when = datetime(2025, 10, 18, 16, tzinfo=UTC)
    found = extract(evidence("体检报告出来了，胃镜说是浅表性胃炎，幽门螺杆菌阳性。", when=when))
    assert "用户体检报告出来了，胃镜说是浅表性胃炎，幽门螺杆菌阳性" in {c.content_text for c in found}
