import dagster as dg

from mirror_pipeline.adapters import inbox
from mirror_pipeline.core.ids import letters
from mirror_pipeline.defs.resources import MirrorHome


@dg.sensor(
    job_name="mirror_job",
    minimum_interval_seconds=60,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Runs the pipeline when files are added to, replaced in or removed from the inbox (by hand or by "
    "`mirror import`); reads only the directory listing.",
)
def inbox_sensor(context: dg.SensorEvaluationContext, home: MirrorHome) -> dg.SensorResult | dg.SkipReason:
    """Compare the inbox listing (paths, sizes, mtimes) with the one of the last request: a change launches a run."""
    folder = home.get().inbox
    signature = inbox.listing_signature(folder)
    if signature == context.cursor:
        return dg.SkipReason("the inbox has not changed")
    if context.cursor is None and not inbox.inbox_files(folder):
        return dg.SensorResult(skip_reason=dg.SkipReason("the inbox is empty"), cursor=signature)
    return dg.SensorResult(run_requests=[dg.RunRequest(run_key=f"inbox-{letters(signature[:16])}")], cursor=signature)
