"""The statement vectors governance compares: cached by content hash, pruned to what candidates say, within a budget."""

import duckdb

from mirror_pipeline.adapters.identity_vectors import vectors_for
from mirror_pipeline_tests.fakes import FakeEmbedder


def test_statements_are_embedded_once_pruned_when_gone_and_held_to_a_budget() -> None:
    con = duckdb.connect(":memory:")
    embedder = FakeEmbedder()
    texts = ["The user prefers hiking", "用户喜欢徒步", "The user prefers tea"]
    vectors, embedded, waiting = vectors_for(con, embedder, texts)
    assert set(vectors) == set(texts) and (embedded, waiting) == (3, 0)
    again, embedded, _ = vectors_for(con, embedder, texts)
    assert embedded == 0 and embedder.passages_embedded == 3  # cached by content hash
    assert (again["用户喜欢徒步"] == vectors["用户喜欢徒步"]).all()
    vectors_for(con, embedder, texts[:1])  # the others are no longer said: their vectors go
    assert con.execute("select count(*) from identity_vectors").fetchone()[0] == 1
    some, embedded, waiting = vectors_for(con, embedder, texts, budget=1)
    assert (len(some), embedded, waiting) == (2, 1, 1)
