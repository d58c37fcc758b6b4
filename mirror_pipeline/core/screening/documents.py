"""Identity, tax and bank documents by their names, their values' shapes and their check digits (session 16).

One `Document` a record: the names people call it by (English, Chinese, the country's own language), the shape of its
value as people type it (spaces, dashes, dots between groups), and its check digit where the format has one. A value
of the shape after one of the document's names (in the same clause, a few words on) is a secret when its check digit
passes, or when the format has none; a value whose check fails is kept, unless the name gives it plainly ("my BSN is
…", "PESEL: …": the person calls it theirs, a mistyped number is still theirs to keep out). Unnamed, only an IBAN
passes (its mod-97 check and its country's length: one look-alike in ~97 × the lengths), and not after a word that
names it something else (a payment reference, an order, a tracking number). A business's tax number (VAT, a company's
number) is no personal secret: a name qualified as a business's is not read as a document's name.

Pure: patterns and arithmetic. `GATE_PATTERN` is what every text a finding comes from holds, in Rust's regex syntax
(the vectorized prefilter runs it; `document_gate` is the same test in Python).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from mirror_pipeline.core.screening.detectors import (
    NAMED_OTHER_NUMBER,
    Finding,
    luhn_valid,
    national_id_valid,
    resident_id_valid,
)

_DOCUMENT_RULE = -14
_SEPARATORS = re.compile(r"[ .\-/()]")


def _digits(value: str) -> str:
    return _SEPARATORS.sub("", value).upper()


# ---- check digits: each takes the value without its separators, upper-cased
def _weighted_mod11(weights: tuple[int, ...], *, ten_is: int | None = None) -> Callable[[str], bool]:
    """sum(d * w) over the body; the check digit is 11 - sum % 11 (11 is 0; 10 invalid unless `ten_is`)."""

    def check(v: str) -> bool:
        if not v.isdigit() or len(v) != len(weights) + 1:
            return False
        c = 11 - sum(int(d) * w for d, w in zip(v, weights, strict=False)) % 11
        c = 0 if c == 11 else c
        if c == 10:
            if ten_is is None:
                return False
            c = ten_is
        return int(v[-1]) == c

    return check


# the dihedral group D5's products and the position permutations (Verhoeff 1969), one row a string
_VERHOEFF_D = tuple(
    tuple(map(int, row))
    for row in "0123456789 1234067895 2340178956 3401289567 4012395678 5987604321 6598710432 7659821043 8765932104 "
    "9876543210".split()
)
_VERHOEFF_P = tuple(
    tuple(map(int, row))
    for row in "0123456789 1576283094 5803796142 8916043527 9453126870 4286573901 2793806415 7046913258".split()
)


def verhoeff_valid(v: str) -> bool:
    """The Verhoeff check (Aadhaar's last digit)."""
    if not v.isdigit():
        return False
    c = 0
    for i, ch in enumerate(reversed(v)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[i % 8][int(ch)]]
    return c == 0


_IBAN_LENGTHS = dict(
    (pair[:2], int(pair[2:]))
    for pair in (
        "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ES24 FI18 FO18 "
        "FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LI21 LT20 LU20 LV21 "
        "MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 RO24 RS22 SA24 SC31 SE24 SI19 SK24 SM27 "
        "TN24 TR26 UA29 VA22 VG24 XK20"
    ).split()
)


def iban_valid(v: str) -> bool:
    """ISO 13616: its country's length, and mod 97 of the rearranged number is 1."""
    if _IBAN_LENGTHS.get(v[:2]) != len(v) or not v[2:4].isdigit() or not v.isalnum():
        return False
    return int("".join(str(int(c, 36)) for c in v[4:] + v[:4])) % 97 == 1


def _cpf_valid(v: str) -> bool:
    if len(v) != 11 or not v.isdigit() or len(set(v)) == 1:
        return False
    for n in (9, 10):
        c = sum(int(d) * w for d, w in zip(v[:n], range(n + 1, 1, -1), strict=True)) * 10 % 11 % 10
        if c != int(v[n]):
            return False
    return True


_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def _dni_valid(v: str) -> bool:
    body = v[:-1].replace("X", "0", 1).replace("Y", "1", 1).replace("Z", "2", 1) if v[:1] in "XYZ" else v[:-1]
    return body.isdigit() and len(body) == 8 and _DNI_LETTERS[int(body) % 23] == v[-1]


def _za_valid(v: str) -> bool:
    return len(v) == 13 and v.isdigit() and luhn_valid(v)


def _se_valid(v: str) -> bool:
    v = v[-10:]
    return len(v) == 10 and v.isdigit() and luhn_valid(v)


_PESEL_WEIGHTS = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)


def _pesel_valid(v: str) -> bool:
    if len(v) != 11 or not v.isdigit():
        return False
    return (10 - sum(int(d) * w for d, w in zip(v, _PESEL_WEIGHTS, strict=False)) % 10) % 10 == int(v[10])


def _bsn_valid(v: str) -> bool:
    if len(v) != 9 or not v.isdigit():
        return False
    return (sum(int(d) * w for d, w in zip(v[:8], range(9, 1, -1), strict=True)) - int(v[8])) % 11 == 0


def _kr_rrn_valid(v: str) -> bool:
    if len(v) != 13 or not v.isdigit():
        return False
    total = sum(int(d) * w for d, w in zip(v[:12], (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5), strict=True))
    return (11 - total % 11) % 10 == int(v[12])


def _tfn_valid(v: str) -> bool:
    weights = (1, 4, 3, 7, 5, 8, 6, 9, 10) if len(v) == 9 else (10, 7, 8, 4, 6, 3, 5, 1)
    return v.isdigit() and len(v) in (8, 9) and sum(int(d) * w for d, w in zip(v, weights, strict=True)) % 11 == 0


def _my_number_valid(v: str) -> bool:
    if len(v) != 12 or not v.isdigit():
        return False
    body = v[:11][::-1]
    total = sum(int(d) * (n + 1 if n <= 6 else n - 5) for n, d in enumerate(body, start=1))
    r = total % 11
    return int(v[11]) == (0 if r <= 1 else 11 - r)


_CF_ODD = dict(
    zip(
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        (1, 0, 5, 7, 9, 13, 15, 17, 19, 21)
        + (1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16)
        + (10, 22, 25, 24, 23),
        strict=True,
    )
)


def _codice_fiscale_valid(v: str) -> bool:
    if len(v) != 16:
        return False
    total = sum(_CF_ODD[c] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65) for i, c in enumerate(v[:15]))
    return chr(65 + total % 26) == v[15]


def _nir_valid(v: str) -> bool:
    body = v[:13].replace("2A", "19").replace("2B", "18")
    return len(v) == 15 and body.isdigit() and v[13:].isdigit() and 97 - int(body) % 97 == int(v[13:])


_CURP_CHARS = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ"


def _curp_valid(v: str) -> bool:
    if len(v) != 18 or not v[17].isdigit():
        return False
    total = sum(_CURP_CHARS.index(c) * (18 - i) for i, c in enumerate(v[:17]))
    return (10 - total % 10) % 10 == int(v[17])


def _pt_nif_valid(v: str) -> bool:
    return v[:1] in "123" and _weighted_mod11(tuple(range(9, 1, -1)), ten_is=0)(v)


