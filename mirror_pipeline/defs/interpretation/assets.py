from __future__ import annotations

from datetime import UTC, datetime

import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.llm_extractor import Extractor, LlmExtractor, WarehouseCache
from mirror_pipeline.contracts.tables import EVIDENCE, INTERPRETED_EVIDENCE, MEMORY_CANDIDATES
from mirror_pipeline.core.proposals import proposal_candidates
from mirror_pipeline.core.questionnaire import typed_by_question
from mirror_pipeline.core.rows import candidate_row, evidence_from_row
from mirror_pipeline.defs.resources import MirrorHome


def build_memory_candidates(code_version: str) -> dg.AssetsDefinition:
    """The asset, its code version the extractor's version: a new extractor shows as a new code version."""

    @dg.asset(deps=["screened_evidence"], group_name="interpretation", kinds={"duckdb"}, code_version=code_version)
    def memory_candidates(
        home: MirrorHome, warehouse_db: DuckDBResource, extractor: dg.ResourceParam[Extractor]
    ) -> dg.MaterializeResult:
        """What your own words suggest about you (where you live, work, what you prefer, who is who), each tied to
        the evidence and the exact span that supports it. Candidates are proposals, not memories yet.

        Only evidence this extractor version has not read is interpreted (keyed by evidence, its content hash, the
        extractor version and the home's timezone); a new version re-reads everything.
        With an LLM (extraction.model in mirror.yaml) every answer is cached by text, model and prompt version."""
        now = datetime.now(UTC)
        version = extractor.version
        tz = home.get().timezone
        read_with = f"{version}@{tz.key}"  # relative times are resolved on the person's calendar
        with warehouse_db.get_connection() as con:
            warehouse.ensure(con, INTERPRETED_EVIDENCE)
            # evidence whose text changed (screening rules moved), read by another extractor version or timezone
            stale = (
                "evidence_id in (select i.evidence_id from interpreted_evidence i"
                " left join evidence e using (evidence_id)"
                " where i.extractor_version <> ? or e.content_hash is distinct from i.content_hash)"
            )
            with warehouse.transaction(con):
                warehouse.delete_where(
                    con, MEMORY_CANDIDATES, f"extractor_version <> ? or {stale}", [version, read_with]
                )
                warehouse.delete_where(con, INTERPRETED_EVIDENCE, stale, [read_with])
            pending = warehouse.read(con, EVIDENCE, "evidence_id not in (select evidence_id from interpreted_evidence)")
            hashes = dict(zip(pending["evidence_id"], pending["content_hash"], strict=True))
            cache = WarehouseCache(con)
            forgotten = cache.forget_unused()
            evidence = [evidence_from_row(e) for e in pending.iter_rows(named=True)]
            result = extractor.extract(evidence, tz, cache)
            done = pl.DataFrame(
                {
                    "evidence_id": result.read,
                    "content_hash": [hashes[i] for i in result.read],
                    "extractor_version": [read_with] * len(result.read),
                },
                schema=dict(INTERPRETED_EVIDENCE.schema),
            )
            # a candidate from a questionnaire answer is at least as sensitive as its question (health: high)
            sessions = {e.evidence_id: e.session_id for e in evidence}
            rows = [candidate_row(typed_by_question(c, sessions.get(c.evidence_id)), now) for c in result.candidates]
            rows += [candidate_row(c, now) for c in proposal_candidates(evidence, version)]  # an agent's proposals
            with warehouse.transaction(con):
                added = warehouse.append_new(con, MEMORY_CANDIDATES, MEMORY_CANDIDATES.frame(rows), key="candidate_id")
                warehouse.append_new(con, INTERPRETED_EVIDENCE, done, key="evidence_id")
            totals = cache.totals()
        metadata: dict[str, object] = {
            "evidence_read": len(result.read),
            "evidence_failed": ", ".join(result.failed[:20]) or "none",
            "new_candidates": added,
            "extractor": extractor.name,
            "extractor_version": version,
        }
        if isinstance(extractor, LlmExtractor):
            metadata |= result.llm_metadata() | {"cached_answers_forgotten": forgotten} | totals
        return dg.MaterializeResult(metadata=metadata)

    return memory_candidates
