"""A secret given in answer: the message before asks for one (or says one is coming) by its name, and this short
message holds a value of a secret's shape ("netflix pw?" -> "sure: couchtime2022", "door code?" -> "1 9 7 3",
"你的apple id密码还记得吗" -> "记得，Apple@lin99"). Who asked does not matter: a secret said by the other person in
the chat is still a secret."""

from __future__ import annotations

import re

from mirror_pipeline.core.screening.detectors import (
    _CARD_SPOKEN_OF,
    _DIGIT_WORD,
    _EIGHT_DIGITS,
    _NUMBER_NAMED,
    Finding,
    card_shaped,
    luhn_valid,
)
from mirror_pipeline.core.screening.parts import FIRST_PART, REST, THEN
from mirror_pipeline.core.screening.rules import _HELD, _SPACED, PLACEHOLDER_RE
from mirror_pipeline.core.screening.values import (
    _NOT_A_PASSWORD,
    ORDINARY_VALUES,
    Judge,
    _fold,
    _plausible,
    code_shaped,
    password_shaped,
)

_ANSWER_RULE = -8
_CORRECTION_RULE = -11

# a secret's name strong enough to carry a reply (not 'pass' or 'key' alone: "did you pass?" -> "yes, 1450")
_NAME = re.compile(
    r"(?i)密码|口令|密碼|验证码|认证码|门禁|解锁码|(?<![a-z])(?:pin|pw|pwd|passwords?|passcode|passphrase|wi-?fi|otp|combo|"
    r"combination|padlock|lockbox)(?![a-z])|\bcode (?:for|to|of)\b|\b(?:door|gate|garage|alarm|lock|locker|safe|access"
    r"|entry|unlock|wifi|alarm|lockbox|keypad|verification) code\b|取件|[四六4-6八]位(?:的)?数|验证的?数字|"
    r"(?:texted|sent|send|text|sms|get|got|receive|received)[^\n]{0,24}\bcode\b|短信|(?:^|那个|这个|的)码(?=多少|是多少|发|给|呢|[?？])"
)
_CODE_NAME = re.compile(r"(?i)code|combo|combination|门禁|padlock|lockbox")
# session 20: a card's verification code asked for by its own name or by where it is printed, a card or a payment
# spoken of ("read me the three digits on the back of the visa", "卡背面那三位数是多少？", "need the code on the back
# of the mastercard"): three or four digits answer it, alone or said in words ("719", "是 628", "six one two")
_CARD_CODE_NAME = re.compile(
    r"(?i)(?P<own>(?<![a-z])(?:cvv2?|cvc2?|cvn|csc|security code)(?![a-z])|安全码)"
    r"|(?<![a-z])(?:three|four|3|4)(?:[ -]digits?| numbers?)?[ \t]+(?:on|at|from)[ \t]+(?:the[ \t]+)?back(?![a-z])"
    r"|(?<![a-z])(?:code|number|digits|numbers)[ \t]+on[ \t]+(?:the[ \t]+)?back(?![a-z])"
    r"|(?:背面|背后|卡背|反面)(?:的|那|那个)?(?:[三四34](?:位|个)(?:数字?|码)?|数字|码)"
)
_CARD_CODE_REPLY = re.compile(
    r"(?i)(?<![\d.:/\-])(?P<value>\d{3,4}|(?<![a-z])" + _DIGIT_WORD + r"(?:[ \t-]+" + _DIGIT_WORD + r"){2,3}(?![a-z]))"
    r"(?![\d.:/\-]|[ \t]*(?:%|元|块|号))"
)
# a question, a request, or the promise of a value
_ASKS = re.compile(
    r"(?i)[?？]|多少|是啥|是什么|啥|吗|来着|发我|给我|告诉我|发一下"
    r"|\b(?:pls|plz|please|remind|what'?s|what is|what|which|send|need"
    r"|tell|give|text you|"
    r"here'?s|share|read)\b|念|报"
    # screening-13: the promise of a value in Chinese ("微信支付密码我跟你说一遍，别截图")
    r"|跟你说|和你说|告诉你|说一遍|说一下|发给你|发你|给你发"
)
_READ_OUT = (
    r"(?i:(?<![a-z])(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?:[ \t-]+(?:zero|oh|one|two|three|four"
    r"|five|six|seven|eight|nine)){3,7}(?![a-z]))"
)
_READ_OUT_RE = re.compile(_READ_OUT)
_VALUE = re.compile(
    # screening-10: a code read out in digit words ("six one nine three zero seven"), tried first
    r"(?<![\w@#$%^&*.+=~/\-])[\"'“‘]?(?P<value>" + _READ_OUT + "|" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{4,64}"
    r"|(?<![零〇一二三四五六七八九幺两拐洞])[零〇一二三四五六七八九幺两拐洞]{4,8}(?![零〇一二三四五六七八九幺两拐洞十百千万]))"
    r"(?![\w@/])"
)
# a value named as something else in the reply: a network's name, a user name, an account ("network is Nanshan-Den")
_NAMED_OTHER = re.compile(
    r"(?i)(?:network(?: name)?|ssid|wi-?fi name|user(?:name)?|login name|account|id|handle|网络名?|网络名称|名字|叫|"
    r"账号|帐号|用户名)[ \t]*(?:is|:|=|是|叫)?[ \t]*$"
)
# a line that is only a secret's name and where it is for: "wifi at grandma's", "the pin for the bike lock"
_LABEL_LINE = re.compile(
    r"(?i)(?:(?:the|my|our|your|his|her)[ \t]+)?(?:[\w'’.-]+[ \t]+)?(?:wi-?fi|pin|password|passcode|code|pw)"
    r"(?:[ \t]+(?:at|for|of|in|on)[ \t]+[\w'’ .-]{1,30})?[ \t]*[:?]?"
)
# "which code did you set?", "what's the code?": a code, of whatever (the value must then be shaped like one)
_WHICH_CODE = re.compile(r"(?i)\b(?:which|what)(?:'s| is| was)? (?:the |your |that )?(?:new )?code\b")
ASKS_NAME = re.compile(
    r"(?i)(?:名字|名称|叫什么|叫啥|ssid|network name|(?:what|which)(?:'s| is)? (?:the )?(?:network|wi-?fi)(?: network)?"
    r" (?:called|named)|wi-?fi name|name of the (?:network|wi-?fi))"
)
# screening-13: a line that says a one-time code was sent or has come (not a question: "它寄了驗證碼到妳信箱", "they
# texted you a code", "验证码发你手机上了"); the next short message's value of a code's shape is that code
_ZH_CODE_NAME = r"(?:验证码|认证码|校验码|动态码|动态密码|短信码|确认码|登录码|安全码)"
_EN_CODE_NAME = (
    r"(?:\b(?:(?:a|the|your|my|his|her|their|that|verification|login|log-in|sign-in|security|confirmation|one-time"
    r"|sms|text|2fa|mfa|auth|access|[4-8]-digit|(?:four|five|six|seven|eight)-digit)[ \t]+)+code\b"
    r"|\b(?:otp|passcode)\b"
    # (session 10: a chat line may begin with the bare noun, "code from the bank just came")
    r"|^[ \t]*codes?\b)"
)
# (not "didn't get the code", "还没收到验证码": no code came)
_SENT_VERB = r"(?<!n't )(?<!not )(?<!never )\b(?:sent|sends|sending|texted|texts|emailed|mailed|messaged|got|received)"
_ON_ITS_WAY = (
    r"(?:(?:was|is|has been|got|just|been|being) )*(?:sent|texted|emailed|on (?:its|the) way|coming|came|arrived"
    r"|(?:is )?here)"
)
_ONE_TIME = re.compile(_ZH_CODE_NAME + r"|(?i:otp|verification code)")
SENT_CODE = re.compile(
    r"(?<![没未])(?:寄|发|传|送|推|收到|来了|到了)[^\n。！？]{0,10}?"
    + _ZH_CODE_NAME
    + r"|"
    + _ZH_CODE_NAME
    + r"[^\n。！？?？]{0,12}?(?<![没未])(?:(?:寄|发|传|送|推)(?:到|给|了|过|去|来|至|你|您|妳|他|她|咗)"
    # (session 10: Cantonese, 咗 for 了: "驗證碼啱啱嚟咗", "發咗俾你")
    + r"|(?:嚟|来|到)咗)"
    + rf"|(?i:{_SENT_VERB}\b[^\n.!?]{{0,30}}?{_EN_CODE_NAME}|{_EN_CODE_NAME}[^\n.!?]{{0,20}}?\b{_ON_ITS_WAY}\b)"
)
_WHEELS = re.compile(r"(?i)luggage|suitcase|bike lock|padlock|combination lock|行李箱|箱子|车锁|挂锁")
_NOT_A_VALUE = re.compile(r"(?i)^(?:(?:19|20)\d\d|\d{1,2}(?:am|pm)|\d+(?:st|nd|rd|th)|\d+(?:k|m|mb|gb|kg|km|%))$")
_SHORT = 100


