# ruff: noqa: E501, E741
"""heldout17: the lines of REVIEW-5's life (/work/review5/, session 7) whose secrets main's screening-10 left in clear,
as written in the reviewer's files (a conversation's messages in order, a note's entry whole), and the reviewer's
named look-alikes and the two false positives the report names (the questionnaire's own instructions).

python benchmarks/secrets/make_heldout17.py  (writes benchmarks/secrets/heldout17.jsonl)
"""

import json
from pathlib import Path

S = []
O = []


def s(kind, lang, messages, values, keep=()):
    S.append(dict(kind=kind, lang=lang, messages=messages, values=list(values), keep=list(keep)))


def o(lang, messages, keep=()):
    O.append(dict(kind="lookalike", lang=lang, messages=messages, keep=list(keep)))


# S1 wechat 妈妈 08-16
s("pin", "zh", ["爸的医保卡那个六位数我给他换成190326了 就是你们结婚那天 他记得住"], ["190326"])
# S2, S3 wechat 妈妈 08-14: a card split over two messages, its CVV after
s(
    "card",
    "zh",
    [
        "护士说要交押金 你爸那张卡我不会用",
        "我来交 你把爸的卡拍给我",
        "卡号 6222 0212 3456",
        "7890 128",
        "背面那三个数是739 够不够",
        "够了够了 妈以后这个别在微信上发",
    ],
    ["6222 0212 3456", "7890 128", "739"],
)
# S4 wechat 08-15
s(
    "otp",
    "zh",
    ["妈 爸的医保要绑app 你手机收到一个短信 上面有几个数字 念给我", "6 1 0 4 5 2", "好了 绑上了"],
    ["6 1 0 4 5 2"],
)
# S11 whatsapp 21/10
s(
    "wifi_password",
    "en",
    ['The Kyoto host sent this: "The network is Machiya_Guest, and the key to join is sakura0815kyoto" lol so formal'],
    ["sakura0815kyoto"],
    ["Machiya_Guest"],
)
# S16 journal/2026-09-09.md
s(
    "password",
    "zh",
    [
        "新房 89 平，三室，总价 198 万，首付 78 万 贷款 120 万。不动产权证还要等一个月。招行网银换了新的：Fxw0512!zm 以后还房贷从这个扣。"
    ],
    ["Fxw0512!zm"],
    ["198 万", "120 万"],
)
# S17 journal/2026-09-30.md
s("payment_password", "zh", ["支付宝支付的六位我换成了三八二九一七，原来那个太好猜了。"], ["三八二九一七"])
# S15 dayone 10-20 (its paragraphs in order)
s(
    "safe_code",
    "zh",
    [
        "# 到大阪了",
        "晚上十点才到酒店 小墨在机场大巴上就睡着了。房间很小 1106 号房 但是离难波站走路五分钟。",
        "把护照和现金锁进房间保险柜了，我设的 5831，记在这里免得忘。",
    ],
    ["5831"],
    ["1106"],
)
# S14 claude: a credential in halves (the first login in the same message was caught)
s(
    "password",
    "zh",
    [
        "帮我想个办法管理密码 我现在全靠脑子记。比如12306我是手机号登录 登录的那串是 Wendy#cd1983 这种 然后Apple ID 前半截 xw1983\n后半截 _Mo0827 合起来用 是不是很不安全"
    ],
    ["Wendy#cd1983", "xw1983", "_Mo0827"],
)
# S19 随手记.txt 08-18 (the entry whole)
s(
    "backup_codes",
    "zh",
    [
        "2026年8月18日 星期二\n公司电脑装好了 飞书 谷歌两步验证那几个备用的先抄这里：\n4829 1736\n9021 5583\n6617 0429\n顺丰 SF1423987650123 是寄给医院的交接资料"
    ],
    ["4829 1736", "9021 5583", "6617 0429"],
    ["SF1423987650123"],
)
# S20 随手记.txt 10-04
s(
    "lock_code",
    "zh",
    [
        "2026年10月4日 星期日\n新家智能锁 管理员码 2580913 （按完按#） 给妈也录了指纹\n物业电话 028-85551234  客服 400-820-8820"
    ],
    ["2580913"],
    ["028-85551234", "400-820-8820"],
)
# the look-alikes the report names, as written
o(
    "zh",
    [
        "2026年9月22日 星期二\n淘宝订单号 3698123456789012345 买的是爸用的助行器 四脚的 ¥268\n车牌 川A·8K29X 停车场月卡续了"
    ],
)
o("zh", ["腾讯会议 832 491 705 下午四点 和华西药学部的讨论 我拉你了"])
o(
    "en",
    [
        "I have a 1.2 million RMB mortgage, 30 years, 3.85%, equal installments. If I prepay 200k after 3 years, how much interest do I save? Loan contract no. 51010120260918003 if that matters lol"
    ],
)
o(
    "en",
    [
        "update: I swam 500 meters non-stop today!! lane 4, locker 217 as usual haha. next goal 1km before Chinese New Year"
    ],
)
o("en", ["Booked! flight CA437 Chengdu to Osaka Oct 20, back Oct 26. booking ref K7XQ2M"])
# the product's own questionnaire instructions (two false positives on main)
o(
    "zh",
    [
        '> （"银行卡密码在 1Password 里"）。写完后：`mirror import /work/review5/home/questionnaire.md`，再 `mirror run`。以后答案变了，不要改掉原来的：'
    ],
)

lines = [dict(id=f"held17-{i:04d}", label="secret", **c) for i, c in enumerate(S)]
lines += [dict(id=f"held17-o{i:03d}", label="ordinary", **c) for i, c in enumerate(O)]
for c in lines:
    for v in c.get("values", []) + c["keep"]:
        assert any(v in m for m in c["messages"]), (c["id"], v)
path = Path(__file__).parent / "heldout17.jsonl"
path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in lines), encoding="utf-8")
print(len(S), len(O))
