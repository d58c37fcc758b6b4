"""Write a synthetic ChatGPT conversations.json of N messages (Chinese and English), for timing the pipeline.

python benchmarks/generate_chatgpt_export.py 20000 /tmp/conversations.json
"""

from __future__ import annotations

import json
import random
import sys

PHRASES = (
    "I live in Tokyo now.",
    "我喜欢弹钢琴",
    "What should I cook tonight?",
    "我在A公司工作",
    "Let's plan the trip to Kyoto next month.",
    "今天很累，早点睡。",
    "My manager Alice approved the budget.",
    "I prefer tea over coffee.",
)


def export(messages: int, per_conversation: int = 20, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    conversations = []
    for c in range((messages + per_conversation - 1) // per_conversation):
        mapping: dict[str, dict] = {}
        parent = None
        for i in range(min(per_conversation, messages - c * per_conversation)):
            node = f"c{c}m{i}"
            mapping[node] = {
                "id": node,
                "parent": parent,
                "children": [],
                "message": {
                    "id": node,
                    "author": {"role": "user" if i % 2 == 0 else "assistant"},
                    "create_time": 1.7e9 + c * 3600 + i,
                    "content": {"content_type": "text", "parts": [f"{rng.choice(PHRASES)} ({c}-{i})"]},
                },
            }
            if parent:
                mapping[parent]["children"].append(node)
            parent = node
        conversations.append(
            {"title": f"c{c}", "conversation_id": f"conv{c}", "current_node": parent, "mapping": mapping}
        )
    return conversations


if __name__ == "__main__":
    count, out = int(sys.argv[1]), sys.argv[2]
    with open(out, "w", encoding="utf-8") as f:
        json.dump(export(count), f, ensure_ascii=False)
