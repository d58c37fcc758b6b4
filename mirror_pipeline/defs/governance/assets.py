import functools
import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path

import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import decisions as decision_store
from mirror_pipeline.adapters import forgetting, warehouse
from mirror_pipeline.contracts.tables import (
    DECISION_OUTCOMES,
    EVIDENCE,
    MEMORY_CANDIDATES,
    MEMORY_ISSUES,
    MEMORY_VERSIONS,
    QUARANTINED_MEMORIES,
    REFLECTIONS,
    SECRET_REFERENCES,
    TOMBSTONES,
)
from mirror_pipeline.core.conflicts import EvidenceBrief
from mirror_pipeline.core.governance import (
    apply_to_secret_references,
    govern,
    governance_violations,
    identities,
    memory_key,
    secret_reference_issues,
    slot_key,
    texts_to_embed,
)
from mirror_pipeline.core.lifecycle import apply_archiving, merge_inferred
from mirror_pipeline.core.policy import policy_from_config
from mirror_pipeline.core.rows import (
    candidate_from_row,
    issue_row,
    memory_row,
    secret_reference_from_row,
    secret_reference_row,
)
from mirror_pipeline.core.screening.questions import FoundIn, found_in
from mirror_pipeline.core.states import legal_path
from mirror_pipeline.core.text import stable_id
from mirror_pipeline.defs.resources import MirrorHome

_EXISTING = "select evidence_id from evidence where evidence_id in (select unnest(?::varchar[]))"
GOVERNED = "governed"  # warehouse_meta: what the last governance read and wrote, and until when its result holds
_READ = (MEMORY_CANDIDATES, EVIDENCE, REFLECTIONS, SECRET_REFERENCES)
_WRITTEN = (MEMORY_VERSIONS, MEMORY_ISSUES, TOMBSTONES, DECISION_OUTCOMES, QUARANTINED_MEMORIES)


def run_now(context: dg.AssetExecutionContext) -> datetime:
    """One `now` per run: when the run was created (every asset of the run sees the same time)."""
    record = context.instance.get_run_record_by_id(context.run_id)
    if record is not None and record.create_timestamp is not None:
        created = record.create_timestamp
        return created if created.tzinfo else created.replace(tzinfo=UTC)
    return datetime.now(UTC)


def _briefs(con, evidence_ids: list[str]) -> dict[str, EvidenceBrief]:
    if not evidence_ids:
        return {}
    rows = con.execute(
        "select evidence_id, timestamp, raw_content, session_id, locator, source_timezone from evidence "
        "where evidence_id in (select unnest(?::varchar[]))",
        [sorted(set(evidence_ids))],
    ).fetchall()
    return {r[0]: EvidenceBrief(r[0], r[1].replace(tzinfo=UTC) if r[1] else None, *r[2:]) for r in rows}


def _identity_vectors(con, config: dict, candidates) -> tuple[dict, dict[str, object]]:
    """The embeddings of the statements governance compares by meaning (`retrieval`'s model; none with
    `retrieval.dense: false`, and then only exact identities merge). At most `policy.identity_embed_budget` new ones a
    run: the rest stay themselves until a later run embeds them (a decision about one then follows it)."""
    from mirror_pipeline.core.ranking import RetrievalConfig

    retrieval = RetrievalConfig.from_config(config)
    texts = texts_to_embed(candidates)
    if not retrieval.dense or not texts:
        return {}, {"statements_compared": 0, "statements_embedded": 0, "statements_waiting": 0}
    from mirror_pipeline.adapters import identity_vectors
    from mirror_pipeline.adapters.embedder import make_embedder

    embedder = make_embedder(retrieval.embedder, retrieval.model_path, retrieval.e5_prefixes)
    budget = policy_from_config(config.get("policy")).identity_embed_budget
    vectors, embedded, waiting = identity_vectors.vectors_for(con, embedder, texts, budget)
    return vectors, {"statements_compared": len(texts), "statements_embedded": embedded, "statements_waiting": waiting}


def _found_in(con, refs, tz) -> dict[str, FoundIn]:
    """Where each secret reference's evidence stands: date, file, format, screened text (for its question)."""
    ids = sorted({r.evidence_id for r in refs})
    if not ids:
        return {}
    cursor = con.execute(
        "select evidence_id, timestamp, file_path, source_format, raw_content, source_timezone from evidence "
        "where evidence_id in (select unnest(?::varchar[]))",
        [ids],
    )
    names = [d[0] for d in cursor.description]
    return {row[0]: found_in(dict(zip(names, row, strict=True)), tz) for row in cursor.fetchall()}


