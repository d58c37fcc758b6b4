"""Session 6 (issue 12): time-intent words out of the search words, a domain's fact stated by its shape, questions
that ask for several things, questions that order two events, conversations chosen in turn over the question's words."""

from __future__ import annotations

from datetime import UTC, datetime

from mirror_pipeline.core.ranking import (
    LIFE_DOMAINS,
    Corpus,
    RankingWeights,
    asks_many,
    conversation_order,
    orders_events,
    query_tokens,
    score,
    task_domains,
)
from mirror_pipeline_tests.fakes import FakeEmbedder

NOW = datetime(2026, 12, 1, tzinfo=UTC)
_DOMAIN = {d.name: d for d in LIFE_DOMAINS}


def _turn(doc_id, text, session):
    return {
        "doc_id": doc_id,
        "kind": "evidence",
        "text": text,
        "speaker": "user",
        "state": "evidence",
        "evidence_ids": [doc_id],
        "timestamp": None,
        "session_id": session,
    }


def test_time_intent_words_are_not_search_words():
    assert query_tokens("What is my job title now?") == ["job", "titl"]
    assert "still" not in query_tokens("Do I still have the allotment?")
    assert query_tokens("now") == ["now"]  # a query of nothing else keeps them
    assert query_tokens("我现在住在哪里") and "现在" not in query_tokens("我现在住在哪里")


def test_a_domain_fact_is_known_by_its_shape_not_by_a_list_of_roles():
    work, home, age = _DOMAIN["work"], _DOMAIN["residence"], _DOMAIN["age"]
    for line in (
        "I spend half my week on these sheets as a payroll clerk at Hartley Foods",
        "They've made me payroll team lead at Hartley, starting Monday",
        "on monday i start as operations lead at Fietsdeel",
    ):
        assert work.states.search(line), line
    for line in ("as a result of the rain at the Park", "I went as a kid with the Scouts", "how do I tell my manager"):
        assert not work.states.search(line), line
    assert home.states.search("we moved to schiedam last weekend") and home.states.search("here in the Leeds flat")
    assert not home.states.search("my friend is moving house")
    assert age.states.search("Anya will be seven on the 21st of February") and age.states.search("sem turned 6")
    assert not age.holds.search("I can run it in 56 minutes") and not age.holds.search("there were 11 kids")
    assert [d.name for d in task_domains("How old was my son when he broke his wrist?")] == ["age"]
    assert "residence" in [d.name for d in task_domains("Which town do I live in these days?")]


def test_a_line_stating_the_fact_outranks_one_that_only_speaks_of_the_domain():
    rows = [
        _turn("a", "How do I tell my manager I'm overwhelmed at my job?", "s1"),
        _turn("b", "News about my job: I got promoted to senior data analyst at Nordlicht!", "s2"),
        *[_turn(f"x{n}", f"We walked along the beach and ate ice cream number {n}.", f"s{3 + n}") for n in range(6)],
    ]
    emb = FakeEmbedder()
    query = "What is my job title now?"
    corpus = Corpus.build(rows, emb.passages([r["text"] for r in rows]))
    ranked = {s.index: s for s in score(corpus, query, emb.query(query), NOW, RankingWeights(), k=3)}
    plain = {s.index: s for s in score(corpus, query, emb.query(query), NOW, RankingWeights(domain_statement=0), k=3)}
    assert ranked[1].components["domain"] == 0.35 and ranked[0].components["domain"] == 0.15
    assert plain[1].components["domain"] == 0.15
    assert ranked[1].score > ranked[0].score
    assert ranked[1].score - ranked[0].score > plain[1].score - plain[0].score + 0.19


def test_questions_that_ask_for_several_things_or_order_two_events():
    assert asks_many("What activities does Melanie partake in?") and asks_many("How many times has she been there?")
    assert asks_many("What are some of her hobbies?") and asks_many("她去过哪些地方？")
    assert not asks_many("What is Caroline's relationship status?") and not asks_many("What does his wife do?")
    assert orders_events("Which came first: getting the allotment or my first gravel race?")
    assert orders_events("How many months were there between our house move and my mum going into care?")
    assert orders_events("How old was my son when he broke his wrist?")
    assert not orders_events("When did the cat join the family?")


def test_conversations_chosen_in_turn_want_the_question_words_not_yet_held():
    rows = [
        _turn("a1", "My first gravel race was in Drenthe, 80 km of sand.", "race"),
        _turn("a2", "The gravel race went fine, a gravel race is hard.", "race2"),
        _turn("b1", "We finally got an allotment plot by the lake.", "plot"),
        *[_turn(f"x{n}", f"Ice cream at the beach number {n}.", f"s{n}") for n in range(6)],
    ]
    emb = FakeEmbedder()
    corpus = Corpus.build(rows, emb.passages([r["text"] for r in rows]))
    query = "Which came first, the allotment or my first gravel race?"
    qv = emb.query(query)
    scored = score(corpus, query, qv, NOW, RankingWeights(), k=9)
    codes = {str(corpus.rows[i]["session_id"]): int(corpus.session[i]) for i in range(len(rows))}
    # the question's words alone (no best line, no mean vector): what novelty changes is plain
    w = RankingWeights(conversation_novelty=1.0, conversation_best=0.0, conversation_dense=0.0)
    order = [c for c, _ in conversation_order(corpus, query, qv, scored, w, 3)]
    assert order[0] == codes["race"] and order.index(codes["plot"]) < order.index(codes["race2"])
    # `covered` conversations count as chosen: their words are held already
    rest = [c for c, _ in conversation_order(corpus, query, qv, scored, w, 2, covered=[codes["race"]])]
    assert codes["race"] not in rest and rest[0] == codes["plot"]