def _be_rrn_valid(v: str) -> bool:
    if len(v) != 11 or not v.isdigit():
        return False
    check = int(v[9:])
    return 97 - int(v[:9]) % 97 == check or 97 - int("2" + v[:9]) % 97 == check


def _no_fnr_valid(v: str) -> bool:
    return _weighted_mod11((3, 7, 6, 1, 8, 9, 4, 5, 2))(v[:10]) and _weighted_mod11((5, 4, 3, 2, 7, 6, 5, 4, 3, 2))(v)


def _hetu_valid(v: str) -> bool:
    """The date and the individual number, mod 31: the check character (the century sign between them, "-" or
    a letter, is left out; a dash is already gone)."""
    body = v[:6] + v[-4:-1]
    if len(v) not in (10, 11) or not body.isdigit():
        return False
    return "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(body) % 31] == v[-1]


def _rut_valid(v: str) -> bool:
    body, check = v[:-1], v[-1]
    if not body.isdigit() or not 7 <= len(body) <= 8:
        return False
    total = sum(int(d) * (2 + i % 6) for i, d in enumerate(reversed(body)))
    return {11: "0", 10: "K"}.get(11 - total % 11, str(11 - total % 11)) == check


def _tc_kimlik_valid(v: str) -> bool:
    if len(v) != 11 or not v.isdigit() or v[0] == "0":
        return False
    d = list(map(int, v))
    return (sum(d[0:9:2]) * 7 - sum(d[1:8:2])) % 10 == d[9] and sum(d[:10]) % 10 == d[10]


def _ean_valid(v: str) -> bool:
    """GTIN / EAN-13: the body's digits weighted 3 and 1 from the right, the check brings the sum to a ten."""
    body = v[:-1][::-1]
    return v.isdigit() and -sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(body)) % 10 == int(v[-1])


def _steuer_id_valid(v: str) -> bool:
    if len(v) != 11 or not v.isdigit() or v[0] == "0":
        return False
    product = 10
    for d in v[:10]:
        s = (int(d) + product) % 10 or 10
        product = s * 2 % 11
    return (11 - product) % 10 == int(v[10])


def _thai_valid(v: str) -> bool:
    if len(v) != 13 or not v.isdigit():
        return False
    return (11 - sum(int(d) * (13 - i) for i, d in enumerate(v[:12])) % 11) % 10 == int(v[12])


def _nhs_valid(v: str) -> bool:
    return _weighted_mod11(tuple(range(10, 1, -1)))(v)


def _ird_valid(v: str) -> bool:
    """New Zealand's IRD number: eight or nine digits, 10,000,000 to 150,000,000, its last digit a weighted mod 11
    (a second set of weights when the first gives 10)."""
    if not v.isdigit() or len(v) not in (8, 9) or not 10_000_000 < int(v) < 150_000_000:
        return False
    digits = [int(c) for c in v.zfill(9)]
    for weights in ((3, 2, 7, 6, 5, 4, 3, 2), (7, 4, 3, 2, 5, 2, 7, 6)):
        remainder = sum(d * w for d, w in zip(digits[:8], weights, strict=True)) % 11
        check = 0 if remainder == 0 else 11 - remainder
        if check != 10:
            return check == digits[8]
    return False


def _hkid_valid(v: str) -> bool:
    return national_id_valid("hkid", f"{v[:-1]}({v[-1]})")


def _twid_valid(v: str) -> bool:
    return national_id_valid("twid", v)


# ---- session 19 (ids19): more countries' checks, each on the value without separators
def _iso7064_11_10(v: str) -> bool:
    """ISO 7064 MOD 11,10 (Croatia's OIB; Germany's Steuer-ID is the same with its own digit rules)."""
    product = 10
    for d in v[:-1]:
        product = ((int(d) + product) % 10 or 10) * 2 % 11
    return (11 - product) % 10 == int(v[-1])


def _oib_valid(v: str) -> bool:
    return len(v) == 11 and v.isdigit() and _iso7064_11_10(v)


def _isikukood_valid(v: str) -> bool:
    """Estonia's isikukood, Lithuania's asmens kodas: a century-and-sex digit, the date, a weighted mod 11 (a second
    set of weights when the first gives 10, then 0)."""
    if len(v) != 11 or not v.isdigit() or v[0] not in "123456" or not 1 <= int(v[3:5]) <= 12:
        return False
    for weights in ((1, 2, 3, 4, 5, 6, 7, 8, 9, 1), (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)):
        r = sum(int(d) * w for d, w in zip(v, weights, strict=False)) % 11
        if r != 10:
            return r == int(v[10])
    return v[10] == "0"


def _cnp_valid(v: str) -> bool:
    """Romania's CNP: sex-and-century, the date, county, weights 279146358279 mod 11 (10 is 1)."""
    if len(v) != 13 or not v.isdigit() or v[0] == "0" or not 1 <= int(v[3:5]) <= 12:
        return False
    r = sum(int(d) * w for d, w in zip(v, (2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9), strict=False)) % 11
    return (1 if r == 10 else r) == int(v[12])


def _ausweis_valid(v: str) -> bool:
    """Germany's Personalausweis number: nine letters and digits (its check digit after them, weights 7 3 1)."""
    if len(v) == 10 and v[-1].isdigit():
        return sum(int(c, 36) * w for c, w in zip(v[:9], (7, 3, 1) * 3, strict=True)) % 10 == int(v[9])
    return len(v) == 9 and sum(c.isdigit() for c in v) >= 3


def _amka_valid(v: str) -> bool:
    """Greece's AMKA: the date of birth (DDMMYY), five digits, Luhn."""
    return len(v) == 11 and v.isdigit() and 1 <= int(v[:2]) <= 31 and 1 <= int(v[2:4]) <= 12 and luhn_valid(v)


def _afm_valid(v: str) -> bool:
    """Greece's AFM: eight digits weighted by powers of two, mod 11 mod 10."""
    if len(v) != 9 or not v.isdigit():
        return False
    return sum(int(d) << (8 - i) for i, d in enumerate(v[:8])) % 11 % 10 == int(v[8])


def _cuit_valid(v: str) -> bool:
    """Argentina's CUIL / CUIT, a person's (20, 23, 24, 27; a company's 30, 33, 34 is no personal secret)."""
    if len(v) != 11 or not v.isdigit() or v[:2] not in ("20", "23", "24", "27"):
        return False
    total = sum(int(d) * w for d, w in zip(v, (5, 4, 3, 2, 7, 6, 5, 4, 3, 2), strict=False))
    return "012345678990"[11 - total % 11] == v[10]


def _rodne_cislo_valid(v: str) -> bool:
    """Czechia's and Slovakia's rodné číslo: the date (a woman's month + 50, + 20 when a day's numbers ran out) and
    three digits (before 1954) or four, the whole divisible by 11 (or the first nine's remainder 10 and a 0)."""
    if len(v) not in (9, 10) or not v.isdigit() or int(v[2:4]) % 50 not in (*range(1, 13), *range(21, 33)):
        return False
    if len(v) == 9:
        return int(v[:2]) < 54
    return int(v) % 11 == 0 or (int(v[:9]) % 11 == 10 and v[9] == "0")


