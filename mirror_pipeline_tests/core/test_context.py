"""Context assembly (14.3, 14.4) through the API's one retrieval path, over in-memory documents."""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl

from mirror_pipeline.api import Memory
from mirror_pipeline.core.context import SLOT_ORDER
from mirror_pipeline.core.serving import served_memories, served_search_documents
from mirror_pipeline_tests.fakes import FakeEmbedder

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def mem(mid, text, mtype="fact", state="confirmed", importance=0.5, sensitivity="low", labels=None):
    return {
        "doc_id": mid,
        "kind": "memory",
        "text": text,
        "speaker": "user",
        "state": state,
        "memory_type": mtype,
        "importance": importance,
        "confidence": 0.9,
        "sensitivity": sensitivity,
        "labels": labels or [state],
        "evidence_ids": [f"ev_{mid}"],
        "valid_time_start": None,
        "timestamp": None,
    }


def ev(eid, text, speaker="user", day=1, labels=None):
    return {
        "doc_id": eid,
        "kind": "evidence",
        "text": text,
        "speaker": speaker,
        "state": "evidence",
        "labels": labels or [],
        "evidence_ids": [eid],
        "timestamp": datetime(2026, 3, day, tzinfo=UTC),
        "sensitivity": "low",
    }


DOCS = [
    mem("mem_osaka", "The user lives in Osaka", importance=0.9),
    mem("mem_docs", "The user prefers English documentation", mtype="preference"),
    mem("mem_job", "The user works at A Company", state="pending_review", labels=["pending_review", "unconfirmed"]),
    mem("mem_date", "The user started at A Company in May", state="conflicted", labels=["conflicted"]),
    mem("mem_mgmt", "The user thinks management is not for them", mtype="opinion"),
    mem("mem_bank", "The user banks at Mizuho with account details", sensitivity="restricted"),
    mem("mem_health", "The user has a peanut allergy", sensitivity="high"),
    ev("ev_hike", "Hiked Mount Rokko with two colleagues, the view over the bay was worth it", day=2),
    ev("ev_kyoto", "Since you live in Kyoto, visit Fushimi Inari on the weekend", speaker="assistant", day=3),
    ev("ev_tokyo", "I live in Tokyo near Nakano", day=1, labels=["outdated"]),
]


def memory(docs=DOCS, config=None):
    m = Memory.from_documents(docs, FakeEmbedder().passages([d["text"] for d in docs]), embedder=FakeEmbedder())
    m.extra["config"] = config or {}
    m._clock = lambda: NOW
    return m


def items(result):
    return {i["id"]: (s["name"], i) for s in result["slots"] for i in s["items"]}


def test_slots_come_in_the_order_of_14_3_with_evidence_on_every_memory():
    result = memory().context("where do I live at A Company")
    names = [s["name"] for s in result["slots"]]
    assert names == sorted(names, key=[s.value for s in SLOT_ORDER].index)
    assert names[:2] == ["System Policy", "Task Goal"]
    for name, item in items(result).values():
        if name not in ("System Policy", "Task Goal"):
            assert item["evidence_ids"], item


def test_confirmed_first_and_the_unconfirmed_or_conflicted_only_with_a_label():
    found = items(memory().context("what do I do at A Company"))
    assert found["mem_job"][1]["labels"] == ["unconfirmed: ask before relying on it"]
    assert any("two accounts" in label for label in found["mem_date"][1]["labels"])
    facts = [i["id"] for i in memory().context("A Company Osaka")["slots"][2]["items"]]
    assert facts.index("mem_osaka") < facts.index("mem_job")


def test_labels_are_in_the_language_of_the_task():
    found = items(memory().context("我在 A Company 做什么"))
    assert "未确认" in found["mem_job"][1]["labels"][0]
    assert memory().context("我在 A Company 做什么")["slots"][0]["items"][0]["text"].startswith("以下")


def test_opinions_have_their_own_slot():
    found = items(memory().context("management"))
    assert found["mem_mgmt"][0].startswith("Relevant Opinions")
    assert "an opinion, not a fact" in found["mem_mgmt"][1]["labels"]


