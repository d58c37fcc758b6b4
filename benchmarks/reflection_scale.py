"""How long the weekly reflection takes over a large history (synthetic: 100,000 bilingual messages five minutes
apart, 53 people, 200 activity memories); the rules only, in process.

    python benchmarks/reflection_scale.py [--messages 100000]
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import UTC, datetime, timedelta

from mirror_pipeline.core.reflection import reflect


def history(messages: int, now: datetime) -> tuple[list[dict], list[dict]]:
    rng = random.Random(1)
    names = [f"Friend{i}" for i in range(50)] + ["小林", "小王", "老张"]
    acts = ["爬山", "跑步", "钢琴", "climbing", "cooking", "reading"]
    evidence = []
    for i in range(messages):
        n, a = rng.choice(names), rng.choice(acts)
        text = f"今天和{n}一起去{a}，感觉不错。" if i % 2 else f"Went {a} with {n} today, it was fine."
        evidence.append(
            {
                "evidence_id": f"ev_{i}",
                "raw_content": text,
                "actor": "user",
                "session_id": f"s{i // 20}",
                "timestamp": now - timedelta(minutes=5 * i),
            }
        )

    def memory(memory_id: str, memory_type: str, predicate: str, obj: str, text: str, ids: list[str]) -> dict:
        return {
            "memory_id": memory_id,
            "memory_type": memory_type,
            "predicate": predicate,
            "object": obj,
            "content_text": text,
            "state": "confirmed",
            "evidence_ids": ids,
            "labels": [],
            "sensitivity": "low",
            "version": 1,
        }

    memories = [
        memory(f"mem_p{j}", "relationship", "friend", n, f"{n}是用户的朋友", [f"ev_{j}"]) for j, n in enumerate(names)
    ]
    memories += [
        memory(f"mem_a{j}", "event", "event:hobbies", f"用户去{acts[j % 6]}", f"用户去{acts[j % 6]}", [f"ev_{j * 37}"])
        for j in range(200)
    ]
    return memories, evidence


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=100_000)
    args = parser.parse_args()
    now = datetime(2026, 12, 1, tzinfo=UTC)
    memories, evidence = history(args.messages, now)
    start = time.perf_counter()
    found = reflect(memories, memories, evidence, now)
    took = time.perf_counter() - start
    print(f"{len(evidence)} messages, {len(memories)} memories: {took:.2f} s, {len(found)} insights")


if __name__ == "__main__":
    main()
