"""Every English content is a grammatical third-person sentence about "The user" (REVIEW-1 item 10).

A property over every English user turn of LoCoMo's tuning samples (conv-26/30/41/42/43; never the held-out
conv-44..50), plus the reviewer's own lines, and the second-person form review questions use."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mirror_pipeline.core.conflicts import you
from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.model import Language

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "extraction"
sys.path.insert(0, str(BENCH))
from review1 import bad_english  # noqa: E402
from run import evidence_of  # noqa: E402

LOCOMO = Path("/work/shared/benchmarks/locomo10.json")
TUNING = ("conv-26", "conv-30", "conv-41", "conv-42", "conv-43")


def _contents(text: str) -> list[str]:
    row = {"id": "t", "speaker": "user", "mention_time": datetime(2023, 5, 1, tzinfo=UTC).isoformat(), "text": text}
    return [c.content_text for c in extract(evidence_of(row))]


@pytest.mark.skipif(not LOCOMO.exists(), reason="LoCoMo is not on this machine")
def test_every_english_content_over_locomo_tuning_turns_is_third_person() -> None:
    samples = [s for s in json.loads(LOCOMO.read_text(encoding="utf-8")) if s["sample_id"] in TUNING]
    assert len(samples) == len(TUNING)
    bad, seen = [], 0
    for sample in samples:
        conv = sample["conversation"]
        for key, session in conv.items():
            if not key.startswith("session_") or not isinstance(session, list):
                continue
            for turn in session:
                if turn["speaker"] != conv["speaker_a"] or not turn.get("text"):
                    continue
                for content in _contents(turn["text"]):
                    seen += 1
                    if why := bad_english(content):
                        bad.append(f"{why}: {content!r} <- {turn['text'][:80]!r}")
    assert seen > 400  # the property is over real output, not an empty set
    assert bad == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Told my boss today. Leaving Xinghe at the end of July.", "The user told their boss"),
        (
            "Booked flights to Osaka for March, me and mom.",
            "The user booked flights to Osaka for March, the user and their mom",
        ),
        ("Even got me out of my 9-5 as a banker.", "The user even got them out of their 9-5 as a banker"),
    ],
)
def test_a_dropped_subject_becomes_the_user(text: str, expected: str) -> None:
    contents = _contents(text)
    assert all(bad_english(c) is None for c in contents), contents
    assert expected in contents, contents


@pytest.mark.parametrize(
    "text",
    ["Give me a taper plan for the last 10 days.", "Check out my painting for the art show!", "Look at my students."],
)
def test_a_request_to_the_other_is_no_memory(text: str) -> None:
    assert _contents(text) == []


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("The user is planning to propose to Lin Yue", "You are planning to propose to Lin Yue"),
        ("The user is an ML engineer at Lumen Robotics", "You are an ML engineer at Lumen Robotics"),
        ("The user is setting up their mom's new iPhone", "You are setting up your mom's new iPhone"),
        ("The user's sister lives in Boston", "Your sister lives in Boston"),
        ("The user lives in Shenzhen", "You live in Shenzhen"),
        ("The user told their boss", "You told your boss"),
    ],
)
def test_a_memory_said_to_the_person_is_grammatical(content: str, said: str) -> None:
    assert you(content, Language.EN) == said
