import json
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from mirror_pipeline.adapters import decisions as store
from mirror_pipeline.adapters import forgetting
from mirror_pipeline.core.decisions import Action, new_decision

AT = datetime(2026, 12, 1, 9, tzinfo=UTC)


def test_decisions_are_appended_never_rewritten_and_a_bad_line_is_named_not_fatal(tmp_path: Path) -> None:
    folder = tmp_path / "decisions"
    first = new_decision(Action.CONFIRM, "mem_a", AT, object_key="val_1")
    store.append(folder, [first])
    before = (folder / "decisions.jsonl").read_bytes()
    with (folder / "decisions.jsonl").open("a") as f:
        f.write("{not json\n")
    store.append(folder, [new_decision(Action.FORGET, "mem_b", AT)])
    assert (folder / "decisions.jsonl").read_bytes().startswith(before)
    read = store.read_all(folder)
    assert [d.action for d in read.decisions] == [Action.CONFIRM, Action.FORGET]
    assert read.unreadable == ["decisions.jsonl:2: not a decision (JSONDecodeError)"]
    assert read.decisions[0] == first


def test_purge_by_ids_reaches_every_table_that_carries_them(tmp_path: Path) -> None:
    con = duckdb.connect(str(tmp_path / "w.duckdb"))
    con.execute("create table evidence (evidence_id varchar, content_hash varchar, raw_content varchar)")
    con.execute("insert into evidence values ('ev_1', 'h1', 'forget me'), ('ev_2', 'h2', 'keep me')")
    con.execute("create table docs (doc_id varchar, evidence_ids varchar[], text varchar)")
    con.execute("insert into docs values ('mem_1', ['ev_1'], 'forget me'), ('mem_2', ['ev_2'], 'keep')")
    con.execute("create table embedding_cache (content_hash varchar, vector float[])")  # added by someone else later
    con.execute("insert into embedding_cache values ('h1', [1.0]), ('h2', [2.0])")
    removed = forgetting.purge_ids(con, evidence_ids=["ev_1"], content_hashes=["h1"])
    assert removed == 3
    assert con.execute("select evidence_id from evidence").fetchall() == [("ev_2",)]
    assert con.execute("select doc_id from docs").fetchall() == [("mem_2",)]
    assert con.execute("select content_hash from embedding_cache").fetchall() == [("h2",)]
    con.close()
    forgetting.compact(tmp_path / "w.duckdb")
    assert b"forget me" not in (tmp_path / "w.duckdb").read_bytes()
    assert duckdb.connect(str(tmp_path / "w.duckdb")).execute("select count(*) from evidence").fetchone() == (1,)


def test_the_inbox_copy_loses_the_text_however_the_export_escaped_it(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    said = '我说过"秘密计划"\n第二行也要删'
    (inbox / "chat.json").write_text(json.dumps([{"text": said}, {"text": "留下"}]), encoding="utf-8")
    (inbox / "chat_cn.json").write_text(json.dumps([{"text": said}], ensure_ascii=False), encoding="utf-8")
    (inbox / "notes.md").write_text(f"# day\n\n{said}\n\nother\n", encoding="utf-8")
    changed = forgetting.redact_inbox(inbox, {p: [said] for p in ("chat.json", "chat_cn.json", "notes.md")})
    assert changed == ["chat.json", "chat_cn.json", "notes.md"]
    for name in changed:
        text = (inbox / name).read_text(encoding="utf-8")
        decoded = json.loads(text) if name.endswith(".json") else text
        assert "秘密计划" not in json.dumps(decoded, ensure_ascii=False) and "第二行" not in str(decoded)
    assert json.loads((inbox / "chat.json").read_text())[1] == {"text": "留下"}


def test_review_lines_naming_a_forgotten_id_go(tmp_path: Path) -> None:
    doc = tmp_path / "weekly" / "w.md"
    doc.parent.mkdir(parents=True)
    doc.write_text("# week\n- 小林是上司 — `mem_1` (ev_1)\n- 住在上海 — `mem_2` (ev_2)\n", encoding="utf-8")
    assert forgetting.purge_reviews(tmp_path, ["mem_1"]) == 1
    assert doc.read_text(encoding="utf-8") == "# week\n- 住在上海 — `mem_2` (ev_2)\n"


def test_forgetting_wins_over_append_only_the_words_of_a_forgotten_memory_leave_the_decisions(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "decisions"
    edit = new_decision(Action.EDIT, "mem_a", AT, text="我其实在杭州的C公司工作", object_key="val_1")
    chose = new_decision(
        Action.CHOOSE,
        "iss_1",
        AT,
        choice=3,
        text="小林是我的表哥",
        extra={"effect": "edit", "memory_ids": ["mem_b", "mem_a"], "object_keys": {}},
    )
    other = new_decision(Action.EDIT, "mem_c", AT, text="I live in Osaka")
    store.append(folder, [edit, chose, other, new_decision(Action.FORGET, "mem_a", AT)])
    assert store.scrub(folder, ["mem_a", "ev_x"]) == 2
    raw = (folder / "decisions.jsonl").read_bytes()
    assert "杭州".encode() not in raw and "表哥".encode() not in raw and b"Osaka" in raw
    read = store.read_all(folder)
    assert read.unreadable == []
    # a content-free line stays for each: that a decision existed, who, when, what kind
    assert [(d.decision_id, d.action, d.text) for d in read.decisions] == [
        (edit.decision_id, Action.EDIT, None),
        (chose.decision_id, Action.CHOOSE, None),
        (other.decision_id, Action.EDIT, "I live in Osaka"),
        (read.decisions[3].decision_id, Action.FORGET, None),
    ]
    assert read.decisions[0].extra == {"content_forgotten": True}
    assert store.scrub(folder, ["mem_a"]) == 0  # nothing left to take
    store.append(folder, [new_decision(Action.CONFIRM, "mem_c", AT)])  # appends still work after a rewrite
    assert len(store.read_all(folder).decisions) == 5
