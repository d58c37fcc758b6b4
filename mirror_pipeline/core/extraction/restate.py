"""What a person's correction says, read again: the structure of an edited memory comes from the person's words.

An edit replaces a memory's wording ("用户患有爸生病" -> "爸爸轻微脑梗住院了"). Its subject / predicate / object
must then say what the new words say, never what the rules once read from other words: left as they were, an agent would
still learn that the user was diagnosed with something. The edited text is read by the same extractor as a message
of the person's (a memory's third-person wording read back in the first person: "用户住在上海" as "我住在上海");
where it sets a known attribute of the same kind of memory, that is the structure; otherwise the memory keeps the
person's words as a plain statement of its kind, with no attribute claimed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import (
    Attribution,
    Evidence,
    Language,
    MemoryCandidate,
    MemoryType,
    Sensitivity,
    SourceType,
    Speaker,
    TimePrecision,
)
from mirror_pipeline.core.text import CJK_CHAR

# the third-person forms a memory is written in, read back as the person's own ("the user's" -> "my")
_EN_BACK = (
    (re.compile(r"\bthe user's\b", re.IGNORECASE), "my"),
    (re.compile(r"\b(?:the user|they) (?:is|are)\b", re.IGNORECASE), "I am"),
    (re.compile(r"\b(?:the user|they) (?:has|have)\b", re.IGNORECASE), "I have"),
    (re.compile(r"\bthe user\b", re.IGNORECASE), "I"),
    (re.compile(r"\b(?:their|theirs)\b", re.IGNORECASE), "my"),
)
_EN_VERB_S = re.compile(r"^I (\w+s)\b")
STATED = "stated"  # the predicate of a memory the person worded and no rule reads as a known attribute


def first_person(text: str) -> str:
    """A memory's third-person wording as the person would say it (the extractor reads the person's words)."""
    if CJK_CHAR.search(text):
        return text.replace("用户的", "我的").replace("用户", "我")
    out = text
    for pattern, repl in _EN_BACK:
        out = pattern.sub(repl, out)
    # "I lives" -> "I live" (a verb agreeing with "the user")
    return _EN_VERB_S.sub(lambda m: f"I {_base(m.group(1))}", out)


def _base(verb: str) -> str:
    """The first-person form of a verb agreeing with "the user": lives -> live, studies -> study, goes -> go."""
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1] if not verb.endswith("ss") else verb


@dataclass(frozen=True)
class Restated:
    """What an edit's words say: the structure, and the candidate it was read from (whose time is the one said of
    that attribute, not of another clause: "works at Lantu Health (lead since 2026-08); left Beichen on 2025-03-14"
    says no start of the job), None when the words set no known attribute."""

    subject: str
    predicate: str
    object: str
    read: MemoryCandidate | None = None


def restated(text: str, memory_type: MemoryType, subject: str, said_at: datetime | None = None) -> Restated:
    """The structure of an edited memory of `memory_type` whose new wording is `text`, read as said when the
    memory's evidence was (`said_at`; "从2020年开始吃素" is a state since 2020, not a plan ahead of 2000)."""
    spoken = first_person(text)
    found = extract(_as_evidence(spoken, said_at))
    same = [c for c in found if c.memory_type is memory_type and c.subject == subject]
    known = [c for c in same if ":" not in c.predicate]  # an attribute the patterns know (lives_in, works_at)
    if len(known) == 1:
        return Restated(known[0].subject, known[0].predicate, known[0].object, known[0])
    if len(same) == 1:  # a free statement: its kind and domain ("state:health"), the person's words as its object
        return Restated(subject, same[0].predicate, text)
    kind = memory_type.value
    return Restated(subject, f"{kind}:{STATED}", text)


def _as_evidence(text: str, said_at: datetime | None = None) -> Evidence:
    zh = bool(CJK_CHAR.search(text))
    return Evidence(
        evidence_id="ev_edit",
        source_type=SourceType.USER_FORM,
        source_format="edit",
        file_path="",
        file_hash="",
        locator="edit",
        session_id="edit",
        actor=Speaker.USER.value,
        attribution=Attribution.FORMAT,
        timestamp=said_at or datetime(2000, 1, 1, tzinfo=UTC),
        timestamp_precision=TimePrecision.DAY,
        raw_content=text,
        content_hash="",
        language=Language.ZH if zh else Language.EN,
        sensitivity=Sensitivity.LOW,
    )