def _egn_valid(v: str) -> bool:
    """Bulgaria's ЕГН: the date (month + 20 or + 40 by century), weights 2 4 8 5 10 9 7 3 6 mod 11 (10 is 0)."""
    if len(v) != 10 or not v.isdigit() or int(v[2:4]) % 20 not in range(1, 13):
        return False
    return sum(int(d) * w for d, w in zip(v, (2, 4, 8, 5, 10, 9, 7, 3, 6), strict=False)) % 11 % 10 == int(v[9])


def _hu_tax_valid(v: str) -> bool:
    """Hungary's adóazonosító jel: an 8, nine digits weighted 1..9 mod 11."""
    return (
        len(v) == 10
        and v.isdigit()
        and v[0] == "8"
        and sum(int(d) * (i + 1) for i, d in enumerate(v[:9])) % 11 == int(v[9])
    )


def _taj_valid(v: str) -> bool:
    """Hungary's TAJ szám: eight digits weighted 3 and 7 mod 10."""
    return (
        len(v) == 9
        and v.isdigit()
        and sum(int(d) * (3 if i % 2 == 0 else 7) for i, d in enumerate(v[:8])) % 10 == int(v[8])
    )


def _jmbg_valid(v: str) -> bool:
    """The former Yugoslavia's JMBG (Slovenia's EMŠO): the date, weights 7..2 twice, mod 11 (10 and 11 are 0)."""
    if len(v) != 13 or not v.isdigit() or not (1 <= int(v[:2]) <= 31 and 1 <= int(v[2:4]) <= 12):
        return False
    return -sum(int(d) * (7 - i % 6) for i, d in enumerate(v[:12])) % 11 % 10 == int(v[12])


def _lv_code_valid(v: str) -> bool:
    """Latvia's personas kods: the date's (weights, mod 11), or a new one's 32 and no check."""
    if len(v) != 11 or not v.isdigit():
        return False
    if v[:2] == "32":
        return True
    return (1 + sum(int(d) * w for d, w in zip(v, (10, 5, 8, 4, 2, 1, 6, 3, 7, 9), strict=False))) % 11 % 10 == int(
        v[10]
    )


def _kennitala_valid(v: str) -> bool:
    """Iceland's kennitala: the date, weights 3 2 7 6 5 4 3 2 and the check digit, mod 11 is 0; its century 9 or 0."""
    if len(v) != 10 or not v.isdigit() or not 1 <= int(v[:2]) % 40 <= 31 or not 1 <= int(v[2:4]) <= 12:
        return False
    return v[9] in "90" and sum(int(d) * w for d, w in zip(v, (3, 2, 7, 6, 5, 4, 3, 2, 1), strict=False)) % 11 == 0


def _inn_valid(v: str) -> bool:
    """Russia's ИНН, a person's (twelve digits, two weighted mod-11 digits)."""
    if len(v) != 12 or not v.isdigit():
        return False
    d = [int(c) for c in v]
    first = sum(x * w for x, w in zip(d, (7, 2, 4, 10, 3, 5, 9, 4, 6, 8), strict=False)) % 11 % 10
    second = sum(x * w for x, w in zip(d, (3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8), strict=False)) % 11 % 10
    return first == d[10] and second == d[11]


def _snils_valid(v: str) -> bool:
    """Russia's СНИЛС: nine digits weighted 9..1, mod 101 (100 is 00): the last two."""
    if len(v) != 11 or not v.isdigit():
        return False
    return sum(int(d) * (9 - i) for i, d in enumerate(v[:9])) % 101 % 100 == int(v[9:])


def _rnokpp_valid(v: str) -> bool:
    """Ukraine's РНОКПП (ІПН): weights -1 5 7 9 4 6 10 5 7, mod 11 mod 10."""
    if len(v) != 10 or not v.isdigit():
        return False
    return sum(int(d) * w for d, w in zip(v, (-1, 5, 7, 9, 4, 6, 10, 5, 7), strict=False)) % 11 % 10 == int(v[9])


def _svnr_valid(v: str) -> bool:
    """Austria's Sozialversicherungsnummer (its fourth digit checks, weights 3 7 9 0 5 8 4 2 1 6); Germany's
    (Rentenversicherungsnummer: area, date, the name's letter, three digits) has no check one can type."""
    if len(v) == 12 and v[:8].isdigit() and v[8].isalpha() and v[9:].isdigit():
        return True
    if len(v) != 10 or not v.isdigit() or v[0] == "0":
        return False
    return sum(int(d) * w for d, w in zip(v, (3, 7, 9, 0, 5, 8, 4, 2, 1, 6), strict=True)) % 11 == int(v[3])


def _luhn_digits(length: int, first: str) -> Callable[[str], bool]:
    return lambda v: len(v) == length and v.isdigit() and v[0] in first and luhn_valid(v)


@dataclass(frozen=True)
class Document:
    """A personal document: what it is (the placeholder's kind), the names people call it by (one pattern; case-blind
    unless it is an acronym that is also a word: "PAN", "RUT", "NIK"), `words` one of which every name holds (lower
    case: looked for in the lower-cased text; an acronym in capitals: in the text as written), its value's shape as
    typed, its check."""

    kind: str
    names: str
    words: tuple[str, ...]
    shape: str
    check: Callable[[str], bool] | None = None