def asks_for_secret(before: str) -> tuple[re.Match[str], bool] | None:
    """The secret's name in the last line of `before`, if that line asks for one (and does not give it), and whether
    it asks for any code ("what's the code?": then only a code's shape answers it)."""
    last = _fold(before).rstrip().rsplit("\n", 1)[-1][-160:]
    name = card_code_asked(last) or _NAME.search(last)
    generic = name is None and (name := _WHICH_CODE.search(last)) is not None
    # a request, or a line that is only a secret's name and where ("wifi at grandma's")
    asks = _ASKS.search(last) or _LABEL_LINE.fullmatch(last.strip())
    if (
        not asks
        and ("码" in last or "code" in (low := last.lower()) or "otp" in low)
        and (sent := SENT_CODE.search(last))
    ):
        name, asks, generic = sent, sent, True  # a code is on its way: only a code's shape answers
    if not name or not asks or "[secret:" in last[name.start() :] or _HELD in last[name.start() :]:
        return None  # no request, or the value asked for was given with it
    if ASKS_NAME.search(last):
        return None  # "Wi-Fi 名字是什么？", "what's the network called?": the name is asked for, not its password
    if (at := name.group(0).lower().find("code")) >= 0 and PUBLIC_CODE_BEFORE.search(last, 0, name.start() + at):
        return None  # session 21: "what's the dress code for saturday?", "zip code for the office?": anyone may know it
    return name, generic


# session 21: the kinds of code that are no secret (a dress code, a postal or a dialling code, a promotion's, a
# program's source, an error's): the word before "code" says so
_PUBLIC_CODE_WORDS = (
    r"(?:dress|zip|postal|post|area|country|dialling|dialing|calling|promo|promotional|discount|voucher|coupon|referral"
    r"|invite|invitation|qr|bar|source|error|status|exit|tax|colou?r|morse|airport|station|course|module|product|style"
    r"|iata|zone|language|currency|sort|swift|bic|ifsc|routing|branch|subject|ethics|conduct|python|java)"
)
PUBLIC_CODE_BEFORE = re.compile(rf"(?i)(?<![a-z]){_PUBLIC_CODE_WORDS}[ \t-]*$")
# (joined, "postcode", "barcode", it is no "code" the rules read)
PUBLIC_CODE = re.compile(rf"(?i)(?<![a-z]){_PUBLIC_CODE_WORDS}[ \t-]+(?P<code>code)(?=s?(?![a-z]))")


_CARD_CODE_WORDS = ("back", "cvv", "cvc", "cvn", "csc", "security code", "安全码", "背", "反面")  # (cheaply told)


