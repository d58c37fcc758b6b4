# ruff: noqa: E501, E741
"""heldout16b: variants of each heldout16 miss (same mechanism, new words and values), and look-alikes of the mechanisms
about to be loosened; written after the misses were read and before any rule changed for them.

python benchmarks/secrets/make_heldout16b.py  (writes benchmarks/secrets/heldout16b.jsonl)
"""

import json

S = []
O = []


def s(kind, lang, messages, values, keep=()):
    S.append(dict(kind=kind, lang=lang, messages=messages, values=list(values), keep=list(keep)))


def o(lang, messages, keep=()):
    O.append(dict(kind="lookalike", lang=lang, messages=messages, keep=list(keep)))


# 0001: a code's name, then a long 'for ...' with amounts and names, then 'is' + code
s(
    "otp",
    "en",
    [
        "Barclays: your verification code for the card payment of EUR 118.40 at BOOKING.COM is 448120. Do not share this code."
    ],
    ["448120"],
)
s(
    "otp",
    "en",
    ["Revolut says the passcode to approve the transfer of 2,500.00 to J SMITH is 90 31 77, expires in 5 min"],
    ["90 31 77"],
)
s("otp", "zh", ["您本次向尾号8821的账户转账3,000.00元的动态验证码为 603118，5分钟内有效"], ["603118"], ["8821"])
# 0007: numbered backup codes in two columns
s(
    "backup_codes",
    "en",
    [
        "RECOVERY CODES (print me)\n1. 5521 0093    5. 8810 4426\n2. 7730 1185    6. 2049 9371\n3. 6618 0042    7. 3307 8852"
    ],
    ["5521 0093", "7730 1185", "8810 4426", "3307 8852"],
)
s(
    "backup_codes",
    "zh",
    ["谷歌的备用验证码\n1) 4471 2290   4) 9028 3317\n2) 6650 1184   5) 1173 4409"],
    ["4471 2290", "9028 3317", "1173 4409"],
)
# 0010/0011: a password-manager CSV export, the password column by its header
s(
    "password_export",
    "en",
    [
        "here's the firefox export\nurl,username,password,httpRealm\nhttps://www.ebay.co.uk,tom.h,Blue-Harbour-19,\nhttps://accounts.spotify.com,tomh88,sp0t1fy!Tom,"
    ],
    ["Blue-Harbour-19", "sp0t1fy!Tom"],
)
s(
    "password_export",
    "zh",
    [
        "导出的密码表:\n网站,用户名,密码\nhttps://www.taobao.com,xiaoli_92,tb_Li920615\nhttps://mail.163.com,lili1992,163mail!Li"
    ],
    ["tb_Li920615", "163mail!Li"],
)
s(
    "password_export",
    "en",
    [
        "title,login_uri,login_username,login_password,notes\nBank,https://bank.example,rgreen,Tulip*Marsh*77,\nNAS,http://192.168.1.20,admin,quietfox42,"
    ],
    ["Tulip*Marsh*77", "quietfox42"],
)
# 0049: a pipe table with a key column, no separator row
s(
    "table",
    "mixed",
    ["| 服务 | token | 说明 |\n| 飞书机器人 | t-g1045kq9Z2mRw7xLpB3v | 测试群 |"],
    ["t-g1045kq9Z2mRw7xLpB3v"],
)
s(
    "table",
    "en",
    ["| site | password |\n| router | Kestrel-Vale-88 |\n| printer | inkjet2020 |"],
    ["Kestrel-Vale-88", "inkjet2020"],
)
# 0019: a code set on a lock, the code ending its sentence
s("safe_code", "en", ["room safe is locked, I set it to 5092. The spare key card is on the desk"], ["5092"])
s("lock_code", "en", ["Bike lock: I changed it to 7714. Left it at the station rack"], ["7714"])
# 0020: a dial safe's turns
s(
    "safe_code",
    "en",
    ["the old safe in the study: turn left to 36, right to 12, left again to 70 and pull"],
    ["36", "12", "70"],
)
s("safe_code", "zh", ["仓库那个转盘锁：先右转到25，再左转到8，最后右转到61"], ["25", "8", "61"])
# 0037/0038: health insurance member numbers
s("insurance_member", "en", ["AXA health member number 4470-118-223 if the clinic asks"], ["4470-118-223"])
s("insurance_member", "zh", ["孩子的医保卡号是 1102934815，挂号的时候要用"], ["1102934815"])
# 0039: a password in a sentence about getting on
s(
    "hidden_in_sentence",
    "en",
    ["the airbnb network is Seaview_Guest and Salty-Dog-2291 gets you online"],
    ["Salty-Dog-2291"],
)
s(
    "hidden_in_sentence",
    "en",
    ["office guest wifi: typing Harbour_Lights_7 lets you on, the other one is broken"],
    ["Harbour_Lights_7"],
)
# 0043-0046: an answer two messages after the question
s(
    "answer_later",
    "en",
    ["what's the alarm code at your mum's?", "she's out till 6", "7741, and tell her I fed the fish"],
    ["7741"],
)
s("answer_later", "en", ["which pin did you set on the kids tablet", "the red one", "it's 2208 now"], ["2208"])
s("answer_later", "zh", ["你银行卡取款密码是多少 我去取钱", "等一下", "553190"], ["553190"])
s("answer_later", "zh", ["新门禁的开门密码发你了吗？", "发了", "*4471#"], ["*4471#"])
s(
    "answer_later",
    "en",
    ["what's the wifi password at the cabin?", "hang on", "let me check the fridge", "Pinecone_Lodge42"],
    ["Pinecone_Lodge42"],
)
# 0055: a card told with a bare expiry and 'the three on the back are'
s(
    "card",
    "en",
    ["use this one for the hotel: 5244 1905 2233 9047, 11/27, the 3 on the back are 804"],
    ["5244 1905 2233 9047", "804"],
)
s("card", "zh", ["用这张订机票 6225 8812 3456 7898，有效期09/29，背面三位是 417"], ["6225 8812 3456 7898", "417"])
# 0057: Chinese numerals spaced
s("otp_words", "zh", ["验证码 三 七 一 九 零 二，别告诉别人"], ["三 七 一 九 零 二"])
s("otp_words", "zh", ["支付密码是 八 八 六 二 一 五"], ["八 八 六 二 一 五"])
# look-alikes of the loosened mechanisms
o("en", ["your order of GBP 42.80 to DELIVEROO is 730918 in their system, the rider is on the way"])
o("en", ["the code for the talk at 10.30 is on slide 4, room 2211"])
o("en", ["checkout list\n1. milk 2     5. eggs 12\n2. bread 1    6. rice 5"])
o("en", ["name,url,username\nCouncil tax,https://www.leeds.gov.uk/,dgreen61"])
o("zh", ["网站,用户名,备注\nhttps://www.taobao.com,xiaoli_92,买菜用"])
o("en", ["hotel safe: I set it to lock automatically. Checkout at 11"])
o("en", ["turn left at the 2nd light, right at 14th street, left again at 7th ave"])
o("zh", ["先左转到3号楼，再右转到12栋，最后左转就到了"])
o("en", ["Bupa claim number 81-20-447391 is still pending, they said 10 days"])
o("zh", ["医保报销单号 2024031800123，下周到账"])
o("en", ["the cottage is called Bracken and the bus gets you on to the main road"])
o(
    "en",
    ["what's the code for the garage keypad again?", "also did you feed the cat", "yes at 1830, and the bins are out"],
)
o("zh", ["你银行卡取款密码是多少 我去取钱", "等一下", "算了我自己去"])
o("en", ["flight BA 0117 on 11/27, seat 32A, gate 14"])
o("zh", ["三 月 一 号 见，别忘了"])
o("en", ["1Password has the work VPN in the IT vault, ask Kevin"])
o("zh", ["wifi密码在路由器背面贴着，自己看"])
lines = []
for i, c in enumerate(S):
    lines.append(dict(id=f"held16b-{i:04d}", label="secret", **c))
for i, c in enumerate(O):
    lines.append(dict(id=f"held16b-o{i:03d}", label="ordinary", **c))
for c in lines:
    for v in c.get("values", []) + c["keep"]:
        assert any(v in m for m in c["messages"]), (c["id"], v)
with open("benchmarks/secrets/heldout16b.jsonl", "w") as f:
    for c in lines:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(S), len(O))
