"""Detectors that are more than one pattern: lists of passwords after a name for them, card and ID numbers (with their
check digits), seed phrases (the BIP39 word lists the `mnemonic` package ships, read once on first use), random-looking
tokens, and values wrapped onto the next line."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from mirror_pipeline.core.screening.parts import FIRST_PART
from mirror_pipeline.core.screening.values import _CJK, Judge, _plausible, password_shaped


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int
    rule_index: int


_NUMBER_RULE, _SEED_RULE, _TOKEN_RULE, _WRAP_RULE, _LIST_RULE = -1, -2, -3, -4, -5
_STRONG_RULE, _CODE_LIST_RULE = -9, -10
_SPELLED_RULE = -12

# "我把密码都存在备忘录里了：微博 wb_2019zz，豆瓣 db88661", "VPN creds: alice.w / Summer#Rain88": after a name for
# passwords and a colon, every password-shaped word of the line (not a word, an email, a URL or a password manager)
_LIST_HEAD = re.compile(r"(?i)(?:密码|口令|passwords?|pws|logins?|creds|credentials)[^\n:。！？!?]{0,30}:")
_LIST_WORD = re.compile(r"(?<![^\s，,;；、/|:])[A-Za-z0-9!@#$%^&*._+=~\-]{4,64}(?![^\s，,;；、/|。.!?])")
_NOT_LISTED = re.compile(r"(?i)pass|@.*\.|://|^www\.")
# a word that names the value after it something else: a payment's reference, an order, a parcel (an IBAN after it
# is no account's, a word in a list of passwords no password: "密码: Qc#… ，the order no. is PO-2026-114873")
NAMED_OTHER_NUMBER = re.compile(
    r"(?i)(?<![a-z])(?:ref(?:erence)?|reference number|order|tracking|parcel|invoice|receipt|ticket|booking|case|transaction|"
    r"txn|verwendungszweck|référence|referencia|riferimento|订单|单号|运单|快递|发票|流水|编号)[^\n\d]{0,16}$"
)
_USER_BEFORE = re.compile(
    r"(?i)(?:(?<![a-z])(?:user(?:name)?|login name|user id|id|e-?mail|account|acct|handle)|账号|帐号|用户名)"
    r"[ \t]*[:=]?[ \t]*$"
)


def _listed_findings(text: str, lowered: str) -> list[Finding]:
    if not any(map(lowered.__contains__, ("密码", "口令", "password", "pws", "login", "cred"))):
        return []
    found = []
    for head in _LIST_HEAD.finditer(text):
        line_end = text.find("\n", head.end())
        for m in _LIST_WORD.finditer(text, head.end(), len(text) if line_end < 0 else line_end):
            word = m.group(0).rstrip(".!?")
            if text[m.start() - 1 : m.start()] == "/" and text[m.end() : m.end() + 1] == "/":
                continue  # a folder of a path ("/work/review5/home"), not a password
            if _USER_BEFORE.search(text, max(0, m.start() - 16), m.start()):
                continue  # (session 12) "creds: user thiago.r84 pw …": the user's name, not a password
            if NAMED_OTHER_NUMBER.search(text, max(0, m.start() - 32), m.start()):
                continue  # (session 18) an order's number beside the password
            if not _NOT_LISTED.search(word) and _plausible(word, Judge.TIGHT, explicit=False):
                found.append(Finding("password", m.start(), m.start() + len(word), _LIST_RULE))
    return found


# 13-19 digits, maybe in groups; a card number passes the Luhn check, starts like a card and has its brand's length
_CARD = re.compile(r"(?<![\dA-Za-z\-.])\d(?:[ \-]?\d){12,18}(?![\dA-Za-z\-]|\.\d)")
# session 20: or read out in groups of four with another separator, the same between every group ("5290 – 8817 –
# 3342 – 0065", "4024.0071.2283.5519", "4417 - 1234 - 5678 - 9010"): its check digit and a brand's shape still decide
_CARD_GROUPED = re.compile(
    r"(?<![\dA-Za-z\-.])\d{4}(?P<sep>[ \t]*[\-–—.·/][ \t]*|[ \t]{2,})\d{4}(?:(?P=sep)\d{4}){1,2}(?:(?P=sep)\d{1,3})?"
    r"(?![\dA-Za-z]|[\-–—.·/][ \t]*\d)"
)
# screening-11: a brand's first digits (ISO/IEC 7812 issuer ranges) and the lengths its numbers have: unnamed, and
# named as a card or told with its expiry. At 100,000 messages a 13-19 digit id, order number or timestamp passes the
# Luhn check one time in ten: an IMEI (15 digits, 35..., Luhn by design) is no Amex, a 19-digit order no Visa, a
# 17-18 digit snowflake id no card at all unless the person calls it one
_BRANDS = (
    (re.compile(r"4"), frozenset((16,)), frozenset((13, 16, 19))),  # Visa (13 and 19 are rare)
    (re.compile(r"5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720"), frozenset((16,)), frozenset((16,))),
    (re.compile(r"3[47]"), frozenset((15,)), frozenset((15,))),  # Amex
    (re.compile(r"3(?:0[0-59]|[689])"), frozenset((14, 16)), frozenset(range(14, 20))),  # Diners
    (re.compile(r"35(?:2[89]|[3-8]\d)"), frozenset((16,)), frozenset(range(16, 20))),  # JCB
    (re.compile(r"6011|64[4-9]|65"), frozenset((16,)), frozenset(range(16, 20))),  # Discover
    (re.compile(r"62|81"), frozenset((16, 19)), frozenset(range(16, 20))),  # UnionPay
    (re.compile(r"60"), frozenset((16, 19)), frozenset(range(12, 20))),  # RuPay, Maestro
    # Maestro's other ranges and the rest of 6: a card only when named as one (a WeChat message id, 69..., is none)
    (re.compile(r"5[06-9]|6"), frozenset(), frozenset(range(12, 20))),
)
# how a card's number is printed when it is grouped: fours (the last group shorter), Amex 4-6-5, Diners 4-6-4
_CARD_GROUPS = re.compile(r"(?:4,)*4(?:,[1-4])?|4,6,[45]|6,13")


def card_shaped(digits: str, groups: str, *, named: bool) -> bool:
    """A card's number by its shape: a brand's first digits and one of its lengths; unnamed, run together or grouped
    as cards are printed (`groups`: the lengths of its groups, "4,4,4,4"), then any of the brand's lengths; a named
    or told card any of them, grouped any way."""
    printed = "," in groups and bool(_CARD_GROUPS.fullmatch(groups))
    for prefix, unnamed, lengths in _BRANDS:
        if prefix.match(digits):
            if named or printed:  # a 19-digit Visa grouped as printed, "4929 1234 5678 9012 345", is one
                return len(digits) in lengths
            return len(digits) in unnamed and "," not in groups
    return False


_ID_NUMBER = re.compile(
    r"(?<![\dA-Za-z])[1-8]\d{5}[ ]?(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[ ]?\d{3}[\dXx]"
    r"(?![\dA-Za-z])"
)
# numbers that are named as something else: an order, a parcel, an invoice, a phone
# (screening-11: the name stands next to the number, maybe with "number", "for the lamp", "is" between: "can you order
# it with 4265 …" orders nothing; a device's, a SIM's, a barcode's, an account's number, an id, a timestamp too)
_OTHER_NUMBER = (
    r"订单|单号|运单|快递|物流|发票|流水|交易号|交易|编号|账单|航班|电话|手机|工单|串号|条码|条形码|账户|时间戳|(?<![a-z])(?:order|tracking|"
    r"parcel|invoice|receipt|ref(?:erence)?|isbn|ean|upc|barcode|imei|iccid|sim|serial|phone|tel|ticket|case|transaction"
    r"|txn|tx|account|acct|a/c|user|member|customer|message|msg|tweet|post|discord|uid|id|ts|timestamp|time_ns"
    # session 21: a voucher's, a policy's, a claim's, a meter's, a loyalty scheme's number
    r"|voucher|coupon|policy|claim|meter|loyalty|clubcard|membership|library)(?![a-z])"
)
_NUMBER_NAMED = re.compile(
    r"(?i)(?:(?:" + _OTHER_NUMBER + r")(?:[ \t]*(?:number|num|no\.?|id|#|号码?|编号))?"
    r"(?:[ \t]+(?:for|of|from|on)[ \t]+[^\d\n。!?！？]{1,24}?)?[ \t]*(?:is|was|:|=|-|是|为|：)?|no\.|#)[ \t#:：]*$"
)
# or just after it: "2381… is the order number", "2381…（订单号）"
_NUMBER_NAMED_AFTER = re.compile(
    r"(?i)[ \t]*(?:[(（][ \t]*|(?:is|was|=|-|—)[ \t]+(?:the|my|your|our|his|her|their)?[ \t]*)?"
    r"(?:[a-z]+[ \t]+)?(?:" + _OTHER_NUMBER + r")"
)
_LONG_NUMBER = re.compile(r"\d[\d -]{11,}\d")
# (session 20: three groups of four with another separator, what `_CARD_GROUPED` needs; the prefilter's test too)
GROUPED_NUMBER_PATTERN = r"\d{4}[ \t]*[\-–—.·/][ \t]*\d{4}[ \t]*[\-–—.·/][ \t]*\d{4}"
_GROUPED_NUMBER = re.compile(GROUPED_NUMBER_PATTERN)
_SPOKEN = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty)"
_CARD_DATA = re.compile(
    r"(?i)(?:(?<![a-z])(?:exp(?:iry|ires?|iration)?(?: date)?|valid (?:thru|through|until)|good thru|cid)(?![a-z])\.?"
    r"|有效期(?:至|到)?|过期(?:时间|日期)?|到期(?:日|时间)?|背面(?:的|那|那个)?(?:[三四34](?:(?:位|个)(?:数字?|码)?|码))?(?:是|为)?"
    # screening-10: "the three on the back 306", "security code nine one two" (a card read out in words)
    r"|(?i:(?<![a-z])(?:the )?(?:three|four|3|4)(?: digits?| numbers?)? on (?:the )?back(?: is| are)?"
    r"|security code(?: is)?"
    # session 16: an Amex's code is on its front ("the wee code on the front is 6610")
    r"|(?:the )?(?:[a-z]+ )?code on (?:the )?(?:front|back)(?: is| of it is)?"
    r"|cvv2?|cvc2?|cvn|csc)|安全码)(?:[ \t]+(?i:is|was)\b|是|为)?[ \t:：]*"
    r"(?P<value>(?<!\d)(?:\d{1,2}[ \t]*/[ \t]*\d{2,4}|\d{3,4})(?![\d/])"
    # an expiry in Chinese ("有效期28年3月"), numbers read out ("oh four twenty eight", "nine one two")
    r"|\d{2,4}[ \t]*年[ \t]*\d{1,2}[ \t]*月"
    r"|(?i:(?<![a-z])" + _SPOKEN + r"(?:[ \t-]+" + _SPOKEN + r"){1,3}(?![a-z])))"
)
# a card named as one: its number is hidden even when its check digit fails (a number the person calls their card is
# theirs to keep out), not a card's number given to be paid into ("收款卡号 …")
_CARD_NAMED = re.compile(
    r"(?i)(?:信用卡|借记卡|储蓄卡|银行卡|工资卡|卡号|银联|(?<![a-z])(?:credit|debit|bank|visa|amex) card"
    r"|card (?:number|no\.?|#)"
    r"|(?<![a-z])(?:visa|mastercard|amex|unionpay)(?![a-z]))[^\d\n。!?！？]{0,10}$"
)
# session 21: a card that pays nothing, named just before its number: a loyalty scheme's, a library's, a transit
# card, a membership (its number may pass a card's check digit: a Tesco Clubcard's does)
_NOT_PAYMENT_CARD = re.compile(
    r"(?i)(?:(?:会员|积分|图书|借书|公交|交通|校园|门禁|饭)卡|(?<![a-z])(?:club|loyalty|rewards?|member(?:ship)?|library|oyster"
    r"|transit|metro|gym|nectar|points|advantage|student|travel) ?card)[^\d\n。!?！？]{0,14}$"
)
# a card's number is told with its expiry or the code on its back: "5412 7534 9821 0076 exp 09/29, cvv is 318"
_CARD_DATA_AFTER = re.compile(
    r"(?i)[^\n\d]{0,12}?(?:(?<![a-z])(?:exp(?:iry|ires?|iration)?|valid (?:thru|through|until)|good thru|cvv|cvc|cvn)"
    r"(?![a-z])|有效期|到期|安全码|背面)"
    # screening-11: or a bare expiry just after it, "4917 6157 7463 7069, 08/28"
    r"|[ \t]*[,;，]?[ \t]*(?:0[1-9]|1[0-2])[ \t]*/[ \t]*(?:20)?\d\d(?![\d/])"
)
_CARD_PART = re.compile(r"(?<![\dA-Za-z\-.])\d{4}(?:[ \-]?\d){3,11}(?![\dA-Za-z\-]|\.\d|[ \-]?\d)")
_EIGHT_DIGITS = re.compile(r"\d{4}[ \-]?\d{4}")
_FIRST_DIGITS = re.compile(f"(?i:{FIRST_PART})")
_CARD_WORD_BEFORE = re.compile(r"(?i)(?:卡|(?<![a-z])card(?![a-z]))[^\d\n]{0,24}$")
_TESTING = re.compile(r"(?i)\btest(?:s|ing|ed)?\b|sandbox|\bdocs?\b|documentation|dummy|\bdemo\b|测试|沙箱|示例")
_CARD_PAID_INTO = re.compile(r"(?i)收款|户名|转账|汇款|打款|转到|打到|receiv|payee|pay (?:in)?to|deposit")
_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def luhn_valid(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def resident_id_valid(number: str) -> bool:
    """The ISO 7064 MOD 11-2 check character of a Chinese resident ID number (GB 11643)."""
    if len(number) != 18 or not number[:17].isdigit():
        return False
    check = "10X98765432"[sum(int(c) * w for c, w in zip(number[:17], _ID_WEIGHTS, strict=True)) % 11]
    return number[17].upper() == check


def _number_findings(text: str, *, card_given: bool = False) -> list[Finding]:
    """Resident ID and card numbers; with a card number in the text, or in the message just before (`card_given`:
    "card: 4539 ..." then "exp 09/27 cvc 318"), its expiry and the code on its back."""
    found: list[Finding] = []
    if (
        not _LONG_NUMBER.search(text)
        and not _GROUPED_NUMBER.search(text)
        and not (_EIGHT_DIGITS.search(text) and _FIRST_DIGITS.search(text))
    ):
        if card_given:
            found.extend(
                Finding("card_security", m.start("value"), m.end("value"), _NUMBER_RULE)
                for m in _CARD_DATA.finditer(text)
            )
        return found
    for m in _ID_NUMBER.finditer(text):
        if resident_id_valid(m.group(0).replace(" ", "")):
            found.append(Finding("id_number", m.start(), m.end(), _NUMBER_RULE))
    for m in (*_CARD.finditer(text), *_CARD_GROUPED.finditer(text)):
        digits = re.sub(r"\D", "", m.group(0))
        groups = ",".join(str(len(g)) for g in re.findall(r"\d+", m.group(0)))
        before = text[max(0, m.start() - 40) : m.start()]
        other = _NUMBER_NAMED.search(before) or _NUMBER_NAMED_AFTER.match(text, m.end())
        if len(set(digits)) <= 3 and _TESTING.search(text, max(0, m.start() - 60), m.end() + 60):
            continue  # session 16: a documented test number, built of repeats, given for testing ("the test card 4242 …")
        checked = not other and luhn_valid(digits) and card_shaped(digits, groups, named=False)
        if _NOT_PAYMENT_CARD.search(before[-24:]):
            continue  # session 21: a loyalty, library or transit card's number ("星巴克会员卡号 …", "clubcard number is …")
        told = _CARD_NAMED.search(before[-24:]) or not other and _CARD_DATA_AFTER.match(text, m.end())
        if (
            checked
            or 15 <= len(digits) <= 19
            and told
            and card_shaped(digits, groups, named=True)
            and not _CARD_PAID_INTO.search(before)
        ):
            found.append(Finding("bank_card", m.start(), m.end(), _NUMBER_RULE))
    for m in _CARD_PART.finditer(text):
        # screening-11: "卡号 6222 0212 3456" (the rest in the next message): a named card's number in part
        digits = re.sub(r"[ \-]", "", m.group(0))
        before = text[max(0, m.start() - 24) : m.start()]
        # (session 10: eight digits when it says they are the first part, "卡號前面係 6225 7601", "卡号开头 6225 7601")
        first_eight = len(digits) == 8 and _FIRST_DIGITS.search(before)
        if len(digits) < 11 and not first_eight:
            continue
        padded = digits.ljust(16, "0") if first_eight else digits + "0" * 4  # (its brand's first digits and a length)
        # (session 12: a card's first digits said with the bare word, "card starts 4539 1488")
        named = _CARD_NAMED.search(before) or first_eight and _CARD_WORD_BEFORE.search(before)
        if named and card_shaped(padded, "", named=True):
            found.append(Finding("bank_card", m.start(), m.end(), _NUMBER_RULE))
    if card_given or any(f.kind == "bank_card" for f in found):
        # with a card number in the same text, its expiry and the code on its back are the card's security data
        found.extend(
            Finding("card_security", m.start("value"), m.end("value"), _NUMBER_RULE) for m in _CARD_DATA.finditer(text)
        )
    return found


# ---- session 19: a card's verification code called by where it is printed or what it looks like ("the three numbers
# on the back are 582", "debit card backside code = 448", "the digits by the signature strip are 227", "网上付款要的那个
# 背后三位数：482", "签名栏旁边印着的数字是736", "security code 是 4 位的 7720"): three or four digits after the name. A
# place alone (the back, 背面) names a card's code only where a card or a payment is spoken of (a manual's back has
# numbers too, "说明书背面那三位数318是型号"; a jersey's "back number is 23"); a signature strip, and the code's own
# names, are a card's anyway.
_DIGIT_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_CARD_CODE = re.compile(
    r"(?i)(?:(?P<own>(?<![a-z])signature (?:strip|panel|box|line|bar|area)|签名(?:栏|条|处)|(?<![a-z])(?:cvv2?|cvc2?"
    r"|security code|card (?:security|verification|validation) (?:code|number|value))(?![a-z])"
    r"(?:[ \t]+(?:on|at)[ \t]+(?:the[ \t]+)?(?:back|front|rear|reverse)(?![a-z]))?|安全码)"
    r"|(?<![a-z])(?:three|four|3|4)(?:[ -]digits?)?(?![a-z\d])[^\n\d.!?]{0,40}?(?<![a-z])(?:on|at|from|in) (?:the )?"
    r"(?:back|front|rear|reverse)(?![a-z])"
    r"|(?<![a-z])(?:code|number|digits|numbers) (?:on|at) (?:the )?(?:back|front|rear|reverse)(?![a-z])"
    r"|(?<![a-z])(?:back|backside|rear|reverse)(?:[ -]side)? (?:code|number|digits|numbers|no\.?)(?![a-z])"
    r"|(?:背面|背后|反面|卡背)(?:的|那|那个)?(?:[三四34](?:位|个)(?:数字?|码)?|数字|码))"
    # (what is between: "of the visa", " are", "是 4 位的", "旁边印着的数字是")
    r"(?:[ \t]+of[ \t]+(?:the |my |your |ur |his |her )?(?:[a-z']+ ){0,2}?"
    r"(?:card|visa|mastercard|amex|discover|one|it))?"
    r"[ \t]*(?:(?:is|are|was|were|reads?|says?)(?![a-z])|[:=\-])?[ \t]*[\u4e00-\u9fff：:]{0,10}?"
    r"[ \t]*(?:[34][ \t]*位的?[ \t]*|(?:3|4|three|four)[ -]digits?[ \t,:]*)?"
    r"(?<![\d.])(?P<value>\d{3,4}(?![\d/.:\-]|[ \t]*(?:%|st|nd|rd|th|pages?|元|块|号|年|页|dollars?|bucks)(?![a-z]))"
    # session 20: or said in words, "security code on the back: six one two"
    r"|(?<![a-z])" + _DIGIT_WORD + r"(?:[ \t-]+" + _DIGIT_WORD + r"){2,3}(?![a-z]))"
)
CARD_CODE_PLACES = ("back", "front", "rear", "reverse", "signature", "security code", "背", "反面", "签名", "安全码")
_CARD_SPOKEN_OF = re.compile(
    r"(?i)(?<![a-z])(?:card|visa|mastercard|amex|debit|credit|checkout|payment|exp(?:iry|ires)?)(?![a-z])"
    r"|卡|付款|支付|网购|结账|刷"
)
_CARD_CODE_RULE = -17


def card_code_findings(text: str, lowered: str, *, card_given: bool = False) -> list[Finding]:
    if not any(map(lowered.__contains__, CARD_CODE_PLACES)):
        return []
    spoken_of = card_given or _CARD_SPOKEN_OF.search(text) is not None
    return [
        Finding("card_security", m.start("value"), m.end("value"), _CARD_CODE_RULE)
        for m in _CARD_CODE.finditer(text)
        if spoken_of or m.group("own")
    ]


# ---- screening-11: identity numbers whose own check character tells them, named or not: a Singapore NRIC / FIN
# ("S1234567D"), a Hong Kong identity card ("A123456(3)", the check digit in brackets as printed), a Taiwan national ID
# ("A123456789"; session 10: or a resident certificate's of 2021 on, "A800000014", 8 or 9 second, the same check);
# a Malaysian MyKad ("900101-14-5678": a date of birth, a place of birth code) has no check digit but
# its dashed shape. One look-alike in eleven (ten) has a valid check character: product codes of the same shape.
_NATIONAL_ID = re.compile(
    r"(?<![A-Za-z0-9])(?:(?P<nric>[STFG]\d{7}[A-Z])|(?P<hkid>[A-Z]{1,2}\d{6}\([0-9A]\))|(?P<twid>[A-Z][1289]\d{8})"
    r"|(?P<mykad>\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-(?:0[1-9]|1[0-6]|[2-5]\d|6[0-8]|7[1-24-9]|8[2-9]|9[0-3]"
    r"|9[89])-\d{4})"
    # session 12: an Irish PPS number, seven digits, a check letter and maybe a second letter ("7362915TA")
    r"|(?P<pps>\d{7}[A-W][A-IW]?))(?![A-Za-z0-9]|-\d)"
)
_TW_LETTER = {c: n for n, c in enumerate("ABCDEFGHJKLMNPQRSTUVXYWZIO", start=10)}
_PPS_LETTERS = "WABCDEFGHIJKLMNOPQRSTUV"


def national_id_valid(kind: str, value: str) -> bool:
    if kind == "mykad":
        return True
    if kind == "pps":
        # the digits weighted 8..2 and the second letter 9 times its place (A 1 .. I 9, W 0), mod 23: the check
        # letter (W for 0)
        total = sum(int(c) * w for c, w in zip(value[:7], range(8, 1, -1), strict=True))
        total += 9 * _PPS_LETTERS.index(value[8]) if len(value) == 9 else 0
        return _PPS_LETTERS[total % 23] == value[7]
    if kind == "nric":
        total = sum(int(c) * w for c, w in zip(value[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True))
        total += 4 if value[0] in "TG" else 0
        return ("JZIHGFEDCBA" if value[0] in "ST" else "XWUTRQPNMLK")[total % 11] == value[8]
    if kind == "hkid":
        letters, digits, check = value[:-9], value[-9:-3], value[-2]
        codes = [36 if len(letters) == 1 else ord(letters[0]) - 55, ord(letters[-1]) - 55]
        total = codes[0] * 9 + codes[1] * 8 + sum(int(c) * w for c, w in zip(digits, range(7, 1, -1), strict=True))
        return "0123456789A"[(11 - total % 11) % 11] == check
    code = _TW_LETTER[value[0]]
    weights = (8, 7, 6, 5, 4, 3, 2, 1, 1)
    total = code // 10 + code % 10 * 9 + sum(int(c) * w for c, w in zip(value[1:], weights, strict=True))
    return total % 10 == 0


# session 10: an identity number named as one just before it ("身分證字號是 F228461937", "my NRIC: S1234567A") is
# hidden even when its check character fails, as a card named as one is (a mistyped ID is still the person's to keep
# out); unnamed, only a valid check character tells an ID from a product code of its shape
_ID_NAMED = re.compile(
    r"(?i)(?:身[份分]证|证件号|居留证|(?<![a-z])(?:nric|hkid|mykad|identity card|national id|id card"
    r"|(?:ppsn?|personal public service)(?: number| no\.?)?"
    r"|(?:my|your|his|her) (?:id|ic)|(?:id|ic)(?: card)? (?:no\.?|number|#)))"
    r"(?:[ \t]+(?:is|was))?[^\d\n。!?！？A-Za-z]{0,12}$"
)


def national_id_findings(text: str) -> list[Finding]:
    return [
        Finding("id_number", m.start(), m.end(), _NUMBER_RULE)
        for m in _NATIONAL_ID.finditer(text)
        if national_id_valid(m.lastgroup or "", m.group(0))
        or _ID_NAMED.search(text[max(0, m.start() - 24) : m.start()])
    ]


@cache
def _bip39() -> tuple[frozenset[str], frozenset[str]]:
    """The BIP39 word lists (English; Chinese simplified and traditional), shipped with the `mnemonic` package."""
    from mnemonic import Mnemonic

    chinese = set(Mnemonic("chinese_simplified").wordlist) | set(Mnemonic("chinese_traditional").wordlist)
    return frozenset(Mnemonic("english").wordlist), frozenset(chinese)


_SEED_CONTEXT = re.compile(
    r"(?i)助记词|种子|seed|mnemonic|\bphrase\b|钱包|wallet|"
    r"\b(?:12|24|twelve|twenty[- ]four)[ -]words?\b|\bwords? 1 ?[-–~] ?(?:6|12|24)\b|\b(?:ledger|trezor|metamask)\b"
)
_EN_WORD = re.compile(r"[A-Za-z]+")
# (screening-13: or counted in Chinese, "第一个 apple 第二个 river …", "1、apple 2、river")
# (session 20: not across an ellipsis, a pause in talk: "apple river stone cloud ... never mind")
_SEED_GAP = re.compile(r"(?:(?!\.\.)[\s,;.:)(\-\d、，；]|第[一二三四五六七八九十\d]{1,3}(?:个|位)?[:：]?){1,8}")
_ZH_SEED_GAP = re.compile(r"[\s,;.:)(\-\d，、；。]{1,8}")
_ZH_SEED_RUN = re.compile(r"(?:助记词|种子)[^\n]{0,6}?[:是]\s*(?P<value>[\u4e00-\u9fff]{12,24})")


_SPACED_CJK = re.compile(r"(?:[\u4e00-\u9fff][\s,，、;；\d.]{1,8}){7}")


def _longest_run(words: list[str], wordlist: frozenset[str]) -> int:
    """The longest run of list words, whatever separates them: a cheap bound before the exact scan."""
    best = current = 0
    for word in words:
        current = current + 1 if word in wordlist else 0
        best = max(best, current)
    return best


def _runs(text: str, spans: list[tuple[int, int]], words: frozenset[str], gap: re.Pattern[str]) -> list[list[int]]:
    """Runs of consecutive list words, separated only by white space, commas or numbering: [[start, end, n]]."""
    runs: list[list[int]] = []
    current: list[int] | None = None
    for start, end in spans:
        if text[start:end].lower() not in words:
            current = None
            continue
        if current and gap.fullmatch(text[current[1] : start]):
            current[1], current[2] = end, current[2] + 1
        else:
            current = [start, end, 1]
            runs.append(current)
    return runs


# a phrase has 12, 15, 18, 21 or 24 words
_PHRASE_LENGTHS = frozenset((12, 15, 18, 21, 24))
_ONE_WORD_GAP = re.compile(_SEED_GAP.pattern + r"?[A-Za-z]+" + _SEED_GAP.pattern)


def _bridged(text: str, runs: list[list[int]]) -> list[list[int]]:
    """Runs of list words that one word outside the list parts, where together they make a phrase's length (a word
    mistyped or misremembered: "... frost basket eleven rubber canyon"): one phrase, that word with it."""
    out: list[list[int]] = []
    for run in runs:
        if out and out[-1][2] + 1 + run[2] in _PHRASE_LENGTHS and _ONE_WORD_GAP.fullmatch(text, out[-1][1], run[0]):
            out[-1] = [out[-1][0], run[1], out[-1][2] + 1 + run[2]]
        else:
            out.append(list(run))
    return out


def _seed_findings(text: str, *, spoken_of: bool = False) -> list[Finding]:
    """Seed phrases: a run of >= 12 BIP39 words (>= 6, half a phrase, when the text or the one before it speaks of a
    seed or a wallet: a phrase is often given in two messages); ordinary English has runs of two or three."""
    english, chinese = _bip39()
    need = 6 if spoken_of or _SEED_CONTEXT.search(text) else 12
    found = []
    if _longest_run(_EN_WORD.findall(text.lower()), english) >= need:
        spans = [m.span() for m in _EN_WORD.finditer(text)]
        runs = _runs(text, spans, english, _SEED_GAP)
        if need == 6:
            runs = _bridged(text, runs)
        found += [Finding("seed_phrase", a, b, _SEED_RULE) for a, b, n in runs if n >= need]
    if _SPACED_CJK.search(text):
        cjk = [(m.start(), m.end()) for m in _CJK.finditer(text)]
        runs = _runs(text, cjk, chinese, _ZH_SEED_GAP)
        found += [Finding("seed_phrase", a, b, _SEED_RULE) for a, b, n in runs if n >= need]
    for m in _ZH_SEED_RUN.finditer(text):
        if all(c in chinese for c in m.group("value")):
            found.append(Finding("seed_phrase", *m.span("value"), _SEED_RULE))
    if need == 6 and " " in text and max(text) >= "\u4e00":
        found += [Finding("seed_phrase", *m.span(), _SEED_RULE) for m in _ZH_WORD_RUN.finditer(text)]
    return found


# session 10: a wallet's words told in Chinese words, not the list's characters ("助记词前六个：坦克 火山 月亮 帽子 河流
# 纸张"): where a seed or a wallet is spoken of, six or more short Chinese words set apart by spaces (ordinary Chinese
# runs its words together; a list, "身份证、银行卡、驾照", is set apart by 、)
_ZH_WORD_RUN = re.compile(
    r"(?<![\u4e00-\u9fff])[\u4e00-\u9fff]{1,4}(?:[ \t]+[\u4e00-\u9fff]{1,4}){5,23}(?![\u4e00-\u9fff])"
)


_LONG_TOKEN = re.compile(r"[A-Za-z0-9+/_\-]{20,}")
_RANDOM_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_\-.@:])[A-Za-z0-9+/_\-]{20,}={0,2}(?![A-Za-z0-9+/_\-])")
_URL = re.compile(r"(?i)(?<![a-z0-9+.\-])(?:[a-z][a-z0-9+.\-]*://|www\.)\S+|(?<!\S)\S*?\.(?:com|org|net|io|cn|dev)/\S*")
_WORDY = re.compile(r"[A-Z]?[a-z]{2,}")
_VOWEL = re.compile(r"[aeiouyAEIOUY]")
# hex (commit hashes, checksums, UUIDs), maybe behind a short name: ids like `iss_0a7d41c15af52c9b`
_HEX = re.compile(r"(?:[A-Za-z]{1,12}[_\-]|0x)?[0-9a-fA-F\-]+")
# a subresource-integrity string (package-lock.json, <script integrity=…>): a hash of a file, base64
_INTEGRITY = re.compile(r"sha(?:1|256|384|512)-[A-Za-z0-9+/]{20,}={0,2}")


# a value a credential's name is assigned to, even inside a link or a config line ("//registry.npmjs.org/:_authToken=
# npm_...", "https://host/hook?access_token=..."): the link's other random pieces stay
_CREDENTIAL_NAMED = re.compile(r"(?i)(?:auth|token|secret|api[_\-]?key|password|passwd|pwd)[A-Za-z_]*[ \t]*[=:][ \t]*$")


def _random_token_findings(text: str) -> list[Finding]:
    """Unlabelled tokens that look random (upper and lower case and digits in short pieces): not words glued
    together (`iPhone15ProMaxCase`), not hex (commit hashes, checksums, UUIDs), not inside a URL or a path."""
    found: list[Finding] = []
    if not _LONG_TOKEN.search(text):
        return found
    urls = [m.span() for m in _URL.finditer(text)]
    for m in _RANDOM_TOKEN.finditer(text):
        token = m.group(0).rstrip("=")
        if _HEX.fullmatch(token) or "/" in token.strip("/") and token.count("/") > 2 or _INTEGRITY.fullmatch(token):
            continue
        if any(a <= m.start() < b for a, b in urls) and not _CREDENTIAL_NAMED.search(text, 0, m.start()):
            continue
        if _looks_random(token):
            found.append(Finding("token", m.start(), m.end(), _TOKEN_RULE))
    return found


def _looks_random(token: str) -> bool:
    """Letters and digits (or both cases) mixed, little of it in word-like pieces (random base62: 20% in the middle,
    camel-case names like `iPhone15ProMaxCase` 60-90%), and a high character entropy."""
    n = len(token)
    upper = sum(c.isupper() for c in token)
    lower = sum(c.islower() for c in token)
    digits = sum(c.isdigit() for c in token)
    if sum(1 for count in (upper, lower, digits) if count >= 0.1 * n) < 2:
        return False
    wordy = sum(len(piece) for piece in _WORDY.findall(token) if _VOWEL.search(piece))
    return wordy / n < 0.55 and _entropy(token) >= 3.8


def _entropy(token: str) -> float:
    counts = {c: token.count(c) for c in set(token)}
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())


_WRAP_TAIL = re.compile(r"[ \t]*\n[ \t]*(?P<tail>[A-Za-z0-9!@#$%^&*._+=~/\-]{2,32})[ \t]*(?=\n|$)")
_WRAPPABLE = frozenset(("password", "api_key", "token", "one_time_code"))
# a line of its own that names what it sets ("APP_VERSION=2.14.3" after a pasted .env's secret): not a value's rest
_ASSIGNMENT_LINE = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*[ \t]*[=:]")


def _with_wrapped_values(text: str, found: list[Finding]) -> list[Finding]:
    """A value that ends a line and goes on alone on the next ("密码是 Tplink" / "8888"): the next line is part of it
    when it is one token with a digit or a symbol (not a word: 'thanks' on its own line is not a password)."""
    out = []
    for f in found:
        end = f.end
        while f.kind in _WRAPPABLE and (m := _WRAP_TAIL.match(text, end)):
            tail = m.group("tail")
            if tail.isalpha() or not any(c.isalnum() for c in tail) or _ASSIGNMENT_LINE.match(tail):
                break
            end = m.end("tail")
        out.append(f if end == f.end else Finding(f.kind, f.start, end, _WRAP_RULE))
    return out


_DOTTED_TAIL = re.compile(r"(?:\.[A-Za-z0-9_\-]{4,})+")
_DOTTED = frozenset(("token", "api_key"))


def _with_dotted_parts(text: str, found: list[Finding]) -> list[Finding]:
    """A token goes on over dot-separated parts ("MTA5...Mw.GhX2kP.aB3dE5..."): a chat bot's token is three."""
    out = []
    for f in found:
        m = _DOTTED_TAIL.match(text, f.end) if f.kind in _DOTTED else None
        out.append(Finding(f.kind, f.start, m.end(), f.rule_index) if m else f)
    return out