def card_code_asked(line: str) -> re.Match[str] | None:
    """A card's verification code named in `line`, by its own name, or by where it is printed with a card spoken of."""
    lowered = line.lower()
    if not any(map(lowered.__contains__, _CARD_CODE_WORDS)):
        return None
    name = _CARD_CODE_NAME.search(line)
    return name if name and (name.group("own") or _CARD_SPOKEN_OF.search(line)) else None


# a number after a preposition of time or place is a time or a place: "yes at 1830", "back by 2200", "in 1205"
_TIME_OR_PLACE = re.compile(
    r"(?i)(?:\b(?:at|by|around|till|until|before|after|from|since|in|on|room|flat|unit)|到|在)[ \t]*$"
)


def answered(before: str, text: str) -> list[Finding]:
    """The value in `text` that answers the end of `before`, if `before` asks for a secret by its name."""
    if len(text) > _SHORT or text.count("\n") > 1:
        return []
    before, text = _fold(before), _fold(text)  # one character for one: spans hold in `text` as written
    asked = asks_for_secret(before)
    if asked is None:
        return []
    name, generic = asked
    if name.re is _CARD_CODE_NAME:
        m = _CARD_CODE_REPLY.search(text)
        if m is None or len(text) > 40 or _TIME_OR_PLACE.search(text, 0, m.start()):
            return []
        return [Finding("card_security", *m.span("value"), _ANSWER_RULE)]
    one_time = name.re is SENT_CODE or _ONE_TIME.fullmatch(name.group(0))
    kind = "one_time_code" if one_time else "combination" if _CODE_NAME.search(name.group(0)) else "password"
    # a luggage or bike lock turns three wheels: three digits are its whole code ("the usual, 5-0-5")
    three = kind == "combination" and bool(_WHEELS.search(before.rstrip().rsplit("\n", 1)[-1][-160:]))
    if "[secret:" in text:  # a value already given is no answer (and a placeholder's id is not a value)
        text = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), text)
    for m in _VALUE.finditer(text):
        value = m.group("value").rstrip(".,!?;:")
        if _NOT_A_VALUE.match(value) or "@" in value and "." in value.split("@")[-1]:
            continue  # a year, a time, a size, an e-mail address
        digits = sum(c.isdigit() for c in value)
        wheels = three and digits == 3 and re.fullmatch(_SPACED, value) is not None
        if _NOT_A_PASSWORD.fullmatch(value) and not code_shaped(value) and not wheels:
            continue  # an order, parcel or flight id, a version, a commit
        if _NAMED_OTHER.search(text[max(0, m.start() - 24) : m.start()]):
            continue  # "network is Nanshan-Den, and you type ...": the network's name is not its password
        if _NUMBER_NAMED.search(text[max(0, m.start() - 40) : m.start()]):
            continue  # session 21: "the book is ISBN 978-1-356-80247-9", an order's, a phone's: another number's value
        if code_shaped(value) and _TIME_OR_PLACE.search(text, 0, m.start()):
            continue  # "yes at 1830, and the bins are out": a time
        if code_shaped(value) and not any(c.isascii() for c in value) or _READ_OUT_RE.fullmatch(value):
            ok = True  # Chinese numerals: "五八二零九一"; digit words: "six one nine three zero seven"
        elif re.fullmatch(_SPACED, value):
            ok = digits >= 4 or wheels
        else:
            ok = (
                len(value) >= 4
                and _plausible(value, Judge.REPLY, explicit=False)
                and (digits >= 4 or not value.isdigit())
            )
        if ok and generic and not (code_shaped(value) or wheels):
            ok = False  # "what's the code?" -> "the one in the gist, sync.py": any code, only a code's shape tells
        if ok:
            return [Finding(kind, m.start("value"), m.start("value") + len(value), _ANSWER_RULE)]
    return []


# session 10: the same pairing inside one line, the clause after the one that says a code came: "code from the bank
# just came, it's 4 9 1 0 3 7", "验证码发过来了，是 482913"
# (session 12: or a copula straight after it, "the code they texted is 71 44 90, quick")
_CLAUSE_END = re.compile(r"[,，;；:：—–]|\s-\s|(?i:[ \t]+(?:is|was)[ \t]+)|是")


# session 20: or the value inside the words that say it came, "aib just sent me 583920 as the code" (then the clause
# after is not read for one: "…, anyway my flight is EI 3264")
_SENT_AS = re.compile(
    r"(?i)(?<![\w.])(?P<value>\d(?:[ \-]?\d){3,7})[ \t]+as[ \t]+(?:the|a|my|your|their|his|her)[ \t]+"
    r"(?:[a-z0-9-]+[ \t]+)?(?:code|otp|pin|passcode)\b"
)


def answered_clauses(text: str, lowered: str) -> list[Finding]:
    if not ("码" in text or "code" in lowered or "otp" in lowered) or not (sent := SENT_CODE.search(text)):
        return []
    if inside := _SENT_AS.search(text, sent.start(), sent.end()):
        return [Finding("one_time_code", *inside.span("value"), _ANSWER_RULE)]
    if not (cut := _CLAUSE_END.search(text, sent.end())) or "\n" in text[sent.end() : cut.start()]:
        return []
    head, tail = text[: cut.end()], text[cut.end() :]
    return [Finding(f.kind, cut.end() + f.start, cut.end() + f.end, f.rule_index) for f in answered(head, tail)]


def answered_lines(text: str) -> list[Finding]:
    """The same pairing inside one text, line by line: a quoted question in an e-mail and the answer under it
    ("> what's the code for the side entrance?" / "It's 4-4-7-9")."""
    if "\n" not in text or not _NAME.search(text):
        return []
    found: list[Finding] = []
    lines = text.split("\n")
    offset = len(lines[0]) + 1
    for prev, line in zip(lines, lines[1:], strict=False):
        if line.strip() and _NAME.search(prev):
            found += [Finding(f.kind, offset + f.start, offset + f.end, f.rule_index) for f in answered(prev, line)]
        offset += len(line) + 1
    return found


