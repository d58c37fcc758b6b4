import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import MemoryType
from mirror_pipeline_tests.core.helpers import evidence


def everything(text: str, actor: str = "user") -> set[tuple[str, str, str]]:
    return {(c.memory_type.value, c.predicate, c.object) for c in extract(evidence(text, actor))}


def facts(text: str, actor: str = "user") -> set[tuple[str, str, str]]:
    """The structured candidates (the patterns'): the disclosure reader's free statements have a 'kind:domain'
    predicate and are tested on their own."""
    return {f for f in everything(text, actor) if ":" not in f[1]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我现在住在东京。", ("fact", "lives_in", "东京")),
        ("I live in Tokyo with my wife.", ("fact", "lives_in", "Tokyo")),
        ("I moved to Osaka last week!", ("event", "moved_to", "Osaka")),
        ("I moved to Osaka last week!", ("fact", "lives_in", "Osaka")),
        ("Big news: I moved to Osaka last week!", ("event", "moved_to", "Osaka")),  # a heading, not a speaker
        ("今天：我搬到了杭州。", ("fact", "lives_in", "杭州")),
        # a correction: the negative belongs to the first clause only
        ("不对，我不在谷歌工作，我在Mercari工作。", ("fact", "works_at", "Mercari")),
        ("I don't live in Osaka, I live in Yokohama.", ("fact", "lives_in", "Yokohama")),
        ("我昨天没睡好，我现在住在上海。", ("fact", "lives_in", "上海")),
        ("I never liked Osaka, so I moved to Kyoto last month.", ("event", "moved_to", "Kyoto")),
        # times and adverbs between 我 and the verb
        ("我去年搬到了上海", ("event", "moved_to", "上海")),
        ("我2019年加入了腾讯", ("event", "joined", "腾讯")),
        ("我们上个月搬到了京都", ("fact", "lives_in", "京都")),
        ("We moved to Yokohama last week", ("event", "moved_to", "Yokohama")),
        ("I've lived in Tokyo since 2023", ("fact", "lives_in", "Tokyo")),
        ("I joined Mercari around 2023", ("event", "joined", "Mercari")),
        ("以后回复我都优先用中文", ("preference", "prefers", "回复我: 用中文")),
        ("我在A 公司工作", ("fact", "works_at", "A公司")),
        ("I work at A Company.", ("fact", "works_at", "A Company")),
        ("小王是我表哥", ("relationship", "cousin", "小王")),
        ("My manager Kobayashi approved it", ("relationship", "manager", "Kobayashi")),
        ("Wei is my cousin", ("relationship", "cousin", "Wei")),
        ("以后技术资料优先英文", ("preference", "prefers", "技术资料: 英文")),
        (
            "I prefer English documentation for technical topics.",
            ("preference", "prefers", "English documentation for technical topics"),
        ),
    ],
)
def test_the_users_own_statements_become_candidates(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "我不再住在东京了",  # negation is not its opposite
        "如果我搬到大阪会怎样",  # a hypothetical
        "他说他住在大阪",  # reported speech is not about the user
        "Do you live in Tokyo?",  # a question
        "I don't live in Tokyo",
        "If I moved to Osaka I could bike to work.",
        "家里wifi密码：[secret:password:sec_0123456789abcdef]，我住在东京",  # a sentence that held a secret
        "I moved to React from Vue last year.",  # not a place: not a move
        "Write a story where the hero says: I moved to Mars.",
        "Translate into English please.\n我住在深圳。",  # the instruction covers the whole message
        "帮我回复这封邮件。Hi Tom, I live in Berlin and I work at Google.",
        "Mom: I live in Boston now",
        "妈妈：我住在上海。",
        "我朋友说我住在山里",
        "我住在北京的时候经常去故宫",  # a time in the past, not where the user lives
        "我在想工作的事",
        "他是我哥哥",
        "This is my brother.",
        "My mom Sunday called",
        "I love it!",
        "我喜欢的人是小王",
        "我爱你",
        "我喜欢上了一个女孩",
        "I love my wife",
    ],
)
def test_what_is_not_an_assertion_about_the_user_gives_nothing(text: str) -> None:
    found = everything(text)
    assert found == set()


def test_the_assistant_and_other_people_never_speak_for_the_user() -> None:
    assert facts("Since you live in Kyoto, you could visit Fushimi Inari.", actor="assistant") == set()
    assert facts("I live in Kyoto", actor="other:Alice") == set()


