"""Session 10 (issue 12): a task-type cue read in the task's sense ("plan a weekend" asks for a plan; "a payment
plan" is a loan's); a conversation's dense part against its own language's median."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import numpy as np

from mirror_pipeline.core.ranking import Corpus, RankingWeights, conversation_scores, task_types, time_intent
from mirror_pipeline_tests.core.test_ranking_questions import _turn


def _types(task: str) -> list[str]:
    return [t.name for t in task_types(task)]


def test_plan_as_the_verb_or_a_plan_of_its_own_asks_for_an_activity_plan():
    for task in (
        "plan a weekend near home",
        "help me plan my Saturday",
        "can you plan something for Sunday",
        "I need a plan for Saturday",
        "Plan the party, please",
        "帮我计划一下明天",
        "做个计划吧",
        "计划去日本玩",
    ):
        assert "plan_activity" in _types(task), task


def test_a_plan_named_by_what_it_is_of_is_not_an_activity_plan():
    # a weekend's health limits are no part of a repayment schedule, nor of a meal plan or a business plan
    for task in (
        "set up a payment plan for the car loan",
        "make me a meal plan for the week",
        "what should go in my business plan",
        "which phone plan is cheapest",
        "帮我做一个还款计划",
        "给我一个饮食计划",
    ):
        assert "plan_activity" not in _types(task), task
    # the thing's own task type still reads it
    assert "spending" in _types("set up a payment plan for the car loan")
    assert "spending" in _types("帮我做一个还款计划")
    # a plan named by an activity is that activity's: its own cue says so
    assert "plan_activity" in _types("write up my holiday plan")


def _unit(*parts: float) -> np.ndarray:
    v = np.array(parts, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_a_conversation_is_near_a_question_against_its_own_languages_median():
    # e5 puts every Chinese text nearer a Chinese question than any English one: axis 0 is "Chinese", axis 1 the
    # question's topic. The English conversation that answers (topic 0.5) stands far above the English ones; the
    # Chinese ones only share the language. Against the median of all, the answer ranked below every Chinese one
    rows, vectors = [], []
    for n, (text, vec) in enumerate(
        [
            ("今天下雨了", _unit(0.9, 0.0, 0.4)),
            ("我们去超市买菜", _unit(0.9, 0.0, -0.4)),
            ("晚上看电影", _unit(0.9, 0.1, 0.3)),
        ]
        + [("opening day is Saturday 18 October", _unit(0.3, 0.5, 0.8))]
        + [(f"the printer jammed {k}", _unit(0.3, 0.0, 0.95)) for k in range(3)]
    ):
        rows.append(_turn(f"d{n}", text, f"s{n}"))
        vectors.append(vec)
    corpus = Corpus.build(rows, np.stack(vectors))
    query, qv = "店哪天开张", _unit(0.8, 0.6, 0.0)
    only_dense = RankingWeights(conversation_best=0.0, conversation_terms=0.0, conversation_links=0.0)
    whole = conversation_scores(corpus, query, qv, [], only_dense)
    assert int(np.argmax(whole)) == 3
    mixed = conversation_scores(corpus, query, qv, [], replace(only_dense, conversation_language_contrast=False))
    assert int(np.argmax(mixed)) != 3  # what the group median corrects


def test_these_days_in_either_language_asks_what_holds_now():
    now = datetime(2026, 1, 15, tzinfo=UTC)
    for query in (
        "这阵子我早上几点开始上班？",
        "这些天她住在哪",
        "what do I drink nowadays",
        "who have I been seeing lately",
    ):
        assert time_intent(query, now).wants_latest, query
    assert not time_intent("这件事我早上几点开始做的？", now).wants_latest
