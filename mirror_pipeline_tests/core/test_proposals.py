"""An agent's proposal (`propose_memory`) becomes a candidate, then a memory in `pending_review`, never confirmed by
itself, labelled as proposed by an agent."""

from dataclasses import replace
from datetime import UTC, datetime

import polars as pl

from mirror_pipeline.core.governance import Extracted, govern
from mirror_pipeline.core.model import MemoryState, MemoryType, SourceType
from mirror_pipeline.core.policy import Policy, Rule, Write
from mirror_pipeline.core.proposals import PROPOSED_LABEL, locator, proposal_candidates
from mirror_pipeline.core.serving import MEMORY_COLUMNS, served_memories
from mirror_pipeline_tests.core.helpers import evidence

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def proposal(text: str, memory_type: str = "preference", evidence_id: str = "ev_p"):
    e = evidence(text, actor="tool:claude-desktop", evidence_id=evidence_id)
    return replace(e, source_type=SourceType.TOOL, locator=locator(memory_type, "said while booking a flight"))


def test_a_proposal_is_one_candidate_of_the_proposed_type_and_nothing_else_is():
    found = proposal_candidates([proposal("The user prefers aisle seats"), evidence("I prefer aisle seats")], "v1")
    assert len(found) == 1
    c = found[0]
    assert c.memory_type is MemoryType.PREFERENCE and c.content_text == "The user prefers aisle seats"
    assert c.source_type is SourceType.TOOL and c.speaker == "tool:claude-desktop" and c.confidence < 0.7
    # the same words said by someone in a chat, or a tool's evidence that is not a proposal, give nothing
    chat = replace(proposal("x"), source_type=SourceType.CHAT)
    other = replace(proposal("y"), locator="an export")
    assert proposal_candidates([chat, other], "v1") == []
    # an unknown type is a fact, never a secret reference or an emotion
    assert proposal_candidates([proposal("The user has a cat", "secret_reference")], "v1")[0].memory_type == "fact"


def test_a_proposal_waits_for_the_person_even_under_a_policy_that_confirms_everything():
    everything = Policy(rules=(Rule(name="confirm_all", write=Write.AUTO_CONFIRM),))
    candidates = proposal_candidates([proposal("The user prefers aisle seats")], "v1")
    for policy in (None, everything):
        governed = govern([Extracted(c, NOW) for c in candidates], policy=policy, now=NOW)
        (memory,) = governed.current
        assert memory.state is MemoryState.PENDING_REVIEW and memory.confirmed_by is None
        assert memory.source_type is SourceType.TOOL


def test_the_served_memory_says_an_agent_proposed_it():
    row = {c: None for c in MEMORY_COLUMNS} | {
        "memory_id": "mem_1",
        "state": "pending_review",
        "source_type": "tool",
        "labels": ["pending_review", "unconfirmed"],
        "is_current": True,
    }
    own = row | {"memory_id": "mem_2", "source_type": "chat"}
    served = served_memories(pl.DataFrame([row, own], infer_schema_length=None))
    labels = dict(zip(served["memory_id"], served["labels"].to_list(), strict=True))
    assert PROPOSED_LABEL in labels["mem_1"] and PROPOSED_LABEL not in labels["mem_2"]


def test_a_proposal_in_the_persons_own_words_is_served_in_the_third_person():
    """REVIEW-16 #10: an agent that pastes the person's sentence ("My ... and I ...") was served as written, so an
    agent reading the context read 'I' as itself."""
    cases = {
        "My locker code is [secret:pin:sec_abc] and I swim at the Eastside pool": (
            "The user's locker code is [secret:pin:sec_abc] and the user swims at the Eastside pool"
        ),
        "I teach violin to kids on weekends": "The user teaches violin to kids on weekends",
        "I rent in Porto. I'm a night-shift nurse.": "The user rents in Porto. The user is a night-shift nurse.",
        "我的车停在B2层，我在滨江上班": "用户的车停在B2层，用户在滨江上班",
        # already about the person, or about someone else: as the agent wrote it
        "The user prefers window seats": "The user prefers window seats",
        "Her brother runs a noodle shop in Lanzhou": "Her brother runs a noodle shop in Lanzhou",
    }
    for claim, served in cases.items():
        (c,) = proposal_candidates([proposal(claim, "fact")], "v1")
        assert (c.content_text, c.object) == (served, served), claim
