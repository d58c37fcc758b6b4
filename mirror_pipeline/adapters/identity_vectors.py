"""The vectors governance compares statements by (one identity across languages and paraphrase), cached in the
warehouse by content hash and model: a run embeds only statements it has no vector for, in batches, and drops the
vectors of statements no candidate says any more (a forgotten memory leaves no vector behind).

Its own table, not the search index's `embeddings`: that one keeps only what is served, and a statement waiting in
a candidate is not."""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import numpy as np
import polars as pl

from mirror_pipeline.adapters.embedder import Embedder, embed_missing, text_key
from mirror_pipeline.adapters.search_index import vectors_by_key

DDL = "create table if not exists identity_vectors (text_key varchar, model_id varchar, vector float[])"


def _store(con: duckdb.DuckDBPyConnection, model_id: str, keys: list[str], vectors: np.ndarray) -> None:
    frame = pl.DataFrame(  # noqa: F841 (read by DuckDB)
        {"text_key": keys, "model_id": [model_id] * len(keys), "vector": [v.tolist() for v in vectors]}
    )
    con.execute("insert into identity_vectors select text_key, model_id, vector from frame")


def vectors_for(
    con: duckdb.DuckDBPyConnection, embedder: Embedder, texts: Sequence[str], budget: int | None = None
) -> tuple[dict[str, np.ndarray], int, int]:
    """text -> vector (cached ones read, at most `budget` new ones embedded and stored, in batches); how many were
    embedded, and how many wait for a later run (they stay themselves until then)."""
    con.execute(DDL)
    keys = [text_key(t) for t in texts]
    kept = pl.DataFrame({"text_key": keys}, schema={"text_key": pl.String})  # noqa: F841
    con.execute("delete from identity_vectors where text_key not in (select text_key from kept)")
    before = len(vectors_by_key(con, "identity_vectors", embedder.model_id, list(dict.fromkeys(keys))))
    found, left = embed_missing(
        embedder,
        list(texts),
        lambda ks: vectors_by_key(con, "identity_vectors", embedder.model_id, ks),
        lambda ks, vs: _store(con, embedder.model_id, ks, vs),
        budget,
        label="comparing statements",
    )
    vectors = {t: found[k] for t, k in zip(texts, keys, strict=True) if k in found}
    return vectors, len(set(keys)) - before - left, left
