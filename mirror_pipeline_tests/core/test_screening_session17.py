"""Session 17: a password dictated in words, part by part, after its name (heldout27 and heldout28 each had one), and a
domestic account number after its name:
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


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("wire the rent to my savings acct 0071-55390-2 at Westpac, BSB 032-001", "55390"),
        ("payroll wants my chequing account number 8815 2043 9917", "2043"),
        ("deposit it into account 6620-118-443, branch code 00152", "118-443"),
        ("房租打到我的银行账户 6214 8302 1177 5590 就行", "1177"),
    ],
)
def test_an_account_number_after_its_name_goes(text: str, digits: str) -> None:
    out = redact(text, scope="test").text
    assert "[secret:" in out and digits not in out


@pytest.mark.parametrize(
    "text",
    ["I opened 2 accounts at the credit union", "my account was locked for 48 hours", "account 3 of 7 is set up"],
)
def test_an_account_without_its_number_stays(text: str) -> None:
    assert redact(text, scope="test").text == text