# "my ID number", "ID no.", "identity number", not another thing's id ("student ID", "order id"): a generic name,
# the shape of any identity number, believed when given plainly or when one of the countries' checks passes
_GENERIC_ID = (
    r"(?i:(?<![a-z])(?:national |personal |government |citizen )?(?:id|identity|identification)"
    r"(?: card)?(?: number| no\.?| num| #)(?![a-z])|(?<![a-z])identity number(?![a-z])|(?<![a-z])personal number(?![a-z]))"
)
_GENERIC_WORDS = ("id number", "id no", "id num", "id #", "id card", "identity", "identification", "personal number")
_GROUPED_DIGITS = r"\d(?:[ .\-]?\d){7,15}"
_LETTERS_DIGITS = r"[A-Z]{1,3}[ \-]?\d{6,9}[ \-]?[A-Z0-9]?"
_CHINESE_ID_NAMES = ("身份证", "身分证", "身份證", "身分證")
DOCUMENTS: tuple[Document, ...] = (
    # bank accounts: an IBAN of any country (named: "IBAN", "Kontonummer", "账号"; unnamed: see iban_findings)
    Document(
        "bank_account",
        r"(?i:(?<![a-z])iban(?![a-z])|国际银行账号|konto(?:nummer)?|rekeningnummer|numero de cuenta|número de cuenta"
        r"|conto corrente|bank account|account number)",
        (
            "iban",
            "国际银行账号",
            "konto",
            "kontonummer",
            "rekeningnummer",
            "cuenta",
            "conto corrente",
            "bank account",
            "account number",
        ),
        r"[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}",
        lambda v: iban_valid(v),
    ),
    # session 17: a domestic account number after its name ("checking acct 4401 2290 1187", "POSB savings acct
    # 188-53172-4", "account 354-129-876, branch transit 20335", "账号 6222 0210 ..."): digits as typed, six to
    # seventeen, no check a bank shares (the name says it plainly)
    Document(
        "bank_account",
        # (not a thing's number "on my account", "the order number on my account is 40211872": the order's)
        r"(?i:(?<![a-z])(?<!on my )(?<!on the )(?<!on our )(?<!on your )(?<!in my )(?<!under my )"
        r"(?:(?:checking|chequing|savings?|current|salary|joint|bank|deposit) )?(?:account|acct|a/c)"
        # (not 账号 alone: a login's account, "爱奇艺会员的账号 138…", is a user name)
        r"(?:[ \t]*(?:number|num|no\.?|#))?(?![a-z])|银行账号|银行账户|账户号码?|户口号码)",
        ("account", "acct", "a/c", "银行账号", "账户", "户口号码"),
        r"\d(?:[ \-]?\d){5,16}",
    ),
    # India: Aadhaar (Verhoeff), PAN (a person's: its fourth letter P or H)
    Document(
        "id_number",
        r"(?i:aa?dhaa?r|आधार|uidai)",
        ("aadhaar", "aadhar", "adhaar", "adhar", "आधार", "uidai"),
        r"[2-9]\d{3}[ \-]?\d{4}[ \-]?\d{4}",
        verhoeff_valid,
    ),
    Document(
        "id_number",
        # (session 19: or "pan" in lower case with a PAN's own shape straight after it, "…, pan ABCPE1234K")
        r"(?:(?<![A-Za-z])PAN(?![A-Za-z])|(?i:(?<![a-z])pan (?:card|no\.?|number))"
        r"|(?<![A-Za-z])pan(?=[ \t:]*[A-Z]{3}[PH][A-Z]\d{4}[A-Z](?![A-Za-z0-9])))",
        ("PAN", "pan card", "pan no", "pan number", "pan"),
        r"(?i:[A-Z]{3}[PH][A-Z]\d{4}[A-Z])",
    ),
    # Spain: DNI / NIF (8 digits and a letter), NIE (X, Y or Z, 7 digits, a letter): mod 23
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])(?:DNI|NIE|NIF)(?![A-Za-z])|(?i:documento nacional de identidad))",
        ("DNI", "NIE", "NIF", "documento nacional"),
        r"(?i:\d{8}[ \-]?[A-Z]|[XYZ][ \-]?\d{7}[ \-]?[A-Z])",
        lambda v: _dni_valid(v),
    ),
    # Brazil: CPF (two mod-11 digits)
    Document("id_number", r"(?i:(?<![a-z])cpf(?![a-z]))", ("cpf",), r"\d{3}\.?\d{3}\.?\d{3}[\-.]?\d{2}", _cpf_valid),
    # UK: National Insurance number (its letters' rules), NHS number (mod 11)
    Document(
        "id_number",
        r"(?i:national insurance(?: number| no\.?)?|(?<![a-z])ni (?:number|no\.?)(?![a-z])|(?<![a-z])nino(?![a-z]))",
        ("national insurance", "ni number", "ni no", "nino"),
        r"(?i:[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z](?:[ ]?\d{2}){3}[ ]?[A-D])",
    ),
    Document("id_number", r"(?i:(?<![a-z])nhs (?:number|no\.?))", ("nhs",), r"\d{3}[ \-]?\d{3}[ \-]?\d{4}", _nhs_valid),
    # South Africa (a date of birth, Luhn), Israel (Luhn); Canada's SIN is a rule of its own (rules.py)
    Document(
        "id_number",
        _GENERIC_ID + r"|(?i:(?:sa|rsa|south african) id)",
        (*_GENERIC_WORDS, "sa id"),
        r"\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[ ]?\d{4}[ ]?[01]\d{2}",
        _za_valid,
    ),
    Document(
        "id_number",
        r"(?i:teudat zehut|תעודת זהות|ת\.ז)|" + _GENERIC_ID,
        ("teudat", "תעודת זהות", "ת.ז", *_GENERIC_WORDS),
        r"\d{9}",
        luhn_valid,
    ),
    # Nordics: Swedish personnummer (Luhn), Norwegian fødselsnummer (two mod 11), Danish CPR (no check since 2007),
    # Finnish henkilötunnus (mod 31)
    Document(
        "id_number",
        r"(?i:personnummer|personnr|samordningsnummer)",
        ("personnummer", "personnr", "samordningsnummer"),
        r"(?:19|20)?\d{6}[\-+ ]?\d{4}",
        _se_valid,
    ),
    Document(
        "id_number",
        r"(?i:fødselsnummer|fodselsnummer|personnummer)",
        ("fødselsnummer", "fodselsnummer", "personnummer"),
        r"\d{6}[ ]?\d{5}",
        _no_fnr_valid,
    ),
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])CPR(?![A-Za-z])(?i:[\- ]?(?:nummer|nr\.?))?|(?i:personnummer))",
        ("CPR", "personnummer"),
        r"(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d{2}[\-]?\d{4}",
    ),
    Document(
        "id_number",
        r"(?i:henkilötunnus|henkilotunnus|(?<![a-z])hetu(?![a-z])|personbeteckning)",
        ("henkilötunnus", "henkilotunnus", "hetu", "personbeteckning"),
        r"(?i:\d{6}[\-+A-FU-Y]\d{3}[0-9A-Y])",
        _hetu_valid,
    ),
    # the Netherlands: BSN (the 11-proof); Belgium: rijksregisternummer (mod 97)
    Document(
        "id_number",
        r"(?i:(?<![a-z])bsn(?![a-z])|burgerservicenummer|sofinummer|sofi-nummer)",
        ("bsn", "burgerservicenummer", "sofinummer", "sofi"),
        r"\d{4}\.?\d{2}\.?\d{3}|\d{3}[ .]?\d{3}[ .]?\d{3}",
        _bsn_valid,
    ),
    Document(
        "id_number",
        r"(?i:rijksregisternummer|rijksregister|numéro national|numero national|registre national|"
        r"(?<![a-z])(?:niss|insz)(?![a-z]))",
        (
            "rijksregisternummer",
            "rijksregister",
            "numéro national",
            "numero national",
            "registre national",
            "niss",
            "insz",
        ),
        r"\d{2}\.?\d{2}\.?\d{2}[\-.]?\d{3}\.?\d{2}",
        _be_rrn_valid,
    ),
    # Poland: PESEL (weights 1 3 7 9)
    Document("id_number", r"(?i:(?<![a-z])pesel(?![a-z]))", ("pesel",), r"\d{11}", _pesel_valid),
    # Korea: 주민등록번호 (weights 2..9), Japan: My Number (its check digit)
    Document(
        "id_number",
        r"(?i:주민등록번호|주민번호|resident registration(?: number| no\.?)?|(?<![a-z])rrn(?![a-z]))",
        ("주민", "resident registration", "rrn"),
        r"\d{6}[\- ]?[1-8]\d{6}",
        _kr_rrn_valid,
    ),
    Document(
        "id_number",
        r"(?i:マイナンバー|個人番号|个人番号|(?<![a-z])my ?number(?![a-z]))",
        ("マイナンバー", "個人番号", "个人番号", "my number", "mynumber"),
        r"\d{4}[ \-]?\d{4}[ \-]?\d{4}",
        _my_number_valid,
    ),
    # Australia: tax file number (weights, mod 11)
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])TFN(?![A-Za-z])|(?i:tax file(?: number| no\.?)?))",
        ("TFN", "tax file"),
        r"\d{3}[ \-]?\d{3}[ \-]?\d{2,3}",
        _tfn_valid,
    ),
    # Italy: codice fiscale (its check letter); France: NIR, the social security number (mod 97)
    Document(
        "id_number",
        r"(?i:codice fiscale|cod\. ?fisc\.?|tessera sanitaria|(?<![a-z])c\.f\.)",
        ("codice fiscale", "cod.", "tessera sanitaria", "c.f."),
        r"(?i:[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z])",
        _codice_fiscale_valid,
    ),
    Document(
        "id_number",
        r"(?i:numéro de sécu(?:rité sociale)?|numero de secu(?:rite sociale)?|n° de sécu|sécurité sociale|"
        r"securite sociale|carte vitale|(?<![a-z])nir(?![a-z]))",
        ("sécu", "secu", "securite sociale", "carte vitale", "nir"),
        r"[12][ ]?\d{2}[ ]?\d{2}[ ]?(?:\d{2}|2[ABab])[ ]?\d{3}[ ]?\d{3}[ ]?\d{2}",
        _nir_valid,
    ),
    # Mexico: CURP (its check digit); Chile: RUT / RUN (mod 11, K); Portugal: NIF (a person's: 1-3, mod 11)
    Document(
        "id_number",
        r"(?i:(?<![a-z])curp(?![a-z]))",
        ("curp",),
        r"(?i:[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d)",
        _curp_valid,
    ),
    Document(
        "id_number",
        r"(?<![A-Za-z])(?:RUT|RUN)(?![A-Za-z])",
        ("RUT", "RUN"),
        r"\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK]",
        _rut_valid,
    ),
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])NIF(?![A-Za-z])|(?i:número de contribuinte|contribuinte))",
        ("NIF", "contribuinte"),
        r"\d{3}[ ]?\d{3}[ ]?\d{3}",
        _pt_nif_valid,
    ),
    # Turkey: TC kimlik (two digits); Switzerland: AHV / AVS (EAN-13); Germany: Steuer-ID (ISO 7064), Thailand
    Document(
        "id_number",
        r"(?i:(?:t\.?c\.? )?kimlik(?: no| numaras?[ıi]m?)?|(?<![a-z])tckn(?![a-z]))",
        ("kimlik", "tckn", "t.c."),
        r"[1-9]\d{10}",
        _tc_kimlik_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-z])(?:ahv|avs)(?![a-z])(?:-nummer| number| no\.?)?|sozialversicherungsnummer)",
        ("ahv", "avs", "sozialversicherungsnummer"),
        r"756\.?\d{4}\.?\d{4}\.?\d{2}",
        _ean_valid,
    ),
    Document(
        "id_number",
        r"(?i:steuer[- ]?id(?:entifikationsnummer|[ \-]?nr\.?)?(?![a-z])|steueridentifikationsnummer"
        r"|steuerliche identifikationsnummer"
        r"|steuer-identifikationsnummer|(?<![a-z])idnr(?![a-z])|(?<![a-z])identifikationsnummer)",
        ("steuer", "steueridentifikationsnummer", "steuerliche", "steuerid", "idnr", "identifikationsnummer"),
        r"\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{3}",
        _steuer_id_valid,
    ),
    Document(
        "id_number",
        r"(?i:thai id(?: card)?(?: number| no\.?)?|บัตรประชาชน|เลขประจำตัวประชาชน)|" + _GENERIC_ID,
        ("thai id", "บัตรประชาชน", "เลขประจำตัวประชาชน", *_GENERIC_WORDS),
        r"\d[ \-]?\d{4}[ \-]?\d{5}[ \-]?\d{2}[ \-]?\d",
        _thai_valid,
    ),
    # Nigeria: BVN, NIN (eleven digits, no published check); Vietnam: CCCD / CMND; Indonesia: NIK (16 digits)
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])(?:BVN|NIN)(?![A-Za-z])|(?i:bank verification number|national identification number))",
        ("BVN", "NIN", "bank verification", "national identification"),
        r"\d{11}",
    ),
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])(?:CCCD|CMND)(?![A-Za-z])|(?i:căn cước|can cuoc))",
        ("CCCD", "CMND", "căn cước", "can cuoc"),
        r"\d{12}|\d{9}",
    ),
    Document("id_number", r"(?<![A-Za-z])(?:NIK|KTP)(?![A-Za-z])", ("NIK", "KTP"), r"\d{16}"),
    # session 18: the Caribbean's and the Philippines' and Kenya's numbers people are asked for, none with a check they
    # publish (the name beside the value says it): Jamaica's TRN (nine digits, "118-442-907"), the Bahamas' NIB
    # number, the Philippines' SSS (10 digits, 34-1234567-8), TIN (nine or twelve) and PhilHealth (12) numbers, a
    # Kenyan KRA PIN (a letter, nine digits, a letter)
    Document(
        "id_number",
        r"(?i:(?<![a-z])trn(?![a-z])|taxpayer registration number)",
        ("trn", "taxpayer registration"),
        r"\d{3}[ \-]?\d{3}[ \-]?\d{3}",
    ),
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])NIB(?![A-Za-z])|(?i:(?<![a-z])nib (?:number|no\.?|#)|national insurance board number))",
        ("NIB", "nib number", "nib no", "nib #", "national insurance board"),
        r"\d{6,9}",
    ),
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])(?:SSS|TIN|UMID)(?![A-Za-z])|(?i:philhealth))",
        ("SSS", "TIN", "UMID", "philhealth"),
        r"\d{2}[ \-]?\d{7}[ \-]?\d|\d{3}[ \-]?\d{3}[ \-]?\d{3}(?:[ \-]?\d{3})?|\d{2}[ \-]?\d{9}[ \-]?\d|\d{4}[ \-]?\d{7}[ \-]?\d",
    ),
    Document("id_number", r"(?i:(?<![a-z])kra(?: pin)?(?![a-z]))", ("kra",), r"(?i:[AP]\d{9}[A-Z])"),
    # session 19: New Zealand's IRD number (eight or nine digits, "49-136-202"), its mod-11 check digit
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])IRD(?![A-Za-z])|(?i:(?<![a-z])ird (?:number|no\.?|#)|inland revenue number))",
        ("IRD", "ird number", "ird no", "ird #", "inland revenue"),
        r"\d{2,3}[ \-]?\d{3}[ \-]?\d{3}",
        lambda v: _ird_valid(v),
    ),
    # session 19 (ids19): more countries' identity and tax numbers, each after its name (English, the country's own
    # language), its check where the format has one: Estonia's isikukood and Lithuania's asmens kodas, Latvia's
    # personas kods, Romania's CNP, Croatia's OIB, Bulgaria's ЕГН, Hungary's adóazonosító jel and TAJ, the JMBG / EMŠO,
    # Czechia's and Slovakia's rodné číslo, Iceland's kennitala, Russia's ИНН and СНИЛС, Ukraine's РНОКПП
    Document(
        "id_number",
        r"(?i:isikukood(?:i|iga)?(?![a-z])|asmens kod(?:as|o|ą)|(?:estonian|lithuanian) (?:id|personal code)"
        r"|(?<![a-z])personal code(?![a-z]))",
        (
            "isikukood",
            "isikukoodi",
            "isikukoodiga",
            "asmens kodas",
            "asmens kodo",
            "asmens kodą",
            "estonian",
            "lithuanian",
            "personal code",
        ),
        r"[1-6]\d{10}",
        _isikukood_valid,
    ),
    Document(
        "id_number",
        r"(?i:personas kods|personas koda|latvian (?:id|personal code)|(?<![a-z])personal code(?![a-z]))",
        ("personas kods", "personas koda", "latvian", "personal code"),
        r"\d{6}-?\d{5}",
        _lv_code_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-z])cnp(?![a-z])|cod numeric personal|codul numeric personal)",
        ("cnp", "cod numeric", "codul numeric"),
        r"[1-9]\d{12}",
        _cnp_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-z])oib(?![a-z])|osobni identifikacijski broj)",
        ("oib", "osobni identifikacijski"),
        r"\d{11}",
        _oib_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-zа-я])(?:egn|егн)(?![a-zа-я])|единен граждански номер)",
        ("egn", "егн", "единен граждански"),
        r"\d{10}",
        _egn_valid,
    ),
    Document(
        "id_number",
        r"(?i:adóazonosító(?: jel)?|adoazonosito(?: jel)?|adószám|adoszam)",
        ("adóazonosító", "adoazonosito", "adószám", "adoszam"),
        r"8\d{9}",
        _hu_tax_valid,
    ),
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])TAJ(?![A-Za-z])|(?i:(?<![a-z])taj[ \-]?(?:szám|szam|number|no\.?)"
        r"|társadalombiztosítási azonosító))",
        ("TAJ", "taj szám", "taj szam", "taj number", "taj no", "társadalombiztosítási"),
        r"\d{3}[ \-]?\d{3}[ \-]?\d{3}",
        _taj_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-zа-ш])(?:jmbg|јмбг|emšo|emso)(?![a-zа-ш])|jedinstveni matični broj|matični broj građana|"
        r"enotna matična številka)",
        ("jmbg", "јмбг", "emšo", "emso", "jedinstveni matični", "matični broj", "enotna matična"),
        r"\d{13}",
        _jmbg_valid,
    ),
    Document(
        "id_number",
        r"(?i:rodn(?:é|e|ého|eho|ým|ym) (?:číslo|cislo|čísla|cisla|číslem|cislem)|(?<![a-z])birth number(?![a-z]))",
        ("rodné", "rodne", "rodneho", "rodným", "rodnym", "birth number"),
        r"\d{6}/?\d{3,4}",
        _rodne_cislo_valid,
    ),
    Document(
        "id_number",
        r"(?i:kennitala|kennitölu|kennitolu|(?<![a-z])kt\.(?= ?\d))",
        ("kennitala", "kennitölu", "kennitolu", "kt."),
        r"\d{6}-?\d{4}",
        _kennitala_valid,
    ),
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])INN(?![A-Za-z])|(?i:(?<![а-яё])инн(?![а-яё])|идентификационный номер налогоплательщика))",
        ("INN", "инн", "идентификационный номер"),
        r"\d{12}",
        _inn_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-zа-яё])(?:snils|снилс)(?![a-zа-яё])|страховой номер)",
        ("snils", "снилс", "страховой номер"),
        r"\d{3}[ \-]?\d{3}[ \-]?\d{3}[ \-]?\d{2}",
        _snils_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-zа-яіїє])(?:рнокпп|іпн|ипн|rnokpp)(?![a-zа-яіїє])|ідентифікаційний (?:код|номер)"
        r"|податковий номер)",
        ("рнокпп", "іпн", "ипн", "rnokpp", "ідентифікаційний", "податковий номер"),
        r"\d{10}",
        _rnokpp_valid,
    ),
    # Germany: the Personalausweis's number (nine letters and digits, its check digit; not the Steuernummer, a
    # Finanzamt's file number, which the corpora keep); the Sozialversicherungsnummer of Germany (no check) and of
    # Austria (its check)
    Document(
        "id_number",
        r"(?i:personalausweis(?:nummer|es|-?nr\.?| nr\.?)?(?![a-z])|(?<![a-z])ausweis(?:nummer|-?nr\.?| nr\.?)"
        r"|(?<![a-z])perso(?:nr|-nr| nr| nummer)|"
        r"german id(?: card)?(?: number| no\.?)?)",
        (
            "personalausweis",
            "personalausweisnummer",
            "personalausweises",
            "ausweis",
            "ausweisnummer",
            "perso",
            "personr",
            "german id",
        ),
        r"(?i:[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}\d?)",
        _ausweis_valid,
    ),
    Document(
        "id_number",
        r"(?i:sozialversicherungsnummer|rentenversicherungsnummer|sozialversicherungs-nr\.?|(?<![a-z])(?:svnr|sv-?nummer|"
        r"sv-nr\.?|rv-?nummer)(?![a-z]))",
        (
            "sozialversicherungsnummer",
            "rentenversicherungsnummer",
            "sozialversicherungs",
            "svnr",
            "sv-nummer",
            "svnummer",
            "sv-nr",
            "rv-nummer",
            "rvnummer",
        ),
        r"(?i:\d{2}[ ]?\d{6}[ ]?[A-Z][ ]?\d{3})|\d{4}[ ]?\d{6}",
        _svnr_valid,
    ),
    # Greece: AMKA (the date, Luhn), AFM (powers of two); Argentina: DNI (no check), CUIL / CUIT (mod 11, a person's)
    Document(
        "id_number",
        r"(?i:(?<![a-zα-ω])(?:amka|αμκα|α\.μ\.κ\.α\.?)(?![a-zα-ω])|αριθμός μητρώου κοινωνικής ασφάλισης)",
        ("amka", "αμκα", "α.μ.κ.α", "αριθμός μητρώου"),
        r"\d{6}[ \-]?\d{5}",
        _amka_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-zα-ω])(?:afm|αφμ|α\.φ\.μ\.?)(?![a-zα-ω])|αριθμός φορολογικού μητρώου|greek tax (?:id|number))",
        ("afm", "αφμ", "α.φ.μ", "αριθμός φορολογικού", "greek tax"),
        r"\d{9}",
        _afm_valid,
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-z])dni(?![a-z])|documento nacional de identidad|documento de identidad)",
        ("dni", "documento nacional", "documento de identidad"),
        r"\d{1,2}\.?\d{3}\.?\d{3}",
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-z])(?:cuil|cuit)(?![a-z])|clave única de identificación|clave unica de identificacion)",
        ("cuil", "cuit", "clave única", "clave unica"),
        r"\d{2}[ \-]?\d{8}[ \-]?\d",
        _cuit_valid,
    ),
    # Pakistan: CNIC (13 digits, 5-7-1, no check); the Gulf: Saudi ID / iqama (Luhn), the Emirates ID (784, Luhn);
    # Latin America's cédula (no check)
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])NIC(?![A-Za-z])|(?i:(?<![a-z])cnic(?![a-z])|nadra|computeri[sz]ed national identity card|"
        r"شناختی کارڈ))",
        ("NIC", "cnic", "nadra", "computerized national", "computerised national", "شناختی کارڈ"),
        r"[1-7]\d{4}[ \-]?\d{7}[ \-]?\d",
    ),
    Document(
        "id_number",
        r"(?i:(?<![a-z])(?:iqama|muqeem)(?![a-z])|saudi (?:national )?id|رقم الهوية|الهوية الوطنية|رقم الإقامة)",
        ("iqama", "muqeem", "saudi", "رقم الهوية", "الهوية الوطنية", "رقم الإقامة"),
        r"[12]\d{9}",
        _luhn_digits(10, "12"),
    ),
    Document(
        "id_number",
        r"(?i:emirates id(?: number| no\.?)?|(?<![a-z])eid (?:number|no\.?)|الهوية الإماراتية)",
        ("emirates id", "eid number", "eid no", "الهوية الإماراتية"),
        r"784[ \-]?\d{4}[ \-]?\d{7}[ \-]?\d",
        _luhn_digits(15, "7"),
    ),
    Document(
        "id_number",
        r"(?i:c[ée]dula(?: de (?:ciudadan[íi]a|identidad))?(?![a-z])|(?<![A-Za-z])C\.C\.(?= ?\d))",
        ("cédula", "cedula", "c.c."),
        r"\d{1,3}(?:\.?\d{3}){2,3}|\d{10}",
    ),
    # Greater China: a resident ID named (its check character; unnamed ones are detectors' too), Taiwan's and Hong
    # Kong's written as people do (lower case, no brackets)
    Document(
        "id_number",
        r"身[份分][证證]|证件号|(?i:resident id)",
        (*_CHINESE_ID_NAMES, "证件号", "resident id"),
        r"\d{17}[\dXx]",
        resident_id_valid,
    ),
    Document(
        "id_number",
        r"身[份分][证證]|(?i:(?<![a-z])(?:taiwan id|national id)(?![a-z]))",
        (*_CHINESE_ID_NAMES, "taiwan id", "national id"),
        r"(?i:[A-Z][1289]\d{8})",
        _twid_valid,
    ),
    Document(
        "id_number",
        r"身[份分][证證]|(?i:(?<![a-z])hkid(?![a-z])|hong kong id)",
        (*_CHINESE_ID_NAMES, "hkid", "hong kong id"),
        r"(?i:[A-Z]{1,2}\d{6}\(?[0-9A]\)?)",
        _hkid_valid,
    ),
    # passports, every country's: no check anyone types (the machine-readable line's is not typed)
    Document(
        "id_number",
        r"(?i:passport|护照|パスポート|여권|pasaporte|passeport|reisepass|paspoort|passaporto|паспорт)",
        (
            "passport",
            "护照",
            "パスポート",
            "여권",
            "pasaporte",
            "passeport",
            "reisepass",
            "paspoort",
            "passaporto",
            "паспорт",
        ),
        r"(?i:[A-Z]{1,2}\d{6,8}[A-Z]?)|\d{8,9}",
    ),
    # Canada: the social insurance number by its name, Luhn (session 17: a few words between, "my SIN for the
    # Canadian payroll is 466 382 918", which the rule of rules.py, sixteen characters at most, missed)
    Document(
        "id_number",
        r"(?:(?<![A-Za-z])SIN(?![A-Za-z])|(?i:social insurance(?: number| no\.?)?))",
        ("SIN", "social insurance"),
        r"\d{3}[- ]?\d{3}[- ]?\d{3}",
        lambda v: len(v) == 9 and luhn_valid(v),
    ),
    # any identity number given plainly after a generic name ("my ID number is …")
    Document("id_number", _GENERIC_ID, _GENERIC_WORDS, _GROUPED_DIGITS + "|" + _LETTERS_DIGITS),
)


