"""Recall on Chinese diary prose nobody tuned on (issue 10): `zh_diary.jsonl`, written before the rules were changed.

python benchmarks/extraction/zh_diary.py            # recall (typed and any type), memories per paragraph
python benchmarks/extraction/zh_diary.py --dump     # every memory beside its paragraph (for judging by hand)
python benchmarks/extraction/zh_diary.py --second   # the second set (`zh_diary2.jsonl`, 20 entries, 32 facts)
python benchmarks/extraction/zh_diary.py --third    # the third set (`zh_diary3.jsonl`, 30 entries, 49 facts)
python benchmarks/extraction/zh_diary.py --fourth   # the fourth (`zh_diary4.jsonl`, 20 entries, 46 facts, session 7's
                                                    # writer, from the specification alone; labels zh_diary_judged)

The third set (written before session 5's Chinese rules): run-on prose, WeChat lines, 是…的, 把/被, a year-end
review, money and health said indirectly.

python benchmarks/extraction/zh_diary.py [--second|--third] --precision   # strict precision, labels by hand
python benchmarks/extraction/zh_diary.py --set=benchmarks/extraction/zh_diary4.jsonl   # any set of the same form

`zh_diary4.jsonl` (session 7, written by the s7 writer from the specification alone: a 柳州 螺蛳粉 shop owner's year):
first run on main (9f2d189): typed 0.217, any type 0.370 (46 facts, 31 memories): the honest estimate.

`zh_diary11.jsonl` (session 16, written by zhfeel16 before any of its rules: a 长沙 菜鸟驿站 owner's year, 湖南话
touches; 20 entries, 62 facts): first run on main a96bb08: typed 0.113, any type 0.226 (20 memories), the honest
estimate. Its writer then built the feeling frames with its sentences in view: later figures on it are not clean.

Labels: the zh lines of `precision_sample.jsonl` / `precision_sample2.jsonl` (sets 1 and 2, judged before) and
`zh_diary_judged.jsonl` (set 3's first run, and every memory of the three sets that appeared since, judged as it
appeared, each with a one-line reason). A memory no label judges is listed as unjudged (judge it, never tune on it).

Each line is one diary paragraph (the writer is the user, no 我 needed), its local time with its offset, and the
facts a careful reader expects: a memory type and a key word the memory's content must hold. A fact is found when a
governed memory of that type (or, for "any type", of any type) rests on the paragraph and holds the key.
"""

from __future__ import annotations

import hashlib
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.llm_extractor import MemoryCache, RulesExtractor
from mirror_pipeline.core.governance import Extracted, govern
from mirror_pipeline.core.model import Attribution, Evidence, Language, Sensitivity, SourceType, TimePrecision
from mirror_pipeline.core.text import content_hash

SET = Path(__file__).with_name("zh_diary.jsonl")
SET2 = Path(__file__).with_name("zh_diary2.jsonl")  # the second set, written for the precision sample of rules-0.3.2
SET3 = Path(__file__).with_name("zh_diary3.jsonl")  # the third set, written before the Chinese work of session 5
SET4 = Path(__file__).with_name("zh_diary4.jsonl")  # the fourth, by the writer of session 7 from the spec alone
LABELS = (
    Path(__file__).with_name("precision_sample.jsonl"),
    Path(__file__).with_name("precision_sample2.jsonl"),
    Path(__file__).with_name("zh_diary_judged.jsonl"),
)
TZ = ZoneInfo("Asia/Shanghai")


def rows(path: Path = SET) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def evidence(row: dict) -> Evidence:
    return Evidence(
        evidence_id=row["id"],
        source_type=SourceType.IMPORT,
        source_format="markdown_journal",
        file_path="diary.md",
        file_hash="",
        locator=row["id"],
        session_id=row["id"],
        actor="user",
        attribution=Attribution.FORMAT,
        timestamp=datetime.fromisoformat(row["date"]),
        timestamp_precision=TimePrecision.SECOND,
        raw_content=row["text"],
        content_hash=content_hash(row["text"]),
        language=Language.ZH,
        sensitivity=Sensitivity.LOW,
    )


def digest(content: str) -> str:
    return hashlib.sha1(content.encode()).hexdigest()[:12]


def labels() -> dict[tuple[str, str, str], str]:
    """(set, evidence, content hash, type) -> label; a later file's label stands over an earlier one's. A label
    without a type (set 3's first run, judged on content) holds for any type."""
    out: dict[tuple[str, str, str, str], str] = {}
    for path in LABELS:
        for r in rows(path):
            if r["source"].startswith("zh_diary"):
                out[(r["source"], r["evidence"], r["content_hash"], r.get("type", ""))] = r["label"]
    return out


def main(argv: list[str]) -> int:
    given = next((Path(a.removeprefix("--set=")) for a in argv if a.startswith("--set=")), None)
    named = SET4 if "--fourth" in argv else SET3 if "--third" in argv else SET2 if "--second" in argv else SET
    path = given or named
    source = path.stem
    data = rows(path)
    result = RulesExtractor().extract([evidence(r) for r in data], TZ, MemoryCache())
    governed = govern([Extracted(c, datetime.now(UTC)) for c in result.candidates], TZ)
    on: dict[str, list] = {}
    for m in governed.current:
        for e in m.evidence_ids:
            on.setdefault(e, []).append(m)
    expected = typed = anytype = 0
    for r in data:
        mems = on.get(r["id"], [])
        if "--dump" in argv:
            print(f"\n{r['id']} {r['text']}")
            for m in mems:
                print(
                    f"   [{m.memory_type}] {m.content_text} | {m.valid_time_start}..{m.valid_time_end}"
                    f" {m.time_precision}"
                )
        for x in r["expected"]:
            expected += 1
            hold = [m for m in mems if x["key"] in m.content_text or x["key"] in m.object]
            typed += any(str(m.memory_type) == x["type"] for m in hold)
            anytype += bool(hold)
            if "--dump" in argv and not hold:
                print(f"   MISSED {x['type']}: {x['key']}")
    n = len(governed.current)
    if "--precision" in argv:
        judged = labels()
        count: dict[str, int] = {}
        for m in governed.current:
            key = (source, m.evidence_ids[0], digest(m.content_text))
            label = judged.get((*key, str(m.memory_type)), judged.get((*key, ""), "unjudged"))
            count[label] = count.get(label, 0) + 1
            if label != "correct":
                print(f"{label} {m.evidence_ids[0]} [{m.memory_type}] {m.content_text}")
        print(json.dumps({"set": source, "memories": n, **count, "precision": round(count.get("correct", 0) / n, 3)}))
        return 0
    report = {
        "paragraphs": len(data),
        "expected": expected,
        "recall_typed": round(typed / expected, 3),
        "recall_any_type": round(anytype / expected, 3),
        "memories": n,
        "memories_per_paragraph": round(n / len(data), 2),
    }
    print(json.dumps(report, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