# A message that corrects a secret just given (the text before holds its placeholder): "哦不对，感叹号那里是字母i，
# hz_family2026", "wait, capital T at the start: Tangerine-Owl-58", "no 4417 sorry", "不是，是 tp8899hone，我打错了"
# (an interjection alone is no correction: "ugh, meeting moved to 1530"; with a word that corrects it is: "ugh wait,
# it's 3904", "hmm actually it's …")
# a code's names (a value said after one in words, or corrected after it)
_SPOKEN_NAMES = (
    r"密码|密碼|口令|门禁|(?<![a-z])(?:pin|passcode|password|(?<!zip )(?<!postal )(?<!post )(?<!area )code|combo"
    r"|combination)(?![a-z])"
)
_CODE_NAME_WORDS = ("pin", "pass", "code", "combo", "combination", "密码", "密碼", "口令", "门禁")


def names_a_code(text: str) -> bool:
    """Does `text` hold one of `_SPOKEN_NAMES` (cheaply told, by its words)?"""
    lowered = text.lower()
    return any(map(lowered.__contains__, _CODE_NAME_WORDS))


_CORRECTION_WORD = (
    r"(?:(?:no|nope|wait|oops|sorry|typo|actually|correction|my bad|i mean|i meant|scratch that|sry|whoops)\b|"
    r"(?:不对|不是|打错|说错|写错|发错|更正|纠正|错了|应该是))"
)
CORRECTS = re.compile(
    r"(?i)^[ \t]*(?:(?:oh|ugh|hmm+|err?|um+|ah|argh|哦|噢|啊|呃|额|等等|等一下)[ \t,.!，。！…]*)*" + _CORRECTION_WORD
)
_CORRECTED_VALUE = re.compile(
    # (a value may stand glued to the Chinese around it: "不对不对，是381920，我刚才打错了")
    r"(?<![A-Za-z0-9_@#$%^&*.+=~/\-])[\"'“‘]?(?P<value>" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})"
    r"(?![A-Za-z0-9_@/])"
    # Chinese numerals may stand glued to the Chinese around them: "不对 是三九零二六八"
    r"|(?<![零〇一二三四五六七八九幺两拐洞])(?P<numerals>[零〇一二三四五六七八九幺两拐洞]{4,8})"
    r"(?![零〇一二三四五六七八九幺两拐洞十百千万])"
)


_ALONE = re.compile(r"[\"'“‘]?(?:" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})[\"'”’]?[.!。]?")


def corrected(before: str, text: str) -> list[Finding]:
    """The values of a secret's shape in a short message that corrects the one before, when that one held a secret."""
    if len(text) > 200 or "[secret:" not in before[-300:]:
        return []
    text = _fold(text)
    last = before.rstrip().rsplit("\n", 1)[-1]
    if not CORRECTS.match(text) and not ("[secret:" in last and "?" in last and _ALONE.fullmatch(text.strip())):
        return []  # not a correction, nor a value alone in reply to a message that held one and asked
    return correcting_values(text, PLACEHOLDER_RE.findall(before[-300:])[-1][0])


def correcting_values(text: str, kind: str) -> list[Finding]:
    """The values of a secret's shape in a correction's words (folded), as `kind`."""
    masked = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), text) if "[secret:" in text else text
    found = []
    for m in _CORRECTED_VALUE.finditer(masked):
        group = "value" if m.group("value") is not None else "numerals"
        value = m.group(group).rstrip(".,!?;:#")
        if value and any(c.isalpha() for c in value):
            # session 21: a password may end in "!" or "?" ("no sorry, Marigold77! with the capital")
            value = m.group(group).rstrip(".,;:#")
        if _NOT_A_VALUE.match(value):
            continue
        if code_shaped(value) or password_shaped(value):
            found.append(Finding(kind, m.start(group), m.start(group) + len(value), _CORRECTION_RULE))
    return found


_NAMED_VALUE = re.compile(
    r"(?i)(?:" + _SPOKEN_NAMES + r")[ \t]*(?:(?:is|was)\b|[:=]|是|为)[ \t:]*(?P<value>[^\s.…,，]+)"
)
_CORRECTION_ANYWHERE = re.compile("(?i)(?<![a-z])" + _CORRECTION_WORD)
_CORRECTION_GAP = re.compile(r"[ \t.…,，、;；!！—–\-]*")  # (session 21: a dash, "marigold77 — no sorry, …")


def corrected_within(text: str, findings: list[Finding]) -> list[Finding]:
    """session 20: a value corrected as it is given, in the same message ("door pin is 2468... no hold on, it's
    8 6 4 1", "密码 maple_88 ... 啊打错了 是 Maple_88!"): what follows a secret, when it opens as a correction does,
    is read as a correction of it."""
    if not _CORRECTION_ANYWHERE.search(text):
        return []  # (most texts: no word that corrects, cheaply told)
    found: list[Finding] = []
    # (or a value a code's name gave that no rule took for a secret: "the code is 1111... wait no, 5 0 8 2")
    named = [
        Finding("pin", m.start("value"), m.end(), _CORRECTION_RULE)
        for m in (_NAMED_VALUE.finditer(text) if names_a_code(text) else ())
    ]
    for f in (*findings, *named):
        cut = _CORRECTION_GAP.match(text, f.end).end()
        if cut < len(text) and CORRECTS.match(text[cut : cut + 40]):
            found += [
                Finding(g.kind, cut + g.start, cut + g.end, g.rule_index)
                for g in correcting_values(_fold(text[cut : cut + 200]), f.kind)
                # (session 21: nor one already found: a value a rule found and a code's name gave, corrected once,
                # was given two placeholders side by side)
                if not any(h.start < cut + g.end and cut + g.start < h.end for h in (*findings, *found))
            ]
    return found


