"""Bad input and faults (issue 9): each one found by trying, each reproduced here before it was fixed."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from mirror_pipeline.adapters.admission import RefusedFile
from mirror_pipeline.adapters.inbox import import_file
from mirror_pipeline.adapters.parsers.common import MAX_JSON_DEPTH, JsonDepth
from mirror_pipeline_tests.conftest import SAMPLES, mirror, mirror_json

GOOD = SAMPLES / "claude" / "conversations.json"


def _depth_of(text: str, piece: int) -> int:
    guard = JsonDepth(limit=10_000)
    data = text.encode()
    for start in range(0, len(data), piece):
        guard.feed(data[start : start + piece])
    return guard.depth


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 1000])
def test_nesting_is_counted_outside_strings_across_pieces(piece: int) -> None:
    value = {"a": ["[[[{", {"b": r'x"]]]\\', "c": [[[r"\"{", "}}"]]]}]}
    text = json.dumps(value)[:-2]  # two levels left open
    assert _depth_of(text, piece) == 2
    assert _depth_of(r'["\\"', piece) == 1  # an escaped backslash does not escape the quote after it


def test_too_deep_json_is_refused_while_read() -> None:
    guard = JsonDepth()
    with pytest.raises(RefusedFile, match=f"nested more than {MAX_JSON_DEPTH} levels"):
        guard.feed(b"[" * (MAX_JSON_DEPTH + 1))


NAMES = ["conversations.json", "result.json", "Journal.json", "export.json"]


@pytest.mark.parametrize("name", NAMES)
def test_deeply_nested_json_is_refused_and_the_good_file_beside_it_is_imported(tmp_path: Path, name: str) -> None:
    """400 KB of '[' grew an import to 22.8 GB (the streaming parser's path per level): it is refused, in bounded
    memory (the import runs under a 2 GB address-space limit here), and the other file goes in."""
    deep = tmp_path / "in" / name
    deep.parent.mkdir()
    deep.write_text("[" * 400_000 if name != "Journal.json" else '{"entries": ' + '{"a": ' * 100_000, "utf-8")
    script = (
        "import json, sys; from pathlib import Path; from mirror_pipeline.adapters.inbox import import_file;"
        "print(json.dumps([import_file(Path(sys.argv[1]), Path(p)).__dict__ for p in sys.argv[2:]]))"
    )

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "inbox"), str(deep), str(GOOD)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit_memory,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    refused, accepted = json.loads(done.stdout)
    assert refused["status"] == "refused" and refused["path"] == str(deep)
    assert "nested more than" in refused["reason"]
    assert accepted["status"] == "accepted"


def test_deep_json_inside_a_text_looking_file_is_refused_in_the_inbox_too(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"x": ' * 5_000, "utf-8")
    outcome = import_file(tmp_path / "inbox", deep)
    assert outcome.status == "refused" and "nested more than" in (outcome.reason or "")


def test_a_file_read_whole_is_refused_by_its_size_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mirror_pipeline.adapters import formats

    monkeypatch.setattr(formats, "MAX_WHOLE_FILE_BYTES", 500)
    big = SAMPLES / "telegram" / "result.json"
    assert big.stat().st_size > 500
    outcome = import_file(tmp_path / "inbox", big)
    assert outcome.status == "refused" and "too large to read at once" in (outcome.reason or "")
    assert import_file(tmp_path / "inbox", SAMPLES / "chatgpt" / "conversations.json").status == "accepted"


def _dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_a_killed_imports_temporary_files_are_removed_at_the_next_import_and_never_read(tmp_path: Path) -> None:
    from mirror_pipeline.adapters.inbox import inbox_files, remove_stale_temporaries

    inbox = tmp_path / "inbox"
    (inbox / "claude").mkdir(parents=True)
    stale = inbox / f".conversations.json.tmp-{_dead_pid()}"
    stale.write_bytes(b'[{"uuid": "half-writ')
    nested = inbox / "claude" / f".notes.md.tmp-{_dead_pid()}"
    nested.write_bytes(b"half")
    live = inbox / f".other.json.tmp-{1}"  # pid 1 is alive: its writer may still be at work
    live.write_bytes(b"[")
    assert inbox_files(inbox) == []  # never read as input
    assert sorted(remove_stale_temporaries(inbox)) == sorted([stale, nested])
    assert not stale.exists() and not nested.exists() and live.exists()


@pytest.mark.slow
def test_mirror_import_and_run_remove_stale_temporary_files(fresh_home: Path) -> None:
    stale = fresh_home / "inbox" / f".conversations.json.tmp-{_dead_pid()}"
    stale.write_bytes(b"[")
    mirror(fresh_home, "import", str(GOOD))
    assert not stale.exists()
    stale.write_bytes(b"[")
    mirror(fresh_home, "run")
    assert not stale.exists()


DIARY = """[annotation]: [id] (5f3c9e1a-6b1d-4d0e-9d43-1c1f9a0d2b7e)
[annotation]: [status] (published)
[annotation]: [create_time] (2023-12-31 23:55:30)
[annotation]: [tags] ()
[annotation]: [title] (跨年)

今年最后一天，和家人一起包了饺子。

Next year I want to run a half marathon.
"""


def test_a_diary_dated_by_link_reference_front_matter_is_read_with_that_date() -> None:
    from zoneinfo import ZoneInfo

    from mirror_pipeline.adapters.formats import admit, parse

    admitted = admit("跨年.md", DIARY.encode())
    assert admitted.format == "markdown_journal" and admitted.records == 2
    messages = parse("跨年.md", admitted.data, admitted.format, ZoneInfo("Asia/Shanghai"))
    assert [m.text for m in messages] == [
        "今年最后一天，和家人一起包了饺子。",
        "Next year I want to run a half marathon.",
    ]
    assert {m.timestamp.isoformat() for m in messages} == {"2023-12-31T23:55:30+08:00"}
    assert {str(m.timestamp_precision) for m in messages} == {"second"}
    assert messages[0].locator == "line 7"


@pytest.mark.parametrize(
    "line",
    ["[date]: <2024-03-05>", "[//]: # (date: 2024-03-05)", '[created]: "2024-03-05"', "[date]: 2024-03-05"],
)
def test_other_link_reference_front_matter_gives_the_date(line: str) -> None:
    from zoneinfo import ZoneInfo

    from mirror_pipeline.adapters.formats import admit, parse

    text = f"{line}\n\nA quiet day at home.\n"
    admitted = admit("notes.md", text.encode())
    (message,) = parse("notes.md", admitted.data, admitted.format, ZoneInfo("UTC"))
    assert message.timestamp.date().isoformat() == "2024-03-05" and message.text == "A quiet day at home."


def test_a_message_longer_than_the_bound_is_kept_up_to_it_with_a_note() -> None:
    from zoneinfo import ZoneInfo

    from mirror_pipeline.adapters.formats import MAX_MESSAGE_CHARS, admit, parse

    long = "今天写了很多。" + "lorem ipsum dolor sit amet " * 60_000 + "the end"
    text = f"---\ndate: 2024-05-01\n---\nA short one.\n\n{long}\n"
    admitted = admit("2024-05-01.md", text.encode())
    short, cut = parse("2024-05-01.md", admitted.data, admitted.format, ZoneInfo("UTC"))
    assert short.text == "A short one."
    assert len(cut.text) <= MAX_MESSAGE_CHARS and cut.text.startswith("今天写了很多。lorem ipsum")
    assert cut.text.endswith(f"more characters not kept: a message is kept up to {MAX_MESSAGE_CHARS:,} characters]")
    assert "the end" not in cut.text
    again = parse("2024-05-01.md", admitted.data, admitted.format, ZoneInfo("UTC"))
    assert [m.text for m in again] == [short.text, cut.text]  # the same cut every time


def test_the_cut_never_falls_inside_a_reference_placeholder() -> None:
    from datetime import UTC, datetime

    from mirror_pipeline.adapters.formats import MAX_MESSAGE_CHARS, bounded
    from mirror_pipeline.core.model import Attribution, Message, SourceType, TimePrecision

    placeholder = "[secret:password:sec_0123456789abcdef]"
    for shift in range(0, 60, 3):
        text = "x" * (MAX_MESSAGE_CHARS - 100 - shift) + placeholder + "y" * 500
        message = Message(
            "i",
            "line 1",
            "s",
            "user",
            Attribution.FORMAT,
            datetime.now(UTC),
            TimePrecision.DAY,
            text,
            SourceType.IMPORT,
        )
        kept = bounded(message).text.split("\n[…")[0]
        assert placeholder in kept or "[secret:" not in kept


@pytest.mark.slow
def test_a_50_mb_message_and_a_50_mb_wechat_cell_import_and_run_in_bounded_time(
    fresh_home: Path, tmp_path: Path
) -> None:
    import resource

    import polars as pl

    from mirror_pipeline.adapters.formats import MAX_MESSAGE_CHARS

    def cpu_of_commands() -> float:  # the commands' own time, not the wall clock of a shared machine
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    huge = "lorem ipsum dolor sit amet " * 2_000_000  # 54 MB in one message
    journal = tmp_path / "2024-05-01.md"
    journal.write_text(f"Before.\n\n{huge}\n", encoding="utf-8")
    header = "id,MsgSvrID,type_name,is_sender,talker,room_name,msg,src,CreateTime"
    wechat = tmp_path / "chat_妈妈.csv"
    wechat.write_text(
        f'{header}\n1,11,文本,0,wxid_mum,,"{huge}",,2024-05-01 10:00:00\n'
        "2,12,文本,1,wxid_me,,好的,,2024-05-01 10:01:00\n",
        encoding="utf-8",
    )
    started = cpu_of_commands()
    report = mirror_json(fresh_home, "import", str(journal), str(wechat))["files"]
    assert [f["status"] for f in report] == ["accepted", "accepted"], report
    mirror(fresh_home, "run")
    assert cpu_of_commands() - started < 240
    evidence = pl.read_parquet(fresh_home / "served" / "evidence.parquet")
    longest = evidence["raw_content"].str.len_chars().max()
    assert longest is not None and longest <= MAX_MESSAGE_CHARS and len(evidence) == 4


def test_a_full_disk_on_import_says_so(tmp_path: Path) -> None:
    """/dev/full answers every write with ENOSPC, as a full disk does: the temporary copy is linked to it."""
    import os

    inbox = tmp_path / "inbox"
    inbox.mkdir()
    for source in (SAMPLES / "claude" / "conversations.json", SAMPLES / "chatgpt" / "conversations.json"):
        (inbox / f".{source.name}.tmp-{os.getpid()}").symlink_to("/dev/full")
        outcome = import_file(inbox, source)
        assert outcome.status == "refused"
        assert outcome.reason is not None and outcome.reason.startswith("no space left on the disk"), outcome.reason


@pytest.mark.parametrize("size", [256, 1_000, 4_096, 100_000])
@pytest.mark.parametrize("name", ["notes.txt", "2024-05-01.md", "diary.md"])
def test_random_bytes_are_refused_as_binary_content(tmp_path: Path, name: str, size: int) -> None:
    import random

    from mirror_pipeline.adapters.formats import admit

    for seed in range(20):
        data = random.Random(seed).randbytes(size)
        with pytest.raises(RefusedFile) as refused:
            admit(name, data)
        assert refused.value.reason.startswith("not text: binary content"), (seed, refused.value.reason)


def test_text_in_an_unknown_encoding_is_told_apart_from_binary_content() -> None:
    from mirror_pipeline.adapters.formats import admit

    with pytest.raises(RefusedFile, match="not UTF-8, UTF-16 or GBK/GB18030 text"):
        admit("2024-05-01.md", "J'ai bu un café.\n".encode("latin-1"))


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("2024-02-30.md", "今天下雨。\n", "2024-02-30 is not a date (in the file name)"),
        ("notes.md", "---\ndate: 2024-02-30\n---\n今天下雨。\n", "2024-02-30 is not a date (in the front matter)"),
        ("2024-13-01.md", "today.\n", "2024-13-01 is not a date (in the file name)"),
        ("x.md", "[annotation]: [create_time] (2023-02-29 10:00:00)\n\nhi\n", "2023-02-29 is not a date"),
    ],
)
def test_an_impossible_date_is_named(tmp_path: Path, name: str, text: str, reason: str) -> None:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    outcome = import_file(tmp_path / "inbox", source)
    assert outcome.status == "refused" and outcome.reason is not None and outcome.reason.startswith(reason)


def test_a_csv_error_is_said_in_words() -> None:
    import csv

    from mirror_pipeline.adapters.formats import admit

    header = "id,MsgSvrID,type_name,is_sender,talker,room_name,msg,src,CreateTime"
    before = csv.field_size_limit(1_000)
    try:
        with pytest.raises(RefusedFile, match=r"line 2: a cell longer than 1,000 characters"):
            admit("chat.csv", f'{header}\n1,11,文本,0,wxid_mum,,"{"x" * 2000}",,2024-05-01 10:00:00\n'.encode())
    finally:
        csv.field_size_limit(before)
    with pytest.raises(RefusedFile, match=r"the file ends inside a quoted cell"):
        admit("chat.csv", f'{header}\n1,11,文本,0,wxid_mum,,"cut'.encode())


def test_a_reader_reads_every_table_from_the_snapshot_it_opened_while_another_is_published(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    import duckdb
    import polars as pl

    from mirror_pipeline.adapters.snapshot import open_snapshot, publish

    served, snapshots = tmp_path / "served", tmp_path / "snapshots"

    def tables(n: int) -> dict[str, pl.DataFrame]:
        return {"memories": pl.DataFrame({"n": [n]}), "evidence": pl.DataFrame({"n": [n, n]})}

    publish(served, snapshots, tables(1), "one", datetime(2026, 1, 1, tzinfo=UTC), "run-one")
    reading = open_snapshot(served)
    assert reading.table("memories")["n"].to_list() == [1]
    publish(served, snapshots, tables(2), "two", datetime(2026, 1, 2, tzinfo=UTC), "run-two")
    # the link moved on; this read stays on the snapshot it opened, parquet and duckdb alike
    assert reading.table("evidence")["n"].to_list() == [1, 1]
    with duckdb.connect(str(reading.duckdb), read_only=True) as con:
        assert con.execute("select n from memories").fetchall() == [(1,)]
    assert open_snapshot(served).table("memories")["n"].to_list() == [2]
    with pytest.raises(FileNotFoundError, match="no served snapshot"):
        open_snapshot(tmp_path / "nothing")


def test_the_config_is_one_typed_model_and_an_unknown_key_is_refused_by_its_name(tmp_path: Path) -> None:
    from mirror_pipeline.adapters.config import CONFIG_NAME, load_config
    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.errors import ConfigError, MirrorError

    (tmp_path / CONFIG_NAME).write_text("user: {name: 小伟, aliases: Wei}\ntimezone: Asia/Shanghai\n", "utf-8")
    home = Home.resolve(tmp_path)
    assert home.settings.user.aliases == ["Wei"] and home.timezone.key == "Asia/Shanghai"
    assert home.config["context"]["budget"] == 800 and home.config["extraction"]["model"] is None  # the dict view
    assert home.user_names == ("小伟", "Wei")
    for text, named in (
        ("timezon: UTC\n", "unknown key 'timezon'"),
        ("extraction: {modle: ollama/qwen2.5:7b}\n", "unknown key 'extraction.modle'"),
        ("context: {budget: 0}\n", "context.budget"),
        ("timezone: Asia/Shangai\n", "'Asia/Shangai' is not a time zone"),
        ("extraction: {api_key: sk-abc}\n", "extraction.api_key is not read from the home"),
        ("user: [a, b]\n", "user"),
        ("- just a list\n", "not a set of key: value lines"),
        ("user: {name: [unclosed\n", "not valid YAML (line"),
    ):
        (tmp_path / CONFIG_NAME).write_text(text, "utf-8")
        with pytest.raises(ConfigError) as refused:
            load_config(tmp_path)
        assert named in str(refused.value) and str(tmp_path / CONFIG_NAME) in str(refused.value)
        assert isinstance(refused.value, MirrorError) and "sk-abc" not in str(refused.value)


def test_the_projects_failures_share_one_base_class_under_their_old_names() -> None:
    from mirror_pipeline.adapters import admission, llm_extractor, warehouse
    from mirror_pipeline.contracts import tables
    from mirror_pipeline.errors import ConfigError, MirrorError, PublishRefused

    for error in (
        admission.RefusedFile,
        tables.ContractViolation,
        warehouse.SchemaChanged,
        llm_extractor.ExtractionConfigError,
        llm_extractor.LlmError,
        llm_extractor.InvalidReply,
        llm_extractor.LlmUnavailable,
        ConfigError,
        PublishRefused,
    ):
        assert issubclass(error, MirrorError), error
    assert issubclass(llm_extractor.ExtractionConfigError, ValueError)  # callers that caught ValueError still do


def test_a_command_on_a_home_with_an_unknown_key_says_so_in_one_line(fresh_home: Path) -> None:
    (fresh_home / "mirror.yaml").write_text("user: {name: Wei, alias: [小伟]}\n", "utf-8")
    for args in (["status"], ["search", "x"]):
        done = mirror(fresh_home, *args, check=False)
        assert done.returncode != 0 and done.stdout == ""
        assert done.stderr.strip().count("\n") == 0 and "unknown key 'user.alias'" in done.stderr, done.stderr


def test_an_import_of_many_files_reads_the_ledger_once_and_shows_progress_per_file(
    fresh_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5,000 small files imported at ~13 files/s: the admissions ledger was read again (and scanned whole) for each
    file. It is read once; `--progress` (or a terminal) shows each file on stderr; each file's line is printed as it
    is done. The rate itself is measured by benchmarks/import_many_files.py."""
    from click.testing import CliRunner

    from mirror_pipeline.adapters import inbox
    from mirror_pipeline.cli import main

    folder = tmp_path / "days"
    folder.mkdir()
    for day in range(1, 29):
        (folder / f"2024-02-{day:02d}.md").write_text(f"Day {day}: a walk by the river.\n", "utf-8")
    reads = []
    real = inbox.read_ledger
    monkeypatch.setattr(inbox, "read_ledger", lambda path: reads.append(path) or real(path))
    done = CliRunner().invoke(main, ["--home", str(fresh_home), "import", str(folder), "--progress"])
    assert done.exit_code == 0, done.output
    assert len(reads) == 1
    assert done.stdout.count("accepted") == 28
    assert "28/28 files" in done.stderr and "1/28 files" in done.stderr
    again = CliRunner().invoke(main, ["--home", str(fresh_home), "import", str(folder)])
    assert again.stdout.count("duplicate") == 28  # the ledger in memory still finds what is there


def test_a_deep_file_dropped_into_the_inbox_is_refused_by_the_run_not_a_crash(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from mirror_pipeline.adapters.inbox import manifest_row

    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "deep.json").write_text('{"a": ' * 900 + "1" + "}" * 900, "utf-8")
    row = manifest_row(inbox, inbox / "deep.json", {}, datetime.now(UTC))
    assert row["status"] == "refused" and "nested more than" in row["reason"]


@pytest.mark.parametrize("head", [b"", b"\0\0\0\0", b"\x94-\x89Z\x81n\x8f\x0fDUCK" + b"\0" * 100, b"not duckdb" * 2000])
def test_a_warehouse_that_is_not_a_duckdb_file_is_set_aside_with_its_wal(tmp_path: Path, head: bytes) -> None:
    from datetime import UTC, datetime

    from mirror_pipeline.adapters.warehouse import set_aside_if_unreadable

    path = tmp_path / "warehouse.duckdb"
    path.write_bytes(head)
    (tmp_path / "warehouse.duckdb.wal").write_bytes(b"log")
    aside = set_aside_if_unreadable(path, datetime(2026, 12, 2, 10, 30, tzinfo=UTC))
    assert aside == tmp_path / "warehouse.duckdb.unreadable-20261202T103000"
    assert aside.read_bytes() == head and not path.exists()  # kept as it was, not deleted
    assert (tmp_path / "warehouse.duckdb.unreadable-20261202T103000.wal").read_bytes() == b"log"
    assert not (tmp_path / "warehouse.duckdb.wal").exists()


def test_a_readable_or_absent_warehouse_is_left_where_it_is(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    import duckdb

    from mirror_pipeline.adapters.warehouse import set_aside_if_unreadable

    path = tmp_path / "warehouse.duckdb"
    assert set_aside_if_unreadable(path, datetime.now(UTC)) is None
    with duckdb.connect(str(path)) as con:
        con.execute("create table t as select 1 as a")
    assert set_aside_if_unreadable(path, datetime.now(UTC)) is None
    with duckdb.connect(str(path)) as con:
        assert con.execute("select a from t").fetchone() == (1,)


@pytest.mark.slow
def test_a_run_on_a_home_whose_warehouse_was_cut_short_rebuilds_it_and_serves_the_same_memories(
    copied_home: Path,
) -> None:
    """kill -9 while DuckDB was creating the file once left 4 bytes, and every later run failed on them."""
    from mirror_pipeline.adapters.snapshot import open_snapshot

    def served() -> set[tuple[str, str]]:
        memories = open_snapshot(copied_home / "served").table("memories")
        return set(zip(memories["memory_id"].to_list(), memories["content_text"].to_list(), strict=True))

    before = served()
    (copied_home / "warehouse.duckdb").write_bytes(b"\0\0\0\0")
    result = mirror(copied_home, "run")
    assert "not a readable DuckDB file" in result.stderr and "rebuilds the warehouse" in result.stderr
    assert list(copied_home.glob("warehouse.duckdb.unreadable-*"))
    assert served() == before and before
