from dataclasses import FrozenInstanceError, fields
from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.model import (
    IssuePriority,
    IssueStatus,
    IssueType,
    MemoryObject,
    MemoryState,
    MemoryType,
    Scope,
    SecretReference,
    Sensitivity,
    SourceType,
)

NOW = datetime(2026, 3, 18, 12, tzinfo=UTC)
# Section 5.1 of the specification: every field a MemoryObject carries.
SPEC_FIELDS = {
    "memory_id",
    "memory_type",
    "state",
    "subject",
    "predicate",
    "object",
    "content_text",
    "confidence",
    "importance",
    "sensitivity",
    "scope",
    "source_type",
    "evidence_ids",
    "created_at",
    "updated_at",
    "valid_time_start",
    "valid_time_end",
    "last_confirmed_at",
    "last_accessed_at",
    "access_count",
    "version",
    "supersedes",
    "tags",
}


def test_memory_object_has_every_field_of_the_specification() -> None:
    assert {f.name for f in fields(MemoryObject)} >= SPEC_FIELDS


def test_enumerations_carry_the_specification_values() -> None:
    assert {t.value for t in MemoryType} == {
        "fact",
        "event",
        "opinion",
        "preference",
        "relationship",
        "secret_reference",
        "emotion",  # P4: emotion snapshots are kept apart from facts, as a type of their own
    }
    assert [s.value for s in MemoryState] == [
        "captured",
        "extracted",
        "inferred",
        "pending_review",
        "confirmed",
        "conflicted",
        "stale",
        "superseded",
        "archived",
        "deleted",
    ]
    assert {s.value for s in Sensitivity} == {"low", "medium", "high", "restricted"}
    assert {s.value for s in Scope} == {"session", "cross-session", "long-term"}
    assert {s.value for s in SourceType} == {"chat", "user_form", "import", "tool", "external_reference"}
    assert {"timeline_conflict", "fact_conflict", "unclear_reference", "stale_memory", "ambiguous_preference"} <= {
        t.value for t in IssueType
    }
    assert {p.value for p in IssuePriority} == {"low", "medium", "high", "critical"}
    # "deferred": the person answered "later" (comes back when something new bears on it)
    assert {s.value for s in IssueStatus} == {"open", "waiting_user", "resolved", "dismissed", "deferred"}


def test_memory_objects_are_immutable_and_versioned() -> None:
    memory = MemoryObject(
        memory_id="mem_1",
        memory_type=MemoryType.FACT,
        state=MemoryState.CONFIRMED,
        subject="user",
        predicate="lives_in",
        object="Tokyo",
        content_text="The user lives in Tokyo",
        confidence=0.9,
        importance=0.8,
        sensitivity=Sensitivity.MEDIUM,
        scope=Scope.LONG_TERM,
        source_type=SourceType.CHAT,
        evidence_ids=("ev_1",),
        created_at=NOW,
        updated_at=NOW,
        version=2,
        supersedes="mem_1@v1",
    )
    assert memory.version_id == "mem_1@v2"
    with pytest.raises(FrozenInstanceError):
        memory.state = MemoryState.DELETED  # type: ignore[misc]


def test_a_secret_reference_never_holds_content_and_waits_for_the_person() -> None:
    ref = SecretReference(
        secret_ref_id="sec_1",
        kind="password",
        label="home wifi",
        subject="home wifi",
        evidence_id="ev_1",
        created_at=NOW,
    )
    assert ref.content_stored_in_memory_system is False
    assert ref.state is MemoryState.PENDING_REVIEW
    assert not any(f.name in {"value", "secret", "content"} for f in fields(SecretReference))
