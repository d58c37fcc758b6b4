"""The served snapshot: written whole into a new folder, then switched to by one atomic rename of the `served` link.

A reader that holds the old `context.duckdb` open keeps reading the old files (they are only unlinked later), and a
run that fails before the switch leaves the last good snapshot in place. A reader that reads more than one file
resolves the link once (`open_snapshot`) and reads every file of that read from the folder it found, so a publish
in between cannot give it half of one snapshot and half of the next.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mirror_pipeline.adapters import served_arrays
from mirror_pipeline.core.ids import letters

if TYPE_CHECKING:
    import polars as pl

KEEP_SNAPSHOTS = 3


def fingerprint(tables: dict[str, pl.DataFrame]) -> str:
    """A digest of the snapshot's content (order-independent), to tell whether a run changed anything."""
    digest = hashlib.sha256()
    for name in sorted(tables):
        df = tables[name]
        digest.update(name.encode())
        digest.update(str(df.schema).encode())
        if len(df):
            digest.update(df.hash_rows(seed=0).sort().to_numpy().tobytes())
    return digest.hexdigest()


def current_fingerprint(served: Path) -> str | None:
    meta = served / "snapshot_meta.parquet"
    if not meta.exists():
        return None
    if (served / "search_documents.parquet").exists() and not (served / served_arrays.FOLDER / "meta.json").exists():
        return None  # published before the memory-mapped search arrays: publish once more, so reads get them
    search = served / served_arrays.FOLDER
    if (search / "session.npy").exists() and not (search / "session_lexical_terms.json").exists():
        return None  # published before the conversations' index (search's conversation coverage): once more
    import polars as pl

    df = pl.read_parquet(meta)
    return str(df["fingerprint"][0]) if len(df) else None


def publish(
    served: Path, snapshots: Path, tables: dict[str, pl.DataFrame], print_: str, published_at: datetime, run_id: str
) -> None:
    """Write `tables` (whose `fingerprint` is `print_`) as a new snapshot and switch `served` to it."""
    import duckdb
    import polars as pl

    # dots, not dashes, between the parts: no screening rule reads the time and the run as one random-looking token
    name = f"{published_at.strftime('%Y%m%dT%H%M%S.%fZ')}.{letters(run_id.replace('-', '')[:8])}"
    folder = snapshots / name
    staging = snapshots / f".{name}.staging"
    staging.mkdir(parents=True, exist_ok=True)
    meta = pl.DataFrame(
        {
            "fingerprint": [print_],
            "published_at": [published_at],
            "run_id": [run_id],
            **{f"rows_{k}": [len(v)] for k, v in sorted(tables.items())},
        }
    )
    everything = {**tables, "snapshot_meta": meta}
    con = duckdb.connect(str(staging / "context.duckdb"))
    try:
        con.execute("set TimeZone = 'UTC'")
        for table_name, df in everything.items():
            df.write_parquet(staging / f"{table_name}.parquet")
            con.execute(f'create table "{table_name}" as select * from df')
        con.execute("checkpoint")
    finally:
        con.close()
    if "search_documents" in tables and "lexical_index" in tables:
        served_arrays.write(
            staging / served_arrays.FOLDER,
            tables["search_documents"],
            tables["lexical_index"],
            tables.get("search_vectors"),
            {name: tables[name] for name in served_arrays.SMALL_TABLES if name in tables},
            tables.get("session_lexical_index"),
        )
    os.replace(staging, folder)
    link = served.with_name(f".served-{name}")
    os.symlink(os.path.relpath(folder, served.parent), link)
    if served.exists() and not served.is_symlink():
        # a pre-existing real folder (written by hand): keep it aside, the link takes its place
        os.replace(served, served.with_name("served.previous"))
    os.replace(link, served)
    _prune(snapshots, keep=folder)


def _prune(snapshots: Path, keep: Path) -> None:
    folders = sorted(p for p in snapshots.iterdir() if p.is_dir() and not p.name.startswith("."))
    for old in folders[:-KEEP_SNAPSHOTS]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


@dataclass(frozen=True)
class Snapshot:
    """One published snapshot: the folder the `served` link pointed to when it was opened."""

    folder: Path

    @property
    def duckdb(self) -> Path:
        return self.folder / "context.duckdb"

    def table(self, name: str, columns: list[str] | None = None) -> pl.DataFrame:
        """A served table, or only its `columns` (read alone from the parquet file)."""
        path = self.folder / f"{name}.parquet"
        if not path.exists():
            raise FileNotFoundError(f"the served snapshot {self.folder.name} has no table {name}: run `mirror run`")
        import polars as pl

        return pl.read_parquet(path, columns=columns)

    def rows_where(self, name: str, column: str, values: Iterable[str]) -> list[dict[str, Any]]:
        """The rows of table `name` whose `column` is one of `values`, in the table's order, read by DuckDB from
        the parquet file (row groups pruned by their statistics): `show` of one memory reads its few evidence rows,
        not a million. Rows as pyarrow gives them (the same values as a whole-table read); [] without the table."""
        wanted = sorted({str(v) for v in values})
        path = self.folder / f"{name}.parquet"
        if not wanted or not path.exists():
            return []
        import duckdb

        con = duckdb.connect()
        try:
            con.execute("set TimeZone = 'UTC'")
            table = con.execute(
                f'select * from read_parquet(?, file_row_number = true) where "{column}" in (select unnest(?))'
                " order by file_row_number",
                [str(path), wanted],
            ).fetch_arrow_table()
        finally:
            con.close()
        return table.drop_columns(["file_row_number"]).to_pylist()


def open_snapshot(served: Path) -> Snapshot:
    """The snapshot `served` points to now (the link resolved once); FileNotFoundError when none was published."""
    folder = served.resolve()
    if not (folder / "snapshot_meta.parquet").exists():
        raise FileNotFoundError(f"no served snapshot at {served}: run `mirror run` first")
    return Snapshot(folder)


def read_table(served: Path, name: str) -> pl.DataFrame:
    """One table of the snapshot served now (a read of several tables opens one snapshot and reads them from it)."""
    return open_snapshot(served).table(name)
