"""The lexical index (bm25s over rjieba tokens), rank fusion and the eval metrics."""

from __future__ import annotations

import bm25s
import numpy as np

from mirror_pipeline.core.evaluation import distinct, recall, recall_all, recall_any
from mirror_pipeline.core.retrieval import LexicalIndex, lexical_tokens, ranks, rrf


def test_chinese_is_segmented_into_words_and_their_parts():
    # 妈妈 is the kin term its words share (KIN_TERMS)
    toks = lexical_tokens("我下周回家看妈妈，帮我弹钢琴")
    assert "kin:mother" in toks and "钢琴" in toks and "弹钢琴" in toks
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


# ---- hybrid ranking: neighbours, named speakers, languages, the dense floor, sessions ----------------------------

from datetime import UTC, datetime  # noqa: E402

import pyarrow as pa  # noqa: E402

from mirror_pipeline.core.evaluation import rank_sessions  # noqa: E402
from mirror_pipeline.core.ranking import (  # noqa: E402
    Corpus,
    Method,
    RankingWeights,
    conversation_of_table,
    dense_floor,
    score,
)
from mirror_pipeline.core.retrieval import document_text, named_speaker  # noqa: E402
from mirror_pipeline_tests.fakes import FakeEmbedder  # noqa: E402

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _turn(doc_id, text, session, speaker_name=None, when=None):
    return {
        "doc_id": doc_id,
        "kind": "evidence",
        "text": text,
        "speaker": "user",
        "speaker_name": speaker_name,
        "state": "evidence",
        "evidence_ids": [doc_id],
        "timestamp": when,
        "session_id": session,
    }


def _ranked(rows, query, weights=None, method=Method.HYBRID, embedder=None):
    e = embedder or FakeEmbedder()
    corpus = Corpus.build(rows, e.passages([r["text"] for r in rows]))
    return [
        rows[s.index]["doc_id"]
        for s in score(corpus, query, e.query(query), NOW, weights or RankingWeights(), method, 10)
    ]


def test_a_line_is_read_with_its_neighbours_in_its_conversation():
    # the answer ("Lake Biwa") does not repeat the question's words: the line before it does
    rows = [
        _turn("a1", "Where did you go camping with the kids last summer?", "s1"),
        _turn("a2", "Lake Biwa, we stayed three nights.", "s1"),
        _turn("a3", "The weather was great.", "s1"),
        _turn("b1", "The kids love the beach.", "s2"),
        _turn("b2", "I bought new running shoes.", "s2"),
        _turn("b3", "Work was busy this week.", "s2"),
        _turn("b4", "We should meet for dinner soon.", "s2"),
    ]
    plain = _ranked(
        rows, "where did we go camping with the kids", RankingWeights(neighbour_lexical=0, neighbour_dense=0)
    )
    read = _ranked(rows, "where did we go camping with the kids")
    # alone, the answer shares nothing with the question; read with the question before it, it is near the top
    assert plain.index("a2") > 2 and read.index("a2") <= 2
    # a neighbour in another conversation is no neighbour
    corpus = Corpus.build(rows)
    prev, nxt = corpus.neighbours(1)
    assert prev.tolist() == [-1, 0, 1, -1, 3, 4, 5] and nxt.tolist() == [1, 2, -1, 4, 5, 6, -1]


def test_a_speaker_the_query_names_is_what_it_asks_about():
    rows = [
        # the same words from two people: only who said them tells the lines apart
        _turn("c1", "I love painting sunsets.", "s1", "Melanie"),
        _turn("c2", "I love painting sunsets.", "s2", "Caroline"),
        _turn("c3", "The gallery opens at nine.", "s3", "Caroline"),
    ]
    assert _ranked(rows, "What does Caroline love painting?")[0] == "c2"
    assert _ranked(rows, "What does Melanie love painting?")[0] == "c1"
    assert document_text(rows[0]) == "Melanie: I love painting sunsets."
    assert named_speaker({"speaker": "other:Wei"}) == "Wei" and named_speaker({"speaker": "assistant"}) is None


