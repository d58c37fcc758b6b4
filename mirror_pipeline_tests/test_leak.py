"""The leak test of issue 4: secrets of every kind, planted in every importable format, never reach any byte of the
home nor anything a command prints, after the whole pipeline ran (import, run, every read command).

A new format slots in by adding a row to FORMATS: a writer that turns conversations (lists of messages) into a file.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import duckdb
import polars as pl
import pytest

from mirror_pipeline.adapters.parsers.wechat import MEMOTRACE, PYWXDUMP
from mirror_pipeline_tests.conftest import mirror, mirror_json, needles

# (what, messages of one conversation, the planted values). Values are fake, and long or distinctive enough that a
# chance occurrence (inside a hash, a uuid, a timestamp) is not expected; digit-only values are matched as whole
# numbers (not as digits inside a longer number).
PLANTED: list[tuple[str, list[str], list[str]]] = [
    ("zh password", ["我的工作邮箱密码是 Wq7!mz82Lp"], ["Wq7!mz82Lp"]),
    ("en password", ["my gmail password is Hunter2049xq"], ["Hunter2049xq"]),
    ("zh wifi", ["家里wifi密码：Tplink5173"], ["Tplink5173"]),
    ("pin", ["my PIN is 730418"], ["730418"]),
    ("zh bank pin", ["银行卡密码 861249"], ["861249"]),
    ("otp zh", ["验证码 590317，五分钟内有效"], ["590317"]),
    ("otp en", ["your code is 664209"], ["664209"]),
    (
        "recovery codes",
        ["GitHub recovery codes: k3m9-x7q2, p8v4-n2w6, z5r1-c9t3"],
        ["k3m9-x7q2", "p8v4-n2w6", "z5r1-c9t3"],
    ),
    ("security answer", ["密保问题答案是 青石桥小学"], ["青石桥小学"]),
    ("passphrase", ["the wifi passphrase is lantern velvet orchard quasar"], ["lantern velvet orchard quasar"]),
    (
        "seed en",
        ["wallet seed: orbit velvet cabin rapid glance ocean tribe mosquito flag anchor wisdom pulse"],
        ["orbit velvet cabin rapid glance ocean tribe mosquito flag anchor wisdom pulse", "mosquito flag anchor"],
    ),
    ("seed zh", ["助记词：身 毅 磷 压 充 窝 况 识 谈 轨 精 砂"], ["身 毅 磷 压 充 窝 况 识 谈 轨 精 砂"]),
    (
        "openai",
        ["use sk-proj-Tq81vN0cLmZ2bX7rWs4kYp9eHa3uJd6fGi5oQ1tRz8 for the bot"],
        ["Tq81vN0cLmZ2bX7rWs4kYp9eHa3uJd6fGi5oQ1tRz8"],
    ),
    ("github", ["token ghp_R8vK2mQ9xL4tZ7wB1nJ5cH3yF6dS0aP9gE2u"], ["R8vK2mQ9xL4tZ7wB1nJ5cH3yF6dS0aP9gE2u"]),
    ("github pat", ["github_pat_11ABCDEFG0123456789_Zq8kL2mN9pR4tV7wX1yB3cD5"], ["Zq8kL2mN9pR4tV7wX1yB3cD5"]),
    (
        "aws",
        ["AKIAZ7Q4M2P9X3L8K5N1 secret 9vK3mP8xQ2zL7wR4tY1nB6cJ5hF0dS3aG8eU2iO"],
        ["AKIAZ7Q4M2P9X3L8K5N1", "9vK3mP8xQ2zL7wR4tY1nB6cJ5hF0dS3aG8eU2iO"],
    ),
    ("google", ["maps key AIzaSyC8vK2mQ9xL4tZ7wB1nJ5cH3yF6dS0aP9g"], ["SyC8vK2mQ9xL4tZ7wB1nJ5cH3yF6dS0aP9g"]),
    ("slack", ["xoxb-204811-819277-Qz8kL2mN9pR4tV7wX1yB3cD5"], ["Qz8kL2mN9pR4tV7wX1yB3cD5"]),
    ("stripe", ["stripe sk_live_51HxQ2bK9mZ7vT4nR8pL3wY6c"], ["51HxQ2bK9mZ7vT4nR8pL3wY6c"]),
    (
        "jwt",
        ["session eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoiYWxpY2UifQ.Xk2mQ9vL4tZ7wB1nJ5cH3yF6dS0aP9gE"],
        ["eyJ1c2VyIjoiYWxpY2UifQ", "Xk2mQ9vL4tZ7wB1nJ5cH3yF6dS0aP9gE"],
    ),
    ("url credentials", ["db: postgres://admin:Pg4ppS3cretX@db.internal:5432/app"], ["Pg4ppS3cretX"]),
    ("assignment", ['REDIS_PASSWORD="r3d1sR0cksQ"'], ["r3d1sR0cksQ"]),
    ("random token", ["here you go: Lk0HW9SR0WD73rOvLbVyAffgCBxWq3vfPA"], ["Lk0HW9SR0WD73rOvLbVyAffgCBxWq3vfPA"]),
    (
        "private key",
        [
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMw\n"
            "QyNTUxOQAAACBkZXBsb3kta2V5LWZvci1zZXJ2ZXItMQAAAAAAAAAAAA\n-----END OPENSSH PRIVATE KEY-----"
        ],
        [
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMw",
            "QyNTUxOQAAACBkZXBsb3kta2V5LWZvci1zZXJ2ZXItMQAAAAAAAAAAAA",
        ],
    ),
    ("bank card", ["工资卡 6222 0212 3456 7894"], ["6222 0212 3456 7894", "6222021234567894"]),
    ("id number", ["身份证号 11010519491231002X"], ["11010519491231002X"]),
    ("reply", ["家里路由器密码多少？", "Router9931x"], ["Router9931x"]),
    ("split lines", ["NAS 管理员密码\nNasAdm1n77"], ["NasAdm1n77"]),
    ("split messages", ["公司VPN密码是", "Vpn#2024qz"], ["Vpn#2024qz"]),
    # screening-6
    ("correction", ["my netflix password is Popcorn4471", "no wait it's Popcorn4417!"], ["Popcorn4471", "Popcorn4417"]),
    ("network pair", ["wifi: GreenNet / marigold8812"], ["marigold8812"]),
    ("card security", ["卡号 4111 1111 1111 1111，有效期 07/29，CVV 846"], ["07/29", "CVV 846"]),
    ("ssn", ["my SSN is 371-52-8846"], ["371-52-8846"]),
    ("passport", ["护照号 E73921584"], ["E73921584"]),
    ("safe", ["the safe is 17-42-93"], ["17-42-93"]),
    ("chinese numerals", ["验证码是：七三九五二八"], ["七三九五二八"]),
    ("pin after words", ["取款密码还是老的那个 620847"], ["620847"]),
]
VALUES = [v for _, _, values in PLANTED for v in values]


def _chatgpt(conversations: list[list[str]]) -> tuple[str, bytes]:
    export = []
    for c, messages in enumerate(conversations):
        mapping = {}
        for i, text in enumerate(messages):
            mapping[f"c{c}m{i}"] = {
                "id": f"c{c}m{i}",
                "parent": f"c{c}m{i - 1}" if i else None,
                "children": [f"c{c}m{i + 1}"] if i + 1 < len(messages) else [],
                "message": {
                    "id": f"c{c}m{i}",
                    "author": {"role": "user" if i % 2 == 0 else "assistant"},
                    "create_time": 1790000000.0 + c * 100 + i,
                    "content": {"content_type": "text", "parts": [text]},
                },
            }
        export.append(
            {
                "title": f"t{c}",
                "conversation_id": f"conv{c}",
                "current_node": f"c{c}m{len(messages) - 1}",
                "mapping": mapping,
            }
        )
    return "conversations.json", json.dumps(export, ensure_ascii=False).encode()


def _journal(conversations: list[list[str]]) -> tuple[str, bytes]:
    paragraphs = [m for messages in conversations for m in [*messages, "今天天气不错。"]]
    return "2026-11-20.md", ("---\ndate: 2026-11-20\n---\n\n" + "\n\n".join(paragraphs) + "\n").encode()


def _form(conversations: list[list[str]]) -> tuple[str, bytes]:
    body = "".join(f"## Question {i}\n\n" + "\n\n".join(messages) + "\n\n" for i, messages in enumerate(conversations))
    return "answers.md", f"---\nmirror_form: bootstrap\nfilled_on: 2026-11-21\n---\n\n{body}".encode()


def _claude(conversations: list[list[str]]) -> tuple[str, bytes]:
    export = []
    for c, messages in enumerate(conversations):
        at = [f"2026-11-{1 + c % 28:02d}T10:{i // 60:02d}:{i % 60:02d}Z" for i in range(len(messages))]
        export.append(
            {
                "uuid": f"00000000-0000-4000-8000-{c:012d}",
                "name": f"chat {c}",
                "created_at": at[0],
                "updated_at": at[-1],
                "chat_messages": [
                    {
                        "uuid": f"00000000-0000-4000-9000-{c:06d}{i:06d}",
                        "text": text,
                        "content": [{"type": "text", "text": text}],
                        "sender": "human" if i % 2 == 0 else "assistant",
                        "created_at": at[i],
                    }
                    for i, text in enumerate(messages)
                ],
            }
        )
    return "conversations.json", json.dumps(export, ensure_ascii=False).encode()


def _telegram(conversations: list[list[str]]) -> tuple[str, bytes]:
    messages = []
    for c, texts in enumerate(conversations):
        for i, text in enumerate(texts):
            n = len(messages)
            who = ("Wei Zhang", "user5551230000") if i % 2 == 0 else ("Alice Chen", "user4398012345")
            messages.append(
                {
                    "id": 100 + n,
                    "type": "message",
                    "date": f"2026-10-{1 + c % 28:02d}T21:{n % 60:02d}:00",
                    "date_unixtime": str(1790000000 + 60 * n),
                    "from": who[0],
                    "from_id": who[1],
                    "text": text,
                    "text_entities": [{"type": "plain", "text": text}],
                }
            )
    chat = {"name": "Alice Chen", "type": "personal_chat", "id": 4398012345, "messages": messages}
    return "result.json", json.dumps(chat, ensure_ascii=False, indent=1).encode()


def _whatsapp(conversations: list[list[str]]) -> tuple[str, bytes]:
    lines = ["9/1/26, 9:00 PM - Messages and calls are end-to-end encrypted."]
    for c, messages in enumerate(conversations):
        for i, text in enumerate(messages):
            who = "Wei Zhang" if i % 2 == 0 else "Alice Chen"
            lines.append(f"9/{1 + c % 28}/26, 9:{i % 60:02d} PM - {who}: {text}")
    return "WhatsApp Chat with Alice Chen.txt", ("\n".join(lines) + "\n").encode()


def _csv(header: list[str], rows: list[list[object]]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return ("\ufeff" + out.getvalue()).encode()


def _wechat_pywxdump(conversations: list[list[str]]) -> tuple[str, bytes]:
    rows: list[list[object]] = []
    for c, messages in enumerate(conversations):
        for i, text in enumerate(messages):
            n = len(rows) + 1
            at = f"2026-09-{1 + c % 28:02d} 20:{i % 60:02d}:00"
            rows.append([n, 8412750023319041000 + n, "文本", i % 2, "wxid_li4mama", "wxid_li4mama", text, "", at])
    return "pywxdump_妈妈.csv", _csv(list(PYWXDUMP), rows)


def _wechat_memotrace(conversations: list[list[str]]) -> tuple[str, bytes]:
    rows: list[list[object]] = []
    for c, messages in enumerate(conversations):
        for i, text in enumerate(messages):
            n = len(rows) + 1
            sender = "小伟" if i % 2 == 0 else "老张"
            at = f"2026-08-{1 + c % 28:02d} 20:{i % 60:02d}:00"
            rows.append([200 + n, 35, 1, 0, 1 - i % 2, 1785000000 + 60 * n, 2, text, at, "老张", "张伟", sender])
    return "memotrace_老张_utf8.csv", _csv(list(MEMOTRACE), rows)


def _dayone(conversations: list[list[str]]) -> tuple[str, bytes]:
    entries = [
        {
            "uuid": f"8C1E3B9F0A2D4E5F8A7B6C5D4E3F{c:04d}",
            "creationDate": f"2026-07-{1 + c % 28:02d}T14:{c % 60:02d}:05Z",
            "timeZone": "Asia/Tokyo",
            "text": "\n\n".join(messages),
        }
        for c, messages in enumerate(conversations)
    ]
    return "Journal.json", json.dumps({"metadata": {"version": "1.0"}, "entries": entries}, ensure_ascii=False).encode()


def _plaintext(conversations: list[list[str]]) -> tuple[str, bytes]:
    days = [f"2026-06-{1 + c % 28:02d}\n" + "\n\n".join(messages) for c, messages in enumerate(conversations)]
    return "journal.txt", ("My journal\n\n" + "\n\n".join(days) + "\n").encode()


# every importable format: (format name, writer). Another importer adds its row here.
FORMATS: list[tuple[str, Callable[[list[list[str]]], tuple[str, bytes]]]] = [
    ("chatgpt", _chatgpt),
    ("markdown_journal", _journal),
    ("mirror_form", _form),
    ("claude", _claude),
    ("telegram", _telegram),
    ("whatsapp", _whatsapp),
    ("wechat", _wechat_pywxdump),
    ("wechat", _wechat_memotrace),
    ("dayone", _dayone),
    ("text_journal", _plaintext),
]


NEEDLES = {v: needles(v) for v in VALUES}


def _found(data: bytes) -> list[str]:
    return [v for v, needles in NEEDLES.items() if any(n.search(data) for n in needles)]


def _strings_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, bytes):
        return [value.decode("utf-8", "replace")]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings_in(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings_in(v)]
    return []


def _table_values(path: Path) -> list[str]:
    """Every value of every table of a DuckDB, SQLite or parquet file, read by queries (compressed pages included)."""
    if path.suffix == ".parquet":
        frame = pl.read_parquet(path)
        return [s for column in frame.columns for v in frame.get_column(column).to_list() for s in _strings_in(v)]
    if path.suffix == ".duckdb":
        con = duckdb.connect(str(path), read_only=True)
        try:
            tables = [r[0] for r in con.execute("select table_name from information_schema.tables").fetchall()]
            return [
                s
                for t in tables
                for row in con.execute(f'select * from "{t}"').fetchall()
                for s in _strings_in(list(row))
            ]
        finally:
            con.close()
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in con.execute("select name from sqlite_master where type = 'table'").fetchall()]
        return [
            s for t in tables for row in con.execute(f'select * from "{t}"').fetchall() for s in _strings_in(list(row))
        ]
    finally:
        con.close()


@pytest.fixture(scope="module")
def leak_home(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    root = tmp_path_factory.mktemp("leak")
    home = root / "home"
    outputs = [mirror(home, "init").stdout]
    conversations = [messages for _, messages, _ in PLANTED]
    paths = []
    for fmt, writer in FORMATS:
        name, data = writer(conversations)
        path = root / f"{len(paths)}-{fmt}" / name
        path.parent.mkdir()
        path.write_bytes(data)
        paths.append(path)
        # every value is planted, and the scan can see it (the unspaced card number is only a form to look for)
        assert set(_found(data)) >= {v for v in VALUES if any(v in m for c in conversations for m in c)}, fmt
    report = mirror_json(home, "import", *map(str, paths))
    outputs.append(json.dumps(report, ensure_ascii=False))
    assert [f["status"] for f in report["files"]] == ["accepted"] * len(FORMATS), report
    assert [f["format"] for f in report["files"]] == [fmt for fmt, _ in FORMATS]
    assert all(f["secrets_redacted"] >= len(PLANTED) for f in report["files"]), report
    # the same files dropped into the inbox by hand: the run screens them before anything reads them
    for path in paths:
        target = home / "inbox" / "by-hand" / path.parent.name / path.name
        target.parent.mkdir(parents=True)
        shutil.copy(path, target)
    for args in (
        ["run"],
        ["run", "--json"],
        ["status"],
        ["status", "--json"],
        ["secrets"],
        ["secrets", "--json"],
        ["issues"],
        ["issues", "--json"],
        ["timeline"],
        ["timeline", "--json"],
        ["search", "wifi 密码 password"],
        ["search", "bank card 银行卡", "--json"],
        ["context", "set up the home network and the bank login"],
        ["context", "钱包 助记词", "--json"],
    ):
        result = mirror(home, *args)
        outputs += [result.stdout, result.stderr]
    return home, outputs


def test_no_planted_value_in_any_byte_of_the_home(leak_home: tuple[Path, list[str]]) -> None:
    home, _ = leak_home
    files = [p for p in home.rglob("*") if p.is_file() and not p.is_symlink()]
    kinds = {p.suffix for p in files}
    assert {".duckdb", ".parquet", ".db", ".md"} <= kinds, kinds  # warehouse, snapshot, Dagster storage, reviews
    assert any("compute_logs" in p.parts or "storage" in p.parts for p in files)
    leaks = {str(p.relative_to(home)): found for p in files if (found := _found(p.read_bytes()))}
    assert leaks == {}


def test_no_planted_value_in_any_table_read_by_queries(leak_home: tuple[Path, list[str]]) -> None:
    """DuckDB compresses strings and parquet pages are compressed: bytes alone could miss a value."""
    home, _ = leak_home
    stores = [p for p in home.rglob("*") if p.is_file() and p.suffix in (".duckdb", ".parquet", ".db")]
    assert any(p.suffix == ".db" for p in stores)  # Dagster's SQLite run, event and schedule storage
    leaks = {}
    for path in stores:
        text = "\n".join(_table_values(path)).encode()
        if found := _found(text):
            leaks[str(path.relative_to(home))] = found
    assert leaks == {}


def test_no_planted_value_in_anything_a_command_printed(leak_home: tuple[Path, list[str]]) -> None:
    _, outputs = leak_home
    assert _found("\n".join(outputs).encode()) == []


def test_every_planted_secret_became_a_reference_waiting_for_review(leak_home: tuple[Path, list[str]]) -> None:
    home, _ = leak_home
    refs = mirror_json(home, "secrets")["secret_references"]
    # at least one reference per planted conversation in each format
    assert len(refs) >= len(PLANTED) * len(FORMATS)
    assert {r["state"] for r in refs} == {"pending_review"}
    assert all(r["label"] and r["vault"] and r["evidence_id"] for r in refs)
    con = duckdb.connect(str(home / "served" / "context.duckdb"), read_only=True)
    try:
        restricted = con.execute(
            "select count(*) from evidence where len(secret_ref_ids) > 0 and sensitivity <> 'restricted'"
        ).fetchone()[0]
    finally:
        con.close()
    assert restricted == 0