def test_restricted_is_never_served_and_high_only_when_the_task_is_about_it_or_needs_it():
    assert "mem_bank" not in items(memory().context("Mizuho bank account details"))
    assert "mem_health" not in items(memory().context("write my bio for a conference"))
    assert "mem_health" in items(memory().context("do I have a peanut allergy"))
    # a dinner needs the allergy though it does not name it: served, as a risk, with its labels
    name, item = items(memory().context("plan a dinner"))["mem_health"]
    assert name == "Open Constraints / Risks"
    assert "allergy: bears on this task" in item["labels"] and "sensitive: use only for this task" in item["labels"]


def test_a_message_to_write_is_the_task_not_what_the_message_says():
    # REVIEW-4: "帮我写一条微信给太太，说我这周末要加班" asks for a message, not a weekend plan: the allergy (a plan's
    # health risk) is not pushed into it; the same words as a plan still get it
    assert "mem_health" not in items(memory().context("帮我写一条微信给太太，说我这周末要出去吃饭"))
    assert "mem_health" not in items(memory().context("draft a text to my boss saying I'll be at dinner this weekend"))
    assert items(memory().context("plan a dinner this weekend"))["mem_health"][0] == "Open Constraints / Risks"


def test_constraints_risks_and_open_conflicts_fill_their_slot():
    docs = [
        *DOCS,
        mem("mem_visa", "The user's work visa expires in March", sensitivity="medium"),
        mem("mem_knee", "The user cannot run more than 10 km after the knee injury", mtype="fact"),
        mem("mem_debt", "The user has a car loan", sensitivity="medium") | {"predicate": "event:money"},
        mem("mem_cats", "The user likes cats", mtype="preference"),
    ]
    m = memory(docs)
    found = items(m.context("plan a weekend trip abroad, mind my visa and the knee"))
    assert found["mem_visa"][0] == "Open Constraints / Risks"
    assert "legal: bears on this task" in found["mem_visa"][1]["labels"]
    assert found["mem_knee"][0] == "Open Constraints / Risks"
    money = items(m.context("我想买一辆新车，car loan 怎么办"))
    assert money["mem_debt"][0] == "Open Constraints / Risks" and "财务：与本任务有关" in money["mem_debt"][1]["labels"]
    # a sensitive debt bears on spending, not on every plan (REVIEW-2: a weekend trip was handed the loan)
    loan = mem("mem_loan", "The user still has 120k left on a student loan", sensitivity="high")
    m = memory([*docs, loan | {"predicate": "state:money"}])
    assert "mem_loan" not in items(m.context("help me plan a weekend trip near where I live"))
    assert "mem_loan" not in items(m.context("plan a dinner with friends"))
    assert items(m.context("draft a monthly budget for me for next year"))["mem_loan"][0] == "Open Constraints / Risks"
    assert "mem_loan" in items(m.context("帮我做一个明年的预算"))
    # an open conflict bearing on the task is a risk, with its label; an ordinary memory is not
    work = items(m.context("what do I do at A Company"))
    assert work["mem_date"][0] == "Open Constraints / Risks"
    assert any("two accounts" in label for label in work["mem_date"][1]["labels"])
    assert work["mem_job"][0] == "Relevant Stable Facts"
    assert "mem_cats" not in found or found["mem_cats"][0] != "Open Constraints / Risks"


def test_the_session_summary_fills_its_slot_when_given():
    result = memory().context("plan a weekend", session_summary="We are choosing between Kobe and Nara.")
    slot = [s for s in result["slots"] if s["name"] == "Current Session Summary"]
    assert slot and slot[0]["items"][0]["text"] == "We are choosing between Kobe and Nara."
    assert "We are choosing between Kobe and Nara." in result["text"]
    assert not [s for s in memory().context("plan a weekend")["slots"] if s["name"] == "Current Session Summary"]


