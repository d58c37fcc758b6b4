"""Screening-11 (session 7): a card number's shape, identity numbers by their check character, the mechanisms widened
for heldout16's misses (a batch written from the spec alone) and heldout17's (REVIEW-5's leaked lines), key blocks
with their armour, and what a reference's label may say. One test a mechanism, with look-alikes that stay; the
sentences are neither the batches' nor their variants' (benchmarks/secrets/heldout16*.jsonl, heldout17*.jsonl)."""

import pytest

from mirror_pipeline.core.screening import PLACEHOLDER_RE, may_hold_secret, prefilter_mask, redact_sequence
from mirror_pipeline.core.screening.detectors import card_shaped, national_id_valid


def screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def labels(*messages: str) -> list[str]:
    return [sp.label for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)]) for sp in s.secrets]


def assert_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    out = PLACEHOLDER_RE.sub("[secret]", "\n".join(screen(*messages)))
    for value in values:
        assert value not in out, (messages, out)
    # the vectorized prefilter lets them through too
    texts = list(messages) * 200
    assert any(prefilter_mask(texts)[: len(messages)]) or not any(map(may_hold_secret, messages))


def assert_kept(*messages: str) -> None:
    assert screen(*messages) == list(messages)


def test_a_card_has_its_brands_length_and_grouping() -> None:
    assert card_shaped("4539148803436467", "16", named=False)
    assert card_shaped("378282246310005", "4,6,5", named=False)  # Amex as printed
    assert not card_shaped("356938035643809", "15", named=False)  # an IMEI (35..., 15 digits) is no JCB
    assert not card_shaped("4000000000000000006", "19", named=False)  # a 19-digit id run together
    assert card_shaped("4000000000000000006", "4,4,4,4,3", named=False)  # the same grouped as a card is printed
    assert not card_shaped("4539148803436467", "2,4,4,6", named=False)  # grouped as no card is
    assert not card_shaped("8986011234567890123", "19", named=True)  # a SIM's ICCID, even "sim card number"


@pytest.mark.parametrize(
    "line",
    [
        "IMEI 356938035643809 on the box",
        "can you look up 356938035643809 for me",
        "the order 4000000000000000006 shipped",
        "ts=1764567890123 request failed",
        "sim card number 8986011234567890123",
    ],
)
def test_ids_of_a_cards_length_stay(line: str) -> None:
    assert_kept(line)


def test_a_card_stays_hidden_when_a_verb_names_an_order() -> None:
    # "order" as a verb is no name: the card after it is a card
    assert_hidden(("can you order it with 4539 1488 0343 6467 for me",), ("4539 1488 0343 6467",))


def test_identity_numbers_by_their_check_character() -> None:
    assert national_id_valid("nric", "S1234567D") and not national_id_valid("nric", "S1234567A")
    assert national_id_valid("hkid", "A123456(3)") and not national_id_valid("hkid", "A123456(4)")
    assert national_id_valid("twid", "A123456789") and not national_id_valid("twid", "A123456788")
    assert_hidden(("clinic form done, S1234567D, they'll call",), ("S1234567D",))
    assert_hidden(("香港身份证 A123456(3) 复印了",), ("A123456(3)",))
    assert_kept("product code S1234567A is out of stock")


def test_digit_words_read_out_are_a_card_only_in_a_cards_shape() -> None:
    assert_hidden(
        ("it's four five three nine one four eight eight zero three four three six four six seven",),
        ("four five three nine",),
    )
    assert_kept("my order is one two three four five six seven eight nine one two three four")


def test_a_code_after_a_long_account_of_what_it_is_for() -> None:
    assert_hidden(
        ("Lloyds: your security code for the payment of GBP 7.99 to NETFLIX.COM is 551902. Never share it.",),
        ("551902",),
    )
    assert_kept("the code for the 9.30 meeting with ACME LTD is on the invite")


def test_a_csv_export_by_its_password_column() -> None:
    assert_hidden(("url,username,password\nhttps://example.org,amy,Quill-Harbor-31",), ("Quill-Harbor-31",))
    assert_kept("url,username,notes\nhttps://example.org,amy,work laptop")


def test_a_pipe_table_without_its_separator_row() -> None:
    assert_hidden(("| 系统 | 密码 |\n| OA | Oa_2025zz |",), ("Oa_2025zz",))


