"""False positives of screening over a realistic personal history: N messages that hold no secret, full of values.

python benchmarks/secrets/history_lookalikes.py [N] [--show=K] [--seed=S]     (default 100,000 messages)

A person's years of chats, in Chinese and English, are mostly words, and among them the values a life is full of:
order, parcel and booking numbers, phone numbers, flights and trains, dates and times, prices, versions and commits,
loyalty and membership numbers, bank transaction SMS with a card's last digits, sort codes, room and seat numbers,
IMEIs, ids in links, talk about passwords and codes with no value. Every value is drawn at random in its real shape,
so at this size some ids pass a card's check digit, or an identity number's, by chance (a random 16-digit number
passes Luhn one time in ten). None of the messages holds a secret: every message screening alters is a false
positive. The frames are sentences as people write them (several for each kind of value), the values random.

Prints the rate of altered messages, the frames that were altered (how often) and K altered messages.
"""

from __future__ import annotations

import random
import string
import sys
import time
from collections import Counter

from mirror_pipeline.core.screening import redact_sequence


def _digits(r: random.Random, n: int) -> str:
    return "".join(r.choice(string.digits) for _ in range(n))


def _caps(r: random.Random, n: int) -> str:
    return "".join(r.choice(string.ascii_uppercase) for _ in range(n))


def _alnum(r: random.Random, n: int) -> str:
    return "".join(r.choice(string.ascii_uppercase + string.digits) for _ in range(n))


def _hex(r: random.Random, n: int) -> str:
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def _groups(value: str, size: int, sep: str = " ") -> str:
    return sep.join(value[i : i + size] for i in range(0, len(value), size))


def _date(r: random.Random) -> str:
    y, m, d = r.randint(2015, 2026), r.randint(1, 12), r.randint(1, 28)
    return r.choice((f"{y}-{m:02d}-{d:02d}", f"{d}/{m}/{y}", f"{m}/{d}/{y % 100:02d}", f"{d:02d}.{m:02d}.{y}"))


