"""A password dictated in words, part by part, after its name (session 17: heldout27 and heldout28 each had one):
every part goes, and talk about a password that dictates nothing stays."""

import pytest

from mirror_pipeline.core.screening import redact

DICTATED = [
    # (text, a word of the value that must not survive)
    ("the garage keypad password is the word walrus, then the number eighty-one, then a hash", "walrus"),
    ("my bank login password is capital T, o, m, then four four, then an at sign, then pebble", "pebble"),
    ("our netflix password is the word lantern followed by the number 2290 and a question mark", "lantern"),
    ("the laptop passcode is nine one nine five six", "nine one nine"),
]


@pytest.mark.parametrize(("text", "word"), DICTATED)
def test_a_dictated_password_goes_whole(text: str, word: str) -> None:
    out = redact(text, scope="test").text
    assert "[secret:" in out and word not in out


@pytest.mark.parametrize(
    "text",
    [
        "the password is long, I will tell you later",
        "my password is one I made up with my son",
        "the word password is in the subject line",
        "Then the number two bus came, and the word was out",
    ],
)
def test_talk_that_dictates_nothing_stays(text: str) -> None:
    assert redact(text, scope="test").text == text
