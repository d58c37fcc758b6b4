"""REVIEW-5's extraction findings, by mechanism, on sentences of their own (not the benchmark's lines): someone else's
clause filed as the user's, negated or figurative diagnoses, vocatives and app tags, fragments, the questionnaire's
natural answers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import SourceType
from mirror_pipeline.core.questionnaire import session_of
from mirror_pipeline_tests.core.helpers import evidence

HEALTH = ("health", "allergic_to", "diagnosed_with")


def found(text: str) -> list[tuple[str, str]]:
    return [(c.predicate, c.content_text) for c in extract(evidence(text))]


def answer(text: str, question: str) -> list[tuple[str, str]]:
    ev = replace(evidence(text), session_id=session_of(question, ""), source_type=SourceType.USER_FORM)
    return [(c.predicate, c.content_text) for c in extract(ev)]


# (a) a clause with its own subject, or a patient's stay said with none, is not the user's


@pytest.mark.parametrize(
    "text",
    [
        "朵朵对花生过敏，外出吃饭要提醒服务员",  # a named child's allergy
        "阿杰在深圳开了家火锅店",  # a named friend's news
        "王磊今天来帮我搬冰箱",
        "我前妻下个月再婚",  # an ex's news
    ],
)
def test_a_named_subject_is_not_the_user(text: str) -> None:
    assert [p for p, c in found(text) if "用户" + text[:2] in c or any(h in p for h in HEALTH)] == []
    assert all(not c.startswith("用户" + text[:2]) for _, c in found(text))


@pytest.mark.parametrize(
    "text",
    [
        "现在在心内科 9楼 903床 住院号是XN2025110 你下班直接过来",  # a chat about a patient, none named
        "出院记录打印好了 下周转到社区医院 继续输液",
        "复查结果出来了 医生说肝功能正常",
    ],
)
def test_a_patients_stay_with_no_subject_is_never_the_users_health(text: str) -> None:
    assert [(p, c) for p, c in found(text) if any(h in p for h in HEALTH)] == []


def test_the_users_own_stay_still_reads() -> None:
    assert any("health" in p for p, _ in found("我上周住院了，急性阑尾炎，做了个小手术"))
    assert ("diagnosed_with", "用户患有高血压") in found("我有高血压")


def test_a_doctors_finding_after_a_talk_is_not_the_users_diagnosis() -> None:
    assert [(p, c) for p, c in found("我问了医生 是肺炎 要住一周") if any(h in p for h in HEALTH)] == []


# (b) a negated or figurative illness is no diagnosis


@pytest.mark.parametrize(
    "text", ["没啥大病，就是容易累", "又在半夜核对明天的排班表。职业病。", "拖延症又犯了，报告还没写"]
)
def test_no_illness_and_a_figure_of_speech_are_no_diagnosis(text: str) -> None:
    assert [c for p, c in found(text) if p == "diagnosed_with"] == []


def test_an_illness_answer_is_still_read() -> None:
    assert ("diagnosed_with", "用户患有痛风") in answer("痛风，别的没什么", "life.health")
    assert [c for p, c in answer("无大病，腰不太好", "life.health") if p == "diagnosed_with"] == []


# (c) the one spoken to and an app's tag are not part of the clause


def test_a_vocative_before_i_is_not_the_subject() -> None:
    out = found("Maria I'm moving to Porto in March, the flat is signed")
    assert out and all(c.startswith("The user") for _, c in out)
    assert not any("Maria" in c for _, c in out)


def test_a_transcription_tag_and_a_vocative_are_not_kept() -> None:
    out = found("[语音转文字] 爸我今天去公司办了离职手续")
    assert out and all("语音" not in c and "爸" not in c for _, c in out)
    assert any(c.startswith("用户") and "离职" in c for _, c in out)


def test_a_date_range_and_a_moved_date_stay_whole() -> None:
    assert all("Sept" in c or "11" not in c for _, c in found("Lena I'll be in Lisbon Sept 3-11 with my daughter"))
    # (a planned thing moved: the plan's next version, its day written whole with its year)
    assert [c for _, c in found("面试推到3月15号了 那边HR刚通知")] == ["用户的面试推到了2027年3月15日"]


# (d) fragments: a list's numbers, a question, a meeting's name


def test_a_numbered_list_of_goals_gives_plans_without_the_numbers() -> None:
    out = found("今年的几个目标：1. 学会做饭 2. 每周去两次健身房 3. 存够五万块")
    assert out and all(p.startswith("plans") for p, _ in out)
    assert all(not any(ch.isdigit() and c.endswith(ch + ".") for ch in "123") for _, c in out)


def test_a_question_before_a_number_and_a_meeting_name_are_nothing() -> None:
    assert found("对了 宿舍号发你了吗 B3-402 是这个吧") == []
    assert found("下午三点 跟市场部的周会 链接发群里了") == []


def test_a_label_and_a_code_are_nothing_an_amount_stays() -> None:
    assert found("快递单号 SF20251188") == []
    assert found("门禁我设的 0417，记一下") == []
    assert found("工资15000") == [("state:money", "用户工资15000")]


# (e) the questionnaire's natural answers


def test_a_list_of_kin_with_ages_gives_each_relation() -> None:
    out = answer("女儿朵朵6岁，老公阿杰，前夫王磊", "relations.family")
    assert ("daughter", "朵朵是用户的女儿") in out or ("husband", "阿杰是用户的老公") in out
    assert ("husband", "阿杰是用户的老公") in out
    assert ("ex-husband", "王磊是用户的前夫") in out


def test_a_relation_with_a_word_before_it_is_read() -> None:
    out = answer("研究生室友阿凯，最好的朋友小雨", "relations.friends")
    assert ("roommate", "阿凯是用户的室友") in out
    assert ("friend", "小雨是用户的朋友") in out


def test_a_place_then_when_the_user_moved_gives_where_they_live() -> None:
    assert ("lives_in", "用户住在杭州西湖区") in answer("杭州西湖区，去年从滨江搬过来的", "life.residence")


def test_a_company_and_a_role_separated_by_a_space() -> None:
    out = answer("星河科技 产品经理（2024年起）", "now.role")
    assert ("has_role", "用户是产品经理") in out
    assert not any(c == "用户星河科技" for _, c in out)


def test_communication_answers_are_preferences() -> None:
    out = answer("邮件，不喜欢语音消息", "prefs.communication")
    assert ("dislikes", "用户不喜欢语音消息") in out
    assert any(p == "prefers" for p, _ in out)
    assert answer("不知道", "prefs.communication") == []
