import shutil
from pathlib import Path

from mirror_pipeline.adapters.formats import admit, parse
from mirror_pipeline.adapters.inbox import expand
from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES, UTC, by_text, read


def test_day_one_entries_on_the_calendar_they_were_written_on() -> None:
    fmt, secrets, messages = read("dayone/Journal.json")
    assert fmt == "dayone"
    moved = by_text(messages, "Finally moved")
    assert moved.text == "Finally moved into the flat in Kita-ku. The movers were two hours late!"  # escapes undone
    assert moved.timestamp.isoformat() == "2024-02-10T23:32:05+09:00"  # 14:32Z in Asia/Tokyo
    assert moved.locator == "entry 8C1E3B9F0A2D4E5F8A7B6C5D4E3F2A10 line 3"
    assert moved.session_id == "dayone:8C1E3B9F0A2D4E5F8A7B6C5D4E3F2A10"
    assert by_text(messages, "Late call").timestamp.isoformat() == "2024-02-10T19:15:00-05:00"
    texts = [m.text for m in messages]
    assert "# Moving day" not in texts and not any("dayone-moment" in t for t in texts)  # heading, photo link
    assert {m.actor for m in messages} == {"user"} and len(messages) == 4
    assert secrets == 1 and not any("4821" in t for t in texts)


def test_day_one_stays_a_day_one_export_after_redaction() -> None:
    data = (FIXTURES / "dayone/Journal.json").read_bytes()
    admitted = admit("Journal.json", data)
    assert admit("Journal.json", admitted.data).format == "dayone"
    assert admit("Journal.json", admitted.data).data == admitted.data  # admitting again changes nothing


def test_a_plain_text_journal_dates_each_entry_by_the_line_above_it() -> None:
    fmt, _, messages = read("journal/journal.txt")
    assert fmt == "text_journal"
    assert [(m.timestamp and m.timestamp.isoformat(), m.text) for m in messages] == [
        (None, "My journal"),  # before the first date: kept, undated
        ("2024-04-01T00:00:00+00:00", "Started at the new office today. The commute is 20 minutes."),
        ("2024-04-02T00:00:00+00:00", "我搬到了大阪的北区。"),
        ("2024-04-03T21:30:00+00:00", "I don't drink coffee any more."),
        ("2024-04-03T21:30:00+00:00", "Still unpacking."),
    ]
    assert messages[2].locator == "line 7" and messages[2].timestamp_precision == "day"
    assert messages[3].timestamp_precision == "second"


def test_obsidian_daily_notes_in_both_layouts_and_the_vault_settings_left_out(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    shutil.copytree(FIXTURES / "journal/vault", vault)
    (vault / ".obsidian").mkdir(exist_ok=True)
    (vault / ".obsidian" / "workspace.json").write_text("{}", encoding="utf-8")
    files = expand([vault])
    assert [f.relative_to(vault).as_posix() for f in files] == ["2024/05/2024-05-01.md", "Daily/2024-05-02.md"]
    first = parse(files[0].name, admit(files[0].name, files[0].read_bytes()).data, "markdown_journal", UTC)
    assert [m.text for m in first] == ["- [x] call the landlord", "I started learning piano today."]
    second = parse(files[1].name, files[1].read_bytes(), "markdown_journal", UTC)
    assert second[0].timestamp.date().isoformat() == "2024-05-02" and second[0].locator == "line 1"


def test_a_daily_note_named_the_chinese_way_is_dated_by_its_name() -> None:
    (message,) = parse("2024年5月3日.md", "今天下雨。\n".encode(), "markdown_journal", UTC)
    assert message.timestamp.date().isoformat() == "2024-05-03"


def test_an_obsidian_note_dated_only_by_its_created_front_matter() -> None:
    note = b"---\ncreated: 2024-05-04T07:30\ntags: [daily]\n---\nI ran 5 km before work.\n"
    admitted = admit("Morning run.md", note)
    assert admitted.format == "markdown_journal"
    (message,) = parse("Morning run.md", admitted.data, "markdown_journal", UTC)
    assert message.timestamp.date().isoformat() == "2024-05-04" and message.locator == "line 5"


def test_a_text_journal_keeps_its_lines_when_secrets_are_replaced() -> None:
    text = "2024-04-01\n家里wifi密码：Tplink8888\n\n2024-04-02\n我的银行卡密码 482193\n\n2024-04-01\n补记：今天很好。\n"
    admitted = admit("journal.txt", text.encode())
    stored = admitted.data.decode()
    assert admitted.secrets_redacted == 2 and "Tplink8888" not in stored and "482193" not in stored
    assert stored.count("\n") == text.count("\n") and stored.split("\n")[6] == "2024-04-01"
    texts = [m.text for m in parse("journal.txt", admitted.data, "text_journal", UTC)]
    assert texts[-1] == "补记：今天很好。"
