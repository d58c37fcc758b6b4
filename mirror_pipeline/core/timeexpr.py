"""Time expressions in Chinese and English, resolved against the mention time and never made more precise than said.

A resolved expression is an interval of whole days [start, end] with a precision (section 13). Relative expressions
(去年, last month) are resolved against the message's own timestamp, not the day of the import.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

from mirror_pipeline.core.model import TimePrecision

MONTHS_EN = {
    name: i
    for i, names in enumerate(
        [
            (),
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for name in names
}
_MONTH_EN = "|".join(sorted(MONTHS_EN, key=len, reverse=True))
_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


# The first day of the lunar year (春节) for 1900-2099, as MMDD, one per year: the real dates, generated once with the
# `lunardate` package's lunar tables (spot-checked: 2020-01-25, 2022-02-01, 2023-01-22, 2024-02-10, 2025-01-29).
_SPRING_FESTIVAL = (
    "0131 0219 0208 0129 0216 0204 0125 0213 0202 0122 0210 0130 0218 0206 0126 0214 0203 0123 0211 0201 "  # 1900-1919
    "0220 0208 0128 0216 0205 0124 0213 0202 0123 0210 0130 0217 0206 0126 0214 0204 0124 0211 0131 0219 "  # 1920-1939
    "0208 0127 0215 0205 0125 0213 0202 0122 0210 0129 0217 0206 0127 0214 0203 0124 0212 0131 0218 0208 "  # 1940-1959
    "0128 0215 0205 0125 0213 0202 0121 0209 0130 0217 0206 0127 0215 0203 0123 0211 0131 0218 0207 0128 "  # 1960-1979
    "0216 0205 0125 0213 0202 0220 0209 0129 0217 0206 0127 0215 0204 0123 0210 0131 0219 0207 0128 0216 "  # 1980-1999
    "0205 0124 0212 0201 0122 0209 0129 0218 0207 0126 0214 0203 0123 0210 0131 0219 0208 0128 0216 0205 "  # 2000-2019
    "0125 0212 0201 0122 0210 0129 0217 0206 0126 0213 0203 0123 0211 0131 0219 0208 0128 0215 0204 0124 "  # 2020-2039
    "0212 0201 0122 0210 0130 0217 0206 0126 0214 0202 0123 0211 0201 0219 0208 0128 0215 0204 0124 0212 "  # 2040-2059
    "0202 0121 0209 0129 0217 0205 0126 0214 0203 0123 0211 0131 0219 0207 0127 0215 0205 0124 0212 0202 "  # 2060-2079
    "0122 0209 0129 0217 0206 0126 0214 0203 0124 0210 0130 0218 0207 0127 0215 0205 0125 0212 0201 0121"  # 2080-2099
).split()
SPRING_FESTIVAL_YEARS = range(1900, 1900 + len(_SPRING_FESTIVAL))


def spring_festival(year: int) -> date | None:
    """The date of the Spring Festival (lunar new year) of `year`, or None outside 1900-2099."""
    if year not in SPRING_FESTIVAL_YEARS:
        return None
    mmdd = _SPRING_FESTIVAL[year - 1900]
    return date(year, int(mmdd[:2]), int(mmdd[2:]))


@dataclass(frozen=True)
class TimeMention:
    """A time said, as an interval of whole days [start, end] (either end may be open: None).

    An event-anchored time (疫情后不久, "after my son was born") names its `anchor` and `relation` and stays unresolved
    (no start, no end) until `resolve_anchored` is given the date of that event."""

    expression: str
    span: tuple[int, int]
    start: date | None
    end: date | None
    precision: TimePrecision
    confidence: float
    anchor: str | None = None
    relation: str | None = None  # "after" or "before", with how far: "after:soon", "before:months", "after"
    closed_range: bool = False  # said as a range ("2015年到2018年", "from 2016 to 2019"): it ended then

    @property
    def start_iso(self) -> str | None:
        return self.start.isoformat() if self.start else None

    @property
    def end_iso(self) -> str | None:
        return self.end.isoformat() if self.end else None

    @property
    def resolved(self) -> bool:
        return self.start is not None or self.end is not None


def _month_interval(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _cn_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_CN_DIGITS.get(tens, 1) if tens else 1) * 10 + (_CN_DIGITS.get(ones, 0) if ones else 0)
    if all(ch in _CN_DIGITS for ch in text):
        return int("".join(str(_CN_DIGITS[ch]) for ch in text))
    return None


_NUM = r"(\d{1,2}|[一二三四五六七八九十两]{1,3})"
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_EN = "|".join(_WEEKDAYS_EN)
_WEEKDAY_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_EN_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several)"
_REL_YEAR = r"(去年|今年|前年|明年)"
_SEASON_ZH = r"(春天|夏天|秋天|冬天|春季|夏季|秋季|冬季)"
_YEAR_PART_ZH = r"(年初|年中|年底|年末|上半年|下半年)"
_RANGE_TO = r"\s*(?:到|至|-|~|～|—|–)\s*"
_ZH_YM = r"(\d{4})\s*年\s*(\d{1,2})\s*月(?:份)?"
# event-anchored times: the anchor's key and the words that name it
_ANCHORS_ZH = {
    "疫情": "pandemic",
    "新冠": "pandemic",
    "孩子出生": "child_born",
    "女儿出生": "child_born",
    "儿子出生": "child_born",
    "宝宝出生": "child_born",
    "老大出生": "child_born",
    "老二出生": "child_born",
    "结婚": "marriage",
    "毕业": "graduation",
    "离婚": "divorce",
    "退休": "retirement",
}
_ANCHORS_EN = (
    ("pandemic", r"the pandemic|covid(?:-19)?|the covid(?:-19)? pandemic|lockdown"),
    ("child_born", r"(?:my|our) (?:son|daughter|kid|child|baby|first child|second child)(?: \w+)? was born"),
    ("marriage", r"(?:we|i) got married|(?:my|our) wedding"),
    ("graduation", r"i graduated|(?:my )?graduation|graduating|college|university|grad school"),
    ("divorce", r"(?:my|the) divorce|(?:we|i) got divorced"),
    ("retirement", r"i retired|(?:my )?retirement"),
)
_ANCHOR_ZH = "|".join(sorted(_ANCHORS_ZH, key=len, reverse=True))
_ANCHOR_EN = "|".join(f"(?P<{key}>{words})" for key, words in _ANCHORS_EN)
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    # ranges first: "2016年到2021年" is one interval, not two years
    (
        "zh_range_ym",
        re.compile(_ZH_YM + _RANGE_TO + _ZH_YM),
    ),
    ("zh_range_y", re.compile(r"(\d{4})\s*年?" + _RANGE_TO + r"(\d{4})\s*年")),
    ("en_range_y", re.compile(r"(?i)\b(?:from|between) (\d{4}) (?:to|until|till|through|and) (\d{4})\b")),
    ("en_range_dash", re.compile(r"(?<![\d-])(\d{4})\s?[–—-]\s?(\d{4})(?![\d-])")),
    # the Spring Festival of a year, and before or after it
    (
        "zh_festival",
        re.compile(
            r"(?:(\d{4})\s*年|" + _REL_YEAR + r")?(?:的)?(?:春节|农历新年|大年初一)(之前|之后|以前|以后|前|后)?"
        ),
    ),
    (
        "en_festival",
        re.compile(r"(?i)\b(?:(before|after) )?(?:the )?(?:chinese|lunar) new year(?: (?:of )?(\d{4}))?\b"),
    ),
    # event-anchored: kept with their anchor, resolved only when the timeline knows the event
    (
        "zh_anchor",
        re.compile(r"(" + _ANCHOR_ZH + r")(?:以后|之后|后|以前|之前|前)(不久|没多久|几个月|几年|一年|半年)?"),
    ),
    (
        "en_anchor",
        re.compile(
            r"(?i)\b(shortly |right |soon |just |a few months |a few years |a few weeks |several months |"
            r"months |years |a year |a month )?(after|before) (?:" + _ANCHOR_EN + r")"
        ),
    ),
    ("zh_ago_today", re.compile(rf"(?<![\d一二三四五六七八九十两]){_NUM}年前的今天")),
    ("zh_ymd", re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")),
    ("iso_ymd", re.compile(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b")),
    ("en_mdy", re.compile(rf"(?i)\b({_MONTH_EN})\.? (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})\b")),
    ("en_dmy", re.compile(rf"(?i)\b(\d{{1,2}})(?:st|nd|rd|th)? ({_MONTH_EN})\.?,? (\d{{4}})\b")),
    ("zh_ym_part", re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(初|中旬|中|底|下旬|上旬|左右)")),
    ("zh_ym", re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月")),
    (
        "zh_y_part",
        re.compile(r"(\d{4})\s*年\s*(初|年初|中(?![国文学心间央部])|年中|底|年底|末|年末|上半年|下半年|左右|前后)"),
    ),
    ("zh_y_season", re.compile(r"(\d{4})\s*年\s*(?:的)?" + _SEASON_ZH)),
    ("zh_rel_y_part", re.compile(_REL_YEAR + r"(?:的)?(初|底|末|" + _YEAR_PART_ZH[1:])),
    ("zh_rel_y_season", re.compile(_REL_YEAR + r"(?:的)?" + _SEASON_ZH)),
    ("zh_rel_ymd", re.compile(_REL_YEAR + _NUM + r"月" + _NUM + r"[日号]")),
    ("zh_rel_ym", re.compile(_REL_YEAR + _NUM + r"月(?:份)?")),
    ("en_y_part", re.compile(r"(?i)\b(early|mid|late|end of|beginning of|start of)[- ]?(\d{4})\b")),
    ("en_y_about", re.compile(r"(?i)\b(?:around|about|circa|approximately|roughly|c\.)\s?(\d{4})\b")),
    ("en_y_season", re.compile(r"(?i)\b(spring|summer|fall|autumn|winter)(?: of)? (\d{4})\b")),
    ("en_rel_season", re.compile(r"(?i)\b(last|this|next|past) (spring|summer|fall|autumn|winter)\b")),
    ("iso_ym", re.compile(r"\b(\d{4})-(\d{1,2})\b(?!-)")),
    ("en_my", re.compile(rf"(?i)\b({_MONTH_EN})\.?,? (?:of )?(\d{{4}})\b")),
    ("zh_y", re.compile(r"(\d{4})\s*年(?!\s*\d{1,2}\s*月)")),
    ("zh_y_cn", re.compile(r"([〇零一二三四五六七八九]{4})\s*年")),
    ("en_y", re.compile(r"(?i)\b(?:in|since|during|until|by|from|was|of) (\d{4})\b")),
    ("zh_md", re.compile(r"(?<![\d年])" + _NUM + r"月" + _NUM + r"[日号]")),
    ("zh_weekday", re.compile(r"(上上|上个?|这个?|本|下个?)(?:周|星期|礼拜)([一二三四五六日天])")),
    ("en_weekday", re.compile(rf"(?i)\b(last|this|next) ({_WEEKDAY_EN})\b")),
    ("en_rel_month_name", re.compile(rf"(?i)\b(last|this|next) ({_MONTH_EN})\b(?!\.? ?\d)")),
    ("zh_half_ago", re.compile(r"(?<![一二三四五六七八九十两\d])(半年|半个月)(?:多)?(?:以前|之前|前)")),
    ("zh_rel_day", re.compile(r"今天|昨天|前天|明天|后天|昨晚|昨夜|今早|今晚|今夜|明早|明晚")),
    (
        "en_rel_day",
        re.compile(r"(?i)\b(today|yesterday|tomorrow|last night|tonight|this (?:morning|afternoon|evening))\b"),
    ),
    ("zh_rel_week", re.compile(r"上上周|上上个星期|上周|上个星期|上星期|这周|本周|这个星期|下周|下个星期|下星期")),
    ("en_rel_week", re.compile(r"(?i)\b(last|this|next) week\b")),
    ("zh_rel_month_day", re.compile(rf"(上个月|这个月|本月|下个月){_NUM}[号日]")),
    ("zh_rel_month", re.compile(r"上个月|这个月|本月|下个月")),
    ("en_rel_month", re.compile(r"(?i)\b(last|this|next) month\b")),
    ("zh_rel_year", re.compile(r"去年|今年|明年|前年")),
    ("en_rel_year", re.compile(r"(?i)\b(last|this|next) year\b")),
    (
        "zh_ago",
        re.compile(
            r"(?<![\d一二三四五六七八九十两])(\d{1,2}|[一二三四五六七八九十两]{1,3}|几)(天|个星期|周|个月|年)(?:多)?(?:以前|之前|前)"
        ),
    ),
    ("en_ago", re.compile(rf"(?i)\b{_EN_NUM} (day|week|month|year)s? ago\b")),
    # durations up to now: 搬到上海三年了, "I've lived here for two years" (a start about that long before the message)
    ("zh_for", re.compile(rf"(?<![\d一二三四五六七八九十两]){_NUM}(天|个星期|周|个月|年)(?:多)?了")),
    (
        "en_for",
        re.compile(
            rf"(?i)(?:'ve|\bhave|\bhas|'s)\b[^.!?;]{{0,60}}?\b(?P<expr>for (?:the (?:past|last) )?"
            rf"(?:about |around |almost |nearly |over )?{_EN_NUM} "
            r"(day|week|month|year)s?)\b"
        ),
    ),
]
_EN_NUMBERS = {
    "a": 1,
    "an": 1,
    "a couple of": 2,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


_YEAR_PARTS = {
    "初": (1, 4),
    "年初": (1, 4),
    "early": (1, 4),
    "beginning of": (1, 3),
    "start of": (1, 3),
    "中": (5, 8),
    "年中": (5, 8),
    "mid": (5, 8),
    "底": (10, 12),
    "年底": (10, 12),
    "末": (10, 12),
    "年末": (10, 12),
    "late": (9, 12),
    "end of": (10, 12),
    "上半年": (1, 6),
    "下半年": (7, 12),
}
_SEASON_START = {"春": 3, "spring": 3, "夏": 6, "summer": 6, "秋": 9, "fall": 9, "autumn": 9, "冬": 12, "winter": 12}
_FESTIVAL_WINDOW = timedelta(days=30)  # "after the Spring Festival": the weeks that follow it, never its exact day


def _season(year: int, start_month: int) -> tuple[date, date]:
    """A season of `year` (winter runs from December into the next year's February)."""
    if start_month == 12:
        return date(year, 12, 1), _month_interval(year + 1, 2)[1]
    return date(year, start_month, 1), _month_interval(year, start_month + 2)[1]


def _relative_season(word: str, start_month: int, anchor: date) -> tuple[date, date]:
    """last spring: the latest spring that had ended by the mention; next spring: the first that starts after it;
    this spring: the one around the mention (this winter: the one that includes or follows it)."""
    if word in ("last", "past"):
        year = anchor.year
        while _season(year, start_month)[1] >= anchor:
            year -= 1
        return _season(year, start_month)
    if word == "next":
        year = anchor.year - 1
        while _season(year, start_month)[0] <= anchor:
            year += 1
        return _season(year, start_month)
    year = anchor.year - 1 if start_month == 12 and anchor.month <= 2 else anchor.year
    return _season(year, start_month)


def _cn_year(text: str) -> int:
    return int("".join(str(_CN_DIGITS[ch]) for ch in text))


def _digit_pair(word: str) -> tuple[int, int] | None:
    """两三, 五六: two neighbouring numbers said together mean "one or the other"."""
    if len(word) == 2 and all(ch in _CN_DIGITS for ch in word):
        a, b = _CN_DIGITS[word[0]], _CN_DIGITS[word[1]]
        if b == a + 1 and a > 0:
            return a, b
    return None


def _amount(word: str) -> int | None:
    """An English or Chinese count ("two", "a", "3", "三"); None for a vague one ("a few", "several")."""
    word = word.lower()
    if word in _EN_NUMBERS:
        return _EN_NUMBERS[word]
    if word.isdigit():
        return int(word)
    return _cn_number(word)


_UNIT = {"天": "day", "day": "day", "个星期": "week", "周": "week", "week": "week", "个月": "month", "month": "month"}


def _before(anchor: date, amount: int | None, unit: str) -> tuple[date, date, TimePrecision, float] | None:
    """`amount` units before `anchor`, as precise as the unit: a day, a week either side, a month, a year.
    A vague amount ("a few months ago") is an honest range of 2 to 5 units before."""
    unit = _UNIT.get(unit, "year")
    if amount is None:
        low, high = _before(anchor, 5, unit), _before(anchor, 2, unit)
        return (low[0], high[1], TimePrecision.ROUGH, 0.5) if low and high else None
    if unit == "day":
        d = anchor - timedelta(days=amount)
        return d, d, TimePrecision.DAY, 0.8
    if unit == "week":
        d = anchor - timedelta(weeks=amount)
        return d - timedelta(days=3), d + timedelta(days=3), TimePrecision.ROUGH, 0.6
    if unit == "month":
        year, month = _shift_months(anchor, -amount)
        return (*_month_interval(year, month), TimePrecision.MONTH, 0.7)
    year = anchor.year - amount
    return date(year, 1, 1), date(year, 12, 31), TimePrecision.YEAR, 0.7


def _shift_months(day: date, months: int) -> tuple[int, int]:
    index = day.year * 12 + (day.month - 1) + months
    return index // 12, index % 12 + 1


def _resolve(kind: str, m: re.Match[str], anchor: date | None) -> tuple[date, date, TimePrecision, float] | None:
    g = m.groups()
    years = [int(x) for x in g if x and len(x) == 4 and x.isdigit()]
    if any(not 1900 <= y <= 2200 for y in years):
        return None  # "about 5000 years ago", "1234年": not a date of a life
    if kind in ("zh_range_ym", "zh_range_y", "en_range_y", "en_range_dash"):
        if kind == "zh_range_ym":
            first, last = (int(g[0]), int(g[1])), (int(g[2]), int(g[3]))
            if not (1 <= first[1] <= 12 and 1 <= last[1] <= 12) or first > last:
                return None
            return _month_interval(*first)[0], _month_interval(*last)[1], TimePrecision.MONTH, 0.9
        first_year, last_year = int(g[0]), int(g[1])
        if first_year >= last_year:
            return None  # "2021-2019" is not a range; "1990-1990" is one year said oddly
        return date(first_year, 1, 1), date(last_year, 12, 31), TimePrecision.YEAR, 0.9
    if kind in ("zh_festival", "en_festival"):
        if kind == "zh_festival":
            absolute, relative, side = g
        else:
            side, absolute, relative = g[0], g[1], None
        if absolute:
            year = int(absolute)
        elif anchor is None:
            return None
        else:
            offset = {"去年": -1, "今年": 0, "前年": -2, "明年": 1}[relative] if relative else 0
            year = anchor.year + offset
        festival = spring_festival(year)
        if festival is None:
            return None
        side = (side or "").lower()
        if side in ("前", "之前", "以前", "before"):
            return festival - _FESTIVAL_WINDOW, festival - timedelta(days=1), TimePrecision.ROUGH, 0.7
        if side in ("后", "之后", "以后", "after"):
            return festival + timedelta(days=1), festival + _FESTIVAL_WINDOW, TimePrecision.ROUGH, 0.7
        return festival, festival, TimePrecision.DAY, 0.8
    if kind == "zh_y_cn":
        year = _cn_year(g[0])
        return (date(year, 1, 1), date(year, 12, 31), TimePrecision.YEAR, 0.95) if 1900 <= year <= 2200 else None
    if kind in ("zh_ymd", "iso_ymd"):
        d = _safe_date(int(g[0]), int(g[1]), int(g[2]))
        return (d, d, TimePrecision.DAY, 0.95) if d else None
    if kind == "en_mdy":
        d = _safe_date(int(g[2]), MONTHS_EN[g[0].lower()], int(g[1]))
        return (d, d, TimePrecision.DAY, 0.95) if d else None
    if kind == "en_dmy":
        d = _safe_date(int(g[2]), MONTHS_EN[g[1].lower()], int(g[0]))
        return (d, d, TimePrecision.DAY, 0.95) if d else None
    if kind in ("zh_ym", "iso_ym"):
        year, month = int(g[0]), int(g[1])
        return (*_month_interval(year, month), TimePrecision.MONTH, 0.95) if 1 <= month <= 12 else None
    if kind in ("zh_y_part", "en_y_part"):
        year, part = (int(g[0]), g[1]) if kind == "zh_y_part" else (int(g[1]), g[0].lower())
        months = _YEAR_PARTS.get(part)
        if months is None:  # 左右, 前后: a year either side
            return date(year - 1, 1, 1), date(year + 1, 12, 31), TimePrecision.ROUGH, 0.6
        return _month_interval(year, months[0])[0], _month_interval(year, months[1])[1], TimePrecision.ROUGH, 0.8
    if kind == "en_y_about":
        year = int(g[0])
        return date(year - 1, 1, 1), date(year + 1, 12, 31), TimePrecision.ROUGH, 0.6
    if kind in ("zh_y_season", "en_y_season"):
        year, season = (int(g[0]), g[1][0]) if kind == "zh_y_season" else (int(g[1]), g[0].lower())
        return (*_season(year, _SEASON_START[season]), TimePrecision.SEASON, 0.8)
    if kind == "zh_ym_part":
        year, month, part = int(g[0]), int(g[1]), g[2]
        if not 1 <= month <= 12:
            return None
        first, last = _month_interval(year, month)
        days = {
            "初": (1, 10),
            "上旬": (1, 10),
            "中": (11, 20),
            "中旬": (11, 20),
            "底": (21, last.day),
            "下旬": (21, last.day),
        }.get(part, (1, last.day))
        return date(year, month, days[0]), date(year, month, days[1]), TimePrecision.ROUGH, 0.8
    if kind == "en_my":
        return (*_month_interval(int(g[1]), MONTHS_EN[g[0].lower()]), TimePrecision.MONTH, 0.95)
    if kind in ("zh_y", "en_y"):
        year = int(g[0])
        return (date(year, 1, 1), date(year, 12, 31), TimePrecision.YEAR, 0.95) if 1900 <= year <= 2200 else None
    if anchor is None:
        return None  # a relative expression without a mention time cannot be resolved honestly
    if kind in ("zh_rel_y_part", "zh_rel_y_season", "zh_rel_ymd", "zh_rel_ym"):
        year = anchor.year + {"去年": -1, "今年": 0, "前年": -2, "明年": 1}[g[0]]
        if kind == "zh_rel_y_part":
            months = _YEAR_PARTS[g[1]]
            return _month_interval(year, months[0])[0], _month_interval(year, months[1])[1], TimePrecision.ROUGH, 0.75
        if kind == "zh_rel_y_season":
            return (*_season(year, _SEASON_START[g[1][0]]), TimePrecision.SEASON, 0.75)
        month = _cn_number(g[1])
        if not month or not 1 <= month <= 12:
            return None
        if kind == "zh_rel_ym":
            return (*_month_interval(year, month), TimePrecision.MONTH, 0.85)
        day = _cn_number(g[2])
        d = _safe_date(year, month, day) if day else None
        return (d, d, TimePrecision.DAY, 0.85) if d else None
    if kind == "en_rel_season":
        return (*_relative_season(g[0].lower(), _SEASON_START[g[1].lower()], anchor), TimePrecision.SEASON, 0.7)
    if kind == "zh_md":
        month, day = _cn_number(g[0]), _cn_number(g[1])
        d = _safe_date(anchor.year, month, day) if month and day else None
        return (d, d, TimePrecision.DAY, 0.75) if d else None  # the year is the mention's: less sure
    if kind in ("zh_for", "en_for"):
        amount_word, unit = (g[0], g[1]) if kind == "zh_for" else (m.group(2), m.group(3))
        return _before(anchor, _amount(amount_word), unit.lower())
    text = m.group(0).lower()
    if kind in ("zh_rel_day", "en_rel_day"):
        d = anchor + timedelta(days=_DAY_OFFSETS[text])
        return d, d, TimePrecision.DAY, 0.9
    if kind == "zh_weekday":  # 上周五: that week's Friday, to the day
        weeks = {"上上": -2, "上": -1, "上个": -1, "下": 1, "下个": 1}.get(g[0], 0)
        monday = anchor - timedelta(days=anchor.weekday()) + timedelta(weeks=weeks)
        d = monday + timedelta(days=_WEEKDAY_ZH[g[1]])
        return d, d, TimePrecision.DAY, 0.85
    if kind == "en_weekday":  # "last Friday": the latest Friday before the day it was said ("next": the first after)
        target, word = _WEEKDAYS_EN.index(g[1].lower()), g[0].lower()
        if word == "this":
            d = anchor - timedelta(days=anchor.weekday()) + timedelta(days=target)
            return d, d, TimePrecision.DAY, 0.7
        step = -1 if word == "last" else 1
        d = anchor + timedelta(days=step)
        while d.weekday() != target:
            d += timedelta(days=step)
        return d, d, TimePrecision.DAY, 0.7
    if kind == "en_rel_month_name":  # "last March": the latest March before the month it was said
        if g[1] == "may":
            return None  # "this may be wrong": the verb, not the month
        month, word = MONTHS_EN[g[1].lower()], g[0].lower()
        if word == "last":
            year = anchor.year if month < anchor.month else anchor.year - 1
        elif word == "next":
            year = anchor.year if month > anchor.month else anchor.year + 1
        else:
            year = anchor.year
        return (*_month_interval(year, month), TimePrecision.MONTH, 0.8)
    if kind == "zh_half_ago":  # 半年前: about six months back; 半个月前: about two weeks
        if g[0] == "半年":
            year, month = _shift_months(anchor, -6)
            return _month_interval(year, month)[0], _month_interval(year, month)[1], TimePrecision.ROUGH, 0.6
        d = anchor - timedelta(days=15)
        return d - timedelta(days=5), d + timedelta(days=5), TimePrecision.ROUGH, 0.6
    if kind in ("zh_rel_week", "en_rel_week"):
        shift = -7 if text in ("上周", "上个星期", "上星期") or text.startswith("last") else 0
        shift = 7 if text in ("下周", "下个星期", "下星期") or text.startswith("next") else shift
        shift = -14 if text.startswith("上上") else shift
        monday = anchor - timedelta(days=anchor.weekday()) + timedelta(days=shift)
        return monday, monday + timedelta(days=6), TimePrecision.ROUGH, 0.8
    if kind in ("zh_rel_month", "en_rel_month", "zh_rel_month_day"):
        word = g[0].lower() if g else text
        offset = {"上个月": -1, "last": -1, "这个月": 0, "本月": 0, "this": 0, "下个月": 1, "next": 1}[word]
        year, month = _shift_months(anchor, offset)
        if kind == "zh_rel_month_day":
            day = _cn_number(g[1])
            d = _safe_date(year, month, day) if day else None
            return (d, d, TimePrecision.DAY, 0.85) if d else None
        return (*_month_interval(year, month), TimePrecision.MONTH, 0.85)
    if kind in ("zh_rel_year", "en_rel_year"):
        word = g[0].lower() if g else text
        offset = {"去年": -1, "last": -1, "今年": 0, "this": 0, "明年": 1, "next": 1, "前年": -2}[word]
        year = anchor.year + offset
        return date(year, 1, 1), date(year, 12, 31), TimePrecision.YEAR, 0.85
    if kind == "zh_ago_today":  # 三年前的今天: that very day, years back
        years = _cn_number(g[0])
        d = _safe_date(anchor.year - years, anchor.month, anchor.day) if years else None
        return (d, d, TimePrecision.DAY, 0.9) if d else None
    if kind in ("zh_ago", "en_ago"):
        pair = _digit_pair(g[0])
        if pair:  # 五六年前: five or six years before, not fifty-six
            far, near = _before(anchor, pair[1], g[1]), _before(anchor, pair[0], g[1])
            return (far[0], near[1], TimePrecision.ROUGH, 0.6) if far and near else None
        return _before(anchor, _amount(g[0]), g[1].lower())
    return None


_DAY_OFFSETS = {
    **dict.fromkeys(("今天", "今早", "今晚", "今夜", "today", "tonight"), 0),
    **dict.fromkeys(("this morning", "this afternoon", "this evening"), 0),
    **dict.fromkeys(("昨天", "昨晚", "昨夜", "yesterday", "last night"), -1),
    **dict.fromkeys(("明天", "明早", "明晚", "tomorrow"), 1),
    "前天": -2,
    "后天": 2,
}


def find_times(text: str, mention_time: datetime | None) -> list[TimeMention]:
    """Every time expression in `text`, resolved; overlapping matches keep the most specific (earliest rule)."""
    anchor = mention_time.date() if mention_time else None
    taken: list[tuple[int, int]] = []
    out: list[TimeMention] = []
    lowered = text.lower()
    active = {kind for word, kinds in _KINDS_BY_WORD.items() if word in lowered for kind in kinds}
    if _DIGIT.search(text):
        active |= _NUMERIC_KINDS  # every other rule needs a number
    for kind, pattern in _PATTERNS:
        if kind not in active:
            continue
        for m in pattern.finditer(text):
            span = m.span("expr") if "expr" in pattern.groupindex else m.span()
            if any(span[0] < e and s < span[1] for s, e in taken):
                continue
            if kind in ("zh_anchor", "en_anchor"):
                taken.append(span)
                out.append(_anchored(kind, m, span))
                continue
            try:
                resolved = _resolve(kind, m, anchor)
            except (ValueError, OverflowError):  # "5000 years ago", "1000000 days ago": outside the calendar
                resolved = None
            if resolved is None:
                continue
            start, end, precision, confidence = resolved
            taken.append(span)
            closed = kind in _RANGES
            out.append(
                TimeMention(text[span[0] : span[1]], span, start, end, precision, confidence, closed_range=closed)
            )
    out.sort(key=lambda t: t.span[0])
    return out


_DIGIT = re.compile(r"\d")
# The words without which a rule cannot match (rules not listed need a digit): most sentences skip most rules
_NEEDS: dict[str, tuple[str, ...]] = {
    "zh_festival": ("春节", "农历新年", "大年初一"),
    "en_festival": ("new year",),
    "zh_anchor": tuple(_ANCHORS_ZH),
    "en_anchor": ("after", "before"),
    "zh_rel_y_part": ("去年", "今年", "前年", "明年"),
    "zh_rel_y_season": ("去年", "今年", "前年", "明年"),
    "zh_rel_ymd": ("去年", "今年", "前年", "明年"),
    "zh_rel_ym": ("去年", "今年", "前年", "明年"),
    "en_rel_season": ("spring", "summer", "fall", "autumn", "winter"),
    "zh_y_cn": ("年",),
    "zh_md": ("月",),
    "zh_rel_day": ("今", "昨", "前天", "明", "后天"),
    "en_rel_day": ("today", "yesterday", "tomorrow", "night", "this"),
    "zh_weekday": ("周", "星期", "礼拜"),
    "en_weekday": tuple(_WEEKDAYS_EN),
    "en_rel_month_name": ("last", "this", "next"),
    "zh_half_ago": ("半",),
    "zh_rel_week": ("周", "星期"),
    "en_rel_week": ("week",),
    "zh_rel_month_day": ("月",),
    "zh_rel_month": ("月",),
    "en_rel_month": ("month",),
    "zh_rel_year": ("去年", "今年", "前年", "明年"),
    "en_rel_year": ("year",),
    "zh_ago": ("前",),
    "zh_ago_today": ("年前的今天",),
    "en_ago": ("ago",),
    "zh_for": ("了",),
    "en_for": ("for",),
}
_NUMERIC_KINDS = frozenset(kind for kind, _ in _PATTERNS if kind not in _NEEDS)
_KINDS_BY_WORD: dict[str, tuple[str, ...]] = {}
for _kind, _words in _NEEDS.items():
    for _word in _words:
        _KINDS_BY_WORD[_word] = (*_KINDS_BY_WORD.get(_word, ()), _kind)
_RANGES = frozenset({"zh_range_ym", "zh_range_y", "en_range_y", "en_range_dash"})
_NEAR = {"不久": "soon", "没多久": "soon", "shortly": "soon", "right": "soon", "soon": "soon", "just": "soon"}


def _anchored(kind: str, m: re.Match[str], span: tuple[int, int]) -> TimeMention:
    """疫情后不久, "a few months before my daughter was born": the anchor and the side, no invented date."""
    if kind == "zh_anchor":
        anchor, side, how = _ANCHORS_ZH[m.group(1)], m.group(0)[len(m.group(1)) :], m.group(2) or ""
        side = "before" if "前" in side.removesuffix(how) else "after"
    else:
        anchor = next(key for key, _ in _ANCHORS_EN if m.group(key))
        how, side = (m.group(1) or "").strip().lower(), m.group(2).lower()
    distance = _NEAR.get(how) or ("years" if "year" in how or "年" in how else "months" if how else "")
    relation = f"{side}:{distance}" if distance else side
    return TimeMention(m.group(0), span, None, None, TimePrecision.ROUGH, 0.3, anchor=anchor, relation=relation)


# How far "shortly after", "months before", "years after" reach from the anchor event (rough, never a day)
_REACH = {"soon": (0, 92), "months": (30, 365), "years": (365, 3653), "": (0, 3653)}


def resolve_anchored(mention: TimeMention, known: Mapping[str, tuple[date, date]]) -> TimeMention:
    """An event-anchored time placed on the timeline once the anchor event's interval is known; else unchanged.

    `known` maps an anchor key (pandemic, child_born, marriage, graduation, divorce, retirement) to the interval of
    that event on this person's timeline. Pure: governance calls it with the events it knows."""
    if mention.anchor is None or mention.resolved or mention.anchor not in known:
        return mention
    first, last = known[mention.anchor]
    side, _, distance = (mention.relation or "after").partition(":")
    near, far = _REACH[distance]
    if side == "before":
        start, end = first - timedelta(days=far), first - timedelta(days=near)
    else:
        start, end = last + timedelta(days=near), last + timedelta(days=far)
    return replace(mention, start=start, end=end, confidence=round(mention.confidence + 0.3, 2))


def describe(row: dict) -> str:
    """A memory's time as said, for people and prompts: the interval, its precision and the original words."""
    start, end = row.get("valid_time_start"), row.get("valid_time_end")
    if not start:
        return ""
    span = f"since {start}" if not end else start if end == start else f"{start} – {end}"
    said = f", «{row['time_expression']}»" if row.get("time_expression") else ""
    return f" ({span}, {row.get('time_precision')}{said})"


def as_said(row: dict) -> str:
    """A date to the precision it was said ("2016", "2021-06", "~2021-05"), or when it was said, if nothing else."""
    start, precision = row.get("valid_time_start"), row.get("time_precision")
    if not start:
        mentioned = row.get("sort_time")
        return f"said {mentioned}" if mentioned else "?"
    if precision == TimePrecision.YEAR:
        return start[:4]
    if precision == TimePrecision.MONTH:
        return start[:7]
    if precision in (TimePrecision.SEASON, TimePrecision.ROUGH):
        return f"~{start[:7]}"
    return start
