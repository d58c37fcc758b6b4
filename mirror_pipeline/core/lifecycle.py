"""What happens to governed memories after governance, by the person's word: archiving (section 12.3).

The monthly review proposes archiving what was neither said, confirmed nor used for a long time; the person answers
`mirror archive ID` or `mirror keep ID` (or in `mirror review`). An archived memory stays current and served with
state `archived` (7.1: "no longer in routine retrieval, history kept"): out of the default context, still found by
search, labelled in the person's language. The latest of archive / keep on a memory holds; a memory said again
after it was archived comes back (the person is talking about it again). Pure: the governed state stays a function
of (candidates, decisions, policy, now).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from mirror_pipeline.core.conflicts import EvidenceBrief, language_of
from mirror_pipeline.core.decisions import ARCHIVE_ACTIONS, Action, Decision, latest_by_target
from mirror_pipeline.core.governance import Governed, value_key
from mirror_pipeline.core.model import Language, MemoryObject, MemoryState
from mirror_pipeline.core.states import walk

ARCHIVED_LABEL = {
    Language.ZH: "已归档：只作历史保留，不进默认上下文",
    Language.EN: "archived: kept as history, not in the default context",
}


def archived_labels(m: MemoryObject) -> tuple[str, ...]:
    """The state code, then its words in the memory's own language."""
    return (str(MemoryState.ARCHIVED), ARCHIVED_LABEL[language_of(m.content_text)])


def _last_said(m: MemoryObject, evidence: dict[str, EvidenceBrief]) -> datetime | None:
    times = [evidence[e].timestamp for e in m.evidence_ids if e in evidence and evidence[e].timestamp is not None]
    return max(times) if times else None


def apply_archiving(
    governed: Governed, decisions: Sequence[Decision], evidence: dict[str, EvidenceBrief] | None = None
) -> Governed:
    """The archive and keep decisions over a governed state: each archived head moves to `archived` (a legal move
    from confirmed, pending, conflicted or stale) and stays current; its open questions go. Outcomes say what each
    decision did."""
    evidence = evidence or {}
    latest = latest_by_target(decisions, ARCHIVE_ACTIONS)
    if not latest:
        return governed
    heads = {m.memory_id: m for m in governed.current}
    moved: dict[str, MemoryObject] = {}
    notes: dict[str, tuple[bool, str]] = {}
    for d in decisions:
        if d.action in ARCHIVE_ACTIONS and latest.get(d.target) is not d:
            notes[d.decision_id] = (True, f"replaced by a later {latest[d.target].action}")
    for memory_id, d in sorted(latest.items()):
        head = heads.get(memory_id)
        if head is None:
            notes[d.decision_id] = (False, "kept: no current memory it applies to (it applies again if it comes back)")
            continue
        if d.action is Action.KEEP:
            notes[d.decision_id] = (True, "kept: not proposed for archiving again until unused for a long time")
            continue
        said = _last_said(head, evidence)
        if d.object_key and d.object_key != value_key(head.object):
            notes[d.decision_id] = (False, "not applied: the memory's value changed since")
        elif said is not None and said > d.at:
            notes[d.decision_id] = (False, f"not applied: said again on {said.date().isoformat()}")
        elif head.state is MemoryState.ARCHIVED:
            notes[d.decision_id] = (True, "archived")
        else:
            path = (*(head.state_path or (str(head.state),)), str(MemoryState.ARCHIVED))
            state = walk(head.state, MemoryState.ARCHIVED)
            moved[memory_id] = replace(head, state=state, state_path=path, decision_id=d.decision_id)
            notes[d.decision_id] = (True, "archived: out of the default context, still found by search")
    if not moved and not notes:
        return governed
    by_version = {m.version_id: m for m in moved.values()}
    versions = [by_version.get(v.version_id, v) if v.memory_id in moved else v for v in governed.versions]
    current = [moved.get(m.memory_id, m) for m in governed.current]
    labels = dict(governed.labels)
    for m in moved.values():
        labels[m.version_id] = archived_labels(m)
    issues = [i for i in governed.issues if not (i.memory_ids and set(i.memory_ids) <= set(moved))]
    outcomes = [
        (d, *notes[d.decision_id]) if d.decision_id in notes else (d, applied, note)
        for d, applied, note in governed.outcomes
    ]
    return replace(governed, versions=versions, current=current, labels=labels, issues=issues, outcomes=outcomes)


