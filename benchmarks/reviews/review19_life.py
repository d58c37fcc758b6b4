"""A made-up life for the REVIEW-19 walkthrough: Ana Luo (罗安娜), Lisbon -> Xiamen, logistics -> ocean data lab.
Every secret here is invented."""

import csv
import io
import json
import random
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

random.seed(19)
OUT = Path(__import__("sys").argv[1] if len(__import__("sys").argv) > 1 else "/tmp/p19/ex")
OUT.mkdir(parents=True, exist_ok=True)
LIS = timezone(timedelta(hours=0))
SH = timezone(timedelta(hours=8))

# ---- WhatsApp with Miguel (English), Lisbon 2025
wa = [
    ("Miguel", "did you get home ok?"),
    ("Ana", "yes, tram was packed but fine"),
    ("Ana", "I work as a logistics coordinator at Azul Trading, remember? the ceramics exporter"),
    ("Miguel", "haha I know where you work"),
    ("Ana", "my boss moved the shipment review to Friday again"),
    ("Miguel", "want to hike Sintra on Sunday?"),
    ("Ana", "yes! I love hiking, bring the big thermos"),
    ("Ana", "I stopped eating meat last year, so no bifanas for me"),
    ("Miguel", "veggie picnic then"),
    ("Ana", "Biscoito knocked my plant over again"),
    ("Miguel", "that cat is a menace"),
    ("Ana", "the new wifi at the flat is called Alfama-Loft and the password is tilefish8830"),
    ("Miguel", "thanks, connected"),
    ("Ana", "I can't stand cilantro, tell your mum please 😅"),
    ("Miguel", "she will be offended but ok"),
    ("Ana", "I'm thinking about applying to the ocean data lab in Xiamen"),
    ("Miguel", "that's far... but it's your field"),
    ("Ana", "I studied marine biology in Qingdao before all the logistics stuff"),
    ("Ana", "interview with the Xiamen lab is on the 14th"),
    ("Miguel", "you'll do great"),
    ("Ana", "they offered me the job!! data analyst at the Xiamen Ocean Institute"),
    ("Miguel", "🎉🎉 proud of you"),
    ("Ana", "I hand in my notice at Azul next week"),
    ("Ana", "last day at Azul Trading is March 20"),
    ("Miguel", "we'll make long distance work"),
    ("Ana", "I fly to Xiamen on April 2"),
]
filler_en = [
    "ok",
    "lol",
    "sounds good",
    "on my way",
    "running late, sorry",
    "did you eat?",
    "good night",
    "see you at 7",
    "the 28 tram is broken again",
    "can you buy oat milk?",
    "miss you",
    "haha",
    "👍",
    "call later?",
    "sure",
    "rain all day here",
    "the market had great figs",
    "I'm so tired today",
    "movie tonight?",
    "the landlord texted again",
]
start = datetime(2025, 1, 6, 19, 0)
lines = []
t = start
seq = []
for i, pair in enumerate(wa):
    seq.append(pair)
    for _ in range(random.randint(1, 3)):
        seq.append((random.choice(["Ana", "Miguel"]), random.choice(filler_en)))
for who, text in seq:
    t += timedelta(hours=random.randint(3, 40), minutes=random.randint(0, 59))
    lines.append(f"{t.month}/{t.day}/{t.strftime('%y')}, {t.strftime('%I:%M %p').lstrip('0')} - {who}: {text}")
(OUT / "WhatsApp Chat with Miguel.txt").write_text(
    "1/6/25, 7:00 PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.\n"
    + "\n".join(lines)
    + "\n",
    encoding="utf-8",
)
print("whatsapp", len(lines))

