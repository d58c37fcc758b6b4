"""How much of what MemoryBank's simulated users say about themselves becomes a memory (zh and en, issue 10).

python benchmarks/extraction/memorybank.py                 # the TUNING users (first 4 per language)
python benchmarks/extraction/memorybank.py --heldout       # and the HELD-OUT users (next 4), reported beside them
python benchmarks/extraction/memorybank.py --precision     # precision of the memories by the judged labels
python benchmarks/extraction/memorybank.py --dump zh       # every memory and every missed fact, by turn (tuning)
python benchmarks/extraction/memorybank.py --json          # one JSON document
python benchmarks/extraction/memorybank.py --data DIR      # where memory_bank_cn.json / memory_bank_en.json are
python benchmarks/extraction/memorybank.py --fresh [--draw N]  # users 9-15 (FRESH): precision of a judged sample

MemoryBank (zhongwanjun/MemoryBank-SiliconFriend, MIT) is read from /work/shared/benchmarks/memorybank/, never copied
into the repository: 15 simulated users per language chatting with an AI companion for about ten days. A user's
`query` turns are the person's (one evidence row each, dated by the history's date, a minute apart; the assistant's
replies are not read), run through the same extractor and governance the assets run.

Gold (`memorybank_gold.jsonl`, labelled by hand before the first run): every self-disclosed fact in the queries of
the first 8 users of each file, as a short gloss with the user, date, query index and key words. Users 1-4 are
TUNING, users 5-8 HELD-OUT (never used to choose a rule; run once at the end). A fact is captured when a current
memory rests on its query and its content (or object) holds one of the fact's keys (case-insensitive).

Precision: `memorybank_judged.jsonl` labels memories correct / wrong / junk by (language, evidence, content hash);
a memory no label judges is listed as unjudged (judge it by hand, never tune on it).

FRESH (`--fresh`): users 9-15 of each file, never read by anyone working on the rules before session 8. There is
no gold for them (no capture); `--draw N` prints N of their memories a language, chosen by a hash of the memory
(salted `fresh`), with the query's text, to judge strictly; the labels go to `memorybank_judged.jsonl`. The first
judging (session 8, before any rule of that session) is the honest estimate of precision on companion chat.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.llm_extractor import MemoryCache, RulesExtractor
from mirror_pipeline.core.governance import Extracted, govern
from mirror_pipeline.core.model import Attribution, Evidence, Sensitivity, SourceType, TimePrecision
from mirror_pipeline.core.text import content_hash, detect_language

DATA = Path("/work/shared/benchmarks/memorybank")
FILES = {"zh": "memory_bank_cn.json", "en": "memory_bank_en.json"}
TZ = {"zh": ZoneInfo("Asia/Shanghai"), "en": ZoneInfo("Asia/Shanghai")}
GOLD = Path(__file__).with_name("memorybank_gold.jsonl")
JUDGED = Path(__file__).with_name("memorybank_judged.jsonl")
TUNING_USERS = 4
HELDOUT_USERS = 4
FRESH_USERS = 7  # users 9-15


def rows(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def digest(content: str) -> str:
    return hashlib.sha1(content.encode()).hexdigest()[:12]


def turn_id(lang: str, user: str, date: str, index: int) -> str:
    return f"{lang}:{user}:{date}#{index}"


@dataclass(frozen=True)
class Query:
    lang: str
    split: str
    user: str
    evidence_id: str
    text: str
    at: datetime


def queries(data: Path, lang: str, fresh: bool = False) -> list[Query]:
    """The first 8 users' queries: users 1-4 tuning, 5-8 held-out (by the file's order); `fresh`: users 9-15."""
    path = data / FILES[lang]
    try:
        users = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{path}: cannot read MemoryBank ({exc})") from exc
    out: list[Query] = []
    first = TUNING_USERS + HELDOUT_USERS
    chosen = list(users.items())[first : first + FRESH_USERS] if fresh else list(users.items())[:first]
    for n, (name, user) in enumerate(chosen):
        split = "fresh" if fresh else "tuning" if n < TUNING_USERS else "heldout"
        for date, pairs in user.get("history", {}).items():
            day = datetime.fromisoformat(date).replace(hour=20, tzinfo=TZ[lang])
            for i, pair in enumerate(pairs):
                text = (pair.get("query") or "").strip()
                if text:
                    out.append(
                        Query(
                            lang,
                            split,
                            name.strip(),
                            turn_id(lang, name.strip(), date, i),
                            text,
                            day + timedelta(minutes=i),
                        )
                    )
    return out


def evidence(q: Query) -> Evidence:
    return Evidence(
        evidence_id=q.evidence_id,
        source_type=SourceType.CHAT,
        source_format="memorybank",
        file_path=FILES[q.lang],
        file_hash="",
        locator=q.evidence_id,
        session_id=q.evidence_id.split("#")[0],
        actor="user",
        attribution=Attribution.FORMAT,
        timestamp=q.at.astimezone(UTC),
        timestamp_precision=TimePrecision.SECOND,
        raw_content=q.text,
        content_hash=content_hash(q.text),
        language=detect_language(q.text),
        sensitivity=Sensitivity.LOW,
    )


@dataclass(frozen=True)
class Memory:
    evidence_id: str
    memory_type: str
    content: str
    object: str


def memories(qs: list[Query], lang: str) -> list[Memory]:
    """The current memories a run would serve: the assets' extraction + governance, per user (one person each)."""
    out: list[Memory] = []
    now = datetime.now(UTC)
    for user in dict.fromkeys(q.user for q in qs):
        ev = [evidence(q) for q in qs if q.user == user]
        result = RulesExtractor().extract(ev, TZ[lang], MemoryCache())
        governed = govern([Extracted(c, now) for c in result.candidates], TZ[lang])
        for m in governed.current:
            for e in m.evidence_ids:
                out.append(Memory(e, str(m.memory_type), m.content_text, m.object or ""))
    return out


