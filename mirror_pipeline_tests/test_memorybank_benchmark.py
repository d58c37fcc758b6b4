"""The MemoryBank benchmark's own files (issue 10, session 6): the hand-labelled gold and judged labels are well
formed, split 4 + 4 users per language, and (where the shared data is on this machine) every fact's key words are
in the query it cites; the scorer counts a fact only when a memory on its query holds a key."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "extraction" / "memorybank.py"


@pytest.fixture(scope="module")
def mb() -> ModuleType:
    spec = importlib.util.spec_from_file_location("memorybank_bench", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_gold_is_hand_labelled_facts_of_eight_users_per_language(mb: ModuleType) -> None:
    gold = mb.rows(mb.GOLD)
    assert len(gold) >= 350
    for lang in ("zh", "en"):
        users = {(g["user"], g["split"]) for g in gold if g["lang"] == lang}
        assert len(users) == 8
        assert sum(1 for _, split in users if split == "tuning") == 4
        for g in gold:
            assert g["keys"] and all(k.strip() for k in g["keys"]) and g["fact"] and g["query"] >= 0
    # glosses, not the dialogue: no fact is a copy of a long query
    assert max(len(g["fact"]) for g in gold) <= 90


def test_the_judged_labels_are_three_kinds(mb: ModuleType) -> None:
    labels = mb.rows(mb.JUDGED)
    assert labels and {r["label"] for r in labels} <= {"correct", "wrong", "junk"}
    assert all(len(r["content_hash"]) == 12 and r["lang"] in ("zh", "en") for r in labels)


@pytest.mark.skipif(not (Path("/work/shared/benchmarks/memorybank") / "memory_bank_cn.json").exists(), reason="data")
def test_every_facts_keys_are_in_its_query(mb: ModuleType) -> None:
    for lang in ("zh", "en"):
        text = {q.evidence_id: q.text.lower() for q in mb.queries(mb.DATA, lang)}
        for g in (g for g in mb.rows(mb.GOLD) if g["lang"] == lang):
            said = text[mb.turn_id(lang, g["user"], g["date"], g["query"])]
            assert any(k.lower() in said for k in g["keys"]), g


def test_a_fact_is_captured_only_by_a_memory_on_its_query_holding_a_key(mb: ModuleType) -> None:
    gold = [{"lang": "zh", "split": "tuning", "user": "甲", "date": "2023-04-27", "query": 0, "keys": ["攀岩"]}]
    q = mb.Query("zh", "tuning", "甲", mb.turn_id("zh", "甲", "2023-04-27", 0), "我喜欢攀岩", None)
    on_other_turn = [mb.Memory(mb.turn_id("zh", "甲", "2023-04-27", 1), "preference", "用户喜欢攀岩", "攀岩")]
    without_key = [mb.Memory(q.evidence_id, "preference", "用户喜欢运动", "运动")]
    right = [mb.Memory(q.evidence_id, "preference", "用户喜欢攀岩", "攀岩")]
    assert mb.score("zh", "tuning", [q], on_other_turn, gold)["captured"] == 0
    assert mb.score("zh", "tuning", [q], without_key, gold)["captured"] == 0
    assert mb.score("zh", "tuning", [q], right, gold)["captured"] == 1
    assert json.dumps(mb.score("zh", "tuning", [q], right, gold), ensure_ascii=False)
