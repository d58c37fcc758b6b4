from datetime import date
from pathlib import Path

import dagster as dg
import duckdb

from mirror_pipeline.adapters.home import Home
from mirror_pipeline.adapters.inbox import import_file
from mirror_pipeline.definitions import build_defs, defs
from mirror_pipeline.defs.resources import resources_for
from mirror_pipeline_tests.conftest import SAMPLES

PIPELINE_ASSETS = {
    "inbox_files",
    "screened_evidence",
    "secret_references",
    "memory_candidates",
    "governed_memories",
    "memory_issues",
    "search_index",
    "served_snapshot",
    "forgetting_applied",
}
REVIEW_ASSETS = {"daily_review", "weekly_review", "monthly_review"}


def test_the_definitions_load_and_expose_the_graph_checks_and_schedules() -> None:
    graph = defs.resolve_asset_graph()
    keys = {k.to_user_string() for k in graph.get_all_asset_keys()}
    assert keys == PIPELINE_ASSETS | REVIEW_ASSETS
    checks = {c.name for c in graph.asset_check_keys}
    assert {"evidence_holds_no_secret", "every_memory_has_evidence", "memories_are_consistent"} <= checks
    schedules = {s.name: s.cron_schedule for s in defs.schedules}
    assert schedules == {
        "daily_review_schedule": "0 6 * * *",
        "weekly_review_schedule": "0 7 * * 1",
        "monthly_review_schedule": "0 8 1 * *",
    }
    assert all(s.default_status == dg.DefaultScheduleStatus.RUNNING for s in defs.schedules)  # on without a click
    for name in ("mirror_job", "daily_job", "weekly_job", "monthly_job"):
        assert defs.resolve_job_def(name) is not None
    for key in graph.get_all_asset_keys():
        assert graph.get(key).description, f"{key} has no docstring for the UI"


def test_the_graph_materializes_on_a_temporary_home(tmp_path: Path) -> None:
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    for sample in sorted(SAMPLES.rglob("*.*")):
        assert import_file(home.inbox, sample).status == "accepted"
    test_defs = build_defs(home)
    job = test_defs.resolve_job_def("weekly_job")
    result = job.execute_in_process(instance=dg.DagsterInstance.ephemeral())
    assert result.success
    assert (home.served / "context.duckdb").exists() and (home.served / "memories.parquet").exists()
    weekly = next((home.reviews / "weekly").glob("*.md")).read_text(encoding="utf-8")
    assert "works at A Company" in weekly  # a pending_review memory, listed for confirmation
    con = duckdb.connect(str(home.served / "context.duckdb"), read_only=True)
    states = dict(con.execute("select state, count(*) from memories group by state").fetchall())
    con.close()
    assert states.get("confirmed", 0) >= 1 and states.get("pending_review", 0) >= 1
    assert "superseded" not in states


def test_the_inbox_sensor_launches_a_run_when_the_inbox_changes_and_only_then(tmp_path: Path) -> None:
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    test_defs = build_defs(home)
    (sensor,) = (s for s in test_defs.sensors if s.name == "inbox_sensor")
    assert sensor.job_name == "mirror_job" and sensor.default_status == dg.DefaultSensorStatus.RUNNING

    def evaluate(cursor: str | None) -> dg.SensorResult | dg.SkipReason:
        with dg.build_sensor_context(cursor=cursor, resources=resources_for(home)) as context:
            return sensor(context)

    empty = evaluate(None)
    assert not empty.run_requests and empty.cursor  # nothing to read yet
    assert import_file(home.inbox, SAMPLES / "chatgpt" / "conversations.json").status == "accepted"
    added = evaluate(empty.cursor)
    assert len(added.run_requests) == 1 and added.cursor != empty.cursor
    assert isinstance(evaluate(added.cursor), dg.SkipReason)  # unchanged: no second run
    dropped = home.inbox / "2026-10-03.md"
    dropped.write_bytes((SAMPLES / "journal" / "2026-10-03.md").read_bytes())  # dropped in by hand
    by_hand = evaluate(added.cursor)
    assert len(by_hand.run_requests) == 1 and by_hand.run_requests[0].run_key != added.run_requests[0].run_key