# screening-10: a value given in parts ("爸 你邮箱密码前面是laowang" / "后面接1962!", "the first half of the router
# password is maple" / "second half is Otter93!"): the message before held a secret and said it was a part; this one
# begins with the word that gives the rest, and its first token is the rest
_FIRST_PART = re.compile(f"(?i:{FIRST_PART})")
_REST = re.compile(
    rf"(?i)^[ \t]*(?:(?:{THEN}|\band\b)[ \t，,]*)?(?:the[ \t]+)?(?:{REST})(?:的|部分)?"
    r"(?:[ \t]+(?:is|was|goes))?[ \t]*(?:是|为|接着?|跟着?|加上?|:|=)?[ \t:]*"
)
_REST_VALUE = re.compile(r"[\"'“‘「]?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{2,64})")


def continued(before: str, text: str) -> list[Finding]:
    """The rest of a value whose first part the message before gave."""
    if len(text) > 200 or "[secret:" not in before[-300:]:
        return []
    last = _fold(before).rstrip().rsplit("\n", 1)[-1]
    if "[secret:" not in last or not _FIRST_PART.search(last):
        return []
    text = _fold(text)
    rest = _REST.match(text)
    if not rest or not (m := _REST_VALUE.match(text, rest.end())):
        return []
    value = m.group("value").rstrip(".,;:")
    if value.lower() in ORDINARY_VALUES or not (any(not c.isalpha() for c in value) or len(value) >= 3):
        return []
    kind = PLACEHOLDER_RE.findall(last)[-1][0]
    if kind in ("seed_phrase", "passphrase", "bank_card"):
        # the rest of a phrase is words, found as a phrase's half (detectors._seed_findings); of a card, digit groups
        # (card_rest: "後面 3388 2094" is one value, not "3388")
        return []
    return [Finding(kind, m.start("value"), m.start("value") + len(value), _CORRECTION_RULE)]


# session 21: a list of codes that goes on in the next message ("proton 2FA backup codes, printing these:" / "7f3k-9q2m
# 4h8x-2p6w" / "1n5c-8r3t 6v9b-3j7y"): the message before ends in codes hidden, and this one is codes alone, each of a
# code's shape (letters with digits, a dashed pair of groups, six digits or more)
_LIST_CODE = (
    r"(?:(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{6,16}|[A-Za-z0-9]{3,6}-[A-Za-z0-9]{3,6}|\d{6,10})"
)
_CODES_ALONE = re.compile(
    r"[ \t]*(?:\d{1,2}[.)][ \t]*)?(?P<first>"
    + _LIST_CODE
    + r")(?:[ \t,;]+(?:\d{1,2}[.)][ \t]*)?"
    + _LIST_CODE
    + r")*[ \t]*"
)
_ONE_CODE = re.compile(r"(?<![A-Za-z0-9\-])" + _LIST_CODE + r"(?![A-Za-z0-9\-])")
_LISTED_KINDS = ("recovery_code", "backup_code", "one_time_code")


def codes_listed_on(before: str, text: str) -> list[Finding]:
    """The codes of a list that the message before began and hid, when this one is codes alone."""
    if len(text) > 300 or "[secret:" not in before[-200:]:
        return []
    last = before.rstrip().rsplit("\n", 1)[-1]
    held = PLACEHOLDER_RE.findall(last)
    if not held or held[-1][0] not in _LISTED_KINDS or PLACEHOLDER_RE.sub("", last).strip(" \t,;") != "":
        return []  # (the line before is hidden codes and nothing else)
    text = _fold(text)
    if not all(_CODES_ALONE.fullmatch(line) for line in text.strip().split("\n")):
        return []
    return [Finding(held[-1][0], *m.span(), _CORRECTION_RULE) for m in _ONE_CODE.finditer(text)]


# session 10: a value announced in parts with no part given yet ("ok the router admin password is first half" /
# "Gr8Wall then second half 2k19zz", "wifi密码前半是" / "hz2026 后半是 fam!ly"): the next message opens with the first
# part, and a word that gives the rest gives the rest
_PART_ANNOUNCED = re.compile(
    r"(?i)(?:密码|口令|(?<![a-z])(?:pass\w*|pw|pwd|pin|code|key)(?![a-z]))[^\n]{0,24}?"
    rf"(?:{FIRST_PART})(?:的|部分)?(?:是|为)?[ \t:：.…]*$"
)
_REST_INSIDE = re.compile(_REST.pattern.replace("^[ \\t]*", "(?:^|(?<=[ \\t,，;；]))[ \\t]*"))
assert _REST_INSIDE.pattern != _REST.pattern


def given_in_parts(before: str, text: str) -> list[Finding]:
    if len(text) > 200 or not _PART_ANNOUNCED.search(_fold(before).rstrip().rsplit("\n", 1)[-1][-80:]):
        return []
    text = _fold(text)
    parts = []
    for start in (0, *(m.end() for m in _REST_INSIDE.finditer(text) if m.end() > m.start())):
        m = _REST_VALUE.match(text, len(text) - len(text[start:].lstrip()))
        value = m.group("value").rstrip(".,;:") if m else ""
        if value and value.lower() not in ORDINARY_VALUES and (start or m.start("value") < 4):
            parts.append((m.start("value"), value))
    # the parts are a password's when one has its shape ("Gr8Wall", "2k19zz"): a plain word alone ("hold on") is not
    if not any(code_shaped(v) or password_shaped(v) for _, v in parts) or len(parts) == 1 and parts[0][0] >= 4:
        return []
    return [Finding("password", a, a + len(v), _CORRECTION_RULE) for a, v in parts]


# session 10: a password named, and said what it is made of, its value alone in the next message ("password is the
# dog's name then" / "!Mango1987"): a value of a password's shape (letters with digits or symbols) and nothing else
# (session 12: or with a remark on it after, "fjordcabin22 (all lower case)", "Kestrel_40 - capital K")
_ALONE_VALUE = re.compile(
    r"[ \t]*[\"'“‘]?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{6,64}?)[\"'”’]?"
    r"(?:[ \t]*[(（][^()（）\n]{1,40}[)）]|[ \t]+[—–-][ \t]+[^\n]{1,40})?[.。]?[ \t]*"
)


