"""REVIEW-6 finding 7: what is left of a line after its secret is taken out ("ProberaumB / ", an empty line) came
first for unrelated Chinese queries at relevance 1.0 with lexical 0: e5 rates a near-empty line close to any query,
and a line of the other language took its dense part as its lexical part."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from mirror_pipeline.core.ranking import Corpus, RankingWeights, content_words, score
from mirror_pipeline_tests.core.test_ranking_questions import _turn

NOW = datetime(2026, 12, 1, tzinfo=UTC)
DIM = 16


def _unit(*parts: tuple[int, float]) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    for axis, value in parts:
        v[axis] = value
    return v / np.linalg.norm(v)


def _corpus():
    # axis 0: the query's topic (a daughter); 1: what near-empty text has in common with every query in e5;
    # 2..: each other line's own topic
    rows = [
        _turn("answer", "我在准备德语考试，我有一个15岁的女儿，在乐队里弹贝斯。", "s1"),
        _turn("zh1", "今天去超市买了很多菜。", "s2"),
        _turn("zh2", "搬家的箱子还没拆完。", "s3"),
        _turn("zh3", "下雨了，不想出门。", "s4"),
        _turn("wifi", "ProberaumB /  ", "s5"),  # "ProberaumB / [secret]": the network's name is left
        _turn("empty", " ", "s6"),  # a seed phrase's line, all of it a placeholder
        _turn("en1", "The mix is due on Friday, the client keeps changing the vocals.", "s7"),
        _turn("en2", "Mia starts tenth grade next week, the teen energy is unreal.", "s8"),  # no word shared
        _turn("en3", "Rehearsal moved to Thursday at the Proberaum.", "s9"),
        _turn("en4", "The bike lock for the courtyard is new.", "s10"),
        _turn("en5", "Coffee with Sophie after the session.", "s11"),
    ]
    vectors = np.stack(
        [
            _unit((0, 0.55), (2, 0.8)),
            _unit((3, 1.0)),
            _unit((4, 1.0)),
            _unit((5, 1.0)),
            _unit((1, 1.0), (0, 0.3)),  # near-empty: close to the query, as e5 has it
            _unit((1, 1.0), (0, 0.3)),
            _unit((6, 1.0)),
            _unit((0, 0.45), (7, 0.9)),  # an English statement of the query's topic
            _unit((8, 1.0)),
            _unit((9, 1.0)),
            _unit((10, 1.0)),
        ]
    )
    return rows, Corpus.build(rows, vectors)


def _ranked(query: str) -> list[tuple[str, dict]]:
    rows, corpus = _corpus()
    qv = _unit((0, 0.6), (1, 0.8))
    return [(rows[s.index]["doc_id"], s.components) for s in score(corpus, query, qv, NOW, RankingWeights(), k=11)]


def test_a_line_with_nothing_left_to_say_is_not_ranked():
    ranked = dict(_ranked("我女儿叫什么"))
    assert "empty" not in ranked
    assert content_words(" ") == [] and content_words("landlord changed it, it's   now") == [
        "landlord",
        "changed",
        "now",
    ]


def test_a_name_left_of_a_removed_secret_gets_no_lexical_share_across_languages():
    ranked = _ranked("我女儿叫什么")
    order = [doc for doc, _ in ranked]
    # the line that answers in the query's own words comes first; the network's name left of the Wi-Fi password
    # matches no word and states nothing in English: it is owed no lexical part
    assert order[0] == "answer"
    parts = dict(ranked)
    top_dense = max(c["dense_contrast"] for c in parts.values())
    answer = parts["answer"]
    # the wifi line has the best dense contrast of all: without a lexical share it scores its dense share only
    assert parts["wifi"]["dense_contrast"] == top_dense
    fused_answer = 0.6 + 0.4 * answer["dense_contrast"] / top_dense
    assert abs(parts["wifi"]["relevance"] - 0.4 / fused_answer) < 0.01
    # an English statement of the topic still takes its dense part as its lexical one (a match across languages)
    assert abs(parts["en2"]["relevance"] - parts["en2"]["dense_contrast"] / top_dense / fused_answer) < 0.01
