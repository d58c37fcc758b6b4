import json
from datetime import date
from zoneinfo import ZoneInfo

import pytest

from mirror_pipeline.adapters import formats
from mirror_pipeline.adapters.formats import RefusedFile, admit, parse
from mirror_pipeline_tests.conftest import SAMPLES

UTC = ZoneInfo("UTC")


def test_chatgpt_export_follows_the_active_branch_and_attributes_speakers() -> None:
    data = (SAMPLES / "chatgpt" / "conversations.json").read_bytes()
    admitted = admit("conversations.json", data)
    assert admitted.format == "chatgpt" and admitted.secrets_redacted == 1
    messages = parse("conversations.json", admitted.data, "chatgpt", UTC)
    texts = [m.text for m in messages]
    assert not any("Kyoto, what should I do" in t for t in texts)  # the edited-away branch is not read
    assert any(t.startswith("I live in Tokyo") for t in texts)
    assert {m.actor for m in messages} == {"user", "assistant"}  # the hidden system message is skipped
    assert all(m.timestamp is not None and m.timestamp.tzinfo is not None for m in messages)
    assert len({m.identity for m in messages}) == len(messages)


def test_journal_date_comes_from_front_matter_or_file_name() -> None:
    with_front = b"---\ndate: 2026-10-03\n---\n# Title\n\nFirst paragraph.\n\nSecond one.\n"
    messages = parse("notes.md", with_front, "markdown_journal", UTC)
    assert [m.text for m in messages] == ["First paragraph.", "Second one."]
    assert messages[0].timestamp.date().isoformat() == "2026-10-03"
    assert messages[0].locator == "line 6"
    by_name = parse("2026-10-07.md", "今天很好。\r\n".encode("utf-8-sig"), "markdown_journal", UTC)
    assert by_name[0].timestamp.date().isoformat() == "2026-10-07" and by_name[0].text == "今天很好。"


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("conversations.json", b'[{"mapping": {"a": {"id": "a", "mess', "truncated or invalid JSON"),
        ("empty.md", b"", "empty file"),
        ("photo.json", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not text: binary content"),
        ("notes.md", b"no date anywhere", "without a date"),
        ("data.json", json.dumps({"messages": []}).encode(), "unknown JSON export"),
        ("song.mp3", b"ID3 something", "unknown format"),
    ],
)
def test_unreadable_files_are_refused_with_a_reason_a_person_understands(name: str, data: bytes, reason: str) -> None:
    with pytest.raises(RefusedFile, match=reason):
        admit(name, data)


def test_a_refusal_never_quotes_the_file() -> None:
    data = b'[{"mapping": {"a": {"message": "my password is Hunter2! and more'
    with pytest.raises(RefusedFile) as refusal:
        admit("conversations.json", data)
    assert "Hunter2" not in refusal.value.reason


def test_admission_replaces_secrets_in_the_stored_bytes() -> None:
    data = "---\ndate: 2026-10-07\n---\n家里wifi密码：Tplink8888，记得删掉。\n".encode()
    admitted = admit("2026-10-07.md", data)
    assert b"Tplink8888" not in admitted.data and b"[secret:password:sec_" in admitted.data
    assert admit("2026-10-07.md", admitted.data).data == admitted.data  # admitting again changes nothing


def test_the_questionnaire_answers_are_the_users_own_statements(tmp_path) -> None:
    from mirror_pipeline.adapters.home import Home

    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    blank = home.questionnaire.read_bytes()
    with pytest.raises(RefusedFile, match="no messages or entries"):
        admit("questionnaire.md", blank)  # an unanswered questionnaire holds nothing yet
    heading = "{#life.residence}\n"
    filled = blank.decode().replace(heading, heading + "\n2019年搬到东京，我现在住在东京。\n")
    admitted = admit("questionnaire.md", filled.encode())
    assert admitted.format == "mirror_form"
    (answer,) = parse("questionnaire.md", admitted.data, "mirror_form", UTC)
    assert answer.text == "2019年搬到东京，我现在住在东京。"
    assert answer.source_type.value == "user_form" and answer.actor == "user"
    assert answer.timestamp.date() == date(2026, 11, 29)
    # the question id travels with the evidence: its session (all versions of the answer) and its locator
    assert answer.session_id == "form:life.residence" and "life.residence" in answer.locator


def test_a_questionnaire_answer_is_the_same_statement_in_either_language_and_a_dated_block_is_newer() -> None:
    from mirror_pipeline.core.questionnaire import BY_ID, Lang, append_answer, render_form

    def answered(lang: Lang) -> bytes:
        form = render_form(lang, date(2026, 11, 1), "q.md").replace("{#now.role}\n", "{#now.role}\n\n我是老师。\n")
        return append_answer(form, BY_ID["now.role"], "我现在是产品经理。", date(2026, 12, 1), lang).encode()

    zh, en = (parse("q.md", admit("q.md", answered(lang)).data, "mirror_form", UTC) for lang in Lang)
    assert [m.identity for m in zh] == [m.identity for m in en]  # one question, whatever words its heading had
    older, newer = zh
    assert older.timestamp.date() == date(2026, 11, 1) and newer.timestamp.date() == date(2026, 12, 1)
    assert older.session_id == newer.session_id == "form:now.role"


