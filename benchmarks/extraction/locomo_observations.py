"""How much of what LoCoMo's speakers said about themselves becomes a memory (issue 10).

python benchmarks/extraction/locomo_observations.py                    # the five tuning samples, in process
python benchmarks/extraction/locomo_observations.py --samples conv-26  # one of them
python benchmarks/extraction/locomo_observations.py --pipeline         # a Telegram export per sample, then
                                                                       # `mirror import` + `mirror run` in a temp home
python benchmarks/extraction/locomo_observations.py --json             # one JSON document
python benchmarks/extraction/locomo_observations.py --dump conv-26     # every memory with its turn (for judging)

speaker_a is the user; speaker_b is someone else (their turns are evidence, never a memory about the user). Each turn
is timed by its session's `session_N_date_time`, one minute apart within a session. The gold is LoCoMo's
`observation` entries for speaker_a, each with the dia_id of the turn it was read from; an observation is captured
when a governed memory (any current memory the governance step keeps, the same code the assets call) rests on that
turn. Reported per sample and per memory type (a memory type "captures" an observation when a memory of that type
rests on its turn), with memories per 100 user turns.

Held out: conv-44 .. conv-50 are kept for an honest measure taken elsewhere. This command refuses them unless
--heldout is passed (the team does not pass it while tuning).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from mirror_pipeline.adapters.llm_extractor import MemoryCache, RulesExtractor
from mirror_pipeline.core.governance import Extracted, govern
from mirror_pipeline.core.model import (
    Attribution,
    Evidence,
    Sensitivity,
    SourceType,
    Speaker,
    TimePrecision,
    other_speaker,
)
from mirror_pipeline.core.text import content_hash, detect_language

LOCOMO = Path("/work/shared/benchmarks/locomo10.json")
TUNING = ("conv-26", "conv-30", "conv-41", "conv-42", "conv-43")
HELDOUT = ("conv-44", "conv-47", "conv-48", "conv-49", "conv-50")


def session_time(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' (LoCoMo has no timezone: read as UTC)."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


@dataclass(frozen=True)
class Turn:
    dia_id: str
    speaker: str
    text: str
    at: datetime


def turns(sample: dict[str, Any]) -> list[Turn]:
    conv = sample["conversation"]
    out: list[Turn] = []
    n = 1
    while f"session_{n}" in conv:
        start = session_time(conv[f"session_{n}_date_time"])
        for i, t in enumerate(conv[f"session_{n}"]):
            out.append(Turn(t["dia_id"], t["speaker"], t.get("text") or "", start + timedelta(minutes=i)))
        n += 1
    return out


def gold(sample: dict[str, Any]) -> list[tuple[str, str]]:
    """(observation, dia_id) for speaker_a; an entry naming several turns counts once, captured by any of them."""
    user = sample["conversation"]["speaker_a"]
    out = []
    for session in sample["observation"].values():
        for text, dia in session.get(user, []):
            out.append((text, str(dia)))
    return out


def dia_ids(ref: str) -> set[str]:
    return {d.strip() for d in ref.replace(",", ";").split(";") if d.strip()}


def evidence_rows(sample: dict[str, Any]) -> list[Evidence]:
    user = sample["conversation"]["speaker_a"]
    rows = []
    for t in turns(sample):
        actor = Speaker.USER.value if t.speaker == user else other_speaker(t.speaker)
        rows.append(
            Evidence(
                evidence_id=t.dia_id,
                source_type=SourceType.CHAT,
                source_format="locomo",
                file_path=sample["sample_id"],
                file_hash="",
                locator=t.dia_id,
                session_id=t.dia_id.split(":")[0],
                actor=actor,
                attribution=Attribution.FORMAT,
                timestamp=t.at,
                timestamp_precision=TimePrecision.SECOND,
                raw_content=t.text,
                content_hash=content_hash(t.text),
                language=detect_language(t.text),
                sensitivity=Sensitivity.LOW,
            )
        )
    return rows


@dataclass
class SampleResult:
    sample_id: str
    user_turns: int
    observations: int
    captured: int
    memories: int
    by_type: dict[str, int] = field(default_factory=dict)  # observations captured by a memory of that type
    memories_by_type: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def share(self) -> float:
        return self.captured / self.observations if self.observations else 0.0

    @property
    def per_100(self) -> float:
        return 100 * self.memories / self.user_turns if self.user_turns else 0.0


def memories_in_process(sample: dict[str, Any]) -> list[tuple[str, str, tuple[str, ...], str]]:
    """(memory type, state, evidence ids, content) of every current memory: the assets' extraction + governance."""
    evidence = evidence_rows(sample)
    result = RulesExtractor().extract(evidence, UTC, MemoryCache())
    now = datetime.now(UTC)
    governed = govern([Extracted(c, now) for c in result.candidates], UTC)
    return [(str(m.memory_type), str(m.state), m.evidence_ids, m.content_text) for m in governed.current]


