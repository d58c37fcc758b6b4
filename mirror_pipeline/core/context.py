"""Serving (section 14): ranked search and task-aware context assembly over the served memories.

Pure functions over plain rows (dicts of the served tables' columns), so the command, the MCP server and the
benchmarks share one retrieval path.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mirror_pipeline.core.text import estimate_tokens, tokens
from mirror_pipeline.core.timeexpr import describe

Row = dict[str, Any]

STATE_WEIGHT = {"confirmed": 0.3, "pending_review": -0.15, "stale": -0.25, "conflicted": -0.35}
SERVABLE_STATES = frozenset({"confirmed", "pending_review", "stale", "conflicted"})
SLOTS = (
    ("Relevant Stable Facts", {"fact"}),
    ("Relevant Preferences", {"preference"}),
    ("Relevant Relationships", {"relationship"}),
    ("Relevant Recent Events", {"event"}),
    ("Relevant Opinions (the user's views, not facts)", {"opinion"}),
    ("Recent Emotional States (dated snapshots of how the user felt, not facts)", {"emotion"}),
)
UNCONFIRMED_SLOT = "Unconfirmed or Conflicting (ask before relying on these)"
CORE_IMPORTANCE = 0.7


def bm25(query: Sequence[str], documents: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """Okapi BM25 of each document for the query terms."""
    if not documents:
        return []
    n = len(documents)
    avg = sum(len(d) for d in documents) / n or 1.0
    df: Counter[str] = Counter()
    for doc in documents:
        df.update(set(doc))
    terms = [t for t in dict.fromkeys(query) if t in df]
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in terms}
    scores = []
    for doc in documents:
        tf = Counter(doc)
        score = 0.0
        for t in terms:
            f = tf.get(t, 0)
            if f:
                score += idf[t] * f * (k1 + 1) / (f + k1 * (1 - b + b * len(doc) / avg))
        scores.append(score)
    return scores


@dataclass(frozen=True)
class Ranked:
    row: Row
    relevance: float
    score: float


def rank(query: str, rows: Sequence[Row], text_key: str = "content_text") -> list[Ranked]:
    """Relevance (BM25, normalised to 0..1) blended with importance, confidence and state (section 14.2)."""
    terms = tokens(query)
    docs = [r.get("terms") or tokens(str(r[text_key])) for r in rows]
    raw = bm25(terms, docs)
    top = max(raw, default=0.0) or 1.0
    ranked = []
    for row, score in zip(rows, raw, strict=True):
        relevance = score / top
        blended = (
            relevance
            + 0.25 * float(row.get("importance") or 0.0)
            + 0.15 * float(row.get("confidence") or 0.0)
            + STATE_WEIGHT.get(str(row.get("state")), 0.0)
            # what the assistant or someone else said is evidence of what was said, not of who the user is
            - (0.25 if row.get("speaker", "user") != "user" else 0.0)
        )
        ranked.append(Ranked(row, relevance, blended if relevance > 0 else blended - 1.0))
    ranked.sort(key=lambda r: (-r.score, str(r.row.get("memory_id") or r.row.get("doc_id"))))
    return ranked


def _item(row: Row) -> Row:
    return {
        "id": row["memory_id"],
        "text": row["content_text"],
        "labels": list(row.get("labels") or []),
        "evidence_ids": list(row.get("evidence_ids") or []),
        "memory_type": row["memory_type"],
        "state": row["state"],
        "valid_time_start": row.get("valid_time_start"),
        "valid_time_end": row.get("valid_time_end"),
        "time_precision": row.get("time_precision"),
        "time_expression": row.get("time_expression"),
    }


def _line(item: Row) -> str:
    when = describe(item)
    return f"- {item['text']}{when} [{', '.join(item['labels'])}] (evidence: {', '.join(item['evidence_ids'][:3])})"


def assemble(task: str, memories: Sequence[Row], budget: int = 800) -> dict[str, Any]:
    """The context an agent pastes into its prompt: confirmed memories relevant to the task, slot by slot, within a
    token budget (headings counted); unconfirmed and conflicting ones only when relevant, and labelled as such
    (section 14.4)."""
    servable = [m for m in memories if m.get("state") in SERVABLE_STATES and m.get("memory_type") != "secret_reference"]
    header = (
        f"# What mi-mirror knows that bears on: {task}\n(each line cites its evidence; labels say how far to trust it)"
    )
    used = estimate_tokens(header)
    chosen: dict[str, list[Row]] = {name: [] for name, _ in SLOTS}
    chosen[UNCONFIRMED_SLOT] = []
    left_out = 0
    for r in rank(task, servable):
        confirmed = r.row["state"] == "confirmed"
        core = confirmed and float(r.row.get("importance") or 0) >= CORE_IMPORTANCE
        if r.relevance <= 0 and not core:
            continue
        item = _item(r.row)
        slot = next(name for name, types in SLOTS if r.row["memory_type"] in types) if confirmed else UNCONFIRMED_SLOT
        cost = estimate_tokens(_line(item)) + (0 if chosen[slot] else estimate_tokens(f"## {slot}"))
        if used + cost > budget:
            left_out += 1
            continue
        chosen[slot].append(item)
        used += cost
    slots = [{"name": name, "items": items} for name, items in chosen.items() if items]
    lines = [header]
    for slot in slots:
        lines.append(f"## {slot['name']}")
        lines.extend(_line(item) for item in slot["items"])
    if left_out:
        lines.append(f"({left_out} more relevant memories did not fit in a budget of {budget} tokens)")
    elif not slots:
        lines.append("(nothing relevant is known yet)")
    return {
        "task": task,
        "budget": budget,
        "used": used,
        "slots": slots,
        "text": "\n".join(lines),
        "left_out": left_out,
    }


def search(query: str, documents: Sequence[Row], k: int = 10) -> list[Row]:
    """Ranked memories and evidence: the retrieval path `mirror search` and the benchmarks share."""
    results = []
    for r in rank(query, documents, text_key="text")[:k]:
        if r.relevance <= 0:
            break
        row = r.row
        results.append(
            {
                "id": row["doc_id"],
                "kind": row["kind"],
                "speaker": row.get("speaker", "user"),
                "text": row["text"],
                "score": round(r.score, 4),
                "state": row["state"],
                "evidence_ids": list(row.get("evidence_ids") or []),
            }
        )
    return results