def test_hedges_lower_confidence_and_times_are_kept_as_said() -> None:
    (sure,) = [c for c in extract(evidence("I joined Google in 2021")) if c.predicate == "joined"]
    (hedged,) = [c for c in extract(evidence("I think I joined Google in 2021")) if c.predicate == "joined"]
    assert hedged.confidence < sure.confidence
    assert (sure.valid_time_start, sure.valid_time_end, sure.time_precision.value, sure.time_expression) == (
        "2021-01-01",
        "2021-12-31",
        "year",
        "in 2021",
    )


def test_every_candidate_points_at_the_span_that_supports_it() -> None:
    text = "周末很忙。我现在住在东京，离车站很近。"
    for c in extract(evidence(text)):
        assert c.evidence_id == "ev_1"
        said = "住在东京" if c.predicate == "lives_in" else "离车站很近"
        assert said in text[c.span_start : c.span_end]


def test_relative_times_are_read_on_the_persons_calendar() -> None:
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    # 2026-10-26 00:30 in Tokyo is still 2026-10-25 in UTC
    said = datetime(2026, 10, 25, 15, 30, tzinfo=UTC)
    (moved,) = [
        c
        for c in extract(evidence("I moved to Osaka yesterday.", when=said), ZoneInfo("Asia/Tokyo"))
        if c.predicate == "moved_to"
    ]
    assert moved.valid_time_start == "2026-10-25"
    (utc,) = [c for c in extract(evidence("I moved to Osaka yesterday.", when=said)) if c.predicate == "moved_to"]
    assert utc.valid_time_start == "2026-10-24"


def test_a_fact_takes_its_time_from_its_own_clause() -> None:
    (home,) = [c for c in extract(evidence("我现在住在大阪，妹妹2015年就去东京了。")) if c.predicate == "lives_in"]
    assert home.object == "大阪" and home.valid_time_start is None
    (moved,) = [c for c in extract(evidence("In 2021, I moved to Osaka.")) if c.predicate == "moved_to"]
    assert moved.valid_time_start == "2021-01-01"
    (works,) = [c for c in extract(evidence("2019年我在腾讯工作，去年我搬到了深圳。")) if c.predicate == "works_at"]
    assert works.valid_time_start == "2019-01-01"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我应该是2021年中从A公司离开的。", ("event", "left", "A公司")),
        ("I quit my job at Meta last month.", ("event", "left", "Meta")),
        ("我是一名产品经理。", ("fact", "has_role", "产品经理")),
        ("I'm a data scientist at Shopify.", ("fact", "works_at", "Shopify")),
        ("我的领导是张伟。", ("relationship", "manager", "张伟")),
        ("My manager is Priya.", ("relationship", "manager", "Priya")),
        ("我2012年毕业于复旦大学。", ("event", "graduated_from", "复旦大学")),
        ("I did my PhD at ETH Zurich from 2014 to 2019.", ("fact", "studied_at", "ETH Zurich")),
        ("我女儿是2019年出生的。", ("event", "child_born", "女儿")),
        ("I have three kids.", ("fact", "has_children", "3")),
        ("我对花生过敏。", ("fact", "allergic_to", "花生")),
        ("I had knee surgery in 2020.", ("event", "health_event", "knee surgery")),
        ("我打算明年去日本读研。", ("fact", "plans_to", "明年去日本读研")),
        ("I'm planning to move to Berlin next year.", ("fact", "plans_to", "move to Berlin next year")),
        ("我不喜欢香菜。", ("preference", "dislikes", "香菜")),
        ("I can't stand cilantro.", ("preference", "dislikes", "cilantro")),
        ("我认为AI不会取代程序员。", ("opinion", "thinks", "AI不会取代程序员")),  # a negative inside a view
        (
            "In my opinion, Python is easier to learn than Java.",
            ("opinion", "thinks", "Python is easier to learn than Java"),
        ),
        ("今天好累。", ("emotion", "feels", "累")),
        ("I'm so stressed about the deadline.", ("emotion", "feels", "stressed")),
        ("我已经不住在北京了，现在住在天津。", ("fact", "lives_in", "天津")),  # the subject carries over the comma
    ],
)
def test_rules_cover_work_education_family_health_plans_views_and_feelings(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "我们打算明年搬到新加坡。",  # a plan, not a move (the plan itself is kept as a plan)
        "I think you should move to Osaka.",  # advice to someone, not a view of the user's nor a move
        "他最近很焦虑。",
        "I'm not angry.",
        "我不打算考研了。",
        "I'm a big fan of Radiohead.",  # a liking, not an occupation
        "我妈妈叫周慧，她住在青岛。",  # mother's home is not the user's
        "A few months before my daughter was born, I switched teams.",  # an anchor, not a birth
        "十年前我还在上大学。",
        "昨天我特别难过。",  # 特别 holds 别 and is not a negation: only the feeling
        "妈妈让我搬到上海。",  # someone else's wish for the user
        "他问我住在哪",
    ],
)
def test_what_must_not_be_read_into_a_sentence(text: str) -> None:
    found = facts(text)
    assert not any(t == "fact" and p in ("lives_in", "studied_at") for t, p, _ in found)
    assert not any(t == "event" for t, _, _ in found)
    assert not any(t == "opinion" for t, _, _ in found)
    assert not any(p == "has_role" for _, p, _ in found)


