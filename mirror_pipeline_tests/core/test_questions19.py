"""What the person reads in a question (REVIEW-19): no reference placeholder, and a verb that agrees with "you" in
every clause the person is the subject of."""

from __future__ import annotations

from mirror_pipeline.core.conflicts import confirmation_question, you
from mirror_pipeline.core.model import Language


def test_a_question_on_a_memory_that_holds_a_secret_shows_it_masked() -> None:
    ref = "[secret:password:sec_bcdfghjkmnqrstvz]"
    question, _ = confirmation_question(
        [f"Your gym locker code is {ref}"], "sensitive", Language.EN, f"2026-01-02: “… code is {ref}…”"
    )
    assert "[secret:" not in question and question.count("•••") == 2
    question, _ = confirmation_question([f"你的门禁密码是{ref}"], "", Language.ZH, "", each=[f"原话：{ref}"])
    assert "[secret:" not in question and "sec_" not in question


def test_every_clause_about_the_person_is_said_to_them_with_its_verb_agreeing() -> None:
    assert you("The user paints murals and the user teaches on Tuesdays", Language.EN) == (
        "You paint murals and you teach on Tuesdays"
    )
    assert you("The user's bike is red, the user rides it daily", Language.EN) == "Your bike is red, you ride it daily"