def says(m: Memory, keys: list[str]) -> bool:
    hay = f"{m.content}\n{m.object}".lower()
    return any(k.lower() in hay for k in keys)


def score(lang: str, split: str, qs: list[Query], mems: list[Memory], gold: list[dict]) -> dict:
    ids = {q.evidence_id for q in qs if q.split == split}
    facts = [g for g in gold if g["lang"] == lang and g["split"] == split]
    on: dict[str, list[Memory]] = {}
    for m in mems:
        on.setdefault(m.evidence_id, []).append(m)
    captured = sum(
        any(says(m, g["keys"]) for m in on.get(turn_id(lang, g["user"], g["date"], g["query"]), [])) for g in facts
    )
    mine = [m for m in mems if m.evidence_id in ids]
    distinct = {(m.evidence_id, m.content) for m in mine}
    judged = {(r["lang"], r["evidence"], r["content_hash"]): r["label"] for r in rows(JUDGED)}
    labels: dict[str, int] = {}
    for e, content in distinct:
        label = judged.get((lang, e, digest(content)), "unjudged")
        labels[label] = labels.get(label, 0) + 1
    judged_n = sum(v for k, v in labels.items() if k != "unjudged")
    return {
        "lang": lang,
        "split": split,
        "queries": len(ids),
        "facts": len(facts),
        "captured": captured,
        "capture": round(captured / len(facts), 3) if facts else 0.0,
        "memories": len(distinct),
        "memories_per_100_queries": round(100 * len(distinct) / len(ids), 1) if ids else 0.0,
        "labels": labels,
        "precision": round(labels.get("correct", 0) / judged_n, 3) if judged_n else None,
        "junk": round(labels.get("junk", 0) / judged_n, 3) if judged_n else None,
    }


def dump(lang: str, qs: list[Query], mems: list[Memory], gold: list[dict], split: str) -> None:
    on: dict[str, list[Memory]] = {}
    for m in mems:
        on.setdefault(m.evidence_id, []).append(m)
    facts: dict[str, list[dict]] = {}
    for g in gold:
        if g["lang"] == lang:
            facts.setdefault(turn_id(lang, g["user"], g["date"], g["query"]), []).append(g)
    judged = {(r["lang"], r["evidence"], r["content_hash"]): r["label"] for r in rows(JUDGED)}
    for q in qs:
        if q.split != split:
            continue
        print(f"\n{q.evidence_id} {q.text}")
        for m in on.get(q.evidence_id, []):
            label = judged.get((lang, m.evidence_id, digest(m.content)), "unjudged")
            print(f"   [{m.memory_type}] {m.content} | {label} {digest(m.content)}")
        for g in facts.get(q.evidence_id, []):
            if not any(says(m, g["keys"]) for m in on.get(q.evidence_id, [])):
                print(f"   MISSED: {g['fact']}")


def main(argv: list[str]) -> int:
    data = Path(argv[argv.index("--data") + 1]) if "--data" in argv else DATA
    gold = rows(GOLD)
    fresh = "--fresh" in argv
    splits = ["fresh"] if fresh else ["tuning", "heldout"] if "--heldout" in argv else ["tuning"]
    langs = [argv[argv.index("--dump") + 1]] if "--dump" in argv else list(FILES)
    report = []
    for lang in langs:
        qs = [q for q in queries(data, lang, fresh) if q.split in splits]
        mems = memories(qs, lang)
        if "--draw" in argv:
            said = {q.evidence_id: q.text for q in qs}
            drawn = sorted(
                {(m.evidence_id, m.memory_type, m.content) for m in mems}, key=lambda m: digest(f"fresh|{m[0]}|{m[2]}")
            )
            for e, kind, content in drawn[: int(argv[argv.index("--draw") + 1])]:
                print(
                    json.dumps(
                        {
                            "lang": lang,
                            "evidence": e,
                            "said": said[e],
                            "type": kind,
                            "content": content,
                            "content_hash": digest(content),
                        },
                        ensure_ascii=False,
                    )
                )
            continue
        if "--dump" in argv:
            for split in splits:
                dump(lang, qs, mems, gold, split)
            continue
        report += [score(lang, split, qs, mems, gold) for split in splits]
        if "--precision" in argv:
            judged = {(r["lang"], r["evidence"], r["content_hash"]): r["label"] for r in rows(JUDGED)}
            for m in sorted({(m.evidence_id, m.memory_type, m.content) for m in mems}):
                label = judged.get((lang, m[0], digest(m[2])), "unjudged")
                if label != "correct":
                    print(f"{label} {m[0]} [{m[1]}] {m[2]} {digest(m[2])}")
    if "--dump" in argv or "--draw" in argv:
        return 0
    if "--json" in argv:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{'lang':4} {'split':8} {'queries':>7} {'facts':>5} {'capt':>5} {'share':>6} {'mems':>5} {'/100q':>6}  prec")
    for r in report:
        p = "" if r["precision"] is None else f"{r['precision']:.3f} junk {r['junk']:.3f}"
        print(
            f"{r['lang']:4} {r['split']:8} {r['queries']:7} {r['facts']:5} {r['captured']:5} {r['capture']:6.3f}"
            f" {r['memories']:5} {r['memories_per_100_queries']:6.1f}  {p} {r['labels']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
