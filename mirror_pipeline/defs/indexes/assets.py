from __future__ import annotations

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.contracts.tables import EVIDENCE, MEMORY_VERSIONS, SEARCH_DOCUMENTS
from mirror_pipeline.core.serving import search_documents, served_memories


@dg.asset(deps=["governed_memories", "screened_evidence"], group_name="indexes", kinds={"duckdb"})
def search_index(warehouse_db: DuckDBResource) -> dg.MaterializeResult:
    """What `mirror search` and the context assembly search: your memories and evidence with their search terms
    (Chinese by character pairs, English by words). Secret references are not searchable.

    Evidence never changes once written, so only new evidence is indexed; memories are re-indexed every run."""
    with warehouse_db.get_connection() as con:
        memories = served_memories(warehouse.read(con, MEMORY_VERSIONS))
        warehouse.ensure(con, SEARCH_DOCUMENTS)
        new_evidence = warehouse.read(
            con, EVIDENCE, "evidence_id not in (select doc_id from search_documents where kind = 'evidence')"
        )
        docs = search_documents(memories, new_evidence)
        with warehouse.transaction(con):
            warehouse.delete_where(con, SEARCH_DOCUMENTS, "kind = 'memory'")
            added = warehouse.append_new(con, SEARCH_DOCUMENTS, docs, key="doc_id")
        total = con.execute("select count(*) from search_documents").fetchone()[0]
    return dg.MaterializeResult(
        metadata={
            "memories": len(memories),
            "new_evidence_indexed": len(new_evidence),
            "added": added,
            "documents": total,
        }
    )
