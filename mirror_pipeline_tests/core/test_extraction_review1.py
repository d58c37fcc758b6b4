"""REVIEW-1 items 6, 9 and 11: what is read, by how a clause is built (lines not in review1.jsonl's wording)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mirror_pipeline.core.extraction import extract

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "extraction"))
from run import evidence_of  # noqa: E402


def _found(text: str) -> list[tuple[str, str, str]]:
    row = {"id": "t", "speaker": "user", "mention_time": "2026-09-01T12:00:00+08:00", "text": text}
    return [(c.memory_type.value, c.predicate, c.content_text) for c in extract(evidence_of(row))]


@pytest.mark.parametrize(
    "text",
    [
        "中通的单号 ZT7730019823456，后天到。",
        "升级到 2.17.3 了，commit 7be09fa2，工单 OPS-3391。",
        "Merged PR #5120 into main, release 9.4.1.",
        "我每天晚上都吃一次。",  # what is eaten was said elsewhere
    ],
)
def test_a_record_line_or_a_verb_without_its_object_is_no_memory(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "kind", "predicate"),
    [
        ("我不喝咖啡，也不太能吃甜的。", "preference", "avoids"),
        ("I don't drink alcohol.", "preference", "avoids"),
        ("哥哥在苏州工作，表姐李娜在悉尼。", "relationship", "cousin"),
        ("哥哥在苏州工作，表姐李娜在悉尼。", "fact", "family_in"),
        ("My grandparents are in Harbin.", "fact", "family_in"),
        ("一个人在外地，有点想家。", "emotion", "feels"),
        ("Kind of anxious today.", "emotion", "feels"),
        ("以前在广州住过三年。", "fact", "past:residence"),  # a state that held then and no longer does
        ("我从上个月起在一家券商做数据分析师", "fact", "state:work"),
    ],
)
def test_what_the_review_missed_is_read(text: str, kind: str, predicate: str) -> None:
    assert any(k == kind and p == predicate for k, p, _ in _found(text)), _found(text)


def test_a_role_in_a_field_of_study_is_work_not_school() -> None:
    found = _found("我明年起在一家医院做深度学习研究员")
    assert found and all("education" not in p for _, p, _ in found), found


def test_moving_things_into_an_app_is_no_move() -> None:
    assert _found("Finally moved all my passwords into 1Password.") == []
