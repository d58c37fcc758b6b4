"""REVIEW-6 finding 11: the review queue asks about memories first. Questions about where secrets are kept come as
one low-priority item per kind (14 of the first 29 questions were about secrets, three for one card); a question
about several memories bundles only related ones (said the same day in one conversation; a sensitive one only with
what its own message said), not five statements of three days with a father's death among them."""

from __future__ import annotations

from datetime import timedelta

from mirror_pipeline.core.decisions import Action, new_decision
from mirror_pipeline.core.governance import apply_to_secret_references, govern, secret_reference_issues
from mirror_pipeline.core.model import IssuePriority, IssueType, MemoryState, SecretReference
from mirror_pipeline.core.screening import find_secrets
from mirror_pipeline.core.screening.questions import FoundIn
from mirror_pipeline_tests.core.test_decisions import T0, story


def _refs():
    refs = [
        SecretReference("sec_a", "password", "Spotify", "Spotify", "ev_a", T0),
        SecretReference("sec_b", "password", "NEXTCLOUD ADMIN", "NEXTCLOUD ADMIN", "ev_b", T0),
        SecretReference("sec_c", "password", "certificate", "certificate", "ev_c", T0),
        SecretReference("sec_d", "pin", "bank card", "bank card", "ev_d", T0),
    ]
    found = {
        "ev_a": FoundIn(T0.date(), "telegram/result.json", "telegram", "spotify pw [secret:password:sec_a] thx"),
        "ev_b": FoundIn(T0.date(), "chatgpt/conversations.json", "chatgpt", "admin is [secret:password:sec_b]"),
        "ev_c": FoundIn(None, "dayone/Journal.json", "dayone", "certificate password is [secret:password:sec_c]"),
        "ev_d": FoundIn(T0.date(), "telegram/result.json", "telegram", "the PIN is [secret:pin:sec_d] ok"),
    }
    return refs, found


def test_secret_questions_are_one_low_priority_item_per_kind():
    refs, found = _refs()
    issues = secret_reference_issues(refs, found)
    assert sorted(len(i.memory_ids) for i in issues) == [1, 3]
    assert all(i.priority is IssuePriority.LOW for i in issues)
    (passwords,) = [i for i in issues if len(i.memory_ids) == 3]
    assert "in each of these 3 places, something that looks like a password was kept out of your memory" in (
        passwords.question
    )
    assert "Telegram chat (result.json)" in passwords.question and "Day One journal" in passwords.question
    assert "mirror secrets" in passwords.question
    assert not find_secrets(passwords.question)


def test_the_answer_to_a_grouped_secret_question_settles_every_reference_in_it():
    refs, found = _refs()
    (passwords,) = [i for i in secret_reference_issues(refs, found) if len(i.memory_ids) == 3]
    yes = new_decision(
        Action.CHOOSE,
        passwords.issue_id,
        T0 + timedelta(days=1),
        choice=1,
        extra={"effect": "confirm", "memory_ids": list(passwords.memory_ids), "object_keys": {}},
    )
    kept, _ = apply_to_secret_references(refs, [yes])
    assert [r.state for r in kept] == [MemoryState.CONFIRMED] * 3 + [MemoryState.PENDING_REVIEW]
    vault = new_decision(
        Action.SET_VAULT, "sec_a", T0 + timedelta(days=2), vault="Bitwarden", extra={"memory_ids": ["sec_b", "sec_c"]}
    )
    kept, _ = apply_to_secret_references(refs, [vault])
    assert [r.vault for r in kept][:3] == ["Bitwarden"] * 3 and kept[3].state is MemoryState.PENDING_REVIEW


def test_memory_questions_come_before_secret_questions():
    items, briefs = story(("I work at A Company.", 0, "ev_1"))
    refs, found = _refs()
    memory_questions = [
        i for i in govern(items, evidence=briefs).issues if i.issue_type is IssueType.CONFIRMATION_NEEDED
    ]
    rank = {"critical": 0, "high": 1, "medium": 2, "low": 3}
    worst_secret = min(rank[i.priority.value] for i in secret_reference_issues(refs, found))
    assert all(rank[q.priority.value] <= worst_secret for q in memory_questions)


def test_a_bundle_holds_what_one_conversation_said_on_one_day():
    items, briefs = story(
        ("我在A公司工作。", 0, "ev_1", "chat-a"),
        ("小林是我的上司。", 0, "ev_2", "chat-a"),
        ("我在杭州有套房。", 30, "ev_3", "chat-a"),
        ("小王是我的同事。", 60, "ev_4", "chat-a"),
    )
    questions = [i for i in govern(items, evidence=briefs).issues if i.issue_type is IssueType.CONFIRMATION_NEEDED]
    assert sorted(len(q.memory_ids) for q in questions) == [1, 1, 2]


def test_a_sensitive_statement_is_asked_only_with_what_its_own_message_said():
    items, briefs = story(
        ("我在A公司工作。", 0, "ev_1", "chat-a"),
        ("我爸爸去年去世了。", 0, "ev_2", "chat-a"),
        ("我对青霉素过敏。", 0, "ev_3", "chat-a"),
    )
    questions = [i for i in govern(items, evidence=briefs).issues if i.issue_type is IssueType.CONFIRMATION_NEEDED]
    for q in questions:
        evidence = {e for e in q.evidence_ids}
        if len(q.memory_ids) > 1:
            assert len(evidence) == 1 or not ({"ev_2", "ev_3"} & evidence), q.question


def test_issues_are_listed_in_the_order_review_asks_them() -> None:
    # REVIEW-16 #13: `mirror issues` listed the served table's order, `mirror review` asked by priority
    from mirror_pipeline.core.review import in_asking_order

    rows = [
        {"issue_id": "iss_b", "priority": "low", "impact": 5.0},
        {"issue_id": "iss_c", "priority": "high", "impact": None},
        {"issue_id": "iss_a", "priority": "high", "impact": 2.0},
        {"issue_id": "iss_d", "priority": "medium", "impact": 1.0},
    ]
    assert [r["issue_id"] for r in in_asking_order(rows)] == ["iss_a", "iss_c", "iss_d", "iss_b"]
