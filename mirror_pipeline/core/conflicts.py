"""Conflicts (section 11) and the questions they become (section 12): precision-aware time comparison, evaluative
words that mark an opinion, and short questions in the person's own language, each option citing its evidence.

Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from mirror_pipeline.core.model import Language
from mirror_pipeline.core.screening import PLACEHOLDER_RE
from mirror_pipeline.core.screening.questions import MASK_THIS
from mirror_pipeline.core.script import is_traditional, to_traditional
from mirror_pipeline.core.text import detect_language, local_day

if TYPE_CHECKING:  # polars is imported where the joins run: a read that only words a question needs none
    import polars as pl


@dataclass(frozen=True)
class EvidenceBrief:
    """What a question needs of a piece of evidence: when, in which session, in which language, and its words."""

    evidence_id: str
    timestamp: datetime | None
    text: str
    session_id: str = ""
    locator: str = ""
    source_timezone: str | None = None  # the evidence's own zone: the day a question cites is the day it was written


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


# the same words for polars (Rust regex: Unicode word boundaries, case folded by the flag)
_EVALUATIVE_POLARS = "(?i)" + _EVALUATIVE.pattern


def evaluative(text: str) -> bool:
    return bool(_EVALUATIVE.search(text))


@lru_cache(maxsize=16384)  # a message's language is asked once per question it is cited in
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
    right = left + limit
    # a window never cuts a placeholder: its tail ("t:password:sec_…]") reads as a secret to the rules (REVIEW-16 #10)
    for m in PLACEHOLDER_RE.finditer(text):
        if m.start() < left < m.end():
            left = m.start()
        if m.start() < right < m.end():
            right = m.end()
    return ("…" if left else "") + text[left:right] + ("…" if right < len(text) else "")


def cite(when: datetime | None, words: str, lang: Language) -> str:
    day = local_day(when) or ("日期不详" if lang is Language.ZH else "undated")  # `when` on the person's clock
    return f"{day}：「{words}」" if lang is Language.ZH else f"{day}: “{words}”"


LATER = {Language.ZH: "以后再说", Language.EN: "later"}
# the system's own words with a character of two Traditional forms (几 -> 幾 or 几, 后 -> 後 or 后): said whole
_TEMPLATE_TRADITIONAL = {
    "这几条": "這幾條",
    "哪几条": "哪幾條",
    "以后": "以後",
    "哪里": "哪裡",
    "关于": "關於",
    "明确": "明確",
    "个": "個",
    **{f"里{c}": f"裡{c}" for c in "「；：有（"},  # "在日记（…）里「…」": the place a thing is in
}


def in_script_of(texts: Sequence[str], *written: str) -> tuple[str, ...]:
    """What the system `written` (a question, its options) in Traditional characters when the evidence it asks
    about (`texts`) is written in them (REVIEW-6: 「你對盤尼西林過敏」 asked in 这几条记得对吗); else as it is."""
    if not is_traditional("".join(texts)):
        return written
    out = []
    for text in written:
        for simplified, traditional in _TEMPLATE_TRADITIONAL.items():
            text = text.replace(simplified, traditional)
        out.append(to_traditional(text))
    return tuple(out)


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
    from mirror_pipeline.core.extraction.rewrite import addressed  # the rewrite's own inverse, loaded when asked

    return addressed(content)  # "The user is planning" -> "You are planning" (not "You i planning")


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


_THE_USER = re.compile(r"(?i)\bthe user\b")


def say(content: str, predicate: str, obj: str, memory_type: str, lang: Language) -> str:
    """A memory as a sentence to the person, in the question's language: "你在A公司工作" for a Chinese question even
    when the extractor wrote its sentence in English. A sentence of the other language that no template says is
    addressed in its own words ("The user analyses reef data" -> "You analyse reef data" inside a Chinese question,
    "用户住在杭州" -> "你住在杭州" inside an English one): the person is never quoted as "the user"."""
    # the language the person is named in ("The user works at 海洋研究所" is said in English)
    own = Language.ZH if "用户" in content else Language.EN if _THE_USER.search(content) else lang
    if lang is Language.ZH and detect_language(content) is Language.EN:
        if memory_type == "relationship":
            return f"{obj}是你的{_RELATION_ZH.get(predicate, predicate)}"
        template = _SAY_ZH.get(predicate)
        if template:
            return template.format(o=obj)
    return you(content, own)


def _masked(text: str) -> str:
    return PLACEHOLDER_RE.sub(MASK_THIS, text) if "[secret:" in text else text


def confirmation_question(
    contents: list[str], why: str, lang: Language, citation: str, each: list[str] | None = None
) -> tuple[str, tuple[str, ...]]:
    """ "这几条记得对吗？「A」；「B」（why；citation）"; with `each`, every content cites its own evidence. A secret's
    reference placeholder is shown as the secret questions show it (•••): the person reads no machinery."""
    contents, citation = [_masked(c) for c in contents], _masked(citation)
    each = [_masked(e) for e in each] if each else each
    if lang is Language.ZH:
        cited = [
            f"「{c}」" + (f"（{e}）" if e else "") for c, e in zip(contents, each or [""] * len(contents), strict=True)
        ]
        head = "这几条记得对吗？" if len(contents) > 1 else "这条记得对吗？"
        tail = "；".join(t for t in (why, citation) if t)
        # several: "no" asks which ones (a reject names them), as "edit" asks which one
        several = len(contents) > 1
        return f"{head}{'；'.join(cited)}（{tail}）" if tail else f"{head}{'；'.join(cited)}", (
            "都对" if several else "对",
            "有不对的（选哪几条）" if several else "不对",
            "改一条" if several else "改一下",
            LATER[lang],
        )
    cited = [f"“{c}”" + (f" ({e})" if e else "") for c, e in zip(contents, each or [""] * len(contents), strict=True)]
    head = "Are these right?" if len(contents) > 1 else "Is this right?"
    tail = "; ".join(t for t in (why, citation) if t)
    several = len(contents) > 1
    return f"{head} {'; '.join(cited)} ({tail})" if tail else f"{head} {'; '.join(cited)}", (
        "all right" if several else "yes",
        "some are wrong (say which)" if several else "no",
        "edit one" if several else "edit",
        LATER[lang],
    )


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


class Suspect(StrEnum):
    """What a memory may be in conflict about (found for all memories at once; decided per memory after)."""

    TIMELINE = "timeline"  # two accounts of one event whose intervals do not all overlap
    SAME_DAY = "fact"  # two values of a one-at-a-time fact said the same day
    VALUES = "recent"  # two values of a one-at-a-time fact (a change, or a newer account against a confirmed one)
    RELATION = "relation"  # one person recorded as two relations
    OPINION = "opinion"  # a fact built of judging words


CANDIDATE_COLUMNS = (
    "memory_id",
    "memory_type",
    "subject",
    "predicate",
    "object_key",
    "object",
    "start",
    "end",
    "day",
    "single",
)


def candidate_schema() -> dict[str, pl.DataType]:
    import polars as pl

    return {name: (pl.Boolean if name == "single" else pl.String) for name in CANDIDATE_COLUMNS}


def suspects(rows: pl.DataFrame) -> dict[str, frozenset[Suspect]]:
    """memory id -> what it may be in conflict about, by joins and group-bys over every candidate at once (no
    Python per candidate): events whose said intervals do not all overlap (in one dimension, intervals all meet iff
    the latest start is not after the earliest end), one-at-a-time facts with two values (the same day: a fact
    conflict), one other person under two relations, facts built of judging words. Free statements (no structured
    attribute: `kind:domain` predicates) go through the same joins: their identity is their statement (merged by
    meaning upstream), so an evaluative free "fact" is an opinion-fact confusion like any other.
    Whether a suspicion is a conflict (a move said as such, a choice already made) is decided per memory after."""
    import polars as pl

    if rows.is_empty():
        return {}
    dated = rows.with_columns(
        pl.col("start").str.slice(0, 10).str.to_date(strict=False).alias("s"),
        pl.coalesce(pl.col("end"), pl.col("start")).str.slice(0, 10).str.to_date(strict=False).alias("e"),
    )
    timeline = (
        dated.filter((pl.col("memory_type") == "event") & pl.col("s").is_not_null())
        .group_by("memory_id")
        .agg(pl.col("s").max().alias("latest_start"), pl.max_horizontal("s", "e").min().alias("earliest_end"))
        .filter(pl.col("latest_start") > pl.col("earliest_end"))
        .select("memory_id", pl.lit(str(Suspect.TIMELINE)).alias("kind"))
    )
    single = rows.filter(pl.col("single"))
    values = (
        single.group_by("memory_id")
        .agg(pl.col("object_key").n_unique().alias("n"))
        .filter(pl.col("n") > 1)
        .select("memory_id", pl.lit(str(Suspect.VALUES)).alias("kind"))
    )
    same_day = (
        single.filter(pl.col("day").is_not_null())
        .group_by("memory_id", "day")
        .agg(pl.col("object_key").n_unique().alias("n"))
        .filter(pl.col("n") > 1)
        .select("memory_id", pl.lit(str(Suspect.SAME_DAY)).alias("kind"))
    )
    relations = rows.filter(pl.col("memory_type") == "relationship")
    two_ways = (
        relations.group_by("object_key")
        .agg(pl.col("predicate").n_unique().alias("n"))
        .filter(pl.col("n") > 1)
        .join(relations, on="object_key")
        .select("memory_id", pl.lit(str(Suspect.RELATION)).alias("kind"))
    )
    opinions = rows.filter(
        (pl.col("memory_type") == "fact") & pl.col("object").str.contains(_EVALUATIVE_POLARS)
    ).select("memory_id", pl.lit(str(Suspect.OPINION)).alias("kind"))
    found = pl.concat([timeline, values, same_day, two_ways, opinions]).unique().sort("memory_id", "kind")
    out: dict[str, set[Suspect]] = {}
    for memory_id, kind in found.iter_rows():
        out.setdefault(memory_id, set()).add(Suspect(kind))
    return {k: frozenset(v) for k, v in out.items()}
