"""From a parsed message to screened evidence and the secret references it mentions (sections 5.2, 9.1, 9.2)."""

from __future__ import annotations

from dataclasses import dataclass

from mirror_pipeline.core.hints import derived_hint
from mirror_pipeline.core.model import Evidence, Message, SecretReference, Sensitivity
from mirror_pipeline.core.questionnaire import answer_sensitivity
from mirror_pipeline.core.screening import placeholders_in, redact
from mirror_pipeline.core.text import content_hash, detect_language, stable_id


@dataclass(frozen=True)
class ScreenedMessage:
    evidence: Evidence
    secret_references: tuple[SecretReference, ...]


def screen_message(message: Message, *, source_format: str, file_path: str, file_hash: str) -> ScreenedMessage:
    """Screen once more (a tripwire: the inbox file was screened when it was admitted) and build the evidence row.

    The evidence keeps only placeholders; each placeholder becomes a SecretReference in pending_review, because
    section 10.2 puts every secret reference in the must-confirm class.
    """
    evidence_id = stable_id("ev", message.identity)
    text = redact(message.text, scope=evidence_id).text
    refs = tuple(
        SecretReference(
            secret_ref_id=span.ref_id,
            kind=span.kind,
            label=span.label,
            subject=span.label,
            hint=derived_hint(span.label),
            evidence_id=evidence_id,
            created_at=message.timestamp,
        )
        for span in placeholders_in(text)
    )
    evidence = Evidence(
        evidence_id=evidence_id,
        source_type=message.source_type,
        source_format=source_format,
        file_path=file_path,
        file_hash=file_hash,
        locator=message.locator,
        session_id=message.session_id,
        actor=message.actor,
        attribution=message.attribution,
        timestamp=message.timestamp,
        timestamp_precision=message.timestamp_precision,
        raw_content=text,
        content_hash=content_hash(text),
        language=detect_language(text),
        # an answer to the health question is high sensitivity whatever its words (core/questionnaire.py)
        sensitivity=Sensitivity.RESTRICTED if refs else answer_sensitivity(message.session_id),
        secret_ref_ids=tuple(r.secret_ref_id for r in refs),
    )
    return ScreenedMessage(evidence, refs)
