from __future__ import annotations

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.contracts.tables import MEMORY_CANDIDATES, MEMORY_ISSUES, MEMORY_VERSIONS, SECRET_REFERENCES
from mirror_pipeline.core.governance import govern, secret_reference_issues
from mirror_pipeline.core.rows import candidate_from_row, issue_row, memory_row, secret_reference_from_row
from mirror_pipeline.defs.resources import MirrorHome


@dg.multi_asset(
    specs=[
        dg.AssetSpec(
            "governed_memories",
            deps=["memory_candidates"],
            group_name="governance",
            kinds={"duckdb"},
            description="Your memories, every version kept: confirmed, waiting for you, in conflict or superseded, "
            "each with its evidence.",
        ),
        dg.AssetSpec(
            "memory_issues",
            deps=["memory_candidates", "secret_references"],
            group_name="governance",
            kinds={"duckdb"},
            description="What mi-mirror wants you to settle: confirmations and conflicts, each with a question.",
        ),
    ]
)
def governed_memories(home: MirrorHome, warehouse_db: DuckDBResource):
    """Apply the write policy (section 10.2): low-risk explicit statements are confirmed, the rest wait for you;
    a new value of a one-at-a-time fact (where you live) becomes a new version that supersedes the old one."""
    with warehouse_db.get_connection() as con:
        candidates = [candidate_from_row(r) for r in warehouse.read(con, MEMORY_CANDIDATES).iter_rows(named=True)]
        governed = govern(candidates, home.get().timezone)
        refs = [secret_reference_from_row(r) for r in warehouse.read(con, SECRET_REFERENCES).iter_rows(named=True)]
        issues = governed.issues + secret_reference_issues(refs)
        current = {m.version_id for m in governed.current}
        versions = MEMORY_VERSIONS.frame(
            [
                memory_row(m, is_current=m.version_id in current, labels=governed.labels[m.version_id])
                for m in governed.versions
            ]
        )
        with warehouse.transaction(con):
            warehouse.replace(con, MEMORY_VERSIONS, versions)
            warehouse.replace(con, MEMORY_ISSUES, MEMORY_ISSUES.frame([issue_row(i) for i in issues]))
    states = versions.filter(versions["is_current"]).group_by("state").len()
    yield dg.MaterializeResult(
        asset_key="governed_memories",
        metadata={
            "versions": len(versions),
            "current": len(current),
            **{f"state_{s}": n for s, n in states.iter_rows()},
        },
    )
    yield dg.MaterializeResult(asset_key="memory_issues", metadata={"open_issues": len(issues)})


@dg.asset_check(asset="governed_memories", blocking=True)
def every_memory_has_evidence(warehouse_db: DuckDBResource) -> dg.AssetCheckResult:
    """P2: a memory without evidence is not a memory. Every version must cite at least one evidence row that exists."""
    with warehouse_db.get_connection() as con:
        orphans = con.execute(
            "select count(*) from (select version_id, unnest(evidence_ids) as e from memory_versions) "
            "where e not in (select evidence_id from evidence)"
        ).fetchone()[0]
        empty = con.execute("select count(*) from memory_versions where len(evidence_ids) = 0").fetchone()[0]
    return dg.AssetCheckResult(
        passed=orphans == 0 and empty == 0, metadata={"dangling_evidence_refs": orphans, "without_evidence": empty}
    )