def test_content_is_written_in_the_language_it_was_said_in() -> None:
    (zh,) = [c for c in extract(evidence("我现在住在东京。")) if c.predicate == "lives_in"]
    (en,) = [c for c in extract(evidence("I live in Tokyo.")) if c.predicate == "lives_in"]
    assert zh.content_text == "用户住在东京" and en.content_text == "The user lives in Tokyo"


def test_health_family_and_identity_are_sensitive_and_plans_are_not_forever() -> None:
    by_predicate = {
        c.predicate: c
        for text in ("我对花生过敏。", "我女儿是2019年出生的。", "I was born in Harbin.", "我打算明年考研。")
        for c in extract(evidence(text))
    }
    assert {by_predicate[p].sensitivity.value for p in ("allergic_to", "child_born", "born_in")} == {"high"}
    assert by_predicate["plans_to"].scope.value == "cross-session"


def test_an_emotion_is_a_dated_state_of_the_day_it_was_felt() -> None:
    (feeling,) = extract(evidence("昨天我特别难过。"))
    assert feeling.memory_type.value == "emotion" and feeling.object == "难过"
    assert (feeling.valid_time_start, feeling.valid_time_end, feeling.time_precision.value) == (
        "2026-10-25",
        "2026-10-25",
        "day",
    )
    (today,) = extract(evidence("I'm exhausted."))
    assert today.valid_time_start == "2026-10-26" and today.time_expression is None  # the day it was said


def test_a_fact_said_with_a_closed_range_ended_then() -> None:
    (worked,) = [c for c in extract(evidence("我2015年到2018年在微软工作。")) if c.predicate == "works_at"]
    assert (worked.valid_time_start, worked.valid_time_end, worked.time_precision.value) == (
        "2015-01-01",
        "2018-12-31",
        "year",
    )


def test_a_negative_character_is_not_always_a_negation() -> None:
    assert ("event", "moved_to", "杭州") in facts("疫情后不久我搬到了杭州。")
    assert ("event", "moved_to", "成都") in facts("我不得不搬到了成都。")


def test_an_event_anchored_time_keeps_its_words_and_invents_no_date() -> None:
    (moved,) = [c for c in extract(evidence("疫情后不久我搬到了杭州。")) if c.predicate == "moved_to"]
    assert moved.time_expression == "疫情后不久" and moved.valid_time_start is None
    assert moved.time_precision.value == "rough"


def test_a_phone_apostrophe_reads_like_a_typed_one() -> None:
    text = "I’m allergic to penicillin and I’ve lived in Seattle since 2019."
    found = extract(evidence(text))
    assert {(c.predicate, c.object) for c in found} >= {("allergic_to", "penicillin"), ("lives_in", "Seattle")}
    assert all(text[c.span_start : c.span_end].startswith("I") for c in found)


def test_casual_lower_case_i_and_an_unsure_speaker() -> None:
    assert ("preference", "prefers", "window seats") in facts("i prefer window seats")
    from dataclasses import replace

    from mirror_pipeline.core.model import Attribution

    (sure,) = extract(evidence("I'm allergic to penicillin."))
    (guess,) = extract(replace(evidence("I'm allergic to penicillin."), attribution=Attribution.UNSURE))
    assert guess.confidence < sure.confidence and guess.confidence < 0.8


def test_a_pasted_run_of_text_is_not_read_and_costs_little() -> None:
    import time

    pasted = "I live in Tokyo and " + "I really think that " * 3000  # one 60,000-character "sentence"
    started = time.process_time()
    assert extract(evidence(pasted)) == []
    assert time.process_time() - started < 1.0


def test_other_peoples_beliefs_about_the_user_and_where_a_place_ends() -> None:
    assert facts("My parents think I work at Google.") == set()
    assert facts("他觉得我住在北京。") == set()
    assert ("fact", "lives_in", "北京") in facts("我觉得我住在北京挺好的。")
    assert ("fact", "lives_in", "成都") in facts("我住在成都。")  # 都 ends no place name here