def _time(r: random.Random) -> str:
    return r.choice((f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}", f"{r.randint(1, 12)}:{r.randint(0, 59):02d}pm"))


def _cn_phone(r: random.Random) -> str:
    number = "1" + r.choice("3456789") + _digits(r, 9)
    return r.choice((number, f"{number[:3]} {number[3:7]} {number[7:]}", f"{number[:3]}-{number[3:7]}-{number[7:]}"))


def _uk_phone(r: random.Random) -> str:
    return r.choice((f"07{_digits(r, 3)} {_digits(r, 6)}", f"+44 7{_digits(r, 3)} {_digits(r, 3)} {_digits(r, 3)}"))


def _us_phone(r: random.Random) -> str:
    a, b, c = r.randint(201, 989), _digits(r, 3), _digits(r, 4)
    return r.choice((f"({a}) {b}-{c}", f"{a}-{b}-{c}", f"+1 {a} {b} {c}"))


NAMES = "Alice Ben Chloe Dev Emma Farid Grace Hiro Isla Jon Kemi Liam Mei Nadia Omar Priya Quinn Rosa Sam Tom".split()
ZH_NAMES = "小王 李姐 老张 阿强 妈 爸 表哥 小美 陈老师 王总 刘阿姨 小林".split()
PLACES = "Leeds Lyon Osaka Austin Porto Kraków Nairobi Perth Hanoi Bristol Denver Seville".split()
ZH_PLACES = "成都 杭州 西安 厦门 青岛 昆明 苏州 大理 重庆 武汉".split()


def _frames() -> list[tuple[str, object]]:
    """(frame name, a function of a Random giving one message)."""
    n, zn, p, zp = NAMES, ZH_NAMES, PLACES, ZH_PLACES
    return [
        # words only (most of a history)
        (
            "words_en",
            lambda r: r.choice(
                (
                    f"had dinner with {r.choice(n)} tonight, the pasta place near the river",
                    f"can't believe it's raining again in {r.choice(p)}",
                    f"{r.choice(n)} says hi, we're thinking of visiting you in {r.choice(p)} next spring",
                    "ok sounds good, see you then",
                    "honestly I'm so tired of this project, the deadline keeps moving",
                    "lol yes exactly",
                    f"did you watch the match? {r.choice(n)} was furious",
                    "remind me to call the dentist tomorrow morning",
                    "I forgot my password again, had to reset it, so annoying",
                    "the code review took forever, they want me to rename half the functions",
                    "what's the dress code for saturday?",
                    "my pin number for the card got locked after three tries, going to the branch tomorrow",
                )
            ),
        ),
        (
            "words_zh",
            lambda r: r.choice(
                (
                    f"今天和{r.choice(zn)}去{r.choice(zp)}吃火锅了，太辣了",
                    "明天早上八点开会，别忘了带电脑",
                    f"{r.choice(zn)}说周末要来我们家吃饭",
                    "好的，收到",
                    "最近睡得不太好，老是半夜醒",
                    "哈哈哈笑死我了",
                    "密码又忘了，重置了一次，烦死了",
                    "验证码一直收不到，换了个手机号才行",
                    f"下个月想去{r.choice(zp)}玩几天，你有空吗",
                )
            ),
        ),
        (
            "order_amazon",
            lambda r: f"amazon says order {_digits(r, 3)}-{_digits(r, 7)}-{_digits(r, 7)} is out for delivery",
        ),
        ("order_taobao", lambda r: f"淘宝订单号 {_digits(r, 19)} 还没发货，催一下"),
        (
            "order_jd",
            lambda r: r.choice(
                (
                    f"京东订单{_digits(r, 12)}已签收",
                    f"order #{_digits(r, r.randint(6, 12))} arrived, the box was crushed",
                )
            ),
        ),
        ("tracking_sf", lambda r: f"顺丰单号 SF{_digits(r, 13)}，明天下午到"),
        ("tracking_ups", lambda r: f"UPS tracking 1Z{_alnum(r, 6)}{_digits(r, 10)}, should land thursday"),
        ("tracking_usps", lambda r: f"usps tracking {_groups('9400' + _digits(r, 18), 4)} still says in transit"),
        (
            "tracking_royal",
            lambda r: f"royal mail tracking {_caps(r, 2)}{_digits(r, 9)}GB, signed for by {r.choice(n)}",
        ),
        (
            "tracking_digits",
            lambda r: f"tracking number is {_digits(r, r.choice((12, 15, 16, 18, 20, 22)))} if you want to follow it",
        ),
        ("phone_cn", lambda r: f"{r.choice(zn)}的新手机号是 {_cn_phone(r)}，你存一下"),
        ("phone_uk", lambda r: f"my new number is {_uk_phone(r)}, the old one's dead"),
        ("phone_us", lambda r: f"call the clinic at {_us_phone(r)} to move the appointment"),
        (
            "flight",
            lambda r: (
                f"we're on {_caps(r, 2)}{r.randint(1, 9999)} out of {r.choice(p)}, seat {r.randint(1, 45)}{r.choice('ABCDEF')}, boarding {_time(r)}"
            ),
        ),
        (
            "train_zh",
            lambda r: (
                f"高铁{r.choice('GDC')}{r.randint(1, 9999)}次，{r.randint(1, 16)}车{r.randint(1, 20)}{r.choice('ABCDF')}座，{_time(r)}发车"
            ),
        ),
        ("date_time", lambda r: f"moved the meeting to {_date(r)} at {_time(r)}"),
        (
            "date_zh",
            lambda r: f"婚礼从 {_date(r)} 改到 {r.randint(2024, 2027)}年{r.randint(1, 12)}月{r.randint(1, 28)}日 了",
        ),
        (
            "price",
            lambda r: r.choice(
                (
                    f"it was ${r.randint(3, 4999)}.{_digits(r, 2)} in the end",
                    f"花了{r.randint(10, 99999)}块，心疼",
                    f"£{r.randint(1, 900)}.{_digits(r, 2)} for two nights, not bad",
                )
            ),
        ),
        (
            "version",
            lambda r: (
                f"upgrading to {r.choice(('python', 'node', 'postgres', 'ios', 'pandas'))} {r.randint(1, 20)}.{r.randint(0, 30)}.{r.randint(0, 12)} broke the build again"
            ),
        ),
        ("commit", lambda r: f"reverted {_hex(r, r.choice((7, 8, 12, 40)))}, it broke the login page"),
        (
            "uuid",
            lambda r: (
                f"the request id in the error was {_hex(r, 8)}-{_hex(r, 4)}-{_hex(r, 4)}-{_hex(r, 4)}-{_hex(r, 12)}"
            ),
        ),
        (
            "ip",
            lambda r: (
                f"the printer is at 192.168.{r.randint(0, 255)}.{r.randint(2, 254)}, port {r.randint(1024, 65535)}"
            ),
        ),
        ("ticket", lambda r: f"{_caps(r, r.randint(2, 5))}-{r.randint(1, 99999)} is blocked on the design review"),
        (
            "booking_ref",
            lambda r: r.choice(
                (
                    f"booking reference {_alnum(r, 6)}, check-in opens 24h before",
                    f"confirmation number {_digits(r, r.randint(8, 12))} for the hotel in {r.choice(p)}",
                )
            ),
        ),
        (
            "loyalty_card",
            lambda r: r.choice(
                (
                    f"my tesco clubcard number is {_groups(_digits(r, 16), 4)}, add it to the order",
                    f"library card {_digits(r, 14)}, the ebook app wants it",
                    f"星巴克会员卡号 {_digits(r, 16)}",
                )
            ),
        ),
        ("membership", lambda r: f"gym membership no. {_digits(r, r.randint(6, 10))}, expires {_date(r)}"),
        (
            "employee_id",
            lambda r: r.choice(
                (
                    f"工号{_digits(r, r.randint(5, 8))}，报销单上要写",
                    f"student number {_digits(r, r.randint(7, 10))} on the exam sheet",
                    f"employee id {_alnum(r, 2)}{_digits(r, 6)}",
                )
            ),
        ),
        (
            "bank_sms",
            lambda r: (
                f"【{r.choice(('招商银行', '工商银行', '建设银行'))}】您尾号{_digits(r, 4)}的储蓄卡{r.randint(1, 28)}日{_time(r)}支出人民币{r.randint(1, 9999)}.{_digits(r, 2)}元，余额{r.randint(100, 99999)}.{_digits(r, 2)}元"
            ),
        ),
        (
            "card_last4",
            lambda r: r.choice(
                (
                    f"charged to the card ending {_digits(r, 4)}",
                    f"用尾号{_digits(r, 4)}那张卡付的",
                    f"visa •••• {_digits(r, 4)} declined again",
                )
            ),
        ),
        (
            "sort_code",
            lambda r: (
                f"pay the deposit to sort code {_digits(r, 2)}-{_digits(r, 2)}-{_digits(r, 2)}, reference {_caps(r, 5)}-{r.randint(1, 99)}"
            ),
        ),
        (
            "room_seat",
            lambda r: r.choice(
                (
                    f"room {r.randint(100, 4999)} no wait {r.randint(100, 4999)}, the front desk moved us",
                    f"{r.randint(1, 30)}号楼{r.randint(1, 6)}单元{r.randint(101, 2905)}",
                    f"gate {r.randint(1, 60)}, platform {r.randint(1, 14)}",
                )
            ),
        ),
        ("imei", lambda r: f"insurance want the IMEI for the claim, it's {_digits(r, 15)} on the box"),
        ("serial", lambda r: f"serial number on the back of the laptop: {_caps(r, 3)}{_alnum(r, 9)}"),
        (
            "invoice",
            lambda r: r.choice(
                (
                    f"invoice {_digits(r, 4)}-{_digits(r, 6)} is overdue, chasing them",
                    f"发票号码 {_digits(r, 8)}，发票代码 {_digits(r, 12)}",
                )
            ),
        ),
        ("url_id", lambda r: f"https://example.com/orders?id={_digits(r, 10)}&utm_source=email&ref={_alnum(r, 8)}"),
        (
            "postcode",
            lambda r: r.choice(
                (
                    f"new address is 14 {r.choice(('Mill', 'Park', 'Church'))} Lane, {_caps(r, 2)}{r.randint(1, 20)} {r.randint(1, 9)}{_caps(r, 2)}",
                    f"zip code {_digits(r, 5)}, apartment {r.randint(1, 40)}{r.choice('ABCD')}",
                    f"邮编{_digits(r, 6)}",
                )
            ),
        ),
        (
            "measure",
            lambda r: (
                f"ran {r.randint(2, 42)}.{r.randint(0, 9)} km in {r.randint(10, 59)}:{_digits(r, 2)}, heart rate {r.randint(120, 190)}"
            ),
        ),
        (
            "score",
            lambda r: (
                f"we won {r.randint(0, 9)}-{r.randint(0, 9)}, then lost {r.randint(0, 9)} - {r.randint(0, 9)} in the second game"
            ),
        ),
        ("isbn", lambda r: f"the book is ISBN 978-{r.randint(0, 1)}-{_digits(r, 3)}-{_digits(r, 5)}-{r.randint(0, 9)}"),
        (
            "account_public",
            lambda r: r.choice(
                (
                    f"my username is {r.choice(n).lower()}{r.randint(1, 9999)}, add me",
                    f"微信号 {r.choice(('wx', 'li', 'chen'))}_{_digits(r, r.randint(4, 8))}",
                    f"my instagram is @{r.choice(n).lower()}.{r.randint(80, 99)}",
                )
            ),
        ),
        (
            "long_number",
            lambda r: (
                f"{r.choice(('the meter reading was', 'case number', 'policy number', 'reference no.', 'claim id'))} {_digits(r, r.randint(8, 19))}"
            ),
        ),
        (
            "grouped_number",
            lambda r: (
                f"{r.choice(('customer number', 'account ref', 'member no', 'voucher'))} {_groups(_digits(r, r.choice((12, 16, 18))), 4, r.choice((' ', '-')))}"
            ),
        ),
        ("cn_long_id", lambda r: f"{r.choice(('快递单号', '订单编号', '流水号', '合同编号'))}：{_digits(r, 18)}"),
        (
            "promo",
            lambda r: r.choice(
                (
                    f"use code {_caps(r, r.randint(4, 8))}{r.randint(5, 50)} for 20% off",
                    f"优惠码 {_alnum(r, 8)} 满200减30",
                    f"referral code {_alnum(r, 6)}, we both get a free month",
                )
            ),
        ),
        (
            "wifi_name",
            lambda r: (
                f"the cafe wifi is {r.choice(('BT-Hub', 'TP-LINK_', 'Starbucks', 'CMCC-'))}{_alnum(r, 4)}, no password"
            ),
        ),
        ("math", lambda r: f"{r.randint(10, 999)} x {r.randint(2, 99)} = ? I keep getting {r.randint(100, 99999)}"),
        ("coords", lambda r: f"meet at {r.uniform(-80, 80):.5f}, {r.uniform(-170, 170):.5f}, by the fountain"),
    ]


def history(size: int, seed: int = 21) -> list[list[tuple[str, str]]]:
    """Conversations of 5-40 messages, (text, frame name) pairs; about half the messages are words only."""
    r = random.Random(seed)
    frames = _frames()
    words = [f for f in frames if f[0].startswith("words")]
    valued = [f for f in frames if not f[0].startswith("words")]
    convs: list[list[tuple[str, str]]] = []
    made = 0
    while made < size:
        conv = []
        for _ in range(min(r.randint(5, 40), size - made)):
            name, make = r.choice(words) if r.random() < 0.5 else r.choice(valued)
            conv.append((make(r), name))  # type: ignore[operator]
        made += len(conv)
        convs.append(conv)
    return convs


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    size = int(args[0]) if args else 100_000
    show = next((int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--show=")), 30)
    seed = next((int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--seed=")), 21)
    convs = history(size, seed)
    frames = Counter(name for conv in convs for _, name in conv)
    altered: Counter[str] = Counter()
    shown: list[tuple[str, str]] = []
    start = time.process_time()
    for i, conv in enumerate(convs):
        out = redact_sequence([(text, f"h{i}#{k}") for k, (text, _) in enumerate(conv)])
        for (text, name), screened in zip(conv, out, strict=True):
            if screened.text != text:
                altered[name] += 1
                if len(shown) < show * 3:
                    shown.append((name, screened.text))
    cpu = time.process_time() - start
    total = sum(frames.values())
    print(f"{total:,} messages ({len(convs):,} conversations), none holding a secret; seed {seed}")
    print(f"altered (false positives): {sum(altered.values()):,} ({sum(altered.values()) / total:.5f})")
    print(f"screening: {total / cpu:,.0f} messages/s of CPU time")
    for name, count in altered.most_common():
        print(f"  {name}: {count} of {frames[name]} ({count / frames[name]:.4f})")
    by_frame: Counter[str] = Counter()
    for name, text in shown:
        if by_frame[name] < max(1, show // max(1, len(altered))):
            by_frame[name] += 1
            print(f"    [{name}] {text}")


if __name__ == "__main__":
    main()
