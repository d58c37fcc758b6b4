"""Public retrieval benchmarks through the same retrieval path as `mirror search` (`api.Memory`).

Each LoCoMo conversation, and each LongMemEval question's haystack, is its own in-memory memory: its turns are the
documents (evidence rows with their session date and speaker), indexed as `search` indexes a home. Vectors are cached
on disk by content hash and model (`DiskVectorCache`, outside the repository), so a rerun embeds nothing.

Formats:
- LoCoMo (`locomo10.json`): a list of samples `{conversation: {speaker_a, speaker_b, session_N: [{speaker, dia_id,
  text, blip_caption?}], session_N_date_time}, qa: [{question, evidence: [dia_id], category}]}`.
- LongMemEval: a list of `{question_id, question_type, question, question_date?, haystack_session_ids,
  haystack_dates, haystack_sessions: [[{role, content}]], answer_session_ids}`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from mirror_pipeline.api import Memory, passage_text
from mirror_pipeline.core.evaluation import average, recall, recall_all, recall_any
from mirror_pipeline.core.ranking import Method, RetrievalConfig

Row = dict[str, Any]
METHODS = {"hybrid": Method.HYBRID, "bm25": Method.LEXICAL, "dense": Method.DENSE}
LOCOMO_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
# retrieval is tuned on these five conversations only; the other five are the held-out measure (shared/benchmarks)
LOCOMO_SPLITS = {
    "tuning": ("conv-26", "conv-30", "conv-41", "conv-42", "conv-43"),
    "held-out": ("conv-44", "conv-47", "conv-48", "conv-49", "conv-50"),
}


class BenchmarkFormatError(ValueError):
    """The file is not in the benchmark's format (the message names the file and what is wrong)."""


def _load(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise BenchmarkFormatError(f"{path}: cannot read as JSON ({err})") from None


_LOCOMO_DATE = re.compile(r"(\d{1,2}):(\d\d)\s*([ap]m)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", re.I)
_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}


def locomo_date(text: str) -> datetime | None:
    """ "1:56 pm on 8 May, 2023" -> 2023-05-08T13:56Z."""
    m = _LOCOMO_DATE.search(text or "")
    if not m:
        return None
    hour, minute, half, day, month, year = m.groups()
    h = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    mon = _MONTHS.get(month[:3].lower())
    return datetime(int(year), mon, int(day), h, int(minute), tzinfo=UTC) if mon else None


def _embed_rows(
    rows: list[Row],
    embedder: Any | None,
    cache: Any | None,
    budget: int | None = None,
    passage: Callable[[Row], str] = passage_text,
) -> np.ndarray | None:
    if embedder is None:
        return None
    from mirror_pipeline.adapters.embedder import embed_missing, text_key

    texts = [passage(r) for r in rows]
    store: dict[str, np.ndarray] = {}
    known = cache.known if cache is not None else (lambda keys: {k: store[k] for k in keys if k in store})
    put = cache.store if cache is not None else (lambda keys, vs: store.update(zip(keys, vs, strict=True)))
    found, _ = embed_missing(embedder, texts, known, put, budget)
    return np.stack([found[text_key(t)] for t in texts]).astype(np.float32) if texts else None


class _QueryEmbedder:
    """Batches queries through the embedder's query side (so they can share the passage cache machinery)."""

    def __init__(self, embedder: Any) -> None:
        self._embedder = embedder

    def passages(self, texts: list[str]) -> np.ndarray:
        batch = getattr(self._embedder, "queries", None)
        if batch is not None:
            return batch(texts)
        return np.stack([self._embedder.query(t) for t in texts])


