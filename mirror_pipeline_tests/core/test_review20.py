"""REVIEW-19's "still wrong" list, the person's side: each test failed before its fix (sentences written for it)."""

from datetime import timedelta

from mirror_pipeline.core.decisions import Action, new_decision
from mirror_pipeline.core.governance import govern
from mirror_pipeline.core.proposals import in_third_person
from mirror_pipeline_tests.core.test_decisions import T0, story


def test_an_edit_is_served_in_the_third_person_with_every_time_phrase_kept() -> None:
    # REVIEW-19 #3: an edit was served as typed ("I …", "我以前在…"), and an agent reads that "I" as itself
    items, briefs = story(("I live in Porto.", 0, "ev_1"), ("我在宁波做会计。", 0, "ev_2"))
    first = {m.predicate: m for m in govern(items, evidence=briefs).current}
    later = T0 + timedelta(days=5)
    edits = [
        new_decision(Action.EDIT, first["lives_in"].memory_id, later, text="I moved to Ghent the winter before last"),
        new_decision(Action.EDIT, first["has_role"].memory_id, later, text="我前年起在宁波做会计，上个月辞职了"),
    ]
    after = {m.memory_id: m for m in govern(items, evidence=briefs, decisions=edits).current}
    assert after[first["lives_in"].memory_id].content_text == "The user moved to Ghent the winter before last"
    assert after[first["has_role"].memory_id].content_text == "用户前年起在宁波做会计，上个月辞职了"


def test_the_third_person_keeps_times_and_names_the_persons_own_things() -> None:
    said = {
        "Three weeks ago I started at the ferry company, and next month I move to Oban.": (
            "Three weeks ago the user started at the ferry company, and next month the user moves to Oban."
        ),
        "My niece Dora turns 8 in June and I bake her cake every year": (
            "The user's niece Dora turns 8 in June and the user bakes her cake every year"
        ),
        "Until last autumn I rented a room near the docks": "Until last autumn the user rented a room near the docks",
        "The user quit smoking in 2024": "The user quit smoking in 2024",
    }
    for words, served in said.items():
        assert in_third_person(words) == served


def test_a_question_quotes_every_memory_in_the_second_person_whatever_its_language() -> None:
    # REVIEW-19 #8: 这几条记得对吗？…「The user analyses coral reef sensor data」: a predicate no template says
    from mirror_pipeline.core.conflicts import confirmation_question, say
    from mirror_pipeline.core.model import Language

    memories = [
        ("The user repairs fishing nets on weekends", "fact:stated", "x", "fact"),
        ("The user works at 舟山渔业站", "fact:stated", "x", "fact"),
        ("用户的表妹叫小禾", "fact:stated", "x", "fact"),
    ]
    zh = [say(*m, Language.ZH) for m in memories]
    assert zh == ["You repair fishing nets on weekends", "You work at 舟山渔业站", "你的表妹叫小禾"]
    en = [say(*m, Language.EN) for m in memories]
    assert en[2] == "你的表妹叫小禾"
    question, _ = confirmation_question(zh, "", Language.ZH, "")
    assert "user" not in question.lower() and "用户" not in question
