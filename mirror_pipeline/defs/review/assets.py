import json
from datetime import datetime, timedelta
from pathlib import Path

import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.inbox import write_atomically
from mirror_pipeline.contracts.tables import (
    EVIDENCE,
    INBOX_FILES,
    MEMORY_CANDIDATES,
    MEMORY_ISSUES,
    MEMORY_VERSIONS,
    SECRET_REFERENCES,
)
from mirror_pipeline.core import review, serving
from mirror_pipeline.core.policy import policy_from_config
from mirror_pipeline.defs.governance.assets import run_now
from mirror_pipeline.defs.resources import MirrorHome

REVIEW_DEPS = ["governed_memories", "memory_issues", "secret_references", "inbox_files"]


def _write(home: MirrorHome, kind: str, name: str, text: str) -> dg.MaterializeResult:
    path = home.get().reviews / kind / f"{name}.md"
    write_atomically(path, text.encode("utf-8"))
    # only where the document is: its text (memories) stays out of the run history, which `forget` cannot reach
    return dg.MaterializeResult(metadata={"path": str(path), "lines": text.count("\n")})


def _last_used(audit: Path) -> dict[str, datetime]:
    """When a task last used each memory (audit/accesses.jsonl, written by `mirror context`)."""
    used: dict[str, datetime] = {}
    path = audit / "accesses.jsonl"
    if not path.exists():
        return used
    with path.open(encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                entry = json.loads(line)
                at = datetime.fromisoformat(entry["at"])
            except (ValueError, KeyError, TypeError):
                continue
            for memory_id in entry.get("memory_ids", []):
                used[memory_id] = max(used.get(memory_id, at), at)
    return used


def _language(con) -> str:
    """The person's language: what most of their own recent words are written in."""
    rows = con.execute(
        "select raw_content from evidence where actor = 'user' order by timestamp desc nulls last limit 500"
    ).fetchall()
    return review.language_of_person([r[0] for r in rows])


@dg.asset(deps=REVIEW_DEPS, group_name="review")
def daily_review(
    context: dg.AssetExecutionContext, home: MirrorHome, warehouse_db: DuckDBResource
) -> dg.MaterializeResult:
    """Today's intake in one short digest: what was read, what was newly noted, which files could not be read."""
    now = run_now(context)
    since = now - timedelta(days=1)
    with warehouse_db.get_connection() as con:
        new_evidence = len(warehouse.read(con, EVIDENCE, "captured_at >= ?", [since]))
        new_candidates = len(warehouse.read(con, MEMORY_CANDIDATES, "extracted_at >= ?", [since]))
        refused = warehouse.read(con, INBOX_FILES, "status = 'refused'").to_dicts()
        refs = len(warehouse.read(con, SECRET_REFERENCES, "state = 'pending_review'"))
        memories = serving.served_memories(warehouse.read(con, MEMORY_VERSIONS))
        lang = _language(con)
    new = memories.filter(memories["updated_at"] >= since).to_dicts()
    text = review.daily(now.date(), new_evidence, new_candidates, refused, refs, new, lang)
    return _write(home, "daily", now.date().isoformat(), text)


@dg.asset(deps=REVIEW_DEPS, group_name="review")
def weekly_review(
    context: dg.AssetExecutionContext, home: MirrorHome, warehouse_db: DuckDBResource
) -> dg.MaterializeResult:
    """This week's questions: open conflicts, new long-term memories waiting for you, timeline gaps, current goals."""
    now = run_now(context)
    policy = policy_from_config(home.get().config.get("policy"))
    with warehouse_db.get_connection() as con:
        memories = serving.served_memories(warehouse.read(con, MEMORY_VERSIONS))
        issues = serving.open_issues(warehouse.read(con, MEMORY_ISSUES)).to_dicts()
        lang = _language(con)
    pending = memories.filter(memories["state"] == "pending_review").to_dicts()
    week = now.date() - timedelta(days=now.weekday())
    text = review.weekly(week, pending, issues, memories.to_dicts(), lang, policy.max_questions_per_review)
    return _write(home, "weekly", week.isoformat(), text)


@dg.asset(deps=REVIEW_DEPS, group_name="review")
def monthly_review(
    context: dg.AssetExecutionContext, home: MirrorHome, warehouse_db: DuckDBResource
) -> dg.MaterializeResult:
    """The month's overview: your timeline, relationship changes, preference drift, what to archive, and everything
    mi-mirror holds about you, by kind."""
    now = run_now(context)
    h = home.get()
    policy = policy_from_config(h.config.get("policy"))
    with warehouse_db.get_connection() as con:
        versions = warehouse.read(con, MEMORY_VERSIONS)
        memories = serving.served_memories(versions)
        evidence = warehouse.read(con, EVIDENCE)
        lang = _language(con)
    timeline = serving.timeline(memories, evidence, h.timezone.key).to_dicts()
    current = versions.filter(versions["is_current"])
    mentioned = (
        current.select("memory_id", "evidence_ids")
        .explode("evidence_ids")
        .join(evidence.select(pl.col("evidence_id").alias("evidence_ids"), "timestamp"), on="evidence_ids")
        .group_by("memory_id")
        .agg(pl.col("timestamp").max())
    )
    last_mentioned = {r["memory_id"]: r["timestamp"] for r in mentioned.iter_rows(named=True) if r["timestamp"]}
    proposals = review.archive_proposals(
        current.to_dicts(), now, policy.archive_after_days, last_mentioned, _last_used(h.audit)
    )
    text = review.monthly(now.date(), memories.to_dicts(), timeline, versions.to_dicts(), proposals, lang)
    return _write(home, "monthly", now.strftime("%Y-%m"), text)
