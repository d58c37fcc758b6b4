"""Governance (sections 10 and 11): candidates become versioned memories under a write policy.

Memory state is a pure function of the candidates (and, later, the person's decisions): re-running governance on the
same input gives the same memories, the same versions and the same issues.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, tzinfo

from mirror_pipeline.core.entities import canonical
from mirror_pipeline.core.model import (
    IssuePriority,
    IssueStatus,
    IssueType,
    MemoryCandidate,
    MemoryIssue,
    MemoryObject,
    MemoryState,
    MemoryType,
    SecretReference,
    Sensitivity,
    TimePrecision,
)
from mirror_pipeline.core.states import walk
from mirror_pipeline.core.text import stable_id
from mirror_pipeline.core.timeexpr import find_times, resolve_anchored

# A person lives in one place and (for this first policy) works at one place at a time: a new value is a new version.
SINGLE_VALUED = frozenset({"lives_in", "works_at"})
AUTO_CONFIRM_PREDICATES = frozenset({"lives_in"})


@dataclass(frozen=True)
class Extracted:
    """A candidate with the time the system first extracted it (system time, section 13.1)."""

    candidate: MemoryCandidate
    extracted_at: datetime


@dataclass(frozen=True)
class WriteDecision:
    state: MemoryState
    priority: IssuePriority | None
    reason: str


def write_policy(
    memory_type: MemoryType, predicate: str, sensitivity: Sensitivity, confidence: float, support: int
) -> WriteDecision:
    """Section 10.2: class A is confirmed automatically, B waits for the person, C must be confirmed by the person.

    An emotion snapshot is a record of what the person said they felt on a day (P4): kept as said, never asked
    about and never a fact."""
    if memory_type is MemoryType.EMOTION:
        return WriteDecision(MemoryState.CONFIRMED, None, "a dated state, kept as said (not a fact)")
    if sensitivity in (Sensitivity.HIGH, Sensitivity.RESTRICTED) or confidence < 0.7:
        return WriteDecision(MemoryState.PENDING_REVIEW, IssuePriority.HIGH, "class C: sensitive or uncertain")
    if memory_type is MemoryType.FACT and predicate in AUTO_CONFIRM_PREDICATES and confidence >= 0.85:
        return WriteDecision(MemoryState.CONFIRMED, None, "class A: explicit, low-risk statement")
    if memory_type is MemoryType.PREFERENCE and (confidence >= 0.85 or support >= 2):
        return WriteDecision(MemoryState.CONFIRMED, None, "class A: explicit or repeated preference")
    return WriteDecision(MemoryState.PENDING_REVIEW, IssuePriority.MEDIUM, "class B: valuable, wants confirmation")


def slot_key(c: MemoryCandidate) -> tuple[str, ...]:
    if c.memory_type is MemoryType.EMOTION:
        # one snapshot per feeling and day: a state at a time never supersedes or merges into another day's
        return (c.subject, str(c.memory_type), c.predicate, canonical(c.object), c.valid_time_start or "")
    if c.predicate in SINGLE_VALUED:
        return (c.subject, c.predicate)
    return (c.subject, c.predicate, canonical(c.object))


@dataclass(frozen=True)
class Governed:
    versions: list[MemoryObject]  # every version, current ones included
    current: list[MemoryObject]
    issues: list[MemoryIssue]
    labels: dict[str, tuple[str, ...]]  # version_id -> labels shown to agents


def _local_day(moment: datetime | None, tz: tzinfo) -> str | None:
    return moment.astimezone(tz).date().isoformat() if moment else None


def _order(tz: tzinfo):
    """Versions follow when things were true (the valid time said), else when they were said (the person's calendar
    day); within one message, the order of the words; the candidate id only makes the order total."""

    def key(e: Extracted) -> tuple:
        c = e.candidate
        effective = c.valid_time_start or _local_day(c.mention_time, tz) or _local_day(e.extracted_at, tz)
        return (effective, c.mention_time or e.extracted_at, c.evidence_id, c.span_start, c.candidate_id)

    return key


def _runs(items: list[Extracted]) -> list[list[Extracted]]:
    """Consecutive candidates with the same object form one version."""
    runs: list[list[Extracted]] = []
    for item in items:
        if runs and canonical(runs[-1][-1].candidate.object) == canonical(item.candidate.object):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def _version(memory_id: str, version: int, run: list[Extracted], supersedes: str | None) -> MemoryObject:
    best = max(run, key=lambda e: (e.candidate.confidence, e.candidate.valid_time_start is not None))
    c = best.candidate
    evidence = tuple(dict.fromkeys(e.candidate.evidence_id for e in run))
    decision = write_policy(c.memory_type, c.predicate, c.sensitivity, c.confidence, len(evidence))
    timed = next((e.candidate for e in run if e.candidate.valid_time_start), None)
    said = [e.candidate for e in run if e.candidate.time_expression]
    return MemoryObject(
        memory_id=memory_id,
        memory_type=c.memory_type,
        state=walk(MemoryState.CAPTURED, MemoryState.EXTRACTED, MemoryState.INFERRED, decision.state),
        subject=c.subject,
        predicate=c.predicate,
        object=c.object,
        content_text=c.content_text,
        confidence=max(e.candidate.confidence for e in run),
        importance=max(e.candidate.importance for e in run),
        sensitivity=c.sensitivity,
        scope=c.scope,
        source_type=c.source_type,
        evidence_ids=evidence,
        created_at=min(e.extracted_at for e in run),
        updated_at=max(e.extracted_at for e in run),
        valid_time_start=timed.valid_time_start if timed else None,
        valid_time_end=timed.valid_time_end if timed else None,
        time_precision=timed.time_precision if timed else c.time_precision,
        # an unresolved time keeps its words ("疫情后不久"): said, not invented
        time_expression=timed.time_expression if timed else (said[0].time_expression if said else None),
        version=version,
        supersedes=supersedes,
    )


# Which events of the person's own timeline date an anchored time ("孩子出生前几个月", "after I graduated")
ANCHOR_EVENTS = {"child_born": "child_born", "graduated_from": "graduation", "married": "marriage"}


def known_anchor_events(extracted: Sequence[Extracted]) -> dict[str, tuple[date, date]]:
    """The interval of each anchor event the timeline knows: the earliest dated event of that kind."""
    known: dict[str, tuple[date, date]] = {}
    for e in extracted:
        c = e.candidate
        anchor = ANCHOR_EVENTS.get(c.predicate)
        if c.memory_type is not MemoryType.EVENT or anchor is None or not c.valid_time_start:
            continue
        interval = (date.fromisoformat(c.valid_time_start), date.fromisoformat(c.valid_time_end or c.valid_time_start))
        if anchor not in known or interval < known[anchor]:
            known[anchor] = interval
    return known


def resolve_event_anchors(extracted: Sequence[Extracted]) -> list[Extracted]:
    """Times said relative to an event ("孩子出生前几个月我换了工作") get a rough interval once that event is on the
    timeline; until then they stay unresolved, with their words kept. Pure: the same candidates give the same result."""
    known = known_anchor_events(extracted)
    out = []
    for e in extracted:
        c = e.candidate
        if known and c.time_expression and not c.valid_time_start and not c.valid_time_end:
            mentions = [t for t in find_times(c.time_expression, None) if t.anchor]
            resolved = resolve_anchored(mentions[0], known) if mentions else None
            if resolved is not None and resolved.resolved:
                end = resolved.end_iso if c.memory_type is MemoryType.EVENT else None
                c = replace(
                    c, valid_time_start=resolved.start_iso, valid_time_end=end, time_precision=TimePrecision.ROUGH
                )
                e = replace(e, candidate=c)
        out.append(e)
    return out


def _mention_day(run: list[Extracted], tz: tzinfo) -> str | None:
    times = [e.candidate.mention_time for e in run if e.candidate.mention_time]
    return _local_day(max(times), tz) if times else None


def govern(extracted: Sequence[Extracted], tz: tzinfo = UTC) -> Governed:
    """All memories, their versions and the issues they raise, from the candidates. `tz` is the person's timezone:
    "said the same day" and the end of a superseded version are days of the person's calendar."""
    slots: dict[tuple[str, ...], list[Extracted]] = defaultdict(list)
    for e in resolve_event_anchors(extracted):
        slots[slot_key(e.candidate)].append(e)

    versions: list[MemoryObject] = []
    current: list[MemoryObject] = []
    issues: list[MemoryIssue] = []
    labels: dict[str, tuple[str, ...]] = {}
    for key in sorted(slots):
        memory_id = stable_id("mem", *key)
        ordered = sorted(slots[key], key=_order(tz))
        runs = _runs(ordered) if key[1] in SINGLE_VALUED else [ordered]
        chain: list[MemoryObject] = []
        for number, run in enumerate(runs, start=1):
            chain.append(_version(memory_id, number, run, chain[-1].version_id if chain else None))
        # two different values said the same day, with nothing saying which came later: ask, do not guess
        conflict = (
            len(runs) >= 2
            and _mention_day(runs[-1], tz) == _mention_day(runs[-2], tz)
            and not chain[-1].valid_time_start
        )
        # older versions are superseded; each ends where the next one begins (when that is known)
        for i in range(len(chain) - (2 if conflict else 1)):
            nxt = chain[i + 1]
            end = chain[i].valid_time_end or nxt.valid_time_start or _mention_day(runs[i + 1], tz)
            chain[i] = replace(chain[i], state=walk(chain[i].state, MemoryState.SUPERSEDED), valid_time_end=end)
        if conflict:
            for i in (-2, -1):
                chain[i] = replace(chain[i], state=walk(chain[i].state, MemoryState.CONFLICTED))
            issues.append(_conflict_issue(chain[-2], chain[-1]))
        head = chain[-1]
        versions.extend(chain)
        current.append(head)
        if head.state is MemoryState.PENDING_REVIEW:
            issues.append(_confirmation_issue(head))
    for memory in versions:
        labels[memory.version_id] = memory_labels(memory)
    return Governed(versions, current, issues, labels)


