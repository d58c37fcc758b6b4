"""Time expressions in Chinese and English, resolved against the mention time and never made more precise than said.

A resolved expression is an interval of whole days [start, end] with a precision (section 13). Relative expressions
(去年, last month) are resolved against the message's own timestamp, not the day of the import.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
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


@dataclass(frozen=True)
class TimeMention:
    expression: str
    span: tuple[int, int]
    start: date
    end: date
    precision: TimePrecision
    confidence: float
    anchor: str | None = None

    @property
    def start_iso(self) -> str:
        return self.start.isoformat()

    @property
    def end_iso(self) -> str:
        return self.end.isoformat()


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
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
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
    ("zh_y_season", re.compile(r"(\d{4})\s*年\s*(?:的)?(春天|夏天|秋天|冬天|春季|夏季|秋季|冬季)")),
    ("en_y_part", re.compile(r"(?i)\b(early|mid|late|end of|beginning of|start of)[- ]?(\d{4})\b")),
    ("en_y_about", re.compile(r"(?i)\b(?:around|about|circa|approximately|roughly|c\.)\s?(\d{4})\b")),
    ("en_y_season", re.compile(r"(?i)\b(spring|summer|fall|autumn|winter)(?: of)? (\d{4})\b")),
    ("iso_ym", re.compile(r"\b(\d{4})-(\d{1,2})\b(?!-)")),
    ("en_my", re.compile(rf"(?i)\b({_MONTH_EN})\.?,? (?:of )?(\d{{4}})\b")),
    ("zh_y", re.compile(r"(\d{4})\s*年(?!\s*\d{1,2}\s*月)")),
    ("en_y", re.compile(r"(?i)\b(?:in|since|during|until|by|from) (\d{4})\b")),
    ("zh_rel_day", re.compile(r"今天|昨天|前天|明天")),
    ("en_rel_day", re.compile(r"(?i)\b(today|yesterday|tomorrow)\b")),
    ("zh_rel_week", re.compile(r"上周|上个星期|上星期|这周|本周|这个星期")),
    ("en_rel_week", re.compile(r"(?i)\b(last|this) week\b")),
    ("zh_rel_month_day", re.compile(rf"(上个月|这个月|本月|下个月){_NUM}[号日]")),
    ("zh_rel_month", re.compile(r"上个月|这个月|本月|下个月")),
    ("en_rel_month", re.compile(r"(?i)\b(last|this|next) month\b")),
    ("zh_rel_year", re.compile(r"去年|今年|明年|前年")),
    ("en_rel_year", re.compile(r"(?i)\b(last|this|next) year\b")),
    ("zh_ago", re.compile(rf"(?<![\d一二三四五六七八九十两]){_NUM}(天|个星期|周|个月|年)前")),
    (
        "en_ago",
        re.compile(r"(?i)\b(\d+|a|one|two|three|four|five|six|seven|eight|nine|ten) (day|week|month|year)s? ago\b"),
    ),
]
_EN_NUMBERS = {
    "a": 1,
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


def _shift_months(day: date, months: int) -> tuple[int, int]:
    index = day.year * 12 + (day.month - 1) + months
    return index // 12, index % 12 + 1


def _resolve(kind: str, m: re.Match[str], anchor: date | None) -> tuple[date, date, TimePrecision, float] | None:
    g = m.groups()
    years = [int(x) for x in g if x and len(x) == 4 and x.isdigit()]
    if any(not 1900 <= y <= 2200 for y in years):
        return None  # "about 5000 years ago", "1234年": not a date of a life
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
        months = {
            "初": (1, 4),
            "年初": (1, 4),
            "early": (1, 4),
            "beginning of": (1, 3),
            "start of": (1, 3),
            "中": (5, 8),
            "年中": (5, 8),
            "mid": (5, 8),
            "底": (9, 12),
            "年底": (10, 12),
            "末": (10, 12),
            "年末": (10, 12),
            "late": (9, 12),
            "end of": (10, 12),
            "上半年": (1, 6),
            "下半年": (7, 12),
        }.get(part)
        if months is None:  # 左右, 前后: a year either side
            return date(year - 1, 1, 1), date(year + 1, 12, 31), TimePrecision.ROUGH, 0.6
        return _month_interval(year, months[0])[0], _month_interval(year, months[1])[1], TimePrecision.ROUGH, 0.8
    if kind == "en_y_about":
        year = int(g[0])
        return date(year - 1, 1, 1), date(year + 1, 12, 31), TimePrecision.ROUGH, 0.6
    if kind in ("zh_y_season", "en_y_season"):
        year, season = (int(g[0]), g[1][0]) if kind == "zh_y_season" else (int(g[1]), g[0].lower())
        first = {"春": 3, "spring": 3, "夏": 6, "summer": 6, "秋": 9, "fall": 9, "autumn": 9, "冬": 12, "winter": 12}
        start_month = first[season]
        if start_month == 12:  # winter runs into the next year
            return date(year, 12, 1), _month_interval(year + 1, 2)[1], TimePrecision.SEASON, 0.8
        return date(year, start_month, 1), _month_interval(year, start_month + 2)[1], TimePrecision.SEASON, 0.8
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
    text = m.group(0).lower()
    if kind in ("zh_rel_day", "en_rel_day"):
        offset = {"今天": 0, "today": 0, "昨天": -1, "yesterday": -1, "前天": -2, "明天": 1, "tomorrow": 1}[text]
        d = anchor + timedelta(days=offset)
        return d, d, TimePrecision.DAY, 0.9
    if kind in ("zh_rel_week", "en_rel_week"):
        last = text in ("上周", "上个星期", "上星期") or text.startswith("last")
        monday = anchor - timedelta(days=anchor.weekday() + (7 if last else 0))
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
    if kind in ("zh_ago", "en_ago"):
        amount = _cn_number(g[0]) if kind == "zh_ago" else _EN_NUMBERS.get(g[0].lower()) or int(g[0])
        if not amount:
            return None
        unit = g[1]
        if unit in ("天", "day"):
            d = anchor - timedelta(days=amount)
            return d, d, TimePrecision.DAY, 0.8
        if unit in ("个星期", "周", "week"):
            d = anchor - timedelta(weeks=amount)
            return d - timedelta(days=3), d + timedelta(days=3), TimePrecision.ROUGH, 0.6
        if unit in ("个月", "month"):
            year, month = _shift_months(anchor, -amount)
            return (*_month_interval(year, month), TimePrecision.MONTH, 0.7)
        year = anchor.year - amount
        return date(year, 1, 1), date(year, 12, 31), TimePrecision.YEAR, 0.7
    return None


def find_times(text: str, mention_time: datetime | None) -> list[TimeMention]:
    """Every time expression in `text`, resolved; overlapping matches keep the most specific (earliest rule)."""
    anchor = mention_time.date() if mention_time else None
    taken: list[tuple[int, int]] = []
    out: list[TimeMention] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            span = m.span()
            if any(span[0] < e and s < span[1] for s, e in taken):
                continue
            try:
                resolved = _resolve(kind, m, anchor)
            except (ValueError, OverflowError):  # "5000 years ago", "1000000 days ago": outside the calendar
                resolved = None
            if resolved is None:
                continue
            start, end, precision, confidence = resolved
            taken.append(span)
            out.append(TimeMention(m.group(0), span, start, end, precision, confidence))
    out.sort(key=lambda t: t.span[0])
    return out


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
