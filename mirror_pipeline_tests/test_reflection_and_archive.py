"""End to end through the real command: the weekly reflection's insights become inferred memories the person
confirms or forgets; the monthly review's archive proposals are answered in `mirror review`; an archived memory stays
findable by search, labelled, and out of the default context."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import polars as pl
import pytest

from mirror_pipeline_tests.conftest import mirror, mirror_json
from mirror_pipeline_tests.test_person_in_the_loop import files_holding, mirror_stdin

pytestmark = pytest.mark.slow

# a month of the person's life, dated back from today (the run's now is the real clock), and one old preference
MONTH = {
    -24: "我和小林去爬山了，累但开心。",
    -23: "今天特别开心！",
    -22: "小林是我的上司。",
    -17: "周末又去爬山，小林也来了。",
    -16: "今天特别开心！",
    -4: "我上周搬到了上海。",
    -3: "今天特别开心！",
    -2: "我现在每个周末都去爬山。",
    -1: "小林说下周一起去爬山。",
    -800: "我喜欢喝乌龙茶。",
}


def _served(home: Path, table: str) -> list[dict]:
    return pl.read_parquet(home / "served" / f"{table}.parquet").to_dicts()


def test_insights_archive_proposals_and_archived_memories_through_the_command(tmp_path: Path) -> None:
    today = datetime.now(UTC).date()
    export = tmp_path / "journal"
    export.mkdir()
    for offset, text in MONTH.items():
        day = (today + timedelta(days=offset)).isoformat()
        (export / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{text}\n", encoding="utf-8")
    home = tmp_path / "home"
    mirror(home, "init")
    mirror(home, "import", str(export))
    mirror(home, "run", "--job", "weekly_job")  # the reflection
    (weekly,) = (home / "reviews" / "weekly").glob("*.md")
    assert "这几周你常常提到小林 [inferred]" in weekly.read_text(encoding="utf-8")

    mirror(home, "run")  # governance serves the insights
    # before any search or context uses it (a use restarts its clock): the monthly review proposes archiving the
    # old preference; `mirror review` offers it after the open questions
    mirror(home, "run", "--job", "monthly_job")
    (monthly,) = (home / "reviews" / "monthly").glob("*.md")
    (tea,) = [m for m in _served(home, "memories") if "乌龙茶" in m["content_text"]]
    assert f"`{tea['memory_id']}`" in monthly.read_text(encoding="utf-8").split("## 建议归档")[1].split("## ")[0]
    open_questions = len(mirror_json(home, "issues")["issues"])
    out = mirror_stdin(home, "s" * open_questions + "1", "review", "--max", "100", "--run", "--json")
    payload = json.loads(out.stdout)
    assert payload["archive_proposals"] == 1 and payload["run"]["success"]
    assert [d["action"] for d in payload["answered"]] == ["archive"]
    assert "很久没有提到，也没有被用到了" in out.stderr
    assert {m["memory_id"]: m["state"] for m in _served(home, "memories")}[tea["memory_id"]] == "archived"
    inferred = {m["object"]: m for m in _served(home, "memories") if m["predicate"].startswith("inferred:")}
    assert {"小林", "爬山", "开心"} <= set(inferred)
    person = inferred["小林"]
    assert person["state"] == "pending_review" and person["confirmed_by"] is None
    assert "inferred" in person["labels"] and person["content_text"] == "这几周你常常提到小林"
    found = mirror_json(home, "search", "小林", "--k", "20")["results"]
    assert "inferred" in next(r for r in found if r["id"] == person["memory_id"])["labels"]
    questions = {i["memory_ids"][0]: i for i in mirror_json(home, "issues")["issues"] if len(i["memory_ids"]) == 1}
    assert questions[person["memory_id"]]["question"].startswith(
        "我从你最近的记录里归纳出一条：「这几周你常常提到小林」"
    )

    # confirm one insight, forget another, archive where the person lives
    mirror(home, "confirm", person["memory_id"])
    feeling = inferred["开心"]
    mirror(home, "forget", feeling["memory_id"])
    (lives,) = [m for m in _served(home, "memories") if m["predicate"] == "lives_in"]
    mirror(home, "archive", lives["memory_id"])
    mirror(home, "run", "--job", "weekly_job")
    memories = {m["memory_id"]: m for m in _served(home, "memories")}
    assert memories[person["memory_id"]]["state"] == "confirmed"
    assert memories[person["memory_id"]]["confirmed_by"] == "user"
    assert feeling["memory_id"] not in memories
    assert files_holding(home, feeling["content_text"]) == []  # not derived again either
    assert memories[lives["memory_id"]]["state"] == "archived"
    hit = next(r for r in mirror_json(home, "search", "上海", "--k", "20")["results"] if r["id"] == lives["memory_id"])
    assert hit["state"] == "archived" and "已归档：只作历史保留，不进默认上下文" in hit["labels"]
    context = mirror_json(home, "context", "我住在哪里")
    assert lives["memory_id"] not in {i["id"] for slot in context["slots"] for i in slot["items"]}

    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        outcomes = dict(con.execute("select action, note from decision_outcomes where action = 'archive'").fetchall())
    finally:
        con.close()
    assert outcomes["archive"].startswith("archived")
