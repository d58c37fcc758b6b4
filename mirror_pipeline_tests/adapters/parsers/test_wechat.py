import csv
import io

import pytest

from mirror_pipeline.adapters.formats import RefusedFile, admit, parse
from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES, TOKYO, UTC, by_text, read

PYWXDUMP = "wechat/pywxdump_妈妈.csv"
MEMOTRACE = "wechat/memotrace_老张_utf8.csv"


def test_pywxdump_is_sender_says_who_the_user_is_and_local_times_take_the_home_timezone() -> None:
    fmt, secrets, messages = read(PYWXDUMP, TOKYO)
    assert fmt == "wechat"
    tickets = by_text(messages, "初二再回上海")
    assert tickets.actor == "user" and tickets.attribution == "format"
    assert tickets.text == "春节回去，我已经买好票了。\n初二再回上海。"  # a multi-line message stays one
    assert tickets.identity == "wechat:8412750023319041003" and "8412750023319041003" in tickets.locator
    assert tickets.timestamp.isoformat() == "2024-01-20T21:07:42+09:00"
    assert (
        by_text(messages, "什么时候回家").actor == "other:妈妈"
    )  # the file is named for her; the rows say wxid_li4mama
    assert secrets == 1 and not any("Tplink8888" in m.text for m in messages)


def test_a_quoted_reply_keeps_the_quote_apart_as_someone_elses_words() -> None:
    _, _, messages = read(PYWXDUMP)
    reply = by_text(messages, "对，我现在住在浦东")
    assert reply.text == "对，我现在住在浦东" and reply.actor == "user"
    quoted = by_text(messages, "你还住在浦东吗")
    assert quoted.actor == "other:妈妈" and quoted.identity == reply.identity + ":quoted"
    assert quoted.attribution == "unsure"  # a display name alone: it could be the user's own
    # the user's own earlier words quoted back by mum are mum's message, never a second statement of the user's
    assert by_text(messages, "路上注意安全").actor == "other:妈妈"


def test_system_notices_recalls_and_media_are_not_messages() -> None:
    _, _, messages = read(PYWXDUMP)
    texts = " ".join(m.text for m in messages)
    assert "撤回" not in texts and "添加了妈妈" not in texts and "FileStorage" not in texts and "[图片]" not in texts
    assert len(messages) == 7


def test_memotrace_columns_epoch_times_and_the_xml_reply() -> None:
    fmt, _, messages = read(MEMOTRACE)
    assert fmt == "wechat"
    assert [m.actor for m in messages] == ["other:老张", "user", "other:小伟", "other:老张", "user"]
    assert messages[1].timestamp.isoformat() == "2024-01-20T13:07:42+00:00"
    assert by_text(messages, "周六早上八点见").text == "那周六早上八点见"
    assert "拍了拍" not in " ".join(m.text for m in messages)


def test_the_quoted_user_name_is_the_user_when_configured() -> None:
    _, _, messages = read(MEMOTRACE, UTC, ("小伟",))
    quoted = [m for m in messages if m.identity.endswith(":quoted")]
    assert [(m.actor, m.attribution) for m in quoted] == [("user", "config")]


@pytest.mark.parametrize("encoding", ["gbk", "gb18030", "utf-8-sig", "utf-16"])
def test_chinese_windows_encodings_read_the_same(encoding: str) -> None:
    text = (FIXTURES / PYWXDUMP).read_text(encoding="utf-8-sig")
    admitted = admit("chat.csv", text.encode(encoding))
    assert admitted.format == "wechat"
    messages = parse("chat.csv", admitted.data, "wechat", UTC)
    assert by_text(messages, "初二再回上海").actor == "user"


def test_unknown_columns_are_refused_without_quoting_the_file() -> None:
    data = b"date,who,what\n2024-01-01,me,my password is Hunter2!\n"
    with pytest.raises(RefusedFile, match="unknown CSV columns") as refusal:
        admit("export.csv", data)
    assert "Hunter2" not in refusal.value.reason


def test_a_row_cut_short_is_refused() -> None:
    text = (FIXTURES / PYWXDUMP).read_text(encoding="utf-8-sig")
    with pytest.raises(RefusedFile, match="fields, the header has 9"):
        admit("chat.csv", text[: text.index(",,2024-01-20 21:12:00")].encode())
    with pytest.raises(RefusedFile, match="not a readable CSV file"):  # cut inside a quoted message
        admit("chat.csv", text[: text.index("初二再回上海")].encode())


def test_redaction_rewrites_a_csv_that_still_parses_with_the_same_rows() -> None:
    data = (FIXTURES / PYWXDUMP).read_bytes()
    stored = admit("chat.csv", data).data.decode()
    rows = list(csv.reader(io.StringIO(stored)))
    original = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert len(rows) == len(original) and rows[0] == original[0]
    assert [r[1] for r in rows] == [r[1] for r in original]
    assert "Tplink8888" not in stored


def test_a_one_to_one_chat_names_its_contact_as_its_file_does_never_by_a_wxid_or_a_tools_word() -> None:
    # REVIEW-5: the mother was `other:wxid_lixiuying58` everywhere though the export is `chat_妈妈.csv`
    from mirror_pipeline.adapters.parsers.wechat import chat_name

    data = admit("pywxdump_妈妈.csv", (FIXTURES / PYWXDUMP).read_bytes()).data  # its secret replaced, as imported
    for name, who in (
        ("chat_妈妈.csv", "other:妈妈"),
        ("chat_妈妈.chbgbhrh.csv", "other:妈妈"),  # the inbox's second copy of a newer export
        # REVIEW-16: a download's second copy is the same chat, so the same person (not "妈妈 (1)")
        ("chat_妈妈 (1).csv", "other:妈妈"),
        ("chat_妈妈（2）.csv", "other:妈妈"),
        ("chat_妈妈 - Copy.csv", "other:妈妈"),
        ("chat_妈妈-副本.csv", "other:妈妈"),
        ("wxid_li4mama.csv", "other:wxid_li4mama"),
        ("export.csv", "other:wxid_li4mama"),
    ):
        assert by_text(parse(name, data, "wechat", UTC), "什么时候回家").actor == who, name
    assert chat_name("聊天记录.csv", "wxid_x") is None and chat_name("2026-07-06.csv", "wxid_x") is None
    assert chat_name("chat_Jenny Lin.csv", "wxid_x") == "Jenny Lin"
