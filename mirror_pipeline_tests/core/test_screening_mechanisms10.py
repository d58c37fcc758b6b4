"""Screening-10: the mechanisms widened for heldout14's misses (a batch by someone who never saw the rules) and
heldout15's (a reviewer's own leaked lines); one test a mechanism, with look-alikes that stay. The sentences here are
neither the batches' nor their variants' (benchmarks/secrets/heldout14*.jsonl, heldout15*.jsonl measure those)."""

import pytest

from mirror_pipeline.core.screening import (
    PLACEHOLDER_RE,
    SCREENING_VERSION,
    may_hold_secret,
    prefilter_mask,
    redact_sequence,
)


def screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def assert_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    out = PLACEHOLDER_RE.sub("[secret]", "\n".join(screen(*messages)))
    for value in values:
        assert value not in out, (messages, out)


def assert_kept(*messages: str) -> None:
    assert screen(*messages) == list(messages)


def test_the_version_moved() -> None:
    assert int(SCREENING_VERSION.removeprefix("screening-")) >= 10  # every home re-screens with these rules


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("支付宝密码开头是 wangfang", "后面接 77!"), ("wangfang", "77!")),
        (("the first part of the nas password is tulip", "the rest is 8Harbor#"), ("tulip", "8Harbor#")),
    ],
)
def test_a_value_given_in_parts(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert_hidden(messages, values)


def test_a_rest_without_a_first_part_stays() -> None:
    assert_kept("后面接着说吧", "the rest is history")


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("电脑的密码提示是 阿黄2019 其实就是密码",), ("阿黄2019",)),
        (("my hint says Biscuit77 which, yes, is the password",), ("Biscuit77",)),
        (("password hint: 'my first car' - it's Corolla1999",), ("Corolla1999",)),
    ],
)
def test_a_hint_that_is_the_value(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert_hidden(messages, values)


def test_a_hint_of_words_stays() -> None:
    assert_kept("密码提示是 小时候住的地方")
    assert_kept("the hint is in chapter 3 of the book")


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("the padlock on the side gate, code 3-3-8-1. thanks!",), ("3-3-8-1",)),
        (("door code? the usual one, 2684 and push hard",), ("2684",)),
        (("箱子的锁设成了 905 别忘",), ("905",)),
        (("my bike lock is set to 2 7 4 now",), ("2 7 4",)),
        (("the lock guy changed it, he set it to 51920",), ("51920",)),
    ],
)
def test_a_locks_code_where_it_stands(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert_hidden(messages, values)


def test_numbers_beside_a_lock_that_are_not_its_code_stay() -> None:
    assert_kept("the lockbox is at the front door, unit 14, bus 305 stops there")
    assert_kept("I set the alarm to 0645 for the flight")
    assert_kept("行李箱是24寸的 重量20公斤")


def test_codes_listed_with_slashes() -> None:
    assert_hidden(("twitter backup codes: 1188 2046 / 5530 9127 / 6604 3381",), ("1188 2046", "5530 9127", "6604 3381"))
    assert_kept("运单 1188 2046 3391 / 5530 9127 8812 两件")


def test_a_header_named_as_a_key_and_a_wallet_key() -> None:
    assert_hidden(("add -H 'x-client-key: 0f9e8d7c6b5a49382716fedcba012345'",), ("0f9e8d7c6b5a49382716fedcba012345",))
    key = "0x" + "3b9f" * 16
    assert_hidden((f"钱包私钥 {key} 别外传",), (key,))
    # a transaction hash, a request id, an SRI hash are not secrets
    assert_kept("tx 0x" + "9a1c" * 16 + " is confirmed")
    assert_kept("x-request-id: 0f9e8d7c6b5a49382716fedcba012345 in the log")
    assert_kept('"integrity": "sha512-Zq3RtY7uIo0pLkJhGfDsA1b2N3m4V5c6X7z8Qw9E" in the lockfile')


def test_a_code_one_is_told_not_to_share() -> None:
    assert_hidden(("the clinic sms came with 552190, it says never share it with anyone",), ("552190",))
    assert_kept("the courier sent 552190 as the parcel reference")


def test_a_card_named_or_told_with_its_expiry() -> None:
    # check digits fail: named as a card, or told with its expiry and CVV, it is one all the same
    assert_hidden(("储蓄卡 6222 0000 1111 2224 背面那三位 880",), ("6222 0000 1111 2224", "880"))
    assert_hidden(("pay with 5500 1234 5678 9011 exp 10/30 cvv is 771",), ("5500 1234 5678 9011", "771"))
    assert_kept("收款卡号 6222 0000 1111 2224 户名张三")
    assert_kept("order 5500 1234 5678 shipped 10/30")


def test_numbers_read_out_in_digit_words() -> None:
    number = "four one one one one one one one one one one one one one one one"
    assert_hidden(
        (f"ok the number is {number}", "expiry twelve thirty security code two two eight"), (number, "two two eight")
    )
    assert_hidden(
        ("did the bank send you the code?", "nine nine one two eight four"), ("nine nine one two eight four",)
    )
    assert_kept("one two three four, here we go, five six seven eight, one more time")


def test_corrections_and_national_ids_and_spoken_passwords() -> None:
    assert_hidden(("取款密码 五五八二一九", "不对，是五五八二九一"), ("五五八二一九", "五五八二九一"))
    assert_hidden(("the visa form took my NRIC, S9012345Z",), ("S9012345Z",))
    assert_hidden(("the tablet password is small m mango dash tree 4 4, sorry voice",), ("mango dash tree 4 4",))
    assert_kept("her password is saved in the browser, capital letters and all")
    assert_kept("changed the bank password this morning, the old one was from 2019")


def test_the_prefilter_lets_the_new_carriers_through() -> None:
    texts = [
        "got a sms with 660912 and it says do not share this",
        "the number is " + " ".join(["five"] * 13),
        "landlord changed the lock, he set it to 7305",
        "the hint is Sparky2014",
        "my NRIC S9012345Z",
    ]
    assert all(may_hold_secret(t) for t in texts)
    assert all(prefilter_mask(texts * 200))  # the vectorized prefilter (polars, Rust's regex) agrees


def test_a_spelled_out_value_named_as_something_else_stays() -> None:
    assert_kept("number plate: R-T-5-2-X-K-L, parked by the bins")
    assert_kept("order ref is M, 4, 7, Q, 2, Z in case the shop calls")
    # a secret's name after the other one: the value is the secret's
    assert_hidden(("the plate was fine, but the alarm code is 7 - a - 2 - q - 9 - x",), ("7 - a - 2 - q - 9 - x",))
