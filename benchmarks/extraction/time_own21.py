"""time21's own set (session 21, issue 10), written before any rule of the session was changed: the time and kind of
plans said with a date without a year, the month one is in said in the past, regional forms of a past weekday
("friday gone", "tuesday past", 上个礼拜五), a moved plan's new date, events said with no time, and corrections said
alone that must carry over the thing they correct from the person's earlier line.

`python benchmarks/extraction/time_own21.py [--misses] [FILE]`

A row with `kind` is one line: it is right when one candidate is of that kind (one of them, when a list) with that
valid time (as `tense_heldout.py` reads kinds and times; a `valid` without `end` checks the start only). A row with
`earlier` is a correction: its earlier lines and it are governed in order; it is right when `new` is null and no
current memory rests on the correction, or when a current memory resting on it holds one of `new` (in its text or
its valid start) and no current memory holds one of `old` without one of `new`.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import evidence_of  # noqa: E402
from tense_heldout import kind_of, time_ok  # noqa: E402

from mirror_pipeline.core.extraction import extract  # noqa: E402
from mirror_pipeline.core.governance import Extracted, govern  # noqa: E402
from mirror_pipeline.core.model import SourceType  # noqa: E402

SET = Path(__file__).with_name("time_own21.jsonl")


def _evidence(row: dict, number: int, ident: str):
    ev = evidence_of({"speaker": "user", **row, "id": ident}, number)
    if row.get("source") == "diary":
        ev = replace(ev, source_type=SourceType.IMPORT, source_format="markdown_journal")
    return ev


def _time_ok(c, want, said_day: str) -> bool:
    if isinstance(want, dict) and "end" not in want:
        return c.valid_time_start == want["start"]
    return time_ok(c, want, said_day)


def judge_line(row: dict) -> tuple[bool, list[str]]:
    said_day = datetime.fromisoformat(row["mention_time"]).date().isoformat()
    found = extract(_evidence(row, 0, row["id"]))
    kinds = [kind_of(c, said_day) for c in found]
    wanted = row["kind"] if isinstance(row["kind"], list) else [row["kind"]]
    notes = [
        f"{k} {c.memory_type.value}:{c.predicate} [{c.valid_time_start}..{c.valid_time_end}] | {c.content_text}"
        for k, c in zip(kinds, found, strict=True)
    ]
    ok = any(k in wanted and _time_ok(c, row["valid"], said_day) for c, k in zip(found, kinds, strict=True))
    return ok, notes


def _holds(m, values: list[str]) -> bool:
    text = f"{m.content_text} {m.valid_time_start or ''}".casefold()
    return any(v.casefold() in text for v in values)


def judge_correction(row: dict) -> tuple[bool, list[str]]:
    items = []
    lines = [*row["earlier"], row]
    for n, line in enumerate(lines):
        ident = row["id"] if line is row else f"{row['id']}-e{n}"
        ev = _evidence({**line, "lang": row["lang"]}, n, ident)
        items += [Extracted(c, ev.timestamp) for c in extract(ev)]
    current = govern(items).current
    mine = [m for m in current if f"ev_{row['id']}" in m.evidence_ids]
    notes = [f"{'*' if m in mine else ' '} {m.content_text} [{m.valid_time_start}..{m.valid_time_end}]" for m in current]
    if row["new"] is None:
        return not mine, notes
    new, old = row["new"], row.get("old") or []
    ok = any(_holds(m, new) for m in mine) and not any(_holds(m, old) and not _holds(m, new) for m in current)
    return ok, notes


def main(argv: list[str]) -> int:
    path = Path(next((a for a in argv if not a.startswith("--")), SET))
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    right = {"line": [0, 0], "correction": [0, 0]}
    for row in rows:
        part = "correction" if "earlier" in row else "line"
        ok, notes = (judge_correction if part == "correction" else judge_line)(row)
        right[part][0] += ok
        right[part][1] += 1
        if "--misses" in argv and not ok:
            print(f"MISS {row['id']} @{row['mention_time'][:10]} {row['text']}")
            for note in notes:
                print("    ", note)
    total = sum(r[0] for r in right.values()), sum(r[1] for r in right.values())
    print(
        f"{path.stem}: lines {right['line'][0]}/{right['line'][1]}, corrections {right['correction'][0]}/"
        f"{right['correction'][1]}, all {total[0]}/{total[1]} = {total[0] / total[1]:.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
