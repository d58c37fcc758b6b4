import itertools

import pytest

from mirror_pipeline.core.model import MemoryState as S
from mirror_pipeline.core.states import LEGAL_TRANSITIONS, Refused, Transitioned, transition, walk

# Section 7.2 of the specification, plus the review-queue moves; everything else must be refused.
EXPECTED = {
    (S.CAPTURED, S.EXTRACTED),
    (S.EXTRACTED, S.INFERRED),
    (S.INFERRED, S.PENDING_REVIEW),
    (S.INFERRED, S.CONFIRMED),
    (S.PENDING_REVIEW, S.CONFIRMED),
    (S.PENDING_REVIEW, S.CONFLICTED),
    (S.PENDING_REVIEW, S.SUPERSEDED),
    # the person says it is wrong (reject): kept as history, never served
    (S.PENDING_REVIEW, S.ARCHIVED),
    (S.CONFIRMED, S.ARCHIVED),
    (S.CONFLICTED, S.ARCHIVED),
    (S.CONFIRMED, S.CONFLICTED),
    (S.CONFIRMED, S.STALE),
    (S.CONFIRMED, S.SUPERSEDED),
    (S.CONFLICTED, S.CONFIRMED),
    (S.CONFLICTED, S.SUPERSEDED),
    (S.CONFLICTED, S.PENDING_REVIEW),
    (S.STALE, S.CONFIRMED),
    (S.STALE, S.ARCHIVED),
    (S.STALE, S.SUPERSEDED),
    (S.SUPERSEDED, S.ARCHIVED),
} | {(s, S.DELETED) for s in S if s is not S.DELETED}


@pytest.mark.parametrize(("current", "target"), list(itertools.product(S, S)))
def test_every_pair_is_allowed_or_refused_as_the_table_says(current: S, target: S) -> None:
    result = transition(current, target)
    if (current, target) in EXPECTED:
        assert isinstance(result, Transitioned) and result.ok and result.state is target
    else:
        assert isinstance(result, Refused) and not result.ok
        assert result.reason  # a person can read why


def test_table_matches_the_specification() -> None:
    assert {(a, b) for a, targets in LEGAL_TRANSITIONS.items() for b in targets} == EXPECTED


def test_deleted_is_final_and_says_so() -> None:
    result = transition(S.DELETED, S.CONFIRMED)
    assert isinstance(result, Refused) and "deleted" in result.reason


def test_walk_applies_a_legal_path_and_raises_on_an_illegal_one() -> None:
    assert walk(S.CAPTURED, S.EXTRACTED, S.INFERRED, S.CONFIRMED, S.SUPERSEDED) is S.SUPERSEDED
    with pytest.raises(ValueError, match="not a legal move"):
        walk(S.CAPTURED, S.CONFIRMED)
