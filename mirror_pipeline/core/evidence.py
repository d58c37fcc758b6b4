"""From a parsed message to screened evidence and the secret references it mentions (sections 5.2, 9.1, 9.2)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from mirror_pipeline.core.model import Evidence, Language, Message, SecretReference, Sensitivity
from mirror_pipeline.core.quarantine import flagged_values
from mirror_pipeline.core.questionnaire import answer_sensitivity
from mirror_pipeline.core.screening import placeholders_in, redact
from mirror_pipeline.core.screening.hints import derived_hint
from mirror_pipeline.core.text import content_hash, detect_language, stable_id

_HAN = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class ScreenedMessage:
    evidence: Evidence
    secret_references: tuple[SecretReference, ...]
    # screening changed the text: what it wrote has not been screened yet (a text it left as it was, it has)
    rewritten: bool = True


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
            hint=derived_hint(span.label, chinese=bool(_HAN.search(text))),
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
        source_timezone=message.source_timezone,
    )
    return ScreenedMessage(evidence, refs, rewritten=text != message.text)


@dataclass(frozen=True)
class Quarantined:
    """A batch after the tripwire: the evidence whose screened text still looks like a secret is kept without its
    text (the inbox copy still has it; the person is asked to look at it), and a reference whose label would say
    too much is labelled by its kind."""

    screened: tuple[ScreenedMessage, ...]
    withheld: tuple[str, ...]  # evidence ids stored without their text
    relabelled: int


def recheck(batch: Sequence[ScreenedMessage]) -> Quarantined:
    """Screen what screening wrote once more (the rules, on each text alone): a value still found is never stored,
    and the run goes on (issue 9). Only what screening rewrote, and the labels: a text it left as it was, the same
    rules have just read and found nothing in."""
    texts = [s.evidence.raw_content for s in batch if s.rewritten]
    labels = [t for s in batch for r in s.secret_references for t in (r.label, r.subject, r.hint or "")]
    flagged = flagged_values([*texts, *labels])
    if not flagged:
        return Quarantined(tuple(batch), (), 0)
    out: list[ScreenedMessage] = []
    withheld: list[str] = []
    relabelled = 0
    for s in batch:
        evidence, refs = s.evidence, s.secret_references
        if s.rewritten and evidence.raw_content in flagged:
            withheld.append(evidence.evidence_id)
            evidence = replace(
                evidence,
                raw_content="",
                content_hash=content_hash(""),
                language=Language.UNKNOWN,
                sensitivity=Sensitivity.RESTRICTED,
            )
        if any(t in flagged for r in refs for t in (r.label, r.subject, r.hint or "")):
            kind_words = [r.kind.replace("_", " ") for r in refs]
            refs = tuple(
                replace(r, label=k, subject=k, hint=None)
                if any(t in flagged for t in (r.label, r.subject, r.hint or ""))
                else r
                for r, k in zip(refs, kind_words, strict=True)
            )
            relabelled += sum(1 for a, b in zip(refs, s.secret_references, strict=True) if a is not b)
        out.append(ScreenedMessage(evidence, refs, s.rewritten))
    return Quarantined(tuple(out), tuple(withheld), relabelled)
