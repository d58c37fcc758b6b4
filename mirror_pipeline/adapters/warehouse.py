"""The pipeline's working database (DuckDB): typed reads and writes of contract tables.

Everything in the warehouse is derived from the inbox and the decisions, so a table whose columns no longer match
its contract (after an upgrade) is dropped and rebuilt rather than migrated.
"""

from __future__ import annotations

import duckdb
import polars as pl

from mirror_pipeline.contracts.tables import Table


def _columns(con: duckdb.DuckDBPyConnection, name: str) -> list[str] | None:
    rows = con.execute(
        "select column_name from information_schema.columns where table_name = ? order by ordinal_position", [name]
    ).fetchall()
    return [r[0] for r in rows] or None


def ensure(con: duckdb.DuckDBPyConnection, table: Table) -> None:
    con.execute("set TimeZone = 'UTC'")
    existing = _columns(con, table.name)
    if existing is not None and existing != list(table.schema.names()):
        con.execute(f'drop table "{table.name}"')
        existing = None
    if existing is None:
        empty = table.empty()  # noqa: F841 (read by DuckDB's replacement scan)
        con.execute(f'create table "{table.name}" as select * from empty')


def read(con: duckdb.DuckDBPyConnection, table: Table, where: str = "true", params: list | None = None) -> pl.DataFrame:
    ensure(con, table)
    df = con.execute(f'select * from "{table.name}" where {where}', params or []).pl()
    return df.cast(dict(table.schema)) if len(df) else table.empty()


def replace(con: duckdb.DuckDBPyConnection, table: Table, df: pl.DataFrame) -> None:
    ensure(con, table)
    frame = table.validate(df)  # noqa: F841
    con.execute("begin")
    con.execute(f'delete from "{table.name}"')
    con.execute(f'insert into "{table.name}" select * from frame')
    con.execute("commit")


def append_new(con: duckdb.DuckDBPyConnection, table: Table, df: pl.DataFrame, key: str) -> int:
    """Insert the rows whose key is not there yet; returns how many were new."""
    ensure(con, table)
    frame = table.validate(df.unique(subset=key, keep="first", maintain_order=True))  # noqa: F841
    before = con.execute(f'select count(*) from "{table.name}"').fetchone()[0]
    con.execute(
        f'insert into "{table.name}" select * from frame where "{key}" not in (select "{key}" from "{table.name}")'
    )
    return con.execute(f'select count(*) from "{table.name}"').fetchone()[0] - before


def delete_where(con: duckdb.DuckDBPyConnection, table: Table, where: str, params: list | None = None) -> None:
    ensure(con, table)
    con.execute(f'delete from "{table.name}" where {where}', params or [])
