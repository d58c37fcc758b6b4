from datetime import UTC, datetime

import dagster as dg
import polars as pl
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
    WITHHELD_EVIDENCE,
)
from mirror_pipeline.core import quarantine, serving
from mirror_pipeline.core.rows import issue_row
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
    now = datetime.now(UTC)
    with warehouse_db.get_connection() as con:
        versions = warehouse.read(con, MEMORY_VERSIONS)
        evidence = warehouse.read(con, EVIDENCE)
        tables = {
            "memories": serving.served_memories(versions),
            "evidence": evidence.drop("captured_at", "message_key"),
            "open_issues": serving.open_issues(warehouse.read(con, MEMORY_ISSUES)),
            "secret_references": warehouse.read(con, SECRET_REFERENCES),
            "inbox_files": warehouse.read(con, INBOX_FILES).drop("seen_at"),
        }
        withheld_evidence = set(warehouse.read(con, WITHHELD_EVIDENCE)["evidence_id"].to_list())
        # vectors filled in since the last publish change the served index, though no content changed
        vectors = search_index.vector_count(con, search_index.model_id(h.config))
    # section 16.3: which memories tasks used, folded from the access log
    tables["memory_accesses"] = accesses.fold(h.audit / "accesses.jsonl")
    tables["timeline"] = serving.timeline(tables["memories"], evidence, h.timezone.key)
    tables["relationships"] = serving.relationships(tables["memories"])
    # the fingerprint of what the warehouse holds: the same content is withheld the same way, so a run that changed
    # nothing screens nothing again; reads alone do not republish either (access counts, 16.3, ride along when the
    # content changes)
    print_ = snapshot.fingerprint(
        {
            **{k: v for k, v in tables.items() if k != "memory_accesses"},
            "withheld_evidence": pl.DataFrame({"e": sorted(withheld_evidence)}),
            "vectors": pl.DataFrame({"n": [vectors]}),
        }
    )
    if snapshot.current_fingerprint(h.served) == print_:
        return dg.MaterializeResult(metadata={"published": False, **{f"rows_{k}": len(v) for k, v in tables.items()}})
    # checked against their contracts before they are published (what is served already was, as it is: a validation
    # changes no value, so the fingerprint is the same before and after)
    for name, table in (("timeline", TIMELINE), ("relationships", RELATIONSHIPS), ("memories", SERVED_MEMORIES)):
        tables[name] = table.validate(tables[name])
    # a row whose text still looks like a secret is withheld (with what was derived from it), and the person is asked
    # to look at that place in that file: the rest is published, never a home locked out (issue 9)
    tables, withheld = quarantine.withhold(tables, withheld_evidence)
    issues = quarantine.withheld_issues(withheld, evidence, now)
    if issues:
        asked = MEMORY_ISSUES.frame([issue_row(i) for i in issues])
        tables["open_issues"] = serving.open_issues(pl.concat([tables["open_issues"], asked]))
    with warehouse_db.get_connection() as con:
        # the search index of exactly what is served, withheld rows already out (issue 12): documents, BM25
        # postings, vectors
        tables.update(
            search_index.served_index(
                con, tables["memories"], tables["evidence"], search_index.model_id(h.config), versions
            )
        )
    rows = {f"rows_{k}": len(v) for k, v in tables.items()}
    quarantined = {
        "quarantined_rows": len(withheld),
        # table and column names only, never a value
        "quarantined_where": ", ".join(sorted({f"{w.table}.{c}" for w in withheld for c in w.columns})) or "none",
    }
    snapshot.publish(h.served, h.snapshots, tables, print_, now, context.run_id)
    return dg.MaterializeResult(metadata={"published": True, "fingerprint": print_, **rows, **quarantined})
