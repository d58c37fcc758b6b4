"""The life of REVIEW-20 (robust20), written for it: Tomasz Wierzbicki (魏彤), a Polish-Chinese ferry mechanic in
Gdańsk who becomes a wind-turbine technician in Qingdao. Both languages; WhatsApp, WeChat CSV, Telegram (laptop at
+08:00 after the move), ChatGPT, Claude, Day One and a markdown journal; two secrets (values made up); a change of job
and of home; a correction (his niece's age); a friend named only by given name (Marek).

    python benchmarks/reviews/review20_life.py OUT_DIR
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import exports

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
    filler = lambda: (RNG.choice(["me", "Marek"]), RNG.choice(FILLER_EN))  # noqa: E731
    gap = lambda: timedelta(minutes=RNG.randint(20, 900))  # noqa: E731
    lines = [
        (t, "Tomasz" if who == "me" else "Marek", text)
        for t, (who, text) in exports.interleaved(said_en, 120, 13, filler, gap, start)
    ]
    exports.whatsapp(out / "WhatsApp Chat with Marek.txt", lines)

    said_zh = [
        (1, "妈，我五月去青岛上班了，海丰风电，做风机维护"),
        (0, "那你住哪里"),
        (1, "公司在黄岛给我租了个一室一厅，离海边不远"),
        (1, "我工资卡的密码是 804417，你帮我记一下，别告诉别人"),
        (1, "我现在住在黄岛了，已经搬过来了"),
        (0, "你小舅说下个月来看你"),
    ]
    filler = lambda: (RNG.randint(0, 1), RNG.choice(FILLER_ZH))  # noqa: E731
    gap = lambda: timedelta(minutes=RNG.randint(30, 600))  # noqa: E731
    rows = [
        (t, mine, text)
        for t, (mine, text) in exports.interleaved(said_zh, 90, 15, filler, gap, start + timedelta(days=60))
    ]
    exports.wechat_csv(out / "chat_妈妈.csv", "wxid_mama", 7200000000000000000, rows)

    messages = []
    t = start + timedelta(days=70)
    tg = ["the turbines here are huge, 8 MW each", "Qingdao beer is cheap, come visit", "I climb 120 m every morning"]
    for i in range(60):
        t += timedelta(minutes=RNG.randint(30, 700))
        messages.append((t, i % 2 == 0, tg[i // 20] if i % 20 == 0 else RNG.choice(FILLER_EN)))
    # (his laptop in Qingdao: the wall clock 8 hours ahead of UTC)
    text = exports.telegram("Marek", 2, "Tomasz", messages, timedelta(hours=8))
    (out / "result.json").write_text(text, encoding="utf-8")

    chat = [
        ("user", "How do I get a work visa for China as a Polish citizen? I have an offer in Qingdao."),
        ("assistant", "You need a Z visa; your employer applies for the work permit notice first."),
        ("user", "My API key for the translation service is sk-live-9hF2kQ7xWm4pL1zR8tYb, is it safe to paste?"),
        ("assistant", "Never paste keys; rotate that one."),
    ]
    exports.chatgpt(out / "conversations.json", "visa", "v1", chat, start + timedelta(days=40))
    cm = [
        ("human", "我在青岛学普通话的山东口音，同事都叫我小魏"),
        ("assistant", "很好"),
        ("human", "I prefer tea over coffee now, Chinese green tea mostly"),
    ]
    exports.claude(out / "claude", "c1", "tea", cm, start + timedelta(days=75))
    said = [
        ("Europe/Warsaw", "Packed the toolbox. Leaving Gdańsk is harder than I thought."),
        ("Asia/Shanghai", "第一天上风机，腿都软了。"),
        ("Asia/Shanghai", "Moved into the flat in Huangdao today."),
        ("Asia/Shanghai", "和同事去金沙滩，海风很大。"),
    ]
    exports.dayone(out / "dayone", "E", [(start + timedelta(days=50 + 10 * i), z, x) for i, (z, x) in enumerate(said)])
    exports.diary(
        out / "diary",
        {
            "2026-06-20": "今天拿到了高空作业证。Marek 说他八月来青岛。\n",
            "2026-06-27": "Ran along the beach at Huangdao before the shift.\n",
        },
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]))
