"""The export formats the review lives write (`review20_life.py`, `review21_life.py`): each writer takes what was
said and when, and writes the file as the app exports it. What a life says, and its seeded filler, stay in its file."""

from __future__ import annotations

import csv
import json
from datetime import datetime, timedelta
from pathlib import Path

WECHAT_HEADER = ["id", "MsgSvrID", "type_name", "is_sender", "talker", "room_name", "msg", "src", "CreateTime"]


def interleaved(said: list, count: int, every: int, filler, gap, start: datetime) -> list[tuple[datetime, tuple]]:
    """`count` messages from `start`, each `gap()` after the one before: the lines `said`, one every `every`
    messages, and `filler()` between them (both seeded by the caller, drawn in this order: a message, then its gap)."""
    out, t = [], start
    for i in range(count):
        item = said[i // every] if i % every == 0 and i // every < len(said) else filler()
        t += gap()
        out.append((t, item))
    return out


def whatsapp(path: Path, lines: list[tuple[datetime, str, str]]) -> None:
    """A WhatsApp chat export: (when, name, text) a line."""
    path.write_text("".join(f"{t:%d/%m/%Y, %H:%M} - {name}: {text}\n" for t, name, text in lines), encoding="utf-8")


def wechat_csv(path: Path, talker: str, first_id: int, rows: list[tuple[datetime, int, str]]) -> None:
    """A PyWxDump CSV of one chat: (when, is_sender, text) a row."""
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(WECHAT_HEADER)
        w.writerows(
            [i, first_id + i, "文本", mine, talker, talker, text, "", f"{t:%Y-%m-%d %H:%M:%S}"]
            for i, (t, mine, text) in enumerate(rows)
        )


def telegram(name: str, chat_id: int, me: str, messages: list[tuple[datetime, bool, str]], wall: timedelta) -> str:
    """A Telegram one-chat export (result.json's text): (when, mine, text) a message; `date` is the laptop's wall
    clock, `wall` ahead of UTC, beside `date_unixtime`."""
    export = {
        "name": name,
        "type": "personal_chat",
        "id": chat_id,
        "messages": [
            {
                "id": i,
                "type": "message",
                "date": (t + wall).strftime("%Y-%m-%dT%H:%M:%S"),
                "date_unixtime": str(int(t.timestamp())),
                "from": me if mine else name,
                "from_id": "user1" if mine else "user2",
                "text": text,
            }
            for i, (t, mine, text) in enumerate(messages)
        ],
    }
    return json.dumps(export, ensure_ascii=False, indent=1)


def chatgpt(path: Path, title: str, conv_id: str, turns: list[tuple[str, str]], t: datetime) -> None:
    """A ChatGPT conversations.json of one conversation: (role, text) a turn, a minute apart from `t`."""
    mapping: dict = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    parent = "root"
    for i, (role, text) in enumerate(turns):
        nid = f"n{i}"
        mapping[nid] = {
            "id": nid,
            "parent": parent,
            "children": [],
            "message": {
                "id": nid,
                "author": {"role": role},
                "create_time": (t + timedelta(minutes=i)).timestamp(),
                "content": {"content_type": "text", "parts": [text]},
                "metadata": {},
                "recipient": "all",
            },
        }
        mapping[parent]["children"].append(nid)
        parent = nid
    conv = {"title": title, "create_time": t.timestamp(), "mapping": mapping, "current_node": parent, "id": conv_id}
    path.write_text(json.dumps([conv], ensure_ascii=False), encoding="utf-8")


def claude(folder: Path, uuid: str, name: str, turns: list[tuple[str, str]], t: datetime) -> None:
    """A Claude export's conversations.json in `folder`: (sender, text) a turn, `created_at` at +08:00."""
    folder.mkdir(exist_ok=True)
    conv = {
        "uuid": uuid,
        "name": name,
        "chat_messages": [
            {
                "uuid": f"m{i}",
                "sender": s,
                "text": x,
                "created_at": (t + timedelta(minutes=i, hours=8)).strftime("%Y-%m-%dT%H:%M:%S+08:00"),
            }
            for i, (s, x) in enumerate(turns)
        ],
    }
    (folder / "conversations.json").write_text(json.dumps([conv], ensure_ascii=False), encoding="utf-8")


def dayone(folder: Path, uuid_letter: str, entries: list[tuple[datetime, str, str]]) -> None:
    """A Day One Journal.json in `folder`: (when, zone, text) an entry."""
    folder.mkdir(exist_ok=True)
    rows = [
        {"uuid": f"{uuid_letter}{i:031d}", "creationDate": t.strftime("%Y-%m-%dT%H:%M:%SZ"), "timeZone": z, "text": x}
        for i, (t, z, x) in enumerate(entries)
    ]
    (folder / "Journal.json").write_text(json.dumps({"entries": rows}, ensure_ascii=False), encoding="utf-8")


def diary(folder: Path, days: dict[str, str]) -> None:
    """Markdown daily notes in `folder`: name (the day) -> text."""
    folder.mkdir(exist_ok=True)
    for day, text in days.items():
        (folder / f"{day}.md").write_text(text, encoding="utf-8")
