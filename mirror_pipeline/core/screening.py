"""The secret boundary (sections 6.6, 9.2, 15): find secrets in text and replace them with a reference placeholder.

A pattern table plus pure functions. The placeholder names the reference, never the value:
`[secret:<kind>:<ref_id>]`. A reference id is derived from the redacted text around it, never from the value (a hash
of a four-digit PIN can be reversed by trying all ten thousand).

The only thing read from outside is the BIP39 word lists the `mnemonic` package ships (package data, read once, on
first use). A cheap prefilter (substring tests, a few patterns; polars over large batches) decides which texts the
rules see, and each rule runs only when its words are in the text: screening must keep up with whole chat exports.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from mirror_pipeline.core.text import stable_id

# Changing any rule below changes this: the next run re-screens the whole inbox and rebuilds what was derived from it.
SCREENING_VERSION = "screening-6"

PLACEHOLDER_RE = re.compile(r"\[secret:(?P<kind>[a-z_]+):(?P<ref>sec_[0-9a-f]{16})\]")
_GENERIC = "\x00SECRET\x00"
# what a placeholder looks like to the rules: a value already given (a private-use character no rule looks for)
_HELD = "\ue000"

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")

# A value after an explicit separator ("密码是 x", "password: x"): anything up to white space or closing punctuation,
# or a quoted phrase. A placeholder is never a value.
_LOOSE = (
    r"(?:[\"'“‘](?P<quoted>[^\"'”’\n]{1,64})[\"'”’]"
    r"|(?P<value>(?!\[secret:)[^\s，。；！？、“”‘’（）【】<>]{2,64}))"
)
# A value with no separator ("银行卡密码 482193"): password characters only, judged strictly (see _plausible).
_TIGHT = r"(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})(?![A-Za-z0-9])"

_ZH_KEY = (
    r"(?:密码|口令|密碼|(?i:pin)码?|支付密码|取款密码|密钥|秘钥|私钥|令牌)"
    # a compound noun is not the secret's name: 密码管理器, 密码学, 密码框, 密码强度 ...
    r"(?!管理|学|框|栏|提示|规则|策略|强度|长度|格式|输入框|键盘)"
)
_ZH_SET = r"(?:是|为|改成了?|改为了?|换成了?|设置为|设为|设置成了?|设成了?|设的是?|变成了?|改了?成|用的是?)"
# (optional pieces end in a non-space, so a run of white space is never tried two ways: no quadratic backtracking)
_ZH_SEP = rf"(?:我|你|他|她|已经|刚刚?|也|还|就|都|仍然){{0,2}}\s*(?P<sep>{_ZH_SET}(?:\s*:)?|:|=)\s*"
_EN_KEY = (
    r"\b(?i:password|passcode|passphrase|passwd|pas?sw(?:ro|ar|r|o)d|pasword|pwd|pw|pin(?: code| number)?|"
    r"puk(?: code)?|app password|api key|"
    r"api token|"
    r"access token|auth token|bearer token|secret key|(?:admin|root|login|wi-?fi|account|user|e?mail|db|ssh|vpn|"
    r"router) pass|(?:door|gate|garage|alarm|lock|safe|locker|lockbox|padlock|bike lock|suitcase|keypad|entry|"
    r"building) (?:code|combo|combination))\b"
)
_EN_FOR = r"(?i:(?: for| to| of) (?:my |the |our |your )?[\w.@&'\-]+(?: [\w.@&'\-]+){0,3}?)?"
_EN_SEP_WORD = (
    r"(?:\?|:|=|->|→|=>|-|(?i:(?:got |has been |had been |was |is |been )?(?:changed|reset|set|updated|switched) to|"
    r"'s still|’s still|'s now|'s|’s|its|it'?s|it is now|it is|is now|is still|is|was|now|"
    r"finally|actually|just|literally|probably|basically|honestly|currently|mine|ours|yours|theirs)\b)"
)
_EN_SEP = rf"\s*(?P<sep>{_EN_SEP_WORD}(?:\s*{_EN_SEP_WORD})*)\s*"
# Words that follow "password is" in a sentence about passwords in general.
ORDINARY_VALUES = frozenset(
    (
        "strong weak wrong correct incorrect right invalid valid required needed expired expiring changed changing "
        "reset saved stored same different too the a an my your his her our their not no still being now also in on "
        "at for of to with case hard easy long short secure safe unsafe empty missing ok okay fine good bad what "
        "which how where here there this that it simple complex updated set managed written forgotten lost "
        "protected encrypted hashed visible hidden shown blank null none working broken unknown something "
        "somewhere mandatory optional necessary enabled disabled locked see ask check use using saved stored kept "
        "please tbd todo n/a na same whatever done mine yours ours theirs hers his usual finally just"
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
_CODE_WORDS = r"(?:验证码|校验码|动态码|动态密码|短信码|确认码|取件码|提货码|取货码)"
_CODE = r"[A-Za-z0-9]{4,}(?:[- ][A-Za-z0-9]{4,})*"
_CODE_LIST = (
    _CODE + r"(?:(?:[ \t]*[,;、，；][ \t]*|[ \t]{2,}|[ \t]*(?:另一个|还有|以及|和|(?i:and|then))[ \t]*)" + _CODE + ")*"
)
_ASSIGN = r"[\"']?\s*[:=]\s*[\"']?"
# An answer or a passphrase: words and spaces to the end of the clause (a name, a school, four words).
_ANSWER = (
    r"(?P<value>(?!\[secret:)[^\n，。；！？,;!?]{2,48}?)"
    r"(?=\s*(?:[\n，。；！？,;!?]|(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)\.(?:\s|$)|$))"
)
_ZH_SEP_ANY = r"\s*(?P<sep>(?:也|还|就)?(?:是|为|:|=|is|was)|is now|:)\s*"
# A value alone on its line: password characters only
# the end of a question that asks for a secret: "多少来着", "发我一下", "what's the password?"
_ASKING = r"(?:(?:多少|是什么|是啥|发我|给我|告诉我|发一下|念给我|发你|给你|发过去)[^\n]{0,6}?[？?]?|[？?]|呢|来着|啊)"
_LINE_VALUE = (
    # a lead-in ("sure its", "it's"); it begins and ends with a word, so white space is never tried two ways
    r"(?:(?i:(?:sure|ok|okay|yeah|yep|yes|here|np|嗯|好)[,!.，]?(?:\s*(?:it'?s|its|it is|就是|是))?"
    r"|it'?s|its|it is|就是|是)\s*)?"
    r"[\"'“‘]?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})[\"'”’]?"
    r"(?:[,;。，；！!]?(?:[ \t]+[^\s\[][^\n]{0,11}|(?<=[,;。，；！!])[^\s\[][^\n]{0,11})?)?[ \t]*(?=\n|$)"
)


# the start of a message that corrects the one before: "no wait it's", "sorry typo,", "打错了，是", "更正一下："
_CORRECTION = (
    r"(?:(?i:(?:no|nope|wait|oops|sorry|typo|actually|correction|my bad|i mean|i meant|scratch that|sry|oh)"
    r"[ \t,.!:;]*)+(?i:(?:it'?s|its|it is|should be|is|was)[ \t]+)?"
    r"|(?:不对|打错了?|说错了?|写错了?|发错了?|更正(?:一下)?|哦不|错了|纠正(?:一下)?)[ \t，,:。！!]*(?:应该是|是|为)?)"
    r"[ \t:]*"
)
_CORRECTED = r"[\"'“‘]?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{3,64})[\"'”’]?[ \t.!?。！]*(?=\n|$)"
# the password of a pair: long enough for a network or a login (a Wi-Fi password has at least 8)
_PAIRED = r"(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{6,64})(?![A-Za-z0-9])"
# digits or Chinese numerals, not a year, a date, an amount or a count
_ZH_NUMBER = r"(?P<value>(?<![\d.])(?!(?:19|20)\d\d(?!\d))\d{4,8})(?![\d.年月日号岁个位次天元块%楼栋层室房])"
_ZH_NUMERALS = (
    r"[^\n\d，。,.]{0,8}?(?:是|为|:)?\s*"
    r"(?P<value>[零〇一二三四五六七八九幺]{4,8})(?![零〇一二三四五六七八九幺十百千万])"
)
# "is still my birthday", "is the usual one,", "is the same as always,": a value that follows a reference to one
_EN_SAME = (
    r"(?i:[^.!?\n]{0,24}?\b(?:usual|same|old|default|regular|standard|birthday|always|before)\b[^.!?\n,:]{0,16}?"
    r"[,:]?[ \t]+)"
)
_EN_SAFE = (
    r"(?i)(?:\b(?:the|my|our|your|his|her|hotel|room|wall|gun) safe\b(?! house| zone| space| room| place| area| mode)"
    r"|\b(?:locker|lockbox|lock box|padlock|keypad|"
    r"combination lock)\b|\b(?:code|combo|combination) (?:to|for|of) (?:the |my |our )?(?:[a-z]+ )?"
    r"(?:safe|locker|lockbox|padlock|alarm|gate|door|garage|shed)\b)"
    r"(?:(?!number|no\.|#|room)[^.!?\n\d]){0,30}?(?:\bis\b|:|=)"
)
_ZH_SAFE = (
    r"(?:保险柜|保险箱|柜子的锁|密码锁|门禁码?|门锁|储物柜|行李箱的?锁|挂锁|箱子的锁)(?:密码|码)?"
    r"(?:[^。！？\n\d]{0,8}?(?:是|为|:))?"
)
_COMBINATION = (
    r"\s*(?P<value>(?<![\d.])(?:\d{1,2}(?:[- ]\d{1,2}){2,3}|\d{4,8}))(?![\d.:/年月日号岁个位次天元块%楼栋层室房])"
    r"(?!\s*(?i:sq|ft|feet|m|km|cm|kg|lbs?|people|dollars|usd|rmb|yuan|米|人)\b)"
)
_QUOTED_OR_TIGHT = r"[\"'“‘]?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{6,64})(?![A-Za-z0-9])"
_NOT_A_SPEED = r"(?![\d.]+\s*(?i:[mkg]bps|[mg]b|[mg]hz|ms|g)\b)"


@dataclass(frozen=True)
class Rule:
    kind: str
    pattern: re.Pattern[str]
    # "whole": the whole match is the secret. The value group (or the quoted one), judged by _plausible: "loose"
    # after an explicit separator (any value but an ordinary word); "tight" without one (a password shape); "reply"
    # a value alone after a question or a label (a digit, mixed case, or a symbol among letters); "answer" any words
    # (an answer, a passphrase) but a question or a description. "mixed": the value group or the whole match, if it
    # mixes letters and digits (real keys do; 'sk-learn-compatible' does not).
    value: str = "whole"


RULES: tuple[Rule, ...] = (
    Rule(
        "private_key",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY"
            r"(?: BLOCK)?-----|\Z)"
        ),
    ),
    # the tail of a key whose first lines were in another message or paragraph
    Rule(
        "private_key",
        re.compile(r"(?m)(?:^[A-Za-z0-9+/=]{16,}[ \t]*\n)+-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
    ),
    Rule("api_key", re.compile(r"\bsk-(?:proj-|ant-|live-)?[A-Za-z0-9_\-]{20,}"), "mixed"),
    Rule("api_key", re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}\b")),
    Rule("api_key", re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,}\b")),
    Rule("api_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    Rule("api_key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b")),
    Rule("api_key", re.compile(r"\bhf_[A-Za-z0-9]{30,}\b")),
    Rule("api_key", re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}\b")),
    Rule("api_key", re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}\b")),
    Rule("token", re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")),
    Rule(
        "password", re.compile(r"(?i)(?<![a-z0-9+.\-])[a-z][a-z0-9+.\-]*://[^\s:/@]+:(?P<value>[^\s@/]{3,})@"), "loose"
    ),
    # DB_PASSWORD=..., "password": "...", MYSQL_ROOT_PASSWORD: ...
    Rule(
        "password",
        re.compile(
            r"(?i)(?<![a-z0-9_])[a-z0-9_]*?(?:password|passwd|passphrase|pwd|_pass\b)[a-z0-9_]*"
            + _ASSIGN
            + r"(?P<value>[^\s\"',;]{3,64})"
        ),
        "loose",
    ),
    # SECRET_KEY=..., token: ..., aws_secret_access_key = ... (a value with letters and digits: not `AutoTokenizer`)
    Rule(
        "api_key",
        re.compile(
            r"(?i)(?<![a-z0-9_])[a-z0-9_]*?(?:secret|token|api_?key|access_?key|private_?key|client_?secret)[a-z0-9_]*"
            + _ASSIGN
            + r"(?P<value>[A-Za-z0-9/+_\-.=]{8,})"
        ),
        "mixed",
    ),
    Rule("token", re.compile(r"(?i)\bbearer\s+(?P<value>[A-Za-z0-9._~+/=\-]{16,})"), "mixed"),
    Rule("password", re.compile(r"\bmysql\b[^\n]*?\s-p(?P<value>[^\s]{3,64})"), "loose"),
    Rule("password", re.compile(_ZH_KEY + _ZH_SEP + _LOOSE), "loose"),
    # 密码忘了，新的是482193
    Rule("password", re.compile(_ZH_KEY + r"[^。！？\n]{0,12}?新的?(?:密码)?\s*(?P<sep>是|为|:)\s*" + _LOOSE), "loose"),
    Rule("password", re.compile(_ZH_KEY + r"[ \t]*" + _TIGHT), "tight"),
    # or a few words between the name and the separator ("the wifi password here is Tplink8888", "wifi pw at the
    # cabin is moose4life", "the password I use for everything is Pumpkin2016"): then a password shape only
    Rule(
        "password",
        re.compile(_EN_KEY + r"(?:" + _EN_FOR + r"|(?P<filler>(?:[ \t]+[A-Za-z'’]+){1,4}?))" + _EN_SEP + _LOOSE),
        "loose",
    ),
    # "I set the wifi password to K8mmq2x9", "changed my gmail password to Hunter2024x"
    Rule(
        "password",
        re.compile(
            r"(?i)\b(?:set|changed?|reset|updated?)\b[^.!?\n]{0,40}?" + _EN_KEY + r"[^.!?\n]{0,20}?\bto\s+" + _LOOSE
        ),
        "loose",
    ),
    Rule("password", re.compile(_EN_KEY + r"[ \t]+" + _TIGHT), "tight"),
    # "wifi的密码我写在了便利贴上: K8#mmq2", "the password, written on the router: K8#mmq2"
    Rule("password", re.compile(_ZH_KEY + r"[^。！？\n:]{1,20}:\s*" + _TIGHT), "tight"),
    Rule("password", re.compile(_EN_KEY + r"[^.!?\n:]{1,40}:\s*" + _TIGHT), "tight"),
    # recovery / backup code lists: every code, not just the first
    Rule(
        "recovery_code",
        re.compile(
            r"(?i)(?:恢复码|备用码|(?:recovery|backup) codes?)(?:[^\n:：]{0,20}?(?=:))?(?:[ \t]*(?:是|为|are|is))?"
            r"(?:[ \t]*:)?\s*(?P<value>" + _CODE_LIST + ")"
        ),
        "tight",
    ),
    Rule(
        "one_time_code",
        re.compile(
            _CODE_WORDS
            + r"(?:[^\n\d，。,.]{0,8}?(?:是|为|:))?\s*(?P<value>\d(?: \d){3,7}|\d{3} \d{3}|[A-Za-z0-9\-]{4,12})\b"
        ),
        "tight",
    ),
    Rule(
        "one_time_code",
        re.compile(r"(?P<value>\b\d{4,8})\s*(?:是|为)(?:您|你)的[^，。\n]{0,6}?" + _CODE_WORDS),
        "tight",
    ),
    Rule(
        "one_time_code",
        re.compile(
            r"(?i)\b(?:(?:verification|security|one[- ]time|login|sign[- ]in|otp|2fa|auth(?:entication)?|"
            r"confirmation|access|sms) codes?|otp|totp|2fa)\b(?:[^.\n\d]{0,16}?(?:is|:|=))?\s*"
            r"(?P<value>\d{3}[ -]\d{3}\b|\d(?: \d){3,7}\b|[A-Za-z0-9\-]{4,12}\b)"
        ),
        "tight",
    ),
    Rule(
        "one_time_code",
        re.compile(
            r"(?i)\b(?:your (?:\w+ )?code|otp|one[- ]time (?:password|passcode|pin)|totp)\b"
            r"[^.\n]{0,12}?(?:is|:)\s*(?P<value>\d{3}[- ]\d{3}|\d{4,8})\b"
        ),
        "tight",
    ),
    Rule(
        "one_time_code",
        re.compile(r"(?i)(?P<value>\b\d{4,8})\s+(?:is|as) your (?:[\w-]+ ){0,3}(?:code|otp|pin|passcode)\b"),
        "tight",
    ),
    # security-question answers: any words (a pet's name, a school) are the secret
    Rule(
        "security_answer",
        re.compile(
            r"(?i)(?:密保|安全问题|security question|secret question|security answer)[^\n]{0,40}?"
            r"(?:(?:答案|answer|回答|我?填的|我?写的|我?设的)"
            r"\s*(?:是|为|:|is|was|=|-|改成了?|改为|换成了?|设为|设置为|is now)|I answered|I put|I used|I wrote)\s*"
            + _ANSWER
        ),
        "answer",
    ),
    Rule(
        "security_answer",
        re.compile(r"(?i)(?:密保|security question|secret question)[^\n:。！？!?]{0,40}[)）]?\s*:\s*" + _ANSWER),
        "answer",
    ),
    Rule(
        "security_answer",
        re.compile(
            r"(?i)answer (?:to|for) (?:my|the|your|his|her) (?:\w+ )?(?:security|secret) questions?"
            r"[^\n.!?]{0,20}?\s*(?:is|was|:|=)\s*" + _ANSWER
        ),
        "answer",
    ),
    Rule(
        "security_answer",
        re.compile(r"(?i)(?:security|secret) question[^\n]{0,40}?[\"'“‘](?P<quoted>[^\"'”’\n]{2,40})[\"'”’]"),
        "answer",
    ),
    Rule(
        "security_answer",
        re.compile(r"(?i)\bQ:(?=[\s\S]*(?:security|secret question|密保|安全问题))[^\n]{0,80}?\bA:\s*" + _ANSWER),
        "answer",
    ),
    # passphrases and spoken pass words: the whole phrase, words and spaces
    Rule(
        "passphrase",
        re.compile(r"(?i)(?:passphrase|pass phrase|safe ?word|code ?word|口令|暗号|暗语|密语)" + _ZH_SEP_ANY + _ANSWER),
        "answer",
    ),
    # a question that asks for a secret, the value alone on the next line (or in the next message, see redact)
    Rule(
        "password",
        re.compile(r"(?i)(?:密码|口令|wi-?fi|password|passcode|pin)[^\n]{0,16}?" + _ASKING + r"\s*\n\s*" + _LINE_VALUE),
        "reply",
    ),
    Rule(
        "one_time_code",
        re.compile(r"(?i)(?:验证码|code|otp)[^\n]{0,16}?" + _ASKING + r"\s*\n\s*" + _LINE_VALUE),
        "reply",
    ),
    # the label on one line, the value alone on the next
    Rule("password", re.compile(_ZH_KEY + r"[ \t]*[:：]?[ \t]*\n\s*" + _LINE_VALUE), "reply"),
    Rule("password", re.compile(_EN_KEY + r"[ \t]*[:：]?[ \t]*\n\s*" + _LINE_VALUE), "reply"),
    # "admin / Router#2023" after a login, an account, a back office
    Rule(
        "password",
        re.compile(
            r"(?i)(?:登录|登陆|后台|账号|帐号|用户名|login|account|user(?:name)?|admin)[^\n]{0,24}?"
            r"[\w.@\-]+[ \t]*/[ \t]*" + _TIGHT
        ),
        "tight",
    ),
    # shapes people use as passwords ("Password123!", "P@ssw0rd", "admin888"), wherever they stand
    Rule(
        "password",
        re.compile(r"(?i)\b(?:p[a@]ssw[o0]rd|p[a@]\$\$w[o0]rd|qwerty|letmein|iloveyou|admin)[0-9!@#$%^&*]{2,}(?![\w])"),
    ),
    Rule("pin", re.compile(r"(?i)\bkeypad[ \t]+(?P<value>[0-9]{3,8}[#*]?)"), "tight"),
    # "密码我帮你改了，现在是 x"
    Rule(
        "password",
        re.compile(
            _ZH_KEY + r"[^。！？\n]{0,16}?(?:现在|目前|已经)(?:的密码)?(?:是|为|改成了?|换成了?)\s*:?\s*" + _LOOSE
        ),
        "loose",
    ),
    # "门禁卡密码 6位 是 093471": a few words between the name and 是
    Rule("password", re.compile(_ZH_KEY + r"[^。！？，,\n]{1,8}?(?:是|为)\s*:?\s*" + _TIGHT), "tight"),
    # "I'm using Correct-Horse-42 as the master password now"
    Rule(
        "password",
        re.compile(
            r"(?i)\b(?:using|use|chose|picked|set|made)\s+[\"']?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})[\"']?\s+as\s+"
            r"(?:the|my|our|a)\s+(?:[\w-]+\s+){0,2}(?:password|passcode|pin|passphrase)"
        ),
        "tight",
    ),
    # "u: jdoe  p: Tr1ckyPass#", "wifi: MyHome / pass: sunshine2020"
    Rule("password", re.compile(r"(?i)(?<![a-z])(?:pass|p|pw|pwd|passwd)\s*[:=]\s*" + _TIGHT), "tight"),
    # "Enter 902144 to verify your Apple ID"
    Rule(
        "one_time_code",
        re.compile(
            r"(?i)\b(?:enter|use|type|input)\s+(?P<value>\d{4,8})\s+(?:to|as|for)\s+(?:verify|confirm|sign|log|your)"
        ),
        "tight",
    ),
    # Telegram bot tokens
    Rule("api_key", re.compile(r"\b\d{8,10}:AA[A-Za-z0-9_\-]{30,}")),
    # "what's the wifi" / "TPLink_2ndFloor99": the question word first
    Rule(
        "password",
        re.compile(
            r"(?i)\b(?:what'?s|what is|send me|give me|tell me)\b[^\n]{0,24}?(?:password|passcode|pin|wi-?fi|code)"
            r"[^\n]{0,10}?\s*\n\s*" + _LINE_VALUE
        ),
        "reply",
    ),
    # a question, and a reply that tells how the password is built ("我生日加abc")
    Rule(
        "password",
        re.compile(
            _ZH_KEY
            + r"[^\n]{0,16}?"
            + _ASKING
            + r"\s*\n\s*(?P<value>[^\n]{0,24}?(?:"
            + _COMPOSITION.pattern
            + r")[^\n]{0,24})"
        ),
        "loose",
    ),
    # a provider key wrapped over lines
    Rule(
        "api_key",
        re.compile(
            r"\b(?:sk-(?:proj-)?|ghp_|github_pat_|AKIA|AIza|xox[abposr]-|hf_|sk_live_|eyJ)[A-Za-z0-9_\-.]{2,}"
            r"(?:[ \t]*\n[ \t]*(?=[A-Za-z_\-.]*[0-9A-Z])[A-Za-z0-9_\-.]{6,}(?=[ \t]*(?:\n|$)))+"
        ),
        "mixed",
    ),
    # "密码我记在这了 Bj_2024_home": a few words after the name, then letters and digits
    Rule("password", re.compile(_ZH_KEY + r"[^。！？\n:,;]{1,12}?[ \t]+" + _TIGHT), "mixed"),
    # a correction right after a secret is a secret: "[secret] | no wait it's Hunter22!", "[secret] | 打错了，是 x"
    Rule(
        "password", re.compile(_HELD + r"{8,}[^\n]{0,40}\n(?:[ \t]*\n){0,3}[ \t]*" + _CORRECTION + _CORRECTED), "reply"
    ),
    # a user / password pair after a name for a login or a network: "wifi: HomeNet / sunshine2020"
    Rule(
        "password",
        re.compile(
            r"(?i)(?:wi-?fi|ssid|network|router|路由器?|密码|口令|(?<![a-z])(?:pw|pwd|pass)(?![a-z])|login|账号|帐号)"
            r"[^\n/]{0,30}?[\w.@\-]+[ \t]*/[ \t]*" + _PAIRED
        ),
        "tight",
    ),
    # words between the name and a number: "银行卡密码六个数 880213", "取款密码我生日 880213", "门禁密码换了，现在 3579"
    # (words that tell how it is built, "我生日", go with it: section 15.3)
    Rule("pin", re.compile(_ZH_KEY + r"(?P<built>[^。！？\n]{1,14}?)[ \t:，,]*" + _ZH_NUMBER), "tight"),
    # "my bank pin is still my birthday 0812", "spotify password is the usual one, jazzhands99"
    Rule("password", re.compile(_EN_KEY + _EN_SAME + r"(?=[A-Za-z!@#$%^&*._+=~\-]*\d)" + _TIGHT), "tight"),
    # a code or a password in Chinese numerals: "验证码是：六七三九二一", "银行卡密码：三九二八五一"
    Rule("one_time_code", re.compile(_CODE_WORDS + _ZH_NUMERALS), "tight"),
    Rule("pin", re.compile(_ZH_KEY + _ZH_NUMERALS), "tight"),
    # safes, lockers, lockboxes, padlocks, keypads; a door, gate or alarm with its code
    Rule("combination", re.compile(_EN_SAFE + _COMBINATION), "tight"),
    Rule("combination", re.compile(_ZH_SAFE + _COMBINATION), "tight"),
    # card security data: CVV / CVC / 安全码, "security code on the back: 615", "信用卡背面三位数 386"
    Rule(
        "card_security",
        re.compile(
            r"(?i)(?:(?<![a-z])(?:cvv2?|cvc2?|cvn|csc)(?![a-z])|security code|card code|安全码|"
            r"(?:卡|card)[^\n]{0,30}?(?:背面|on the back))"
            r"[^\n\d]{0,16}?(?P<value>(?<!\d)\d{3,4})(?![\d/年月日号元块])"
        ),
        "tight",
    ),
    # restricted personal numbers: a US social security number, a passport number, the end of a resident ID
    Rule(
        "id_number",
        re.compile(
            r"(?i)(?<![a-z])(?:ssn|social security(?: number| no\.?)?|social)(?![a-z])"
            r"[^\n\d]{0,16}?(?P<value>(?<!\d)\d{3}[- ]?\d{2}[- ]?\d{4})(?!\d)"
        ),
        "tight",
    ),
    Rule(
        "id_number",
        re.compile(r"(?i)(?:passport|护照)[^\n\d]{0,16}?(?P<value>(?<![a-z0-9])[a-z]{0,2}\d{7,9})(?![a-z0-9])"),
        "tight",
    ),
    Rule(
        "id_number",
        re.compile(
            r"(?i)(?:身份证|id card|(?<![a-z])(?:ssn|id)(?![a-z]))[^\n\d]{0,10}?"
            r"(?:后|last )(?:[四六4-6]|four|six)(?: digits)?位?(?: of[^\n\d]{0,16})?"
            r"[^\n\d]{0,6}?(?P<value>(?<!\d)\d{3,5}[\dx])(?![a-z0-9])"
        ),
        "tight",
    ),
    # "pass for the nas is nasbox!2020": 'pass' names a password only before 'for the ...', and the value mixes
    Rule(
        "password",
        re.compile(r"(?i)\bpass for (?:the |my |our |your )?[\w.\-]+(?: [\w.\-]+)?\s+(?:is|:)\s*" + _QUOTED_OR_TIGHT),
        "mixed",
    ),
    # "the wifi at the airbnb is 'SeaBreeze2025'", "民宿的wifi是 Seaview2024"
    Rule(
        "password",
        re.compile(
            r"(?i)\bwi-?fi(?: (?:at|in|for|of) [^\n.!?]{1,30}?)?\s*(?:is|was|:|是|为)\s*"
            + _NOT_A_SPEED
            + _QUOTED_OR_TIGHT
        ),
        "mixed",
    ),
)


def _ascii_words(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern with ASCII word boundaries: Python's \\b holds between two Unicode word characters, so a value
    glued to Chinese ("验证码583920请勿泄露", "key是AKIA...") had no boundary and was missed or cut short. A \\w
    that stands for a label's word keeps the CJK characters (and white space is ASCII: see _FOLD)."""
    source = pattern.pattern.replace("[\\w", "[\\w\\u3400-\\u9fff").replace("(?:\\w+ )", "(?:[\\w\\u3400-\\u9fff]+ )")
    assert not re.search(r"(?<!\[)\\w", source), source
    return re.compile(source, (pattern.flags & ~re.UNICODE) | re.ASCII)


