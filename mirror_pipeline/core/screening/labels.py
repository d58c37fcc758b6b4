"""What a secret is for, read from the words around it (its label), and whether a label may be kept."""

from __future__ import annotations

import re

from mirror_pipeline.core.screening.hints import hint_problems
from mirror_pipeline.core.screening.rules import _HELD, PLACEHOLDER_RE
from mirror_pipeline.core.screening.values import _CJK
from mirror_pipeline.core.script import fold_script

_LABEL_ZH = re.compile(r"((?:[A-Za-z0-9\u4e00-\u9fff]{1,12} ){0,2}[A-Za-z0-9\u4e00-\u9fff]{1,12})$")
_LABEL_STRIP = re.compile(
    r"^(?:然后|还有|以及|另外|而且|并且|和|我的|我把|我|把|的|家里的|这是|那个|这个|你的|你|他的|她的)\s*"
    r"|^(?:my|the|our|your|is|for|and|then)(?![A-Za-z])\s*|(?:的|是|为|了)$",
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
    r"(?i)(?:密码|口令|密碼|密钥|秘钥|私钥|令牌|验证码|认证码|校验码|动态码|短信码|确认码|取件码|提货码|恢复码|备用码|答案|助记词|"
    r"pin码|(?<![a-z_])(?:passwords?|passcodes?|passphrases?|passwd|pas?sw(?:ro|ar|r|o)d|pasword|pwd|pw|pins?|puk|"
    r"codes?|combo|combination|keys?|tokens?|otp|answers?|logins?|pass|seed phrase|recovery phrase)(?![a-z]))"
)
_LABEL_POST = re.compile(
    r"(?i)[ \t]+(?:for|to|of|on)[ \t]+(?:(?:my|the|our|your|his|her)[ \t]+)?"
    r"(?P<words>[\w@.&'\-]+(?:[ \t]+[\w@.&'\-]+){0,3})"
)
_POST_STOP = frozenset("is was are were it it's its now still has had got i you we he she they to at in with".split())


# identifiers a label never repeats: an e-mail address, a URL, a handle, a phone or account number, a token that
# mixes letters and digits (a user name, a network's name: "sarahw88", "TP-LINK_5G")
_IDENTIFIER = re.compile(
    r"[^\s@]*@[^\s@]+|(?i:[a-z][a-z0-9+.\-]*://|www\.)\S+|\+?\d[\d\- ]{5,}\d"
    r"|(?<![\w.\-])(?=[\w.\-]*\d)(?=[\w.\-]*[A-Za-z])[\w.\-]{4,}"
)
_HELD_RUN = re.compile(_HELD + "+")
_WINDOW = 40

# a thing's own name, given with the words that name it ("the guest network is called Maple-Guest", "wifi叫ChenFamily",
# "网络名是Tianyi-Office", "名字CSY-Home", "SSID: Orchard"): a name is no label, the thing it names is (REVIEW-18 #2).
# A name written in Chinese characters is left alone ("他叫小王": a person, whose name may say what the secret is for)
_NAMED = re.compile(
    r"(?i)(?:[ \t]+(?:is[ \t]+)?(?:called|named)[ \t]+"
    r"|(?:名字|名称|(?:(?<=网络)|(?<=热点)|(?<=wifi))名)(?:是|叫|为)?[:：]?[ \t]*|叫(?:做)?[ \t]*"
    r"|(?<![A-Za-z])(?P<ssid>ssid)[ \t]*(?:is[ \t]+|[:：=是][ \t]*)?)"
    r"(?P<name>[A-Za-z0-9][^\s，,。；;、]*)"
)
_CLAUSE_BREAK = "，,。；;"


