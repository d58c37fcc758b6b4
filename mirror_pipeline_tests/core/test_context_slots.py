"""A memory is served once, in the slot that fits the task (14.3), and the person's own words obey the rule of a
memory: what a task does not need of their health is not handed over as an excerpt instead."""

from __future__ import annotations

import polars as pl
import pytest

from mirror_pipeline.core.serving import MEMORY_COLUMNS, served_memories, served_search_documents
from mirror_pipeline_tests.core.test_context import NOW, ev, items, mem, memory

RISKS = "Open Constraints / Risks"
DINNERS = [
    "My mom is visiting, what should I cook for dinner?",
    "媽媽來柏林，晚餐要煮什麼？",
    "妈妈来了，晚饭做什么菜？",
]


@pytest.mark.parametrize("task", DINNERS)
def test_an_always_on_allergy_a_dinner_needs_is_served_once_under_risks(task):
    docs = [
        mem("mem_nut", "The user has a peanut allergy", importance=0.9, sensitivity="medium"),
        mem("mem_osaka", "The user lives in Osaka", importance=0.9),
    ]
    result = memory(docs).context(task)
    slots = [s["name"] for s in result["slots"] for i in s["items"] if i["id"] == "mem_nut"]
    assert slots == [RISKS], task
    assert result["text"].count("peanut allergy") == 1
    assert items(result)["mem_osaka"][0] == "Relevant Stable Facts"  # an always-on fact stays a fact


def test_an_always_on_allergy_is_a_fact_to_a_task_that_does_not_need_it():
    docs = [mem("mem_nut", "The user has a peanut allergy", importance=0.9, sensitivity="medium")]
    found = items(memory(docs).context("write my bio for a conference"))
    assert found["mem_nut"][0] != RISKS and not any("bears on" in x for x in found["mem_nut"][1]["labels"])


SURGERY = [
    ev("ev_op", "十月要開刀，醫生說膝蓋要做關節鏡", day=4),
    ev("ev_op_en", "surgery on my knee in October, the doctor wants an arthroscopy", day=6),
    ev("ev_pot", "晚餐想吃火鍋，要煮什麼好", day=5),
]


@pytest.mark.parametrize("task", DINNERS)
def test_an_excerpt_about_a_surgery_is_not_handed_to_a_dinner(task):
    found = items(memory(SURGERY).context(task))
    assert "ev_op" not in found and "ev_op_en" not in found, task


def test_an_excerpt_about_a_surgery_reaches_a_task_that_needs_or_names_it():
    m = memory(SURGERY)
    assert "ev_op" in items(m.context("十月開刀前要準備什麼？"))  # names it
    assert "ev_op_en" in items(m.context("the physio asks about my knee, what do I tell him?"))  # needs health


def _served(memories: dict[str, tuple[str, str, list[str]]], lines: dict[str, str]) -> pl.DataFrame:
    full = pl.DataFrame(
        {
            "memory_id": list(memories),
            "version": [1] * len(memories),
            "is_current": [True] * len(memories),
            "state": ["confirmed"] * len(memories),
            "content_text": [t for t, _, _ in memories.values()],
            "sensitivity": [s for _, s, _ in memories.values()],
            "evidence_ids": [e for _, _, e in memories.values()],
        }
    )
    full = full.with_columns(
        *(pl.lit(None, dtype=pl.String).alias(c) for c in MEMORY_COLUMNS if c not in full.columns)
    ).with_columns(
        pl.lit(0.5).alias("confidence"),
        pl.lit(0.5).alias("importance"),
        pl.lit([], dtype=pl.List(pl.String)).alias("labels"),
        pl.lit("event").alias("memory_type"),
    )
    evidence = pl.DataFrame(
        {
            "evidence_id": list(lines),
            "raw_content": list(lines.values()),
            "actor": ["user"] * len(lines),
            "timestamp": [NOW] * len(lines),
            "source_type": ["diary"] * len(lines),
            "sensitivity": ["low"] * len(lines),
        }
    )
    return served_search_documents(served_memories(full), evidence, full)


def test_a_line_is_as_sensitive_as_the_most_sensitive_memory_made_from_it():
    docs = _served(
        {
            "m_knee": ("The user has a knee operation in October", "high", ["e_knee", "e_both"]),
            "m_trip": ("The user is going to Taipei", "low", ["e_both", "e_trip"]),
            "m_bank": ("The user banks at Mizuho", "restricted", ["e_bank"]),
        },
        {
            "e_knee": "膝盖十月手术",
            "e_both": "十月回台北做手术",
            "e_trip": "回台北",
            "e_bank": "Mizuho",
            "e_alone": "晚餐",
        },
    )
    level = dict(zip(docs["doc_id"].to_list(), docs["sensitivity"].to_list(), strict=True))
    assert level["e_knee"] == level["e_both"] == "high"
    assert level["e_trip"] == "low" and level["e_alone"] == "low"
    assert level["e_bank"] == "restricted"
