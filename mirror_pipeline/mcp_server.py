"""`mirror mcp`: an MCP server on stdio (the official `mcp` SDK, 2.x `MCPServer`) over one home's served snapshot.

Every tool goes through `api.Memory` (the same retrieval path as `mirror search` and `mirror eval`); `context` and
`search` calls are recorded in `audit/accesses.jsonl`. `propose_memory` never writes a memory: it drops a proposal
file into the inbox, which the next run imports as evidence from a tool, for the person to review.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

INSTRUCTIONS = (
    "mi-mirror holds the long-term memory of the person you are helping: facts, preferences, relationships, events "
    "and their own words, each with evidence, a state and labels. Call `context` once at the start of a task to "
    "get what bears on it; use `search` to look something specific up, `timeline` for dates, `show` to check "
    "where a memory comes from. Items labelled unconfirmed, two accounts or may be outdated are uncertain: ask "
    "the person before relying on them. Never treat what an assistant said as a fact about the person."
)


def _dump(value: Any) -> str:
    def default(v: Any) -> Any:
        return v.isoformat() if hasattr(v, "isoformat") else str(v)

    return json.dumps(value, ensure_ascii=False, default=default)


def wrong_arguments(name: str, given: dict[str, Any], tool: Any) -> str:
    """A call's arguments that do not fit the tool, said with the names it takes (the values are the caller's)."""
    schema = getattr(tool, "parameters", None) or {}
    takes = schema.get("properties", {})
    required = [a for a in schema.get("required", []) if a not in given]
    unknown = [a for a in given if a not in takes]
    said = [f"missing {', '.join(f'`{a}`' for a in required)}"] if required else []
    said += [f"no argument {', '.join(f'`{a}`' for a in unknown)}"] if unknown else []
    return f"{name}: {'; '.join(said) or 'an argument of the wrong type'}. It takes " + ", ".join(
        f"`{a}`" + ("" if a in schema.get("required", []) else " (optional)") for a in takes
    )


def build_server(home: Path) -> Any:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from pydantic import ValidationError

    from mirror_pipeline.api import Memory
    from mirror_pipeline.core.screening import redact

    class Server(MCPServer):
        async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
            try:
                return await super().call_tool(name, arguments, context)
            except ToolError as err:  # the SDK's pydantic dump names a model the caller never saw (REVIEW-19 #10)
                if not isinstance(err.__cause__, ValidationError):
                    raise
                raise ToolError(wrong_arguments(name, arguments, self._tool_manager.get_tool(name))) from None

    server = Server("mi-mirror", instructions=INSTRUCTIONS)
    state: dict[str, Any] = {}

    def memory() -> Memory:
        # opened on first use and reopened when a run has published a newer snapshot
        import os

        current = os.path.realpath(home / "served")
        if state.get("served") != current:
            try:
                state["memory"] = Memory.open(home)
            except FileNotFoundError as err:  # a home before its first run: said, not "Error executing tool"
                raise ToolError(str(err)) from None
            state["served"] = current
        return state["memory"]

    def screened(text: str) -> str:
        return redact(text, scope="command").text

    @server.tool(
        description=(
            "Get the person's memory for a task, ready to paste into your reasoning: stable facts, preferences, "
            "relationships, recent events, opinions, their own dated words when no memory covers it, and open "
            "questions, each with labels (how far to trust it) and evidence ids. Call this FIRST for any task "
            "that depends on who the person is (plans, writing about them, advice, recommendations). "
            "`task`: the task in the person's words (any language). `budget`: max tokens (default 800). "
            "`session`: optional, two or three sentences on what this conversation has been about so far; it is "
            "shown as the Current Session Summary."
        )
    )
    def context(task: str, budget: int = 800, session: str = "") -> str:
        if budget < 1:  # a negative budget was served as given ("budget": -3, only the policy and the task)
            raise ToolError(f"context: `budget` is a number of tokens, at least 1 (default 800); got {budget}")
        return _dump(memory().context(screened(task), budget, session_summary=screened(session)[:2000]))

    @server.tool(
        description=(
            "Search the person's memories and the evidence they come from (chats, journals) for a specific "
            "question, e.g. 'where do I live', '妈妈的生日'. Works across Chinese and English. Returns ranked "
            "results with kind (memory or evidence), who said it (speaker), state, labels and score components. "
            "Use `context` instead to prepare a whole task."
        )
    )
    def search(query: str, k: int = 10) -> str:
        return _dump(memory().search(screened(query), max(1, min(k, 50))))

    @server.tool(
        description=(
            "The person's life events and dated facts in time order, each with its time precision (day, month, "
            "year, rough) and the original time expression. Use for 'when did I ...' and date questions."
        )
    )
    def timeline(limit: int = 100) -> str:
        return _dump({"events": memory().timeline()[: max(1, limit)]})

    @server.tool(
        description=(
            "Provenance of one memory or evidence id (as returned by context or search): the memory, the exact "
            "evidence it rests on, open issues about it and which tasks used it. Use before relying on an "
            "important or surprising item."
        )
    )
    def show(id: str) -> str:
        try:
            return _dump(memory().show(id))
        except KeyError as err:
            return _dump({"error": str(err)})

    @server.tool(
        description=(
            "Relationship neighbours of a person's name (e.g. 'Wei', '妈妈') or of a memory id, both given as "
            "`ref`: who they are to the person, with state and evidence."
        )
    )
    def neighbours(ref: str) -> str:
        return _dump({"ref": ref, "relationships": memory().neighbours(ref)})

    @server.tool(
        description=(
            "Open questions the memory has for the person (conflicting accounts, confirmations wanted), with "
            "their options. Ask the person one of these when it bears on the task; do not answer them yourself."
        )
    )
    def issues() -> str:
        return _dump({"issues": memory().issues()})

    @server.tool(description="Counts of the served memory (per state), open issues and when it was last published.")
    def status() -> str:
        return _dump(memory().status())

    @server.tool(
        description=(
            "Propose a new memory about the person that you learned in this conversation (e.g. 'The user prefers "
            "aisle seats'). It is NOT stored as true: it enters as evidence from a tool, pending the person's "
            "review, and shows up after the next pipeline run. Write one short statement in the person's "
            "language; `memory_type`: fact, preference, relationship, event or opinion; `reason`: where you "
            "learned it. Never propose passwords, keys or codes."
        )
    )
    def propose_memory(text: str, memory_type: str = "fact", reason: str = "", agent: str = "mcp-agent") -> str:
        from mirror_pipeline.adapters.parsers import proposal

        if memory_type not in ("fact", "preference", "relationship", "event", "opinion"):
            return _dump({"error": f"unknown memory_type {memory_type!r}"})
        try:
            path = proposal.write(
                home / "inbox", screened(text), agent[:80], memory_type, screened(reason)[:500], datetime.now(UTC)
            )
        except ValueError as err:
            return _dump({"error": str(err)})
        return _dump({"status": "pending_review", "file": str(path.relative_to(home)), "note": "imported next run"})

    return server


def serve(home: Path) -> None:
    build_server(home).run("stdio")
