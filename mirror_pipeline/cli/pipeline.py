"""Commands that build the memory: init, import, run, ui (`status` is in cli/status.py: it needs none of this)."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click

from mirror_pipeline.adapters.formats import PARSERS
from mirror_pipeline.adapters.home import Home, dagster_environment
from mirror_pipeline.adapters.inbox import (
    Known,
    Ledger,
    expand,
    import_file,
    record_import,
    remove_stale_temporaries,
    safe_name,
)
from mirror_pipeline.adapters.llm_extractor import ExtractionConfigError
from mirror_pipeline.adapters.run_history import RUN_LOCK
from mirror_pipeline.cli.capture import init_home
from mirror_pipeline.cli.common import Failure, _first_line, _require_home, command, emit
from mirror_pipeline.cli.group import main


@main.command()
@click.option("--lang", type=click.Choice(["en", "zh"]), default=None, help="The questionnaire's language.")
@click.option("--interview", is_flag=True, help="Ask the questionnaire's questions one by one in the terminal.")
@click.option("--all", "revisit", is_flag=True, help="With --interview: ask every question again, answered or not.")
@click.option(
    "--timezone",
    default=None,
    help="The zone message times without one are read in (mirror.yaml `timezone:`); default: this machine's.",
)
@command
def init(home: Home, as_json: bool, lang: str | None, interview: bool, revisit: bool, timezone: str | None) -> None:
    """Create a home, its config and the bootstrap questionnaire (in cli/capture.py, with the interview)."""
    init_home(home, as_json, lang, interview, revisit, timezone)


class ImportProgress:
    """A progress bar on stderr over the files and bytes being imported (stdout stays for the report)."""

    WIDTH = 30

    def __init__(self, total: int, shown: bool, files: int = 1) -> None:
        self.total, self.shown, self.files = max(total, 1), shown, files
        self.done = self.position = self.files_done = 0
        self.name = ""
        self.drawn_at = 0.0

    def start(self, path: Path) -> Callable[[int], None]:
        self.name, self.position = safe_name(path.name), 0
        self._draw()
        return self.advance

    def advance(self, position: int) -> None:
        self.position = position
        self._draw()

    def finish(self, size: int) -> None:
        self.done, self.position, self.files_done = self.done + size, 0, self.files_done + 1
        self._draw(force=True)  # every file shows (a line of stderr costs nothing beside importing a file)

    def clear(self) -> None:
        """Take the bar off its line (before a report line is printed at the same terminal)."""
        if self.shown:
            click.echo("\r\033[K", file=sys.stderr, nl=False)

    def close(self) -> None:
        if self.shown:
            click.echo(file=sys.stderr)

    def _draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not self.shown or (not force and now - self.drawn_at < 0.2):
            return
        self.drawn_at = now
        share = min(1.0, (self.done + self.position) / self.total)
        bar = "#" * int(share * self.WIDTH)
        digits = 0 if self.total >= 10e6 else 1
        megabytes = f"{(self.done + self.position) / 1e6:,.{digits}f}/{self.total / 1e6:,.{digits}f} MB"
        files = f" {self.files_done:,}/{self.files:,} files" if self.files > 1 else ""
        line = f"\rimporting {share:4.0%} [{bar:<{self.WIDTH}}] {megabytes}{files} {self.name[:40]}\033[K"
        click.echo(line, file=sys.stderr, nl=False)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


@main.command(name="import")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "forced_format", default=None, type=click.Choice(sorted(PARSERS)), help="Force a format.")
@click.option(
    "--progress/--no-progress",
    default=None,
    help="A progress bar on stderr, file by file (default: at a terminal).",
)
@click.option(
    "--keep-complete",
    is_flag=True,
    help="A JSON export cut short (an interrupted download): import its complete conversations or entries.",
)
@command
def import_(
    home: Home,
    as_json: bool,
    paths: tuple[Path, ...],
    forced_format: str | None,
    progress: bool | None,
    keep_complete: bool = False,
) -> None:
    """Add files or folders to the inbox; report per file what was accepted or refused and why."""
    _require_home(home)
    remove_stale_temporaries(home.inbox)  # a killed import's half-written files
    files = expand(list(paths))
    sizes = [_size(f) for f in files]
    shown = progress if progress is not None else sys.stderr.isatty()
    bar = ImportProgress(sum(sizes), shown, len(files))
    ledger = Ledger.read(home.inbox)  # read once for all the files
    known = _known(home)
    outcomes = []
    for path, size in zip(files, sizes, strict=True):
        # screening is most of an import's cost: a large export is screened by a few processes
        workers = min(4, os.cpu_count() or 1) if size > 32_000_000 else 1
        outcomes.append(
            import_file(home.inbox, path, forced_format, bar.start(path), workers, ledger, known, keep_complete)
        )
        record_import(home.inbox, outcomes[-1], datetime.now(UTC))
        if not as_json:  # said as each file is done: an import that is stopped has reported what it did
            bar.clear()
            click.echo(_outcome_line(outcomes[-1].__dict__))
        bar.finish(size)
    bar.close()
    if as_json:
        emit(as_json, {"files": [o.__dict__ for o in outcomes]}, lambda p: "")
    if outcomes and all(o.status == "refused" for o in outcomes):
        # nothing of what was asked could be imported: the command failed (CONTRACT.md), each reason said once: on
        # the lines above, or here when the report is JSON
        reasons = "; ".join(f"{o.path}: {o.reason}" for o in outcomes) if as_json else "the reason is said above"
        which = "every file was refused" if len(outcomes) > 1 else "the file was refused"
        raise Failure(f"nothing imported, {which} ({reasons})")


def _known(home: Home) -> Known:
    """What the home holds, for admission: the evidence the runs read (not known while a run holds the warehouse)
    and what the person asked to forget."""
    from mirror_pipeline.adapters.decisions import forgotten_evidence

    ids, keys = None, frozenset()
    if Path(home.warehouse).exists():
        import duckdb

        from mirror_pipeline.adapters.warehouse import held_message_keys

        try:
            with duckdb.connect(str(home.warehouse), read_only=True) as con:
                ids = frozenset(r[0] for r in con.execute("select evidence_id from evidence").fetchall())
                keys = held_message_keys(con)
        except duckdb.Error:
            pass
    return Known(home.timezone, ids, forgotten_evidence(home.decisions), message_keys=keys)


def _outcome_line(f: dict[str, Any]) -> str:
    new = f"{f['records']} record" + ("" if f["records"] == 1 else "s")
    if f.get("new_records") is not None:
        new += f": {f['new_records']} new, {f['records'] - f['new_records'] - f.get('forgotten', 0)} already there"
    return (
        f"{f['status']:9} {f['path']}"
        + (f" ({f['format']}, {new})" if f["status"] == "accepted" else "")
        + (f" [{f['forgotten']} forgotten: admitted without their words]" if f.get("forgotten") else "")
        + (f": {f['reason']}" if f["reason"] else "")
        + (f" [{f['secrets_redacted']} secret(s) replaced by references]" if f["secrets_redacted"] else "")
    )


def run_pipeline(home: Home, job_name: str = "mirror_job"):
    """Materialize the asset graph in this home's Dagster instance (run history in home/dagster)."""
    os.environ.update(dagster_environment(home))
    from dagster import DagsterInstance

    from mirror_pipeline.adapters.run_history import mark_orphaned_runs, process_tags
    from mirror_pipeline.definitions import build_defs

    instance = DagsterInstance.get()
    mark_orphaned_runs(instance, home.root)  # a killed run's STARTED is not left in the history
    job = build_defs(home).resolve_job_def(job_name)
    # the run's own log stays in the run history (the UI shows it); the command says one line
    quiet = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
    return job.execute_in_process(instance=instance, raise_on_error=False, run_config=quiet, tags=process_tags())


