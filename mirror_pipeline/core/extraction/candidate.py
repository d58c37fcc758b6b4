"""One constructor for a candidate's evidence-derived fields, shared by the rules and the LLM extractor.

Who said it, which evidence and span it rests on, when it was said, the source's type and how sure the parser was of
the speaker are read from the evidence in one place; an extractor supplies only what it read (type, subject,
predicate, object, content, time, confidence)."""

from __future__ import annotations

from mirror_pipeline.core.model import (
    Attribution,
    Evidence,
    MemoryCandidate,
    MemoryType,
    Scope,
    Sensitivity,
    TimePrecision,
)
from mirror_pipeline.core.text import stable_id

UNSURE_SPEAKER = 0.8  # the parser guessed who spoke: the person confirms before it counts


def from_evidence(
    evidence: Evidence,
    *,
    key: tuple[object, ...],
    memory_type: MemoryType,
    subject: str,
    predicate: str,
    object: str,  # noqa: A002 - the field's name in MemoryCandidate
    content_text: str,
    confidence: float,
    importance: float,
    sensitivity: Sensitivity,
    span: tuple[int, int],
    extractor: str,
    extractor_version: str,
    scope: Scope = Scope.LONG_TERM,
    valid_time_start: str | None = None,
    valid_time_end: str | None = None,
    time_precision: TimePrecision = TimePrecision.UNKNOWN,
    time_expression: str | None = None,
    tags: tuple[str, ...] = (),
    unsure_factor: float = UNSURE_SPEAKER,
) -> MemoryCandidate:
    """A candidate tied to `evidence` and the character `span` it rests on; `key` makes its id (with the evidence,
    the extractor version and the span)."""
    if evidence.attribution is Attribution.UNSURE:
        confidence *= unsure_factor
    return MemoryCandidate(
        candidate_id=stable_id("cand", evidence.evidence_id, extractor_version, *key, span),
        memory_type=memory_type,
        subject=subject,
        predicate=predicate,
        object=object,
        content_text=content_text,
        confidence=round(confidence, 3),
        importance=round(importance, 3),
        sensitivity=sensitivity,
        scope=scope,
        speaker=evidence.actor,
        evidence_id=evidence.evidence_id,
        span_start=span[0],
        span_end=span[1],
        mention_time=evidence.timestamp,
        source_timezone=evidence.source_timezone,
        valid_time_start=valid_time_start,
        valid_time_end=valid_time_end,
        time_precision=time_precision,
        time_expression=time_expression,
        extractor=extractor,
        extractor_version=extractor_version,
        source_type=evidence.source_type,
        tags=tags,
    )
