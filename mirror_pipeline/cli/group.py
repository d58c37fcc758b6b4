"""The `mirror` command group: every command module registers itself on `main`.

Command modules are imported lazily, only the one that holds the command being run (a read must not pay for the
pipeline's imports: dagster, pandera, great_expectations). `COMMAND_MODULES` says where each command lives; a
command not listed there is looked for in every module of `MODULES`."""

from __future__ import annotations

import importlib
import os
import sys

import click

MODULES = ("pipeline", "status", "reads", "capture", "decisions", "agents")
COMMAND_MODULES = {
    "init": "pipeline",
    "import": "pipeline",
    "run": "pipeline",
    "status": "status",
    "ui": "pipeline",
    "context": "reads",
    "search": "reads",
    "timeline": "reads",
    "issues": "reads",
    "secrets": "reads",
    "note": "capture",
    "show": "decisions",
    "confirm": "decisions",
    "reject": "decisions",
    "edit": "decisions",
    "forget": "decisions",
    "resolve": "decisions",
    "review": "decisions",
    "archive": "decisions",
    "keep": "decisions",
    "eval": "agents",
    "mcp": "agents",
}


# commands that answer one query at a time: BLAS threads only add their wake-up to it (a 40 x 40 product's p95 went
# from 0.03 ms to 24 ms with two OpenBLAS threads on this machine under load 6); set before numpy loads
ONE_QUERY_COMMANDS = frozenset({"context", "search", "mcp"})


class LazyGroup(click.Group):
    def _load(self, module: str) -> None:
        importlib.import_module(f"mirror_pipeline.cli.{module}")

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in ONE_QUERY_COMMANDS and "numpy" not in sys.modules:
            for name in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
                os.environ.setdefault(name, "1")
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            self._load(COMMAND_MODULES[cmd_name])
        if cmd_name not in self.commands:
            for module in MODULES:
                self._load(module)
        return self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for module in MODULES:
            self._load(module)
        return sorted(self.commands)


@click.group(cls=LazyGroup)
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