# between a name and its value: words that only say it is given ("is", ":", "是", "は", "é", "ist", "är", "mitt" …)
_PLAIN_GAP = re.compile(
    r"(?i)(?:[\s:：=#\-,，]|\(|（|is|was|'s|are|it's|its|it is|number|no\.?|num|nr\.?|nummer|numéro|numero|número|"
    r"numaram|番号|号码|号|번호|は|が|是|为|：|é|ist|är|er|es|est|e|mi|mio|mijn|mitt|min|mein|meine|meu|minha|mon|ma|ko|my|"
    r"saya|của|mình|là|la|le|el|de|do|da|o|a|the)*"
)
# a name that is a business's (a VAT or a company's number is no personal secret), or another thing's id
_BUSINESS_BEFORE = re.compile(
    r"(?i)(?:vat|company|business|firm|ltd|gmbh|empresa|ditta|société|societe|公司|企业|商户|partita|student|member|"
    r"employee|staff|order|user|customer|transaction|job|booking|invoice|ticket|matric|tracking)[^\n]{0,3}$"
)
# a name between a document's and the value, whose value it is: a payment's reference, an order's, a bank branch's
# sort code or routing number (public, printed on every cheque: not an account's secret; "code" of a public code is
# masked as "~~~~" when this is read, see detection.PUBLIC_CODE)
_OTHER_NAMED_BETWEEN = re.compile(
    NAMED_OTHER_NUMBER.pattern
    + r"|(?i:(?<![a-z])(?:sort[ \t-]?(?:code|~~~~)|routing(?: number| no\.?)?|aba|bsb|transit"
    r"|branch(?: code| number)?|swift|bic|ifsc))[^\n\d]{0,16}$"
)
_NUMBER_GOES_ON = re.compile(r"\d[ \-]?$")
_CLAUSE_END = re.compile(r"[。！？!?\n;；]|(?<![Nn][OoRr])\.(?:\s|$)")
_WINDOW = 48
_LONGEST = 40  # (the longest value a window's last characters may begin: an IBAN, with its spaces)


