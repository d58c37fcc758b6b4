"""The values a statement holds, by their kind: a time (a day, a weekday, a month) or a figure with its unit class
(money, weight, a share, a score; or bare). A correction sets right a value of one kind ("the 14th not the 12th",
"说错了，是六千五"), and a later figure of an attribute replaces the earlier one ("rent went up to 1,450"): both are
found by what the value looks like, never by the noun beside it. Pure: text (and the day it was said) in, values out.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import datetime

from mirror_pipeline.core.model import TimePrecision
from mirror_pipeline.core.timeexpr import TimeMention, find_times

TIME, FIGURE, NAME = "time", "figure", "name"  # (a name: of a place or a person, as a correction says it)
YEAR = "year"  # a time's unit when it is a year

# a figure's unit, by class: what it measures (a bare figure has none and may stand for any)
_UNITS = (
    ("money", r"k\b|K\b|lakhs?\b|crores?\b|grand\b|bob\b|bucks\b|dollars?\b|shillings?\b|pounds sterling\b|"
              r"块钱?|元|美元|万块?|千块"),
    ("weight", r"kgs?\b|kilos?\b|lbs?\b|pounds?\b|公斤|斤"),
    ("share", r"%|percent\b|％"),
    ("score", r"marks?\b|points?\b|分(?!钟)"),
)  # fmt: skip
_CURRENCY = r"(?:[$£€¥₹]|(?:KES|Ksh|KSh|USD|INR|JMD|SGD|RM|Rs\.?|S\$)\s?)"
_CN_NUMERAL = "零一二两三四五六七八九十百千万点"
_NUMBER = re.compile(
    rf"(?P<cur>{_CURRENCY})?(?P<num>(?<![\d.,])\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?(?!\d|,\d)|(?<![\d.,])\d+(?:\.\d+)?(?!\d|[.,]\d)|"
    rf"[{_CN_NUMERAL}]{{2,}})"
    r"\s?(?P<unit>" + "|".join(f"(?P<{name}>{regex})" for name, regex in _UNITS) + r")?"
)
# a number that counts or orders, not a figure: "3 months", "5th", "两个", "三次"
_NOT_A_FIGURE = re.compile(
    r"\s?(?:st|nd|rd|th|个|天|日|号|次|岁|年|月|周|小时|钟|点钟|趟|遍|人|位|家|口|只|条|本|件|套|间|层|楼|路|"
    r"(?:days?|weeks?|months?|years?|hours?|minutes?|times|people|kids|am|pm|a\.m\.|p\.m\.)\b)",
    re.IGNORECASE,
)
# a day or a month said bare, as a correction says it ("the 14th", "not April"): read as the time words would read it
# with its preposition ("on the 14th", "in April")
_MONTH = "|".join(calendar.month_name[1:]) + "|" + "|".join(calendar.month_abbr[1:])
_BARE_TIME = re.compile(
    rf"(?i)\b(?:(?P<day>(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th))|(?P<month>{_MONTH})|(?P<year>(?:19|20)\d{{2}}))\b(?![.,]\d)"
)
_WEEKDAY = re.compile(
    r"(?i)周[一二三四五六日天末]|星期|礼拜[一二三四五六日天]|\b(?:mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|urday)?\b"
)
_IN_A_WORD = re.compile(r"[A-Za-z]")
_UNIT_AFTER = re.compile(r"\s?(?:" + "|".join(regex for _, regex in _UNITS) + ")")
_CURRENCY_BEFORE = re.compile(_CURRENCY + r"$")
_CN_DIGIT = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_MAGNITUDE = {"十": 10, "百": 100, "千": 1000, "万": 10000}
_SCALE = {"k": 1000.0, "lakh": 100000.0, "lakhs": 100000.0, "crore": 1e7, "crores": 1e7, "grand": 1000.0, "万": 1e4}


@dataclass(frozen=True)
class Value:
    kind: str  # TIME or FIGURE
    said: str  # the words as written ("the 12th", "六千五", "1,450")
    span: tuple[int, int]
    unit: str = ""  # a figure's unit class ("" for bare); a time's: YEAR for a year
    amount: float | None = None  # a figure's amount, scaled ("95k" -> 95000)
    number: float | None = None  # a figure's number as said ("95k" -> 95)
    time: TimeMention | None = None
    bare: str = ""  # a time said bare: "day" ("the 18th"), "month" ("April") or YEAR ("2021")

    def same_kind(self, other: Value) -> bool:
        if self.kind != other.kind:
            return False
        if self.kind == NAME:
            return True
        if self.kind == TIME:  # a year sets right a year ("2019, not 2021"), a day or a month a day or a month
            return (self.unit == YEAR) == (other.unit == YEAR)
        return not self.unit or not other.unit or self.unit == other.unit

    def equals(self, other: Value) -> bool:
        """The same value: one day (or a day inside the month said), or one figure ("95" and "95k")."""
        if not self.same_kind(other):
            return False
        if self.kind == NAME:
            return self.said == other.said
        if self.kind == TIME:
            a, b = self.time, other.time
            bare = self.bare or other.bare
            if bare and a is not None and b is not None and a.start is not None and b.start is not None:
                # "the 18th" sets right a day of whatever month; "April" a day of that month; "2021" that year
                if bare == "year":
                    return a.start.year == b.start.year
                return a.start.day == b.start.day if bare == "day" else a.start.month == b.start.month
            if a is None or b is None or a.start is None or b.start is None:
                return self.said == other.said
            return (a.start <= b.start <= (a.end or a.start)) or (b.start <= a.start <= (b.end or b.start))
        return self.amount == other.amount or self.number in (other.number, other.amount)


def time_fields(t: TimeMention | None, *, expression: str | None = None, open_end: bool = False) -> dict:
    """A candidate's time fields from a time said (none: {}); `open_end`: a state that holds on from its start."""
    if t is None:
        return {}
    return {
        "valid_time_start": t.start_iso,
        "valid_time_end": None if open_end else t.end_iso,
        "time_precision": t.precision,
        "time_expression": expression or t.expression,
    }


