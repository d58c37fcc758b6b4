"""A day the question names favours the lines of that day (`named_days`, `time_day`); a speaker it names favours
what that speaker said (`named_speaker`); "in the last year" is the twelve months before the question, "last year"
the calendar year (issue 12, session 9)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from mirror_pipeline.core.ranking import Corpus, Method, RankingWeights, named_days, score, time_intent
from mirror_pipeline_tests.core.test_ranking_questions import _turn
from mirror_pipeline_tests.fakes import FakeEmbedder

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _order(rows, query, weights=None):
    e = FakeEmbedder()
    corpus = Corpus.build(rows, e.passages([r["text"] for r in rows]))
    ranked = score(corpus, query, e.query(query), NOW, weights or RankingWeights(), Method.HYBRID, 10)
    return [rows[s.index]["doc_id"] for s in ranked]


def _filler(n: int, when: datetime) -> list[dict]:
    topics = ["the printer jammed again", "we painted the fence", "my cousin called from Leeds", "rain all week"]
    return [_turn(f"f{n}{j}", t, f"s-f{n}", when) for j, t in enumerate(topics)]


def test_a_day_is_named_with_its_month_and_year_in_every_written_form():
    assert named_days("What did she say on October 13, 2023?") == (date(2023, 10, 13),)
    assert named_days("what happened on 13 October 2023 and the 3rd of June 2023") == (
        date(2023, 10, 13),
        date(2023, 6, 3),
    )
    assert named_days("Sept. 1st, 2022") == (date(2022, 9, 1),)
    assert named_days("the picture shared on December 1,2023") == (date(2023, 12, 1),)
    assert named_days("notes from 2023-06-03 and 2023/6/3") == (date(2023, 6, 3),)
    assert named_days("2023年6月3日我说了什么") == (date(2023, 6, 3),)
    # no day: a month and year, a year, an impossible day, a bare day of the month
    assert named_days("in June 2023") == () and named_days("in 2023") == ()
    assert named_days("February 30, 2023") == () and named_days("on the 13th") == ()
    assert time_intent("What did Jon do on 1 February, 2023?", NOW).days == (date(2023, 2, 1),)


def test_a_line_of_the_named_day_outranks_an_equally_close_line_of_another_day():
    day, far = datetime(2023, 6, 3, 10, tzinfo=UTC), datetime(2023, 8, 20, 10, tzinfo=UTC)
    rows = [
        _turn("a-august", "We took the kids to the lake for a picnic.", "s-aug", far),
        _turn("b-june", "We took the kids to the lake for a picnic.", "s-jun", day),
        *_filler(1, far),
        *_filler(2, day),
    ]
    query = "Where did they go with the kids on 3 June, 2023?"
    assert _order(rows, query).index("b-june") < _order(rows, query).index("a-august")
    # without the day's part the two tie and the doc id decides: the test reads the mechanism, not the tie-break
    off = _order(rows, query, RankingWeights(time_day=0.0))
    assert off.index("a-august") < off.index("b-june")


def test_the_day_fades_over_the_slack_either_side():
    near, far = datetime(2023, 6, 5, tzinfo=UTC), datetime(2023, 6, 12, tzinfo=UTC)
    rows = [
        _turn("a-far", "We took the kids to the lake for a picnic.", "s-far", far),
        _turn("b-near", "We took the kids to the lake for a picnic.", "s-near", near),
        *_filler(1, far),
    ]
    e = FakeEmbedder()
    corpus = Corpus.build(rows, e.passages([r["text"] for r in rows]))
    query = "Where did they go with the kids on 3 June, 2023?"
    parts = {
        rows[s.index]["doc_id"]: s.components
        for s in score(corpus, query, e.query(query), NOW, RankingWeights(), Method.HYBRID, 10)
    }
    w = RankingWeights()
    # two days after the named day: (1 - 2 / (slack + 1)) of the weight; nine days after: nothing
    assert abs(parts["b-near"]["day"] - w.time_day * (1 - 2 / (w.time_day_slack + 1))) < 1e-3
    assert "day" not in parts["a-far"]


def test_a_month_window_counts_for_more_than_a_year_window():
    rows = [
        _turn("june", "We took the kids to the lake for a picnic.", "s-jun", datetime(2023, 6, 10, tzinfo=UTC)),
        _turn("august", "We took the kids to the lake for a picnic.", "s-aug", datetime(2023, 8, 10, tzinfo=UTC)),
        *_filler(1, datetime(2023, 6, 10, tzinfo=UTC)),
    ]
    e = FakeEmbedder()
    corpus = Corpus.build(rows, e.passages([r["text"] for r in rows]))
    w = RankingWeights()

    def time_part(query: str) -> dict[str, float]:
        ranked = score(corpus, query, e.query(query), NOW, w, Method.HYBRID, 10)
        return {rows[s.index]["doc_id"]: s.components.get("time", 0.0) for s in ranked}

    month = time_part("Where did they go with the kids in June 2023?")
    assert month["june"] == w.time_month > w.time_match and month["august"] == 0.0
    year = time_part("Where did they go with the kids in 2023?")
    assert year["june"] == year["august"] == w.time_match


def _said(doc_id, name, text, session):
    return {**_turn(doc_id, text, session, datetime(2023, 5, 1, tzinfo=UTC)), "speaker_name": name}


def test_what_the_named_speaker_said_outranks_a_line_that_only_mentions_them():
    rows = [
        _said("a-mel", "Melanie", "Caroline and the kids loved the lake trip.", "s1"),
        _said("b-car", "Caroline", "The lake trip was the best.", "s2"),
        _said("c-mel", "Melanie", "I painted the fence on Sunday.", "s3"),
        _said("d-car", "Caroline", "Work has been busy lately.", "s4"),
        _said("e-mel", "Melanie", "The printer jammed again.", "s5"),
    ]
    query = "What did Caroline say about the lake trip?"
    assert _order(rows, query)[0] == "b-car"
    # the speaker's part decides it: without it the line that names her ranks first
    assert _order(rows, query, RankingWeights(named_speaker=0.0))[0] == "a-mel"


def test_in_the_last_year_is_the_twelve_months_before_the_question_and_last_year_the_calendar_year():
    rolling = (date(2025, 12, 1), date(2026, 12, 1))
    for q in (
        "Which races did I run in the last year?",
        "what have I cooked over the past year",
        "What events has my band played at this past year?",
        "How many books did I read during the past 12 months?",
        "过去一年我去了哪些地方",
        "近一年我换过工作吗",
    ):
        assert time_intent(q, NOW).window == rolling, q
    for q in ("Where did I go on holiday last year?", "去年我去了哪里"):
        assert time_intent(q, NOW).window == (date(2025, 1, 1), date(2025, 12, 31)), q
    assert time_intent("the past two years", NOW).window == (date(2024, 12, 1), date(2026, 12, 1))
    assert time_intent("过去三个月我跑了几次", NOW).window == (date(2026, 9, 1), date(2026, 12, 1))
    assert time_intent("过去半年", NOW).window == (date(2026, 6, 1), date(2026, 12, 1))
    assert time_intent("in the last month", datetime(2026, 3, 31, tzinfo=UTC)).window == (
        date(2026, 2, 28),
        date(2026, 3, 31),
    )
    assert time_intent("这两年来我搬过几次家", NOW).window == (date(2024, 12, 1), date(2026, 12, 1))
    # not a span: the last time; 接近一年 is "nearly a year" (a length, not the months before the question)
    assert time_intent("when did I see her for the last time", NOW).window is None
    assert time_intent("我接近一年没跑步了", NOW).window is None
