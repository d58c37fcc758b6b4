"""Commands that read the served snapshot: context, search, timeline, issues, secrets."""

from __future__ import annotations

import click

from mirror_pipeline.adapters.home import Home
from mirror_pipeline.cli.common import Failure, _require_home, _screened, _served_rows, command, emit
from mirror_pipeline.cli.group import main
from mirror_pipeline.core import when as timing
from mirror_pipeline.core.review import in_asking_order


def _memory(home: Home):
    """The served snapshot through the Python API (one retrieval path for the command, MCP and eval)."""
    from mirror_pipeline.api import Memory

    _require_home(home)
    try:
        return Memory.open(home)
    except FileNotFoundError as err:
        raise Failure(str(err)) from None


@main.command()
@click.argument("task")
@click.option(
    "--budget", default=None, type=click.IntRange(min=1), help="Token budget of the context (default from mirror.yaml)."
)
@click.option(
    "--session", "session_summary", default="", help="What the current session is about (Current Session Summary)."
)
@command
def context(home: Home, as_json: bool, task: str, budget: int | None, session_summary: str) -> None:
    """The task-aware context: slots, labels, evidence references."""
    task = _screened(task)
    # logs the access (audit/accesses.jsonl)
    result = _memory(home).context(task, budget, session_summary=_screened(session_summary) if session_summary else "")
    emit(as_json, result, lambda p: p["text"])


@main.command()
@click.argument("query")
@click.option("--k", default=10, type=click.IntRange(min=1), help="How many results.")
@command
def search(home: Home, as_json: bool, query: str, k: int) -> None:
    """Ranked memories and evidence."""
    query = _screened(query)
    result = _memory(home).search(query, k)
    emit(
        as_json,
        result,
        lambda p: (
            "\n".join(
                f"{r['score']:.3f} {r['kind']:8} {r['id']} [{', '.join(r['labels']) or r['state']}] ({r['speaker']}) "
                f"{r['text'][:100]}"
                for r in p["results"]
            )
            or "no results"
        ),
    )


@main.command()
@command
def timeline(home: Home, as_json: bool) -> None:
    """Events in time order, with precision and the original time expression."""
    events = _served_rows(home, "timeline")
    emit(
        as_json,
        {"events": events},
        lambda p: "\n".join(_timeline_line(e) for e in p["events"]) or "no events yet",
    )


def _timeline_line(e: dict) -> str:
    """A plan as planned for and said on its day, an undated past event as before its mention (core/when.py)."""
    return f"{timing.as_said(e):16} {e['text']}{timing.render(e, e.get('said_day'))} [{e['state']}]"


@main.command()
@command
def issues(home: Home, as_json: bool) -> None:
    """Open memory issues with their question and options."""
    rows = in_asking_order(_served_rows(home, "open_issues"))  # the order `mirror review` asks them in
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
    rows = _served_rows(home, "secret_references")
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
