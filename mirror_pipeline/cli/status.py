"""`mirror status`: what the memory holds, what waits for the person, what the last run did.

Apart from the commands that build the memory (cli/pipeline.py): those load every parser and the screening and
extraction rules at import, which status never runs (~1.5 s of CPU on every call, a third of the command's cost)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Any

from mirror_pipeline.adapters.home import Home, dagster_environment, is_utc
from mirror_pipeline.adapters.inbox import import_refusals, inbox_files
from mirror_pipeline.cli.common import _require_home, _snapshot, command, emit
from mirror_pipeline.cli.group import main


@main.command()
@command
def status(home: Home, as_json: bool) -> None:
    """Counts per layer and state, open issues, last run, snapshot age."""
    _require_home(home)
    os.environ.update(dagster_environment(home))
    from dagster import DagsterInstance

    from mirror_pipeline.adapters.run_history import mark_orphaned_runs

    instance = DagsterInstance.get()
    mark_orphaned_runs(instance, home.root)
    runs = instance.get_runs(limit=1)
    last_run = {"run_id": runs[0].run_id, "status": runs[0].status.value, "job": runs[0].job_name} if runs else None
    layers: dict[str, Any] = {"inbox_files_on_disk": len(inbox_files(home.inbox))}
    states: dict[str, int] = {}
    open_issues, snapshot_at, refused = 0, None, []
    if (home.served / "snapshot_meta.parquet").exists():
        served = _snapshot(home)  # one snapshot for every table read here, whatever is published meanwhile
        meta = served.table("snapshot_meta").to_dicts()[0]
        snapshot_at = meta["published_at"]
        layers.update({k.removeprefix("rows_"): v for k, v in meta.items() if k.startswith("rows_")})
        memories = served.table("memories")
        states = dict(memories.group_by("state").len().sort("state").iter_rows())
        open_issues = len(served.table("open_issues"))
        inbox = served.table("inbox_files")
        refused = inbox.filter(inbox["status"] == "refused").select("file_path", "reason").to_dicts()
    from mirror_pipeline.core.ranking import RetrievalConfig

    dense = RetrievalConfig.from_config(home.config)
    served_docs, vectors = layers.get("search_documents", 0), layers.get("search_vectors", 0)
    embeddings = {
        "dense": dense.dense,
        "embedded": vectors,
        "waiting": max(served_docs - vectors, 0) if dense.dense else 0,
        "per_run": dense.embed_budget,
    }
    refused += [
        {"file_path": r["path"], "reason": f"{r['reason']} (mirror import, {r['at'][:16]})"}
        for r in import_refusals(home.inbox)
    ]
    age = (datetime.now(UTC) - snapshot_at).total_seconds() if snapshot_at else None
    zone = str(home.timezone.key)
    payload = {
        "home": str(home.root),
        # the zone message times without one are read in (a WeChat export): UTC is often a server's, not the person's
        "timezone": zone,
        "layers": layers,
        "states": states,
        "open_issues": open_issues,
        "last_run": last_run,
        "snapshot_at": snapshot_at,
        "snapshot_age_seconds": age,
        "embeddings": embeddings,
        "refused_files": refused,
    }
    emit(
        as_json,
        payload,
        lambda p: "\n".join(
            [
                f"home: {p['home']}",
                _timezone_line(p["timezone"]),
                f"layers: {_counts(p['layers'])}",
                f"memory states: {_counts(p['states']) or 'none yet'}",
                f"open issues: {p['open_issues']}",
                _last_run_line(p["last_run"]),
                f"snapshot at: {_minute(p['snapshot_at'], home) if p['snapshot_at'] else 'none yet (`mirror run`)'}",
                _embeddings_line(p["embeddings"]),
                *[f"refused: {r['file_path']}: {r['reason']}" for r in p["refused_files"]],
            ]
        ),
    )


def _counts(counts: dict[str, int]) -> str:
    """`{'memories': 38, 'open_issues': 32}` as a person reads it: "memories 38, open issues 32"."""
    return ", ".join(f"{name.replace('_', ' ')} {n}" for name, n in counts.items())


def _minute(moment: datetime, home: Home) -> str:
    return moment.astimezone(home.timezone).strftime("%Y-%m-%d %H:%M") + f" ({home.timezone.key})"


def _last_run_line(run: dict[str, str] | None) -> str:
    if run is None:
        return "last run: none yet (`mirror run`)"
    said = f"last run: {run['status'].lower()} ({run['job']}, {run['run_id']})"
    return said + ("; its log is in `mirror ui`" if run["status"] == "FAILURE" else "")


def _timezone_line(zone: str) -> str:
    if not is_utc(zone):
        return f"timezone: {zone}"
    return (
        f"timezone: {zone} (message times without a zone, such as WeChat's, are read as UTC; if you live elsewhere:"
        " `mirror init --timezone Asia/Shanghai` before the next import)"
    )


def _embeddings_line(e: dict[str, Any]) -> str:
    if not e["dense"]:
        return "embeddings: off (retrieval.dense: false; search is lexical)"
    if not e["waiting"]:
        return f"embeddings: {e['embedded']} texts, none waiting"
    return (
        f"embeddings: {e['embedded']} texts, {e['waiting']} waiting (each run embeds {e['per_run']} more and"
        " publishes them: retrieval.embed_budget; lexical search serves them meanwhile)"
    )