# session 16: or after words that say this is it ("found it, it's queenofbermuda1953", "就是 doudou302"); then the line
# before may already hold how it is built, hidden ("密码是我们家狗的名字加门牌号")
_THIS_IS_IT = re.compile(
    r"(?i)[ \t]*(?:(?:ok(?:ay)?|found it|got it|right|yes|yep|so|sorry|oh)[ \t]*[,.!…]*[ \t]*)*"
    r"(?:it'?s|it is|that'?s|that is|就是|也就是|即|是)[ \t:：]*"
)


def named_then_given(before: str, text: str) -> list[Finding]:
    last = _fold(before).rstrip().rsplit("\n", 1)[-1][-120:]
    text = _fold(text)
    lead = _THIS_IS_IT.match(text)
    if (not lead and "[secret:" in last) or _HELD in last or not (name := _NAME.search(last)) or ASKS_NAME.search(last):
        return []
    m = _ALONE_VALUE.fullmatch(text) or lead and _ALONE_VALUE.fullmatch(text, lead.end())
    if _CODE_NAME.search(name.group(0)) or not m:
        return []  # a code's name: asked-for codes are answered()'s
    value = m.group("value")
    if not password_shaped(value) or not any(c.isdigit() for c in value) or "@" in value:
        return []
    return [Finding("password", *m.span("value"), _ANSWER_RULE)]


# screening-11: the rest of a card's number, alone in the message after its first digits ("卡号 6222 0212 3456" /
# "7890 128"): digit groups only, the message before ending with the card's placeholder
# (session 12: or run together, "后八位 99764024")
_DIGIT_GROUPS = re.compile(r"[ \t]*(?P<value>\d{1,4}(?:[ \t-]?\d{1,4}){0,3})[ \t]*")


# digits that go on as a word, a date, an amount or a time ("后面是 2094年的事了") are no card's
_NOT_CARD_DIGITS = re.compile(r"[A-Za-z0-9年月日号点时分岁元块个%]")
_ENDS_WITH_CARD = re.compile(r"\[secret:bank_card:[^\]]+\][ \t]*$")


def card_rest(before: str, text: str) -> list[Finding]:
    """(session 10: or after a word that gives the rest, the message going on: "后面是 2094 安全码 351", "rest is
    2094, exp 08/29")"""
    if not _ENDS_WITH_CARD.search(before.rstrip()):
        return []
    if rest := _REST.match(_fold(text)):
        m = _DIGIT_GROUPS.match(text, rest.end())
        if not m or _NOT_CARD_DIGITS.match(text, m.end("value")):
            return []
    elif not (m := _DIGIT_GROUPS.fullmatch(text)):
        return []
    digits = sum(c.isdigit() for c in m.group("value"))
    return [Finding("bank_card", *m.span("value"), _CORRECTION_RULE)] if 3 <= digits <= 11 else []


# session 12: a card's number in halves over two messages, named as a card or not ("信用卡号前八位 55248301" / "后八位
# 99764024", "first 8 are 5425 2334" / "and then 3009 4410"): the first message says its digits are the first part,
# the next opens with the rest, and the digits joined are a card's: a brand's first digits, one of its lengths and a
# valid check digit (eight digits and eight more pass it one time in ten; with the words for parts around them and a
# brand's first digits, an order number's halves do not)
_HALF_FIRST = re.compile(
    rf"(?i:{FIRST_PART})[^\n\d]{{0,16}}?(?<!\d)(?P<value>\d{{4}}[ \-]?\d{{4}}(?:[ \-]?\d{{1,4}})?)(?![\d/.:])"
)
_HALF_REST = re.compile(
    rf"(?i)[ \t]*(?:(?:{THEN})[ \t,，]*(?:the[ \t]+)?(?:{REST})?|(?:and[ \t]+)?(?:the[ \t]+)?(?:{REST}))[^\n\d]{{0,12}}?"
    r"(?<!\d)(?P<value>\d{4}(?:[ \-]?\d{1,4}){1,3})(?![\d/.:])"
)

_FOUR_DIGITS = re.compile(r"\d{4}")
_CARD_HEAD_ENDS = re.compile(
    r"(?i)(?:卡号?|(?<![a-z])(?:card|visa|mastercard|amex)(?![a-z]))[^\n\d]{0,16}?"
    r"(?<!\d)(?P<value>\d{4}[ \-]?\d{4}(?:[ \-]?\d{1,4})?)[ \t.,，…]*$"
)
_DIGITS_OPEN = re.compile(r"[ \t]*(?P<value>\d{4}(?:[ \-]?\d{1,4}){1,3})(?![\d/.:])")
# or the rest alone in its message ("3009 4410")
_DIGITS_ALONE = re.compile(r"[ \t]*(?P<value>\d{4}(?:[ \-]?\d{1,4}){1,3})[ \t.]*")


