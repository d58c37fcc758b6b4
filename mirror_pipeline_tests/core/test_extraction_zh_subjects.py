"""Whose a Chinese diary clause is, and whether it says anything alone (issue 10, session 7's precision work): a name
as a diary says one (阿梅, 老黄, 小燕) opens someone else's clause and its left-out subject goes on through the
clauses after it; a heading before a colon and a decision with its result and nothing after ("商量定了") leave their
content to the next clause; a clause that only says how long the one before has gone on is no statement. The
sentences are written for the tests, none is a benchmark's."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import clauses, extract
from mirror_pipeline.core.extraction.clauses import Subject
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2025, 6, 12, 13, 30, tzinfo=UTC)


def contents(text: str) -> list[str]:
    return [c.content_text for c in extract(evidence(text, "user", when=SAID))]


@pytest.mark.parametrize(
    ("text", "not_held"),
    [
        ("我家老王每天早上五点起来烧水，烧了这么多年，膝盖一下雨就疼。", "膝盖"),
        ("小芳在南宁当护士，结婚两年了，她公公一直催。", "结婚"),
        ("阿明说他下个月辞职，去广州开网店。", "辞职"),
    ],
)
def test_a_name_a_diary_says_opens_someone_elses_clauses(text: str, not_held: str) -> None:
    # (what is kept of the named person is theirs, never the writer's: issue 10)
    found = extract(evidence(text, "user", when=SAID))
    assert not any(not_held in c.content_text for c in found if c.subject == "user")


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("以后老了想在大理住。", "大理"),
        ("小时候我最怕打针。", "打针"),
        ("被川大录取了！专业是化学，虽然不是第一志愿，但是已经很满足了。", "满足"),
    ],
)
def test_the_writers_own_clause_stays_the_writers(text: str, held: str) -> None:
    assert any(held in c for c in contents(text))


def test_a_heading_or_a_decision_leaves_its_content_to_the_next_clause() -> None:
    said = contents("今天跟自己说好了：明年夏天去考潜水证。")
    assert any("潜水证" in c for c in said)
    assert not any(c.endswith("说好了") for c in said)
    assert not any(c.endswith("商量定了") for c in contents("跟老婆商量定了，房子还是卖，搬到城东去。"))


def test_how_long_the_clause_before_went_on_is_no_statement() -> None:
    said = contents("现在每天下班后我去公园跑五公里，坚持两个多月了。")
    assert any("跑五公里" in c for c in said)
    assert not any(c.endswith("坚持两个多月了") for c in said)


def test_a_named_person_opens_the_clause_whatever_verb_follows() -> None:
    # 老 and a surname, whatever verb follows; a doubled name; but not a doubled verb, adverb or greeting
    assert not any("车拖去修" in c for c in contents("老陈开出租的时候被人撞了，车拖去修了。"))
    for said in ("老周骑电瓶车去送货", "豆豆一年级期末考了第三", "婆婆从乡下上来住几天"):
        assert clauses.read(said)[0].subject is Subject.OTHER, said
    for said in ("咬咬牙把房子租下来了", "谢谢老天面试过了", "天天加班到十点", "老顾客都找不到了"):
        assert clauses.read(said)[0].subject is not Subject.OTHER, said


def test_a_degree_said_with_de_is_no_plan_called_off() -> None:
    assert not any("决定不" in c for c in contents("今天面试过了，高兴得不得了。"))


def test_since_how_long_said_with_its_count_is_no_statement() -> None:
    said = contents("在城南开这家面馆是2012年开的，算下来十三年了。")
    assert not any(c.endswith("算下来") for c in said)


def test_a_reading_and_what_the_doctor_said_stay_with_the_check() -> None:
    said = contents("今天测血糖，空腹7.2，医生说是糖尿病前期，要少吃甜的。")
    assert any("7.2" in c and "糖尿病前期" in c for c in said)
    said = contents("复查血压，128，大夫讲控制得不错。")
    assert any("128" in c and "控制得不错" in c for c in said)


def test_whom_it_was_done_with_stays_with_what_was_done() -> None:
    said = contents("开始每天晚上去河边跑步，跟隔壁张哥一起。")
    assert any("跑步" in c and "张哥" in c for c in said)
    assert not any(c.startswith("用户跟隔壁张哥") for c in said)


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("脚踝扭了，擦了点红花油。", "脚踝扭了，擦了点红花油"),  # the ailment and what was done for it, one event
        ("肩膀有点酸。", "肩膀有点酸"),
        ("膝盖又肿了，走不了远路。", "膝盖又肿了"),
    ],
)
def test_a_part_of_the_body_and_what_ails_it_is_the_writers_health(text: str, held: str) -> None:
    found = extract(evidence(text, "user", when=SAID))
    assert any(held in c.content_text and c.predicate.endswith("health") for c in found), found
    assert not any(c.content_text == "用户擦了点红花油" for c in found)


def test_someone_elses_ailment_is_not_the_writers() -> None:
    assert not contents("他腰疼，去按摩了。")


def test_the_writers_clause_after_a_plan_goes_on_with_it_and_its_time() -> None:
    found = extract(evidence("我打算明年把店盘出去，自己去学做咖啡。", "user", when=SAID))
    going_on = [c for c in found if "学做咖啡" in c.content_text]
    assert going_on and all(c.predicate.startswith("plans") for c in going_on), found
    assert all(c.valid_time_start == "2026-01-01" and "打算" in c.content_text for c in going_on), going_on
