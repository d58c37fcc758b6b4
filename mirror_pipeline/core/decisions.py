"""The person's decisions (sections 12 and 16): what they confirmed, rejected, edited, chose or asked to forget.

A decision is a fact about the person, not about the pipeline: it is stored once (append-only JSON Lines in
`decisions/`) and applied on every run, so the governed state is a pure function of (candidates, decisions, policy,
now). A decision names its target by a memory identity that survives re-extraction (see `governance.slot_key`), or
by an issue, evidence or secret reference id.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from mirror_pipeline.core.text import stable_id


class Action(StrEnum):
    CONFIRM = "confirm"
    REJECT = "reject"
    EDIT = "edit"
    FORGET = "forget"  # the memory's content disappears everywhere; a content-free tombstone stays
    FORGET_EVIDENCE = "forget_evidence"  # the evidence's text too, inbox copy included
    CHOOSE = "choose"  # an issue's option N (1-based)
    DISMISS = "dismiss"  # an issue is not a real question: nothing changes, it is not asked again
    LATER = "later"  # ask again only when something new bears on it
    SET_VAULT = "set_vault"  # a secret reference: where it is kept, and a hint (never the secret)
    ARCHIVE = "archive"  # an archive proposal accepted: out of the default context, still found by search
    KEEP = "keep"  # an archive proposal declined (or an archived memory brought back): not proposed again for a while


MEMORY_ACTIONS = frozenset({Action.CONFIRM, Action.REJECT, Action.EDIT, Action.FORGET, Action.ARCHIVE, Action.KEEP})
ARCHIVE_ACTIONS = frozenset({Action.ARCHIVE, Action.KEEP})
ISSUE_ACTIONS = frozenset({Action.CHOOSE, Action.DISMISS, Action.LATER})


@dataclass(frozen=True)
class Decision:
    """One line of `decisions/*.jsonl`: {"decision_id", "at", "by", "action", "target", ...}."""

    decision_id: str
    at: datetime
    by: str
    action: Action
    target: str
    text: str | None = None  # edit: the new wording
    choice: int | None = None  # choose: 1-based option
    object_key: str | None = None  # which value of a one-at-a-time memory the person saw (confirm / reject / edit)
    vault: str | None = None
    hint: str | None = None
    evidence_key: str | None = None  # later: what the question rested on when it was put off
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        row = {k: v for k, v in asdict(self).items() if v not in (None, {})}
        row["at"] = self.at.isoformat()
        row["action"] = str(self.action)
        return json.dumps(row, ensure_ascii=False, sort_keys=True)


def new_decision(action: Action, target: str, at: datetime, by: str = "user", **fields: Any) -> Decision:
    """A decision with an id that is unique for what, on what and when (two identical clicks are two decisions)."""
    decision_id = stable_id("dec", action, target, at.isoformat(), json.dumps(fields, sort_keys=True, default=str))
    return Decision(decision_id=decision_id, at=at, by=by, action=action, target=target, **fields)


class DecisionLineError(ValueError):
    """A line of a decisions file that cannot be read (named by file and line, never by content)."""


def parse_line(line: str, where: str) -> Decision:
    try:
        row = json.loads(line)
        fields = {k: row[k] for k in Decision.__dataclass_fields__ if k in row}
        fields["at"] = datetime.fromisoformat(row["at"])
        fields["action"] = Action(row["action"])
        if fields["at"].tzinfo is None:
            raise ValueError("time without a timezone")
        return Decision(**fields)
    except (ValueError, KeyError, TypeError) as err:
        raise DecisionLineError(f"{where}: not a decision ({type(err).__name__})") from None


def ordered(decisions: Iterable[Decision]) -> list[Decision]:
    """Replay order: when they were made, then their id (a total order, the same on every machine)."""
    return sorted(decisions, key=lambda d: (d.at, d.decision_id))


def latest_by_target(decisions: Sequence[Decision], actions: frozenset[Action]) -> dict[str, Decision]:
    out: dict[str, Decision] = {}
    for d in ordered(decisions):
        if d.action in actions:
            out[d.target] = d
    return out
