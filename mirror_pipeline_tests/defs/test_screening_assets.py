"""The run reads an inbox file a batch at a time, and a file that breaks part-way adds nothing of itself."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import dagster as dg
import duckdb
import polars as pl

from mirror_pipeline.adapters.home import Home
from mirror_pipeline.adapters.inbox import import_file
from mirror_pipeline.defs.capture.assets import inbox_files
from mirror_pipeline.defs.resources import resources_for
from mirror_pipeline.defs.screening import assets as screening
from mirror_pipeline.defs.screening.checks import _digest, evidence_holds_no_secret

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


def test_the_evidence_check_reads_only_what_was_added_since_it_last_ran_and_still_finds_a_value_there(
    tmp_path: Path,
) -> None:
    """An idle run checks no row again (its check took 11 s on 20,000 rows, half an idle run); rows added after the
    last evaluation are checked, and a value that slipped into them is found (a row written past screening stands in
    for a screening bug: the check is the tripwire for exactly that)."""
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    import_file(home.inbox, FIXTURE)
    assets = [inbox_files, screening.screened_evidence, evidence_holds_no_secret]
    instance, resources = dg.DagsterInstance.ephemeral(), resources_for(home)

    def check() -> dg.AssetCheckEvaluation:
        result = dg.materialize(assets, instance=instance, resources=resources)
        assert result.success
        (evaluation,) = result.get_asset_check_evaluations()
        return evaluation

    first = check()
    total = _counts(home)[0]
    assert first.passed and first.metadata["new_rows_checked"].value == total > 0
    idle = check()
    assert idle.passed and idle.metadata["new_rows_checked"].value == 0
    con = duckdb.connect(str(home.warehouse))
    try:
        con.execute(
            "insert into evidence select * replace ("
            "'slipped' as evidence_id, 'the bot token is ghp_R8vK2mQ9xL4tZ7wB1nJ5cH3yF6dS0aP9gE2u' as raw_content, "
            "now() as captured_at) from evidence limit 1"
        )
    finally:
        con.close()
    later = check()
    assert not later.passed and later.metadata["new_rows_checked"].value == 1
    assert "ghp_" not in " ".join(str(m.value) for m in later.metadata.values())


def test_the_memories_check_is_skipped_only_while_the_tables_hold_what_it_checked() -> None:
    frames = {"memory_versions": pl.DataFrame({"content_text": ["a", "b"], "evidence_ids": [["e1"], ["e2"]]})}
    same = {"memory_versions": frames["memory_versions"].reverse()}  # rebuilt in another order
    edited = {"memory_versions": frames["memory_versions"].with_columns(pl.lit("b2").alias("content_text"))}
    assert _digest(frames) == _digest(same) != _digest(edited)
    assert _digest(frames) != _digest({"memory_versions": frames["memory_versions"].head(1)})
