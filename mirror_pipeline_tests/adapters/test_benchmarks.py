"""`mirror eval`: LongMemEval- and LoCoMo-format files through the search path, with the CONTRACT metrics."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mirror_pipeline.adapters.benchmarks import BenchmarkFormatError, Runner, run_locomo, run_longmemeval
from mirror_pipeline.cli import main
from mirror_pipeline.core.ranking import Method
from mirror_pipeline_tests.fakes import FakeEmbedder


def _lme_item(qid: str, question: str, gold: list[str], qtype: str = "single-session-user") -> dict:
    sessions = {
        "s_hike": [{"role": "user", "content": "We hiked Mount Rokko with my daughter on Saturday."}],
        "s_piano": [{"role": "user", "content": "我开始学钢琴了，每周二上课。"}],
        "s_food": [
            {"role": "user", "content": "I am allergic to peanuts."},
            {"role": "assistant", "content": "Noted, I will avoid peanut dishes."},
        ],
        "s_move": [{"role": "user", "content": "We moved from Tokyo to Osaka last autumn."}],
    }
    return {
        "question_id": qid,
        "question_type": qtype,
        "question": question,
        "question_date": "2024/06/01 (Sat) 10:00",
        "answer": "",
        "haystack_session_ids": list(sessions),
        "haystack_dates": [
            "2024/03/02 (Sat) 21:10",
            "2024/05/05 (Sun) 22:00",
            "2024/05/20 (Mon) 12:30",
            "2023/10/01 (Sun) 09:00",
        ],
        "haystack_sessions": list(sessions.values()),
        "answer_session_ids": gold,
    }


@pytest.fixture
def lme_file(tmp_path):
    items = [
        _lme_item("q1", "Where did I go hiking?", ["s_hike"]),
        _lme_item("q2", "我在学什么乐器？钢琴还是吉他", ["s_piano"], "zh"),
        _lme_item("q3", "What food allergy do I have? peanuts", ["s_food"]),
        _lme_item("q4", "Which cities did I live in, Tokyo and Osaka? And did I hike?", ["s_move", "s_hike"], "multi"),
        _lme_item("q5_abs", "What is my dog's name?", []),
    ]
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    return path


def test_longmemeval_reports_contract_metrics_per_type_with_baselines(lme_file):
    report = run_longmemeval(lme_file, Runner(FakeEmbedder(), None))
    assert report["benchmark"] == "longmemeval" and report["questions"] == 4  # the abstention question is skipped
    assert set(report["metrics"]) == {"recall_any@5", "recall_all@5", "recall_any@10", "recall_all@10"}
    assert report["metrics"]["recall_all@5"] == 1.0  # four sessions: every gold one is in the top 5
    assert set(report["baselines"]) == {"bm25", "dense"}
    assert report["per_type"]["zh"]["questions"] == 1


def test_longmemeval_embeds_an_assistants_long_answer_by_its_opening(lme_file, tmp_path):
    # a real haystack is ~500 turns, half of them long answers: embedded whole they made a question cost minutes
    from mirror_pipeline.adapters import benchmarks

    items = json.loads(lme_file.read_text(encoding="utf-8"))
    long_answer = "Noted, I will avoid peanut dishes. " + "Here is a long list of recipes you might enjoy. " * 40
    items[2]["haystack_sessions"][2][1]["content"] = long_answer
    path = tmp_path / "long.json"
    path.write_text(json.dumps(items[:4], ensure_ascii=False), encoding="utf-8")
    seen: list[str] = []

    class Recording(FakeEmbedder):
        def passages(self, texts):
            seen.extend(texts)
            return super().passages(texts)

    report = run_longmemeval(path, Runner(Recording(), None))
    assert report["metrics"]["recall_all@5"] == 1.0
    answer = [t for t in seen if "avoid peanut dishes" in t]
    assert answer and all(len(t) <= benchmarks.LME_ASSISTANT_CHARS for t in answer)
    assert any(t.endswith("I am allergic to peanuts.") for t in seen)  # the person's turn, whole
    # the answer's later words are still found, lexically
    memory = Runner(Recording(), None).memory(
        benchmarks.longmemeval_documents(items[2]), benchmarks._lme_date(items[2]["question_date"])
    )
    assert [sid for sid, _ in memory.sessions("a long list of recipes", 1, Method.LEXICAL)] == ["s_food"]


def test_strict_recall_needs_every_gold_session(lme_file, tmp_path):
    items = json.loads(lme_file.read_text(encoding="utf-8"))
    # four sessions, top 1 can hold only one of two gold sessions: strict fails, any succeeds
    from mirror_pipeline.adapters import benchmarks

    data = [items[3]]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    runner = Runner(None, None)
    memory = runner.memory(benchmarks.longmemeval_documents(data[0]), benchmarks._lme_date(data[0]["question_date"]))
    from mirror_pipeline.core.evaluation import distinct, recall_all, recall_any
    from mirror_pipeline.core.ranking import Method

    sessions = distinct(d.split("#")[0] for d in runner.ranked_ids(memory, data[0]["question"], Method.LEXICAL, 50))
    assert recall_any(data[0]["answer_session_ids"], sessions, 1) == 1.0
    assert recall_all(data[0]["answer_session_ids"], sessions, 1) == 0.0


def test_locomo_format_turn_and_session_recall(tmp_path):
    sample = {
        "sample_id": "conv-x",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a puppy named Rex."},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "Nice! I'm training for a marathon."},
            ],
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_2": [{"speaker": "Ann", "dia_id": "D2:1", "text": "Rex chewed my shoes."}],
            "session_2_date_time": "3:00 pm on 9 June, 2023",
            "session_3_date_time": "a date key past the last session",
        },
        "qa": [
            {"question": "What is the name of Ann's puppy?", "evidence": ["D1:1; D2:1"], "category": 4},
            {"question": "What is Bo training for?", "evidence": ["D1:2"], "category": 1},
            {"question": "adversarial", "evidence": ["D1:1"], "category": 5},
            {"question": "no evidence", "evidence": [], "category": 2},
        ],
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([sample]), encoding="utf-8")
    report = run_locomo(path, Runner(FakeEmbedder(), None))
    assert report["questions"] == 2
    assert set(report["metrics"]) == {"recall@5", "recall@10", "recall@25", "session_recall@10"}
    assert report["metrics"]["recall@5"] == 1.0 and report["metrics"]["session_recall@10"] == 1.0
    assert set(report["per_type"]) == {"single-hop", "multi-hop"}


def test_a_file_in_another_format_is_refused_with_its_name(tmp_path):
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps({"not": "a list"}), encoding="utf-8")
    with pytest.raises(BenchmarkFormatError, match="wrong.json"):
        run_longmemeval(path, Runner(None, None))
    result = CliRunner().invoke(main, ["eval", "locomo", str(path), "--lexical-only", "--json"])
    assert result.exit_code != 0 and "not LoCoMo" in str(result.output) + str(result.exception)


def test_eval_command_prints_one_json_document(lme_file):
    result = CliRunner().invoke(main, ["eval", "longmemeval", str(lme_file), "--lexical-only", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["benchmark"] == "longmemeval" and report["method"] == "bm25"
