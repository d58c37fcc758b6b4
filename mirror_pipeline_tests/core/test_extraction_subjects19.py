"""Clauses whose grammatical subject is not the writer (issue 10): the writer's own thing as the subject ("ferritin
came back at 14", 我的驾照下来了), someone of the writer's life ("my dad's creatinine is up to 160", 婆婆血压又上去了),
an organisation or a role acting on the writer ("they've offered me the role", 人事说下个月给我转正). Each is a fact,
event or plan of the one it is about, with its figure and its time; what is said of a kin or a named person is never
stored as the writer's own state. The sentences are new words, written before any rule was tuned (session 19)."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.entities import USER_ALIASES, people, person_of
from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import MemoryCandidate
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 10, 26, 4, 0, tzinfo=UTC)  # a Monday


def _found(text: str) -> list[MemoryCandidate]:
    return extract(evidence(text, when=SAID))


def _of(text: str, value: str) -> list[MemoryCandidate]:
    return [c for c in _found(text) if value in c.content_text]


# 1. the writer's own thing as the subject: a fact of the writer, the figure kept, dated from the day it was said
@pytest.mark.parametrize(
    ("text", "value", "domain"),
    [
        ("hb's up to 11.9 since the iron tablets", "11.9", "health"),
        ("ferritin came back at 14, way low", "14", "health"),
        ("my resting heart rate is 58 now", "58", "health"),
        ("LDL is down to 2.8 after six months on the statin", "2.8", "health"),
        ("my blood type is A negative btw", "A negative", "health"),
        ("BP this morning 138/88, better than last week", "138/88", "health"),
        ("my credit score is 712 now", "712", "money"),
        ("空腹血糖今天六点一", "六点一", "health"),
        ("我的尿酸降到三百九了", "三百九", "health"),
        ("体重掉到六十二公斤了，开心", "六十二公斤", "health"),
        ("房租涨到三千二了，下个月开始", "三千二", "money"),
    ],
)
def test_a_measure_of_the_writers_own_is_their_fact(text: str, value: str, domain: str) -> None:
    (c,) = [c for c in _of(text, value) if c.memory_type.value == "fact"]
    assert c.subject == "user" and domain in c.predicate
    assert c.valid_time_start == "2026-10-26" or c.valid_time_start is None


# 1b. the writer's own thing and what happened to it: an event of theirs, on the day
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my visa came through on thursday!!", "visa"),
        ("the van failed its MOT again", "MOT"),
        ("my mortgage application got approved", "mortgage"),
        ("我的驾照下来了", "驾照"),
        ("车年检没过，还得再跑一趟", "年检"),
    ],
)
def test_what_happened_to_the_writers_own_thing_is_their_event(text: str, value: str) -> None:
    (c,) = _of(text, value)
    assert c.subject == "user" and c.memory_type.value == "event"


# 2. a clause whose subject is the writer's kin: a fact of that person, attached to them, never the writer's
@pytest.mark.parametrize(
    ("text", "value", "relation"),
    [
        ("my dad's creatinine is up to 160", "160", "father"),
        ("mum's sugar was 9.4 this morning", "9.4", "mother"),
        ("my wife's blood pressure is 150/95 again", "150/95", "wife"),
        ("我爸的肌酐升到一百六了", "一百六", "father"),
        ("老妈住院了，在二院", "住院", "mother"),
        ("婆婆血压又上去了", "血压", "mother-in-law"),
        ("我阿妈嘅血压高咗好多", "血压", "mother"),
    ],
)
def test_a_kins_state_is_attached_to_them(text: str, value: str, relation: str) -> None:
    (c,) = _of(text, value)
    assert c.subject == person_of(relation)
    assert "health" in c.predicate or "family" in c.predicate
    assert "用户" in c.content_text or "The user's" in c.content_text


def test_a_kins_measure_reads_as_theirs_in_english() -> None:
    (c,) = _of("my dad's creatinine is up to 160", "160")
    assert c.content_text.startswith("The user's dad's creatinine")


# 2b. a named child or partner: the relationship when first said, and what is said of them is theirs
@pytest.mark.parametrize(
    ("text", "relation", "value"),
    [
        ("我女儿朵朵这次月考考了五百九十二分", ("daughter", "朵朵"), "五百九十二"),
        ("my son Kofi got into Achimota for form one", ("son", "Kofi"), "Achimota"),
    ],
)
def test_a_named_kin_is_named_and_their_news_is_theirs(text: str, relation: tuple[str, str], value: str) -> None:
    found = _found(text)
    assert relation in [(c.predicate, c.object) for c in found if c.memory_type.value == "relationship"]
    news = [c for c in found if value in c.content_text and c.memory_type.value != "relationship"]
    assert news and all(c.subject != "user" for c in news)


@pytest.mark.parametrize(
    "text",
    [
        "Ochieng has sold the boda for 85k",
        "阿豪考了五百八十分",
        "Kemi's flat got flooded last night",
    ],
)
def test_a_named_persons_news_is_never_the_writers_own(text: str) -> None:
    assert all(c.subject not in USER_ALIASES for c in _found(text) if c.memory_type.value != "relationship")


# 3. an organisation or a role acting on the writer: the writer's event or plan, with its time
@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("they've offered me the warehouse manager role!!", "warehouse manager", "event"),
        ("HR says I'll be made permanent in January", "permanent", "plans"),
        ("the bank turned down my loan, gutted", "loan", "event"),
        ("人事说下个月给我转正", "转正", "plans"),
        ("公司给我涨了八百", "八百", "event"),
        ("医院那边说下周三要复查", "复查", "plans"),
    ],
)
def test_what_an_organisation_does_to_the_writer_is_theirs(text: str, value: str, kind: str) -> None:
    # (a plan is a fact whose predicate says so: "plans:work", as the disclosure reader writes it)
    (c,) = [c for c in _of(text, value) if (c.memory_type.value == kind or c.predicate.startswith(kind + ":"))]
    assert c.subject == "user"
    if kind == "plans":
        assert c.valid_time_start is not None and c.valid_time_start > "2026-10-26"


# what is no one's: the world's figures and others' things are not the writer's
@pytest.mark.parametrize(
    "text",
    [
        "the match was 2-1 in the end",
        "the bus was 20 minutes late again",
        "it's 31 degrees today",
        "今天气温三十一度",
        "这家店的面涨到十八了",
    ],
)
def test_a_figure_of_the_world_is_no_memory(text: str) -> None:
    assert _found(text) == []


# 4. the same person under a kin word, a given name and a nickname (core/entities.py)
def test_a_partner_named_by_kin_word_and_nickname_is_one_person() -> None:
    index = people([("husband", "阿斌"), ("daughter", "琪琪")])
    assert index.subject_of("阿斌") == person_of("husband")
    assert index.subject_of("老公") == person_of("husband")
    assert index.subject_of("琪琪") == person_of("daughter")
    assert index.subject_of("小张") is None


def test_a_husband_called_by_surname_and_as_the_childs_father_is_one_person() -> None:
    index = people([("husband", "老于")])
    assert index.subject_of("孩子他爸") == person_of("husband")
    assert index.subject_of("老于") == person_of("husband")
    assert index.subject_of("于建国") == person_of("husband")  # 老于 is 于 + a respectful 老


def test_an_english_name_is_one_person_in_any_case() -> None:
    index = people([("husband", "Ochieng"), ("son", "Baraka")])
    assert index.subject_of("ochieng") == person_of("husband")
    assert index.subject_of("my son") == person_of("son")
    assert index.subject_of("Wambui") is None


def test_a_later_mention_by_name_attaches_to_the_person_a_relationship_named() -> None:
    from mirror_pipeline.core.governance import Extracted, govern

    said = [
        evidence("我老公阿斌在广州跑货车，一跑就是八年", evidence_id="ev_a", when=SAID),
        evidence("阿斌这个月换了工作，去了一家物流公司", evidence_id="ev_b", when=SAID),
    ]
    found = [Extracted(c, SAID) for e in said for c in extract(e)]
    of_him = [m for m in govern(found).current if "换了工作" in m.content_text]
    assert of_him and all(m.subject == person_of("husband") for m in of_him)


# the owner a clause leaves out or points at with a pronoun: the kin the sentence or the message named before it
@pytest.mark.parametrize(
    ("text", "value", "relation"),
    [
        ("陪外婆去卫生院量了血压，高压一百五十六", "一百五十六", "grandmother"),
        ("去乡下看奶奶，她腰疼得下不了床", "腰疼", "grandmother"),
        ("dad rang from Enugu, his pressure was 170 this morning", "170", "father"),
        ("my sister in Leeds her back is really bad again", "back", "sister"),
    ],
)
def test_a_measure_or_a_body_the_clause_leaves_unowned_is_the_kins_named_before(
    text: str, value: str, relation: str
) -> None:
    (c,) = [c for c in _of(text, value) if c.subject != "user"]
    assert c.subject == person_of(relation) and "health" in c.predicate


def test_a_figure_after_the_writer_with_their_kin_is_the_writers() -> None:
    (c,) = _of("爸爸陪我去复查，我的转氨酶降到四十了", "四十")
    assert c.subject == "user"


def test_a_doctor_acting_on_the_writers_treatment_is_their_health_event() -> None:
    (c,) = _of("ferritin is 40 now, the doctor has stopped the iron tablets", "iron tablets")
    assert c.subject == "user" and c.memory_type.value == "event" and "health" in c.predicate


def test_a_kin_known_only_by_what_is_said_of_them_is_a_row_of_the_served_relationships() -> None:
    import polars as pl

    from mirror_pipeline.core.governance import Extracted, govern
    from mirror_pipeline.core.serving import relationships

    said = [
        evidence("我老公阿斌在广州跑货车，一跑就是八年", evidence_id="ev_a", when=SAID),
        evidence("外婆的血糖又上去了，空腹九点二", evidence_id="ev_b", when=SAID),
    ]
    current = govern([Extracted(c, SAID) for e in said for c in extract(e)]).current
    rows = pl.DataFrame(
        [
            {
                "memory_id": m.memory_id,
                "memory_type": str(m.memory_type),
                "subject": m.subject,
                "predicate": m.predicate,
                "object": m.object,
                "state": str(m.state),
                "labels": [],
                "confidence": m.confidence,
                "evidence_ids": list(m.evidence_ids),
            }
            for m in current
        ],
        schema_overrides={"labels": pl.List(pl.String)},
    )
    people = {(r["relation"], r["other"]) for r in relationships(rows).iter_rows(named=True)}
    assert {("husband", "阿斌"), ("grandmother", "grandmother")} <= people
