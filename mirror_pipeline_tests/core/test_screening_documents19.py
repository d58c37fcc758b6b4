"""Session 19 (ids19): more countries' identity and tax numbers (core/screening/documents.py), by mechanism.

Every value is made here: a body of digits drawn at random (dates of birth where the format holds one), its check
digit found by python-stdnum (a test-only reference: the code under test does not import it), and the same value with
its check digit changed to one that fails. No value is a real person's."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from stdnum.ar import cuit as ar_cuit
from stdnum.at import vnr as at_vnr
from stdnum.bg import egn as bg_egn
from stdnum.cz import rc as cz_rc
from stdnum.ee import ik as ee_ik
from stdnum.gr import amka as gr_amka
from stdnum.gr import vat as gr_afm
from stdnum.hr import oib as hr_oib
from stdnum.is_ import kennitala as is_kt
from stdnum.lt import asmens as lt_asmens
from stdnum.lv import pvn as lv_pvn
from stdnum.ro import cnp as ro_cnp
from stdnum.ru import inn as ru_inn
from stdnum.si import emso as si_emso
from stdnum.ua import rntrc as ua_rntrc

from mirror_pipeline.core.screening import documents as d
from mirror_pipeline.core.screening import may_hold_secret, prefilter_mask, redact_sequence

_RNG = random.Random(1919)


def _screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def _hidden(text: str, value: str) -> bool:
    out = _screen(text)[0]
    return value not in out and "[secret:" in out


def _kept(text: str) -> bool:
    return _screen(text) == [text]


def _digits(n: int, first: str = "0123456789") -> str:
    return _RNG.choice(first) + "".join(_RNG.choice("0123456789") for _ in range(n - 1))


def _mmdd() -> str:
    return f"{_RNG.randint(1, 12):02d}{_RNG.randint(1, 28):02d}"


def _ddmm() -> str:
    return f"{_RNG.randint(1, 28):02d}{_RNG.randint(1, 12):02d}"


def _completed(body: Callable[[], str], valid: Callable[[str], bool]) -> str:
    """A body with the last digit that makes the reference call it valid (a new body when none does)."""
    while True:
        b = body()
        for c in "0123456789":
            if valid(b + c):
                return b + c


def _failed(value: str, valid: Callable[[str], bool]) -> str:
    """The same value with its last digit changed to one the reference rejects."""
    for step in range(1, 10):
        other = value[:-1] + str((int(value[-1]) + step) % 10)
        if not valid(other):
            return other
    raise AssertionError("no failing digit")


# (a name for the test id, our check, the reference, a maker of bodies without their last digit)
_FORMATS: list[tuple[str, Callable[[str], bool], Callable[[str], bool], Callable[[], str]]] = [
    (
        "ee_isikukood",
        d._isikukood_valid,
        ee_ik.is_valid,
        lambda: _digits(1, "3456") + _digits(2) + _mmdd() + _digits(3),
    ),
    (
        "lt_asmens_kodas",
        d._isikukood_valid,
        lt_asmens.is_valid,
        lambda: _digits(1, "3456") + _digits(2) + _mmdd() + _digits(3),
    ),
    (
        "lv_personas_kods",
        d._lv_code_valid,
        lv_pvn.is_valid,
        lambda: _ddmm() + _digits(2) + _digits(1, "012") + _digits(3),
    ),
    (
        "ro_cnp",
        d._cnp_valid,
        ro_cnp.is_valid,
        lambda: _digits(1, "1256") + _digits(2) + _mmdd() + f"{_RNG.randint(1, 40):02d}" + _digits(3),
    ),
    ("hr_oib", d._oib_valid, hr_oib.is_valid, lambda: _digits(10)),
    ("gr_amka", d._amka_valid, gr_amka.is_valid, lambda: _ddmm() + _digits(6)),
    ("gr_afm", d._afm_valid, gr_afm.is_valid, lambda: _digits(8)),
    ("ar_cuit", d._cuit_valid, ar_cuit.is_valid, lambda: _RNG.choice(("20", "23", "27")) + _digits(8)),
    (
        "cz_rodne_cislo",
        d._rodne_cislo_valid,
        cz_rc.is_valid,
        lambda: _digits(2, "6789") + f"{_RNG.choice((3, 55)):02d}{_RNG.randint(1, 28):02d}" + _digits(3),
    ),
    ("bg_egn", d._egn_valid, bg_egn.is_valid, lambda: _digits(2) + _mmdd() + _digits(3)),
    ("si_emso", d._jmbg_valid, si_emso.is_valid, lambda: _ddmm() + "9" + _digits(2) + "50" + _digits(3)),
    (
        "is_kennitala",
        d._kennitala_valid,
        is_kt.is_valid,
        lambda: _ddmm() + _digits(2, "89") + _digits(1) + _digits(1) + _digits(1) + _digits(1),
    ),
    ("ru_inn", d._inn_valid, ru_inn.is_valid, lambda: _digits(11)),
    ("ua_rnokpp", d._rnokpp_valid, ua_rntrc.is_valid, lambda: _digits(9)),
    ("at_svnr", d._svnr_valid, at_vnr.is_valid, None),  # (its check is the fourth digit: made below)
]


def _make(name: str) -> str:
    for n, _, ref, body in _FORMATS:
        if n == name:
            if name == "is_kennitala":  # the check is the ninth digit, the century the tenth
                while True:
                    v = _ddmm() + _digits(2, "89") + _digits(2) + "?9"
                    for c in "0123456789":
                        if ref(v.replace("?", c)):
                            return v.replace("?", c)
            if name == "at_svnr":
                while True:
                    v = _digits(3, "123456789") + "?" + _ddmm() + _digits(2)
                    for c in "0123456789":
                        if ref(v.replace("?", c)):
                            return v.replace("?", c)
            assert body is not None
            return _completed(body, ref)
    raise KeyError(name)


@pytest.mark.parametrize("name", [f[0] for f in _FORMATS])
def test_each_new_check_agrees_with_the_published_rule(name: str) -> None:
    ours, ref = next((f[1], f[2]) for f in _FORMATS if f[0] == name)
    for _ in range(200):
        v = _make(name)
        assert ours(v), name
        if name not in ("is_kennitala", "at_svnr", "lv_personas_kods"):  # (their check is not the last digit)
            assert not ours(_failed(v, ref)), name
    for _ in range(2000):  # random strings of the length: ours and the reference agree
        v = _make(name)
        v = v[:-3] + _digits(3)
        assert ours(v) == bool(ref(v)), name


def _taj() -> str:
    body = _digits(8)
    return body + str(sum(int(c) * (3 if i % 2 == 0 else 7) for i, c in enumerate(body)) % 10)


def _hu_tax() -> str:
    while True:
        body = "8" + _digits(8)
        c = sum(int(x) * (i + 1) for i, x in enumerate(body)) % 11
        if c < 10:
            return body + str(c)


def _snils() -> str:
    body = _digits(9, "123456789")
    return body + f"{sum(int(c) * (9 - i) for i, c in enumerate(body)) % 101 % 100:02d}"


def _luhn(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        x = int(ch) * (2 if i % 2 == 0 else 1)
        total += x - 9 if x > 9 else x
    return body + str(-total % 10)


def _ausweis() -> str:
    letters = "CFGHJKLMNPRTVWXYZ"
    body = _RNG.choice(letters) + "".join(_RNG.choice(letters + "0123456789") for _ in range(8))
    return body + str(sum(int(c, 36) * w for c, w in zip(body, (7, 3, 1) * 3, strict=True)) % 10)


def _twid() -> str:
    codes = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))
    while True:
        letter = _RNG.choice("ABCDEFGH")
        body = _RNG.choice("12") + _digits(7)
        code = codes[letter]
        total = (
            code // 10 + code % 10 * 9 + sum(int(c) * w for c, w in zip(body, (8, 7, 6, 5, 4, 3, 2, 1), strict=True))
        )
        return f"{letter}{body}{-total % 10}"


@pytest.mark.parametrize(
    ("template", "make"),
    [
        ("the estonian lad sent his isikukood {v} for the contract", lambda: _make("ee_isikukood")),
        ("minu isikukood on {v}", lambda: _make("ee_isikukood")),
        ("mano asmens kodas {v}", lambda: _make("lt_asmens_kodas")),
        ("her cnp is {v}, for the site pass", lambda: _make("ro_cnp")),
        ("codul numeric personal: {v}", lambda: _make("ro_cnp")),
        ("his oib for the payroll is {v}, keep it off the chat", lambda: _make("hr_oib")),
        ("moj OIB je {v}", lambda: _make("hr_oib")),
        ("amka {v}, she asked me to fill the form", lambda: _make("gr_amka")),
        ("ο ΑΦΜ μου είναι {v}", lambda: _make("gr_afm")),
        ("cuit {v}, para la factura", lambda: _make("ar_cuit")),
        ("mi CUIL es {v}", lambda: _make("ar_cuit")),
        ("the czech tiler's birth number is {v}, for the form", lambda: _make("cz_rodne_cislo")),
        ("moje rodné číslo je {v}", lambda: _make("cz_rodne_cislo")),
        ("ЕГН: {v}", lambda: _make("bg_egn")),
        ("moj EMŠO je {v}", lambda: _make("si_emso")),
        ("kennitala mín er {v}", lambda: _make("is_kennitala")),
        ("мой ИНН {v}", lambda: _make("ru_inn")),
        ("мій РНОКПП {v}", lambda: _make("ua_rnokpp")),
        ("meine Sozialversicherungsnummer ist {v}", lambda: _make("at_svnr")),
        ("TAJ szám: {v}", _taj),
        ("adóazonosító jel {v}", _hu_tax),
        ("СНИЛС {v}", _snils),
        ("Personalausweisnummer {v}", _ausweis),
        ("meine Steuer ID lautet {v}", lambda: _completed(lambda: _digits(10, "123456789"), d._steuer_id_valid)),
        ("我的身分證字號是 {v}", _twid),
        ("iqama number {v} for the visa", lambda: _luhn("2" + _digits(8))),
        ("emirates id {v}", lambda: _luhn("784" + _digits(11))),
    ],
)
def test_a_value_that_passes_its_check_after_its_name_is_hidden(template: str, make) -> None:
    value = make()
    text = template.format(v=value)
    assert may_hold_secret(text)
    assert all(prefilter_mask([text] * 600))  # the vectorized prefilter (Rust's regex) agrees
    assert _hidden(text, value)


@pytest.mark.parametrize(
    ("template", "make"),
    [
        (
            "the lads cnic for the induction form is {v}, the new scaffolder",
            lambda: f"{_digits(5, '34')}-{_digits(7)}-{_digits(1)}",
        ),
        ("mi DNI es {v}", lambda: f"{_digits(2, '123')}.{_digits(3)}.{_digits(3)}"),
        ("mi cédula es {v}", lambda: f"{_digits(2, '123')}.{_digits(3)}.{_digits(3)}"),
    ],
)
def test_a_format_without_a_check_is_hidden_after_its_name(template: str, make) -> None:
    value = make()
    assert _hidden(template.format(v=value), value)


@pytest.mark.parametrize("name", ["ee_isikukood", "ro_cnp", "hr_oib", "gr_amka", "ru_inn", "bg_egn", "si_emso"])
def test_a_bare_valid_number_without_its_name_is_kept(name: str) -> None:
    value = _make(name)
    for text in (
        f"order {value} shipped yesterday",
        f"the tracking number is {value}, arrives friday",
        f"call the office on {value} after nine",
        f"ref {value} on the invoice",
    ):
        assert _kept(text), name


def test_a_failed_check_is_kept_unless_the_name_gives_it_plainly() -> None:
    value = _failed(_make("hr_oib"), hr_oib.is_valid)
    text = f"the oib that the accountant wrote on the old payslip was {value}"
    assert _kept(text)
    assert _hidden(f"OIB: {value}", value)
    value = _failed(_make("ro_cnp"), ro_cnp.is_valid)
    assert _kept(f"cnp of the form in the second drawer, line {value}")
    assert _hidden(f"cnp {value}", value)


def test_a_companys_cuit_is_kept_and_a_persons_hidden() -> None:
    company = _completed(lambda: "30" + _digits(8), ar_cuit.is_valid)
    text = f"the cuit printed on the supplier's invoice was {company[:2]}-{company[2:10]}-{company[10]}"
    assert _kept(text)


def test_look_alikes_near_the_new_names_stay() -> None:
    for text in (
        "the cnp of the plan for 2024 is 12 pages",
        "isikukood form due 2025-03-14, bring the printout",
        "amka appointment at 10:30 on 15/03",
        "oib office phone +385 1 4809 000",
        "Ausweis abholen am 12.03.2025 um 14 Uhr",
        "dni renewal costs 30 euros, the queue was 45 minutes",
        "my Steuernummer is 21/815/08150, the Finanzamt's file number",  # (a file number the corpora keep)
    ):
        assert _kept(text), text


def test_the_new_names_pass_the_gate_with_traditional_chinese() -> None:
    value = _twid()
    text = f"身分證字號 {value}"
    assert d.document_gate(text, text.lower(), [])
    assert _hidden(text, value)


def test_hong_kong_id_in_lower_case_after_its_name() -> None:
    # (a letter, six digits, the check character: its weights 8 .. 2 and the letter's 9 - 10 = A's place)
    while True:
        letter, digits = _RNG.choice("ABCDEFGHKPRZ"), _digits(6)
        total = 36 * 9 + (ord(letter) - 55) * 8 + sum(int(c) * w for c, w in zip(digits, range(7, 1, -1), strict=True))
        check = "0123456789A"[(11 - total % 11) % 11]
        if check.isdigit():
            break
    value = f"{letter.lower()}{digits}({check})"
    assert _hidden(f"my hkid is {value}", value)