def test_the_persons_own_words_when_memories_do_not_cover_the_task_never_the_assistants():
    result = memory().context("hiking near the bay, Fushimi Inari")
    found = items(result)
    assert found["ev_hike"][0].startswith("In the Person's Own Words")
    assert found["ev_hike"][1]["text"].startswith("the user wrote on 2026-03-02: ")
    assert "confirmed" not in found["ev_hike"][1]["labels"]
    assert "ev_kyoto" not in found  # the assistant's words are evidence of what it said, not of the person


def test_an_excerpt_is_dated_on_the_homes_calendar_not_utcs():
    # a diary of 2026-06-30 written at 00:00 in Shanghai is 06-29 16:00 UTC; a Los Angeles evening of 06-29 is 06-30 UTC
    diary = {
        **ev("ev_diary", "今天终于跟周敏提了离职，说出口的那一刻手在抖"),
        "timestamp": datetime(2026, 6, 29, 16, tzinfo=UTC),
    }
    late = {
        **ev("ev_late", "Hiked Mount Rokko late, the view over the bay"),
        "timestamp": datetime(2026, 6, 30, 3, tzinfo=UTC),
    }
    docs = [*DOCS, diary, late]
    shanghai = items(memory(docs, {"timezone": "Asia/Shanghai"}).context("跟周敏提了离职，手在抖"))["ev_diary"][1]
    assert "2026-06-30" in shanghai["text"] and shanghai["said_at"] == "2026-06-30"
    la = items(memory(docs, {"timezone": "America/Los_Angeles"}).context("hiked Mount Rokko late"))["ev_late"][1]
    assert "2026-06-29" in la["text"] and la["said_at"] == "2026-06-29"


def test_outdated_evidence_is_not_an_episode_and_pinned_memories_are_always_on():
    found = items(memory().context("I live in Tokyo near Nakano"))
    assert "ev_tokyo" not in found
    assert "mem_osaka" in items(memory().context("write a haiku"))  # importance 0.9, confirmed: always on


def test_the_budget_is_shared_and_respected():
    small = memory().context("A Company Osaka documentation management hiking", budget=120)
    assert small["used"] <= 120 and small["left_out"] > 0
    assert "did not fit" in small["text"]


def test_search_shows_every_component_and_labels_the_assistant_and_the_outdated():
    result = memory().search("where do I live", k=10, log=False)
    by_id = {r["id"]: r for r in result["results"]}
    assert result["results"][0]["id"] == "mem_osaka"
    assert "said by assistant" in by_id["ev_kyoto"]["labels"]
    assert "outdated" in by_id["ev_tokyo"]["labels"]
    assert {"relevance", "lexical", "dense", "speaker"} <= set(by_id["ev_kyoto"]["components"])


def test_superseded_and_deleted_memories_are_not_in_the_served_index():
    versions = pl.DataFrame(
        {
            "memory_id": ["m1", "m1", "m2", "m3"],
            "version": [1, 2, 1, 1],
            "is_current": [False, True, True, True],
            "state": ["superseded", "confirmed", "deleted", "conflicted"],
            "content_text": ["lives in Tokyo", "lives in Osaka", "a forgotten thing", "started in May"],
            "evidence_ids": [["e_tokyo"], ["e_osaka"], ["e_gone"], ["e_may"]],
        }
    )
    from mirror_pipeline.core.serving import MEMORY_COLUMNS

    full = versions.with_columns(
        *(pl.lit(None, dtype=pl.String).alias(c) for c in MEMORY_COLUMNS if c not in versions.columns)
    ).with_columns(
        pl.lit(0.5).alias("confidence"),
        pl.lit(0.5).alias("importance"),
        pl.lit([], dtype=pl.List(pl.String)).alias("labels"),
        pl.lit("fact").alias("memory_type"),
    )
    evidence = pl.DataFrame(
        {
            "evidence_id": ["e_tokyo", "e_osaka"],
            "raw_content": ["I live in Tokyo", "I live in Osaka"],
            "actor": ["user", "user"],
            "timestamp": [NOW, NOW],
            "source_type": ["chat", "chat"],
            "sensitivity": ["low", "low"],
        }
    )
    docs = served_search_documents(served_memories(full), evidence, full)
    texts = docs["text"].to_list()
    assert "lives in Tokyo" not in texts and "a forgotten thing" not in texts
    assert "started in May" in texts
    outdated = docs.filter(pl.col("doc_id") == "e_tokyo")["labels"][0].to_list()
    assert outdated == ["outdated"]
    # the person edits the Osaka memory: its first version is superseded by the edit, its words are not outdated
    edited = full.filter(pl.col("content_text") == "lives in Osaka").with_columns(
        pl.lit("superseded").alias("state"), pl.lit(False).alias("is_current")
    )
    docs = served_search_documents(served_memories(full), evidence, pl.concat([full, edited], how="diagonal_relaxed"))
    assert docs.filter(pl.col("doc_id") == "e_osaka")["labels"][0].to_list() == []


