"""Archiving by the person's word (12.3): proposed by the monthly review, answered with archive / keep, applied on the
next run; an archived memory stays served (state archived), out of the default context, found by search, labelled in
its own language; said again, it comes back."""

from datetime import timedelta

import polars as pl

from mirror_pipeline.contracts.tables import MEMORY_VERSIONS
from mirror_pipeline.core.context import Candidate, ContextPolicy, assemble
from mirror_pipeline.core.decisions import Action, new_decision
from mirror_pipeline.core.governance import govern, value_key
from mirror_pipeline.core.lifecycle import apply_archiving, last_kept
from mirror_pipeline.core.model import MemoryState
from mirror_pipeline.core.review import archive_proposals, archive_question
from mirror_pipeline.core.rows import memory_row
from mirror_pipeline.core.serving import served_memories
from mirror_pipeline.core.states import legal_path
from mirror_pipeline_tests.core.test_decisions import T0, story


def _memory(governed, obj: str):
    (m,) = [m for m in governed.current if m.object == obj]
    return m


def test_an_archived_memory_stays_current_and_labelled_and_a_keep_or_a_new_mention_brings_it_back() -> None:
    items, briefs = story(("我喜欢喝乌龙茶。", 0, "ev_1"), ("I prefer quiet cafes.", 1, "ev_2"))
    before = govern(items, evidence=briefs)
    tea, cafe = _memory(before, "喝乌龙茶"), _memory(before, "quiet cafes")
    archive = new_decision(Action.ARCHIVE, tea.memory_id, T0 + timedelta(days=600), object_key=value_key(tea.object))
    archive_en = new_decision(Action.ARCHIVE, cafe.memory_id, T0 + timedelta(days=600))
    decisions = [archive, archive_en]
    after = apply_archiving(govern(items, evidence=briefs, decisions=decisions), decisions, briefs)

    tea_now, cafe_now = _memory(after, "喝乌龙茶"), _memory(after, "quiet cafes")
    assert (tea_now.state, cafe_now.state) == (MemoryState.ARCHIVED, MemoryState.ARCHIVED)
    assert legal_path(tea_now.state_path) and tea_now.state_path[-2:] == (str(tea.state), "archived")
    assert tea_now.decision_id == archive.decision_id and tea_now.version == tea.version  # a move, not a new version
    assert after.labels[tea_now.version_id] == ("archived", "已归档：只作历史保留，不进默认上下文")
    assert after.labels[cafe_now.version_id][1].startswith("archived: kept as history")
    assert {d.decision_id: applied for d, applied, _ in after.outcomes} == {
        archive.decision_id: True,
        archive_en.decision_id: True,
    }
    # its confirmation question goes with it
    assert not [i for i in after.issues if set(i.memory_ids) <= {tea.memory_id, cafe.memory_id}]

    # served (the snapshot keeps it, labelled), never in the default context
    rows = [
        {
            **{k: getattr(m, k) for k in ("memory_id", "memory_type", "content_text", "object", "sensitivity")},
            "doc_id": m.memory_id,
            "text": m.content_text,
            "kind": "memory",
            "state": str(m.state),
            "labels": list(after.labels[m.version_id]),
            "evidence_ids": list(m.evidence_ids),
            "importance": m.importance,
        }
        for m in after.current
    ]
    current = {m.version_id for m in after.current}
    versions = MEMORY_VERSIONS.frame(
        [memory_row(m, is_current=m.version_id in current, labels=after.labels[m.version_id]) for m in after.versions]
    )
    served = served_memories(versions)
    assert {tea.memory_id, cafe.memory_id} <= set(served["memory_id"])
    assert set(served.filter(pl.col("state") == "archived")["memory_id"]) == {tea.memory_id, cafe.memory_id}
    context = assemble(
        "我喜欢喝什么茶",
        [Candidate(r, 1.0, True, True) for r in rows],
        [],
        [],
        ContextPolicy(),
    )
    ids = {i["id"] for slot in context["slots"] for i in slot["items"]}
    assert tea.memory_id not in ids and cafe.memory_id not in ids
    unarchived = [Candidate({**r, "state": "confirmed"}, 1.0, True, True) for r in rows]
    control = assemble("我喜欢喝什么茶", unarchived, [], [], ContextPolicy())
    assert tea.memory_id in {i["id"] for slot in control["slots"] for i in slot["items"]}  # the filter, nothing else

    # keep after archive: back to what it was
    keep = new_decision(Action.KEEP, tea.memory_id, T0 + timedelta(days=601))
    decisions = [archive, keep]
    kept = apply_archiving(govern(items, evidence=briefs, decisions=decisions), decisions, briefs)
    assert _memory(kept, "喝乌龙茶").state is tea.state
    assert last_kept(decisions) == {tea.memory_id: keep.at}

    # said again after the archive: the person is talking about it again, it comes back
    again, more = story(("我喜欢喝乌龙茶。", 0, "ev_1"), ("我喜欢喝乌龙茶。", 700, "ev_3"))
    decisions = [archive]
    back = apply_archiving(govern(again, evidence=more, decisions=decisions), decisions, more)
    assert _memory(back, "喝乌龙茶").state is not MemoryState.ARCHIVED
    ((_, applied, note),) = back.outcomes
    assert not applied and note.startswith("not applied: said again on")


def test_archive_proposals_skip_what_is_archived_or_kept_and_ask_in_the_memorys_language() -> None:
    now = T0 + timedelta(days=800)

    def pref(memory_id: str, state: str, text: str) -> dict:
        return {"memory_id": memory_id, "memory_type": "preference", "state": state, "content_text": text}

    rows = [
        pref("mem_zh", "confirmed", "用户喜欢喝乌龙茶"),
        pref("mem_en", "confirmed", "The user likes jazz"),
        pref("mem_arch", "archived", "You like golf"),
        pref("mem_kept", "confirmed", "You like tennis"),
    ]
    mentioned = {r["memory_id"]: T0 for r in rows}
    kept = {"mem_kept": now - timedelta(days=10)}
    proposals = archive_proposals(rows, now, 540, mentioned, {}, kept)
    assert [p["memory_id"] for p in proposals] == ["mem_zh", "mem_en"]
    assert proposals[0]["last_seen"] == T0
    question, options, lang = archive_question(proposals[0])
    assert lang == "zh" and question.startswith("「你喜欢喝乌龙茶」很久没有提到") and "2026-03-02" in question
    assert options == ("归档", "保留")
    question, options, lang = archive_question(proposals[1])
    assert lang == "en" and question.startswith("“You like jazz” has not come up"), question
    assert options == ("archive", "keep")
