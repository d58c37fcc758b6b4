"""Session 16: identity, tax and bank documents by name, value shape and check digit (core/screening/documents.py);
card halves counted; security answers after telling verbs; spaced and described-then-given passwords.

The values are made in the tests: a body of digits drawn at random, its check digit computed here by the format's
published rule (not by the code under test), and the same value with its check digit changed to one that fails."""

from __future__ import annotations

import random

import pytest

from mirror_pipeline.core.screening import may_hold_secret, prefilter_mask, redact_sequence
from mirror_pipeline.core.screening.documents import DOCUMENTS, iban_valid, verhoeff_valid

_RNG = random.Random(16)


def _screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def _hidden(text: str, value: str) -> bool:
    out = _screen(text)[0]
    return value not in out and "[secret:" in out


def _body(n: int, first: str = "123456789") -> str:
    return _RNG.choice(first) + "".join(_RNG.choice("0123456789") for _ in range(n - 1))


def _luhn(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return body + str(-total % 10)


def _iban(country: str, bban: str) -> str:
    number = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    return f"{country}{98 - number % 97:02d}{bban}"


def _cpf(body: str) -> str:
    for n in (9, 10):
        body += str(sum(int(d) * w for d, w in zip(body, range(n + 1, 1, -1), strict=True)) * 10 % 11 % 10)
    return body


def _pesel(body: str) -> str:
    return body + str(-sum(int(d) * w for d, w in zip(body, (1, 3, 7, 9) * 3, strict=False)) % 10)


def _bsn() -> str:
    while True:
        body = _body(8)
        check = sum(int(d) * w for d, w in zip(body, range(9, 1, -1), strict=True)) % 11
        if check < 10:
            return body + str(check)


def _dni() -> str:
    body = _body(8)
    return body + "TRWAGMYFPDXBNJZSQVHLCKE"[int(body) % 23]


def _failed(value: str) -> str:
    """The same value with its last digit changed (a check digit that no longer holds)."""
    return value[:-1] + str((int(value[-1]) + 1) % 10)


def _spaced(value: str, *groups: int) -> str:
    out, at = [], 0
    for g in groups:
        out.append(value[at : at + g])
        at += g
    return " ".join(out)


_VALID = {
    "pesel": lambda: _pesel(_body(10)),
    "bsn": _bsn,
    "cpf": lambda: _cpf(_body(9)),
}


@pytest.mark.parametrize(
    ("template", "make"),
    [
        ("PESEL mamy: {v}, wpisz to w formularzu", _VALID["pesel"]),
        ("the clinic needs my PESEL, which they said is {v}", _VALID["pesel"]),
        ("mijn BSN is {v}, voor het formulier", _VALID["bsn"]),
        ("我的BSN号码是 {v}，帮我填一下", _VALID["bsn"]),
        ("meu CPF é {v}, coloca no cadastro", _VALID["cpf"]),
        ("CPF 号码 {v} 填在表格上", _VALID["cpf"]),
    ],
)
def test_a_value_that_passes_its_check_after_its_name_is_hidden(template: str, make) -> None:
    value = make()
    assert _hidden(template.format(v=value), value)


def test_a_failed_check_is_kept_unless_the_name_gives_it_plainly() -> None:
    value = _failed(_pesel(_body(10)))
    # a clause between the name and the number: its check must hold
    text = f"PESEL of the patient in bed four, written on the chart as {value}"
    assert _screen(text) == [text]
    # the name gives it plainly: a mistyped number is still the person's
    assert _hidden(f"mój PESEL: {value}", value)
    assert _hidden(f"PESEL是 {value}", value)


def test_each_documents_check_passes_its_own_valid_values_and_fails_a_changed_digit() -> None:
    names = {d.names: d for d in DOCUMENTS}
    pesel = next(d for n, d in names.items() if "pesel" in n)
    bsn = next(d for n, d in names.items() if "bsn" in n)
    assert pesel.check and bsn.check
    for _ in range(50):
        p, b = _pesel(_body(10)), _bsn()
        assert pesel.check(p) and not pesel.check(_failed(p))
        assert bsn.check(b)
    assert verhoeff_valid("2363") and not verhoeff_valid("2364")  # Verhoeff's own worked example


def test_an_iban_is_hidden_named_or_not_and_kept_after_a_references_name() -> None:
    de = _iban("DE", _body(18, "1234567"))
    spaced = _spaced(de, 4, 4, 4, 4, 4, 2)
    assert iban_valid(de) and not iban_valid(de[:2] + _failed(de[2:4]) + de[4:])
    assert _hidden(f"IBAN {spaced}, Verwendungszweck Miete", spaced)
    assert _hidden(f"tu peux me faire le virement sur {spaced} avant vendredi", spaced)
    assert _hidden(f"转账到这个账户 {de} 就行", de)
    for text in (
        f"payment reference {spaced} goes in the description",
        f"订单编号 {de} 已发货",
        f"the transfer to {de[:2]}{_failed(de[2:4])}{de[4:]} bounced, the bank says",  # unnamed, its check fails
    ):
        assert _screen(text) == [text], text
    # named plainly, a mistyped IBAN is still the person's
    failed = de[:2] + _failed(de[2:4]) + de[4:]
    out = _screen(f"my IBAN is {failed}")[0]
    assert failed not in out and "[secret:bank_account:" in out, out


def test_a_business_number_or_another_things_id_is_kept() -> None:
    for text in (
        "VAT reg no. GB 318 4625 77 goes at the bottom of the invoice",
        "Companies House number for Lennox Locks Ltd is SC812345",
        f"student ID number {_luhn(_body(8))}, the library card",
        f"order id number {_body(13)} shipped",
    ):
        assert _screen(text) == [text], text


def test_a_generic_id_number_takes_a_countrys_check_or_a_plain_statement() -> None:
    za = _luhn("850312" + _body(6))
    assert _hidden(f"for the lease they want my ID number, it's {za}, send it to the agent", za)
    assert _hidden(f"我的 ID number: {_failed(za)}", _failed(za))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mi IBAN es {iban}", "{iban}"),
        ("numéro de sécu : {nir}", "{nir}"),
        ("マイナンバーは 1234 5678 9018 です", "1234 5678 9018"),
        ("aadhaar is 2345 6789 0124", "2345 6789 0124"),
    ],
)
def test_names_in_the_countrys_language_pass_the_prefilter(text: str, value: str) -> None:
    nir_body = "1" + _body(12, "0123456789")
    values = {
        "iban": _spaced(_iban("ES", _body(20, "0123456789")), 4, 4, 4, 4, 4, 4),
        "nir": nir_body + f"{97 - int(nir_body) % 97:02d}",
    }
    text, value = text.format(**values), value.format(**values)
    assert may_hold_secret(text)
    assert all(prefilter_mask([text] * 600))  # the vectorized prefilter (Rust's regex) agrees
    assert _hidden(text, value)  # (an Aadhaar named plainly is hidden whether its Verhoeff digit holds or not)


