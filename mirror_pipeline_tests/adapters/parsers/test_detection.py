import json

import pytest

from mirror_pipeline.adapters.formats import RefusedFile, admit, decode, detect
from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES
from mirror_pipeline_tests.conftest import SAMPLES


@pytest.mark.parametrize(
    ("relative", "name", "fmt"),
    [
        ("claude/conversations.json", "conversations.json", "claude"),
        ("telegram/result.json", "result.json", "telegram"),
        ("telegram/full_export.json", "result.json", "telegram"),
        ("dayone/Journal.json", "Journal.json", "dayone"),
        ("whatsapp/_chat.txt", "_chat.txt", "whatsapp"),
        ("whatsapp/WhatsApp Chat with 妈妈.txt", "notes.txt", "whatsapp"),  # by content, not by name
        ("wechat/pywxdump_妈妈.csv", "export.csv", "wechat"),
        ("wechat/memotrace_老张_utf8.csv", "老张.txt", "wechat"),
        ("journal/journal.txt", "journal.txt", "text_journal"),
        ("journal/vault/Daily/2024-05-02.md", "2024-05-02.md", "markdown_journal"),
        ("claude/conversations.json", "conversations", "claude"),  # no suffix: JSON by its opening
    ],
)
def test_each_format_is_detected_by_its_content(relative: str, name: str, fmt: str) -> None:
    assert detect(name, decode((FIXTURES / relative).read_bytes())) == fmt


def test_the_same_name_can_hold_chatgpt_or_claude() -> None:
    chatgpt = (SAMPLES / "chatgpt" / "conversations.json").read_bytes()
    claude = (FIXTURES / "claude" / "conversations.json").read_bytes()
    assert detect("conversations.json", decode(chatgpt)) == "chatgpt"
    assert detect("conversations.json", decode(claude)) == "claude"


def test_a_dated_daily_note_with_a_date_heading_stays_a_daily_note() -> None:
    text = "# 2024-05-01\n\nI started learning piano.\n"
    assert detect("2024-05-01.md", text) == "markdown_journal"
    assert detect("journal.md", text) == "text_journal"


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("result.json", b'{"name": "Alice", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "ty', "truncated"),
        ("Journal.json", json.dumps({"metadata": {}, "entries": []}).encode(), "no entries"),
        ("export.json", json.dumps({"rows": [1, 2]}).encode(), "unknown JSON export"),
        ("export.csv", b"a,b,c\n1,2,3\n", "unknown CSV columns"),
        ("chat.txt", b"   \r\n\r\n", "empty file"),
        ("voice.opus", b"OggS\x00\x02\x00\x00\x00\x00", "not text: binary content"),
        ("notes.txt", b"caf\xe9 au lait \xe0 Paris, tr\xe8s bien", "not UTF-8, UTF-16 or GBK/GB18030"),
        ("photo.heic", b"ftypheic and more", "unknown format"),
        ("notes.md", b"nothing dated here", "without a date"),
    ],
)
def test_what_cannot_be_read_is_refused_with_a_reason(name: str, data: bytes, reason: str) -> None:
    with pytest.raises(RefusedFile, match=reason):
        admit(name, data)


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ("日记\r\n今天很好。\r\n".encode(), "日记\n今天很好。\n"),
        ("日记\r\n".encode("utf-8-sig"), "日记\n"),
        ("日记\r\nok\r\n".encode("utf-16"), "日记\nok\n"),
        ("12/31/23, 21:05 - 小伟: 好\r\n".encode("utf-16-le"), "12/31/23, 21:05 - 小伟: 好\n"),
        ("12/31/23, 21:05 - 小伟: 好\n".encode("utf-16-be"), "12/31/23, 21:05 - 小伟: 好\n"),
        ("聊天记录，我住在上海。\r\n".encode("gbk"), "聊天记录，我住在上海。\n"),
        ("𠮷野家，€ 5\n".encode("gb18030"), "𠮷野家，€ 5\n"),
        (b"old mac\rline", "old mac\nline"),
    ],
)
def test_encodings_and_line_ends_people_have(data: bytes, text: str) -> None:
    assert decode(data) == text


ALL_FILES = sorted(
    p for root in (SAMPLES, FIXTURES) for p in root.rglob("*") if p.is_file() and ".obsidian" not in p.parts
)


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_admitting_an_admitted_file_again_changes_nothing(path) -> None:
    """The run admits inbox files again: a second pass must leave them as they are, or the same export imported
    later would no longer be recognised as a duplicate."""
    admitted = admit(path.name, path.read_bytes())
    again = admit(path.name, admitted.data)
    assert (again.format, again.data, again.records) == (admitted.format, admitted.data, admitted.records)


def test_a_huge_single_line_text_file_is_refused_plainly() -> None:
    with pytest.raises(RefusedFile, match="without a date"):
        admit("dump.txt", b'"' + b"x" * 300_000)
