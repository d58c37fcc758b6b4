"""Secret cases of the labelled corpus joined with other corpus lines into one text (as a person runs messages
together): how many screened texts change when screened again (redaction must be idempotent), and how many planted
values are left in clear.

python benchmarks/secrets/fuzz_joined.py [N]

A value can legitimately survive here when joining breaks its case (a value split over two lines whose second line
now goes on with another message), so "values left" is a comparison between versions of the rules, not a recall.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from mirror_pipeline.core.screening import redact

HERE = Path(__file__).parent
SEPARATORS = (" ", "\n", "，", ". ", ",", "! ", "。")


def main(n: int) -> None:
    cases = [
        json.loads(line)
        for path in sorted(HERE.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    lines = [m for c in cases for m in c["messages"]]
    secrets = [c for c in cases if c["label"] == "secret" and len(c["messages"]) == 1]
    rng = random.Random(7)
    changed = left = planted = 0
    for _ in range(n):
        case = rng.choice(secrets)
        parts = [case["messages"][0], *rng.sample(lines, rng.randint(0, 2))]
        rng.shuffle(parts)
        once = redact(rng.choice(SEPARATORS).join(parts), "fuzz").text
        changed += redact(once, "fuzz").text != once
        planted += len(case["values"])
        left += sum(v in once for v in case["values"])
    print(f"{n} joined texts: {changed} changed when screened again; {left} of {planted} planted values left in clear")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
