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


def _luhn_completed(body: str) -> str:
    digits = [int(c) for c in body]
    total = sum(d if i % 2 else sum(divmod(2 * d, 10)) for i, d in enumerate(reversed(digits)))
    return body + str((10 - total % 10) % 10)


def test_a_document_named_a_few_words_before_its_value_goes() -> None:
    sin = _luhn_completed("71935628")
    out = redact(f"my SIN for the Alberta onboarding is {sin[:3]} {sin[3:6]} {sin[6:]}", scope="t").text
    assert "[secret:id_number:" in out and sin[3:6] not in out
    # words between the name and a value that fails the check: not believed ("is" alone between would be)
    assert redact("my SIN for the Alberta onboarding form: see 123 456 789", scope="t").text.endswith("123 456 789")


def test_a_document_named_at_the_end_of_a_message_is_given_in_the_next() -> None:
    from mirror_pipeline.core.screening import redact_sequence

    sin = _luhn_completed("52031847")
    said = [("the bank in Halifax asked for my SIN,", "t"), (f"it is {sin}", "t")]
    assert [s.text for s in redact_sequence(said)][1].startswith("it is [secret:id_number:")
    plain = [("I finally renewed my SIN card", "t"), ("it is 3 years old now", "t")]
    assert [s.text for s in redact_sequence(plain)][1] == "it is 3 years old now"
