import json
from dataclasses import asdict
from datetime import datetime, timedelta
from pathlib import Path

import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import decisions as decision_store
from mirror_pipeline.adapters import snapshot, warehouse
from mirror_pipeline.adapters.inbox import write_atomically
from mirror_pipeline.contracts.tables import (
    EVIDENCE,
    MEMORY_CANDIDATES,
    MEMORY_VERSIONS,
    REFLECTIONS,
    SECRET_REFERENCES,
)
from mirror_pipeline.core import lifecycle, quarantine, reflection, review, serving
from mirror_pipeline.core.policy import policy_from_config
from mirror_pipeline.defs.governance.assets import run_now
from mirror_pipeline.defs.resources import MirrorHome

# after serving: a review reads what is served (a row withheld there, and what derives from it, stays out of it)
REVIEW_DEPS = ["governed_memories", "memory_issues", "secret_references", "inbox_files", "served_snapshot"]


class Reviewable:
    """What a review document may show: the served snapshot's tables (the serving quarantine already applied: a row
    whose text looks like a secret is withheld with everything derived from it), and of the warehouse's history
    (superseded and archived versions) only what is not withheld: no version of a withheld memory, none citing
    withheld evidence, none whose own words the screening rules still flag."""

    def __init__(self, served: Path, versions: pl.DataFrame, evidence: pl.DataFrame) -> None:
        shot = snapshot.open_snapshot(served)
        self.memories = shot.table("memories")
        self.issues = shot.table("open_issues")
        self.evidence = shot.table("evidence")
        self.inbox_files = shot.table("inbox_files")
        current = serving.served_memories(versions)
        served_memories = pl.Series(self.memories["memory_id"]).implode()
        withheld_memories = current.filter(~pl.col("memory_id").is_in(served_memories))["memory_id"]
        withheld_evidence = evidence.filter(~pl.col("evidence_id").is_in(self.evidence["evidence_id"].implode()))
        cites = pl.col("evidence_ids").list.eval(pl.element().is_in(withheld_evidence["evidence_id"].implode()))
        kept = versions.filter(~pl.col("memory_id").is_in(withheld_memories.implode()) & ~cites.list.any())
        flagged = quarantine.flagged_values(kept.filter(~pl.col("is_current"))["content_text"].to_list())
        self.versions = kept.filter(~pl.col("content_text").is_in(sorted(flagged))) if flagged else kept


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


def _reviewable(home: MirrorHome, con) -> Reviewable:
    return Reviewable(home.get().served, warehouse.read(con, MEMORY_VERSIONS), warehouse.read(con, EVIDENCE))


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
        refs = len(warehouse.read(con, SECRET_REFERENCES, "state = 'pending_review'"))
        seen = _reviewable(home, con)
        lang = _language(con)
    refused = seen.inbox_files.filter(pl.col("status") == "refused").to_dicts()
    memories = seen.memories
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
        seen = _reviewable(home, con)
        lang = _language(con)
    memories = seen.memories
    issues = serving.open_issues(seen.issues).to_dicts()
    pending = memories.filter(memories["state"] == "pending_review").to_dicts()
    week = now.date() - timedelta(days=now.weekday())
    insights, how = _reflect(home.get().config, seen, now)
    insights = _not_forgotten(insights, decision_store.read_all(home.get().decisions).decisions)
    with warehouse_db.get_connection() as con:
        stored = _store_insights(con, insights, now)
    text = review.weekly(
        week, pending, issues, memories.to_dicts(), lang, policy.max_questions_per_review, [asdict(i) for i in insights]
    )
    result = _write(home, "weekly", week.isoformat(), text)
    return dg.MaterializeResult(
        metadata={**(result.metadata or {}), "insights": len(insights), "insights_stored": stored, "model": how}
    )


def _reflect(config: dict, seen: Reviewable, now: datetime) -> tuple[list[reflection.Insight], str]:
    """The weekly reflection over what is served (nothing withheld feeds an insight): the rules', then the model's
    when one is configured and asked for."""
    from mirror_pipeline.adapters.reflection import reflect_with_model

    settings = reflection.ReflectionSettings.model_validate(config.get("reflection") or {})
    memories, versions = seen.memories.to_dicts(), seen.versions.to_dicts()
    evidence = seen.evidence.to_dicts()
    found = reflection.reflect(memories, versions, evidence, now, settings)
    start = now - timedelta(days=settings.window_days)
    period = [e for e in evidence if e.get("timestamp") is not None and start <= e["timestamp"] <= now]
    by_model = reflect_with_model(config, period, now, settings.max_insights - len(found))
    known = {i.memory_id for i in found}
    return found + [i for i in by_model.insights if i.memory_id not in known], by_model.reason


def _not_forgotten(insights: list[reflection.Insight], decisions: list) -> list[reflection.Insight]:
    """An insight the person forgot is not derived again (nor one drawn from a memory they forgot)."""
    from mirror_pipeline.core.decisions import Action

    gone = {d.target for d in decisions if d.action is Action.FORGET}
    return [i for i in insights if i.memory_id not in gone and not gone.intersection(i.source_memory_ids)]


def _store_insights(con, insights: list[reflection.Insight], now: datetime) -> int:
    """Insights accumulate week after week, one row per theme (renewed when it recurs again); governance serves each
    as an inferred memory on the next run."""
    stored = warehouse.read(con, REFLECTIONS)
    if not insights:
        return len(stored)
    new = REFLECTIONS.frame([i.row(now) for i in insights])
    old = stored.filter(~pl.col("memory_id").is_in(new["memory_id"].implode()))
    renewed = new.join(stored.select("memory_id", pl.col("derived_at").alias("was")), on="memory_id", how="left")
    # a theme found again keeps when it was first derived (its memory's creation time)
    renewed = renewed.with_columns(derived_at=pl.coalesce("was", "derived_at")).drop("was")
    with warehouse.transaction(con):
        warehouse.replace(con, REFLECTIONS, pl.concat([old, renewed.select(old.columns)]))
    return len(old) + len(renewed)


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
        seen = _reviewable(home, con)
        lang = _language(con)
    versions, memories, evidence = seen.versions, seen.memories, seen.evidence
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
    kept = lifecycle.last_kept(decision_store.read_all(h.decisions).decisions)
    proposals = review.archive_proposals(
        current.to_dicts(), now, policy.archive_after_days, last_mentioned, _last_used(h.audit), kept
    )
    text = review.monthly(now.date(), memories.to_dicts(), timeline, versions.to_dicts(), proposals, lang)
    return _write(home, "monthly", now.strftime("%Y-%m"), text)
