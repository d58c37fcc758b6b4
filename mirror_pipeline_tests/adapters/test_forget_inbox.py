"""The forget path of the raw inbox copies, per importer format: a forgotten message's words leave the file, which
stays readable in its own format, keeps every other message, adds nothing when read again, and is written
atomically; the original export imported again does not bring the words back."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from zoneinfo import ZoneInfo

import duckdb
import pytest

from mirror_pipeline.adapters import inbox as inbox_mod
from mirror_pipeline.adapters.forgetting import FORGOTTEN_MARK, forgotten_pattern, holding_files, redact_inbox, scrub
from mirror_pipeline.adapters.formats import parse_path
from mirror_pipeline.adapters.inbox import Known, import_file, record_forgotten, write_atomically
from mirror_pipeline.core.text import content_hash, stable_id
from mirror_pipeline_tests.conftest import REPO, SAMPLES

TZ = ZoneInfo("Asia/Shanghai")
FIXTURES = REPO / "mirror_pipeline_tests" / "fixtures"
DAYONE_ESCAPED = {
    "metadata": {"version": "1.0"},
    "entries": [
        {
            "uuid": "89FBA166AF60434DABC1CF8D48DFAEFF",
            "creationDate": "2026-10-07T23:30:00Z",
            "timeZone": "Asia/Kuala_Lumpur",
            "text": "在Ipoh医院陪妈妈。I signed the Vandermeer consent form \\(ward 7\\), 还有 Kok Wai 的电话\\."
            "\n\nThe nurse said two hours\\.",
        }
    ],
}


def _exports(tmp: Path) -> list[Path]:
    own = tmp / "own"
    own.mkdir()
    (own / "Journal.json").write_text(json.dumps(DAYONE_ESCAPED, ensure_ascii=False), encoding="utf-8")
    (own / "2026-11-30.md").write_text("# Sunday\n\nBaked the Quillmarsh sourdough.\nIt rose well.\n\nTired.\n")
    return [
        SAMPLES / "chatgpt" / "conversations.json",
        SAMPLES / "claude" / "conversations.json",
        SAMPLES / "telegram" / "result.json",
        SAMPLES / "whatsapp" / "WhatsApp Chat with Alice.txt",
        SAMPLES / "wechat" / "chat_妈妈.csv",
        SAMPLES / "dayone" / "Journal.json",
        FIXTURES / "journal" / "journal.txt",
        *sorted(own.iterdir()),
    ]


def _messages(path: Path, fmt: str) -> dict[str, str]:
    return {stable_id("ev", m.identity): m.text for m in parse_path(path, fmt, TZ)}


def _longest(held: dict[str, str]) -> str:
    texts = [t for t in held.values() if "[secret" not in t and list(held.values()).count(t) == 1]
    return max(texts, key=len)


@pytest.mark.parametrize("index", range(9))
def test_forgetting_a_message_takes_its_words_out_of_the_inbox_copy_in_its_own_format(
    tmp_path: Path, index: int
) -> None:
    source = _exports(tmp_path)[index]
    inbox = tmp_path / "home" / "inbox"
    outcome = import_file(inbox, source)
    assert outcome.status == "accepted", outcome.reason
    rel, fmt = str(outcome.stored_as), str(outcome.format)
    held = _messages(inbox / rel, fmt)
    text = _longest(held)
    (forgotten,) = [e for e, t in held.items() if t == text]
    unrewritable: list[str] = []
    assert redact_inbox(inbox, {rel: [text]}, {rel: fmt}, unrewritable) == [rel], unrewritable
    data = (inbox / rel).read_bytes()
    for line in (x.strip() for x in text.splitlines()):
        assert line.encode() not in data and json.dumps(line)[1:-1].encode() not in data, (fmt, line)
    after = _messages(inbox / rel, fmt)  # still its format; the forgotten message is no message; the rest stay
    assert forgotten not in after and not [t for t in after.values() if FORGOTTEN_MARK in t]
    # every other message stays as it was (but a quote of the forgotten one: its words go too)
    assert {e: t for e, t in held.items() if e != forgotten and t not in text} == after
    if rel.endswith(".json"):
        json.loads(data)

    # the original export again: by the ledger a duplicate; with the ledger lost (a new download), by its words
    inbox_mod.readmitted(inbox, rel)
    assert import_file(inbox, source).status == "duplicate"
    record_forgotten(inbox, [forgotten], [content_hash(text)])
    (inbox.parent / "admissions.jsonl").unlink()
    again = import_file(inbox, source, known=Known(TZ, frozenset(held) - {forgotten}))
    assert again.status in ("accepted", "duplicate") and (again.status == "duplicate" or again.forgotten == 1)
    for path in inbox.rglob("*"):
        if path.is_file():
            raw = path.read_bytes()
            assert not [x for x in text.splitlines() if len(x.strip()) > 3 and x.strip().encode() in raw], path


def test_the_escaped_day_one_line_of_the_review_is_found() -> None:
    """Review 4: `…consent form with my NRIC …\\.` stood in Journal.json behind Day One's escapes."""
    text = "在Ipoh医院陪妈妈。I signed the Vandermeer consent form (ward 7), 还有 Kok Wai 的电话."
    raw = json.dumps(DAYONE_ESCAPED)  # \\u escapes for the Chinese, \\\\( \\\\. for Day One's
    assert "Vandermeer" not in scrub(raw, forgotten_pattern([text]))
    assert json.loads(scrub(raw, forgotten_pattern([text])))["entries"][0]["text"].startswith(FORGOTTEN_MARK)


