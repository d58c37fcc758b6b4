from datetime import UTC, datetime

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import accesses, search_index, snapshot, warehouse
from mirror_pipeline.contracts.tables import (
    EVIDENCE,
    INBOX_FILES,
    MEMORY_ISSUES,
    MEMORY_VERSIONS,
    RELATIONSHIPS,
    SECRET_REFERENCES,
    SERVED_MEMORIES,
    TIMELINE,
)
from mirror_pipeline.core import serving
from mirror_pipeline.defs.resources import MirrorHome


@dg.asset(
    deps=["search_index", "memory_issues", "secret_references", "inbox_files"],
    group_name="serving",
    kinds={"duckdb", "parquet"},
)
def served_snapshot(
    context: dg.AssetExecutionContext, home: MirrorHome, warehouse_db: DuckDBResource
) -> dg.MaterializeResult:
    """What agents read: `served/context.duckdb` and one parquet file per table, replaced in one atomic step at the
    end of a successful run. Deleted and superseded memories are absent; unconfirmed and conflicting ones are
    labelled."""
    h = home.get()
    with warehouse_db.get_connection() as con:
        versions = warehouse.read(con, MEMORY_VERSIONS)
        evidence = warehouse.read(con, EVIDENCE)
        tables = {
            "memories": serving.served_memories(versions),
            "evidence": evidence.drop("captured_at"),
            "open_issues": serving.open_issues(warehouse.read(con, MEMORY_ISSUES)),
            "secret_references": warehouse.read(con, SECRET_REFERENCES),
            "inbox_files": warehouse.read(con, INBOX_FILES).drop("seen_at"),
        }
        # the search index of exactly what is served (issue 12): documents, BM25 postings, vectors
        tables.update(
            search_index.served_index(
                con, tables["memories"], tables["evidence"], search_index.model_id(h.config), versions
            )
        )
    # section 16.3: which memories tasks used, folded from the access log
    tables["memory_accesses"] = accesses.fold(h.audit / "accesses.jsonl")
    tables["timeline"] = TIMELINE.validate(serving.timeline(tables["memories"], evidence, h.timezone.key))
    tables["relationships"] = RELATIONSHIPS.validate(serving.relationships(tables["memories"]))
    tables["memories"] = SERVED_MEMORIES.validate(tables["memories"])
    rows = {f"rows_{k}": len(v) for k, v in tables.items()}
    # reads alone do not republish: access counts (16.3) ride along whenever the content changes
    print_ = snapshot.fingerprint({k: v for k, v in tables.items() if k != "memory_accesses"})
    if (
        snapshot.current_fingerprint(h.served) == print_
    ):  # nothing new: the served snapshot stays as it is (and was checked when it was published)
        return dg.MaterializeResult(metadata={"published": False, **rows})
    leaking = serving.tables_matching_secret_patterns(tables)
    if leaking:
        # never publish a snapshot that matches a secret pattern; the last good one stays served
        raise RuntimeError(f"refusing to publish: secret patterns found in {leaking}")
    snapshot.publish(h.served, h.snapshots, tables, print_, datetime.now(UTC), context.run_id)
    return dg.MaterializeResult(metadata={"published": True, "fingerprint": print_, **rows})
