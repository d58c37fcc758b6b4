"""The `mirror` command (see shared/CONTRACT.md): with --json, exactly one JSON document on stdout; progress and
logs on stderr; non-zero exit with a one-line reason when it cannot do what was asked."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from functools import wraps
from pathlib import Path
from typing import Any

import click

from mirror_pipeline.adapters.formats import PARSERS
from mirror_pipeline.adapters.home import Home, dagster_environment
from mirror_pipeline.adapters.inbox import expand, import_file, import_refusals, record_import, safe_name
from mirror_pipeline.adapters.llm_extractor import ExtractionConfigError
from mirror_pipeline.adapters.snapshot import read_table
from mirror_pipeline.core.screening import redact
from mirror_pipeline.core.timeexpr import as_said, describe


class Failure(click.ClickException):
    """The command could not do what was asked: a one-line reason on stderr and exit code 1."""


def _json_default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


def emit(as_json: bool, payload: dict[str, Any], human: Callable[[dict[str, Any]], str]) -> None:
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, default=_json_default))
    else:
        click.echo(human(payload))


def command(func: Callable[..., Any]) -> Callable[..., Any]:
    """Every command takes --home and --json, and gets the resolved home."""

    @click.option(
        "--home",
        "home_dir",
        type=click.Path(file_okay=False),
        default=None,
        help="The data home (default: $MIRROR_HOME, else ./data).",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON document on stdout.")
    @click.pass_context
    @wraps(func)
    def wrapper(ctx: click.Context, home_dir: str | None, as_json: bool, **kwargs: Any) -> Any:
        home = Home.resolve(home_dir or ctx.obj.get("home"))
        return func(home=home, as_json=as_json or ctx.obj.get("json", False), **kwargs)

    return wrapper


def _require_home(home: Home) -> None:
    if not home.exists:
        raise Failure(f"no mi-mirror home at {home.root}: run `mirror init` first")


def _served(home: Home, table: str):
    _require_home(home)
    try:
        return read_table(home.served, table)
    except FileNotFoundError as err:
        raise Failure(str(err)) from None


@click.group()
@click.option(
    "--home",
    "home_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="The data home (default: $MIRROR_HOME, else ./data).",
)
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON document on stdout.")
@click.pass_context
def main(ctx: click.Context, home_dir: str | None, as_json: bool) -> None:
    """mi-mirror: a personal long-term memory built with you, on evidence, confirmation, revision and audit."""
    ctx.obj = {"home": home_dir, "json": as_json}


@main.command()
@command
def init(home: Home, as_json: bool) -> None:
    """Create a home, its config and the bootstrap questionnaire."""
    created = home.init(datetime.now().date())
    emit(
        as_json,
        {"home": str(home.root), "created": created, "questionnaire": str(home.questionnaire)},
        lambda p: (
            f"home: {p['home']}\ncreated {len(p['created'])} item(s)\n"
            f"fill in {p['questionnaire']}, then `mirror import` it with your exports"
        ),
    )


class ImportProgress:
    """A progress bar on stderr over the bytes of all the files being imported (stdout stays for the report)."""

    WIDTH = 30

    def __init__(self, total: int, shown: bool) -> None:
        self.total, self.shown = max(total, 1), shown
        self.done = self.position = 0
        self.name = ""
        self.drawn_at = 0.0

    def start(self, path: Path) -> Callable[[int], None]:
        self.name, self.position = safe_name(path.name), 0
        self._draw(force=True)
        return self.advance

    def advance(self, position: int) -> None:
        self.position = position
        self._draw()

    def finish(self, size: int) -> None:
        self.done, self.position = self.done + size, 0
        self._draw(force=True)

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
        megabytes = f"{(self.done + self.position) / 1e6:,.0f}/{self.total / 1e6:,.0f} MB"
        line = f"\rimporting {share:4.0%} [{bar:<{self.WIDTH}}] {megabytes} {self.name[:40]}"
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
    help="A progress bar on stderr (default: at a terminal, for imports of more than 1 MB).",
)
@command
def import_(
    home: Home, as_json: bool, paths: tuple[Path, ...], forced_format: str | None, progress: bool | None
) -> None:
    """Add files or folders to the inbox; report per file what was accepted or refused and why."""
    _require_home(home)
    files = expand(list(paths))
    sizes = [_size(f) for f in files]
    shown = progress if progress is not None else sys.stderr.isatty() and sum(sizes) > 1_000_000
    bar = ImportProgress(sum(sizes), shown)
    outcomes = []
    for path, size in zip(files, sizes, strict=True):
        # screening is most of an import's cost: a large export is screened by a few processes
        workers = min(4, os.cpu_count() or 1) if size > 32_000_000 else 1
        outcomes.append(import_file(home.inbox, path, forced_format, bar.start(path), workers))
        record_import(home.inbox, outcomes[-1], datetime.now(UTC))
        bar.finish(size)
    bar.close()
    payload = {"files": [o.__dict__ for o in outcomes]}
    emit(
        as_json,
        payload,
        lambda p: "\n".join(
            f"{f['status']:9} {f['path']}"
            + (f" ({f['format']}, {f['records']} records)" if f["status"] == "accepted" else "")
            + (f": {f['reason']}" if f["reason"] else "")
            + (f" [{f['secrets_redacted']} secret(s) replaced by references]" if f["secrets_redacted"] else "")
            for f in p["files"]
        ),
    )


def run_pipeline(home: Home, job_name: str = "mirror_job"):
    """Materialize the asset graph in this home's Dagster instance (run history in home/dagster)."""
    os.environ.update(dagster_environment(home))
    from dagster import DagsterInstance

    from mirror_pipeline.definitions import build_defs

    instance = DagsterInstance.get()
    job = build_defs(home).resolve_job_def(job_name)
    # the run's own log stays in the run history (the UI shows it); the command says one line
    quiet = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
    return job.execute_in_process(instance=instance, raise_on_error=False, run_config=quiet)


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
    with open(home.root / ".run.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Failure("another `mirror run` is in progress on this home; try again when it ends") from None
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
@command
def status(home: Home, as_json: bool) -> None:
    """Counts per layer and state, open issues, last run, snapshot age."""
    _require_home(home)
    os.environ.update(dagster_environment(home))
    from dagster import DagsterInstance

    runs = DagsterInstance.get().get_runs(limit=1)
    last_run = {"run_id": runs[0].run_id, "status": runs[0].status.value, "job": runs[0].job_name} if runs else None
    layers: dict[str, Any] = {"inbox_files_on_disk": sum(1 for p in home.inbox.rglob("*") if p.is_file())}
    states: dict[str, int] = {}
    open_issues, snapshot_at, refused = 0, None, []
    if (home.served / "snapshot_meta.parquet").exists():
        meta = _served(home, "snapshot_meta").to_dicts()[0]
        snapshot_at = meta["published_at"]
        layers.update({k.removeprefix("rows_"): v for k, v in meta.items() if k.startswith("rows_")})
        memories = _served(home, "memories")
        states = dict(memories.group_by("state").len().sort("state").iter_rows())
        open_issues = len(_served(home, "open_issues"))
        inbox = _served(home, "inbox_files")
        refused = inbox.filter(inbox["status"] == "refused").select("file_path", "reason").to_dicts()
    refused += [
        {"file_path": r["path"], "reason": f"{r['reason']} (mirror import, {r['at'][:16]})"}
        for r in import_refusals(home.inbox)
    ]
    age = (datetime.now(UTC) - snapshot_at).total_seconds() if snapshot_at else None
    payload = {
        "home": str(home.root),
        "layers": layers,
        "states": states,
        "open_issues": open_issues,
        "last_run": last_run,
        "snapshot_at": snapshot_at,
        "snapshot_age_seconds": age,
        "refused_files": refused,
    }
    emit(
        as_json,
        payload,
        lambda p: "\n".join(
            [
                f"home: {p['home']}",
                f"layers: {p['layers']}",
                f"memory states: {p['states']}",
                f"open issues: {p['open_issues']}",
                f"last run: {p['last_run']}",
                f"snapshot at: {p['snapshot_at']}",
                *[f"refused: {r['file_path']}: {r['reason']}" for r in p["refused_files"]],
            ]
        ),
    )


def _first_line(event: Any) -> str:
    """The first line of a step's error (our errors name tables, files and checks, never content)."""
    error = getattr(event.event_specific_data, "error", None)
    cause = error.cause if error is not None and error.cause is not None else error
    message = (cause.message if cause is not None else "").strip().splitlines()
    return f" ({message[0][:200]})" if message else ""


def _screened(text: str) -> str:
    """What the person typed, with any secret in it replaced: a task or query is written to the audit log and
    printed back, and a secret must reach neither."""
    return redact(text, scope="command").text


def _log_access(home: Home, task: str, ids: list[str]) -> None:
    """Section 16.3: which tasks used which memories (append-only; the pipeline reads it, never rewrites it)."""
    home.audit.mkdir(parents=True, exist_ok=True)
    entry = {"at": datetime.now(UTC).isoformat(), "task": task, "memory_ids": ids}
    with (home.audit / "accesses.jsonl").open("a", encoding="utf-8") as f:
        f.write(json.dumps(entry, ensure_ascii=False) + "\n")


@main.command()
@click.argument("task")
@click.option(
    "--budget", default=None, type=click.IntRange(min=1), help="Token budget of the context (default from mirror.yaml)."
)
@command
def context(home: Home, as_json: bool, task: str, budget: int | None) -> None:
    """The task-aware context: slots, labels, evidence references."""
    from mirror_pipeline.core.context import assemble

    task = _screened(task)
    memories = _served(home, "memories").to_dicts()
    if budget is None:
        budget = int(home.config.get("context", {}).get("budget", 800))
    result = assemble(task, memories, budget)
    _log_access(home, task, [i["id"] for s in result["slots"] for i in s["items"]])
    emit(as_json, result, lambda p: p["text"])


@main.command()
@click.argument("query")
@click.option("--k", default=10, type=click.IntRange(min=1), help="How many results.")
@command
def search(home: Home, as_json: bool, query: str, k: int) -> None:
    """Ranked memories and evidence."""
    from mirror_pipeline.core.context import search as run_search

    query = _screened(query)
    results = run_search(query, _served(home, "search_documents").to_dicts(), k)
    emit(
        as_json,
        {"query": query, "results": results},
        lambda p: (
            "\n".join(
                f"{r['score']:.3f} {r['kind']:8} {r['id']} [{r['state']}] ({r['speaker']}) {r['text'][:100]}"
                for r in p["results"]
            )
            or "no results"
        ),
    )


@main.command()
@command
def timeline(home: Home, as_json: bool) -> None:
    """Events in time order, with precision and the original time expression."""
    events = _served(home, "timeline").to_dicts()
    emit(
        as_json,
        {"events": events},
        lambda p: (
            "\n".join(f"{as_said(e):16} {e['text']}{describe(e)} [{e['state']}]" for e in p["events"])
            or "no events yet"
        ),
    )


@main.command()
@command
def issues(home: Home, as_json: bool) -> None:
    """Open memory issues with their question and options."""
    rows = _served(home, "open_issues").to_dicts()
    emit(
        as_json,
        {"issues": [{**r, "id": r["issue_id"], "type": r["issue_type"]} for r in rows]},
        lambda p: (
            "\n".join(f"{i['id']} [{i['priority']}] {i['question']} options: {i['options']}" for i in p["issues"])
            or "no open issues"
        ),
    )


@main.command()
@command
def secrets(home: Home, as_json: bool) -> None:
    """Secret references: metadata only, never a secret."""
    rows = _served(home, "secret_references").to_dicts()
    refs = [{**r, "id": r["secret_ref_id"]} for r in rows]
    emit(
        as_json,
        {"secret_references": refs},
        lambda p: (
            "\n".join(
                f"{r['id']} {r['kind']} “{r['label']}” vault: {r['vault']} [{r['state']}] (evidence {r['evidence_id']})"
                + (f" hint: {r['hint']}" if r.get("hint") else "")
                for r in p["secret_references"]
            )
            or "no secret references"
        ),
    )


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
    click.echo(f"Dagster UI for {home.root} on http://127.0.0.1:{port}", err=True)
    raise SystemExit(subprocess.call(cmd, env=env))


def run_cli() -> None:
    """The console script: every failure, usage errors included, is one line on stderr and a non-zero exit."""
    try:
        main(standalone_mode=False)
    except click.ClickException as err:
        click.echo(f"mirror: {err.format_message()}", err=True)
        sys.exit(err.exit_code)
    except click.Abort:
        click.echo("mirror: aborted", err=True)
        sys.exit(1)


if __name__ == "__main__":
    run_cli()
