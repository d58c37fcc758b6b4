from mirror_pipeline.core.context import assemble, bm25, search
from mirror_pipeline.core.text import tokens


def memory(mid, text, mtype="fact", state="confirmed", importance=0.5, labels=("confirmed",)):
    return {
        "memory_id": mid,
        "content_text": text,
        "memory_type": mtype,
        "state": state,
        "importance": importance,
        "confidence": 0.9,
        "labels": list(labels),
        "evidence_ids": [f"ev_{mid}"],
        "valid_time_start": None,
        "time_precision": "unknown",
    }


MEMORIES = [
    memory("home", "The user lives in Osaka", importance=0.8),
    memory("docs", "The user prefers English documentation", mtype="preference"),
    memory("piano", "The user likes 弹钢琴", mtype="preference"),
    memory("job", "The user works at A Company", state="pending_review", labels=("pending_review", "unconfirmed")),
    memory("old", "The user lives in Tokyo", state="superseded"),
]


def test_context_holds_relevant_confirmed_memories_with_evidence_and_labels() -> None:
    result = assemble("write technical documentation", MEMORIES, budget=400)
    items = {i["id"]: (s["name"], i) for s in result["slots"] for i in s["items"]}
    assert items["docs"][0] == "Relevant Preferences"
    assert items["docs"][1]["evidence_ids"] == ["ev_docs"]
    assert "home" in items  # an important confirmed fact is part of the core profile
    assert "piano" not in items and "old" not in items
    assert "ev_docs" in result["text"]


def test_unconfirmed_memories_come_only_when_relevant_and_labelled() -> None:
    result = assemble("prepare for my A Company performance review", MEMORIES)
    (slot,) = [s for s in result["slots"] if s["name"].startswith("Unconfirmed")]
    assert slot["items"][0]["id"] == "job" and "unconfirmed" in slot["items"][0]["labels"]
    assert "job" not in {i["id"] for s in assemble("cook dinner", MEMORIES)["slots"] for i in s["items"]}


def test_the_budget_is_respected() -> None:
    result = assemble("lives documentation company piano", MEMORIES, budget=40)
    assert result["used"] <= 40


def test_chinese_search_finds_by_character_pairs() -> None:
    docs = [
        {"doc_id": "a", "kind": "memory", "text": "我喜欢弹钢琴", "state": "confirmed", "evidence_ids": ["e"]},
        {"doc_id": "b", "kind": "memory", "text": "I live in Osaka", "state": "confirmed", "evidence_ids": ["f"]},
    ]
    assert [r["id"] for r in search("钢琴", docs)] == ["a"]
    assert [r["id"] for r in search("where do I live", docs)] == ["b"]


def test_bm25_prefers_the_rarer_term() -> None:
    docs = [tokens("osaka osaka trip"), tokens("trip trip"), tokens("nothing here")]
    scores = bm25(tokens("osaka trip"), docs)
    assert scores[0] > scores[1] > scores[2] == 0


def test_english_words_meet_their_other_forms() -> None:
    assert set(tokens("moved to new cities")) >= {"mov", "city"}
    assert tokens("moving") == tokens("move") == tokens("moves")
    assert tokens("weekends") == tokens("weekend")