class Runner:
    """Runs questions over per-item memories with each method, from one set of vectors."""

    def __init__(self, embedder: Any | None, cache: Any | None, config: RetrievalConfig | None = None) -> None:
        self.embedder = embedder
        self.cache = cache
        self.config = config or RetrievalConfig()

    def memory(self, rows: list[Row], now: datetime, passage: Callable[[Row], str] = passage_text) -> Memory:
        """A memory over `rows`, each embedded as `passage` gives it (default: as the served path embeds it)."""
        vectors = _embed_rows(rows, self.embedder, self.cache, passage=passage)
        return Memory.from_documents(rows, vectors, self.config, self.embedder, clock=lambda: now)

    def queries(self, questions: list[str]) -> dict[str, np.ndarray]:
        """Query vectors of `questions`, batched and cached like passages (under the model id + ':query')."""
        if self.embedder is None:
            return {}
        from mirror_pipeline.adapters.embedder import DiskVectorCache, embed_missing

        cache = DiskVectorCache(self.cache.folder.parent, self.embedder.model_id + ":query") if self.cache else None
        store: dict[str, np.ndarray] = {}
        known = cache.known if cache else (lambda keys: {k: store[k] for k in keys if k in store})
        put = cache.store if cache else (lambda keys, vs: store.update(zip(keys, vs, strict=True)))
        found, _ = embed_missing(_QueryEmbedder(self.embedder), questions, known, put, label="queries")
        from mirror_pipeline.adapters.embedder import text_key

        return {q: found[text_key(q)] for q in questions}

    def ranked_ids(
        self, memory: Memory, query: str, method: Method, k: int, vectors: dict[str, np.ndarray] | None = None
    ) -> list[str]:
        qv = (vectors or {}).get(query)
        return [memory.corpus.rows[s.index]["doc_id"] for s in memory.ranked(query, k, method, query_vector=qv)]

    def scored_ids(
        self, memory: Memory, query: str, method: Method, k: int, vectors: dict[str, np.ndarray] | None = None
    ) -> list[tuple[str, float]]:
        qv = (vectors or {}).get(query)
        return [
            (memory.corpus.rows[s.index]["doc_id"], s.score) for s in memory.ranked(query, k, method, query_vector=qv)
        ]

    def methods(self) -> list[str]:
        return list(METHODS) if self.embedder is not None else ["bm25"]


def _report(benchmark: str, per_method: dict[str, list[tuple[str, dict[str, float]]]], main: str) -> dict[str, Any]:
    overall, per_type = average(per_method[main])
    questions = overall.pop("questions", 0)
    baselines = {}
    for name, rows in per_method.items():
        if name != main:
            b, bt = average(rows)
            b.pop("questions", None)
            baselines[name] = {**b, "per_type": bt}
    return {
        "benchmark": benchmark,
        "method": main,
        "questions": questions,
        "metrics": overall,
        "per_type": per_type,
        "baselines": baselines,
    }


def locomo_documents(sample: Row) -> tuple[list[Row], dict[str, str]]:
    """The turns of one conversation as evidence rows, and each turn's session."""
    conv = sample["conversation"]
    rows: list[Row] = []
    session_of: dict[str, str] = {}
    sessions = sorted((k for k in conv if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k.split("_")[1]))
    for key in sessions:
        when = locomo_date(conv.get(f"{key}_date_time", ""))
        for turn in conv[key]:
            text = turn.get("text") or ""
            if turn.get("blip_caption"):
                text = f"{text} [shares a photo: {turn['blip_caption']}]"
            rows.append(
                {
                    "doc_id": turn["dia_id"],
                    "kind": "evidence",
                    "text": text,
                    "speaker": "user",  # both people are the memory's owners here: no speaker penalty
                    "speaker_name": turn.get("speaker"),
                    "state": "evidence",
                    "evidence_ids": [turn["dia_id"]],
                    "timestamp": when,
                    "session_id": key,
                }
            )
            session_of[turn["dia_id"]] = key
    return rows, session_of


def run_locomo(
    path: Path,
    runner: Runner,
    limit: int | None = None,
    progress: Callable[[str], None] | None = None,
    samples: Sequence[str] | None = None,
):
    """`samples`: only these sample ids (e.g. `LOCOMO_SPLITS["tuning"]`); an id the file lacks is an error."""
    data = _load(path)
    if not isinstance(data, list) or not all(isinstance(s, dict) and "conversation" in s and "qa" in s for s in data):
        raise BenchmarkFormatError(f"{path}: not LoCoMo (a list of samples with 'conversation' and 'qa')")
    if samples:
        known = {str(s.get("sample_id")) for s in data}
        if missing := [s for s in samples if s not in known]:
            raise BenchmarkFormatError(f"{path}: no sample {', '.join(missing)} (it has {', '.join(sorted(known))})")
        data = [s for s in data if str(s.get("sample_id")) in set(samples)]
    per_method: dict[str, list[tuple[str, dict[str, float]]]] = {m: [] for m in runner.methods()}
    for sample in data[:limit]:
        rows, session_of = locomo_documents(sample)
        last = max((r["timestamp"] for r in rows if r["timestamp"]), default=datetime.now(UTC))
        memory = runner.memory(rows, last)
        if progress:
            progress(f"{sample.get('sample_id', '?')}: {len(rows)} turns")
        qvecs = runner.queries([qa["question"] for qa in sample["qa"] if qa.get("category") in LOCOMO_CATEGORIES])
        for qa in sample["qa"]:
            category = qa.get("category")
            if category not in LOCOMO_CATEGORIES:
                continue
            gold = [e.strip() for ev in qa.get("evidence") or [] for e in str(ev).split(";") if e.strip() in session_of]
            if not gold:
                continue
            gold_sessions = {session_of[g] for g in gold}
            for name in per_method:
                ranked = runner.ranked_ids(memory, qa["question"], METHODS[name], 25, qvecs)
                sessions = [session_of[d] for d in ranked[:10]]
                per_method[name].append(
                    (
                        LOCOMO_CATEGORIES[category],
                        {
                            "recall@5": recall(gold, ranked, 5),
                            "recall@10": recall(gold, ranked, 10),
                            "recall@25": recall(gold, ranked, 25),
                            "session_recall@10": len(gold_sessions & set(sessions)) / len(gold_sessions),
                        },
                    )
                )
    report = _report("locomo", per_method, "hybrid" if "hybrid" in per_method else "bm25")
    report["samples"] = [str(s.get("sample_id")) for s in data[:limit]]
    return report


