from datetime import UTC, datetime, timedelta

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import Extracted, govern
from mirror_pipeline.core.model import IssueType, MemoryState
from mirror_pipeline_tests.core.helpers import evidence

T0 = datetime(2026, 9, 28, tzinfo=UTC)


def extracted(text: str, day: int, evidence_id: str) -> list[Extracted]:
    when = T0 + timedelta(days=day)
    return [Extracted(c, when) for c in extract(evidence(text, evidence_id=evidence_id, when=when))]


def test_a_move_supersedes_the_old_residence_and_keeps_it_as_history() -> None:
    governed = govern(extracted("我现在住在东京。", 0, "ev_a") + extracted("I moved to Osaka last week!", 28, "ev_b"))
    residence = [m for m in governed.versions if m.predicate == "lives_in"]
    assert [(m.version, m.object, m.state) for m in residence] == [
        (1, "东京", MemoryState.SUPERSEDED),
        (2, "Osaka", MemoryState.CONFIRMED),
    ]
    assert residence[1].supersedes == residence[0].version_id
    assert residence[0].valid_time_end == residence[1].valid_time_start  # the old one ends where the new one starts
    current = {m.predicate: m for m in governed.current}
    assert current["lives_in"].object == "Osaka"


def test_a_new_manager_supersedes_the_old_one() -> None:
    # REVIEW-16: "Kevin Zhou is the user's manager" and "刘洋是用户的领导" were both served as current
    governed = govern(
        extracted("My manager Kevin Zhou wants weekly updates.", 0, "ev_a")
        + extracted("组织调整了，我的新领导是刘洋。", 60, "ev_b")
    )
    managers = [m for m in governed.versions if m.predicate == "manager"]
    assert [m.object for m in managers] == ["Kevin Zhou", "刘洋"]
    assert managers[0].state is MemoryState.SUPERSEDED and managers[1].supersedes == managers[0].version_id
    assert [m.object for m in governed.current if m.predicate == "manager"] == ["刘洋"]


def test_the_same_place_in_two_languages_is_one_version_with_both_evidences() -> None:
    governed = govern(extracted("I moved to Osaka last week!", 0, "ev_a") + extracted("我现在住在大阪", 14, "ev_b"))
    (residence,) = [m for m in governed.current if m.predicate == "lives_in"]
    assert residence.version == 1 and set(residence.evidence_ids) == {"ev_a", "ev_b"}


def test_write_policy_confirms_low_risk_and_asks_for_the_rest() -> None:
    governed = govern(
        extracted("我现在住在东京。", 0, "ev_1")
        + extracted("我在A公司工作", 0, "ev_2")
        + extracted("Wei is my cousin", 0, "ev_3")
    )
    states = {m.predicate: m.state for m in governed.current}
    assert states == {
        "lives_in": MemoryState.CONFIRMED,
        "works_at": MemoryState.PENDING_REVIEW,
        "cousin": MemoryState.PENDING_REVIEW,
    }
    questions = {i.memory_ids[0]: i for i in governed.issues if i.issue_type is IssueType.CONFIRMATION_NEEDED}
    assert len(questions) == 2
    cousin = next(m for m in governed.current if m.predicate == "cousin")
    assert questions[cousin.memory_id].priority.value == "high"  # family is sensitive: class C


def test_two_residences_said_the_same_day_are_a_conflict_not_a_guess() -> None:
    governed = govern(extracted("I live in Tokyo.", 0, "ev_1") + extracted("I live in Kyoto.", 0, "ev_2"))
    (head,) = [m for m in governed.current if m.predicate == "lives_in"]
    assert head.state is MemoryState.CONFLICTED
    (issue,) = [i for i in governed.issues if i.issue_type is IssueType.FACT_CONFLICT]
    assert issue.options[0].startswith("Tokyo (2026-09-28: ") and issue.options[1].startswith("Kyoto")
    assert issue.options[-1] == "later"


def test_versions_follow_when_things_were_true_not_when_they_were_said() -> None:
    items = (
        extracted("我现在住在东京。", 0, "ev_1")
        + extracted("我搬到了大阪。", 30, "ev_2")
        + extracted("2015年我住在北京。", 60, "ev_3")  # said last, true first
    )
    governed = govern(items)
    chain = [(m.version, m.object, m.state) for m in governed.versions if m.predicate == "lives_in"]
    assert chain[-1][1:] == ("大阪", MemoryState.CONFIRMED)
    beijing = next(m for m in governed.versions if m.object == "北京")
    assert beijing.state is MemoryState.SUPERSEDED and beijing.valid_time_end <= "2026-09-28"


