"""Session 21 (issue 10): the year of a month said in the month one is in, the day a thing is set at, a weekday gone
by as regions say it, a weekday said on that very weekday."""

from datetime import datetime, timedelta, timezone

import pytest

from mirror_pipeline.core.timeexpr import find_times

CST = timezone(timedelta(hours=8))


def _times(text: str, day: str) -> list[tuple[str, str]]:
    return [(t.start_iso, t.end_iso) for t in find_times(text, datetime.fromisoformat(day + "T21:00").replace(tzinfo=CST))]


@pytest.mark.parametrize(
    ("text", "day", "want"),
    [
        # the month one is in, said done, is this one (REVIEW-20 #2), not the year before
        ("妈，我五月去青岛上班了", "2026-05-01", ("2026-05-01", "2026-05-31")),
        ("I started the night shift in december", "2026-12-09", ("2026-12-01", "2026-12-31")),
        # said ahead, it is this one while it lasts, the next one once it has ended
        ("I'm moving to Leeds in november", "2026-11-28", ("2026-11-01", "2026-11-30")),
        ("going to visit my gran in april", "2026-10-10", ("2027-04-01", "2027-04-30")),
        # and a month long gone said done is this year's
        ("三月份我搬到了长沙", "2026-11-01", ("2026-03-01", "2026-03-31")),
        ("我五月去青岛上班了", "2026-04-20", ("2025-05-01", "2025-05-31")),
        # a part of a month the same way: begun and said done is this one
        ("月初的时候，我三月上旬去了趟成都", "2026-03-05", ("2026-03-01", "2026-03-10")),
    ],
)
def test_a_month_without_its_year_is_read_by_whether_it_has_begun_or_ended(text, day, want) -> None:
    assert want in _times(text, day)


@pytest.mark.parametrize(
    ("text", "day", "want"),
    [
        ("我的驾照考试约在了一月八号", "2026-12-05", ("2027-01-08", "2027-01-08")),
        ("婚礼定在了二月十八号", "2026-12-02", ("2027-02-18", "2027-02-18")),
        # (a day set a few days back is the one told of)
        ("面试约在了十二月三号", "2026-12-05", ("2026-12-03", "2026-12-03")),
    ],
)
def test_the_le_of_setting_a_thing_at_a_day_is_the_settings_not_the_things(text, day, want) -> None:
    assert _times(text, day) == [want]


@pytest.mark.parametrize(
    ("text", "day", "want"),
    [
        # said on Friday 2026-11-20: "friday gone" is the Friday before, never the day itself nor the next
        ("we move over on de ferry friday gone, sea was rough rough", "2026-11-20", "2026-11-13"),
        ("friday gone we went to see the flat", "2026-11-20", "2026-11-13"),
        ("tuesday past I had my MOT", "2026-11-26", "2026-11-24"),
        ("monday just gone I signed the lease", "2026-12-09", "2026-12-07"),
        ("this past Monday I got the keys", "2026-11-23", "2026-11-16"),
    ],
)
def test_a_weekday_gone_by_said_as_regions_say_it_is_the_last_one_before_the_telling(text, day, want) -> None:
    assert _times(text, day) == [(want, want)]


def test_a_weekday_past_as_a_preposition_is_no_time() -> None:
    # "past" before a noun is a preposition: the weekday is read by its clause's tense instead
    assert _times("we drive past the mall on friday past the bridge", "2026-11-20") != [("2026-11-13", "2026-11-13")]


def test_a_weekday_said_with_no_tense_on_that_weekday_is_the_day_itself() -> None:
    # a Wednesday's diary entry: "礼拜三第一天上班" is today, not the Wednesday after
    assert _times("礼拜三第一天上班，骑电动车二十五分钟到公司", "2026-05-06") == [("2026-05-06", "2026-05-06")]
    # said on another day, or with what is ahead, the coming one
    assert _times("礼拜三第一天上班", "2026-05-04") == [("2026-05-06", "2026-05-06")]
    assert _times("下礼拜三第一天上班", "2026-05-06") == [("2026-05-13", "2026-05-13")]
