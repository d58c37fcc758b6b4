"""The run reads an inbox file a batch at a time, and a file that breaks part-way adds nothing of itself."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import dagster as dg
import duckdb

from mirror_pipeline.adapters.home import Home
from mirror_pipeline.adapters.inbox import import_file
from mirror_pipeline.defs.capture.assets import inbox_files
from mirror_pipeline.defs.resources import resources_for
from mirror_pipeline.defs.screening import assets as screening

FIXTURE = Path(__file__).parents[1] / "adapters" / "fixtures" / "chatgpt_edge_cases.json"


def _counts(home: Home) -> tuple[int, int]:
    con = duckdb.connect(str(home.warehouse), read_only=True)
    try:
        evidence = con.execute("select count(*) from evidence").fetchone()[0]
        parsed = con.execute("select count(*) from parsed_files").fetchone()[0]
    finally:
        con.close()
    return evidence, parsed


def test_a_file_that_breaks_part_way_adds_nothing_and_is_read_whole_once_repaired(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(screening, "BATCH", 2)  # several batches written before the file breaks
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    stored = home.inbox / import_file(home.inbox, FIXTURE).stored_as
    assets = [inbox_files, screening.screened_evidence]
    resources = resources_for(home)
    assert dg.materialize(assets, selection=["inbox_files"], resources=resources).success
    whole = stored.read_bytes()
    stored.write_bytes(whole[: whole.rindex(b"\n{")])  # changed on disk after the manifest read it: cut at the end
    broken = dg.materialize(assets, selection=["screened_evidence", "secret_references"], resources=resources)
    assert broken.success
    meta = broken.asset_materializations_for_node("screened_evidence")[0].metadata
    assert meta["files_unreadable"].value == stored.relative_to(home.inbox).as_posix()
    assert _counts(home) == (0, 0)  # the first conversations' batches were rolled back with the rest
    stored.write_bytes(whole)
    assert dg.materialize(assets, selection=["screened_evidence", "secret_references"], resources=resources).success
    assert _counts(home) == (11, 1)


def test_a_warehouse_written_with_ids_of_another_format_is_rebuilt_once(tmp_path: Path) -> None:
    """Issue 9: ids are minted anew (core/ids.py); rows keyed by the old ids must not stay beside the new ones."""
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    import_file(home.inbox, FIXTURE)
    resources = resources_for(home)
    assert dg.materialize([inbox_files], resources=resources).success
    con = duckdb.connect(str(home.warehouse))
    try:
        con.execute("update warehouse_meta set value = 'ids-1' where key = 'ids'")
    finally:
        con.close()
    for expected in ("ids", "none"):
        result = dg.materialize([inbox_files], resources=resources)
        assert result.asset_materializations_for_node("inbox_files")[0].metadata["rebuilt_tables"].value == expected
