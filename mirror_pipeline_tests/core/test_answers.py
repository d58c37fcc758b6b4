"""A terse answer to a known question becomes the candidate its question asks for (core/extraction/answers.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mirror_pipeline.core.extraction import answers, extract
from mirror_pipeline.core.model import SourceType
from mirror_pipeline.core.questionnaire import BY_ID, session_of
from mirror_pipeline_tests.core.helpers import evidence


def answer(text: str, question: str) -> list[tuple[str, str, str]]:
    ev = replace(evidence(text), session_id=session_of(question, ""), source_type=SourceType.USER_FORM)
    return [(c.predicate, c.content_text, text[c.span_start : c.span_end]) for c in extract(ev)]


@pytest.mark.parametrize(
    ("question", "text", "expected"),
    [
        ("life.residence", "杭州", [("lives_in", "用户住在杭州", "杭州")]),
        ("life.residence", "Hangzhou", [("lives_in", "The user lives in Hangzhou", "Hangzhou")]),
        ("life.residence", "杭州，之前在上海", [("lives_in", "用户住在杭州", "杭州")]),  # a clause is no value
        ("life.work", "阿里巴巴", [("works_at", "用户在阿里巴巴工作", "阿里巴巴")]),
        ("life.work", "Alibaba", [("works_at", "The user works at Alibaba", "Alibaba")]),
        ("now.role", "产品经理", [("has_role", "用户是产品经理", "产品经理")]),
        ("now.role", "an engineer", [("has_role", "The user is an engineer", "an engineer")]),
        ("life.education", "复旦大学", [("studied_at", "用户在复旦大学读书", "复旦大学")]),
        ("relations.family", "老婆小林", [("wife", "小林是用户的老婆", "老婆小林")]),
        (
            "relations.family",
            "wife Lin, daughter Mia",
            [
                ("wife", "Lin is the user's wife", "wife Lin"),
                ("daughter", "Mia is the user's daughter", "daughter Mia"),
            ],
        ),
        # (the content drops 明年, which its valid time holds: a stored "明年" would be wrong next year; session 17)
        ("now.goals", "明年搬回成都", [("plans_to", "用户打算搬回成都", "明年搬回成都")]),
    ],
)
def test_a_terse_answer_is_read_as_what_its_question_asks(question: str, text: str, expected: list) -> None:
    assert answer(text, question) == expected


def test_what_answers_nothing_stays_nothing() -> None:
    assert answer("不知道", "life.residence") == []
    assert answer("I don't know", "life.work") == []
    assert answer("杭州", "prefs.risk") == []  # a question without a frame: no guess
    # the same word outside a questionnaire is no statement at all
    assert [c for c in extract(evidence("杭州")) if c.predicate == "lives_in"] == []


def test_a_full_sentence_answer_is_read_as_it_is() -> None:
    assert answer("我住在杭州", "life.residence") == [("lives_in", "用户住在杭州", "我住在杭州")]


def test_every_frame_serves_a_question_the_form_asks() -> None:
    for frame in answers.FRAMES:
        assert all(q in BY_ID for q in frame.questions), frame.kind
