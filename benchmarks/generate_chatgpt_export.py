"""Write a synthetic ChatGPT conversations.json of N messages (Chinese and English), for timing the pipeline.

python benchmarks/generate_chatgpt_export.py 20000 /tmp/conversations.json

The shape follows a real export: one line of JSON (`json.dumps` separators), a `mapping` tree per conversation with a
`message: null` root, a hidden empty system message, per-message metadata as the real export carries it, user turns
of a sentence or two and assistant turns of a few paragraphs, and some regenerated answers that leave a side branch
(not the active conversation: they are not counted in N). The file is written a conversation at a time, so a
1,000,000-message export needs no more memory than a 1,000-message one.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from typing import Any, TextIO

USER_PHRASES = (
    "I live in Tokyo now, not far from the station.",
    "我喜欢弹钢琴，周末一般会练两个小时。",
    "What should I cook tonight? I have rice, eggs and some spinach.",
    "我在A公司工作，主要做数据平台。",
    "Let's plan the trip to Kyoto next month, I want to see the temples.",
    "今天很累，早点睡。明天还要早起去开会。",
    "My manager Alice approved the budget for the new project.",
    "I prefer tea over coffee, especially green tea in the morning.",
    "帮我写一封邮件给房东，说下个月要续租。",
    "Can you explain how a B-tree index works in a database?",
)
ASSISTANT_PHRASES = (
    "Here is a simple plan that fits your week and leaves room for rest.",
    "这是一个不错的想法。我们可以先列出需要准备的东西，然后按优先级排序。",
    "A B-tree keeps keys sorted in wide nodes, so a lookup touches only a few pages of the disk.",
    "如果你想提高效率，可以尝试把任务拆成更小的部分，每完成一部分就休息一下。",
    "Kyoto in autumn is beautiful; book the hotel early because the leaves draw crowds.",
    "下面是邮件的草稿，你可以根据实际情况修改措辞。",
    "You could make a spinach omelette with rice on the side: quick, cheap and filling.",
    "Green tea has less caffeine than coffee, which may help you sleep better.",
)


def _message(node: str, role: str, text: str, when: float | None, **extra: Any) -> dict[str, Any]:
    return {
        "id": node,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": when,
        "update_time": None,
        "content": {"content_type": "text", "parts": [text]},
        "status": "finished_successfully",
        "end_turn": role == "assistant" or None,
        "weight": 1.0,
        "metadata": {
            "citations": [],
            "content_references": [],
            "request_id": f"req-{node}",
            "message_source": None,
            "timestamp_": "absolute",
            "message_type": None,
            "model_slug": "gpt-4o",
            "default_model_slug": "gpt-4o",
            "parent_id": None,
            **extra,
        },
        "recipient": "all",
        "channel": None,
    }


def _text(rng: random.Random, phrases: tuple[str, ...], low: int, high: int) -> str:
    sentences = [rng.choice(phrases) for _ in range(rng.randint(low, high))]
    if len(sentences) > 3:  # assistant answers come in paragraphs
        return "\n\n".join(" ".join(sentences[i : i + 3]) for i in range(0, len(sentences), 3))
    return " ".join(sentences)


def conversation(c: int, messages: int, rng: random.Random) -> dict[str, Any]:
    """One conversation whose active branch holds `messages` user/assistant messages."""
    start = 1.7e9 + c * 3600.0
    root, system = f"c{c}-root", f"c{c}-sys"
    mapping: dict[str, dict[str, Any]] = {
        root: {"id": root, "message": None, "parent": None, "children": [system]},
        system: {
            "id": system,
            "message": _message(system, "system", "", None, is_visually_hidden_from_conversation=True),
            "parent": root,
            "children": [],
        },
    }
    parent = system
    for i in range(messages):
        node = f"c{c}m{i}"
        role = "user" if i % 2 == 0 else "assistant"
        text = _text(rng, USER_PHRASES, 1, 2) if role == "user" else _text(rng, ASSISTANT_PHRASES, 2, 9)
        mapping[node] = {"id": node, "message": _message(node, role, text, start + i * 30), "parent": parent}
        mapping[node]["children"] = []
        mapping[parent]["children"].append(node)
        if role == "assistant" and rng.random() < 0.1:  # a regenerated answer: the first try stays as a side branch
            side = f"{node}-first-try"
            mapping[side] = {
                "id": side,
                "message": _message(side, role, _text(rng, ASSISTANT_PHRASES, 2, 6), start + i * 30 - 5),
                "parent": parent,
                "children": [],
            }
            mapping[parent]["children"].insert(0, side)
        parent = node
    return {
        "title": f"conversation {c}",
        "create_time": start,
        "update_time": start + messages * 30,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": parent,
        "plugin_ids": None,
        "conversation_id": f"conv-{c}",
        "conversation_template_id": None,
        "gizmo_id": None,
        "is_archived": False,
        "safe_urls": [],
        "default_model_slug": "gpt-4o",
        "id": f"conv-{c}",
    }


def conversations(messages: int, seed: int = 1) -> Iterator[dict[str, Any]]:
    """Conversations of 2 to 60 messages (people's chats vary), `messages` messages on their active branches."""
    rng = random.Random(seed)
    left, c = messages, 0
    while left > 0:
        size = min(left, rng.randint(1, 30) * 2)
        yield conversation(c, size, rng)
        left -= size
        c += 1


def write_export(messages: int, out: TextIO, seed: int = 1) -> None:
    out.write("[")
    for i, conv in enumerate(conversations(messages, seed)):
        if i:
            out.write(", ")
        out.write(json.dumps(conv, ensure_ascii=False))
    out.write("]")


def export(messages: int, seed: int = 1) -> list[dict[str, Any]]:
    """The whole export in memory (for small test exports)."""
    return list(conversations(messages, seed))


if __name__ == "__main__":
    count, path = int(sys.argv[1]), sys.argv[2]
    with open(path, "w", encoding="utf-8") as f:
        write_export(count, f)
