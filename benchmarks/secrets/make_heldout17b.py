# ruff: noqa: E501, E741
"""heldout17b: variants of heldout17's misses (REVIEW-5's leaked lines): the same mechanisms in new words and values,
and look-alikes of them; written after heldout17's fixes were drafted and scored on the commit before them (09bcf49).

python benchmarks/secrets/make_heldout17b.py  (writes benchmarks/secrets/heldout17b.jsonl)
"""

import json
from pathlib import Path

S = []
O = []


def s(kind, lang, messages, values, keep=()):
    S.append(dict(kind=kind, lang=lang, messages=messages, values=list(values), keep=list(keep)))


def o(lang, messages, keep=()):
    O.append(dict(kind="lookalike", lang=lang, messages=messages, keep=list(keep)))


s("pin", "zh", ["妈的社保卡那个四位数我帮她改成了0918，她生日"], ["0918"])
s("payment_password", "zh", ["微信支付的六位数字改成了七二九三零五 别忘了"], ["七二九三零五"])
s("card", "zh", ["信用卡号 4000 1234 5678", "9010"], ["4000 1234 5678", "9010"])
s("card_security", "zh", ["卡号 6217 0012 3456 7890 123", "背面那三个数字是 508"], ["508"])
s("wifi_password", "en", ["the network is Lakeside_5G and the key to connect is pinebark77otter"], ["pinebark77otter"])
s("password", "zh", ["建行网上银行换了个新的：Ccb#2026xw 以后用这个"], ["Ccb#2026xw"])
s("safe_code", "zh", ["酒店保险箱我设的是 4472，护照在里面"], ["4472"])
s("lock_code", "zh", ["门口电子锁 管理码 918273 装修师傅也知道"], ["918273"])
s("password", "zh", ["QQ的密码 前一半 qq2019\n后一半 Lin!88"], ["qq2019", "Lin!88"])
s(
    "backup_codes",
    "zh",
    ["微软账户二次验证备用的抄一下：\n5512 9083\n7741 0026\n3308 6619"],
    ["5512 9083", "7741 0026", "3308 6619"],
)
o("zh", ["他的年薪是六位数，今年涨到了 260000"])
o("zh", ["家里宽带换了新的套餐，一个月 199"])
o("zh", ["保险箱我设的提醒是每月1号检查一次"])
o("zh", ["快递单号 7781 2290 3345", "明天到"])
o("zh", ["会议号 4829 1736", "密码 不需要", "9021 5583 是另一个会的"])

lines = [dict(id=f"held17b-{i:04d}", label="secret", **c) for i, c in enumerate(S)]
lines += [dict(id=f"held17b-o{i:03d}", label="ordinary", **c) for i, c in enumerate(O)]
for c in lines:
    for v in c.get("values", []) + c["keep"]:
        assert any(v in m for m in c["messages"]), (c["id"], v)
path = Path(__file__).parent / "heldout17b.jsonl"
path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in lines), encoding="utf-8")
print(len(S), len(O))