def last_kept(decisions: Sequence[Decision]) -> dict[str, datetime]:
    """When the person last said to keep each memory (an archive proposal declined): the proposal's clock restarts."""
    return {t: d.at for t, d in latest_by_target(decisions, frozenset({Action.KEEP})).items()}


# ---- inferred memories (the weekly reflection) ------------------------------------------------------------------

INFERRED = "inferred"
INFERRED_LABEL = {
    Language.ZH: "推断：mi-mirror 从你的记录中归纳出来的，不是你说的原话",
    Language.EN: "inferred: drawn from your records by mi-mirror, not something you said",
}
INFERRED_QUESTION = {
    Language.ZH: (
        "我从你最近的记录里归纳出一条：「{text}」。说得对吗？（依据：{n} 条记录，最近一条 {day}）",
        ("对", "不对", "改一下", "以后再说"),
    ),
    Language.EN: (
        "From your recent records I noticed: “{text}”. Is that right? (based on {n} record(s), the latest on {day})",
        ("yes", "no", "edit", "later"),
    ),
}


def _inferred_labels(m: MemoryObject, lang: Language) -> tuple[str, ...]:
    labels = [str(m.state)]
    if m.state is MemoryState.CONFIRMED:
        labels.append("confirmed by you")
    if m.state is MemoryState.PENDING_REVIEW:
        labels.append("unconfirmed")
    return (*labels, INFERRED, INFERRED_LABEL[lang])