def test_a_match_across_languages_is_not_outranked_by_any_shared_word():
    aliases = {"住": "liv", "大阪": "osaka"}  # what a multilingual model knows: 住 ~ live
    e = FakeEmbedder(aliases=aliases)
    rows = [
        {**_turn("zh", "我住在大阪", None), "kind": "memory"},
        _turn("en1", "Do you live near the station?", None),
        _turn("en2", "Where do people buy bread", None),
    ]
    assert _ranked(rows, "where do I live in osaka", embedder=e)[0] == "zh"


def test_the_dense_floor_rises_with_the_corpus():
    w = RankingWeights()
    assert dense_floor(w, 10) == dense_floor(w, 50) == w.dense_contrast_floor
    assert dense_floor(w, 100) == w.dense_contrast_floor + w.dense_floor_per_doubling
    assert dense_floor(w, 10**7) == w.dense_floor_max


def test_conversations_of_a_served_table_order_lines_by_time():
    t = pa.table(
        {
            "session_id": [None, "s1", "s1", "s2", "s1"],
            "timestamp": pa.array(
                [
                    None,
                    datetime(2024, 1, 3, tzinfo=UTC),
                    datetime(2024, 1, 1, tzinfo=UTC),
                    None,
                    datetime(2024, 1, 2, tzinfo=UTC),
                ],
                pa.timestamp("us", tz="UTC"),
            ),
        }
    )
    session, order = conversation_of_table(t)
    corpus = Corpus([{}] * 5, LexicalIndex.build([[]] * 5), session=session, order=order)
    prev, nxt = corpus.neighbours(1)
    assert session[0] == -1 and prev[0] == -1 and nxt[0] == -1  # a memory has no conversation
    assert nxt[2] == 4 and nxt[4] == 1 and prev[2] == -1  # s1 in time: row 2, row 4, row 1
    assert conversation_of_table(pa.table({"x": [1]})) == (None, None)


def test_sessions_rank_by_their_best_line_and_a_share_of_the_second():
    turns = [("s1", 1.0), ("s2", 0.9), ("s2", 0.5), ("s3", 0.2)]
    assert rank_sessions(turns) == ["s2", "s1", "s3"]
    assert rank_sessions(turns, second=0.0) == ["s1", "s2", "s3"]


def test_the_first_page_covers_more_than_one_conversation():
    # one conversation repeats the question's words in many lines; another holds the rest of the answer
    rows = [_turn(f"a{n}", f"Melanie painted a sunset, painting number {n}.", "s1") for n in range(12)]
    rows += [
        _turn("b1", "Melanie also paints pottery on weekends.", "s2"),
        _turn("b2", "Work was busy.", "s2"),
        _turn("c1", "The bus was late.", "s3"),
    ]
    crowded = _ranked(rows, "What does Melanie paint?", RankingWeights(session_coverage=0))
    covered = _ranked(rows, "What does Melanie paint?")
    assert "b1" not in crowded[:10] and "b1" in covered[:10]
    assert covered[:6] == crowded[:6]  # the best lines keep their places


def test_a_close_family_members_words_are_one_search_word_in_both_languages():
    docs = ["我老婆思琪是中学数学老师", "我妈打算三月来墨尔本", "booking flights for my mom's 70th", "老板说下周加班"]
    index = LexicalIndex.build([lexical_tokens(d) for d in docs])

    def best(query: str) -> int:
        scores = index.scores(lexical_tokens(query))
        assert scores.max() > 0, query
        return int(np.argmax(scores))

    assert best("我太太是做什么的") == 0  # 太太 and 老婆 name one person
    assert best("what does my wife teach") == 0  # across languages
    assert {best("我妈妈什么时候来"), best("Mum's seventieth")} <= {1, 2}
    # words that name different people stay apart: 姐姐 is no 妹妹
    assert lexical_tokens("我姐姐") != lexical_tokens("我妹妹")


def test_chinese_question_words_are_stop_words_as_englishs_are():
    assert "什么" not in lexical_tokens("我太太是做什么的") and "谁" not in lexical_tokens("谁来接我")
    docs = ["她做菜什么都放酱油", "我老婆是中学老师"]
    index = LexicalIndex.build([lexical_tokens(d) for d in docs])
    scores = index.scores(lexical_tokens("我太太是做什么的"))
    assert scores[1] > scores[0]  # the wife, not a line that shares the question's 什么


