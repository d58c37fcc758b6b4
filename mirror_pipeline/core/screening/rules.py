"""The rules: one record per rule (its pattern, how its value is judged, the words it needs), in the order they run.

A rule runs only when one of its words is in the lower-cased text (most of screening's time went into rules that
cannot match; a substring test costs nanoseconds), and a rule that begins with a secret's name is tried only where
such a name stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from mirror_pipeline.core.ids import REF_BODY
from mirror_pipeline.core.screening.parts import FIRST_PART, REST
from mirror_pipeline.core.screening.values import _COMPOSITION, _DIGIT_WORD, Judge

# Changing any rule below changes this: the next run re-screens the whole inbox and rebuilds what was derived from it.
SCREENING_VERSION = "screening-21"

PLACEHOLDER_RE = re.compile(rf"\[secret:(?P<kind>[a-z_]+):(?P<ref>sec_{REF_BODY})\]")
# what a placeholder looks like to the rules: a value already given (a private-use character no rule looks for)
_HELD = "\ue000"


# Digits with separators are one value: "0 4 9 2", "5-9-1-7", "7 - 3 - 0 - 1", "24 68" (a dash or white space between
# groups of one to four digits; not a dot: "1.0.23" is a version)
_SPACED = r"\d{1,4}(?:(?:[ \t]?[-–—][ \t]?|[ \t])\d{1,4}){1,11}(?![\dA-Za-z])"
# session 16: a password typed one character at a time, a space between ("t a n g 8 8 h o r n"): six or more
_SPACED_CHARS = r"[A-Za-z0-9!@#$%^&*_](?: [A-Za-z0-9!@#$%^&*_]){5,40}(?![A-Za-z0-9])"
# session 17: a password dictated in words, part by part ("the word tamarind, then the number seven seven, then a
# dollar sign", "capital R, a, j, a, then seven seven, then hash"): two or more parts, each a word named as a word, a
# number in digits or in words, a symbol by its name, a letter by its case, or letters one by one
_NUMBER_WORD = (
    r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|double|triple)"
)
_SYMBOL_NAME = (
    r"(?:dollar(?: sign)?|hash(?: ?tag| sign)?|pound sign|exclamation (?:mark|point)|at sign|at symbol|asterisk|star|"
    r"underscore|dash|hyphen|ampersand|and sign|percent(?: sign)?|question mark|full stop|period|dot|plus sign|"
    r"caret|tilde|equals sign)"
)
_DICTATED_PART = (
    r"(?:(?:the |di |da |a |an )?(?:word|name) [A-Za-z]{2,20}"
    r"|(?:the |di |da |a |an )?(?:number|numbers|digits?) (?:\d{1,6}|"
    + _NUMBER_WORD
    + r"(?:[ -]"
    + _NUMBER_WORD
    + r"){0,5})|"
    + _NUMBER_WORD
    + r"(?:[ -]"
    + _NUMBER_WORD
    + r"){1,5}"
    r"|(?:the |di |da |a |an )?"
    + _SYMBOL_NAME
    + r"|(?:capital|upper ?case|big|small|lower ?case) (?:letter )?[A-Za-z]\b"
    # (session 19: or digits alone, "the word tangawizi then 9 9 then a dollar sign")
    r"|\d{1,6}(?: \d{1,6}){0,5}(?![\d:/.])"
    r"|[A-Za-z](?:, [A-Za-z]){1,8}\b)"
)
_DICTATED = (
    r"(?i:"
    + _DICTATED_PART
    + r"(?:(?:,? (?:and then|then|followed by|plus|and|after that)|,) "
    + _DICTATED_PART
    # (after a 'then', a word alone is the next part: "..., then hash, then mango")
    + r"|,? (?:and then|then|followed by) [a-z]{2,20}){1,9})(?![A-Za-z])"
)
# A value after an explicit separator ("密码是 x", "password: x"): anything up to white space or closing punctuation,
# or a quoted phrase. A placeholder is never a value.
_LOOSE = (
    r"(?:[\"'“‘](?P<quoted>[^\"'”’\n]{1,64})[\"'”’]"
    r"|(?P<value>(?!\[secret:)(?:"
    + _DICTATED
    + "|"
    + _SPACED
    + "|"
    + _SPACED_CHARS
    + r"|[^\s，。；！？、“”‘’（）【】<>]{2,64})))"
)
# A value with no separator ("银行卡密码 482193"): password characters only, judged strictly (see _plausible).
_TIGHT = r"(?P<value>" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})(?![A-Za-z0-9])"

_ZH_KEY = (
    # (session 10: an alarm's code to disarm or arm it, 解除碼 / 撤防码 / 布防码)
    r"(?:密码|口令|密碼|(?<![A-Za-z])(?i:pin)(?![A-Za-z])码?|支付密码|取款密码|密钥|秘钥|私钥|令牌|(?:解锁|开锁|锁屏|开机|解除|撤防|布防)码)"
    # a compound noun is not the secret's name: 密码管理器, 密码学, 密码框, 密码强度 ...
    r"(?!管理|学|框|栏|提示|规则|策略|强度|长度|格式|输入框|键盘)"
)
# (session 10: Cantonese writes its copula 係, folded to 系: "解除碼係 7731"; only before a value's first character, so
# 密码系统 stays a system)
_ZH_SET = (
    r"(?:系(?=\s*[A-Za-z0-9#*\"'“‘])|是|为|"
    r"改成了?|改为了?|换成了?|设置为|设为|设置成了?|设成了?|设的是?|变成了?|改了?成|用的是?)"
)
# (optional pieces end in a non-space, so a run of white space is never tried two ways: no quadratic backtracking)
_ZH_SEP = rf"(?:我|你|他|她|已经|刚刚?|也|还|就|都|仍然){{0,2}}\s*(?P<sep>{_ZH_SET}(?:\s*:)?|:|=)\s*"
_EN_KEY = (
    r"\b(?i:password|passcode|passphrase|passwd|pas?sw(?:ro|ar|r|o)d|pasword|pwd|pw|pin(?: code| number)?|"
    r"puk(?: code)?|app password|api key|"
    r"api token|"
    r"access token|auth token|bearer token|secret key|(?:admin|root|login|wi-?fi|account|user|e?mail|db|ssh|vpn|"
    r"router) pass|(?<=的)pass|(?<=的 )pass|(?:door|gate|garage|alarm|lock|safe|locker|lockbox|padlock|bike lock"
    r"|suitcase|keypad|entry|"
    # screening-13: an alarm's code to disarm it ("ADT alarm disarm code 9132")
    r"building|disarm|arming) (?:code|combo|combination))\b"
)
_EN_FOR = r"(?i:(?: for| to| of) (?:my |the |our |your )?[\w.@&'\-]+(?: [\w.@&'\-]+){0,3}?)?"
_EN_SEP_WORD = (
    r"(?:(?:我|你|他|她|已经|也|还|就|都){0,2}"
    + _ZH_SET
    + r"|\?|:|=|->|→|=>|-(?=\s)|(?i:(?:got |has been |had been |was |is |been )?(?:changed|reset|set|updated"
    r"|switched) to|"
    r"'s still|’s still|'s now|'s|’s|its|it'?s|it is now|it is|is now|is still|is|was|now|"
    r"finally|actually|just|literally|probably|basically|honestly|currently|mine|ours|yours|theirs)\b)"
)
_EN_SEP = rf"\s*(?P<sep>{_EN_SEP_WORD}(?:\s*{_EN_SEP_WORD})*)\s*"
# session 10: a one-time code's digits however they are grouped or spaced, four or more in two to six groups ("4 9 1
# 0 3 7", "48 21 90", "4 8 2 - 1 9 0"); a longer run of groups is not a code, and none of it is taken
_GROUPED_CODE = (
    r"(?=(?:\d[ \t\-–—]{0,3}){3}\d)\d{1,4}(?:(?:[ \t]?[-–—][ \t]?|[ \t])\d{1,4}){1,5}"
    r"(?![\dA-Za-z]|[ \t]?[-–—]?[ \t]?\d)"
)
# a parcel locker's pickup code opens a locker once: a one-time code
# (认证码: Taiwan's 認證碼)
_CODE_WORDS = r"(?:验证码|认证码|校验码|动态码|动态密码|短信码|确认码|取件码|提货码|取货码)"
_CODE = r"[A-Za-z0-9]{4,}(?:[- ][A-Za-z0-9]{4,})*"
_CODE_LIST = (
    _CODE
    + r"(?:(?:[ \t]*[,;、，；/|][ \t]*|[ \t]{2,}|[ \t]*(?:另一个|还有|以及|和|(?i:and|then))[ \t]*)"
    + _CODE
    + ")*"
)
_ASSIGN = r"[\"']?\s*[:=]\s*[\"']?"
# An answer or a passphrase: words and spaces to the end of the clause (a name, a school, four words).
_ANSWER = (
    r"(?P<value>(?!\[secret:)[^\n，。；！？,;!?]{2,48}?)"
    r"(?=\s*(?:[\n，。；！？,;!?]|(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)\.(?:\s|$)|$))"
)
_ZH_SEP_ANY = r"\s*(?P<sep>(?:也|还|就)?(?:是|为|:|=|is|was)|is now|:)\s*"
# What a security question asks (its answer is the secret; the same words in a life story are not: they need a
# question, a login or a Q/A around them)
_SECURITY_SUBJECT = (
    r"maiden name|first (?:pet|school|car|teacher|boss|job|love|street)|(?:pet|school|street|teacher)'?s? name|"
    r"city (?:where|you were born)|(?:where|town|street) (?:you|your parents) (?:were born|met|grew up)|"
    r"childhood (?:friend|nickname|street|hero)|favou?rite (?:teacher|book|film|movie|food|colou?r|team)|"
    r"母亲的姓|妈妈的姓|母亲的名字|"
    r"第一只宠物|小学|班主任|出生(?:地|的城市)|父母(?:在哪|相识)"
)
# A value alone on its line: password characters only
# the end of a question that asks for a secret: "多少来着", "发我一下", "what's the password?"
_ASKING = r"(?:(?:多少|是什么|是啥|发我|给我|告诉我|发一下|念给我|发你|给你|发过去)[^\n]{0,6}?[？?]?|[？?]|呢|来着|啊)"
_LINE_VALUE = (
    # a lead-in ("sure its", "it's"); it begins and ends with a word, so white space is never tried two ways
    r"(?:(?i:(?:sure|ok|okay|yeah|yep|yes|here|np|嗯|好)[,!.，]?(?:\s*(?:it'?s|its|it is|就是|是))?"
    r"|it'?s|its|it is|就是|是)\s*)?"
    r"[\"'“‘]?(?P<value>" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})[\"'”’]?"
    r"(?:[,;。，；！!]?(?:[ \t]+[^\s\[][^\n]{0,11}|(?<=[,;。，；！!])[^\s\[][^\n]{0,11})?)?[ \t]*(?=\n|$)"
)


# the start of a message that corrects the one before: "no wait it's", "sorry typo,", "打错了，是", "更正一下："
_CORRECTION = (
    r"(?:(?i:(?:no|nope|wait|oops|sorry|typo|actually|correction|my bad|i mean|i meant|scratch that|sry|oh)"
    r"[ \t,.!:;]*)++(?i:(?:it'?s|its|it is|should be|is|was)[ \t]+)?"
    r"|(?:不对|打错了?|说错了?|写错了?|发错了?|更正(?:一下)?|哦不|错了|纠正(?:一下)?)[ \t，,:。！!]*(?:应该是|是|为)?)"
    r"[ \t:]*"
)
_CORRECTED = r"[\"'“‘]?(?P<value>" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{3,64})[\"'”’]?[ \t.!?。！]*(?=\n|$)"
# the password of a pair: long enough for a network or a login (a Wi-Fi password has at least 8)
_PAIRED = r"(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{6,64})(?![A-Za-z0-9])"
# digits or Chinese numerals, not a year, a date, an amount or a count
_ZH_NUMBER = (
    r"(?P<value>(?<![\d.])(?!(?:19|20)\d\d(?!\d))(?:\d(?:[ \t]?[-–—][ \t]?\d|[ \t]\d){3,7}"
    r"|\d{4,8}))(?![\d.年月日号岁个位次天元块%楼栋层室房])"
)
_ZH_NUMERALS = (
    r"[^\n\d，。,.]{0,8}?(?:是|为|:)?\s*"
    # (screening-11: or spaced, one numeral at a time: "五 八 二 零 九 一")
    r"(?P<value>[零〇一二三四五六七八九幺两拐洞]"
    r"(?:[零〇一二三四五六七八九幺两拐洞]{3,7}|(?:[ \t][零〇一二三四五六七八九幺两拐洞]){3,7}))"
    r"(?![零〇一二三四五六七八九幺两拐洞十百千万])"
)
# "is still my birthday", "is the usual one,", "is the same as always,": a value that follows a reference to one
_EN_SAME = (
    r"(?i:[^.!?\n]{0,24}?\b(?:usual|same|old|default|regular|standard|birthday|always|before)\b[^.!?\n,:]{0,16}?"
    r"[,:]?[ \t]+)(?i:(?<!\bfrom )(?<!\bsince )(?<!\bin )(?<!\buntil )(?<!\bback )(?<!\baround ))"
)
_EN_SAFE = (
    r"(?i)(?:\b(?:the|my|our|your|his|her|hotel|room|wall|gun) safe\b(?! house| zone| space| room| place| area| mode)"
    r"|\b(?:locker|lockbox|lock box|padlock|keypad|"
    # screening-13: a combination named bare ("the Abus combination is 3-3-8-1": the value must be a code's digits)
    r"combination lock|combination|combo|garage|gate|front door|back door|door|alarm|storage unit|shed)\b"
    r"|\b(?:code|combo"
    r"|combination) (?:to|for|of) (?:the |my |our )?(?:[a-z]+ )?"
    r"(?:safe|locker|lockbox|padlock|alarm|gate|door|garage|shed)\b)"
    r"(?:(?!number|no\.|#|room)[^.!?\n\d]){0,30}?(?:\bis\b|:|="
    # session 21: what opens it ("the lockbox by the blue door opens with 7229"), a keypad's star or hash key before
    # the digits ("the gate keypad is star 0472")
    r"|\b(?:opens?|unlocks?|open it|unlock it|is set|set)[ \t]+(?:with|to|using)\b)"
    r"(?:[ \t]*(?:star|hash|pound|asterisk)\b|[ \t]*[*#])?"
)
_ZH_SAFE = (
    r"(?:保险柜|保险箱|柜子的锁|密码锁|门禁码?|门锁|储物柜|行李箱的?锁|挂锁|箱子的锁|智能锁|电子锁|指纹锁)"
    # (screening-11: a lock's admin code, "新家智能锁 管理员码 2580913"; the code the person set, "保险柜了，我设的
    # 5831")
    r"(?:[ \t]*(?:管理员|管理|开门|开锁|临时)?(?:密码|码))?"
    r"(?:[^。！？\n\d]{0,8}?(?:是|为|:|改成了?|换成了?|设成了?|改为|设为|设置为|设的是?|设了))?"
)
_COMBINATION = (
    r"\s*(?P<value>(?<![\d.])(?:\d{1,2}(?:[ \t]?[-–—][ \t]?\d{1,2}|[ \t]\d{1,2}){2,7}"
    # (a period after the value ends the sentence: "is 3-3-8-1."; one before a digit is a decimal's)
    r"|\d{4,8}"
    # session 21: or said in digit words ("opens with seven two two nine")
    r"|(?i:(?<![a-z])(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?:[ \t,-]+(?:zero|oh|one|two|three|four"
    r"|five|six|seven|eight|nine)){3,7}(?![a-z]))"
    r"))(?![\d:/年月日号岁个位次天元块%楼栋层室房])(?!\.\d)"
    r"(?!\s*(?i:sq|ft|feet|m|km|cm|kg|lbs?|people|dollars|usd|rmb|yuan|米|人)\b)"
)
_QUOTED_OR_TIGHT = r"[\"'“‘]?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{6,64})(?![A-Za-z0-9])"
_NOT_A_SPEED = r"(?![\d.]+\s*(?i:[mkg]bps|[mg]b|[mg]hz|ms|g)\b)"


_ZH_KEY_WORDS = tuple("密码 口令 密碼 pin 密钥 秘钥 私钥 令牌 解锁码 开锁码 锁屏码 开机码 解除码 撤防码 布防码".split())
_EN_KEY_WORDS = ("pass", "pasw", "pw", "pin", "puk", "key", "token", "code", "combo", "combination")
_CODE_KEY_WORDS = ("验证码", "认证码", "校验码", "动态码", "动态密码", "短信码", "确认码", "取件码", "提货码", "取货码")


# a network's name, not its password: "WiFi: Casa_Lopez_5G" with "pass: …" on the next line, "Brew_Guest, no password"
# (session 21: "no ~": detection masks the name of a secret said to be absent)
_NETWORK_NAME_AHEAD = (
    r"(?![^\s,，]*[ \t,，]*(?i:no pass|no pw|open network|no password|没有密码|无密码|不用密码|no ~|没有~|无~|不用~))"
    r"(?![^\s]*[ \t]*\n[ \t]*(?i:pass|pw|pwd|password|key|密码))"
)


@dataclass(frozen=True, kw_only=True)
class Rule:
    kind: str
    pattern: re.Pattern[str]
    judge: Judge = Judge.WHOLE
    # words (in the lower-cased text) one of which its match always holds: a rule whose words are all absent is not run
    needs: tuple[str, ...]
    # a shape people use as a password ("admin123"), not a statement: in talk about passwords in general (a news
    # line about the most common ones) it is an example, not a secret
    example_shape: bool = False


_RULES: tuple[Rule, ...] = (
    # a key block, its armour lines with it (they say what the placeholder says: a private key). screening-11: the
    # armour as people paste it, in any case, its dashes miscounted ("----BEGIN RSA PRIVATE KEY----"), or none: then
    # the key's lines must follow it
    Rule(
        kind="private_key",
        pattern=re.compile(
            r"(?i:-{2,}[ \t]*BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?[ \t]*-{2,}[\s\S]*?"
            r"(?:-{2,}[ \t]*END (?:[A-Z0-9]+ )*"
            r"PRIVATE KEY(?: BLOCK)?[ \t]*-{2,}|\Z)"
            r"|(?<![A-Za-z])BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?(?:[ \t]*\n[ \t]*[A-Za-z0-9+/=]{16,})+"
            r"(?:[ \t]*\n[ \t]*-{0,5}[ \t]*END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?[ \t]*-{0,5})?)"
        ),
        judge=Judge.WHOLE,
        needs=("private key",),
    ),
    # the tail of a key whose first lines were in another message or paragraph
    Rule(
        kind="private_key",
        pattern=re.compile(
            r"(?im)(?:^[A-Za-z0-9+/=]{16,}[ \t]*\n)+-{2,}[ \t]*END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?[ \t]*-{2,}"
        ),
        judge=Judge.WHOLE,
        needs=("private key",),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\bsk-(?:proj-|ant-|live-)?[A-Za-z0-9_\-]{20,}"),
        judge=Judge.MIXED,
        needs=("sk-",),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}\b"),
        judge=Judge.WHOLE,
        needs=("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,}\b"),
        judge=Judge.WHOLE,
        needs=("github_pat_",),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
        judge=Judge.WHOLE,
        needs=("akia", "asia"),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b"),
        judge=Judge.WHOLE,
        needs=("aiza",),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\bhf_[A-Za-z0-9]{30,}\b"),
        judge=Judge.WHOLE,
        needs=("hf_",),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}\b"),
        judge=Judge.WHOLE,
        needs=("xox",),
    ),
    Rule(
        kind="api_key",
        pattern=re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}\b"),
        judge=Judge.WHOLE,
        needs=("_live_", "_test_"),
    ),
    Rule(
        kind="token",
        pattern=re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
        judge=Judge.WHOLE,
        needs=("eyj",),
    ),
    Rule(
        kind="password",
        pattern=re.compile(r"(?i)(?<![a-z0-9+.\-])[a-z][a-z0-9+.\-]*://[^\s:/@]+:(?P<value>[^\s@/]{3,})@"),
        judge=Judge.LOOSE,
        needs=("://",),
    ),
    # DB_PASSWORD=..., "password": "...", MYSQL_ROOT_PASSWORD: ...
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)(?<![a-z0-9_])[a-z0-9_]*?(?:password|passwd|passphrase|pwd|_pass\b|(?<=[\"'])pass(?=[\"']))[a-z0-9_]*"
            + _ASSIGN
            + r"(?P<value>[^\s\"',;]{3,64})"
        ),
        judge=Judge.LOOSE,
        needs=("pass", "pwd"),
    ),
    # SECRET_KEY=..., token: ..., aws_secret_access_key = ... (a value with letters and digits: not `AutoTokenizer`)
    Rule(
        kind="api_key",
        pattern=re.compile(
            r"(?i)(?<![a-z0-9_])[a-z0-9_]*?(?:secret|token|api_?key|access_?key|private_?key|client_?secret)[a-z0-9_]*"
            + _ASSIGN
            # (session 19: a quoted value may hold any symbol, "SECRET_KEY = 'v8#m2q!x0…'")
            + r"(?P<value>(?<=[\"'])[^\s\"']{8,128}(?=[\"'])|[A-Za-z0-9/+_\-.=]{8,})"
        ),
        judge=Judge.MIXED,
        needs=("secret", "token", "key"),
    ),
    # session 20: a credential in a pasted link's query ("reset?uid=88213&key=9c2e7b1f…", "&sig=…", "?pwd=…"): the
    # parameter's name says what the value is
    Rule(
        kind="token",
        pattern=re.compile(
            r"(?i)[?&](?:key|sig|signature|auth|pass|pwd|password|passwd|secret|apikey|access_key)="
            r"(?P<value>[A-Za-z0-9_\-.%~+/]{8,256})"
        ),
        judge=Judge.MIXED,
        needs=("key=", "sig=", "signature=", "auth=", "pass=", "pwd=", "password=", "passwd=", "secret="),
    ),
    Rule(
        kind="token",
        pattern=re.compile(r"(?i)\bbearer\s+(?P<value>[A-Za-z0-9._~+/=\-]{16,})"),
        judge=Judge.MIXED,
        needs=("bearer",),
    ),
    Rule(
        kind="password",
        pattern=re.compile(r"\bmysql\b[^\n]*?\s-p(?P<value>[^\s]{3,64})"),
        judge=Judge.LOOSE,
        needs=("mysql",),
    ),
    Rule(
        kind="password",
        pattern=re.compile(_ZH_KEY + _ZH_SEP + _LOOSE),
        judge=Judge.LOOSE,
        needs=_ZH_KEY_WORDS,
    ),
    # 密码忘了，新的是482193
    Rule(
        kind="password",
        pattern=re.compile(_ZH_KEY + r"[^。！？\n]{0,12}?新的?(?:密码)?\s*(?P<sep>是|为|:)\s*" + _LOOSE),
        judge=Judge.LOOSE,
        needs=_ZH_KEY_WORDS,
    ),
    Rule(
        kind="password",
        pattern=re.compile(_ZH_KEY + r"[ \t]*" + _TIGHT),
        judge=Judge.TIGHT,
        needs=_ZH_KEY_WORDS,
    ),
    # or a few words between the name and the separator ("the wifi password here is Tplink8888", "wifi pw at the
    # cabin is moose4life", "the password I use for everything is Pumpkin2016"): then a password shape only
    Rule(
        kind="password",
        pattern=re.compile(
            _EN_KEY + r"(?:" + _EN_FOR + r"|(?P<filler>(?:[ \t]+[A-Za-z'’]+){1,4}?))" + _EN_SEP + _LOOSE
        ),
        judge=Judge.LOOSE,
        needs=_EN_KEY_WORDS,
    ),
    # "I set the wifi password to K8mmq2x9", "changed my gmail password to Hunter2024x"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:set|changed?|reset|updated?)\b[^.!?\n]{0,40}?" + _EN_KEY + r"[^.!?\n]{0,20}?\bto\s+" + _LOOSE
        ),
        judge=Judge.LOOSE,
        needs=_EN_KEY_WORDS,
    ),
    Rule(
        kind="password",
        pattern=re.compile(_EN_KEY + r"[ \t]+" + _TIGHT),
        judge=Judge.TIGHT,
        needs=_EN_KEY_WORDS,
    ),
    # "wifi的密码我写在了便利贴上: K8#mmq2", "the password, written on the router: K8#mmq2"
    Rule(
        kind="password",
        pattern=re.compile(_ZH_KEY + r"[^。！？\n:]{1,20}:\s*" + _TIGHT),
        judge=Judge.TIGHT,
        needs=_ZH_KEY_WORDS,
    ),
    Rule(
        kind="password",
        pattern=re.compile(_EN_KEY + r"[^.!?\n:]{1,40}:\s*" + _TIGHT),
        judge=Judge.TIGHT,
        needs=_EN_KEY_WORDS,
    ),
    # recovery / backup code lists: every code, not just the first
    Rule(
        kind="recovery_code",
        pattern=re.compile(
            r"(?i)(?:(?:备用|备份|备援|恢复|救援|紧急)(?:验证)?(?:码|代码)|(?:recovery|backup|rescue|emergency) codes?"
            r"|(?:2fa|mfa|otp"
            r"|two[- ]factor) backups?(?: codes?)?)(?:[^\n:：]{0,20}?(?=:))?(?:[ \t]*(?:是|为|are|is))?"
            # a list of codes, or of digit groups read out ("备用码 839 204 771": three codes of three digits)
            r"(?:[ \t]*:)?\s*(?P<value>" + _CODE_LIST + r"|\d{3}(?:[ \t]\d{3}){1,9}(?![\d.]))"
        ),
        judge=Judge.TIGHT,
        needs=("备用", "备份", "备援", "恢复", "救援", "紧急", "recovery", "backup", "rescue", "emergency"),
    ),
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            _CODE_WORDS
            + r"(?:[^\n\d，。,.]{0,8}?(?:是|为|:))?\s*(?P<value>"
            + _GROUPED_CODE
            + r"|[A-Za-z0-9\-]{4,12}\b)"
        ),
        judge=Judge.TIGHT,
        needs=_CODE_KEY_WORDS,
    ),
    Rule(
        kind="one_time_code",
        pattern=re.compile(r"(?P<value>\b\d{4,8})\s*(?:是|为)(?:您|你)的[^，。\n]{0,6}?" + _CODE_WORDS),
        judge=Judge.TIGHT,
        needs=_CODE_KEY_WORDS,
    ),
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?i)\b(?:(?:verification|security|one[- ]time|login|sign[- ]in|otp|2fa|auth(?:entication)?|"
            r"confirmation|access|sms) codes?|otp|totp|2fa)\b(?:[^.\n\d]{0,16}?(?:is|:|=))?\s*"
            r"(?P<value>" + _GROUPED_CODE + r"|[A-Za-z0-9\-]{4,12}\b)"
        ),
        judge=Judge.TIGHT,
        needs=("code", "otp", "2fa"),
    ),
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?i)\b(?:your (?:\w+ )?code|otp|one[- ]time (?:password|passcode|pin)|totp)\b"
            r"[^.\n]{0,12}?(?:is|:)\s*(?P<value>" + _GROUPED_CODE + r"|\d{4,8}\b)"
        ),
        judge=Judge.TIGHT,
        needs=("code", "otp"),
    ),
    Rule(
        kind="one_time_code",
        pattern=re.compile(r"(?i)(?P<value>\b\d{4,8})\s+(?:is|as) your (?:[\w-]+ ){0,3}(?:code|otp|pin|passcode)\b"),
        judge=Judge.TIGHT,
        needs=("code", "otp", "pin", "passcode"),
    ),
    # security-question answers: any words (a pet's name, a school) are the secret
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:密保|安全问题|security question|secret question|security answer|recovery question)[^\n]{0,40}?"
            r"(?:(?:我填的|我写的|我设的)[ \t]+(?=[^ \t\n是为:])|(?:答案|answer|回答|我?填的|我?写的|我?设的)"
            r"\s*(?:是|为|:|is|was|=|-|改成了?|改为|换成了?|设为|设置为|is now)|I answered|I put|I used|I wrote)\s*"
            + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("密保", "安全问题", "security", "secret", "recovery"),
    ),
    # session 12: the answer said again further on, after what was given first ("security question 'first pet' -> I
    # put Biscuit the hamster, so answer is biscuit2001"): every "answer is" of the line is one
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:密保|安全问题|security question|secret question|recovery question)[^\n]{0,120}?"
            r"(?<![a-z])(?:答案|answer)\s*(?:是|为|:|is|was|=)\s*" + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("密保", "安全问题", "security", "secret", "recovery"),
    ),
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:密保|security question|secret question|recovery question)[^\n:。！？!?]{0,40}[)）]?\s*:\s*"
            + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("密保", "security", "secret", "recovery"),
    ),
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)answer (?:to|for) (?:my|the|your|his|her) (?:\w+ )?(?:security|secret) questions?"
            r"[^\n.!?]{0,20}?\s*(?:is|was|:|=)\s*" + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("security", "secret"),
    ),
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:security|secret) question[^\n]{0,40}?[\"'“‘]"
            # not the question itself ("'name of first pet'", "'city you were born in'")
            r"(?![^\"'”’\n]*(?:\bname of\b|\bwhat\b|\bwhere\b|\bwhich\b|\bwho\b|\bborn\b|\bfavou?rite\b|\bfirst\b|"
            r"\bmaiden\b|\bchildhood\b|最喜欢|什么|哪|谁|[?？]))"
            r"(?P<quoted>[^\"'”’\n]{2,40})[\"'”’]"
        ),
        judge=Judge.ANSWER,
        needs=("security", "secret"),
    ),
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)\bQ:(?=[\s\S]*(?:security|secret question|密保|安全问题|" + _SECURITY_SUBJECT + r"))[^\n]{0,80}?"
            r"(?:\n[ \t]*)?\bA:\s*" + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("q:",),
    ),
    # passphrases and spoken pass words: the whole phrase, words and spaces
    Rule(
        kind="passphrase",
        pattern=re.compile(
            r"(?i)(?:passphrase|pass phrase|safe ?word|code ?word|口令|暗号|暗语|密语)" + _ZH_SEP_ANY + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("passphrase", "pass phrase", "safe", "word", "口令", "暗号", "暗语", "密语"),
    ),
    # a question that asks for a secret, the value alone on the next line (or in the next message, see redact)
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)(?:密码|口令|wi-?fi|password|passcode|pin)[^\n]{0,16}?" + _ASKING + r"\s*\n\s*" + _LINE_VALUE
        ),
        judge=Judge.REPLY,
        needs=("密码", "口令", "wifi", "wi-fi", "pass", "pin"),
    ),
    Rule(
        kind="one_time_code",
        pattern=re.compile(r"(?i)(?:验证码|code|otp)[^\n]{0,16}?" + _ASKING + r"\s*\n\s*" + _LINE_VALUE),
        judge=Judge.REPLY,
        needs=("验证码", "code", "otp"),
    ),
    # the label on one line, the value alone on the next
    Rule(
        kind="password",
        pattern=re.compile(_ZH_KEY + r"[ \t]*[:：]?[ \t]*\n\s*" + _LINE_VALUE),
        judge=Judge.REPLY,
        needs=_ZH_KEY_WORDS,
    ),
    Rule(
        kind="password",
        pattern=re.compile(_EN_KEY + r"[ \t]*[:：]?[ \t]*\n\s*" + _LINE_VALUE),
        judge=Judge.REPLY,
        needs=_EN_KEY_WORDS,
    ),
    # "admin / Router#2023" after a login, an account, a back office
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)(?:登录|登陆|后台|账号|帐号|用户名|login|account|user(?:name)?|admin)[^\n]{0,24}?"
            r"[\w.@\-]+[ \t]*/[ \t]*" + _TIGHT
        ),
        judge=Judge.TIGHT,
        needs=("登录", "登陆", "后台", "账号", "帐号", "用户名", "login", "account", "user", "admin"),
    ),
    # shapes people use as passwords ("Password123!", "P@ssw0rd", "admin888"), wherever they stand
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:p[a@]ssw[o0]rd|p[a@]\$\$w[o0]rd|qwerty|letmein|iloveyou|admin)[0-9!@#$%^&*]{2,}(?![\w])"
        ),
        judge=Judge.WHOLE,
        needs=("pass", "p@ss", "p@$$", "qwerty", "letmein", "iloveyou", "admin"),
        example_shape=True,
    ),
    Rule(
        kind="pin",
        pattern=re.compile(r"(?i)\bkeypad[ \t]+(?P<value>[0-9]{3,8}[#*]?)"),
        judge=Judge.TIGHT,
        needs=("keypad",),
    ),
    # "密码我帮你改了，现在是 x"
    Rule(
        kind="password",
        pattern=re.compile(
            _ZH_KEY + r"[^。！？\n]{0,16}?(?:现在|目前|已经)(?:的密码)?(?:是|为|改成了?|换成了?)\s*:?\s*" + _LOOSE
        ),
        judge=Judge.LOOSE,
        needs=_ZH_KEY_WORDS,
    ),
    # "门禁卡密码 6位 是 093471": a few words between the name and 是
    Rule(
        kind="password",
        pattern=re.compile(_ZH_KEY + r"[^。！？，,\n]{1,8}?(?:是|为)\s*:?\s*" + _TIGHT),
        judge=Judge.TIGHT,
        needs=_ZH_KEY_WORDS,
    ),
    # "I'm using Correct-Horse-42 as the master password now"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:using|use|chose|picked|set|made)\s+[\"']?(?P<value>[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})[\"']?\s+as\s+"
            r"(?:the|my|our|a)\s+(?:[\w-]+\s+){0,2}(?:password|passcode|pin|passphrase)"
        ),
        judge=Judge.TIGHT,
        needs=("password", "passcode", "pin", "passphrase"),
    ),
    # "u: jdoe  p: Tr1ckyPass#", "wifi: MyHome / pass: sunshine2020"
    Rule(
        kind="password",
        pattern=re.compile(r"(?i)(?<![a-z])(?:pass|p|pw|pwd|passwd)\s*[:=]\s*" + _TIGHT),
        judge=Judge.TIGHT,
        needs=("p:", "p :", "p=", "pw", "pass"),
    ),
    # "Enter 902144 to verify your Apple ID"
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?i)\b(?:enter|use|type|input)\s+(?P<value>\d{4,8})\s+(?:to|as|for)\s+(?:verify|confirm|sign|log|your)"
        ),
        judge=Judge.TIGHT,
        needs=("enter", "use", "type", "input"),
    ),
    # Telegram bot tokens
    Rule(
        kind="api_key",
        pattern=re.compile(r"\b\d{8,10}:AA[A-Za-z0-9_\-]{30,}"),
        judge=Judge.WHOLE,
        needs=(":aa",),
    ),
    # "what's the wifi" / "TPLink_2ndFloor99": the question word first
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:what'?s|what is|send me|give me|tell me)\b[^\n]{0,24}?(?:password|passcode|pin|wi-?fi|code)"
            r"[^\n]{0,10}?\s*\n\s*" + _LINE_VALUE
        ),
        judge=Judge.REPLY,
        needs=("what", "send", "give", "tell"),
    ),
    # a question, and a reply that tells how the password is built ("我生日加abc")
    Rule(
        kind="password",
        pattern=re.compile(
            _ZH_KEY
            + r"[^\n]{0,16}?"
            + _ASKING
            + r"\s*\n\s*(?P<value>[^\n]{0,24}?(?:"
            + _COMPOSITION.pattern
            + r")[^\n]{0,24})"
        ),
        judge=Judge.LOOSE,
        needs=_ZH_KEY_WORDS,
    ),
    # a provider key wrapped over lines
    Rule(
        kind="api_key",
        pattern=re.compile(
            r"\b(?:sk-(?:proj-)?|ghp_|github_pat_|AKIA|AIza|xox[abposr]-|hf_|sk_live_|eyJ)[A-Za-z0-9_\-.]{2,}"
            r"(?:[ \t]*\n[ \t]*(?=[A-Za-z_\-.]*[0-9A-Z])[A-Za-z0-9_\-.]{6,}(?=[ \t]*(?:\n|$)))+"
        ),
        judge=Judge.MIXED,
        needs=("sk-", "ghp_", "github_pat_", "akia", "aiza", "xox", "hf_", "sk_live_", "eyj"),
    ),
    # "密码我记在这了 Bj_2024_home": a few words after the name, then letters and digits
    Rule(
        kind="password",
        pattern=re.compile(_ZH_KEY + r"[^。！？\n:,;]{1,12}?[ \t]+" + _TIGHT),
        judge=Judge.MIXED,
        needs=_ZH_KEY_WORDS,
    ),
    # a correction right after a secret is a secret: "[secret] | no wait it's Hunter22!", "[secret] | 打错了，是 x"
    Rule(
        kind="password",
        pattern=re.compile(_HELD + r"{8,}[^\n]{0,40}\n(?:[ \t]*\n){0,3}[ \t]*" + _CORRECTION + _CORRECTED),
        judge=Judge.REPLY,
        needs=(_HELD,),
    ),
    # a user / password pair after a name for a login or a network: "wifi: HomeNet / sunshine2020"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)(?:wi-?fi|ssid|network|router|路由器?|密码|口令|(?<![a-z])(?:pw|pwd|pass)(?![a-z])|login|账号|帐号)"
            r"[^\n/]{0,30}?[\w.@\-]+[ \t]*/[ \t]*" + _PAIRED
        ),
        judge=Judge.TIGHT,
        needs=("/",),
    ),
    # words between the name and a number: "银行卡密码六个数 880213", "取款密码我生日 880213", "门禁密码换了，现在 3579"
    # (words that tell how it is built, "我生日", go with it: section 15.3)
    Rule(
        kind="pin",
        pattern=re.compile(_ZH_KEY + r"(?P<built>(?:[^。！？\n.!?]|\.(?!\s)){1,14}?)[ \t:，,]*" + _ZH_NUMBER),
        judge=Judge.TIGHT,
        needs=_ZH_KEY_WORDS,
    ),
    # "my bank pin is still my birthday 0812", "spotify password is the usual one, jazzhands99"
    Rule(
        kind="password",
        pattern=re.compile(_EN_KEY + _EN_SAME + r"(?=[A-Za-z!@#$%^&*._+=~\-]*\d)" + _TIGHT),
        judge=Judge.TIGHT,
        needs=_EN_KEY_WORDS,
    ),
    # a code or a password in Chinese numerals: "验证码是：六七三九二一", "银行卡密码：三九二八五一"
    Rule(
        kind="one_time_code",
        pattern=re.compile(_CODE_WORDS + _ZH_NUMERALS),
        judge=Judge.TIGHT,
        needs=_CODE_KEY_WORDS,
    ),
    Rule(
        kind="pin",
        pattern=re.compile(_ZH_KEY + _ZH_NUMERALS),
        judge=Judge.TIGHT,
        needs=_ZH_KEY_WORDS,
    ),
    # safes, lockers, lockboxes, padlocks, keypads; a door, gate or alarm with its code
    Rule(
        kind="combination",
        pattern=re.compile(_EN_SAFE + _COMBINATION),
        judge=Judge.TIGHT,
        needs=(
            "safe",
            "lock",
            "keypad",
            "code",
            "combo",
            "combination",
            "alarm",
            "garage",
            "gate",
            "door",
            "shed",
            "storage",
        ),
    ),
    Rule(
        kind="combination",
        pattern=re.compile(_ZH_SAFE + _COMBINATION),
        judge=Judge.TIGHT,
        needs=("保险", "柜", "锁", "门禁"),
    ),
    # card security data: CVV / CVC / 安全码, "security code on the back: 615", "信用卡背面三位数 386"
    Rule(
        kind="card_security",
        pattern=re.compile(
            r"(?i)(?:(?<![a-z])(?:cvv2?|cvc2?|cvn|csc)(?![a-z])|security code|card code|安全码|"
            r"(?:卡|card)[^\n]{0,30}?(?:背面|on the back))"
            r"[^\n\d]{0,16}?(?P<value>(?<!\d)\d{3,4})(?![\d/年月日号元块])"
        ),
        judge=Judge.TIGHT,
        needs=("cv", "csc", "security", "code", "安全码", "背面", "back"),
    ),
    # restricted personal numbers: a US social security number, a passport number, the end of a resident ID
    Rule(
        kind="id_number",
        pattern=re.compile(
            r"(?i)(?<![a-z])(?:ssn|social security(?: number| no\.?)?|social)(?![a-z])"
            r"[^\n\d]{0,16}?(?P<value>(?<!\d)\d{3}[- ]?\d{2}[- ]?\d{4})(?!\d)"
        ),
        judge=Judge.TIGHT,
        needs=("ssn", "social"),
    ),
    # screening-13: other countries' numbers by their names and shapes: a Canadian social insurance number ("SIN,
    # it's 046 454 286"), a provincial health card ("OHIP card number 5584-486-674-YM", its version letters with it)
    Rule(
        kind="id_number",
        pattern=re.compile(
            r"(?:(?<![A-Za-z])SIN(?![A-Za-z])|(?i:social insurance(?: number| no\.?)?))"
            r"[^\n\d]{0,16}?(?P<value>(?<!\d)\d{3}[- ]?\d{3}[- ]?\d{3})(?![\d-])"
        ),
        judge=Judge.TIGHT,
        needs=(" sin ", " sin,", "sin:", "sin#", "sin is", "social insurance"),
    ),
    Rule(
        kind="id_number",
        pattern=re.compile(
            r"(?i)(?<![a-z])(?:ohip|health card|health insurance card|care card|medicare)(?![a-z])"
            r"[^\n\d]{0,20}?(?P<value>(?<!\d)\d{4}[- ]?\d{3}[- ]?\d{3}(?:[- ]?[A-Z]{2}(?![A-Za-z]))?)(?![\d-])"
        ),
        judge=Judge.TIGHT,
        needs=("ohip", "health card", "health insurance card", "care card", "medicare"),
    ),
    Rule(
        kind="id_number",
        # (session 12: what it is for may stand between, "passport no. for the visa form: PA4417092")
        pattern=re.compile(
            r"(?i)(?:passport|护照)(?:[ \t]*(?:number|num|no\.?|#|号码?))?"
            r"(?:[ \t]+(?:for|of|on)[ \t]+[^\n\d:：]{1,40}?)?[^\n\d]{0,16}?"
            r"(?P<value>(?<![a-z0-9])[a-z]{0,2}\d{7,9})(?![a-z0-9])"
        ),
        judge=Judge.TIGHT,
        needs=("passport", "护照"),
    ),
    Rule(
        kind="id_number",
        pattern=re.compile(
            r"(?i)(?:身份证|id card|(?<![a-z])(?:ssn|id)(?![a-z]))[^\n\d]{0,10}?"
            r"(?:后|last )(?:[四六4-6]|four|six)(?: digits)?位?(?: of[^\n\d]{0,16})?"
            r"[^\n\d]{0,6}?(?P<value>(?<!\d)\d{3,5}[\dx])(?![a-z0-9])"
        ),
        judge=Judge.TIGHT,
        needs=("后", "last "),
    ),
    # "pass for the nas is nasbox!2020": 'pass' names a password only before 'for the ...', and the value mixes
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\bpass for (?:the |my |our |your )?[\w.\-]+(?: [\w.\-]+)?\s+(?:is|:)\s*" + _QUOTED_OR_TIGHT
        ),
        judge=Judge.MIXED,
        needs=("pass",),
    ),
    # "the wifi at the airbnb is 'SeaBreeze2025'", "民宿的wifi是 Seaview2024"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\bwi-?fi(?: (?:at|in|for|of) [^\n.!?]{1,30}?)?\s*(?:is|was|:|是|为)\s*"
            + _NOT_A_SPEED
            + _QUOTED_OR_TIGHT
            + _NETWORK_NAME_AHEAD
            # (session 18: nor a name with its password beside it, "wifi is Flow_5G_21A3 and the pass is …", "the wifi
            # is TP-Link_8F20, password 4077…": the name stays, the password's own rule takes the password)
            + r"(?![A-Za-z0-9!@#$%^&*._+=~\-]*(?:[ \t]+[a-z]{1,4}(?=[ \t]*[,，;；]))?[ \t]*[,，;；]?[ \t]*(?:(?i:and|&)[ \t]+)?(?:(?i:the|its|it'?s)[ \t]+)?"
            r"(?i:pass|pw|pwd|password|passcode|key|密码|密碼))"
        ),
        judge=Judge.MIXED,
        needs=("wifi", "wi-fi"),
    ),
    # ---- command lines: a flag that names a password, or the password flag of a command that takes one
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)(?<![\w-])--(?:(?:db|http|ftp|proxy|admin|root|user)-)?(?:password|passwd|pass|pwd|token|api-key|"
            r"apikey|secret|auth-token|access-token)(?:=|[ \t]+)[\"']?(?P<value>(?![$<{%])[^\s\"']{3,128})"
        ),
        judge=Judge.LOOSE,
        needs=("--",),
    ),
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:mysql(?:dump|admin)?|mariadb|sshpass|(?:docker|podman|helm registry|nerdctl) login|"
            r"mongo(?:sh|dump|restore)?|redis-cli|smbclient|lftp|htpasswd|ipmitool|pg_dump|psql)\b[^\n]*?[ \t]"
            r"-(?:p|a|P)(?:[ \t]*=?[ \t]*)[\"']?(?P<value>(?![$<{%-])[^\s\"']{3,64})"
        ),
        judge=Judge.REPLY,
        needs=(
            "mysql",
            "mariadb",
            "sshpass",
            "login",
            "mongo",
            "redis-cli",
            "smbclient",
            "lftp",
            "htpasswd",
            "ipmitool",
            "pg_dump",
            "psql",
        ),
    ),
    # curl -u user:password, wget --user x --password y (above), net use ... /user:name password
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:curl|http)\b[^\n]*?[ \t](?:-u|--user)[ \t]*[\"']?[^\s:\"']+:(?P<value>(?![$<{%])[^\s\"'@]{3,64})"
        ),
        judge=Judge.REPLY,
        needs=("curl", "http"),
    ),
    Rule(
        kind="password",
        pattern=re.compile(r"(?i)\bnet use\b[^\n]*?/user:[^\s]+[ \t]+(?P<value>(?![/$%])[^\s]{3,64})"),
        judge=Judge.REPLY,
        needs=("net use",),
    ),
    # ---- recovery material by its shape: a BitLocker key (eight groups of six digits), a 2FA setup key in base32
    Rule(
        kind="recovery_code",
        pattern=re.compile(r"(?<![\d\-])\d{6}(?:[ \t]?[- ][ \t]?\d{6}){7}(?![\d\-])"),
        judge=Judge.WHOLE,
        needs=tuple("0123456789"),
    ),
    Rule(
        kind="recovery_code",
        pattern=re.compile(
            r"(?i:2fa|two[- ]factor|mfa|totp|otp|authenticator|authy|验证器|两步验证|二次验证|双重验证|双因素|"
            # (screening-13: the key in groups may stand further on in the line, "2fa on the new laptop, the 'can't
            # scan?' key is 6NM4 UQ3T …": the groups' shape is the judgement)
            r"setup key|设置密钥|secret key|密钥)"
            r"(?:[^\n]{0,40}?(?=[A-Z2-7]{16})|[^\n]{0,90}?(?=(?:[A-Z2-7]{4}[ \t]){3}))"
            r"(?P<value>(?<![A-Za-z0-9])(?:[A-Z2-7]{4}[ \t]){3,}[A-Z2-7]{2,}(?![A-Za-z0-9])|"
            r"(?<![A-Za-z0-9])[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9]))"
        ),
        judge=Judge.VALUE,
        needs=("2fa", "two", "mfa", "otp", "authenticator", "authy", "验证", "双因素", "key", "密钥"),
    ),
    # ---- a shared drive's access code: "提取码: x7k2", "访问码：8k3m"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?:提取码|提取密码|访问码|访问密码|分享码|分享密码|取件密码)(?:[^\n\dA-Za-z]{0,4}?(?:是|为|:))?[ \t]*"
            r"(?P<value>[A-Za-z0-9]{4,8})(?![A-Za-z0-9])"
        ),
        judge=Judge.LOOSE,
        needs=("提取", "访问", "分享", "取件密码"),
    ),
    # ---- a correction after a decoy in the same message: "[secret] — jk, the real one is x",
    # "[secret]，骗你的，真的是 x"
    Rule(
        kind="password",
        pattern=re.compile(
            _HELD
            + r"{8,}[^\n]{0,24}?(?:(?i:\bjk\b|j/k|just kidding|kidding|\bjoking|no actually|wait no|no wait|not really|"
            r"the real one|real one|actually)|骗你的|开玩笑的?|逗你的|不是|不对|其实是|实际上?是|真的是)"
            r"[^\nA-Za-z0-9]{0,3}(?:[^\n]{0,16}?(?:\bis\b|'s\b|是|为|:|,|，)[ \t]*)?[\"'“‘]?"
            r"(?P<value>" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{3,64})"
        ),
        judge=Judge.REPLY,
        needs=(_HELD,),
    ),
    # ---- a lock by name, its code after a colon: "garage: 5-9-1-7"
    Rule(
        kind="combination",
        pattern=re.compile(
            r"(?i)\b(?:garage|gate|front door|back door|door|alarm|shed|storage unit|lockbox|locker)[ \t]*[:=][ \t]*"
            r"(?P<value>(?<![\d.])(?:\d(?:[ \t]?[-–—][ \t]?\d|[ \t]\d){3,7}|\d{4,8}#?))(?![\d.:/])"
        ),
        judge=Judge.TIGHT,
        needs=("garage", "gate", "door", "alarm", "shed", "storage", "lock"),
    ),
    # ---- an e-mail login and its password: "jenny.lee@gmail.com / Hunter2024!", "a@b.com: Pw#2024x"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?<![\w.+\-])[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+[ \t]*(?:/|\||,|:|[ \t]-[ \t])[ \t]*"
            r"(?=\S*[A-Za-z])(?=\S*[\d!@#$%^&*])" + _PAIRED
        ),
        judge=Judge.TIGHT,
        needs=("@",),
    ),
)

# ---- screening-8: where a value stands, its shape judged (values.password_shaped / code_shaped)
_SHAPE_VALUE = (
    r"(?:[\"'“‘](?P<quoted>[^\"'”’\n]{2,64})[\"'”’]"
    r"|(?P<value>(?!\[secret:)(?:" + _SPACED + r"|[零〇一二三四五六七八九幺两拐洞]{4,8}"
    r"(?![零〇一二三四五六七八九幺两拐洞十百千万])"
    r"|(?i:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?:[ \t-](?:zero|oh|one|two|three|four|five|six"
    r"|seven|eight|nine)){3,7})\b"
    r"|[A-Za-z0-9!@#$%^&*._+=~\-\\]{4,64}(?![A-Za-z0-9]))))"
)
# a code a keypad takes: digits (maybe spaced), Chinese numerals; not a year, a date, an amount, a count, a time
_DIGIT_WORDS = (
    r"(?i:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?:[ \t-](?:zero|oh|one|two|three|four|five|six"
    r"|seven|eight|nine)){3,7})\b"
)
_CODE_VALUE = (
    r"(?P<value>(?<![\d.:])(?:" + _SPACED + r"|\d{4,8}|[零〇一二三四五六七八九幺两拐洞]{4,8}"
    r"(?![零〇一二三四五六七八九幺两拐洞十百千万])|" + _DIGIT_WORDS + r"))"
    r"(?![\d.:/年月日号岁个位次天元块%楼栋层室房度点分])"
)
# a code that may end its sentence ("code 1-9-0-4. Checkout 11am", "I set it to 3817. remind me"; not a version
# "1.9.0")
_CODE_VALUE_ENDING = _CODE_VALUE.replace(r"(?![\d.:/", r"(?!\.\d)(?![\d:/")
assert _CODE_VALUE_ENDING != _CODE_VALUE
_EN_TYPE = r"(?i:\b(?:types?|typed|typing|enter(?:s|ed|ing)?|punch(?:es|ed|ing)?(?: it)? in|key(?:s|ed)? in|inputs?)\b)"
_ZH_TYPE = r"(?:输入?|敲|按)"
_EN_CODE_NOUN = (
    r"(?i:\b(?:pins?|passcodes?|keypad|lockbox|lock box|padlock|bike lock|combo|combination|alarm|passcode|"
    r"unlock code|door code|gate code|garage code)\b)"
)
_ZH_CODE_NOUN = (
    r"(?:门锁|电子锁|密码锁|指纹锁|智能锁|车锁|挂锁|门禁|开机|开门|保险箱|保险柜|锁屏|屏幕使用时间|(?i:pin)码?)"
)
_SECRET_NOUN = (
    r"(?i:\b(?:passwords?|passcodes?|passphrases?|phrase|pins?|codes?|wi-?fi|logins?|combos?|combinations?|"
    r"lockbox|padlock|keypad|vault|credentials?|master key|unlock key)\b)"
)
_ZH_SECRET_NOUN = (
    r"(?:密码|口令|暗码|暗号|门锁|电子锁|密码锁|门禁|开机|验证码|开门码|解锁码|锁屏|屏幕使用时间|保险箱|保险柜)"
)
_ENTERING_RULES: tuple[Rule, ...] = (
    # after a verb of typing: "what she types to get in is Hangzhou@1962", "you type tangerine-Owl-58", "punch in
    # Pluto&Goofy2019", "Typing Rhubarb.Pie.1987 into the portal"
    Rule(
        kind="password",
        pattern=re.compile(_EN_TYPE + r"(?:[^\n.!?,;:]{0,30}?[ \t](?i:is|was)|[ \t]*:)?[ \t]+" + _SHAPE_VALUE),
        judge=Judge.SHAPED,
        needs=("typ", "enter", "punch", "key", "input"),
    ),
    # "连的时候输 hz_fam!ly2026", "登进去要敲的是 Melb0urne_qi", "照着输：Tm7#kq2Lw", "按 1357 再按确认键"
    Rule(
        kind="password",
        pattern=re.compile(_ZH_TYPE + r"(?:[^\n，。；！？:]{0,4}?(?:的是|是|为))?[ \t:]*" + _SHAPE_VALUE),
        judge=Judge.SHAPED,
        needs=("输", "敲", "按"),
    ),
    # what gets one in: "logged into the router admin page with Kettle%Brim77", "he unlocks it with 2 5 8 0"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:log(?:s|ged|ging)?[ \t]?(?:in|on)|sign(?:s|ed|ing)?[ \t]?in|gets?|got|getting|unlocks?|unlocked|"
            r"unlocking|decrypts?)\b[^\n.!?;:]{0,40}?\b(?:with|using)[ \t]+" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=("log", "sign", "get", "got", "unlock", "decrypt"),
    ),
    # a vault, a database, a wallet that opens with a phrase: "My KeePass database opens with 'seven green bicycles'"
    Rule(
        kind="passphrase",
        pattern=re.compile(
            r"(?i)\b(?:keepass|vault|database|wallet|bitwarden|1password|lastpass|encrypted|disk|drive|nas|"
            r"laptop|phone)\b[^\n.!?]{0,30}?\b(?:opens?|unlocks?|decrypts?)[ \t]+(?:it[ \t]+|up[ \t]+)?with[ \t]+"
            + _SHAPE_VALUE
        ),
        judge=Judge.PHRASE,
        needs=("opens", "open ", "unlock", "decrypt"),
    ),
    # a secret's name earlier in the sentence, then "it reads": "The SSH passphrase for the NAS: ... it reads '...'"
    Rule(
        kind="passphrase",
        pattern=re.compile(
            _SECRET_NOUN
            + r"[^\n.!?]{0,60}?\b(?:it|that|the card|the note|the paper)[ \t]+(?:reads|says)[ \t:]*"
            + _SHAPE_VALUE
        ),
        judge=Judge.PHRASE,
        needs=("reads", "says"),
    ),
    # after a colon that follows a secret's name anywhere earlier in the sentence: "The one phrase I must never
    # forget, until it sticks: Maple!Tide!Shenzhen!26", "Put the office wifi on the whiteboard: Quill&Ink_2024",
    # "the lockbox digits: 8 1 4 0"
    Rule(
        kind="password",
        pattern=re.compile(
            # (session 19: not the user of a login's pair, "laptop login: akinyi.otieno / Tangawizi#2026!": the pair's
            # rule takes the password)
            r"(?!(?i:logins?|credentials?)\b[^\n.!?:]{0,50}?:[ \t]*[^\s/]+[ \t]*/[ \t]*\S)"
            + _SECRET_NOUN
            + r"[^\n.!?:]{0,50}?:[ \t]*"
            + _SHAPE_VALUE
            + _NETWORK_NAME_AHEAD
        ),
        judge=Judge.SHAPED,
        needs=(
            "pass",
            "phrase",
            "pin",
            "code",
            "wifi",
            "wi-fi",
            "login",
            "combo",
            "combination",
            "lock",
            "keypad",
            "vault",
            "credential",
            "key",
        ),
    ),
    Rule(
        kind="password",
        pattern=re.compile(_ZH_SECRET_NOUN + r"[^\n。！？:]{0,20}?:[ \t]*" + _SHAPE_VALUE),
        judge=Judge.SHAPED,
        needs=(
            "密码",
            "口令",
            "暗码",
            "暗号",
            "锁",
            "门禁",
            "开机",
            "验证码",
            "开门码",
            "解锁码",
            "屏幕使用时间",
            "保险",
        ),
    ),
    # a short code after a lock's, a device's or a PIN's name, the clause going on over commas: "电子锁我远程帮你改好
    # 了，新的是七三九一五六", "开机那串数字设成了 0815", "保险箱我把号码换成八六四二了"
    Rule(
        kind="pin",
        pattern=re.compile(
            _ZH_CODE_NOUN + r"(?:(?!时间|日期|号码牌)[^。！？\n]){0,20}?"
            r"(?:是|为|:|设成了?|设为|设置成?了?|改成了?|换成了?|改为|按|号码|密码)[ \t]*" + _CODE_VALUE
        ),
        judge=Judge.CODE,
        needs=("锁", "门禁", "开机", "开门", "保险", "屏幕使用时间", "pin"),
    ),
    # "the garage keypad got reset, it's now 6-0-3-9-1", "the alarm disarm number, 7734", "Set the PIN ... to 5512"
    Rule(
        kind="pin",
        pattern=re.compile(
            r"(?:(?i:\b(?P<clock>alarm)\b)|(?!(?i:alarm\b))"
            + _EN_CODE_NOUN
            + r")(?:(?!\b(?:room|house|flight|seat|order|phone)\b)[^\n.!?]){0,40}?"
            r"(?:\b(?i:is|was|are|now|(?P<to>to))\b|'s|’s|=|(?i:number|digits|code|combo|pin)[ \t]*,)[ \t]*"
            # "I set the alarm to 0630": an alarm clock's time
            r"(?(clock)(?(to)(?!(?:[01]\d|2[0-3])[0-5]\d(?![\d:]))))" + _CODE_VALUE
        ),
        judge=Judge.CODE,
        needs=("pin", "passcode", "keypad", "lock", "combo", "combination", "alarm", "code"),
    ),
    # a code asked for: "短信里那串 204816 发我一下", "那个 6 位的数 990 413 给我念一下"
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?:短信|验证|码|那串|这串|位数|位的数|数字)[^\n，。！？]{0,12}?[ \t]*"
            r"(?P<value>(?<![\d.])(?:\d{4,8}|\d{3}[ \t]\d{3}|\d{2}[ \t]\d{2}[ \t]\d{2}))(?![\d.])[ \t]*"
            r"(?:发我|发给我|给我|念给我|念一下|报给我|报一下|告诉我|读给我|读一下|发过来)"
        ),
        judge=Judge.CODE,
        needs=("发我", "发给我", "给我", "念", "报", "告诉我", "读", "发过来"),
    ),
)
_ENTERING_RULES += (
    # a passphrase of words by more names, words between the name and its value: "the master phrase for my vault
    # is: copper kettle brave winter", "这个是暗码，别跟别人说：青松明月照流泉", "加密口令我设成了 橘子汽水配薯条"
    Rule(
        kind="passphrase",
        pattern=re.compile(
            r"(?i)(?:passphrase|pass phrase|(?:master|vault|secret|unlock|recovery|wallet|backup) phrase|"
            r"口令|暗号|暗码|暗语|密语)(?:[ \t]+(?:for|to|of|on)[ \t]+[^\n.!?:,]{1,30}?|[^\n。！？:.!?]{0,16}?)?[ \t]*"
            r"(?:(?:我|你|他|她|已经)?(?:是|为|设成了?|改成了?|换成了?|设为|设置为|is now|is|was)[ \t]*:?|:)[ \t]*"
            + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("phrase", "口令", "暗号", "暗码", "暗语", "密语"),
    ),
)
_ENTERING_RULES += (
    # what to use when asked: "just use kiwi.Mango.88 when it asks", "try Xy_2024 at the login"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:use|try|put in|give it)[ \t]+" + _SHAPE_VALUE + r"[ \t]+(?:when (?:it|the [a-z]+) asks|"
            r"to (?:log|sign|get)[ \t]?(?:in|on)|at (?:the )?(?:prompt|login|sign-?in|lock screen))"
        ),
        judge=Judge.SHAPED,
        needs=("use", "try", "put in", "give it"),
    ),
    # what a sign-in wants: "the answer it wants at sign-in is Bluebird_1958", "what you need to log in is …"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:at|for|to)[ \t]+(?:sign|log)-?[ \t]?(?:in|on)\b[^.!?\n]{0,20}?\b(?:is|was)[ \t:]+" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=("sign", "log"),
    ),
    # a password that is a sentence or words: "The volume password is a sentence: purple monkey dishwasher ninety"
    Rule(
        kind="passphrase",
        pattern=re.compile(
            r"(?i)\b(?:password|passphrase|passcode|pass phrase)\b[^\n.!?:]{0,30}?\b(?:sentence|phrase|words)"
            r"[ \t]*:[ \t]*" + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("pass",),
    ),
    # "wifi改了，新的是 Home_5G_2026!", "网络密码换了，现在是 …"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i:wi-?fi|网络|路由器?|密码|口令)[^。！？\n]{0,12}?(?:新的|现在)(?:密码)?(?:是|为)[ \t:]*" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=("wifi", "wi-fi", "网络", "路由", "密码", "口令"),
    ),
    # a code named, then given after a comma: "邮件里那个验证的数字，九三零二八八，对不对"
    Rule(
        kind="one_time_code",
        pattern=re.compile(r"(?:验证的?(?:数字|号码|码)|那串数字|那个数字|那几个数字|验证码)[ \t，,:]*" + _CODE_VALUE),
        judge=Judge.CODE,
        needs=("验证", "数字"),
    ),
    # a code in passing after it was sent: "Bank just sent 553 901 to your phone"
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?i)\b(?:sent|texted|got|received)\b[^.!?\n]{0,12}?(?P<value>(?<![\d.])\d{3}[ -]\d{3})(?![ -]?\d)"
        ),
        judge=Judge.CODE,
        needs=("sent", "texted", "got", "received"),
    ),
)
# ---- screening-9: a security question answered after it, a code after how it is made
# the separator after a code's name, how the code is made, then the code after a comma, a colon or 'so'
_MADE_THEN_CODE = (
    r"[^\n.!?]{0,12}?(?i:[ \t]*[:=][ \t]*|[ \t]+(?:is|was|'s)[ \t]+)"
    r"[^\n.!?\d]{3,48}?(?:[ \t]*[,:;—][ \t]*(?i:so |i\.e\. |ie |which is |that's |i\.e\., )?"
    r"|[ \t]+(?i:so|i\.e\.|ie)[ \t]+)"
    r"(?!(?:19|20)\d\d[-/.]\d)" + _CODE_VALUE
)
_SCREENING9_RULES: tuple[Rule, ...] = (
    # "security q for the bank was first pet? Biscuit": the question (what it asks), then its answer
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:密保|安全问题|\bsecurity q(?:uestion)?s?\b|\bsecret questions?\b|\bsec q\b)[^\n?？]{0,40}?"
            r"(?:" + _SECURITY_SUBJECT + r")[^\n?？]{0,30}[?？][ \t]*"
            # not a clause about it ("we never had one", "not telling you")
            r"(?![ \t]*(?i:we|i|it|it's|that|this|they|he|she|you|not|no|none|nope|never|lol|haha|idk)\b)" + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("密保", "安全问题", "security", "secret", "sec q"),
    ),
    # "Mum's maiden name for the pension login is Okonkwo": what a security question asks, for a login
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:" + _SECURITY_SUBJECT + r")[^\n.!?]{0,40}?\b(?:log-?in|sign-?in|account|bank|security|recovery|"
            r"pension|app|site|reset)\b[^\n.!?:=]{0,20}?(?:[ \t]*[:=][ \t]*|[ \t]+(?:is|was)[ \t]+)" + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=(
            "maiden",
            "first",
            "name",
            "city",
            "where",
            "town",
            "childhood",
            "favorite",
            "favourite",
            "母亲",
            "妈妈",
            "宠物",
            "小学",
            "班主任",
            "出生",
            "父母",
        ),
    ),
    # "pin = our wedding date, 2406", "door code is the year we met backwards, 5102", "phone unlock is the word PEAR
    # on the keypad, so 7327": how the code is made, then the code after a comma, a colon or 'so'
    Rule(
        kind="pin",
        pattern=re.compile(_EN_KEY + _MADE_THEN_CODE),
        judge=Judge.CODE,
        needs=_EN_KEY_WORDS,
    ),
    Rule(
        kind="pin",
        pattern=re.compile(r"(?i:\b(?:phone|screen|tablet|ipad|laptop) unlock\b)" + _MADE_THEN_CODE),
        judge=Judge.CODE,
        needs=("unlock",),
    ),
)
_SCREENING9_RULES += (
    # "Authorization: Basic YWRtaW46aHVudGVyMg==": an HTTP header's credentials
    Rule(
        kind="token",
        pattern=re.compile(
            r"(?i)\bauthori[sz]ation[\"']?[ \t]*[:=][ \t]*[\"']?(?:basic|bearer|token|digest)[ \t]+"
            r"(?P<value>[A-Za-z0-9+/=._~\-]{8,})"
        ),
        judge=Judge.VALUE,
        needs=("authori",),
    ),
    # "Wi-Fi: network Bluebell, key 88kettle88": a network's key (WPA) after its name
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:wi-?fi|wlan|wpa2?|network)\b[^\n.!?]{0,40}?\b(?:(?:key|passkey)\b"
            # (screening-11: "the key to join is sakura0815kyoto")
            r"(?:[ \t]+(?:to|for)[ \t]+(?:join|connect|get on|log ?in|it|the network|the wi-?fi))?"
            # (session 19: or the bare 'pass' with its separator, "wifi is PineHollow_Guest and pass is …")
            r"(?:[ \t]*(?:is|:|=))?|pass\b[ \t]*(?:is|:|=))[ \t]*" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=("wifi", "wi-fi", "wlan", "wpa", "network"),
    ),
    # "the lockbox at the cabin takes 3-7-1-9": a lock that takes a code
    Rule(
        kind="combination",
        pattern=re.compile(
            r"(?i)\b(?:lockbox|lock box|padlock|keypad|safe|locker|door|gate|garage|alarm|bike lock|lock)\b"
            r"[^\n.!]{0,30}?"
            # "Hotel safe: I set it to 902214": a code the person set the lock to
            r"\b(?:takes|wants|needs|accepts|uses"
            r"|(?:set|changed|reset|programmed)(?: it| the code| the combo| the pin)?(?: to| as)"
            # session 16: the dials turned to it ("the bike shed padlock? spin it to 0-4-7-1")
            r"|(?:spin|turn|dial|roll|rotate|twist)(?: it| them| the dials?| the wheels?| the numbers)?(?: round)? to)\b[ \t]+"
            + _CODE_VALUE_ENDING
        ),
        judge=Judge.CODE,
        needs=("lock", "keypad", "safe", "door", "gate", "garage", "alarm"),
    ),
)
# REVIEW-2 (heldout13): a capability URL, an identity number, recovery codes named by their use alone
_GROUPED_CODE = r"[A-Za-z0-9]{3,6}(?:-[A-Za-z0-9]{3,6})+"
_CHINESE_ID = r"[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]"
_SCREENING9_RULES += (
    # "SLACK_HOOK=https://hooks.slack.com/services/T04AB12CD/B05XY98ZW/q2Wv9sKd8Lm3Np7Rt4Xz": a webhook's URL is
    # its credential (whoever has it can post): its secret path segment
    Rule(
        kind="token",
        pattern=re.compile(
            r"(?i)\b(?:hooks\.slack\.com/(?:services|workflows|triggers)|discord(?:app)?\.com/api/webhooks"
            r"|[\w.-]+\.webhook\.office\.com/webhookb2|[\w.-]+/webhooks?)/(?:[\w@-]+/){0,4}"
            r"(?P<value>[A-Za-z0-9_\-]{16,})"
        ),
        judge=Judge.MIXED,
        needs=("hooks.slack", "webhook"),
    ),
    # "账号是身份证号 340104199505123417": a resident identity number's shape (its date of birth), named as one: hidden
    # even when its check digit is wrong (a number the person calls their ID is theirs to keep out; unnamed, an
    # 18-digit number needs a valid check digit, `detectors._number_findings`)
    Rule(
        kind="id_number",
        pattern=re.compile(
            r"(?i)(?:身份证|證件號|证件号|居民身份|(?:id|identity) card|national id|resident id)[^\n。！？!?]{0,12}?"
            r"(?<![\d])(?P<value>" + _CHINESE_ID + r")(?![\d])"
        ),
        judge=Judge.VALUE,
        needs=("身份证", "证件号", "證件號", "居民身份", "id card", "identity card", "national id", "resident id"),
    ),
    # "github recovery 7f3k-9qz2 m4p8-x1vd": codes in groups after what they recover, the word "codes" left out
    Rule(
        kind="recovery_code",
        pattern=re.compile(
            r"(?i)\b(?:recovery|backup|rescue|emergency|2fa|mfa)\b[ \t]*:?[ \t]*"
            r"(?P<value>" + _GROUPED_CODE + r"(?:[ \t]*[,;]?[ \t]+" + _GROUPED_CODE + r")*)(?![\w-])"
        ),
        judge=Judge.MIXED,
        needs=("recovery", "backup", "rescue", "emergency", "2fa", "mfa"),
    ),
)
# ---- screening-10 (heldout14, written by someone who never saw the rules): a value given in parts, a hint that is
# the value, a code after a lock named earlier in the sentence or after a code asked for, a wheel lock's three digits,
# a key named by a header, a wallet key of 64 hex digits, a one-time code one is told not to share
_PART_FIRST = f"(?i:{FIRST_PART})"
_PART_REST = f"(?i:{REST})"
_HINT_VALUE = (
    # a hint that is itself a password's shape: letters (any script) and digits in one token ("小黑2015", "Pepper2012")
    r"[\"'“‘「]?(?P<value>(?=[A-Za-z\u3400-\u9fff!@#$%^&*._+=~\-]*\d)(?=\d*[A-Za-z\u3400-\u9fff])"
    r"[A-Za-z0-9\u3400-\u9fff!@#$%^&*._+=~\-]{4,32})(?![A-Za-z0-9\u3400-\u9fff])"
)
_LOCK_NOUN = (
    r"(?i:\b(?:lockbox|lock box|key ?safe|key box|safe|padlock|keypad|locker|door|gate|garage|alarm|bike lock|shed"
    r"|storage unit)\b)"
)
_WHEEL_LOCK = (
    r"(?:(?i:\b(?:luggage|suitcase|bike|combination|briefcase|locker) lock\b|\bpadlock\b)"
    r"|密码锁|行李箱的?锁|箱子的锁|车锁|挂锁)"
)
_DONT_SHARE = (
    r"(?i:\b(?:don'?t|dont|do not|never|not to|won'?t)[ \t]+(?:share|give|tell|send|forward)\b"
    r"|请勿|切勿|不要(?:告诉|泄露|转发|给)"
    r"|别(?:告诉|给别人|发给))"
)
# a password said out loud, its symbols and its letters' case in words ("capital P peggy underscore love 2 0 1 0")
_SPOKEN_SYMBOL = (
    r"(?i:underscore|dash|hyphen|hash|hashtag|pound sign|exclamation(?: mark| point)?|asterisk|at sign|dot|period|"
    r"capital|uppercase|upper case|lowercase|lower case)"
)
_SCREENING10_RULES: tuple[Rule, ...] = (
    # "the new router password is capital P peggy underscore love 2 0 1 0, voice typing": the clause, words and all
    Rule(
        kind="password",
        pattern=re.compile(
            _EN_KEY + _EN_FOR + _EN_SEP + r"(?P<value>(?=[^\n,;!?]{0,60}?\b" + _SPOKEN_SYMBOL + r"\b)"
            r"[A-Za-z0-9]+(?:[ \t]+[A-Za-z0-9]+){2,11})(?![A-Za-z0-9])"
        ),
        judge=Judge.VALUE,
        needs=_EN_KEY_WORDS,
    ),
    # "I signed the consent form with my NRIC S7834521D": a Singapore NRIC / FIN named as one
    Rule(
        kind="id_number",
        pattern=re.compile(
            r"(?i)\b(?:nric|fin(?: no\.?| number)?|ic (?:no\.?|number))\b[^\n]{0,16}?(?<![A-Za-z0-9])"
            r"(?P<value>[STFGMstfgm]\d{7}[A-Za-z])(?![A-Za-z0-9])"
        ),
        judge=Judge.VALUE,
        needs=("nric", "fin", "ic "),
    ),
    # "爸 你邮箱密码前面是laowang": the first part of a value given in parts (the rest follows: dialogue.continued)
    Rule(
        kind="password",
        pattern=re.compile(
            _ZH_KEY + r"[^\n，。,]{0,4}?" + _PART_FIRST + r"(?:的|部分)?[ \t]*(?:是|为|:|=)[ \t]*"
            r"[\"'“‘「]?(?P<value>(?!\[secret:)[A-Za-z0-9!@#$%^&*._+=~\-]{3,64})"
        ),
        judge=Judge.LOOSE,
        needs=_ZH_KEY_WORDS,
    ),
    # "密码提示我写的是 小黑2015", "the hint is Pepper2012": a hint with a password's shape is the password (section
    # 15.3: a hint must hold no fragment of it either)
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i:(?:密码提示|提示语|提示问题|\bpass(?:word)? hint\b|\bhint\b))[^\n。，,;]{0,12}?"
            r"(?:是|为|:|写的是?|写着|写了|(?i:\bsays\b|\bis\b|\breads\b|\bwas\b))[ \t]*" + _HINT_VALUE
        ),
        judge=Judge.VALUE,
        needs=("提示", "hint"),
    ),
    # "Password hint says 'dog + year' - it's Rufus2011": after a hint, the value itself
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i:(?:密码提示|\bpass(?:word)? hint\b|\bhint\b))[^\n]{0,60}?"
            r"(?:(?i:\bit'?s\b|\bits\b|\bit is\b|\bthe (?:actual |real )?password is\b|\bpassword'?s\b)"
            r"|密码(?:其实)?(?:就)?是|其实是)"
            r"[ \t:]*" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=("提示", "hint"),
    ),
    # "Key is in the little lockbox next to the blue door, code 1-9-0-4": a lock named, then its code after a comma
    Rule(
        kind="combination",
        pattern=re.compile(
            _LOCK_NOUN + r"[^\n.!?]{0,50}?[,;:—–][ \t]*(?i:(?:the |its |and the )?(?:code|combo|combination|pin)"
            r"(?:[ \t]+(?:is|was))?)[ \t]*[:=]?[ \t]*(?!(?:19|20)\d\d(?!\d))" + _CODE_VALUE_ENDING
        ),
        judge=Judge.CODE,
        needs=("code", "combo", "combination", "pin"),
    ),
    # "gate code? same as my locker, 4471 then the star key": a code asked for, the code in the same message
    Rule(
        kind="combination",
        pattern=re.compile(
            r"(?i:\b(?:(?:door|gate|garage|alarm|lock|locker|safe|keypad|entry|building|lockbox|bike lock|padlock)"
            r"[ \t]+)?(?:code|combo|combination|pin|passcode)[ \t]*[?？])[ \t]*(?:[^\n?？.!\d]{0,40}?[ \t,，:]+)?"
            r"(?!(?:19|20)\d\d(?!\d))" + _CODE_VALUE_ENDING
        ),
        judge=Judge.CODE,
        needs=("code", "combo", "combination", "pin", "passcode"),
    ),
    # "行李箱密码锁设的是 527", "my suitcase lock is set to 619": a wheel lock's code is three digits (or four)
    Rule(
        kind="combination",
        pattern=re.compile(
            _WHEEL_LOCK + r"[^\n。！？.!?\d]{0,12}?(?:是|为|设的是|设成了?|改成了?|设为|换成了?|:|="
            r"|(?i:\bis(?: set to| now)?\b|\bset to\b|\bchanged to\b|\bnow\b))[ \t]*"
            r"(?P<value>(?<![\d.])(?:\d{3,4}|\d[ \t-]\d[ \t-]\d(?:[ \t-]\d)?))"
            r"(?![\d.:/年月日号岁个位次天元块%楼栋层室房度点分寸斤公kKgGcCmM])"
        ),
        judge=Judge.VALUE,
        needs=("lock", "锁"),
    ),
    # "x-hub-key: 6eeba4b0...", "X-Auth-Token: 3f1a9b...": a header (or a key) named as a key, a token, a secret
    Rule(
        kind="api_key",
        pattern=re.compile(
            r"(?i)(?<![\w-])(?:x-)?[a-z0-9]+(?:-[a-z0-9]+)*-(?:key|token|secret|signature)[\"']?[ \t]*[:=][ \t]*[\"']?"
            r"(?P<value>[A-Za-z0-9+/=._\-]{16,})"
        ),
        judge=Judge.MIXED,
        needs=("-key", "-token", "-secret", "-signature"),
    ),
    # "metamask 导出的私钥 0x657b…": 64 hex digits named as a private key (a transaction hash is not one)
    Rule(
        kind="private_key",
        pattern=re.compile(
            r"(?i)(?:私钥|密钥|\bprivate[ _-]?key\b|\bpriv[ _-]?key\b|\bsecret[ _-]?key\b)[^\n。！？.!?]{0,20}?"
            r"(?<![0-9a-fA-F])(?P<value>(?:0x)?[0-9a-fA-F]{64})(?![0-9a-fA-F])"
        ),
        judge=Judge.VALUE,
        needs=("私钥", "密钥", "private", "priv", "secret"),
    ),
    # "the bank texted me 739104 and said dont share it": a code sent, that one is told not to share
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?i:\b(?:texted|sent|text|texts|sms|message|messaged|got|received|emailed)\b|短信|发来|发了)[^\n]{0,30}?"
            r"(?P<value>(?<![\d.:])\d{4,8})(?![\d.:/])(?=[^\n]{0,80}?" + _DONT_SHARE + r")"
        ),
        judge=Judge.VALUE,
        needs=("text", "sent", "sms", "messag", "got", "received", "emailed", "短信", "发来", "发了"),
    ),
)
# ---- screening-11 (heldout16, written from the spec alone): a code after a long account of what it is for, a
# password before what it gets you into, a health insurance member's number
_CODE_FOR = (
    r"(?i:\b(?:(?:one[- ]time |verification |security |confirmation |authori[sz]ation )?(?:pass)?code|otp|pin)\b)"
    # (session 19: not a place's code, "postal code for grandma's place is 200031")
    r"(?<!postal code)(?<!post code)(?<!zip code)(?<!area code)(?<!country code)(?<!dialling code)(?<!dialing code)"
)
_SCREENING11_RULES: tuple[Rule, ...] = (
    # "Your one-time passcode for the payment of GBP 42.80 to DELIVEROO is 730918.": what the code is for may be long
    # and hold amounts, names, dots; a code's shape after 'is' (digits only)
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            _CODE_FOR + r"[ \t]+(?i:for|to)[ \t]+(?:[^\n.!?]|\.(?=[A-Za-z0-9])){3,90}?[ \t]+(?i:is|was)[ \t:]*"
            r"(?P<value>(?<![\d.:])(?:\d{4,8}|\d{2,4}(?:[ \t-]\d{2,4}){1,3}))(?!\.\d)"
            r"(?![\d:/%]|[ \t]*(?i:gbp|usd|eur|rmb|元|块))"
        ),
        judge=Judge.VALUE,
        needs=("code", "otp", "pin"),
    ),
    # "Bupa membership number 81-20-447391", "我的医保电脑号是0210538847": a health insurance member's number (whoever
    # has it can claim on it; a claim's or an invoice's number is not one)
    Rule(
        kind="id_number",
        pattern=re.compile(
            r"(?i:(?:\b(?:health|medical|insurance|insurer|bupa|axa|aia|cigna|allianz|aviva|vitality|nhs|medicare)\b"
            r"[^\n.!?]{0,16}?\b(?:member(?:ship)?|nhs)(?:[ \t]+(?:number|no\.?|id|#))?)"
            r"|(?:医保|社保)(?:卡)?(?:电脑号|卡号|个人编号|编号|号码|号)|\bnhs (?:number|no\.?))"
            r"[ \t]*(?:is|:|=|是|为)?[ \t]*"
            r"(?P<value>(?<![A-Za-z0-9_-])[A-Z0-9]{0,3}\d[\d \-]{5,18}\d)(?![A-Za-z0-9_-])"
        ),
        judge=Judge.VALUE,
        needs=("membership", "member n", "member i", "member #", "nhs", "医保", "社保"),
    ),
)
_PART_VALUE = r"[\"'“‘「]?(?!\[secret:)[A-Za-z0-9!@#$%^&*._+=~\-]{2,64}"
_N_DIGITS = r"[四五六七八4-8]"
_SCREENING11_RULES += (
    # "Apple ID 前半截 xw1983\n后半截 _Mo0827 合起来用", "first half is maple, second half Otter93!": both halves in one
    # text, whatever names them (one span: the word between them goes too)
    Rule(
        kind="password",
        pattern=re.compile(
            _PART_FIRST
            + r"[ \t]*(?:是|为|:|=|(?i:\bis\b))?[ \t]*"
            + _PART_VALUE
            + r"[\s，,;；]*(?:(?:然后|再)[ \t]*)?"
            + _PART_REST
            + r"[ \t]*(?:是|为|:|=|接|(?i:\bis\b))?[ \t]*(?=[\"'“‘「]?[A-Za-z]*[0-9!@#$%^&*._+=~\-])"
            + _PART_VALUE
        ),
        judge=Judge.WHOLE,
        needs=(
            "前面",
            "前边",
            "开头",
            "前半",
            "前一半",
            "前几位",
            "头几位",
            "前缀",
            "first half",
            "first part",
            "first bit",
        ),
    ),
    # "医保卡那个六位数我给他换成190326了", "支付宝支付的六位我换成了三八二九一七": a code named by how many digits it
    # has,
    # set to a value of that many (not a six-figure salary: money words stop it)
    Rule(
        kind="pin",
        pattern=re.compile(
            r"(?P<n>"
            + _N_DIGITS
            + r")位(?:数字?|的?密码|的?码|的)?(?![^\n。！？]{0,16}?(?:工资|年薪|月薪|收入|存款|万|元|块))"
            r"[^\n。！？\d]{0,10}?(?:换成了?|改成了?|设成了?|设置成了?|改为|设为|是|为|:)[ \t]*"
            r"(?P<value>(?<![\d.])\d{4,8}(?![\d.:/万元块%])|[零〇一二三四五六七八九幺两拐洞]{4,8}(?![零〇一二三四五六七八九十百千万]))"
        ),
        judge=Judge.VALUE,
        needs=("位",),
    ),
    # "招行网银换了新的：Fxw0512!zm": a login (online banking, an account, a mailbox, an app) changed to a new one, a
    # password's shape after it
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?:网银|网上银行|账号|帐号|邮箱|登录|登陆|后台)[^\n。！？，,]{0,6}?(?:换|改|设)(?:了|成)?(?:个|一个)?新的?"
            r"(?:密码)?[ \t]*(?:是|为|:)[ \t]*" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=("网银", "网上银行", "账号", "帐号", "邮箱", "登录", "登陆", "后台"),
    ),
)
_SCREENING13_RULES: tuple[Rule, ...] = (
    # a code first, its name after: "four, nine, zero, six. that's the new card PIN", "7731 — that's the gate code"
    Rule(
        kind="pin",
        pattern=re.compile(
            r"(?i)(?<![a-z0-9])(?P<value>"
            + _DIGIT_WORD
            + r"(?:(?:,[ \t]*|[ \t]+|-)"
            + _DIGIT_WORD
            + r"){3,7}|\d{4,8})(?![a-z0-9])"
            r"[ \t]*[.,;:!—–-]?[ \t]*(?:that'?s|that is|this is|which is|is|was|=)[ \t]+(?:the|my|our|your|his|her)"
            r"[ \t]+(?:new[ \t]+|old[ \t]+|current[ \t]+)?"
            r"(?:(?:card|bank|debit|atm|phone|sim|door|gate|garage|alarm|lock|safe|locker|wi-?fi|login|account|app"
            r"|voicemail|building|entry|access|unlock|keypad)[ \t]+)?(?:pin|passcode|password|code)\b"
        ),
        judge=Judge.CODE,
        needs=("pin", "code", "pass"),
    ),
    # a security question, then what the person gave as its answer: "security question for the bank was 'name of your
    # first pet', i put Bantay", "安全问题是小学的名字，我填的是 向阳小学"
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:密保|安全问题|\bsecurity q(?:uestion)?s?\b|\bsecret questions?\b|\bsec q\b)[^\n]{0,40}?"
            r"(?:" + _SECURITY_SUBJECT + r")[^\n.!?。！？]{0,20}?[,;，；][ \t]*(?:and[ \t]+|so[ \t]+)?"
            r"(?:i[ \t]+(?:put|used|wrote|gave|answered|said|typed|entered)(?:[ \t]+(?:in|down))?[ \t]+"
            r"|我(?:填|写|设|答|用)的是?[ \t]*)"
            r"(?![ \t]*(?i:we|i|it|it's|that|this|they|he|she|you|not|no|none|nope|never|nothing|lol|haha|idk)\b)"
            + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("密保", "安全问题", "security", "secret", "sec q"),
    ),
    # session 16: a security question (or what one asks, asked for), then what to tell: "if the bank asks my security
    # question, mother's maiden name, tell them Nwachukwu", "if they ask the name of my first pet, say Biscuit",
    # "安全问题问出生城市，你就说衡阳", "答案填的鲍丽萍"
    Rule(
        kind="security_answer",
        pattern=re.compile(
            r"(?i)(?:密保|安全问题|\bsecurity q(?:uestion)?s?\b|\bsecret questions?\b|\bsec q\b"
            r"|\bask(?:s|ed|ing)?\b[^\n.!?]{0,30}?(?:" + _SECURITY_SUBJECT + r"))[^\n.!?。！？]{0,60}?"
            r"(?:(?<![a-z])(?:tell (?:them|him|her|it|they|the [a-z]+)|(?:just )?say|answer(?: with)?|give (?:them|it))"
            r"[ \t]+(?:it'?s[ \t]+|that[ \t]+)?"
            r"|(?<![a-z])and (?:i|I) (?:put|used|wrote|gave|answered|said|typed|entered)[ \t]+"
            r"|答案我?(?:填|写|设|用)的(?:是)?[ \t]*|(?:你|就)+(?:说|答|填|写)(?:是|的是)?[ \t]*)"
            r"(?![ \t]*(?:我|你|他|她|没|不|什么|啥))(?![ \t]*(?i:we|i|it|that|this|they|he|she|you|not|no|none|nope|never|nothing|lol|haha|idk|anything"
            r"|something|whatever|the truth)\b)" + _ANSWER
        ),
        judge=Judge.ANSWER,
        needs=("密保", "安全问题", "security", "secret", "sec q", "ask"),
    ),
    # a password named, a clause about it, and its value quoted: "the verbal password if they call is 'pancit'"
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:password|passphrase|passcode|code word|safe word|pin)\b[^.!?\n\"'“‘]{0,30}?\b(?:is|was)[ \t]+"
            r"[\"'“‘](?P<value>[^\"'”’\s]{2,40})[\"'”’]"
        ),
        judge=Judge.LOOSE,
        needs=("pass", "code word", "safe word", "pin"),
    ),
    # a secret given, then changed or respelt in the same breath ("初始密码是幺二三四五六，我改成了七七零三一五",
    # "the PIN was 1234 but I changed it to 8841", "= Ocampo, but spelled Ocampo-Reyes"): the new value after the one
    # already held (a placeholder on the second pass)
    Rule(
        kind="password",
        pattern=re.compile(
            _HELD + r"[^\n。！？.!?]{0,12}?(?:改成了?|换成了?|改为了?|设成了?|改了?成|(?i:changed (?:it )?to|changed it"
            r" to|switched (?:it )?to|now it'?s|it'?s now|spelled|spelt|written as|typed as"
            # (session 12: its written form after it said in words, "(write it as 11tiger77banana)"; a value after
            # a password described, "…, so Kestrel_40")
            r"|write it as|writes as|type it as|spell it|spelled as|spelt as|\bso\b))[ \t]*" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=(_HELD,),
    ),
)
# ---- session 12 (heldout22 and heldout23's misses, by how the sentences are built)
_NUMBER_WORD = (
    r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)"
)
# words a sentence is made of, never a value's ("one of those I use everywhere", "two words and a number")
_FUNCTION_WORD = (
    r"(?:the|a|an|of|to|for|in|on|at|is|are|was|it|its|i|me|my|you|your|we|our|they|he|she|and|or|but|that|this"
    r"|these|those|with|same|as|all|not|no|so|if|words?|numbers?|digits?|letters?|times?|characters?)"
)
_SESSION12_RULES: tuple[Rule, ...] = (
    # a password said in words, numbers among them ("password: eleven tiger seven seven banana"): after its name and
    # a separator, three to eight words to the end of the clause, two at least a number's word, one at least not, and
    # none a word a sentence is made of
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:password|passphrase|passcode|pw|pwd)\b[ \t]*(?:is|was|:|=|-)[ \t]*"
            r"(?P<value>(?!(?:[a-z]+[ \t]+){0,7}" + _FUNCTION_WORD + r"\b)"
            r"(?=(?:[a-z]+[ \t]+){0,7}" + _NUMBER_WORD + r"\b(?:[ \t]+[a-z]+){0,6}?[ \t]+" + _NUMBER_WORD + r"\b)"
            r"(?=(?:[a-z]+[ \t]+){0,7}(?!" + _NUMBER_WORD + r"\b)[a-z]+\b)"
            r"[a-z]+(?:[ \t]+[a-z]+){2,7})(?=[ \t]*(?:[(\n,.;!?]|$))"
        ),
        judge=Judge.VALUE,
        # (words the pattern cannot match without: "pass" alone is in "passed", "passion")
        needs=("password", "passphrase", "passcode", "pw:", "pw ", "pw=", "pw-", "pwd"),
    ),
    # a password said to be another one changed ("the router login is the same as the old one but with a 9 at the
    # end"): for whoever knows the other, the description rebuilds it, so the description is hidden as its value (the
    # reference keeps what it is for); a value that follows ("…, so Kestrel_40 then 9") is found after it
    Rule(
        kind="password",
        pattern=re.compile(
            r"(?i)\b(?:password|passcode|pw|pwd|pin|login)\b[^\n.!?,]{0,24}?\b(?:is|was|'s)[ \t]+"
            r"(?P<value>(?:just[ \t]+)?(?:the[ \t]+)?same[ \t]+(?:one[ \t]+)?as[ \t]+[^\n.!?;,]{2,40}?"
            r"[ \t,]+(?:but|except|only|plus|with|then)[ \t]+[^\n.!?;,]{1,40})"
        ),
        judge=Judge.VALUE,
        needs=("same ",),  # ("pin" alone is in "shopping", "opinion": the rule would scan most chat lines)
    ),
)
# ---- session 18 (heldout28's and heldout30's misses, by how the sentences are built)
_SESSION18_RULES: tuple[Rule, ...] = (
    # a keypad's code typed with its keys' symbols, after the door or gate it opens ("gate code for the complex is
    # *3390#", "buzzer code: 1402#"): not a phone's service code (those are dialled, "*123#", no door before them)
    Rule(
        kind="pin",
        pattern=re.compile(
            r"(?i)(?<![a-z])(?:gate|door|entry|buzzer|intercom|keypad|lobby|building)(?![a-z])[^\n.!?]{0,40}?"
            r"(?<![\w*#])(?P<value>[*#]\d{3,8}[*#]?|\d{3,8}[*#])(?![\w*#])"
        ),
        judge=Judge.VALUE,
        needs=("gate", "door", "entry", "buzzer", "intercom", "keypad", "lobby", "building"),
    ),
    # a code sent, its digits spaced as read off the screen ("bank sent a code 7 3 1 9 0 4", "they texted me the code,
    # 5 0 2 2 8 1"): four to eight single digits after a code's sending
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?i)\b(?:sent|texted|sms'?d|messaged|emailed|gave)\b(?:[ \t]+(?:me|us|you|him|her|mi))?[ \t]+"
            r"(?:(?:a|the|my|an)[ \t]+)?(?:(?:new|verification|one-time|login|security|sms|6-digit)[ \t]+)?code\b"
            r"[^\n\d]{0,12}?(?<!\d)(?P<value>\d(?:[ \t]\d){3,7})(?![\d:])"
        ),
        judge=Judge.VALUE,
        needs=("code",),
    ),
)
# ---- session 19 (heldout27-30's and heldout32's misses, by how the sentences are built)
_SESSION19_RULES: tuple[Rule, ...] = (
    # an account's id of the form a provider gives with its token (Twilio's "AC" or "SK" and 32 hex digits): the token
    # beside it opens the account, and the pair is pasted together
    Rule(
        kind="api_key",
        pattern=re.compile(r"(?<![A-Za-z0-9])(?:AC|SK)[0-9a-f]{32}(?![A-Za-z0-9])"),
        judge=Judge.WHOLE,
        needs=("ac", "sk"),
    ),
    # a token named, its hex digits after the name with no separator ("and the token f3d81c0e…", "auth token:
    # 9c2e41f0…"): 32 to 64 hex digits, digits and letters both (a commit's or a checksum's hash is named as one)
    Rule(
        kind="api_key",
        pattern=re.compile(
            r"(?i)(?<![a-z])(?<!public )(?:(?:auth(?:entication)?|access|api|secret|bearer|session)[ _-]?)?"
            r"(?:token|key|secret)(?![a-z])[ \t]*(?:(?:is|was|=|:|->)[ \t]*)?[\"'`]?"
            r"(?P<value>(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{32,64})(?![0-9A-Za-z])"
        ),
        judge=Judge.VALUE,
        needs=("token", "key", "secret"),
    ),
    # a code told with how long it lasts ("it says 628194, expires in 5 minutes", "382910，5分钟内有效"): a one-time
    # code's message says so (an order's or a booking's number is named as one)
    Rule(
        kind="one_time_code",
        pattern=re.compile(
            r"(?i)(?<!order )(?<!booking )(?<!reservation )(?<!ticket )(?<!invoice )(?<![\d.:/$€£¥#\-])"
            r"(?P<value>\d{4,8}|\d{3}[ \-]\d{3})(?![\d.:/%])"
            r"(?:[^\n\d]{0,24}?(?:expires?|valid (?:for|in)|good for)[ \t]+(?:in[ \t]+)?\d{1,2}[ \t]*"
            r"(?:mins?|minutes)\b"
            r"|[^\n\d]{0,12}?\d{1,2}[ \t]*分钟(?:内)?有效)"
        ),
        judge=Judge.VALUE,
        needs=("expire", "valid", "good for", "分钟"),
    ),
    # a password given, then the new one in the next breath or the next message ("old one was Baraka2019 it's dead" /
    # "new one is Kisumu-Lake-88"): the new value after the one already held
    Rule(
        kind="password",
        pattern=re.compile(
            _HELD + r"[^\n]{0,80}?\n?[^\n]{0,12}?(?i:\b(?:the[ \t]+)?(?:new|current|updated|latest)[ \t]+"
            r"(?:one|pass(?:word)?|pw|pin|code)(?:'s|[ \t]+is|[ \t]+now is|:|=))[ \t]*" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=(_HELD,),
    ),
    # a value corrected in the same message ("the code is 1111... wait no, 5 0 8 2", "pw is Kite77 sorry, Kite78"):
    # the value after the correcting words, after the one already held
    Rule(
        kind="password",
        pattern=re.compile(
            _HELD + r"[ \t.…,;!]*(?i:(?:wait|no|nope|sorry|oops|actually|i mean|i meant|correction|my bad)[ \t,.!…:]*)+"
            r"(?i:(?:it'?s|it is|is)[ \t]+)?" + _SHAPE_VALUE
        ),
        judge=Judge.SHAPED,
        needs=(_HELD,),
    ),
)
_RULES = (
    _RULES
    + _ENTERING_RULES
    + _SCREENING9_RULES
    + _SCREENING10_RULES
    + _SCREENING11_RULES
    + _SCREENING13_RULES
    + _SESSION12_RULES
    + _SESSION18_RULES
    + _SESSION19_RULES
)


def _ascii_words(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern with ASCII word boundaries: Python's \\b holds between two Unicode word characters, so a value
    glued to Chinese ("验证码583920请勿泄露", "key是AKIA...") had no boundary and was missed or cut short. A \\w
    that stands for a label's word keeps the CJK characters (and white space is ASCII: see _FOLD)."""
    source = pattern.pattern.replace("[\\w", "[\\w\\u3400-\\u9fff").replace("(?:\\w+ )", "(?:[\\w\\u3400-\\u9fff]+ )")
    assert not re.search(r"(?<!\[)\\w", source), source
    return re.compile(source, (pattern.flags & ~re.UNICODE) | re.ASCII)


RULES: tuple[Rule, ...] = tuple(replace(rule, pattern=_ascii_words(rule.pattern)) for rule in _RULES)

# the names most rules begin with, and which rules begin with which (-1: none)
_ANCHORS = (_ascii_words(re.compile(_EN_KEY)), _ascii_words(re.compile(_ZH_KEY)))
_ANCHORED = tuple(
    next((k for k, a in enumerate(_ANCHORS) if rule.pattern.pattern.startswith(a.pattern)), -1) for rule in RULES
)
_NEED_WORDS = tuple(sorted({word for rule in RULES for word in rule.needs}))
_RULES_NEEDING = {word: tuple(k for k, rule in enumerate(RULES) if word in rule.needs) for word in _NEED_WORDS}
_NEED_WORDS_ASCII = tuple(word for word in _NEED_WORDS if word.isascii())  # all an ASCII text can hold
