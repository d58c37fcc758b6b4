"""The `mirror` command (see shared/CONTRACT.md). One module per group of commands, each registering on `main`:
`pipeline` (init, import, run, status, ui), `reads` (context, search, timeline, issues, secrets), `capture`
(note, and the interview of init), `decisions` (show, confirm, reject, edit, forget, resolve,
review), `agents` (mcp, eval)."""

from __future__ import annotations

import sys

import click

# command modules are imported lazily by the group, only the one that holds the command: see `group.COMMAND_MODULES`
from mirror_pipeline.cli.group import main

__all__ = ["main", "run_cli"]


def run_cli() -> None:
    """The console script: every failure, usage errors included, is one line on stderr and a non-zero exit."""
    from mirror_pipeline.adapters.regex_cache import cached

    try:
        with cached():  # the rules' patterns compiled once per machine, not once per command (adapters/regex_cache.py)
            main(standalone_mode=False)
    except click.ClickException as err:
        click.echo(f"mirror: {err.format_message()}", err=True)
        sys.exit(err.exit_code)
    except click.Abort:
        click.echo("mirror: aborted", err=True)
        sys.exit(1)


if __name__ == "__main__":
    run_cli()