def test_the_outcome_does_not_depend_on_evidence_ids() -> None:
    text = "我现在住在东京。上个月我搬到了大阪。"
    outcomes = set()
    for evidence_id in ("ev_a", "ev_b", "ev_zz", "ev_000"):
        governed = govern(extracted(text, 0, evidence_id))
        (head,) = [m for m in governed.current if m.predicate == "lives_in"]
        outcomes.add((head.object, head.state))
    assert len(outcomes) == 1


def test_days_are_the_persons_calendar_days() -> None:
    from zoneinfo import ZoneInfo

    shanghai = ZoneInfo("Asia/Shanghai")
    # journal entries dated 2024-05-01 and 2024-06-01 in Shanghai are stored as the previous evening in UTC
    may = datetime(2024, 4, 30, 16, tzinfo=UTC)
    june = datetime(2024, 5, 31, 16, tzinfo=UTC)
    items = [Extracted(c, may) for c in extract(evidence("我住在东京。", evidence_id="ev_1", when=may))]
    items += [Extracted(c, june) for c in extract(evidence("我住在大阪。", evidence_id="ev_2", when=june))]
    tokyo = next(m for m in govern(items, shanghai).versions if m.object == "东京")
    assert tokyo.valid_time_end == "2024-06-01"


def test_a_residence_that_is_not_a_known_place_waits_for_the_person() -> None:
    governed = govern(extracted("我现在住在公司附近。", 0, "ev_1"))
    (home,) = [m for m in governed.current if m.predicate == "lives_in"]
    assert home.state is MemoryState.PENDING_REVIEW


def test_a_job_taken_supersedes_the_old_workplace() -> None:
    # REVIEW-16 #2: "I joined Lantu Health" left the old employer current beside the new job
    governed = govern(
        extracted("I work at Harbourline Freight.", 0, "ev_a") + extracted("Big day: I joined Qiantu Robotics.", 40, "ev_b")
    )
    jobs = [m for m in governed.versions if m.predicate == "works_at"]
    assert [m.object for m in jobs] == ["Harbourline Freight", "Qiantu Robotics"]
    assert jobs[0].state is MemoryState.SUPERSEDED and jobs[1].supersedes == jobs[0].version_id
    assert [m.object for m in governed.current if m.predicate == "works_at"] == ["Qiantu Robotics"]


def test_leaving_a_workplace_ends_working_there_unless_it_is_said_again_later() -> None:
    # REVIEW-16 #3: the employer left was served as current
    for left in ("Friday was my last day at Harbourline Freight.", "我上个月从Harbourline Freight离职了。"):
        governed = govern(extracted("I work at Harbourline Freight.", 0, "ev_a") + extracted(left, 50, "ev_b"))
        (job,) = [m for m in governed.versions if m.predicate == "works_at"]
        (leaving,) = [m for m in governed.current if m.predicate == "left"]
        assert job.state is MemoryState.SUPERSEDED and job.valid_time_end == leaving.valid_time_start
        assert not [m for m in governed.current if m.predicate == "works_at"]
    again = govern(
        extracted("I quit Harbourline Freight in 2023.", 0, "ev_a")
        + extracted("I work at Harbourline Freight again.", 50, "ev_b")
    )
    assert [m.object for m in again.current if m.predicate == "works_at"] == ["Harbourline Freight"]


def test_an_emotion_stays_a_dated_snapshot_and_never_becomes_a_fact() -> None:
    governed = govern(
        extracted("今天好累。", 0, "ev_1") + extracted("今天好累。", 0, "ev_2") + extracted("I'm exhausted.", 3, "ev_3")
    )
    assert {m.memory_type.value for m in governed.versions} == {"emotion"}
    days = sorted((m.object, m.valid_time_start, len(m.evidence_ids)) for m in governed.current)
    assert days == [("exhausted", "2026-10-01", 1), ("累", "2026-09-28", 2)]
    assert all(m.state is MemoryState.CONFIRMED for m in governed.current)
    assert not governed.issues  # a feeling is not asked about
    assert all(any("not a fact" in label for label in governed.labels[m.version_id]) for m in governed.current)


def test_an_anchored_time_resolves_once_the_timeline_knows_the_event() -> None:
    before = extracted("疫情后不久我搬到了杭州。", 0, "ev_1")
    (moved,) = [m for m in govern(before).current if m.predicate == "moved_to"]
    assert moved.valid_time_start is None and moved.time_expression == "疫情后不久"  # no pandemic on this timeline
    story = extracted("我女儿是2019年出生的。", 0, "ev_2") + extracted("孩子出生前几个月我搬到了苏州。", 1, "ev_3")
    (suzhou,) = [m for m in govern(story).current if m.predicate == "moved_to"]
    assert (suzhou.valid_time_start, suzhou.valid_time_end, suzhou.time_precision.value) == (
        "2018-01-01",
        "2018-12-02",
        "rough",
    )


