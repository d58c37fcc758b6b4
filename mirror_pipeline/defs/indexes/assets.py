from __future__ import annotations

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.contracts.tables import EVIDENCE, MEMORY_VERSIONS, SEARCH_DOCUMENTS
from mirror_pipeline.core.serving import search_documents, served_memories


@dg.asset(deps=["governed_memories", "screened_evidence"], group_name="indexes", kinds={"duckdb"})
def search_index(warehouse_db: DuckDBResource) -> dg.MaterializeResult:
    """What `mirror search` and the context assembly search: your memories and evidence with their search terms
    (Chinese by character pairs, English by words). Secret references are not searchable."""
    with warehouse_db.get_connection() as con:
        memories = served_memories(warehouse.read(con, MEMORY_VERSIONS))
        docs = search_documents(memories, warehouse.read(con, EVIDENCE))
        warehouse.replace(con, SEARCH_DOCUMENTS, docs)
    return dg.MaterializeResult(metadata={"documents": len(docs)})