def test_a_cards_halves_said_with_counts_join_across_messages() -> None:
    card = _luhn("4024" + _body(11, "0123456789"))
    first, rest = _spaced(card[:8], 4, 4), _spaced(card[8:], 4, 4)
    out = _screen(f"the card's first eight numbers are {first}", f"and the final eight are {rest}")
    assert first not in out[0] and rest not in out[1], out
    out = _screen(f"mastercard first 8 digits: {first}", f"last 8: {rest}")
    assert first not in out[0] and rest not in out[1], out
    # an order number in halves with no card's check digit is kept
    order = _failed(card)
    texts = [f"first 8 digits of the order: {order[:8]}", f"last 8: {order[8:]}"]
    assert _screen(*texts) == texts


def test_a_documented_test_card_is_kept() -> None:
    text = "per the docs, use 4000 0000 0000 0002 to test a decline and 4242 4242 4242 4242 for a success"
    assert _screen(text) == [text]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("if the bank asks my security question, mother's maiden name, tell them Adebayo", "Adebayo"),
        ("if the phone company asks the name of my first pet, say Pickles", "Pickles"),
        ("security question on the portal is 'favourite teacher' and I put Mr Hughes", "Mr Hughes"),
        ("客服要是问安全问题出生城市，你就说岳阳", "岳阳"),
        ("密保问题是小学班主任叫什么，答案填的周丽华，你帮我登一下", "周丽华"),
    ],
)
def test_a_security_answer_after_a_telling_verb(text: str, value: str) -> None:
    assert _hidden(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "if anyone asks about my first car, say nothing lol",
        "安全问题我忘了，就说我不记得",
        "the security question thing is annoying, just say you forgot",
    ],
)
def test_no_answer_after_a_telling_verb_is_kept(text: str) -> None:
    assert _screen(text) == [text]


def test_a_password_typed_with_spaces_between_its_characters() -> None:
    out = _screen("the shed laptop password is  r i v e r 7 7 o a k  (no spaces really)")[0]
    assert "r i v e r" not in out and "7 7 o a k" not in out, out
    text = "the password is a b test of patience"
    assert _screen(text) == [text]


def test_a_password_described_then_given() -> None:
    out = _screen("the NAS password is the name of our first boat plus the year, lower case", "found it, it's seabird1987")
    assert "seabird1987" not in out[1], out
    out = _screen("邮箱密码是我们家猫的名字加门牌号", "就是 mimi502")
    assert "mimi502" not in out[1], out
    texts = ["my password is so weak lol", "it is what it is"]
    assert _screen(*texts) == texts
