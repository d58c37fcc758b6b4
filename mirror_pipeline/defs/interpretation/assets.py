from __future__ import annotations

from datetime import UTC, datetime

import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.contracts.tables import EVIDENCE, INTERPRETED_EVIDENCE, MEMORY_CANDIDATES
from mirror_pipeline.core.extraction import EXTRACTOR_VERSION, extract
from mirror_pipeline.core.rows import candidate_row, evidence_from_row
from mirror_pipeline.defs.resources import MirrorHome


@dg.asset(deps=["screened_evidence"], group_name="interpretation", kinds={"duckdb"}, code_version=EXTRACTOR_VERSION)
def memory_candidates(home: MirrorHome, warehouse_db: DuckDBResource) -> dg.MaterializeResult:
    """What your own words suggest about you (where you live, work, what you prefer, who is who), each tied to
    the evidence and the exact span that supports it. Candidates are proposals, not memories yet.

    Only evidence this extractor version has not read is interpreted (keyed by evidence, its content hash, the
    extractor version and the home's timezone); a new extractor version re-reads everything."""
    now = datetime.now(UTC)
    tz = home.get().timezone
    read_with = f"{EXTRACTOR_VERSION}@{tz.key}"  # relative times are resolved on the person's calendar
    with warehouse_db.get_connection() as con:
        warehouse.ensure(con, INTERPRETED_EVIDENCE)
        # evidence whose text changed (screening rules moved), read by another extractor version or timezone
        stale = (
            "evidence_id in (select i.evidence_id from interpreted_evidence i left join evidence e using (evidence_id)"
            " where i.extractor_version <> ? or e.content_hash is distinct from i.content_hash)"
        )
        with warehouse.transaction(con):
            warehouse.delete_where(
                con, MEMORY_CANDIDATES, f"extractor_version <> ? or {stale}", [EXTRACTOR_VERSION, read_with]
            )
            warehouse.delete_where(con, INTERPRETED_EVIDENCE, stale, [read_with])
        pending = warehouse.read(con, EVIDENCE, "evidence_id not in (select evidence_id from interpreted_evidence)")
        rows: list[dict] = []
        read: list[tuple[str, str]] = []
        failed: list[str] = []
        for e in pending.iter_rows(named=True):
            try:
                candidates = extract(evidence_from_row(e), tz)
            except Exception as err:  # one message the extractor trips on must not stop every later run
                failed.append(f"{e['evidence_id']} ({type(err).__name__})")
                continue
            rows.extend(candidate_row(c, now) for c in candidates)
            read.append((e["evidence_id"], e["content_hash"]))
        done = pl.DataFrame(
            {
                "evidence_id": [r[0] for r in read],
                "content_hash": [r[1] for r in read],
                "extractor_version": [read_with] * len(read),
            },
            schema=dict(INTERPRETED_EVIDENCE.schema),
        )
        with warehouse.transaction(con):
            added = warehouse.append_new(con, MEMORY_CANDIDATES, MEMORY_CANDIDATES.frame(rows), key="candidate_id")
            warehouse.append_new(con, INTERPRETED_EVIDENCE, done, key="evidence_id")
    return dg.MaterializeResult(
        metadata={
            "evidence_read": len(read),
            "evidence_failed": ", ".join(failed[:20]) or "none",
            "new_candidates": added,
            "extractor_version": EXTRACTOR_VERSION,
        }
    )
