"""Session 7's statement shapes the extractor missed (issue 10), each with sentences of its own (not a benchmark's):
news without a verb, the writer's thing in the passive, what an employer did to the writer, a subjectless past in
English, Chinese verbs and festivals that open a diary clause, people named by a kin word and a nickname."""

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2024, 3, 11, 9, 30, tzinfo=UTC)


def read(text: str) -> list[tuple[str, str, str]]:
    return [(c.memory_type.value, c.predicate, c.content_text) for c in extract(evidence(text, when=SAID))]


@pytest.mark.parametrize(
    ("text", "predicate", "content"),
    [
        # news said as a noun phrase, a word saying what kind
        ("First sales trip for Orbis, Jakarta.", "event:travel", "The user had their first sales trip for Orbis"),
        ("First solo flight to Cebu tomorrow.", "travel", "first solo flight to Cebu"),
        # a job offer announced with no verb
        ("offer!!", "work", "The user got a job offer"),
        ("Kestrel Labs offer came through!", "work", "The user got a job offer from Kestrel Labs"),
        # after someone else's clause: a noun phrase has no verb to go on with
        ("The recruiter rang at lunch - offer! 7k a month.", "work", "The user got a job offer"),
        ("they let me go today. the whole design team", "event:work", "The user was let go"),
        # the writer's own thing in the passive
        ("The Lisbon trip is postponed.", "travel", "The user's Lisbon trip is postponed"),
        ("Mortgage finally paid off.", "money", "The user's mortgage finally paid off"),
        ("Visa granted!", "travel", "The user's visa granted"),
        # what an employer did to the writer
        ("They laid me off this morning.", "event:work", "The user was laid off"),
        ("The firm transferred me to the Leeds office.", "work", "The user was transferred to the Leeds office by"),
        ("My manager promoted me last Friday.", "event:work", "The user was promoted by their manager"),
        ("the team gave me a farewell dinner at the depot.", "work", "The user was given a farewell dinner"),
        ("ugh the hip surgery got pushed back to june.", "health", "The user's hip surgery got pushed back"),
        ("Condo is finally paid off!", "money", "The user's condo is finally paid off"),
        ("enrolled in a night course on accounting at the polytechnic", "education", "The user enrolled in a night"),
        ("Been restoring an old Vespa in the garage.", "hobbies", "restoring an old Vespa"),
        # news in passing after a request
        ("please remind me to call the bank, I have a root canal on monday", "health", "The user has a root canal"),
        # "for her wedding": her is whose the wedding is, not whom a feeling is for
        ("I want to knit my niece a shawl for her wedding.", "plans", "The user wants to knit their niece a shawl"),
        ("We are finally doing the Norway cruise in May!", "travel", "cruise"),
        # the writer's own attribute said bare
        ("Salary came in at 5200 after tax, I'm relieved.", "work", "The user's salary came in at 5200 after tax"),
        ("Cholesterol was 6.1 at the last check, I need to cut cheese.", "health", "The user's cholesterol was 6.1"),
        # a subjectless past of any verb, not only the listed ones
        ("Drove down to Melaka for the weekend.", "life", "The user drove down to Melaka for the weekend"),
        ("Flew home from Denver.", "event", "The user flew home from Denver"),
    ],
)
def test_english_shapes_read(text: str, predicate: str, content: str) -> None:
    found = read(text)
    assert any(predicate in p and content in c for _, p, c in found), found


@pytest.mark.parametrize(
    "text",
    [
        "Your flight is cancelled, check your email.",  # the listener's thing
        "His surgery was postponed again.",  # someone else's
        "Special offer! 30% off everything.",  # an advert, no job offer
        "They hugged me at the door.",  # a kindness, no domain of a life
        "It showed me how small the world is.",  # a thing's doing, a pronoun agent
        "Did they let you go?",  # a question
        "The rent is too high in this city, I think.",  # rents in general
        "I'm so proud of her!",  # a feeling for someone else
        "please remind me to call mom, make it a daily reminder",  # the request goes on, nothing told
        "can you check my essay, I wrote it for my application?",  # a question
    ],
)
def test_english_shapes_keep_out_of_others(text: str) -> None:
    assert read(text) == [], read(text)


