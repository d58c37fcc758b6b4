"""An agent's proposal (`propose_memory` of `mirror mcp`) as a memory candidate the person reviews.

The proposal file is imported as evidence from a tool (`source_type: tool`, said by `tool:<agent>`); the rules never
read a tool's words as the person's own. This turns each proposal into exactly one candidate, its text as the agent
wrote it, with a confidence below what the write policy confirms by itself, so governance puts it in
`pending_review` with a question for the person; `governance` refuses to auto-confirm anything from a tool whatever
the policy says, and the served memory is labelled as proposed by an agent.

Pure: evidence in, candidates out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mirror_pipeline.core.model import Evidence, MemoryCandidate, MemoryType, SourceType

EXTRACTOR = "agent_proposal"
PREDICATE = "proposed_by_agent"
PROPOSED_LABEL = "proposed by an agent"
# what an agent says about the person is a claim at second hand: never enough to confirm by itself
CONFIDENCE = 0.5
TYPES = (MemoryType.FACT, MemoryType.PREFERENCE, MemoryType.RELATIONSHIP, MemoryType.EVENT, MemoryType.OPINION)

_LOCATOR = re.compile(r"^proposal \((?P<type>[a-z_]+): ?(?P<reason>.*)\)$", re.S)


def locator(memory_type: str, reason: str) -> str:
    """The evidence locator of a proposal: its memory type and the agent's reason (read back by `proposal_of`)."""
    return f"proposal ({memory_type or 'fact'}: {reason[:80]})"


def proposal_of(evidence: Evidence) -> MemoryType | None:
    """The memory type an agent proposed, when this evidence is a proposal (None: anything else)."""
    if evidence.source_type is not SourceType.TOOL or not evidence.actor.startswith("tool:"):
        return None
    m = _LOCATOR.match(evidence.locator or "")
    if not m:
        return None
    try:
        kind = MemoryType(m.group("type"))
    except ValueError:
        return MemoryType.FACT
    return kind if kind in TYPES else MemoryType.FACT


def proposal_candidates(evidence: Iterable[Evidence], extractor_version: str) -> list[MemoryCandidate]:
    """One candidate per proposal among `evidence` (other evidence gives none), under the version of the run's
    extractor (a new extractor version re-reads the evidence, proposals included)."""
    # the extraction package compiles its rules at import: a read that only needs the label must not pay for it
    from mirror_pipeline.core.extraction.candidate import from_evidence

    out = []
    for e in evidence:
        kind = proposal_of(e)
        claim = e.raw_content.strip()
        if kind is None or not claim:
            continue
        out.append(
            from_evidence(
                e,
                key=(PREDICATE, e.actor),
                memory_type=kind,
                subject="user",
                predicate=PREDICATE,
                object=claim,
                content_text=claim,
                confidence=CONFIDENCE,
                importance=0.5,
                sensitivity=e.sensitivity,
                span=(0, len(e.raw_content)),
                extractor=EXTRACTOR,
                extractor_version=extractor_version,
                tags=(f"proposed_by:{e.actor.removeprefix('tool:')}",),
            )
        )
    return out