_PUBLIC_KEY = re.compile(
    r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)"
    r"[ \t]+AAAA[A-Za-z0-9+/]+={0,3}"
    r"|-----BEGIN (?:[A-Z0-9]+ )*(?:PUBLIC KEY|CERTIFICATE)(?: BLOCK)?-----[\s\S]*?"
    r"-----END (?:[A-Z0-9]+ )*(?:PUBLIC KEY|CERTIFICATE)(?: BLOCK)?-----"
)


# a wallet's receiving address (Bitcoin bech32, Ethereum): given away to be paid, never a key (a private key is 64
# hex digits or a WIF string starting 5, K or L)
_ADDRESS = re.compile(r"(?<![A-Za-z0-9])(?:bc1[02-9ac-hj-np-z]{25,62}|0x[0-9a-fA-F]{40})(?![A-Za-z0-9])")


# (session 12) the code that lets a room into a quiz or a class: shown on a board for everyone to type ("join the
# kahoot! game pin 482 1193", "class code for google classroom: 7hq2kxp"), it opens nothing of the person's
_JOIN_CODE = re.compile(
    r"(?i)(?<![a-z])(?:game|quiz|kahoot|class|classroom|join)[ \t]+(?:pin|code)(?![a-z])[^\n\d]{0,24}?"
    r"(?P<value>[A-Za-z0-9]*\d[A-Za-z0-9]*(?:[ \t-]\d+)*)"
)


