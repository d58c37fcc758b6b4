"""The life of REVIEW-21 (robust21), written for it: Chan Ka-yan (陈嘉欣, "Kayan"), a Hong Kong-born pastry chef at
Lumière Bakery in Vancouver who becomes a food-safety inspector in Shenzhen (南山区). Both languages; WhatsApp with her
friend Priya, WeChat CSV with her brother 阿杰, Telegram with Priya (laptop at +08:00 after the move), ChatGPT, Claude,
Day One (America/Vancouver, then Asia/Shanghai) and a markdown journal; three secrets (values made up: a building door
code, a bank account, an email password said in Chinese); a change of job and of home; a correction (her grandmother's
age); a food constraint (lactose intolerant, 乳糖不耐受); a malformed Telegram file for the import's refusal.

    python benchmarks/reviews/review21_life.py OUT_DIR
"""

from __future__ import annotations

import csv
import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

RNG = random.Random(21)
FILLER_EN = ["ok!", "haha true", "talk later", "yes", "omw", "cool", "ty", "lmao", "night"]
FILLER_ZH = ["好", "哈哈哈", "嗯", "明白", "早点睡", "好滴", "ok啦"]


def _whatsapp(out: Path, start: datetime) -> None:
    said = [
        ("me", "I've been the pastry chef at Lumière Bakery on Main Street for four years"),
        ("Priya", "are you still doing the 4am shifts?"),
        ("me", "yes, 4am until the end of March. my grandma turns 88 in June"),
        ("me", "sorry, grandma turns 89 in June, not 88"),
        ("me", "the door code for my building is 4471 and then the bell, come by anytime"),
        ("Priya", "did you hear back from Shenzhen?"),
        ("me", "I got the job! food safety inspector with the Nanshan market bureau, starting in April"),
        ("me", "my last shift at Lumière is on the 27th of March"),
        ("me", "I'm lactose intolerant so no cheese place for the goodbye dinner please"),
    ]
    lines = []
    t = start
    for i in range(110):
        who, text = (
            said[i // 12]
            if i % 12 == 0 and i // 12 < len(said)
            else (RNG.choice(["me", "Priya"]), RNG.choice(FILLER_EN))
        )
        t += timedelta(minutes=RNG.randint(20, 800))
        name = "Kayan" if who == "me" else "Priya"
        lines.append(f"{t:%d/%m/%Y, %H:%M} - {name}: {text}")
    (out / "WhatsApp Chat with Priya.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _wechat(out: Path, start: datetime) -> None:
    said = [
        (1, "阿杰，我四月搬去深圳了，在南山区市场监管局做食品安全检查员"),
        (0, "住哪里啊"),
        (1, "我在蛇口租了个房子，走路十分钟到海边"),
        (1, "我招商银行的账号是 6214 8321 0457 9963，你帮我转一下房租"),
        (1, "我现在住在蛇口了，东西都搬过来了"),
        (0, "外婆说下个月来深圳看你"),
        (1, "我乳糖不耐受，你别给我带牛奶饼干了"),
    ]
    rows = []
    t = start + timedelta(days=35)
    for i in range(84):
        mine, text = (
            said[i // 12] if i % 12 == 0 and i // 12 < len(said) else (RNG.randint(0, 1), RNG.choice(FILLER_ZH))
        )
        t += timedelta(minutes=RNG.randint(30, 600))
        rows.append(
            [i, 7300000000000000000 + i, "文本", mine, "wxid_ajie", "wxid_ajie", text, "", f"{t:%Y-%m-%d %H:%M:%S}"]
        )
    with (out / "chat_阿杰.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "MsgSvrID", "type_name", "is_sender", "talker", "room_name", "msg", "src", "CreateTime"])
        w.writerows(rows)


def _telegram(out: Path, start: datetime) -> None:
    messages = []
    t = start + timedelta(days=50)
    tg = [
        "the heat here is unreal, 34 degrees in April",
        "I inspected nine restaurant kitchens today",
        "my Cantonese is coming back fast",
    ]
    for i in range(60):
        t += timedelta(minutes=RNG.randint(30, 700))
        text = tg[i // 20] if i % 20 == 0 else RNG.choice(FILLER_EN)
        mine = i % 2 == 0
        messages.append(
            {
                "id": i,
                "type": "message",
                "date": (t + timedelta(hours=8)).strftime("%Y-%m-%dT%H:%M:%S"),
                "date_unixtime": str(int(t.timestamp())),
                "from": "Kayan" if mine else "Priya",
                "from_id": "user1" if mine else "user2",
                "text": text,
            }
        )
    telegram = {"name": "Priya", "type": "personal_chat", "id": 3, "messages": messages}
    text = json.dumps(telegram, ensure_ascii=False, indent=1)
    (out / "result.json").write_text(text, encoding="utf-8")
    bad = out / "broken"
    bad.mkdir(exist_ok=True)
    (bad / "result.json").write_text(text[: len(text) // 3], encoding="utf-8")  # an export cut in the middle


def _chatgpt(out: Path, start: datetime) -> None:
    t = start + timedelta(days=20)
    chat = [
        ("user", "I'm moving from Vancouver to Shenzhen in April for a food safety inspector job. What documents?"),
        ("assistant", "As a Hong Kong resident you can use a Home Return Permit; bring your certificates."),
        ("user", "I'm lactose intolerant, what Cantonese dishes are safe for me?"),
        ("assistant", "Most steamed dishes and congee are dairy-free; avoid milk tea and egg tarts."),
    ]
    mapping: dict = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    parent = "root"
    for i, (role, body) in enumerate(chat):
        nid = f"n{i}"
        mapping[nid] = {
            "id": nid,
            "parent": parent,
            "children": [],
            "message": {
                "id": nid,
                "author": {"role": role},
                "create_time": (t + timedelta(minutes=i)).timestamp(),
                "content": {"content_type": "text", "parts": [body]},
                "metadata": {},
                "recipient": "all",
            },
        }
        mapping[parent]["children"].append(nid)
        parent = nid
    conv = {"title": "move", "create_time": t.timestamp(), "mapping": mapping, "current_node": parent, "id": "k1"}
    (out / "conversations.json").write_text(json.dumps([conv], ensure_ascii=False), encoding="utf-8")


def _claude(out: Path, start: datetime) -> None:
    claude = out / "claude"
    claude.mkdir(exist_ok=True)
    t = start + timedelta(days=60)
    said = [
        ("human", "我的网易邮箱密码是 Shekou#2026wave，帮我想一个更安全的"),
        ("assistant", "不要把密码发给任何人，建议立刻修改。"),
        ("human", "My best friend in Shenzhen is 小雨, she works at Tencent and we go hiking on weekends"),
    ]
    conv = {
        "uuid": "c21",
        "name": "email",
        "chat_messages": [
            {
                "uuid": f"m{i}",
                "sender": s,
                "text": x,
                "created_at": (t + timedelta(minutes=i, hours=8)).strftime("%Y-%m-%dT%H:%M:%S+08:00"),
            }
            for i, (s, x) in enumerate(said)
        ],
    }
    (claude / "conversations.json").write_text(json.dumps([conv], ensure_ascii=False), encoding="utf-8")


def _dayone(out: Path, start: datetime) -> None:
    dayone = out / "dayone"
    dayone.mkdir(exist_ok=True)
    entries = []
    for i, (zone, text) in enumerate(
        [
            ("America/Vancouver", "Last croissant batch at Lumière. The whole team signed my apron."),
            ("Asia/Shanghai", "第一天上班，跟着师傅查了三家餐厅的后厨。"),
            ("Asia/Shanghai", "Unpacked the last boxes in the Shekou flat."),
            ("Asia/Shanghai", "和小雨去爬了南山，累但是很开心。"),
        ]
    ):
        when = start + timedelta(days=25 + 12 * i)
        entries.append(
            {"uuid": f"K{i:031d}", "creationDate": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "timeZone": zone, "text": text}
        )
    (dayone / "Journal.json").write_text(json.dumps({"entries": entries}, ensure_ascii=False), encoding="utf-8")


def _diary(out: Path) -> None:
    diary = out / "diary"
    diary.mkdir(exist_ok=True)
    (diary / "2026-05-16.md").write_text("今天考过了食品安全管理员证。Priya 说她七月来深圳玩。\n", encoding="utf-8")
    (diary / "2026-05-23.md").write_text(
        "Walked the Shenzhen Bay park with my brother Jay after dinner.\n", encoding="utf-8"
    )


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    start = datetime(2026, 2, 2, 16, 0, tzinfo=UTC)
    _whatsapp(out, start)
    _wechat(out, start)
    _telegram(out, start)
    _chatgpt(out, start)
    _claude(out, start)
    _dayone(out, start)
    _diary(out)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
