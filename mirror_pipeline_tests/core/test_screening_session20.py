"""Session 20: a card's code asked for by where it is printed and answered a few messages later; a value corrected in
the message that gives it; a card's number grouped with another separator; a credential in a link's query; a code said
in digit words and digits mixed; a one-time code inside the words that say it came; a card's halves when the first
message names the card; and the look-alikes that stay (a parcel's back, a room corrected, a score, a docs link)."""

import pytest

from mirror_pipeline_tests.core.test_screening_session19 import _gone, _screen


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        # asked by where it is printed, a card spoken of; the answer after other talk
        (("what are the 3 numbers on the back of your debit card", "brb kettle", "306"), ("306",)),
        (("信用卡背面的三位数发我一下", "好", "是 417"), ("417",)),
        (("cvv please, the checkout timed out", "0291"), ("0291",)),
        (("need the digits on the back of the amex for the booking", "it's 8831"), ("8831",)),
    ],
)
def test_a_cards_code_asked_for_is_hidden_in_the_answer(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("gate pin is 7300... wait, it's 7 3 9 0 now",), ("7 3 9 0",)),
        (("wifi password is otterbay41 sorry Otterbay41!",), ("otterbay41", "Otterbay41!")),
        (("支付密码 802615，不对，是 802651",), ("802615", "802651")),
        (("the alarm code is 0000... no, 6 2 7 1",), ("6 2 7 1",)),
    ],
)
def test_a_value_corrected_as_it_is_given_is_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    "text",
    [
        "my visa 4111 - 1111 - 1111 - 1111 for the deposit",
        "card: 5500.0055.5555.5559",
        "use 4012 — 8888 — 8888 — 1881 at the till",
    ],
)
def test_a_card_grouped_with_another_separator_is_hidden(text: str) -> None:
    out = _screen(text)[0]
    assert "[secret:bank_card:" in out and not any(g in out for g in ("1111 -", "5555.5559", "1881"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("open https://files.example.org/get?id=77&sig=Zq81mXw20plKc7Aa so you can download it", "Zq81mXw20plKc7Aa"),
        ("router page http://192.168.0.1/login?user=admin&pwd=Gecko2291x", "Gecko2291x"),
        ("the pin is 8 one 3 five", "8 one 3 five"),
        ("code: two 9 nine 1", "two 9 nine 1"),
        ("security code on the back: four oh seven", "four oh seven"),
        ("the bank sent 771904 as the login code, the bus is route 4402 tonight", "771904"),
    ],
)
def test_a_value_named_in_a_link_or_in_mixed_words_is_hidden(text: str, value: str) -> None:
    assert value not in _screen(text)[0]


def test_a_cards_first_digits_ending_the_message_and_the_rest_opening_the_next_are_hidden() -> None:
    out = _screen("visa is 4012 8888", "8888 1881 exp 03/29")
    assert "4012 8888" not in out[0] and "8888 1881" not in out[1]


@pytest.mark.parametrize(
    "messages",
    [
        ("what's on the back of the box? the label", "it says 480 grams"),
        ("table 1204 no wait 1240, by the window",),
        ("final score 2 - 1, then 3 - 3 in extra time",),
        ("read https://example.com/docs?page=12&lang=en first",),
        ("the bank sent 3 letters as the usual reminder",),
        ("order 4417 - 1234 - 5678 - 9012 shipped",),
    ],
)
def test_look_alikes_stay(messages: tuple[str, ...]) -> None:
    assert _screen(*messages) == list(messages)
