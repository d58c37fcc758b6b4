"""The labelled corpus in benchmarks/secrets: accuracy targets of issue 4 (timing lives in the benchmark only)."""

import importlib.util
from pathlib import Path

import pytest

from mirror_pipeline.core.screening import may_hold_secret, prefilter_mask

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
    """The Python prefilter (one text) and the vectorized one (a batch) must never stop a secret."""
    texts = [m for c in cases if c["label"] == "secret" for m in c["messages"]]
    python = [may_hold_secret(t) for t in texts]
    vectorized = prefilter_mask(texts)
    assert len(texts) >= 512  # large enough to take the vectorized path
    # a reply like "Tplink8888" passes neither on its own: the question before it sends it to the rules
    missed = {t for t, p in zip(texts, python, strict=True) if not p}
    assert missed == {t for t, v in zip(texts, vectorized, strict=True) if not v}
    carried = {m for c in cases if c["label"] == "secret" and len(c["messages"]) > 1 for m in c["messages"][1:]}
    assert missed <= carried