def test_a_short_message_is_taken_only_where_it_stands_alone() -> None:
    chat = "05/08/2026, 19:40 - Peggy: ok\n05/08/2026, 19:41 - Me: ok lah, booked\n"
    assert scrub(chat, forgotten_pattern(["ok"])) == (
        "05/08/2026, 19:40 - Peggy: [forgotten]\n05/08/2026, 19:41 - Me: ok lah, booked\n"
    )


def test_the_copies_are_found_by_a_cheap_byte_search_and_only_they_are_read_whole(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    for i in range(50):
        (inbox / f"other-{i}.txt").write_text(f"nothing to see {i}\n" * 1000)
    (inbox / "copy.json").write_text(json.dumps({"t": "the Brindlewood plumber comes on Friday"}))
    (inbox / "escaped.json").write_text(json.dumps({"t": "the Brindlewood plumber comes on Friday 妈妈"}))
    files = sorted(p.name for p in inbox.iterdir())
    found = holding_files(inbox, files, ["the Brindlewood plumber comes on Friday"])
    assert found == ["copy.json", "escaped.json"]


def test_a_crash_mid_rewrite_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "inbox" / "chat.txt"
    shutil.copy(SAMPLES / "whatsapp" / "WhatsApp Chat with Alice.txt", tmp_path / "orig.txt")
    path.parent.mkdir()
    shutil.copy(tmp_path / "orig.txt", path)

    def crash(src: object, dst: object) -> None:
        raise OSError("killed")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_atomically(path, b"half")
    assert path.read_bytes() == (tmp_path / "orig.txt").read_bytes()
    assert sorted(p.name for p in path.parent.iterdir()) == ["chat.txt"]  # no half-written copy left either


# ------------------------------------------------------------- the run's forget over a real warehouse and inbox


def _home_with(tmp_path: Path, sources: list[Path]) -> tuple[Path, duckdb.DuckDBPyConnection, dict[str, str]]:
    """An inbox with these files admitted, and a warehouse whose evidence and inbox_files tables hold what the run
    reads from them (message identity first seen wins, as the run does)."""
    from datetime import UTC, datetime

    from mirror_pipeline.adapters import warehouse
    from mirror_pipeline.contracts.tables import EVIDENCE, INBOX_FILES
    from mirror_pipeline.core.evidence import screen_message
    from mirror_pipeline.core.rows import as_row

    inbox = tmp_path / "home" / "inbox"
    inbox.mkdir(parents=True)
    con = duckdb.connect(str(tmp_path / "home" / "warehouse.duckdb"))
    warehouse.ensure(con, EVIDENCE)
    warehouse.ensure(con, INBOX_FILES)
    now = datetime.now(UTC)
    stored: dict[str, str] = {}
    for source in sources:
        outcome = import_file(inbox, source)
        assert outcome.status == "accepted", outcome.reason
        rel, fmt = str(outcome.stored_as), str(outcome.format)
        stored[str(source)] = rel
        digest = inbox_mod.file_sha256(inbox / rel)
        row = {"file_path": rel, "file_hash": digest, "format": fmt, "status": "accepted", "reason": None}
        row |= {"records": outcome.records, "secrets_redacted": 0, "size_bytes": 1, "seen_at": now}
        warehouse.append_new(con, INBOX_FILES, INBOX_FILES.frame([row]), key="file_path")
        rows = [
            as_row(screen_message(m, source_format=fmt, file_path=rel, file_hash=digest).evidence, captured_at=now)
            for m in parse_path(inbox / rel, fmt, TZ)
        ]
        warehouse.append_new(con, EVIDENCE, EVIDENCE.frame(rows), key="evidence_id")
    return inbox, con, stored


def _evidence_id(con: duckdb.DuckDBPyConnection, needle: str, file_path: str = "%") -> str:
    sql = "select evidence_id from evidence where raw_content like ? and file_path like ?"
    (row,) = con.execute(sql, [f"%{needle}%", file_path]).fetchall()
    return row[0]


def test_the_run_finds_a_second_export_a_renamed_copy_and_a_byte_copy_and_rewrites_only_them(
    tmp_path: Path,
) -> None:
    from mirror_pipeline.adapters.forgetting import forget_in_inbox

    chat = SAMPLES / "whatsapp" / "WhatsApp Chat with Alice.txt"
    folder = tmp_path / "exports"
    (folder / "newer").mkdir(parents=True)
    newer = folder / "newer" / chat.name  # the same chat exported again, one message more
    newer.write_bytes(chat.read_bytes().rstrip(b"\n") + b"\n12/05/26, 9:10 AM - Alice: the plumber comes at 9\n")
    renamed = folder / "WhatsApp Chat with Alice Tan.txt"  # another name: another conversation, the same words
    renamed.write_bytes(chat.read_bytes())
    unrelated = [folder / f"2026-09-{d:02d}.md" for d in range(1, 21)]
    for i, path in enumerate(unrelated):
        path.write_text(f"Day {i}: walked the dog along the canal and read a chapter.\n", encoding="utf-8")
    inbox, con, stored = _home_with(tmp_path, [chat, newer, renamed, *unrelated])
    shutil.copy(inbox / stored[str(chat)], inbox / "whatsapp" / "backup.txt")  # dropped in by hand, byte copy
    mtimes = {p: p.stat().st_mtime_ns for p in inbox.rglob("*.md")}
    text_of = "board game night"
    forgotten = _evidence_id(con, text_of, stored[str(chat)])

    done = forget_in_inbox(con, inbox, [forgotten], TZ)
    holders = sorted({stored[str(chat)], stored[str(newer)], stored[str(renamed)], "whatsapp/backup.txt"})
    assert sorted(done["changed"]) == holders
    assert len(done["evidence_ids"]) == 2  # the renamed chat's row of the same words is forgotten too
    for path in inbox.rglob("*"):
        if path.is_file() and path.suffix == ".txt":
            assert text_of not in path.read_text(encoding="utf-8"), path
            assert "Yes! I prefer cooperative games" in path.read_text(encoding="utf-8")  # the rest stays
    assert {p: p.stat().st_mtime_ns for p in inbox.rglob("*.md")} == mtimes  # the other files are not rewritten
    ids, hashes = inbox_mod.read_forgotten(inbox)
    assert forgotten in ids and len(hashes) == 1

    # the renamed chat's original imported again, under yet another name: its words stay out (by text hash)
    again = folder / "again" / "WhatsApp Chat with A. Tan.txt"
    again.parent.mkdir()
    again.write_bytes(chat.read_bytes())
    outcome = import_file(inbox, again)
    assert outcome.status == "accepted" and outcome.forgotten == 1
    assert text_of not in (inbox / str(outcome.stored_as)).read_text(encoding="utf-8")


def test_a_file_dropped_in_by_hand_after_the_forget_is_admitted_without_the_words(tmp_path: Path) -> None:
    inbox = tmp_path / "home" / "inbox"
    chat = SAMPLES / "whatsapp" / "WhatsApp Chat with Alice.txt"
    held = _messages(chat, "whatsapp")
    (forgotten,) = [e for e, t in held.items() if "board game night" in t]
    record_forgotten(inbox, [forgotten], [content_hash(held[forgotten])])
    dropped = inbox / "whatsapp" / chat.name
    dropped.parent.mkdir(parents=True)
    shutil.copy(chat, dropped)
    from datetime import UTC, datetime

    row = inbox_mod.manifest_row(inbox, dropped, {}, datetime.now(UTC), {})
    assert row["status"] == "accepted" and row["file_hash"] == inbox_mod.file_sha256(dropped)
    assert "board game night" not in dropped.read_text(encoding="utf-8")
    assert forgotten not in _messages(dropped, "whatsapp") and len(_messages(dropped, "whatsapp")) == len(held) - 1


def test_a_forget_an_older_version_applied_is_swept_once(tmp_path: Path) -> None:
    """Review 4's home: the evidence row already purged, the words still in a second export's copy."""
    from mirror_pipeline.adapters.forgetting import forget_in_inbox

    journal = tmp_path / "own" / "Journal.json"
    journal.parent.mkdir()
    journal.write_text(json.dumps(DAYONE_ESCAPED, ensure_ascii=False), encoding="utf-8")
    inbox, con, stored = _home_with(tmp_path, [journal])
    forgotten = _evidence_id(con, "Vandermeer")
    con.execute("delete from evidence where evidence_id = ?", [forgotten])  # what the older version did
    done = forget_in_inbox(con, inbox, [forgotten], TZ)
    assert done["changed"] == [stored[str(journal)]]
    text = json.loads((inbox / stored[str(journal)]).read_text(encoding="utf-8"))["entries"][0]["text"]
    assert "Vandermeer" not in text and "The nurse said two hours" in text
    assert forget_in_inbox(con, inbox, [forgotten], TZ)["changed"] == []  # once: the next runs do not read it all


def test_a_line_of_a_forgotten_message_stays_in_another_message_when_the_whole_was_found() -> None:
    chat = (
        "10/31/26, 6:41 PM - Alice: the code is 4417 for the gate\nThanks so much!\n"
        "10/31/26, 6:45 PM - Wei: Thanks so much!\n"
    )
    forgotten = "the code is 4417 for the gate\nThanks so much!"
    assert scrub(chat, forgotten_pattern([forgotten], chat)) == (
        "10/31/26, 6:41 PM - Alice: [forgotten]\n10/31/26, 6:45 PM - Wei: Thanks so much!\n"
    )
