"""A domain's word inside an organisation's name is not the domain (REVIEW-16 #12): sentences written for this
test, names invented."""

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import Sensitivity
from mirror_pipeline_tests.core.helpers import evidence


def _only(text: str):
    found = extract(evidence(text))
    assert len(found) == 1, [c.content_text for c in found]
    return found[0]


@pytest.mark.parametrize(
    "text",
    [
        "First day at Corvane Health today, the badge photo is awful.",
        "Signed the offer from Pelgrim Medical Systems this morning.",
    ],
)
def test_a_company_named_for_health_is_work_and_not_sensitive(text):
    c = _only(text)
    assert c.predicate == "event:work"
    assert c.sensitivity is Sensitivity.MEDIUM


def test_a_named_hospital_stay_stays_health():
    c = _only("I spent two nights at Mercy Hospital after the fall.")
    assert c.predicate == "event:health"
    assert c.sensitivity is Sensitivity.HIGH


@pytest.mark.parametrize("text", ["我们俩打算好了。", "周末的事商量好哒。", "行程计划定了。"])
def test_a_decision_with_nothing_decided_is_no_memory(text):
    assert not extract(evidence(text))


def test_what_was_decided_is_still_read():
    (c,) = extract(evidence("我打算下个月去丽江。"))
    assert c.predicate == "plans_to" and "丽江" in c.content_text


def test_a_noun_ending_like_a_frame_is_kept():
    # 小说 ends on 说, 计划 is also a noun: the frame needs its verb's result or 了
    assert [c.predicate for c in extract(evidence("我特别喜欢读武侠小说。"))] == ["prefers"]