RULES = tuple(Rule(rule.kind, _ascii_words(rule.pattern), rule.value) for rule in RULES)


_SAFE_WORDS = tuple(f"{word} safe" for word in "the my our your his her hotel room wall gun".split())
_ZH_KEY_WORDS = ("密码", "口令", "密碼", "pin", "密钥", "秘钥", "私钥", "令牌")
_EN_KEY_WORDS = ("pass", "pasw", "pw", "pin", "puk", "key", "token", "code", "combo", "combination")
_CODE_KEY_WORDS = ("验证码", "校验码", "动态码", "动态密码", "短信码", "确认码", "取件码", "提货码", "取货码")
# For each rule, words (in the lower-cased text) one of which its match always holds: a rule whose words are all
# absent is not run. Most of screening's time went into rules that cannot match; a substring test costs nanoseconds.
_NEEDS: tuple[tuple[str, ...], ...] = (
    ("-----begin",),
    ("-----end",),
    ("sk-",),
    ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    ("github_pat_",),
    ("akia", "asia"),
    ("aiza",),
    ("hf_",),
    ("xox",),
    ("_live_", "_test_"),
    ("eyj",),
    ("://",),
    ("pass", "pwd"),
    ("secret", "token", "key"),
    ("bearer",),
    ("mysql",),
    _ZH_KEY_WORDS,
    _ZH_KEY_WORDS,
    _ZH_KEY_WORDS,
    _EN_KEY_WORDS,
    _EN_KEY_WORDS,
    _EN_KEY_WORDS,
    _ZH_KEY_WORDS,
    _EN_KEY_WORDS,
    ("恢复码", "备用码", "recovery", "backup"),
    _CODE_KEY_WORDS,
    _CODE_KEY_WORDS,
    ("code", "otp", "2fa"),
    ("code", "otp"),
    ("code", "otp", "pin", "passcode"),
    ("密保", "安全问题", "security", "secret"),
    ("密保", "security", "secret"),
    ("security", "secret"),
    ("security", "secret"),
    ("q:",),
    ("passphrase", "pass phrase", "safe", "word", "口令", "暗号", "暗语", "密语"),
    ("密码", "口令", "wifi", "wi-fi", "pass", "pin"),
    ("验证码", "code", "otp"),
    _ZH_KEY_WORDS,
    _EN_KEY_WORDS,
    ("登录", "登陆", "后台", "账号", "帐号", "用户名", "login", "account", "user", "admin"),
    ("pass", "p@ss", "p@$$", "qwerty", "letmein", "iloveyou", "admin"),
    ("keypad",),
    _ZH_KEY_WORDS,
    _ZH_KEY_WORDS,
    ("password", "passcode", "pin", "passphrase"),
    ("p:", "p :", "p=", "pw", "pass"),
    ("enter", "use", "type", "input"),
    (":aa",),
    ("what", "send", "give", "tell"),
    _ZH_KEY_WORDS,
    ("sk-", "ghp_", "github_pat_", "akia", "aiza", "xox", "hf_", "sk_live_", "eyj"),
    _ZH_KEY_WORDS,
    (_HELD,),
    ("/",),
    _ZH_KEY_WORDS,
    _EN_KEY_WORDS,
    _CODE_KEY_WORDS,
    _ZH_KEY_WORDS,
    ("safe", "lock", "keypad", "code", "combo", "combination"),
    ("保险", "柜", "锁", "门禁"),
    ("cv", "csc", "security", "code", "安全码", "背面", "back"),
    ("ssn", "social"),
    ("passport", "护照"),
    ("后", "last "),
    ("pass",),
    ("wifi", "wi-fi"),
)
assert len(_NEEDS) == len(RULES), "every rule names the words it needs"
# the names most rules begin with, and which rules begin with which (-1: none)
_ANCHORS = (_ascii_words(re.compile(_EN_KEY)), _ascii_words(re.compile(_ZH_KEY)))
_ANCHORED = tuple(
    next((k for k, a in enumerate(_ANCHORS) if rule.pattern.pattern.startswith(a.pattern)), -1) for rule in RULES
)
_NEED_WORDS = tuple(sorted({word for words in _NEEDS for word in words}))
_RULES_NEEDING = {word: tuple(k for k, words in enumerate(_NEEDS) if word in words) for word in _NEED_WORDS}
_NEED_WORDS_ASCII = tuple(word for word in _NEED_WORDS if word.isascii())  # all an ASCII text can hold