# a document's words by where they are looked for: a word of [a-z] (its first word, in the text's words: the prefilter
# has them), a capitals' acronym (in the text as written), any other (a substring of the lower-cased text)
_WORDS = {w for d in DOCUMENTS for w in d.words}
_ASCII_WORDS = tuple(sorted(w for w in _WORDS if re.fullmatch(r"[a-z]+(?: [a-z]+)*", w)))
_FIRST_WORDS = frozenset(w.split()[0] for w in _ASCII_WORDS)
_BY_FIRST_WORD = {first: tuple(w for w in _ASCII_WORDS if w.split()[0] == first) for first in _FIRST_WORDS}
_CASED_WORDS = tuple(sorted(w for w in _WORDS if w != w.lower()))
_CASED_FIRST = frozenset(w.lower() for w in _CASED_WORDS)  # (a capitals' word is a run of a-z lower-cased)
_OTHER_WORDS = tuple(sorted(_WORDS - {*_ASCII_WORDS, *_CASED_WORDS}))
_OTHER_ASCII = tuple(w for w in _OTHER_WORDS if w.isascii())


@cache
def _compiled() -> tuple[tuple[re.Pattern[str], ...], tuple[re.Pattern[str], ...]]:
    names = tuple(re.compile(d.names) for d in DOCUMENTS)
    shapes = tuple(re.compile(rf"(?<![A-Za-z0-9])(?:{d.shape})(?![A-Za-z0-9]|[ \-.]?\d)") for d in DOCUMENTS)
    return names, shapes