def test_the_access_log_folds_into_counts_and_last_access(tmp_path):
    from mirror_pipeline.adapters.accesses import fold

    log = tmp_path / "accesses.jsonl"
    log.write_text(
        '{"at": "2026-11-01T10:00:00+00:00", "task": "a", "memory_ids": ["m1", "m2"]}\n'
        "not json\n"
        '{"at": "2026-11-03T10:00:00+00:00", "task": "b", "memory_ids": ["m1"]}\n',
        encoding="utf-8",
    )
    folded = {r["memory_id"]: r for r in fold(log).to_dicts()}
    assert folded["m1"]["access_count"] == 2 and folded["m2"]["access_count"] == 1
    assert folded["m1"]["last_accessed_at"].day == 3


def test_search_and_context_append_access_records(tmp_path):
    m = memory()
    m.audit = tmp_path
    m.context("where do I live")
    m.search("Osaka")
    entries = (tmp_path / "accesses.jsonl").read_text(encoding="utf-8").splitlines()
    assert [e.split('"via": ')[1][:9] for e in entries] == ['"context"', '"search"}']


LIFE = [
    mem("mem_zh_job", "用户2026年9月起在Lumen Robotics做机器学习工程师", state="pending_review"),
    mem("mem_zh_home", "用户从上海搬到深圳南山区", state="pending_review", labels=["pending_review"]),
    mem("mem_en_job", "The user is an ML engineer on the perception team"),
    mem("mem_en_home", "The user moved into a flat in Nanshan"),
    mem("mem_hobby", "The user runs every Sunday morning", mtype="preference"),
    mem("mem_gift", "The user's sister likes orchids", mtype="relationship"),
]


def test_a_task_that_names_a_life_domain_reaches_its_memories_in_both_languages():
    # REVIEW-1 item 12: the task shares no word with the memories and e5's contrast among a few lines says nothing;
    # the domains it names (work, where one lives) do. The job memory's predicate may even name another domain.
    docs = [{**d, "predicate": "state:education" if d["doc_id"] == "mem_zh_job" else None} for d in LIFE]
    for task in ("介绍一下我现在的工作和住处", "Tell me about my job and where I live"):
        got = items(memory(docs).context(task))
        assert {"mem_zh_job", "mem_zh_home", "mem_en_job", "mem_en_home"} <= set(got), task
        assert "mem_hobby" not in got and "mem_gift" not in got, task
    got = items(memory(docs).context("我的家人最近怎么样"))
    assert "mem_gift" in got


def test_a_memory_sharing_only_the_tasks_framing_word_is_not_served():
    # REVIEW-1 item 13: "Help me plan a weekend trip" put "planning to propose ... Don't tell anyone yet" in context
    # through the one word "plan"; what a task asks for (plan, help, 帮我, 准备) does not make a memory about it
    docs = [
        mem("mem_propose", "The user is planning to propose to Lin Yue", sensitivity="medium"),
        mem("mem_trip", "The user took a weekend trip to Kyoto last spring", mtype="event"),
        mem("mem_zh_propose", "用户计划明年春天向林悦求婚", sensitivity="medium"),
        ev("ev_propose", "Planning to propose to Lin Yue next spring. Don't tell anyone yet."),
    ]
    m = memory(docs)
    got = items(m.context("Help me plan a weekend trip"))
    assert "mem_trip" in got
    assert not {"mem_propose", "ev_propose", "mem_zh_propose"} & set(got)
    assert "mem_zh_propose" not in items(m.context("帮我计划一下周末的安排"))
    assert "mem_propose" in items(m.context("When do I plan to propose to Lin Yue?"))  # named: served


