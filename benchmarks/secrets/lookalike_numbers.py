"""Long numbers at scale: how many ids, order numbers, timestamps and device numbers of 13-19 digits screening takes
for a card, and how many real card numbers it still hides.

python benchmarks/secrets/lookalike_numbers.py [--n=100000] [--seed=7]

A chat history of 100,000 messages holds long numbers that are not cards with certainty: millisecond timestamps, order
numbers (Taobao's 19 digits, JD's 12-14), payment transaction ids, snowflake ids (Twitter, Discord), IMEI (15 digits
with a Luhn check digit, by design), SIM ICCID (19-20, Luhn too), EAN-13 barcodes, ISBN-13, parcel tracking numbers,
phone numbers with their country code. Each family is drawn at random in its real shape (seeded: the same run gives the
same lines), in English and Chinese sentences, named ("order 2381...") and unnamed ("it's 2381... in the app"). The
cards are drawn per brand (its prefixes and lengths, a valid check digit), grouped as printed or run together, named,
unnamed, or told with an expiry. Prints, per family, the share of lines screening altered (look-alikes) or left a card
number in clear (cards). Values are never printed.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from mirror_pipeline.core.screening import redact_sequence


def _luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return str(-total % 10)


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def _luhn(rng: random.Random, prefix: str, n: int) -> str:
    body = prefix + _digits(rng, n - len(prefix) - 1)
    return body + _luhn_digit(body)


# ---- the look-alikes: (family, a number in its real shape)
def _look_alike(rng: random.Random) -> tuple[str, str]:
    family = rng.choice(_FAMILIES)
    return family, _DRAW[family](rng)


_DRAW = {
    # milliseconds since 1970 (2019-2027), microseconds, nanoseconds
    "timestamp_ms": lambda r: str(r.randint(1_550_000_000_000, 1_820_000_000_000)),
    "timestamp_us": lambda r: str(r.randint(1_550_000_000_000_000, 1_820_000_000_000_000)),
    "timestamp_ns": lambda r: str(r.randint(1_550_000_000_000_000_000, 1_820_000_000_000_000_000)),
    # Taobao / Tmall orders: 18-19 digits; JD: 12-14; Meituan / Pinduoduo style: 16-19 any first digit
    "order_taobao": lambda r: str(r.randint(1, 4)) + _digits(r, r.choice((17, 18))),
    "order_jd": lambda r: str(r.randint(1, 9)) + _digits(r, r.choice((11, 12, 13))),
    "order_other": lambda r: str(r.randint(1, 9)) + _digits(r, r.randint(12, 18)),
    # WeChat Pay / Alipay transaction ids: 28 digits, year-led
    "transaction_id": lambda r: r.choice(("4200", "2024", "2025", "2026")) + _digits(r, 24),
    # Twitter / Discord snowflakes: 17-19 digits
    "snowflake": lambda r: str(r.randint(10**16, 19 * 10**17)),
    # IMEI: 15 digits, Luhn-valid, reporting body 35 / 86 / 01 / 99
    "imei": lambda r: _luhn(r, r.choice(("35", "86", "01", "99", "49")), 15),
    # SIM ICCID: 89 + country + issuer, 19-20 digits, Luhn-valid
    "iccid": lambda r: _luhn(r, "89" + r.choice(("86", "65", "44", "1", "60")), r.choice((19, 20))),
    # EAN-13 barcodes (China 690-699, others), ISBN-13
    "ean13": lambda r: r.choice(("690", "692", "693", "695", "400", "500", "470", "880", "489")) + _digits(r, 10),
    "isbn13": lambda r: r.choice(("978", "979")) + _digits(r, 10),
    # parcel tracking numbers of digits only (ZTO, YTO, Yunda, FedEx 12/15, USPS 20-22)
    "tracking": lambda r: str(r.randint(1, 9)) + _digits(r, r.choice((12, 13, 14, 15, 19, 21))),
    # phone numbers written with their country code, no plus
    "phone_cc": lambda r: (
        r.choice(("86" + r.choice("3456789") + _digits(r, 9), "65" + _digits(r, 8), "1" + _digits(r, 10)))
        if r.random() < 0.5
        else "86" + "1" + r.choice("3456789") + _digits(r, 9)
    ),
    # bank account numbers (not cards): 10-17 digits, any first digit
    "account_number": lambda r: str(r.randint(1, 9)) + _digits(r, r.randint(12, 16)),
}
_FAMILIES = tuple(_DRAW)

_NAMED = {
    "timestamp_ms": ("ts={n}", "timestamp {n}", "时间戳 {n}", "created_at: {n}"),
    "timestamp_us": ("ts={n}", "timestamp {n}", "时间戳 {n}"),
    "timestamp_ns": ("ts={n}", "time_ns {n}", "时间戳 {n}"),
    "order_taobao": ("淘宝订单号 {n}", "订单编号：{n}", "order no. {n}", "taobao order {n}"),
    "order_jd": ("京东订单 {n}", "order {n}", "订单号{n}"),
    "order_other": ("order #{n}", "订单号：{n}", "my order number is {n}", "美团订单 {n}"),
    "transaction_id": ("交易单号 {n}", "transaction id {n}", "商户单号：{n}"),
    "snowflake": ("tweet id {n}", "message id {n}", "user id: {n}", "discord id {n}"),
    "imei": ("IMEI {n}", "imei: {n}", "串号 {n}", "IMEI号{n}"),
    "iccid": ("ICCID {n}", "sim card number {n}", "SIM卡号 {n}"),
    "ean13": ("barcode {n}", "条形码 {n}", "EAN {n}"),
    "isbn13": ("ISBN {n}", "isbn: {n}", "ISBN {n}"),
    "tracking": ("tracking number {n}", "快递单号 {n}", "运单号：{n}", "tracking {n}"),
    "phone_cc": ("call me at {n}", "电话 {n}", "whatsapp {n}", "手机 {n}"),
    "account_number": ("account number {n}", "账户 {n}", "acct {n}"),
}
# the number unnamed where it stands: what a sentence around an id says when the id is not named next to it
_UNNAMED_EN = (
    "ok it's {n} in the app, can you check",
    "{n}",
    "pasting this for later: {n}",
    "the one ending ...{tail} no wait the whole thing is {n}",
    "hey can you look up {n} for me when you get a sec",
    "got it, {n} 👍",
    "{n} is the one they gave me at the counter",
    "copy: {n}",
    "log line said {n} then it crashed",
    "search for {n} in the spreadsheet",
)
_UNNAMED_ZH = (
    "在app里是{n}，你帮我查一下",
    "{n}",
    "先记一下 {n}",
    "柜台给我的是 {n}",
    "帮我搜一下{n}这个",
    "收到，{n}👍",
    "就是这个 {n} 对吧",
)

# ---- the cards: (brand, prefixes, lengths)
_BRANDS = (
    ("visa", ("4",), (16, 16, 16, 19)),
    ("mastercard", ("51", "52", "53", "54", "55", "2221", "2300", "2720"), (16,)),
    ("amex", ("34", "37"), (15,)),
    ("unionpay", ("62",), (16, 19)),
    ("discover", ("6011", "65"), (16,)),
    ("jcb", ("3528", "3566", "3589"), (16,)),
    ("diners", ("36", "300", "38"), (14,)),
)
_CARD_NAMED = (
    "my card number is {c}",
    "visa {c}",
    "信用卡 {c}",
    "卡号：{c}",
    "use the debit card {c}",
    "银行卡号{c}",
)
_CARD_TOLD = (
    "{c} exp 09/29 cvv 318",
    "{c} 有效期 08/28",
    "the number's {c}, expires 11/27",
    "{c} exp 0327",
)
_CARD_UNNAMED = (
    "can you order it with {c} for me",
    "{c}",
    "use {c} if the site asks",
    "就用这张 {c} 付吧",
)


def _grouped(rng: random.Random, number: str) -> str:
    """As printed on the card (fours; Amex 4-6-5, Diners 4-6-4), or run together, spaces or dashes."""
    if rng.random() < 0.4:
        return number
    sep = rng.choice((" ", " ", "-"))
    if len(number) == 15 or len(number) == 14:
        parts = [number[:4], number[4:10], number[10:]]
    else:
        parts = [number[i : i + 4] for i in range(0, len(number), 4)]
    return sep.join(parts)


def make(n: int, seed: int) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """n look-alike lines [(family, how, line)] and n // 10 card lines [(brand, how, line)]."""
    rng = random.Random(seed)
    looks = []
    for _ in range(n):
        family, number = _look_alike(rng)
        how = rng.choice(("named", "unnamed", "unnamed"))
        if how == "named":
            line = rng.choice(_NAMED[family]).format(n=number)
        else:
            template = rng.choice(_UNNAMED_ZH if rng.random() < 0.4 else _UNNAMED_EN)
            line = template.format(n=number, tail=number[-4:])
        looks.append((family, how, line))
    cards = []
    for _ in range(n // 10):
        brand, prefixes, lengths = rng.choice(_BRANDS)
        number = _grouped(rng, _luhn(rng, rng.choice(prefixes), rng.choice(lengths)))
        how = rng.choice(("named", "told", "unnamed"))
        template = rng.choice({"named": _CARD_NAMED, "told": _CARD_TOLD, "unnamed": _CARD_UNNAMED}[how])
        cards.append((brand, how, template.format(c=number)))
    return looks, cards


def _number_in(line: str, screened: str) -> bool:
    digits = "".join(ch for ch in line if ch.isdigit())
    return digits in "".join(ch for ch in screened if ch.isdigit())


def main() -> None:
    args = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    n, seed = int(args.get("n", 100_000)), int(args.get("seed", 7))
    looks, cards = make(n, seed)
    start = time.process_time()
    altered: Counter[tuple[str, str]] = Counter()
    total: Counter[tuple[str, str]] = Counter()
    for family, how, line in looks:
        total[family, how] += 1
        if redact_sequence([(line, "x")])[0].had_secret:
            altered[family, how] += 1
    missed: Counter[tuple[str, str]] = Counter()
    cards_total: Counter[tuple[str, str]] = Counter()
    for brand, how, line in cards:
        cards_total[brand, how] += 1
        screened = redact_sequence([(line, "x")])[0].text
        if _number_in(line, screened):
            missed[brand, how] += 1
    seconds = time.process_time() - start
    print(
        f"look-alike lines: {len(looks):,}, altered {sum(altered.values()):,} "
        f"({sum(altered.values()) / len(looks):.4f})"
    )
    for how in ("named", "unnamed"):
        t = sum(v for (f, h), v in total.items() if h == how)
        a = sum(v for (f, h), v in altered.items() if h == how)
        print(f"  {how}: {a:,}/{t:,} ({a / t:.4f})")
    for family in _FAMILIES:
        t = total[family, "named"] + total[family, "unnamed"]
        a = altered[family, "named"] + altered[family, "unnamed"]
        print(f"    {family}: {a}/{t} (named {altered[family, 'named']}, unnamed {altered[family, 'unnamed']})")
    c = sum(cards_total.values())
    m = sum(missed.values())
    print(f"card lines: {c:,}, card number left in clear {m:,} (recall {1 - m / c:.4f})")
    for how in ("named", "told", "unnamed"):
        t = sum(v for (b, h), v in cards_total.items() if h == how)
        k = sum(v for (b, h), v in missed.items() if h == how)
        print(f"  {how}: recall {1 - k / t:.4f} ({t - k}/{t})")
    for brand, _, _ in _BRANDS:
        t = sum(v for (b, h), v in cards_total.items() if b == brand)
        k = sum(v for (b, h), v in missed.items() if b == brand)
        print(f"    {brand}: {t - k}/{t}")
    print(f"({seconds:.1f} s of CPU time)")


if __name__ == "__main__":
    main()
