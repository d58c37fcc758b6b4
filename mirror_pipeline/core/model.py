"""The domain model of sections 5-7 of the specification: memories, evidence, issues and secret references.

Frozen dataclasses and StrEnums only: no I/O, no clock. Timestamps are timezone-aware datetimes supplied by callers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class MemoryType(StrEnum):
    FACT = "fact"
    EVENT = "event"
    OPINION = "opinion"
    PREFERENCE = "preference"
    RELATIONSHIP = "relationship"
    # A dated snapshot of how the user said they felt (P4): a state at a time, never a fact and never promoted to one
    EMOTION = "emotion"
    SECRET_REFERENCE = "secret_reference"


class MemoryState(StrEnum):
    CAPTURED = "captured"
    EXTRACTED = "extracted"
    INFERRED = "inferred"
    PENDING_REVIEW = "pending_review"
    CONFIRMED = "confirmed"
    CONFLICTED = "conflicted"
    STALE = "stale"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"
    DELETED = "deleted"


class Sensitivity(StrEnum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    RESTRICTED = "restricted"


class Scope(StrEnum):
    SESSION = "session"
    CROSS_SESSION = "cross-session"
    LONG_TERM = "long-term"


class SourceType(StrEnum):
    CHAT = "chat"
    USER_FORM = "user_form"
    IMPORT = "import"
    TOOL = "tool"
    EXTERNAL_REFERENCE = "external_reference"


class TimePrecision(StrEnum):
    """How precise a time is: never more precise than what the person said (section 13)."""

    SECOND = "second"
    DAY = "day"
    MONTH = "month"
    SEASON = "season"
    YEAR = "year"
    ROUGH = "rough"
    UNKNOWN = "unknown"


class IssueType(StrEnum):
    TIMELINE_CONFLICT = "timeline_conflict"
    FACT_CONFLICT = "fact_conflict"
    RELATION_CONFLICT = "relation_conflict"
    OPINION_FACT_CONFUSION = "opinion_fact_confusion"
    STALE_VS_RECENT_CONFLICT = "stale_vs_recent_conflict"
    UNCLEAR_REFERENCE = "unclear_reference"
    STALE_MEMORY = "stale_memory"
    AMBIGUOUS_PREFERENCE = "ambiguous_preference"
    # A memory the write policy will not confirm on its own (section 10.2, classes B and C).
    CONFIRMATION_NEEDED = "confirmation_needed"
    # A passage that still looks like a secret after screening: withheld from what agents read (issue 9).
    WITHHELD_TEXT = "withheld_text"


class IssuePriority(StrEnum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    CRITICAL = "critical"


class IssueStatus(StrEnum):
    OPEN = "open"
    WAITING_USER = "waiting_user"
    RESOLVED = "resolved"
    DISMISSED = "dismissed"
    # put off by the person ("later"): not asked again until something new bears on it
    DEFERRED = "deferred"


class Speaker(StrEnum):
    """Who said a piece of evidence; other people are `other:<name>` (see `other_speaker`)."""

    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"


def other_speaker(name: str) -> str:
    return f"other:{name.strip() or 'unknown'}"


class Attribution(StrEnum):
    """How sure we are of who spoke: the format said so, the user's configured names said so, or a guess."""

    FORMAT = "format"
    CONFIG = "config"
    UNSURE = "unsure"


class Language(StrEnum):
    ZH = "zh"
    EN = "en"
    MIXED = "mixed"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Message:
    """One message, paragraph or answer of an imported file, as a parser read it (already redacted)."""

    identity: str  # what makes this message the same message in any later export that contains it
    locator: str
    session_id: str
    actor: str
    attribution: Attribution
    timestamp: datetime | None
    timestamp_precision: TimePrecision
    text: str
    source_type: SourceType
    source_timezone: str | None = None  # the zone the source says it was written in (Day One's `timeZone`), if any


