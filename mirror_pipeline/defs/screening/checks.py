"""Checks behind the secret boundary: evidence, memories and the served snapshot hold no value of the person's data that
matches a secret pattern (a Great Expectations suite, see adapters/expectations.py). Screening runs before any write;
these are the tripwire that says so if something ever slipped past it. They warn and never stop the run: the serving
stage withholds such a row and asks the person about it (quarantine, not lock-out: issue 9). They stay blocking so
that a check that cannot run at all (an error, not a finding) still stops what it guards."""

import hashlib
from datetime import UTC, datetime

import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.expectations import SecretExpectations, rules_key, secret_expectation_failures
from mirror_pipeline.contracts.tables import (
    CHECKED_TEXTS,
    EVIDENCE,
    MEMORY_ISSUES,
    MEMORY_VERSIONS,
    SECRET_REFERENCES,
    Table,
)
from mirror_pipeline.defs.resources import MirrorHome


def _result(outcome: SecretExpectations, tables: int, **more) -> dg.AssetCheckResult:
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
            # texts an earlier check had found clean under the same rules (by digest), not checked again
            "values_known_clean": outcome.known,
            **more,
        },
    )


def _screened(warehouse_db: DuckDBResource, frames: dict[str, pl.DataFrame]) -> SecretExpectations:
    """The suite over `frames`, skipping the texts an earlier check found clean under the same rules and remembering
    the ones found clean now (CHECKED_TEXTS: digests only)."""

    def known_clean(digests: list[str]) -> set[str]:
        asked = pl.DataFrame({"text_digest": digests})  # noqa: F841 (read by DuckDB's replacement scan)
        with warehouse_db.get_connection() as con:
            # digests kept under earlier rules are never matched again: dropped at the first check under new ones
            warehouse.reset_if_changed(con, (CHECKED_TEXTS,), {CHECKED_TEXTS.name: rules_key().hex()})
            warehouse.ensure(con, CHECKED_TEXTS)
            found = con.execute(
                "select text_digest from checked_texts where text_digest in (select text_digest from asked)"
            ).fetchall()
        return {d for (d,) in found}

    outcome = secret_expectation_failures(frames, known_clean)
    if outcome.clean_digests:
        with warehouse_db.get_connection() as con:
            warehouse.append_new(
                con, CHECKED_TEXTS, pl.DataFrame({"text_digest": list(outcome.clean_digests)}), key="text_digest"
            )
    return outcome


def _check_warehouse(warehouse_db: DuckDBResource, *tables: Table) -> dg.AssetCheckResult:
    with warehouse_db.get_connection() as con:
        frames = {table.name: warehouse.read(con, table) for table in tables}
    return _result(_screened(warehouse_db, frames), len(frames))


EVIDENCE_CHECK = dg.AssetCheckKey(dg.AssetKey("screened_evidence"), "evidence_holds_no_secret")


def _earlier(context: dg.AssetCheckExecutionContext, key: dg.AssetCheckKey, field: str) -> str | None:
    """`field` of the metadata of the latest evaluation of the check `key` in an earlier run, if any. (This run's own
    record is there already, planned and without an evaluation: the history is read past it.)"""
    for record in context.instance.event_log_storage.get_asset_check_execution_history(key, limit=5):
        evaluation = record.event.dagster_event.event_specific_data if record.event else None
        value = getattr(evaluation, "metadata", {}).get(field)
        if record.run_id != context.run.run_id and value is not None:
            return value.value
    return None


