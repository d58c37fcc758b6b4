"""A memory an agent proposes (`propose_memory` of `mirror mcp`), as a small inbox file the pipeline imports:

    ---
    mirror_proposal: 1
    proposed_at: 2026-12-01T10:00:00+00:00
    agent: claude-desktop
    memory_type: preference
    reason: the person said so while booking a flight
    ---
    The user prefers aisle seats on long flights.

It enters as evidence from a tool (`source_type: tool`), said by `tool:<agent>`: what an agent says about the person
is a claim to review, never the person's own statement, so it is never confirmed by itself: the run makes it one
candidate (`core/proposals.py`) that governance keeps in `pending_review`, labelled as proposed by an agent.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import yaml

from mirror_pipeline.adapters.parsers.common import RefusedFile
from mirror_pipeline.core.model import Attribution, Message, SourceType, TimePrecision
from mirror_pipeline.core.proposals import locator as proposal_locator

FORMAT = "mirror_proposal"
MAX_TEXT = 2000


def render(text: str, agent: str, memory_type: str, reason: str, at: datetime) -> str:
    meta = {
        "mirror_proposal": 1,
        "proposed_at": at.isoformat(),
        "agent": agent,
        "memory_type": memory_type,
        "reason": reason,
    }
    return "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False) + "---\n" + text.strip() + "\n"


def file_name(text: str, agent: str, at: datetime) -> str:
    # a short number, not a long hex run: a file name must not look like a token to the secret screening
    n = int.from_bytes(hashlib.sha256(f"{agent}\x1f{text}".encode()).digest()[:3], "big")
    return f"proposal {at.strftime('%Y-%m-%d %H.%M.%S')} {n}.md"


def write(inbox: Path, text: str, agent: str, memory_type: str, reason: str, at: datetime) -> Path:
    """Write a proposal into the inbox (atomically: a run never reads half of it)."""
    text = text.strip()
    if not text:
        raise ValueError("an empty proposal")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a proposal is at most {MAX_TEXT} characters")
    folder = inbox / "proposals"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(text, agent, at)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(render(text, agent, memory_type, reason, at), encoding="utf-8")
    tmp.replace(path)
    return path


def parse(name: str, text: str, meta: dict, body: str) -> Iterator[Message]:
    at = meta.get("proposed_at")
    if isinstance(at, str):
        try:
            at = datetime.fromisoformat(at)
        except ValueError:
            raise RefusedFile("proposal with an unreadable 'proposed_at' (ISO 8601 expected)") from None
    if not isinstance(at, datetime):
        raise RefusedFile("proposal without 'proposed_at'")
    claim = body.strip()
    if not claim:
        raise RefusedFile("proposal without text")
    agent = str(meta.get("agent") or "agent")
    yield Message(
        identity=f"proposal:{agent}:{claim}",
        locator=proposal_locator(str(meta.get("memory_type") or "fact"), str(meta.get("reason") or "")),
        session_id=f"proposal:{agent}",
        actor=f"tool:{agent}",
        attribution=Attribution.FORMAT,
        timestamp=at if at.tzinfo else at.replace(tzinfo=UTC),
        timestamp_precision=TimePrecision.SECOND,
        text=claim,
        source_type=SourceType.TOOL,
    )
