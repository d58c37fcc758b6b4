"""Attributes the session-8 reviewer's life showed the rules could not read (REVIEW-6), in sentences of the same
build written here: a birth with its date before 在, a trade named by its 师, a child one has, a relation to come."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 5, 1, 18, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.predicate, c.object) for c in extract(evidence(text, when=SAID), UTC)]


@pytest.mark.parametrize(
    ("text", "predicate", "obj"),
    [
        ("我叫周敏，1979年8月2日在高雄出生，后来去了维也纳。", "born_in", "高雄"),
        ("我2001年在哈尔滨出生", "born_in", "哈尔滨"),
        ("我叫周敏，是调音师，住在维也纳。", "has_role", "调音师"),
        ("我是营养师", "has_role", "营养师"),
        ("我叫周敏，住在维也纳，有一个9岁的儿子。", "has_child", "9岁的儿子"),
        ("We have a 3-month-old son and no sleep", "has_child", "3-month-old son"),
        ("my landlord is fine but my boss will be Grete Müller", "boss", "Grete Müller"),
    ],
)
def test_an_attribute_said_in_the_reviewers_build_is_read(text: str, predicate: str, obj: str) -> None:
    assert (predicate, obj) in _read(text), _read(text)


def test_a_company_named_studios_is_not_schooling() -> None:
    found = extract(evidence("I signed with Ironwood Studios today!!", when=SAID), UTC)
    assert found and not any("education" in c.predicate for c in found), [c.predicate for c in found]


@pytest.mark.parametrize(
    ("text", "rel", "name"),
    [("我姐慧敏也会来 她在高雄", "sister", "慧敏"), ("我弟子涵刚考上研究生", "brother", "子涵")],
)
def test_a_sibling_named_by_a_short_kin_word_and_a_given_name_is_a_relation(text: str, rel: str, name: str) -> None:
    assert (rel, name) in _read(text), _read(text)


def test_a_short_kin_word_before_a_time_word_names_no_one() -> None:
    assert not any(p in ("sister", "brother") for p, _ in _read("我姐最近在学开车"))


def test_a_self_introduction_the_person_prepares_is_their_own_statement() -> None:
    text = "下周面试要先做个自我介绍。我叫周敏，2003年在昆明出生。帮我改得自然一点。"
    assert ("born_in", "昆明") in _read(text), _read(text)
