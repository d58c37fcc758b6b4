"""Time expressions in Chinese and English, resolved against the mention time and never made more precise than said.

A resolved expression is an interval of whole days [start, end] with a precision (section 13). Relative expressions
(去年, last month) are resolved against the message's own day, on the calendar it was written on (the caller passes
the message time in the source's own timezone, else the home's: `local_moment`), not the day of the import.

Each time form is one record (`TimeForm`, in `FORMS`): its pattern, the precision it gives, its own small resolver,
its language and its role (a point, a closed range, a duration still true at the mention, an event-anchored time).
A new form is one record; `find_times` knows none of them by name.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, tzinfo
from enum import StrEnum
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mirror_pipeline.core.model import Language, TimePrecision

DAY, MONTH, SEASON, YEAR, ROUGH = (
    TimePrecision.DAY,
    TimePrecision.MONTH,
    TimePrecision.SEASON,
    TimePrecision.YEAR,
    TimePrecision.ROUGH,
)
ZH, EN = Language.ZH, Language.EN

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
# 端午 (the fifth day of the fifth lunar month) and 中秋 (the fifteenth of the eighth), 1900-2099 as MMDD: the real
# dates, generated once with the `lunardate` package (spot-checked: 端午 2023-06-22, 2024-06-10; 中秋 2008-09-14,
# 2023-09-29, 2024-09-17)
_DRAGON_BOAT = (
    "0601 0620 0610 0531 0618 0607 0626 0615 0603 0622 0611 0601 0619 0609 0529 0617 0605 0623 0613 0602 "  # 1900-1919
    "0620 0610 0531 0618 0606 0625 0614 0604 0622 0611 0601 0620 0608 0528 0616 0605 0623 0613 0602 0621 "  # 1920-1939
    "0610 0530 0618 0607 0625 0614 0604 0623 0611 0601 0619 0609 0528 0615 0605 0624 0613 0602 0621 0610 "  # 1940-1959
    "0529 0617 0606 0625 0614 0604 0623 0612 0531 0619 0608 0528 0615 0605 0624 0614 0602 0621 0610 0530 "  # 1960-1979
    "0617 0606 0625 0615 0604 0622 0611 0531 0618 0608 0528 0616 0605 0624 0613 0602 0620 0609 0530 0618 "  # 1980-1999
    "0606 0625 0615 0604 0622 0611 0531 0619 0608 0528 0616 0606 0623 0612 0602 0620 0609 0530 0618 0607 "  # 2000-2019
    "0625 0614 0603 0622 0610 0531 0619 0609 0528 0616 0605 0624 0612 0601 0620 0610 0530 0618 0607 0527 "  # 2020-2039
    "0614 0603 0622 0611 0531 0619 0608 0529 0615 0604 0623 0613 0601 0620 0610 0530 0617 0606 0625 0614 "  # 2040-2059
    "0603 0622 0611 0601 0619 0608 0528 0616 0604 0623 0613 0602 0620 0610 0530 0617 0606 0624 0614 0604 "  # 2060-2079
    "0622 0611 0601 0619 0607 0527 0615 0605 0623 0613 0602 0621 0609 0529 0617 0606 0624 0614 0604 0623"  # 2080-2099
).split()
_MID_AUTUMN = (
    "0908 0927 0916 1005 0924 0913 1002 0922 0910 0928 0918 1006 0925 0915 1004 0923 0912 0930 0919 1008 "  # 1900-1919
    "0926 0916 1005 0925 0913 1002 0921 0910 0928 0917 1006 0926 0915 1004 0923 0912 0930 0919 1008 0927 "  # 1920-1939
    "0916 1005 0924 0914 1001 0920 0910 0929 0917 1006 0926 0915 1003 0922 0911 0930 0919 0908 0927 0917 "  # 1940-1959
    "1005 0924 0913 1002 0920 0910 0929 0918 1006 0926 0915 1003 0922 0911 0930 0920 0908 0927 0916 1005 "  # 1960-1979
    "0923 0912 1001 0921 0910 0929 0918 1007 0925 0914 1003 0922 0911 0930 0920 0909 0927 0916 1005 0924 "  # 1980-1999
    "0912 1001 0921 0911 0928 0918 1006 0925 0914 1003 0922 0912 0930 0919 0908 0927 0915 1004 0924 0913 "  # 2000-2019
    "1001 0921 0910 0929 0917 1006 0925 0915 1003 0922 0912 1001 0919 0908 0927 0916 1004 0924 0913 1002 "  # 2020-2039
    "0920 0910 0928 0917 1005 0925 0915 1004 0922 0911 0930 0919 0907 0926 0916 1005 0924 0913 1002 0921 "  # 2040-2059
    "0909 0928 0917 1006 0925 0915 1003 0923 0911 0929 0919 0908 0926 0916 1005 0924 0912 1001 0920 0910 "  # 2060-2079
    "0928 0917 1006 0926 0914 1003 0922 0911 0929 0918 0908 0927 0916 1005 0924 0913 0930 0920 0909 0929"  # 2080-2099
).split()


# the length of the last lunar month before each 春节 (腊月, or its leap month), 1901-2099: "9" 29 days, "0" 30;
# generated once with the `lunardate` package (spot-checked: 腊月二十七 2026 = 2026-02-14, 腊月初一 2026-01-19)
_LAST_MONTH_DAYS = (
    "0900900900900009990000009090009900099900990900000090090009099099099009000000099900000099900009009909909009"
    "000009900900000900999990990000009990000000999000090999999090090000099099000009009099999909000"
)


def _lunar_day(month: str, day: int, year: int) -> date | None:
    """Day `day` of 正月 (the first lunar month) or 腊月 (the last, before 春节) of the lunar year starting in `year`
    (腊月 of the one ending in `year`)."""
    first = spring_festival(year)
    if first is None or not 1 <= day <= 30:
        return None
    if month == "正月":
        return first + timedelta(days=day - 1) if day <= 29 else None
    if year - 1901 not in range(len(_LAST_MONTH_DAYS)):
        return None
    length = 29 if _LAST_MONTH_DAYS[year - 1901] == "9" else 30
    return first - timedelta(days=length - day + 1) if day <= length else None


def _table_day(table: list[str], year: int) -> date | None:
    if year not in SPRING_FESTIVAL_YEARS:
        return None
    mmdd = table[year - 1900]
    return date(year, int(mmdd[:2]), int(mmdd[2:]))


def spring_festival(year: int) -> date | None:
    """The date of the Spring Festival (lunar new year) of `year`, or None outside 1900-2099."""
    return _table_day(_SPRING_FESTIVAL, year)


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7  # noqa: E741 (the computus's own letters)
    m = (a + 11 * h + 22 * l) // 451
    n = h + l - 7 * m + 114
    return date(year, n // 31, n % 31 + 1)


def _thanksgiving(year: int) -> date:
    """The fourth Thursday of November (the United States')."""
    first = date(year, 11, 1)
    return first + timedelta(days=(3 - first.weekday()) % 7 + 21)


def _qingming(year: int) -> date | None:
    """清明, the solar term on 4, 5 or 6 April: the usual rule of the solar terms (the year's last two digits times
    0.2422 plus the century's constant, less the leap days), for 1901-2099 (1996-04-04, 2019-04-05, 2026-04-05)."""
    if not 1901 <= year <= 2099:
        return None
    y = year % 100
    return date(year, 4, int(y * 0.2422 + (4.81 if year >= 2000 else 5.59)) - y // 4)


def _fixed(month: int, day: int) -> Callable[[int], date | None]:
    return lambda year: date(year, month, day)


def _after_festival(days: int) -> Callable[[int], date | None]:
    return lambda year: (sf + timedelta(days=days)) if (sf := spring_festival(year)) else None


@dataclass(frozen=True)
class Festival:
    """A day people date things by: its words in both languages and its date in a given year."""

    key: str
    zh: tuple[str, ...]
    en: tuple[str, ...]
    on: Callable[[int], date | None]
    # at the turn of the lunar year: "今年过年" said after this year's, in a clause not told as done, is the coming one
    # (the year being lived is the lunar one until then)
    year_turn: bool = False


FESTIVALS: tuple[Festival, ...] = (
    Festival(
        key="spring_festival",
        zh=("春节", "农历新年", "大年初一", "过年"),
        en=("chinese new year", "lunar new year"),
        on=spring_festival,
        year_turn=True,
    ),
    Festival(
        key="new_years_eve_lunar", zh=("除夕", "大年三十", "年三十"), en=(), on=_after_festival(-1), year_turn=True
    ),
    Festival(key="lantern", zh=("元宵节", "元宵"), en=("lantern festival",), on=_after_festival(14), year_turn=True),
    Festival(key="qingming", zh=("清明节", "清明"), en=("qingming", "tomb-sweeping day"), on=_qingming),
    Festival(
        key="dragon_boat", zh=("端午节", "端午"), en=("dragon boat festival",), on=lambda y: _table_day(_DRAGON_BOAT, y)
    ),
    Festival(
        key="mid_autumn",
        zh=("中秋节", "中秋"),
        en=("mid-autumn festival", "mid autumn festival", "moon festival"),
        on=lambda y: _table_day(_MID_AUTUMN, y),
    ),
    Festival(key="national_day", zh=("国庆节", "国庆"), en=(), on=_fixed(10, 1)),
    Festival(key="labour_day", zh=("劳动节", "五一"), en=(), on=_fixed(5, 1)),
    Festival(key="new_years_day", zh=("元旦",), en=("new year's day", "new years day"), on=_fixed(1, 1)),
    Festival(key="new_years_eve", zh=("跨年夜",), en=("new year's eve", "new years eve", "nye"), on=_fixed(12, 31)),
    Festival(
        key="valentine", zh=("情人节",), en=("valentine's day", "valentines day", "valentine's"), on=_fixed(2, 14)
    ),
    Festival(key="christmas_eve", zh=("平安夜",), en=("christmas eve",), on=_fixed(12, 24)),
    Festival(key="christmas", zh=("圣诞节", "圣诞"), en=("christmas day", "christmas", "xmas"), on=_fixed(12, 25)),
    Festival(key="halloween", zh=("万圣节",), en=("halloween",), on=_fixed(10, 31)),
    Festival(key="thanksgiving", zh=("感恩节",), en=("thanksgiving",), on=_thanksgiving),
    Festival(key="easter", zh=("复活节",), en=("easter",), on=_easter),
)
_FESTIVAL_BY_WORD = {w: f for f in FESTIVALS for w in (*f.zh, *f.en)}
_FESTIVAL_ZH = "|".join(sorted((w for f in FESTIVALS for w in f.zh), key=len, reverse=True))
_FESTIVAL_EN = "|".join(re.escape(w) for w in sorted((w for f in FESTIVALS for w in f.en), key=len, reverse=True))
_FESTIVAL_WINDOW = timedelta(days=30)  # "after the Spring Festival": the weeks that follow it, never its exact day


class Role(StrEnum):
    """What a time says of the statement it is in."""

    POINT = "point"  # when it happened, or will: the interval said
    RANGE = "range"  # said as a range ("2015年到2018年", "from 2016 to 2019"): it ended then
    ONGOING = "ongoing"  # a duration said as still true ("搬到杭州三年了", "since 2017"): from then through the mention
    ANCHORED = "anchored"  # relative to a life event (疫情后不久): resolved once the timeline knows the event


@dataclass(frozen=True)
class TimeMention:
    """A time said, as an interval of whole days [start, end] (either end may be open: None).

    An event-anchored time (疫情后不久, "after my son was born") names its `anchor` and `relation` and stays unresolved
    (no start, no end) until `resolve_anchored` is given the date of that event. `relative`: the words were resolved
    against the mention ("去年", "yesterday", "三年了") and would be false in a sentence read later; "2021年" is not."""

    expression: str
    span: tuple[int, int]
    start: date | None
    end: date | None
    precision: TimePrecision
    confidence: float
    anchor: str | None = None
    relation: str | None = None  # "after" or "before", with how far: "after:soon", "before:months", "after"
    closed_range: bool = False  # said as a range ("2015年到2018年", "from 2016 to 2019"): it ended then
    ongoing: bool = False  # said as still true at the mention ("搬到杭州三年了"): it holds from start through end
    relative: bool = False
    form: str = ""

    @property
    def start_iso(self) -> str | None:
        return self.start.isoformat() if self.start else None

    @property
    def end_iso(self) -> str | None:
        return self.end.isoformat() if self.end else None

    @property
    def resolved(self) -> bool:
        return self.start is not None or self.end is not None


@dataclass(frozen=True)
class Resolved:
    """What a form's resolver returns: the interval, and a precision or confidence where it differs from the form's
    ("a few months ago" is rough where "two months ago" is a month)."""

    start: date
    end: date
    precision: TimePrecision | None = None
    confidence: float | None = None


class Said:
    """What a resolver may read besides its match: the day of the mention (reading it marks the words relative) and
    the sentence (its tense decides which Christmas "Christmas" is)."""

    def __init__(self, text: str, anchor: date | None, clause: str | None = None) -> None:
        self.text = text
        self.clause = clause if clause is not None else text  # the clause the time stands in
        self._anchor = anchor
        self.used_anchor = False

    @property
    def day(self) -> date:
        assert self._anchor is not None  # a relative form is never resolved without its mention
        self.used_anchor = True
        return self._anchor

    @property
    def has_day(self) -> bool:
        return self._anchor is not None

    def nearest(self, on: Callable[[int], date | None], scheduled: bool = False, one_day: bool = False) -> date | None:
        """A yearly day said without its year: the next one for a plan, the last one for a past event, else the one
        nearest the mention ("中秋节我们去了苏州" in March is last September's; "除夕在奶奶家吃年夜饭" in January is
        this month's). `scheduled`: a day to the day ("2 Feb", "3月14日") said in the present is the next one, as a
        timetable is ("I fly to Perth on 2 Feb", "预产期是3月14日"); a month or a festival said so is still the
        nearest ("八月份天气很热"). `one_day`: a festival, one day a year; said in the past a few days before it, it
        is still the coming one ("国庆本来买好了回昆明的票" on 09-18: the ticket is for this 国庆, not last year's)."""
        day = self.day
        days = [d for y in (day.year - 1, day.year, day.year + 1) if (d := on(y)) is not None]
        if not days:
            return None
        return _by_tense(days, day, self._yearly_tense(), scheduled, one_day)

    def _yearly_tense(self) -> Tense:
        # the tense of the clause the day stands in ("跟CPO说了yes，一月开始带团队": 一月 is the coming one, though 说了
        # is past); a day said alone before a comma takes the sentence's ("中秋节，我们去了苏州")
        tense = reported_tense(self.clause)
        if tense in (Tense.UNMARKED, Tense.NONE) and _SET_AT.search(self.clause):
            return Tense.COMING  # "驾考定在6月20号" said in December: the coming one, unless it just fell
        if tense is Tense.PAST and _ARRANGED.search(self.clause):
            # "booked YYZ to MNL for dec 18" said in November, "booked Kochi for aug 25 to 30" said in December,
            # 订好了四月去昆明的机票, 考试约在了一月八号: what is booked or set lies ahead, unless it fell in the last
            # few days (a narration)
            tense = Tense.COMING
        return tense

    def nearest_span(
        self, first: Callable[[int], date], last: Callable[[int], date], middle: Callable[[int], date]
    ) -> int | None:
        """The year of a span said without it (a month, a part of one: "五月", "mid-October"): in a past clause the
        latest that has begun (so the month one is in, said done, is this one: "我五月去青岛上班了" said on 05-01);
        in a clause of what is ahead the first that has not ended ("I'm moving to Leeds in november" said on 11-03:
        this November); else the one whose middle is nearest."""
        day = self.day
        tense = self._yearly_tense()
        years = (day.year - 1, day.year, day.year + 1)
        if tense is Tense.PAST:
            return next((y for y in reversed(years) if first(y) <= day), None)
        if tense in (Tense.AHEAD, Tense.COMING):
            return next((y for y in years if last(y) >= day), None)
        found = self.nearest(middle)
        return found.year if found else None

    def tense(self) -> Tense:
        """The clause's tense, else the sentence's ("Had a fever on Monday but I'm fine now": the clause's). A Chinese
        clause without an aspect word takes its sentence's, as narration marks it once ("周六一早去医院看奶奶，陪她做
        了个CT": done); else it stays unmarked ("周五去面试，有点紧张")."""
        own = clause_tense(self.clause)
        if own not in (Tense.NONE, Tense.UNMARKED):
            return own
        sentence = clause_tense(lending(self.text, self.clause)) if self.clause != self.text else own
        if own is Tense.UNMARKED:
            return sentence if sentence in (Tense.PAST, Tense.AHEAD) else Tense.UNMARKED
        return sentence


# a clause that reports or arranges what another clause says ("我17号飞回来，已经跟领导说了", "机票已经订好了", "told my
# boss already"): its past is of the telling or the booking, not of the act it tells of
_REPORTING = re.compile(
    r"(?:跟|和|给|向|同)[^，。,;；]{0,8}?(?:说|讲|提|报备|请假|打(?:了|过|好)?招呼)|告诉|通知|请(?:好|了)假"
    r"|(?:订|买|约|定|说|讲|安排|请|商量|谈)好了"
    r"|(?i:\b(?:told|informed|asked|let (?:\w+ ){1,2}know|booked|reserved|applied for leave|took leave)\b)"
    # and one of having had it wrong ("搞错了，面试是二十三号", "I misread it"): its past is of the erring
    r"|(?:听|记|写|说|搞|弄|看|算|讲|呾)(?:岔|错|反|混)了|(?i:\bmis(?:read|heard|typed|remembered)\b|\bgot it wrong\b)"
)
_CLAUSE_CUT = re.compile(r"[，。,;；！？!?\n]")


def lending(text: str, clause: str) -> str:
    """The sentence's words that may lend their tense to `clause`, which has none of its own: the other clauses,
    without those that report or arrange (above). What is left when nothing may lend: `clause` itself."""
    if clause not in text:
        return text
    parts = [p for p in _CLAUSE_CUT.split(text) if p.strip() and p != clause]
    kept = [p for p in parts if not _REPORTING.search(p)]
    return "，".join([clause, *kept]) if kept else clause


Resolver = Callable[[re.Match[str], Said], Resolved | None]


@dataclass(frozen=True)
class TimeForm:
    """One way people say a time: its pattern, the precision it gives, its resolver, its language, its role."""

    name: str
    language: Language | None  # None: digits, read in either language ("2023-05-04")
    pattern: re.Pattern[str]
    precision: TimePrecision
    confidence: float
    resolve: Resolver
    needs: tuple[str, ...] = ()  # words without which the pattern cannot match (lowercase); (): a digit
    relative: bool = False  # resolved against the mention day: nothing without one
    role: Role = Role.POINT
    expression_group: str | None = None  # the group that is the expression, where the pattern reads context too


# --- small helpers -------------------------------------------------------------------------------------------------

_WEEKDAY_OR_MONTH = "|".join(("monday|tuesday|wednesday|thursday|friday|saturday|sunday", _MONTH_EN))
# a plan or a past event, for the days said without their year or week ("Christmas", "on Monday", "八月份")
_FUTURE = re.compile(
    r"(?i)\b(?:will|going to|gonna|plan(?:ning)? to|planning|planned for|hope to|want to|can't wait|looking forward|"
    r"next|upcoming|coming up|decided to|decide to)\b|'ll\b"
    # what someone wants or asks of the person is ahead: "dey want me to start from feb", "asked me to start on the 5th"
    r"|\b(?:want(?:s|ed)?|need(?:s|ed)?|ask(?:s|ed)?|expect(?:s|ed)?)\s+(?:me|us)\s+to\b"
    # a day booked: "my knee replacement is scheduled for march 14th", "the cruise is booked for June"
    r"|\b(?:is|are|'s|'re|got|now)\s+(?:(?:all|finally|now)\s+)?(?:scheduled|booked|set|planned|slated)\s+(?:for|on|in)\b"
    r"|打算|准备|计划|将要|(?<![需重主只])要|想去|得把|快到了|就要|决定"
    r"|预(?:产期|计|定|订|约)"  # a day booked or expected: 预产期是3月14日, 预约了周五的牙医
    # a day moved to: it lies ahead, whatever the tense of the moving (搬家推到10月3号了, "the launch was pushed back
    # to 2 March", "rescheduled for Dec 3"); the English verb only right before its day ("we moved to Austin" is not)
    r"|(?:推迟|推后|延期|延后|顺延|提前|推|改|延|挪)到"
    # (what was moved may stand between: "i changed my return to jan 3", "we pushed the closing back to the 9th")
    # (and the bare verb, as a creole or a second language says it: "mammy surgery push back to de 22nd of sept")
    rf"|\b(?:push(?:ed)?|mov(?:e|ed)|postponed?|delay(?:ed)?|rescheduled?|bump(?:ed)?|put off|"
    rf"br(?:ought|ing) forward|change[d]?)"
    rf"(?: (?:back|up|out|it|them|(?:my|our|the|his|her|their) \w+(?: \w+)?(?: back| up| out)?))?"
    rf" (?:to|for|until|till) (?:(?:the|de|da) )?(?=\d|(?:{_WEEKDAY_OR_MONTH}|next)\b)"
)
# the present progressive with a day said: "we're flying to Tokyo in early December", "I'm running it on December 6"
# (a plan unless a past verb says otherwise: "On Monday I told my boss I'm leaving")
# a change one undergoes, said with its participle: "getting married" (the participle is no past)
_GETTING = r"\bgetting (?:married|engaged|divorced|promoted|transferred)\b"
_PROGRESSIVE = re.compile(
    r"(?i)\b(?:i'm|i am|we're|we are|he's|she's|they're|(?:and|&) i are|i are) (?:\w+ )?\w{2,}ing\b"
    # someone named or kin: "my brother is getting married in Cebu in feb" (married: a participle, no past)
    rf"|\b(?:is|are) (?:\w+ )?{_GETTING}"
    # someone the writer names, in the progressive of what they will do: "my ex Sherry is remarrying in the spring",
    # "Kayla and Marco are coming up for christmas" (not a state in -ing: "my job is amazing")
    r"|\b(?:my (?:\w+ ){1,2}|(?-i:[A-Z][a-z]+) )(?:is|are) (?:\w+ )?(?!(?:amazing|interesting|exciting|boring|"
    r"annoying|relaxing|confusing|frustrating|exhausting|depressing|stunning|charming|nothing|something|everything|"
    r"during|being|having)\b)\w{2,}ing\b"
)  # "Carol and I are finally doing the Alaska cruise in June"


# a day arranged in the past: the booking is done, the day booked is the nearest one ("booked YYZ to MNL for dec 18"
# said on 15 Nov is this December's, "I reserved a table for the 3rd", 订了一月二十六号的高铁)
_ARRANGING = r"(?:booked|reserved|scheduled|ordered|registered|signed up|arranged|bought (?:the |a |our |my )?tickets?)"
_ARRANGED = re.compile(
    rf"(?i)\b{_ARRANGING}\b[^.;!?]{{0,40}}?\b(?:for|on)\b|(?:[订约定]|买)好?了[^，。]{{0,10}}?(?:的|号|日)"
    # a thing set at a day, its 了 of the setting: 考试约在了一月八号, 婚礼定在了二月十八, 复查排在了下个月
    r"|(?:[订约定排]|安排)在了"
)


# a thing set at a day, in Chinese: 定在, 约在, 安排在, 排在, 定于
_SET_AT = re.compile(r"(?:[定约排订]|安排)(?:在|于)")


def _ahead(text: str) -> bool:
    if _FUTURE.search(text):
        return True
    return bool(_PROGRESSIVE.search(text)) and not _PAST.search(re.sub(_GETTING, "", text, flags=re.IGNORECASE))


# a verb in the simple past: "-ed" (not "need", "speed"), the irregular pasts people use of their days, 了 / 过, or
# a Chinese 是…的 / V的O that dates what is done ("我们6月20号在怡保结的婚")
_PAST = re.compile(
    r"(?i)\b(?:was|were|had|did|went|got|spent|came|saw|met|took|made|ran|left|found|bought|gave|told|"
    r"broke|flew|fell|ate|won|lost|paid|sent|felt|wrote|drove|sold|heard|thought|caught|began|swam|sang|brought|"
    r"kept|slept|woke|wore|threw|rode|forgot|chose|drank|sat|stood|became|held|said|taught|fought|built|grew|knew|"
    r"drew|spoke|rang|struck|dug|fed|fled|led|lent|meant|dealt|stole|froze|hid|shook|bit|gotten|"
    # the same in the present and the past, read as past after a subject ("I quit my job on the 8th")
    r"(?<=i )(?:quit|cut|hit|put|shut|hurt)|(?<=we )(?:quit|cut|hit|put|shut)|"
    r"\w{2,}(?<!e)ed)\b|了|过(?!年|节)|已经|刚刚|是[^，。,]{1,30}的|[\u4e00-\u9fff]的[\u4e00-\u9fff]?\s*[。！!]?$"
)
# a verb in the present, of a day still ahead ("we move back on Sunday", "contractor starts 2 Nov", "the baby is
# due", "the movers come on Saturday"): a subject pronoun and its verb, a present "be" / "have", a third-person "-s"
# verb right before a day or its preposition, or a plural subject and its verb
_PRESENT_EN = re.compile(
    r"(?i)\b(?:i|we|you|they)\s+(?:(?:also|just|all|both|only|finally|probably)\s+)?"
    r"(?!was\b|were\b|had\b|did\b|could\b|would\b|should\b|might\b|used\b)[a-z]+\b"
    r"|\b(?:is|are|am|has|have|does)\b|'(?:s|re|m)\b"
    rf"|\b[a-z]{{2,}}(?<![su]s)(?<!ss)s\s+(?:(?:on|at|by|until|till|from|in|this|next)\s+)?(?:the\s+\d|\d|(?:{_WEEKDAY_OR_MONTH})\b)"
    r"|\b(?:the|my|our|his|her|their)\s+[a-z]+s\s+(?!was\b|were\b|had\b)[a-z]+\b"
)
_CJK = re.compile(r"[\u4e00-\u9fff]")


class Tense(StrEnum):
    """What the verb of the clause a day stands in says of that day: which Sunday "Sunday" is."""

    AHEAD = "ahead"  # a plan or a future: "I'll", "going to", 打算, 要, "I'm flying out on Friday"
    PAST = "past"  # done: "we moved on Sunday", 周二面试了, "mum had the surgery on the 8th"
    PRESENT = "present"  # a present verb of a day said: a timetable, "we move back on Sunday", "starts 2 Nov"
    # a Chinese clause without 了 / 过 / 要 (周日搬回榜鹅): its sentence's; else a weekday is the coming one, a date
    # the nearest ("我8月2号飞回杭州" said on the 20th is the trip just made; Chinese says no tense)
    UNMARKED = "unmarked"
    NONE = "none"  # no verb to read ("Sunday!", "on the 8th")
    # the coming one, unless it fell in the last few days (a trip just made, told after it): a day arranged with a
    # past verb ("booked ... for", 订好了…的票), a bare day of the month in an unmarked Chinese clause (我23号去上海)
    COMING = "coming"


def clause_tense(text: str) -> Tense:
    """The tense a clause's verb says, in either language: a future or progressive marker, else a past one, else a
    present verb (English: a subject and its verb, "is", a "-s" verb before the day; Chinese: any clause without 了 /
    过 / 已经, which says what is done, is read as what is scheduled), else none."""
    if _ahead(text):
        return Tense.AHEAD
    if _PAST.search(text):
        return Tense.PAST
    if _PRESENT_EN.search(text):
        return Tense.PRESENT
    return Tense.UNMARKED if len(_CJK.findall(text)) >= 2 else Tense.NONE


# a verb of telling and what it tells, in one English clause: "the doctor said the due date is 2nd of june", "mr
# baptiste say dey want me to start from feb"
_TOLD = re.compile(r"(?i)\b(?:said|says|say|told (?:me|us|him|her|them)|tells? (?:me|us)|reckons?)\b(?:\s+that)?\s+")


def reported_tense(clause: str) -> Tense:
    """A clause's tense, where what is told has one of its own the tense of the telling: the due date "is" the 2nd of
    June though the doctor "said" so (a past telling of what lies ahead)."""
    told = None
    for told in _TOLD.finditer(clause):
        pass
    if told is not None:
        own = clause_tense(clause[told.end() :])
        if own in (Tense.AHEAD, Tense.PAST, Tense.PRESENT):
            return own
    return clause_tense(clause)


# a past verb of a day to the day: the coming one when the last is almost a year back and the coming within a month
_YEAR_BACK, _DAYS_AHEAD = 300, 31
# a day that fell this many days back is the one told of, when the verb points ahead or says nothing (a diary's
# "3号去医院复查" written on the 5th)
_JUST_PAST = 7


def _by_tense(days: list[date], day: date, tense: Tense, scheduled: bool, one_day: bool = False) -> date | None:
    """Of the candidate `days` (ascending), the one the tense points at from the mention `day`."""
    if tense is Tense.AHEAD or (scheduled and tense is Tense.PRESENT):
        return next((d for d in days if d >= day), None)
    if tense is Tense.COMING:
        last = next((d for d in reversed(days) if d <= day), None)
        coming = next((d for d in days if d > day), None)
        return last if coming is None or (last is not None and (day - last).days <= _JUST_PAST) else coming
    if tense is Tense.PAST:
        last = next((d for d in reversed(days) if d <= day), None)
        coming = next((d for d in days if d > day), None)
        # a day to the day said a few days before it is that one, whatever the verb ("已经约好了12月5号去复查" on 11-30,
        # "I booked the flights for Oct 1"), not the one almost a year back
        # (and so is a festival, one day a year: "国庆本来买好了回昆明的票" on 09-18)
        soon = coming is not None and (coming - day).days <= _DAYS_AHEAD
        if (scheduled or one_day) and last and soon and (day - last).days > _YEAR_BACK:
            return coming
        return last
    return min(days, key=lambda d: abs((d - day).days))


def _month_interval(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def _month(year: int, month: int, precision: TimePrecision | None = None) -> Resolved | None:
    if not 1 <= month <= 12:
        return None
    return Resolved(*_month_interval(year, month), precision=precision)


def _year(year: int) -> Resolved | None:
    return Resolved(date(year, 1, 1), date(year, 12, 31)) if 1900 <= year <= 2200 else None


def _day(d: date | None) -> Resolved | None:
    return Resolved(d, d) if d else None


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
    if text[:1] in ("廿", "卅"):  # 廿 is twenty, 卅 thirty: 廿三 = 23, 廿 alone = 20
        rest = _cn_number(text[1:]) if len(text) > 1 else 0
        return None if rest is None or rest > 9 else (20 if text[0] == "廿" else 30) + rest
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_CN_DIGITS.get(tens, 1) if tens else 1) * 10 + (_CN_DIGITS.get(ones, 0) if ones else 0)
    if text and all(ch in _CN_DIGITS for ch in text):
        return int("".join(str(_CN_DIGITS[ch]) for ch in text))
    return None


def _cn_year(text: str) -> int:
    return int("".join(str(_CN_DIGITS[ch]) for ch in text))


def _shift_months(day: date, months: int) -> tuple[int, int]:
    index = day.year * 12 + (day.month - 1) + months
    return index // 12, index % 12 + 1


_NUM = r"(\d{1,2}|[一二三四五六七八九十两廿卅]{1,3})"  # (廿 20, 卅 30: "三月廿号", "廿三号", as the south writes them)
# a clock time said after a day or a part of it ("今天下午三点", "明天晚上8点半", "9月2号晚上7:30"): part of the same
# expression (the day is resolved, the hour is said), so no "三点" is left behind in the content
_CLOCK = (
    r"(?:(?:\d{1,2}|[零一二两三四五六七八九十]{1,3})"
    r"(?:[点時时](?:半|一刻|三刻|(?:\d{1,2}|[零一二三四五六七八九十]{1,3})分?)?|[:：]\d{2}))?"
)
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_EN = "|".join(_WEEKDAYS_EN)
_WEEKDAY_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_EN_NUM = (
    r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|a couple of|a couple|few|several)"
)
_REL_YEAR_WORDS = {"大前年": -3, "前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}
_REL_YEAR = r"(大前年|去年|今年|前年|明年|后年)"
_SEASON_ZH = r"(春天|夏天|秋天|冬天|春季|夏季|秋季|冬季)"
_YEAR_PART_ZH = r"(年初|年中|年底|年末|上半年|下半年)"
_RANGE_TO = r"\s*(?:到|至|-|~|～|—|–)\s*"
_ZH_YM = r"(\d{4})\s*年\s*(\d{1,2})\s*月(?:份)?"
_EN_NUMBERS = {
    "a": 1,
    "an": 1,
    "a couple of": 2,
    "a couple": 2,
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
    "eleven": 11,
    "twelve": 12,
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
_MONTH_PARTS = {
    "初": (1, 10),
    "上旬": (1, 10),
    "中": (11, 20),
    "中旬": (11, 20),
    "底": (21, 31),
    "末": (21, 31),
    "下旬": (21, 31),
    "early": (1, 10),
    "beginning of": (1, 10),
    "start of": (1, 10),
    "mid": (11, 20),
    "middle of": (11, 20),
    "late": (21, 31),
    "end of": (21, 31),
}
_SEASON_START = {"春": 3, "spring": 3, "夏": 6, "summer": 6, "秋": 9, "fall": 9, "autumn": 9, "冬": 12, "winter": 12}
_UNIT = {
    "天": "day",
    "day": "day",
    "个星期": "week",
    "星期": "week",
    "周": "week",
    "个礼拜": "week",
    "week": "week",
    "个月": "month",
    "月": "month",
    "month": "month",
}
_DAY_OFFSETS = {
    **dict.fromkeys(("今天", "今早", "今晚", "今夜", "today", "tonight"), 0),
    **dict.fromkeys(("this morning", "this afternoon", "this evening"), 0),
    **dict.fromkeys(("昨天", "昨晚", "昨夜", "yesterday", "last night"), -1),
    **dict.fromkeys(("明天", "明早", "明晚", "tomorrow"), 1),
    **dict.fromkeys(("前天", "the day before yesterday"), -2),
    **dict.fromkeys(("后天", "the day after tomorrow"), 2),
    "大前天": -3,
    "大后天": 3,
}


def _part_of_year(year: int, part: str) -> Resolved | None:
    months = _YEAR_PARTS.get(part)
    if months is None:  # 左右, 前后: a year either side
        return Resolved(date(year - 1, 1, 1), date(year + 1, 12, 31), confidence=0.6)
    return Resolved(_month_interval(year, months[0])[0], _month_interval(year, months[1])[1])


def _part_of_month(year: int, month: int, part: str) -> Resolved | None:
    if not 1 <= month <= 12:
        return None
    last = _month_interval(year, month)[1].day
    first, final = _MONTH_PARTS.get(part, (1, last))
    return Resolved(date(year, month, first), date(year, month, min(final, last)))


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


def _digit_pair(word: str) -> tuple[int, int] | None:
    """两三, 五六: two neighbouring numbers said together mean "one or the other"."""
    if len(word) == 2 and all(ch in _CN_DIGITS for ch in word):
        a, b = _CN_DIGITS[word[0]], _CN_DIGITS[word[1]]
        if b == a + 1 and a > 0:
            return a, b
    return None


def _amount(word: str) -> int | None:
    """An English or Chinese count ("two", "a", "3", "三"); None for a vague one ("a few", "several", 几)."""
    word = word.lower()
    if word in _EN_NUMBERS:
        return _EN_NUMBERS[word]
    if word.isdigit():
        return int(word)
    return _cn_number(word)


def _shifted(anchor: date, amount: int | None, unit: str, sign: int = -1) -> Resolved | None:
    """`amount` units before (sign -1) or after (+1) `anchor`, as precise as the unit: a day, a week either side, a
    month, a year. A vague amount ("a few months ago") is an honest range of 2 to 5 units."""
    unit = _UNIT.get(unit, "year")
    if amount is None:
        far, near = _shifted(anchor, 5, unit, sign), _shifted(anchor, 2, unit, sign)
        if not far or not near:
            return None
        low, high = (far, near) if sign < 0 else (near, far)
        return Resolved(low.start, high.end, ROUGH, 0.5)
    if unit == "day":
        d = anchor + timedelta(days=sign * amount)
        return Resolved(d, d, DAY, 0.8)
    if unit == "week":
        d = anchor + timedelta(weeks=sign * amount)
        return Resolved(d - timedelta(days=3), d + timedelta(days=3), ROUGH, 0.6)
    if unit == "month":
        return _month(*_shifted_month(anchor, sign * amount), precision=MONTH)
    year = anchor.year + sign * amount
    return Resolved(date(year, 1, 1), date(year, 12, 31), YEAR, 0.7)


def _shifted_month(anchor: date, months: int) -> tuple[int, int]:
    return _shift_months(anchor, months)


def _ago(word: str, unit: str, said: Said, sign: int = -1) -> Resolved | None:
    pair = _digit_pair(word)
    if pair:  # 五六年前: five or six years before, not fifty-six
        far, near = _shifted(said.day, pair[1], unit, sign), _shifted(said.day, pair[0], unit, sign)
        if not far or not near:
            return None
        low, high = (far, near) if sign < 0 else (near, far)
        return Resolved(low.start, high.end, ROUGH, 0.6)
    return _shifted(said.day, None if word == "几" else _amount(word), unit.lower(), sign)


def _held(word: str, unit: str, said: Said) -> Resolved | None:
    """搬到杭州三年了, "for two years": from about that long before the mention through the mention."""
    began = _ago(word, unit, said)
    return Resolved(began.start, said.day, began.precision, began.confidence) if began else None


def _monday(anchor: date, weeks: int = 0) -> date:
    return anchor - timedelta(days=anchor.weekday()) + timedelta(weeks=weeks)


def _week(said: Said, weeks: int) -> Resolved:
    monday = _monday(said.day, weeks)
    return Resolved(monday, monday + timedelta(days=6))


def _weekend(said: Said, weeks: int) -> Resolved:
    saturday = _monday(said.day, weeks) + timedelta(days=5)
    return Resolved(saturday, saturday + timedelta(days=1))


def _past_or_next_weekday(said: Said, target: int, step: int, today: bool = False) -> date:
    d = said.day + timedelta(days=step if not today else 0)
    while d.weekday() != target:
        d += timedelta(days=step)
    return d


def _two_digit_year(yy: int, said: Said) -> int:
    """'92 is 1992; '19 is 2019 when that is not after the mention (else 1919)."""
    limit = said.day.year % 100 if said.has_day else 30
    return 2000 + yy if yy <= limit else 1900 + yy


def _decade(first_year: int) -> Resolved | None:
    if not 1900 <= first_year <= 2190:
        return None
    return Resolved(date(first_year, 1, 1), date(first_year + 9, 12, 31))


def _festival_day(
    festival: Festival, year_word: str | None, rel: str | None, which: str | None, said: Said
) -> date | None:
    if year_word:
        return festival.on(int(year_word))
    if not said.has_day:
        return None
    if rel:
        day = festival.on(said.day.year + _REL_YEAR_WORDS[rel])
        if rel == "今年" and festival.year_turn and day is not None and day < said.day:
            # "今年过年打算去三亚" said in December, "今年过年不回老家" said in November: the coming 春节, which a
            # plan means, and which a clause not told as done means once it is nearer than the one past (its own
            # clause's tense: "商量好了，今年过年不回老家" tells of the deciding, done, not of the festival)
            coming, tense = festival.on(said.day.year + 1), clause_tense(said.clause)
            nearer = coming is not None and (coming - said.day) < (said.day - day)
            if coming is not None and (tense is Tense.AHEAD or (nearer and tense is not Tense.PAST)):
                return coming
        return day
    which = (which or "").lower()
    if which == "last":
        return next((d for y in (said.day.year, said.day.year - 1) if (d := festival.on(y)) and d < said.day), None)
    if which == "next":
        return next((d for y in (said.day.year, said.day.year + 1) if (d := festival.on(y)) and d > said.day), None)
    if which == "this":
        return festival.on(said.day.year)
    return said.nearest(festival.on, one_day=True)


def _around_festival(day: date | None, side: str | None) -> Resolved | None:
    if day is None:
        return None
    side = (side or "").lower()
    if side in ("前", "之前", "以前", "before"):
        return Resolved(day - _FESTIVAL_WINDOW, day - timedelta(days=1), ROUGH, 0.7)
    if side in ("后", "之后", "以后", "after"):
        return Resolved(day + timedelta(days=1), day + _FESTIVAL_WINDOW, ROUGH, 0.7)
    return Resolved(day, day)


def _en_month_day(month_word: str, day_word: str, said: Said) -> Resolved | None:
    if month_word == "may":  # "you may 2 ..." : the verb
        return None
    month, day = MONTHS_EN[month_word.lower()], int(day_word)
    return _day(said.nearest(lambda y: _safe_date(y, month, day), scheduled=True))


# --- the resolvers, one per form -------------------------------------------------------------------------------------


def _r_zh_range_ym(m: re.Match[str], said: Said) -> Resolved | None:
    first, last = (int(m[1]), int(m[2])), (int(m[3]), int(m[4]))
    if not (1 <= first[1] <= 12 and 1 <= last[1] <= 12) or first > last:
        return None
    return Resolved(_month_interval(*first)[0], _month_interval(*last)[1])


def _r_year_range(m: re.Match[str], said: Said) -> Resolved | None:
    first, last = int(m[1]), int(m[2])
    if first >= last:
        return None  # "2021-2019" is not a range; "1990-1990" is one year said oddly
    return Resolved(date(first, 1, 1), date(last, 12, 31))


def _r_zh_range_parts(m: re.Match[str], said: Said) -> Resolved | None:
    """2018年底到2019年初: from the first part's start to the second's end."""
    first, last = _part_of_year(int(m[1]), m[2] or "初"), _part_of_year(int(m[3]), m[4] or "底")
    if not first or not last or first.start > last.end:
        return None
    return Resolved(first.start, last.end)


# a festival as a habit or a kind of thing, not a day: "we usually watch movies during Thanksgiving", 每年春节,
# "favorite Thanksgiving traditions", "the Christmas magic"
_HABIT = re.compile(r"(?i)\b(?:usually|always|every|each|often|normally|typically)\b|每年|每次|一般|通常|往年")
_EN_DAY_PREP = re.compile(
    r"(?i)\b(?:at|on|over|for|during|since|until|by|around|before|after|till|spent|spend|celebrated|celebrate)\s+"
    r"(?:the\s+)?$"
)


def _day_range(first: tuple[int | None, int], last: tuple[int | None, int], said: Said) -> Resolved | None:
    """Days of a month said as a range without a year ("Oct 20-26", "3 to 9 August", 10月20日到26日, 11月28号到12月2号):
    the first day placed as that day said alone would be, the last one the next such day after it (within a season)."""
    (month, day), (last_month, last_day) = first, last
    month = month or last_month
    if not month:
        return None  # "3 to 9": no month said
    start = said.nearest(lambda y: _safe_date(y, month, day), scheduled=True)
    if start is None:
        return None
    end = _safe_date(start.year, last_month or month, last_day)
    if end is not None and end < start:
        end = _safe_date(start.year + 1, last_month or month, last_day)
    if end is None or not 0 < (end - start).days <= 92:
        return None  # "3-4月" is no range of days; "Oct 20-3" is no range said
    return Resolved(start, end)


def _r_zh_md_range(m: re.Match[str], said: Said) -> Resolved | None:
    month, day, last = _cn_number(m["m1"]), _cn_number(m["d1"]), _cn_number(m["d2"])
    if not (month and day and last):
        return None
    return _day_range((month, day), (_cn_number(m["m2"]) if m["m2"] else None, last), said)


def _r_en_md_range(m: re.Match[str], said: Said) -> Resolved | None:
    def month(word: str | None) -> int | None:
        return MONTHS_EN[word.lower()] if word else None

    if "may" in (m["m1"], m["m1b"], m["m2"], m["m2b"]):
        return None  # "you may 2-3 ...": the verb (the month is written May)
    first = (month(m["m1"] or m["m1b"]), int(m["d1"] or m["d1b"]))
    return _day_range(first, (month(m["m2"] or m["m2b"]), int(m["d2"] or m["d2b"])), said)


def _r_zh_festival(m: re.Match[str], said: Said) -> Resolved | None:
    if not (m["year"] or m["rel"]) and _HABIT.search(said.text):
        return None
    day = _festival_day(_FESTIVAL_BY_WORD[m["name"]], m["year"], m["rel"], None, said)
    return _around_festival(day, m["side"])


def _r_en_festival(m: re.Match[str], said: Said) -> Resolved | None:
    if not (m["year"] or m["which"] or m["side"]):
        said_before = m.string[max(0, m.start() - 12) : m.start()]
        if _HABIT.search(said.text) or not _EN_DAY_PREP.search(said_before):
            return None
    day = _festival_day(_FESTIVAL_BY_WORD[m["name"].lower()], m["year"], None, m["which"], said)
    return _around_festival(day, m["side"])


def _r_zh_ago_today(m: re.Match[str], said: Said) -> Resolved | None:
    years = _cn_number(m[1])
    return _day(_safe_date(said.day.year - years, said.day.month, said.day.day)) if years else None


def _r_en_ago_today(m: re.Match[str], said: Said) -> Resolved | None:
    years = _amount(m[1])
    return _day(_safe_date(said.day.year - years, said.day.month, said.day.day)) if years else None


def _r_ymd(m: re.Match[str], said: Said) -> Resolved | None:
    return _day(_safe_date(int(m[1]), int(m[2]), int(m[3])))


def _r_en_mdy(m: re.Match[str], said: Said) -> Resolved | None:
    return _day(_safe_date(int(m[3]), MONTHS_EN[m[1].lower()], int(m[2])))


def _r_en_dmy(m: re.Match[str], said: Said) -> Resolved | None:
    return _day(_safe_date(int(m[3]), MONTHS_EN[m[2].lower()], int(m[1])))


def _r_zh_ym_part(m: re.Match[str], said: Said) -> Resolved | None:
    return _part_of_month(int(m[1]), int(m[2]), m[3])


def _r_ym(m: re.Match[str], said: Said) -> Resolved | None:
    return _month(int(m[1]), int(m[2]))


def _r_zh_y_part(m: re.Match[str], said: Said) -> Resolved | None:
    return _part_of_year(int(m[1]), m[2])


def _r_en_y_part(m: re.Match[str], said: Said) -> Resolved | None:
    return _part_of_year(int(m[2]), m[1].lower())


def _r_en_y_about(m: re.Match[str], said: Said) -> Resolved | None:
    year = int(m[1])
    return Resolved(date(year - 1, 1, 1), date(year + 1, 12, 31))


def _r_zh_y_season(m: re.Match[str], said: Said) -> Resolved | None:
    return Resolved(*_season(int(m[1]), _SEASON_START[m[2][0]]))


def _r_en_y_season(m: re.Match[str], said: Said) -> Resolved | None:
    return Resolved(*_season(int(m[2]), _SEASON_START[m[1].lower()]))


def _r_zh_rel_y_part(m: re.Match[str], said: Said) -> Resolved | None:
    return _part_of_year(said.day.year + _REL_YEAR_WORDS[m[1]], m[2])


def _r_zh_bare_y_part(m: re.Match[str], said: Said) -> Resolved | None:
    return _part_of_year(said.day.year, m[1])  # "我们打算年底结婚": this year's


def _r_zh_rel_y_season(m: re.Match[str], said: Said) -> Resolved | None:
    return Resolved(*_season(said.day.year + _REL_YEAR_WORDS[m[1]], _SEASON_START[m[2][0]]))


def _r_zh_rel_ymd(m: re.Match[str], said: Said) -> Resolved | None:
    month, day = _cn_number(m[2]), _cn_number(m[3])
    return _day(_safe_date(said.day.year + _REL_YEAR_WORDS[m[1]], month, day)) if month and day else None


def _r_zh_rel_ym(m: re.Match[str], said: Said) -> Resolved | None:
    month = _cn_number(m[2])
    return _month(said.day.year + _REL_YEAR_WORDS[m[1]], month) if month else None


def _r_en_rel_season(m: re.Match[str], said: Said) -> Resolved | None:
    return Resolved(*_relative_season(m[1].lower(), _SEASON_START[m[2].lower()], said.day))


def _r_en_bare_season(m: re.Match[str], said: Said) -> Resolved | None:
    """ "in the spring", "over the summer": the season the clause's tense points at. A plan or a present verb of what
    is arranged ("she's remarrying in the spring", "the wedding is in the fall") is the first season not over by the
    mention; a past verb ("we moved in the summer") the latest one begun by it; a habit ("in the summer I usually
    fish") or a clause with no verb to read is no season of any year."""
    start_month, tense = _SEASON_START[m[1].lower()], said.tense()
    if _WEEKLY_HABIT.search(said.clause) or tense in (Tense.NONE, Tense.UNMARKED):
        return None
    year = said.day.year - 1
    if tense is Tense.PAST:
        while _season(year + 1, start_month)[0] <= said.day:
            year += 1
        return Resolved(*_season(year, start_month))
    if tense is Tense.PRESENT and not _SCHEDULED_BE.search(said.clause):
        return None  # "I fish in the summer": a present verb of a season says a habit, not a year's season
    while _season(year, start_month)[1] < said.day:
        year += 1
    return Resolved(*_season(year, start_month))


# a present "be" of a thing arranged: "the wedding is in the spring", "we're in Lisbon over the summer"
_SCHEDULED_BE = re.compile(r"(?i)\b(?:is|are|'s|'re)\b")


def _r_en_season_before_last(m: re.Match[str], said: Said) -> Resolved | None:
    """ "the summer before last": the summer before the latest one over by the mention."""
    last = _relative_season("last", _SEASON_START[m[1].lower()], said.day)
    return Resolved(*_season(last[0].year - 1, _SEASON_START[m[1].lower()]))


def _r_en_my(m: re.Match[str], said: Said) -> Resolved | None:
    return _month(int(m[2]), MONTHS_EN[m[1].lower()])


def _r_year(m: re.Match[str], said: Said) -> Resolved | None:
    return _year(int(m[1]))


def _r_zh_y_cn(m: re.Match[str], said: Said) -> Resolved | None:
    return _year(_cn_year(m[1]))


def _r_zh_yy(m: re.Match[str], said: Said) -> Resolved | None:
    return _year(_two_digit_year(int(m[1]), said))


def _r_en_y_apostrophe(m: re.Match[str], said: Said) -> Resolved | None:
    return _year(_two_digit_year(int(m[1]), said))


def _r_en_decade(m: re.Match[str], said: Said) -> Resolved | None:
    if m["century"]:
        if m["tens"] == "00":
            return None  # "the 1900s": a decade or a century
        return _decade(int(m["century"] + m["tens"]))
    return _decade(_two_digit_year(int(m["tens"]), said) if said.has_day else 1900 + int(m["tens"]))


def _r_zh_decade(m: re.Match[str], said: Said) -> Resolved | None:
    word = m["tens"]
    if word.isdigit():
        tens = int(word[-2:])
        return _decade(int(word) if len(word) == 4 else (_two_digit_year(tens, said) if said.has_day else 1900 + tens))
    tens = _cn_number(word)
    return _decade(1900 + tens) if tens is not None and tens < 100 else None


def _r_zh_lunar_md(m: re.Match[str], said: Said) -> Resolved | None:
    word = m[2]  # 初八, 廿三 (20 and 3), 二十七
    if word[0] == "初":
        day = _cn_number(word[1:])
    elif word[0] == "廿":
        day = 20 + (_cn_number(word[1:]) or 0)
    else:
        day = _cn_number(word)
    return _day(said.nearest(lambda y: _lunar_day(m[1], day, y), scheduled=True)) if day else None


def _r_zh_md(m: re.Match[str], said: Said) -> Resolved | None:
    month, day = _cn_number(m[1]), _cn_number(m[2])
    return _day(said.nearest(lambda y: _safe_date(y, month, day), scheduled=True)) if month and day else None


def _r_en_md(m: re.Match[str], said: Said) -> Resolved | None:
    return _en_month_day(m["month"] or m["month2"], m["day"] or m["day2"], said)


def _r_zh_month_only(m: re.Match[str], said: Said) -> Resolved | None:
    month = _cn_number(m[1])
    if not month or not 1 <= month <= 12:
        return None
    year = _month_year(said, month)
    return _month(year, month) if year else None


def _month_year(said: Said, month: int) -> int | None:
    """The year of a month said without one, by its clause's tense (`Said.nearest_span`)."""
    return said.nearest_span(
        lambda y: date(y, month, 1), lambda y: _month_interval(y, month)[1], lambda y: date(y, month, 15)
    )


def _nearest_month_part(month: int | None, part: str, said: Said) -> Resolved | None:
    """A part of a month said without its year ("三月上旬", "mid-October"): the next one for a plan, the last one for
    a past event, else the nearest, judged by the part's middle day."""
    if not month or not 1 <= month <= 12:
        return None
    first, final = _MONTH_PARTS[part]
    year = said.nearest_span(
        lambda y: date(y, month, first),
        lambda y: date(y, month, min(final, _month_interval(y, month)[1].day)),
        lambda y: date(y, month, (first + min(final, 28)) // 2),
    )
    return _part_of_month(year, month, part) if year else None


def _r_zh_month_part(m: re.Match[str], said: Said) -> Resolved | None:
    return _nearest_month_part(_cn_number(m[1]), m[2], said)


def _r_en_month_part(m: re.Match[str], said: Said) -> Resolved | None:
    if m[2] == "may":
        return None  # "in the end of may be": the verb, not the month
    month, part = MONTHS_EN[m[2].lower()], " ".join(m[1].lower().removeprefix("the ").split())
    if m.lastindex == 3:
        return _part_of_month(int(m[3]), month, part)
    return _nearest_month_part(month, part, said)


def _r_zh_rel_ym_part(m: re.Match[str], said: Said) -> Resolved | None:
    month = _cn_number(m[2])
    return _part_of_month(said.day.year + _REL_YEAR_WORDS[m[1]], month, m[3]) if month else None


# what follows "may" when it is the month, not the verb ("a trip to Lisbon in may", "next may with the kids"; not
# "this may be wrong", "in may have")
_MAY_MONTH_AFTER = re.compile(
    r"(?i)\s*(?:$|[.,;:!?)\-–]|(?:with|for|and|or|to|next|this|when|after|before|because|so|but|then|i|we|my|our|"
    r"the|\d+)\b)"
)


def _month_not_verb(word: str, m: re.Match[str], end: int) -> bool:
    return word.lower() != "may" or bool(_MAY_MONTH_AFTER.match(m.string, end))


def _r_en_month_only(m: re.Match[str], said: Said) -> Resolved | None:
    if not _month_not_verb(m[1], m, m.end(1)):
        return None
    month = MONTHS_EN[m[1].lower()]
    if m[0].lower().startswith("since"):  # "since jan": the start of what holds now, the last one
        year = said.day.year - (month > said.day.month)
        return _month(year, month)
    if m[0].lower().startswith("from") and month == said.day.month:
        return _month(said.day.year, month)  # "kicked in from september" said in September: this one
    year = _month_year(said, month)
    return _month(year, month) if year else None


def _r_zh_weekday(m: re.Match[str], said: Said) -> Resolved | None:
    """上周五: that week's Friday, to the day."""
    weeks = {"上上": -2, "上": -1, "上个": -1, "下": 1, "下个": 1, "下下": 2}.get(m[1], 0)  # 这, 这个, 本: 0
    return _day(_monday(said.day, weeks) + timedelta(days=_WEEKDAY_ZH[m[2]]))


# a weekday said as the day a habit falls on: "周六上午我都去上钢琴课", "周三一般加班", "on Fridays I usually ..."
_WEEKLY_HABIT = re.compile(
    r"(?i)\b(?:usually|always|normally|typically|generally|tend to)\b|都(?!是)|一般|通常|总是|总会|经常|常常|照例"
)


def _bare_weekday(said: Said, target: int) -> Resolved | None:
    """A weekday said without its week: the next one for a plan or a present verb ("we move back on Sunday then",
    周四去面试, "my flight leaves Friday"), else the last one (周四面试了, "we moved on Sunday"); a past one said on
    that weekday is the day itself (a diary's "周六一早去医院看奶奶，陪她做了个CT" written on the Saturday). A habit
    said of the weekday (周六我都去上课) is no day."""
    tense = said.tense()
    if tense is not Tense.PAST and _WEEKLY_HABIT.search(said.clause):
        return None
    if tense is Tense.UNMARKED and target == said.day.weekday():
        # a Chinese clause that marks no tense, said on that very weekday, tells of the day itself (a diary's
        # "礼拜三第一天上班" written on the Wednesday); a week ahead is said so (下周三, 下礼拜三)
        return _day(said.day)
    if tense in (Tense.AHEAD, Tense.PRESENT, Tense.UNMARKED):
        return _day(_past_or_next_weekday(said, target, 1))
    return _day(_past_or_next_weekday(said, target, -1, today=tense is Tense.PAST))


def _r_zh_bare_weekday(m: re.Match[str], said: Said) -> Resolved | None:
    """周四去面试, 我们周日搬回榜鹅: the next Thursday, Sunday; 周四面试了: the last one."""
    return _bare_weekday(said, _WEEKDAY_ZH[m[1]])


def _r_en_weekday(m: re.Match[str], said: Said) -> Resolved | None:
    """ "last Friday": the latest Friday before the day it was said ("next": the first after)."""
    target, word = _WEEKDAYS_EN.index(m[2].lower()), m[1].lower()
    if word == "this":
        return _day(_monday(said.day) + timedelta(days=target))
    return _day(_past_or_next_weekday(said, target, -1 if word == "last" else 1))


def _r_en_weekday_gone(m: re.Match[str], said: Said) -> Resolved | None:
    """ "friday gone", "this past Monday": the latest such weekday before the day it was said."""
    return _day(_past_or_next_weekday(said, _WEEKDAYS_EN.index((m["a"] or m["b"]).lower()), -1))


def _r_en_bare_weekday(m: re.Match[str], said: Said) -> Resolved | None:
    """ "on Sunday": by the clause's tense (`_bare_weekday`); "since Sunday": the last one, whatever the tense."""
    target = _WEEKDAYS_EN.index(m["day"].lower())
    if m["since"]:
        return _day(_past_or_next_weekday(said, target, -1))
    return _bare_weekday(said, target)


# a weekday said right after a day of the month: "二十三号，星期一", "the 10th, a Friday", "on the 3rd (Tuesday)"
_WEEKDAY_AFTER = re.compile(
    r"(?i)[\s,，(（]*(?:(?:a|on|which\s+is|that'?s)\s+)?(?:(?P<en>mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"(?:星期|礼拜|周)(?P<zh>[一二三四五六日天]))"
)
_EN_WEEKDAY_STEMS = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")


def _weekday_after(said: Said, end: int) -> int | None:
    """The weekday said right after a day (0 = Monday), or None."""
    m = _WEEKDAY_AFTER.match(said.text, end)
    if m is None:
        return None
    return _EN_WEEKDAY_STEMS.index(m["en"].lower()) if m["en"] else _WEEKDAY_ZH[m["zh"]]


def _day_of_month(day: int | None, said: Said, end: int | None = None) -> Resolved | None:
    """A day of the month said bare ("on the 8th", 8号): the nearest such day before the mention in a past clause
    ("mum had the hip surgery on the 8th"), after it in a future or present one ("I'm getting my stitches out on the
    3rd", 我3号去拆线), else the nearest; with a weekday beside it (`end`: where the day is said to end), only a day
    that falls on that weekday ("二十三号，星期一")."""
    if not day or not 1 <= day <= 31:
        return None
    anchor = said.day
    weekday = _weekday_after(said, end) if end is not None else None
    months = range(-2, 3) if weekday is None else range(-7, 8)
    days = [d for k in months if (d := _safe_date(*_shift_months(anchor, k), day)) is not None]
    days = [d for d in days if weekday is None or d.weekday() == weekday] or days
    # its own clause's tense, never one lent by another clause ("搞错了，面试是二十三号": the erring is past, the
    # interview ahead; "……，阿勇今天又发了一遍短信来": the texting is past)
    tense = reported_tense(said.clause)
    if tense in (Tense.UNMARKED, Tense.NONE):
        # "我23号去上海出差" said on the 7th: the coming 23rd, unless the day fell just now ("3号去复查" on the 5th)
        tense = Tense.COMING
    return _day(_by_tense(days, anchor, tense, scheduled=True))


def _r_en_day_of_month(m: re.Match[str], said: Said) -> Resolved | None:
    return _day_of_month(int(m["day"]), said, m.end())


def _r_zh_day_of_month(m: re.Match[str], said: Said) -> Resolved | None:
    return _day_of_month(int(m["day"]) if m["day"] else _cn_number(m["cn"]), said, m.end())


def _r_en_rel_month_name(m: re.Match[str], said: Said) -> Resolved | None:
    """ "last March": the latest March before the month it was said."""
    if not _month_not_verb(m[2], m, m.end(2)):
        return None  # "this may be wrong": the verb, not the month
    month, word, anchor = MONTHS_EN[m[2].lower()], m[1].lower(), said.day
    if word == "last":
        year = anchor.year if month < anchor.month else anchor.year - 1
    elif word == "next":
        year = anchor.year if month > anchor.month else anchor.year + 1
    else:
        year = anchor.year
    return _month(year, month)


def _r_zh_half_ago(m: re.Match[str], said: Said) -> Resolved | None:
    """半年前: about six months back; 半个月前: about two weeks."""
    if m[1] == "半年":
        return _month(*_shift_months(said.day, -6))
    d = said.day - timedelta(days=15)
    return Resolved(d - timedelta(days=5), d + timedelta(days=5))


def _r_these_days(m: re.Match[str], said: Said) -> Resolved | None:
    """这几天, 这两天, "these past few days", "all week": the last few days up to the day of saying (Monday on for a
    week)."""
    if m[0].lower().endswith("week"):
        return Resolved(said.day - timedelta(days=said.day.weekday()), said.day)
    return Resolved(said.day - timedelta(days=1 if "两" in m[0] or "couple" in m[0].lower() else 2), said.day)


def _r_zh_few_days(m: re.Match[str], said: Said) -> Resolved | None:
    """前几天, 前些天: a few days back (two to five)."""
    return Resolved(said.day - timedelta(days=5), said.day - timedelta(days=2))


_PART_OF_DAY = re.compile(r"(?i)(?:早上|上午|中午|下午|傍晚|晚上|夜里|凌晨| (?:morning|afternoon|evening|night))$")


def _r_rel_day(m: re.Match[str], said: Said) -> Resolved | None:
    """昨天晚上, "yesterday morning": the day; the part of it is said, not resolved."""
    word = re.sub(_CLOCK + "$", "", m[0].lower())
    d = said.day + timedelta(days=_DAY_OFFSETS[word if word in _DAY_OFFSETS else _PART_OF_DAY.sub("", word)])
    return Resolved(d, d)


_WEEK_WORDS = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2, "last": -1, "this": 0, "next": 1}


def _r_zh_rel_week(m: re.Match[str], said: Said) -> Resolved | None:
    return _week(said, _WEEK_WORDS[m[1]])


def _r_en_rel_week(m: re.Match[str], said: Said) -> Resolved | None:
    return _week(said, _WEEK_WORDS[m[1].lower()])


def _r_en_week_after_next(m: re.Match[str], said: Said) -> Resolved | None:
    return _week(said, 2 if m[1].lower() == "after next" else -2)


def _r_zh_weekend(m: re.Match[str], said: Said) -> Resolved | None:
    return _weekend(said, _WEEK_WORDS[m[1]])


def _r_en_weekend(m: re.Match[str], said: Said) -> Resolved | None:
    return _weekend(said, _WEEK_WORDS[m[1].lower()])


def _r_bare_weekend(m: re.Match[str], said: Said) -> Resolved | None:
    """周末去了趟深圳湾, "over the weekend we ...": the weekend just gone (this one, said on a Saturday or Sunday) for a
    past event, the coming one for a plan; without a tense it is no day ("周末我一般在家": a habit)."""
    if m[0].lower().startswith("this past") or (_PAST.search(said.text) and not _ahead(said.text)):
        return _weekend(said, 0 if said.day.weekday() >= 5 else -1)
    if _ahead(said.text):
        return _weekend(said, 0)
    return None


_MONTH_WORDS = {
    "上个月": -1,
    "上月": -1,
    "这个月": 0,
    "本月": 0,
    "下个月": 1,
    "下月": 1,
    "last": -1,
    "this": 0,
    "next": 1,
}


def _r_zh_rel_month_part(m: re.Match[str], said: Said) -> Resolved | None:
    return _part_of_month(*_shift_months(said.day, _MONTH_WORDS[m[1]]), m[2])


def _r_zh_rel_month_day(m: re.Match[str], said: Said) -> Resolved | None:
    year, month = _shift_months(said.day, _MONTH_WORDS[m[1]])
    day = _cn_number(m[2])
    return _day(_safe_date(year, month, day)) if day else None


def _r_zh_rel_month(m: re.Match[str], said: Said) -> Resolved | None:
    return _month(*_shift_months(said.day, _MONTH_WORDS[m[0]]))


def _r_en_rel_month(m: re.Match[str], said: Said) -> Resolved | None:
    return _month(*_shift_months(said.day, _MONTH_WORDS[m[1].lower()]))


def _r_en_earlier_later(m: re.Match[str], said: Said) -> Resolved | None:
    """ "earlier this year": from the year's start to the mention; "later this month": from the mention to its end."""
    unit, day = m[2].lower(), said.day
    first = {"year": date(day.year, 1, 1), "month": day.replace(day=1), "week": _monday(day)}[unit]
    last = {
        "year": date(day.year, 12, 31),
        "month": _month_interval(day.year, day.month)[1],
        "week": _monday(day) + timedelta(days=6),
    }[unit]
    return Resolved(first, day) if m[1].lower() == "earlier" else Resolved(day, last)


def _lunar_year_said_in_lamonth(day: date) -> int | None:
    """The Gregorian year the lunar year being closed started in, when `day` falls in its last month (腊月, before
    春节); else None."""
    first = spring_festival(day.year)
    if first is None or day >= first or day.year - 1901 not in range(len(_LAST_MONTH_DAYS)):
        return None
    length = 29 if _LAST_MONTH_DAYS[day.year - 1901] == "9" else 30
    return day.year - 1 if day >= first - timedelta(days=length) else None


def _r_zh_rel_year(m: re.Match[str], said: Said) -> Resolved | None:
    shift = _REL_YEAR_WORDS[m[0]]
    # "算了下今年总共存了十一万" said at 腊月二十四 (2026-02-11): the year told as done in 腊月 is the lunar year
    # closing, 春节 to 春节 (2025-01-29..2026-02-16), not the Gregorian year just begun; a plan said then ("今年考研
    # 一定要再考一次") is the year ahead, as the calendar counts it
    lunar = _lunar_year_said_in_lamonth(said.day) if shift <= 0 else None
    if lunar is not None and said.tense() is Tense.PAST:
        first, after = spring_festival(lunar + shift), spring_festival(lunar + shift + 1)
        if first is not None and after is not None:
            return Resolved(first, after - timedelta(days=1))
    return _year(said.day.year + shift)


def _r_en_rel_year(m: re.Match[str], said: Said) -> Resolved | None:
    return _year(said.day.year + _WEEK_WORDS[m[1].lower()])


def _r_zh_ago(m: re.Match[str], said: Said) -> Resolved | None:
    return _ago(m[1], m[2], said)


def _r_en_ago(m: re.Match[str], said: Said) -> Resolved | None:
    return _ago(m[1], m[2].lower(), said)


def _r_zh_later(m: re.Match[str], said: Said) -> Resolved | None:
    """三天后我就要回国了: counted from the mention; "毕业三年后" counts from an event, not from the mention."""
    before = m.string[max(0, m.start() - 1) : m.start()]
    if before and re.match(r"[\u4e00-\u9fff]", before) and before not in "我你他她们就约概在再过":
        return None
    return _ago(m[1], m[2], said, sign=1)


def _r_en_in(m: re.Match[str], said: Said) -> Resolved | None:
    """ "in two weeks" (a plan); "haven't talked in a few days" is a length of time, not a day."""
    if re.search(r"(?i)(?:n't|\bnot|\bnever|\bfirst time)\b[^.!?]*$", m.string[: m.start()]):
        return None
    return _ago(m[1], m[2].lower(), said, sign=1)


def _r_zh_for(m: re.Match[str], said: Said) -> Resolved | None:
    return _held(m[1], m[2], said)


def _r_zh_nth_year(m: re.Match[str], said: Said) -> Resolved | None:
    """教初二数学第六年了: in its sixth year, so begun five years before the mention's year."""
    nth = _amount(m[1])
    if not nth:
        return None
    return _held(str(nth - 1), "年", said) if nth > 1 else Resolved(date(said.day.year, 1, 1), said.day)


def _r_en_for(m: re.Match[str], said: Said) -> Resolved | None:
    return _held(m[2], m[3].lower(), said)  # group 1 is the expression


# --- the forms ---------------------------------------------------------------------------------------------------
# Earlier forms win where two overlap: ranges before their ends, a full date before its month, 上个月底 before 上个月.

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
_REL_YEAR_NEEDS = tuple(_REL_YEAR_WORDS)
_EN_MONTH_PART = r"early|mid|late|(?:the )?(?:beginning|start|middle|end) of"
_ZH_YEAR_PART = r"(初|年初|中(?![国文学心间央部秋])|年中|底|年底|末|年末|上半年|下半年|左右|前后)"


def _never(m: re.Match[str], said: Said) -> Resolved | None:
    return None  # an anchored form is placed by `resolve_anchored`, once the timeline knows its event


FORMS: tuple[TimeForm, ...] = (
    # ranges first: "2016年到2021年" is one interval, not two years
    TimeForm(
        name="zh_range_ym",
        language=ZH,
        pattern=re.compile(_ZH_YM + _RANGE_TO + _ZH_YM),
        precision=MONTH,
        confidence=0.9,
        resolve=_r_zh_range_ym,
        role=Role.RANGE,
    ),
    TimeForm(
        name="zh_range_parts",
        language=ZH,
        pattern=re.compile(
            r"(\d{4})\s*年\s*(初|年初|中|年中|底|年底|末|年末)?"
            + _RANGE_TO
            + r"(\d{4})\s*年\s*(初|年初|中|年中|底|年底|末|年末)"
        ),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_range_parts,
        role=Role.RANGE,
    ),
    TimeForm(
        name="zh_range_y",
        language=ZH,
        # (not "2021年到2026年3月": a year to a month, joined by `_spans`)
        pattern=re.compile(r"(\d{4})\s*年?" + _RANGE_TO + r"(\d{4})\s*年(?!\s*\d{1,2}\s*月)"),
        precision=YEAR,
        confidence=0.9,
        resolve=_r_year_range,
        role=Role.RANGE,
    ),
    TimeForm(
        name="en_range_y",
        language=EN,
        pattern=re.compile(r"(?i)\b(?:from|between) (\d{4}) (?:to|until|till|through|and) (\d{4})\b"),
        precision=YEAR,
        confidence=0.9,
        resolve=_r_year_range,
        role=Role.RANGE,
    ),
    TimeForm(
        name="en_range_dash",
        language=None,
        pattern=re.compile(r"(?<![\d-])(\d{4})\s?[–—-]\s?(\d{4})(?![\d-])"),
        precision=YEAR,
        confidence=0.9,
        resolve=_r_year_range,
        role=Role.RANGE,
    ),
    # days of a month as a range: "Oct 20-26", "from 3 to 9 August", 10月20日到26日, 11月28号到12月2号, 10月20-26号
    TimeForm(
        name="zh_md_range",
        language=ZH,
        pattern=re.compile(
            r"(?<![\d年])(?P<m1>\d{1,2}|[一二三四五六七八九十]{1,2})月(?P<d1>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]?"
            + _RANGE_TO
            + r"(?:(?P<m2>\d{1,2}|[一二三四五六七八九十]{1,2})月)?(?P<d2>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]"
        ),
        precision=DAY,
        confidence=0.75,
        resolve=_r_zh_md_range,
        needs=("月",),
        relative=True,
        role=Role.RANGE,
    ),
    TimeForm(
        name="en_md_range",
        language=EN,
        pattern=re.compile(
            # (or "between 4 and 11 june", "between the 4th of june and the 11th": "and" joins them only after
            # "between", which "4 and 5 friends" never has)
            rf"(?i)\b(?:(?P<between>between )|from )?(?:(?P<m1>{_MONTH_EN})\.? (?P<d1>\d{{1,2}})(?:st|nd|rd|th)?"
            rf"|(?:the )?(?P<d1b>\d{{1,2}})(?:st|nd|rd|th)?(?: (?:of )?(?P<m1b>{_MONTH_EN}))?)"
            rf"\s?(?(between)(?:\band\b|\bto\b|-|–)|(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b))\s?"
            rf"(?:(?P<m2>{_MONTH_EN})\.? (?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\b(?!,? ?\d)"
            rf"|(?:the )?(?P<d2b>\d{{1,2}})(?:st|nd|rd|th)?"
            rf"(?: (?:of )?(?P<m2b>{_MONTH_EN})\b|\b(?![\d:.]| ?(?:am|pm|%)))(?!,? ?\d))"
        ),
        precision=DAY,
        confidence=0.7,
        resolve=_r_en_md_range,
        relative=True,
        role=Role.RANGE,
    ),
    # a day of the first or the last lunar month, as the days around 春节 are counted: 腊月二十七, 正月初八, 腊月廿三
    TimeForm(
        name="zh_lunar_md",
        language=ZH,
        pattern=re.compile(
            r"(?:农历)?(正月|腊月)(初[一二三四五六七八九十]|廿[一二三四五六七八九]?|[一二三]?十[一二三四五六七八九]?)"
        ),
        precision=DAY,
        confidence=0.8,
        resolve=_r_zh_lunar_md,
        needs=("正月", "腊月"),
        relative=True,
    ),
    # a festival of a year, and before or after it: 2022年春节后, 前年圣诞节, 中秋节, "after Chinese New Year"
    TimeForm(
        name="zh_festival",
        language=ZH,
        pattern=re.compile(
            r"(?:(?P<year>\d{4})\s*年|(?P<rel>大前年|去年|今年|前年|明年|后年))?(?:的)?"
            r"(?<![一二三四五六七八九十零〇两\d])(?P<name>"
            + _FESTIVAL_ZH
            + r")(?:节)?(?P<side>之前|之后|以前|以后|前|后)?"
        ),
        precision=DAY,
        confidence=0.8,
        resolve=_r_zh_festival,
        needs=tuple(w for f in FESTIVALS for w in f.zh),
    ),
    TimeForm(
        name="en_festival",
        language=EN,
        pattern=re.compile(
            r"(?i)\b(?:(?P<side>before|after) )?(?:(?P<which>last|this|next|this past) )?(?:the )?(?P<name>"
            + _FESTIVAL_EN
            + r")(?: (?:of )?(?P<year>\d{4}))?(?![\w'])"
        ),
        precision=DAY,
        confidence=0.8,
        resolve=_r_en_festival,
        needs=tuple(w for f in FESTIVALS for w in f.en),
    ),
    # event-anchored: kept with their anchor, resolved only when the timeline knows the event
    TimeForm(
        name="zh_anchor",
        language=ZH,
        pattern=re.compile(r"(" + _ANCHOR_ZH + r")(?:以后|之后|后|以前|之前|前)(不久|没多久|几个月|几年|一年|半年)?"),
        precision=ROUGH,
        confidence=0.3,
        resolve=_never,
        needs=tuple(_ANCHORS_ZH),
        role=Role.ANCHORED,
    ),
    TimeForm(
        name="en_anchor",
        language=EN,
        pattern=re.compile(
            r"(?i)\b(shortly |right |soon |just |a few months |a few years |a few weeks |several months |"
            r"months |years |a year |a month )?(after|before) (?:" + _ANCHOR_EN + r")"
        ),
        precision=ROUGH,
        confidence=0.3,
        resolve=_never,
        needs=("after", "before"),
        role=Role.ANCHORED,
    ),
    TimeForm(
        name="zh_ago_today",
        language=ZH,
        pattern=re.compile(rf"(?<![\d一二三四五六七八九十两]){_NUM}年前的今天"),
        precision=DAY,
        confidence=0.9,
        resolve=_r_zh_ago_today,
        needs=("年前的今天",),
        relative=True,
    ),
    TimeForm(
        name="en_ago_today",
        language=EN,
        pattern=re.compile(rf"(?i)\b{_EN_NUM} years? ago today\b"),
        precision=DAY,
        confidence=0.9,
        resolve=_r_en_ago_today,
        needs=("ago today",),
        relative=True,
    ),
    TimeForm(
        name="zh_ymd",
        language=ZH,
        pattern=re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"),
        precision=DAY,
        confidence=0.95,
        resolve=_r_ymd,
    ),
    TimeForm(
        name="iso_ymd",
        language=None,
        pattern=re.compile(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b"),
        precision=DAY,
        confidence=0.95,
        resolve=_r_ymd,
    ),
    TimeForm(
        name="en_mdy",
        language=EN,
        pattern=re.compile(rf"(?i)\b({_MONTH_EN})\.? (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})\b"),
        precision=DAY,
        confidence=0.95,
        resolve=_r_en_mdy,
    ),
    TimeForm(
        name="en_dmy",
        language=EN,
        pattern=re.compile(rf"(?i)\b(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({_MONTH_EN})\.?,? (\d{{4}})\b"),
        precision=DAY,
        confidence=0.95,
        resolve=_r_en_dmy,
    ),
    TimeForm(
        name="zh_ym_part",
        language=ZH,
        pattern=re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(初|中旬|中|底|末|下旬|上旬|左右)"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_ym_part,
    ),
    TimeForm(
        name="zh_ym",
        language=ZH,
        pattern=re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月"),
        precision=MONTH,
        confidence=0.95,
        resolve=_r_ym,
    ),
    TimeForm(
        name="zh_y_part",
        language=ZH,
        pattern=re.compile(r"(\d{4})\s*年\s*" + _ZH_YEAR_PART),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_y_part,
    ),
    TimeForm(
        name="zh_y_season",
        language=ZH,
        pattern=re.compile(r"(\d{4})\s*年\s*(?:的)?" + _SEASON_ZH),
        precision=SEASON,
        confidence=0.8,
        resolve=_r_zh_y_season,
    ),
    TimeForm(
        name="zh_rel_y_part",
        language=ZH,
        pattern=re.compile(_REL_YEAR + r"(?:的)?(初|底|末|" + _YEAR_PART_ZH[1:]),
        precision=ROUGH,
        confidence=0.75,
        resolve=_r_zh_rel_y_part,
        needs=_REL_YEAR_NEEDS,
        relative=True,
    ),
    TimeForm(
        name="zh_rel_y_season",
        language=ZH,
        pattern=re.compile(_REL_YEAR + r"(?:的)?" + _SEASON_ZH),
        precision=SEASON,
        confidence=0.75,
        resolve=_r_zh_rel_y_season,
        needs=_REL_YEAR_NEEDS,
        relative=True,
    ),
    TimeForm(
        name="zh_rel_ymd",
        language=ZH,
        pattern=re.compile(_REL_YEAR + _NUM + r"月" + _NUM + r"[日号]"),
        precision=DAY,
        confidence=0.85,
        resolve=_r_zh_rel_ymd,
        needs=_REL_YEAR_NEEDS,
        relative=True,
    ),
    TimeForm(
        name="zh_rel_ym_part",
        language=ZH,
        pattern=re.compile(_REL_YEAR + _NUM + r"月(?:份)?(初|中旬|上旬|下旬|底|末)"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_rel_ym_part,
        needs=_REL_YEAR_NEEDS,
        relative=True,
    ),
    TimeForm(
        name="zh_rel_ym",
        language=ZH,
        pattern=re.compile(_REL_YEAR + _NUM + r"月(?:份)?"),
        precision=MONTH,
        confidence=0.85,
        resolve=_r_zh_rel_ym,
        needs=_REL_YEAR_NEEDS,
        relative=True,
    ),
    TimeForm(
        name="en_y_part",
        language=EN,
        pattern=re.compile(r"(?i)\b(early|mid|late|end of|beginning of|start of)[- ]?(\d{4})\b"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_en_y_part,
    ),
    TimeForm(
        name="en_y_about",
        language=EN,
        pattern=re.compile(r"(?i)\b(?:around|about|circa|approximately|roughly|c\.)\s?(\d{4})\b"),
        precision=ROUGH,
        confidence=0.6,
        resolve=_r_en_y_about,
    ),
    TimeForm(
        name="en_y_season",
        language=EN,
        pattern=re.compile(r"(?i)\b(spring|summer|fall|autumn|winter)(?: of)? (\d{4})\b"),
        precision=SEASON,
        confidence=0.8,
        resolve=_r_en_y_season,
    ),
    TimeForm(
        name="en_season_before_last",
        language=EN,
        pattern=re.compile(r"(?i)\bthe (spring|summer|fall|autumn|winter) before last\b"),
        precision=SEASON,
        confidence=0.6,
        resolve=_r_en_season_before_last,
        needs=("before last",),
        relative=True,
    ),
    TimeForm(
        name="en_rel_season",
        language=EN,
        pattern=re.compile(r"(?i)\b(last|this|next|past) (spring|summer|fall|autumn|winter)\b"),
        precision=SEASON,
        confidence=0.7,
        resolve=_r_en_rel_season,
        needs=("spring", "summer", "fall", "autumn", "winter"),
        relative=True,
    ),
    TimeForm(
        name="en_bare_season",  # "in the spring", "over the summer": its year from the clause's tense
        language=EN,
        pattern=re.compile(
            r"(?i)\b(?:in|during|over|through|by|until|till|for) (?:the )?(spring|summer|fall|autumn|winter)\b"
            r"(?! (?:of |before |after )?(?:\d{4}|last|next|this)\b)(?!\s*(?:break|term|semester|session|camp|job|"
            r"tires|tyres|clothes|months|time|nights|days|weekends|holidays|vacation))"
        ),
        precision=SEASON,
        confidence=0.6,
        resolve=_r_en_bare_season,
        needs=("spring", "summer", "fall", "autumn", "winter"),
        relative=True,
    ),
    TimeForm(
        name="iso_ym",
        language=None,
        pattern=re.compile(r"\b(\d{4})-(\d{1,2})\b(?!-)"),
        precision=MONTH,
        confidence=0.95,
        resolve=_r_ym,
    ),
    TimeForm(
        name="en_month_part_y",  # "late June 2021": the last ten days of that month
        language=EN,
        pattern=re.compile(rf"(?i)\b({_EN_MONTH_PART})[- ]?({_MONTH_EN})\.?,? (\d{{4}})\b"),
        precision=ROUGH,
        confidence=0.85,
        resolve=_r_en_month_part,
        needs=tuple(MONTHS_EN),
    ),
    TimeForm(
        name="en_month_part",  # "mid-October", "at the end of March": ten days of that month, its year from the tense
        language=EN,
        pattern=re.compile(rf"(?i)\b({_EN_MONTH_PART})[- ]?({_MONTH_EN})\b(?!\.? ?\d)"),
        precision=ROUGH,
        confidence=0.75,
        resolve=_r_en_month_part,
        needs=tuple(MONTHS_EN),
        relative=True,
    ),
    TimeForm(
        name="en_my",
        language=EN,
        pattern=re.compile(rf"(?i)\b({_MONTH_EN})\.?,? (?:of )?(\d{{4}})\b"),
        precision=MONTH,
        confidence=0.95,
        resolve=_r_en_my,
    ),
    TimeForm(
        name="zh_decade",
        language=ZH,
        pattern=re.compile(r"(?P<tens>\d{4}|\d0|[一二三四五六七八九]十)年代"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_decade,
        needs=("年代",),
    ),
    TimeForm(
        name="zh_y",
        language=ZH,
        pattern=re.compile(r"(\d{4})\s*年(?!\s*\d{1,2}\s*月)"),
        precision=YEAR,
        confidence=0.95,
        resolve=_r_year,
    ),
    # a year said by its last two digits: "我08年从宾阳出来", "98年出生", "是18年来的深圳" (not a span: "干了18年",
    # "有20年了", "18年前", "十几年来")
    TimeForm(
        name="zh_yy",
        language=ZH,
        pattern=re.compile(r"(?<![\d.了有快近整足多这那几第])(\d{2})\s*年(?![多前来了后级代底初中末内里间度份])"),
        precision=YEAR,
        confidence=0.8,
        resolve=_r_zh_yy,
        needs=("年",),
        relative=True,
    ),
    TimeForm(
        name="zh_y_cn",
        language=ZH,
        pattern=re.compile(r"([〇零一二三四五六七八九]{4})\s*年"),
        precision=YEAR,
        confidence=0.95,
        resolve=_r_zh_y_cn,
        needs=("年",),
    ),
    TimeForm(
        name="en_decade",
        language=EN,
        pattern=re.compile(r"(?i)\b(?:the |in the |during the )?'?(?P<century>19|20)?(?P<tens>\d0)'?s\b"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_en_decade,
    ),
    TimeForm(
        name="en_y",
        language=EN,
        pattern=re.compile(r"(?i)\b(?:in|since|during|until|till|by|from|was|of) (\d{4})\b"),
        precision=YEAR,
        confidence=0.95,
        resolve=_r_year,
    ),
    TimeForm(
        name="year_lead",  # "2019, I moved to Tampines", "2019: moved out": a year said alone before its statement
        language=None,
        pattern=re.compile(r"^\s*((?:19|20)\d{2})(?=\s*[,，:：]\s*(?!\d))"),
        precision=YEAR,
        confidence=0.9,
        resolve=_r_year,
    ),
    TimeForm(
        name="en_y_apostrophe",
        language=EN,
        pattern=re.compile(r"(?i)\b(?:in|since|from|of|back in|born in|class of|summer of|until) '(\d{2})\b"),
        precision=YEAR,
        confidence=0.85,
        resolve=_r_en_y_apostrophe,
    ),
    TimeForm(
        name="zh_md",
        language=ZH,
        # the part of the day is said with it, not resolved: "9月2号晚上飞回杭州" leaves "飞回杭州"
        pattern=re.compile(
            # (or the day bare, as a diary writes it: "考试日期本来是十一月十五", not "一月三千块")
            r"(?<![\d年])" + _NUM + r"月" + _NUM + r"(?:[日号]|(?![\d一二三四五六七八九十百千万亿块元个多]))"
            r"(?:早上|上午|中午|下午|傍晚|晚上|夜里|凌晨)?" + _CLOCK
        ),
        precision=DAY,
        confidence=0.75,  # the year is the mention's nearest: less sure
        resolve=_r_zh_md,
        needs=("月",),
        relative=True,
    ),
    TimeForm(
        name="en_md",
        language=EN,
        pattern=re.compile(
            rf"(?i)\b(?:(?P<month>{_MONTH_EN})\.? (?P<day>\d{{1,2}})(?:st|nd|rd|th)?|"
            rf"(?P<day2>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<month2>{_MONTH_EN}))\b"
            # a year or another day after it is the date's ("May 2, 2021", "June 3, 4"); "2 Nov, 6 weeks" is not
            r"(?!,? ?(?:\d{4}|\d{1,2}\b(?!\s*(?:days?|weeks?|months?|years?|hours?|nights?)\b)))"
        ),
        precision=DAY,
        confidence=0.7,
        resolve=_r_en_md,
        relative=True,
    ),
    TimeForm(
        name="zh_weekday",
        language=ZH,
        # (not the 一 of 一直: "上礼拜一直提不起劲" is all last week)
        pattern=re.compile(r"(上上|上个?|这个?|本|下下|下个?)(?:周|星期|礼拜)([一二三四五六日天])(?<!一(?=直(?!接)))"),
        precision=DAY,
        confidence=0.85,
        resolve=_r_zh_weekday,
        needs=("周", "星期", "礼拜"),
        relative=True,
    ),
    TimeForm(
        # the last one gone by, as regions say it: "friday gone", "tuesday past", "monday just gone" (Caribbean,
        # British, Irish English), "this past Monday" (American): never the day of the telling
        name="en_weekday_gone",
        language=EN,
        pattern=re.compile(
            rf"(?i)\bthis\s+past\s+(?P<a>{_WEEKDAY_EN})\b|\b(?P<b>{_WEEKDAY_EN})\s+(?:just\s+)?(?:gone|past)\b"
            r"(?!\s+(?:the|a|an|my|our|his|her|their|\d)\b)"
        ),
        precision=DAY,
        confidence=0.7,
        resolve=_r_en_weekday_gone,
        needs=_WEEKDAYS_EN,
        relative=True,
    ),
    TimeForm(
        name="en_weekday",
        language=EN,
        pattern=re.compile(rf"(?i)\b(last|this|next) ({_WEEKDAY_EN})\b"),
        precision=DAY,
        confidence=0.7,
        resolve=_r_en_weekday,
        needs=_WEEKDAYS_EN,
        relative=True,
    ),
    TimeForm(
        name="en_rel_month_name",
        language=EN,
        pattern=re.compile(rf"(?i)\b(last|this|next) ({_MONTH_EN})\b(?!\.? ?\d)"),
        precision=MONTH,
        confidence=0.8,
        resolve=_r_en_rel_month_name,
        needs=("last", "this", "next"),
        relative=True,
    ),
    TimeForm(
        name="zh_half_ago",
        language=ZH,
        pattern=re.compile(r"(?<![一二三四五六七八九十两\d])(半年|半个月)(?:多)?(?:以前|之前|前)"),
        precision=ROUGH,
        confidence=0.6,
        resolve=_r_zh_half_ago,
        needs=("半",),
        relative=True,
    ),
    TimeForm(
        name="these_days",
        language=None,
        pattern=re.compile(
            r"(?<![前上过])(?:这|近|最近|过去)(?:几|两|一两)天|这些天"
            r"|(?i:\b(?:these|the) (?:(?:past|last) )?(?:few|couple(?: of)?) days\b|\ball (?:this )?week\b)"
        ),
        precision=ROUGH,
        confidence=0.5,
        resolve=_r_these_days,
        needs=("几天", "两天", "些天", "days", "week"),
        relative=True,
    ),
    TimeForm(
        name="zh_few_days",
        language=ZH,
        pattern=re.compile(r"前几天|前些天|前些日子|前两天"),
        precision=ROUGH,
        confidence=0.5,
        resolve=_r_zh_few_days,
        needs=("前几天", "前些", "前两天"),
        relative=True,
    ),
    TimeForm(
        name="zh_rel_day",
        language=ZH,
        pattern=re.compile(
            r"(?:(?:大前天|大后天|今天|昨天|前天|明天|后天)(?:早上|上午|中午|下午|傍晚|晚上|夜里|凌晨)?|"
            r"昨晚|昨夜|今早|今晚|今夜|明早|明晚)" + _CLOCK
        ),
        precision=DAY,
        confidence=0.9,
        resolve=_r_rel_day,
        needs=("今", "昨", "前天", "明", "后天"),
        relative=True,
    ),
    TimeForm(
        name="en_rel_day",
        language=EN,
        pattern=re.compile(
            r"(?i)\b(the day before yesterday|the day after tomorrow|today|yesterday|tomorrow|last night|tonight|"
            r"this (?:morning|afternoon|evening))(?: (?:morning|afternoon|evening|night))?\b"
        ),
        precision=DAY,
        confidence=0.9,
        resolve=_r_rel_day,
        needs=("today", "yesterday", "tomorrow", "night", "this"),
        relative=True,
    ),
    TimeForm(
        name="zh_weekend",
        language=ZH,
        pattern=re.compile(r"(上上|上|这|本|下)(?:个)?周末"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_weekend,
        needs=("周末",),
        relative=True,
    ),
    TimeForm(
        name="en_weekend",
        language=EN,
        pattern=re.compile(r"(?i)\b(last|this|next) weekend\b"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_en_weekend,
        needs=("weekend",),
        relative=True,
    ),
    TimeForm(
        name="bare_weekend",  # 周末 / "over the weekend" with no week word: its week from the tense
        language=None,
        pattern=re.compile(
            r"(?<![上这本下每个几两一末])周末(?![都常一总])|"
            r"(?i:\b(?:this past weekend|(?:on|over|at|during) the weekend)\b)"
        ),
        precision=ROUGH,
        confidence=0.6,
        resolve=_r_bare_weekend,
        needs=("周末", "weekend"),
        relative=True,
    ),
    TimeForm(
        name="zh_rel_week",
        language=ZH,
        pattern=re.compile(r"(上上|上|这|本|下下|下)(?:个)?(?:周|星期|礼拜)(?![二三四五六日天末]|一(?!直(?!接)))"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_rel_week,
        needs=("周", "星期", "礼拜"),
        relative=True,
    ),
    TimeForm(
        name="en_week_after_next",
        language=EN,
        pattern=re.compile(r"(?i)\bthe week (after next|before last)\b"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_en_week_after_next,
        needs=("week",),
        relative=True,
    ),
    TimeForm(
        name="en_earlier_later",
        language=EN,
        pattern=re.compile(r"(?i)\b(earlier|later) this (year|month|week)\b"),
        precision=ROUGH,
        confidence=0.7,
        resolve=_r_en_earlier_later,
        needs=("earlier", "later"),
        relative=True,
    ),
    TimeForm(
        name="en_rel_week",
        language=EN,
        pattern=re.compile(r"(?i)\b(last|this|next) week\b"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_en_rel_week,
        needs=("week",),
        relative=True,
    ),
    TimeForm(
        name="zh_rel_month_part",
        language=ZH,
        pattern=re.compile(r"(上个月|上月|这个月|本月|下个月|下月)(初|中旬|上旬|下旬|底|末)"),
        precision=ROUGH,
        confidence=0.8,
        resolve=_r_zh_rel_month_part,
        needs=("月",),
        relative=True,
    ),
    TimeForm(
        name="zh_rel_month_day",
        language=ZH,
        pattern=re.compile(rf"(上个月|这个月|本月|下个月){_NUM}[号日]"),
        precision=DAY,
        confidence=0.85,
        resolve=_r_zh_rel_month_day,
        needs=("月",),
        relative=True,
    ),
    TimeForm(
        name="zh_rel_month",
        language=ZH,
        pattern=re.compile(r"上个月|这个月|本月|下个月"),
        precision=MONTH,
        confidence=0.85,
        resolve=_r_zh_rel_month,
        needs=("月",),
        relative=True,
    ),
    TimeForm(
        name="en_rel_month",
        language=EN,
        pattern=re.compile(r"(?i)\b(last|this|next) month\b"),
        precision=MONTH,
        confidence=0.85,
        resolve=_r_en_rel_month,
        needs=("month",),
        relative=True,
    ),
    TimeForm(
        name="zh_bare_y_part",
        language=ZH,
        pattern=re.compile(r"(?<![\d年今去明前后一二三四五六七八九十几半两每])(年初|年底|年末)"),
        precision=ROUGH,
        confidence=0.6,
        resolve=_r_zh_bare_y_part,
        needs=("年初", "年底", "年末"),
        relative=True,
    ),
    TimeForm(
        name="zh_rel_year",
        language=ZH,
        pattern=re.compile(r"大前年|去年|今年|明年|前年|后年(?![的]?[春夏秋冬])"),
        precision=YEAR,
        confidence=0.85,
        resolve=_r_zh_rel_year,
        needs=_REL_YEAR_NEEDS,
        relative=True,
    ),
    TimeForm(
        name="en_rel_year",
        language=EN,
        pattern=re.compile(r"(?i)\b(last|this|next) year\b"),
        precision=YEAR,
        confidence=0.85,
        resolve=_r_en_rel_year,
        needs=("year",),
        relative=True,
    ),
    TimeForm(
        name="zh_ago",
        language=ZH,
        pattern=re.compile(
            r"(?<![\d一二三四五六七八九十两])(\d{1,2}|[一二三四五六七八九十两]{1,3}|几)(天|个星期|周|个礼拜|个月|年)"
            r"(?:多)?(?:以前|之前|前)"
        ),
        precision=YEAR,
        confidence=0.7,
        resolve=_r_zh_ago,
        needs=("前",),
        relative=True,
    ),
    TimeForm(
        name="en_ago",
        language=EN,
        pattern=re.compile(rf"(?i)\b{_EN_NUM} (day|week|month|year)s? ago\b"),
        precision=YEAR,
        confidence=0.7,
        resolve=_r_en_ago,
        needs=("ago",),
        relative=True,
    ),
    # plans counted from the mention: 三天后, "in two weeks"
    TimeForm(
        name="zh_later",
        language=ZH,
        pattern=re.compile(
            r"(?<![\d一二三四五六七八九十两])(\d{1,2}|[一二三四五六七八九十两]{1,3}|几)(天|个星期|周|个礼拜|个月|年)"
            r"(?:以后|之后|后)"
        ),
        precision=YEAR,
        confidence=0.6,
        resolve=_r_zh_later,
        needs=("后",),
        relative=True,
    ),
    TimeForm(
        name="en_in",
        language=EN,
        pattern=re.compile(rf"(?i)\bin (?:about |around )?{_EN_NUM} (day|week|month|year)s?(?: time)?\b(?! ago)"),
        precision=YEAR,
        confidence=0.6,
        resolve=_r_en_in,
        needs=("in ",),
        relative=True,
    ),
    # durations said as still true: 搬到上海三年了, 三个月没联系了, "I've lived here for two years"
    # the year a thing is in, still going on: 教初二数学第六年了 (the 第 stays with its count)
    TimeForm(
        name="zh_nth_year",
        language=ZH,
        pattern=re.compile(rf"第{_NUM}年了"),
        precision=YEAR,
        confidence=0.7,
        resolve=_r_zh_nth_year,
        needs=("第",),
        relative=True,
        role=Role.ONGOING,
    ),
    TimeForm(
        name="zh_for",
        language=ZH,
        pattern=re.compile(
            rf"(?<![\d一二三四五六七八九十两第]){_NUM}(天|个星期|周|个月|年)(?:多)?(?:没[\u4e00-\u9fff]{{1,4}})?了"
        ),
        precision=YEAR,
        confidence=0.7,
        resolve=_r_zh_for,
        needs=("了",),
        relative=True,
        role=Role.ONGOING,
    ),
    TimeForm(
        name="en_for",
        language=EN,
        pattern=re.compile(
            rf"(?i)(?:'ve|\bhave|\bhas|'s|\bhaven't|\bhasn't)\b[^.!?;]{{0,60}}?\b(?P<expr>for (?:the (?:past|last) )?"
            rf"(?:about |around |almost |nearly |over )?{_EN_NUM} "
            r"(day|week|month|year)s?)\b"
        ),
        precision=YEAR,
        confidence=0.7,
        resolve=_r_en_for,
        needs=("for",),
        relative=True,
        role=Role.ONGOING,
        expression_group="expr",
    ),
    # a day said without its year or week, last (it is read only where nothing above took the words)
    TimeForm(
        name="zh_month_part",  # "三月上旬", "十二月初", "8月底": ten days of that month, its year from the tense
        language=ZH,
        pattern=re.compile(
            r"(?<![\d年个几两半上下这本每一二三四五六七八九十])(\d{1,2}|十[一二]?|[一二三四五六七八九])月(?:份)?"
            r"(初|中旬|上旬|下旬|底|末)"
        ),
        precision=ROUGH,
        confidence=0.7,
        resolve=_r_zh_month_part,
        needs=("月",),
        relative=True,
    ),
    TimeForm(
        name="zh_month_only",
        language=ZH,
        pattern=re.compile(
            r"(?<![\d年个几两半上下这本每一二三四五六七八九十])(\d{1,2}|十[一二]?|[一二三四五六七八九])月(份)?"
            r"(?![\d一二三四五六七八九十日号初中底末旬])"
        ),
        precision=MONTH,
        confidence=0.6,
        resolve=_r_zh_month_only,
        needs=("月",),
        relative=True,
    ),
    TimeForm(
        name="en_month_only",
        language=EN,
        pattern=re.compile(
            rf"(?i)\b(?:in|during|since|from|until|till|by|back in|early|late|this past) ({_MONTH_EN})\b(?!\.? ?\d)"
        ),
        precision=MONTH,
        confidence=0.6,
        resolve=_r_en_month_only,
        needs=tuple(MONTHS_EN),
        relative=True,
    ),
    TimeForm(
        name="zh_bare_weekday",
        language=ZH,
        pattern=re.compile(r"(?<![每上下这本个])(?:周|星期|礼拜)([一二三四五六日天])(?![到至、和或])"),
        precision=DAY,
        confidence=0.6,
        resolve=_r_zh_bare_weekday,
        needs=("周", "星期", "礼拜"),
        relative=True,
    ),
    TimeForm(
        name="en_day_of_month",  # "on the 8th", "by the 3rd", "moved to the 21st": a day of this month or the next
        language=EN,
        pattern=re.compile(
            r"(?i)\b(?:on|by|until|till|before|after|since|from|around|for|to)\s+(?:the\s+)?(?P<day>[0-3]?\d)"
            r"(?:st|nd|rd|th)\b"
            # what follows an ordinal that is a date: the end, a mark, or a word no noun is ("the 8th floor" is none)
            r"(?=\s*(?:$|[^\w\s]|(?:and|but|so|then|at|in|on|when|because|for|with|this|next|last|too|as|or|to|we|"
            r"i|she|he|they|my|our|morning|afternoon|evening|night|lol|haha|which|if|until|till|before|after|from|"
            r"again|already|anyway|though)\b))"
        ),
        precision=DAY,
        confidence=0.6,
        resolve=_r_en_day_of_month,
        relative=True,
    ),
    TimeForm(
        name="zh_day_of_month",  # 8号, 30日, 八号: a day of this month or the one before or after, by the tense
        language=ZH,
        pattern=re.compile(
            r"(?<![\d月年第周期礼拜号.\-/:：几])(?:(?P<day>[0-3]?\d)[号日]|(?P<cn>十[一二三四五六七八九]?|"
            r"二十[一二三四五六七八九]?|三十一?|廿[一二三四五六七八九]?|卅一?|[一二三四五六七八九])号)"
            # 3号楼, 1号线, 5号床, 号码: a number, not a day
            r"(?![线楼房床门位车馆厅机口店码球桌窗座台院区栋单元层室道路街巷字牌种型选手元游内])"
        ),
        precision=DAY,
        confidence=0.6,
        resolve=_r_zh_day_of_month,
        needs=("号", "日"),
        relative=True,
    ),
    TimeForm(
        name="en_bare_weekday",
        language=EN,
        pattern=re.compile(rf"(?i)(?<!every )(?<!each )\b(?:on |(?P<since>since ))?(?P<day>{_WEEKDAY_EN})\b(?!s)"),
        precision=DAY,
        confidence=0.6,
        resolve=_r_en_bare_weekday,
        needs=_WEEKDAYS_EN,
        relative=True,
    ),
)


# "since 2017", "since last March", 自从2019年, 从2019年起, 2019年以来: still true, from then through the mention
# ("我是从2022年春节后离开A公司的" is no "since": 从 counts only with 开始 / 起 after the time)
_SINCE_BEFORE = re.compile(r"(?i)\bsince\s*$|自从\s*$")
_FROM_BEFORE = re.compile(r"(?:从|自)\s*$")
_FROM_AFTER = re.compile(r"^\s*(?:开始|起)")
_SINCE_AFTER = re.compile(r"^\s*(?:以来|至今|到现在|到今天)")
_EN_FROM_BEFORE = re.compile(r"(?i)\bfrom\s+$")
_FROM_MONTH = re.compile(rf"(?i)from ({_MONTH_EN})$")
_EN_RANGE_AFTER = re.compile(r"(?i)^\s*(?:to|till|until|through|-|–|—)")
_EN_PRESENT_STATE = re.compile(
    r"(?i)\b(?:I|we)(?:'m| am|'re| are|'ve been| have been)\b(?![^,.;!?]*\b(?:going|gonna)\b)"
)


_UNTIL_BEFORE = re.compile(r"(?i)\b(?:until|till|til|up to|through)\s+(?:the\s+)?$|(?:干|做|住|待|呆|留)到$")


def _until(text: str, span: tuple[int, int], expression: str) -> bool:
    """The time is the end of what the clause says ("until the end of August", "till 2019", "干到年底为止"): what
    holds, holds till then; since when, the words do not say."""
    before = text[max(0, span[0] - 12) : span[0]]
    return bool(
        re.match(r"(?i)(?:until|till)\b", expression)
        or _UNTIL_BEFORE.search(before)
        or (before.endswith("到") and text[span[1] : span[1] + 2] == "为止")
    )


def _since(text: str, span: tuple[int, int], expression: str) -> bool:
    before = text[max(0, span[0] - 8) : span[0]]
    after = text[span[1] : span[1] + 6]
    if expression.lower().startswith("since") or _SINCE_BEFORE.search(before):
        return not after.lstrip().startswith(("到", "至"))
    if _FROM_MONTH.match(expression) and not _EN_RANGE_AFTER.match(after):
        return True  # "the raise kicked in from september": from then on, as "since"
    if (_EN_FROM_BEFORE.search(before) or expression.lower().startswith("from ")) and not _EN_RANGE_AFTER.match(after):
        # "I'm a pharmacy tech at Goodcare from 2018", as Caribbean, Indian and Singapore English say "since": a
        # state said in the present from a time with no end
        return bool(_EN_PRESENT_STATE.search(text[max(0, span[0] - 120) : span[0]]))
    return bool(_SINCE_AFTER.match(after) or (_FROM_BEFORE.search(before) and _FROM_AFTER.match(after)))


_DIGIT = re.compile(r"\d")
_NUMERIC_FORMS = tuple(f for f in FORMS if not f.needs)  # every other form needs a number
_FORMS_BY_WORD: dict[str, tuple[TimeForm, ...]] = {}
for _form in FORMS:
    for _word in _form.needs:
        _FORMS_BY_WORD[_word] = (*_FORMS_BY_WORD.get(_word, ()), _form)
_ORDER = {f.name: i for i, f in enumerate(FORMS)}


def _active(text: str) -> list[TimeForm]:
    """The forms whose words are in the text, in FORMS order: most sentences skip most forms."""
    lowered = text.lower()
    names = {f.name: f for word, forms in _FORMS_BY_WORD.items() if word in lowered for f in forms}
    if _DIGIT.search(text):
        names.update((f.name, f) for f in _NUMERIC_FORMS)
    return sorted(names.values(), key=lambda f: _ORDER[f.name])


def find_times(text: str, mention_time: datetime | None) -> list[TimeMention]:
    """Every time expression in `text`, resolved; overlapping matches keep the earliest form's (the most specific).

    `mention_time` is read on its own calendar: pass it in the zone the words were written in (`local_moment`)."""
    anchor = mention_time.date() if mention_time else None
    taken: list[tuple[int, int]] = []
    out: list[TimeMention] = []
    for form in _active(text):
        if form.relative and anchor is None:
            continue  # a relative expression without a mention time cannot be resolved honestly
        for m in form.pattern.finditer(text):
            span = m.span(form.expression_group) if form.expression_group else m.span()
            if any(span[0] < e and s < span[1] for s, e in taken):
                continue
            if form.role is Role.ANCHORED:
                taken.append(span)
                out.append(_anchored(form, m, span))
                continue
            found = _resolve(form, m, text, span, anchor)
            if found is not None:
                taken.append(span)
                out.append(found)
    out.sort(key=lambda t: t.span[0])
    return _spans(text, out)


# what joins two times into one span: "from 2021 to March 2026", "2021年到2026年3月", "March - June"
_SPAN_JOIN = re.compile(r"(?i)^\s*(?:to|till|until|through|[-–—~～到至])\s*$")
_COARSER = (
    TimePrecision.SECOND, TimePrecision.DAY, TimePrecision.MONTH, TimePrecision.SEASON, TimePrecision.YEAR,
    TimePrecision.ROUGH, TimePrecision.UNKNOWN,
)  # fmt: skip


def _spans(text: str, found: list[TimeMention]) -> list[TimeMention]:
    """Two times joined by "to" / 到 as one closed span of either precision ("from 2021 to March 2026": 2021-01-01
    to 2026-03-31), where no range form read them as one."""
    out: list[TimeMention] = []
    for t in _month_ends(text, found):
        last = out[-1] if out else None
        if last is not None and last.form.endswith("day_of_month") and t.form.endswith("bare_weekday"):
            m = _WEEKDAY_AFTER.match(text, last.span[1])
            if m is not None and m.end() == t.span[1]:
                continue  # "二十三号，星期一": the weekday says which 23rd, no day of its own
        if (
            last is not None
            and last.start is not None
            and not last.closed_range
            and t.end is not None
            and last.start <= t.end
            and (t.start is None or last.start <= t.start)
            and _SPAN_JOIN.match(text[last.span[1] : t.span[0]])
            and "weekday" not in last.form + t.form  # ("tuesday through thursday": a week's schedule, no span)
        ):
            span = (last.span[0], t.span[1])
            end = _in_year_of(last, t)
            precision = max(last.precision, t.precision, key=_COARSER.index)
            out[-1] = replace(
                last, expression=text[span[0] : span[1]], span=span, end=end, precision=precision,
                closed_range=True, ongoing=False, relative=last.relative or t.relative,
            )  # fmt: skip
            continue
        out.append(t)
    return out


_TO_MONTH = re.compile(rf"(?i)\s*(?:to|[-–])\s+({_MONTH_EN})\b(?:\s+(\d{{4}}))?")


def _month_ends(text: str, found: list[TimeMention]) -> list[TimeMention]:
    """`found`, with the month a span ends on said bare after a time ("from March to June": June, read nowhere
    else since "to June" alone is no time)."""
    out = []
    for n, t in enumerate(found):
        out.append(t)
        m = _TO_MONTH.match(text, t.span[1])
        if t.start is None or m is None or (n + 1 < len(found) and found[n + 1].span[0] < m.end()):
            continue
        month = MONTHS_EN[m[1].lower()]
        year = int(m[2]) if m[2] else t.start.year + (month < t.start.month)
        end = _month_interval(year, month)[1]
        out.append(TimeMention(text[m.start(1) : m.end()], (m.start(1), m.end()), None, end, MONTH, t.confidence))
    return out


_YEAR_SAID = re.compile(r"\d{4}")


def _in_year_of(first: TimeMention, then: TimeMention) -> date:
    """The end of a span's second time, in the first's year when it says none ("2019年3月到6月": June 2019)."""
    end = then.end
    assert end is not None and first.start is not None
    if _YEAR_SAID.search(then.expression) or not _YEAR_SAID.search(first.expression):
        return end
    for year in (first.start.year, first.start.year + 1):
        last_day = calendar.monthrange(year, end.month)[1]
        moved = date(year, end.month, last_day if end.day == calendar.monthrange(end.year, end.month)[1] else end.day)
        if moved >= first.start:
            return moved
    return end


_CLAUSE_END = re.compile(r"[，。,;；！？!?\n]")


def _clause_around(text: str, span: tuple[int, int]) -> str:
    """The clause a time expression stands in: from the punctuation before it to the punctuation after it."""
    before = max((m.end() for m in _CLAUSE_END.finditer(text, 0, span[0])), default=0)
    after = _CLAUSE_END.search(text, span[1])
    return text[before : after.start() if after else len(text)]


def _resolve(
    form: TimeForm, m: re.Match[str], text: str, span: tuple[int, int], anchor: date | None
) -> TimeMention | None:
    if any(len(g) == 4 and g.isdigit() and not 1900 <= int(g) <= 2200 for g in m.groups() if g):
        return None  # "about 5000 years ago", "1234年": not a date of a life
    clause = _clause_around(text, span)
    alone = (
        clause.strip(" \t的时候") == text[span[0] : span[1]].strip()
    )  # "中秋节，我们去了苏州": the time, then its clause
    said = Said(text, anchor, None if alone else clause)
    try:
        resolved = form.resolve(m, said)
    except (ValueError, OverflowError):  # "5000 years ago", "1000000 days ago": outside the calendar
        return None
    if resolved is None:
        return None
    expression = text[span[0] : span[1]]
    ongoing = form.role is Role.ONGOING
    relative = said.used_anchor
    end = resolved.end
    start, closed = resolved.start, form.role is Role.RANGE
    if not ongoing and anchor is not None and resolved.start <= anchor and _since(text, span, expression):
        ongoing, end = True, max(anchor, resolved.start)  # "since 2017": from then through the mention
    elif not ongoing and not closed and _until(text, span, expression):
        start, closed = None, True  # "freelance until the end of August": it holds till then, from before
    return TimeMention(
        expression,
        span,
        start,
        end,
        resolved.precision or form.precision,
        resolved.confidence or form.confidence,
        closed_range=closed,
        ongoing=ongoing,
        relative=relative,
        form=form.name,
    )


_NEAR = {"不久": "soon", "没多久": "soon", "shortly": "soon", "right": "soon", "soon": "soon", "just": "soon"}


def _anchored(form: TimeForm, m: re.Match[str], span: tuple[int, int]) -> TimeMention:
    """疫情后不久, "a few months before my daughter was born": the anchor and the side, no invented date."""
    if form.language is ZH:
        anchor, side, how = _ANCHORS_ZH[m.group(1)], m.group(0)[len(m.group(1)) :], m.group(2) or ""
        side = "before" if "前" in side.removesuffix(how) else "after"
    else:
        anchor = next(key for key, _ in _ANCHORS_EN if m.group(key))
        how, side = (m.group(1) or "").strip().lower(), m.group(2).lower()
    distance = _NEAR.get(how) or ("years" if "year" in how or "年" in how else "months" if how else "")
    relation = f"{side}:{distance}" if distance else side
    return TimeMention(
        m.group(0), span, None, None, form.precision, form.confidence, anchor=anchor, relation=relation, form=form.name
    )


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


_OPENING_END = re.compile(r"^\s*[,，:：]")


def opening_time(sentence: str, times: list[TimeMention]) -> TimeMention | None:
    """A time said alone as the sentence's first clause ("上个月，我血压150/90", "Last month, I started physio", a
    note's `--when` said before its statement): it dates the clauses after it that name no time of their own."""
    first = next((t for t in times if t.resolved and not sentence[: t.span[0]].strip()), None)
    if first is None or not _OPENING_END.match(sentence[first.span[1] :]):
        return None
    return first


def told_day(text: str, mention_time: datetime | None) -> TimeMention | None:
    """The past day a message's telling opens with ("yesterday my HOD shouted at me ... i was so upset", "前天开会被
    批评了。我难过了一晚上"): a relative day, or a week, said first, before the mention day. A feeling the telling
    goes on to say in the past, naming no time of its own, was felt then, not on the day of the message."""
    head = re.match(r"\s*[^.!?。！？\n]{1,200}", text)
    if head is None or mention_time is None:
        return None
    first = next(iter(find_times(head.group(0), mention_time)), None)
    if first is None or head.group(0)[: first.span[0]].strip(" \t\n,，") or not first.relative:
        return None
    if first.start is None or first.end is None or first.end >= mention_time.date():
        return None
    if (first.end - first.start).days > 6:
        return None
    return first


# --- the source's own calendar -------------------------------------------------------------------------------------


def local_moment(moment: datetime | None, source_timezone: str | None, home: tzinfo) -> datetime | None:
    """A message time on the calendar it was written on: the source's own zone (Day One's `timeZone`), else the
    home's. "Yesterday" written at 23:22 on 19 July in Ho Chi Minh City is 18 July, whatever the home's zone."""
    if moment is None:
        return None
    return moment.astimezone(_zone(source_timezone) or home)


def _zone(name: str | None) -> tzinfo | None:
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


# --- time words left in a statement ------------------------------------------------------------------------------

# Any day reads the words the same: the probe only lets relative forms match, so their words are found
_PROBE = datetime(2000, 6, 15)


def time_word_spans(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, relative) of each time expression in `text`: relative ones ("去年", "yesterday", "三年了") were
    resolved against the mention and become false as time passes; absolute ones ("2021年", "June 2021") do not."""
    return [(t.span[0], t.span[1], t.relative) for t in find_times(text, _PROBE)]


_EN_LEAD = re.compile(r"(?i)(?:\b(?:in|on|at|during|since|from|around|about|by|until|for|back|over)\s+)+$")
_ZH_VERB_LE = re.compile(r"了\s*$")
_ZH_AMOUNT_START = r"^[\d一二三四五六七八九十两几半]"
_TIME_AS_OBJECT = re.compile(r"(?:[推改延挪提调定约]|推迟|延期)(?:到|在|成|至)\s*$")
# a day that is the object of a booking or a move, in English: "changed my return to jan 3", "booked YYZ to MNL for
# dec 18", "pushed the closing back to the 9th": the day the thing is now on, not when the booking was made (the
# passive says the thing's own day: "my hip surgery is scheduled for march 14th")
# the verbs that move a thing to another time, active ("changed my return to") or passive ("got pushed back to")
_EN_MOVED = r"rescheduled|changed|moved|pushed|postponed|delayed|bumped"
_EN_TIME_AS_OBJECT = re.compile(
    r"(?i)(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\bbe )(?<!'s )(?<!'re )(?<!\bgot )(?<!\bget )"
    rf"\b(?:{_ARRANGING}|{_EN_MOVED}|set)\b"
    r"[^.;!?,]{0,40}?\b(?:to|for|till|until)\s+(?:the\s+)?$"
)
# in Chinese: the day of a thing booked or bought (订了一月二十六号的高铁, 约了下周三的号)
_ZH_DAY_OF_THING = re.compile(r"[订约买]了\s*$")


# a participle after what the clause said of a thing, with its time: "my mortgage is 612k at 5.1 renewing in 2029",
# "my lease is up, expiring in March" (after a figure or a comma; not a gerund after a verb, "went hiking in June")
_EN_PARTICIPLE_TIME = re.compile(
    r"(?i)(?:\d[%k]?|,)\s+[a-z]{3,}ing\s+(?:(?:in|on|by|at|from|around|until|till|for)\s+)?(?:the\s+)?$"
)


_EN_BE_BEFORE = re.compile(
    r"(?i)\b(?:is|are|was|were|'s)\s+(?:(?:on|in|at|for|from)\s+)?(?:the\s+)?$"
    # or what a thing was moved to, the passive's too: "the knee surgery got pushed back to april 2nd"
    rf"|\b(?:{_EN_MOVED})(?: back| up| out)? (?:to|until|till)\s+(?:the\s+)?$"
)
_EN_BE_AFTER = re.compile(r"(?i)^\s*(?:is|are|was|were|'s)\b")
# a time that is what the clause speaks of, opening it before its verb or its degree word: "i think this year quite
# tiring", "last week has been crazy", "and yesterday was rough" (the clause's subject: taken out it says nothing)
_EN_TIME_SUBJECT_AFTER = re.compile(
    r"(?i)^\s*(?:(?:has|had)\s+been|is|are|was|were|'s|quite|so|very|really|too|pretty|super|kinda|damn|rather)\b"
)
_EN_CLAUSE_OPEN = re.compile(
    r"(?i)(?:^|[,.;:!?]|\b(?:and|but|thinks?|thought|feels?|felt|guess|reckons?|finds?|says?|said)(?:\s+that)?)\s*$"
)


def time_is_predicate(before: str, after: str) -> bool:
    """The time is what "is" says of its subject ("my flight home is on Dec 20", "Jan 3 is my return flight"), what
    the thing was moved to ("got pushed back to april 2nd"), or the subject itself ("this year quite tiring"): taken
    out, the sentence would say nothing."""
    return bool(
        _EN_BE_BEFORE.search(before)
        or (not before.strip() and _EN_BE_AFTER.match(after))
        or (_EN_CLAUSE_OPEN.search(before) and _EN_TIME_SUBJECT_AFTER.match(after))
    )


def time_as_object(before: str, after: str) -> bool:
    """The time between `before` and `after` belongs to other words than the clause's own verb: what a booking or a
    move is for ("改到周日", "changed my return to jan 3", 订了一月二十六号的高铁), or when a participle after the
    clause happens ("my mortgage is 612k at 5.1 renewing in 2029"). It stays in those words."""
    return bool(
        _TIME_AS_OBJECT.search(before)
        or _EN_TIME_AS_OBJECT.search(before)
        or (_ZH_DAY_OF_THING.search(before) and after.startswith("的"))
        or _EN_PARTICIPLE_TIME.search(before)
    )


# a Chinese time that a comparison is of, the time before 比 / 跟…比 / 和…相比 ("今年比去年忙", "这个月跟上个月比")
_ZH_COMPARES = re.compile(r"\s*(?:比|(?:跟|和|同|与)[^，,。；]{1,8}?(?:比|相比))")
_RANGE_ON = re.compile(r"\s*(?:[-–~～到至]|to\b|until\b|till\b)\s*\d")


_WEEKDAY_WORD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# weekdays said in a pair, a list or a span ("tuesday and thursday", "monday to friday", "mon-fri"): a week's
# schedule, no day of the calendar
_WEEKDAYS_JOINED = r"(?:,|and|or|&|/|to|-|–|through|thru|till|until)"
_RECURRING_WEEKDAY_AFTER = re.compile(
    r"(?i)^s?(?:\s*" + _WEEKDAYS_JOINED + r"\s*" + _WEEKDAY_WORD + r"|\s+(?:nights?|mornings?|evenings?|afternoons?)\b)"
)
_RECURRING_WEEKDAY_BEFORE = re.compile(r"(?i)\b" + _WEEKDAY_WORD + r"s?\s*" + _WEEKDAYS_JOINED + r"\s*$")


# a weekday or a weekend said without its week: what a liking or a habit recurs on ("我喜欢周末爬山", "I hike on
# weekends"), never the day it began
_WEEK_UNSAID = frozenset({"bare_weekend", "zh_bare_weekday", "en_bare_weekday"})


def may_recur(t: TimeMention) -> bool:
    """`t` is a weekday or a weekend said without its week: of a liking or a habit, when it recurs, not a date."""
    return t.form in _WEEK_UNSAID


def weekly(text: str, t: TimeMention) -> bool:
    """`t` is a weekday said with another in a pair, a list or a span: when it recurs, not a date."""
    said = text[t.span[0] : t.span[1]]
    if not re.fullmatch(r"(?i)(?:on\s+)?" + _WEEKDAY_WORD, said.strip()):
        return False
    after, before = text[t.span[1] :], text[: t.span[0]]
    return bool(_RECURRING_WEEKDAY_AFTER.match(after) or _RECURRING_WEEKDAY_BEFORE.search(before))


_ZH_WEEKDAY = r"(?:周|星期|礼拜)[一二三四五六日天]"
# Chinese weekdays said in a pair, a list or a span: "周六周日各三个钟", "周二和周四", "周一到周五", "礼拜一、礼拜三"
_ZH_WEEKDAYS_AFTER = re.compile(
    r"^(?:[、和跟与到至~\-]|或者?)?(?:" + _ZH_WEEKDAY + r"|[一二三四五六日天](?![\u4e00-\u9fff]{0,1}[号日]))"
)
_ZH_WEEKDAYS_BEFORE = re.compile(_ZH_WEEKDAY + r"(?:[、和跟与到至~\-]|或者?)?$")


def zh_weekly(text: str, t: TimeMention) -> bool:
    """`t` is a Chinese weekday said with another in a pair, a list or a span: a week's schedule, not a date."""
    said = text[t.span[0] : t.span[1]]
    if not re.fullmatch(_ZH_WEEKDAY, said):
        return False
    return bool(_ZH_WEEKDAYS_AFTER.match(text[t.span[1] :]) or _ZH_WEEKDAYS_BEFORE.search(text[: t.span[0]]))


# a trailing verb of the thing just named, its subject left out, before its day: ", starts in January", ", ends may 3"
# (the verb also bare, as a writer in a second language says it: "enrolled for the diploma, start in september")
THINGS_VERB_BEFORE = re.compile(
    r"(?i),\s*(?:it\s+|which\s+)?(?:starts?|begins?|ends|finish(?:es)?|runs|opens?|closes?|kicks? off|wraps? up|"
    r"is due|due)"
    r"(?:\s+(?:on|in|at|from|until|till|by))?\s*$"
)
_FROM_THE_MENTION = re.compile(r"(?i)\b(?:next|last|this|tomorrow|yesterday|ago|tonight|today)\b")
# what a time stands after when it is the time of what is compared with: "busier than last year", "7.2 now, up from
# 6.8 last year", "compared to last spring" (neither when the statement holds nor a word to cut from it)
COMPARED_BEFORE = re.compile(r"(?i)\bthan\s*$|\b(?:up|down)\s+from\s+\S+(?:\s+[a-z%]+)?\s*$|\bcompared (?:to|with)\s*$")


def compared(sentence: str, t: TimeMention) -> bool:
    """ "收入比去年多了三成", "busier than last year", "7.2 now, up from 6.8 last year": a time compared with (or the
    time of the value compared with) is not when the statement holds."""
    before = sentence[max(0, t.span[0] - 6) : t.span[0]]
    return before.endswith("比") or bool(COMPARED_BEFORE.search(sentence[max(0, t.span[0] - 30) : t.span[0]]))


def as_absolute(text: str, time: TimeMention) -> str:
    """`text` with `time`'s relative words written as its date, to the precision it was said, in the text's language
    ("把婚礼定在明年3月" said in 2026 -> "把婚礼定在2027年3月", "set for next march" -> "set for March 2027"): for what
    a sentence cannot lose (the day a thing is set for), which a stored "明年" would make wrong next year."""
    if not time.relative or time.start is None or time.expression not in text:
        return text
    start, zh = time.start, bool(_CJK.search(text))
    if time.precision is TimePrecision.DAY and time.end == start:
        words = f"{start.year}年{start.month}月{start.day}日" if zh else start.isoformat()
    elif time.precision is TimePrecision.MONTH and time.end is not None and time.end.month == start.month:
        words = f"{start.year}年{start.month}月" if zh else f"{calendar.month_name[start.month]} {start.year}"
    elif time.precision is TimePrecision.YEAR:
        words = f"{start.year}年" if zh else str(start.year)
    else:
        return text  # a week, a season, a rough span: no short date says it
    at = text.index(time.expression)
    before = text[:at]
    if not zh and _EN_BARE_RELATIVE.match(time.expression) and not _joined(before):
        # "up from 3,900 last year" -> "up from 3,900 in 2025": a bare "last year" after a noun needs its preposition
        words = ("on " if time.precision is TimePrecision.DAY else "in ") + words
    return before + words + text[at + len(time.expression) :]


def _joined(before: str) -> bool:
    """What a date may follow as it is: a preposition, "than", or the opening of a clause it is the subject of."""
    return bool(_EN_PREPOSITION_BEFORE.search(before) or _EN_CLAUSE_OPEN.search(before))


_EN_BARE_RELATIVE = re.compile(r"(?i)(?:last|this|next|yesterday|today|tomorrow|tonight)\b")
# (the words of `_joined` that join a date to what stands before it)
_EN_PREPOSITION_BEFORE = re.compile(
    r"(?i)\b(?:in|on|at|since|from|until|till|by|of|than|to|for|during|before|after|through)\s*$"
)


def without_relative_times(text: str) -> str:
    """`text` without the relative time words in it ("用户去年离开北京" -> "用户离开北京", "The user lost their job
    yesterday" -> "The user lost their job"): the time is in the memory's valid time, and a stored "去年" would be
    wrong next year. Absolute times stay ("2021年"), and so does a Chinese duration after 了 ("在华为干了五年了"), which
    the sentence cannot lose."""
    out = text
    for start, end, relative in reversed(time_word_spans(text)):
        if not relative:
            continue
        before, after = out[:start], out[end:]
        said = out[start:end]
        if (
            "没" in said
            or before.endswith(("比", "已经"))  # 比去年多了三成; 在这家已经一年多了 (a span the sentence holds)
            # the time of what is compared with: "busier than last year", "7.2 now, up from 6.8 last year"
            or COMPARED_BEFORE.search(before) is not None
            # the day of a thing named, after its own verb: "signed up for the program, starts in January"
            # (a month or a day of it; words counted from the mention, "next week", would be wrong when read later)
            or (THINGS_VERB_BEFORE.search(before) is not None and _FROM_THE_MENTION.search(said) is None)
            # a duration said with how near or how full it is: 离婚快两年了, 将近三年, 整整十年 (what the clause says)
            or (before.endswith(("快", "近", "差不多", "整整", "足足", "都")) and re.match(_ZH_AMOUNT_START, said))
            or (_ZH_VERB_LE.search(before) and re.match(_ZH_AMOUNT_START, said))
            or time_as_object(before, after)  # 搬家推到10月3号了, 改成周日: the time is what the verb moved to
            or time_is_predicate(before, after)  # "my flight home is on Dec 20"
            or _ZH_COMPARES.match(after)  # 今年比去年轻松: the time is what is compared
            or _RANGE_ON.match(after)  # "Japan Oct 20-26": the range's end would be left alone
        ):
            continue  # "三个月没联系了" holds the verb; "干了五年了" would lose its sense
        if re.fullmatch(r"(?i)(?:on\s+)?" + _WEEKDAY_WORD, said.strip()) and (
            _RECURRING_WEEKDAY_AFTER.match(after) or _RECURRING_WEEKDAY_BEFORE.search(before)
        ):
            continue  # "tuesday and thursday nights": when it recurs, what the sentence says (it is no day)
        if re.fullmatch(_ZH_WEEKDAY, said) and (_ZH_WEEKDAYS_AFTER.match(after) or _ZH_WEEKDAYS_BEFORE.search(before)):
            continue  # "周六周日各三个钟": the same, in Chinese
        if re.search(r"[A-Za-z]\W*$", before) or not before.strip():
            before = _EN_LEAD.sub("", before)
        before = THINGS_VERB_BEFORE.sub("", before)  # "..., starts next week": the verb goes with its day
        before = re.sub(r"(?:的|那天|时候)$", "", before).rstrip(" ")
        if re.search(r"[\u4e00-\u9fff]$", said):
            after = re.sub(r"^(?:的时候|那天|的|之?前(?=[想要得把就会]))", "", after)  # 年底前想…: by then
            if re.search(r"(?:从|自)$", before) and re.match(r"起|开始", after):
                # 从下个月开始学 -> 开始学; 从明年起每天跑步 -> 每天跑步; 从去年开始我就… -> 我就…
                before, after = before[:-1], re.sub(r"^(?:起|开始(?=[，,、我你他她就都也]))[，,]?", "", after)
        after = after.lstrip(" ")
        gap = " " if before and after[:1].isascii() and after[:1].isalnum() else ""
        out = before + gap + after
    out = re.sub(r"^[\s,，、]+|[\s,，、]+(?=[。.!！?？]?$)", "", out)
    out = re.sub(r"\s+([,.!?])", r"\1", re.sub(r"\s{2,}", " ", out))
    # two commas left where a time between them went: one, in the language around it ("Kraków, flights booked")
    out = re.sub(r"(?<=[\u4e00-\u9fff])[，,]\s*[，,]|[，,]\s*[，,](?=[\u4e00-\u9fff])", "，", out)
    out = re.sub(r",\s*,\s*", ", ", out)
    return out[:1].upper() + out[1:] if out[:1].islower() and text[:1].isupper() else (out or text)


def describe(row: dict) -> str:
    """A memory's time as said, for people and prompts: the interval, its precision and the original words."""
    start, end = row.get("valid_time_start"), row.get("valid_time_end")
    if not start:
        return ""
    span = f"since {start}" if not end else start if end == start else f"{start} – {end}"
    said = f", «{row['time_expression']}»" if row.get("time_expression") else ""
    return f" ({span}, {row.get('time_precision')}{said})"
