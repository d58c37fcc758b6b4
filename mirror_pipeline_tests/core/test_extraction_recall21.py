"""A kin word and a name said together once (issue 10, session 21): "me wife anjali", "we daughter ria", "meh
pardner marlon", "hubby Tomasz", 额婆娘秀琴, 额妹红霞跟志强. The relationship names the other person and the relation,
structured (user, relation, name), in the evidence's language; what the line goes on to say of the person is theirs.
A word beside a kin word that is a verb or a function word ("my wife keeps me sane") names nobody. 陕西话's 额 is 我
where it stands as a word (not 金额, 额度), and 我大 is the writer's father (not 我大学)."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.extraction.clauses import fold_dialect
from mirror_pipeline.core.model import MemoryCandidate, MemoryType
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)


def _found(text: str) -> list[MemoryCandidate]:
    return extract(evidence(text, when=SAID))


def _related(text: str) -> dict[str, str]:
    return {c.object: c.predicate for c in _found(text) if c.memory_type is MemoryType.RELATIONSHIP}


@pytest.mark.parametrize(
    ("text", "name", "relation"),
    [
        ("me wife anjali an me married 4 yrs in april", "Anjali", "wife"),
        ("we daughter ria turning 7 on de 14th of august", "Ria", "daughter"),
        ("meh pardner marlon buy de hilux! 138k in de end", "Marlon", "friend"),
        ("hubby Tomasz is off to Aberdeen for a 3 week rotation again", "Tomasz", "husband"),
        ("wifey Chioma passed her ACCA finals, so proud of her", "Chioma", "wife"),
        ("brother-in-law Femi got laid off from the refinery", "Femi", "brother-in-law"),
        ("额婆娘秀琴说给娃报个英语补习班，一学期两千八", "秀琴", "wife"),
        ("大年初一在屋里咥饺子，额妹红霞跟志强从咸阳回来，红霞说年后把面馆转出去", "红霞", "sister"),
        ("媳妇儿桂芳说厂里要裁人", "桂芳", "wife"),
    ],
)
def test_a_kin_word_and_a_name_said_once_are_the_relationship(text: str, name: str, relation: str) -> None:
    assert _related(text).get(name) == relation


def test_the_persons_news_after_the_apposition_is_theirs() -> None:
    news = [c for c in _found("meh pardner marlon buy de hilux!") if c.memory_type is not MemoryType.RELATIONSHIP]
    assert news and all(c.subject == "user's friend" for c in news)
    assert "hilux" in news[0].content_text


@pytest.mark.parametrize(
    "text",
    ["my wife keeps me sane", "mum dave said hi", "my son just got into uni", "我女儿成绩很好", "我女儿学钢琴"],
)
def test_a_verb_or_a_word_beside_a_kin_word_names_nobody(text: str) -> None:
    assert not _related(text)


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("额吓得一身汗", "我吓得一身汗"),
        ("小年回鄠邑看我大，老汉腰疼", "小年回鄠邑看我爸，老汉腰疼"),
        ("我大又查出来血糖高", "我爸又查出来血糖高"),
        ("金额不对，额度也用完了", "金额不对，额度也用完了"),
        ("额，这个嘛", "额，这个嘛"),
        ("我大学毕业就来了", "我大学毕业就来了"),
        ("我大概知道", "我大概知道"),
        ("我大哥来了", "我大哥来了"),
    ],
)
def test_shaanxi_first_person_and_father(text: str, folded: str) -> None:
    assert fold_dialect(text) == folded


# a person's Chinese clause and the clauses that go on with them (their figures, 自己, 她): theirs, never the writer's
@pytest.mark.parametrize(
    ("text", "name", "kept"),
    [
        ("牛牛中考完了，自己估分六百五", "牛牛", "六百五"),
        ("阿芳辞职了，去深圳做跨境电商", "阿芳", "深圳"),
        ("额妹红霞跟志强从咸阳回来，红霞说年后把面馆转出去，转让费要八万，额替她着急", "红霞", "八万"),
    ],
)
def test_what_goes_on_with_a_persons_clause_is_theirs(text: str, name: str, kept: str) -> None:
    found = _found(text)
    assert any(c.subject == name and kept in c.content_text for c in found)
    assert not any(kept in c.content_text for c in found if c.subject == "user")


# a name the person gave someone beside a kin word in one message, said alone in a later one
def test_a_name_said_alone_in_a_later_line_is_that_persons() -> None:
    from mirror_pipeline.adapters.llm_extractor import MemoryCache, RulesExtractor

    lines = [
        "me wife anjali an me married 4 yrs in april",
        "anjali transfer come thru! she startin at republic scarborough from june",
        "anjali friend hostin a baby shower next month, what games allyuh does play?",
        "额妹红霞在咸阳开面馆",
        "红霞的面馆转出去咧，实际转了七万二",
    ]
    evs = [evidence(t, "user", when=SAID) for t in lines]
    evs = [e.__class__(**{**e.__dict__, "evidence_id": f"ev_{i}"}) for i, e in enumerate(evs)]
    got = RulesExtractor().extract(evs, UTC, MemoryCache()).candidates
    of = {e.evidence_id: [c for c in got if c.evidence_id == e.evidence_id] for e in evs}
    assert any(c.subject == "Anjali" and "transfer" in c.content_text for c in of["ev_1"])
    assert not any("shower" in c.content_text for c in of["ev_2"])  # her friend's: an acquaintance
    assert any(c.subject == "红霞" and "七万二" in c.content_text for c in of["ev_4"])


def test_a_report_another_reader_took_still_goes_on() -> None:
    # the boyfriend's repair shop, after 燕子's report read as hers, is never the writer's
    found = _found("妹妹燕子也从义乌回来了。燕子讲她谈了个男朋友，姓周，在花溪开修车铺的。")
    assert any(c.subject == "燕子" and "男朋友" in c.content_text for c in found)
    assert not any("修车铺" in c.content_text for c in found if c.subject == "user")


def test_a_named_persons_question_is_no_news() -> None:
    found = _found("额婆娘秀琴说给娃报个英语补习班。秀琴问额“要是物流公司干不好咋办”")
    assert not any("物流公司" in c.content_text for c in found)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("mammy in couva have cataract in de left eye, surgery book for july at st clair, 9 thousand", "9 thousand"),
        ("my sister in Leeds has been diagnosed with diabetes", "diabetes"),
    ],
)
def test_a_kin_said_bare_with_where_they_live_and_their_news_is_theirs(text: str, kept: str) -> None:
    found = [c for c in _found(text) if kept in c.content_text]
    assert found and all(c.subject != "user" for c in found)


def test_a_named_persons_small_talk_is_no_news() -> None:
    found = _found("老婆丽丽在超市上班。丽丽讲够过年了")
    assert not any("够过年" in c.content_text for c in found)