@dataclass(frozen=True)
class Evidence:
    """One screened piece of what the person wrote or was told (section 5.2): a message, a paragraph, an answer."""

    evidence_id: str
    source_type: SourceType
    source_format: str
    file_path: str
    file_hash: str
    locator: str
    session_id: str
    actor: str
    attribution: Attribution
    timestamp: datetime | None
    timestamp_precision: TimePrecision
    raw_content: str
    content_hash: str
    language: Language
    sensitivity: Sensitivity
    secret_ref_ids: tuple[str, ...] = ()
    # the zone the source says it was written in (Day One's `timeZone`); None where the format has none: relative
    # time words are then read on the home's calendar
    source_timezone: str | None = None


@dataclass(frozen=True)
class MemoryCandidate:
    """What an extractor proposes; it becomes a MemoryObject only through governance."""

    candidate_id: str
    memory_type: MemoryType
    subject: str
    predicate: str
    object: str
    content_text: str
    confidence: float
    importance: float
    sensitivity: Sensitivity
    scope: Scope
    speaker: str
    evidence_id: str
    span_start: int
    span_end: int
    mention_time: datetime | None
    valid_time_start: str | None
    valid_time_end: str | None
    time_precision: TimePrecision
    time_expression: str | None
    extractor: str
    extractor_version: str
    source_type: SourceType = SourceType.CHAT
    tags: tuple[str, ...] = ()
    source_timezone: str | None = None  # the evidence's own zone (Day One's `timeZone`): the calendar it was said on


@dataclass(frozen=True)
class MemoryObject:
    """A governed long-term memory, one version of it (section 5.1)."""

    memory_id: str
    memory_type: MemoryType
    state: MemoryState
    subject: str
    predicate: str
    object: str
    content_text: str
    confidence: float
    importance: float
    sensitivity: Sensitivity
    scope: Scope
    source_type: SourceType
    evidence_ids: tuple[str, ...]
    created_at: datetime
    updated_at: datetime
    valid_time_start: str | None = None
    valid_time_end: str | None = None
    time_precision: TimePrecision = TimePrecision.UNKNOWN
    time_expression: str | None = None
    last_confirmed_at: datetime | None = None
    last_accessed_at: datetime | None = None
    access_count: int = 0
    version: int = 1
    supersedes: str | None = None
    tags: tuple[str, ...] = ()
    # who made it true: "auto" (the write policy) or "user" (a decision); None while it is not confirmed
    confirmed_by: str | None = None
    changed_by: str = "extractor"  # who made this version: the extractor, or the person (an edit, a choice)
    decision_id: str | None = None  # the decision that made this version, or confirmed it
    state_path: tuple[str, ...] = ()  # every state this version went through, in order (each move legal by 7.2)

    @property
    def version_id(self) -> str:
        return f"{self.memory_id}@v{self.version}"


@dataclass(frozen=True)
class MemoryIssue:
    """Something the person should settle: a conflict, an ambiguity, a confirmation wanted (section 5.3)."""

    issue_id: str
    issue_type: IssueType
    priority: IssuePriority
    status: IssueStatus
    memory_ids: tuple[str, ...]
    question: str
    options: tuple[str, ...]
    evidence_ids: tuple[str, ...]
    created_at: datetime
    resolved_at: datetime | None = None
    resolution_type: str | None = None
    # what each option does, position for position ("confirm", "pick:<memory>:<value>:<start>", "later"...)
    choices: tuple[str, ...] = ()
    impact: float = 0.0  # for ordering questions: what settling it changes (importance, memories settled)
    language: str = "en"  # the language of the question: the person's own
    evidence_key: str = ""  # what the question rests on ("later" comes back when this changes)


@dataclass(frozen=True)
class SecretReference:
    """That a secret exists and where it is kept: never the secret itself (sections 6.6 and 15)."""

    secret_ref_id: str
    kind: str
    label: str
    subject: str
    evidence_id: str
    created_at: datetime | None
    vault: str = "unrecorded"
    hint: str | None = None
    predicate: str = "credential_stored_in"
    state: MemoryState = MemoryState.PENDING_REVIEW
    content_stored_in_memory_system: bool = False
    tags: tuple[str, ...] = field(default_factory=tuple)