def test_numbered_backup_codes_in_columns() -> None:
    assert_hidden(
        ("backup codes\n1. 1204 5530    4. 8812 0097\n2. 6631 2048    5. 7719 3306",),
        ("1204 5530", "8812 0097", "7719 3306"),
    )


def test_a_dial_safes_turns() -> None:
    assert_hidden(("gun safe dial: left to 14, right to 63, left to 27",), ("14", "63", "27"))
    assert_kept("turn left to 5th ave, right to 14th, left to the 3rd light")


def test_an_answer_two_messages_after_the_question() -> None:
    assert_hidden(("what's the alarm code at the office?", "one sec", "9017, don't forget"), ("9017",))
    assert_kept("what's the alarm code at the office?", "one sec", "meeting at 1530, bring the badge")


def test_a_code_named_by_its_number_of_digits() -> None:
    assert_hidden(("银行卡那个六位数我改成了 520131 了",), ("520131",))
    assert_kept("他的工资是六位数，今年涨到了 150000")


def test_a_named_cards_number_in_part_and_its_rest() -> None:
    assert_hidden(("卡号 6228 4800 1234", "5678 901"), ("6228 4800 1234", "5678 901"))


def test_a_password_before_what_it_gets_you_into() -> None:
    assert_hidden(("the van's hotspot is Rover and Gravel_Road_66 gets you on",), ("Gravel_Road_66",))
    assert_kept("the 42 bus gets you on the ring road")


def test_a_credentials_two_halves_in_one_text() -> None:
    assert_hidden(("微博密码 前半截 wb1990\n后半截 _Sun77",), ("wb1990", "_Sun77"))


_KEY_LINES = (
    "MIIEowIBAAKCAQEATX1z3XzguUEGlTc75OGZyGJZegFowNN+HRnH9sijnOIQpLXc\n"
    "8OixodkvXqLMWXb4C/dEgR66qruGNpXv/NDalKddpJ7C8TA+vJCO/ZJINMsnFPud"
)


@pytest.mark.parametrize(
    "message",
    [
        f"----BEGIN RSA PRIVATE KEY----\n{_KEY_LINES}\n----END RSA PRIVATE KEY----",  # its dashes miscounted
        f"BEGIN RSA PRIVATE KEY\n{_KEY_LINES}",  # no dashes, no end
        f"-----begin rsa private key-----\n{_KEY_LINES}",
    ],
)
def test_a_key_block_goes_with_its_armour(message: str) -> None:
    out = screen(message)[0]
    assert "PRIVATE KEY" not in out and "MIIEow" not in out and "8Oixod" not in out, out


def test_talk_about_key_armour_stays() -> None:
    assert_kept("the file should start with BEGIN RSA PRIVATE KEY and end with END RSA PRIVATE KEY")


def test_where_a_secret_is_kept_is_no_secret() -> None:
    assert_kept("VPN 的密码在 1Password 的 IT vault 里")
    assert_kept('（"银行卡密码在 1Password 里"）。写完后：`mirror import /home/amy/questionnaire.md`')


@pytest.mark.parametrize(
    ("message", "label"),
    [
        ("OPENAI_API_KEY=sk-proj-Zq8Wm3Lk9Pv2Xr7Tn4Bd6Hs1Jc5Gf0Ya", "OPENAI"),
        ("MYSQL_ROOT_PASSWORD: r00tQuail!9", "MYSQL ROOT"),
        ("hey, Netflix password? it's Couch_Potato88", "Netflix"),
        ("Netflix login: Amy_Wu2024 / password: Couch_Potato88", "Netflix"),  # the value before names both
    ],
)
def test_a_label_names_what_the_secret_opens(message: str, label: str) -> None:
    assert labels(message)[-1] == label


@pytest.mark.parametrize(
    "message",
    [
        'config: {"token": "tk_9fQ2mZ7xL4pW8rB3vN6s"}',
        "Authorization: Bearer abcDEF123ghiJKL456mnoPQR789",
        "DB_PASSWORD=Hx9!qLm2Zr",
    ],
)
def test_a_label_is_never_markup_or_a_kinds_name(message: str) -> None:
    # (the kind itself, "token", is what a reference says when nothing names what it opens)
    for label in labels(message):
        assert not any(c in label for c in '{}"=/') and label.upper() not in ("KEY", "PASSWO", "BEARER"), label