def test_a_before_the_mention_bound_is_kept_without_a_start() -> None:
    from dataclasses import replace

    from mirror_pipeline.core.model import TimePrecision

    (item,) = extracted("我在北京住过。", 0, "ev_1")
    # what timeexpr gives "2021年之前": no start, an upper bound
    bound = replace(
        item.candidate,
        valid_time_start=None,
        valid_time_end="2020-12-31",
        time_precision=TimePrecision.YEAR,
        time_expression="2021年之前",
    )
    (memory,) = govern([Extracted(bound, item.extracted_at)]).current
    assert (memory.valid_time_start, memory.valid_time_end, memory.time_expression) == (
        None,
        "2020-12-31",
        "2021年之前",
    )
    assert memory.time_precision is TimePrecision.YEAR
    # a start said elsewhere wins (the bound is then the vaguer account)
    dated = replace(
        bound,
        candidate_id="cand_2",
        valid_time_start="2019-01-01",
        valid_time_end="2019-12-31",
        time_expression="2019年",
    )
    (memory,) = govern([Extracted(bound, item.extracted_at), Extracted(dated, item.extracted_at)]).current
    assert (memory.valid_time_start, memory.valid_time_end) == ("2019-01-01", "2019-12-31")


def test_the_conflict_joins_suspect_each_kind_and_nothing_else() -> None:
    import polars as pl

    from mirror_pipeline.core.conflicts import CANDIDATE_COLUMNS, Suspect, suspects

    def row(memory_id, memory_type, predicate, obj, start=None, end=None, day="2026-01-01", single=False):
        return {
            "memory_id": memory_id,
            "memory_type": memory_type,
            "subject": "user",
            "predicate": predicate,
            "object_key": obj.lower(),
            "object": obj,
            "start": start,
            "end": end,
            "day": day,
            "single": single,
        }

    rows = pl.DataFrame(
        [
            row("left", "event", "left", "B公司", "2021-05-01", "2021-08-31"),  # 2021年中
            row("left", "event", "left", "B公司", "2022-02-01", "2022-02-28", day="2026-06-01"),  # 2022年春节后
            row("joined", "event", "joined", "A", "2021-01-01", "2021-12-31"),  # "2021" and "2021-06" agree
            row("joined", "event", "joined", "A", "2021-06-01", "2021-06-30"),
            row("home", "fact", "lives_in", "Tokyo", single=True),
            row("home", "fact", "lives_in", "Kyoto", single=True),  # the same day: a fact conflict
            row("job", "fact", "works_at", "A", single=True),
            row("job", "fact", "works_at", "C", day="2026-05-20", single=True),  # a change, or stale vs recent
            row("friend", "relationship", "friend", "小林"),
            row("boss", "relationship", "manager", "小林"),
            row("cousin", "relationship", "cousin", "Wei"),
            row("view", "fact", "state:life", "用户住在世界上最美的城市"),  # a free statement, judged
            row("plain", "fact", "state:life", "用户每天练半小时"),
        ],
        schema=CANDIDATE_COLUMNS,
    )
    assert suspects(rows) == {
        "left": {Suspect.TIMELINE},
        "home": {Suspect.VALUES, Suspect.SAME_DAY},
        "job": {Suspect.VALUES},
        "friend": {Suspect.RELATION},
        "boss": {Suspect.RELATION},
        "view": {Suspect.OPINION},
    }


def test_a_broken_memory_is_set_aside_and_asked_about_in_its_language() -> None:
    from dataclasses import replace

    from mirror_pipeline.core.governance import quarantine

    (head,) = govern(extracted("我现在住在东京。", 0, "ev_1")).current
    looping = replace(head, supersedes=head.version_id)  # a version that supersedes itself
    versions, current, found, issues = quarantine([looping], [looping])
    assert current == [] and "quarantined" in versions[0].tags
    assert [c for _, _, c in found] == ["supersede_chain_acyclic"]
    (issue,) = issues
    assert issue.question == "「你住在东京」这条记忆暂时搁置了：它的版本链绕成了圈。还要保留吗？"
    assert issue.options[-1] == "以后再说" and issue.evidence_ids == ("ev_1",) and issue.language == "zh"
