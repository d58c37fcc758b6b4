"""The command as a user runs it: init -> import -> run -> context, on the bundled samples."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import polars as pl
import pytest

from mirror_pipeline_tests.conftest import PLANTED_SECRETS, SAMPLES, files_holding, mirror, mirror_json

pytestmark = pytest.mark.slow  # every test runs the real `mirror` command


def served_content(home: Path) -> dict[str, list]:
    """The served tables' rows (order-independent), the publication metadata aside."""
    out = {}
    for parquet in sorted((home / "served").glob("*.parquet")):
        if parquet.stem != "snapshot_meta":
            df = pl.read_parquet(parquet)
            out[parquet.stem] = sorted(json.dumps(r, sort_keys=True, default=str) for r in df.to_dicts())
    return out


def test_context_for_a_task_holds_the_current_residence_with_its_evidence(sample_home: Path) -> None:
    result = mirror_json(sample_home, "context", "find a dentist near home", "--budget", "600")
    assert set(result) >= {"task", "budget", "used", "slots", "text"}
    items = {i["id"]: i for s in result["slots"] for i in s["items"]}
    residence = [i for i in items.values() if "lives in" in i["text"] or "住在" in i["text"]]  # said in either language
    assert len(residence) == 1 and ("大阪" in residence[0]["text"] or "Osaka" in residence[0]["text"])
    assert "Tokyo" not in result["text"] and "东京" not in result["text"]  # the superseded residence is not served
    evidence = pl.read_parquet(sample_home / "served" / "evidence.parquet")
    assert set(residence[0]["evidence_ids"]) <= set(evidence["evidence_id"])
    assert residence[0]["evidence_ids"][0] in result["text"]
    # confirmed by the write policy, not by the person: the label says which (REVIEW-16: both read "confirmed")
    assert residence[0]["labels"][0] == "taken as they said it; they have not confirmed it"
    # the move said in English and the residence said in Chinese are one memory, dated by the move
    assert len(residence[0]["evidence_ids"]) == 2 and residence[0]["valid_time_start"] == "2026-10-19"


def test_the_planted_secrets_appear_in_no_file_of_the_home_nor_in_any_output(sample_home: Path) -> None:
    outputs = [
        mirror(sample_home, *args).stdout
        for args in (
            ["status", "--json"],
            ["secrets", "--json"],
            ["search", "wifi 密码"],
            ["timeline"],
            ["issues"],
            ["context", "set up the home network"],
        )
    ]
    files = [p for p in sample_home.rglob("*") if p.is_file() and not p.is_symlink()]
    assert any(p.parts[-2:] == ("dagster", "dagster.yaml") or "dagster" in p.parts for p in files)
    for secret in PLANTED_SECRETS:
        assert files_holding(sample_home, secret) == [], f"{secret[:3]}…"
        assert not any(secret in out for out in outputs)
    issues = mirror_json(sample_home, "issues")["issues"]
    asked = {m for i in issues for m in i["memory_ids"]}
    refs = mirror_json(sample_home, "secrets")["secret_references"]
    assert {r["id"] for r in refs} <= asked  # every secret reference waits for the person (class C), asked as one
    # low-priority question per kind so that they do not crowd out the questions about memories (REVIEW-6 finding 11)
    assert {i["priority"] for i in issues if set(i["memory_ids"]) & {r["id"] for r in refs}} == {"low"}
    kinds = {(r["kind"], r["label"]) for r in refs}
    assert ("password", "家里wifi") in kinds and any(k == "api_key" for k, _ in kinds)
    assert all(r["evidence_id"] and r["vault"] for r in refs)


def test_running_twice_adds_nothing_and_keeps_the_snapshot(copied_home: Path) -> None:
    before = served_content(copied_home)
    link_before = (copied_home / "served").resolve()
    status_before = mirror_json(copied_home, "status")
    mirror(copied_home, "run")
    assert served_content(copied_home) == before
    assert (copied_home / "served").resolve() == link_before  # nothing changed, nothing republished
    status_after = mirror_json(copied_home, "status")
    assert status_after["layers"] == status_before["layers"]
    # importing the same files again adds nothing either
    report = mirror_json(copied_home, "import", str(SAMPLES))
    assert {f["status"] for f in report["files"]} == {"duplicate"}


def _governed(home: Path) -> dict:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return json.loads(con.execute("select value from warehouse_meta where key = 'governed'").fetchone()[0])
    finally:
        con.close()


