"""The life of REVIEW-20 (robust20), written for it: Tomasz Wierzbicki (魏彤), a Polish-Chinese ferry mechanic in
Gdańsk who becomes a wind-turbine technician in Qingdao. Both languages; WhatsApp, WeChat CSV, Telegram (laptop at
+08:00 after the move), ChatGPT, Claude, Day One and a markdown journal; two secrets (values made up); a change of job
and of home; a correction (his niece's age); a friend named only by given name (Marek).

    python benchmarks/reviews/review20_life.py OUT_DIR
"""

from __future__ import annotations

import csv
import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

RNG = random.Random(20)
FILLER_EN = ["ok", "haha yes", "see you then", "sounds good", "on my way", "sure", "thanks!", "lol"]
FILLER_ZH = ["好的", "哈哈", "嗯嗯", "知道了", "晚安", "收到", "行"]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    start = datetime(2026, 3, 2, 7, 30, tzinfo=UTC)
    said_en = [
        ("me", "I fix the engines on the Hel ferry, been at Baltic Lines six years now"),
        ("Marek", "you still on the night shift?"),
        ("me", "yes, nights until April. my niece Ola turns 9 next week"),
        ("me", "sorry Ola turns 10, not 9, I always get it wrong"),
        ("me", "the wifi at the workshop is WorkshopNet and the password is Hel-Ferry-7731"),
        ("Marek", "heard you applied in China?"),
        ("me", "I got the offer from Haifeng Wind in Qingdao, I start in May as a turbine technician"),
        ("me", "my last day at Baltic Lines is the 24th of April"),
        ("me", "I can't eat shellfish, it makes me sick, remember that for the farewell dinner"),
    ]
    lines = []
    t = start
    for i in range(120):
        who, text = (
            said_en[i // 13]
            if i % 13 == 0 and i // 13 < len(said_en)
            else (
                RNG.choice(["me", "Marek"]),
                RNG.choice(FILLER_EN),
            )
        )
        t += timedelta(minutes=RNG.randint(20, 900))
        name = "Tomasz" if who == "me" else "Marek"
        lines.append(f"{t:%d/%m/%Y, %H:%M} - {name}: {text}")
    (out / "WhatsApp Chat with Marek.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")

    said_zh = [
        (1, "妈，我五月去青岛上班了，海丰风电，做风机维护"),
        (0, "那你住哪里"),
        (1, "公司在黄岛给我租了个一室一厅，离海边不远"),
        (1, "我工资卡的密码是 804417，你帮我记一下，别告诉别人"),
        (1, "我现在住在黄岛了，已经搬过来了"),
        (0, "你小舅说下个月来看你"),
    ]
    rows = []
    t = start + timedelta(days=60)
    for i in range(90):
        mine, text = (
            said_zh[i // 15]
            if i % 15 == 0 and i // 15 < len(said_zh)
            else (
                RNG.randint(0, 1),
                RNG.choice(FILLER_ZH),
            )
        )
        t += timedelta(minutes=RNG.randint(30, 600))
        rows.append(
            [i, 7200000000000000000 + i, "文本", mine, "wxid_mama", "wxid_mama", text, "", f"{t:%Y-%m-%d %H:%M:%S}"]
        )
    with (out / "chat_妈妈.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "MsgSvrID", "type_name", "is_sender", "talker", "room_name", "msg", "src", "CreateTime"])
        w.writerows(rows)

    messages = []
    t = start + timedelta(days=70)
    tg = ["the turbines here are huge, 8 MW each", "Qingdao beer is cheap, come visit", "I climb 120 m every morning"]
    for i in range(60):
        t += timedelta(minutes=RNG.randint(30, 700))
        text = tg[i // 20] if i % 20 == 0 else RNG.choice(FILLER_EN)
        mine = i % 2 == 0
        messages.append(
            {
                "id": i,
                "type": "message",
                "date": (t + timedelta(hours=8)).strftime("%Y-%m-%dT%H:%M:%S"),  # his laptop in Qingdao
                "date_unixtime": str(int(t.timestamp())),
                "from": "Tomasz" if mine else "Marek",
                "from_id": "user1" if mine else "user2",
                "text": text,
            }
        )
    telegram = {"name": "Marek", "type": "personal_chat", "id": 2, "messages": messages}
    (out / "result.json").write_text(json.dumps(telegram, ensure_ascii=False, indent=1), encoding="utf-8")

    t = start + timedelta(days=40)
    chat = [
        ("user", "How do I get a work visa for China as a Polish citizen? I have an offer in Qingdao."),
        ("assistant", "You need a Z visa; your employer applies for the work permit notice first."),
        ("user", "My API key for the translation service is sk-live-9hF2kQ7xWm4pL1zR8tYb, is it safe to paste?"),
        ("assistant", "Never paste keys; rotate that one."),
    ]
    mapping: dict = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    parent = "root"
    for i, (role, text) in enumerate(chat):
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
    conv = {"title": "visa", "create_time": t.timestamp(), "mapping": mapping, "current_node": parent, "id": "v1"}
    (out / "conversations.json").write_text(json.dumps([conv], ensure_ascii=False), encoding="utf-8")
    claude = out / "claude"
    claude.mkdir(exist_ok=True)
    t = start + timedelta(days=75)
    cm = [
        ("human", "我在青岛学普通话的山东口音，同事都叫我小魏"),
        ("assistant", "很好"),
        ("human", "I prefer tea over coffee now, Chinese green tea mostly"),
    ]
    conv = {
        "uuid": "c1",
        "name": "tea",
        "chat_messages": [
            {
                "uuid": f"m{i}",
                "sender": s,
                "text": x,
                "created_at": (t + timedelta(minutes=i, hours=8)).strftime("%Y-%m-%dT%H:%M:%S+08:00"),
            }
            for i, (s, x) in enumerate(cm)
        ],
    }
    (claude / "conversations.json").write_text(json.dumps([conv], ensure_ascii=False), encoding="utf-8")
    dayone = out / "dayone"
    dayone.mkdir(exist_ok=True)
    entries = []
    for i, (zone, text) in enumerate(
        [
            ("Europe/Warsaw", "Packed the toolbox. Leaving Gdańsk is harder than I thought."),
            ("Asia/Shanghai", "第一天上风机，腿都软了。"),
            ("Asia/Shanghai", "Moved into the flat in Huangdao today."),
            ("Asia/Shanghai", "和同事去金沙滩，海风很大。"),
        ]
    ):
        when = start + timedelta(days=50 + 10 * i)
        entries.append(
            {"uuid": f"E{i:031d}", "creationDate": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "timeZone": zone, "text": text}
        )
    (dayone / "Journal.json").write_text(json.dumps({"entries": entries}, ensure_ascii=False), encoding="utf-8")
    diary = out / "diary"
    diary.mkdir(exist_ok=True)
    (diary / "2026-06-20.md").write_text("今天拿到了高空作业证。Marek 说他八月来青岛。\n", encoding="utf-8")
    (diary / "2026-06-27.md").write_text("Ran along the beach at Huangdao before the shift.\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
