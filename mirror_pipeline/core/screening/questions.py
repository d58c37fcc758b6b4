"""What a question about a secret reference tells the person (issue 9, REVIEW-1 item 4): when and where the secret
was found (the date in the home's timezone, the source: which file, which chat) and a short excerpt of the screened
text with this value masked, in the language of the evidence; two findings in one message are told apart (which one
this is, what else was hidden there). Never a value: the excerpt is cut from screened text, placeholders whole."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import PurePosixPath
from zoneinfo import ZoneInfo

from mirror_pipeline.core.ids import as_given
from mirror_pipeline.core.model import Language
from mirror_pipeline.core.screening.detection import find_secrets
from mirror_pipeline.core.screening.rules import PLACEHOLDER_RE
from mirror_pipeline.core.text import detect_language
from mirror_pipeline.core.timeexpr import local_moment


@dataclass(frozen=True)
class FoundIn:
    """Where a reference's evidence stands: its local date, the file and its format, the screened text."""

    when: date | None
    file_path: str
    source_format: str
    text: str


_FORMATS = {
    "chatgpt": ("ChatGPT 对话", "a ChatGPT conversation"),
    "claude": ("Claude 对话", "a Claude conversation"),
    "wechat": ("微信聊天", "a WeChat chat"),
    "whatsapp": ("WhatsApp 聊天", "a WhatsApp chat"),
    "telegram": ("Telegram 聊天", "a Telegram chat"),
    "dayone": ("Day One 日记", "a Day One journal"),
    "markdown_journal": ("日记", "a journal entry"),
    "plain_journal": ("日记", "a journal entry"),
    "mirror_note": ("你用 mirror note 记下的笔记", "a note you made with mirror note"),
    "mirror_form": ("问卷回答", "a questionnaire answer"),
}
_KINDS_ZH = {
    "password": "密码",
    "api_key": "API 密钥",
    "pin": "PIN 码",
    "recovery_code": "恢复码",
    "private_key": "私钥",
    "token": "令牌",
    "one_time_code": "验证码",
    "passphrase": "口令短语",
    "combination": "密码锁的号码",
    "seed_phrase": "助记词",
    "security_answer": "密保答案",
    "card_security": "银行卡安全码",
    "bank_card": "银行卡号",
    "id_number": "证件号",
}
# a kind's English name with its article, where the plain name reads wrong ("a api key")
_KINDS_EN = {"api_key": "an API key", "pin": "a PIN", "id_number": "an ID number", "one_time_code": "a one-time code"}
_WIDTH = 36


def _a_kind(kind: str) -> str:
    return _KINDS_EN.get(kind) or "a " + kind.replace("_", " ")


MASK_THIS, MASK_OTHER = "•••", "···"
# an e-mail address (a login) is not repeated in a question: which account it is shows without it
_EMAIL = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")


def found_in(row: dict, tz: ZoneInfo) -> FoundIn:
    """From an evidence row (timestamp, file_path, source_format, raw_content, source_timezone): the date on the
    source's own calendar where it has one (a Day One entry at 13:40 UTC in Australia/Sydney is the next day there),
    else the home's, as every other date shown of that evidence."""
    ts = row.get("timestamp")
    when = None
    if isinstance(ts, datetime):
        moment = local_moment(ts if ts.tzinfo else ts.replace(tzinfo=UTC), row.get("source_timezone"), tz)
        when = moment.date() if moment else None
    return FoundIn(
        when, str(row.get("file_path") or ""), str(row.get("source_format") or ""), row.get("raw_content") or ""
    )


def excerpt(text: str, ref_id: str, lang: Language, width: int = _WIDTH) -> tuple[str, int, int]:
    """The words around this reference's placeholder, the placeholder shown as masked and every other one as
    another hidden value (cut whole, never in half); and which one of how many references the text holds."""
    refs = list(dict.fromkeys(m.group("ref") for m in PLACEHOLDER_RE.finditer(text)))
    # masks no rule reads as a value (a masked value is no secret: values._MASKED)
    this, other = MASK_THIS, MASK_OTHER
    marked = PLACEHOLDER_RE.sub(lambda m: "\x00" if m.group("ref") == ref_id else "\x01", text)
    marked = " ".join(_EMAIL.sub("[邮箱]" if lang is Language.ZH else "[e-mail]", marked).split())
    at = marked.find("\x00")
    if at < 0:
        return "", 0, len(refs)
    begin, end = max(0, at - width), min(len(marked), at + 1 + width)
    while (
        0 < begin < at and not marked[begin - 1].isspace() and marked[begin - 1].isascii() and marked[begin].isalnum()
    ):
        begin += 1  # not inside an English word
    while at < end < len(marked) and not marked[end].isspace() and marked[end].isascii() and marked[end - 1].isalnum():
        end -= 1
    cut = marked[begin:end].strip()
    cut = ("…" if begin > 0 else "") + cut + ("…" if end < len(marked) else "")
    position = refs.index(ref_id) + 1 if ref_id in refs else 0
    return cut.replace("\x00", this).replace("\x01", other), position, len(refs)


def _source(found: FoundIn, lang: Language) -> str:
    name = as_given(PurePosixPath(found.file_path).name)  # as the person gave it, not the inbox's copy
    zh, en = _FORMATS.get(found.source_format, (found.source_format, found.source_format))
    return f"{zh}（{name}）" if lang is Language.ZH else f"{en} ({name})"


