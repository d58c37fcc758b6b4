"""Session 7 (issue 12): conversations linked to the question's best one by a rare word of the person's there (the
second session of a fact that shares no word with the question), and "when did I first ..." / "the last thing I
told you" as time intents."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import numpy as np

from mirror_pipeline.core.ranking import (
    Corpus,
    RankingWeights,
    conversation_links,
    conversation_order,
    conversation_scores,
    score,
    time_intent,
)
from mirror_pipeline_tests.core.test_ranking_questions import _turn
from mirror_pipeline_tests.fakes import FakeEmbedder

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _corpus(rows):
    emb = FakeEmbedder()
    return Corpus.build(rows, emb.passages([r["text"] for r in rows])), emb


ROWS = [
    _turn("a", "We gave up the allotment, the plot at the volkstuin was too far to cycle.", "gave-up"),
    _turn("b", "We just got a plot at the volkstuin complex by the lake, total beginners.", "got"),
    _turn("c", "What can I sow in April? Strawberries maybe.", "got"),
    _turn("d", "The volkstuin sounds lovely, the assistant says.", "assistant-only", speaker="assistant"),
    *[_turn(f"x{n}", f"Ice cream at the beach number {n}, the kids loved the sand.", f"beach{n}") for n in range(6)],
]


def test_a_conversation_linked_by_a_rare_word_of_the_best_one_is_lifted():
    corpus, emb = _corpus(ROWS)
    query = "Do I still have the allotment?"
    qv = emb.query(query)
    scored = score(corpus, query, qv, NOW, RankingWeights(), k=len(ROWS))
    codes = {str(r["session_id"]): int(corpus.session[i]) for i, r in enumerate(ROWS)}
    w = RankingWeights(conversation_links=0.3, link_from=1)
    whole = conversation_scores(corpus, query, qv, scored, replace(w, conversation_links=0.0))
    assert int(np.argmax(whole)) == codes["gave-up"]
    links = conversation_links(corpus, query, scored, whole, w)
    # "plot" and "volkstuin" are held by the other conversation: it gets all of the link; the source none; the
    # beach conversations share only words too common to name anything ("the")
    assert links[codes["got"]] == 1.0 and links[codes["gave-up"]] == 0.0
    assert all(links[codes[f"beach{n}"]] == 0.0 for n in range(6))
    parts: dict[str, np.ndarray] = {}
    with_links = [c for c, _ in conversation_order(corpus, query, qv, scored, w, 10, parts=parts)]
    without = [c for c, _ in conversation_order(corpus, query, qv, scored, RankingWeights(conversation_links=0), 10)]
    assert with_links.index(codes["got"]) < without.index(codes["got"])
    assert parts["conversation_link"][codes["got"]] == 0.3
    # a task (not a question) gets no links
    task = "plan the allotment"
    assert conversation_scores(corpus, task, emb.query(task), scored, w, parts=(p := {})) is not None and not p


def test_the_link_words_are_the_persons_and_not_the_questions():
    corpus, emb = _corpus(ROWS)
    query = "Do I still have the volkstuin?"  # the question's own word is no link: every holder matches it anyway
    qv = emb.query(query)
    scored = score(corpus, query, qv, NOW, RankingWeights(), k=len(ROWS))
    codes = {str(r["session_id"]): int(corpus.session[i]) for i, r in enumerate(ROWS)}
    whole = np.zeros(len(set(codes.values())))
    whole[codes["got"]] = 1.0
    links = conversation_links(corpus, query, scored, whole, RankingWeights(conversation_links=0.3, link_from=1))
    # from "got": "plot" links "gave-up"; the assistant's line (in its own conversation) is no source and
    # "volkstuin", the question's word, links nothing
    assert links[codes["gave-up"]] == 1.0 and links[codes["assistant-only"]] == 0.0


def test_first_and_last_said_are_time_intents():
    for q in (
        "When did I first go back to playing in a band?",
        "What did I first say about the new job?",
        "What did I say first about the flat?",
        "When did Joanna first watch Eternal Sunshine?",
        "How did her mom support her when she first started?",
        "我一开始是怎么跟你说的？",
    ):
        assert time_intent(q, NOW).wants_earliest, q
    for q in (
        "What was the last thing I told you about my migraines?",
        "When was the last time I went swimming?",
        "What did I last say about the flat?",
        "我最后一次去游泳是什么时候？",
    ):
        assert time_intent(q, NOW).wants_latest, q
    for q in ("How do I first set it up?", "What did I do last year?", "Which came first, the trip or the move?"):
        t = time_intent(q, NOW)
        assert not t.wants_earliest and not t.wants_latest, q


def test_a_search_page_does_not_link_by_default():
    rows = [*ROWS, *[_turn(f"y{n}", f"A walk in the park number {n} with the dog.", f"park{n}") for n in range(12)]]
    corpus, emb = _corpus(rows)
    query = "Do I still have the allotment?"
    # two lines, then the best line of each of the best conversations; the fake embedder's twelve walks share most of
    # their words, so their shared direction (`dense_common`) would move the ranks this test is not about
    w = RankingWeights(session_coverage=8, dense_common=0.0)
    assert w.conversation_links > 0 and w.coverage_links == 0  # conversations as wholes link; a page's places not
    page = score(corpus, query, emb.query(query), NOW, w, k=10)
    assert not any("conversation_link" in s.components for s in page)
    linked = score(corpus, query, emb.query(query), NOW, replace(w, coverage_links=0.3), k=10)
    shown = [s for s in linked if "conversation_link" in s.components]  # the link is shown beside the line
    assert [corpus.rows[s.index]["session_id"] for s in shown][:1] == ["got"]
    assert shown[0].components["conversation_link"] == 0.3
