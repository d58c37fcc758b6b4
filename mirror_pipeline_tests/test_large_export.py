"""Issue 9: a ChatGPT export of realistic size (the repository's own generator) runs to a published snapshot. Before,
an evidence id of 16 decimal digits passing Luhn (about 1 in 20,000) was read as a card number, and every run of
2 homes in 3 of this size stopped at the secret check, for good: this export (seed 3) had `ev_4019037203832764`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import polars as pl
import pytest

from mirror_pipeline_tests.conftest import REPO, mirror, mirror_json

MESSAGES = 20_000


def _generator():
    spec = importlib.util.spec_from_file_location("generate", REPO / "benchmarks" / "generate_chatgpt_export.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_twenty_thousand_message_export_runs_to_a_published_snapshot(tmp_path: Path) -> None:
    export = tmp_path / "conversations.json"
    with open(export, "w", encoding="utf-8") as out:
        _generator().write_export(MESSAGES, out, seed=3)
    home = tmp_path / "home"
    mirror(home, "init")
    assert mirror_json(home, "import", str(export))["files"][0]["records"] == MESSAGES
    mirror(home, "run")
    status = mirror_json(home, "status")
    assert status["snapshot_at"] and status["last_run"]["status"] == "SUCCESS"
    evidence = pl.read_parquet(home / "served" / "evidence.parquet")
    assert len(evidence) == MESSAGES
    assert not evidence["evidence_id"].str.contains(r"\d").any()  # no id can be read as a number
    mirror(home, "run")  # and the next run too
    assert mirror_json(home, "status")["last_run"]["status"] == "SUCCESS"
