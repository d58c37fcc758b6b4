from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import formats, warehouse
from mirror_pipeline.contracts.tables import EVIDENCE, INBOX_FILES, PARSED_FILES, SECRET_REFERENCES
from mirror_pipeline.core.evidence import screen_message
from mirror_pipeline.core.rows import as_row, secret_reference_row
from mirror_pipeline.core.screening import SCREENING_VERSION
from mirror_pipeline.defs.resources import MirrorHome


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
    evidence_rows: list[dict] = []
    reference_rows: list[dict] = []
    with warehouse_db.get_connection() as con:
        accepted = warehouse.read(con, INBOX_FILES, "status = 'accepted'")
        read_before = warehouse.read(con, PARSED_FILES)["file_hash"]
        new_files = accepted.filter(~accepted["file_hash"].is_in(read_before.implode()))
        unreadable: list[str] = []
        unreadable_hashes: set[str] = set()
        for f in new_files.iter_rows(named=True):
            try:
                data = (h.inbox / f["file_path"]).read_bytes()
                messages = formats.parse(f["file_path"], data, f["format"], h.timezone, h.user_names)
            except (formats.RefusedFile, OSError):  # changed on disk since the manifest read it: next run
                unreadable.append(f["file_path"])
                unreadable_hashes.add(f["file_hash"])
                continue
            for message in messages:
                screened = screen_message(
                    message, source_format=f["format"], file_path=f["file_path"], file_hash=f["file_hash"]
                )
                evidence_rows.append(as_row(screened.evidence, captured_at=now))
                # a message without a time of its own: the reference is dated when it was found
                reference_rows.extend(
                    secret_reference_row(replace(r, created_at=r.created_at or now)) for r in screened.secret_references
                )
        with warehouse.transaction(con):  # a file's evidence and its secret references stand or fall together
            added = warehouse.append_new(con, EVIDENCE, EVIDENCE.frame(evidence_rows), key="evidence_id")
            refs = warehouse.append_new(
                con, SECRET_REFERENCES, SECRET_REFERENCES.frame(reference_rows), key="secret_ref_id"
            )
            parsed = [{"file_hash": f, "parsed_at": now} for f in new_files["file_hash"] if f not in unreadable_hashes]
            warehouse.append_new(con, PARSED_FILES, PARSED_FILES.frame(parsed), key="file_hash")
        total = con.execute("select count(*) from evidence").fetchone()[0]
    yield dg.MaterializeResult(
        asset_key="screened_evidence",
        metadata={
            "files_read": len(new_files) - len(unreadable),
            "files_unreadable": ", ".join(unreadable) or "none",
            "new_evidence": added,
            "evidence_total": total,
        },
    )
    yield dg.MaterializeResult(asset_key="secret_references", metadata={"new_references": refs})
