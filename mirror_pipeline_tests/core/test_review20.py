"""REVIEW-19's "still wrong" list, the person's side: each test failed before its fix (sentences written for it)."""

from datetime import timedelta

from mirror_pipeline.core.decisions import Action, new_decision
from mirror_pipeline.core.governance import govern
from mirror_pipeline.core.proposals import in_third_person
from mirror_pipeline_tests.core.test_decisions import T0, story


def test_an_edit_is_served_in_the_third_person_with_every_time_phrase_kept() -> None:
    # REVIEW-19 #3: an edit was served as typed ("I …", "我以前在…"), and an agent reads that "I" as itself
    items, briefs = story(("I live in Porto.", 0, "ev_1"), ("我在宁波做会计。", 0, "ev_2"))
    first = {m.predicate: m for m in govern(items, evidence=briefs).current}
    later = T0 + timedelta(days=5)
    edits = [
        new_decision(Action.EDIT, first["lives_in"].memory_id, later, text="I moved to Ghent the winter before last"),
        new_decision(Action.EDIT, first["has_role"].memory_id, later, text="我前年起在宁波做会计，上个月辞职了"),
    ]
    after = {m.memory_id: m for m in govern(items, evidence=briefs, decisions=edits).current}
    assert after[first["lives_in"].memory_id].content_text == "The user moved to Ghent the winter before last"
    assert after[first["has_role"].memory_id].content_text == "用户前年起在宁波做会计，上个月辞职了"


def test_the_third_person_keeps_times_and_names_the_persons_own_things() -> None:
    said = {
        "Three weeks ago I started at the ferry company, and next month I move to Oban.": (
            "Three weeks ago the user started at the ferry company, and next month the user moves to Oban."
        ),
        "My niece Dora turns 8 in June and I bake her cake every year": (
            "The user's niece Dora turns 8 in June and the user bakes her cake every year"
        ),
        "Until last autumn I rented a room near the docks": "Until last autumn the user rented a room near the docks",
        "The user quit smoking in 2024": "The user quit smoking in 2024",
    }
    for words, served in said.items():
        assert in_third_person(words) == served


def test_a_question_quotes_every_memory_in_the_second_person_whatever_its_language() -> None:
    # REVIEW-19 #8: 这几条记得对吗？…「The user analyses coral reef sensor data」: a predicate no template says
    from mirror_pipeline.core.conflicts import confirmation_question, say
    from mirror_pipeline.core.model import Language

    memories = [
        ("The user repairs fishing nets on weekends", "fact:stated", "x", "fact"),
        ("The user works at 舟山渔业站", "fact:stated", "x", "fact"),
        ("用户的表妹叫小禾", "fact:stated", "x", "fact"),
    ]
    zh = [say(*m, Language.ZH) for m in memories]
    assert zh == ["You repair fishing nets on weekends", "You work at 舟山渔业站", "你的表妹叫小禾"]
    en = [say(*m, Language.EN) for m in memories]
    assert en[2] == "你的表妹叫小禾"
    question, _ = confirmation_question(zh, "", Language.ZH, "")
    assert "user" not in question.lower() and "用户" not in question


def test_the_zone_question_reads_telegrams_wall_clock_and_iso_offsets(tmp_path) -> None:
    # REVIEW-19 #7: only Day One's timeZone was read; Telegram's `date` beside `date_unixtime` and an ISO +08:00 say
    # where the person was too (for the question only: nothing is re-dated)
    import json

    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.adapters.parsers import claude, telegram
    from mirror_pipeline.cli.decisions import _inbox_offsets
    from mirror_pipeline.core.review import zone_question, zones_written

    chat = {
        "name": "Wen",
        "type": "personal_chat",
        "id": 77,
        "messages": [  # 1767258000 is 2026-01-01T09:00:00Z; her laptop said 17:00, 17:05, 17:10
            {
                "id": i,
                "type": "message",
                "date": f"2026-01-01T17:{5 * i:02d}:00",
                "date_unixtime": str(1767258000 + 300 * i),
                "from": "Wen",
                "from_id": "user77",
                "text": "晚上吃面吗",
            }
            for i in range(3)
        ],
    }
    assert telegram.written_offsets(json.dumps(chat)) == {480: 3}
    convs = [
        {
            "uuid": "c1",
            "name": "x",
            "chat_messages": [
                {"uuid": "m1", "sender": "human", "text": "hi", "created_at": "2026-01-02T08:00:00+08:00"},
                {"uuid": "m2", "sender": "assistant", "text": "hello", "created_at": "2026-01-02T08:00:05+08:00"},
                {"uuid": "m3", "sender": "human", "text": "ok", "created_at": "2026-01-02T00:01:00Z"},
            ],
        }
    ]
    assert claude.written_offsets(json.dumps(convs)) == {480: 1}  # the assistant's time and a server's Z say nothing

    home = Home(tmp_path)
    (home.inbox / "telegram").mkdir(parents=True)
    (home.inbox / "telegram" / "result.json").write_text(json.dumps(chat), encoding="utf-8")
    (home.inbox / "claude").mkdir()
    (home.inbox / "claude" / "conversations.json").write_text(json.dumps(convs), encoding="utf-8")
    (home.inbox / "claude" / "cut.json").write_text("[{", encoding="utf-8")  # unreadable: says nothing
    offsets = _inbox_offsets(home)
    assert offsets == {480: 4}
    # an offset that is a named zone's counts for it; else the question names the offset, as a person reads it
    assert zones_written({"Asia/Shanghai": 1}, offsets) == {"Asia/Shanghai": 5}
    zone, question, options = zone_question("UTC", zones_written({}, offsets), frozenset(), "en")
    assert zone == "Etc/GMT-8" and "4 of the records" in question and options[0] == "set it to UTC+08:00"
    assert "summer time" in question
    zone, question, _ = zone_question("UTC", zones_written({}, offsets), frozenset(), "zh")
    assert "UTC+08:00" in question and "Etc/" not in question


def test_the_mcp_server_names_the_arguments_a_tool_takes_and_a_home_before_its_first_run(tmp_path) -> None:
    # REVIEW-19 #10: `neighbours {"id": …}` got a pydantic dump of "neighboursArguments"; an unrun home's `status`
    # got "Error executing tool status" and nothing more
    import anyio
    import pytest
    from mcp.server.mcpserver.exceptions import ToolError

    from mirror_pipeline.mcp_server import build_server

    server = build_server(tmp_path)

    async def said(name: str, args: dict) -> str:
        with pytest.raises(ToolError) as err:
            await server.call_tool(name, args)
        return str(err.value)

    assert (
        anyio.run(said, "neighbours", {"id": "mem_abc"})
        == "neighbours: missing `ref`; no argument `id`. It takes `ref`"
    )
    assert "`query`, `k` (optional)" in anyio.run(said, "search", {"query": "tea", "k": "lots"})
    assert "run `mirror run` first" in anyio.run(said, "status", {})
