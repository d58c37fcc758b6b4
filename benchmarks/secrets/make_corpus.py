"""Write the labelled screening corpus (benchmarks/secrets/corpus.jsonl) from templates, deterministically.

python benchmarks/secrets/make_corpus.py

Each line is one case: {"id", "label": "secret" | "ordinary", "kind", "lang", "messages": [...], "values": [...]}.
`messages` is one conversation (or one entry's paragraphs) in order; `values` are the planted secrets that must not
survive screening (empty for ordinary cases, where nothing may be touched). The values are random and fake: none is a
real credential. Hand-written cases are in handwritten.jsonl beside this file.
"""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from mnemonic import Mnemonic

from mirror_pipeline.core.screening import luhn_valid, resident_id_valid

HERE = Path(__file__).parent
SEED = 20261129

LOWER, UPPER, DIGITS = string.ascii_lowercase, string.ascii_uppercase, string.digits
ALNUM = LOWER + UPPER + DIGITS

# ------------------------------------------------------------------ secret values


def rand(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


WORDS = "sunflower dragon tiger panda maple river coffee summer winter rocket mango galaxy falcon ocean kitten".split()
PINYIN = "woaini zhangwei lixiao wangfang chenjie liuyang huanghe xiaomei dabao tiantian jiayou".split()


def password(rng: random.Random) -> str:
    form = rng.randrange(7)
    if form == 0:
        return rng.choice(WORDS).capitalize() + str(rng.randrange(10, 9999))
    if form == 1:
        return rng.choice(PINYIN) + rng.choice(["1314", "520", "1988", "2023", "666", "888", "0715"])
    if form == 2:
        return rand(rng, ALNUM, rng.randrange(8, 14))
    if form == 3:
        return rand(rng, UPPER, 1) + rand(rng, LOWER, 5) + rng.choice("!@#$%&*") + rand(rng, DIGITS, 3)
    if form == 4:
        return rng.choice(["Tplink", "Huawei", "Xiaomi", "Netgear", "Asus"]) + rand(rng, DIGITS, 4)
    if form == 5:
        return rng.choice(WORDS) + rng.choice("!@#$") + rand(rng, DIGITS, 2) + rand(rng, UPPER, 2)
    return rand(rng, LOWER + DIGITS, 10)


def pin(rng: random.Random) -> str:
    return rand(rng, DIGITS, rng.choice([4, 4, 6]))


def otp(rng: random.Random) -> str:
    return rand(rng, DIGITS, 6)


def openai_key(rng: random.Random) -> str:
    return rng.choice(["sk-proj-", "sk-"]) + rand(rng, ALNUM + "_-", 48)


def github_token(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "ghp_" + rand(rng, ALNUM, 36)
    return "github_pat_11" + rand(rng, UPPER + DIGITS, 20) + "_" + rand(rng, ALNUM, 59)


def aws_key(rng: random.Random) -> str:
    return "AKIA" + rand(rng, UPPER + DIGITS, 16)


def aws_secret(rng: random.Random) -> str:
    return rand(rng, ALNUM + "/+", 40)


def google_key(rng: random.Random) -> str:
    return "AIza" + rand(rng, ALNUM + "_-", 35)


def slack_token(rng: random.Random) -> str:
    return f"xoxb-{rand(rng, DIGITS, 12)}-{rand(rng, DIGITS, 13)}-{rand(rng, ALNUM, 24)}"


def stripe_key(rng: random.Random) -> str:
    return rng.choice(["sk_live_", "rk_live_", "sk_test_"]) + rand(rng, ALNUM, 24)


def jwt(rng: random.Random) -> str:
    def seg(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    header = seg({"alg": "HS256", "typ": "JWT"})
    body = seg(
        {"sub": rand(rng, DIGITS, 8), "name": rng.choice(WORDS), "iat": rng.randrange(1_600_000_000, 1_800_000_000)}
    )
    return f"{header}.{body}.{rand(rng, ALNUM + '_-', 43)}"


def hf_token(rng: random.Random) -> str:
    return "hf_" + rand(rng, ALNUM, 34)


def random_token(rng: random.Random) -> str:
    while True:
        token = rand(rng, ALNUM, rng.randrange(24, 41))
        if sum(c.isdigit() for c in token) >= 2 and any(c.isupper() for c in token) and any(c.islower() for c in token):
            return token


def pem_block(rng: random.Random) -> str:
    kind = rng.choice(["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY"])
    body = "\n".join(rand(rng, ALNUM + "+/", 64) for _ in range(rng.randrange(3, 7)))
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----"


def seed_en(rng: random.Random) -> str:
    return Mnemonic("english").to_mnemonic(rng.randbytes(rng.choice([16, 16, 32])))


def seed_zh(rng: random.Random) -> str:
    return Mnemonic("chinese_simplified").to_mnemonic(rng.randbytes(16))


def luhn_number(rng: random.Random, prefix: str, length: int) -> str:
    body = prefix + rand(rng, DIGITS, length - len(prefix) - 1)
    return next(body + check for check in DIGITS if luhn_valid(body + check))


def card(rng: random.Random) -> str:
    prefix, length = rng.choice(
        [("6222", 19), ("6217", 19), ("6228", 19), ("4", 16), ("51", 16), ("37", 15), ("6259", 16)]
    )
    number = luhn_number(rng, prefix, length)
    if rng.random() < 0.5:
        return " ".join(number[i : i + 4] for i in range(0, len(number), 4))
    return number


def resident_id(rng: random.Random) -> str:
    region = rng.choice(["110105", "310104", "440305", "510107", "330106", "420111", "320102", "610113"])
    born = date(1960, 1, 1) + timedelta(days=rng.randrange(0, 45 * 365))
    body = f"{region}{born:%Y%m%d}{rand(rng, DIGITS, 3)}"
    return next(body + check for check in "0123456789X" if resident_id_valid(body + check))


def recovery_codes(rng: random.Random) -> list[str]:
    return [f"{rand(rng, LOWER + DIGITS, 4)}-{rand(rng, LOWER + DIGITS, 4)}" for _ in range(rng.randrange(3, 7))]


PASSPHRASE_WORDS = "correct horse battery staple purple monkey dishwasher orange window quiet lantern velvet".split()


def passphrase(rng: random.Random) -> str:
    return " ".join(rng.sample(PASSPHRASE_WORDS, 4))


ZH_ANSWERS = ["实验小学", "小白", "王秀英", "红旗路", "阿黄", "北京四中", "豆豆", "张家口"]
EN_ANSWERS = ["Fluffy", "Springfield Elementary", "Buster", "Maple Street", "Johnson", "Rex the dog"]

# ------------------------------------------------------------------ templates

ZH_LABELS = [
    "工作邮箱",
    "家里wifi",
    "公司VPN",
    "招商银行",
    "支付宝",
    "微信",
    "NAS",
    "路由器管理",
    "Apple ID",
    "QQ邮箱",
    "网银",
]
EN_LABELS = [
    "gmail",
    "home wifi",
    "work VPN",
    "Netflix",
    "bank app",
    "router admin",
    "Apple ID",
    "office wifi",
    "Amazon",
]

ZH_PASSWORD = [
    "我的{l}密码是 {v}",
    "{l}密码：{v}",
    "{l}的密码是{v}，别告诉别人",
    "记一下，{l}密码 {v}",
    "刚把{l}密码改成了{v}",
    "{l}密码换成 {v} 了",
    "{l}账号 zhang.wei 密码 {v}",
    "老婆，{l}密码是{v}",
    "{l}密码设置为{v}，下次别忘了",
    "提醒自己：{l}登录密码={v}",
    "{l}的密码我写在便利贴上了: {v}",
    "密码忘了，新的是{v}",
    "妈，{l}密码是“{v}”",
]
EN_PASSWORD = [
    "my {l} password is {v}",
    "{l} password: {v}",
    "the {l} password is {v} btw",
    "I changed my {l} password to {v}",
    "new {l} password -> {v}",
    "set the {l} password to {v} yesterday",
    "{l} login: john.doe / password: {v}",
    "pw for {l} is {v}",
    "reminder: {l} password = {v}",
    "hey, {l} password? it's {v}",
    'the password for {l} is "{v}"',
    "password is {v} for the {l}",
]
ZH_PIN = ["银行卡密码 {v}", "我的取款密码是{v}", "{l}支付密码：{v}", "手机锁屏密码是{v}", "PIN码是{v}", "门禁密码 {v}"]
EN_PIN = [
    "my PIN is {v}",
    "the {l} PIN is {v}",
    "PIN: {v}",
    "debit card pin {v}",
    "garage code PIN is {v}",
    "my phone passcode is {v}",
]
ZH_OTP = [
    "验证码 {v}，五分钟内有效",
    "您的验证码为：{v}",
    "{v}是您的登录验证码",
    "【招商银行】验证码{v}，请勿泄露",
    "短信验证码是{v}",
    "动态码：{v}",
]
EN_OTP = [
    "your code is {v}",
    "Your Amazon OTP is {v}",
    "{v} is your verification code",
    "verification code: {v}",
    "Your login code is {v}. Don't share it.",
    "2FA code {v}",
]
KEY_TEMPLATES = [
    "用这个 key：{v}",
    "here's the key {v}",
    "export OPENAI_API_KEY={v}",
    "我的API密钥是 {v}",
    "token {v}",
    'api_key = "{v}"',
    "{v}",
    "试试这个 {v} 应该能用",
    "Authorization: Bearer {v}",
    'config: {{"token": "{v}"}}',
]
URL_TEMPLATES = [
    "连数据库用 postgres://admin:{v}@db.internal:5432/app",
    "clone from https://deploy:{v}@git.example.com/team/repo.git",
    "mongodb+srv://root:{v}@cluster0.ab1cd.mongodb.net/test",
    "redis://default:{v}@cache.local:6379",
    "ftp://upload:{v}@files.example.org/in",
]
ASSIGN_TEMPLATES = [
    "DB_PASSWORD={v}",
    'password = "{v}"',
    "MYSQL_ROOT_PASSWORD: {v}",
    '"password": "{v}"',
    "mysql -u root -p{v} app",
    "SMTP_PASS={v}",
    "admin_password: {v}",
]
SEED_TEMPLATES_EN = ["my seed phrase: {v}", "{v}", "wallet recovery phrase is {v}", "metamask words: {v} keep safe"]
SEED_TEMPLATES_ZH = ["助记词：{v}", "钱包助记词是 {v}", "{v}", "我的助记词 {v} 记在本子上"]
CARD_TEMPLATES = [
    "卡号 {v}",
    "我的招行卡 {v}",
    "card number {v} exp 09/28",
    "转到这张卡 {v}，户名张伟",
    "visa {v}",
    "银行卡号是{v}",
]
ID_TEMPLATES = ["身份证号 {v}", "我的身份证是{v}", "ID number {v}", "订机票要用身份证 {v}", "他身份证号码：{v}"]
ANSWER_ZH = [
    "密保问题答案是 {v}",
    "安全问题：我的小学叫什么？答案：{v}",
    "密保：母亲的名字 {v}".replace(" {v}", "：{v}"),
    "密保问题的答案改成了{v}",
]
ANSWER_EN = [
    "security question answer: {v}",
    "the answer to my security question is {v}",
    "security question (first pet): {v}",
    "secret question answer is {v}",
]
PASSPHRASE_T = ["passphrase: {v}", "the wifi passphrase is {v}", "口令是 {v}", "暗号：{v}", "my passphrase is {v}"]
RECOVERY_T = [
    "recovery codes: {v}",
    "GitHub backup codes: {v}",
    "恢复码：{v}",
    "备用码是 {v}",
    "2FA recovery codes are {v}",
]

ZH_ASK = ["{l}密码多少？", "{l}密码是什么？", "{l}的密码发我一下？", "密码呢？", "验证码多少？"]
EN_ASK = ["what's the {l} password?", "{l} password?", "what is the code?", "can you send me the {l} password?", "PIN?"]


def secrets(rng: random.Random) -> list[dict]:
    cases: list[dict] = []

    def add(kind: str, lang: str, messages: list[str], values: list[str]) -> None:
        cases.append({"label": "secret", "kind": kind, "lang": lang, "messages": messages, "values": values})

    def fill(
        templates: list[str], gen: Callable[[random.Random], str], labels: list[str], kind: str, lang: str, n: int
    ):
        for i in range(n):
            value = gen(rng)
            add(kind, lang, [templates[i % len(templates)].format(l=rng.choice(labels or [""]), v=value)], [value])

    fill(ZH_PASSWORD, password, ZH_LABELS, "password", "zh", 60)
    fill(EN_PASSWORD, password, EN_LABELS, "password", "en", 60)
    fill(ZH_PIN, pin, ZH_LABELS, "pin", "zh", 20)
    fill(EN_PIN, pin, EN_LABELS, "pin", "en", 20)
    fill(ZH_OTP, otp, ZH_LABELS, "one_time_code", "zh", 20)
    fill(EN_OTP, otp, EN_LABELS, "one_time_code", "en", 20)
    for gen in (openai_key, github_token, aws_key, google_key, slack_token, stripe_key, jwt, hf_token):
        fill(KEY_TEMPLATES, gen, [], "api_key", "mixed", 10)
    fill(["aws_secret_access_key = {v}", "AWS secret: {v}", "SECRET_KEY={v}"], aws_secret, [], "api_key", "en", 6)
    fill(
        ["here you go: {v}", "用这个 {v}", "{v} <- that's the one", "session id {v}"],
        random_token,
        [],
        "token",
        "mixed",
        16,
    )
    fill(URL_TEMPLATES, password, [], "url_credentials", "mixed", 15)
    fill(ASSIGN_TEMPLATES, password, [], "assignment", "en", 21)
    for i in range(12):
        block = pem_block(rng)
        lines = block.split("\n")[1:-1]
        text = ["这是服务器的私钥\n" + block, block, "ssh key:\n\n" + block + "\n\nthanks"][i % 3]
        add("private_key", "mixed", [text], lines)
    for i in range(12):
        value = seed_en(rng)
        add("seed_phrase", "en", [SEED_TEMPLATES_EN[i % 4].format(v=value)], [value])
    for i in range(8):
        value = seed_zh(rng)
        add("seed_phrase", "zh", [SEED_TEMPLATES_ZH[i % 4].format(v=value)], [value])
    fill(CARD_TEMPLATES, card, [], "bank_card", "mixed", 18)
    fill(ID_TEMPLATES, resident_id, [], "id_number", "mixed", 15)
    for i in range(12):
        value = rng.choice(ZH_ANSWERS)
        add("security_answer", "zh", [ANSWER_ZH[i % len(ANSWER_ZH)].format(v=value)], [value])
    for i in range(12):
        value = rng.choice(EN_ANSWERS)
        add("security_answer", "en", [ANSWER_EN[i % len(ANSWER_EN)].format(v=value)], [value])
    for i in range(10):
        value = (
            passphrase(rng)
            if i % 5 not in (2, 3)
            else rng.choice(["天王盖地虎 宝塔镇河妖", "芝麻开门123", "月亮代表我的心"])
        )
        add("passphrase", "mixed", [PASSPHRASE_T[i % 5].format(v=value)], [value])
    for i in range(10):
        codes = recovery_codes(rng)
        add("recovery_code", "mixed", [RECOVERY_T[i % 5].format(v=", ".join(codes))], codes)
    # a secret given in reply to the message that asks for it
    for i in range(24):
        zh = i % 2 == 0
        value = password(rng) if i % 3 else otp(rng)
        ask = (ZH_ASK if zh else EN_ASK)[i % 5].format(l=rng.choice(ZH_LABELS if zh else EN_LABELS))
        reply = rng.choice(
            [value, value, f"{value} 哈哈" if zh else f"{value} :)", f"“{value}”" if zh else f'"{value}"']
        )
        add("reply", "zh" if zh else "en", [ask, reply], [value])
    # a secret split over lines, or its label at the end of one message and the value in the next
    for i in range(24):
        value = password(rng)
        cut = len(value) // 2
        label = rng.choice(ZH_LABELS if i % 2 == 0 else EN_LABELS)
        texts = [
            [f"{label}密码\n{value}"],
            [f"{label} password:\n{value}"],
            [f"{label}密码是 {value[:cut]}\n{value[cut:]}9"],
            [f"{label}密码是", value],
            [f"the {label} password is", value],
            [f"{label} password\n\n{value}"],
        ][i % 6]
        values = [value] if i % 6 != 2 else [value[:cut], value[cut:] + "9"]
        add("split", "zh" if i % 2 == 0 else "en", texts, [v for v in values if len(v) >= 3])
    return cases


# ------------------------------------------------------------------ ordinary lines and look-alikes

PEOPLE = ["Alice", "Bob", "老王", "小李", "妈妈", "Tom", "Mia", "张姐", "陈老师", "Ken"]
PLACES = ["Tokyo", "上海", "Berlin", "杭州", "the office", "公司", "the gym", "超市", "Kyoto", "成都"]
FOODS = ["ramen", "火锅", "pizza", "饺子", "tacos", "小笼包", "salad", "烤鸭"]
ACTIVITIES = ["running", "弹钢琴", "yoga", "爬山", "reading", "写代码", "swimming", "看电影"]

ORDINARY_EN = [
    "Let's meet at {p} around {h}pm?",
    "{n} said the {f} place near {p} is great",
    "I've been really into {a} lately",
    "Can you pick up some {f} on the way home?",
    "Flight to {p} is on {d}, gate opens at {h}:30",
    "Did you finish the report for {n}?",
    "My password is strong, don't worry",
    "I need to reset my password tomorrow",
    "I forgot my {l} password again, ugh",
    "The password must be at least {k} characters long",
    "password managers are honestly the best thing ever",
    "Don't share your password with anyone, including {n}",
    "What's your favourite password manager?",
    "the key is patience, {n}",
    "Where did I put my car keys?",
    "can you pin this message?",
    "I didn't get the verification code yet",
    "the code review took forever today",
    "zip code is {z}",
    "Error code {k}{k}, retrying",
    "call me at {phone}",
    "order #{order} shipped yesterday",
    "Tracking number {track}, should arrive {d}",
    "fixed in commit {sha}",
    "see {url}",
    "meeting moved to {d} {h}:00",
    "It costs ${k}.{k}9 per month",
    "We're on Python 3.{k}.{h} now",
    "the token limit is {k}000 for this model",
    "The secret to good {f} is patience",
    "I use two-factor auth everywhere now",
    "the wifi is so slow today",
    "my PIN got blocked after 3 tries, calling the bank",
    "they sent me a new card, activating it {d}",
    "Invoice {order} is due on {d}",
    "ticket #{k}{h} is about the login page",
    "our code is {k}{h}00 lines long",
    "Security is everyone's job, said {n}",
    "the seed round closed at ${k}M",
    "Let me check my calendar for {d}",
    "recovery took {k} weeks after the surgery",
    "backup finished at {h}:{k}0",
    "The passcode screen keeps popping up on my iPad",
    "IP is 192.168.{k}.{h}, try ssh there",
    "uuid {uuid}",
    "sha256: {sha256}",
    "Use the {p} Tokyo key card at the front desk",
    "I'll send you the link to the doc: {url}",
    "haha that's so {n}",
    "good night! talk {d}",
]
ORDINARY_ZH = [
    "我们{d}在{p}见面吧",
    "{n}说{p}那家{f}很好吃",
    "最近迷上了{a}",
    "下班路上帮我买点{f}",
    "航班{d}下午{h}点起飞",
    "{n}的报告写完了吗？",
    "密码太复杂了记不住",
    "密码要定期换，别用生日",
    "我又忘了{l}密码了",
    "wifi密码多少？",
    "密码是什么？",
    "密码管理器里都记好了",
    "输错密码3次被锁了",
    "密码是必须的",
    "验证码一直收不到，急死了",
    "这个问题的关键是耐心",
    "钥匙放在门口的鞋柜上",
    "邮编 {z}",
    "有事打我电话 {phone}",
    "订单号 {order} 已发货",
    "快递单号 {track}，{d}到",
    "顺丰 {track} 明天送达",
    "已经在 {sha} 这个提交里修好了",
    "链接在这：{url}",
    "会议改到{d}{h}点",
    "一个月{k}{k}块钱",
    "Python 升级到 3.{k} 了",
    "这个模型的 token 上限是 {k}000",
    "做{f}的秘诀是耐心",
    "现在所有账号都开了两步验证",
    "今天wifi好慢",
    "银行卡被锁了，要去柜台",
    "新卡{d}激活",
    "发票号 {order}，{d}前报销",
    "工单 #{k}{h} 是登录页的问题",
    "我们的代码有{k}万行",
    "安全第一，{n}说的",
    "种子轮融资{k}千万",
    "我看看{d}有没有空",
    "手术后恢复了{k}周",
    "备份{h}点{k}0分完成",
    "服务器 IP 是 192.168.{k}.{h}",
    "口令这种东西千万别发微信",
    "身份证快过期了，{d}去换",
    "我的银行卡丢了，已经挂失",
    "助记词一定要抄在纸上，别截图",
    "答案是{k}，你算对了吗",
    "哈哈哈{n}太逗了",
    "晚安，{d}聊",
    "{d}是我生日，来吃饭呀",
]
LABELS_PLAIN = ["gmail", "bank", "wifi", "work", "Netflix"]
DAYS_EN = ["tomorrow", "Monday", "next Friday", "2024-03-15", "March 3rd", "11/29/2026", "the 12th"]
DAYS_ZH = ["明天", "下周三", "2024年3月15日", "周五", "下个月5号", "后天", "11月29日"]


def order_number(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rand(rng, DIGITS, 3)}-{rand(rng, DIGITS, 7)}-{rand(rng, DIGITS, 7)}",
            "2026" + rand(rng, DIGITS, 14),
            rand(rng, DIGITS, 19),
            "E" + rand(rng, DIGITS, 12),
        ]
    )


def tracking(rng: random.Random) -> str:
    return rng.choice(
        [
            "SF" + rand(rng, DIGITS, 12),
            "1Z" + rand(rng, UPPER + DIGITS, 16),
            "YT" + rand(rng, DIGITS, 13),
            rand(rng, DIGITS, 12),
        ]
    )


def phone(rng: random.Random) -> str:
    return rng.choice(
        [
            "1" + rng.choice("3578") + rand(rng, DIGITS, 9),
            f"138 {rand(rng, DIGITS, 4)} {rand(rng, DIGITS, 4)}",
            f"+1 415-555-{rand(rng, DIGITS, 4)}",
            f"+86 139 {rand(rng, DIGITS, 4)} {rand(rng, DIGITS, 4)}",
            f"021-{rand(rng, DIGITS, 8)}",
        ]
    )


def url(rng: random.Random) -> str:
    return rng.choice(
        [
            f"https://github.com/acme/app/pull/{rng.randrange(100, 9999)}",
            f"https://docs.google.com/document/d/{rand(rng, ALNUM + '_-', 44)}/edit",
            f"https://www.youtube.com/watch?v={rand(rng, ALNUM + '_-', 11)}",
            f"https://example.com/search?q={rng.choice(WORDS)}&page={rng.randrange(1, 9)}",
            f"https://zhuanlan.zhihu.com/p/{rand(rng, DIGITS, 9)}",
            f"https://user@example.com/profile/{rand(rng, DIGITS, 5)}",
        ]
    )


def ordinary(rng: random.Random, n: int) -> list[dict]:
    cases = []
    for i in range(n):
        zh = i % 2 == 1
        template = (ORDINARY_ZH if zh else ORDINARY_EN)[(i // 2) % 50]
        text = template.format(
            n=rng.choice(PEOPLE),
            p=rng.choice(PLACES),
            f=rng.choice(FOODS),
            a=rng.choice(ACTIVITIES),
            d=rng.choice(DAYS_ZH if zh else DAYS_EN),
            h=rng.randrange(1, 12),
            k=rng.randrange(1, 30),
            l=rng.choice(LABELS_PLAIN),
            z=rand(rng, DIGITS, 5 if not zh else 6),
            phone=phone(rng),
            order=order_number(rng),
            track=tracking(rng),
            sha=rand(rng, "0123456789abcdef", rng.choice([7, 12, 40])),
            url=url(rng),
            uuid="-".join(rand(rng, "0123456789abcdef", k) for k in (8, 4, 4, 4, 12)),
            sha256=rand(rng, "0123456789abcdef", 64),
        )
        cases.append(
            {"label": "ordinary", "kind": "lookalike", "lang": "zh" if zh else "en", "messages": [text], "values": []}
        )
    # conversations in which a question about a password gets an ordinary answer
    replies_zh = ["我也不知道", "问你爸", "在路由器背面", "等下发你", "好的", "忘了"]
    replies_en = ["why?", "no idea", "ask Mom", "it's on the fridge", "later", "hold on"]
    for i in range(60):
        zh = i % 2 == 0
        ask = (ZH_ASK if zh else EN_ASK)[i % 5].format(l=rng.choice(ZH_LABELS if zh else EN_LABELS))
        reply = rng.choice(replies_zh if zh else replies_en)
        cases.append(
            {
                "label": "ordinary",
                "kind": "question_reply",
                "lang": "zh" if zh else "en",
                "messages": [ask, reply],
                "values": [],
            }
        )
    return cases


def main() -> None:
    rng = random.Random(SEED)
    cases = secrets(rng) + ordinary(rng, 2100)
    with (HERE / "corpus.jsonl").open("w", encoding="utf-8") as out:
        for i, case in enumerate(cases):
            out.write(json.dumps({"id": f"gen-{i:05d}", **case}, ensure_ascii=False) + "\n")
    secret = sum(c["label"] == "secret" for c in cases)
    print(f"{secret} secret cases, {len(cases) - secret} ordinary")


if __name__ == "__main__":
    main()
