"""A few months of a bilingual life, end to end through the real command (issue 11's scenario).

A move, a job change, two incompatible accounts of one date, a relation said two ways, an opinion stated as a fact, a
preference repeated across sessions, a one-off feeling, a forget. The test asserts exact states, versions, issues and
question texts (Chinese for Chinese evidence), answers through `mirror resolve`, reruns, then re-extracts with a
changed extractor version and checks that every decision still holds.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest

from mirror_pipeline_tests.conftest import mirror, mirror_json
from mirror_pipeline_tests.test_person_in_the_loop import files_holding

pytestmark = pytest.mark.slow

JOURNAL = {
    "2026-01-05": "我现在住在杭州。\n\nI work at A Company.",
    "2026-01-20": "I prefer tea over coffee.",
    "2026-01-25": "I love hiking.",
    "2026-02-10": "我2021年中离开了B公司。",
    "2026-02-14": "今天特别开心！",
    "2026-03-01": "I really prefer tea over coffee.",
    "2026-03-15": "小林是我的朋友。",
    "2026-03-20": "我很喜欢徒步。",  # the same preference in Chinese: one memory, two pieces of evidence
    "2026-04-01": "我住在世界上最美的城市。",
    "2026-04-10": "小林是我的上司。",
    "2026-05-02": "I moved to Shanghai last week!",
    "2026-05-20": "我在C公司工作。",
    "2026-06-01": "2022年春节后我离开了B公司。",
}


def versions(home: Path) -> list[tuple]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return con.execute(
            "select predicate, version, object, state, confirmed_by, memory_type, valid_time_start from memory_versions"
            " order by predicate, version"
        ).fetchall()
    finally:
        con.close()


def evidence_count(home: Path, obj: str) -> list[int]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        rows = con.execute("select len(evidence_ids) from memory_versions where object = ? and is_current", [obj])
        return [r[0] for r in rows.fetchall()]
    finally:
        con.close()


def open_issues(home: Path) -> dict[str, dict]:
    return {i["type"]: i for i in mirror_json(home, "issues")["issues"]}


def rerun_with_a_new_extractor(home: Path) -> None:
    """The same rules under another version name (new candidate ids): everything is interpreted again."""
    from dagster import DagsterInstance

    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.adapters.llm_extractor import RulesExtractor
    from mirror_pipeline.core.text import stable_id
    from mirror_pipeline.definitions import build_defs

    class Upgraded(RulesExtractor):
        version = "rules-upgraded-for-test"

        def extract(self, evidence, tz, cache):
            out = super().extract(evidence, tz, cache)
            out.candidates = [
                replace(c, candidate_id=stable_id("cand", c.candidate_id, self.version), extractor_version=self.version)
                for c in out.candidates
            ]
            return out

    old = os.environ.get("DAGSTER_HOME")
    os.environ["DAGSTER_HOME"] = str(home / "dagster")
    try:
        job = build_defs(Home.resolve(home), extractor=Upgraded()).resolve_job_def("mirror_job")
        result = job.execute_in_process(instance=DagsterInstance.get(), raise_on_error=True)
        assert result.success
    finally:
        if old is None:
            os.environ.pop("DAGSTER_HOME", None)
        else:
            os.environ["DAGSTER_HOME"] = old


def test_a_bilingual_half_year_with_the_person_in_the_loop(tmp_path: Path) -> None:
    export = tmp_path / "journal"
    export.mkdir()
    for day, text in JOURNAL.items():
        (export / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{text}\n", encoding="utf-8")
    home = tmp_path / "home"
    mirror(home, "init")
    mirror(home, "import", str(export))
    mirror(home, "run")

    first = [
        ("feels", 1, "开心", "confirmed", "auto", "emotion", "2026-02-14"),  # a feeling of one day, kept as said
        ("friend", 1, "小林", "conflicted", None, "relationship", None),
        ("left", 1, "B公司", "conflicted", None, "event", "2021-05-01"),
        ("left", 2, "B公司", "conflicted", None, "event", "2022-02-02"),
        ("lives_in", 1, "杭州", "superseded", "auto", "fact", None),  # a move is a change, not a conflict
        ("lives_in", 1, "世界上最美", "pending_review", None, "fact", None),  # an opinion said as a fact
        ("lives_in", 2, "Shanghai", "confirmed", "auto", "fact", "2026-04-20"),
        ("manager", 1, "小林", "conflicted", None, "relationship", None),
        ("moved_to", 1, "Shanghai", "confirmed", "auto", "event", "2026-04-20"),
        ("prefers", 1, "hiking", "confirmed", "auto", "preference", None),  # "我很喜欢徒步" is the same memory
        ("prefers", 1, "tea over coffee", "confirmed", "auto", "preference", None),  # said in two sessions
        ("works_at", 1, "A Company", "superseded", None, "fact", None),  # the job change
        ("works_at", 2, "C公司", "pending_review", None, "fact", None),
    ]
    assert sorted(versions(home), key=str) == sorted(first, key=str)
    assert evidence_count(home, "hiking") == [2]
    issues = open_issues(home)
    assert set(issues) == {"timeline_conflict", "relation_conflict", "opinion_fact_confusion", "confirmation_needed"}
    assert issues["timeline_conflict"]["question"] == (
        "我发现你关于离开B公司的时间有2个版本：1）2021年中（2026-02-10：「我2021年中离开了B公司。」） "
        "2）2022年春节后（2026-06-01：「2022年春节后我离开了B公司。」），哪个更接近实际？"
    )
    assert issues["relation_conflict"]["question"] == (
        "小林和你是什么关系？记下了2种说法：1）小林是你的朋友（2026-03-15：「小林是我的朋友。」） "
        "2）小林是你的上司（2026-04-10：「小林是我的上司。」）"
    )
    assert issues["relation_conflict"]["options"][-2:] == ["都对", "以后再说"]
    assert issues["opinion_fact_confusion"]["question"] == (
        "「你住在世界上最美」是你的看法，还是一个事实？（2026-04-01：「我住在世界上最美的城市。」）"
    )
    assert issues["confirmation_needed"]["question"] == (
        "这条记得对吗？「你在C公司工作」（关于你的工作；2026-05-20：「我在C公司工作。」）"
    )
    assert issues["timeline_conflict"]["priority"] == "high" and issues["confirmation_needed"]["priority"] == "medium"

    mirror(home, "resolve", issues["timeline_conflict"]["id"], "--choose", "2")  # after the Spring Festival
    mirror(home, "resolve", issues["relation_conflict"]["id"], "--choose", "2")  # my manager
    mirror(home, "resolve", issues["opinion_fact_confusion"]["id"], "--choose", "1")  # my view
    mirror(home, "resolve", issues["confirmation_needed"]["id"], "--choose", "1")  # yes
    feeling = next(m for m in mirror_json(home, "search", "开心")["results"] if m["kind"] == "memory")
    mirror(home, "forget", feeling["id"], "--evidence")
    mirror(home, "run")

    settled = [
        ("left", 1, "B公司", "superseded", None, "event", "2021-05-01"),
        ("left", 2, "B公司", "superseded", None, "event", "2022-02-02"),
        ("left", 3, "B公司", "confirmed", "user", "event", "2022-02-02"),  # the person's choice, a new version
        ("lives_in", 1, "杭州", "superseded", "auto", "fact", None),
        ("lives_in", 1, "世界上最美", "superseded", None, "fact", None),
        ("lives_in", 2, "世界上最美", "confirmed", "user", "opinion", None),  # now stored as a view
        ("lives_in", 2, "Shanghai", "confirmed", "auto", "fact", "2026-04-20"),
        ("friend", 1, "小林", "archived", None, "relationship", None),
        ("manager", 1, "小林", "confirmed", "user", "relationship", None),
        ("moved_to", 1, "Shanghai", "confirmed", "auto", "event", "2026-04-20"),
        ("prefers", 1, "hiking", "confirmed", "auto", "preference", None),
        ("prefers", 1, "tea over coffee", "confirmed", "auto", "preference", None),
        ("works_at", 1, "A Company", "superseded", None, "fact", None),
        ("works_at", 2, "C公司", "confirmed", "user", "fact", None),
    ]
    assert sorted(versions(home), key=str) == sorted(settled, key=str)
    assert mirror_json(home, "issues")["issues"] == []
    assert files_holding(home, "开心") == []  # forgotten, evidence included, everywhere
    left = next(m for m in mirror_json(home, "search", "离开B公司")["results"] if m["kind"] == "memory")
    shown = mirror_json(home, "show", left["id"])
    assert [v["state"] for v in shown["versions"]] == ["superseded", "superseded", "confirmed"]
    assert shown["versions"][2]["supersedes"] == shown["versions"][1]["version_id"]
    # (the person chose one of two accounts of the date: `show` says so, robust21's wording of REVIEW-20 #7)
    assert shown["why_current"].startswith("you chose this account on ") and "replaces version 2" in shown["why_current"]
    assert [d["applied"] for d in shown["decisions"]] == [True]

    rerun_with_a_new_extractor(home)
    assert sorted(versions(home), key=str) == sorted(settled, key=str)  # every decision still holds
    assert evidence_count(home, "hiking") == [2]  # the identity across languages survives re-extraction
    assert mirror_json(home, "issues")["issues"] == []
    assert files_holding(home, "开心") == []