def test_what_the_person_asked_to_keep_to_themselves_is_served_as_high_and_only_to_a_task_that_names_it():
    # REVIEW-1 item 13: "Don't tell anyone yet" left its memory at medium and the line itself at low
    from mirror_pipeline.core.serving import MEMORY_COLUMNS

    texts = {
        "m_propose": ("The user is planning to propose to Lin Yue", ["e_propose"]),
        "m_zh": ("用户打算辞职", ["e_zh"]),
        "m_run": ("The user runs on Sundays", ["e_run"]),
    }
    full = pl.DataFrame(
        {
            "memory_id": list(texts),
            "version": [1, 1, 1],
            "is_current": [True, True, True],
            "state": ["confirmed"] * 3,
            "content_text": [t for t, _ in texts.values()],
            "evidence_ids": [e for _, e in texts.values()],
        }
    )
    full = full.with_columns(
        *(pl.lit(None, dtype=pl.String).alias(c) for c in MEMORY_COLUMNS if c not in full.columns)
    ).with_columns(
        pl.lit(0.5).alias("confidence"),
        pl.lit(0.5).alias("importance"),
        pl.lit("medium").alias("sensitivity"),
        pl.lit([], dtype=pl.List(pl.String)).alias("labels"),
        pl.lit("fact").alias("memory_type"),
    )
    lines = {
        "e_propose": "Planning to propose to Lin Yue next spring. Don't tell anyone yet.",
        "e_zh": "我打算辞职，先别跟同事说。",
        "e_run": "I run on Sundays, don't tell me to stop.",
    }
    evidence = pl.DataFrame(
        {
            "evidence_id": list(lines),
            "raw_content": list(lines.values()),
            "actor": ["user"] * 3,
            "timestamp": [NOW] * 3,
            "source_type": ["chat"] * 3,
            "sensitivity": ["low"] * 3,
        }
    )
    docs = served_search_documents(served_memories(full), evidence, full)
    level = dict(zip(docs["doc_id"].to_list(), docs["sensitivity"].to_list(), strict=True))
    assert level["m_propose"] == level["e_propose"] == level["m_zh"] == level["e_zh"] == "high"
    # "don't tell me to stop" keeps nothing back: the line is as sensitive as its memory, no more
    assert level["m_run"] == level["e_run"] == "medium"
    rows = docs.to_dicts()
    m = memory(rows)
    assert not {"m_zh", "e_zh"} & set(items(m.context("介绍一下我的工作")))  # of the domain, but not named
    assert "m_zh" in items(m.context("辞职之前我该准备什么"))  # the task is about it
    assert "m_propose" in items(m.context("When do I plan to propose to Lin Yue?"))
    assert "m_propose" not in items(m.context("Help me plan a weekend trip"))


def test_a_task_about_a_secret_is_told_where_the_person_keeps_them_not_handed_a_line():
    # REVIEW-2, REVIEW-4: "where is my Singpass password kept?" got a line mentioning a password as an excerpt
    for task, words in (
        ("log me into Singpass, where is my Singpass password kept?", "mirror secrets"),
        ("我的网银密码存在哪里了？", "mirror secrets"),
    ):
        slots = memory().context(task)["slots"]
        policy = [i["text"] for s in slots if s["name"] == "System Policy" for i in s["items"]]
        assert any(words in t for t in policy), policy
    assert not any(
        "mirror secrets" in i["text"] for s in memory().context("plan a weekend")["slots"] for i in s["items"]
    )
    assert "不要猜测" in memory().context("我的网银密码存在哪里了？")["text"]  # in the task's language
