"""What a question asks (its month, its addressee, now or first), pseudo-relevance feedback over the candidates,
and conversations scored as wholes (issue 12, session 5)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import numpy as np

from mirror_pipeline.api import Memory
from mirror_pipeline.core.ranking import (
    Corpus,
    Method,
    RankingWeights,
    RetrievalConfig,
    conversation_scores,
    feedback_terms,
    is_question,
    score,
    term_coverage,
    time_intent,
)
from mirror_pipeline.core.retrieval import LexicalIndex, lexical_tokens, scores_at
from mirror_pipeline_tests.fakes import FakeEmbedder

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _turn(doc_id, text, session, when=None, speaker="user"):
    return {
        "doc_id": doc_id,
        "kind": "evidence",
        "text": text,
        "speaker": speaker,
        "state": "evidence",
        "evidence_ids": [doc_id],
        "timestamp": when,
        "session_id": session,
    }


def _scored(rows, query, weights=None):
    e = FakeEmbedder()
    corpus = Corpus.build(rows, e.passages([r["text"] for r in rows]))
    return corpus, score(corpus, query, e.query(query), NOW, weights or RankingWeights(), Method.HYBRID, 10)


def test_a_month_and_year_is_a_window_of_that_month_and_may_the_verb_is_not_a_month():
    assert time_intent("What did we do in June 2024?", NOW).window == (date(2024, 6, 1), date(2024, 6, 30))
    assert time_intent("on December 3, 2023", NOW).window == (date(2023, 12, 1), date(2023, 12, 31))
    assert time_intent("2024年2月我去了哪里", NOW).window == (date(2024, 2, 1), date(2024, 2, 29))
    assert time_intent("May I ask what happened in 2023", NOW).window == (date(2023, 1, 1), date(2023, 12, 31))


def test_what_the_question_asks_of_time_and_of_whom():
    assert time_intent("Which tram did you say was less crowded?", NOW).asks_assistant
    assert time_intent("What exercise did you suggest for my knee?", NOW).asks_assistant
    assert not time_intent("What exercise do I do for my knee?", NOW).asks_assistant
    assert time_intent("What was my first job title?", NOW).wants_earliest
    assert time_intent("我最早住在哪里", NOW).wants_earliest
    first_now = time_intent("Is my first car still running now?", NOW)
    assert first_now.wants_latest and not first_now.wants_earliest


def test_feedback_is_for_questions_not_tasks():
    assert is_question("What is my current job title?") and is_question("where do I live")
    assert is_question("我住在哪里") and is_question("Based on that, did we meet in Boston? Answer yes or no.")
    assert not is_question("plan a weekend near home") and not is_question("我下周回家看妈妈，帮我准备")
    rows = [
        _turn("a", "I started a new job as a data analyst at Nordlicht Logistik.", "s1"),
        _turn("c", "Great news, I got promoted to senior data analyst at Nordlicht!", "s3"),
    ]
    _, task = _scored(rows, "write about my job for a conference bio")
    _, plain = _scored(rows, "write about my job for a conference bio", RankingWeights(prf_terms=0))
    assert [s_.components for s_ in task] == [s_.components for s_ in plain]


def test_scores_at_equals_the_full_scores_at_those_documents():
    rng = np.random.default_rng(1)
    words = [f"w{i}" for i in range(30)]
    docs = [[str(w) for w in rng.choice(words, size=int(rng.integers(0, 8)))] for _ in range(400)]
    index = LexicalIndex.build(docs)
    query = ["w1", "w7", "w7", "w29", "unknown"]
    picked = np.unique(rng.integers(0, 400, size=60))
    np.testing.assert_allclose(scores_at(index, query, picked), index.scores(query)[picked], rtol=1e-6)
    assert scores_at(index, query, np.zeros(0, dtype=np.int64)).shape == (0,)


def test_feedback_words_reach_a_line_that_shares_no_word_with_the_question():
    rows = [
        _turn("a", "I started a new job as a data analyst at Nordlicht Logistik.", "s1"),
        _turn("b", "The job market is hard this year, my friend says.", "s2"),
        _turn("c", "Great news, I got promoted to senior data analyst at Nordlicht!", "s3"),
        *[_turn(f"x{n}", f"We walked along the beach and ate ice cream number {n}.", f"s{4 + n}") for n in range(8)],
    ]
    corpus = Corpus.build(rows)
    terms = feedback_terms(corpus, "what is my current job title", [0, 1], 8)
    assert "analyst" in terms and "nordlicht" in terms and "job" not in terms  # the question's own words are left
    query = "What is my current job title?"
    # the domain bonuses off: the role's shape alone ("as a data analyst at Nordlicht") lifts the line too
    _, plain = _scored(rows, query, RankingWeights(prf_terms=0, domain_match=0.0))
    _, fed = _scored(rows, query, RankingWeights(domain_match=0.0))
    place = {s_.index: n for n, s_ in enumerate(fed)}
    plain_place = {s_.index: n for n, s_ in enumerate(plain)}
    # the promotion gains the feedback words' part of relevance (the toy embedder knows no paraphrase), and the
    # line that says "job" AND shares the feedback words overtakes the one that only says "job"
    before = {s_.index: s_.components["relevance"] for s_ in plain}
    after = {s_.index: s_.components["relevance"] for s_ in fed}
    assert after[2] > 2 * before[2]
    assert plain_place[1] < plain_place[0] and place[0] < place[1]


def test_a_question_to_the_assistant_does_not_rank_its_lines_down():
    rows = [
        _turn("u", "Which tram should we take in Lisbon with a six-year-old?", "s1"),
        _turn("a", "Take tram 12: a short loop, far less crowded than tram 28.", "s1", speaker="assistant"),
        _turn("z", "We take the tram to work.", "s2"),
    ]
    _, asked = _scored(rows, "Which tram did you say was less crowded?")
    by_id = {rows[s_.index]["doc_id"]: s_ for s_ in asked}
    assert "speaker" not in by_id["a"].components and "said by assistant" in by_id["a"].labels
    _, about_me = _scored(rows, "Which tram is less crowded?")
    assert {rows[s_.index]["doc_id"]: s_ for s_ in about_me}["a"].components["speaker"] < 0


def test_now_prefers_the_newest_candidate_over_the_candidates_own_span():
    old, new = datetime(2024, 1, 10, tzinfo=UTC), datetime(2024, 6, 10, tzinfo=UTC)
    rows = [
        _turn("tokyo", "I live in Tokyo, in a small flat.", "s1", old),
        _turn("osaka", "I live in Osaka now, in a small flat.", "s2", new),
    ]
    corpus, ranked = _scored(rows, "where do I live these days")
    latest = {rows[s_.index]["doc_id"]: s_.components.get("latest", 0.0) for s_ in ranked}
    w = RankingWeights()
    assert latest["osaka"] == w.latest and latest["tokyo"] == 0.0  # five months apart, however old both are
    _, first = _scored(rows, "where did I live at first, my first flat")
    assert rows[first[0].index]["doc_id"] == "tokyo"


def test_a_conversation_is_scored_by_its_best_line_and_what_it_covers_not_by_its_length():
    long_one = [_turn(f"l{n}", f"We talked about the weather again, weather day {n}.", "long") for n in range(30)]
    rows = [
        *long_one,
        _turn("s1", "The weather ruined our hike in the Alps with my sister.", "short"),
        _turn("s2", "She lives in Munich.", "short"),
        *[_turn(f"o{n}", f"Cooking pasta tonight, recipe {n}.", f"other{n}") for n in range(5)],
    ]
    e = FakeEmbedder()
    memory = Memory.from_documents(rows, e.passages([r["text"] for r in rows]), RetrievalConfig(), e, clock=lambda: NOW)
    query = "the hike with my sister and the weather"
    ranked = memory.sessions(query, 3)
    assert ranked[0][0] == "short"
    corpus = memory.corpus
    cover = term_coverage(corpus.session_lexical, lexical_tokens(query))
    codes = {rows[int(i)]["session_id"]: int(corpus.session[int(i)]) for i in range(len(rows))}
    assert cover[codes["short"]] == 1.0 and cover[codes["long"]] < 0.5
    whole = conversation_scores(corpus, query, e.query(query), memory.ranked(query, 50), RankingWeights())
    assert whole is not None and whole[codes["short"]] > whole[codes["long"]]
    # the plain methods rank sessions by their lines
    assert memory.sessions(query, 3, Method.LEXICAL)[0][0] in {"short", "long"}