# a label that only repeats a kind says nothing of what the secret is for
_KIND_WORDS = frozenset(k.replace("_", " ") for k in _KINDS_ZH) | frozenset(_KINDS_ZH) | {"secret"}


def secret_question(
    ref_id: str, kind: str, label: str, hint: str | None, found: FoundIn | None
) -> tuple[str, Language]:
    """The question, and its language (the evidence's): "2026-09-05，在微信聊天（chat_妈妈.csv）里发现一个密码（与网络
    相关），原话：「网络名 Chen_Home5G，连的时候输 [此处已隐藏] 就行」。……"."""
    text = found.text if found else ""
    detected = detect_language(text or label)
    lang = Language.ZH if detected in (Language.ZH, Language.MIXED) else Language.EN
    named = label if label and label.lower() not in _KIND_WORDS else ""
    if lang is Language.ZH:
        what = _KINDS_ZH.get(kind, kind.replace("_", " "))
        about = f"（{hint or ('与' + named + '相关')}）" if (hint or named) else ""
    else:
        what = _a_kind(kind)
        about = f" ({hint or 'for ' + named})" if (hint or named) else ""
    if found is None:
        if lang is Language.ZH:
            return f"发现一个{what}{about}，已经挡在记忆之外。对吗？它保存在哪里（密码管理器、保险箱）？", lang
        return (
            f"{what[:1].upper()}{what[1:]}{about} was found and kept out of your memory. Is that right, and where is "
            "it kept (a password manager, a vault)?",
            lang,
        )
    cut, position, count = excerpt(text, ref_id, lang)
    when = found.when.isoformat() if found.when else None
    source = _source(found, lang)
    for quoted in (cut, ""):
        # no colon after a secret's name and no "password was …": the question itself must not read as a secret;
        # if it still does with the excerpt, it goes without
        if lang is Language.ZH:
            where = f"{when}，在{source}里" if when else f"在{source}里"
            which = f"（这条消息里隐藏了 {count} 处，这是 {MASK_THIS} 那一处）" if count > 1 and quoted else ""
            said = f"，原话「{quoted}」{which}" if quoted else ""
            question = (
                f"{where}有一个{what}{about}已挡在记忆之外（原值没有保存）{said}。"
                "对吗？它保存在哪里（密码管理器、保险箱）？"
            )
        else:
            where = f"On {when}, in {source}" if when else f"In {source}"
            which = (
                f" (the {_ordinal(position)} of {count} hidden in this message, at {MASK_THIS})"
                if count > 1 and quoted
                else ""
            )
            said = f", where it said “{quoted}”{which}" if quoted else ""
            question = (
                f"{where}, something that looks like {what}{about} was kept out of your memory (the value is not "
                f"stored){said}. Is that right, and where is it kept (a password manager, a vault)?"
            )
        if not quoted or not find_secrets(question):
            return question, lang
    return question, lang


_LISTED = 4  # a question about several references cites at most this many; `mirror secrets` lists every one


def secrets_question(kind: str, refs: list[tuple[str, FoundIn | None]], lang: Language) -> str:
    """One question about several references of one kind: "On 2026-08-12 in a Telegram chat (result.json) “…”; …:
    in each of these 3 places something that looks like a password was kept out of your memory …". The places come
    first: a kind's name followed by a colon and a date would read as a secret. Each place is cited by its date,
    source and masked excerpt, as far as the question does not itself read as a secret."""
    zh = lang is Language.ZH
    what = _KINDS_ZH.get(kind, kind.replace("_", " ")) if zh else _a_kind(kind)
    more = len(refs) - _LISTED
    for quoting, listing in ((True, True), (False, True), (False, False)):
        cited = []
        for ref_id, found in refs[:_LISTED] if listing else []:
            if found is None:
                continue
            cut = excerpt(found.text, ref_id, lang)[0] if quoting else ""
            when = found.when.isoformat() if found.when else ""
            source = _source(found, lang)
            if zh:
                cited.append(f"{when}{'，' if when else ''}在{source}里" + (f"「{cut}」" if cut else ""))
            else:
                cited.append(f"{'on ' + when + ' ' if when else ''}in {source}" + (f" “{cut}”" if cut else ""))
        if zh:
            listed = "；".join(cited) + (f"；还有 {more} 处" if more > 0 and cited else "")
            question = (
                (f"{listed}：这 {len(refs)} 处" if listed else f"有 {len(refs)} 处")
                + f"各有一个{what}已挡在记忆之外（原值没有保存）。都对吗？它们保存在哪里（密码管理器、保险箱）？"
                "逐个查看：`mirror secrets`"
            )
        else:
            listed = "; ".join(cited) + (f"; and {more} more" if more > 0 and cited else "")
            question = (
                (
                    f"{listed[0].upper()}{listed[1:]}: in each of these {len(refs)} places"
                    if listed
                    else f"In {len(refs)} places"
                )
                + f", something that looks like {what} was kept out of your memory (the values are not stored). "
                "Are they right, and where are they kept (a password manager, a vault)? "
                "`mirror secrets` lists each one."
            )
        if not find_secrets(question):
            return question
    return question


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")
