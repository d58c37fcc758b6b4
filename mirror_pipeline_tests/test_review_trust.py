"""End to end through the real command, on a copy of the sample home: an edit answer corrects the one memory named,
a forgotten message never comes back through an import, and dates are printed on the home's calendar."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mirror_pipeline_tests.conftest import SAMPLES, mirror, mirror_json
from mirror_pipeline_tests.test_person_in_the_loop import _memories, files_holding, mirror_stdin

pytestmark = pytest.mark.slow


def _grouped(home: Path, n: int, about: str = "") -> dict:
    (issue,) = [
        i
        for i in mirror_json(home, "issues")["issues"]
        if len(i["memory_ids"]) == n and (not about or about in i["memory_ids"])
    ]
    return issue


def test_an_edit_on_a_grouped_question_corrects_the_one_memory_named(copied_home: Path) -> None:
    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.cli.decisions import _ordered_questions

    home = copied_home
    # the samples' question with the most memories (这几条记得对吗？「你在A公司的第一个整周结束了」；…)
    issue = max(mirror_json(home, "issues")["issues"], key=lambda i: len(i["memory_ids"]))
    assert len(issue["memory_ids"]) >= 3, "the samples must hold a question about three memories or more"
    first, second, *others = issue["memory_ids"]
    third = others[-1]
    before = {m["memory_id"]: m["content_text"] for m in _memories(home)}
    place = [q["issue_id"] for q in _ordered_questions(Home.resolve(home))].index(issue["issue_id"])
    # skip the questions before it; "3" 改一下, a slip ("x": asked again, in Chinese), "2" the second memory, then
    # the right wording
    out = mirror_stdin(home, "s" * place + "3x2\n用户在A公司做嵌入式AI\n", "review", "--max", "100", "--run", "--json")
    assert "改哪一条？" in out.stderr and "请按 1 到" in out.stderr
    (answer,) = json.loads(out.stdout)["answered"]
    assert answer["extra"]["memory_ids"] == [second] and answer["text"] == "用户在A公司做嵌入式AI"
    after = {m["memory_id"]: m["content_text"] for m in _memories(home)}
    assert after[second] == "用户在A公司做嵌入式AI"
    assert all(after[m] == before[m] for m in (first, *others))  # the others keep their words
    # the others are asked again; `resolve` with an edit on them names the memory
    rest = _grouped(home, len(issue["memory_ids"]) - 1, first)
    assert set(rest["memory_ids"]) == {first, *others}
    refused = mirror(home, "resolve", rest["id"], "--choose", "3", "--text", "用户做嵌入式AI", check=False)
    assert refused.returncode != 0 and "--memory" in refused.stderr
    decided = mirror_json(home, "resolve", rest["id"], "--choose", "3", "--text", "用户做嵌入式AI", "--memory", third)
    assert decided["decisions"][0]["extra"]["memory_ids"] == [third]
    by_place = mirror_json(home, "resolve", rest["id"], "--choose", "3", "--text", "x", "--memory", "1")
    assert by_place["decisions"][0]["extra"]["memory_ids"] == [rest["memory_ids"][0]]


def test_a_forgotten_message_never_comes_back_through_an_import(copied_home: Path, tmp_path: Path) -> None:
    home = copied_home
    words = "我现在每个周末都去爬山。"
    export = SAMPLES / "wechat" / "chat_妈妈.csv"
    import polars as pl

    evidence = pl.read_parquet(home / "served" / "evidence.parquet")  # (a search would log the words it was asked)
    (evidence_id,) = evidence.filter(pl.col("raw_content").str.contains(words, literal=True))["evidence_id"]
    mirror(home, "forget", evidence_id)
    mirror(home, "run")
    assert files_holding(home, words) == []

    again = mirror(home, "import", str(export)).stdout
    assert again.startswith("duplicate"), again  # the same original file: the ledger remembers it
    newer = tmp_path / "export-2026-11" / export.name
    newer.parent.mkdir()
    row = "7,6935120047718200107,文本,1,wxid_mama2026,wxid_mama2026,下周回家，想吃红烧肉。,,2026-10-31 18:00:00\n"
    newer.write_bytes(export.read_bytes() + row.encode())
    line = mirror(home, "import", str(newer)).stdout
    assert line.startswith("accepted") and "(wechat, 6 records: 1 new, 4 already there)" in line, line
    assert "1 forgotten" in line
    assert files_holding(home, words) == []  # the others are admitted, not the forgotten message's words
    mirror(home, "run")
    assert files_holding(home, words) == []
    assert [r for r in mirror_json(home, "search", "红烧肉")["results"] if "红烧肉" in r["text"]]


def test_show_prints_the_evidence_day_on_the_homes_calendar(copied_home: Path) -> None:
    home = copied_home
    (memory,) = [m for m in _memories(home) if m["content_text"].endswith("每个周末都去爬山")]
    shown = mirror(home, "show", memory["memory_id"]).stdout
    assert "(2026-10-24)" in shown  # 19:05 UTC on 2026-10-24, in a home on UTC
    config = home / "mirror.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("timezone: UTC", "timezone: Asia/Shanghai"))
    shown = mirror(home, "show", memory["memory_id"]).stdout
    assert "(2026-10-25)" in shown and "+00:00" not in shown, shown  # 03:05 the next morning in Shanghai
    assert mirror_json(home, "show", memory["memory_id"])["evidence"][0]["day"] == "2026-10-25"


def test_show_prints_a_decisions_time_on_the_same_clock_as_the_day_it_names(copied_home: Path) -> None:
    # REVIEW-2: "you confirmed it on 2026-12-02" beside "2026-12-01T20:03:16 confirm": a local day, a UTC time
    home = copied_home
    config = home / "mirror.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("timezone: UTC", "timezone: Pacific/Kiritimati"))
    (memory,) = [m for m in _memories(home) if m["content_text"].endswith("每个周末都去爬山")]
    mirror(home, "confirm", memory["memory_id"])
    mirror(home, "run")
    shown = mirror(home, "show", memory["memory_id"]).stdout
    day = shown.split("you confirmed it on ", 1)[1][:10]
    (line,) = [x for x in shown.splitlines() if x.strip().endswith("confirmed") or " confirm " in x]
    decision = mirror_json(home, "show", memory["memory_id"])["decisions"][-1]
    utc = decision["at"][:10] + " " + decision["at"][11:16]
    assert decision["local_at"].startswith(day) and decision["local_at"] != utc  # UTC+14: never the same minute
    assert line.strip().startswith(decision["local_at"]), shown


def test_an_edit_that_says_its_time_dates_the_memory_it_corrects(copied_home: Path) -> None:
    # REVIEW-5: `mirror edit ID --text "我2026年10月3日搬到了…"` + run kept the old valid time (2025-10-03) on the
    # confirmed memory, which then contradicted itself in the timeline
    home = copied_home
    dated = next(m for m in _memories(home) if m["valid_time_start"] and m["memory_type"] == "event")
    assert not dated["valid_time_start"].startswith("2026-10-03")
    mirror(home, "edit", dated["memory_id"], "--text", "我2026年10月3日搬到了成都高新区天府三街的新家")
    mirror(home, "run")
    (edited,) = [m for m in _memories(home) if m["memory_id"] == dated["memory_id"]]
    # (served in the third person, every word kept: REVIEW-19 #3)
    assert (edited["content_text"], edited["state"]) == ("用户2026年10月3日搬到了成都高新区天府三街的新家", "confirmed")
    assert (edited["valid_time_start"], edited["time_precision"], edited["time_expression"]) == (
        "2026-10-03",
        "day",
        "2026年10月3日",
    )
    timeline = mirror(home, "timeline").stdout
    assert "2026-10-03" in timeline and "2025-10-03" not in timeline


def test_a_no_to_a_question_about_several_rejects_only_the_ones_named(copied_home: Path) -> None:
    # REVIEW-5: 「这几条记得对吗？」 on five memories offered 1) 对 2) 不对 3) 改一下; pressing 2 because two were wrong
    # rejected all five. Now "no" asks which ones, and `resolve` refuses a reject that names none
    from mirror_pipeline.adapters.home import Home
    from mirror_pipeline.cli.decisions import _ordered_questions

    home = copied_home
    issue = max(mirror_json(home, "issues")["issues"], key=lambda i: len(i["memory_ids"]))
    ids = issue["memory_ids"]
    several = (["都对", "有不对的（选哪几条）", "改一条"], ["all right", "some are wrong (say which)", "edit one"])
    assert len(ids) >= 3 and issue["options"][:3] in several
    refused = mirror(home, "resolve", issue["id"], "--choose", "2", check=False)
    assert refused.returncode != 0 and "--memory" in refused.stderr and "which are wrong" in refused.stderr
    place = [q["issue_id"] for q in _ordered_questions(Home.resolve(home))].index(issue["issue_id"])
    out = mirror_stdin(home, "s" * place + "2\n1 3\n", "review", "--max", "100", "--no-run", "--json")
    assert "哪几条不对？" in out.stderr or "which ones are wrong?" in out.stderr
    (answer,) = json.loads(out.stdout)["answered"]
    assert (answer["extra"]["effect"], answer["extra"]["memory_ids"]) == ("reject", [ids[0], ids[2]])
    mirror(home, "run")
    after = {m["memory_id"]: m["state"] for m in _memories(home)}
    assert all(after.get(m, "rejected") == "rejected" or m not in after for m in (ids[0], ids[2]))
    assert all(after[m] != "rejected" for m in ids[1:2] + ids[3:])  # the others stand, asked again
    rest = _grouped(home, len(ids) - 2, ids[1])
    assert set(rest["memory_ids"]) == {ids[1], *ids[3:]}
    every = mirror_json(home, "resolve", rest["id"], "--choose", "2", "--memory", "all")
    assert every["decisions"][0]["extra"]["memory_ids"] == rest["memory_ids"]
