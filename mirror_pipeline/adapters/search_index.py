"""The served search index: documents, their BM25 postings and their vectors, as tables of the served snapshot, and
the warehouse's embedding cache.

- `embeddings` (warehouse): one vector per (text key, model). A run embeds only texts it has no vector for, at most
  `retrieval.embed_budget` of them for at most `retrieval.embed_seconds` (the rest fill in on later runs; lexical
  search serves them meanwhile), and drops vectors whose text is no longer served, so a forgotten memory's vector
  goes with it.
- `lexical_index` (served): one row per term: its documents and BM25 scores (bm25s' sparse matrix, term-major), so
  a read scores a query with numpy alone.
- `search_vectors` (served): the vectors of the served documents, by row number of `search_documents`.
"""

from __future__ import annotations

from typing import Any

import duckdb
import numpy as np
import polars as pl

from mirror_pipeline.adapters.embedder import Embedder, embed_missing, text_key
from mirror_pipeline.core.retrieval import LexicalIndex, document_text, lexical_tokens

EMBEDDINGS_DDL = "create table if not exists embeddings (text_key varchar, model_id varchar, vector float[])"


def passage_texts(docs: pl.DataFrame) -> list[str]:
    from mirror_pipeline.api import passage_text

    return [passage_text(r) for r in docs.select("text", "timestamp").to_dicts()]


def known_vectors(con: duckdb.DuckDBPyConnection, model_id: str, keys: list[str]) -> dict[str, np.ndarray]:
    con.execute(EMBEDDINGS_DDL)
    return vectors_by_key(con, "embeddings", model_id, keys)


def vectors_by_key(con: duckdb.DuckDBPyConnection, table: str, model_id: str, keys: list[str]) -> dict[str, np.ndarray]:
    """The vectors `table` (text_key, model_id, vector) holds for `keys` under `model_id`."""
    if not keys:
        return {}
    wanted = pl.DataFrame({"text_key": keys})  # noqa: F841 (read by DuckDB)
    df = con.execute(
        f"select e.text_key, e.vector from {table} e join wanted w using (text_key) where e.model_id = ?",
        [model_id],
    ).pl()
    if not len(df):
        return {}
    matrix = np.asarray(df["vector"].to_list(), dtype=np.float32)
    return dict(zip(df["text_key"].to_list(), matrix, strict=True))


def store_vectors(con: duckdb.DuckDBPyConnection, model_id: str, keys: list[str], vectors: np.ndarray) -> None:
    con.execute(EMBEDDINGS_DDL)
    frame = pl.DataFrame(  # noqa: F841 (read by DuckDB)
        {"text_key": keys, "model_id": [model_id] * len(keys), "vector": [v.tolist() for v in vectors]}
    )
    con.execute("insert into embeddings select text_key, model_id, vector from frame")


def prune_vectors(con: duckdb.DuckDBPyConnection, keep: list[str]) -> int:
    """Drop vectors of texts no longer served (any model): what is forgotten leaves no embedding behind."""
    con.execute(EMBEDDINGS_DDL)
    kept = pl.DataFrame({"text_key": keep}, schema={"text_key": pl.String})  # noqa: F841
    before = con.execute("select count(*) from embeddings").fetchone()[0]
    con.execute("delete from embeddings where text_key not in (select text_key from kept)")
    return before - con.execute("select count(*) from embeddings").fetchone()[0]


def vector_count(con: duckdb.DuckDBPyConnection, model_id: str | None) -> int:
    """How many vectors of this model the warehouse holds (0 with dense retrieval off)."""
    if model_id is None:
        return 0
    con.execute(EMBEDDINGS_DDL)
    return con.execute("select count(*) from embeddings where model_id = ?", [model_id]).fetchone()[0]


