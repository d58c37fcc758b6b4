"""End to end through the real `mirror` command: message identity makes imports idempotent, refusals are reported and
the other files go on, and the configured names decide who the user is in a chat that does not say."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
import yaml

from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES
from mirror_pipeline_tests.conftest import mirror, mirror_json

CHAT = "WhatsApp Chat with Family.txt"


def _evidence(home: Path) -> pl.DataFrame:
    return pl.read_parquet(home / "served" / "evidence.parquet")


@pytest.mark.slow
def test_a_newer_export_adds_only_its_new_messages_and_the_same_file_adds_nothing(
    fresh_home: Path, tmp_path: Path
) -> None:
    config = yaml.safe_load((fresh_home / "mirror.yaml").read_text(encoding="utf-8"))
    config["user"] = {"name": "Wei Zhang", "aliases": ["Wei", "小伟"]}
    (fresh_home / "mirror.yaml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    full = (FIXTURES / "whatsapp" / CHAT).read_text(encoding="utf-8")
    older, newer = tmp_path / "older", tmp_path / "newer"
    older.mkdir()
    newer.mkdir()
    (older / CHAT).write_text("\n".join(full.split("\n")[:4]) + "\n", encoding="utf-8")  # two messages
    (newer / CHAT).write_text(full, encoding="utf-8")  # the same two and two more

    assert mirror_json(fresh_home, "import", str(older / CHAT))["files"][0]["status"] == "accepted"
    mirror(fresh_home, "run")
    first = _evidence(fresh_home)
    assert len(first) == 2

    again = mirror_json(fresh_home, "import", str(older / CHAT))["files"][0]
    assert again["status"] == "duplicate"

    report = mirror_json(fresh_home, "import", str(newer / CHAT))["files"][0]
    assert report["status"] == "accepted" and report["records"] == 4  # stored beside the older one
    mirror(fresh_home, "run")
    second = _evidence(fresh_home)
    assert len(second) == 4 and set(first["evidence_id"]) <= set(second["evidence_id"])
    cake = second.filter(pl.col("raw_content").str.contains("bring the cake")).to_dicts()[0]
    assert cake["actor"] == "user" and cake["attribution"] == "config" and cake["locator"] == "line 4"
    assert cake["timestamp"].isoformat().startswith("2024-02-03T18:45")

    # names changed in mirror.yaml: the next run attributes every message again
    config["user"] = {"name": "Someone Else", "aliases": []}
    (fresh_home / "mirror.yaml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    mirror(fresh_home, "run")
    third = _evidence(fresh_home)
    assert set(third["evidence_id"]) == set(second["evidence_id"])
    # none of the senders goes by the configured names: nobody in this chat is known to be the user
    assert set(third["actor"]) == {"other:Mum", "other:Wei", "other:Dad"} and set(third["attribution"]) == {"unsure"}


@pytest.mark.slow
def test_refusals_are_reported_by_import_and_status_and_the_other_files_go_on(fresh_home: Path, tmp_path: Path) -> None:
    batch = tmp_path / "batch"
    shutil.copytree(FIXTURES / "wechat", batch / "wechat")
    (batch / "cut.json").write_text('[{"uuid": "x", "chat_messages": [{"text": "hel', encoding="utf-8")
    (batch / "other.csv").write_text("when,who,what\n2024-01-01,me,hi\n", encoding="utf-8")
    (batch / "empty.txt").write_bytes(b"")
    report = mirror_json(fresh_home, "import", str(batch))
    by_name = {Path(f["path"]).name: f for f in report["files"]}
    assert by_name["cut.json"]["status"] == "refused" and "truncated" in by_name["cut.json"]["reason"]
    assert "unknown CSV columns" in by_name["other.csv"]["reason"]
    assert by_name["empty.txt"]["reason"] == "empty file"
    assert sum(f["status"] == "accepted" for f in report["files"]) == 2
    assert not any(
        p.name in by_name and by_name[p.name]["status"] == "refused" for p in (fresh_home / "inbox").rglob("*")
    )
    # a file dropped into the inbox by hand is refused by the run, and status says why
    (fresh_home / "inbox" / "dropped.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    mirror(fresh_home, "run")
    status = mirror_json(fresh_home, "status")
    assert [(Path(r["file_path"]).name, r["reason"].split(":")[0].split(" (")[0]) for r in status["refused_files"]] == [
        ("dropped.csv", "unknown CSV columns"),  # refused by the run
        ("cut.json", "truncated or invalid JSON"),  # and the three `mirror import` refused
        ("empty.txt", "empty file"),
        ("other.csv", "unknown CSV columns"),
    ]
    evidence = _evidence(fresh_home)
    assert set(evidence["source_format"]) == {"wechat"} and len(evidence) == 12
    assert "Tplink8888" not in " ".join(evidence["raw_content"])


def test_status_shows_what_mirror_import_refused_until_the_same_path_is_accepted(
    fresh_home: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("", encoding="utf-8")
    assert mirror(fresh_home, "import", str(bad), check=False).returncode != 0  # nothing imported: it failed
    refused = mirror_json(fresh_home, "status")["refused_files"]
    assert [(r["file_path"], r["reason"].split(" (")[0]) for r in refused] == [(str(bad), "empty file")]
    bad.write_text("2024-05-01\n今天搬到了杭州。\n", encoding="utf-8")
    mirror(fresh_home, "import", str(bad))
    assert mirror_json(fresh_home, "status")["refused_files"] == []