# ---- WeChat with 妈妈 (Chinese), times local (no zone)
wx = [
    (0, "安娜，最近工作忙不忙"),
    (1, "还行，我在里斯本一家做瓷砖出口的公司当物流协调"),
    (0, "你弟弟说你想回国？"),
    (1, "嗯，我在申请厦门的海洋研究所，做数据分析"),
    (0, "那太好了，离成都近一点"),
    (1, "妈你别给我寄香菜酱了，我真的不吃香菜"),
    (1, "我去年开始吃素了"),
    (0, "吃素营养够吗"),
    (1, "够的，放心"),
    (1, "面试过了！厦门海洋研究所要我了"),
    (0, "太好了，什么时候回来"),
    (1, "我4月2号飞厦门，先住在思明区的公寓"),
    (1, "公寓在思明区曾厝垵附近，离研究所二十分钟"),
    (0, "猫怎么办"),
    (1, "Biscoito跟我一起走，已经办好宠物托运了"),
    (1, "我的工资卡密码改成了 730415，怕忘了先跟你说一声"),
    (0, "这种东西别发微信"),
    (1, "弟弟下个月结婚，我五月回成都"),
    (0, "你弟弟今年29了，也该结了"),
    (1, "新单位下周一报到"),
    (1, "我现在住在厦门了，空气很好"),
    (0, "周末去爬山吗"),
    (1, "去，万石山，我最喜欢爬山了"),
]
filler_zh = [
    "好的",
    "嗯嗯",
    "吃了吗",
    "刚下班",
    "今天好累",
    "妈我先睡了",
    "收到",
    "哈哈",
    "下雨了",
    "周末打电话",
    "我在地铁上",
    "晚点说",
    "好想吃你做的菜",
    "注意身体",
    "知道啦",
    "外婆身体怎么样",
    "天冷多穿点",
]
rows = []
t = datetime(2025, 1, 10, 20, 0)
n = 1
for sender, text in wx:
    items = [(sender, text)] + [(random.randint(0, 1), random.choice(filler_zh)) for _ in range(random.randint(1, 3))]
    for s, txt in items:
        t += timedelta(hours=random.randint(5, 60), minutes=random.randint(0, 59))
        rows.append(
            [
                n,
                7100000000000000000 + n,
                "文本",
                s,
                "wxid_mama_cd",
                "wxid_mama_cd",
                txt,
                "",
                t.strftime("%Y-%m-%d %H:%M:%S"),
            ]
        )
        n += 1
buf = io.StringIO()
w = csv.writer(buf, lineterminator="\n")
w.writerow(["id", "MsgSvrID", "type_name", "is_sender", "talker", "room_name", "msg", "src", "CreateTime"])
w.writerows(rows)
(OUT / "chat_妈妈.csv").write_text("\ufeff" + buf.getvalue(), encoding="utf-8")
print("wechat", len(rows))

# ---- Telegram with brother 罗凯 (one chat export)
tg = [
    ("Kai", "姐，婚礼定在5月17号"),
    ("Ana", "好，我5月回成都"),
    ("Ana", "my brother Kai is 29 and getting married, can't believe it"),
    ("Kai", "哈哈我31了好吗"),
    ("Ana", "oops sorry, you're 31. 你31岁了"),
    ("Kai", "你新工作怎么样"),
    ("Ana", "I started at the Xiamen Ocean Institute on April 8, I analyse coral reef sensor data"),
    ("Kai", "厉害"),
    ("Ana", "my github token for the lab repo is ghp_Zq81mmxxQ7k2LpW9vB3nR5tY8uE0aS4dF6gH, don't share it"),
    ("Kai", "你发我干嘛"),
    ("Ana", "sorry wrong chat"),
    ("Kai", "Miguel会来婚礼吗"),
    ("Ana", "会，他6月来厦门看我"),
]
msgs = []
t = datetime(2026, 3, 1, 12, 0, tzinfo=SH)
for i, (who, text) in enumerate(tg, start=1):
    for extra in [(who, text)] + [
        (random.choice(["Kai", "Ana"]), random.choice(filler_zh + filler_en)) for _ in range(random.randint(0, 2))
    ]:
        t += timedelta(hours=random.randint(2, 30))
        msgs.append(
            {
                "id": len(msgs) + 1,
                "type": "message",
                "date": t.strftime("%Y-%m-%dT%H:%M:%S"),
                "date_unixtime": str(int(t.timestamp())),
                "from": "Kai Luo" if extra[0] == "Kai" else "Ana Luo",
                "from_id": "user5550001" if extra[0] == "Kai" else "user5550002",
                "text": extra[1],
            }
        )
(OUT / "result.json").write_text(
    json.dumps(
        {"name": "Kai Luo", "type": "personal_chat", "id": 5550001, "messages": msgs}, ensure_ascii=False, indent=1
    ),
    encoding="utf-8",
)
print("telegram", len(msgs))


# ---- ChatGPT
def gpt_conv(title, turns, t0):
    mapping = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    parent = "root"
    t = t0
    for i, (role, text) in enumerate(turns):
        nid = f"{title[:4]}-{i}"
        t += 60
        mapping[nid] = {
            "id": nid,
            "parent": parent,
            "children": [],
            "message": {
                "id": nid,
                "author": {"role": role},
                "create_time": t,
                "content": {"content_type": "text", "parts": [text]},
                "metadata": {},
                "recipient": "all",
            },
        }
        mapping[parent]["children"].append(nid)
        parent = nid
    return {
        "title": title,
        "create_time": t0,
        "update_time": t,
        "mapping": mapping,
        "current_node": parent,
        "id": str(uuid.UUID(int=random.getrandbits(128))),
    }


