"""Retrieval metrics of the public benchmarks (shared/CONTRACT.md `eval`): pure functions over ranked ids."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence


def recall(gold: Iterable[str], ranked: Sequence[str], k: int) -> float:
    """|gold in the top k| / |gold|."""
    g = set(gold)
    return len(g & set(ranked[:k])) / len(g) if g else 0.0


def recall_any(gold: Iterable[str], ranked: Sequence[str], k: int) -> float:
    return 1.0 if set(gold) & set(ranked[:k]) else 0.0


def recall_all(gold: Iterable[str], ranked: Sequence[str], k: int) -> float:
    """LongMemEval's strict metric: every gold session in the top k."""
    g = set(gold)
    return 1.0 if g and g <= set(ranked[:k]) else 0.0


def distinct(ids: Iterable[str]) -> list[str]:
    """Ids in order of first appearance (turns ranked -> their sessions ranked)."""
    return list(dict.fromkeys(ids))


def average(per_question: list[tuple[str, dict[str, float]]]) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """(overall mean of each metric, mean per question type)."""
    by_type: dict[str, list[dict[str, float]]] = defaultdict(list)
    for qtype, metrics in per_question:
        by_type[qtype].append(metrics)

    def mean(rows: list[dict[str, float]]) -> dict[str, float]:
        keys = rows[0].keys() if rows else []
        return {k: round(sum(r[k] for r in rows) / len(rows), 4) for k in keys} | {"questions": len(rows)}

    return mean([m for _, m in per_question]), {t: mean(v) for t, v in sorted(by_type.items())}


def rank_sessions(scored: Iterable[tuple[str, float]], second: float = 0.3) -> list[str]:
    """Sessions ranked from their turns' (session, score) pairs: a session's best turn, plus `second` x its second
    best (a session that holds two lines about the question is likelier the one asked about than a session with
    one stray match)."""
    best: dict[str, list[float]] = defaultdict(list)
    for session, value in scored:
        top = best[session]
        top.append(value)
        top.sort(reverse=True)
        del top[2:]
    first_seen = {s: n for n, s in enumerate(best)}

    def value(s: str) -> float:
        top = best[s]
        return top[0] + second * (top[1] if len(top) > 1 else 0.0)

    return sorted(best, key=lambda s: (-value(s), first_seen[s]))
