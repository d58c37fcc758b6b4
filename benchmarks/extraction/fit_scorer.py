"""Fit and measure the structural junk scorer (`junk_scorer.py`) on the judged labels, across sets.

python benchmarks/extraction/fit_scorer.py             # fit on one set, score the others; the weights fitted on all

The labelled sets (a label matches a candidate the extractor makes now by evidence and content hash):
- locomo: the four LoCoMo tuning samples' judged memories (precision_sample*.jsonl, English chat);
- memorybank: MemoryBank users 1-8 (memorybank_judged.jsonl, zh and en, companion chat);
- zh_diary: the three Chinese diary sets (precision_sample*.jsonl diary rows, zh_diary_judged.jsonl);
- fifth: the fifth precision sample (precision_sample5.jsonl: the writer's sets of session 7, unseen by the rules).
A row is bad when judged junk or wrong. Features are structural (scorer.NAMES), never the words of the sentence.
For each pair of sets the scorer is fitted on one and scored on another: the AUC, and at each cut what share of
the bad and of the correct memories a drop would remove (a cut that removes one correct memory per bad one is no
mechanism: that is what every word filter did).
"""

from __future__ import annotations

import hashlib
import json
import sys
from datetime import UTC
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import junk_scorer as scorer  # noqa: E402
import locomo_observations as lo  # noqa: E402
import memorybank as mb  # noqa: E402
import precision  # noqa: E402
import zh_diary  # noqa: E402

from mirror_pipeline.adapters.llm_extractor import previous_turns  # noqa: E402
from mirror_pipeline.core.extraction import extract, patterns  # noqa: E402

HERE = Path(__file__).parent
L2 = 1.0


def digest(content: str) -> str:
    return hashlib.sha1(content.encode()).hexdigest()[:12]


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def _rows(evidence: list, tz, labels: dict[tuple[str, str], str], out: list[tuple[list[float], int, str]], key) -> None:
    before = previous_turns(evidence)
    for e in evidence:
        prev = before.get(e.evidence_id)
        turn = prev.raw_content if prev is not None and prev.session_id == e.session_id else ""
        text = patterns.normalised(e.raw_content)
        for c in extract(e, tz, prev):
            label = labels.get(key(e.evidence_id, digest(c.content_text)))
            if label in ("correct", "junk", "wrong"):
                out.append((scorer.features(c, text, turn), int(label != "correct"), c.content_text))


def labelled() -> dict[str, list[tuple[list[float], int, str]]]:
    sets: dict[str, list[tuple[list[float], int, str]]] = {"locomo": [], "memorybank": [], "zh_diary": [], "fifth": []}
    samples = [HERE / f"precision_sample{n}.jsonl" for n in ("", "2", "3", "4", "5")]
    lab = {(r["source"], r["evidence"], r["content_hash"]): r["label"] for p in samples for r in _lines(p)}
    lab |= {(r["source"], r["evidence"], r["content_hash"]): r["label"] for r in _lines(HERE / "zh_diary_judged.jsonl")}
    data = {s["sample_id"]: s for s in json.loads(lo.LOCOMO.read_text(encoding="utf-8"))}
    for sid in lo.TUNING:
        _rows(lo.evidence_rows(data[sid]), UTC, lab, sets["locomo"], lambda e, h, sid=sid: (sid, e, h))
    mbl = {(r["lang"], r["evidence"], r["content_hash"]): r["label"] for r in _lines(mb.JUDGED)}
    for lang in mb.FILES:
        qs = mb.queries(mb.DATA, lang)
        for user in dict.fromkeys(q.user for q in qs if q.split in ("tuning", "heldout")):
            ev = [mb.evidence(q) for q in qs if q.user == user]
            _rows(ev, mb.TZ[lang], mbl, sets["memorybank"], lambda e, h, lang=lang: (lang, e, h))
    for name, path in (("zh_diary", zh_diary.SET), ("zh_diary2", zh_diary.SET2), ("zh_diary3", zh_diary.SET3)):
        ev = [zh_diary.evidence(r) for r in zh_diary.rows(path)]
        _rows(ev, zh_diary.TZ, lab, sets["zh_diary"], lambda e, h, name=name: (name, e, h))
    ev = [zh_diary.evidence(r) for r in zh_diary.rows(zh_diary.SET4)]
    _rows(ev, zh_diary.TZ, lab, sets["fifth"], lambda e, h: ("zh_diary4", e, h))
    ev = precision.chat_evidence(precision.EN_CHAT1)
    _rows(ev, ZoneInfo(precision.EN_CHAT_TZ), lab, sets["fifth"], lambda e, h: ("en_chat1", e, h))
    return sets


def fit(rows: list[tuple[list[float], int, str]]) -> np.ndarray:
    """L2-penalised logistic regression by Newton's method (the bias unpenalised)."""
    x = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows], dtype=float)
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], L2)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-6)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def auc(p: np.ndarray, y: np.ndarray) -> float:
    pos, neg = p[y == 1], p[y == 0]
    if not len(pos) or not len(neg):
        return float("nan")
    wins = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(wins / (len(pos) * len(neg)))


def measure(w: np.ndarray, rows: list[tuple[list[float], int, str]]) -> dict:
    x = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows])
    p = 1 / (1 + np.exp(-x @ w))
    out = {"n": len(rows), "bad": int(y.sum()), "precision": round(1 - y.mean(), 3), "auc": round(auc(p, y), 3)}
    for cut in (0.5, 0.6, 0.7):
        drop = p > cut
        kept = y[~drop]
        out[f"cut{cut}"] = {
            "bad_dropped": int((drop & (y == 1)).sum()),
            "correct_dropped": int((drop & (y == 0)).sum()),
            "precision_after": round(1 - kept.mean(), 3) if len(kept) else None,
        }
    return out


def main(argv: list[str]) -> int:
    sets = labelled()
    print(json.dumps({k: {"n": len(v), "bad": sum(r[1] for r in v)} for k, v in sets.items()}))
    names = list(sets)
    for a in names:
        w = fit(sets[a])
        for b in names:
            print(f"fit {a:10} score {b:10}", json.dumps(measure(w, sets[b])))
    everything = [r for v in sets.values() for r in v]
    for b in names:  # leave one set out: fit on the others
        w = fit([r for k, v in sets.items() if k != b for r in v])
        print(f"fit not-{b:6} score {b:10}", json.dumps(measure(w, sets[b])))
    w = fit(everything)
    print(json.dumps({n: round(float(v), 3) for n, v in zip(scorer.NAMES, w, strict=True)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