def public_key_spans(text: str, lowered: str) -> list[tuple[int, int]]:
    """SSH public keys and PEM public keys or certificates, wallet addresses, the code that joins a quiz or a class:
    shaped like secrets, meant to be shared."""
    spans = [m.span() for m in _ADDRESS.finditer(text)] if "bc1" in lowered or "0x" in lowered else []
    if " pin" in lowered or " code" in lowered:
        spans += [m.span("value") for m in _JOIN_CODE.finditer(text)]
    if "ssh-" not in lowered and "ecdsa-" not in lowered and "-----begin" not in lowered:
        return spans
    return spans + [m.span() for m in _PUBLIC_KEY.finditer(text)]


# ---- screening-8: a value's shape where nothing names it

# A password in passing ("I use L3m0n@d3Stand for basically everything", "the one with the dog, Biscuit#4ever"):
# upper and lower case, a digit and a symbol few names hold (not . - _), eight characters or more; not an e-mail
# address, a handle, a hashtag, a URL or a path
_SYM = "[!@#$%^&*+=~]"
STRONG_GATE = re.compile(
    rf"\d\S{{0,64}}?[A-Za-z0-9]{_SYM}[A-Za-z0-9]|[A-Za-z0-9]{_SYM}[A-Za-z0-9]\S{{0,64}}?\d|[A-Za-z0-9]{_SYM}\d"
)
_STRONG_TOKEN = re.compile(r"(?<![\w@#$%^&*+=~./\\:\-])[A-Za-z0-9!@#$%^&*._+=~\-]{8,64}(?![\w@/])")
_STRONG_SYMBOLS = frozenset("!@#$%^&*+=~")
_EMAIL_TAIL = re.compile(r"@[A-Za-z0-9\-]+\.[A-Za-z]")


