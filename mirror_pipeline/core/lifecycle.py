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
