"""How a value is judged: a secret's shape, or a word, a question, a description (one `Judge` a rule).

Also the folding every rule reads through (full-width ASCII to half-width, Unicode spaces to ASCII ones, Traditional
Chinese to Simplified: one character for one, so spans hold in the text as written) and where a value ends (the
punctuation that closes the clause around it is not part of it).
"""

from __future__ import annotations

import re
from enum import StrEnum

from mirror_pipeline.core.script import TO_SIMPLIFIED

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


class Judge(StrEnum):
    """How a rule's value is judged.

    WHOLE: the whole match is the secret. The value group (or the quoted one), judged by `plausible`: LOOSE after an
    explicit separator (any value but an ordinary word); TIGHT without one (a password shape); REPLY a value alone
    after a question or a label (a digit, mixed case, or a symbol among letters); ANSWER any words (an answer, a
    passphrase) but a question or a description. MIXED: the value group or the whole match, if it mixes letters and
    digits (real keys do; 'sk-learn-compatible' does not). VALUE: the value group, its shape is the judgement (a base32
    setup key).
    """

    WHOLE = "whole"
    LOOSE = "loose"
    TIGHT = "tight"
    REPLY = "reply"
    ANSWER = "answer"
    MIXED = "mixed"
    VALUE = "value"
    # screening-8: the value stands where a secret does (after a verb of typing, a colon after a secret's name, a
    # code's name), and its shape decides: SHAPED a password's shape or a code's; CODE a code's only (digits,
    # Chinese numerals, digit words); PHRASE also a quoted phrase of words ("it reads 'quiet lantern 48'")
    SHAPED = "shaped"
    CODE = "code"
    PHRASE = "phrase"


# Words that follow "password is" in a sentence about passwords in general.
ORDINARY_VALUES = frozenset(
    (
        "strong weak wrong correct incorrect right invalid valid required needed expired expiring changed changing "
        "reset saved stored same different too the a an my your his her our their not no still being now also in on "
        "at for of to with case hard easy long short secure safe unsafe empty missing ok okay fine good bad what "
        "which how where here there this that it simple complex updated set managed written forgotten lost "
        "protected encrypted hashed visible hidden shown blank null none working broken unknown something "
        "somewhere mandatory optional necessary enabled disabled locked see ask check use using saved stored kept "
        "please tbd todo n/a na same whatever done mine yours ours theirs hers his usual finally just "
        # session 10: a part announced, its value to come ("the password is first half" / "Gr8Wall ...")
        "first second last half part "
        # session 12: where the value is, not the value ("the wifi password is below" / "Oak_Shed_301 (capital O)")
        "below above attached coming next following"
    ).split()
)
# A value in Chinese after "密码是" is a description, unless it tells how the password is built (section 15.3
# forbids keeping composition rules too): 生日, 手机号, 左3右7 ...
_COMPOSITION = re.compile(
    r"生日|手机号|电话|身份证|名字|姓名|拼音|纪念日|门牌|车牌|学号|工号|[左右][0-9一二三四五六七八九]|\+"
)
# What follows "答案是" or "passphrase:" in talk about answers and passphrases in general.
_NOT_AN_ANSWER = re.compile(
    r"(?:什么|啥|多少|哪|谁|忘|不记得|不知道|不对|错|对的|正确|空|无|没|要|很|太|挺|必须|一样|随便|存|记|写|保存)"
    r"|(?i:(?:what|which|who|whose|case[- ]sensitive|the same|stored|saved|kept|written|in (?:my|the|a)|"
    r"on (?:my|the|a)|a secret|not|never|too|very|so|always|usually)\b)"
)
# a parcel locker's pickup code opens a locker once: a one-time code


_ZH_NUMERALS_ONLY = re.compile(
    r"[零〇一二三四五六七八九幺两拐洞]{4,8}"
    r"|[零〇一二三四五六七八九幺两拐洞](?:[ \t][零〇一二三四五六七八九幺两拐洞]){3,7}"
)


