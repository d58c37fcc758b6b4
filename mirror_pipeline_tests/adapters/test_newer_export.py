"""A newer export of a chat under another file name ("_chat.txt", "WhatsApp Chat with Alice (1).txt") holds the
older one's messages: they are recognised by format, time, words and speaker, not copied a second time."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import duckdb
import polars as pl

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.formats import parse
from mirror_pipeline.adapters.inbox import Known, import_file
from mirror_pipeline.contracts.tables import EVIDENCE
from mirror_pipeline.core.evidence import screen_message
from mirror_pipeline.core.rows import as_row
from mirror_pipeline.core.screening import redact
from mirror_pipeline_tests.conftest import SAMPLES

TZ = ZoneInfo("Asia/Shanghai")
OLDER = (SAMPLES / "whatsapp" / "WhatsApp Chat with Alice.txt").read_text(encoding="utf-8")
NOW = datetime(2026, 12, 1, tzinfo=UTC)
NEWER = OLDER + "11/02/26, 9:00 AM - Wei: We go hiking most weekends.\n"


def _evidence(inbox: Path, rel: str) -> list[dict]:
    path = inbox / rel
    return [
        as_row(screen_message(m, source_format="whatsapp", file_path=rel, file_hash="h").evidence, captured_at=NOW)
        for m in parse(path.name, path.read_bytes(), "whatsapp", TZ)
    ]


def _held(con: duckdb.DuckDBPyConnection) -> Known:
    ids = frozenset(r[0] for r in con.execute("select evidence_id from evidence").fetchall())
    return Known(TZ, ids, message_keys=warehouse.held_message_keys(con))


def test_a_renamed_newer_export_adds_only_its_new_messages(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    older = tmp_path / "WhatsApp Chat with Alice.txt"
    older.write_text(OLDER, encoding="utf-8")
    first = import_file(inbox, older)
    con = duckdb.connect()
    rows = _evidence(inbox, str(first.stored_as))
    warehouse.append_new(con, EVIDENCE, warehouse.with_message_keys(EVIDENCE.frame(rows)), key="evidence_id")
    assert len(rows) == 3

    # a browser's copy; iOS names every chat so (and the same export again, under that name: nothing new)
    for name, new in (("WhatsApp Chat with Alice (1).txt", 1), ("_chat.txt", 0)):
        newer = tmp_path / name
        newer.write_text(NEWER, encoding="utf-8")
        outcome = import_file(inbox, newer, known=_held(con))
        assert (outcome.status, outcome.records, outcome.new_records) == ("accepted", 4, new), name
        frame = EVIDENCE.frame(_evidence(inbox, str(outcome.stored_as)))
        # "(1)" is the same chat, so the same ids; "_chat.txt" names no chat and cannot tell who Wei is
        held = warehouse.already_held(con, frame) | set(_held(con).evidence_ids or ())
        fresh = frame.filter(~frame["evidence_id"].is_in(list(held)))
        assert fresh["raw_content"].to_list() in ([], ["We go hiking most weekends."]), name
        warehouse.append_new(con, EVIDENCE, warehouse.with_message_keys(fresh), key="evidence_id")
    texts = [r[0] for r in con.execute("select raw_content from evidence").fetchall()]
    assert len(texts) == len(set(texts)) == 4  # each message once, the secret's among them


def test_the_same_words_again_in_one_file_are_two_messages() -> None:
    con = duckdb.connect()
    base = {"source_format": "whatsapp", "actor": "user", "attribution": "format"}
    at = datetime(2026, 10, 31, 10, 50, tzinfo=UTC)
    rows = [
        as_row(
            screen_message(
                _message(f"whatsapp:Alice:{n}", "haha", at), source_format="whatsapp", file_path="a.txt", file_hash="h"
            ).evidence,
            captured_at=NOW,
        )
        | base
        for n in range(2)
    ]
    frame = EVIDENCE.frame(rows)
    warehouse.append_new(con, EVIDENCE, frame[:1], key="evidence_id")
    assert warehouse.already_held(con, frame[1:]) == set()  # the same file's own repeat is not an earlier export's


def test_the_same_words_the_same_second_in_two_chats_are_two_messages() -> None:
    con = duckdb.connect()
    at = datetime(2026, 10, 31, 10, 50, tzinfo=UTC)

    def said(chat: str, file_path: str, session: str | None = None) -> pl.DataFrame:
        message = _message(f"whatsapp:{chat}:x", "ok, see you there", at, session or f"whatsapp:{chat}")
        row = as_row(
            screen_message(message, source_format="whatsapp", file_path=file_path, file_hash="h").evidence,
            captured_at=NOW,
        )
        return EVIDENCE.frame([row])

    warehouse.append_new(con, EVIDENCE, said("Alice", "whatsapp/WhatsApp Chat with Alice.txt"), key="evidence_id")
    assert warehouse.already_held(con, said("Bob", "whatsapp/WhatsApp Chat with Bob.txt")) == set()
    # a file that names no chat is named after itself: it may be a newer export of Alice's
    unnamed = said("_chat", "whatsapp/_chat.kdqzbmht.txt")
    assert warehouse.already_held(con, unnamed) == set(unnamed["evidence_id"])


def test_reference_ids_do_not_move_with_the_blank_space_around_a_text() -> None:
    said = "See you Friday, the gate PIN is 7719"
    assert redact(said, "whatsapp:Alice:x").text == redact(said + "\n", "whatsapp:Alice:x").text.rstrip()


def _message(identity: str, text: str, at: datetime, session: str = "whatsapp:Alice"):
    from mirror_pipeline.core.model import Message, SourceType, TimePrecision

    return Message(
        identity=identity,
        locator="line 1",
        session_id=session,
        actor="user",
        attribution="format",
        timestamp=at,
        timestamp_precision=TimePrecision.SECOND,
        text=text,
        source_type=SourceType.CHAT,
    )


def test_a_home_whose_evidence_has_no_message_keys_gets_them_without_a_rebuild(tmp_path: Path) -> None:
    from mirror_pipeline.contracts.tables import WAREHOUSE_TABLES

    inbox = tmp_path / "inbox"
    older = tmp_path / "WhatsApp Chat with Alice.txt"
    older.write_text(OLDER, encoding="utf-8")
    rows = EVIDENCE.frame(_evidence(inbox, str(import_file(inbox, older).stored_as)))
    con = duckdb.connect()
    old = rows.drop("message_key")  # noqa: F841 (read by DuckDB's replacement scan)
    con.execute("create table evidence as select * from old")  # what an earlier version wrote
    expected = set(warehouse.message_keys(rows)) - {None}
    assert warehouse.held_message_keys(con) == expected  # read only, before any run: computed
    assert warehouse.reset_if_changed(con, [EVIDENCE], {}) == []  # nothing dropped: the column is added
    assert con.execute("select count(*) from evidence").fetchone()[0] == len(rows)
    assert (
        warehouse.held_message_keys(con)
        == expected
        == set(r[0] for r in con.execute("select message_key from evidence").fetchall())
    )
    assert EVIDENCE in WAREHOUSE_TABLES
