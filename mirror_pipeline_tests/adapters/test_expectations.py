import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.expectations import secret_expectation_failures
from mirror_pipeline.contracts.tables import EVIDENCE
from mirror_pipeline.defs.screening.checks import evidence_holds_no_secret

KEY = "ghp_0123456789abcdefghijABCDEFGHIJ012345"


def test_the_suite_passes_clean_tables_and_names_the_columns_that_hold_a_secret() -> None:
    clean = {
        "memories": pl.DataFrame({"text": ["I live in Tokyo", "我喜欢弹钢琴"], "id": ["mem_0a7d41c15af52c9b", None]})
    }
    assert secret_expectation_failures(clean).passed
    leaking = {
        "memories": pl.DataFrame({"text": ["I live in Tokyo", f"token {KEY}"], "id": ["a", "b"]}),
        "evidence": pl.DataFrame({"raw_content": ["我家wifi密码是Tplink8888"]}),
    }
    outcome = secret_expectation_failures(leaking)
    assert not outcome.passed
    assert outcome.failing_columns == ("evidence.raw_content", "memories.text")
    assert outcome.values_checked == 3  # the ids are not the person's data: not checked


def test_the_suite_never_reads_an_id_a_hash_or_a_locator_and_reads_file_names_without_the_inbox_suffix() -> None:
    """Issue 9: `ev_4532015112830366` (an id of the old format: 16 decimal digits passing Luhn) blocked every run."""
    system = {
        "evidence": pl.DataFrame(
            {
                "evidence_id": ["ev_4532015112830366"],
                "secret_ref_id": ["sec_4532015112830366"],
                "file_hash": ["4532015112830366"],
                "locator": ["conversation 4532015112830366 message 1"],
                "file_path": ["markdown_journal/journal-2023-12-31-3fa9c2e1.md"],
                "raw_content": ["今天天气不错"],
            }
        )
    }
    assert secret_expectation_failures(system).passed
    named = {"inbox_files": pl.DataFrame({"file_path": ["whatsapp/PIN 4821 Chat.kdqzbmht.txt"]})}
    assert secret_expectation_failures(named).failing_columns == ("inbox_files.file_path",)


def test_the_evidence_check_warns_of_a_secret_that_bypassed_screening_and_never_shows_it(tmp_path) -> None:
    db = DuckDBResource(database=str(tmp_path / "warehouse.duckdb"))
    with db.get_connection() as con:
        warehouse.ensure(con, EVIDENCE)
        clean = evidence_holds_no_secret(dg.build_asset_check_context(), warehouse_db=db)
        assert clean.passed
        columns = ", ".join(f'"{c}"' for c in EVIDENCE.schema)
        con.execute(
            f"insert into evidence ({columns}) select * from (select {', '.join(['null'] * len(EVIDENCE.schema))})"
        )
        con.execute("update evidence set evidence_id = 'ev_1', raw_content = ?", [f"my key {KEY}"])
    result = evidence_holds_no_secret(dg.build_asset_check_context(), warehouse_db=db)
    assert not result.passed
    assert result.severity == dg.AssetCheckSeverity.WARN  # the snapshot withholds the row: the run goes on
    assert result.metadata["failing_columns"].value == "evidence.raw_content"
    assert all(KEY not in str(v.value) for v in result.metadata.values())


def test_the_suite_makes_no_temporary_folder(tmp_path, monkeypatch) -> None:
    """GX's default ephemeral context reserves a temporary folder for a data docs site; depending on the GX build
    it is left behind empty (a killed step process never runs the clean-up). The suite must not ask for one."""
    import tempfile

    made: list[str] = []
    real_mkdtemp = tempfile.mkdtemp

    def mkdtemp(*args: object, **kwargs: object) -> str:
        made.append(path := real_mkdtemp(*args, **kwargs))
        return path

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(tempfile, "mkdtemp", mkdtemp)
    assert secret_expectation_failures({"memories": pl.DataFrame({"text": ["I live in Tokyo"]})}).passed
    assert made == [] and list(tmp_path.iterdir()) == []


