"""Look-alike damage on realistic text nobody wrote for screening: how many texts screening alters.

python benchmarks/secrets/real_text.py [--show]

Sources: LoCoMo's 5,882 chat turns (one conversation a session), MemoryBank's English and Chinese dialogues (the
person's and the companion's turns of a day, in order), and the lines of the extraction benchmarks (their `text`
fields: the reviewers' lines, diaries, held-out statements; none holds a planted secret). Every altered text is a look-
alike altered, unless it really holds a secret: `--show` prints, for each, its source, the kinds screening found and
the text with the placeholders in place (read them to judge; the originals hold no secret of anyone's).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from mirror_pipeline.core.screening import redact_sequence

HERE = Path(__file__).parent
SHARED = Path("/work/shared/benchmarks")


def sources() -> dict[str, list[list[str]]]:
    out: dict[str, list[list[str]]] = {}
    locomo = SHARED / "locomo10.json"
    if locomo.exists():
        out["LoCoMo turns"] = [
            [turn["text"] for turn in session]
            for sample in json.loads(locomo.read_text(encoding="utf-8"))
            for key, session in sample["conversation"].items()
            if key.startswith("session_") and isinstance(session, list)
        ]
    for lang in ("en", "cn"):
        path = SHARED / "memorybank" / f"memory_bank_{lang}.json"
        if path.exists():
            convs = []
            for person in json.loads(path.read_text(encoding="utf-8")).values():
                for turns in person.get("history", {}).values():
                    convs.append([t for turn in turns for t in (turn.get("query", ""), turn.get("response", "")) if t])
            out[f"MemoryBank {lang}"] = convs
    lines = []
    for path in sorted((HERE.parent / "extraction").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and isinstance(text := json.loads(line).get("text"), str):
                lines.append(text)
    out["extraction sets' lines"] = [[t] for t in dict.fromkeys(lines)]
    return out


def main() -> None:
    show = "--show" in sys.argv
    for name, convs in sources().items():
        total = altered = 0
        kinds: Counter[str] = Counter()
        for k, conv in enumerate(convs):
            screened = redact_sequence([(t, f"{name}:{k}#{i}") for i, t in enumerate(conv)])
            total += len(conv)
            for s in screened:
                if s.had_secret:
                    altered += 1
                    kinds.update(sp.kind for sp in s.secrets)
                    if show:
                        print(f"  {name}: {[sp.kind for sp in s.secrets]} {s.text[:300]!r}")
        print(f"{name}: {altered} of {total:,} texts altered ({altered / max(total, 1):.5f}) {dict(kinds)}")


if __name__ == "__main__":
    main()
