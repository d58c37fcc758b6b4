"""Admission against what the home holds: a forgotten message's words never come back through an import, and a
newer export says how many of its messages are new."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.forgetting import redact_inbox
from mirror_pipeline.adapters.formats import parse
from mirror_pipeline.adapters.inbox import Known, import_file, readmitted
from mirror_pipeline.core.text import stable_id
from mirror_pipeline_tests.conftest import SAMPLES

TZ = ZoneInfo("Asia/Shanghai")
EXPORT = SAMPLES / "wechat" / "chat_妈妈.csv"
FORGOTTEN = "我现在每个周末都去爬山。"  # the second line of the user's message 2
NEW_ROW = "7,6935120047718200107,文本,1,wxid_mama2026,wxid_mama2026,下周回家，想吃红烧肉。,,2026-10-31 18:00:00\n"


def _ids(path: Path) -> dict[str, str]:
    return {stable_id("ev", m.identity): m.text for m in parse(path.name, path.read_bytes(), "wechat", TZ)}


def test_a_forgotten_message_never_comes_back_through_an_import(tmp_path: Path) -> None:
    inbox = tmp_path / "home" / "inbox"
    first = import_file(inbox, EXPORT)
    assert first.status == "accepted" and first.stored_as
    held = _ids(inbox / first.stored_as)
    (forgotten,) = [e for e, text in held.items() if FORGOTTEN in text]
    # what a run does on `mirror forget`: the words leave the inbox copy, which stays admitted
    assert redact_inbox(inbox, {first.stored_as: [held[forgotten]]}) == [first.stored_as]
    readmitted(inbox, first.stored_as)
    known = Known(TZ, frozenset(held) - {forgotten}, frozenset({forgotten}))

    # the same original file: a duplicate by the ledger alone (it remembers the original's hash), and by its words
    assert import_file(inbox, EXPORT).status == "duplicate"
    assert import_file(inbox, EXPORT, known=known).status == "duplicate"

    newer = tmp_path / "export-2026-11" / EXPORT.name
    newer.parent.mkdir()
    newer.write_bytes(EXPORT.read_bytes() + NEW_ROW.encode())
    outcome = import_file(inbox, newer, known=known)
    assert (outcome.status, outcome.records, outcome.new_records, outcome.forgotten) == ("accepted", 6, 1, 1)
    stored = (inbox / str(outcome.stored_as)).read_text(encoding="utf-8")
    assert "下周回家，想吃红烧肉" in stored and "周末回家吃饭吗" in stored  # the others are admitted
    assert FORGOTTEN not in stored  # the forgotten message's words are not
    assert not [p for p in inbox.rglob("*") if p.is_file() and FORGOTTEN in p.read_text(encoding="utf-8")]


def test_the_count_of_new_messages_is_said_only_when_it_is_known(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    assert import_file(inbox, EXPORT, known=Known(TZ)).new_records is None  # the warehouse could not be read
    newer = tmp_path / "newer" / EXPORT.name
    newer.parent.mkdir()
    newer.write_bytes(EXPORT.read_bytes() + NEW_ROW.encode())
    outcome = import_file(inbox, newer, known=Known(TZ, frozenset(_ids(EXPORT))))
    assert (outcome.records, outcome.new_records) == (6, 1)
