"""A secret's reference label says what the secret is for in the sentence's own nouns, never the name the person gave
the thing (a network's name) nor a piece of the sentence around it (REVIEW-18 #2). Values made up for these tests."""

from __future__ import annotations

import pytest

from mirror_pipeline.core.screening import redact


@pytest.mark.parametrize(
    ("text", "label", "not_in_label"),
    [
        ("Our cabin's network is called Heron-Lake and the password is quillfern5520", "cabin's network", "Heron"),
        ("My old laptop is named Otter, its password is hazel6632nut", "laptop", "Otter"),
        ("ssid is Meadow and pw is corn8812field", "wifi", "Meadow"),
        ("爸妈家的wifi叫LaoJia，密码是wq83ne71zz", "爸妈家的wifi", "LaoJia"),
        ("工作室的网络名称是StudioNet，密码 Rk5t8wq2Nz", "工作室的网络", "StudioNet"),
        ("路由器弄好了，名字BlueFox，密码 mv72kq93bd", "路由器", "BlueFox"),
        ("家里SSID是Dragon，密码是 kq72mz83nd", "家里wifi", "Dragon"),
        ("新家宽带装好了，密码 pq83mx72kd", "家宽带", "装好"),
        ("I reset the card PIN to 5093, the travel card from the credit union", "travel card", "5093"),
    ],
)
def test_a_label_names_the_thing_not_its_name_nor_the_clause_around_it(
    text: str, label: str, not_in_label: str
) -> None:
    (secret,) = redact(text, scope="t").secrets
    assert secret.label == label and not_in_label not in secret.label


def test_a_name_written_in_chinese_characters_is_not_taken_for_a_things_name() -> None:
    (secret,) = redact("表姐的邮箱叫什么我忘了，密码是 hx82mq93kd", scope="t").secrets
    assert "什么" not in secret.label


def test_a_question_names_the_kind_with_its_article() -> None:
    # REVIEW-19: "something that looks like a api key"
    from mirror_pipeline.core.screening.questions import secret_question

    question, _ = secret_question("sec_x", "api_key", "lab repo", None, None)
    assert question.startswith("An API key (for lab repo) was found") and "a api" not in question
