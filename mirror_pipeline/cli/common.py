"""What every `mirror` command shares (see shared/CONTRACT.md): with --json, exactly one JSON document on stdout;
progress and logs on stderr; non-zero exit with a one-line reason when it cannot do what was asked."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime
from functools import wraps
from typing import TYPE_CHECKING, Any

import click

from mirror_pipeline.adapters.home import Home
from mirror_pipeline.errors import ConfigError

if TYPE_CHECKING:
    from mirror_pipeline.adapters.snapshot import Snapshot


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
        try:
            home = Home.resolve(home_dir or ctx.obj.get("home"))
        except ConfigError as err:
            raise Failure(str(err)) from None
        return func(home=home, as_json=as_json or ctx.obj.get("json", False), **kwargs)

    return wrapper


def _require_home(home: Home) -> None:
    if not home.exists:
        raise Failure(f"no mi-mirror home at {home.root}: run `mirror init` first")


class _CommandSnapshot:
    """A served snapshot whose missing table is a one-line failure of the command."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot

    def table(self, name: str, columns: list[str] | None = None):
        try:
            return self.snapshot.table(name, columns)
        except FileNotFoundError as err:
            raise Failure(str(err)) from None


def _snapshot(home: Home) -> _CommandSnapshot:
    """The snapshot served now, resolved once: every table a command reads comes from this one snapshot."""
    from mirror_pipeline.adapters.snapshot import open_snapshot  # polars: only the commands that read tables pay

    _require_home(home)
    try:
        return _CommandSnapshot(open_snapshot(home.served))
    except FileNotFoundError as err:
        raise Failure(str(err)) from None


def _served_rows(home: Home, table: str) -> list[dict[str, Any]]:
    """A small table of the snapshot served now as rows: from `served/search/` (json and numpy only, no polars)
    when the snapshot has it there, else from its parquet file (a snapshot published before)."""
    from mirror_pipeline.adapters.served_arrays import open_arrays

    _require_home(home)
    arrays = open_arrays(home.served.resolve())
    rows = arrays.table(table) if arrays is not None else None
    if rows is not None:
        return rows
    return _snapshot(home).table(table).to_dicts()


def _served_where(home: Home, table: str, column: str, values: Any) -> list[dict[str, Any]]:
    """The rows of a served table whose `column` is one of `values` (DuckDB over its parquet file: `show` reads
    a memory's few evidence rows, not the whole evidence table); [] when the snapshot has no such table."""
    return _snapshot(home).snapshot.rows_where(table, column, values)


def _served(home: Home, table: str):
    """One table of the snapshot served now (for a command that reads one; several: `_snapshot(home).table`)."""
    return _snapshot(home).table(table)


def _first_line(event: Any) -> str:
    """The first line of a step's error (our errors name tables, files and checks, never content)."""
    error = getattr(event.event_specific_data, "error", None)
    cause = error.cause if error is not None and error.cause is not None else error
    message = (cause.message if cause is not None else "").strip().splitlines()
    return f" ({message[0][:200]})" if message else ""


def _screened(text: str) -> str:
    """What the person typed, with any secret in it replaced: a task or query is written to the audit log and
    printed back, and a secret must reach neither.

    The rules see only what the prefilter lets through (`find_secrets`), so a text it does not let through is
    returned as `redact` would return it, without importing the rules (~250 ms of a read's start-up)."""
    from mirror_pipeline.core.screening.prefilter import may_hold_secret

    if not may_hold_secret(text):
        return text
    from mirror_pipeline.core.screening.redaction import redact

    return redact(text, scope="command").text