@main.command()
@click.option(
    "--job",
    "job_name",
    default="mirror_job",
    type=click.Choice(["mirror_job", "daily_job", "weekly_job", "monthly_job"]),
    help="The pipeline alone, or the pipeline and a review.",
)
@command
def run(home: Home, as_json: bool, job_name: str) -> None:
    """Materialize the asset graph (the definitions the Dagster UI shows) and publish the snapshot."""
    _require_home(home)
    with open(home.root / RUN_LOCK, "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Failure("another `mirror run` is in progress on this home; try again when it ends") from None
        from mirror_pipeline.adapters.warehouse import set_aside_if_unreadable

        aside = set_aside_if_unreadable(Path(home.warehouse), datetime.now(UTC))
        if aside is not None:
            click.echo(
                f"{home.warehouse}: not a readable DuckDB file (a run killed while creating it?); kept as "
                f"{aside.name}, and this run rebuilds the warehouse from the inbox",
                err=True,
            )
        try:
            result = run_pipeline(home, job_name)
        except ExtractionConfigError as err:
            raise Failure(str(err)) from None
    failures = [e for e in result.all_events if e.is_step_failure]
    failed = [e.step_key for e in failures]
    payload = {"run_id": result.run_id, "success": result.success, "failed_steps": failed, "snapshot": str(home.served)}
    if not result.success:
        if as_json:
            click.echo(json.dumps(payload))
        why = _first_line(failures[0]) if failures else ""
        raise Failure(
            f"run {result.run_id} failed at {', '.join(failed) or 'a step'}{why}; the last good snapshot stays served"
        )
    emit(as_json, payload, lambda p: f"run {p['run_id']} succeeded; snapshot at {p['snapshot']}")


@main.command()
@click.option("--port", default=3000, type=int)
@command
def ui(home: Home, as_json: bool, port: int) -> None:
    """The Dagster UI for this home, on 127.0.0.1."""
    _require_home(home)
    env = {**os.environ, **dagster_environment(home)}
    cmd = [
        sys.executable,
        "-m",
        "dagster",
        "dev",
        "-m",
        "mirror_pipeline.definitions",
        "-h",
        "127.0.0.1",
        "-p",
        str(port),
    ]
    os.environ.update(dagster_environment(home))
    from dagster import DagsterInstance

    from mirror_pipeline.adapters.run_history import cancel_runs_stopped_with, mark_orphaned_runs

    mark_orphaned_runs(DagsterInstance.get(), home.root)
    click.echo(f"Dagster UI for {home.root} on http://127.0.0.1:{port}", err=True)
    # Ctrl-C reaches `dagster dev` too (one process group): it is let stop its daemon and runs in order, not killed
    # (subprocess.call kills the child at once, which left its run STARTED, then FAILED at the next start)
    # the moment of Ctrl-C, read by a handler of our own (a shell that started this in the background leaves SIGINT
    # ignored here, and `dagster dev` still stops: no KeyboardInterrupt would tell when)
    stopped: list[datetime] = []
    previous = signal.signal(signal.SIGINT, lambda *_: stopped.append(datetime.now(UTC)))
    child = subprocess.Popen(cmd, env=env)
    try:
        while (code := child.poll()) is None:
            if stopped and datetime.now(UTC) - stopped[0] > timedelta(seconds=60):
                child.terminate()  # it did not stop in order within a minute
                code = child.wait()
                break
            time.sleep(0.2)
    finally:
        signal.signal(signal.SIGINT, previous)
    stopped_at = stopped[0] if stopped else None
    # a run the UI's daemon had started and that stopped with it is canceled, not failed
    mark_orphaned_runs(DagsterInstance.get(), home.root, stopped_by="mirror ui was stopped")
    if stopped_at is not None:  # a run the interrupt itself failed was stopped on purpose too
        canceled = cancel_runs_stopped_with(DagsterInstance.get(), stopped_at, "mirror ui was stopped")
        if canceled:
            click.echo(
                f"stopped: {len(canceled)} run(s) it was doing marked canceled; `mirror run` does them", err=True
            )
    raise SystemExit(code)