_ZH_NUMERALS_ONLY = re.compile(r"[零〇一二三四五六七八九幺]{4,8}")


def _plausible(value: str, how: str, explicit: bool) -> bool:
    """Does this value look like a secret rather than a word? Explicit statements ("密码是 x") are believed unless
    the value is an ordinary word; values without a separator must look like a password (a digit, or mixed case)."""
    v = value.rstrip(".,!?;:)")
    if how == "reply":
        # a value given alone, after a question or a label: a password shape, not a word ("why?", "later")
        has_mixed_case = any(c.isupper() for c in v[1:]) and any(c.islower() for c in v)
        return v.lower() not in ORDINARY_VALUES and (
            any(c.isdigit() for c in v)
            or has_mixed_case
            or (any(not c.isalnum() for c in v) and any(c.isalpha() for c in v))
        )
    if how == "answer":
        return bool(v.strip()) and not _NOT_AN_ANSWER.match(v.strip()) and v.strip().lower() not in ORDINARY_VALUES
    if _ZH_NUMERALS_ONLY.fullmatch(v):
        return True  # a code or a PIN said in Chinese numerals: "六七三九二一"
    if _CJK.search(v):
        # "密码是我生日" tells how it is built (kept out, section 15.3); "密码是什么" is a question
        return explicit and (bool(_COMPOSITION.search(v)) or bool(re.search(r"[A-Za-z0-9]{3,}", v)))
    if len(v) < 3:
        return False
    if how == "mixed":
        return any(c.isdigit() for c in v) and any(c.isalpha() for c in v)
    if explicit:
        return v.lower() not in ORDINARY_VALUES
    has_digit = any(c.isdigit() for c in v)
    has_mixed_case = any(c.isupper() for c in v[1:]) and any(c.islower() for c in v)
    return has_digit or (has_mixed_case and any(not c.isalnum() for c in v))