convs = [
    gpt_conv(
        "cover letter",
        [
            (
                "user",
                "Help me write a cover letter. I have been a logistics coordinator at Azul Trading in Lisbon since 2021 and I want a data analyst role at an ocean research institute.",
            ),
            ("assistant", "Sure. Here is a draft ..."),
            ("user", "Mention that I studied marine biology at Ocean University of China in Qingdao."),
            ("assistant", "Updated draft ..."),
        ],
        1738000000,
    ),
    gpt_conv(
        "visa",
        [
            ("user", "我是中国公民，从葡萄牙搬回厦门工作，猫要办什么手续？"),
            ("assistant", "需要狂犬疫苗证明和健康证书……"),
            ("user", "我的猫叫Biscoito，三岁"),
        ],
        1740000000,
    ),
    gpt_conv(
        "python",
        [
            ("user", "How do I resample coral reef sensor data to hourly means in pandas?"),
            ("assistant", "Use df.resample('1h').mean() ..."),
            ("user", "I prefer polars actually, I use it every day at work now"),
        ],
        1776000000,
    ),
]
(OUT / "conversations.json").write_text(json.dumps(convs, ensure_ascii=False), encoding="utf-8")
print("chatgpt", sum(len(c["mapping"]) - 1 for c in convs))


# ---- Claude
def cl(name, turns, at):
    return {
        "uuid": str(uuid.UUID(int=random.getrandbits(128))),
        "name": name,
        "created_at": at,
        "updated_at": at,
        "chat_messages": [
            {
                "uuid": str(uuid.UUID(int=random.getrandbits(128))),
                "sender": s,
                "text": x,
                "created_at": at,
                "content": [{"type": "text", "text": x}],
            }
            for s, x in turns
        ],
    }


claude = [
    cl(
        "apartment",
        [
            ("human", "I just moved into an apartment in Siming district in Xiamen. What should I check in the lease?"),
            ("assistant", "Check the deposit terms ..."),
        ],
        "2026-04-05T10:00:00.000000+08:00",
    ),
    cl(
        "wedding speech",
        [("human", "我弟弟罗凯5月17号结婚，帮我写一段婚礼致辞，他今年31岁"), ("assistant", "好的，这是一段致辞……")],
        "2026-05-01T21:00:00.000000+08:00",
    ),
]
Path(OUT / "claude").mkdir(exist_ok=True)
(OUT / "claude" / "conversations.json").write_text(json.dumps(claude, ensure_ascii=False), encoding="utf-8")

# ---- Day One (timeZone on each entry)
entries = []
dj = [
    (
        "2025-02-01T21:00:00Z",
        "Europe/Lisbon",
        "Long day at the warehouse office. I keep thinking about going back to the sea.",
    ),
    (
        "2025-03-15T22:00:00Z",
        "Europe/Lisbon",
        "Sintra hike with Miguel. Fog all morning, then sun. Hiking is the thing that keeps me sane.",
    ),
    ("2025-06-10T20:00:00Z", "Europe/Lisbon", "Applied to the Xiamen Ocean Institute today."),
    ("2026-02-20T20:00:00Z", "Europe/Lisbon", "They said yes. I am leaving Azul Trading."),
    ("2026-04-03T14:00:00Z", "Asia/Shanghai", "第一晚住在厦门的新公寓，Biscoito躲在床底下不出来。"),
    ("2026-04-08T12:00:00Z", "Asia/Shanghai", "第一天去研究所上班，组里的人都很友好。我负责珊瑚礁传感器的数据。"),
    ("2026-05-18T13:00:00Z", "Asia/Shanghai", "弟弟的婚礼很热闹，妈妈哭了。"),
    ("2026-06-20T12:00:00Z", "Asia/Shanghai", "Miguel came to Xiamen. We walked the whole Huandao road."),
    ("2026-08-02T12:00:00Z", "Asia/Shanghai", "开始学潜水了，周六在五缘湾上课。"),
    ("2026-10-11T12:00:00Z", "Asia/Shanghai", "I think I will stay in Xiamen for a long time."),
]
for i, (at, tz, text) in enumerate(dj):
    entries.append({"uuid": f"DJ{i:04d}ABCDEF", "creationDate": at, "timeZone": tz, "text": text, "starred": False})
Path(OUT / "dayone").mkdir(exist_ok=True)
(OUT / "dayone" / "Journal.json").write_text(
    json.dumps({"metadata": {"version": "1.0"}, "entries": entries}, ensure_ascii=False, indent=2), encoding="utf-8"
)

# ---- Markdown journal (Chinese and English)
Path(OUT / "diary").mkdir(exist_ok=True)
for day, text in [
    ("2026-04-20", "今天在研究所开组会，老板让我负责新的水温模型。\n\n晚上做了番茄炒蛋（不放肉）。"),
    ("2026-07-03", "The lab's NAS password is reef-Wander-9921 — writing it here so I stop asking Lin."),
    ("2026-09-01", "换了新的手机号。\n\n我现在每周游泳两次。"),
    ("2026-11-02", "其实我不是29岁去的葡萄牙，是2019年，25岁。"),
]:
    (OUT / "diary" / f"{day}.md").write_text(text + "\n", encoding="utf-8")
print("done")