def _named(text: str, lowered: str) -> list[int]:
    """The documents one of whose words the text holds (the few a text names; most texts name none)."""
    return [
        index for index, d in enumerate(DOCUMENTS) if any(w in (lowered if w == w.lower() else text) for w in d.words)
    ]


def document_findings(text: str) -> list[Finding]:
    """The values after a document's name that are that document's (see the module's docstring), and the IBANs."""
    found = iban_findings(text) if _IBAN_GATE.search(text) else []
    lowered = text.lower()
    if not document_gate(text, lowered, _LOWER_WORD.findall(lowered)):
        return found
    names, shapes = _compiled()
    best: dict[int, tuple[int, int, int]] = {}  # a name's start: the first value after it, and its document
    for index in _named(text, lowered):
        document = DOCUMENTS[index]
        for name in names[index].finditer(text):
            if _BUSINESS_BEFORE.search(text, max(0, name.start() - 16), name.start()):
                continue
            # (session 21: the window bounds where a value begins, not where it ends: "el RUT de mi esposa for de
            # chile trip booking: 17.482.356-1"; and a clause's end is looked for in the text, not in the window, where
            # a value's "." at the window's edge looked like a sentence's end)
            clause = _CLAUSE_END.search(text, name.end())
            end = min(clause.start() if clause else len(text), name.end() + _WINDOW + _LONGEST)
            for value in shapes[index].finditer(text, name.end(), end):
                if value.start() >= name.end() + _WINDOW:
                    break
                checked = bool(document.check and document.check(_digits(value.group(0))))
                if not checked and (
                    _OTHER_NAMED_BETWEEN.search(text, name.end(), value.start())
                    or _NUMBER_GOES_ON.search(text, name.end(), value.start())
                ):
                    # session 21: "account ref 7287-2587-5129", "account, sort code 90-12-34": another's value; the
                    # tail of a number too long for the document is no value of it ("account 0091-6744-7188-4868-83")
                    # (a value its document's check digit holds is the document's all the same)
                    break
                plain = _PLAIN_GAP.fullmatch(text, name.end(), value.start()) is not None
                if checked or not document.check or plain:
                    if name.start() not in best or value.start() < best[name.start()][0]:
                        best[name.start()] = (*value.span(), index)
                    break
    for _, b, index in list(best.values()):
        # another of the same document further on, said as "one" ("… the other one is …")
        for again in _ONE_IS.finditer(text, b):
            if value := shapes[index].match(text, again.end()):
                best.setdefault(value.start(), (*value.span(), index))
    found.extend(Finding(DOCUMENTS[index].kind, a, b, _DOCUMENT_RULE) for a, b, index in best.values())
    return found


