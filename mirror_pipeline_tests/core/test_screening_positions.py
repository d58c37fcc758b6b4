"""Screening-8: a value judged by its shape where it stands (after a verb of typing, a colon after a secret's name,
a code's name, a request for it), a list of codes alike, a password's shape in passing, and a correction in the next
message; with look-alikes that stay. The sentences are not the held-out batches' (benchmarks/secrets/heldout8.jsonl,
heldout9.jsonl measure those)."""

import pytest

from mirror_pipeline.core.screening import PLACEHOLDER_RE, redact_sequence
from mirror_pipeline.core.screening.values import code_shaped, password_shaped


def screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> bool:
    out = PLACEHOLDER_RE.sub("[secret]", "\n".join(screen(*messages)))
    return not any(value in out for value in values)


@pytest.mark.parametrize(
    ("value", "shaped"),
    [
        ("Orchid#Lane77", True),
        ("kw_b0rder!x", True),
        ("Fern-Moss-Cliff-3", True),
        ("Pass.Word.2031", True),
        ("lin.wei1990@qq.com", False),  # an e-mail
        ("3.11.2+cpu", False),  # a version
        ("9c1d2e7f", False),  # a commit
        ("OPS-7712", False),  # a ticket
        ("YT8871266540031", False),  # a parcel
        ("MU5137", False),  # a flight
        ("2026-10-01", False),
    ],
)
def test_what_a_password_looks_like(value: str, shaped: bool) -> None:
    assert password_shaped(value) is shaped


@pytest.mark.parametrize(
    ("value", "shaped"),
    [
        ("4092", True),
        ("3 1 7 7", True),
        ("六二零八三九", True),
        ("nine two two one", True),
        ("12", False),
        ("7:45", False),
    ],
)
def test_what_a_code_looks_like(value: str, shaped: bool) -> None:
    assert code_shaped(value) is shaped


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("the thing he types at the login screen is Orchid#Lane77",), ("Orchid#Lane77",)),
        (("for the smart TV just key in Walrus_Tusk42",), ("Walrus_Tusk42",)),
        (("进系统的时候敲 Qy#2031lin 就可以了",), ("Qy#2031lin",)),
        (("大门按 4092 然后按铃",), ("4092",)),
        (("she unlocks the tablet with 3 1 7 7",), ("3 1 7 7",)),
        (("the passphrase we wrote on the card, it reads 'amber fox under bridge'",), ("amber fox under bridge",)),
        (("The only phrase I keep in my head, never on paper: Fern-Moss-Cliff-3",), ("Fern-Moss-Cliff-3",)),
        (("车库的智能锁我昨晚重置了，新的是六二零八三九",), ("六二零八三九",)),
        (("平板开机那串数字设成了 5521",), ("5521",)),
        (("邮件里那串 771204 发我一下",), ("771204",)),
        (("the keypad at the back gate is now 8-2-6-1, fyi",), ("8-2-6-1",)),
        (
            ("if I lose my phone these get me into the bank app: 51207731 90826614 33170925",),
            ("51207731", "90826614", "33170925"),
        ),
        (("I reuse Pass.Word.2031!x for junk sites",), ("Pass.Word.2031!x",)),
    ],
)
def test_a_value_where_a_secret_stands_is_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert hidden(messages, values)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("wifi password: Kestrel_2024", "oh wait, no capital: kestrel_2024"), ("kestrel_2024",)),
        (("门禁密码 3391#", "不对不对，是 3319#"), ("3319",)),
    ],
)
def test_a_correction_in_the_next_message_is_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert hidden(messages, values)


def test_a_network_name_in_a_reply_is_not_its_password() -> None:
    (_, reply) = screen("what's the wifi here?", "network is Harbor-View, and you type Gull&Wave_19")
    assert "Harbor-View" in reply and "Gull&Wave_19" not in reply


@pytest.mark.parametrize(
    "messages",
    [
        ("Typed the postcode 518057 into the app and it found the shop",),
        ("enter 3 for billing, then 1",),
        ("按时吃药，按 3 次按钮就关机了",),
        ("release notes: torch 2.4.1+cu121, commit 7e41b9c, ticket OPS-7712",),
        ("订单号 DB20261120158834 已发货",),
        ("the recipe reads 'two cups flour'",),
        ("backup took 1204 2048 4096 seconds in three runs",),
        ("meeting moved", "wait, it's 3:30 now"),
        ("see https://www.youtube.com/watch?v=dQw4w9WgXcQ",),
        ("mail me at Lin.Wei1990+news@qq.com",),
        ("wifi is down", "try the TP-Link AX3000 restart"),
    ],
)
def test_look_alikes_stay(messages: tuple[str, ...]) -> None:
    assert screen(*messages) == list(messages)


def test_after_a_request_whose_code_was_given_the_next_message_is_no_answer() -> None:
    """A request for a code that holds the code itself has been answered: a parcel id in the next message stays."""
    out = screen("邮件里那串 771204 发我一下", "京东那个快递 JD0098812736451 明天到")
    assert "771204" not in out[0] and out[1] == "京东那个快递 JD0098812736451 明天到"


def test_an_interjection_after_a_secret_is_no_correction() -> None:
    """ "ugh," alone corrects nothing; a value given with its request is no question for the next message."""
    out = screen("my pin is 4471, ok?", "ugh, meeting moved to 1530")
    assert "4471" not in out[0] and out[1] == "ugh, meeting moved to 1530"