def test_an_idle_run_keeps_governance_until_its_result_can_change_by_time(copied_home: Path) -> None:
    before = _governed(copied_home)
    mirror(copied_home, "run")  # nothing new: the last governance stands
    assert _governed(copied_home)["as_of"] == before["as_of"]
    # its time passed (a fact turns stale then): the next run governs again, to the same tables from the same inputs
    con = duckdb.connect(str(copied_home / "warehouse.duckdb"))
    con.execute(
        "update warehouse_meta set value = ? where key = 'governed'", [json.dumps(before | {"until": before["as_of"]})]
    )
    con.close()
    served = served_content(copied_home)
    mirror(copied_home, "run")
    after = _governed(copied_home)
    assert after["as_of"] > before["as_of"] and after["inputs"] == before["inputs"]
    assert served_content(copied_home) == served


def test_a_reader_holding_the_snapshot_open_does_not_block_a_run(copied_home: Path, tmp_path: Path) -> None:
    reader = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import duckdb, sys, time\n"
                f"con = duckdb.connect({str(copied_home / 'served' / 'context.duckdb')!r}, read_only=True)\n"
                "n = con.execute('select count(*) from memories').fetchone()[0]\n"
                "print(n, flush=True)\n"
                "sys.stdin.readline()\n"
                "print(con.execute('select count(*) from memories').fetchone()[0], flush=True)\n"
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    first = reader.stdout.readline().strip()
    new_entry = tmp_path / "2026-11-20.md"
    new_entry.write_text("I joined Panasonic as a hardware engineer.\n", encoding="utf-8")
    mirror(copied_home, "import", str(new_entry))
    mirror(copied_home, "run")  # publishes a new snapshot while the old one is held open
    reader.stdin.write("\n")
    reader.stdin.flush()
    second = reader.stdout.readline().strip()
    reader.wait(timeout=30)
    assert reader.returncode == 0 and first == second  # the reader kept its consistent snapshot
    con = duckdb.connect(str(copied_home / "served" / "context.duckdb"), read_only=True)
    texts = [r[0] for r in con.execute("select content_text from memories").fetchall()]
    con.close()
    assert any("Panasonic" in t for t in texts)


def test_a_refused_file_is_reported_and_the_others_are_processed(fresh_home: Path, tmp_path: Path) -> None:
    batch = tmp_path / "batch"
    shutil.copytree(SAMPLES / "journal", batch)
    (batch / "conversations.json").write_text('[{"title": "x", "mapping": {"a": {"id": "a", "mess', encoding="utf-8")
    report = mirror_json(fresh_home, "import", str(batch))
    by_name = {Path(f["path"]).name: f for f in report["files"]}
    assert by_name["conversations.json"]["status"] == "refused"
    assert "truncated or invalid JSON" in by_name["conversations.json"]["reason"]
    assert sum(f["status"] == "accepted" for f in report["files"]) == 6
    # a broken file dropped straight into the inbox is refused by the run, which goes on with the rest
    (fresh_home / "inbox" / "broken.json").write_bytes(b'[{"mapping": ')
    mirror(fresh_home, "run")
    status = mirror_json(fresh_home, "status")
    # both: the one `mirror import` refused and the one the run refused
    assert [r["file_path"] for r in status["refused_files"]] == ["broken.json", str(batch / "conversations.json")]
    assert status["layers"]["memories"] > 0
    # every served text fits one run's embedding budget here: all embedded, none waiting, and the screen says so
    served = status["layers"]["search_documents"]
    assert status["embeddings"] == {"dense": True, "embedded": served, "waiting": 0, "per_run": 1000}
    assert f"embeddings: {served} texts, none waiting" in mirror(fresh_home, "status").stdout


def test_json_output_is_one_document_and_errors_are_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    result = mirror(missing, "run", check=False)
    assert result.returncode != 0
    assert result.stderr.strip().count("\n") == 0 and "mirror init" in result.stderr
    for args in (["run", "--job", "bogus"], ["context", "task", "--budget", "0"]):
        usage = mirror(missing, *args, check=False)
        assert usage.returncode == 2 and usage.stderr.strip().count("\n") == 0