# session 18: a PIN, an id, a card named, then given in parts over two messages where a part is too short to be a
# secret alone ("银行卡密码分开发你" / "前三位是 731" / "后三位是 604", "the debit card pin, first two digits 63" / "and
# the last two are 18", "身份证号前九位 440105198" / "后面九位 30614271X", "di card is 52213400" / "rest is 88714300"):
# the secret's name in this message or the one before, a first part's word and its digits here, the rest's word and
# its digits opening the next (no part word needs no check: card_halves'). The name says whose the digits are.
_PART_NAMES = (
    ("bank_card", re.compile(r"(?i)卡号|信用卡|储蓄卡|\b(?:card(?: number| no)?|visa|mastercard|amex)\b(?!.*\bpin\b)")),
    ("id_number", re.compile(r"(?i)身[份分]证|证件号|\b(?:id|ssn|trn|passport)\b")),
    ("pin", re.compile(r"(?i)密码|口令|(?<![a-z])(?:pin|passcode|code|combo|combination)(?![a-z])")),
)
_COUNTED = r"(?:[一二三四五六七八九十两\d]{1,2}(?:位|个|码))?(?:的|数字|个数字|(?i:[ \t]+(?:digits?|numbers?)))?"
# (not an amount or a time: "the rest is 30 minutes")
_PART_DIGITS = (
    r"(?<![\d.])(?P<value>\d{2,12}(?:[ \-]\d{2,9}){0,2}[Xx]?)(?![\d/.:年月日号岁元块%分小天])"
    r"(?![ \t]*(?i:min|hour|day|week|dollar|usd|bucks|cents?|km|kg|percent|years?|yrs?|am|pm)\b)"
)
_SHORT_FIRST = re.compile(rf"(?i:{FIRST_PART}){_COUNTED}[^\n\d]{{0,10}}?{_PART_DIGITS}")
# (with no part's word before it, four digits or more: "di card is 52213400")
_NAMED_IS = re.compile(rf"(?i)(?:\bis|是|系|:)[ \t]*(?=\d{{4}}){_PART_DIGITS}[ \t.,，]*$")
_SHORT_REST = re.compile(
    rf"(?i)[ \t]*(?:(?:{THEN}|\band\b)[ \t,，]*)?(?:the[ \t]+)?(?P<word>{REST})?{_COUNTED}[^\n\d]{{0,12}}?"
    + _PART_DIGITS
)
_OPENS_THEN = re.compile(rf"(?i)[ \t]*(?:{THEN})")


def opens_with_rest(text: str) -> bool:
    """Does this text open with the word that gives a value's rest ("rest is 8871…", "后三位是 604")?"""
    return bool(_REST.match(text))


def named_parts(before: str, first: str, second: str) -> tuple[Finding, Finding] | None:
    """A named secret's two short parts, in `first` and opening `second` (two messages in a row)."""
    if len(first) > 200 or len(second) > 200 or not _DIGIT_RUN.search(second) or not _DIGIT_RUN.search(first):
        return None
    second = _fold(second)
    if not (_REST.match(second) or _OPENS_THEN.match(second) or _DIGITS_ALONE.fullmatch(second)):
        return None  # (most texts: nothing gives a rest, cheaply told)
    first = _fold(first)
    rest = _SHORT_REST.match(second)
    said_rest = rest is not None and (rest.group("word") is not None or _OPENS_THEN.match(second))
    if not said_rest and not _DIGITS_ALONE.fullmatch(second):
        return None
    head = next(reversed(list(_SHORT_FIRST.finditer(first))), None)
    if head is None and rest is not None and rest.group("word"):
        head = _NAMED_IS.search(first)  # "di card is 52213400" / "rest is 88714300"
    if head is None:
        return None
    rest = rest or _DIGITS_ALONE.fullmatch(second)
    context = f"{_fold(before)[-120:]}\n{first[: head.start()]}"
    kind = next((kind for kind, name in _PART_NAMES if name.search(context)), None)
    if kind is None:
        return None
    return Finding(kind, *head.span("value"), _CORRECTION_RULE), Finding(kind, *rest.span("value"), _CORRECTION_RULE)


_DIGIT_RUN = re.compile(r"\d\d")


def named_parts_within(before: str, text: str) -> tuple[Finding, Finding] | None:
    """session 19: a named secret's two short parts in one text ("前面两个 27 后面两个 95" after "alarm code 我拆开讲",
    "garage keypad code starts with 31 and ends in 77", "保险箱密码头两位62 尾两位09"): `named_parts` read with the text
    cut where the rest's word stands."""
    if len(text) > 200 or not _DIGIT_RUN.search(text):
        return None
    folded = _fold(text)
    for m in _REST_INSIDE.finditer(folded):
        if m.start() and m.end() > m.start() and (parts := named_parts(before, text[: m.start()], text[m.start() :])):
            head, rest = parts
            return head, Finding(rest.kind, rest.start + m.start(), rest.end + m.start(), rest.rule_index)
    return None


def card_halves(first: str, second: str) -> tuple[Finding, Finding] | None:
    """The two halves of a card's number, in `first` and `second` (two messages in a row), if they are one."""
    # (session 16: the rest may be short, an Amex's last five "then 83100")
    if not _EIGHT_DIGITS.search(first) or not _FOUR_DIGITS.search(second):
        return None
    first, second = _fold(first), _fold(second)
    head = next(reversed(list(_HALF_FIRST.finditer(first))), None)
    rest = _HALF_REST.match(second) or _DIGITS_ALONE.fullmatch(second)
    if head is None and (head := _CARD_HEAD_ENDS.search(first)):
        # session 20: "card is 4539 1488" / "0343 6467 cvv 318, exp 09/28": a card named, its first digits end the
        # message and the rest opens the next, whatever follows it
        rest = rest or _DIGITS_OPEN.match(second)
    if head is None or rest is None or rest.start("value") > 24:
        return None
    digits = re.sub(r"\D", "", head.group("value") + rest.group("value"))
    if not (13 <= len(digits) <= 19 and luhn_valid(digits) and card_shaped(digits, "", named=True)):
        return None
    return (
        Finding("bank_card", *head.span("value"), _CORRECTION_RULE),
        Finding("bank_card", *rest.span("value"), _CORRECTION_RULE),
    )


