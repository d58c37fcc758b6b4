"""Session 18: a named PIN, id or card given in short parts over two messages; the Caribbean's, the Philippines' and
Kenya's numbers after their names; and the look-alikes that stay: a wifi name beside its password, India's postal
PIN code, a number "on my account" that is another thing's."""

import pytest

from mirror_pipeline.core.screening import redact, redact_sequence


def _screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


@pytest.mark.parametrize(
    ("messages", "parts"),
    [
        # the name in the message before the first part, the rest opening the next
        (("爸，存折的密码我拆成两条", "前两位 86", "后四位是 3051"), ("86", "3051")),
        (("the safe pin, first three digits 904", "and the last three are 217"), ("904", "217")),
        (("身份证前十位 3101151987", "剩下的 05214436"), ("3101151987", "05214436")),
        (("my card, part one 6011 3300", "part two 4471 2009"), ("6011 3300", "4471 2009")),
        (("the amex is 37140092", "rest is 1185044"), ("37140092", "1185044")),
    ],
)
def test_a_named_secret_in_short_parts_goes_whole(messages: tuple[str, ...], parts: tuple[str, ...]) -> None:
    joined = "\n".join(_screen(*messages))
    assert all(part not in joined for part in parts)


@pytest.mark.parametrize(
    "messages",
    [
        ("the bus leaves at first light, gate 12", "then 45 minutes to the coast"),
        ("前三名分别得了 98 分", "后面的 85 分"),
        ("our first half score was 21", "second half we got 14"),
    ],
)
def test_parts_of_nothing_named_stay(messages: tuple[str, ...]) -> None:
    assert _screen(*messages) == list(messages)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("for the loan they asked my TRN, 104-228-391", "104-228-391"),
        ("NIB no. 4471902 is on my card", "4471902"),
        ("nanay's SSS is 33-4456712-9", "33-4456712-9"),
        ("the KRA PIN on the form: A004512388Q", "A004512388Q"),
    ],
)
def test_a_named_national_number_goes(text: str, value: str) -> None:
    assert value not in redact(text, scope="test").text


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        ("the wifi is Casa_Verde_2G, password Tulum!2024", "Casa_Verde_2G", "Tulum!2024"),
        ("wifi is HomeNet-77 and the key is 51982274", "HomeNet-77", "51982274"),
    ],
)
def test_a_wifi_name_beside_its_password_stays(text: str, kept: str, gone: str) -> None:
    out = redact(text, scope="test").text
    assert kept in out and gone not in out


@pytest.mark.parametrize(
    "text",
    [
        "courier to 3rd Cross, Indiranagar, PIN code 560038 please",
        "pincode 400050 for the Bandra flat",
        "the tracking number on my account is 88120453, still in transit",
    ],
)
def test_an_address_pin_code_or_a_number_on_an_account_stays(text: str) -> None:
    assert redact(text, scope="test").text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("lobby intercom code is #7781 then the lift", "7781"),
        ("the side door keypad: 50913*", "50913"),
        ("the bank messaged me the code, 8 0 6 6 1 4", "8 0 6 6 1 4"),
        ("storage locker combo: left 14 right 3 left 27", "27"),
        ("保险柜密码是右转 33 左转 8 再右转 19", "33"),
    ],
)
def test_a_keypad_code_a_spaced_sent_code_and_a_combination_go(text: str, value: str) -> None:
    assert value not in redact(text, scope="test").text


@pytest.mark.parametrize(
    "text",
    [
        "dial *141# to check your data balance",
        "the building has 6 floors, press 5# in the lift",
        "turn left at the second light, right at 21, left again at 5th",
        "they sent a code of conduct for 2 3 4 graders",
    ],
)
def test_a_service_code_directions_and_sent_documents_stay(text: str) -> None:
    assert redact(text, scope="test").text == text


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        ("our cabin wifi is Pine-Ridge_5G ok, key is owlNight#42", "Pine-Ridge_5G", "owlNight#42"),
        ("登录 密码: Hx#Bay2027 , the invoice no. is INV-2026-55012", "INV-2026-55012", "Hx#Bay2027"),
    ],
)
def test_a_name_with_a_filler_word_and_an_order_number_beside_a_password_stay(text: str, kept: str, gone: str) -> None:
    out = redact(text, scope="test").text
    assert kept in out and gone not in out


def test_a_time_or_an_amount_as_the_rest_stays() -> None:
    messages = ("the door code is 12", "rest is 30 minutes away")
    assert _screen(*messages)[1] == messages[1]
