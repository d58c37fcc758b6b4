from __future__ import annotations

from datetime import UTC, datetime, timedelta

import dagster as dg
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
from mirror_pipeline.defs.resources import MirrorHome

REVIEW_DEPS = ["governed_memories", "memory_issues", "secret_references", "inbox_files"]


def _write(home: MirrorHome, kind: str, name: str, text: str) -> dg.MaterializeResult:
    path = home.get().reviews / kind / f"{name}.md"
    write_atomically(path, text.encode("utf-8"))
    # only where the document is: its text (memories) stays out of the run history, which `forget` cannot reach
    return dg.MaterializeResult(metadata={"path": str(path), "lines": text.count("\n")})


@dg.asset(deps=REVIEW_DEPS, group_name="review")
def daily_review(home: MirrorHome, warehouse_db: DuckDBResource) -> dg.MaterializeResult:
    """Today's intake: what was read, what was proposed, which files could not be read."""
    now = datetime.now(UTC)
    since = now - timedelta(days=1)
    with warehouse_db.get_connection() as con:
        new_evidence = len(warehouse.read(con, EVIDENCE, "captured_at >= ?", [since]))
        new_candidates = len(warehouse.read(con, MEMORY_CANDIDATES, "extracted_at >= ?", [since]))
        refused = warehouse.read(con, INBOX_FILES, "status = 'refused'").to_dicts()
        refs = len(warehouse.read(con, SECRET_REFERENCES, "state = 'pending_review'"))
    return _write(
        home, "daily", now.date().isoformat(), review.daily(now.date(), new_evidence, new_candidates, refused, refs)
    )


@dg.asset(deps=REVIEW_DEPS, group_name="review")
def weekly_review(home: MirrorHome, warehouse_db: DuckDBResource) -> dg.MaterializeResult:
    """This week's questions for you: the new long-term memories waiting for your confirmation, and conflicts."""
    now = datetime.now(UTC)
    with warehouse_db.get_connection() as con:
        memories = serving.served_memories(warehouse.read(con, MEMORY_VERSIONS))
        issues = serving.open_issues(warehouse.read(con, MEMORY_ISSUES)).to_dicts()
    pending = memories.filter(memories["state"] == "pending_review").to_dicts()
    week = now.date() - timedelta(days=now.weekday())
    return _write(home, "weekly", week.isoformat(), review.weekly(week, pending, issues))


@dg.asset(deps=REVIEW_DEPS, group_name="review")
def monthly_review(home: MirrorHome, warehouse_db: DuckDBResource) -> dg.MaterializeResult:
    """The month's overview: your timeline and everything mi-mirror holds about you, by kind."""
    now = datetime.now(UTC)
    with warehouse_db.get_connection() as con:
        memories = serving.served_memories(warehouse.read(con, MEMORY_VERSIONS))
        evidence = warehouse.read(con, EVIDENCE)
    timeline = serving.timeline(memories, evidence, home.get().timezone.key).to_dicts()
    return _write(home, "monthly", now.strftime("%Y-%m"), review.monthly(now.date(), memories.to_dicts(), timeline))
