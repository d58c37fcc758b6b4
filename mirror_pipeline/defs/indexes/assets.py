from __future__ import annotations

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import search_index as index_store
from mirror_pipeline.adapters import warehouse
from mirror_pipeline.contracts.tables import EVIDENCE, MEMORY_VERSIONS, SEARCH_DOCUMENTS
from mirror_pipeline.core.ranking import RetrievalConfig
from mirror_pipeline.core.serving import search_documents, served_memories, served_search_documents
from mirror_pipeline.defs.resources import MirrorHome


@dg.asset(deps=["governed_memories", "screened_evidence"], group_name="indexes", kinds={"duckdb"})
def search_index(warehouse_db: DuckDBResource, home: MirrorHome) -> dg.MaterializeResult:
    """What `mirror search` and the context assembly search: your memories and evidence, segmented for BM25
    (Chinese by words, English by words), and their embeddings (multilingual e5 by default, `retrieval` in
    mirror.yaml), cached by content hash and model. Only texts without a vector are embedded, at most
    `retrieval.embed_budget` texts and `retrieval.embed_seconds` a run (lexical search serves the rest meanwhile);
    vectors of texts no longer served are dropped. Secret references are not searchable."""
    config = RetrievalConfig.from_config(home.get().config)
    with warehouse_db.get_connection() as con:
        memories = served_memories(warehouse.read(con, MEMORY_VERSIONS))
        warehouse.ensure(con, SEARCH_DOCUMENTS)
        new_evidence = warehouse.read(
            con, EVIDENCE, "evidence_id not in (select doc_id from search_documents where kind = 'evidence')"
        )
        docs = search_documents(memories, new_evidence)
        held = warehouse.read(con, SEARCH_DOCUMENTS, "kind = 'memory'").sort("doc_id")
        added = 0
        if not docs.sort("doc_id").equals(held):  # the same memories and no new evidence: nothing is written again
            with warehouse.transaction(con):
                warehouse.delete_where(con, SEARCH_DOCUMENTS, "kind = 'memory'")
                added = warehouse.append_new(con, SEARCH_DOCUMENTS, docs, key="doc_id")
        total = con.execute("select count(*) from search_documents").fetchone()[0]
        embedded: dict[str, object] = {"dense": False}
        if config.dense:
            from mirror_pipeline.adapters.embedder import make_embedder

            served_docs = served_search_documents(memories, warehouse.read(con, EVIDENCE))
            embedder = make_embedder(config.embedder, config.model_path, config.e5_prefixes)
            embedded = {
                "dense": True,
                **index_store.refresh_embeddings(con, served_docs, embedder, config.embed_budget, config.embed_seconds),
            }
    return dg.MaterializeResult(
        metadata={
            "memories": len(memories),
            "new_evidence_indexed": len(new_evidence),
            "added": added,
            "documents": total,
            **embedded,
        }
    )