_ASSIGNED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*_[A-Za-z0-9_]*=|[A-Z][A-Z0-9]{2,}=")
# the cheap half of the gate: a rare symbol between two letters or digits
SYMBOL_BETWEEN = re.compile(rf"[A-Za-z0-9]{_SYM}[A-Za-z0-9]")


def strong_token_findings(text: str) -> list[Finding]:
    if not SYMBOL_BETWEEN.search(text) or not STRONG_GATE.search(text):
        return []
    found = []
    urls = [m.span() for m in _URL.finditer(text)] if "/" in text or "www." in text else []
    for m in _STRONG_TOKEN.finditer(text):
        if any(a <= m.start() < b for a, b in urls):
            continue
        token = m.group(0).rstrip(".!?,;:")
        start = m.start()
        if assigned := _ASSIGNED.match(token):
            # "AWS_REGION=eu-west-1": a name and its value; the value is judged alone
            token, start = token[assigned.end() :], start + assigned.end()
        if (
            len(token) >= 8
            and any(c.isupper() for c in token)
            and any(c.islower() for c in token)
            and any(c.isdigit() for c in token)
            and any(c in _STRONG_SYMBOLS for c in token[1:])
            and not _EMAIL_TAIL.search(token)
        ):
            found.append(Finding("password", start, start + len(token), _STRONG_RULE))
    return found