def test_the_chinese_words_the_code_adds_to_queries_are_segmented_as_rjieba_does() -> None:
    import rjieba

    from mirror_pipeline.core import ranking, retrieval

    added = {
        m.group(1)
        for kind in (*ranking.TASK_TYPES, *ranking.LIFE_DOMAINS)
        for m in retrieval._RUN.finditer(kind.expansion)
        if m.group(1)
    }
    assert added and added == set(retrieval._SEGMENTED)  # every word an expansion adds, and only those
    assert {w: tuple(rjieba.cut_for_search(w)) for w in added} == retrieval._SEGMENTED


def test_the_postings_by_document_hold_each_documents_terms_once_in_id_order() -> None:
    from mirror_pipeline.core.retrieval import transposed

    corpus = [["hike", "osaka", "hike"], [], ["钢琴", "osaka"], ["zebra"], []]
    index = LexicalIndex.build(corpus)
    doc_indptr, doc_terms = transposed(index.indices, index.indptr, index.n_docs)
    terms = list(index.vocab)
    got = [[terms[j] for j in doc_terms[doc_indptr[d] : doc_indptr[d + 1]]] for d in range(len(corpus))]
    assert got == [sorted(set(doc), key=index.vocab.get) for doc in corpus]
    assert doc_indptr.dtype == np.int64 and len(doc_indptr) == len(corpus) + 1


def test_median_is_numpys_without_importing_numpy_ma() -> None:
    from mirror_pipeline.core.retrieval import median

    rng = np.random.default_rng(7)
    for n in (1, 2, 3, 10, 11, 1000, 1001):
        for dtype in (np.float32, np.float64):
            values = rng.normal(size=n).astype(dtype)
            assert median(values) == np.median(values) and median(values).dtype == np.median(values).dtype
    assert np.isnan(median(np.array([], dtype=np.float32)))


def test_a_querys_chinese_cut_against_the_index_holds_every_word_rjieba_would_match() -> None:
    # a served read cuts the query against the index's own vocabulary (no rjieba dictionary at read time): every
    # word rjieba's cut gives that the index holds is there, kin words are one kin term, stop words are dropped
    docs = [
        "今天和老婆带女儿去六甲山徒步，走了四个小时，女儿一路都在捡松果。",
        "早上六点起来沿着淀川跑了十公里，配速五分半。准备报名秋天的大阪马拉松。",
        "妈妈下个月要做膝盖手术，我打算回家陪她一周。",
        "最近在学弹钢琴，每个周末练两个小时。",
    ]
    index = LexicalIndex.build([lexical_tokens(d) for d in docs])
    for query in ("我上次爬山是去哪里？", "我一般早上锻炼跑多远？", "我妈妈做什么手术？", "我在学什么乐器", "弹钢琴"):
        cut = lexical_tokens(query, index.vocab)
        assert {t for t in lexical_tokens(query) if t in index.vocab} <= set(cut), query
        assert not {"我", "什么", "是"} & set(cut)
    assert "kin:mother" in lexical_tokens("我妈妈", index.vocab)
    assert {"钢琴", "弹钢琴"} <= set(lexical_tokens("弹钢琴", index.vocab))  # a word and its part, as cut_for_search
    assert int(np.argmax(index.scores(lexical_tokens("妈妈的手术", index.vocab)))) == 2


def test_the_words_the_code_adds_are_cut_as_rjieba_cuts_them_against_any_vocabulary() -> None:
    from mirror_pipeline.core import retrieval

    for word, cut in retrieval._SEGMENTED.items():
        assert (
            lexical_tokens(word, {})
            == lexical_tokens(word)
            == [retrieval.KIN_TERMS.get(t, t) for t in cut if t not in retrieval.ZH_STOPWORDS]
        )


def test_sorted_distinct_is_numpys_unique_without_importing_numpy_ma() -> None:
    import subprocess
    import sys

    from mirror_pipeline.core.retrieval import sorted_distinct

    rng = np.random.default_rng(7)
    for values in (np.array([], np.int64), np.array([3]), rng.integers(0, 50, 200), rng.integers(-5, 5, 30)):
        assert np.array_equal(sorted_distinct(values), np.unique(values))
    code = (
        "import sys, numpy as np\n"
        "from mirror_pipeline.core.retrieval import sorted_distinct\n"
        "sorted_distinct(np.array([3, 1, 3]))\n"
        "print('numpy.ma' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"
