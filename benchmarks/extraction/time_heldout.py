"""Score the time resolver on held-out sentences: each sentence's times resolved against its message time.

python benchmarks/extraction/time_heldout.py [--json] [--misses] [FILE]

FILE defaults to `time_heldout.jsonl`; `time_heldout2.jsonl` (29 sentences, round 2: the reviewer's five and 24
new phrasings of month names without a year, month-days, parts of a month and weekends) was written before its fixes.

`time_heldout.jsonl` (117 sentences, 58 Chinese, 59 English) was written before the resolver became one record per
time form (issue 10), in sentences people write, not the forms being coded. Each line: `id`, `lang`, `mention_time`
(ISO with the writer's offset: relative words resolve on that calendar), `text`, `times` (every resolved time the
sentence holds: `start`, `end`, `precision`; empty when it holds none a careful reader would place on a calendar).
A sentence is an exact match when the resolver finds exactly its times, no more, no fewer.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from datetime import datetime
from pathlib import Path

from mirror_pipeline.core.timeexpr import find_times

SET = Path(__file__).with_name("time_heldout.jsonl")


def score(rows: list[dict]) -> dict:
    by_lang: dict[str, Counter] = {}
    misses: list[str] = []
    for row in rows:
        found = [t for t in find_times(row["text"], datetime.fromisoformat(row["mention_time"])) if t.resolved]
        got = Counter((t.start_iso, t.end_iso, t.precision.value) for t in found)
        want = Counter((t["start"], t["end"], t["precision"]) for t in row["times"])
        tally = by_lang.setdefault(row["lang"], Counter())
        tally["sentences"] += 1
        tally["exact"] += got == want
        tally["times"] += sum(want.values())
        tally["times_found"] += sum((got & want).values())
        tally["spurious"] += sum((got - want).values())
        if got != want:
            said = [f"{t.expression}={(t.start_iso, t.end_iso, t.precision.value)}" for t in found]
            misses.append(f"{row['id']}  want {sorted(want)} got {said}  {row['text']}")
    total = sum(by_lang.values(), Counter())
    report = {
        lang: {
            "sentences": c["sentences"],
            "exact_match": round(c["exact"] / c["sentences"], 3),
            "time_recall": round(c["times_found"] / c["times"], 3) if c["times"] else None,
            "spurious": c["spurious"],
        }
        for lang, c in sorted({**by_lang, "all": total}.items())
    }
    return {"report": report, "misses": misses}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("file", nargs="?", type=Path, default=SET)
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.file.read_text(encoding="utf-8").splitlines() if line.strip()]
    result = score(rows)
    if args.json:
        print(json.dumps(result if args.misses else result["report"], ensure_ascii=False, indent=1))
        return
    for lang, r in result["report"].items():
        print(
            f"{lang:>3}: {r['sentences']} sentences, exact match {r['exact_match']}, "
            f"time recall {r['time_recall']}, {r['spurious']} spurious"
        )
    if args.misses:
        print("\n".join(result["misses"]))


if __name__ == "__main__":
    main()