def test_a_text_in_two_tables_is_screened_once_and_both_tables_are_named(monkeypatch) -> None:
    from mirror_pipeline.adapters import expectations

    seen: list[str] = []
    count = expectations.count_secrets
    monkeypatch.setattr(expectations, "count_secrets", lambda texts: seen.extend(texts) or count(texts))
    said = ["I live in Tokyo", f"token {KEY}"]
    outcome = secret_expectation_failures(
        {"evidence": pl.DataFrame({"raw_content": said}), "search_documents": pl.DataFrame({"text": said})}
    )
    assert sorted(seen) == sorted(said)  # served evidence and the search documents hold the same words
    assert outcome.failing_columns == ("evidence.raw_content", "search_documents.text")
    assert outcome.values_checked == 4


def test_a_text_found_clean_is_not_checked_again_and_a_text_that_failed_is_never_remembered() -> None:
    """Issue 13: each run's snapshot check read every served text again (73 s of a 100,000-message first run)."""
    remembered: set[str] = set()

    def known(digests: list[str]) -> set[str]:
        return remembered & set(digests)

    tables = {"memories": pl.DataFrame({"text": ["I live in Lisbon", "我养了一只猫", "I live in Lisbon"]})}
    first = secret_expectation_failures(tables, known)
    assert first.passed and first.values_checked == 2 and first.known == 0 and len(first.clean_digests) == 2
    remembered |= set(first.clean_digests)
    grown = {"memories": pl.DataFrame({"text": ["I live in Lisbon", "我养了一只猫", "周末去爬山"]})}
    second = secret_expectation_failures(grown, known)
    assert second.passed and second.values_checked == 1 and second.known == 2  # only the new text was read
    leaking = {"memories": pl.DataFrame({"text": ["I live in Lisbon", f"token {KEY}"]})}
    failed = secret_expectation_failures(leaking, known)
    assert not failed.passed and failed.failing_columns == ("memories.text",) and failed.clean_digests == ()


def _warehouse_with_evidence(tmp_path, evidence_id: str, text: str) -> DuckDBResource:
    """A warehouse holding one evidence row of `text` (its other columns empty)."""
    db = DuckDBResource(database=str(tmp_path / "warehouse.duckdb"))
    columns = ", ".join(f'"{c}"' for c in EVIDENCE.schema)
    with db.get_connection() as con:
        warehouse.ensure(con, EVIDENCE)
        con.execute(
            f"insert into evidence ({columns}) select * from (select {', '.join(['null'] * len(EVIDENCE.schema))})"
        )
        con.execute("update evidence set evidence_id = ?, raw_content = ?", [evidence_id, text])
    return db


def test_the_checks_remember_clean_texts_in_the_warehouse_by_digest_only(tmp_path) -> None:
    db = _warehouse_with_evidence(tmp_path, "ev_1", "我下周去杭州出差")
    first = evidence_holds_no_secret(dg.build_asset_check_context(), warehouse_db=db)
    assert first.passed and first.metadata["values_known_clean"].value == 0
    with db.get_connection() as con:
        stored = con.execute("select * from checked_texts").fetchall()
    assert len(stored) == 1 and "杭州" not in str(stored)  # a digest, never the words
    again = evidence_holds_no_secret(dg.build_asset_check_context(), warehouse_db=db)
    assert again.passed and again.metadata["values_known_clean"].value == 1


def test_digests_kept_under_earlier_screening_rules_are_pruned_when_the_rules_change(tmp_path, monkeypatch) -> None:
    from mirror_pipeline.adapters import expectations

    db = _warehouse_with_evidence(tmp_path, "ev_9", "the bakery on the corner opens at six")
    assert evidence_holds_no_secret(dg.build_asset_check_context(), warehouse_db=db).passed
    with db.get_connection() as con:
        before = con.execute("select text_digest from checked_texts").fetchall()
    assert len(before) == 1
    monkeypatch.setattr(expectations, "SCREENING_VERSION", "a-later-screening-version")
    again = evidence_holds_no_secret(dg.build_asset_check_context(), warehouse_db=db)
    assert again.passed and again.metadata["values_known_clean"].value == 0  # checked again under the new rules
    with db.get_connection() as con:
        after = con.execute("select text_digest from checked_texts").fetchall()
    assert len(after) == 1 and after != before  # the old rules' digest is gone, the new one kept
