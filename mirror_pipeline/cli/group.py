"""The `mirror` command group: every command module registers itself on `main`."""

from __future__ import annotations

import click


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
