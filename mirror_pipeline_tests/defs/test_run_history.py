"""The run history of a home stays true: a killed run does not stay STARTED, and the UI launches no run when nothing
changed (issue 9)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import dagster as dg
import pytest

from mirror_pipeline_tests.conftest import SAMPLES, mirror, mirror_json


def _instance(home: Path) -> dg.DagsterInstance:
    os.environ["DAGSTER_HOME"] = str(home / "dagster")
    return dg.DagsterInstance.get()


@pytest.mark.slow
def test_a_run_killed_with_kill_9_is_marked_failed_with_the_reason_at_the_next_status(
    fresh_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DAGSTER_HOME", str(fresh_home / "dagster"))
    mirror(fresh_home, "import", str(SAMPLES))
    env = {**os.environ, "DAGSTER_DISABLE_TELEMETRY": "1"}
    env.pop("DAGSTER_HOME", None)
    run = subprocess.Popen(
        [sys.executable, "-m", "mirror_pipeline.cli", "--home", str(fresh_home), "run"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    instance = _instance(fresh_home)
    deadline = time.monotonic() + 120
    started = []
    while time.monotonic() < deadline and not started and run.poll() is None:
        started = instance.get_runs(filters=dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED]))
        time.sleep(0.05)
    assert started, "the run ended before it could be killed"
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    assert instance.get_run_by_id(started[0].run_id).status == dg.DagsterRunStatus.STARTED  # what kill -9 left

    status = mirror_json(fresh_home, "status")
    assert status["last_run"]["status"] == "FAILURE"
    failure = instance.get_records_for_run(started[0].run_id, of_type=dg.DagsterEventType.RUN_FAILURE).records
    assert failure and f"pid {run.pid}" in (failure[0].event_log_entry.dagster_event.message or "")
    mirror(fresh_home, "run")  # the home goes on: the next run succeeds
    assert mirror_json(fresh_home, "status")["last_run"]["status"] == "SUCCESS"


@pytest.mark.slow
def test_the_inbox_sensor_launches_no_run_when_nothing_changed_since_the_last_run(copied_home: Path) -> None:
    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.defs.capture.sensors import inbox_sensor
    from mirror_pipeline.defs.resources import MirrorHome

    instance = _instance(copied_home)
    resources = {"home": MirrorHome(root=str(Home.resolve(copied_home).root))}
    # the UI's first tick: no cursor yet, the inbox full, and `mirror run` already read all of it
    first = inbox_sensor(dg.build_sensor_context(instance=instance, cursor=None, resources=resources))
    assert isinstance(first, dg.SensorResult) and not first.run_requests and first.cursor
    (copied_home / "inbox" / "2024-06-01.md").write_text("A new day.\n", encoding="utf-8")
    changed = inbox_sensor(dg.build_sensor_context(instance=instance, cursor=first.cursor, resources=resources))
    assert isinstance(changed, dg.SensorResult) and len(changed.run_requests or []) == 1


def test_a_run_the_ui_s_ctrl_c_failed_is_marked_canceled_and_an_earlier_failure_stays(tmp_path: Path) -> None:
    # REVIEW-19 #6: Ctrl-C on `mirror ui` while its sensor launched a run left that run FAILURE ("terminated
    # unexpectedly with exit code -2"): the interrupt reaches the run's process before the UI can mark it
    from datetime import timedelta

    from mirror_pipeline.adapters.run_history import cancel_runs_stopped_with

    with dg.instance_for_test(temp_dir=str(tmp_path)) as instance:

        def failed_run(why: str) -> str:
            run = instance.create_run_for_job(dg.GraphDefinition(name="g").to_job(name="mirror_job"))
            instance.report_run_failed(run, message=why)
            return run.run_id

        earlier = failed_run("Execution was interrupted unexpectedly.")  # long before the person stopped the UI
        time.sleep(2.5)
        interrupted = failed_run("Execution was interrupted unexpectedly.")
        other = failed_run("Step served_snapshot failed: disk full")  # just before the stop, not of the interrupt
        # the run's process got the signal at the same moment and failed first: the UI read the clock after them
        stopped_at = instance.get_run_record_by_id(other).update_timestamp + timedelta(seconds=0.1)
        launch = failed_run("GRPC server: Subprocess for abc terminated unexpectedly with exit code -2")
        after = failed_run("Steps failed: ['inbox_files'].")  # after the stop: whatever broke, the stop broke it
        margin = stopped_at - instance.get_run_record_by_id(interrupted).update_timestamp + timedelta(seconds=0.5)
        canceled = cancel_runs_stopped_with(instance, stopped_at, "mirror ui was stopped", margin)
        assert sorted(canceled) == sorted([interrupted, launch, after])
        assert instance.get_run_by_id(interrupted).status == dg.DagsterRunStatus.CANCELED
        assert instance.get_run_by_id(after).status == dg.DagsterRunStatus.CANCELED
        assert instance.get_run_by_id(other).status == dg.DagsterRunStatus.FAILURE
        assert instance.get_run_by_id(earlier).status == dg.DagsterRunStatus.FAILURE
