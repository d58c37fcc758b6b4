"""End to end through the real command: `mirror review` driven from stdin, and forgetting proved by a byte scan."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mirror_pipeline_tests.conftest import files_holding, mirror, mirror_json

pytestmark = pytest.mark.slow


def mirror_stdin(home: Path, stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DAGSTER_DISABLE_TELEMETRY": "1"}
    env.pop("DAGSTER_HOME", None)
    result = subprocess.run(
        [sys.executable, "-m", "mirror_pipeline.cli", "--home", str(home), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result


def test_review_walks_every_open_question_of_the_samples_and_the_run_applies_the_answers(copied_home: Path) -> None:
    before = mirror_json(copied_home, "issues")["issues"]
    assert len(before) >= 10
    assert all("class B" not in i["question"] and "class C" not in i["question"] for i in before)
    assert any(i["question"].startswith("这条记得对吗？") for i in before)  # Chinese evidence, Chinese question
    # option 1 of every question (yes / 对 / the first account), one key each
    out = json.loads(mirror_stdin(copied_home, "1" * len(before), "review", "--max", "100", "--run", "--json").stdout)
    assert out["asked"] == len(before) and len(out["answered"]) == len(before) and out["run"]["success"]
    lines = (copied_home / "decisions" / "decisions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(before) and all(json.loads(line)["by"] == "user" for line in lines)
    after = mirror_json(copied_home, "issues")["issues"]
    assert not {i["id"] for i in before} & {i["id"] for i in after}
    memories = mirror_json(copied_home, "search", "A Company", "--k", "50")["results"]
    assert memories
    served = [m for m in _memories(copied_home) if m["state"] == "pending_review"]
    assert served == []  # nothing the answers covered is left pending
    by_user = [m for m in _memories(copied_home) if m["confirmed_by"] == "user"]
    assert len(by_user) >= 8
    refs = mirror_json(copied_home, "secrets")["secret_references"]
    assert {r["state"] for r in refs} == {"confirmed"}


def _memories(home: Path) -> list[dict]:
    import polars as pl

    return pl.read_parquet(home / "served" / "memories.parquet").to_dicts()


def test_forget_a_memory_then_its_evidence_and_the_text_is_nowhere_in_the_home(copied_home: Path) -> None:
    home = copied_home
    mirror(home, "run", "--job", "weekly_job")  # a review document that lists it, a second snapshot
    (memory,) = [m for m in _memories(home) if m["object"] == "Kobayashi"]
    memory_text = memory["content_text"]  # "Kobayashi is the user's manager"
    shown = mirror_json(home, "show", memory["memory_id"])
    (evidence,) = shown["evidence"]
    assert evidence["locator"] == "line 6" and "Kobayashi approved" in evidence["excerpt"]
    evidence_text = "My manager Kobayashi approved the transfer paperwork"
    assert files_holding(home, memory_text) and files_holding(home, evidence_text)  # the scan can find it

    # an edit first: its new words are in decisions/ (append-only) and in a new version
    edited = "Kobayashi-san leads the Osaka logistics team"
    mirror(home, "edit", memory["memory_id"], "--text", edited)
    mirror(home, "run", "--job", "weekly_job")
    assert files_holding(home, edited)

    # the evidence id that search returns opens too: the words, the memories on them, how to forget them (REVIEW-16)
    opened = mirror_json(home, "show", evidence["id"])
    assert opened["memories"][0]["id"] == memory["memory_id"] and "Kobayashi approved" in opened["evidence"]["excerpt"]
    assert opened["forget_with"] == f"mirror forget {evidence['id']} --evidence"

    said = mirror(home, "forget", memory["memory_id"]).stdout
    assert f"mirror forget {memory['memory_id']} --evidence" in said  # the words stay searchable: it says so
    mirror(home, "run", "--job", "weekly_job")
    assert files_holding(home, memory_text) == []
    assert files_holding(home, edited) == []  # forgetting wins over append-only: decisions/ lost the words too
    lines = [json.loads(x) for x in (home / "decisions" / "decisions.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [d["action"] for d in lines] == ["edit", "forget"]  # a content-free line says an edit existed
    assert mirror_json(home, "show", memory["memory_id"])["forgotten"] is True
    assert files_holding(home, evidence_text)  # the words it came from stay until they are forgotten too

    mirror(home, "forget", evidence["id"])
    mirror(home, "run")
    assert files_holding(home, evidence_text) == []
    assert files_holding(home, "Kobayashi") == []
    mirror(home, "run")  # the redacted inbox file is read again: the forgotten evidence stays out
    assert files_holding(home, "Kobayashi") == []
    # (dense retrieval always answers with the nearest rows: none of them is what was forgotten)
    found = mirror_json(home, "search", "transfer paperwork")["results"]
    assert not [r for r in found if "Kobayashi" in r["text"] or r["id"] in (memory["memory_id"], evidence["id"])]
    tomb = mirror_json(home, "show", memory["memory_id"])
    assert tomb["forgotten"] and tomb["versions"] == [] and tomb["memory"] is None


def test_a_file_taken_out_of_the_inbox_takes_its_evidence_and_memories_with_it(copied_home: Path) -> None:
    home = copied_home
    (journal,) = [p for p in (home / "inbox").rglob("2026-11-09.md")]
    assert files_holding(home / "served", "Kobayashi")
    journal.unlink()
    mirror(home, "run")
    assert files_holding(home / "served", "Kobayashi") == []
    assert not [r for r in mirror_json(home, "search", "Kobayashi")["results"] if "Kobayashi" in r["text"]]
    assert any(m["predicate"] == "lives_in" for m in _memories(home))  # the other files' memories stay


def test_a_utc_home_is_asked_its_zone_when_a_journal_names_one_and_set_only_on_the_answer(tmp_path: Path) -> None:
    # REVIEW-18 #3: a home made on a machine set to UTC, a Day One journal written in Tokyo: asked, never changed
    # silently; "keep" is remembered
    said = ["Repotted the fern.", "Choir practice ran late.", "Bought a kotatsu at last.", "Snow on the river."]
    entries = [
        {"uuid": f"TK{i:04d}", "creationDate": f"2026-01-0{i + 1}T12:00:00Z", "timeZone": "Asia/Tokyo", "text": t}
        for i, t in enumerate(said)
    ]
    journal = tmp_path / "Journal.json"
    journal.write_text(json.dumps({"metadata": {}, "entries": entries}), encoding="utf-8")
    homes = []
    for name in ("home", "other"):
        home = tmp_path / name
        mirror(home, "init")
        mirror(home, "import", str(journal))
        mirror(home, "run")
        assert "timezone: UTC" in (home / "mirror.yaml").read_text(encoding="utf-8")
        homes.append(home)
    home, other = homes
    kept = mirror_stdin(home, "2\nq\n", "review", "--no-run")
    assert "4 of the records you imported say they were written in Asia/Tokyo" in kept.stdout
    assert "timezone: UTC" in (home / "mirror.yaml").read_text(encoding="utf-8")
    again = mirror_stdin(home, "q\n", "review", "--no-run")
    assert "Asia/Tokyo" not in again.stdout
    mirror_stdin(other, "1\nq\n", "review", "--no-run")
    assert "timezone: Asia/Tokyo" in (other / "mirror.yaml").read_text(encoding="utf-8")