def _fold(text: str) -> str:
    """Full-width ASCII to half-width, one character for one, so that spans found in the result hold in `text`."""
    return text if text.isascii() else text.translate(_FOLD)


# full-width ASCII, and every Unicode space as a plain one (the rules read white space as ASCII)
_FOLD = (
    {0xFF01 + i: 0x21 + i for i in range(94)}
    | {c: 0x20 for c in (0x3000, 0x00A0, 0x1680, 0x202F, 0x205F, *range(0x2000, 0x200B))}
    | {0x2028: 0x0A, 0x2029: 0x0A, 0x0085: 0x0A}
)


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int
    rule_index: int


@dataclass(frozen=True)
class SecretSpan:
    """A redacted secret in the output text: its reference and the context label, never its value."""

    ref_id: str
    kind: str
    label: str
    placeholder: str


@dataclass(frozen=True)
class Screened:
    text: str
    secrets: tuple[SecretSpan, ...]

    @property
    def had_secret(self) -> bool:
        return bool(self.secrets)


def find_secrets(text: str, *, prefiltered: bool = False) -> list[Finding]:
    """Every secret span in `text`, earliest first, overlaps merged (the first, widest rule wins). `prefiltered`:
    the caller already knows the prefilter lets `text` through."""
    folded = _fold(text)
    if not prefiltered and not _may_hold(folded):
        return []
    # placeholders already in the text are masked (same length, so spans stay true) with a character that fills a
    # value slot: "password is [secret:...] and" has its value already, and "and" is not taken for one. A finding
    # that touches a placeholder is dropped, so redact(redact(x)) == redact(x).
    placeholders = [m.span() for m in PLACEHOLDER_RE.finditer(folded)]
    masked = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), folded) if placeholders else folded
    lowered = masked.lower()
    present = filter(lowered.__contains__, _NEED_WORDS_ASCII if lowered.isascii() else _NEED_WORDS)
    found: list[Finding] = []
    starts: dict[int, list[int]] = {}
    # the rules some of whose words the text holds, in their order (only those are looked at)
    for index in sorted({index for word in present for index in _RULES_NEEDING[word]}):
        rule = RULES[index]
        found.extend(Finding(rule.kind, a, b, index) for a, b in _rule_spans(rule, index, masked, starts))
    found.extend(_listed_findings(masked, lowered))
    found.extend(_number_findings(masked))
    found.extend(_seed_findings(masked))
    found.extend(_random_token_findings(masked))
    found = _with_wrapped_values(masked, found)
    if placeholders:
        found = [f for f in found if not any(a < f.end and f.start < b for a, b in placeholders)]
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    merged: list[Finding] = []
    for finding in found:
        if merged and finding.start < merged[-1].end:
            if finding.end > merged[-1].end:  # overlapping findings are one span: no piece of either stays out
                last = merged[-1]
                merged[-1] = Finding(last.kind, last.start, finding.end, last.rule_index)
            continue
        merged.append(finding)
    return merged