def _without_names(window: str) -> str:
    """The window with each thing's own name taken out and the thing put where the name stood: the words just
    before the naming words, or, when they stand alone in their clause ("…弄好了，名字X，"), the thing the clause before
    names; an SSID names a wifi."""

    def thing(m: re.Match[str]) -> str:
        head = window[: m.start()]
        if m.group("ssid"):
            return "wifi" if _CJK.search(head) else "the wifi"
        if head.rstrip(" \t")[-1:] not in ("", *_CLAUSE_BREAK):
            return ""  # the thing stands just before its name: taking the name out leaves it there
        things = _zh_things(head) or [t.group("thing") for t in _EN_THING.finditer(head)]
        return things[-1] if things else ""

    return _NAMED.sub(thing, window)


def _label_window(text: str, start: int) -> str:
    """The words just before a secret, read from screened text only: every placeholder (and every value already
    found, `_HELD`) is taken out whole before the window is cut, so no window holds half of one; what stood there
    ends the window's last line (a label is never read across another secret). A window never begins inside a
    word, and identifiers are left out."""
    if "[secret:" in text:
        text = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), text)
    begin = max(0, start - _WINDOW)
    while 0 < begin < start and (text[begin - 1].isalnum() or text[begin - 1] in "_-.@"):
        begin += 1  # the window began inside a word: it begins after it
    window = _HELD_RUN.sub("\n", text[begin:start])
    return _IDENTIFIER.sub(" ", window)


# ---- screening-11: a label says what the secret opens, in the person's words, never a piece of markup, a kind's
# name, a time or a lead-in. A variable's name says it once its secret's words are taken off ("OPENAI_API_KEY=" ->
# OPENAI, "MYSQL_ROOT_PASSWORD:" -> MYSQL ROOT, "PGPASSWORD=" -> PG)
_ASSIGNED_NAME = re.compile(
    r"(?<![A-Za-z0-9_.\-])([A-Za-z][A-Za-z0-9_.\-]*)[\"']?[ \t]*(?:[:=]|=>|是)[ \t]*[\"']?[ \t]*$"
)
_SECRET_PART = re.compile(
    r"(?i)^(?:passwords?|passwd|pass|pwd|pw|passphrase|secrets?|keys?|tokens?|api|access|private|client|auth|hook|"
    r"webhook|value|export|env|set)$"
)
_SECRET_AFFIX = re.compile(r"(?i)(?:password|passwd|pass|pwd|secret|token|key)$|^(?:password|secret|token|api)")
_NAME_PART = re.compile(r"[_.\-]+|(?<=[a-z])(?=[A-Z])")


def _assigned_label(line: str) -> str:
    """The thing a variable's name says, when the window ends with a name given a value and the name holds a
    secret's word (not a plain word: "password:" is no variable)."""
    m = _ASSIGNED_NAME.search(line)
    if not m or not re.search(r"[_.\-]|[a-z][A-Z]|^[A-Z0-9]+$", m.group(1)):
        return ""
    parts = [part for part in _NAME_PART.split(m.group(1)) if part]
    if not any(_SECRET_PART.match(part) or _SECRET_AFFIX.search(part) for part in parts):
        return ""
    kept = []
    for part in parts:
        if _SECRET_PART.match(part):
            continue
        part = _SECRET_AFFIX.sub("", part) if len(part) > 4 else part
        if part:
            kept.append(part)
    return " ".join(kept)


