"""Tense, aspect and sensitivity of a clause, and a memory's time in words (core/extraction/tense.py,
core/extraction/sensitivity.py, core/when.py)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.extraction.sensitivity import of_clause
from mirror_pipeline.core.model import MemoryType, Sensitivity
from mirror_pipeline.core.when import as_said, kind, render
from mirror_pipeline_tests.core.helpers import evidence
from mirror_pipeline_tests.core.test_context import NOW, mem

SAID = datetime(2026, 3, 2, 21, 0, tzinfo=timezone(timedelta(hours=8)))  # a Monday


def _one(text: str, when: datetime = SAID):
    found = extract(evidence(text, when=when))
    assert found, text
    return found[0]


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("我明年春天打算去北海道滑雪。", "2027-03-01", "2027-05-31"),
        ("I'm going to take the GRE in May.", "2026-05-01", "2026-05-31"),
        ("我准备下周去考驾照科目二。", "2026-03-09", "2026-03-15"),
    ],
)
def test_a_plan_is_for_the_whole_interval_it_is_planned_for_never_since_its_first_day(text, start, end) -> None:
    c = _one(text)
    assert kind({"predicate": c.predicate, "memory_type": c.memory_type.value}) == "plan"
    assert (c.valid_time_start, c.valid_time_end) == (start, end)


@pytest.mark.parametrize(
    "text", ["I used to work at a bakery in Leeds.", "我以前在银行上班。", "我曾经在新西兰打过一年工。"]
)
def test_a_state_that_no_longer_holds_ended_before_the_mention(text) -> None:
    c = _one(text)
    assert c.predicate.startswith("past:") and "past_state" in c.tags
    assert (c.valid_time_start, c.valid_time_end) == (None, "2026-03-02")


def test_a_patterns_state_said_in_the_past_is_no_current_fact() -> None:
    (c,) = [c for c in extract(evidence("I lived in Nairobi as a kid.", when=SAID)) if "lives_in" in c.predicate]
    assert (c.predicate, c.content_text) == ("past:lives_in", "The user used to live in Nairobi")
    assert "past_state" in c.tags and c.valid_time_end == "2026-03-02"
    (now,) = [c for c in extract(evidence("I've lived in Tokyo since 2023.", when=SAID)) if c.predicate == "lives_in"]
    assert "past_state" not in now.tags and (now.valid_time_start, now.valid_time_end) == ("2023-01-01", None)


@pytest.mark.parametrize(
    "text",
    ["Every Sunday I call my grandmother.", "I usually go climbing on Thursday nights.", "我每天早上都会冥想十分钟。"],
)
def test_a_habits_recurring_day_is_no_valid_time(text) -> None:
    c = _one(text)
    assert c.predicate.startswith("habit:"), c
    assert (c.valid_time_start, c.valid_time_end) == (None, None)


def test_a_habit_said_since_a_time_holds_from_then() -> None:
    c = _one("我从去年开始每周去游泳。")
    assert c.predicate.startswith("habit:") and (c.valid_time_start, c.valid_time_end) == ("2025-01-01", None)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I have been learning the cello for two years.", "2024-01-01"),
        ("我学钢琴学了五年了。", "2021-01-01"),
        ("I've been on a blood thinner since January.", "2026-01-01"),
    ],
)
def test_a_duration_still_true_is_a_state_from_then_not_an_event(text, start) -> None:
    c = _one(text)
    assert c.memory_type is MemoryType.FACT and c.predicate.startswith("state:")
    assert (c.valid_time_start, c.valid_time_end) == (start, None)


def test_a_past_event_without_time_words_is_before_the_mention() -> None:
    c = _one("I finished setting up the new iPhone for my mom.")
    assert c.memory_type is MemoryType.EVENT and (c.valid_time_start, c.valid_time_end) == (None, "2026-03-02")
    assert "before_mention" in c.tags


@pytest.mark.parametrize(
    ("text", "base", "want"),
    [
        ("Got my blood pressure checked, 150 over 95", Sensitivity.MEDIUM, Sensitivity.HIGH),
        ("量了一下血压，140/90", Sensitivity.MEDIUM, Sensitivity.HIGH),
        ("I want to pay off my student loan", Sensitivity.MEDIUM, Sensitivity.HIGH),
        ("上个月和老婆因为装修吵了一架", Sensitivity.MEDIUM, Sensitivity.HIGH),
        ("We started couples therapy for our sex life", Sensitivity.MEDIUM, Sensitivity.HIGH),
        ("I finished setting up the new iPhone for my mom", Sensitivity.HIGH, Sensitivity.LOW),
        ("昨天把家里的wifi路由器换了", Sensitivity.MEDIUM, Sensitivity.LOW),
        ("I installed the new router", Sensitivity.MEDIUM, Sensitivity.LOW),
        ("I moved to Lisbon", Sensitivity.MEDIUM, Sensitivity.MEDIUM),
        ("I reset my phone after the hospital visit", Sensitivity.MEDIUM, Sensitivity.HIGH),  # a topic wins
        ("my bank card number", Sensitivity.RESTRICTED, Sensitivity.RESTRICTED),
    ],
)
def test_sensitivity_is_by_what_a_clause_is_about(text, base, want) -> None:
    assert of_clause(text, base) is want


def test_extracted_sensitivity_follows_the_topic() -> None:
    assert _one("I finished setting up the new iPhone for my mom.").sensitivity is Sensitivity.LOW
    assert _one("My wife and I had a huge fight about money yesterday.").sensitivity is Sensitivity.HIGH


@pytest.mark.parametrize(
    ("row", "said_on", "want"),
    [
        (
            {
                "predicate": "plans:travel",
                "memory_type": "fact",
                "valid_time_start": "2027-03-01",
                "valid_time_end": "2027-05-31",
                "time_precision": "season",
                "time_expression": "明年春天",
                "text": "用户打算去日本看樱花",
            },
            "2026-03-02",
            " (计划于 2027-03 – 2027-05「明年春天」，2026-03-02 说的)",
        ),
        (
            {
                "predicate": "plans_to",
                "memory_type": "fact",
                "valid_time_start": "2026-04-01",
                "valid_time_end": "2026-04-30",
                "time_precision": "month",
                "time_expression": "next month",
                "text": "The user plans to fly to Lisbon",
            },
            "2026-03-02",
            " (planned for 2026-04 «next month», said on 2026-03-02)",
        ),
        (
            {"predicate": "plans:goals", "memory_type": "fact", "text": "The user plans to learn Go"},
            "2026-03-02",
            " (a plan, said on 2026-03-02)",
        ),
        (
            {
                "predicate": "event:work",
                "memory_type": "event",
                "valid_time_end": "2026-03-02",
                "time_precision": "unknown",
                "text": "The user quit their job",
            },
            "2026-03-02",
            " (before 2026-03-02)",
        ),
        (
            {
                "predicate": "lives_in",
                "memory_type": "fact",
                "valid_time_start": "2024-05-01",
                "time_precision": "month",
                "text": "The user lives in Hangzhou",
            },
            None,
            " (since 2024-05)",
        ),
        (
            {
                "predicate": "past:work",
                "memory_type": "fact",
                "valid_time_end": "2026-03-02",
                "time_precision": "unknown",
                "text": "用户以前在银行上班",
            },
            None,
            " (2026-03-02 之前，现已不再)",
        ),
        (
            {"predicate": "habit:hobbies", "memory_type": "fact", "text": "The user backs up their laptop"},
            "2026-03-02",
            " (a habit)",
        ),
        ({"predicate": "works_at", "memory_type": "fact", "text": "The user works at A"}, "2026-03-02", ""),
    ],
)
def test_a_memorys_time_reads_by_what_it_is_in_its_own_language(row, said_on, want) -> None:
    assert render(row, said_on) == want


def test_a_plan_is_served_in_its_own_slot_as_planned_for_not_as_a_stable_fact_since() -> None:
    from mirror_pipeline.api import Memory
    from mirror_pipeline_tests.fakes import FakeEmbedder

    plan = {
        **mem("mem_trip", "用户飞回杭州"),
        "predicate": "plans:travel",
        "valid_time_start": "2026-09-02",
        "valid_time_end": "2026-09-02",
        "time_precision": "day",
        "time_expression": "9月2号晚上",
    }
    home = {**mem("mem_home", "用户住在杭州"), "predicate": "lives_in"}
    docs = [plan, home]
    m = Memory.from_documents(docs, FakeEmbedder().passages([d["text"] for d in docs]), embedder=FakeEmbedder())
    m.extra["config"] = {}
    m._clock = lambda: NOW
    result = m.context("杭州")
    where = {i["id"]: s["name"] for s in result["slots"] for i in s["items"]}
    assert where["mem_trip"].startswith("Relevant Plans and Goals") and where["mem_home"] == "Relevant Stable Facts"
    assert "用户飞回杭州 (计划于 2026-09-02「9月2号晚上」)" in result["text"]
    assert "since" not in result["text"]


def test_where_family_are_and_what_the_person_avoids_are_asked_with_reasons_of_their_own() -> None:
    from mirror_pipeline.core.governance import write_policy

    family = write_policy(MemoryType.FACT, "family_in", Sensitivity.MEDIUM, 0.7, 1)
    avoid = write_policy(MemoryType.PREFERENCE, "avoids", Sensitivity.LOW, 0.7, 1)
    assert (family.reason, family.reason_zh) == ("where your family are", "关于你的家人在哪里")
    assert (avoid.reason, avoid.reason_zh) == ("something you avoid", "你避开的东西")
    explicit = write_policy(MemoryType.PREFERENCE, "avoids", Sensitivity.LOW, 0.9, 1)
    assert explicit.state.value == "confirmed"  # said plainly, it is still the person's own low-risk word


def test_a_past_residence_never_supersedes_where_the_person_lives_now() -> None:
    from mirror_pipeline.core.governance import Extracted, govern

    def said(text: str, days: int, eid: str) -> list[Extracted]:
        when = SAID + timedelta(days=days)
        return [Extracted(c, when) for c in extract(evidence(text, evidence_id=eid, when=when))]

    governed = govern(said("I live in Tokyo.", 0, "ev_a") + said("I lived in Nairobi as a kid.", 10, "ev_b"))
    current = {m.predicate: m.object for m in governed.current}
    assert current["lives_in"] == "Tokyo" and current["past:lives_in"] == "Nairobi"
    assert not any(m.state.value == "superseded" for m in governed.versions)


def test_a_chinese_clause_of_a_day_still_ahead_that_says_nothing_is_done_is_a_plan() -> None:
    from datetime import UTC, datetime

    from mirror_pipeline.core.extraction import extract
    from mirror_pipeline_tests.core.helpers import evidence

    said = datetime(2026, 11, 29, 4, tzinfo=UTC)
    (lead,) = [
        c
        for c in extract(evidence("跟CPO说了yes，一月开始带merchant app的团队。", when=said))
        if "团队" in c.content_text
    ]
    assert lead.predicate.startswith("plans:") and lead.valid_time_start == "2027-01-01"
    (done,) = extract(evidence("上周一去体检了。", when=said))
    assert done.predicate.startswith("event:")


def test_the_words_a_time_was_said_with_are_shown_only_in_the_lines_language() -> None:
    from mirror_pipeline.core.when import render

    row = {
        "text": "用户住在大阪",
        "predicate": "lives_in",
        "memory_type": "fact",
        "valid_time_start": "2026-10-19",
        "valid_time_end": None,
        "time_precision": "week",
        "time_expression": "last week",
    }
    assert "last week" not in render(row) and "2026-10-19" in render(row)
    assert "「上周」" in render(row | {"time_expression": "上周"})
    english = row | {"text": "The user lives in Osaka"}
    assert "«last week»" in render(english) and "上周" not in render(english | {"time_expression": "上周"})


def test_a_timeline_date_is_shown_to_the_precision_it_was_said() -> None:
    assert as_said({"valid_time_start": "2016-01-01", "time_precision": "year"}) == "2016"
    assert as_said({"valid_time_start": "2021-06-01", "time_precision": "month"}) == "2021-06"
    assert as_said({"valid_time_start": "2021-05-01", "time_precision": "season"}) == "~2021-05"
    assert as_said({"valid_time_start": "2024-03-02", "time_precision": "day"}) == "2024-03-02"
    assert as_said({"valid_time_start": None, "sort_time": "2026-01-05"}) == "said 2026-01-05"
    assert as_said({}) == "?"
