from datetime import UTC, datetime
from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import inbox, warehouse
from mirror_pipeline.adapters.run_history import PID_TAG, process_tags
from mirror_pipeline.contracts.tables import INBOX_FILES, WAREHOUSE_TABLES
from mirror_pipeline.core.ids import ID_FORMAT
from mirror_pipeline.core.screening import SCREENING_VERSION
from mirror_pipeline.core.text import stable_id
from mirror_pipeline.defs.resources import MirrorHome

LISTING_KEY = "inbox_listing"


@dg.asset(group_name="capture", kinds={"duckdb"})
def inbox_files(context: dg.AssetExecutionContext, home: MirrorHome, warehouse_db: DuckDBResource):
    """What you imported: every file in your inbox, its format, and whether it was accepted or refused (and why).

    A file dropped into the inbox by hand is screened here before anything else reads it: its secrets are replaced
    by reference placeholders in place.
    """
    h = home.get()
    now = datetime.now(UTC)
    if PID_TAG not in context.run.tags:  # a run the daemon launched: which process runs it (adapters/run_history)
        context.instance.add_run_tags(context.run_id, process_tags())
    stale = inbox.remove_stale_temporaries(h.inbox)  # left by a killed import or run: never read, now removed
    # `mirror run` does this before the run starts; a run the daemon launched finds it here
    if (aside := warehouse.set_aside_if_unreadable(Path(h.warehouse), now)) is not None:
        context.log.warning(f"the warehouse was not a DuckDB file: kept as {aside.name}, rebuilt from the inbox")
    with warehouse_db.get_connection() as con:
        # who the user is in a chat that does not say comes from the configured names: when they change, every
        # message is attributed again
        versions = {
            "screening": SCREENING_VERSION,
            "user_names": stable_id("names", *sorted(h.user_names)),
            "ids": ID_FORMAT,  # every id is derived anew: nothing old may be kept beside it
        }
        rebuilt = warehouse.reset_if_changed(con, WAREHOUSE_TABLES, versions)
        if rebuilt:
            context.log.info(f"{rebuilt} changed since the last run: rebuilding everything from the inbox")
        held = warehouse.read(con, INBOX_FILES)
        known = {row["file_path"]: row for row in held.iter_rows(named=True)}
        ledger = inbox.read_ledger(h.inbox)  # what `mirror import` already admitted is not read again
        rows = [inbox.manifest_row(h.inbox, path, known, now, ledger) for path in inbox.inbox_files(h.inbox)]
        df = INBOX_FILES.frame(rows)
        if not df.equals(held):  # the inbox as the table holds it is not written (nor validated) again
            warehouse.replace(con, INBOX_FILES, df)
    refused = df.filter(df["status"] == "refused")
    return dg.MaterializeResult(
        metadata={
            "files": len(df),
            "accepted": len(df) - len(refused),
            "refused": len(refused),
            "rebuilt_tables": ", ".join(rebuilt) or "none",
            "stale_temporary_files_removed": len(stale),
            # the inbox as this run left it: the sensor launches no run while the listing is the same
            LISTING_KEY: inbox.listing_signature(h.inbox),
            "refusals": dg.MetadataValue.md(
                "\n".join(f"- `{r['file_path']}`: {r['reason']}" for r in refused.iter_rows(named=True)) or "none"
            ),
        }
    )