_DIGIT_WORDS_ONLY = re.compile(
    r"(?i)(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?:[ \t,-]+(?:zero|oh|one|two|three|four|five|six"
    r"|seven|eight|nine)){3,7}"
)
_MASKED = re.compile(r"[*•●·]+|[xX]{4,}|\*+[^*\s]{0,4}")
# where a secret is kept, not a secret: a password manager's or a vault's name ("密码在公司 1Password 的 vault 里")
_VAULT = re.compile(r"(?i)1password|bitwarden|lastpass|keepass(?:xc)?|dashlane|keeper|enpass|nordpass|keychain")
# a value that names where the real one comes from, not a value: an environment variable, a template's slot
# ("password: ${DB_PASSWORD}", "$API_TOKEN", "{{ vault_pw }}", "<your-password>", "%DB_PASS%")
_REFERENCE = re.compile(r"\$\{[^{}\s]+\}|\$[A-Z][A-Z0-9_]*|\{\{[^{}]*\}\}|<[A-Za-z_\-]+>|%[A-Z][A-Z0-9_]*%")


# What a password is not, though it mixes letters with digits or symbols: an e-mail address, a URL, a version
# ("2.4.1+cu121", "v3.2.0"), a commit or a checksum (lower-case hex), a ticket ("LUM-4821"), an order, parcel or
# flight id (capitals and a long run of digits, no lower case: "DB20260720158834", "1Z999AA10123456784"), a date or a
# time, a colour's hex
_NOT_A_PASSWORD = re.compile(
    r"[^@\s]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+|(?i:[a-z][a-z0-9+.\-]*://\S*|www\.\S+)"
    r"|[vV]?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.]+)?|(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}"
    r"|[A-Z]{2,8}-\d{1,8}|(?=[A-Z0-9]*\d{6})[A-Z0-9]{8,}|[A-Z]{1,3}\d{1,5}|[\d:/\-.]+"
    # screening-13: a colour, "#1F6FEB", "#0b3d91cc", "#fff"
    r"|#(?:[0-9A-Fa-f]{3}){1,2}(?:[0-9A-Fa-f]{2})?"
)
_PASSWORD_SYMBOLS = frozenset("!@#$%^&*._+=~-\\")
# a short code: digits (maybe spaced: "2 5 8 0", "6-0-3-9-1", "990 413"), Chinese numerals, digit words
_DIGIT_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_CODE_SHAPE = re.compile(
    r"\d{4,8}|\d{1,4}(?:(?:[ \t]?[-–—][ \t]?|[ \t])\d{1,4}){1,7}|[零〇一二三四五六七八九幺两拐洞]{4,8}"
    r"|[零〇一二三四五六七八九幺两拐洞](?:[ \t][零〇一二三四五六七八九幺两拐洞]){3,7}"
    r"|(?i:" + _DIGIT_WORD + r"(?:(?:[ \t-]|,[ \t]*)" + _DIGIT_WORD + r"){3,7})"  # (screening-13: or "four, nine, …")
)


def password_shaped(value: str) -> bool:
    """A token a password is made of: six characters or more, letters with digits or symbols (leetspeak "Melb0urne_qi",
    words joined by symbols "Tangerine-Owl-58", "Maple!Tide!Shenzhen!26"), not an e-mail, URL, version, commit,
    ticket, order or tracking id."""
    if not 6 <= len(value) <= 64 or " " in value or _NOT_A_PASSWORD.fullmatch(value):
        return False
    letters = any(c.isascii() and c.isalpha() for c in value)
    return letters and any(c.isdigit() or c in _PASSWORD_SYMBOLS for c in value)


def code_shaped(value: str) -> bool:
    """A short code: 4-8 digits (maybe spaced or dashed, 4-12 digits in all), 4-8 Chinese numerals, 4-8 digit words."""
    if not _CODE_SHAPE.fullmatch(value):
        return False
    digits = sum(c.isdigit() for c in value)
    return digits == 0 or 4 <= digits <= 12


_CONTRACTION = re.compile(r"(?i)[a-z]+['’](?:m|s|re|ve|ll|d|t)")


