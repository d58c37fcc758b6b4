"""Junk kinds read by how a sentence is built (issue 10, precision, session 8): work in a workplace's words is no
health of the writer's, a standing fear is no dated feeling, a habit is no one occasion, a plan the message reverses
is no plan. Sentences of the tests' own (not the benchmark's lines)."""

from __future__ import annotations

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence


def found(text: str) -> list[tuple[str, str, str]]:
    return [(c.memory_type.value, c.predicate, c.content_text) for c in extract(evidence(text))]


@pytest.mark.parametrize(
    "text",
    [
        "我在县医院药房干了五年，明年想调去住院部。",
        "这周在医院连着值了三个夜班",
        "下周一去区中医院检验科报到",
        "I've worked the night shift at Riverside Hospital for two years.",
        "Started as a pharmacist at the Walgreens clinic last month.",
    ],
)
def test_work_where_health_is_cared_for_is_work_not_health(text: str) -> None:
    got = found(text)
    assert got, text
    assert not any("health" in p for _, p, _ in got), got


@pytest.mark.parametrize(
    "text",
    [
        "今天去医院拔了颗牙，麻药过了疼得要命",  # the body's care at a hospital: health
        "I had knee surgery at Riverside Hospital on Monday.",
    ],
)
def test_care_of_the_body_at_a_hospital_stays_health(text: str) -> None:
    assert any("health" in p for _, p, _ in found(text)), found(text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I'm scared of spiders, so my husband deals with them.", "spiders"),
        ("I've always been afraid of flying.", "flying"),
        ("我一直很怕打针", "打针"),
        ("我从小就怕黑，现在睡觉还要开着小夜灯", "黑"),
    ],
)
def test_a_fear_of_a_thing_is_a_standing_aversion_not_a_feeling_of_the_day(text: str, thing: str) -> None:
    got = found(text)
    assert not any(p == "feels" for _, p, _ in got), got
    assert any(t == "preference" and p == "fears" and thing in c for t, p, c in got), got


@pytest.mark.parametrize(
    "text",
    [
        "The lights went out and I was so scared I couldn't move.",  # a fear of the moment, its object not said
        "I'm really afraid of failing the exam tomorrow.",  # what may happen: a worry of the day
        "我很害怕，一晚上没睡",
    ],
)
def test_a_fear_of_the_moment_stays_a_feeling(text: str) -> None:
    assert any(p == "feels" for _, p, _ in found(text)), found(text)


@pytest.mark.parametrize(
    "text", ["周二晚上我一般都去打羽毛球", "周日我总是回我妈那儿吃饭", "On Tuesday I usually swim before work."]
)
def test_a_habit_said_of_a_weekday_is_no_one_day(text: str) -> None:
    got = [c for c in extract(evidence(text))]
    assert got, text
    assert all(c.valid_time_start is None for c in got), [(c.content_text, c.valid_time_start) for c in got]


def test_a_weekday_of_one_occasion_is_still_dated() -> None:
    got = [c for c in extract(evidence("周四去面试")) if c.valid_time_start is not None]
    assert got


@pytest.mark.parametrize(
    "text",
    [
        "本来打算下个月去西安，后来机票太贵就不去了",
        "原计划年底换车，现在只能先等等",
        "I was going to visit my brother in Reno next week, but his kids got sick.",
        "We had planned to repaint the kitchen this month but then the roof started leaking.",
    ],
)
def test_a_plan_the_message_gives_up_is_no_plan(text: str) -> None:
    assert not any(p.startswith("plans") for _, p, _ in found(text)), found(text)


@pytest.mark.parametrize("text", ["我本来就打算下个月去西安", "I'm going to visit my brother in Reno next week."])
def test_a_plan_that_holds_stays(text: str) -> None:
    assert any(p.startswith("plans") for _, p, _ in found(text)), found(text)


# one rule for a person named as a Chinese clause's subject (clauses._ZH_NAMED), whatever form the name takes


@pytest.mark.parametrize(
    "rest",
    [
        "阿梅说她下个月回融水",  # 阿 + one character, a verb of saying
        "老黄喝多了",  # 老 + one character
        "小燕在桂林教小学",  # 小 + one character, a coverb
        "小墨对芒果过敏",  # an allergy named of them
        "我家老黄每天早上四点起来熬汤",  # after 我家
        "陈昊来帮忙装书架",  # a surname and a given name
        "朵朵今天发烧了",  # a doubled character
    ],
)
def test_a_named_person_opens_someone_elses_clause(rest: str) -> None:
    from mirror_pipeline.core.extraction.clauses import Subject, _subject

    assert _subject(rest, True) is Subject.OTHER


@pytest.mark.parametrize(
    "rest",
    [
        "小时候经常去外婆家",  # 小时候: a time
        "老家在湖南岳阳",  # 老家: a home
        "小区门口新开了家面馆",  # 小区: a place
        "慢慢习惯了一个人住",  # a doubled adverb
        "黄金周去了三亚",  # a common word opening like a surname
        "马上要搬家了",
    ],
)
def test_words_that_open_like_a_name_are_no_one_else(rest: str) -> None:
    from mirror_pipeline.core.extraction.clauses import Subject, _subject

    assert _subject(rest, True) is not Subject.OTHER


def test_a_name_does_not_hide_the_writer() -> None:
    got = found("阿梅说我做的粉比以前好吃，我今天卖了三百碗")
    assert not any("阿梅" in c and "用户" in c.split("阿梅")[0] for _, _, c in got), got


@pytest.mark.parametrize(
    "text", ["周末去湿地公园，看到了好多白鹭和野鸭", "I see lots of people my age already retired and bored."]
)
def test_a_perception_of_unnamed_things_is_no_memory(text: str) -> None:
    assert not any(c.startswith(("用户看到", "The user sees")) for _, _, c in found(text)), found(text)


@pytest.mark.parametrize(
    "text", ["去了湿地公园，看到了好多白鹭", "I saw some old friends from college at the reunion last night."]
)
def test_what_goes_with_a_perception_stays(text: str) -> None:
    assert found(text), text


@pytest.mark.parametrize(
    "text", ["下午飘了点小雨，院子里的衣服又湿了", "收工回来冲了个热水澡", "今天从早上七点一直站到晚上十点"]
)
def test_a_days_weather_and_routine_are_no_memory(text: str) -> None:
    assert not found(text), found(text)