def _rule_spans(rule: Rule, index: int, text: str, starts: dict[int, list[int]]) -> list[tuple[int, int]]:
    """The secret spans one rule finds, left to right. A rule that begins with a secret's name (several do) is tried
    only where a name stands (the names are looked for once per text, not once per rule), and a match it rejects, or
    cuts short, does not hide the next name ("密码=Winter7412,刚把QQ邮箱密码改成了k14y...")."""
    anchor = _ANCHORED[index]
    if anchor < 0:
        return [span for match in rule.pattern.finditer(text) if (span := _secret_span(match, rule))]
    if anchor not in starts:
        starts[anchor] = [m.start() for m in _ANCHORS[anchor].finditer(text)]
    spans: list[tuple[int, int]] = []
    for start in starts[anchor]:
        if spans and start < spans[-1][1]:
            continue
        if (match := rule.pattern.match(text, start)) and (span := _secret_span(match, rule)):
            spans.append(span)
    return spans


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


_GENERIC_KIND = re.compile(r"那种|这种|之类|那样|一类|这类|那类")
_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")
_DESCRIPTION_GOES_ON = frozenset(
    "on in at under behind inside by from onto into near next you i we they he she it somewhere".split()
)


def _secret_span(match: re.Match[str], rule: Rule) -> tuple[int, int] | None:
    if rule.value == "whole":
        return match.span()
    if rule.value == "mixed":
        group = "value" if "value" in match.groupdict() else 0
        start, end = match.span(group)
        end = _trim_end(match.string, start, end)
        return (start, end) if _plausible(match.string[start:end], "mixed", explicit=False) else None
    group = "quoted" if match.groupdict().get("quoted") is not None else "value"
    start, end = match.span(group)
    if group == "value":
        end = _trim_end(match.string, start, end)
        if end - start < 2:
            return None
    value = match.string[start:end]
    cjk = _CJK.search(value)
    if (
        group == "value"
        and cjk
        and cjk.start() >= 3
        and rule.kind != "recovery_code"
        and not _COMPOSITION.search(value)
    ):
        # "密码是iloveyou明天改": the secret ends where the Chinese sentence goes on
        end = _trim_end(match.string, start, start + cjk.start())
        value = match.string[start:end]
    elif group == "value" and cjk and _COMPOSITION.search(value):
        # "密码是她生日 0315": how it is built, and what follows in the clause
        end = _trim_end(match.string, start, _CLAUSE_REST.match(match.string, end).end())
        if _GENERIC_KIND.search(match.string, start, end):
            return None  # "密码是生日那种不安全": a kind of password in general, not how one is built
    # loose rules only match after an explicit separator (是, :, =, is, it's ...) or inside a URL's credentials
    judged = _CJK.sub("", value) if rule.kind == "recovery_code" else value  # a list joined by 另一个, 还有
    how = "tight" if match.groupdict().get("filler") else rule.value  # words between a name and 'is'
    if how == "loose" and value.isascii() and value.isalpha() and value.islower():
        # "the pin is printed on the card", "the passcode is whatever you set": a word that goes on into a
        # description or a clause is not a value
        following = _NEXT_WORD.match(match.string, end)
        if following and following.group(1).lower() in _DESCRIPTION_GOES_ON:
            return None
    if not _plausible(judged, how, explicit=how == "loose"):
        return None
    built = match.groupdict().get("built")
    if built and _COMPOSITION.search(built):
        start = match.start("built")  # "取款密码我生日 880213": how it is built is no less secret than the value
    return (start, end)


# ---------------------------------------------------------------- detectors that are more than one pattern

