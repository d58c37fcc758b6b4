"""How long governance takes on real chat candidates: the LoCoMo tuning samples (conv-26/30/41/42/43) read by the
offline extractor, every sample's candidates governed as one person's history (as the governance asset does, with
evidence briefs), timed alone (extraction excluded), best of `--repeat` (wall and CPU time: on a shared machine the
CPU time is the steadier figure). The first repeat is the cold one that counts for a run; later ones reuse caches.

    python benchmarks/governance/speed.py [/work/shared/benchmarks/locomo10.json] [--repeat 3] [--profile]
        [--all-speakers]

LoCoMo's text stays out of the repository: the script reads it from the path given.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "extraction"))

from locomo_observations import TUNING, evidence_rows  # noqa: E402

from mirror_pipeline.adapters.llm_extractor import MemoryCache, RulesExtractor  # noqa: E402
from mirror_pipeline.core.conflicts import EvidenceBrief  # noqa: E402
from mirror_pipeline.core.governance import Extracted, govern  # noqa: E402


def main(argv: list[str]) -> int:
    path = next((a for a in argv if a.endswith(".json")), "/work/shared/benchmarks/locomo10.json")
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    samples = [s for s in json.loads(Path(path).read_text()) if s["sample_id"] in TUNING]
    items: list[Extracted] = []
    briefs: dict[str, EvidenceBrief] = {}
    now = datetime(2026, 12, 1, tzinfo=UTC)
    for sample in samples:
        rows = evidence_rows(sample)
        # --all-speakers: every turn read as the person's (more candidates, a larger history)
        actor = {"actor": "user"} if "--all-speakers" in argv else {}
        rows = [
            r.__class__(**{**r.__dict__, "evidence_id": f"{sample['sample_id']}:{r.evidence_id}", **actor})
            for r in rows
        ]
        result = RulesExtractor().extract(rows, UTC, MemoryCache())
        items += [Extracted(c, now) for c in result.candidates]
        briefs |= {r.evidence_id: EvidenceBrief(r.evidence_id, r.timestamp, r.raw_content, r.session_id) for r in rows}
    if "--profile" in argv:
        prof = cProfile.Profile()
        prof.enable()
        govern(items, UTC, now=now, evidence=briefs)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
    best = cpu = float("inf")
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        governed = govern(items, UTC, now=now, evidence=briefs)
        best, cpu = min(best, time.perf_counter() - t), min(cpu, time.process_time() - c)
    by_type: dict[str, int] = {}
    for i in governed.issues:
        by_type[str(i.issue_type)] = by_type.get(str(i.issue_type), 0) + 1
    print(
        json.dumps(
            {
                "candidates": len(items),
                "memories": len(governed.current),
                "issues": by_type,
                "govern_seconds_best": round(best, 3),
                "govern_cpu_seconds_best": round(cpu, 3),  # less sensitive to other work on a shared machine
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