@functools.cache
def _code() -> str:
    """The code that governs: every module of the package as installed (an upgrade governs again, version or not)."""
    root = Path(__file__).resolve().parents[2]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _inputs(con, h) -> str:
    """All that governance's result is a function of but the time: the tables it reads and writes, the person's
    decisions (their files' bytes), the home's config (policy, names, zone, retrieval) and the code."""
    digest = hashlib.sha256(warehouse.content_digest(con, (*_READ, *_WRITTEN)).encode())
    for path in sorted(h.decisions.glob("*.jsonl")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(json.dumps(h.config, sort_keys=True, default=str).encode() + _code().encode())
    return digest.hexdigest()


def _still_holds(con, h, now: datetime) -> dict | None:
    """The last governance's record when it is this run's result too: the same inputs, and `now` between its run's
    time and the first moment its result turns by time alone (`Governed.next_change`)."""
    stored = warehouse.meta(con, GOVERNED)
    if stored is None:
        return None
    earlier = json.loads(stored)
    until = earlier["until"] and datetime.fromisoformat(earlier["until"])
    if not (datetime.fromisoformat(earlier["as_of"]) <= now and (until is None or now < until)):
        return None
    return earlier if earlier["inputs"] == _inputs(con, h) else None


def _forget(con, h, decisions, candidates, vectors, policy) -> dict[str, int]:
    """What the person asked to forget leaves the warehouse now (and the inbox copy, for evidence): the rows that
    carry its ids, the LLM answers for its texts. The next step of the run rewrites what is derived."""
    from mirror_pipeline.core.decisions import Action

    forgotten_memories = {d.target for d in decisions if d.action is Action.FORGET}
    forgotten_evidence = {d.target for d in decisions if d.action is Action.FORGET_EVIDENCE}
    aliases = identities(candidates, vectors, policy) if forgotten_memories else {}  # nothing to match: not built
    doomed_candidates = [
        e.candidate
        for e in (candidates if forgotten_memories else ())
        if stable_id("mem", *slot_key(e.candidate)) in forgotten_memories
        or stable_id("mem", *memory_key(e.candidate, aliases)) in forgotten_memories
    ]
    evidence = warehouse.read(
        con,
        EVIDENCE,
        "evidence_id in (select unnest(?::varchar[]))",
        [sorted(forgotten_evidence | {c.evidence_id for c in doomed_candidates})],
    )
    hashes = evidence["content_hash"].to_list()  # the LLM answers about these texts hold the memory's words too
    # every inbox file holding the forgotten words is rewritten without them (copies found by what each evidence
    # recorded); the same words read from another file under another id go with them
    inbox = forgetting.forget_in_inbox(con, h.inbox, sorted(forgotten_evidence), h.timezone)
    removed = forgetting.purge_ids(
        con,
        evidence_ids=inbox["evidence_ids"],
        candidate_ids=[c.candidate_id for c in doomed_candidates],
        content_hashes=hashes + inbox["content_hashes"],
    )
    # the memory's own rows in the search index (memory docs are rebuilt from served memories each run)
    removed += forgetting.purge_ids(con, memory_ids=sorted(forgotten_memories))
    return {
        "rows_purged": removed,
        "inbox_files_redacted": len(inbox["changed"]),
        "inbox_files_unrewritable": len(inbox["unrewritable"]),
    }


@dg.multi_asset(
    specs=[
        dg.AssetSpec(
            "governed_memories",
            deps=["memory_candidates"],
            group_name="governance",
            kinds={"duckdb"},
            description="Your memories, every version kept: confirmed (by you or by the write policy), waiting for "
            "you, in conflict, stale or superseded, each with its evidence; your decisions applied.",
        ),
        dg.AssetSpec(
            "memory_issues",
            deps=["memory_candidates", "secret_references"],
            group_name="governance",
            kinds={"duckdb"},
            description="What mi-mirror wants you to settle: conflicts and confirmations, each a short question in "
            "your language whose options cite their evidence, most pressing first.",
        ),
    ]
)
def governed_memories(context: dg.AssetExecutionContext, home: MirrorHome, warehouse_db: DuckDBResource):
    """Replay your decisions (decisions/*.jsonl) over the candidates under the write policy (mirror.yaml `policy`):
    the governed state is a pure function of candidates, decisions, policy and the run's time. A change (a move)
    supersedes; two accounts that cannot both hold become a question; what you forget is purged."""
    h = home.get()
    now = run_now(context)
    with warehouse_db.get_connection() as con:
        earlier = _still_holds(con, h, now)
        if earlier is None:
            earlier = _govern(con, h, now)
            warehouse.set_meta(con, GOVERNED, json.dumps(earlier | {"inputs": _inputs(con, h)}))
        else:
            earlier["governed_memories"]["unchanged_since"] = earlier["as_of"]  # nothing it depends on changed
    for key in ("governed_memories", "memory_issues"):
        yield dg.MaterializeResult(asset_key=key, metadata=earlier[key])


def _govern(con, h, now: datetime) -> dict:
    """Governance itself (the asset's body when something it depends on changed): the tables written, and what
    the run reports and remembers (`GOVERNED`)."""
    read = decision_store.read_all(h.decisions)
    policy = policy_from_config(h.config.get("policy"))
    candidates = [candidate_from_row(r) for r in warehouse.read(con, MEMORY_CANDIDATES).iter_rows(named=True)]
    vectors, compared = _identity_vectors(con, h.config, candidates)
    with warehouse.transaction(con):
        purged = _forget(con, h, read.decisions, candidates, vectors, policy)
    if purged["rows_purged"]:  # what was forgotten leaves no candidate nor vector behind
        candidates = [candidate_from_row(r) for r in warehouse.read(con, MEMORY_CANDIDATES).iter_rows(named=True)]
        vectors, compared = _identity_vectors(con, h.config, candidates)
    briefs = _briefs(con, [e.candidate.evidence_id for e in candidates])
    governed = govern(
        candidates,
        h.timezone,
        decisions=read.decisions,
        policy=policy,
        now=now,
        evidence=briefs,
        user_names=h.user_names,
        vectors=vectors,
    )
    # the weekly reflection's insights, as inferred memories waiting for the person; then archive / keep answers
    insights = warehouse.read(con, REFLECTIONS).to_dicts()
    cited = sorted({e for r in insights for e in r["evidence_ids"]})
    known = {r[0] for r in con.execute(_EXISTING, [cited]).fetchall()} if cited else set()
    governed = merge_inferred(governed, insights, read.decisions, known)
    governed = apply_archiving(governed, read.decisions, briefs)
    refs = [secret_reference_from_row(r) for r in warehouse.read(con, SECRET_REFERENCES).iter_rows(named=True)]
    refs, ref_decisions = apply_to_secret_references(refs, read.decisions)
    issues = governed.issues + secret_reference_issues(refs, _found_in(con, refs, h.timezone))
    current = {m.version_id for m in governed.current}
    versions = MEMORY_VERSIONS.frame(
        [
            memory_row(m, is_current=m.version_id in current, labels=governed.labels[m.version_id])
            for m in governed.versions
        ]
    )
    tombstones = TOMBSTONES.frame(
        [
            {"target_id": t, "kind": kind, "decision_id": d.decision_id, "forgotten_at": d.at}
            for t, kind, d in governed.tombstones
        ]
    ).unique("target_id", keep="first")
    outcomes = DECISION_OUTCOMES.frame(
        [
            {
                "decision_id": d.decision_id,
                "action": str(d.action),
                "target": d.target,
                "applied": applied or d.decision_id in ref_decisions,
                "note": "secret reference updated" if d.decision_id in ref_decisions else note,
            }
            for d, applied, note in governed.outcomes
        ]
    ).unique("decision_id", keep="first")
    quarantined = QUARANTINED_MEMORIES.frame(
        [{"version_id": v, "memory_id": m, "check": c} for v, m, c in governed.quarantined]
    )
    with warehouse.transaction(con):
        warehouse.replace(con, MEMORY_VERSIONS, versions)
        warehouse.replace(con, MEMORY_ISSUES, MEMORY_ISSUES.frame([issue_row(i) for i in issues]))
        warehouse.replace(con, TOMBSTONES, tombstones)
        warehouse.replace(con, DECISION_OUTCOMES, outcomes)
        warehouse.replace(con, QUARANTINED_MEMORIES, quarantined)
        warehouse.replace(con, SECRET_REFERENCES, SECRET_REFERENCES.frame([secret_reference_row(r) for r in refs]))
    states = versions.filter(versions["is_current"]).group_by("state").len()
    unmatched = outcomes.filter(~outcomes["applied"])
    # embeddings still to make: the next run governs again (until = as_of never holds)
    until = now if compared["statements_waiting"] else governed.next_change
    return {
        "as_of": now.isoformat(),
        "until": until and until.isoformat(),
        "governed_memories": {
            "versions": len(versions),
            "current": len(current),
            "decisions": len(read.decisions),
            "decisions_unmatched": len(unmatched),
            "decision_lines_unreadable": ", ".join(read.unreadable[:10]) or "none",
            "tombstones": len(tombstones),
            "quarantined": len(quarantined),
            "as_of": now.isoformat(),
            **compared,
            **purged,
            **{f"state_{s}": n for s, n in states.iter_rows()},
        },
        "memory_issues": {
            "open_issues": sum(1 for i in issues if i.status.value == "open"),
            "all_issues": len(issues),
        },
    }


@dg.asset_check(asset="governed_memories", blocking=True)
def every_memory_has_evidence(warehouse_db: DuckDBResource) -> dg.AssetCheckResult:
    """P2: a memory without evidence is not a memory. Every version must cite at least one evidence row that exists."""
    with warehouse_db.get_connection() as con:
        orphans = con.execute(
            "select count(*) from (select version_id, unnest(evidence_ids) as e from memory_versions) "
            "where e not in (select evidence_id from evidence)"
        ).fetchone()[0]
        empty = con.execute("select count(*) from memory_versions where len(evidence_ids) = 0").fetchone()[0]
    return dg.AssetCheckResult(
        passed=orphans == 0 and empty == 0, metadata={"dangling_evidence_refs": orphans, "without_evidence": empty}
    )


@dg.asset_check(asset="governed_memories")
def memories_are_consistent(warehouse_db: DuckDBResource) -> dg.AssetCheckResult:
    """The governance checks over the stored versions: state values legal, every recorded move legal (7.2), one
    current version per memory, acyclic supersede chains, every confirmed memory has evidence or a decision, no
    opinion stored as a fact. Governance quarantines what breaks them (withheld from serving, with an issue), so
    this check reports; it never stops the home (a warning, not a failure)."""
    from mirror_pipeline.core.model import MemoryState

    with warehouse_db.get_connection() as con:
        versions = warehouse.read(con, MEMORY_VERSIONS)
        quarantined = warehouse.read(con, QUARANTINED_MEMORIES)
    legal_states = {s.value for s in MemoryState}
    bad_state = versions.filter(~pl.col("state").is_in(sorted(legal_states)))
    bad_path = [r["version_id"] for r in versions.iter_rows(named=True) if not legal_path(r["state_path"])]
    from mirror_pipeline.core.rows import memory_from_row

    objects = [memory_from_row(r) for r in versions.iter_rows(named=True)]
    current = set(versions.filter(pl.col("is_current"))["version_id"])
    found = governance_violations(objects, current)
    held = set(quarantined["memory_id"])
    unheld = [f for f in found if f[1] not in held]
    return dg.AssetCheckResult(
        passed=not unheld and bad_state.is_empty() and not bad_path,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "illegal_states": len(bad_state),
            "illegal_transitions": len(bad_path),
            "violations_found": len(found),
            "quarantined_memories": len(held),
            "checks_broken": ", ".join(sorted({c for _, _, c in found})) or "none",
        },
    )


