"""The home's Dagster run history kept true: a run whose process is gone (killed with `kill -9`, a machine that
lost power) does not stay STARTED for ever. Each run is tagged with the pid and host of the process that executes it
(`mirror run` at launch, a run the UI's daemon launched at its first step); `mirror run`, `status` and `ui` mark a
run as failed, with the reason, once that process no longer exists."""

from __future__ import annotations

import fcntl
import os
import re
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

PID_TAG, HOST_TAG = "mirror/pid", "mirror/host"
RUN_LOCK = ".run.lock"
# a run not yet tagged (the daemon launched it a moment ago) is left alone this long
UNTAGGED_GRACE = timedelta(minutes=2)


def process_tags() -> dict[str, str]:
    return {PID_TAG: str(os.getpid()), HOST_TAG: socket.gethostname()}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def run_lock_held(root: Path) -> bool:
    """Whether a process holds the home's run lock (a `mirror run` in progress). False when this one holds it."""
    path = root / RUN_LOCK
    if not path.exists():
        return False
    with open(path, "a") as probe:
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(probe, fcntl.LOCK_UN)
    return False


def _orphaned(run: Any, created: datetime | None, now: datetime, lock_held: bool) -> str | None:
    """Why a STARTED run is known to be dead, or None while it may still be running."""
    pid, host = run.tags.get(PID_TAG), run.tags.get(HOST_TAG)
    if pid is not None:
        if host not in (None, socket.gethostname()):
            return None  # another machine's run: it cannot be checked from here
        if _alive(int(pid)):
            return None
        return f"the process that ran it (pid {pid}) is gone: it was killed or the machine stopped"
    if lock_held or created is None or now - created < UNTAGGED_GRACE:
        return None
    return "no process is running it (it was stopped before its first step)"


def mark_orphaned_runs(
    instance: Any, root: Path, now: datetime | None = None, stopped_by: str | None = None
) -> list[str]:
    """Mark this home's STARTED / STARTING runs whose process is gone as failed, with the reason (as canceled when
    `stopped_by` says who stopped them on purpose); their ids."""
    from dagster import DagsterRunStatus, RunsFilter

    now = now or datetime.now(UTC)
    records = instance.get_run_records(
        filters=RunsFilter(statuses=[DagsterRunStatus.STARTED, DagsterRunStatus.STARTING]), limit=100
    )
    if not records:
        return []
    lock_held = run_lock_held(root)
    marked = []
    for record in records:
        created = record.create_timestamp
        created = created if created is None or created.tzinfo else created.replace(tzinfo=UTC)
        why = _orphaned(record.dagster_run, created, now if stopped_by is None else now + UNTAGGED_GRACE, lock_held)
        if why and stopped_by:
            instance.report_run_canceled(record.dagster_run, message=f"canceled: {stopped_by} ({why})")
        elif why:
            instance.report_run_failed(record.dagster_run, message=f"marked failed by mi-mirror: {why}")
            marked.append(record.dagster_run.run_id)
    return marked


# how long before the UI's own handler saw Ctrl-C a run may have failed of the same interrupt: the run's process gets
# the signal at the same moment and may report its failure first
INTERRUPT_MARGIN = timedelta(seconds=5)
# what a run's log says when SIGINT stopped it: an op interrupted, or a launch whose subprocess exited of signal 2
_INTERRUPTED = re.compile(r"interrupted|KeyboardInterrupt|exit code -2\b")


def _failed_of_interrupt(instance: Any, run_id: str) -> bool:
    from dagster import DagsterEventType

    records = instance.get_records_for_run(
        run_id, of_type={DagsterEventType.RUN_FAILURE, DagsterEventType.ENGINE_EVENT}
    ).records
    for record in records[-5:]:
        event = record.event_log_entry.dagster_event
        error = getattr(getattr(event, "event_specific_data", None), "error", None)
        said = f"{getattr(event, 'message', '') or ''} {getattr(error, 'message', '') or ''}"
        if _INTERRUPTED.search(said):
            return True
    return False


def cancel_runs_stopped_with(
    instance: Any, since: datetime, stopped_by: str, margin: timedelta = INTERRUPT_MARGIN
) -> list[str]:
    """Runs that failed because `mirror ui` was stopped at `since` (REVIEW-19 #6): Ctrl-C reaches the run's own
    process too (one process group), which then fails in whatever it was doing ("interrupted unexpectedly", a launch
    whose subprocess exited with -2, a half-imported module) before the UI can mark it. A run that failed after the
    stop was stopped on purpose; one that failed in the moments before it only if its log says it was interrupted.
    Marked canceled, the failure kept in their log. Their ids."""
    from dagster import DagsterRunStatus, RunsFilter

    records = instance.get_run_records(
        filters=RunsFilter(statuses=[DagsterRunStatus.FAILURE], updated_after=since - margin), limit=100
    )
    canceled = []
    for record in records:
        run_id = record.dagster_run.run_id
        ended = record.update_timestamp
        ended = ended if ended is None or ended.tzinfo else ended.replace(tzinfo=UTC)
        if ended is not None and ended < since and not _failed_of_interrupt(instance, run_id):
            continue
        instance.report_run_canceled(record.dagster_run, message=f"canceled: {stopped_by} (it failed as it stopped)")
        canceled.append(run_id)
    return canceled
