from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime

import dagster as dg
from dagster_duckdb import DuckDBResource
from duckdb import DuckDBPyConnection

from mirror_pipeline.adapters import forgetting, formats, warehouse
from mirror_pipeline.adapters.decisions import forgotten_evidence
from mirror_pipeline.contracts.tables import (
    EVIDENCE,
    INBOX_FILES,
    PARSED_FILES,
    SECRET_REFERENCES,
    WITHHELD_EVIDENCE,
)
from mirror_pipeline.core.evidence import recheck, screen_message
from mirror_pipeline.core.model import Message
from mirror_pipeline.core.rows import as_row, secret_reference_row
from mirror_pipeline.core.screening import SCREENING_VERSION
from mirror_pipeline.defs.resources import MirrorHome

BATCH = 20_000  # messages screened and written at a time: memory stays flat whatever the size of an export
DUCKDB_MEMORY = "512MB"  # what the warehouse may hold in memory while evidence is written (more spills to disk)


@dg.multi_asset(
    specs=[
        dg.AssetSpec(
            "screened_evidence",
            deps=["inbox_files"],
            code_version=SCREENING_VERSION,
            group_name="screening",
            kinds={"duckdb"},
            description="Everything you said or were told, one row a message or paragraph, with its source, speaker "
            "and time: secrets already replaced by a reference, never stored.",
        ),
        dg.AssetSpec(
            "secret_references",
            deps=["inbox_files"],
            group_name="screening",
            kinds={"duckdb"},
            description="That a password, key or code exists and what it is for: never the secret itself. Each waits "
            "for your confirmation.",
        ),
    ]
)
def screened_evidence(home: MirrorHome, warehouse_db: DuckDBResource):
    """Parse the accepted inbox files not read before and screen every message (message identity, not file
    identity: a newer export that contains an older one adds only its new messages)."""
    h = home.get()
    now = datetime.now(UTC)
    added = refs = withheld = relabelled = 0
    unreadable: list[str] = []
    with warehouse_db.get_connection() as con:
        # DuckDB keeps up to 80% of RAM as cache by default: a million new rows would hold GBs for this session
        con.execute(f"set memory_limit = '{DUCKDB_MEMORY}'")
        # downstream reads them even when nothing is new
        for table in (EVIDENCE, SECRET_REFERENCES, PARSED_FILES, WITHHELD_EVIDENCE):
            warehouse.ensure(con, table)
        accepted = warehouse.read(con, INBOX_FILES, "status = 'accepted'")
        # what the person asked to forget is never read again; a file taken out of the inbox takes its evidence
        skip = forgotten_evidence(h.decisions)
        with warehouse.transaction(con):
            removed = forgetting.drop_removed_files(con, accepted["file_path"].to_list())
        read_before = warehouse.read(con, PARSED_FILES)["file_hash"]
        new_files = accepted.filter(~accepted["file_hash"].is_in(read_before.implode()))
        for f in new_files.iter_rows(named=True):
            messages = formats.parse_path(h.inbox / f["file_path"], f["format"], h.timezone, h.user_names)
            batches = iter(lambda messages=messages: list(itertools.islice(messages, BATCH)), [])
            file_added = file_refs = file_withheld = file_relabelled = 0
            try:
                # a file's evidence and its secret references stand or fall together, all of the file or none
                with warehouse.transaction(con):
                    for batch in batches:
                        counts = _append_screened(con, batch, f, now, skip)
                        file_added, file_refs = file_added + counts[0], file_refs + counts[1]
                        file_withheld, file_relabelled = file_withheld + counts[2], file_relabelled + counts[3]
                    parsed = PARSED_FILES.frame([{"file_hash": f["file_hash"], "parsed_at": now}])
                    warehouse.append_new(con, PARSED_FILES, parsed, key="file_hash")
            except (formats.RefusedFile, OSError):  # changed on disk since the manifest read it: next run
                unreadable.append(f["file_path"])
                continue
            added, refs = added + file_added, refs + file_refs
            withheld, relabelled = withheld + file_withheld, relabelled + file_relabelled
        total = con.execute("select count(*) from evidence").fetchone()[0]
    yield dg.MaterializeResult(
        asset_key="screened_evidence",
        metadata={
            "files_read": len(new_files) - len(unreadable),
            "files_unreadable": ", ".join(unreadable) or "none",
            "new_evidence": added,
            "evidence_total": total,
            # screened text that still looked like a secret: stored without it, withheld, the person asked (issue 9)
            "quarantined_evidence": withheld,
            "evidence_of_removed_files_dropped": removed,
        },
    )
    yield dg.MaterializeResult(
        asset_key="secret_references", metadata={"new_references": refs, "relabelled_references": relabelled}
    )


def _append_screened(
    con: DuckDBPyConnection, messages: list[Message], f: dict, now: datetime, skip: frozenset[str] = frozenset()
) -> tuple[int, int, int, int]:
    """Screen a batch of one file's messages and append what is new (what the person asked to forget, in `skip`,
    never); (new evidence, new secret references, evidence withheld, references relabelled)."""
    evidence_rows: list[dict] = []
    reference_rows: list[dict] = []
    screened_batch = [
        screen_message(message, source_format=f["format"], file_path=f["file_path"], file_hash=f["file_hash"])
        for message in messages
    ]
    checked = recheck([s for s in screened_batch if s.evidence.evidence_id not in skip])
    for screened in checked.screened:
        evidence_rows.append(as_row(screened.evidence, captured_at=now))
        # a message without a time of its own: the reference is dated when it was found
        reference_rows.extend(
            secret_reference_row(replace(r, created_at=r.created_at or now)) for r in screened.secret_references
        )
    frame = warehouse.with_message_keys(EVIDENCE.frame(evidence_rows))
    # an earlier export of the same chat brought these already (under ids its file name gave them)
    held = warehouse.already_held(con, frame)
    if held:
        frame = frame.filter(~frame["evidence_id"].is_in(list(held)))
        reference_rows = [r for r in reference_rows if r["evidence_id"] not in held]
    added = warehouse.append_new(con, EVIDENCE, frame, key="evidence_id")
    refs = warehouse.append_new(con, SECRET_REFERENCES, SECRET_REFERENCES.frame(reference_rows), key="secret_ref_id")
    withheld = WITHHELD_EVIDENCE.frame([{"evidence_id": e, "found_at": now} for e in checked.withheld])
    return added, refs, warehouse.append_new(con, WITHHELD_EVIDENCE, withheld, key="evidence_id"), checked.relabelled
