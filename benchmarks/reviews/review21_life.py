"""The life of REVIEW-21 (robust21), written for it: Chan Ka-yan (陈嘉欣, "Kayan"), a Hong Kong-born pastry chef at
Lumière Bakery in Vancouver who becomes a food-safety inspector in Shenzhen (南山区). Both languages; WhatsApp with her
friend Priya, WeChat CSV with her brother 阿杰, Telegram with Priya (laptop at +08:00 after the move), ChatGPT, Claude,
Day One (America/Vancouver, then Asia/Shanghai) and a markdown journal; three secrets (values made up: a building door
code, a bank account, an email password said in Chinese); a change of job and of home; a correction (her grandmother's
age); a food constraint (lactose intolerant, 乳糖不耐受); a malformed Telegram file for the import's refusal.

    python benchmarks/reviews/review21_life.py OUT_DIR
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import exports

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
    filler = lambda: (RNG.choice(["me", "Priya"]), RNG.choice(FILLER_EN))  # noqa: E731
    gap = lambda: timedelta(minutes=RNG.randint(20, 800))  # noqa: E731
    lines = [
        (t, "Kayan" if who == "me" else "Priya", text)
        for t, (who, text) in exports.interleaved(said, 110, 12, filler, gap, start)
    ]
    exports.whatsapp(out / "WhatsApp Chat with Priya.txt", lines)


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
    filler = lambda: (RNG.randint(0, 1), RNG.choice(FILLER_ZH))  # noqa: E731
    gap = lambda: timedelta(minutes=RNG.randint(30, 600))  # noqa: E731
    rows = [
        (t, mine, text)
        for t, (mine, text) in exports.interleaved(said, 84, 12, filler, gap, start + timedelta(days=35))
    ]
    exports.wechat_csv(out / "chat_阿杰.csv", "wxid_ajie", 7300000000000000000, rows)


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
        messages.append((t, i % 2 == 0, tg[i // 20] if i % 20 == 0 else RNG.choice(FILLER_EN)))
    text = exports.telegram("Priya", 3, "Kayan", messages, timedelta(hours=8))  # (her laptop at +08:00)
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
    exports.chatgpt(out / "conversations.json", "move", "k1", chat, t)


def _claude(out: Path, start: datetime) -> None:
    claude = out / "claude"
    t = start + timedelta(days=60)
    said = [
        ("human", "我的网易邮箱密码是 Shekou#2026wave，帮我想一个更安全的"),
        ("assistant", "不要把密码发给任何人，建议立刻修改。"),
        ("human", "My best friend in Shenzhen is 小雨, she works at Tencent and we go hiking on weekends"),
    ]
    exports.claude(claude, "c21", "email", said, t)


def _dayone(out: Path, start: datetime) -> None:
    said = [
        ("America/Vancouver", "Last croissant batch at Lumière. The whole team signed my apron."),
        ("Asia/Shanghai", "第一天上班，跟着师傅查了三家餐厅的后厨。"),
        ("Asia/Shanghai", "Unpacked the last boxes in the Shekou flat."),
        ("Asia/Shanghai", "和小雨去爬了南山，累但是很开心。"),
    ]
    exports.dayone(out / "dayone", "K", [(start + timedelta(days=25 + 12 * i), z, x) for i, (z, x) in enumerate(said)])


def _diary(out: Path) -> None:
    exports.diary(
        out / "diary",
        {
            "2026-05-16": "今天考过了食品安全管理员证。Priya 说她七月来深圳玩。\n",
            "2026-05-23": "Walked the Shenzhen Bay park with my brother Jay after dinner.\n",
        },
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