def memory_labels(memory: MemoryObject) -> tuple[str, ...]:
    """What an agent must know before it relies on a memory."""
    labels = [str(memory.state)]
    if memory.state is MemoryState.CONFIRMED and memory.last_confirmed_at is None:
        labels.append("auto-confirmed")
    if memory.state is MemoryState.PENDING_REVIEW:
        labels.append("unconfirmed")
    if memory.memory_type is MemoryType.OPINION:
        labels.append("opinion")
    if memory.memory_type is MemoryType.EMOTION:
        labels.append(f"emotion snapshot of {memory.valid_time_start or 'an unknown day'}, not a fact")
    if memory.confidence < 0.7:
        labels.append("uncertain")
    if memory.sensitivity in (Sensitivity.HIGH, Sensitivity.RESTRICTED):
        labels.append("sensitive")
    return tuple(labels)


def _confirmation_issue(memory: MemoryObject) -> MemoryIssue:
    decision = write_policy(
        memory.memory_type, memory.predicate, memory.sensitivity, memory.confidence, len(memory.evidence_ids)
    )
    return MemoryIssue(
        issue_id=stable_id("iss", memory.version_id, IssueType.CONFIRMATION_NEEDED),
        issue_type=IssueType.CONFIRMATION_NEEDED,
        priority=decision.priority or IssuePriority.MEDIUM,
        status=IssueStatus.OPEN,
        memory_ids=(memory.memory_id,),
        question=f"Is this right? “{memory.content_text}” ({decision.reason})",
        options=("confirm", "reject", "edit", "later"),
        evidence_ids=memory.evidence_ids,
        created_at=memory.created_at,
    )