# A list of codes alike (three or more of one length and shape, each with a digit) where the text speaks of codes or
# of getting in: backup codes ("88162043 77510928 33904417"), one per line ("8831 2047"), dashed ("4f8e2-a91c3")
_CODE_ITEM = r"(?:\d{4}[ \t]\d{4}|(?=[A-Za-z\-]*\d)[A-Za-z0-9]{4,12}(?:-[A-Za-z0-9]{4,12})?)"
_CODE_RUN = re.compile(
    r"(?<![\w\-.#/:])"
    + _CODE_ITEM
    # (screening-11: numbered in columns too, "1. 8848 0998     6. 2236 0516")
    + r"(?:(?:[ \t]*[,;、，；/|][ \t]*|[ \t]*\n[ \t]*(?:[-*•·+][ \t]+|\d{1,2}[.)][ \t]*)?"
    r"|[ \t]{2,}\d{1,2}[.)][ \t]*|[ \t]+)" + _CODE_ITEM + r"){2,}(?![\w\-.:/])"
)
_CODE_ITEM_RE = re.compile(_CODE_ITEM)
CODE_LIST_GATE = re.compile(
    r"\d[\w\-]{3,12}[ \t,;、，；/|\n]{1,3}[\w\-]{0,12}\d[\w\-]{0,12}[ \t,;、，；/|\n]{1,3}[\w\-]{0,12}\d"
    # or one a bulleted line: "- 3471 9920"
    r"|\n[ \t]*[-*•][ \t]+[\w\-]{0,12}\d[^\n]*\n[ \t]*[-*•][ \t]+[\w\-]{0,12}\d"
)
_CODES_SPOKEN_OF = re.compile(
    r"(?i)\bcodes?\b|码|backup|recovery|(?:get|gets|got|let)s? (?:me|you|her|him|us|them) in|log(?:ged)?[ \t]?in|"
    r"sign(?:ed)?[ \t]?in|登录|登进|登陆|2fa|mfa|two[- ]factor"
    # screening-11: "谷歌两步验证那几个备用的先抄这里："
    r"|两步验证|二次验证|双重验证|备用|authenticator|验证器"
)