_ONE_IS = re.compile(r"(?i)\b(?:one|1)(?:'s| is| was|:)[ \t]*")


_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}(?![A-Za-z0-9])")


def iban_findings(text: str) -> list[Finding]:
    """An IBAN anywhere, named or not: its mod 97 and its country's length, not after a reference's or order's name.
    (An IBAN typed with a trailing group run on into a word is cut at its country's length.)"""
    found = []
    for m in _IBAN.finditer(text):
        raw = m.group(0)
        length = _IBAN_LENGTHS.get(raw[:2])
        if length is None:
            continue
        end, count = m.start(), 0
        for end, ch in enumerate(raw, start=m.start() + 1):
            count += ch != " "
            if count == length:
                break
        if count == length and iban_valid(_digits(text[m.start() : end])):
            if not NAMED_OTHER_NUMBER.search(text, max(0, m.start() - 32), m.start()):
                found.append(Finding("bank_account", m.start(), end, _DOCUMENT_RULE))
    return found


# session 17: a document named at the end of one message, its value opening the next ("the landlord wants my DNI for
# the contract" / "it is 48273615L, and the amazon order is …"; "they want my fødselsnummer," / "it is 12048910066")
_GIVEN_LEAD = re.compile(
    # (session 21: or "is" alone, "ok is 850709-4574")
    r"(?i)[ \t]*(?:(?:ok(?:ay)?|sure|so|yes|here)[ \t]*[,.!]*[ \t]*)*(?:it'?s|it is|that'?s|its|is|是|就是)?[ \t:：]*"
)


def names_a_document_last(text: str) -> bool:
    """Does the text end naming a document (its last hundred characters hold one of the documents' words)?"""
    tail = text.rstrip()[-100:]
    return bool(_named(tail, tail.lower()))


def document_given_after(before: str, text: str) -> list[Finding]:
    """The value of a document the message before named last, opening this one: only a value whose check passes
    (a document without a check digit is never believed across messages)."""
    tail = before.rstrip().rsplit("\n", 1)[-1][-100:]
    named = _named(tail, tail.lower())
    if not named:
        return []
    names, shapes = _compiled()
    start = _GIVEN_LEAD.match(text).end()
    for index in named:
        document = DOCUMENTS[index]
        if document.check is None or not (name := names[index].search(tail)):
            continue
        if _BUSINESS_BEFORE.search(tail, max(0, name.start() - 16), name.start()) or "[secret:" in tail[name.end() :]:
            continue
        if (m := shapes[index].match(text, start)) and document.check(_digits(m.group(0))):
            return [Finding(document.kind, *m.span(), _DOCUMENT_RULE)]
    return []


# ---- the prefilter's test: a document's word and a digit after it, or an IBAN's shape (RE2 / Rust regex: no
# look-behind). The Python side tests the words as substrings first (every match holds one), the pattern after.
_IBAN_GATE_PATTERN = r"[A-Z]{2}\d{2}[ ]?[A-Z0-9]{4}[ ]?[A-Z0-9]{4}"
_IBAN_GATE = re.compile(_IBAN_GATE_PATTERN)
GATE_PATTERN = (
    _IBAN_GATE_PATTERN
    + r"|(?:(?i:(?-u:\b)(?:"
    + "|".join(map(re.escape, _ASCII_WORDS))
    + r")(?-u:\b)|"
    + "|".join(map(re.escape, _OTHER_WORDS))
    + r")|(?-u:\b)(?:"
    + "|".join(map(re.escape, _CASED_WORDS))
    + r")(?-u:\b))[^\n]{0,60}\d"
)
_LOWER_WORD = re.compile(r"[a-z]+")


def document_gate(folded: str, lowered: str, words: list[str]) -> bool:
    """What `GATE_PATTERN` finds, without its slow alternation in Python's `re`: an IBAN's shape, or a document's
    word (`words`: the lower-cased text's runs of a-z hold its first word) standing as a word, then a digit on its
    line within 61 characters."""
    if _IBAN_GATE.search(folded):
        return True
    if len(lowered) != len(folded):
        lowered = folded  # (a rare character whose lower case is longer: the cased test only)
    if hits := _FIRST_WORDS.intersection(words):
        for first in hits:
            if any(_stands_before_digit(lowered, word, bounded=True) for word in _BY_FIRST_WORD[first]):
                return True
    if (acronyms := _CASED_FIRST.intersection(words)) and any(
        _stands_before_digit(folded, w, bounded=True) for w in _CASED_WORDS if w.lower() in acronyms
    ):
        return True
    others = _OTHER_ASCII if lowered.isascii() else _OTHER_WORDS
    return any(_stands_before_digit(lowered, w, bounded=False) for w in others if w in lowered)


def _is_word_char(ch: str) -> bool:
    """An ASCII word character (the pattern's `(?-u:\\b)`: "我的BSN号码" names a BSN)."""
    return ch.isascii() and (ch.isalnum() or ch == "_")


def _stands_before_digit(text: str, word: str, *, bounded: bool) -> bool:
    start = text.find(word)
    while start >= 0:
        end = start + len(word)
        if not bounded or (
            (start == 0 or not _is_word_char(text[start - 1])) and (end == len(text) or not _is_word_char(text[end]))
        ):
            if any(c.isdecimal() for c in text[end : end + 61].split("\n", 1)[0]):
                return True
        start = text.find(word, start + 1)
    return False
