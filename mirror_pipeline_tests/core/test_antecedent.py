"""A pointer's thing read from the conversation (core/extraction/antecedent.py, issue 10's junk judged strictly)."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from mirror_pipeline.adapters.llm_extractor import MemoryCache, RulesExtractor, previous_turns
from mirror_pipeline.core.extraction import antecedent, extract, shapes
from mirror_pipeline.core.model import other_speaker
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def contents(text: str, before: str | None = None) -> list[str]:
    previous = evidence(before, other_speaker("Nate"), "ev_0", when=SAID - timedelta(minutes=1)) if before else None
    return [c.content_text for c in extract(evidence(text, when=SAID), UTC, previous)]


def test_a_pointer_to_a_thing_named_earlier_in_the_message_is_rewritten_with_it():
    said = "I am writing another movie script! I've put lots of hard work into it."
    assert "The user has put lots of hard work into the movie script" in contents(said)


def test_a_pointer_to_a_title_the_other_named_is_rewritten_with_the_title():
    assert 'The user read "The Alchemist" a while back' in contents(
        "I read it a while back.", before='I recently finished rereading "The Alchemist" - it was really inspiring.'
    )


def test_a_pointer_to_nothing_named_stays_out():
    assert not any("hard work" in c for c in contents("I've put lots of hard work into it."))


def test_the_others_own_thing_makes_the_clause_a_reply_and_it_stays_out():
    # "it" is the other's recipe: trying it is a reply to their news, not a fact about the person
    said = "Thanks! I've always wanted to try it for dinner."
    assert not any("try" in c for c in contents(said, before="I made my grandma's recipe with coconut milk."))


def test_a_subject_pointer_or_an_idiom_is_not_resolved():
    # "it'll pay off", "make it happen": the situation, not a thing a phrase names
    for body in ("I'm sure it'll pay off", "I'm gonna make it happen"):
        at = shapes.en_pointer_at(body)
        assert at is not None
        assert antecedent.resolve(body, at, "I got a temp job.", "") is None


def test_a_person_pointer_takes_a_name_not_the_listener_addressed():
    body = "I walk him every day"
    at = shapes.en_pointer_at(body)
    assert at is not None
    assert antecedent.resolve(body, at, "", "Wow, Joanna! Max was truly awesome.").body == ("I walk Max every day")
    assert antecedent.resolve(body, at, "", "Wow, Joanna!") is None


@pytest.mark.parametrize(
    ("phrase", "found"),
    [
        ("I'm feeling a rollercoaster of emotions.", False),  # a measure, not a thing
        ("Our city held a pride parade.", False),  # "city held": a verb ends no noun phrase
        ("My car broke down last week.", False),  # the subject of a verb: seldom what "it" is
        ("I just bought a new car last week.", True),
    ],
)
def test_only_a_noun_phrase_is_an_antecedent(phrase: str, found: bool):
    body = "Trying to get it fixed"
    at = shapes.en_pointer_at(body)
    assert at is not None
    assert (antecedent.resolve(body, at, phrase, "") is not None) is found


def test_the_rules_extractor_gives_each_message_the_turn_before_it_in_its_session():
    other = replace(evidence('I watched "Little Women" recently.', other_speaker("Nate"), "ev_a"), session_id="s1")
    mine = replace(evidence("I watched it too and it really spoke to me.", evidence_id="ev_b"), session_id="s1")
    elsewhere = replace(evidence("I watched it too.", evidence_id="ev_c"), session_id="s2")
    mine = replace(mine, timestamp=other.timestamp + timedelta(minutes=1) if other.timestamp else None)
    assert {k: v.evidence_id for k, v in previous_turns([mine, other, elsewhere]).items()} == {"ev_b": "ev_a"}
    found = RulesExtractor().extract([other, mine, elsewhere], UTC, MemoryCache()).candidates
    assert any('"Little Women"' in c.content_text and c.evidence_id == "ev_b" for c in found)
    assert not any(c.evidence_id == "ev_c" and "watched" in c.content_text for c in found)