# words a label that is only them says nothing with: a kind's name, markup, a time, a verb, a pronoun
_NOISE_WORDS = frozenset(
    "password passwords pass passwd pwd pw pin pins key keys token tokens secret secrets code codes api bearer basic "
    "auth authorization header headers url uri name todo post get put delete enter use type typed verification "
    "temporary temp setup login logins value values one time one-time otp 2fa "
    "monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight yesterday now later next visit "
    "time week month morning evening night hey hi reminder fyi note ps btw ok okay so also oh wait ugh lol pls please "
    "dear gbp usd eur rmb cny sgd jan feb mar apr may jun jul aug sep sept oct nov dec here keep paying your".split()
)
# words that say nothing when they are the whole label, but may end one ("Apple ID", "card number")
_NOISE_ALONE = frozenset("id number no new old mom mum dad".split()) | frozenset(
    "用这个 这个 那个 您 你 我 他 她 收到 刚收到 短信 短信里 新 新的 初始 所有 登录 手动输入 "
    "今天 明天 昨天 下次 刚才 现在 临时 这次".split()
)
_FIELD_NAMES = frozenset(
    "user username user-name userid login e-mail email account acct 账号 帐号 账户 帐户 用户名 登录名 邮箱".split()
)
_FIELD_ZH = re.compile(r"(?:账号|帐号|账户|帐户|用户名|登录名)")  # a field name ends a word: 支付宝账号
_MARKUP = re.compile(r"[{}()\[\]\"`=;<>|]|(?<![A-Za-z])'|'(?![A-Za-z])")  # (an apostrophe is no quote: "Mom's")
_ZH_LEAD_VERB = re.compile(r"^(?:刚刚|刚|已经|帮我|帮你|发你|发给你|记得|用|拿|把|给|去)+")


def _tidy(label: str) -> str:
    """The words of a label that name a thing: after any markup, without lead-ins, kinds, times and verbs at its
    ends ("config: {\"" -> "", "hey, Netflix" -> Netflix, "刚把支付宝" -> 支付宝, "header x-hub-" -> x-hub)."""
    pieces = _MARKUP.split(label)
    label = pieces[-1] if pieces[-1].strip(" \t:,.-/") else ""
    words = [w.strip(" \t:,.-/!?'") for w in re.split(r"[ \t]+", label.strip())]
    if words:
        words[0] = re.sub(r"^[\d.,]+(?![\dA-Za-z])", "", words[0])  # a number's tail cut off ("00元的动态")
    words = [w for w in words if w]
    # a login's field name and what follows it (the user name) are not what the secret is for: "user … pw" and
    # "username bob pw" say nothing of it, "媽 妳的網銀 帳號 … 密碼" says 媽 妳的網銀 (REVIEW-6: a label "user")
    for n, word in enumerate(words):
        folded = fold_script(word.lower())
        if folded in _FIELD_NAMES:
            words = words[:n]
            break
        if m := _FIELD_ZH.search(folded):
            words = [*words[:n], word[: m.start()]]  # (an empty word is dropped below)
            break
    while words and (words[0].lower() in _NOISE_WORDS or not re.search(r"[A-Za-z0-9\u4e00-\u9fff]", words[0])):
        words.pop(0)
    while words and (words[-1].lower() in _NOISE_WORDS or not re.search(r"[A-Za-z0-9\u4e00-\u9fff]", words[-1])):
        words.pop()
    label = " ".join(words)
    if _CJK.search(label[:1] or " "):
        label = _ZH_LEAD_VERB.sub("", label)
    return "" if label.lower() in _NOISE_WORDS | _NOISE_ALONE else label


def _label(text: str, start: int, kind: str, *, _again: bool = True) -> str:
    """What the secret is for: the thing named with the secret's name just before the value (`工作邮箱密码是` ->
    工作邮箱, `the wifi password here is` -> wifi, `password for bank of america is` -> bank of america), else the
    kind. A label is a thing: verbs, pronouns and the words between the name and the value are left out."""
    label = _label_once(text, start, kind)
    if label == kind.replace("_", " ") and _again:
        # "Netflix login: [value] / password: [value]": the line was cut by the value before; what stood before that
        # value names both
        masked = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), text) if "[secret:" in text else text
        line_start = masked.rfind("\n", 0, start) + 1
        held = masked.rfind(_HELD, line_start, start)
        if held >= 0 and not re.search(r"[A-Za-z0-9\u4e00-\u9fff]{3}", _LABEL_KEY.sub("", masked[held + 1 : start])):
            first = held
            while first > line_start and masked[first - 1] == _HELD:
                first -= 1
            return _label(masked, first, kind, _again=False)
    return label


