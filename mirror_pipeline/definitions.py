"""The one Dagster entry point: `dagster dev`, `mirror ui` and `mirror run` all load these definitions."""

from __future__ import annotations

import dagster as dg

from mirror_pipeline.adapters.home import CONFIG_NAME, Home
from mirror_pipeline.adapters.llm_extractor import Extractor, extractor_for
from mirror_pipeline.defs.capture.assets import inbox_files
from mirror_pipeline.defs.capture.sensors import inbox_sensor
from mirror_pipeline.defs.governance.assets import (
    every_memory_has_evidence,
    forgetting_applied,
    governed_memories,
    memories_are_consistent,
)
from mirror_pipeline.defs.indexes.assets import search_index
from mirror_pipeline.defs.interpretation.assets import build_memory_candidates
from mirror_pipeline.defs.resources import resources_for
from mirror_pipeline.defs.review.assets import daily_review, monthly_review, weekly_review
from mirror_pipeline.defs.screening.assets import screened_evidence
from mirror_pipeline.defs.screening.checks import (
    evidence_holds_no_secret,
    memories_hold_no_secret,
    served_snapshot_holds_no_secret,
)
from mirror_pipeline.defs.serving.assets import served_snapshot

PIPELINE_GROUPS = ["capture", "screening", "interpretation", "governance", "indexes", "serving"]
PIPELINE = dg.AssetSelection.groups(*PIPELINE_GROUPS)

mirror_job = dg.define_asset_job("mirror_job", selection=PIPELINE, description="From the inbox to the served snapshot.")
daily_job = dg.define_asset_job("daily_job", selection=PIPELINE | dg.AssetSelection.assets(daily_review))
weekly_job = dg.define_asset_job("weekly_job", selection=PIPELINE | dg.AssetSelection.assets(weekly_review))
monthly_job = dg.define_asset_job("monthly_job", selection=PIPELINE | dg.AssetSelection.assets(monthly_review))


def build_defs(home: Home, extractor: Extractor | None = None) -> dg.Definitions:
    # the extractor the home's config names (the offline rules unless a model is set): its version is the
    # interpretation asset's code version, so a new extractor shows in the UI and re-interprets
    extractor = extractor or extractor_for(home.config, source=str(home.root / CONFIG_NAME))
    return dg.Definitions(
        assets=[
            inbox_files,
            screened_evidence,
            build_memory_candidates(extractor.version),
            governed_memories,
            search_index,
            served_snapshot,
            forgetting_applied,
            daily_review,
            weekly_review,
            monthly_review,
        ],
        asset_checks=[
            evidence_holds_no_secret,
            every_memory_has_evidence,
            memories_are_consistent,
            memories_hold_no_secret,
            served_snapshot_holds_no_secret,
        ],
        jobs=[mirror_job, daily_job, weekly_job, monthly_job],
        schedules=[
            # on by default, on the person's own clock: they run whenever the Dagster daemon does (`mirror ui`)
            dg.ScheduleDefinition(
                name=name,
                job=job,
                cron_schedule=cron,
                execution_timezone=home.timezone.key,
                default_status=dg.DefaultScheduleStatus.RUNNING,
            )
            for name, job, cron in (
                ("daily_review_schedule", daily_job, "0 6 * * *"),
                ("weekly_review_schedule", weekly_job, "0 7 * * 1"),
                ("monthly_review_schedule", monthly_job, "0 8 1 * *"),
            )
        ],
        sensors=[inbox_sensor],  # files dropped into the inbox start a run, as well as the schedules and `mirror run`
        resources={**resources_for(home), "extractor": extractor},
        executor=dg.in_process_executor,  # 2 cores: one process per step costs more than the steps (STACK.md)
    )


defs = build_defs(Home.resolve())
