from datetime import date
from pathlib import Path

import dagster as dg
import duckdb
import pytest
import yaml

from mirror_pipeline.adapters.home import CONFIG_NAME, Home
from mirror_pipeline.adapters.inbox import import_file
from mirror_pipeline.adapters.llm_extractor import LlmExtractor, LlmSettings
from mirror_pipeline.core.extraction import EXTRACTOR_VERSION
from mirror_pipeline.definitions import build_defs
from mirror_pipeline_tests.conftest import PLANTED_SECRETS, SAMPLES, mirror, mirror_json
from mirror_pipeline_tests.fakes import FakeModel, lives_in_answer, ollama_stub, sample_answer


def _candidates_metadata(result: dg.ExecuteInProcessResult) -> dict:
    [event] = [e for e in result.get_asset_materialization_events() if e.asset_key.path == ["memory_candidates"]]
    return {k: v.value for k, v in event.materialization.metadata.items()}


def test_the_asset_runs_the_llm_extractor_end_to_end_and_a_rerun_sends_nothing(tmp_path: Path) -> None:
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    for sample in sorted(SAMPLES.rglob("*.*")):
        import_file(home.inbox, sample)
    model = FakeModel(sample_answer)
    extractor = LlmExtractor(LlmSettings("fake/model", batch_size=4), model)
    defs = build_defs(home, extractor)
    node = defs.resolve_asset_graph().get(dg.AssetKey("memory_candidates"))
    assert node.code_version == "llm-p2g1:fake/model"
    instance = dg.DagsterInstance.ephemeral()
    first = defs.resolve_job_def("mirror_job").execute_in_process(instance=instance)
    assert first.success
    meta = _candidates_metadata(first)
    assert meta["extractor_version"] == "llm-p2g1:fake/model" and meta["llm_calls"] == len(model.sent) > 0
    assert meta["llm_total_tokens"] == 120 * meta["llm_calls"] and meta["llm_cost_usd"] > 0
    assert "not_the_users_words" in meta["evidence_skipped"] and "restricted" in meta["evidence_skipped"]
    sent = [m for batch in model.sent for m in batch]
    assert all(m["speaker"] == "user" for m in sent) and all(len(batch) <= 4 for batch in model.sent)
    assert not any(s in m["text"] for m in sent for s in PLANTED_SECRETS)
    con = duckdb.connect(str(home.warehouse), read_only=True)
    rows = con.execute("select extractor, object, speaker from memory_candidates").fetchall()
    con.close()
    assert {r[0] for r in rows} == {"llm"} and {"大阪", "东京", "Tokyo"} <= {r[1] for r in rows}
    assert "Kyoto" not in {r[1] for r in rows}  # only the assistant said it on the active branch
    assert {r[2] for r in rows} == {"user"}
    con = duckdb.connect(str(home.served / "context.duckdb"), read_only=True)
    served = {r[:3] for r in con.execute("select predicate, object, state, subject from memories").fetchall()}
    relations = con.execute("select subject, relation, other from relationships").fetchall()
    con.close()
    assert ("lives_in", "大阪", "confirmed") in served and ("prefers", "Python", "confirmed") in served
    assert relations == [("user", "manager", "Kobayashi")]

    calls = len(model.sent)
    second = build_defs(home, extractor).resolve_job_def("mirror_job").execute_in_process(instance=instance)
    assert second.success and len(model.sent) == calls and _candidates_metadata(second)["llm_calls"] == 0

    # back to the rules: a new code version, everything re-read, the answers stay cached for a later switch back
    rules = build_defs(home).resolve_job_def("mirror_job").execute_in_process(instance=instance)
    assert _candidates_metadata(rules)["extractor_version"] == EXTRACTOR_VERSION
    again = build_defs(home, extractor).resolve_job_def("mirror_job").execute_in_process(instance=instance)
    meta = _candidates_metadata(again)
    assert len(model.sent) == calls and meta["llm_calls"] == 0 and meta["llm_cache_hits"] > 0


def test_a_model_named_in_the_config_shows_as_the_code_version(tmp_path: Path) -> None:
    home_dir = tmp_path / "home"
    Home.resolve(home_dir).init(date(2026, 11, 29))
    config = yaml.safe_load((home_dir / "mirror.yaml").read_text(encoding="utf-8"))
    config["extraction"]["model"] = "ollama/qwen2.5:7b"
    (home_dir / "mirror.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    node = build_defs(Home.resolve(home_dir)).resolve_asset_graph().get(dg.AssetKey("memory_candidates"))
    assert node.code_version == f"llm-p2g1:ollama/qwen2.5:7b+{EXTRACTOR_VERSION}"


def test_a_key_written_into_mirror_yaml_is_refused_with_a_one_line_reason(fresh_home: Path) -> None:
    config = yaml.safe_load((fresh_home / "mirror.yaml").read_text(encoding="utf-8"))
    config["extraction"] = {"model": "gpt-4o-mini", "api_key": "sk-proj-Zx81Qw3rTy7UiOp9AsDf2GhJkL4ZxCvBnM"}
    (fresh_home / "mirror.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    result = mirror(fresh_home, "run", check=False)
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0 and "extraction.api_key is not read from the home" in result.stderr
    assert "sk-proj" not in result.stderr + result.stdout


@pytest.mark.slow  # two runs of the real `mirror` command
def test_mirror_run_with_a_local_ollama_model_named_in_the_config(
    fresh_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = yaml.safe_load((fresh_home / "mirror.yaml").read_text(encoding="utf-8"))
    config["extraction"]["model"] = "ollama/qwen2.5:7b"
    (fresh_home / "mirror.yaml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    mirror(fresh_home, "import", str(SAMPLES))
    with ollama_stub(lives_in_answer) as (base, prompts):
        monkeypatch.setenv("MIRROR_LLM_API_BASE", base)
        mirror(fresh_home, "run")
        asked = len(prompts)
        assert asked > 0 and not any(s in p for p in prompts for s in PLANTED_SECRETS)
        mirror(fresh_home, "run")
        assert len(prompts) == asked  # every answer came from the cache
    found = mirror_json(fresh_home, "search", "大阪")
    assert any(r["kind"] == "memory" and "大阪" in r["text"] for r in found["results"])
    con = duckdb.connect(str(fresh_home / "warehouse.duckdb"), read_only=True)
    extractors = {r[0] for r in con.execute("select distinct extractor_version from memory_candidates").fetchall()}
    con.close()
    assert extractors == {f"llm-p2g1:ollama/qwen2.5:7b+{EXTRACTOR_VERSION}"}  # the model's and the rules' candidates


def _evidence_read(home: Home) -> int:
    job = build_defs(home).resolve_job_def("mirror_job")
    result = job.execute_in_process(instance=dg.DagsterInstance.ephemeral())
    assert result.success
    (materialization,) = result.asset_materializations_for_node("memory_candidates")
    return materialization.metadata["evidence_read"].value


def test_only_new_evidence_is_read_and_a_new_timezone_reads_it_again(tmp_path: Path) -> None:
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    for sample in sorted(SAMPLES.rglob("*.*")):
        import_file(home.inbox, sample)
    first = _evidence_read(home)
    assert first > 0
    assert _evidence_read(home) == 0  # nothing new: nothing interpreted again
    config = yaml.safe_load((home.root / CONFIG_NAME).read_text(encoding="utf-8"))
    config["timezone"] = "Asia/Tokyo"  # "yesterday" now falls on another calendar: every relative time is re-read
    (home.root / CONFIG_NAME).write_text(yaml.safe_dump(config), encoding="utf-8")
    assert _evidence_read(Home.resolve(home.root)) == first