def _label_once(text: str, start: int, kind: str) -> str:
    before = _without_names(_label_window(text, start))
    assigned = _assigned_label(before.rstrip("\n").rsplit("\n", 1)[-1])
    if assigned and (cleaned := _clean_label(assigned, kind)) != kind.replace("_", " "):
        return cleaned
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
        return _purpose(text, start, kind) or kind.replace("_", " ")
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
    clause = re.split(f"[{_CLAUSE_BREAK}]", head)[-1]
    if (
        before[: key.start()].rstrip(" \t:：=")[-1:] in _CLAUSE_BREAK
        and not head.isascii()
        and not _ZH_THING_END.search(clause)
    ):
        # the key stands alone in its clause ("家里wifi弄好了，密码…"): the thing the clause before names, not all of it
        things = _zh_things(clause)
        label = things[-1] if things else ""
    elif _CJK.search(head[-1:] or " ") or not head.isascii():
        match = _LABEL_ZH.search(head)
        label = match.group(1) if match else ""
    else:
        label = _thing_words(" ".join(head.split()[-4:]))
    cleaned = _clean_label(label, kind)
    if cleaned == kind.replace("_", " "):
        return _purpose(text, start, kind) or cleaned
    return _fuller(text, start, cleaned)


def _fuller(text: str, start: int, label: str) -> str:
    """A one-word label for a kind of thing, with the word the rest of the sentence gives it ("the card PIN … (salary
    card at the bank)" -> salary card)."""
    if label.lower() not in _EN_THINGS:
        return label
    end_match = _SENTENCE_START.search(text, start)
    said = text[start : end_match.start() if end_match else len(text)]
    for m in re.finditer(rf"(?i)(?<![A-Za-z\-])([A-Za-z][A-Za-z\-]+)[ \t]+{re.escape(label)}(?![A-Za-z])", said):
        if m.group(1).lower() not in _NOT_A_THING and not m.group(1).lower().endswith(("ed", "ing")):
            return f"{m.group(1)} {label}"
    return label


def _clean_label(label: str, kind: str) -> str:
    """Leading pronouns and articles off; long numbers (a phone, an account) out; markup, lead-ins, kinds and times
    off its ends (`_tidy`)."""
    label = " ".join(w for w in label.split() if not (w.isdigit() and len(w) >= 4) and "@" not in w)
    for _ in range(3):
        label = _LABEL_STRIP.sub("", _tidy(label.strip())).strip()
    return label or kind.replace("_", " ")


def _safe_label(label: str, value: str, kind: str) -> str:
    """A label that would give away any part of the secret is replaced by the kind (section 15.3)."""
    return label if not hint_problems(label, secret=value) else kind.replace("_", " ")


