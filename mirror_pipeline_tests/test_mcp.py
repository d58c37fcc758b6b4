"""`mirror mcp` and the serving path end to end: a real MCP client session of the SDK over stdio, against the
sample home the real command builds (init -> import -> run)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from mirror_pipeline_tests.conftest import mirror, mirror_json

pytestmark = pytest.mark.slow  # runs the pipeline and a server process that loads the embedding model

TOOLS = {"context", "search", "timeline", "show", "neighbours", "issues", "status", "propose_memory"}


async def _session(home: Path, calls: list[tuple[str, dict]]) -> dict:
    env = {**os.environ, "DAGSTER_DISABLE_TELEMETRY": "1"}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "mirror_pipeline.cli", "mcp", "--home", str(home)], env=env
    )
    out: dict = {}
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = await session.list_tools()
        out["tools"] = {t.name: t.description for t in tools.tools}
        for name, args in calls:
            result = await session.call_tool(name, args)
            text = result.content[0].text
            assert not result.is_error, text
            out[name] = json.loads(text)
    return out


def test_an_mcp_client_session_over_stdio_reads_and_proposes(copied_home: Path) -> None:
    out = anyio.run(
        _session,
        copied_home,
        [
            ("context", {"task": "where do I live", "session": "The person is filling in a visa form."}),
            ("search", {"query": "我住在哪里", "k": 5}),
            ("timeline", {}),
            ("status", {}),
            ("issues", {}),
            ("neighbours", {"ref": "Wei"}),
            ("propose_memory", {"text": "The user prefers aisle seats", "memory_type": "preference"}),
        ],
    )
    assert set(out["tools"]) >= TOOLS and all(len(d) > 60 for d in out["tools"].values())
    facts = [s for s in out["context"]["slots"] if s["name"] == "Relevant Stable Facts"][0]["items"]
    assert facts[0]["text"] == "用户住在大阪" and facts[0]["evidence_ids"]
    assert out["search"]["results"][0]["id"] == facts[0]["id"]
    session = [s for s in out["context"]["slots"] if s["name"] == "Current Session Summary"][0]["items"]
    assert session[0]["text"] == "The person is filling in a visa form."
    assert out["status"]["memories"] > 0
    assert out["propose_memory"]["status"] == "pending_review"
    accesses = (copied_home / "audit" / "accesses.jsonl").read_text(encoding="utf-8").splitlines()
    assert {json.loads(a)["via"] for a in accesses} >= {"context", "search"}

    # the proposal is imported by the next run as evidence from a tool, never as the person's own statement
    mirror(copied_home, "run")
    found = mirror_json(copied_home, "search", "aisle seats")["results"]
    proposal = next(r for r in found if r["kind"] == "evidence" and "aisle" in r["text"])
    assert proposal["speaker"] == "tool:mcp-agent" and "said by tool:mcp-agent" in proposal["labels"]
    assert not any(r["kind"] == "memory" and r["state"] == "confirmed" and "aisle" in r["text"] for r in found)
    # ... and it becomes a memory the person reviews: pending_review, labelled as an agent's proposal
    memory = next(r for r in found if r["kind"] == "memory" and "aisle" in r["text"])
    assert memory["state"] == "pending_review" and "proposed by an agent" in memory["labels"]
    assert memory["evidence_ids"] == [proposal["id"]]
    issues = mirror_json(copied_home, "issues")["issues"]
    assert any(memory["id"] in i["memory_ids"] for i in issues)  # a question for the person
    shown = mirror_json(copied_home, "context", "book a flight, aisle seats?")
    item = next(i for s in shown["slots"] for i in s["items"] if i["id"] == memory["id"])
    assert "proposed by an agent, not said by the person" in item["labels"]


def test_the_issue_examples_on_the_samples(sample_home: Path) -> None:
    live = mirror_json(sample_home, "search", "where do I live")["results"]
    assert live[0]["text"] == "用户住在大阪"  # the current memory first, across languages
    tokyo = next(r for r in live if "Tokyo" in r["text"] and r["speaker"] == "user")
    kyoto = next(r for r in live if "Kyoto" in r["text"])
    assert "outdated" in tokyo["labels"] and "said by assistant" in kyoto["labels"]
    assert live.index(kyoto) > 0 and live.index(tokyo) > 0
    weekend = mirror_json(sample_home, "context", "plan a weekend near home")
    text = weekend["text"].lower()
    assert "running" in text or "跑步" in text
    mum = mirror_json(sample_home, "context", "我下周回家看妈妈，帮我准备", "--session", "我们在订回成都的机票")
    assert mum["language"] == "zh" and "妈妈" in mum["text"]
    assert "## Current Session Summary\n- 我们在订回成都的机票" in mum["text"]