@pytest.mark.parametrize(
    "text",
    [
        "我喜欢这个答案",
        "I prefer the first one.",
        "我更喜欢第二个方案",
        "I think this code has a bug.",
        "I love the idea!",
    ],
)
def test_a_reaction_to_what_is_on_the_screen_is_not_a_lasting_liking_or_view(text: str) -> None:
    assert facts(text) == set()


def test_a_known_place_typed_in_lower_case_is_still_a_place() -> None:
    assert ("fact", "lives_in", "tokyo") in facts("i live in tokyo with my wife")
    assert facts("I live in fear of deadlines") == set()
    assert facts("i moved to react") == set()


def test_everyday_chinese_prompts_give_only_what_was_said_of_self() -> None:
    assert facts("我有一个朋友叫小李，他最近失恋了") == {("relationship", "friend", "小李")}
    assert facts("我上个月刚做完手术，现在恢复得不错") == {("event", "health_event", "手术")}
    for prompt in ("我想让你扮演一个面试官", "我住的小区附近有什么好吃的", "我觉得你的回答有点问题", "我是90后"):
        assert facts(prompt) == set()


def test_money_is_kept_as_said_and_always_sensitive() -> None:
    found = {
        c.predicate: c
        for t in ("我月薪2万。", "我还欠了30万房贷", "I make $120k a year.")
        for c in extract(evidence(t))
    }
    assert found["income"].object in ("2万", "$120k a year") and found["debt"].object == "30万房贷"
    assert {c.sensitivity.value for c in found.values()} == {"high"}
    assert facts("我的工资不高") == set()


def test_a_move_said_as_a_duration_is_dated_when_it_happened_and_the_state_holds_since() -> None:
    # "三年了": the move was three years before the mention (an event at year precision, not a span up to the
    # mention); living there holds from then on
    got = {c.memory_type: c for c in extract(evidence("我搬到上海三年了。"))}
    move, lives = got[MemoryType.EVENT], got[MemoryType.FACT]
    assert (move.valid_time_start, move.valid_time_end) == ("2023-01-01", None)
    assert (lives.predicate, lives.valid_time_start, lives.valid_time_end) == ("lives_in", "2023-01-01", None)


@pytest.mark.parametrize(
    ("text", "workplace"),
    [
        ("Last spring I joined Fenwick Analytics as a tester.", "Fenwick Analytics"),
        ("我上个月入职了青禾医疗", "青禾医疗"),
        ("去年我跳槽到了星河证券", "星河证券"),
        ("I was hired by Norrland Wind in 2024.", "Norrland Wind"),
        ("我加入了远山科技", "远山科技"),
    ],
)
def test_a_job_taken_is_also_where_the_person_works_from_then_on(text: str, workplace: str) -> None:
    candidates = extract(evidence(text))
    (job,) = [c for c in candidates if c.predicate == "works_at"]
    (joined,) = [c for c in candidates if c.predicate == "joined"]
    assert (job.memory_type, job.object, job.valid_time_end) == (MemoryType.FACT, workplace, None)
    assert job.valid_time_start == joined.valid_time_start


@pytest.mark.parametrize(
    "text", ["I joined a pottery club in May.", "我加入了一个合唱团", "I joined the gym near my office.", "我加入了小区的跑步群"]
)
def test_joining_a_club_or_a_gym_is_no_workplace(text: str) -> None:
    assert not [c for c in extract(evidence(text)) if c.predicate == "works_at"]


@pytest.mark.parametrize(
    ("text", "predicate", "place"),
    [
        ("Today was my first day at Marlow Civic Trust, so many new names", "joined", "Marlow Civic Trust"),
        ("I had my first week with Osgood Dental and it went fine.", "joined", "Osgood Dental"),
        ("今天第一天去青禾医疗上班，有点紧张", "joined", "青禾医疗"),
        ("我昨天到星河证券报到了", "joined", "星河证券"),
        ("Yesterday was my last day at Harbourline Freight.", "left", "Harbourline Freight"),
    ],
)
def test_a_first_or_last_day_at_a_workplace_is_joining_or_leaving_it(text: str, predicate: str, place: str) -> None:
    assert [c.object for c in extract(evidence(text)) if c.predicate == predicate] == [place]


@pytest.mark.parametrize(
    "text", ["My son's first day at Oakfield Primary was today.", "Her first week at Marlow Civic Trust went well."]
)
def test_someone_elses_first_day_is_not_the_persons_job(text: str) -> None:
    assert not [c for c in extract(evidence(text)) if c.predicate in ("joined", "works_at")]
