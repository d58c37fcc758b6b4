"""Messages per second and peak memory for reading generated WhatsApp, WeChat, Telegram and Claude exports.

python benchmarks/bench_formats.py [MESSAGES]        (default 200,000 messages per format)

For each format it writes a synthetic export of MESSAGES messages (Chinese and English, one planted secret in every
500 messages), then in a fresh process times (1) parsing the admitted file as the run does and (2) admission as
`mirror import` does (decode, detect, screen every message, parse to count). Peak memory is the process's maximum RSS.
"""

from __future__ import annotations

import csv
import io
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PHRASES = (
    "I live in Tokyo now.",
    "我喜欢弹钢琴",
    "What should I cook tonight?",
    "我在A公司工作，每天骑车上班。",
    "Let's plan the trip to Kyoto next month.",
    "今天很累，早点睡。",
    "My manager Alice approved the budget.",
    "I prefer tea over coffee.",
)
SECRET = "家里wifi密码：Tplink8888"


def _text(rng: random.Random, i: int) -> str:
    return SECRET if i % 500 == 499 else f"{rng.choice(PHRASES)} ({i})"


def whatsapp(n: int, rng: random.Random) -> tuple[str, bytes]:
    lines = []
    for i in range(n):
        minute = i // 4
        day, hour, mins = 1 + (minute // 1440) % 28, (minute // 60) % 24, minute % 60
        month = 1 + (minute // (1440 * 28)) % 12
        who = "Wei" if i % 2 else "Alice"
        lines.append(f"{day:02d}/{month:02d}/2024, {hour:02d}:{mins:02d} - {who}: {_text(rng, i)}")
    return "WhatsApp Chat with Alice.txt", ("\n".join(lines) + "\n").encode()


def wechat(n: int, rng: random.Random) -> tuple[str, bytes]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "MsgSvrID", "type_name", "is_sender", "talker", "room_name", "msg", "src", "CreateTime"])
    for i in range(n):
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(1.7e9 + i * 15))
        writer.writerow([i, 7e18 + i, "文本", i % 2, "wxid_a", "wxid_a", _text(rng, i), "", stamp])
    return "chat.csv", out.getvalue().encode()


def telegram(n: int, rng: random.Random) -> tuple[str, bytes]:
    messages = [
        {
            "id": i,
            "type": "message",
            "date": "2024-01-01T00:00:00",
            "date_unixtime": str(1704067200 + i * 15),
            "from": "Alice" if i % 2 else "Wei",
            "from_id": "user1" if i % 2 else "user2",
            "text": _text(rng, i),
            "text_entities": [],
        }
        for i in range(n)
    ]
    return "result.json", json.dumps({"name": "Alice", "type": "personal_chat", "id": 1, "messages": messages}).encode()


def claude(n: int, rng: random.Random) -> tuple[str, bytes]:
    conversations = [
        {
            "uuid": f"c{c}",
            "created_at": "2024-01-01T00:00:00Z",
            "chat_messages": [
                {
                    "uuid": f"c{c}m{i}",
                    "sender": "human" if i % 2 == 0 else "assistant",
                    "created_at": "2024-01-01T00:00:00Z",
                    "content": [{"type": "text", "text": _text(rng, c * 20 + i)}],
                }
                for i in range(min(20, n - c * 20))
            ],
        }
        for c in range((n + 19) // 20)
    ]
    return "conversations.json", json.dumps(conversations, ensure_ascii=False).encode()


def measure(path: Path, step: str) -> None:
    """In this (fresh) process: time one step and print messages/s and peak RSS."""
    from zoneinfo import ZoneInfo

    from mirror_pipeline.adapters.formats import admit, parse

    data = path.read_bytes()
    started = time.perf_counter()
    if step == "parse":
        fmt = admit(path.name, data).format if path.suffix != ".csv" else "wechat"
        started = time.perf_counter()
        count = len(parse(path.name, data, fmt, ZoneInfo("UTC"), ("Wei",)))
    else:
        count = admit(path.name, data).records
    elapsed = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"messages": count, "seconds": round(elapsed, 2), "per_second": round(count / elapsed),
                      "peak_mb": round(peak_mb), "file_mb": round(len(data) / 2**20, 1)}))  # fmt: skip


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--measure":
        measure(Path(sys.argv[2]), sys.argv[3])
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    with tempfile.TemporaryDirectory() as tmp:
        print("| format | messages | file | parse (run) | admit (import: screen + parse) |")
        print("|---|---|---|---|---|")
        for make in (whatsapp, wechat, telegram, claude):
            name, data = make(n, random.Random(1))
            path = Path(tmp) / name
            path.write_bytes(data)
            row = {}
            for step in ("parse", "admit"):
                out = subprocess.run(
                    [sys.executable, __file__, "--measure", str(path), step], capture_output=True, text=True, check=True
                )
                row[step] = json.loads(out.stdout)
            p, a = row["parse"], row["admit"]
            print(
                f"| {make.__name__} | {p['messages']:,} | {p['file_mb']} MB | {p['per_second']:,}/s, {p['peak_mb']} MB "
                f"| {a['per_second']:,}/s, {a['peak_mb']} MB |"
            )


if __name__ == "__main__":
    main()
