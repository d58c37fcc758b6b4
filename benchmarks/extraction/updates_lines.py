"""The lines of a writer's set that correct or update an earlier one (an expected item's `updates` field): how many
give the later state once the whole set is governed in order (a current memory made or joined by that line's
evidence). Session 20 (issue 10): a correction whose earlier value was never read used to be dropped.

`python benchmarks/extraction/updates_lines.py --set=benchmarks/extraction/en_chat11.jsonl [--show]`
(rows without a time are said a day apart from 2026-01-05.)
"""

from __future__ import annotations

import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import evidence_of  # noqa: E402

from mirror_pipeline.core.extraction import extract  # noqa: E402
from mirror_pipeline.core.governance import Extracted, govern  # noqa: E402

START = datetime.fromisoformat("2026-01-05T12:00:00+08:00")


def main(argv: list[str]) -> int:
    path = Path(next(a.split("=", 1)[1] for a in argv if a.startswith("--set=")))
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = []
    for n, row in enumerate(rows):
        when = row.get("mention_time") or row.get("date") or (START + timedelta(days=n)).isoformat()
        ev = evidence_of({"speaker": "user", **row, "mention_time": when}, n)
        items += [Extracted(c, ev.timestamp) for c in extract(ev)]
    current = govern(items).current
    updates = [r for r in rows if any(isinstance(e, dict) and e.get("updates") for e in r.get("expected") or [])]
    given = 0
    for r in updates:
        mine = [m for m in current if f"ev_{r['id']}" in m.evidence_ids]
        given += bool(mine)
        if "--show" in argv:
            print(("GIVEN " if mine else "NONE  ") + r["id"], r["text"][:70], [m.content_text for m in mine])
    print(f"{path.stem}: updates lines giving a current memory {given}/{len(updates)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
