"""Casual English as a chat writes it (issue 10, session 9): apostrophes dropped ("im", "dont", "shes"), "should of",
and a clause after a comma with its subject left out. The sentences are written for the tests."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.extraction.casual import spelled
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 9, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("im tired and ive had enough", "I'm tired and I've had enough"),
        ("i dont know, shes late and thats fine", "I don't know, she's late and that's fine"),  # the pronoun too
        ("i.e. the list's item i) stays", "i.e. the list's item i) stays"),
        ("youre right, they cant come", "you're right, they can't come"),
        ("should of asked sooner", "should have asked sooner"),
        # a word of its own stays: "its", "ill", "were", "well", "id", "lets"
        ("its ill timed, were well off, lets go", "its ill timed, were well off, lets go"),
        ("Cant Stop Won't Stop", "Cant Stop Won't Stop"),
    ],
)
def test_dropped_apostrophes_are_read_put_back(written: str, read: str) -> None:
    assert spelled(written)[0] == read


def test_each_offset_of_the_spelled_text_points_into_what_was_written() -> None:
    written = "so im moving, dont tell anyone"
    text, back = spelled(written)
    assert back is not None
    assert spelled("nothing to spell out here") == ("nothing to spell out here", None)
    assert len(back) == len(text) + 1
    assert written[back[text.index("moving")] :].startswith("moving")
    assert back[len(text)] == len(written)


@pytest.mark.parametrize(
    ("written", "kind"),
    [
        ("im a nurse at the general hospital", "fact"),
        ("ive been living in Halifax since 2019", "fact"),
    ],
)
def test_a_disclosure_without_apostrophes_is_read_and_its_span_is_the_written_words(written: str, kind: str) -> None:
    found = extract(evidence(written, "user", when=SAID))
    assert any(c.memory_type.value == kind for c in found)
    for c in found:
        assert 0 <= c.span_start < c.span_end <= len(written)
        assert written[c.span_start : c.span_end].strip()


@pytest.mark.parametrize(
    "written",
    [
        "so im 44 and finally doing it, signed up for a welding course at the college",
        "been a rough month, passed my exam on thursday",
    ],
)
def test_a_clause_after_a_comma_opening_with_a_past_verb_is_the_writers(written: str) -> None:
    found = extract(evidence(written, "user", when=SAID))
    assert any(c.memory_type.value == "event" and c.content_text.startswith("The user ") for c in found)


def test_a_participle_describing_what_came_before_is_not_cut_as_the_writers() -> None:
    found = extract(evidence("saw a house built in 1920, painted by the owner", "user", when=SAID))
    assert not any("painted" in c.content_text and "The user painted" in c.content_text for c in found)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("finally got the boat back in the water", "I finally got the boat back in the water"),
        ("long day. Signed up for the night class", "long day. I signed up for the night class"),
        ("hey so moved to Regina last spring", "hey so I moved to Regina last spring"),
        # a happening, a state or a participle opening the message is not the writer's verb
        ("turned out fine in the end", "turned out fine in the end"),
        ("tired of the cold already", "tired of the cold already"),
        ("done with the paperwork", "done with the paperwork"),
    ],
)
def test_a_message_opening_with_a_past_verb_is_read_with_the_writers_i(written: str, read: str) -> None:
    assert spelled(written)[0] == read


def test_what_a_pattern_reads_of_a_subjectless_opening_is_the_writers() -> None:
    written = "grew up in Moose Jaw, moved out west for college"
    found = extract(evidence(written, "user", when=SAID))
    assert any(c.predicate == "hometown" and "Moose Jaw" in c.object for c in found)
    assert all(written[c.span_start : c.span_end].strip() for c in found)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("neck is stiff again", "my neck is stiff again"),
        ("ugh. Knees have been bad all week", "ugh. my knees have been bad all week"),
        ("back is where I left it", "my back is where I left it"),  # read so; no rule finds health in it
    ],
)
def test_a_part_of_the_body_opening_a_message_is_the_writers(written: str, read: str) -> None:
    assert spelled(written)[0] == read


def test_a_body_part_left_without_its_my_is_the_writers_health() -> None:
    found = extract(evidence("hip is acting up again after the long drive", "user", when=SAID))
    assert any(c.predicate.endswith("health") and c.content_text.startswith("The user's hip") for c in found)
    assert not extract(evidence("back is where I left it", "user", when=SAID))


@pytest.mark.parametrize(
    "written",
    ["my dad is 81 and still lives alone in Brandon", "my sister now lives on her own in Truro"],
)
def test_a_relatives_age_and_how_they_live_on_the_way_to_where(written: str) -> None:
    found = extract(evidence(written, "user", when=SAID))
    assert any(c.predicate == "family_in" for c in found)


def test_the_topic_a_chat_names_first_is_a_lead_not_the_subject() -> None:
    found = extract(evidence("money wise im living off my pension and the rental income now", "user", when=SAID))
    assert any(c.predicate.endswith("money") for c in found)