def _conflict_issue(a: MemoryObject, b: MemoryObject) -> MemoryIssue:
    return MemoryIssue(
        issue_id=stable_id("iss", a.version_id, b.version_id, IssueType.FACT_CONFLICT),
        issue_type=IssueType.FACT_CONFLICT,
        priority=IssuePriority.HIGH,
        status=IssueStatus.OPEN,
        memory_ids=(a.memory_id,),
        question=f"Two versions were said the same day: which is right? 1) {a.content_text} 2) {b.content_text}",
        options=(a.object, b.object, "later"),
        evidence_ids=tuple(dict.fromkeys(a.evidence_ids + b.evidence_ids)),
        created_at=max(a.created_at, b.created_at),
    )


def secret_reference_issues(refs: Sequence[SecretReference]) -> list[MemoryIssue]:
    """Section 10.2 puts every secret reference in the must-confirm class: each one waits for the person, who says
    whether it is what it seems and where the secret is kept (never the secret itself)."""
    return [
        MemoryIssue(
            issue_id=stable_id("iss", ref.secret_ref_id, IssueType.CONFIRMATION_NEEDED),
            issue_type=IssueType.CONFIRMATION_NEEDED,
            priority=IssuePriority.HIGH,
            status=IssueStatus.OPEN,
            memory_ids=(ref.secret_ref_id,),
            question=(
                f"A {ref.kind.replace('_', ' ')} for “{ref.label}” was found and kept out of your memory. "
                "Is that right, and where is it kept (a password manager, a vault)?"
            ),
            options=("confirm", "reject", "set vault", "later"),
            evidence_ids=(ref.evidence_id,),
            created_at=ref.created_at,
        )
        for ref in refs
        if ref.state is MemoryState.PENDING_REVIEW
    ]
