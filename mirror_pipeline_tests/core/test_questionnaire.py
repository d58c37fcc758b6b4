"""The first hour's questions (section 17.1) and the form they are written in."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest

from mirror_pipeline.core.model import MemoryCandidate, MemoryType, Scope, Sensitivity, TimePrecision
from mirror_pipeline.core.questionnaire import (
    BY_ID,
    QUESTIONS,
    Axis,
    Domain,
    Lang,
    append_answer,
    guess_language,
    latest_answers,
    read_form,
    render_form,
    typed_by_question,
)

DAY = date(2026, 11, 1)


def test_every_item_of_section_17_1_is_asked_on_its_axis_in_both_languages() -> None:
    asked = {(q.axis, q.domain) for q in QUESTIONS}
    life = {Domain.EDUCATION, Domain.WORK, Domain.RESIDENCE, Domain.FAMILY_EVENTS, Domain.HEALTH, Domain.MONEY}
    relations = {Domain.FAMILY, Domain.FRIENDS, Domain.COLLEAGUES}
    preferences = {Domain.LEARNING, Domain.WORK_STYLE, Domain.COMMUNICATION, Domain.RISK, Domain.DECISIONS}
    now = {Domain.ROLE, Domain.GOALS, Domain.PRESSURES, Domain.CONSTRAINTS}
    expected = {(axis, d) for axis, ds in ((Axis.LIFE, life), (Axis.RELATIONS, relations)) for d in ds}
    expected |= {(Axis.PREFERENCES, d) for d in preferences} | {(Axis.NOW, d) for d in now}
    assert asked == expected
    assert len({q.id for q in QUESTIONS}) == len(QUESTIONS)
    for q in QUESTIONS:
        assert q.id.split(".")[0] in {"life", "relations", "prefs", "now"}
        assert "?" in q.en and "？" in q.zh  # a question in each language, with an example
        assert q.example_en and q.example_zh and q.example_en != q.example_zh


def test_high_value_questions_come_first_and_sensitive_ones_last() -> None:
    order = [q.id for q in QUESTIONS]
    assert order[:3] == ["now.role", "life.residence", "relations.family"]
    assert order[-2:] == ["life.health", "life.money"]
    assert BY_ID["life.health"].sensitivity is Sensitivity.HIGH and BY_ID["life.money"].sensitivity is Sensitivity.HIGH


@pytest.mark.parametrize("lang", list(Lang))
def test_a_blank_form_holds_no_answer_and_names_every_question_by_its_id(lang: Lang) -> None:
    form = render_form(lang, DAY, "/home/q.md")
    assert read_form(form) == []  # the hints and examples are never read as the person's words
    for q in QUESTIONS:
        assert f"{q.text(lang)} {{#{q.id}}}" in form
    assert ("2019年左右" in form) and ("after college" in form or "毕业以后" in form)  # fuzzy time welcome


def test_an_answer_means_the_same_question_in_either_language_and_in_the_older_form() -> None:
    zh = render_form(Lang.ZH, DAY, "q.md").replace("{#life.residence}\n", "{#life.residence}\n\n我住在杭州。\n")
    en = render_form(Lang.EN, DAY, "q.md").replace("{#life.residence}\n", "{#life.residence}\n\nI live in Hangzhou.\n")
    older = "## Life timeline: where have you lived, and when did you move? (居住迁移)\n\n我住在杭州。\n"
    (a,), (b,), (c,) = read_form(zh), read_form(en), read_form(older)
    assert a.question_id == b.question_id == c.question_id == "life.residence"
    assert a.text == c.text == "我住在杭州。" and b.text == "I live in Hangzhou."
    (own,) = read_form("## Something of my own\n\nI keep bees.\n")
    assert own.question_id is None and own.question == "Something of my own"


def test_a_later_answer_is_a_new_dated_version_and_the_older_stays() -> None:
    form = render_form(Lang.EN, DAY, "q.md")
    question = BY_ID["life.residence"]
    once = append_answer(form, question, "I live in Tokyo.", date(2026, 11, 2), Lang.EN)
    twice = append_answer(once, question, "I moved to Osaka; I live in Osaka now.", date(2026, 12, 1), Lang.EN)
    answers = read_form(twice)
    assert [(a.question_id, a.text, a.answered_on) for a in answers] == [
        ("life.residence", "I live in Tokyo.", date(2026, 11, 2)),
        ("life.residence", "I moved to Osaka; I live in Osaka now.", date(2026, 12, 1)),
    ]
    assert latest_answers(answers, DAY)["life.residence"].text.startswith("I moved to Osaka")
    # the other questions are untouched, in their order
    assert [ln for ln in twice.splitlines() if ln.startswith("## ")] == [
        ln for ln in form.splitlines() if ln.startswith("## ")
    ]
    # a form of an earlier version that lacks the question gets it appended, with its id
    older = "---\nmirror_form: bootstrap\nfilled_on: 2026-11-01\n---\n## Something of my own\n\nI keep bees.\n"
    grown = append_answer(older, BY_ID["prefs.risk"], "I only buy index funds.", DAY, Lang.EN)
    assert [(a.question_id, a.text) for a in read_form(grown)] == [
        (None, "I keep bees."),
        ("prefs.risk", "I only buy index funds."),
    ]


def test_an_undated_answer_written_by_hand_keeps_the_forms_day_and_a_dated_one_wins() -> None:
    form = render_form(Lang.ZH, DAY, "q.md").replace("{#now.role}\n", "{#now.role}\n\n我是老师。\n")
    form = append_answer(form, BY_ID["now.role"], "我现在是产品经理。", date(2026, 12, 1), Lang.ZH)
    first, second = read_form(form)
    assert first.answered_on is None and second.answered_on == date(2026, 12, 1)
    assert latest_answers([first, second], DAY)["now.role"] is second


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, Lang.ZH),
        ({"LANG": "en_US.UTF-8"}, Lang.EN),
        ({"LANG": "C.UTF-8"}, Lang.EN),
        ({}, Lang.EN),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "zh_TW.UTF-8"}, Lang.ZH),
        ({"LANG": "zh_CN.UTF-8", "LANGUAGE": "en_GB:zh_CN"}, Lang.EN),
    ],
)
def test_the_language_is_guessed_from_the_locale(environ: dict[str, str], lang: Lang) -> None:
    assert guess_language(environ) is lang


def _candidate(sensitivity: Sensitivity) -> MemoryCandidate:
    return MemoryCandidate(
        candidate_id="cand_1",
        memory_type=MemoryType.EVENT,
        subject="user",
        predicate="moved_to",
        object="Basel",
        content_text="The user moved to Basel",
        confidence=0.9,
        importance=0.6,
        sensitivity=sensitivity,
        scope=Scope.LONG_TERM,
        speaker="user",
        evidence_id="ev_1",
        span_start=0,
        span_end=10,
        mention_time=datetime(2026, 11, 1, tzinfo=UTC),
        valid_time_start="2019-01-01",
        valid_time_end="2019-12-31",
        time_precision=TimePrecision.YEAR,
        time_expression="2019",
        extractor="rules",
        extractor_version="x",
    )


def test_an_answer_to_the_health_question_is_high_sensitivity_whatever_its_words() -> None:
    medium = _candidate(Sensitivity.MEDIUM)
    assert typed_by_question(medium, "form:life.health").sensitivity is Sensitivity.HIGH
    assert typed_by_question(medium, "form:prefs.risk") == medium  # a floor: never lowered
    assert typed_by_question(replace(medium, sensitivity=Sensitivity.RESTRICTED), "form:life.health").sensitivity is (
        Sensitivity.RESTRICTED
    )
    assert typed_by_question(medium, "journal:2026-11-01") == medium  # not an answer
    assert typed_by_question(medium, "form:other:My own heading") == medium
