"""Conflicts (section 11) and the questions they become (section 12): precision-aware time comparison, evaluative
words that mark an opinion, and short questions in the person's own language, each option citing its evidence.

Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

from mirror_pipeline.core.model import Language
from mirror_pipeline.core.text import detect_language, local_day


@dataclass(frozen=True)
class EvidenceBrief:
    """What a question needs of a piece of evidence: when, in which session, in which language, and its words."""

    evidence_id: str
    timestamp: datetime | None
    text: str
    session_id: str = ""
    locator: str = ""


def interval(start: str | None, end: str | None) -> tuple[date, date] | None:
    """A said time as the interval it covers: "2021" is the whole year, "2021-06" the month (end given by the
    extractor at the precision it was said)."""
    if not start:
        return None
    try:
        first = date.fromisoformat(start[:10])
        last = date.fromisoformat((end or start)[:10])
    except ValueError:
        return None
    return (first, max(first, last))


def agree(a: tuple[date, date], b: tuple[date, date]) -> bool:
    """Two accounts of one time agree when their intervals overlap: "2021" and "2021-06" do; "2021年中"
    (May-August 2021) and "2022年春节后" (February 2022) do not."""
    return a[0] <= b[1] and b[0] <= a[1]


def width(span: tuple[date, date]) -> int:
    return (span[1] - span[0]).days


# Words that judge rather than state ("Python is the best language", "这家公司太烂了"): a fact built from them is an
# opinion stated as a fact (19.2)
_EVALUATIVE = re.compile(
    r"\b(?:best|worst|better|worse|overrated|underrated|terrible|awful|amazing|greatest|stupid|useless|"
    r"beautiful|ugly|boring|should|ought)\b|最好|最差|最棒|最烂|更好|更差|太\S{0,4}了|应该|好看|难看|糟糕|垃圾|"
    r"厉害|无聊|没用|最强|最美",
    re.IGNORECASE,
)


def evaluative(text: str) -> bool:
    return bool(_EVALUATIVE.search(text))


def language_of(*texts: str) -> Language:
    """Chinese when the person's words are Chinese (mixed counts as Chinese: the question follows the Chinese)."""
    lang = detect_language(" ".join(texts))
    return Language.ZH if lang in (Language.ZH, Language.MIXED) else Language.EN


def excerpt(text: str, start: int = 0, end: int | None = None, limit: int = 36) -> str:
    """A short excerpt around a span, whole if short."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    end = end if end is not None else start
    middle = (start + end) // 2
    left = max(0, min(middle - limit // 2, len(text) - limit))
    cut = text[left : left + limit]
    return ("…" if left else "") + cut + ("…" if left + limit < len(text) else "")


def cite(when: datetime | None, words: str, lang: Language) -> str:
    day = local_day(when) or ("日期不详" if lang is Language.ZH else "undated")  # `when` on the person's clock
    return f"{day}：「{words}」" if lang is Language.ZH else f"{day}: “{words}”"


LATER = {Language.ZH: "以后再说", Language.EN: "later"}

# the phrase a question uses for what a memory is about, by predicate ("离开 A公司", "left A Company")
_ABOUT_ZH = {
    "left": "离开{o}",
    "joined": "加入{o}",
    "moved_to": "搬到{o}",
    "lives_in": "住在哪里",
    "works_at": "在哪里工作",
    "born_in": "出生地",
    "graduated_from": "从{o}毕业",
    "married": "结婚",
    "child_born": "孩子出生",
}
_ABOUT_EN = {
    "left": "leaving {o}",
    "joined": "joining {o}",
    "moved_to": "moving to {o}",
    "lives_in": "where you live",
    "works_at": "where you work",
    "born_in": "where you were born",
    "graduated_from": "graduating from {o}",
    "married": "getting married",
    "child_born": "your child's birth",
}


def about(predicate: str, obj: str, content: str, lang: Language) -> str:
    table = _ABOUT_ZH if lang is Language.ZH else _ABOUT_EN
    template = table.get(predicate)
    if template:
        return template.format(o=obj)
    return _strip_user(content, lang)


def _strip_user(content: str, lang: Language) -> str:
    if lang is Language.ZH:
        return content.removeprefix("用户").strip() or content
    return re.sub(r"^The user(?:'s)?\s+", "", content).strip() or content


def you(content: str, lang: Language) -> str:
    """A memory's sentence addressed to the person ("用户住在大阪" -> "你住在大阪")."""
    if lang is Language.ZH:
        return content.replace("用户", "你")
    text = re.sub(r"\bthe user's\b", "your", content, flags=re.IGNORECASE)
    text = re.sub(r"\bThe user (\w+)s\b", r"You \1", text)
    text = re.sub(r"\bthe user\b", "you", text, flags=re.IGNORECASE)
    text = re.sub(r"\bthem\b", "you", text)
    return text[:1].upper() + text[1:]