_NUMBER_RULE, _SEED_RULE, _TOKEN_RULE, _WRAP_RULE, _LIST_RULE = -1, -2, -3, -4, -5

# "我把密码都存在备忘录里了：微博 wb_2019zz，豆瓣 db88661", "VPN creds: alice.w / Summer#Rain88": after a name for
# passwords and a colon, every password-shaped word of the line (not a word, an email, a URL or a password manager)
_LIST_HEAD = re.compile(r"(?i)(?:密码|口令|passwords?|pws|logins?|creds|credentials)[^\n:]{0,30}:")
_LIST_WORD = re.compile(r"(?<![^\s，,;；、/|:])[A-Za-z0-9!@#$%^&*._+=~\-]{4,64}(?![^\s，,;；、/|。.!?])")
_NOT_LISTED = re.compile(r"(?i)pass|@.*\.|://|^www\.")


def _listed_findings(text: str, lowered: str) -> list[Finding]:
    if not any(map(lowered.__contains__, ("密码", "口令", "password", "pws", "login", "cred"))):
        return []
    found = []
    for head in _LIST_HEAD.finditer(text):
        line_end = text.find("\n", head.end())
        for m in _LIST_WORD.finditer(text, head.end(), len(text) if line_end < 0 else line_end):
            word = m.group(0).rstrip(".!?")
            if not _NOT_LISTED.search(word) and _plausible(word, "tight", explicit=False):
                found.append(Finding("password", m.start(), m.start() + len(word), _LIST_RULE))
    return found


# 13-19 digits, maybe in groups; a card number passes the Luhn check and starts like a card (Visa, Mastercard, Amex,
# UnionPay, JCB, Discover, Diners)
_CARD = re.compile(r"(?<![\dA-Za-z\-.])\d(?:[ \-]?\d){12,18}(?![\dA-Za-z\-]|\.\d)")
_CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|2[2-7]|3[47]|3[0689]|35|62|60|65|81)")
_ID_NUMBER = re.compile(
    r"(?<![\dA-Za-z])[1-8]\d{5}[ ]?(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[ ]?\d{3}[\dXx]"
    r"(?![\dA-Za-z])"
)
# numbers that are named as something else: an order, a parcel, an invoice, a phone
_NUMBER_NAMED = re.compile(
    r"(?i)(?:订单|单号|运单|快递|物流|发票|流水|交易号|编号|账单|航班|电话|手机|工单|order|tracking|parcel|invoice|"
    r"receipt|ref(?:erence)?|isbn|phone|tel|ticket|case|no\.|#)(?:(?!\. )[^\d\n。!?！？])*$"
)
_LONG_NUMBER = re.compile(r"\d[\d -]{11,}\d")
_CARD_DATA = re.compile(
    r"(?i)(?:(?<![a-z])(?:exp(?:iry|ires?|iration)?(?: date)?|valid (?:thru|through|until)|good thru|cid)(?![a-z])\.?"
    r"|有效期(?:至|到)?|过期(?:时间|日期)?|到期(?:日|时间)?|背面)[ \t:：]*"
    r"(?P<value>(?<!\d)(?:\d{1,2}[ \t]*/[ \t]*\d{2,4}|\d{3,4})(?![\d/]))"
)
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


def _number_findings(text: str) -> list[Finding]:
    found: list[Finding] = []
    if not _LONG_NUMBER.search(text):
        return found
    for m in _ID_NUMBER.finditer(text):
        if resident_id_valid(m.group(0).replace(" ", "")):
            found.append(Finding("id_number", m.start(), m.end(), _NUMBER_RULE))
    for m in _CARD.finditer(text):
        digits = re.sub(r"[ \-]", "", m.group(0))
        named = _NUMBER_NAMED.search(text[max(0, m.start() - 24) : m.start()])
        if not named and _CARD_PREFIX.match(digits) and luhn_valid(digits):
            found.append(Finding("bank_card", m.start(), m.end(), _NUMBER_RULE))
    if any(f.kind == "bank_card" for f in found):
        # with a card number in the same text, its expiry and the code on its back are the card's security data
        found.extend(
            Finding("card_security", m.start("value"), m.end("value"), _NUMBER_RULE) for m in _CARD_DATA.finditer(text)
        )
    return found


@cache
def _bip39() -> tuple[frozenset[str], frozenset[str]]:
    """The BIP39 word lists (English; Chinese simplified and traditional), shipped with the `mnemonic` package."""
    from mnemonic import Mnemonic

    chinese = set(Mnemonic("chinese_simplified").wordlist) | set(Mnemonic("chinese_traditional").wordlist)
    return frozenset(Mnemonic("english").wordlist), frozenset(chinese)


_SEED_CONTEXT = re.compile(r"(?i)助记词|种子|seed|mnemonic|recovery phrase|secret phrase|backup phrase|钱包|wallet")
_EN_WORD = re.compile(r"[A-Za-z]+")
_SEED_GAP = re.compile(r"[\s,;.:)(\-\d]{1,8}")
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


def _seed_findings(text: str) -> list[Finding]:
    """Seed phrases: a run of >= 12 BIP39 words (>= 8 when the text speaks of a seed or a wallet); ordinary
    English has runs of two or three."""
    english, chinese = _bip39()
    need = 8 if _SEED_CONTEXT.search(text) else 12
    found = []
    if _longest_run(_EN_WORD.findall(text.lower()), english) >= need:
        spans = [m.span() for m in _EN_WORD.finditer(text)]
        runs = _runs(text, spans, english, _SEED_GAP)
        found += [Finding("seed_phrase", a, b, _SEED_RULE) for a, b, n in runs if n >= need]
    if _SPACED_CJK.search(text):
        cjk = [(m.start(), m.end()) for m in _CJK.finditer(text)]
        runs = _runs(text, cjk, chinese, _ZH_SEED_GAP)
        found += [Finding("seed_phrase", a, b, _SEED_RULE) for a, b, n in runs if n >= need]
    for m in _ZH_SEED_RUN.finditer(text):
        if all(c in chinese for c in m.group("value")):
            found.append(Finding("seed_phrase", *m.span("value"), _SEED_RULE))
    return found


_LONG_TOKEN = re.compile(r"[A-Za-z0-9+/_\-]{20,}")
_RANDOM_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_\-.@:])[A-Za-z0-9+/_\-]{20,}={0,2}(?![A-Za-z0-9+/_\-])")
_URL = re.compile(r"(?i)(?<![a-z0-9+.\-])(?:[a-z][a-z0-9+.\-]*://|www\.)\S+|(?<!\S)\S*?\.(?:com|org|net|io|cn|dev)/\S*")
_WORDY = re.compile(r"[A-Z]?[a-z]{2,}")
_VOWEL = re.compile(r"[aeiouyAEIOUY]")
# hex (commit hashes, checksums, UUIDs), maybe behind a short name: ids like `iss_0a7d41c15af52c9b`
_HEX = re.compile(r"(?:[A-Za-z]{1,12}[_\-])?[0-9a-fA-F\-]+")


def _random_token_findings(text: str) -> list[Finding]:
    """Unlabelled tokens that look random (upper and lower case and digits in short pieces): not words glued
    together (`iPhone15ProMaxCase`), not hex (commit hashes, checksums, UUIDs), not inside a URL or a path."""
    found: list[Finding] = []
    if not _LONG_TOKEN.search(text):
        return found
    urls = [m.span() for m in _URL.finditer(text)]
    for m in _RANDOM_TOKEN.finditer(text):
        token = m.group(0).rstrip("=")
        if _HEX.fullmatch(token) or "/" in token.strip("/") and token.count("/") > 2:
            continue
        if any(a <= m.start() < b for a, b in urls):
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


def _with_wrapped_values(text: str, found: list[Finding]) -> list[Finding]:
    """A value that ends a line and goes on alone on the next ("密码是 Tplink" / "8888"): the next line is part of it
    when it is one token with a digit or a symbol (not a word: 'thanks' on its own line is not a password)."""
    out = []
    for f in found:
        end = f.end
        while f.kind in _WRAPPABLE and (m := _WRAP_TAIL.match(text, end)):
            tail = m.group("tail")
            if tail.isalpha() or not any(c.isalnum() for c in tail):
                break
            end = m.end("tail")
        out.append(f if end == f.end else Finding(f.kind, f.start, end, _WRAP_RULE))
    return out


