"""What the LLM extractor itself costs around the model: batching, prompts, the answer cache in DuckDB, grounding.

The model is an instant stand-in (a real one takes seconds per batch; this measures everything else), so the figures
are the floor of a run and the whole of a rerun, where every answer comes from the cache.

python benchmarks/llm_extractor_overhead.py 20000
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_chatgpt_export import PHRASES  # noqa: E402

from mirror_pipeline.adapters.llm_extractor import LlmExtractor, LlmSettings, Reply, WarehouseCache  # noqa: E402
from mirror_pipeline.core.llm_extraction import ProposedCandidates  # noqa: E402
from mirror_pipeline.core.model import Attribution, Evidence, Language, Sensitivity, SourceType, TimePrecision  # noqa: E402
from mirror_pipeline.core.text import content_hash  # noqa: E402

_MESSAGE = re.compile(r'<message n="(\d+)"[^>]*>\n(.*?)\n</message>', re.S)
_LIVES = re.compile(r"I live in (\w+)|我在(\w+)工作")


class InstantModel:
    """Answers at once: a lives_in / works_at candidate quoting the message when it says one."""

    calls = 0

    def complete(self, messages: list[dict[str, str]]) -> Reply:
        self.calls += 1
        found = []
        for n, text in _MESSAGE.findall(messages[-1]["content"]):
            m = _LIVES.search(text)
            if m:
                obj = m.group(1) or m.group(2)
                found.append(
                    {
                        "message": int(n),
                        "memory_type": "fact",
                        "subject": "user",
                        "predicate": "lives_in",
                        "object": obj,
                        "content_text": f"The user lives in {obj}",
                        "confidence": 0.9,
                        "quote": m.group(0),
                    }
                )
        return Reply(ProposedCandidates.model_validate({"candidates": found}), 1000, 100, 0.0)


def evidence(n: int, seed: int = 1) -> list[Evidence]:
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    out = []
    for i in range(n):
        text = f"{rng.choice(PHRASES)} ({i})"
        out.append(
            Evidence(
                evidence_id=f"ev_{i}",
                source_type=SourceType.CHAT,
                source_format="bench",
                file_path="bench",
                file_hash="bench",
                locator=str(i),
                session_id=f"s{i // 20}",
                actor="user" if i % 2 == 0 else "assistant",
                attribution=Attribution.FORMAT,
                timestamp=start + timedelta(minutes=i),
                timestamp_precision=TimePrecision.SECOND,
                raw_content=text,
                content_hash=content_hash(text),
                language=Language.MIXED,
                sensitivity=Sensitivity.LOW,
            )
        )
    return out


def main(n: int) -> None:
    items = evidence(n)
    model = InstantModel()
    extractor = LlmExtractor(LlmSettings("bench/instant", batch_size=20), model)
    with tempfile.TemporaryDirectory() as tmp:
        con = duckdb.connect(str(Path(tmp) / "w.duckdb"))
        for label in ("first run (every answer new)", "rerun (every answer cached)"):
            t = time.perf_counter()
            out = extractor.extract(items, UTC, WarehouseCache(con))
            took = time.perf_counter() - t
            print(
                f"{label}: {n} messages in {took:.2f} s = {n / took:,.0f} messages/s; "
                f"model calls {out.usage.calls}, cache hits {out.usage.cache_hits}, candidates {len(out.candidates)}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