# ---- screening-8: what a secret is for when no name stands just before it: the thing the sentence around it names
# ("what she types to get in" -> her Apple ID; "登进去要敲的是" -> Netflix; "these get me into the team GitLab" ->
# team GitLab; "开机那串数字设成了" -> 新电脑开机), never a value, an identifier or a verb
_SENTENCE_START = re.compile(r"[。！？!?\n]|\.(?=\s)")
_EN_THINGS = (
    "wifi wi-fi network router laptop computer pc mac phone iphone ipad tablet tv account email mail bank card door "
    "gate garage lock lockbox safe portal app vpn nas server database vault gitlab github site login alarm keypad "
    "bike locker drive disk wallet"
).split()
_EN_THING = re.compile(
    r"(?i)\b(?:the|my|her|his|our|your|their|a)[ \t]+(?P<thing>(?:[A-Za-z][A-Za-z0-9&'\-]*[ \t]+){0,2}?(?:"
    + "|".join(map(re.escape, _EN_THINGS))
    + r"))\b"
)
# a name written with capitals: "Apple ID", "Bitwarden", "Netflix" (not the sentence's first word, not "I")
_PROPER = re.compile(
    r"(?<![A-Za-z0-9\-])(?:[A-Z][A-Za-z0-9\-]*[a-z0-9][A-Za-z0-9]*|[A-Z]{2,6}(?![A-Za-z0-9_]))"
    r"(?:[ \t]+(?:[A-Z][A-Za-z0-9]+|ID))*"
)
_NOT_PROPER = frozenset(
    "I I'm Im Mom Mum Dad Her His My Our Your Their The A An And But So Also Oh Wait Ugh Hmm Ok Okay Sure Yes No "
    "Note Notes Then Sorry Btw Hey Hi Finally Just Please Set Put Gave Saved Logged Typing Google Keep Here Paying "
    "Do Don't Never Call Reply Use Enter Your You We".split()
)
_ZH_THING = re.compile(
    r"(?:[A-Za-z][A-Za-z0-9]+|[\u4e00-\u9fff]{0,6}?(?:电子锁|门锁|密码锁|智能锁|锁|大门|门禁|门|电脑|路由器|网络|宽带|账号|帐号|"
    r"邮箱|银行卡|信用卡|卡|手机|平板|系统|后台|保险箱|保险柜|网银|支付宝|微信|淘宝|开机|钱包|账户|帐户))"
)
_ZH_THING_END = re.compile(f"(?:{_ZH_THING.pattern})$")
_ZH_LEAD = re.compile(r"^(?:妈|爸|哥|姐|你|我|他|她|这个|那个|帮你|把|给|的|新|家里|办|用|帮|在)+")


def _zh_things(part: str) -> list[str]:
    """The things a Chinese clause names, adjacent pieces joined ("门" + "口那个电子锁" -> "门口电子锁")."""
    spans: list[list[int]] = []
    for m in _ZH_THING.finditer(part):
        if spans and m.start() == spans[-1][1]:
            spans[-1][1] = m.end()
        else:
            spans.append([m.start(), m.end()])
    return [_ZH_LEAD.sub("", re.sub("那个|这个|那台|这台", "", part[a:b])) for a, b in spans]


def _purpose(text: str, start: int, kind: str) -> str:
    """The thing the sentence that holds a secret names, nearest to it first (before it, then after it), else the
    sentence before it ("Finally moved everything into Bitwarden. The one phrase I must never forget: …")."""
    if "[secret:" in text:
        text = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), text)
    begin = max([0] + [m.end() for m in _SENTENCE_START.finditer(text, max(0, start - 160), start)])
    return _named_thing(text, begin, start, kind) or (
        _named_thing(text, max(0, start - 160), start, kind) if begin > max(0, start - 160) else ""
    )


def _named_thing(text: str, begin: int, start: int, kind: str) -> str:
    end_match = _SENTENCE_START.search(text, start)
    end = min(end_match.start() if end_match else len(text), start + 120)
    before = _IDENTIFIER.sub(" ", _without_names(_HELD_RUN.sub(" ", text[begin:start])))
    after = _IDENTIFIER.sub(" ", _without_names(_HELD_RUN.sub(" ", text[start:end])))
    if _CJK.search(before + after):
        for part in (before, after):
            things = _zh_things(part)
            things = things if part is after else things[::-1]
            things = [t for t in things if len(t) >= 2 and t.lower() not in ("wifi", "app")] or [
                t for t in things if len(t) >= 2
            ]
            if things:
                return _clean_label(things[0], kind)
        return ""
    for part in (before, after):
        candidates: list[tuple[int, str]] = []
        for m in _EN_THING.finditer(part):
            candidates.append((m.start("thing"), _thing_words(m.group("thing")) or m.group("thing")))
        for m in _PROPER.finditer(part):
            words = [w for w in m.group(0).split() if w not in _NOT_PROPER]
            if words:
                candidates.append((m.start(), " ".join(words)))
        if candidates:
            candidates.sort()
            pick = candidates[-1] if part is before else candidates[0]
            return _clean_label(pick[1], kind)
    return ""
