"""Fakes for the remote things (a model), in one place. A fake never stands in for the code under test."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

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


class _OllamaHandler(BaseHTTPRequestHandler):
    answer: Callable[[str], list[dict]] = staticmethod(lambda text: [])
    requests: list[str] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])) or b"{}")
        prompt = body.get("prompt") or "\n".join(m.get("content", "") for m in body.get("messages", []))
        if self.path.endswith(("/api/chat", "/api/generate")):
            self.requests.append(prompt)
        batch = [m.groupdict() for m in _MESSAGE.finditer(prompt)]
        content = json.dumps(
            {"candidates": [{**c, "message": int(m["n"])} for m in batch for c in self.answer(m["text"])]},
            ensure_ascii=False,
        )
        out = {"model": body.get("model", "stub"), "created_at": "2026-01-01T00:00:00Z", "done": True}
        out |= {"prompt_eval_count": 50, "eval_count": 10}
        out |= {"message": {"role": "assistant", "content": content}} if self.path.endswith("/chat") else {}
        out |= {"response": content} if not self.path.endswith("/chat") else {}
        data = json.dumps(out).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def ollama_stub(answer: Callable[[str], list[dict]]) -> Iterator[tuple[str, list[str]]]:
    """A local stand-in for an Ollama server on 127.0.0.1 (no network): each message of a prompt is answered
    with `answer(text)`. Yields the base URL and the prompts it received."""
    handler = type("Handler", (_OllamaHandler,), {"answer": staticmethod(answer), "requests": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", handler.requests
    finally:
        server.shutdown()
        server.server_close()


def sample_answer(text: str) -> list[dict]:
    """lives_in_answer, plus what a model says of the samples' manager and preference (subject written as 我)."""
    out = lives_in_answer(text)
    manager = re.search(r"My manager (?P<name>[A-Z][a-z]+)", text)
    if manager:
        name = manager.group("name")
        out.append(
            {
                "memory_type": "relationship",
                "subject": "user",
                "predicate": "manager",
                "object": name,
                "content_text": f"{name} is the user's manager",
                "confidence": 0.9,
                "quote": manager.group(0),
            }
        )
    likes = re.search(r"我更喜欢用 ?(?P<what>Python)[^。]*", text)
    if likes:
        out.append(
            {
                "memory_type": "preference",
                "subject": "我",
                "predicate": "prefers",
                "object": "Python",
                "content_text": "The user prefers Python for small tools",
                "confidence": 0.9,
                "quote": likes.group(0),
                "sensitivity": "low",
            }
        )
    return out


class FakeEmbedder:
    """A deterministic stand-in for an embedding model (the real one is slow on 2 shared cores): each lexical token
    adds a fixed pseudo-random direction, so texts sharing words are near and others are not. `aliases` maps a
    word to another whose direction it shares, to stand in for what a real model knows (家 ~ family)."""

    def __init__(self, dim: int = 64, aliases: dict[str, str] | None = None) -> None:
        self.dim = dim
        self.model_id = f"fake-{dim}"
        self.aliases = aliases or {}
        self.passages_embedded = 0

    def _vector(self, text: str):
        import hashlib

        import numpy as np

        from mirror_pipeline.core.retrieval import lexical_tokens

        v = np.zeros(self.dim, dtype=np.float32)
        for t in lexical_tokens(text):
            t = self.aliases.get(t, t)
            seed = int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little")
            v += np.random.default_rng(seed).standard_normal(self.dim).astype(np.float32)
        n = float(np.linalg.norm(v))
        return v / n if n else v

    def passages(self, texts):
        import numpy as np

        self.passages_embedded += len(texts)
        return np.stack([self._vector(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def query(self, text):
        return self._vector(text)
