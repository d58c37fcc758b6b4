"""The lexical index (bm25s over rjieba tokens), rank fusion and the eval metrics."""

from __future__ import annotations

import bm25s
import numpy as np

from mirror_pipeline.core.evaluation import distinct, recall, recall_all, recall_any
from mirror_pipeline.core.retrieval import LexicalIndex, lexical_tokens, ranks, rrf


def test_chinese_is_segmented_into_words_and_their_parts():
    toks = lexical_tokens("我下周回家看妈妈，帮我弹钢琴")
    assert "妈妈" in toks and "钢琴" in toks and "弹钢琴" in toks
    assert "我" not in toks  # a function character carries no topic


def test_english_words_are_lowercased_and_stemmed_without_stop_words():
    assert lexical_tokens("The Hikes we LOVED in Osaka") == lexical_tokens("hiking love osaka")
    assert "the" not in lexical_tokens("The Hikes") and "osaka" in lexical_tokens("OSAKA")


def test_lexical_scores_equal_bm25s_and_unknown_words_are_dropped():
    texts = ["I love hiking in the mountains", "我喜欢弹钢琴", "running every weekend near Osaka", "", "hiking boots"]
    corpus = [lexical_tokens(t) for t in texts]
    index = LexicalIndex.build(corpus)
    query = lexical_tokens("hiking weekend 钢琴 zebra")
    reference = bm25s.BM25()
    reference.index(
        bm25s.tokenization.Tokenized(
            ids=[[index.vocab[t] for t in d] or [len(index.vocab)] for d in corpus],
            vocab={**index.vocab, "\x00": len(index.vocab)},
        ),
        show_progress=False,
    )
    expected = reference.get_scores([index.vocab[t] for t in query if t in index.vocab])
    np.testing.assert_allclose(index.scores(query), expected, rtol=1e-5)
    assert index.scores(lexical_tokens("zebra")).sum() == 0


def test_ranks_leave_documents_without_signal_out_and_rrf_rewards_agreement():
    a = ranks(np.array([0.0, 3.0, 1.0, 2.0]), np.array([False, True, True, True]))
    assert a.tolist() == [0, 1, 3, 2]
    b = ranks(np.array([0.9, 0.1, 0.8, 0.2]))
    fused = rrf([a, b], [1.0, 1.0])
    assert int(np.argmax(fused)) == 2 or int(np.argmax(fused)) == 1
    assert fused[0] < fused[2]  # first in one list only, vs well placed in both


def test_recall_metrics():
    ranked = ["s3", "s1", "s2", "s4"]
    assert recall(["s1", "s9"], ranked, 2) == 0.5
    assert recall_any(["s1", "s9"], ranked, 2) == 1.0
    assert recall_all(["s1", "s9"], ranked, 4) == 0.0
    assert recall_all(["s1", "s2"], ranked, 3) == 1.0
    assert distinct(["a", "b", "a", "c"]) == ["a", "b", "c"]