# session 19: a code said in words over several messages ("card pin for the groceries" / "seven one" / "then four
# four", "门禁密码：" / "三三七" / "九一", "密码是 六 九" / "四 一", "the pin is" / "six five three six two nine"): a
# message names a code, and the messages after it hold digits in words, numerals or single digits and nothing else;
# four digits or more in all (a count said in reply, "two" / "maybe three", is fewer, and names no code). Digit words
# at the end of the naming message ("atm pin starts double six") are a part too.
_SPOKEN_UNIT = (
    r"(?:(?<![a-z])(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|niner)(?![a-z])|(?<!\d)\d(?!\d)"
    r"|[零〇一二三四五六七八九幺两拐洞])"
)
_SPOKEN_RUN = (
    r"(?:(?<![a-z])(?:double|triple)[ \t]+)?"
    + _SPOKEN_UNIT
    + r"(?:[ \t,，、-]*(?:(?<![a-z])(?:double|triple)[ \t]+)?"
    + _SPOKEN_UNIT
    + r"){0,7}"
)
_SPOKEN_ALONE = re.compile(
    r"(?i)[ \t]*(?:(?:and then|then|and|next|再|然后|接着|最后(?:是)?)[ \t,，]*)?(?P<value>" + _SPOKEN_RUN + r")"
    r"[ \t.,，。!！…]*"
)
_SPOKEN_TAIL = re.compile(
    r"(?i)(?:\bis|\bare|:|=|是|为|系|starts?(?: with)?|begins?(?: with)?|\bfirst\b|前面|开头)[ \t]*(?P<value>"
    + _SPOKEN_RUN
    + r")[ \t.,，。!！…]*$"
)
_SPOKEN_NAME = re.compile("(?i)" + _SPOKEN_NAMES)
# session 20: or in one message, digit words and digits mixed ("pin is four 4 seven 0", "code: two 9 nine 1")
_SPOKEN_GIVEN = re.compile(
    r"(?i)(?:" + _SPOKEN_NAMES + r")[ \t]*(?:(?:is|was)\b|[:=]|是|为)[ \t:]*(?P<value>" + _SPOKEN_RUN + r")(?![\w])"
)

_ONE_DIGIT = re.compile(r"\d")


def spoken_findings(text: str) -> list[Finding]:
    """A code named and given at once, its digits said as words and digits mixed (all digits, or all words, are
    other rules')."""
    if not names_a_code(text) or not _ONE_DIGIT.search(text):
        return []  # (most texts: no code's name, or no digit, cheaply told)
    return [
        Finding("pin", *m.span("value"), _CORRECTION_RULE)
        for m in _SPOKEN_GIVEN.finditer(text)
        if _spoken_digits(v := m.group("value")) >= 4 and re.search(r"\d", v) and re.search("[a-zA-Z]", v)
    ]


_SPOKEN_SHORT = 40
_SPOKEN_OPEN = 6


def _spoken_digits(value: str) -> int:
    words = re.findall(r"(?i)[a-z]+|\d|[^\sa-z\d,，、-]", value)
    count, times = 0, 1
    for word in words:
        if word.lower() in ("double", "triple"):
            times = 2 if word.lower() == "double" else 3
            continue
        count, times = count + times, 1
    return count


# session 21: or in groups of digits ("card pin, first part is 28" / "an de rest is 63, she cyah remember it"; "alarm
# code for while we're away:" / "27" / "then 61, then press OFF"): a message of digits alone, or one that opens with
# the rest or "then" and a group, its sentence going on after a comma
_GROUP_RUN = r"(?<![\d.:/])\d{1,4}(?:[ \t,，、-]+\d{1,4}){0,3}(?![\d.:/%])"
_GROUP_ALONE = re.compile(
    r"(?i)[ \t]*(?:(?:and then|then|and|next|再|然后|接着|最后(?:是)?)[ \t,，]*)?(?P<value>"
    + _GROUP_RUN
    + r")[ \t.,，。!！…]*"
)
_GROUP_OPENS = re.compile(
    r"(?i)[^\d\n]{0,16}?(?:" + REST + r"|\band then\b|\bthen\b|然后|接着)[ \t]*(?:is|was|:|=|是|为)?[ \t]*"
    r"(?P<value>" + _GROUP_RUN + r")(?=[ \t]*(?:[,，;；。!！]|$))"
)
_GROUP_TAIL = re.compile(
    r"(?i)(?:\bis|\bare|:|=|是|为|starts?(?: with)?|begins?(?: with)?|\bfirst\b|前面|开头)[ \t]*(?P<value>"
    + _GROUP_RUN
    + r")[ \t.,，。!！…]*$"
)


_GROUPS = (_GROUP_ALONE, _GROUP_OPENS, _GROUP_TAIL)


def _part_alone(text: str) -> re.Match[str] | None:
    if len(text) <= _SPOKEN_SHORT and (m := _SPOKEN_ALONE.fullmatch(text) or _GROUP_ALONE.fullmatch(text)):
        return m
    return _GROUP_OPENS.match(text) if len(text) <= _SHORT and _ONE_DIGIT.search(text) else None


def spoken_in_parts(texts: list[str]) -> dict[int, tuple[Finding, ...]]:
    """The parts of codes said in words (or in groups of digits) over messages: for each message, the spans that are
    parts."""
    alone = {k: m for k, t in enumerate(texts) if (m := _part_alone(_fold(t)))}
    found: dict[int, tuple[Finding, ...]] = {}
    for k in sorted(alone):
        if k == 0 or k - 1 in alone or not _SPOKEN_NAME.search(named := _fold(texts[k - 1])):
            continue
        parts = [(k - 1, tail)] if (tail := _SPOKEN_TAIL.search(named) or _GROUP_TAIL.search(named)) else []
        j = k
        while j in alone and j - k < _SPOKEN_OPEN:
            parts.append((j, alone[j]))
            j += 1
        if len(parts) < 2 and parts and parts[0][1].re in _GROUPS:
            continue  # (one group of digits alone is a reply's number: a code's own reply is another rule's)
        if 4 <= sum(_spoken_digits(m.group("value")) for _, m in parts) <= 12:
            for i, m in parts:
                found[i] = (*found.get(i, ()), Finding("pin", *m.span("value"), _CORRECTION_RULE))
    return found
