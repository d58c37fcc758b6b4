"""A forget leaves no copy of the forgotten words anywhere in the home (review 4, finding 3): not in the inbox file
the evidence was read from, not in a second export of the same chat, a renamed copy or a file dropped in by hand,
not in a snapshot kept for rollback; and importing the original export again does not bring the words back.

End to end through the real command, one real home holding every importer format the inbox takes."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import duckdb
import pytest

from mirror_pipeline_tests.conftest import REPO, SAMPLES, mirror, needles

FIXTURES = REPO / "mirror_pipeline_tests" / "fixtures"

pytestmark = pytest.mark.slow

# Day One escapes punctuation with backslashes (the reviewer's NRIC line was lost behind `\\.`)
DAYONE_OWN = {
    "metadata": {"version": "1.0"},
    "entries": [
        {
            "uuid": "1A2B3C4D5E6F47788990AABBCCDDEEFF",
            "creationDate": "2026-10-07T23:30:00Z",
            "timeZone": "Asia/Kuala_Lumpur",
            "text": "Kept Mum company at the Quillmarsh ward\\. I signed the Vandermeer consent form \\(page 2\\)\\!"
            "\n\nThe nurse said the surgery takes two hours\\.",
        }
    ],
}
PLANTED = ("Quillmarsh", "Vandermeer", "Quintanilla")
WHATSAPP_NEWER_LINE = "12/05/26, 9:10 AM - Alice: the Brindlewood plumber comes on Friday\n"


def _words(text: str) -> list[str]:
    """The words of a text that say something: Latin words of 6 letters or more, runs of 3 Chinese characters."""
    return sorted(set(re.findall(r"[A-Za-z][A-Za-z'-]{5,}|[\u4e00-\u9fff]{3,}", text)))


def holding(home: Path, words: list[str]) -> dict[str, list[str]]:
    """Each word found anywhere in the home (inbox, warehouse, snapshots, Dagster, audit, decisions, reviews)."""
    found: dict[str, list[str]] = {}
    files = [p for p in home.rglob("*") if p.is_file() and not p.is_symlink()]
    patterns = {word: needles(word) for word in words}
    for path in files:
        data = path.read_bytes()
        for word in words:
            if any(n.search(data) for n in patterns[word]):
                found.setdefault(word, []).append(str(path.relative_to(home)))
    return found


def _evidence(home: Path) -> list[dict]:
    with duckdb.connect(str(home / "warehouse.duckdb"), read_only=True) as con:
        cursor = con.execute("select evidence_id, source_format, file_path, raw_content from evidence")
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _pick(rows: list[dict], fmt: str) -> dict:
    """The evidence of `fmt` whose words are its own (no other evidence row says them), longest first."""
    others = {w for r in rows for w in _words(r["raw_content"])}
    counts: dict[str, int] = {}
    for r in rows:
        for w in _words(r["raw_content"]):
            counts[w] = counts.get(w, 0) + 1
    mine = [r for r in rows if r["source_format"] == fmt and "[secret" not in r["raw_content"]]
    mine = [r for r in mine if sum(1 for w in _words(r["raw_content"]) if counts[w] == 1) >= 1]
    assert mine, f"no evidence of {fmt} with words of its own ({len(others)} words)"
    return max(mine, key=lambda r: len(r["raw_content"]))


def test_forget_every_format_leaves_no_copy_in_the_home_and_reimport_brings_nothing_back(
    copied_home: Path, tmp_path: Path
) -> None:
    home = copied_home
    inbox = home / "inbox"
    # the person's own Day One entry (escaped punctuation), a note, a newer export of a WhatsApp chat
    own = tmp_path / "own"
    own.mkdir()
    (own / "Journal.json").write_text(json.dumps(DAYONE_OWN), encoding="utf-8")
    mirror(home, "import", str(own / "Journal.json"))
    mirror(home, "import", str(FIXTURES / "journal" / "journal.txt"))
    mirror(home, "note", "Booked a kite lesson at Zanzibar beach with the instructor Oriol Quintanilla")
    (chat,) = sorted((SAMPLES / "whatsapp").glob("*.txt"))[:1]
    newer = tmp_path / "newer" / chat.name
    newer.parent.mkdir()
    newer.write_bytes(chat.read_bytes().rstrip(b"\n") + b"\n" + WHATSAPP_NEWER_LINE.encode())
    mirror(home, "import", str(newer))
    # dropped in by hand: a renamed copy of a journal day and of the ChatGPT export
    (journal,) = [p for p in inbox.rglob("2026-11-09.md")]
    shutil.copy(journal, inbox / "2026-11-09 copy.md")
    (gpt,) = list((inbox / "chatgpt").glob("*.json"))
    shutil.copy(gpt, inbox / "chatgpt-backup.json")
    mirror(home, "run")

    rows = _evidence(home)
    formats = sorted({r["source_format"] for r in rows})
    for fmt in (
        "chatgpt",
        "claude",
        "telegram",
        "whatsapp",
        "wechat",
        "dayone",
        "markdown_journal",
        "text_journal",
        "mirror_note",
    ):
        assert fmt in formats, formats
    picked = {fmt: _pick(rows, fmt) for fmt in formats}
    (own_entry,) = [r for r in rows if "Vandermeer" in r["raw_content"]]
    picked["dayone-escaped"] = own_entry
    chat_rel = str(chat.relative_to(SAMPLES))
    in_both = [r for r in rows if r["source_format"] == "whatsapp" and Path(r["file_path"]).name == chat.name]
    picked["whatsapp-in-two-exports"] = max(in_both, key=lambda r: len(r["raw_content"]))
    words = {w for r in picked.values() for w in _words(r["raw_content"]) if w.casefold() not in _kept_words(rows, r)}
    # a plain word the run's log or the questionnaire says too ("Started", "friends") is no leak; the planted names are
    stock = [p for p in (home / "dagster").rglob("*") if p.is_file()] + [home / "questionnaire.md"]
    stock_bytes = [p.read_bytes() for p in stock]
    logged = {w for w in words if any(n.search(data) for data in stock_bytes for n in needles(w))}
    words = sorted((words - logged) | set(PLANTED))
    assert len(words) >= len(picked)
    assert set(holding(home, words)) == set(words)  # the scan finds every word before the forget

    for row in picked.values():
        mirror(home, "forget", row["evidence_id"])
    mirror(home, "run")
    assert holding(home, words) == {}, f"forgotten words left behind ({chat_rel})"
    for path in inbox.rglob("*.json"):  # rewritten in its own format: still valid JSON
        json.loads(path.read_text(encoding="utf-8"))
    mirror(home, "run")  # the rewritten files are read again: nothing comes back, nothing new is added
    after = _evidence(home)
    assert not {r["evidence_id"] for r in picked.values()} & {r["evidence_id"] for r in after}
    assert not [r for r in after if "forgotten" in r["raw_content"]]
    assert holding(home, words) == {}

    # the original exports imported again (a new download of the same export): the words stay out
    mirror(home, "import", str(SAMPLES))
    mirror(home, "import", str(newer))
    mirror(home, "import", str(own / "Journal.json"))
    mirror(home, "run")
    assert holding(home, words) == {}
    assert holding(home / "inbox", ["Brindlewood"])  # the newer export's own message stays


def _kept_words(rows: list[dict], picked: dict) -> set[str]:
    """Words the forgotten row shares with evidence that stays (they may rightly remain in the home)."""
    return {
        w
        for r in rows
        if r["evidence_id"] != picked["evidence_id"] and r["raw_content"] != picked["raw_content"]
        for w in _words(r["raw_content"].casefold())
    }