_SAY_ZH = {
    "lives_in": "你住在{o}",
    "works_at": "你在{o}工作",
    "moved_to": "你搬到了{o}",
    "left": "你离开了{o}",
    "joined": "你加入了{o}",
    "prefers": "你喜欢{o}",
    "thinks": "你认为{o}",
    "born_in": "你出生在{o}",
    "hometown": "你的家乡是{o}",
    "goal": "你的目标是{o}",
    "plans_to": "你打算{o}",
}
_RELATION_ZH = {
    "manager": "上司",
    "cousin": "表亲",
    "friend": "朋友",
    "colleague": "同事",
    "mother": "妈妈",
    "father": "爸爸",
    "wife": "妻子",
    "husband": "丈夫",
    "sister": "姐妹",
    "brother": "兄弟",
}


def say(content: str, predicate: str, obj: str, memory_type: str, lang: Language) -> str:
    """A memory as a sentence to the person, in the question's language: "你在A公司工作" for a Chinese question even
    when the extractor wrote its sentence in English."""
    if lang is Language.ZH and detect_language(content) is Language.EN:
        if memory_type == "relationship":
            return f"{obj}是你的{_RELATION_ZH.get(predicate, predicate)}"
        template = _SAY_ZH.get(predicate)
        if template:
            return template.format(o=obj)
    return you(content, lang)


def confirmation_question(contents: list[str], why: str, lang: Language, citation: str) -> tuple[str, tuple[str, ...]]:
    if lang is Language.ZH:
        said = "；".join(f"「{c}」" for c in contents)
        head = "这几条记得对吗？" if len(contents) > 1 else "这条记得对吗？"
        question = f"{head}{said}（{why}；{citation}）" if why else f"{head}{said}（{citation}）"
        return question, ("对", "不对", "改一下", LATER[lang])
    said = "; ".join(f"“{c}”" for c in contents)
    head = "Are these right?" if len(contents) > 1 else "Is this right?"
    question = f"{head} {said} ({why}; {citation})" if why else f"{head} {said} ({citation})"
    return question, ("yes", "no", "edit", LATER[lang])


def two_versions_question(kind: str, subject: str, options: list[str], lang: Language) -> tuple[str, tuple[str, ...]]:
    """The example of 12.2: “我发现你关于离开 A 公司的时间有两个版本：1）2021 年中 2）2022 年春节后，哪个更接近
    实际？”"""
    numbered_zh = " ".join(f"{n}）{o}" for n, o in enumerate(options, start=1))
    numbered_en = " ".join(f"{n}) {o}" for n, o in enumerate(options, start=1))
    texts = {
        (
            "timeline",
            Language.ZH,
        ): f"我发现你关于{subject}的时间有{len(options)}个版本：{numbered_zh}，哪个更接近实际？",
        ("timeline", Language.EN): f"You gave {len(options)} times for {subject}: {numbered_en}. Which is closer?",
        ("fact", Language.ZH): f"关于{subject}，你同一天说了不同的情况：{numbered_zh}，现在哪个是对的？",
        (
            "fact",
            Language.EN,
        ): f"On one day you said different things about {subject}: {numbered_en}. Which is right now?",
        ("recent", Language.ZH): f"关于{subject}，你之前确认过的和最近说的不一样：{numbered_zh}，现在哪个是对的？",
        ("recent", Language.EN): f"About {subject}, what you confirmed earlier and what you said lately differ: "
        f"{numbered_en}. Which holds now?",
        ("relation", Language.ZH): f"{subject}和你是什么关系？记下了{len(options)}种说法：{numbered_zh}",
        ("relation", Language.EN): f"How is {subject} related to you? I have {len(options)} accounts: {numbered_en}",
    }
    both = {"relation": {Language.ZH: "都对", Language.EN: "both are right"}}
    extra = (both[kind][lang],) if kind in both else ()
    return texts[(kind, lang)], (*options, *extra, LATER[lang])


def opinion_question(content: str, lang: Language, citation: str) -> tuple[str, tuple[str, ...]]:
    if lang is Language.ZH:
        return (
            f"「{content}」是你的看法，还是一个事实？（{citation}）",
            ("是我的看法", "是事实", LATER[lang]),
        )
    return (
        f"Is “{content}” your view, or a fact? ({citation})",
        ("my view", "a fact", LATER[lang]),
    )


def stale_question(content: str, lang: Language, since: str) -> tuple[str, tuple[str, ...]]:
    if lang is Language.ZH:
        return f"「{you(content, lang)}」现在还是这样吗？（上次提到是 {since}）", ("还是", "不是了", LATER[lang])
    return f"Is “{you(content, lang)}” still true? (last mentioned {since})", (
        "still true",
        "not any more",
        LATER[lang],
    )