def may_hold_secret(text: str) -> bool:
    """A cheap test that decides whether the slower rules look at a text at all (it lets through everything
    PREFILTER_PATTERNS lets through, in a few microseconds: substring tests first, regular expressions after)."""
    return _may_hold(_fold(text))


# words whose mere presence sends a text to the rules
# ("pass phrase" and "door code" are found by _SHORT_WORD)
_CJK_TRIGGERS = (
    "密码 密碼 密钥 秘钥 私钥 令牌 口令 暗号 密语 密保 助记 种子 验证码 校验码 动态码 短信码 确认码 恢复码 备用码 "
    "安全问题 取件码 提货码 取货码 "
    "后台 账号 帐号 登录 登陆 验证 暗语"
).split()
_TRIGGERS = (
    "password passwd passcode passphrase passkey passw pasw _pass _key apikey accesskey token secret bearer mysql "
    "sk- _live_ _test_ hf_ ghp_ gho_ ghu_ ghs_ ghr_ github_pat xox eyj ----- seed mnemonic recovery backup security "
    "admin keypad verif creds credential login"
).split() + ["safe word"]
# Triggers of screening-6 (card security data, restricted personal numbers, safes and lockers), in groups: a cheap
# first word, then the phrases it stands for (one substring test a group for most texts)
_GROUPED_TRIGGERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cv", ("cvv", "cvc", "cvn")),
    ("csc", ("csc",)),
    ("ssn", ("ssn",)),
    ("passport", ("passport",)),
    ("lock", ("locker", "lockbox", "lock box", "padlock")),
    ("social", ("social security", "social is", "social:")),
    ("card code", ("card code",)),
    ("safe", _SAFE_WORDS),
)
_CJK_GROUPED_TRIGGERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("护照", ("护照",)),
    ("身份证", ("身份证",)),
    ("安全码", ("安全码",)),
    ("背面", ("背面",)),
    ("门禁", ("门禁",)),
    ("保险箱", ("保险箱",)),
    ("柜", ("保险柜", "储物柜")),
    ("锁", ("门锁", "挂锁", "柜子的锁", "密码锁")),
)
_SHORT_TRIGGERS = ("pass", "pin", "pw", "key", "code", "otp", "2fa", "wifi", "wi-fi", "p:", "p :", "p=", "combo")
_SHORT_WORDS = r"pass|pins?|pw|pwd|keys?|codes?|otp|totp|2fa|wi-?fi|combo"
_SHORT_WORD = re.compile(rf"(?<![a-z])(?:(?:{_SHORT_WORDS})(?![a-z])|p\s*[:=])")
_URL_CREDENTIALS = re.compile(r"://[^\s/@:]+:[^\s/@]+@")
_LOWER_WORD = re.compile(r"[a-z]+")


def _may_hold(folded: str) -> bool:
    lowered = folded.lower()
    ascii_only = folded.isascii()
    if any(map(lowered.__contains__, _TRIGGERS)) or not ascii_only and any(map(lowered.__contains__, _CJK_TRIGGERS)):
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
    if _LONG_NUMBER.search(lowered) or _LONG_TOKEN.search(folded):
        return True
    return _may_hold_seed(lowered) or not ascii_only and bool(_SPACED_CJK.search(folded))


_GROUP_FIRSTS = tuple(first for first, _ in _GROUPED_TRIGGERS)
_CJK_GROUP_FIRSTS = tuple(first for first, _ in _CJK_GROUPED_TRIGGERS)


def _grouped(lowered: str, groups: tuple[tuple[str, tuple[str, ...]], ...]) -> bool:
    return any(first in lowered and any(map(lowered.__contains__, words)) for first, words in groups)


def _may_hold_seed(lowered: str) -> bool:
    """At least 8 BIP39 words at all, then 8 in a row (a bound: the exact scan is in _seed_findings)."""
    words = _LOWER_WORD.findall(lowered)
    if len(words) < 8:
        return False
    listed = bytes(map(_bip39()[0].__contains__, words))  # one byte a word: 1 when it is a list word
    return b"\x01" * 8 in listed


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
    r"[A-Za-z0-9+/_\-]{20,}",  # random-looking tokens
    r"(?:[一-鿿][\s,，、;；\d.]{1,8}){7}",  # spaced characters
    r"[０-９Ａ-Ｚａ-ｚ]",  # full-width letters and digits (folded before the rules run)
)
# Seed phrases: 8 short words in a row. Ordinary English has such runs too (a fifth of chat lines), so the vectorized
# prefilter sends only these lines on to the word-list test.
SEED_PREFILTER_PATTERN = r"(?i)(?:[a-z]{3,8}[\s,.;:)(\d\-]+){7}[a-z]{3,8}"
PREFILTER_PATTERN = "|".join(
    f"(?i:{p[4:]})" if p.startswith("(?i)") else f"(?:{p})" for p in (*PREFILTER_PATTERNS, SEED_PREFILTER_PATTERN)
)


_LABEL_ZH = re.compile(r"((?:[A-Za-z0-9\u4e00-\u9fff]{1,12} ){0,2}[A-Za-z0-9\u4e00-\u9fff]{1,12})$")
_LABEL_STRIP = re.compile(
    r"^(?:我的|我把|我|把|的|家里的|这是|那个|这个|你的|你|他的|她的|my|the|our|your|is|for)\s*|(?:的|是|为|了)$",
    re.IGNORECASE,
)


# Words before "password" that do not name a thing: "I changed my password", "so the password", "and my PIN".
_NOT_A_THING = frozenset(
    (
        "i me my mine you your yours we our ours he his she her they their them it its it's the a an this that these "
        "those and or but so ok okay btw also just still now new old current same usual other and is was are were be "
        "been has have had do does did got get gets set reset change changed changes update updated forgot forget "
        "remember know knew use used using need needs want send sent give gave tell told here there what what's "
        "which where when how why if then to for of on in at by with from about please pls hey hi yeah yes no not"
    ).split()
)


def _thing_words(words: str) -> str:
    """The words at the end of `words` that may name a thing (an account, a device, a service); verbs, pronouns
    and articles end the run ("I changed my" -> "", "my gmail" -> "gmail")."""
    kept: list[str] = []
    for word in reversed(words.split()):
        lowered = word.lower()
        if lowered in _NOT_A_THING or lowered.endswith(("ed", "ing")) and len(lowered) > 4:
            break
        kept.append(word)
    return " ".join(reversed(kept))


# a secret's name, in the words before its value: the label is the thing named just before it (or after it: "password
# for bank of america"); whatever stands between the name and the value (is, got changed to, 我设的是) is not a label
_LABEL_KEY = re.compile(
    r"(?i)(?:密码|口令|密碼|密钥|秘钥|私钥|令牌|验证码|校验码|动态码|短信码|确认码|取件码|提货码|恢复码|备用码|答案|助记词|"
    r"pin码|(?<![a-z_])(?:passwords?|passcodes?|passphrases?|passwd|pas?sw(?:ro|ar|r|o)d|pasword|pwd|pw|pins?|puk|"
    r"codes?|combo|combination|keys?|tokens?|otp|answers?|logins?|pass|seed phrase|recovery phrase)(?![a-z]))"
)
_LABEL_POST = re.compile(
    r"(?i)[ \t]+(?:for|to|of|on)[ \t]+(?:(?:my|the|our|your|his|her)[ \t]+)?"
    r"(?P<words>[\w@.&'\-]+(?:[ \t]+[\w@.&'\-]+){0,3})"
)
_POST_STOP = frozenset("is was are were it it's its now still has had got i you we he she they".split())


