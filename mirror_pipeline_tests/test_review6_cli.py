"""REVIEW-6 finding 13 and the time in finding 12: an import whose every file is refused fails with the reasons
(CONTRACT.md: non-zero with a one-line reason on stderr); `show` of a secret reference prints when its evidence was
written on the source's or the home's clock, not UTC's."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from mirror_pipeline.cli.decisions import _source_time
from mirror_pipeline.core.text import local_minute
from mirror_pipeline_tests.conftest import SAMPLES, mirror


def test_an_import_of_refused_files_only_fails_with_the_reasons(fresh_home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "result.json"
    broken.write_text('{"name": "Chat", "messages": [{"id": 1, "text": "unterminated', encoding="utf-8")
    result = mirror(fresh_home, "import", str(broken), "--json", check=False)
    assert result.returncode != 0
    (outcome,) = json.loads(result.stdout)["files"]  # the report is still printed, one JSON document
    assert outcome["status"] == "refused" and "at at" not in outcome["reason"]
    assert "refused" in result.stderr and "truncated or invalid JSON" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    # one file accepted: the import did something, it succeeds and reports the refusal
    good = mirror(fresh_home, "import", str(broken), str(SAMPLES / "journal"), "--json")
    assert {f["status"] for f in json.loads(good.stdout)["files"]} == {"refused", "accepted"}


def test_a_secrets_evidence_time_is_on_the_sources_or_the_homes_clock() -> None:
    at = datetime(2026, 8, 12, 12, 5, tzinfo=UTC)
    berlin = ZoneInfo("Europe/Berlin")
    assert _source_time({"timestamp": at, "source_timezone": None}, berlin, local_minute) == "2026-08-12 14:05"
    assert _source_time({"timestamp": at, "source_timezone": "Asia/Taipei"}, berlin, local_minute) == "2026-08-12 20:05"
    assert _source_time({"timestamp": None}, berlin, local_minute) is None
    assert _source_time({"timestamp": at, "source_timezone": "Asia/Taipei"}, berlin) == "2026-08-12"


def test_a_refused_files_reason_is_said_once_on_the_screen(fresh_home: Path, tmp_path: Path) -> None:
    # REVIEW-18 #4: the line for the file said the reason, then the failure said it again
    broken = tmp_path / "Journal.json"
    broken.write_text('{"metadata": {}, "entries": [{"uuid": "A1", "text": "half a thou', encoding="utf-8")
    result = mirror(fresh_home, "import", str(broken), check=False)
    assert result.returncode != 0
    screen = result.stdout + result.stderr
    assert screen.count("truncated or invalid JSON") == 1 and "the file was refused" in result.stderr


def test_status_is_said_in_words_not_as_python_dicts(fresh_home: Path) -> None:
    # REVIEW-19: `mirror status` printed "layers: {'inbox_files_on_disk': 0}" and "last run: None"
    said = mirror(fresh_home, "status").stdout
    assert "{" not in said and "None" not in said
    assert "layers: inbox files on disk 0" in said and "last run: none yet (`mirror run`)" in said
