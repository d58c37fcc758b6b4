import dagster as dg

from mirror_pipeline.adapters import inbox
from mirror_pipeline.core.ids import letters
from mirror_pipeline.defs.capture.assets import LISTING_KEY
from mirror_pipeline.defs.resources import MirrorHome


def _listing_of_the_last_run(context: dg.SensorEvaluationContext) -> str | None:
    """The inbox listing the last run that read the inbox left (whoever launched it: `mirror run`, the UI, a
    schedule), from `inbox_files`' latest materialization; None without a run history."""
    try:
        instance = context.instance
    except dg.DagsterInvariantViolationError:  # evaluated without an instance (a test): no history to compare
        return None
    event = instance.get_latest_materialization_event(dg.AssetKey("inbox_files"))
    materialization = event.asset_materialization if event is not None else None
    value = materialization.metadata.get(LISTING_KEY) if materialization is not None else None
    return str(value.value) if value is not None else None


@dg.sensor(
    job_name="mirror_job",
    minimum_interval_seconds=60,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Runs the pipeline when files are added to, replaced in or removed from the inbox (by hand or by "
    "`mirror import`) since the last run read it; reads only the directory listing.",
)
def inbox_sensor(context: dg.SensorEvaluationContext, home: MirrorHome) -> dg.SensorResult | dg.SkipReason:
    """Compare the inbox listing (paths, sizes, mtimes) with the one of the last request and the one the last run
    left: a change launches a run. Starting `mirror ui` on a home where nothing changed launches nothing."""
    folder = home.get().inbox
    signature = inbox.listing_signature(folder)
    if signature == context.cursor:
        return dg.SkipReason("the inbox has not changed")
    if signature == _listing_of_the_last_run(context):
        return dg.SensorResult(skip_reason=dg.SkipReason("the last run read this inbox"), cursor=signature)
    if context.cursor is None and not inbox.inbox_files(folder):
        return dg.SensorResult(skip_reason=dg.SkipReason("the inbox is empty"), cursor=signature)
    return dg.SensorResult(run_requests=[dg.RunRequest(run_key=f"inbox-{letters(signature[:16])}")], cursor=signature)
