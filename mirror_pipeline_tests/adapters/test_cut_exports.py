"""An export read whole (Claude, Telegram, Day One) that a download cut short: refused saying how many entries before
the break are whole and naming `--keep-complete`, which imports them (REVIEW-18 #1), as the ChatGPT reader does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mirror_pipeline.adapters import inbox

SECRET = "Kestrel-4471-Bay"  # made up for this test
LAST = f"the alarm code for the storage unit is {SECRET} and I keep forgetting it"


def _claude() -> list[dict[str, Any]]:
    said = ["I repaint bicycles on weekends", "my sister Ines lives in Porto", LAST]
    return [
        {
            "uuid": f"c{i}",
            "name": f"chat {i}",
            "created_at": f"2025-03-0{i + 1}T09:00:00Z",
            "chat_messages": [
                {"uuid": f"c{i}m0", "sender": "human", "text": words, "created_at": f"2025-03-0{i + 1}T09:00:00Z"},
                {
                    "uuid": f"c{i}m1",
                    "sender": "assistant",
                    "text": "Noted.",
                    "created_at": f"2025-03-0{i + 1}T09:01:00Z",
                },
            ],
        }
        for i, words in enumerate(said)
    ]


def _messages(texts: list[str], first: int = 1) -> list[dict[str, Any]]:
    return [
        {
            "id": first + i,
            "type": "message",
            "date": f"2025-04-02T10:0{i}:00",
            "date_unixtime": str(1743588000 + 60 * i),
            "from": "Rui" if i % 2 else "Me",
            "from_id": "user222" if i % 2 else "user111",
            "text": text,
        }
        for i, text in enumerate(texts)
    ]


def _telegram_chat() -> dict[str, Any]:
    return {"name": "Rui", "type": "personal_chat", "id": 222, "messages": _messages(["hi", "hey", LAST])}


def _telegram_account() -> dict[str, Any]:
    chats = [
        {"name": "Rui", "type": "personal_chat", "id": 222, "messages": _messages(["lunch?", "sure"])},
        {"name": "Bea", "type": "personal_chat", "id": 333, "messages": _messages(["ok", "fine", LAST], 10)},
    ]
    return {"personal_information": {"user_id": 111, "first_name": "Me"}, "chats": {"about": "", "list": chats}}


def _dayone() -> dict[str, Any]:
    said = ["Walked the dog along the canal.", "Finished the ceramics course today.", LAST]
    entries = [
        {"uuid": f"E{i}", "creationDate": f"2025-05-0{i + 1}T20:00:00Z", "timeZone": "Europe/Lisbon", "text": words}
        for i, words in enumerate(said)
    ]
    return {"metadata": {"version": "1.0"}, "entries": entries}


# (file name, export, the unit the refusal counts, complete ones before the cut, what the kept copy holds)
CASES = [
    ("conversations.json", _claude(), "conversations", 2, lambda kept: len(kept)),
    ("result.json", _telegram_chat(), "messages", 2, lambda kept: len(kept["messages"])),
    (
        "result.json",
        _telegram_account(),
        "messages",
        4,
        lambda kept: [len(c["messages"]) for c in kept["chats"]["list"]],
    ),
    ("Journal.json", _dayone(), "entries", 2, lambda kept: len(kept["entries"])),
]
KEPT = [2, 2, [2, 2], 2]


def _cut(tmp_path: Path, name: str, export: Any) -> Path:
    whole = json.dumps(export, indent=2, ensure_ascii=False).encode()
    source = tmp_path / name
    source.write_bytes(whole[: whole.index(SECRET.encode()) + 5])  # the download stops inside the secret
    return source


@pytest.mark.parametrize(
    ("case", "kept"), list(zip(CASES, KEPT, strict=True)), ids=["claude", "tg-chat", "tg-all", "dayone"]
)
def test_a_cut_export_is_refused_saying_what_is_complete_and_kept_when_asked(
    tmp_path: Path, case: tuple, kept: Any
) -> None:
    name, export, unit, complete, holds = case
    source = _cut(tmp_path, name, export)
    box = tmp_path / "home" / "inbox"
    refused = inbox.import_file(box, source)
    assert refused.status == "refused" and "truncated or invalid JSON (the file ends in the middle" in refused.reason
    assert f"the {complete} {unit} before it are complete" in refused.reason and "--keep-complete" in refused.reason
    assert not any(box.rglob("*"))
    taken = inbox.import_file(box, source, keep_complete=True)
    assert taken.status == "accepted" and taken.reason.startswith("cut short, its complete part imported")
    stored = box / taken.stored_as
    assert holds(json.loads(stored.read_text(encoding="utf-8"))) == kept
    assert SECRET[:5] not in stored.read_text(encoding="utf-8")
    for said in (refused.reason, taken.reason):
        assert SECRET[:5] not in said


def test_a_file_cut_before_any_whole_entry_is_still_refused_without_the_flag_hint(tmp_path: Path) -> None:
    source = tmp_path / "Journal.json"
    whole = json.dumps(_dayone(), indent=2).encode()
    source.write_bytes(whole[: whole.index(b"Walked")])
    outcome = inbox.import_file(tmp_path / "inbox", source, keep_complete=True)
    assert outcome.status == "refused" and "truncated" in outcome.reason and "--keep-complete" not in outcome.reason