def longmemeval_documents(item: Row) -> list[Row]:
    rows: list[Row] = []
    ids = item["haystack_session_ids"]
    dates = item.get("haystack_dates") or [None] * len(ids)
    for sid, date_text, session in zip(ids, dates, item["haystack_sessions"], strict=True):
        when = _lme_date(date_text)
        for n, turn in enumerate(session):
            rows.append(
                {
                    "doc_id": f"{sid}#{n}",
                    "kind": "evidence",
                    "text": str(turn.get("content") or ""),
                    "speaker": "user" if turn.get("role") == "user" else "assistant",
                    "state": "evidence",
                    "evidence_ids": [f"{sid}#{n}"],
                    "timestamp": when,
                    "session_id": sid,
                }
            )
    return rows


# A LongMemEval_S haystack is ~500 turns, half of them an assistant's long answers: embedded whole they took 7:27 a
# question on 2 cores (62 hours for the 500). The person's turns are embedded up to USER_CHARS, the assistant's by
# their opening ASSISTANT_CHARS (what the answer is about; its words are all in the lexical index): 0:43 a question at
# load 2, recall on the team's three sets as with whole turns (the person's turns alone: 0:22, but 2-3 questions lost)
LME_USER_CHARS = 1000
LME_ASSISTANT_CHARS = 300


def _lme_passage(row: Row) -> str:
    text = passage_text(row)
    return text[: LME_USER_CHARS if row.get("speaker") == "user" else LME_ASSISTANT_CHARS]


def _lme_date(text: str | None) -> datetime | None:
    """LongMemEval dates look like "2023/05/20 (Sat) 02:21"."""
    m = re.match(r"(\d{4})/(\d{2})/(\d{2})(?:\s*\(\w+\))?\s*(\d{2}):(\d{2})", text or "")
    return datetime(*map(int, m.groups()), tzinfo=UTC) if m else None  # type: ignore[misc]


def run_longmemeval(
    path: Path, runner: Runner, limit: int | None = None, progress: Callable[[str], None] | None = None
):
    data = _load(path)
    need = ("question", "haystack_session_ids", "haystack_sessions", "answer_session_ids")
    if not isinstance(data, list) or not all(isinstance(q, dict) and all(k in q for k in need) for q in data):
        raise BenchmarkFormatError(f"{path}: not LongMemEval (a list of questions with {', '.join(need)})")
    per_method: dict[str, list[tuple[str, dict[str, float]]]] = {m: [] for m in runner.methods()}
    for item in data[:limit]:
        if str(item.get("question_id", "")).endswith("_abs"):
            continue  # abstention questions have no gold session (the official retrieval metric skips them)
        rows = longmemeval_documents(item)
        now = _lme_date(item.get("question_date")) or max(
            (r["timestamp"] for r in rows if r["timestamp"]), default=datetime.now(UTC)
        )
        memory = runner.memory(rows, now, passage=_lme_passage)
        if progress:
            progress(f"{item.get('question_id', '?')}: {len(rows)} turns")
        gold = list(item["answer_session_ids"])
        qvecs = runner.queries([item["question"]])
        for name in per_method:
            qv = qvecs.get(item["question"])
            ranked = [sid for sid, _ in memory.sessions(item["question"], 10, METHODS[name], query_vector=qv)]
            per_method[name].append(
                (
                    str(item.get("question_type", "all")),
                    {
                        "recall_any@5": recall_any(gold, ranked, 5),
                        "recall_all@5": recall_all(gold, ranked, 5),
                        "recall_any@10": recall_any(gold, ranked, 10),
                        "recall_all@10": recall_all(gold, ranked, 10),
                    },
                )
            )
    return _report("longmemeval", per_method, "hybrid" if "hybrid" in per_method else "bm25")
