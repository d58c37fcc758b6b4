"""Fakes for the remote things (a model), in one place. A fake never stands in for the code under test."""

from __future__ import annotations

import re
from collections.abc import Callable

from mirror_pipeline.adapters.llm_extractor import Reply
from mirror_pipeline.core.llm_extraction import ProposedCandidates

_MESSAGE = re.compile(
    r'<message n="(?P<n>\d+)" speaker="(?P<speaker>[^"]*)" said="(?P<said>[^"]*)">\n(?P<text>.*?)\n</message>', re.S
)


class FakeModel:
    """A model that answers each message of a batch with `answer(text)` (a list of candidate dicts without
    `message`), and records what it was sent."""

    def __init__(self, answer: Callable[[str], list[dict]], prompt_tokens: int = 100, completion_tokens: int = 20):
        self.answer = answer
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens
        self.sent: list[list[dict[str, str]]] = []  # one item per call: the messages of the batch

    def complete(self, messages: list[dict[str, str]]) -> Reply:
        batch = [m.groupdict() for m in _MESSAGE.finditer(messages[-1]["content"])]
        self.sent.append(batch)
        proposed = [{**c, "message": int(m["n"])} for m in batch for c in self.answer(m["text"])]
        return Reply(
            ProposedCandidates.model_validate({"candidates": proposed}),
            self.prompt_tokens,
            self.completion_tokens,
            0.001,
        )


def lives_in_answer(text: str) -> list[dict]:
    """What a decent model says of 'I live in X' / '我住在X' (quoting the message), and nothing otherwise."""
    found = re.search(r"I live in (?P<obj>[A-Z][a-z]+)|我(?:现在)?住在(?P<zh>[\u4e00-\u9fff]{2})", text)
    if not found:
        return []
    obj = found.group("obj") or found.group("zh")
    return [
        {
            "memory_type": "fact",
            "subject": "user",
            "predicate": "lives_in",
            "object": obj,
            "content_text": f"The user lives in {obj}",
            "confidence": 0.9,
            "quote": found.group(0),
            "time_expression": None,
        }
    ]