def telegram_export(sample: dict[str, Any]) -> dict[str, Any]:
    """A Telegram Desktop full export: speaker_a is the account owner, speaker_b the other side of a personal chat."""
    conv = sample["conversation"]
    user, other = conv["speaker_a"], conv["speaker_b"]
    ids = {user: 1, other: 2}
    messages = []
    for i, t in enumerate(turns(sample), start=1):
        messages.append(
            {
                "id": i,
                "type": "message",
                "date": t.at.strftime("%Y-%m-%dT%H:%M:%S"),
                "date_unixtime": str(int(t.at.timestamp())),
                "from": t.speaker,
                "from_id": f"user{ids[t.speaker]}",
                "text": t.text,
            }
        )
    return {
        "personal_information": {"user_id": 1, "first_name": user},
        "chats": {"list": [{"id": 2, "name": other, "type": "personal_chat", "messages": messages}]},
    }


def memories_by_pipeline(sample: dict[str, Any]) -> list[tuple[str, str, tuple[str, ...], str]]:
    """The real path: export file -> mirror import -> mirror run -> the served snapshot's memories, mapped back to
    dia_ids through the evidence's text and time (message ids are the export's)."""
    import duckdb

    mirror = str(Path(sys.executable).with_name("mirror"))
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        export = Path(tmp) / f"{sample['sample_id']}-result.json"
        export.write_text(json.dumps(telegram_export(sample)), encoding="utf-8")
        env_home = ["--home", str(home)]
        for cmd in (["init", *env_home], ["import", *env_home, str(export)], ["run", *env_home]):
            done = subprocess.run([mirror, *cmd], capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"mirror {cmd[0]} failed: {done.stderr[-2000:]}")
        con = duckdb.connect(str(home / "served" / "context.duckdb"), read_only=True)
        by_time = {int(t.at.timestamp()): t.dia_id for t in turns(sample)}
        ev = {
            r[0]: by_time.get(int(r[1].timestamp())) if r[1] else None
            for r in con.execute("select evidence_id, timestamp from evidence").fetchall()
        }
        rows = con.execute("select memory_type, state, evidence_ids, content_text from memories").fetchall()
        con.close()
    return [(t, s, tuple(d for e in ids if (d := ev.get(e))), c) for t, s, ids, c in rows]


def score(sample: dict[str, Any], pipeline: bool) -> SampleResult:
    started = time.perf_counter()
    memories = memories_by_pipeline(sample) if pipeline else memories_in_process(sample)
    seconds = time.perf_counter() - started
    user = sample["conversation"]["speaker_a"]
    user_turns = sum(1 for t in turns(sample) if t.speaker == user)
    types_on: dict[str, set[str]] = defaultdict(set)
    for kind, _state, evidence_ids, _content in memories:
        for e in evidence_ids:
            types_on[e].add(kind)
    obs = gold(sample)
    captured = 0
    by_type: Counter[str] = Counter()
    for _text, ref in obs:
        kinds = set().union(*(types_on.get(d, set()) for d in dia_ids(ref)))
        captured += bool(kinds)
        by_type.update(kinds)
    return SampleResult(
        sample["sample_id"],
        user_turns,
        len(obs),
        captured,
        len(memories),
        dict(by_type),
        dict(Counter(kind for kind, *_ in memories)),
        seconds,
    )


