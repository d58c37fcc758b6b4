"""The memory lifecycle of section 7 as a table of legal transitions.

Section 7.2 names the backbone; the rest are the moves a review queue needs (a person confirms a pending memory,
settles a conflict, re-confirms a stale one). Anything not in the table is refused, with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from mirror_pipeline.core.model import MemoryState as S

LEGAL_TRANSITIONS: dict[S, frozenset[S]] = {
    S.CAPTURED: frozenset({S.EXTRACTED}),
    S.EXTRACTED: frozenset({S.INFERRED}),
    S.INFERRED: frozenset({S.PENDING_REVIEW, S.CONFIRMED}),
    # -> archived: the person said it is wrong (reject); kept as history, never served
    S.PENDING_REVIEW: frozenset({S.CONFIRMED, S.CONFLICTED, S.SUPERSEDED, S.ARCHIVED}),
    S.CONFIRMED: frozenset({S.CONFLICTED, S.STALE, S.SUPERSEDED, S.ARCHIVED}),
    S.CONFLICTED: frozenset({S.CONFIRMED, S.SUPERSEDED, S.PENDING_REVIEW, S.ARCHIVED}),
    S.STALE: frozenset({S.CONFIRMED, S.ARCHIVED, S.SUPERSEDED}),
    S.SUPERSEDED: frozenset({S.ARCHIVED}),
    S.ARCHIVED: frozenset(),
    S.DELETED: frozenset(),
}
# any -> deleted: a person may always ask for a memory to be removed (deleted itself is final).
for _state in S:
    if _state is not S.DELETED:
        LEGAL_TRANSITIONS[_state] = LEGAL_TRANSITIONS[_state] | {S.DELETED}


@dataclass(frozen=True)
class Transitioned:
    previous: S
    state: S
    ok: bool = True


@dataclass(frozen=True)
class Refused:
    previous: S
    requested: S
    reason: str
    ok: bool = False


def transition(current: S, target: S) -> Transitioned | Refused:
    """Move a memory from `current` to `target`, or say why that move is not allowed."""
    if target in LEGAL_TRANSITIONS[current]:
        return Transitioned(previous=current, state=target)
    if current is S.DELETED:
        reason = "a deleted memory stays deleted"
    elif current == target:
        reason = f"the memory is already {current}"
    else:
        allowed = ", ".join(sorted(LEGAL_TRANSITIONS[current])) or "nothing"
        reason = f"{current} -> {target} is not a legal move; from {current} a memory may go to {allowed}"
    return Refused(previous=current, requested=target, reason=reason)


def legal_path(path: tuple[str, ...] | list[str]) -> bool:
    """Whether a recorded sequence of states is made of legal moves only (the check on every stored version)."""
    try:
        states = [S(p) for p in path]
    except ValueError:
        return False
    return all(b in LEGAL_TRANSITIONS[a] for a, b in zip(states, states[1:], strict=False))


def walk(start: S, *targets: S) -> S:
    """Apply a sequence of transitions that the caller knows to be legal; a refusal here is a bug."""
    state = start
    for target in targets:
        result = transition(state, target)
        if isinstance(result, Refused):
            raise ValueError(result.reason)
        state = result.state
    return state
