"""One retrieval path: what `mirror eval` measures (an in-memory corpus, `Memory.from_documents`) is what a home
serves (`Memory.open(home)` over the memory-mapped snapshot): the conversation coverage and the named-speaker boost
read what the served index carries (whole conversations' BM25, the speaker codes)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import numpy as np
import polars as pl

from mirror_pipeline.adapters import search_index, snapshot
from mirror_pipeline.adapters.home import Home
from mirror_pipeline.api import Memory
from mirror_pipeline_tests.fakes import FakeEmbedder
from mirror_pipeline_tests.test_read_path import NOW, _doc, _frame

# five conversations of two people, as LoCoMo's turns are indexed (speaker "other:<name>" for the other one)
LINES = {
    "s1": [
        ("Caroline", "I went to a support group for adoption yesterday"),
        ("Melanie", "That sounds meaningful, how did it go?"),
        ("Caroline", "Everyone was kind, I want to give kids a loving home"),
        ("Melanie", "I painted a sunset by the lake last weekend"),
    ],
    "s2": [
        ("Melanie", "My kids and I went camping in the mountains"),
        ("Caroline", "Camping sounds fun, did you see the stars?"),
        ("Melanie", "We roasted marshmallows by the fire"),
    ],
    "s3": [
        ("Caroline", "I started a counseling course this month"),
        ("Melanie", "You will be a great counselor"),
        ("Caroline", "The course covers mental health and adoption"),
    ],
    "s4": [
        ("Melanie", "I ran a charity race for mental health"),
        ("Caroline", "Proud of you, how far did you run?"),
        ("Melanie", "Ten kilometres along the river"),
    ],
    "s5": [
        ("Caroline", "The pride parade was last Saturday"),
        ("Melanie", "I love the colours of the parade"),
        ("Caroline", "I met my adoption agency contact there"),
    ],
}
QUERIES = [
    "What did Caroline say about adoption?",
    "What did Melanie paint?",
    "Where did Melanie go camping with her kids?",
    "How far did Melanie run for the charity race?",
    "When did Caroline go to the pride parade?",
    "mental health",
]


def _conversations() -> tuple[list[dict], list[str]]:
    docs, sessions = [], []
    start = datetime(2023, 5, 1, tzinfo=UTC)
    for s, (sid, lines) in enumerate(LINES.items()):
        for n, (who, text) in enumerate(lines):
            speaker = "user" if who == "Caroline" else f"other:{who}"
            when = start + timedelta(days=7 * s, minutes=n)
            docs.append(_doc(f"ev_{sid}_{n}", text, speaker=speaker, timestamp=when))
            sessions.append(f"conv-1_{sid}")
    return docs, sessions


def test_a_homes_search_ranks_what_the_eval_corpus_ranks(tmp_path) -> None:
    docs, sessions = _conversations()
    frame = _frame(docs).with_columns(session_id=pl.Series(sessions, dtype=pl.String))
    embedder = FakeEmbedder()
    texts = search_index.passage_texts(frame)
    vectors = dict(zip([search_index.text_key(t) for t in texts], embedder.passages(texts), strict=True))
    served = search_index.index_tables(frame, vectors, embedder.model_id)  # as the run's serving asset does
    assert "session_lexical_index" in served  # what the coverage reads is in the snapshot
    home = tmp_path / "home"
    Home(home).init(date(2026, 12, 1))
    snapshot.publish(home / "served", home / "snapshots", served, "print", NOW, "run-1")

    home_memory = Memory.open(home, embedder=FakeEmbedder())
    rows = home_memory.corpus.rows
    eval_rows = [{**rows[i], "speaker_name": None} for i in range(len(rows))]
    # the same vectors (what is embedded is the index build's business, `search_index.passage_texts`)
    corpus_vectors = np.asarray(embedder.passages(texts), dtype=np.float32)
    eval_memory = Memory.from_documents(eval_rows, corpus_vectors, embedder=FakeEmbedder())
    named = home_memory.corpus.named_in("what did melanie say")
    assert home_memory.corpus.session_lexical is not None and named is not None and named.sum() == 8
    served_means = home_memory.corpus.served_session_vectors
    assert served_means is not None and np.array_equal(served_means, eval_memory.corpus.session_vectors())
    for m in (home_memory, eval_memory):
        m._clock = lambda: NOW
    covered = 0
    for query in QUERIES:
        served_hits = home_memory.search(query, k=10, log=False)["results"]
        eval_hits = eval_memory.search(query, k=10, log=False)["results"]
        assert [r["id"] for r in served_hits] == [r["id"] for r in eval_hits], query
        for a, b in zip(served_hits, eval_hits, strict=True):
            assert a["components"].keys() == b["components"].keys(), query
            assert abs(a["score"] - b["score"]) < 1e-3, query
        covered += any("conversation" in r["components"] for r in served_hits)
    assert covered, "the conversation coverage must act on the served path for the comparison to mean anything"


def test_a_snapshot_served_before_the_conversation_index_is_published_once_more(tmp_path) -> None:
    docs, sessions = _conversations()
    frame = _frame(docs).with_columns(session_id=pl.Series(sessions, dtype=pl.String))
    home = tmp_path / "home"
    Home(home).init(date(2026, 12, 1))
    snapshot.publish(home / "served", home / "snapshots", search_index.index_tables(frame, {}, None), "p", NOW, "r")
    served = (home / "served").resolve()
    assert snapshot.current_fingerprint(served) == "p"
    (served / "search" / "session_lexical_terms.json").unlink()  # as an older version published it
    assert snapshot.current_fingerprint(served) is None
