import json

from mirror_pipeline.adapters.formats import admit, parse
from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES, UTC, by_text, read


def test_human_is_the_user_and_the_assistants_thinking_is_nobodys_statement() -> None:
    fmt, secrets, messages = read("claude/conversations.json")
    assert fmt == "claude"
    moved = by_text(messages, "I moved to Osaka")
    assert moved.actor == "user" and moved.attribution == "format"
    assert moved.identity.endswith("a1f3e0c4-2222-4c1b-9f0e-6d7c8b9a0001")
    assert moved.session_id == "claude:5f0c7e2a-1b1d-4b8e-9a57-0f3c2d1e4a10"
    assert moved.timestamp.isoformat() == "2024-03-02T09:14:03.500000+00:00"
    reply = by_text(messages, "Welcome to Osaka")
    assert reply.actor == "assistant" and "Expo '70" in reply.text  # both text blocks, in order
    assert not any("lives in Tokyo" in m.text for m in messages)  # the thinking block
    assert not any("web_search" in m.text or "Osaka Castle ..." in m.text for m in messages)  # tool use and result


def test_attachments_are_named_and_their_content_is_not_the_users_words_nor_kept_with_a_secret() -> None:
    _, secrets, messages = read("claude/conversations.json")
    contract = by_text(messages, "租房合同，帮我看看")
    assert contract.actor == "user" and "[attachment: 租房合同.txt]" in contract.text
    assert not any("乙方住在东京" in m.text for m in messages)
    assert secrets >= 2  # the wifi password in a message and the door code inside the attachment
    stored = admit("conversations.json", (FIXTURES / "claude/conversations.json").read_bytes()).data.decode()
    assert "Tplink8888" not in stored and "482913" not in stored
    assert json.loads(stored)[0]["chat_messages"][2]["attachments"][0]["file_name"] == "租房合同.txt"


def test_an_empty_assistant_message_is_skipped_and_an_old_export_reads_its_text_field() -> None:
    _, _, messages = read("claude/conversations.json")
    assert len(messages) == 5
    old = by_text(messages, "long passphrase")  # no `content`, only `text`
    assert old.actor == "assistant" and old.session_id == "claude:9e2d4c6b-3333-4a2f-8e1d-7c6b5a4f0020"


def test_a_claude_export_is_told_from_a_chatgpt_export_by_content_not_name() -> None:
    data = (FIXTURES / "claude/conversations.json").read_bytes()
    assert admit("conversations.json", data).format == "claude"
    assert admit("export.json", data).format == "claude"
    assert [m.actor for m in parse("x.json", admit("x.json", data).data, "claude", UTC)][0] == "user"