def weekday_only(expression: str) -> bool:
    """A day said by its weekday and nothing more ("Tuesday", "周四", "下周三"): no date in it."""
    return bool(_WEEKDAY.search(expression)) and not re.search(r"\d|[一二三四五六七八九十]+(?:号|日|月)", expression)


def values_in(text: str, said_at: datetime | None, times: list[TimeMention] | None = None) -> list[Value]:
    """Every time (a day, a week's day or a month: not a duration or an era) and every figure of `text`, in order."""
    found = [
        Value(TIME, t.expression, t.span, unit=YEAR if t.precision is TimePrecision.YEAR else "", time=t)
        for t in (find_times(text, said_at) if times is None else times)
        if t.start is not None
        and not t.anchor
        and not t.ongoing
        and not t.closed_range
        and t.precision in (TimePrecision.DAY, TimePrecision.MONTH, TimePrecision.YEAR)
    ]
    taken = [v.span for v in found]
    for m in _BARE_TIME.finditer(text):
        if said_at is None or any(m.start() < e and s < m.end() for s, e in taken):
            continue
        if m["year"] and (_UNIT_AFTER.match(text, m.end()) or _CURRENCY_BEFORE.search(text, 0, m.start())):
            continue  # "2000 dollars", "$2000": a figure
        lead = "on " if m["day"] else "in "
        bare = "day" if m["day"] else "month" if m["month"] else YEAR
        for t in find_times(lead + m.group(0), said_at):
            if t.start is not None:
                found.append(Value(TIME, m.group(0), m.span(), unit=YEAR if bare == YEAR else "", time=t, bare=bare))
                taken.append(m.span())
    for m in _NUMBER.finditer(text):
        if any(m.start("num") < e and s < m.end("num") for s, e in taken):
            continue
        unit_class = next((name for name, _ in _UNITS if m.group(name)), "")
        inside = (
            text[m.start("num") - 1 : m.start("num")].isascii() and text[m.start("num") - 1 : m.start("num")].isalpha()
        )
        if inside or (
            not unit_class and (_NOT_A_FIGURE.match(text, m.end("num")) or _IN_A_WORD.match(text, m.end("num")))
        ):
            continue  # "A1c", "3 months", "5th"
        number = _number(m["num"])
        if number is None:
            continue
        unit_class = unit_class or ("money" if m["cur"] else "")
        unit = (m["unit"] or "").strip().lower()
        amount = number * _SCALE.get(unit, 1.0)
        found.append(Value(FIGURE, m.group(0).strip(), m.span(), unit_class, amount, number))
    return sorted(found, key=lambda v: v.span)