def refresh_embeddings(
    con: duckdb.DuckDBPyConnection,
    docs: pl.DataFrame,
    embedder: Embedder,
    budget: int | None,
    seconds: float | None = None,
) -> dict[str, Any]:
    """Embed the served documents' texts that have no vector yet (within `budget` texts and `seconds`), the
    memories and the person's own words first (what a context serves; an assistant's paragraphs cost several of
    them each); prune the rest."""
    texts = passage_texts(docs)
    keys = [text_key(t) for t in texts]
    pruned = prune_vectors(con, keys)
    first = (pl.col("kind") == "memory") | (pl.col("speaker") == "user")
    order = docs.select(pl.int_range(pl.len()).sort_by(~first, maintain_order=True)).to_series().to_list()
    _, left = embed_missing(
        embedder,
        [texts[i] for i in order],
        lambda ks: known_vectors(con, embedder.model_id, ks),
        lambda ks, vs: store_vectors(con, embedder.model_id, ks, vs),
        budget,
        seconds=seconds,
    )
    return {"vectors": vector_count(con, embedder.model_id), "pruned_vectors": pruned, "waiting_to_embed": left}


def index_tables(docs: pl.DataFrame, vectors: dict[str, np.ndarray], model_id: str | None) -> dict[str, pl.DataFrame]:
    """`search_documents` (with `has_vector`), `lexical_index` and `search_vectors` for the served snapshot."""
    texts = passage_texts(docs)
    keys = [text_key(t) for t in texts]
    has = [k in vectors for k in keys]
    tokens = [lexical_tokens(document_text(r)) for r in docs.select("text", "speaker").to_dicts()]
    lexical = _lexical_frame(LexicalIndex.build(tokens))
    rows = [i for i, h in enumerate(has) if h]
    search_vectors = pl.DataFrame(
        {
            "row": rows,
            "model_id": [model_id or ""] * len(rows),
            "vector": [vectors[keys[i]].tolist() for i in rows],
        },
        schema={"row": pl.Int32, "model_id": pl.String, "vector": pl.List(pl.Float32)},
    )
    out = {
        "search_documents": docs.with_columns(has_vector=pl.Series(has, dtype=pl.Boolean)),
        "lexical_index": lexical,
        "search_vectors": search_vectors,
    }
    if "session_id" in docs.columns and docs["session_id"].drop_nulls().len():
        # BM25 over whole conversations (`core.ranking.Corpus.session_lexical`: the conversation coverage), its
        # "documents" the conversation codes the served arrays give (`served_arrays.session_codes`)
        from mirror_pipeline.adapters.served_arrays import session_codes

        codes = session_codes(docs)
        per: list[list[str]] = [[] for _ in range(int(codes.max()) + 1)]
        for code, toks in zip(codes.tolist(), tokens, strict=True):
            if code >= 0:
                per[code].extend(toks)
        out["session_lexical_index"] = _lexical_frame(LexicalIndex.build(per))
    return out


def _lexical_frame(index: LexicalIndex) -> pl.DataFrame:
    """A lexical index as a table: term -> documents, scores."""
    terms = sorted(index.vocab, key=index.vocab.__getitem__)
    starts, ends = index.indptr[:-1], index.indptr[1:]
    return pl.DataFrame(
        {
            "term": terms,
            "docs": [index.indices[a:b].tolist() for a, b in zip(starts, ends, strict=True)],
            "scores": [index.data[a:b].tolist() for a, b in zip(starts, ends, strict=True)],
        },
        schema={"term": pl.String, "docs": pl.List(pl.Int32), "scores": pl.List(pl.Float32)},
    )


def served_index(
    con: duckdb.DuckDBPyConnection,
    memories: pl.DataFrame,
    evidence: pl.DataFrame,
    model_id: str | None,
    versions: pl.DataFrame | None = None,
) -> dict[str, pl.DataFrame]:
    """The served search tables for these served memories and evidence, with the vectors the warehouse has
    (`versions`: every memory version, to label evidence of superseded or stale versions as outdated)."""
    from mirror_pipeline.core.serving import served_search_documents

    docs = served_search_documents(memories, evidence, versions)
    vectors = known_vectors(con, model_id, [text_key(t) for t in passage_texts(docs)]) if model_id else {}
    return index_tables(docs, vectors, model_id)


def model_id(config: dict[str, Any]) -> str | None:
    """The model of the vectors a home's config serves (None: dense retrieval off)."""
    from mirror_pipeline.adapters.embedder import model_id_of
    from mirror_pipeline.core.ranking import RetrievalConfig

    rc = RetrievalConfig.from_config(config)
    return model_id_of(rc.embedder, rc.model_path, rc.e5_prefixes) if rc.dense else None