def _label(text: str, start: int, kind: str) -> str:
    """What the secret is for: the thing named with the secret's name just before the value (`工作邮箱密码是` ->
    工作邮箱, `the wifi password here is` -> wifi, `password for bank of america is` -> bank of america), else the
    kind. A label is a thing: verbs, pronouns and the words between the name and the value are left out."""
    before = PLACEHOLDER_RE.sub("", text[max(0, start - 40) : start]).replace(_HELD, "")
    # a reply's lead-in ("it's 4417#", "sure its") says nothing: the label is in the question before it
    before = re.sub(
        r"(?i)(?:^|\n)[ \t]*(?:(?:sure|ok|okay|yeah|yep|yes|here|np|嗯|好)[,!.，]?[ \t]*)?"
        r"(?:it'?s|its|it is|就是|是)?[ \t]*$",
        "\n",
        before,
    )
    # a question that asked for it: "wifi 密码多少？", "what's the wifi password?"
    before = re.sub(r"(?i)\s*(?:多少|是什么|是啥|呢|发我|给我|告诉我)?\s*[？?]\s*$", "", before)
    before = re.sub(r"(?i)^.*\b(?:what'?s|what is|send me|tell me|give me)\s+", "", before.rstrip().split("\n")[-1])
    keys = list(_LABEL_KEY.finditer(before))
    if not keys:
        return kind.replace("_", " ")
    key = keys[-1]
    post = _LABEL_POST.match(before, key.end())
    if post:
        words = []
        for word in post.group("words").split():
            if word.lower() in _POST_STOP:
                break
            words.append(word)
        if words:
            return _clean_label(" ".join(words), kind)
    head = before[: key.start()].rstrip(" :：=，,的")
    if _CJK.search(head[-1:] or " ") or not head.isascii():
        match = _LABEL_ZH.search(head)
        label = match.group(1) if match else ""
    else:
        label = _thing_words(" ".join(head.split()[-4:]))
    return _clean_label(label, kind)


def _clean_label(label: str, kind: str) -> str:
    """Leading pronouns and articles off; long numbers (a phone, an account) out."""
    label = " ".join(w for w in label.split() if not (w.isdigit() and len(w) >= 4))
    for _ in range(3):
        label = _LABEL_STRIP.sub("", label.strip()).strip()
    return label or kind.replace("_", " ")


def redact(text: str, scope: str, *, before: str = "", prefiltered: bool = False) -> Screened:
    """Replace every secret in `text` with its reference placeholder.

    Screening is run again on its own output until nothing more is found (a match that was cut short, or a value
    whose neighbour only became a placeholder, can hide a second secret): redact(redact(x).text) == redact(x).

    `scope` (a file name, an evidence id) makes reference ids unique across texts; ids depend on the redacted text
    and the position of the secret in it, so the same text always gets the same ids. `before` is the (already
    redacted) end of the text that came just before in the same conversation: a value given in reply to a question
    that asks for it, or after a label that ended the previous message, is a secret here.
    """
    screened = _redact_once(text, scope, before=before, prefiltered=prefiltered)
    for _ in range(_PASSES):
        if not screened.secrets:
            break
        again = _redact_once(screened.text, scope, before=before, prefiltered=False)
        if not again.secrets:
            break
        screened = Screened(again.text, screened.secrets + again.secrets)
    return screened


_PASSES = 4


def _redact_once(text: str, scope: str, *, before: str, prefiltered: bool) -> Screened:
    findings = find_secrets(text, prefiltered=prefiltered)
    # a label is read from the text with every other value masked: no secret ends up in another one's label
    masked = _splice(text, findings, [_HELD * (f.end - f.start) for f in findings]) if findings else text
    labels = [_label(masked, f.start, f.kind) for f in findings]
    if before and _ASKS_OR_LABELS.search(before[-40:]):
        for finding, label in _carried_over(before, masked):
            if not any(f.start < finding.end and finding.start < f.end for f in findings):
                findings.append(finding)
                labels.append(label)
        order = sorted(range(len(findings)), key=lambda k: findings[k].start)
        findings, labels = [findings[k] for k in order], [labels[k] for k in order]
    if not findings:
        return Screened(text, ())
    generic = _splice(text, findings, [_GENERIC] * len(findings))
    refs = [stable_id("sec", scope, generic, i, f.kind) for i, f in enumerate(findings)]
    placeholders = [f"[secret:{f.kind}:{ref}]" for f, ref in zip(findings, refs, strict=True)]
    spans = tuple(
        SecretSpan(ref, f.kind, _safe_label(label, text[f.start : f.end], f.kind), ph)
        for f, ref, label, ph in zip(findings, refs, labels, placeholders, strict=True)
    )
    return Screened(_splice(text, findings, placeholders), spans)


# What the end of a text must hold for the next one to be read with it: a secret's name (a question, a label), or
# the head of a key block.
_ASKS_OR_LABELS = re.compile(
    r"(?i)密|码|口令|令牌|暗号|答案|助记|pass|pin|pw|code|key|token|secret|otp|wi-?fi|answer|phrase|seed|-----"
)


def _carried_over(before: str, text: str) -> list[tuple[Finding, str]]:
    """Secrets in `text` that only the end of the previous text makes secrets ("wifi 密码多少？" -> "Tplink8888")."""
    tail = before[-160:]
    joined = f"{tail}\n{text}"
    offset = len(tail) + 1
    carried = []
    for f in find_secrets(joined):
        if f.end <= offset or f.start < offset - 1 and f.rule_index >= 0 and RULES[f.rule_index].value == "whole":
            continue  # wholly in the previous text, or a pattern that needs no context (found in `text` alone)
        value = joined[max(f.start, offset) : f.end]
        # a loose rule believes any value after "password?"; across messages only a password shape is believed
        # ("why?" in reply is not one)
        loose = f.rule_index >= 0 and RULES[f.rule_index].value == "loose"
        if not loose or _plausible(value, "reply", explicit=False) or _COMPOSITION.search(value):
            shifted = Finding(f.kind, max(f.start, offset) - offset, f.end - offset, f.rule_index)
            carried.append((shifted, _label(joined, f.start, f.kind)))
    return carried


def redact_sequence(items: Sequence[tuple[str, str]]) -> list[Screened]:
    """Screen the texts of one conversation (its messages in order) or one entry (its paragraphs in order).

    Each item is (text, scope) as for `redact`. The sequence is the unit because a secret can be given in the text
    after the one that asks for it ("wifi 密码多少？" -> "Tplink8888"), or split over two; every importer screens
    through here.
    """
    mask = prefilter_mask([text for text, _ in items])
    out: list[Screened] = []
    before = ""
    for k, (text, scope) in enumerate(items):
        if mask[k]:
            screened = redact(text, scope, before=before, prefiltered=True)
        elif k and mask[k - 1]:
            screened = redact(text, scope, before=before)
        else:
            screened = Screened(text, ())
        out.append(screened)
        before = screened.text if screened.text.strip() else before
    return out


_VECTORIZED_FROM = 512


def prefilter_mask(texts: Sequence[str]) -> list[bool]:
    """For each text, whether the rules need to see it. From a few texts on, polars runs the prefilter patterns over
    all of them at once (Rust's regex, one pattern a column); a lone text goes through Python's `re`."""
    if len(texts) < _VECTORIZED_FROM:
        return [may_hold_secret(t) for t in texts]
    import polars as pl  # imported here: a read command screens its query without paying for polars

    frame = pl.DataFrame([pl.Series("t", texts, dtype=pl.String)]).select(
        hit=pl.any_horizontal([pl.col("t").str.contains(p) for p in PREFILTER_PATTERNS]),
        seed=pl.col("t").str.contains(SEED_PREFILTER_PATTERN),
    )
    hits, seeds = frame["hit"].to_list(), frame["seed"].to_list()
    return [
        bool(h) or bool(sd) and _may_hold_seed(_fold(t).lower()) for t, h, sd in zip(texts, hits, seeds, strict=True)
    ]


def _safe_label(label: str, value: str, kind: str) -> str:
    """A label that would give away any part of the secret is replaced by the kind (section 15.3)."""
    from mirror_pipeline.core.hints import hint_problems

    return label if not hint_problems(label, secret=value) else kind.replace("_", " ")


def count_secrets(texts: Sequence[str]) -> list[int]:
    """How many secret spans each text holds (the prefilter decides which texts the rules see)."""
    mask = prefilter_mask(texts)
    return [len(find_secrets(text)) if hit else 0 for text, hit in zip(texts, mask, strict=True)]


def placeholders_in(text: str) -> list[SecretSpan]:
    """The references already in a text (one per reference id), each with the label its context gives it."""
    spans: dict[str, SecretSpan] = {}
    for m in PLACEHOLDER_RE.finditer(text):
        kind, ref = m.group("kind"), m.group("ref")
        spans.setdefault(ref, SecretSpan(ref, kind, _label(text, m.start(), kind), m.group(0)))
    return list(spans.values())


def _splice(text: str, findings: list[Finding], replacements: list[str]) -> str:
    out: list[str] = []
    cursor = 0
    for finding, replacement in zip(findings, replacements, strict=True):
        out.append(text[cursor : finding.start])
        out.append(replacement)
        cursor = finding.end
    out.append(text[cursor:])
    return "".join(out)