def _conversation(message: dict) -> bytes:
    node = {"id": "n1", "message": message, "parent": None, "children": []}
    return json.dumps([{"title": "t", "conversation_id": "c1", "current_node": "n1", "mapping": {"n1": node}}]).encode()


def test_chatgpt_variants_seen_in_the_wild_are_read() -> None:
    iso = _conversation(
        {"id": "m1", "author": {"role": "user"}, "create_time": "2024-05-01T10:00:00Z", "content": "I live in Lisbon."}
    )
    (message,) = parse("conversations.json", admit("conversations.json", iso).data, "chatgpt", UTC)
    assert message.text == "I live in Lisbon." and message.timestamp.isoformat() == "2024-05-01T10:00:00+00:00"


def test_an_unknown_shape_is_refused_by_type_never_quoting_the_file() -> None:
    odd = json.dumps([{"mapping": {"n1": "my password is Hunter2!"}, "current_node": "n1"}]).encode()
    with pytest.raises(RefusedFile, match="unexpected structure|no messages") as refusal:
        admit("conversations.json", odd)
    assert "Hunter2" not in refusal.value.reason


def test_two_journal_days_with_the_same_words_are_both_kept(tmp_path) -> None:
    from mirror_pipeline.adapters.inbox import import_file

    inbox = tmp_path / "inbox"
    for day in ("2024-05-01", "2024-05-08"):
        (tmp_path / f"{day}.md").write_text("今天在家休息。\n", encoding="utf-8")
        assert import_file(inbox, tmp_path / f"{day}.md").status == "accepted"
    assert import_file(inbox, tmp_path / "2024-05-08.md").status == "duplicate"


@pytest.mark.parametrize(
    ("name", "data"),
    [
        # a shape the parser trips on, with a secret in the very value that breaks it
        ("conversations.json", json.dumps([{"mapping": {"n1": {"message": {"content": {"parts": 7}}}}, "x": 1}])),
        ("conversations.json", json.dumps([{"mapping": ["password: Zq81mmxxQ"]}])),
        ("conversations.json", '[{"mapping": {"n1": "password: Zq81mmxxQ"'),  # truncated
        ("notes.md", "---\ndate: [password: Zq81mmxxQ\n---\n\ntext\n"),  # front matter that is not YAML
        ("notes.md", "no date here, password: Zq81mmxxQ\n"),
    ],
)
def test_a_refusal_of_any_shape_never_quotes_the_file_nor_chains_its_error(name: str, data: str) -> None:
    with pytest.raises(RefusedFile) as refused:
        admit(name, data.encode())
    assert "Zq81mmxxQ" not in str(refused.value) and "Zq81" not in refused.value.reason
    error = refused.value
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_file_cut_inside_its_last_character_is_read_to_the_cut(bom: bytes) -> None:
    # an interrupted download stops anywhere, also inside a character of three bytes (REVIEW-16 #13): the file is
    # read up to the cut and the format says where it stops, not "not UTF-8" for the whole of it
    whole = bom + "第一行写完了\n第二行写到一半就断".encode()
    for cut in (1, 2):
        assert formats.decode(whole[:-cut]) == "第一行写完了\n第二行写到一半就"


@pytest.mark.parametrize("copy", ["chat_阿姨 (1).csv", "chat_阿姨（2）.csv", "chat_阿姨 - Copy.csv", "chat_阿姨-副本.csv"])
def test_a_download_saved_twice_is_a_duplicate_of_the_first_before_any_run(tmp_path, copy) -> None:
    """REVIEW-16 #8: the same bytes under a second copy's name (no warehouse yet to count messages against) were
    'accepted' a second time; the outcome names the file it copies."""
    from mirror_pipeline.adapters.inbox import import_file

    inbox = tmp_path / "inbox"
    chat = (
        "id,MsgSvrID,type_name,is_sender,talker,room_name,msg,src,CreateTime\n"
        "1,71,文本,0,wxid_ay,wxid_ay,周六来家里吃饭吧,,2024-06-01 18:20:00\n"
    )
    (tmp_path / "chat_阿姨.csv").write_text(chat, encoding="utf-8")
    (tmp_path / copy).write_text(chat, encoding="utf-8")
    first = import_file(inbox, tmp_path / "chat_阿姨.csv", forced_format="wechat")
    assert first.status == "accepted"
    again = import_file(inbox, tmp_path / copy, forced_format="wechat")
    assert (again.status, again.stored_as) == ("duplicate", first.stored_as)
    assert str(first.stored_as) in str(again.reason)
    # a file of the same words under another name that is no copy's (another journal day) is still its own
    (tmp_path / "chat_阿姨的女儿.csv").write_text(chat, encoding="utf-8")
    assert import_file(inbox, tmp_path / "chat_阿姨的女儿.csv", forced_format="wechat").status == "accepted"
