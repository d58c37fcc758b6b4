"""The cheap test that decides which texts the rules see: substring tests first, a few patterns after; polars over
large batches (Rust's regex, one pattern a column)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from functools import cache

from mirror_pipeline.core.screening.detectors import (
    _DIAL,
    _EIGHT_DIGITS,
    _GROUPED_NUMBER,
    _LONG_NUMBER,
    _LONG_TOKEN,
    _NATIONAL_ID,
    _SPACED_CJK,
    CODE_LIST_GATE,
    DIGIT_WORDS,
    GROUPED_NUMBER_PATTERN,
    PHONETIC_RUN,
    PHONETIC_WORDS,
    SPELLED_CASE_WORDS,
    SPELLED_GATE,
    SPELLED_SEPARATORS,
    STRONG_GATE,
    SYMBOL_BETWEEN,
    _bip39,
    phonetic_run,
)
from mirror_pipeline.core.screening.documents import GATE_PATTERN as _DOCUMENT_GATE_PATTERN
from mirror_pipeline.core.screening.documents import document_gate
from mirror_pipeline.core.screening.keywords import (
    _SAFE_WORDS,
    FOREIGN_SCRIPT_TRIGGERS,
    FOREIGN_TRIGGERS,
    GATES,
    HOMOPHONE_TRIGGERS,
    may_be_misspelt,
    typos,
)
from mirror_pipeline.core.screening.parts import FIRST_PART
from mirror_pipeline.core.screening.values import _fold


def may_hold_secret(text: str) -> bool:
    """A cheap test that decides whether the slower rules look at a text at all (it lets through everything
    PREFILTER_PATTERNS lets through, in a few microseconds: substring tests first, regular expressions after)."""
    return _may_hold(_fold(text))


# words whose mere presence sends a text to the rules
# ("pass phrase" and "door code" are found by _SHORT_WORD)
_CJK_TRIGGERS = (
    "密码 密碼 密钥 秘钥 私钥 令牌 口令 暗号 密语 密保 助记 种子 验证码 校验码 动态码 短信码 确认码 恢复码 备用码 "
    # screening-13: Taiwan's names (認證碼, 備援碼, folded)
    "认证码 备援码 "
    "安全问题 取件码 提货码 取货码 "
    "后台 账号 帐号 登录 登陆 验证 暗语 "
    # screening-7: a shared drive's code, an unlock code, backup codes by other names, homophones of 密码
    "提取码 提取密码 访问码 访问密码 分享码 分享密码 取件密码 解锁码 开锁码 锁屏 开机码 "
    "备份码 恢复代码 备用代码 救援码 "
    "紧急码 双因素 蜜码 蜜碼 秘码 秘碼 密吗 密玛 密马 密嘛 卡密 的mm mm是 mm: mm为 密:"
    # screening-8: verbs of typing, a lock's or a device's code
    " 输 敲 暗码 取件 位数 车锁 挂锁 开机 开门 门锁 电子锁 指纹锁 智能锁 屏幕使用时间"
    # screening-9: a code asked for by itself ("码多少？")
    " 码多少 码是多少 码呢"
    # screening-11: a health insurance member's number, a dial safe
    " 医保 社保 转盘"
    # session 10: an alarm's code to disarm or arm it
    " 解除码 撤防码 布防码"
    # session 19: a card's code by where it is printed
    " 背后 反面 卡背 签名栏 签名条 分钟内有效 分钟有效"
).split() + list(FOREIGN_SCRIPT_TRIGGERS)  # session 21: a secret's name in another script (keywords._FOREIGN)
# screening-8: a code pressed, or asked for ("按 1357", "短信里那串 204816 发我")
_CJK_CODE = re.compile(
    r"按[ \t]*[\d零〇一二三四五六七八九幺两拐洞]|(?:短信|那串|这串|位的数|位数)[^\n]{0,12}\d"
    # screening-11: a code named by its number of digits, "支付宝支付的六位我换成了三八二九一七"
    r"|[四五六七八4-8]位[^\n]{0,16}?[\d零〇一二三四五六七八九幺两拐洞]{4}"
)
_TRIGGER_WORDS = (
    "password passwd passcode passphrase passkey passw pasw _pass _key apikey accesskey token secret bearer mysql "
    "sk- _live_ _test_ hf_ ghp_ gho_ ghu_ ghs_ ghr_ github_pat xox eyj ----- seed mnemonic recovery backup security "
    "admin keypad verif creds credential login "
    # screening-9: a security question's answer, a question-and-answer pair
    "maiden q: authori"
    # screening-11: a health insurance member's number (a key block's armour as pasted, its dashes miscounted or
    # none, comes with its lines: random-looking tokens)
    " membership"
)
_TRIGGERS = (
    _TRIGGER_WORDS.split()
    + ["safe word", "when it asks", "at the prompt", "sign-in", "sign in", "log in", "logged in"]
    + ["member number", "member no", "member id", "member #", "nhs number", "nhs no"]
    # session 19: a card's code by where it is printed ("the three numbers on the back are 582")
    + ["on the back", "on the front", "backside", "back side", "back number", "back code", "back digits"]
    + ["signature strip", "signature panel", "signature box"]
    # a code told with how long it lasts ("628194, expires in 5 minutes")
    + ["expires in", "expire in", "valid for"]
    # session 21: a secret's name in another language ("mot de passe", "contraseña", "パスワード")
    + list(FOREIGN_TRIGGERS)
)
# Triggers of screening-6 (card security data, restricted personal numbers, safes and lockers), in groups: a cheap
# first word, then the phrases it stands for (one substring test a group for most texts)
_GROUPED_TRIGGERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cv", ("cvv", "cvc", "cvn")),
    ("csc", ("csc",)),
    ("ssn", ("ssn",)),
    ("passport", ("passport",)),
    (
        "lock",
        ("locker", "lockbox", "lock box", "padlock", "suitcase lock", "luggage lock", "bike lock", "combination lock"),
    ),
    ("social", ("social security", "social is", "social:", "social insurance")),
    ("card code", ("card code",)),
    ("safe", _SAFE_WORDS),
    # screening-7: command lines, 2FA setup keys, a phrase in twelve words, pinyin
    ("--", ("--pass", "--token", "--secret", "--api-key", "--apikey", "--auth-token", "--access-token")),
    # screening-9: what a security question asks
    ("first ", tuple(f"first {w}" for w in ("pet", "school", "car", "teacher", "boss", "job", "love", "street"))),
    ("childhood ", tuple(f"childhood {w}" for w in ("nickname", "friend's", "best friend", "street", "hero"))),
)
_CJK_GROUPED_TRIGGERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("护照", ("护照",)),
    ("身份证", ("身份证",)),
    ("安全码", ("安全码",)),
    ("背面", ("背面",)),
    ("门禁", ("门禁",)),
    ("保险箱", ("保险箱",)),
    ("柜", ("保险柜", "储物柜")),
    ("锁", ("门锁", "挂锁", "柜子的锁", "密码锁", "箱的锁", "箱子的锁", "箱锁")),
)
_SHORT_TRIGGERS = ("pass", "pin", "pw", "key", "code", "otp", "2fa", "wifi", "wi-fi", "p:", "p :", "p=", "combo")
_SHORT_WORDS = r"pass|pins?|pw|pwd|keys?|codes?|otp|totp|2fa|wi-?fi|combo"
_SHORT_WORD = re.compile(rf"(?<![a-z])(?:(?:{_SHORT_WORDS})(?![a-z])|p\s*[:=])")
_URL_CREDENTIALS = re.compile(r"://[^\s/@:]+:[^\s/@]+@")
_LOWER_WORD = re.compile(r"[a-z]+")


def _guarded(triggers: list[str], width: int) -> tuple[tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """The same test as "any trigger is in the text", with fewer substring tests: a trigger that holds another one is
    dropped ("password" holds "passw"), and triggers that begin alike are tried only when what they share is there
    ("gh" before "ghp_ gho_ ghu_ ghs_ ghr_", "密" before "密码 密碼 密钥 ..."): `width` characters begin them alike."""
    kept = [t for t in dict.fromkeys(triggers) if not any(o != t and o in t for o in triggers)]
    groups: dict[str, list[str]] = {}
    for t in kept:
        groups.setdefault(t[:width], []).append(t)
    alone = tuple(ts[0] for ts in groups.values() if len(ts) == 1)
    guarded = tuple((os.path.commonprefix(ts), tuple(ts)) for ts in groups.values() if len(ts) > 1)
    return alone, guarded


def _any_trigger(lowered: str, alone: tuple[str, ...], guarded: tuple[tuple[str, tuple[str, ...]], ...]) -> bool:
    return any(map(lowered.__contains__, alone)) or any(
        guard in lowered and any(map(lowered.__contains__, ts)) for guard, ts in guarded
    )


def _may_hold(folded: str) -> bool:
    lowered = folded.lower()
    ascii_only = folded.isascii()
    if _any_trigger(lowered, _ALONE, _GUARDED) or not ascii_only and _any_trigger(lowered, _CJK_ALONE, _CJK_GUARDED):
        return True
    if any(map(lowered.__contains__, _GROUP_FIRSTS)) and _grouped(lowered, _GROUPED_TRIGGERS):
        return True
    if (
        not ascii_only
        and any(map(lowered.__contains__, _CJK_GROUP_FIRSTS))
        and _grouped(lowered, _CJK_GROUPED_TRIGGERS)
    ):
        return True
    if any(map(lowered.__contains__, _SHORT_TRIGGERS)) and _SHORT_WORD.search(lowered):
        return True
    if "://" in lowered and _URL_CREDENTIALS.search(lowered):
        return True
    has_digit = _DIGIT.search(folded) is not None
    if has_digit and (SYMBOL_BETWEEN.search(folded) and STRONG_GATE.search(folded) or CODE_LIST_GATE.search(folded)):
        return True  # a password's shape in passing, a list of codes alike (both hold a digit)
    if not ascii_only and _CJK_CODE.search(folded):
        return True
    if _LONG_NUMBER.search(lowered) or _LONG_TOKEN.search(folded) or _GROUPED_NUMBER.search(folded):
        return True
    if has_digit and _EIGHT_DIGITS.search(folded) and _CARD_FIRST_PART.search(lowered):
        # session 10: a card's first eight digits, the rest to come ("卡號前面係 6225 7601"; session 12: named as a
        # card or not, "first 8 are 5425 2334": dialogue.card_halves joins them with the next message's)
        return True
    if has_digit and _ID_GATE.search(folded) and _NATIONAL_ID.search(folded):
        return True  # an identity number with its check character: "S1234567D", "A123456(3)", "900101-14-5678"
    if (
        "\n" in folded
        or folded[:1] in _MARKERS
        or "/" in folded
        or "-" in folded
        or "|" in folded
        or not ascii_only
        and ("—" in folded or "–" in folded)
    ) and _may_be_structured(folded):
        return True

    if "@" in folded and _EMAIL_PAIR.search(folded):
        return True
    words = _LOWER_WORD.findall(lowered)
    if has_digit and document_gate(folded, lowered, words):
        return True  # session 16: a document's name and a digit after it ("mijn BSN is …"), an IBAN's shape
    if not _word_triggers().isdisjoint(words):
        return True  # a misspelt name ("pssword", "verfication"), a command that takes a password, pinyin
    if any(map(lowered.__contains__, _GETS_WHO)) and _GETS_YOU_IN.search(lowered):
        return True  # what a password opens: "Muddy_Boots_1987 gets you on"
    if "left" in lowered and "right" in lowered and has_digit and _DIAL.search(lowered):
        return True  # a dial safe's turns: "turn left to 36, right to 12, left again to 70"
    if not _LOCK_WORDS.isdisjoint(words) and _DIGIT.search(lowered) and _NAMED_LOCK.search(lowered):
        return True  # a lock named before its code: "garage: 5-9-1-7", "the alarm is 5 5 2 0"
    if not _PAIRED_WORDS.keys().isdisjoint(words) and any(
        map(lowered.__contains__, (p for w in words if w in _PAIRED_WORDS for p in _PAIRED_WORDS[w]))
    ):
        return True  # "net use", "12 words", "mi ma"
    if not ascii_only and any(map(lowered.__contains__, HOMOPHONE_TRIGGERS)):
        return True
    separators = folded.count(",") + folded.count("-")
    if not ascii_only:
        separators += folded.count("，") + folded.count("、")
    if separators >= 3 and SPELLED_SEPARATORS.search(folded):
        return True  # a value spelled out one character at a time: "k - i - w - i - 7 - 7 - x"
    if ("case" in lowered or "capital " in lowered or not ascii_only) and any(
        map(lowered.__contains__, SPELLED_CASE_WORDS)
    ):
        return True  # "capital T, o, m, a, t, o", "大写 M，小写 o o n"
    if (
        has_digit
        and (
            "shar" in lowered
            or "give it" in lowered
            or not ascii_only
            and any(map(folded.__contains__, _CJK_DONT_SHARE))
        )
        and _DIGITS4.search(folded)
    ):
        return True  # "the bank texted me 739104 and said dont share it"
    # a seed phrase's words, a number read out in digit words, a value spelled in the phonetic alphabet ("papa alpha
    # seven seven romeo hotel": six words in a row, one byte map for all three)
    listed = bytes(map(_run_words().__contains__, words)) if len(words) >= 6 else b""
    if b"\x01" * 6 in listed and phonetic_run(words) and _PHONETIC_RUN.search(lowered):
        return True
    return b"\x01" * 8 in listed or not ascii_only and bool(_SPACED_CJK.search(folded))


_DIGITS4 = re.compile(r"\d{4}")
_GETS_YOU_IN_PATTERN = (
    r"(?:gets?|lets?) (?:you|u|me|us|her|him|them|everyone|guests) (?:on|in|online|connected|through)(?:[^a-z]|$)"
)
_GETS_YOU_IN = re.compile(_GETS_YOU_IN_PATTERN)
_GETS_WHO = ("get ", "gets ", "let ", "lets ")  # (its cheap half)
# (session 18: or a card named with its first digits, the rest to come: "di card is 52213400" / "rest is 8871…")
# (session 20: or as a brand, "visa is 4012 8888")
_CARD_FIRST_PART_PATTERN = (
    rf"(?i)(?:{FIRST_PART}|\b(?:card(?: number| no)?|visa|mastercard|amex)[ \t]+is\b)"
    r"[^\n\d]{0,16}\d{4}[ \-]?\d{4}"
)
_PHONETIC_RUN_PATTERN = r"(?i)\b" + PHONETIC_RUN + r"\b"
_PHONETIC_RUN = re.compile(_PHONETIC_RUN_PATTERN)
_CARD_FIRST_PART = re.compile(_CARD_FIRST_PART_PATTERN)
# what every identity number `detectors._NATIONAL_ID` finds holds: a capital then a digit, a date's six digits and a
# dash, or seven digits and a letter (a PPS number; the vectorized prefilter's pattern is the same test)
_ID_GATE_PATTERN = r"[A-Z]\d{6}|\d{6}-\d\d-\d|\d{7}[A-W]"
_ID_GATE = re.compile(_ID_GATE_PATTERN)
# what a one-time code's message tells one not to do with it
DONT_SHARE_WORDS = ("share", "give it", "give this", "请勿", "切勿", "不要告诉", "不要泄露", "别告诉", "别给别人")
_CJK_DONT_SHARE = tuple(w for w in DONT_SHARE_WORDS if not w.isascii())
# what both prefilters look for of those (one list, so the batch and the single text agree: "dont go sharin it")
_DONT_SHARE_CUES = ("shar", "give it", *_CJK_DONT_SHARE)


_ALONE, _GUARDED = _guarded(_TRIGGERS, 2)
_CJK_ALONE, _CJK_GUARDED = _guarded(_CJK_TRIGGERS, 1)
_DIGIT = re.compile(r"\d")
# a word, and the phrases it must begin
_PAIRED_WORDS = {
    "net": ("net use",),
    "words": ("12 words", "24 words", "twelve words"),
    "mi": ("mi ma",),
    # screening-13: a health card (an alarm's disarm code is let through as a lock named before a digit)
    "health": ("health card", "health insurance card"),
    "care": ("care card",),
}
_LOCK_WORDS = frozenset(
    ("garage", "gate", "door", "alarm", "shed", "storage", "lockbox", "locker", "lock", "combination")
)
# whole words that send a text to the rules (looked up with the words of the text, once)
WORD_TRIGGERS = frozenset(
    "sshpass redis curl authenticator authy bitlocker mima ledger trezor metamask "
    # screening-8: verbs of typing and getting in, a phrase or a vault
    "type types typed typing enter enters entered entering punch punched punching input unlock unlocks unlocked "
    "unlocking decrypt decrypts logged phrase vault keepass sent texted "
    # screening-10: a hint that is the value, a national ID by name
    "hint nric "
    # screening-13: a Canadian SIN, a health card
    "sin ohip medicare".split()
)


@cache
def _word_triggers() -> frozenset[str]:
    return WORD_TRIGGERS | typos().keys()


# a list row, fields between separators, a Markdown table (structure puts values where keywords do not say so)
_LIST_ROW_PATTERN = r"(?m)^[ \t]*(?:\d{1,2}[.)、]|\(\d{1,2}\)|[-*•·+]|[①-⑳])[ \t]*\S[^\n]*[ \t]\S"
_FIELDS_PATTERN = r"\S(?:[ \t]+[/|—–-]|:)[ \t]+\S+[ \t]+[/|—–-][ \t]+\S"
_TABLE_PATTERN = r"\|[^\n]*\n[ \t]*\|?[ \t]*:?-+:?[ \t]*\|"
_DASHES_PATTERN = r"[—–][^\n]*[—–]"
_STRUCTURE_PATTERN = "|".join((_LIST_ROW_PATTERN, _FIELDS_PATTERN, _DASHES_PATTERN, _TABLE_PATTERN))
_LIST_ROW, _FIELDS, _DASHES, _TABLE = map(
    re.compile, (_LIST_ROW_PATTERN, _FIELDS_PATTERN, _DASHES_PATTERN, _TABLE_PATTERN)
)
# a lock named before a colon: "garage: 5-9-1-7"; a combination named bare (screening-13: "the Abus combination is
# 3-3-8-1")
_NAMED_LOCK_PATTERN = r"(?i)(?:garage|gate|door|alarm|shed|storage unit|lockbox|locker|lock|combination)[^\n\d]{0,30}\d"
_NAMED_LOCK = re.compile(_NAMED_LOCK_PATTERN)
# an e-mail login and what follows it: "jenny.lee@gmail.com / Hunter2024!"
_EMAIL_PAIR_PATTERN = r"[A-Za-z0-9_.+\-]+@[A-Za-z0-9\-]+\.[A-Za-z0-9.\-]+[ \t]*[/|,:-][ \t]*\S"
_EMAIL_PAIR = re.compile(_EMAIL_PAIR_PATTERN)
_MARKERS = frozenset("-*•·+0123456789(①②③④⑤⑥⑦⑧⑨⑩")


def _may_be_structured(folded: str) -> bool:
    """The Python form of _STRUCTURE_PATTERN, each branch behind the substrings it needs."""
    dashes = folded.count("—") + folded.count("–")
    if dashes >= 2 and _DASHES.search(folded):
        return True
    if ("\n" in folded or folded[:1] in _MARKERS) and _LIST_ROW.search(folded):
        return True
    seps = dashes + folded.count(" / ") + folded.count(" - ") + folded.count(" | ")
    if seps + folded.count(": ") >= 2 and _FIELDS.search(folded):
        return True
    return "|" in folded and "\n" in folded and bool(_TABLE.search(folded))


_GROUP_FIRSTS = tuple(first for first, _ in _GROUPED_TRIGGERS)
_CJK_GROUP_FIRSTS = tuple(first for first, _ in _CJK_GROUPED_TRIGGERS)


def _grouped(lowered: str, groups: tuple[tuple[str, tuple[str, ...]], ...]) -> bool:
    return any(first in lowered and any(map(lowered.__contains__, words)) for first, words in groups)


def _may_hold_seed(lowered: str) -> bool:
    """At least 8 BIP39 (or digit) words at all, then 8 in a row (a bound: the exact scan is in _seed_findings)."""
    return _seed_run(_LOWER_WORD.findall(lowered))


def _seed_run(words: list[str]) -> bool:
    if len(words) < 8:
        return False
    # one byte a word: 1 when it is a list word or a digit word (thirteen digit words in a row, a number read out,
    # hold eight in a row: the rules' test is `detectors.digit_word_run`)
    listed = bytes(map(_run_words().__contains__, words))
    return b"\x01" * 8 in listed


@cache
def _run_words() -> frozenset[str]:
    return _bip39()[0] | DIGIT_WORDS | PHONETIC_WORDS


# The same test as patterns (RE2/Rust-regex compatible, so DuckDB and polars can run them over a whole column): every
# text `may_hold_secret` lets through matches one of them. Kept apart because Rust's regex runs each of them at
# millions of lines a second, and all of them joined into one at a tenth of that.
PREFILTER_PATTERNS: tuple[str, ...] = (
    "|".join(re.escape(t) for t in _CJK_TRIGGERS),
    "(?i)" + "|".join(re.escape(t) for t in _TRIGGERS),
    "(?i)"
    + "|".join(re.escape(t) for groups in (_GROUPED_TRIGGERS, _CJK_GROUPED_TRIGGERS) for _, ws in groups for t in ws),
    rf"(?i)(?:^|[^a-z])(?:(?:{_SHORT_WORDS})(?:[^a-z]|$)|p\s*[:=])",
    r"://[^\s/@:]+:[^\s/@]+@",  # credentials in a URL
    r"\d[\d -]{11,}\d",  # card and ID numbers
    GROUPED_NUMBER_PATTERN,  # a card's groups with another separator (session 20)
    _ID_GATE_PATTERN,  # identity numbers with a check character (screening-11)
    _DOCUMENT_GATE_PATTERN,  # a document's name and a digit, an IBAN (session 16)
    _CARD_FIRST_PART_PATTERN,  # a card's first eight digits (session 10)
    r"(?is)left.*right|right.*left",  # a dial safe's turns (screening-11; the rules look for a safe)
    "(?i)" + _GETS_YOU_IN_PATTERN,  # what a password opens (screening-11)
    r"[A-Za-z0-9+/_\-]{20,}",  # random-looking tokens
    r"(?:[一-鿿][\s,，、;；\d.]{1,8}){7}",  # spaced characters
    r"[０-９Ａ-Ｚａ-ｚ]",  # full-width letters and digits (folded before the rules run)
    _STRUCTURE_PATTERN,
    _NAMED_LOCK_PATTERN,
    _EMAIL_PAIR_PATTERN,
    "(?i)" + "|".join(re.escape(p) for phrases in _PAIRED_WORDS.values() for p in phrases),
    r"(?i)\b(?:" + "|".join(sorted(WORD_TRIGGERS)) + r")\b",
    STRONG_GATE.pattern,
    CODE_LIST_GATE.pattern,
    _CJK_CODE.pattern,
    SPELLED_GATE.pattern,
    # screening-10: a code one is told not to share; a number read out in digit words
    "(?i)(?s:(?:"
    + "|".join(map(re.escape, _DONT_SHARE_CUES))
    + r").*\d{4}|\d{4}.*(?:"
    + "|".join(map(re.escape, _DONT_SHARE_CUES))
    + "))",
    r"(?i)(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)[^a-z]+){12}(?:zero|oh|one|two|three|four|five|six"
    r"|seven|eight|nine)",
    _PHONETIC_RUN_PATTERN,  # a value spelled in the phonetic alphabet (session 12)
)
# Misspelt names ("pssword", "verfication"): every single edit of a long keyword keeps one of these pieces; the
# vectorized prefilter sends the lines that hold one on to the test of their words
TYPO_PREFILTER_PATTERN = "(?i)" + "|".join(GATES)
# Seed phrases: 8 short words in a row. Ordinary English has such runs too (a fifth of chat lines), so the vectorized
# prefilter sends only these lines on to the word-list test.
SEED_PREFILTER_PATTERN = r"(?i)(?:[a-z]{3,8}[\s,.;:)(\d\-]+){7}[a-z]{3,8}"
PREFILTER_PATTERN = "|".join(
    f"(?i:{p[4:]})" if p.startswith("(?i)") else f"(?:{p})"
    for p in (*PREFILTER_PATTERNS, SEED_PREFILTER_PATTERN, TYPO_PREFILTER_PATTERN)
)


_VECTORIZED_FROM = 512


def prefilter_mask(texts: Sequence[str]) -> list[bool]:
    """For each text, whether the rules need to see it. From a few texts on, polars runs the prefilter patterns over
    all of them at once (Rust's regex, one pattern a column); a lone text goes through Python's `re`."""
    if len(texts) < _VECTORIZED_FROM:
        return [may_hold_secret(t) for t in texts]
    import polars as pl  # imported here: a read command screens its query without paying for polars

    # the patterns read folded text, as `may_hold_secret` does (full-width ASCII, Traditional Chinese: see _fold)
    texts = [_fold(t) for t in texts]
    frame = pl.DataFrame([pl.Series("t", texts, dtype=pl.String)]).select(
        hit=pl.any_horizontal([pl.col("t").str.contains(p) for p in PREFILTER_PATTERNS]),
        seed=pl.col("t").str.contains(SEED_PREFILTER_PATTERN),
        typo=pl.col("t").str.contains(TYPO_PREFILTER_PATTERN),
    )
    hits, seeds, typos = frame["hit"].to_list(), frame["seed"].to_list(), frame["typo"].to_list()
    return [
        bool(h) or bool(sd) and _may_hold_seed(t.lower()) or bool(ty) and may_be_misspelt(t.lower())
        for t, h, sd, ty in zip(texts, hits, seeds, typos, strict=True)
    ]
