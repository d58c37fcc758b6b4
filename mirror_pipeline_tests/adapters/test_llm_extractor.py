import json
import os
import socket
import subprocess
import sys
from dataclasses import replace
from datetime import UTC

import duckdb
import pytest

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.llm_extractor import (
    ExtractionConfigError,
    LitellmGateway,
    LlmExtractor,
    LlmSettings,
    LlmUnavailable,
    MemoryCache,
    RulesExtractor,
    WarehouseCache,
    extractor_for,
    llm_settings,
)
from mirror_pipeline.contracts.tables import EVIDENCE, LLM_RESPONSES
from mirror_pipeline.core.model import Sensitivity
from mirror_pipeline.core.text import content_hash
from mirror_pipeline_tests.core.helpers import evidence
from mirror_pipeline_tests.fakes import FakeModel, lives_in_answer, ollama_stub

TZ = UTC
MODEL = "gpt-4o-mini"  # litellm knows its price, so the cost is not zero; nothing is sent: every reply is mocked


def ev(text: str, n: int = 1, **changes: object):
    e = evidence(text, evidence_id=f"ev_{n}")
    return replace(e, content_hash=content_hash(text), **changes)


def payload(*candidates: dict) -> str:
    return json.dumps({"candidates": list(candidates)}, ensure_ascii=False)