def _shape(item: str) -> tuple[int, bool, int]:
    return (len(item), item.replace(" ", "").replace("-", "").isdigit(), item.count("-") + item.count(" "))


def code_list_findings(text: str) -> list[Finding]:
    if not CODE_LIST_GATE.search(text) or not _CODES_SPOKEN_OF.search(text):
        return []
    found = []
    for m in _CODE_RUN.finditer(text):
        items = _CODE_ITEM_RE.findall(m.group(0))
        if len(items) >= 3 and len({_shape(i) for i in items}) == 1:
            found.append(Finding("recovery_code", m.start(), m.end(), _CODE_LIST_RULE))
    return found


# ---- screening-11: a dial safe's combination, told as its turns ("左转三圈停在42，右转停在17，再左转停在86", "turn
# left
# to 36, right to 12, left again to 70"): three turns or more, each to a number, where a safe or a lock is spoken of
# (directions turn left and right too, to streets and buildings, never at a safe)
# (session 19: a number in words, "right to thirty-three", "顺时针转到二十五"; not a count of turns, "three times",
# "三圈")
_TURN_NUMBER = (
    r"(?<!\d)\d{1,2}|(?<![a-z])(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    r"(?:[ -](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|zero|one|two|three|four|five|six|seven|eight|nine)(?![a-z-])"
    r"|(?:[一二三四五六七八九]?十[一二三四五六七八九]?|[零一二三四五六七八九两])(?![零一二三四五六七八九十百千万圈次下回遍])"
)
_TURN = re.compile(
    r"(?i)(?:[左右]转|向[左右](?:转)?|往[左右](?:转|拧|扭)?|[顺逆]时针|"
    r"(?<![a-z])(?:left|right|counter-?clockwise|anti-?clockwise|clockwise)(?![a-z]))"
    # (session 12: or the number straight after the turn, "右轉 24 左轉 11 右轉 37"; not metres or a street's turning)
    r"(?:[^\n\d，,;；。.!?]{0,20}?)(?:停在|转到|到|至|(?<![a-z])(?:to|at|on)(?![a-z]))?[ \t]*"
    r"(?P<value>" + _TURN_NUMBER + r")(?![\d号楼栋层路街米个]|[ \t]*(?:st|nd|rd|th|street|ave|road|floor|m|km|blocks?"
    r"|metres|meters|miles?|米|公里|个路口|times?|turns?|rotations?|full|spins?|revolutions?)\b)"
)
# (session 19: or its first number given plain, two turns after it: "the combination is thirty-two, left to eleven,
# right to forty")
_DIAL_OPENING = re.compile(
    r"(?i)(?<![a-z])(?:combination|combo|code|密码|密碼)(?:[ \t]+(?:for|to|of|on)[ \t]+[^\n\d,，.;]{1,24}?)?[ \t]*"
    r"(?:is|was|:|=|是|系)[ \t]*(?P<value>" + _TURN_NUMBER + r")"
    r"[ \t]*[,，;；]"
)
# (session 18: or a locker's combo, Cantonese's 夹万, a 密码 told as turns: "密码系左转 28 右转 41 再左转 9")
_DIAL = re.compile(
    r"(?i)保险柜|保险箱|转盘|密码锁|锁|夹万|夾萬|密码|密碼|柜"
    r"|(?<![a-z])(?:safe|dial|combination|combo|lock|locker|padlock)(?![a-z])"
)


def dial_findings(text: str, lowered: str) -> list[Finding]:
    turns = sum(map(lowered.count, ("左", "右", "left", "right", "clockwise", "时针")))
    if turns < 2 or not _DIAL.search(text):
        return []
    turns = list(_TURN.finditer(text))
    # (session 19: the turns between the numbers are the combination too: the way each one goes is hidden with it)
    start = turns[0].start() if turns else 0
    if len(turns) == 2 and (opening := [*_DIAL_OPENING.finditer(text, 0, start)][-1:]):
        turns, start = opening + turns, opening[0].start("value")
    if len(turns) < 3:
        return []
    return [Finding("combination", start, turns[-1].end("value"), _DIAL_RULE)]


_DIAL_RULE = -14
_TURN_WORDS = ("左", "右", "left", "right", "clockwise", "时针")
_TURNS_SHORT = 60


def turns_over_messages(texts: list[str]) -> dict[int, tuple[Finding, ...]]:
    """session 19: a combination's turns one message at a time ("the padlock on the shed" / "first turn right to
    twelve" / "then left to forty-four" / "and back right to eight"): short messages in a row, each with a turn to a
    number, three turns in all, a lock or a safe named in them or in the message before."""
    turning = {
        k: turns
        for k, t in enumerate(texts)
        if len(t) <= _TURNS_SHORT
        and any(map(t.lower().__contains__, _TURN_WORDS))
        and (turns := list(_TURN.finditer(t)))
    }
    found: dict[int, tuple[Finding, ...]] = {}
    for k in sorted(turning):
        if k - 1 in turning:
            continue
        run = [k]
        while run[-1] + 1 in turning:
            run.append(run[-1] + 1)
        named = any(_DIAL.search(texts[i]) for i in (k - 1, *run) if i >= 0)
        if len(run) > 1 and named and sum(len(turning[i]) for i in run) >= 3:
            for i in run:
                ts = turning[i]
                found[i] = (Finding("combination", ts[0].start(), ts[-1].end("value"), _DIAL_RULE),)
    return found


# ---- screening-11: a password's shape, then what it opens ("Muddy_Boots_1987 gets you on", "Salty-Dog-2291 will get
# you online"): found from the verb (a pattern that began with the value was tried at every word of every text)
_GETS_IN = re.compile(
    r"(?i)[ \t]+(?:(?:will|should|that) )?(?:gets?|lets?)[ \t]+(?:you|u|me|us|her|him|them|everyone|guests)[ \t]+"
    r"(?:on|in|online|connected|through)\b"
)
_VALUE_BEFORE = re.compile(r"(?<![A-Za-z0-9_@#$%^&*.\-])[A-Za-z0-9!@#$%^&*._+=~\-]{6,64}$")
_GETS_IN_RULE = -15


def gets_in_findings(text: str, lowered: str) -> list[Finding]:
    if not any(map(lowered.__contains__, ("get", "let"))):
        return []
    found = []
    for m in _GETS_IN.finditer(text):
        value = _VALUE_BEFORE.search(text, max(0, m.start() - 64), m.start())
        if value and password_shaped(value.group(0)):
            found.append(Finding("password", value.start(), value.end(), _GETS_IN_RULE))
    return found


# ---- screening-9: a value spelled out one character at a time ("k - i - w - i - 7 - 7 - x", "capital T, o, m, a,
# t, o, four four", "大写 M，小写 o o n，然后 2 0 2 4"): six characters or more, each alone, letters and digits both
# (a name spelled out, "S, M, Y, T, H, E", holds no digit)
_SPELL_DIGIT = r"(?:zero|one|two|three|four|five|six|seven|eight|nine)"
# (screening-13: a symbol by its name, "then a dollar sign")
_SPELL_SYMBOL = (
    r"(?:an?[ \t]+)?(?:(?:dollar|at|hash|pound|percent|plus|exclamation|question|equals?)[ \t]+"
    r"(?:sign|mark|point|symbol)|ampersand|asterisk|underscore|hyphen)"
)
_SPELL_UNIT = r"(?:(?<![A-Za-z0-9'’])[A-Za-z0-9](?![A-Za-z0-9'’])|\b" + _SPELL_DIGIT + r"\b|\b" + _SPELL_SYMBOL + r"\b)"
_SPELL_CASE = r"(?:(?i:capital|upper(?:case)?|lower(?:case)?|small|cap)[ \t]+|(?:大写|小写)的?[ \t]*)"
_SPELL_JOIN = (
    r"(?:[ \t]*[-,，、/][ \t]*|[ \t]+)(?:(?i:then|and|and then)[ \t,]+|(?:然后|再|接着)[ \t，,]*)?" + _SPELL_CASE + "?"
)
_SPELLED = re.compile(r"(?i:" + _SPELL_CASE + "?" + _SPELL_UNIT + r"(?:" + _SPELL_JOIN + _SPELL_UNIT + r"){5,})")
_SPELL_PIECE = re.compile(r"(?i)(?<![A-Za-z0-9'’])[A-Za-z0-9](?![A-Za-z0-9'’])|\b" + _SPELL_DIGIT + r"\b")
# the prefilter's test: characters alone between separators (", o, m,", "- i - w -"), or a letter's case named
# (it begins with a separator, so it fails at once almost everywhere: ~1 µs a chat line)
SPELLED_SEPARATORS = re.compile(r"[-,，、][ \t]?[A-Za-z0-9][ \t]?[-,，、][ \t]?[A-Za-z0-9][ \t]?[-,，、]")
SPELLED_CASE_WORDS = ("capital ", "uppercase", "lowercase", "upper case", "lower case", "大写", "小写")
SPELLED_GATE = re.compile(
    SPELLED_SEPARATORS.pattern + "|(?i:" + "|".join(re.escape(w) for w in SPELLED_CASE_WORDS) + ")"
)


def spelled_findings(text: str) -> list[Finding]:
    if not SPELLED_SEPARATORS.search(text) and not any(map(text.lower().__contains__, SPELLED_CASE_WORDS)):
        return []
    found = []
    for m in _SPELLED.finditer(text):
        pieces = [p.group(0).lower() for p in _SPELL_PIECE.finditer(_SPELLED_SYMBOL.sub(" ", m.group(0)))]
        digits = sum(p.isdigit() or len(p) > 1 for p in pieces)
        letters = sum(p.isalpha() and len(p) == 1 for p in pieces)
        if len(pieces) >= 6 and digits and letters and not _enumerated(pieces) and not _named_other(text, m.start()):
            found.append(Finding("password", m.start(), m.end(), _SPELLED_RULE))
            # the value written whole as well ("… then a dollar sign. Kelp77$ yeah"): its letters and digits are the
            # ones spelled, in order
            spelled = "".join(_SPELLED_DIGIT.get(p, p) for p in pieces)
            found.extend(
                Finding("password", t.start(), t.end(), _SPELLED_RULE)
                for t in _WHOLE_TOKEN.finditer(text)
                if re.sub(r"[^a-z0-9]", "", t.group(0).lower()) == spelled
            )
    return found


_SPELLED_SYMBOL = re.compile(r"(?i)\b" + _SPELL_SYMBOL + r"\b")
_SPELLED_DIGIT = dict(zip("zero one two three four five six seven eight nine".split(), "0123456789", strict=True))
_WHOLE_TOKEN = re.compile(r"(?<![A-Za-z0-9!@#$%^&*._+=~\-])[A-Za-z0-9!@#$%^&*._+=~\-]{6,64}(?![A-Za-z0-9])")


# screening-10: what a spelled-out value is named as just before it: a licence plate, a booking reference, a postcode
# ("licence plate: K-X-1-9-Z-R-T", "my reg is W, 4, 5, 1, K, P, L") is not a password, unless a secret's name comes
# after that name ("the plate … the wifi password is k - 7 - x …")
_OTHER_NAME = re.compile(
    r"(?i)(?<![a-z])(?:licen[cs]e|plates?|reg|registration|booking|ref|reference|confirmation|order|tracking|flight"
    r"|seat|post ?code|zip(?: code)?|serial|model|invoice|ticket|vin)(?![a-z])"
    r"|车牌|单号|订单|航班|座位|邮编|型号|序列号|编号"
)
_SECRET_NAME = re.compile(
    r"(?i)(?<![a-z])(?:pass\w*|pw|pwd|pins?|(?<!zip )(?<!post )codes?|keys?|otp|passcode)(?![a-z])"
    r"|密码|口令|暗号|验证码"
)


def _named_other(text: str, start: int) -> bool:
    window = text[max(0, start - 40) : start]
    others = [m.end() for m in _OTHER_NAME.finditer(window)]
    if not others:
        return False
    secrets = [m.end() for m in _SECRET_NAME.finditer(window)]
    return not secrets or others[-1] > secrets[-1]


def _enumerated(pieces: list[str]) -> bool:
    """Options or rows counted off ("A, B, C, 1, 2, 3", "a, b, c, d, e, 2"): the letters, and the digits, each in
    order one after another."""
    letters = [ord(p) for p in pieces if len(p) == 1 and p.isalpha()]
    digits = [int(p) for p in pieces if p.isdigit()]
    return all(b - a == 1 for seq in (letters, digits) for a, b in zip(seq, seq[1:], strict=False))


# ---- screening-10: a card's (or an account's) number read out in digit words ("five four one two seven five three
# four one two three four five six seven eight"): thirteen digit words or more in a row (a phone number has at most
# twelve)
DIGIT_WORDS = frozenset("zero oh one two three four five six seven eight nine".split())
_DIGIT_WORD_RUN = re.compile(r"(?i)(?<![a-z])" + _DIGIT_WORD + r"(?:[ \t,-]+" + _DIGIT_WORD + r"){12,22}(?![a-z])")
_SPELLED_NUMBER_RULE = -13


def digit_word_run(words: list[str]) -> bool:
    """Thirteen digit words in a row among a text's lower-case words (the prefilter's test)."""
    if len(words) < 13:
        return False
    return b"\x01" * 13 in bytes(map(DIGIT_WORDS.__contains__, words))


_DIGIT_OF = {
    "oh": "0",
    **{w: str(k) for k, w in enumerate("zero one two three four five six seven eight nine".split())},
}
_CARD_WORD = re.compile(r"(?i)(?<![a-z])(?:card|visa|mastercard|amex|debit|credit|cvv|cvc|expir\w*|exp)(?![a-z])")


def spelled_number_findings(text: str, lowered: str) -> list[Finding]:
    """screening-11: a run read out is a card when its digits have a card's shape (a brand's first digits and one of
    its lengths; the check digit is not asked: a number read out is often misheard) or a card is spoken of in the
    text; an order number or an account read out is neither."""
    if not digit_word_run(re.findall(r"[a-z]+", lowered)):
        return []
    found = []
    for m in _DIGIT_WORD_RUN.finditer(text):
        digits = "".join(_DIGIT_OF[w] for w in re.findall(r"[a-z]+", m.group(0).lower()))
        if card_shaped(digits, str(len(digits)), named=False) or _CARD_WORD.search(text):
            found.append(Finding("bank_card", m.start(), m.end(), _SPELLED_NUMBER_RULE))
    return found


# ---- session 12: a value spelled in the phonetic alphabet, digits said among its letters ("papa alpha seven seven
# romeo hotel", "Kilo-Nine-Echo-Two-Lima-Xray"): six words or more in a row, each a letter's code word or a digit's
# word, three at least a letter's; not the alphabet counted off in order, not a plate or a booking read out (the same
# tests as a value spelled one character at a time)
PHONETIC_WORDS = frozenset(
    "alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa"
    " quebec romeo sierra tango uniform victor whiskey whisky xray yankee zulu".split()
)
_PHONETIC_UNIT = r"(?:" + "|".join(sorted(PHONETIC_WORDS)) + "|" + _SPELL_DIGIT + r")"
PHONETIC_RUN = _PHONETIC_UNIT + r"(?:[ \t,\-]+" + _PHONETIC_UNIT + r"){5,}"
_PHONETIC = re.compile(r"(?i)(?<![a-z])" + PHONETIC_RUN + r"(?![a-z])")
_PHONETIC_RULE = -16


def phonetic_run(words: list[str]) -> bool:
    """Six words in a row among a text's lower-case words, each a letter's code word or a digit's (the prefilter's
    test)."""
    if len(words) < 6:
        return False
    return b"\x01" * 6 in bytes(map(_PHONETIC_OR_DIGIT.__contains__, words))


_PHONETIC_OR_DIGIT = PHONETIC_WORDS | frozenset(_SPELLED_DIGIT)


def phonetic_findings(text: str, lowered: str) -> list[Finding]:
    if not phonetic_run(re.findall(r"[a-z]+", lowered)):
        return []
    found = []
    for m in _PHONETIC.finditer(text):
        words = re.findall(r"[a-z]+", m.group(0).lower())
        pieces = [_SPELLED_DIGIT.get(w, w[0]) for w in words]
        letters = sum(w in PHONETIC_WORDS for w in words)
        if letters >= 3 and not _enumerated(pieces) and not _named_other(text, m.start()):
            found.append(Finding("password", m.start(), m.end(), _PHONETIC_RULE))
    return found
