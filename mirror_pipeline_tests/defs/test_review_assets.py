"""The review documents (reviews/) show what is served: a row the serving quarantine withholds, and what derives from
it, appears in no daily, weekly or monthly document, though the warehouse holds it."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import dagster as dg
import duckdb
import pytest

from mirror_pipeline.adapters.home import Home
from mirror_pipeline.adapters.inbox import import_file
from mirror_pipeline.core import quarantine
from mirror_pipeline.definitions import build_defs

JOURNAL = {
    "2026-11-02": "My manager Kobayashi approved the transfer paperwork.\n\nI prefer tea over coffee.",
    "2026-11-03": "我现在住在大阪。",
}


@pytest.mark.slow
def test_a_withheld_row_and_what_derives_from_it_stay_out_of_every_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 12, 1))
    export = tmp_path / "journal"
    export.mkdir()
    for day, text in JOURNAL.items():
        (export / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{text}\n", encoding="utf-8")
        import_file(home.inbox, export / f"{day}.md")
    # a rule that reads "Kobayashi" as a secret (a stand-in for any text the serving screen flags: screening stored
    # it, serving withholds it with what derives from it); every other part is real
    real = quarantine.count_secrets
    monkeypatch.setattr(
        quarantine,
        "count_secrets",
        lambda values: [n + ("Kobayashi" in v) for v, n in zip(values, real(values), strict=True)],
    )
    defs = build_defs(home)
    for job in ("daily_job", "weekly_job", "monthly_job"):
        result = defs.resolve_job_def(job).execute_in_process(instance=dg.DagsterInstance.ephemeral())
        assert result.success, job

    con = duckdb.connect(str(home.warehouse), read_only=True)
    try:
        held = con.execute("select memory_id from memory_versions where content_text like '%Kobayashi%'").fetchall()
    finally:
        con.close()
    assert held  # the warehouse has it: a review reading the warehouse would show it
    documents = {p.relative_to(home.reviews).as_posix(): p.read_text("utf-8") for p in home.reviews.rglob("*.md")}
    assert {d.split("/")[0] for d in documents} == {"daily", "weekly", "monthly"}
    everything = "\n".join(documents.values())
    assert "Kobayashi" not in everything and "paperwork" not in everything
    assert not [m for (m,) in held if m in everything]
    assert "tea over coffee" in everything and "大阪" in everything  # the rest is reviewed