@dg.asset(deps=["served_snapshot"], group_name="serving", kinds={"duckdb"})
def forgetting_applied(home: MirrorHome, warehouse_db: DuckDBResource) -> dg.MaterializeResult:
    """After a forget: the old snapshots go (only the one just published, which holds none of it, stays), review
    documents lose every line naming what was forgotten, and the warehouse file is rewritten so no deleted row
    survives in its free pages. Nothing happens on a run with nothing newly forgotten."""
    h = home.get()
    with warehouse_db.get_connection() as con:
        tombstones = warehouse.read(con, TOMBSTONES)
        digest = stable_id("forgotten", *sorted(tombstones["target_id"]))
        if tombstones.is_empty() or warehouse.meta(con, "forgotten_digest") == digest:
            return dg.MaterializeResult(metadata={"purged": False, "tombstones": len(tombstones)})
        warehouse.set_meta(con, "forgotten_digest", digest)
    snapshots = forgetting.remove_old_snapshots(h.snapshots, h.served)
    reviews = forgetting.purge_reviews(h.reviews, tombstones["target_id"].to_list())
    accesses = forgetting.purge_accesses(h.audit / "accesses.jsonl", tombstones["target_id"].to_list())
    decision_lines = decision_store.scrub(h.decisions, tombstones["target_id"].to_list())  # forgetting wins
    forgetting.compact(h.warehouse)
    return dg.MaterializeResult(
        metadata={
            "purged": True,
            "tombstones": len(tombstones),
            "snapshots_removed": snapshots,
            "reviews": reviews,
            "access_lines": accesses,
            "decision_lines_scrubbed": decision_lines,
        }
    )
