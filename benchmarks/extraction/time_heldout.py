"""Score the time resolver on held-out sentences: each sentence's times resolved against its message time.

python benchmarks/extraction/time_heldout.py [--json] [--misses] [FILE]

FILE defaults to `time_heldout.jsonl`; `time_heldout2.jsonl` (29 sentences, round 2: the reviewer's five and 24
new phrasings of month names without a year, month-days, parts of a month and weekends) was written before its fixes.

`time_heldout.jsonl` (117 sentences, 58 Chinese, 59 English) was written before the resolver became one record per
time form (issue 10), in sentences people write, not the forms being coded. Each line: `id`, `lang`, `mention_time`
(ISO with the writer's offset: relative words resolve on that calendar), `text`, `times` (every resolved time the
sentence holds: `start`, `end`, `precision`; empty when it holds none a careful reader would place on a calendar).
A sentence is an exact match when the resolver finds exactly its times, no more, no fewer.

`time_heldout3.jsonl` (67 rows, 30 Chinese, 37 English; session 6) was written before its fixes, from the forms a
reviewer's own life showed wrong or missing, with variants: a weekday without its week said with a present, future
or past verb ("we move back on Sunday then", "I'm flying out on Friday", 周五去面试 / 周二面试了, 这周六, 下周三), a
bare day of the month ("on the 8th", 8号, and what is no date: "the 8th floor", 3号楼), a day and month without a
year ("contractor starts 2 Nov", 11月2日), and notes. A row with `when` is a note (`mirror note TEXT --when WHEN`):
it is built as the note parser builds it and extracted; it matches when it gives a candidate and every candidate's
valid time starts on the `start` with the `precision` of its times (what a clause names of itself wins over `when`).

`time_heldout4.jsonl` (25 rows, 13 Chinese, 12 English; session 7) was written before its fixes, from REVIEW-5's
times: a day moved to (搬家推到10月3号了, "the launch was pushed back to 2 March"), a day-month said with a past verb a
few days before it ("I booked the flights for Oct 1"), past controls, and ranges of days ("Oct 20-26", 10月20日到26日).
First run on main 9f2d189: exact 0.20.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from mirror_pipeline.core.timeexpr import find_times

sys.path.insert(0, str(Path(__file__).parent))
from run import evidence_of  # noqa: E402

from mirror_pipeline.adapters.parsers import note  # noqa: E402
from mirror_pipeline.core.extraction import extract  # noqa: E402
from mirror_pipeline.core.model import SourceType  # noqa: E402

SET = Path(__file__).with_name("time_heldout.jsonl")


def score(rows: list[dict]) -> dict:
    by_lang: dict[str, Counter] = {}
    misses: list[str] = []
    for row in rows:
        if "when" in row:
            got, want, said = _note(row)
        else:
            found = [t for t in find_times(row["text"], datetime.fromisoformat(row["mention_time"])) if t.resolved]
            got = Counter((t.start_iso, t.end_iso, t.precision.value) for t in found)
            want = Counter((t["start"], t["end"], t["precision"]) for t in row["times"])
            said = [f"{t.expression}={(t.start_iso, t.end_iso, t.precision.value)}" for t in found]
        tally = by_lang.setdefault(row["lang"], Counter())
        tally["sentences"] += 1
        tally["exact"] += got == want
        tally["times"] += sum(want.values())
        tally["times_found"] += sum((got & want).values())
        tally["spurious"] += sum((got - want).values())
        if got != want:
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


def _note(row: dict) -> tuple[Counter, Counter, list[str]]:
    """A note's candidates' valid times, as (start, precision) once per distinct time: the note built as the parser
    builds it (`when` said before the statement), on the day it was noted."""
    noted_at = datetime.fromisoformat(row["mention_time"])
    name = next(note.file_names(row["text"], row["when"], noted_at))
    (message,) = note.parse(name, note.render(row["text"], row["when"], noted_at), noted_at.tzinfo)
    evidence = evidence_of({"speaker": "user", **row, "text": message.text})
    found = extract(replace(evidence, source_type=SourceType.USER_FORM, source_format=note.FORMAT))
    got = Counter({(c.valid_time_start, c.time_precision.value): 1 for c in found})
    want = Counter({(t["start"], t["precision"]): 1 for t in row["times"]})
    return got, want, [f"{c.valid_time_start}/{c.time_precision.value} {c.content_text}" for c in found]


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