# a name as a correction says it: capitalised words ("Leeds", "Faro", "Costa Verde"), or two or three Chinese
# characters after 是 / 在 / 叫 / 不是 up to a mark or the next 不是 / 是 ("是在嘉兴不是湖州", "他叫王蕾，不是王磊")
_EN_NAME = re.compile(
    r"(?<![\w'])(?!(?:I|It|It's|Its|The|My|No|Not|Sorry|Oops|Actually|Wait|Correction|Ok|Okay|So|Oh)\b)"
    r"[A-Z][\w'-]*(?:\s+(?!I\b)[A-Z][\w'-]*)*"
)
_ZH_NAME = re.compile(r"(?<=[是在叫])(?![在我你他她它这那])([\u4e00-\u9fff]{2,3}?)(?=[，。,.!！；;、]|不是|而是|是|$)")


def names_in(text: str, values: list[Value]) -> list[Value]:
    """The names a correction says (of a place, of a person), none inside one of its `values` (a time, a figure)."""
    taken = [v.span for v in values]
    found = [Value(NAME, m.group(0), m.span()) for pattern in (_EN_NAME, _ZH_NAME) for m in pattern.finditer(text)]
    return [
        v
        for v in found
        if not any(v.span[0] < e and s < v.span[1] for s, e in taken)
        and not _A_NUMERAL.search(v.said)
        and not (_MONTH_WORD.fullmatch(v.said) or _WEEKDAY.fullmatch(v.said))  # ("June", "Monday": a time)
    ]


_MONTH_WORD = re.compile(rf"(?i)(?:{_MONTH})")
_A_NUMERAL = re.compile(r"\d|[一二两三四五六七八九十百千万廿卅][号日月年点块岁个]?$|^[一二两三四五六七八九十]")


def _number(said: str) -> float | None:
    if said[0].isdigit():
        return float(said.replace(",", ""))
    return cn_number(said)


def cn_number(said: str) -> float | None:
    """A Chinese figure as spoken: 六千五 = 6500, 一万八 = 18000, 两千八百 = 2800, 三点一 = 3.1, 一百四十二 = 142.
    None for a run that is no figure (a lone digit word, 一一)."""
    whole, _, frac = said.partition("点")
    if frac and not all(ch in _CN_DIGIT for ch in frac):
        return None
    total, section, digit, last_magnitude = 0, 0, None, None
    for ch in whole:
        if ch in _CN_DIGIT:
            if digit is not None:
                return None  # two digit words in a row: a code or a list, not a figure
            digit = _CN_DIGIT[ch]
        elif ch == "万":
            total, section, digit, last_magnitude = (section + (digit or 0) or 1) * 10000, 0, None, 10000
        elif ch in _CN_MAGNITUDE:
            section += (1 if digit is None else digit) * _CN_MAGNITUDE[ch]
            digit, last_magnitude = None, _CN_MAGNITUDE[ch]
        else:
            return None
    if digit is not None:
        # a digit after a magnitude stands for the next place down: 六千五 is 6500, 一万八 18000
        section += digit * (last_magnitude // 10 if last_magnitude and last_magnitude >= 100 else 1)
    if last_magnitude is None and not frac:
        return None  # no magnitude and no point: "二" alone is a count
    value = float(total + section)
    if frac:
        value += float("0." + "".join(str(_CN_DIGIT[ch]) for ch in frac))
    return value
