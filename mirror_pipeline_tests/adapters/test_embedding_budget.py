"""A run's embedding is bounded in time as well as in texts (a text's cost varies with its length and the machine's
load), and what a context serves, memories and the person's own words, is embedded before an assistant's answers."""

from __future__ import annotations

from datetime import UTC, datetime

import duckdb
import polars as pl

from mirror_pipeline.adapters import embedder as embedding
from mirror_pipeline.adapters.search_index import refresh_embeddings, vector_count
from mirror_pipeline_tests.fakes import FakeEmbedder


class _SlowEmbedder(FakeEmbedder):
    """Each batch takes 10 s of a clock the test keeps."""

    def __init__(self, clock: list[float]) -> None:
        super().__init__()
        self.clock = clock

    def passages(self, texts):
        self.clock[0] += 10.0
        return super().passages(texts)


def test_no_batch_is_started_after_the_runs_seconds(monkeypatch) -> None:
    clock = [0.0]
    monkeypatch.setattr(embedding.time, "monotonic", lambda: clock[0])
    texts = [f"text number {n}" for n in range(10 * embedding.BATCH)]
    stored: list[str] = []
    found, left = embedding.embed_missing(
        _SlowEmbedder(clock), texts, lambda keys: {}, lambda keys, vectors: stored.extend(keys), seconds=25
    )
    assert len(stored) == len(found) == 3 * embedding.BATCH  # 0 s, 10 s, 20 s: started; 30 s: not
    assert left == 7 * embedding.BATCH
    _, left = embedding.embed_missing(_SlowEmbedder(clock), texts, lambda keys: {}, lambda keys, vectors: None)
    assert left == 0  # no limit: everything


def test_memories_and_the_persons_words_are_embedded_before_an_assistants() -> None:
    at = datetime(2026, 3, 1, tzinfo=UTC)
    docs = pl.DataFrame(
        {
            "doc_id": ["ev_a1", "ev_a2", "ev_u1", "mem_1", "ev_u2"],
            "kind": ["evidence", "evidence", "evidence", "memory", "evidence"],
            "speaker": ["assistant", "assistant", "user", "user", "user"],
            "text": ["a long answer", "another answer", "I live in Osaka", "The user lives in Osaka", "I run"],
            "timestamp": [at, at, at, None, at],
        }
    )
    con = duckdb.connect()
    fake = FakeEmbedder()
    report = refresh_embeddings(con, docs, fake, budget=3)
    assert report["waiting_to_embed"] == 2 and vector_count(con, fake.model_id) == 3
    embedded = {r[0] for r in con.execute("select text_key from embeddings").fetchall()}
    from mirror_pipeline.adapters.search_index import passage_texts

    keys = dict(zip(docs["doc_id"], [embedding.text_key(t) for t in passage_texts(docs)], strict=True))
    assert embedded == {keys["ev_u1"], keys["mem_1"], keys["ev_u2"]}