def _plausible(value: str, how: Judge, explicit: bool) -> bool:
    """Does this value look like a secret rather than a word? Explicit statements ("密码是 x") are believed unless
    the value is an ordinary word; values without a separator must look like a password (a digit, or mixed case)."""
    v = value.rstrip(".,!?;:)")
    if _MASKED.fullmatch(v) or _REFERENCE.fullmatch(v) or _VAULT.fullmatch(v):
        return False  # "Password: ********": a value shown masked; "${DB_PASSWORD}": where it comes from
    if how == Judge.REPLY:
        # a value given alone, after a question or a label: a password shape, not a word ("why?", "later"), nor a
        # word with its contraction ("I'm", "don't": session 21)
        if _CONTRACTION.fullmatch(v):
            return False
        has_mixed_case = any(c.isupper() for c in v[1:]) and any(c.islower() for c in v)
        return v.lower() not in ORDINARY_VALUES and (
            any(c.isdigit() for c in v)
            or has_mixed_case
            or (any(not c.isalnum() for c in v) and any(c.isalpha() for c in v))
        )
    if how in (Judge.SHAPED, Judge.CODE, Judge.PHRASE):
        if code_shaped(v):
            return True
        if how == Judge.CODE:
            return False
        if how == Judge.PHRASE and " " in v.strip():
            words = v.split()
            return 2 <= len(words) <= 8 and _plausible(v, Judge.ANSWER, explicit=True)
        return password_shaped(v)
    if how == Judge.ANSWER:
        return bool(v.strip()) and not _NOT_AN_ANSWER.match(v.strip()) and v.strip().lower() not in ORDINARY_VALUES
    if _ZH_NUMERALS_ONLY.fullmatch(v) or _DIGIT_WORDS_ONLY.fullmatch(v):
        return True  # a code or a PIN said in Chinese numerals: "六七三九二一" (session 21: or in digit words)
    if _CJK.search(v):
        # "密码是我生日" tells how it is built (kept out, section 15.3); "密码是什么" is a question
        return explicit and (bool(_COMPOSITION.search(v)) or bool(re.search(r"[A-Za-z0-9]{3,}", v)))
    if len(v) < 3:
        return False
    if how == Judge.MIXED:
        return any(c.isdigit() for c in v) and any(c.isalpha() for c in v)
    if explicit:
        return v.lower() not in ORDINARY_VALUES
    has_digit = any(c.isdigit() for c in v)
    has_mixed_case = any(c.isupper() for c in v[1:]) and any(c.islower() for c in v)
    return has_digit or (has_mixed_case and any(not c.isalnum() for c in v))


def _fold(text: str) -> str:
    """Full-width ASCII to half-width and Traditional Chinese to Simplified (驗證碼 -> 验证码), one character for
    one, so that spans found in the result hold in `text`: the rules are written once, in Simplified, and read both.
    (A conversation's texts are folded several times, as a text and as the one before the next, and a folded text
    again: the last few are kept, each folded text as its own fold.)"""
    if text.isascii():
        return text
    if (folded := _FOLDED.get(text)) is None:
        if len(_FOLDED) > 256:
            _FOLDED.clear()
        folded = _FOLDED[text] = text.translate(_FOLD)
        _FOLDED[folded] = folded
    return folded


_FOLDED: dict[str, str] = {}


# full-width ASCII, every Unicode space as a plain one (the rules read white space as ASCII), Traditional characters
# with one Simplified form (core/script.py)
_FOLD = (
    {0xFF01 + i: 0x21 + i for i in range(94)}
    | {c: 0x20 for c in (0x3000, 0x00A0, 0x1680, 0x202F, 0x205F, *range(0x2000, 0x200B))}
    | {0x2028: 0x0A, 0x2029: 0x0A, 0x0085: 0x0A}
    | TO_SIMPLIFIED
)


_CLAUSE_REST = re.compile(r"[^\n，。；！？,;!?]*")


# Punctuation that ends a clause, not a value: "PIN is 1234." and "is 4821, don't" keep their period and comma.
_CLOSING = ".,;:。，；：、…)]}）】」』》\"'”’"
_OPENING = {
    ")": "(",
    "]": "[",
    "}": "{",
    "）": "（",
    "】": "【",
    "」": "「",
    "』": "『",
    "》": "《",
    '"': '"',
    "'": "'",
}


def _trim_end(text: str, start: int, end: int) -> int:
    """The end of a value without the punctuation that closes the clause around it (ASCII and full-width; a
    closing bracket or quote only when the value did not open it). "!" and "?" end a PIN or a code ("is 4821!"),
    but a password may end in them ("Ny2025!!"): they stay when the value has a letter."""
    while end > start:
        ch = text[end - 1]
        if ch in " \t":
            pass
        elif ch in _CLOSING:
            opener = _OPENING.get(ch)
            if opener and opener in text[start : end - 1]:
                break
        elif ch in "!?！？":
            if any(c.isalpha() for c in text[start:end]):
                break
        else:
            break
        end -= 1
    return end
