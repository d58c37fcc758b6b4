"""Traditional / Simplified Chinese through the lexical index: each query of `trad_queries.json` is written in the
other script than the line it must find. BM25 alone (the served index's tokens and scores; a query's Chinese cut
against the index's vocabulary, as a served read cuts it): recall@1, recall@3 and the mean reciprocal rank of the
first gold line (0 when it scores nothing).

python benchmarks/retrieval/trad_lexical.py             # --rjieba: queries cut by rjieba (an index built in memory)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from mirror_pipeline.core.retrieval import LexicalIndex, lexical_tokens

HERE = Path(__file__).parent


def main() -> None:
    data = json.loads((HERE / "trad_queries.json").read_text(encoding="utf-8"))
    ids = [d["id"] for d in data["docs"]]
    index = LexicalIndex.build([lexical_tokens(d["text"]) for d in data["docs"]])
    ranks = []
    for query in data["queries"]:
        scores = index.scores(lexical_tokens(query["q"], None if "--rjieba" in sys.argv else index.vocab))
        ranked = [ids[i] for i in np.argsort(-scores, kind="stable") if scores[i] > 0]
        rank = next((r for r, d in enumerate(ranked, start=1) if d in query["gold"]), 0)
        ranks.append(rank)
        print(f"  rank {rank or '-'}: {query['q']!r} -> {ranked[:3]}")
    n = len(ranks)
    print(
        f"recall@1 {sum(r == 1 for r in ranks) / n:.2f}, recall@3 {sum(0 < r <= 3 for r in ranks) / n:.2f}, "
        f"MRR {sum(1 / r for r in ranks if r) / n:.3f} ({n} queries)"
    )


if __name__ == "__main__":
    main()