@pytest.mark.parametrize(
    ("text", "kind", "content"),
    [
        # what the workplace did to the writer: 我 as the object of 把 / 将 / 给
        ("单位把我派到了西宁。", "event", "单位把用户派到了西宁"),
        ("上周集团将我调回了广州总部。", "event", "集团将用户调回了广州总部"),
        # a passive alone is a whole event
        ("上个月又被裁了。", "event", "被裁了"),
        # verbs that open no diary clause before
        ("昨天飞回昆明了。", "event", "用户飞回昆明了"),
        ("周三去拔了两颗智齿。", "event", "用户去拔了两颗智齿"),
        ("早上量了体温，三十七度八。", "event", "量了体温"),
        ("月底要去杭州出差。", "fact", "要去杭州出差"),
        # a festival opening the clause is a time, the subject is the writer's
        ("端午回乡下看了外公。", "event", "回乡下看了外公"),
        # 自己 opening a clause is the writer
        ("前年自己开了一家面馆。", "event", "用户自己开了一家面馆"),
        ("当爷爷了，高兴得睡不着。", "event", "用户当爷爷了"),
        ("心里有点怕。", "emotion", "用户当时感到怕"),
        # the writer's heart after someone else's clause is the writer's
        ("外公又住院了，心里很难受。", "emotion", "用户当时感到难受"),
    ],
)
def test_chinese_shapes_read(text: str, kind: str, content: str) -> None:
    found = read(text)
    assert any(k == kind and content in c for k, _, c in found), found


def test_a_plan_heading_is_no_memory_of_its_own() -> None:
    found = read("今年想做的：一、学会游泳；二、带妈妈去一趟云南旅游。")
    assert not any(c.endswith("想做的") for _, _, c in found), found
    assert any(k == "fact" and "云南" in c for k, _, c in found), found


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("儿子阿文下午打电话回来了。", "阿文是用户的儿子"),
        ("女儿小雯在成都读研。", "小雯是用户的女儿"),
        ("我家老周又去钓鱼了。", "老周是用户的家人"),
        # a naming before someone's words holds, whatever they say
        ("中午女儿小雯打电话来，说下周不回来了。", "小雯是用户的女儿"),
        ("表妹阿珍说她想来广州找工作。", "阿珍是用户的表妹"),
        # someone the writer took on, then named
        ("店里请了个厨师，叫老邓，四十多岁。", "老邓是用户的厨师"),
    ],
)
def test_chinese_kin_and_nickname_is_a_relationship(text: str, content: str) -> None:
    assert any(k == "relationship" and c == content for k, _, c in read(text)), read(text)


@pytest.mark.parametrize(
    "text",
    [
        "妈妈把我骂了一顿。",  # a parent's doing, not the workplace's
        "他儿子阿明考上了大学。",  # someone else's son
        "他说儿子阿明考上了大学。",  # inside someone's words
        "如果女儿小美说要来，就多做两个菜。",  # a supposition
        "儿子小时候很调皮。",  # 小时候 is no nickname
        "我家老家在河南。",  # 老家 is no nickname
        "当时很紧张，手都在抖。",  # 当时 is a time, not 当
        "恐怕要下雨了。",  # 怕 of 恐怕 is no fear
        "招牌是朋友帮忙设计的。",  # 招 of 招牌 is no hiring
    ],
)
def test_chinese_shapes_keep_out(text: str) -> None:
    found = read(text)
    assert not any(
        k == "relationship" or "用户被" in c or "把用户" in c or "感到怕" in c or "招牌" in c for k, _, c in found
    ), found