def merge_inferred(
    governed: Governed,
    insights: Sequence[dict],
    decisions: Sequence[Decision],
    known_evidence: set[str] | frozenset[str] | None = None,
) -> Governed:
    """The weekly reflection's insights (rows of `reflections`) as memories: each `inferred`, then waiting for the
    person (never confirmed on its own), with its evidence and a question in the evidence's language. The person's
    decisions apply as to any memory: confirm, reject (kept as history, not served), edit (a new version), forget.
    An insight whose evidence is gone, or drawn from a forgotten memory, is not kept."""
    from mirror_pipeline.core.governance import Effects
    from mirror_pipeline.core.model import (
        IssuePriority,
        IssueStatus,
        IssueType,
        MemoryIssue,
        MemoryType,
        Scope,
        Sensitivity,
        SourceType,
    )
    from mirror_pipeline.core.text import stable_id

    if not insights:
        return governed
    fx = Effects.of(decisions)
    versions, current, issues = list(governed.versions), list(governed.current), list(governed.issues)
    labels, used = dict(governed.labels), dict(fx.used)
    taken = {m.memory_id for m in governed.versions}
    for row in sorted(insights, key=lambda r: r["memory_id"]):
        memory_id = row["memory_id"]
        evidence_ids = tuple(e for e in row["evidence_ids"] if known_evidence is None or e in known_evidence)
        if memory_id in taken or memory_id in fx.forgotten or not evidence_ids:
            continue
        if set(row.get("source_memory_ids") or ()) & set(fx.forgotten):
            continue
        lang = Language.ZH if row.get("language") in ("zh", "mixed") else Language.EN
        path = (MemoryState.CAPTURED, MemoryState.EXTRACTED, MemoryState.INFERRED, MemoryState.PENDING_REVIEW)
        head = MemoryObject(
            memory_id=memory_id,
            memory_type=MemoryType.FACT,
            state=walk(*path),
            subject="user",
            predicate=f"{INFERRED}:{row['kind']}",
            object=row["theme"],
            content_text=row["content_text"],
            confidence=0.5,
            importance=0.3,
            sensitivity=Sensitivity(row.get("sensitivity") or "low"),
            scope=Scope.CROSS_SESSION,
            source_type=SourceType.TOOL,
            evidence_ids=evidence_ids,
            created_at=row["derived_at"],
            updated_at=row["derived_at"],
            tags=(INFERRED, str(row["kind"])),
            changed_by=str(row.get("derived_by") or "rules"),
            state_path=tuple(str(p) for p in path),
        )
        chain = [head]
        rejected = fx.rejected(memory_id, head.object)
        edit = fx.edits.get(memory_id)
        confirmed = fx.confirmed(head)
        if rejected is not None:
            chain = [
                replace(
                    head,
                    state=walk(head.state, MemoryState.ARCHIVED),
                    decision_id=rejected.decision_id,
                    state_path=(*head.state_path, str(MemoryState.ARCHIVED)),
                    tags=(*head.tags, "rejected"),
                )
            ]
            used.setdefault(rejected.decision_id, "rejected")
        elif edit is not None:
            old = replace(head, state=MemoryState.SUPERSEDED, state_path=(*head.state_path, "superseded"))
            new = replace(
                head,
                version=2,
                supersedes=head.version_id,
                content_text=edit.text or head.content_text,
                state=MemoryState.CONFIRMED,
                state_path=(*head.state_path[:3], str(MemoryState.CONFIRMED)),
                confirmed_by="user",
                last_confirmed_at=edit.at,
                changed_by=edit.by,
                decision_id=edit.decision_id,
                updated_at=edit.at,
            )
            chain = [old, new]
            used.setdefault(edit.decision_id, "edited: a new version")
        elif confirmed is not None:
            chain = [
                replace(
                    head,
                    state=walk(head.state, MemoryState.CONFIRMED),
                    confirmed_by="user",
                    last_confirmed_at=confirmed.at,
                    decision_id=confirmed.decision_id,
                    state_path=(*head.state_path, str(MemoryState.CONFIRMED)),
                )
            ]
            used.setdefault(confirmed.decision_id, "confirmed")
        versions.extend(chain)
        top = chain[-1]
        for v in chain:
            labels[v.version_id] = _inferred_labels(v, lang)
        if top.state is MemoryState.ARCHIVED:
            continue
        current.append(top)
        if top.state is not MemoryState.PENDING_REVIEW:
            continue
        template, options = INFERRED_QUESTION[lang]
        last = row.get("last_seen")
        question = template.format(
            text=top.content_text, n=len(evidence_ids), day=last.date().isoformat() if last else "?"
        )
        issue = MemoryIssue(
            issue_id=stable_id("iss", memory_id, IssueType.CONFIRMATION_NEEDED),
            issue_type=IssueType.CONFIRMATION_NEEDED,
            priority=IssuePriority.LOW,
            status=IssueStatus.OPEN,
            memory_ids=(memory_id,),
            question=question,
            options=options,
            evidence_ids=evidence_ids,
            created_at=row["derived_at"],
            choices=("confirm", "reject", "edit", "later"),
            impact=top.importance,
            language=str(lang),
            evidence_key=stable_id("evk", *sorted(evidence_ids)),
        )
        if issue.issue_id in fx.dismissed:
            used.setdefault(fx.dismissed[issue.issue_id].decision_id, "dismissed")
            issue = replace(issue, status=IssueStatus.DISMISSED)
        elif issue.issue_id in fx.deferred:
            key, d = fx.deferred[issue.issue_id]
            if key == issue.evidence_key:
                used.setdefault(d.decision_id, "put off until something new bears on it")
                issue = replace(issue, status=IssueStatus.DEFERRED)
        issues.append(issue)
    outcomes = [
        (d, True, used[d.decision_id]) if not applied and d.decision_id in used else (d, applied, note)
        for d, applied, note in governed.outcomes
    ]
    return replace(governed, versions=versions, current=current, labels=labels, issues=issues, outcomes=outcomes)
