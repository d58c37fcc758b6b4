"""The forget path of the raw inbox copies, per importer format: a forgotten message's words leave the file, which
stays readable in its own format, keeps every other message, adds nothing when read again, and is written
atomically; the original export imported again does not bring the words back."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from zoneinfo import ZoneInfo

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
