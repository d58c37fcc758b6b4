"""Conversions between domain objects and table rows (plain dicts of column -> value)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Any

from mirror_pipeline.core.governance import Extracted
from mirror_pipeline.core.model import (
    Attribution,
    Evidence,
    Language,
    MemoryCandidate,
    MemoryIssue,
    MemoryObject,
    MemoryState,
    MemoryType,
    Scope,
    SecretReference,
    Sensitivity,
    SourceType,
    TimePrecision,
)


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def as_row(obj: Any, **extra: Any) -> dict[str, Any]:
    row = {name: _plain(getattr(obj, name)) for name in obj.__dataclass_fields__}
    row.update(extra)
    return row


def candidate_row(candidate: MemoryCandidate, extracted_at: datetime) -> dict[str, Any]:
    row = as_row(candidate, extracted_at=extracted_at)
    row.pop("tags")
    return row


def candidate_from_row(row: dict[str, Any]) -> Extracted:
    fields = {k: row[k] for k in MemoryCandidate.__dataclass_fields__ if k in row}
    fields.update(
        memory_type=MemoryType(row["memory_type"]),
        sensitivity=Sensitivity(row["sensitivity"]),
        scope=Scope(row["scope"]),
        time_precision=TimePrecision(row["time_precision"]),
        source_type=SourceType(row["source_type"]),
    )
    return Extracted(MemoryCandidate(**fields), row["extracted_at"])


def evidence_from_row(row: dict[str, Any]) -> Evidence:
    fields = {k: row[k] for k in Evidence.__dataclass_fields__ if k in row}
    fields.update(
        source_type=SourceType(row["source_type"]),
        attribution=Attribution(row["attribution"]),
        timestamp_precision=TimePrecision(row["timestamp_precision"]),
        language=Language(row["language"]),
        sensitivity=Sensitivity(row["sensitivity"]),
        secret_ref_ids=tuple(row["secret_ref_ids"] or ()),
    )
    return Evidence(**fields)


def memory_row(memory: MemoryObject, *, is_current: bool, labels: tuple[str, ...]) -> dict[str, Any]:
    row = as_row(memory, version_id=memory.version_id, is_current=is_current, labels=list(labels))
    for dropped in ("last_accessed_at", "access_count"):
        row.pop(dropped)
    return row


def secret_reference_row(ref: SecretReference) -> dict[str, Any]:
    row = as_row(ref)
    row.pop("tags")
    return row


def secret_reference_from_row(row: dict[str, Any]) -> SecretReference:
    fields = {k: row[k] for k in SecretReference.__dataclass_fields__ if k in row}
    return SecretReference(**{**fields, "state": MemoryState(row["state"])})


def issue_row(issue: MemoryIssue) -> dict[str, Any]:
    row = as_row(issue)
    for dropped in ("resolved_at", "resolution_type"):
        row.pop(dropped)
    return row


def memory_from_row(row: dict[str, Any]) -> MemoryObject:
    """A stored version back as a MemoryObject (the checks read the table as the pipeline wrote it)."""
    fields = {k: row[k] for k in MemoryObject.__dataclass_fields__ if k in row}
    fields.update(
        memory_type=MemoryType(row["memory_type"]),
        state=MemoryState(row["state"]),
        sensitivity=Sensitivity(row["sensitivity"]),
        scope=Scope(row["scope"]),
        source_type=SourceType(row["source_type"]),
        time_precision=TimePrecision(row["time_precision"]),
        evidence_ids=tuple(row["evidence_ids"] or ()),
        tags=tuple(row.get("tags") or ()),
        state_path=tuple(row.get("state_path") or ()),
    )
    return MemoryObject(**fields)
