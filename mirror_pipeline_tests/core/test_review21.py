"""REVIEW-20's "still wrong" list, the person's side (robust21): each test failed before its fix."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from mirror_pipeline.cli import decisions as cli_decisions
from mirror_pipeline.cli import main
from mirror_pipeline.core.decisions import Action, new_decision

T = datetime(2026, 5, 2, 9, 30, tzinfo=UTC)


def _version(n: int, *, by: str, decision: str | None) -> dict:
    return {
        "version": n,
        "is_current": True,
        "changed_by": by,
        "decision_id": decision,
        "supersedes": f"mem_x@v{n - 1}" if n > 1 else None,
    }


def test_show_says_an_edited_memory_was_edited_not_confirmed() -> None:
    # REVIEW-20 #7: `mirror show` on an edited memory said "why this version: you confirmed it"
    memory = {"state": "confirmed", "confirmed_by": "user", "last_confirmed_at": T}
    edit = new_decision(Action.EDIT, "mem_x", T, text="My last shift at the bakery was on the 27th of March")
    by_review = new_decision(Action.CHOOSE, "iss_y", T, choice=3, text="我外婆六月满89岁", extra={"effect": "edit"})
    chose = new_decision(Action.CHOOSE, "iss_z", T, choice=2, extra={"effect": "choose_b"})
    confirm = new_decision(Action.CONFIRM, "mem_x", T)
    actions = {d.decision_id: cli_decisions._made_by(d) for d in (edit, by_review, chose, confirm)}
    old = {**_version(1, by="extractor", decision=None), "is_current": False}

    def why(version: dict) -> str:
        return cli_decisions._why_current(memory, [old, version], UTC, actions)

    assert why(_version(2, by="user", decision=edit.decision_id)).startswith("you edited it on 2026-05-02")
    assert why(_version(2, by="user", decision=by_review.decision_id)).startswith("you edited it on 2026-05-02")
    assert why(_version(2, by="user", decision=chose.decision_id)).startswith("you chose this account on")
    # confirmed as it was said: a confirmation, whichever version it is
    assert why(_version(2, by="extractor", decision=confirm.decision_id)) == "you confirmed it on 2026-05-02"


@pytest.fixture
def zone_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A UTC home whose imports say Asia/Shanghai, with two open questions (no run needed: the served tables the
    review reads are stood in for)."""
    monkeypatch.setenv("TZ", "UTC")
    home = tmp_path / "home"
    assert CliRunner().invoke(main, ["--home", str(home), "init", "--timezone", "UTC"]).exit_code == 0
    monkeypatch.setattr(cli_decisions, "_written_in", lambda home: {"Asia/Shanghai": 12})
    issue = {
        "issue_id": "iss_a",
        "status": "open",
        "question": "Is this right? “You live in Shekou”",
        "options": ["yes", "no", "edit", "later"],
        "choices": ["confirm", "reject", "edit", "later"],
        "memory_ids": ["mem_a"],
        "language": "en",
    }
    monkeypatch.setattr(cli_decisions, "_ordered_questions", lambda home: [issue, {**issue, "issue_id": "iss_b"}])
    monkeypatch.setattr(cli_decisions, "archive_proposals_now", lambda home, policy: [])
    return home


def _review(home: Path, keys: str) -> tuple[dict, str]:
    runner = CliRunner()
    as_json = runner.invoke(main, ["--home", str(home), "--json", "review", "--no-run"], input=keys)
    text = runner.invoke(main, ["--home", str(home), "review", "--no-run"], input=keys)
    return json.loads(as_json.stdout), text.stdout


def test_quitting_at_the_zone_question_counts_it_and_says_what_is_left(zone_home: Path) -> None:
    # REVIEW-20 #8: `printf q | mirror review` said "0 answer(s) recorded of 0 question(s)"
    out, said = _review(zone_home, "q")
    assert out["asked"] == 1 and out["answered"] == [] and out["still_open"] == 2
    assert "0 answer(s) recorded of 1 question(s); 2 still open" in said
    assert "they apply on the next" not in said  # nothing was answered: nothing to apply
    out, said = _review(zone_home, "3q")  # the zone "later", then quit at the first question
    assert out["asked"] == 2 and out["still_open"] == 2


def test_init_again_names_the_form_in_the_language_asked_for_and_no_hint_when_nothing_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # REVIEW-19 #11: `mirror init --lang zh` on an English home wrote questionnaire.zh.md and said "fill in
    # questionnaire.md … then `mirror import` it"; a second `init` on it said it again
    monkeypatch.setenv("TZ", "UTC")
    home = tmp_path / "home"

    def init(*args: str) -> str:
        result = CliRunner().invoke(main, ["--home", str(home), "init", "--timezone", "UTC", *args])
        assert result.exit_code == 0, result.output
        return result.stdout

    assert f"fill in {home / 'questionnaire.md'} " in init()
    said = init("--lang", "zh")
    assert f"fill in {home / 'questionnaire.zh.md'} " in said
    again = init("--lang", "zh")
    assert "fill in" not in again and "nothing changed" in again


def test_the_mcp_context_refuses_a_budget_below_one_token(tmp_path: Path) -> None:
    # robust21's MCP walk: `context {"task": …, "budget": -3}` answered with "budget": -3 and an empty context
    import anyio
    from mcp.server.mcpserver.exceptions import ToolError

    from mirror_pipeline.mcp_server import build_server

    server = build_server(tmp_path)

    async def said() -> str:
        with pytest.raises(ToolError) as err:
            await server.call_tool("context", {"task": "plan lunch", "budget": -3})
        return str(err.value)

    assert "at least 1" in anyio.run(said)
