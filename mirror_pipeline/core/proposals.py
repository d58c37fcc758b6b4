"""An agent's proposal (`propose_memory` of `mirror mcp`) as a memory candidate the person reviews.

The proposal file is imported as evidence from a tool (`source_type: tool`, said by `tool:<agent>`); the rules never
read a tool's words as the person's own. This turns each proposal into exactly one candidate, its text as the agent
wrote it (in the third person when the agent pasted the person's own "I" / 我: `in_third_person`), with a confidence below what the write policy confirms by itself, so governance puts it in
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
# the person's 我 / 我的 in Chinese ("我们" is the person and others: left as said)
_ZH_SELF = re.compile(r"我(?!们)")
# the person's "my" / "me" in a clause whose subject is someone or something else ("my brother Kai is 31")
_EN_SELF = re.compile(r"\b(?:[Mm]y|me)\b")
_EN_LATE_I = re.compile(r"(?<=\S )I\b(?!')")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


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


def in_third_person(claim: str) -> str:
    """Words in the person's own "I" / 我 — a proposal that pastes the person's sentence ("My locker code is … and I
    swim at …", "我在滨江上班"), the person's edit of a memory ("I moved to Lisbon last spring") — in the words of a
    memory ("The user's locker code is … and the user swims at …", "用户在滨江上班", "The user moved to Lisbon last
    spring"): served as written, an agent would read its "I" as itself. Each clause whose subject is the person is
    reworded as the extractor rewords the person's own, keeping every time phrase (these words have no resolved time
    of their own to stand for it); a clause about the person's own thing ("my brother Kai is 31") names it as the
    user's; other clauses, and a claim already about "the user" or someone else, are left as written."""
    from mirror_pipeline.core.extraction import clauses, rewrite
    from mirror_pipeline.core.extraction.clauses import Subject
    from mirror_pipeline.core.text import CJK_CHAR

    if CJK_CHAR.search(claim):
        return _ZH_SELF.sub("用户", claim)
    out = []
    for sentence in _SENTENCE_END.split(claim):  # the clauses are read a sentence at a time
        said, done = [], 0
        for clause in clauses.read(sentence):
            body = clause.text(sentence)
            late = _EN_LATE_I.search(body)  # "Until last autumn I rented…": the person after a lead
            lead, body = (body[: late.start()], body[late.start() :]) if late else ("", body)
            subject = Subject.FIRST if late else clause.subject
            if subject in (Subject.FIRST, Subject.POSSESSIVE) or _EN_SELF.search(body):
                stop = body[len(body.rstrip(".!?")) :]  # the rewording drops the sentence's stop: kept
                mine = subject in (Subject.FIRST, Subject.POSSESSIVE)
                body = rewrite.english(body, subject if mine else Subject.OBJECT, keep_times=True) + stop
                if clause.body_start > 0 or lead:  # "… and the user swims"
                    body = body[:1].lower() + body[1:]
            body = lead + body
            said.append(sentence[done : clause.body_start] + body)
            done = clause.end
        out.append("".join(said) + sentence[done:])
    return " ".join(out)


def proposal_candidates(evidence: Iterable[Evidence], extractor_version: str) -> list[MemoryCandidate]:
    """One candidate per proposal among `evidence` (other evidence gives none), under the version of the run's
    extractor (a new extractor version re-reads the evidence, proposals included)."""
    # the extraction package compiles its rules at import: a read that only needs the label must not pay for it
    from mirror_pipeline.core.extraction.candidate import from_evidence

    out = []
    for e in evidence:
        kind = proposal_of(e)
        claim = in_third_person(e.raw_content.strip())
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
