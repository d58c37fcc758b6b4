"""REVIEW-6 findings 12-13, the parts of core: a secret's label is what it is for, never a login's field name; a
question names a file as the person gave it, not the inbox's copy."""

from __future__ import annotations

from datetime import date

import pytest

from mirror_pipeline.core.ids import as_given
from mirror_pipeline.core.model import Language
from mirror_pipeline.core.screening import redact_sequence
from mirror_pipeline.core.screening.questions import FoundIn, secret_question


@pytest.mark.parametrize(
    ("message", "label"),
    [
        ("user static.tea.band@example.com pw StaticT3a#2026 用完跟我說", "password"),
        ("username bob pw Hunter2024!", "password"),
        ("媽 妳的網銀 帳號 A12345 密碼 Qq778899 記得改", "媽 妳的網銀"),
        ("我的支付宝账号 13800001111 密码 Qq778899", "支付宝"),
        ("gmail login jenny.lee@example.com / Hunter2024! for the shared calendar", "gmail"),
        ("my Apple ID password is Hunter2024!", "Apple ID"),
    ],
)
def test_a_label_is_never_a_logins_field_name(message, label):
    (out,) = redact_sequence([(message, "e#0")])
    assert [s.label for s in out.secrets if s.kind == "password"] == [label]


def test_a_file_is_named_as_the_person_gave_it():
    assert as_given("WhatsApp Chat with Sophie.dhvmnjdm.txt") == "WhatsApp Chat with Sophie.txt"
    assert as_given("2026-10-07.md") == "2026-10-07.md"
    found = FoundIn(
        date(2026, 8, 6),
        "whatsapp/WhatsApp Chat with Sophie.dhvmnjdm.txt",
        "whatsapp",
        "the code is [secret:pin:sec_1] ok",
    )
    question, _ = secret_question("sec_1", "pin", "door", None, found)
    assert "(WhatsApp Chat with Sophie.txt)" in question and "dhvmnjdm" not in question
    zh = FoundIn(date(2026, 8, 6), "wechat/chat_媽媽.kdqzbmht.csv", "wechat", "密码是 [secret:password:sec_1] 哦")
    question, lang = secret_question("sec_1", "password", "网银", None, zh)
    assert lang is Language.ZH and "（chat_媽媽.csv）" in question


def test_a_question_about_traditional_words_is_asked_in_traditional():
    from mirror_pipeline.core.governance import govern, secret_reference_issues
    from mirror_pipeline.core.model import IssueType, SecretReference
    from mirror_pipeline_tests.core.test_decisions import T0, story

    items, briefs = story(
        ("我在台北的公司工作。", 0, "ev_1"), ("我對盤尼西林過敏。", 0, "ev_2"), ("我在杭州有套房。", 9, "ev_3")
    )
    asked = [i for i in govern(items, evidence=briefs).issues if i.issue_type is IssueType.CONFIRMATION_NEEDED]
    traditional = [i for i in asked if "ev_2" in i.evidence_ids]
    assert traditional and all("對嗎" in i.question and "对" not in i.question for i in traditional)
    assert all("對" in " ".join(i.options) and "以後再說" in i.options for i in traditional)
    simplified = [i for i in asked if i.evidence_ids == ("ev_3",)]
    assert simplified and "对吗" in simplified[0].question  # Simplified evidence: asked as before
    ref = SecretReference("sec_1", "password", "網銀", "網銀", "ev_1", T0)
    found = {
        "ev_1": FoundIn(
            date(2026, 8, 16), "wechat/chat_媽媽.csv", "wechat", "妳的網銀密碼 [secret:password:sec_1] 記得改"
        )
    }
    (issue,) = secret_reference_issues([ref], found)
    assert "記憶之外" in issue.question and "记忆" not in issue.question
