"""Session 10 (issue 12): a task-type cue read in the task's sense ("plan a weekend" asks for a plan; "a payment
plan" is a loan's)."""

from __future__ import annotations

from mirror_pipeline.core.ranking import task_types


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