def dump(sample: dict[str, Any]) -> None:
    """Every memory beside the turn it rests on, and every gold observation with whether it was captured."""
    by_dia = {t.dia_id: t for t in turns(sample)}
    mems = memories_in_process(sample)
    on: dict[str, list[str]] = defaultdict(list)
    for kind, state, evidence_ids, content in mems:
        for e in evidence_ids:
            on[e].append(f"{kind}/{state}: {content}")
        print(f"[{kind}/{state}] {content}\n    <- " + " | ".join(f"{e}: {by_dia[e].text}" for e in evidence_ids))
    print("\n## gold")
    for text, ref in gold(sample):
        hit = [m for d in dia_ids(ref) for m in on.get(d, [])]
        said = " | ".join(by_dia[d].text for d in dia_ids(ref) if d in by_dia)
        print(f"{'+' if hit else '-'} {ref}: {text}\n    said: {said}")


def main(argv: list[str]) -> int:
    path = Path(argv[argv.index("--locomo") + 1]) if "--locomo" in argv else LOCOMO
    wanted = argv[argv.index("--samples") + 1].split(",") if "--samples" in argv else list(TUNING)
    if "--dump" in argv:
        wanted = [argv[argv.index("--dump") + 1]]
    allowed = set(TUNING) | (set(HELDOUT) if "--heldout" in argv else set())
    refused = [s for s in wanted if s not in allowed]
    if refused:
        raise SystemExit(f"refused: {', '.join(refused)} (held out for an honest measure; see --heldout)")
    samples = {s["sample_id"]: s for s in json.loads(path.read_text(encoding="utf-8"))}
    if "--dump" in argv:
        dump(samples[wanted[0]])
        return 0
    results = [score(samples[s], "--pipeline" in argv) for s in wanted]
    obs = sum(r.observations for r in results)
    cap = sum(r.captured for r in results)
    turns_ = sum(r.user_turns for r in results)
    mems = sum(r.memories for r in results)
    by_type: Counter[str] = Counter()
    for r in results:
        by_type.update(r.by_type)
    report = {
        "path": "pipeline" if "--pipeline" in argv else "in_process",
        "samples": [
            {
                "sample": r.sample_id,
                "observations": r.observations,
                "captured": r.captured,
                "share": round(r.share, 3),
                "user_turns": r.user_turns,
                "memories": r.memories,
                "memories_per_100_user_turns": round(r.per_100, 1),
                "captured_by_type": r.by_type,
                "memories_by_type": r.memories_by_type,
                "seconds": round(r.seconds, 2),
            }
            for r in results
        ],
        "total": {
            "observations": obs,
            "captured": cap,
            "share": round(cap / obs, 3) if obs else 0.0,
            "memories_per_100_user_turns": round(100 * mems / turns_, 1) if turns_ else 0.0,
            "captured_by_type": {k: round(v / obs, 3) for k, v in sorted(by_type.items())},
        },
    }
    if "--json" in argv:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"path: {report['path']}")
    print(f"{'sample':10} {'obs':>5} {'capt':>5} {'share':>6} {'turns':>6} {'mems':>5} {'/100':>6}  by type")
    for s in report["samples"]:
        print(
            f"{s['sample']:10} {s['observations']:5} {s['captured']:5} {s['share']:6.3f} {s['user_turns']:6}"
            f" {s['memories']:5} {s['memories_per_100_user_turns']:6.1f}  {s['captured_by_type']}"
        )
    t = report["total"]
    print(
        f"{'total':10} {t['observations']:5} {t['captured']:5} {t['share']:6.3f} {turns_:6} {mems:5}"
        f" {t['memories_per_100_user_turns']:6.1f}  {t['captured_by_type']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
