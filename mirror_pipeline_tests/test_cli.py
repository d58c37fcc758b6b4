"""The command as a user runs it: init -> import -> run -> context, on the bundled samples."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import polars as pl

from mirror_pipeline_tests.conftest import PLANTED_SECRETS, SAMPLES, mirror, mirror_json


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
    residence = [i for i in items.values() if "lives in" in i["text"]]
    assert len(residence) == 1 and ("大阪" in residence[0]["text"] or "Osaka" in residence[0]["text"])
    assert "Tokyo" not in result["text"] and "东京" not in result["text"]  # the superseded residence is not served
    evidence = pl.read_parquet(sample_home / "served" / "evidence.parquet")
    assert set(residence[0]["evidence_ids"]) <= set(evidence["evidence_id"])
    assert residence[0]["evidence_ids"][0] in result["text"]
    assert "confirmed" in residence[0]["labels"]


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
        needles = {secret.encode(), secret.encode("utf-16-le"), json.dumps(secret)[1:-1].encode()}
        for path in files:
            data = path.read_bytes()
            assert not any(n in data for n in needles), f"{secret[:3]}… found in {path}"
        assert not any(secret in out for out in outputs)
    refs = mirror_json(sample_home, "secrets")["secret_references"]
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
    assert [r["file_path"] for r in status["refused_files"]] == ["broken.json"]
    assert status["layers"]["memories"] > 0


def test_json_output_is_one_document_and_errors_are_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    result = mirror(missing, "run", check=False)
    assert result.returncode != 0
    assert result.stderr.strip().count("\n") == 0 and "mirror init" in result.stderr
    for args in (["run", "--job", "bogus"], ["context", "task", "--budget", "0"]):
        usage = mirror(missing, *args, check=False)
        assert usage.returncode == 2 and usage.stderr.strip().count("\n") == 0


def test_a_failed_run_leaves_the_last_good_snapshot_served(copied_home: Path) -> None:
    before = served_content(copied_home)
    link = (copied_home / "served").resolve()
    # simulate a screening bug: a raw secret reaches the warehouse; the blocking check must stop the run
    con = duckdb.connect(str(copied_home / "warehouse.duckdb"))
    con.execute(
        "update evidence set raw_content = raw_content || ' my PIN is 4821' "
        "where evidence_id = (select min(evidence_id) from evidence)"
    )
    con.close()
    result = mirror(copied_home, "run", check=False)
    assert result.returncode != 0 and "last good snapshot" in result.stderr
    assert "4821" not in result.stderr
    assert (copied_home / "served").resolve() == link and served_content(copied_home) == before


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
        for path in (p for p in fresh_home.rglob("*") if p.is_file()):
            assert value.encode() not in path.read_bytes(), f"{value[:3]}… found in {path}"
        assert not any(value in out for out in outputs)
    assert len(mirror_json(fresh_home, "secrets")["secret_references"]) >= 5
