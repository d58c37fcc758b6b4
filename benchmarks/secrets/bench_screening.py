"""Recall and false positives of secret screening on the labelled corpus, and its throughput on chat lines.

python benchmarks/secrets/bench_screening.py [LOCOMO_JSON] [--no-throughput] [--only=heldout8.jsonl,heldout9.jsonl]

Targets (issue 4): recall >= 0.99 on the secret cases, false positives <= 1% of the ordinary lines, >= 50,000
messages/s. Throughput is measured through `redact_sequence`, the entry every importer calls, one conversation at a
time, over real chat turns (LoCoMo, 5,882 English turns, when its JSON is given or found at the shared path) and the
corpus's own ordinary lines (Chinese and English) cut into conversations of 20.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from mirror_pipeline.core.screening import PLACEHOLDER_RE, redact_sequence

HERE = Path(__file__).parent
CORPORA = tuple(
    HERE / name
    for name in (
        "corpus.jsonl",
        "handwritten.jsonl",
        "heldout4.jsonl",
        "heldout5.jsonl",
        "heldout6.jsonl",
        "heldout7.jsonl",
        "heldout8.jsonl",
        "heldout9.jsonl",
        "heldout10.jsonl",
        "heldout11.jsonl",
        "heldout12.jsonl",
        "heldout13.jsonl",
        "heldout14.jsonl",
        "heldout14b.jsonl",
        "heldout14c.jsonl",
        "heldout15.jsonl",
        "heldout15b.jsonl",
        "heldout16.jsonl",
        "heldout16b.jsonl",
        "heldout17.jsonl",
        "heldout17b.jsonl",
        "heldout18.jsonl",
        "heldout19.jsonl",
        "trad20.jsonl",
        "heldout21.jsonl",
        "heldout22.jsonl",
        "heldout23.jsonl",
        "heldout24.jsonl",
        "heldout25.jsonl",
        "heldout26.jsonl",
        "heldout27.jsonl",
        "heldout28.jsonl",
        "heldout28b.jsonl",
        "heldout29b.jsonl",
        "heldout30.jsonl",
        "heldout31.jsonl",
        "heldout32.jsonl",
        "heldout33.jsonl",
        "heldout34.jsonl",
        "heldout35.jsonl",
        "heldout36.jsonl",
    )
    if (HERE / name).exists()
)
LOCOMO = Path("/work/shared/benchmarks/locomo10.json")


def load_cases(paths: tuple[Path, ...] = CORPORA) -> list[dict]:
    cases = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                case = json.loads(line)
                case.setdefault("id", f"{path.name}:{n}")
                case["file"] = path.name
                cases.append(case)
    return cases


def screen(case: dict) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"{case['id']}#{k}") for k, m in enumerate(case["messages"])])]


def leaked(case: dict, out: list[str]) -> list[str]:
    """The planted values still visible: the whole value, or two of its words in a row (a seed phrase, a
    passphrase half redacted is a leak too)."""
    text = PLACEHOLDER_RE.sub("[secret]", "\n".join(out))  # a short value may recur in a reference's hex
    found = []
    for value in case["values"]:
        words = value.split()
        pairs = [" ".join(words[i : i + 2]) for i in range(len(words) - 1)]
        if value in text or any(p in text for p in pairs):
            found.append(value)
    return found


def kept_altered(case: dict, out: list[str]) -> list[str]:
    """Look-alike values named in a case (`keep`: an order number, a version beside a secret) that screening
    altered: each must stay as it was."""
    text = "\n".join(out)
    return [token for token in case.get("keep", ()) if token not in text]


def evaluate(cases: list[dict]) -> dict:
    secrets = [c for c in cases if c["label"] == "secret"]
    ordinary = [c for c in cases if c["label"] == "ordinary"]
    misses = [c for c in secrets if leaked(c, screen(c))]
    false_positives = [c for c in ordinary if screen(c) != c["messages"]]
    keep = [token for c in cases for token in c.get("keep", ())]
    altered = [(c["id"], token) for c in cases for token in kept_altered(c, screen(c))]
    return {
        "secret_cases": len(secrets),
        "ordinary_cases": len(ordinary),
        "ordinary_lines": sum(len(c["messages"]) for c in ordinary),
        "recall": 1 - len(misses) / len(secrets),
        "false_positive_rate": len(false_positives) / len(ordinary) if ordinary else 0.0,
        "misses": misses,
        "false_positives": false_positives,
        "kept_tokens": len(keep),
        "kept_altered": altered,
        "by_kind": {
            kind: f"{n - sum(m['kind'] == kind for m in misses)}/{n}"
            for kind, n in sorted(Counter(c["kind"] for c in secrets).items())
        },
    }


def conversations(locomo: Path | None, cases: list[dict]) -> list[list[str]]:
    convs: list[list[str]] = []
    if locomo and locomo.exists():
        for sample in json.loads(locomo.read_text(encoding="utf-8")):
            for key, session in sample["conversation"].items():
                if key.startswith("session_") and isinstance(session, list):
                    convs.append([turn["text"] for turn in session])
    lines = [m for c in cases if c["label"] == "ordinary" for m in c["messages"]]
    convs += [lines[i : i + 20] for i in range(0, len(lines), 20)]
    return convs


def throughput(convs: list[list[str]], repeats: int = 3) -> tuple[float, float]:
    """Messages per second, best of `repeats`: by the wall clock, and by this process's CPU time (what one core
    gives when other processes compete for the machine; screening runs on one core)."""
    items = [[(text, f"c{i}#{k}") for k, text in enumerate(conv)] for i, conv in enumerate(convs)]
    total = sum(len(conv) for conv in items)
    redact_sequence(items[0])  # loads the word lists
    wall = cpu = float("inf")
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        for conv in items:
            redact_sequence(conv)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return total / wall, total / cpu


def main() -> None:
    only = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--only=")]
    paths = tuple(HERE / name for name in only[0].split(",")) if only else CORPORA  # any file here, listed or not
    cases = load_cases(paths)
    result = evaluate(cases)
    print(
        f"secret cases: {result['secret_cases']}, ordinary cases: {result['ordinary_cases']} "
        f"({result['ordinary_lines']} lines)"
    )
    print(f"recall: {result['recall']:.4f} (target >= 0.99)")
    print(f"false positive rate: {result['false_positive_rate']:.4f} (target <= 0.01)")
    print("by kind: " + ", ".join(f"{k} {v}" for k, v in result["by_kind"].items()))
    for case in result["misses"][:40]:
        print(f"  MISS {case['id']} {case['kind']}: {case['messages']!r}")
    for case in result["false_positives"][:40]:
        print(f"  FALSE POSITIVE {case['id']}: {screen(case)!r}")
    print("by file (each held-out batch was written before the rules were widened for it):")
    for path in paths:
        part = evaluate([c for c in cases if c["file"] == path.name])
        print(
            f"  {path.name}: recall {part['recall']:.4f} "
            f"({part['secret_cases'] - len(part['misses'])}/{part['secret_cases']}), "
            f"look-alikes altered {part['false_positive_rate']:.4f} "
            f"({len(part['false_positives'])}/{part['ordinary_cases']})"
            + (
                f", named look-alike values altered {len(part['kept_altered'])}/{part['kept_tokens']}"
                if part["kept_tokens"]
                else ""
            )
        )
        for case_id, token in part["kept_altered"]:
            print(f"    ALTERED {case_id}: {token!r}")
    if "--no-throughput" in sys.argv:
        return
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    locomo = Path(args[0]) if args else LOCOMO
    print("throughput through redact_sequence, one conversation at a time (target >= 50,000 messages/s):")
    sets = {
        "real chat turns (LoCoMo, English)": conversations(locomo, []),
        "the corpus's ordinary lines (zh+en, mostly look-alikes: a worst case)": conversations(None, cases),
        "both": conversations(locomo, cases),
    }
    real = sets["real chat turns (LoCoMo, English)"]
    if real:
        touched = sum(s.had_secret for conv in real for s in redact_sequence([(t, "x") for t in conv]))
        print(f"  (real chat turns changed by screening: {touched} of {sum(map(len, real)):,})")
    for name, convs in sets.items():
        if not convs:
            print(f"  {name}: not found ({locomo})")
            continue
        wall, cpu = throughput(convs)
        print(
            f"  {name}: {wall:,.0f} messages/s wall clock, {cpu:,.0f} messages/s of CPU time "
            f"({sum(map(len, convs)):,} messages, {len(convs)} conversations)"
        )


if __name__ == "__main__":
    main()