def lives(n: int, obj: str, quote: str) -> dict:
    return {
        "message": n,
        "memory_type": "fact",
        "subject": "user",
        "predicate": "lives_in",
        "object": obj,
        "content_text": f"The user lives in {obj}",
        "confidence": 0.9,
        "quote": quote,
        "time_expression": None,
    }


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch):
    """litellm.completion answering from a script: each call takes the next mock_response (a JSON payload, an
    invalid one, or "litellm.RateLimitError"), and records the messages it was sent."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # before the import: no cost-map download
    import litellm

    real = litellm.completion
    script: list[str] = []
    sent: list[list[dict]] = []

    def completion(**kwargs):
        sent.append(kwargs["messages"])
        return real(**kwargs, mock_response=script.pop(0))

    monkeypatch.setattr(litellm, "completion", completion)
    return script, sent


def extractor(sleeps: list[float] | None = None, **settings: object) -> LlmExtractor:
    options = {"model": MODEL, "batch_size": 20} | settings
    config = LlmSettings(**options)
    gateway = LitellmGateway(
        MODEL, max_attempts=config.max_attempts, sleep=(sleeps if sleeps is not None else []).append, environ={}
    )
    return LlmExtractor(config, gateway)


def test_a_mocked_litellm_answer_becomes_grounded_candidates_with_tokens_and_cost(scripted) -> None:
    script, sent = scripted
    script.append(payload(lives(1, "东京", "我现在住在东京"), lives(2, "Osaka", "I live in Osaka")))
    out = extractor().extract([ev("我现在住在东京。", 1), ev("Nice weather.", 2)], TZ, MemoryCache())
    assert [(c.evidence_id, c.object) for c in out.candidates] == [("ev_1", "东京")]
    assert out.dropped == {"quote_not_in_evidence": 1}  # "I live in Osaka" is not in message 2
    assert out.read == ["ev_1", "ev_2"] and out.failed == []
    assert out.usage.calls == 1 and out.usage.prompt_tokens > 0 and out.usage.completion_tokens > 0
    assert out.usage.cost_usd > 0 and out.usage.unpriced_calls == 0
    assert len(sent) == 1 and "我现在住在东京。" in sent[0][-1]["content"]


def test_rate_limit_errors_are_retried_with_growing_backoff_then_succeed(scripted) -> None:
    script, sent = scripted
    script.extend(["litellm.RateLimitError", "litellm.RateLimitError", payload(lives(1, "东京", "住在东京"))])
    sleeps: list[float] = []
    out = extractor(sleeps).extract([ev("我现在住在东京。")], TZ, MemoryCache())
    assert [c.object for c in out.candidates] == ["东京"]
    assert len(sent) == 3 and len(sleeps) == 2 and 0 < sleeps[0] < sleeps[1]


def test_rate_limits_that_outlast_the_retries_stop_the_run_with_a_clear_reason(scripted) -> None:
    script, _ = scripted
    script.extend(["litellm.RateLimitError"] * 3)
    sleeps: list[float] = []
    with pytest.raises(LlmUnavailable, match=r"gpt-4o-mini after 3 attempt\(s\): RateLimitError"):
        extractor(sleeps, max_attempts=3).extract([ev("我现在住在东京。")], TZ, MemoryCache())
    assert len(sleeps) == 2


def test_an_invalid_batch_is_split_and_an_unanswerable_message_is_not_sent_again(scripted) -> None:
    script, sent = scripted
    invalid = '{"candidates": [{"message": 1, "memory_type": "dream"}]}'
    # the batch of two: invalid three times (instructor asks again twice); then each message alone
    script.extend([invalid] * 3 + [payload(lives(1, "东京", "我现在住在东京"))] + ["not json at all"] * 3)
    cache = MemoryCache()
    out = extractor().extract([ev("我现在住在东京。", 1), ev("今天好累。", 2)], TZ, cache)
    assert [c.object for c in out.candidates] == ["东京"]
    assert out.skipped == {"model_answer_invalid": 1} and sorted(out.read) == ["ev_1", "ev_2"]
    assert len(sent) == 7 and out.usage.calls == 3
    again = extractor().extract([ev("我现在住在东京。", 1), ev("今天好累。", 2)], TZ, cache)
    assert again.usage.calls == 0 and again.usage.cache_hits == 2 and len(sent) == 7


def test_no_text_is_sent_twice_and_a_rerun_costs_nothing(scripted) -> None:
    script, sent = scripted
    script.append(payload(lives(1, "东京", "我现在住在东京")))
    cache = MemoryCache()
    first = extractor().extract([ev("我现在住在东京。", 1), ev("我现在住在东京。", 2)], TZ, cache)
    assert len(sent) == 1 and '<message n="2"' not in sent[0][-1]["content"]  # the same text is asked once
    assert {c.evidence_id for c in first.candidates} == {"ev_1", "ev_2"}
    rerun = extractor().extract([ev("我现在住在东京。", 3)], TZ, cache)
    assert len(sent) == 1 and rerun.usage.calls == 0 and rerun.usage.cache_hits == 1
    assert rerun.usage.prompt_tokens == 0 and rerun.usage.cost_usd == 0
    assert [c.object for c in rerun.candidates] == ["东京"]


def test_batches_respect_the_size_and_only_the_users_unrestricted_words_are_sent() -> None:
    model = FakeModel(lives_in_answer)
    items = [ev(f"I live in Kyoto{'!' * i}", i) for i in range(1, 6)]
    items += [
        ev("I live in Paris", 6, actor="assistant"),
        ev("I live in Rome", 7, actor="other:Mom"),
        ev("I live in Oslo. my pin is [secret:pin:sec_0123456789abcdef]", 8, sensitivity=Sensitivity.RESTRICTED),
    ]
    out = LlmExtractor(LlmSettings(MODEL, batch_size=2), model).extract(items, TZ, MemoryCache())
    assert [len(batch) for batch in model.sent] == [2, 2, 1]
    sent_text = " ".join(m["text"] for batch in model.sent for m in batch)
    assert "Paris" not in sent_text and "Rome" not in sent_text and "Oslo" not in sent_text
    assert out.skipped == {"not_the_users_words": 2, "restricted": 1}
    assert len(out.read) == 8 and len(out.candidates) == 5
    allowed = LlmExtractor(LlmSettings(MODEL, send_restricted=True), FakeModel(lives_in_answer))
    assert allowed.version.endswith("+restricted")
    assert [c.object for c in allowed.extract(items[7:], TZ, MemoryCache()).candidates] == ["Oslo"]


def test_a_long_text_gets_its_own_batch() -> None:
    model = FakeModel(lives_in_answer)
    items = [ev("I live in Kyoto.", 1), ev("x" * 500, 2), ev("I live in Nara.", 3)]
    LlmExtractor(LlmSettings(MODEL, max_batch_chars=300), model).extract(items, TZ, MemoryCache())
    assert [len(batch) for batch in model.sent] == [1, 1, 1]


def test_the_warehouse_cache_keeps_answers_across_runs_and_forgets_texts_that_are_gone() -> None:
    con = duckdb.connect(":memory:")
    model = FakeModel(lives_in_answer)
    extractor_ = LlmExtractor(LlmSettings(MODEL), model)
    first = extractor_.extract([ev("I live in Kyoto.", 1), ev("Hello.", 2)], TZ, WarehouseCache(con))
    assert len(model.sent) == 1 and len(first.candidates) == 1
    second = extractor_.extract([ev("I live in Kyoto.", 1)], TZ, WarehouseCache(con))
    assert len(model.sent) == 1 and second.usage.cache_hits == 1 and second.candidates == first.candidates
    assert WarehouseCache(con).totals() == {"llm_tokens_all_runs": 120, "llm_cost_usd_all_runs": 0.001}
    stored = con.execute("select proposed from llm_responses").fetchall()
    assert all("Kyoto" in p or p == "[]" for (p,) in stored)
    warehouse.ensure(con, EVIDENCE)  # no evidence holds these texts any more
    assert WarehouseCache(con).forget_unused() == 2
    assert con.execute("select count(*) from llm_responses").fetchone()[0] == 0


def test_a_cache_of_an_older_shape_is_started_again() -> None:
    con = duckdb.connect(":memory:")
    con.execute("create table llm_responses (cache_key varchar)")
    WarehouseCache(con)
    assert con.execute("select * from llm_responses limit 0").pl().schema == LLM_RESPONSES.schema


def test_the_config_turns_the_llm_on_and_keeps_keys_out_of_the_home() -> None:
    assert isinstance(extractor_for({"extraction": {"model": None}}), RulesExtractor)
    assert isinstance(extractor_for({}), RulesExtractor)
    on = extractor_for({"extraction": {"model": "ollama/qwen2.5:7b", "batch_size": 5}, "user": {"name": "Lin"}})
    assert isinstance(on, LlmExtractor) and on.settings.batch_size == 5 and on.user_names == ("Lin",)
    assert on.version == f"llm-p2g1:ollama/qwen2.5:7b+{RulesExtractor.version}"  # the model beside the rules
    assert llm_settings({"extraction": {"llm_model": "gpt-4o-mini"}}).model == "gpt-4o-mini"  # older homes
    for bad, reason in (
        ({"model": "gpt-4o-mini", "api_key": "sk-x"}, "not read from the home"),
        ({"model": "gpt-4o-mini", "batch_size": 0}, "batch_size must be a number from 1 to 200"),
        ({"model": "gpt-4o-mini", "send_restricted": "yes"}, "send_restricted must be true or false"),
        ({"model": "gpt-4o-mini", "modle": "x"}, "unknown extraction setting"),
        ({"model": 42}, "must be a litellm model name"),
    ):
        with pytest.raises(ExtractionConfigError, match=reason) as err:
            llm_settings({"extraction": bad}, "/h/mirror.yaml")
        assert str(err.value).startswith("/h/mirror.yaml: ") and "sk-x" not in str(err.value)


def test_the_api_base_and_key_come_from_the_environment(scripted) -> None:
    script, _ = scripted
    gateway = LitellmGateway(MODEL, environ={"MIRROR_LLM_API_BASE": "http://127.0.0.1:9", "MIRROR_LLM_API_KEY": "k"})
    assert gateway._extra == {"api_base": "http://127.0.0.1:9", "api_key": "k"}
    script.append(payload())
    assert gateway.complete([{"role": "user", "content": "hi"}]).proposed.candidates == []


def test_the_offline_path_never_imports_litellm() -> None:
    code = (
        "import sys; import mirror_pipeline.definitions, mirror_pipeline.cli;"
        "print('litellm' in sys.modules or 'instructor' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_a_local_ollama_model_answers_through_litellm_over_http() -> None:
    with ollama_stub(lives_in_answer) as (base, prompts):
        for model in ("ollama/qwen2.5:7b", "ollama_chat/qwen2.5:7b"):
            gateway = LitellmGateway(model, environ={"MIRROR_LLM_API_BASE": base})
            llm = LlmExtractor(LlmSettings(model), gateway)
            out = llm.extract([ev("我现在住在东京。", 1), ev("I live in Kyoto.", 2)], TZ, MemoryCache())
            assert sorted(c.object for c in out.candidates) == ["Kyoto", "东京"]
            assert out.usage.calls == 1 and out.usage.prompt_tokens == 50 and out.usage.cost_usd == 0
    assert len(prompts) == 2 and all("我现在住在东京。" in p for p in prompts)


def test_a_local_model_that_is_not_running_fails_at_once_with_the_reason() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed when the block ends: nothing listens there
    sleeps: list[float] = []
    gateway = LitellmGateway("ollama/qwen2.5:7b", environ={"MIRROR_LLM_API_BASE": f"http://127.0.0.1:{port}"})
    gateway.sleep = sleeps.append
    with pytest.raises(LlmUnavailable, match=r"^model ollama/qwen2.5:7b: APIConnectionError: .*Connection refused"):
        gateway.complete([{"role": "user", "content": "hi"}])
    assert sleeps == []


def test_with_the_rules_the_models_candidates_are_merged_not_replacing() -> None:
    items = [evidence("I lost my job as a banker yesterday. 我住在东京")]
    model = FakeModel(lives_in_answer)
    merged = LlmExtractor(LlmSettings(MODEL), model, with_rules=True).extract(items, TZ, MemoryCache())
    alone = LlmExtractor(LlmSettings(MODEL), FakeModel(lives_in_answer)).extract(items, TZ, MemoryCache())
    by = {c.extractor for c in merged.candidates}
    assert by == {"llm", "rules"}  # each keeps its extractor
    said = {(c.extractor, c.predicate, c.object) for c in merged.candidates}
    assert {(c.extractor, c.predicate, c.object) for c in alone.candidates} < said
    assert any(c.extractor == "rules" and "banker" in c.content_text for c in merged.candidates)
