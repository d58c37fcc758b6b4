"""Checks behind the secret boundary: evidence, memories and the served snapshot hold no value of the person's data that
matches a secret pattern (a Great Expectations suite, see adapters/expectations.py). Screening runs before any write;
these are the tripwire that says so if something ever slipped past it. They warn and never stop the run: the serving
stage withholds such a row and asks the person about it (quarantine, not lock-out: issue 9). They stay blocking so
that a check that cannot run at all (an error, not a finding) still stops what it guards."""

import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.expectations import SecretExpectations, secret_expectation_failures
from mirror_pipeline.contracts.tables import EVIDENCE, MEMORY_ISSUES, MEMORY_VERSIONS, SECRET_REFERENCES, Table
from mirror_pipeline.defs.resources import MirrorHome


def _result(outcome: SecretExpectations, tables: int) -> dg.AssetCheckResult:
    # A value found here is withheld from the served snapshot with everything derived from it, and the person is asked
    # about that place in that file (served_snapshot, core/quarantine.py): a warning, never a run that stops, because
    # a row in the warehouse does not change by itself and a failing check would block every later run (issue 9).
    return dg.AssetCheckResult(
        passed=outcome.passed,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "withheld_from_snapshot": not outcome.passed,
            "tables_checked": tables,
            "values_checked": outcome.values_checked,
            # column names only: a value that failed may be a secret
            "failing_columns": ", ".join(outcome.failing_columns) or "none",
        },
    )


def _check_warehouse(warehouse_db: DuckDBResource, *tables: Table, where: str = "true") -> dg.AssetCheckResult:
    with warehouse_db.get_connection() as con:
        frames = {table.name: warehouse.read(con, table, where) for table in tables}
    return _result(secret_expectation_failures(frames), len(frames))


@dg.asset_check(asset="screened_evidence", blocking=True)
def evidence_holds_no_secret(warehouse_db: DuckDBResource) -> dg.AssetCheckResult:
    """No evidence text (nor a secret reference's label or hint) of the last screening matches a secret pattern.

    Evidence is only ever added (a change of rules rebuilds it whole): the rows an earlier run added were checked by
    that run, so a run checks the rows of the last screening, not 100,000 rows again every time."""
    with warehouse_db.get_connection() as con:
        for table in (EVIDENCE, SECRET_REFERENCES):
            warehouse.ensure(con, table)
        latest = con.execute("select max(captured_at) from evidence").fetchone()[0]
    if latest is None:
        return _check_warehouse(warehouse_db, EVIDENCE, SECRET_REFERENCES)
    evidence = "captured_at >= (select max(captured_at) from evidence)"
    with warehouse_db.get_connection() as con:
        frames = {
            EVIDENCE.name: warehouse.read(con, EVIDENCE, evidence),
            SECRET_REFERENCES.name: warehouse.read(
                con, SECRET_REFERENCES, f"evidence_id in (select evidence_id from evidence where {evidence})"
            ),
        }
    return _result(secret_expectation_failures(frames), len(frames))


@dg.asset_check(asset="governed_memories", blocking=True)
def memories_hold_no_secret(warehouse_db: DuckDBResource) -> dg.AssetCheckResult:
    """No memory version (nor an issue's question) matches a secret pattern."""
    return _check_warehouse(warehouse_db, MEMORY_VERSIONS, MEMORY_ISSUES)


@dg.asset_check(asset="served_snapshot", blocking=True)
def served_snapshot_holds_no_secret(context: dg.AssetCheckExecutionContext, home: MirrorHome) -> dg.AssetCheckResult:
    """What agents read, as published: no value in any served parquet table matches a secret pattern. A snapshot
    an earlier run published was checked by that run: a run that published nothing has nothing new to check."""
    served = home.get().served
    meta = served / "snapshot_meta.parquet"
    if meta.exists() and pl.read_parquet(meta, columns=["run_id"])["run_id"].to_list() != [context.run.run_id]:
        return dg.AssetCheckResult(passed=True, metadata={"checked_when_published": True})
    tables = {path.stem: pl.read_parquet(path) for path in sorted(served.glob("*.parquet"))} if served.exists() else {}
    return _result(secret_expectation_failures(tables), len(tables))