@dg.asset_check(asset="screened_evidence", blocking=True)
def evidence_holds_no_secret(
    context: dg.AssetCheckExecutionContext, warehouse_db: DuckDBResource
) -> dg.AssetCheckResult:
    """No evidence text (nor a secret reference's label or hint) added since the last check matches a secret pattern.

    Evidence is only ever added (a change of rules rebuilds it whole, with a new `captured_at`): the rows an earlier
    evaluation covered are not read again, so an idle run checks nothing and a daily run checks the day's rows. Without
    a record of an earlier evaluation (a first run, a home whose run history was cleared) the last screening's rows are
    checked."""
    with warehouse_db.get_connection() as con:
        for table in (EVIDENCE, SECRET_REFERENCES):
            warehouse.ensure(con, table)
        latest = con.execute("select max(captured_at) from evidence").fetchone()[0]
    if latest is None:
        return _check_warehouse(warehouse_db, EVIDENCE, SECRET_REFERENCES)
    through = latest.astimezone(UTC).isoformat()
    earlier = _earlier(context, EVIDENCE_CHECK, "checked_through")
    before = datetime.fromisoformat(earlier) if earlier else None
    if before is not None and before >= latest:
        return dg.AssetCheckResult(passed=True, metadata={"checked_through": through, "new_rows_checked": 0})
    evidence = (
        f"captured_at > '{before.isoformat()}'::timestamptz"
        if before is not None
        else "captured_at >= (select max(captured_at) from evidence)"
    )
    with warehouse_db.get_connection() as con:
        frames = {
            EVIDENCE.name: warehouse.read(con, EVIDENCE, evidence),
            SECRET_REFERENCES.name: warehouse.read(
                con, SECRET_REFERENCES, f"evidence_id in (select evidence_id from evidence where {evidence})"
            ),
        }
    outcome = _screened(warehouse_db, frames)
    return _result(outcome, len(frames), checked_through=through, new_rows_checked=frames[EVIDENCE.name].height)


MEMORIES_CHECK = dg.AssetCheckKey(dg.AssetKey("governed_memories"), "memories_hold_no_secret")


def _digest(frames: dict[str, pl.DataFrame]) -> str:
    """What the frames hold, as one hash (row order aside). Polars keeps a row hash stable within a version only: a
    new version changes the digest, and the tables are checked again (the safe way to be wrong)."""
    digest = hashlib.sha256()
    for name, frame in sorted(frames.items()):
        digest.update(f"{name}:{frame.height}:{pl.__version__}".encode())
        digest.update(frame.hash_rows(seed=0).sort().to_numpy().tobytes())
    return digest.hexdigest()


@dg.asset_check(asset="governed_memories", blocking=True)
def memories_hold_no_secret(
    context: dg.AssetCheckExecutionContext, warehouse_db: DuckDBResource
) -> dg.AssetCheckResult:
    """No memory version (nor an issue's question) matches a secret pattern. Governance rebuilds both tables each run:
    when they hold what an earlier evaluation checked (same digest), they are not checked again."""
    with warehouse_db.get_connection() as con:
        frames = {table.name: warehouse.read(con, table) for table in (MEMORY_VERSIONS, MEMORY_ISSUES)}
    digest = _digest(frames)
    if _earlier(context, MEMORIES_CHECK, "digest") == digest:
        return dg.AssetCheckResult(passed=True, metadata={"digest": digest, "unchanged_since_checked": True})
    return _result(_screened(warehouse_db, frames), len(frames), digest=digest)


@dg.asset_check(asset="served_snapshot", blocking=True)
def served_snapshot_holds_no_secret(
    context: dg.AssetCheckExecutionContext, home: MirrorHome, warehouse_db: DuckDBResource
) -> dg.AssetCheckResult:
    """What agents read, as published: no value in any served parquet table matches a secret pattern. A snapshot
    an earlier run published was checked by that run: a run that published nothing has nothing new to check."""
    served = home.get().served
    meta = served / "snapshot_meta.parquet"
    if meta.exists() and pl.read_parquet(meta, columns=["run_id"])["run_id"].to_list() != [context.run.run_id]:
        return dg.AssetCheckResult(passed=True, metadata={"checked_when_published": True})
    tables = {path.stem: pl.read_parquet(path) for path in sorted(served.glob("*.parquet"))} if served.exists() else {}
    return _result(_screened(warehouse_db, tables), len(tables))
