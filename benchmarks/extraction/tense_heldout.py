"""Score tense and aspect on held-out sentences: the kind a statement is, its valid time and its sensitivity.

python benchmarks/extraction/tense_heldout.py [--json] [--misses] [FILE]

`tense_heldout.jsonl` (60 sentences, 30 zh, 30 en; issue 10, session 5) was written before the tense rules were
changed, in phrasings the earlier time sets do not hold. Each line: `id`, `lang`, `mention_time`, `text`, `kind`
(event_past: a past event; state_holding: a state that still holds; state_past: a state that no longer holds; plan;
habit; hypothetical or not_statement: nothing may be kept), `valid` ("none": no valid time; "before_mention": no
start, ended by the day it was said; or {start, end}, end null for a state still open), `sensitivity` (health, money,
family and sex high; device chores low; the rest medium).

A sentence's kind is right when one of its candidates is of that kind (hypothetical / not_statement: no candidate at
all); its time and its sensitivity are judged on that candidate. A candidate's kind is read from what it carries:
a plan (predicate `plans*`, `plans_to`, `goal`, or tag `goal`), a habit (predicate `habit*` or tag `habit`), a past
state (tag `past_state`, or a fact whose valid time ended before the mention), an event (memory type event), else a
state that holds.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import evidence_of  # noqa: E402

from mirror_pipeline.core.extraction import extract  # noqa: E402
from mirror_pipeline.core.model import MemoryCandidate, MemoryType  # noqa: E402

SET = Path(__file__).with_name("tense_heldout.jsonl")
PLAN_PREDICATES = ("plans_to", "goal", "wants_to")
NO_STATEMENT = ("hypothetical", "not_statement")


def kind_of(c: MemoryCandidate, said_day: str) -> str:
    if c.memory_type is MemoryType.EMOTION:
        return "emotion"
    if c.predicate.startswith("plans") or c.predicate in PLAN_PREDICATES or "goal" in c.tags:
        return "plan"
    if c.predicate.startswith("habit") or "habit" in c.tags:
        return "habit"
    if c.memory_type is MemoryType.EVENT:
        return "event_past"
    if "past_state" in c.tags or (c.valid_time_end and c.valid_time_end < said_day):
        return "state_past"
    return "state_holding"


def time_ok(c: MemoryCandidate, want: object, said_day: str) -> bool:
    if want == "none":
        return c.valid_time_start is None and c.valid_time_end is None
    if want == "before_mention":
        return c.valid_time_start is None and c.valid_time_end == said_day
    assert isinstance(want, dict)
    return c.valid_time_start == want["start"] and c.valid_time_end == want["end"]


def judge(row: dict) -> dict:
    said_day = datetime.fromisoformat(row["mention_time"]).date().isoformat()
    found = extract(evidence_of({"speaker": "user", **row}))
    kinds = [kind_of(c, said_day) for c in found]
    notes = [
        f"{k} {c.memory_type.value}:{c.predicate} [{c.valid_time_start}..{c.valid_time_end}] {c.sensitivity.value}"
        f" | {c.content_text}"
        for k, c in zip(kinds, found, strict=True)
    ]
    if row["kind"] in NO_STATEMENT:
        ok = not found
        return {"kind": ok, "time": ok, "sensitivity": ok, "notes": notes}
    hit = next((c for c, k in zip(found, kinds, strict=True) if k == row["kind"]), None)
    if hit is None:
        return {"kind": False, "time": False, "sensitivity": False, "notes": notes}
    return {
        "kind": True,
        "time": time_ok(hit, row["valid"], said_day),
        "sensitivity": hit.sensitivity.value == row["sensitivity"],
        "notes": notes,
    }


def score(rows: list[dict]) -> dict:
    tally: dict[str, Counter] = {}
    misses: list[str] = []
    for row in rows:
        j = judge(row)
        for group in (row["lang"], row["kind"], "all"):
            t = tally.setdefault(group, Counter())
            t["sentences"] += 1
            t["kind"] += j["kind"]
            t["time"] += j["kind"] and j["time"]
            t["sensitivity"] += j["kind"] and j["sensitivity"]
            t["all"] += j["kind"] and j["time"] and j["sensitivity"]
        if not (j["kind"] and j["time"] and j["sensitivity"]):
            want = f"{row['kind']} {row['valid']} {row['sensitivity']}"
            misses.append(f"{row['id']}  want {want}  {row['text']}\n    got " + ("\n    got ".join(j["notes"]) or "-"))
    report = {
        g: {
            "sentences": t["sentences"],
            "kind": round(t["kind"] / t["sentences"], 3),
            "kind_and_time": round(t["time"] / t["sentences"], 3),
            "kind_and_sensitivity": round(t["sensitivity"] / t["sentences"], 3),
            "all_three": round(t["all"] / t["sentences"], 3),
        }
        for g, t in sorted(tally.items())
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
    for g, r in result["report"].items():
        print(
            f"{g:>13}: {r['sentences']:2} sentences, kind {r['kind']}, kind+time {r['kind_and_time']}, "
            f"kind+sensitivity {r['kind_and_sensitivity']}, all three {r['all_three']}"
        )
    if args.misses:
        print("\n".join(result["misses"]))


if __name__ == "__main__":
    main()
