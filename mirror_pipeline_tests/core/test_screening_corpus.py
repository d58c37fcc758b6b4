"""The labelled corpus in benchmarks/secrets: accuracy targets of issue 4 (timing lives in the benchmark only)."""

import importlib.util
from pathlib import Path

import pytest

from mirror_pipeline.core.screening import may_hold_secret, prefilter_mask
from mirror_pipeline.core.screening.detectors import turns_over_messages
from mirror_pipeline.core.screening.dialogue import spoken_in_parts
from mirror_pipeline.core.screening.documents import names_a_document_last
from mirror_pipeline.core.screening.redaction import _OPEN

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "secrets" / "bench_screening.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_screening", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def cases(bench) -> list[dict]:
    return bench.load_cases()


def test_the_corpus_is_as_large_as_the_issue_asks(cases: list[dict]) -> None:
    secrets = [c for c in cases if c["label"] == "secret"]
    ordinary = [c for c in cases if c["label"] == "ordinary"]
    assert len(secrets) >= 500 and sum(len(c["messages"]) for c in ordinary) >= 2000
    for label in ("secret", "ordinary"):
        langs = {c["lang"] for c in cases if c["label"] == label}
        assert {"zh", "en"} <= langs


def test_recall_and_false_positives_meet_the_targets(bench, cases: list[dict]) -> None:
    result = bench.evaluate(cases)
    assert result["recall"] >= 0.99, [c["id"] for c in result["misses"]]
    assert result["false_positive_rate"] <= 0.01, [c["id"] for c in result["false_positives"]]


def test_both_prefilters_let_every_secret_through(cases: list[dict]) -> None:
    """The Python prefilter (one text) and the vectorized one (a batch) agree, and never stop a secret: a message
    that holds one passes, or follows a message that passes (a reply like "Tplink8888" is read with its question, up to
    `redaction._OPEN` messages after it: "what's the code for the garage keypad again?" / "also did you feed the cat" /
    "380215, and yes")."""
    secrets = [c for c in cases if c["label"] == "secret"]
    texts = [m for c in secrets for m in c["messages"]]
    assert len(texts) >= 512  # large enough to take the vectorized path
    python = [may_hold_secret(t) for t in texts]
    assert prefilter_mask(texts) == python
    for case in secrets:
        passes = [may_hold_secret(m) for m in case["messages"]]
        # (session 19: a code said in words, a combination's turns, over messages: redact_sequence reads the whole
        # conversation for them, whatever the prefilter says)
        over_messages = {**spoken_in_parts(case["messages"]), **turns_over_messages(case["messages"])}
        for i, message in enumerate(case["messages"]):
            if any(v in message for v in case["values"]):
                # (or follows a message that names a document last: redact_sequence reads it then, session 17)
                after_document = i > 0 and names_a_document_last(case["messages"][i - 1])
                read = passes[i] or any(passes[max(0, i - _OPEN) : i]) or after_document or i in over_messages
                assert read, case["id"]