def test_a_secret_that_reached_the_warehouse_is_withheld_and_the_run_goes_on(copied_home: Path) -> None:
    """Issue 9: quarantine, not lock-out. A screening bug lets a raw secret into the warehouse: the run still
    publishes, without that row, and asks about the file and the place, never showing the value."""
    # simulate a screening bug: a raw secret reaches the warehouse
    con = duckdb.connect(str(copied_home / "warehouse.duckdb"))
    file_path, evidence_id = con.execute(
        "select file_path, evidence_id from evidence where evidence_id = (select min(evidence_id) from evidence)"
    ).fetchone()
    con.execute(
        "update evidence set raw_content = raw_content || ' my PIN is 4821' where evidence_id = ?", [evidence_id]
    )
    con.close()
    result = mirror(copied_home, "run", check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "4821" not in result.stderr + result.stdout
    served = (copied_home / "served").resolve()
    assert files_holding(served, "4821") == []  # search/ arrays too
    assert evidence_id not in pl.read_parquet(served / "evidence.parquet")["evidence_id"].to_list()
    issues = mirror_json(copied_home, "issues")["issues"]
    assert any(i["type"] == "withheld_text" and file_path in i["question"] for i in issues)


def test_a_warehouse_from_an_older_version_is_rebuilt_not_emptied(copied_home: Path) -> None:
    def memories() -> list[tuple]:
        df = pl.read_parquet(copied_home / "served" / "memories.parquet")
        return sorted(df.select("memory_id", "version", "state", "content_text").rows())

    before = memories()
    con = duckdb.connect(str(copied_home / "warehouse.duckdb"))
    con.execute("alter table memory_candidates add column legacy varchar")
    con.close()
    mirror(copied_home, "run")
    assert memories() == before  # rebuilt from the inbox: the same memories, versions and states


TRICKY = {
    "legacy_key_body": "MIIEowIBAAKCAQEAz4Tq0j9xkV2pLr8Yb",
    "split_parts": "Hunter2!xyz",
    "plain_word": "iloveyou",
    "full_width": "８２９１",
    "after_clause": "K8#mmq2",
}


def test_tricky_secrets_never_reach_the_home(fresh_home: Path, tmp_path: Path) -> None:
    journal = tmp_path / "2026-11-01.md"
    journal.write_text(
        "我家wifi密码是iloveyou，别告诉别人。\n\n"
        "wifi的密码我写在了便利贴上: K8#mmq2\n\n"
        "验证码：８２９１\n\n"
        "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0A1B\n\n"
        f"{TRICKY['legacy_key_body']}\nq1w2e3r4t5y6u7i8o9p0\n-----END RSA PRIVATE KEY-----\n",
        encoding="utf-8",
    )
    node = {
        "id": "n1",
        "parent": None,
        "children": [],
        "message": {
            "id": "m1",
            "author": {"role": "user"},
            "create_time": 1790000000.0,
            "content": {"content_type": "text", "parts": ["my bank password is", TRICKY["split_parts"]]},
        },
    }
    export = tmp_path / "conversations.json"
    export.write_text(
        json.dumps([{"title": "bank", "conversation_id": "c9", "current_node": "n1", "mapping": {"n1": node}}]),
        encoding="utf-8",
    )
    report = mirror_json(fresh_home, "import", str(journal), str(export))
    assert {f["status"] for f in report["files"]} == {"accepted"}
    # the same files dropped into the inbox by hand, without `mirror import`: the run screens them first
    (fresh_home / "inbox" / "by-hand").mkdir()
    shutil.copy(journal, fresh_home / "inbox" / "by-hand" / journal.name)
    shutil.copy(export, fresh_home / "inbox" / "by-hand" / export.name)
    mirror(fresh_home, "run")
    outputs = [mirror(fresh_home, *a).stdout for a in (["secrets"], ["search", "password 密码"], ["status", "--json"])]
    for value in TRICKY.values():
        assert files_holding(fresh_home, value) == [], f"{value[:3]}…"
        assert not any(value in out for out in outputs)
    assert len(mirror_json(fresh_home, "secrets")["secret_references"]) >= 5


def test_a_refused_file_dropped_in_the_inbox_keeps_no_secret(fresh_home: Path) -> None:
    (fresh_home / "inbox" / "notes-without-date.md").write_text("家里wifi密码：Zq81mmxx\n", encoding="utf-8")
    (fresh_home / "inbox" / ".hidden.json").write_text('{"db": "POSTGRES_PASSWORD=Sup3rS3cretPg"}', encoding="utf-8")
    (fresh_home / "inbox" / "2026-11-02.md~").write_text("my PIN is 908173\n", encoding="utf-8")
    mirror(fresh_home, "run")
    refused = {r["file_path"] for r in mirror_json(fresh_home, "status")["refused_files"]}
    assert refused == {"notes-without-date.md", ".hidden.json", "2026-11-02.md~"}
    for value in ("Zq81mmxx", "Sup3rS3cretPg", "908173"):
        assert files_holding(fresh_home, value) == [], value


def test_a_forced_format_is_remembered_by_the_run(fresh_home: Path, tmp_path: Path) -> None:
    diary = tmp_path / "diary-2026-10-02.log"
    diary.write_text("我现在住在杭州。\n", encoding="utf-8")
    assert (
        mirror_json(fresh_home, "import", "--format", "markdown_journal", str(diary))["files"][0]["status"]
        == "accepted"
    )
    mirror(fresh_home, "run")
    status = mirror_json(fresh_home, "status")
    assert status["refused_files"] == [] and status["states"].get("confirmed") == 1


def test_new_screening_rules_rebuild_what_older_rules_let_through(copied_home: Path) -> None:
    con = duckdb.connect(str(copied_home / "warehouse.duckdb"))
    con.execute("update warehouse_meta set value = 'screening-0' where key = 'screening'")
    con.close()
    before = sorted(pl.read_parquet(copied_home / "served" / "memories.parquet")["memory_id"])
    mirror(copied_home, "run")
    con = duckdb.connect(str(copied_home / "warehouse.duckdb"), read_only=True)
    (version,) = con.execute("select value from warehouse_meta where key = 'screening'").fetchone()
    captured = con.execute("select min(captured_at) from evidence").fetchone()[0]
    con.close()
    assert version != "screening-0"
    assert captured.date() >= datetime.now(UTC).date() - timedelta(days=1)  # re-read, not kept from before
    assert sorted(pl.read_parquet(copied_home / "served" / "memories.parquet")["memory_id"]) == before


def test_a_chatgpt_import_shows_progress_on_stderr_and_the_run_reads_every_message_once(
    fresh_home: Path, tmp_path: Path
) -> None:
    fixture = Path(__file__).parent / "adapters" / "fixtures" / "chatgpt_edge_cases.json"
    result = mirror(fresh_home, "import", "--progress", "--json", str(fixture))
    report = json.loads(result.stdout)  # the report alone on stdout
    (entry,) = report["files"]
    assert {"path", "format", "status", "reason", "records"} <= set(entry)
    assert (entry["status"], entry["format"], entry["records"]) == ("accepted", "chatgpt", 11)
    assert "importing" in result.stderr and "100%" in result.stderr
    mirror(fresh_home, "run")
    con = duckdb.connect(str(fresh_home / "served" / "context.duckdb"), read_only=True)
    sessions = dict(con.execute("select session_id, count(*) from evidence group by session_id").fetchall())
    con.close()
    assert sessions == {"chatgpt:conv-trip": 6, "chatgpt:conv-old": 2, "chatgpt:conv-secret": 3}
    for secret in ("Tplink8888", "Qwe!2345", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"):
        assert files_holding(fresh_home, secret) == [], secret
    quiet = mirror(fresh_home, "import", "--json", str(SAMPLES / "journal" / "2026-10-03.md"))
    assert not quiet.stderr and json.loads(quiet.stdout)["files"][0]["status"] == "accepted"  # no bar in a pipe


def test_init_takes_the_machines_zone_says_it_and_how_to_change_it(tmp_path: Path) -> None:
    # REVIEW-5: `mirror init` wrote `timezone: UTC` without a word; a Chengdu user's WeChat "2026-07-06 07:30:00"
    # (an export without a zone) was then stored 8 hours off
    import os
    from zoneinfo import ZoneInfo

    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.adapters.parsers import wechat

    def init(home: Path, *args: str, tz: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "TZ": tz, "DAGSTER_DISABLE_TELEMETRY": "1"}
        command = [sys.executable, "-m", "mirror_pipeline.cli", "--home", str(home), "init", *args]
        return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=True)

    chengdu = tmp_path / "chengdu"
    said = init(chengdu, "--lang", "zh", tz="Asia/Shanghai").stderr
    assert "时区：Asia/Shanghai（取自本机设置）" in said and "--timezone" in said and "mirror.yaml" in said
    home = Home.resolve(chengdu)
    assert home.timezone == ZoneInfo("Asia/Shanghai")
    row = "1,7012422865494004449,文本,0,wxid_zhoulei_82,wxid_zhoulei_82,这周六我带小墨去游泳,,2026-07-06 07:30:00\n"
    export = "id,MsgSvrID,type_name,is_sender,talker,room_name,msg,src,CreateTime\n" + row
    (message,) = wechat.parse("chat_周磊.csv", export, home.timezone)
    assert message.timestamp.astimezone(UTC) == datetime(2026, 7, 5, 23, 30, tzinfo=UTC)

    london = tmp_path / "london"
    said = init(london, "--timezone", "Europe/London", tz="Asia/Shanghai").stderr
    assert "timezone: Europe/London (from --timezone)" in said
    assert Home.resolve(london).timezone == ZoneInfo("Europe/London")
    init(london, "--timezone", "Asia/Tokyo", tz="UTC")  # an existing home: the key is rewritten, nothing else
    assert Home.resolve(london).timezone == ZoneInfo("Asia/Tokyo")
    # a machine set to UTC (a server, a container) is said plainly, not as the person's own zone (REVIEW-16 #13)
    assert "Note: the timezone is UTC (this machine is set to UTC" in init(tmp_path / "plain", tz="Etc/UTC").stderr
    refused = mirror(tmp_path / "plain", "init", "--timezone", "Mars/Olympus", check=False)
    assert refused.returncode != 0 and "Mars/Olympus" in refused.stderr
