import json

import pytest

from mirror_pipeline.adapters.formats import RefusedFile, admit, parse
from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES, UTC, by_text, read


def test_a_personal_chat_alone_says_the_user_is_whoever_is_not_the_chat() -> None:
    fmt, secrets, messages = read("telegram/result.json")
    assert fmt == "telegram"
    signed = by_text(messages, "I signed for a flat")
    assert signed.actor == "user" and signed.attribution == "format"
    # a list of strings and entity objects reads as one text
    assert (
        signed.text
        == "Yes! I signed for a flat in Kita-ku, moving in on February 1. Listing: https://example.com/flat/77"
    )
    assert signed.identity == "telegram:4398012345:103" and signed.locator == "chat 4398012345 message 103"
    assert signed.timestamp.isoformat() == "2024-01-05T21:03:40+00:00"  # date_unixtime, not the wall clock `date`
    assert by_text(messages, "恭喜").actor == "other:Alice Chen"
    assert secrets == 1 and not any("4821" in m.text for m in messages)


def test_service_messages_and_photos_without_caption_say_nothing_and_a_forward_is_someone_elses_words() -> None:
    _, _, messages = read("telegram/result.json")
    assert [int(m.identity.rsplit(":", 1)[1]) for m in messages] == [102, 103, 105, 106, 107]
    forwarded = by_text(messages, "Rents in Kita-ku")
    assert forwarded.actor == "other:Osaka Housing News"  # forwarded by the user, not said by the user


def test_a_full_export_names_the_account_and_reads_every_chat() -> None:
    _, _, messages = read("telegram/full_export.json")
    assert by_text(messages, "我周六也可以").actor == "user"
    assert by_text(messages, "I live in Kyoto").actor == "other:Kenji"
    assert by_text(messages, "deleted account").actor == "other:user8880002222"
    saved = by_text(messages, "morning meetings")
    assert saved.actor == "user" and saved.session_id == "telegram:5551230000"
    assert {m.attribution for m in messages} == {"format"}


def test_a_group_exported_alone_needs_the_configured_names() -> None:
    full = json.loads((FIXTURES / "telegram/full_export.json").read_text(encoding="utf-8"))
    group = json.dumps(full["chats"]["list"][0], ensure_ascii=False).encode()
    unsure = parse("result.json", admit("result.json", group).data, "telegram", UTC)
    assert {m.attribution for m in unsure} == {"unsure"} and "user" not in {m.actor for m in unsure}
    named = parse("result.json", group, "telegram", UTC, ("Wei Zhang",))
    assert by_text(named, "我周六也可以").actor == "user" and by_text(named, "我周六也可以").attribution == "config"
    assert by_text(named, "I live in Kyoto").actor == "other:Kenji"


def test_a_chat_without_a_list_of_messages_is_refused() -> None:
    with pytest.raises(RefusedFile, match="chat 0 has no list of messages"):
        parse("result.json", json.dumps({"chats": {"list": [{"id": 1, "messages": "x"}]}}).encode(), "telegram", UTC)


def test_without_date_unixtime_the_wall_clock_date_is_on_the_home_calendar() -> None:
    from zoneinfo import ZoneInfo

    chat = {"name": "A", "type": "personal_chat", "id": 1, "messages": [
        {"id": 5, "type": "message", "date": "2019-03-01T08:30:00", "from": "B", "from_id": "user2", "text": "hi there"}
    ]}  # fmt: skip
    (message,) = parse("result.json", json.dumps(chat).encode(), "telegram", ZoneInfo("Asia/Shanghai"))
    assert message.timestamp.isoformat() == "2019-03-01T08:30:00+08:00" and message.actor == "user"


def test_an_old_export_without_from_id_names_the_chat_after_the_other_person() -> None:
    chat = {"name": "Alice", "type": "personal_chat", "id": 9, "messages": [
        {"id": 1, "type": "message", "date": "2018-05-01T10:00:00", "from": "Alice", "text": "where do you live now?"},
        {"id": 2, "type": "message", "date": "2018-05-01T10:01:00", "from": "Wei", "text": "In Osaka, since March."},
    ]}  # fmt: skip
    messages = parse("result.json", json.dumps(chat).encode(), "telegram", UTC)
    assert [(m.actor, m.attribution) for m in messages] == [("other:Alice", "format"), ("user", "format")]
