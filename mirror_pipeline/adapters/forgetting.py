"""Forgetting that provably cascades (P5, section 16): what the person asked to forget leaves every table, the LLM
cache, the inbox copy, every snapshot (old ones too), the review documents, and the free pages of the warehouse file.

The purge is keyed by ids (memory, evidence, file hash) over the warehouse tables generically: any table with an
`evidence_id`, `evidence_ids`, `memory_id`, `doc_id`, `*memory_ids` or `content_hash` column loses the rows that carry
a forgotten id, so a table added later (an embedding cache keyed by content hash) is covered without naming it here.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterable
from pathlib import Path

import duckdb

from mirror_pipeline.adapters.inbox import write_atomically

# what is left where a forgotten text stood in the inbox copy (the file stays readable, the words are gone)
FORGOTTEN_MARK = "[forgotten]"


def _tables(con: duckdb.DuckDBPyConnection) -> dict[str, dict[str, str]]:
    rows = con.execute(
        "select table_name, column_name, data_type from information_schema.columns where table_schema = 'main'"
    ).fetchall()
    out: dict[str, dict[str, str]] = {}
    for table, column, dtype in rows:
        out.setdefault(table, {})[column] = dtype
    return out


def purge_ids(
    con: duckdb.DuckDBPyConnection,
    *,
    evidence_ids: Iterable[str] = (),
    memory_ids: Iterable[str] = (),
    candidate_ids: Iterable[str] = (),
    content_hashes: Iterable[str] = (),
    keep_tables: Iterable[str] = ("tombstones", "decision_outcomes", "warehouse_meta"),
) -> int:
    """Delete, in every warehouse table, the rows that carry one of these ids. Returns how many rows went."""
    ev, mem, cand, hashes = (sorted(set(x)) for x in (evidence_ids, memory_ids, candidate_ids, content_hashes))
    if not (ev or mem or cand or hashes):
        return 0
    keep = set(keep_tables)
    removed = 0
    for table, columns in _tables(con).items():
        if table in keep:
            continue
        clauses: list[str] = []
        params: list[object] = []
        for column, ids in (("evidence_id", ev), ("doc_id", ev + mem), ("memory_id", mem), ("candidate_id", cand)):
            if ids and column in columns:
                clauses.append(f'"{column}" in (select unnest(?::varchar[]))')
                params.append(ids)
        # caches keyed by a text's hash (LLM answers, embeddings); a table that names its evidence is purged by id
        if hashes and "content_hash" in columns and "evidence_id" not in columns:
            clauses.append('"content_hash" in (select unnest(?::varchar[]))')
            params.append(hashes)
        if ev and "evidence_ids" in columns and columns["evidence_ids"].endswith("[]"):
            clauses.append('len(list_intersect("evidence_ids", ?::varchar[])) > 0')
            params.append(ev)
        # what was drawn from a forgotten memory (an insight of the weekly reflection: `source_memory_ids`)
        for column, dtype in sorted(columns.items()):
            if mem and column.endswith("memory_ids") and dtype.endswith("[]"):
                clauses.append(f'len(list_intersect("{column}", ?::varchar[])) > 0')
                params.append(mem)
        if not clauses:
            continue
        before = con.execute(f'select count(*) from "{table}"').fetchone()[0]
        con.execute(f'delete from "{table}" where {" or ".join(clauses)}', params)
        removed += before - con.execute(f'select count(*) from "{table}"').fetchone()[0]
    return removed


def _escaped_forms(text: str) -> list[str]:
    """How a text may stand in an export: as is, JSON-escaped (with or without \\u escapes), CSV-quoted."""
    forms = {text, json.dumps(text, ensure_ascii=False)[1:-1], json.dumps(text)[1:-1], text.replace('"', '""')}
    return sorted((f for f in forms if f), key=len, reverse=True)


def redact_inbox(inbox: Path, texts_by_file: dict[str, list[str]]) -> list[str]:
    """Remove forgotten texts from the inbox copies (each file rewritten atomically). A text that spans lines in the
    export is also removed line by line. Returns the files changed."""
    changed = []
    for rel, texts in sorted(texts_by_file.items()):
        path = inbox / rel
        if not path.is_file():
            continue
        original = path.read_bytes().decode("utf-8", errors="surrogateescape")
        data = original
        for text in sorted(set(texts), key=len, reverse=True):
            pieces = [text, *(line.strip() for line in text.splitlines() if len(line.strip()) >= 4)]
            for piece in pieces:
                for form in _escaped_forms(piece):
                    data = data.replace(form, FORGOTTEN_MARK)
        if data != original:
            write_atomically(path, data.encode("utf-8", errors="surrogateescape"))
            changed.append(rel)
    return changed


def remove_old_snapshots(snapshots: Path, served: Path) -> int:
    """Every snapshot but the one served now goes (they hold what was forgotten); returns how many."""
    if not snapshots.exists():
        return 0
    keep = served.resolve() if served.exists() else None
    removed = 0
    for folder in snapshots.iterdir():
        if folder.is_dir() and folder.resolve() != keep:
            shutil.rmtree(folder, ignore_errors=True)
            removed += 1
    previous = served.with_name("served.previous")
    if previous.exists():
        shutil.rmtree(previous, ignore_errors=True)
    return removed


def purge_reviews(reviews: Path, ids: Iterable[str], texts: Iterable[str] = ()) -> int:
    """Drop every line of a review document that names a forgotten id or holds a forgotten text."""
    ids = [i for i in set(ids) if i]
    texts = [t for t in set(texts) if len(t) >= 2]
    if not reviews.exists() or not (ids or texts):
        return 0
    pattern = re.compile("|".join(re.escape(x) for x in sorted(ids + texts, key=len, reverse=True)))
    changed = 0
    for path in reviews.rglob("*.md"):
        text = path.read_text(encoding="utf-8", errors="replace")
        kept = [line for line in text.splitlines(keepends=True) if not pattern.search(line)]
        if len(kept) != len(text.splitlines(keepends=True)):
            write_atomically(path, "".join(kept).encode("utf-8"))
            changed += 1
    return changed


def purge_accesses(log: Path, ids: Iterable[str]) -> int:
    """The access log (16.3) keeps that a task used the memory, never what the task said about it: a line that names
    a forgotten id loses its task's words and that id. Returns the lines changed."""
    forgotten = {i for i in ids if i}
    if not log.exists() or not forgotten:
        return 0
    lines, changed = [], 0
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            lines.append(line)
            continue
        used = entry.get("memory_ids") or []
        if isinstance(entry, dict) and forgotten.intersection(used):
            entry = {**entry, "task": "", "memory_ids": [i for i in used if i not in forgotten]}
            line, changed = json.dumps(entry, ensure_ascii=False), changed + 1
        lines.append(line)
    if changed:
        write_atomically(log, ("\n".join(lines) + "\n").encode("utf-8"))
    return changed


def compact(database: Path) -> None:
    """Rewrite the warehouse into a fresh file: deleted rows leave no bytes behind in free blocks."""
    if not database.exists():
        return
    fresh = database.with_name(f".{database.name}.compact")
    fresh.unlink(missing_ok=True)
    con = duckdb.connect()
    try:
        con.execute(f"attach '{database}' as old")
        con.execute("checkpoint old")
        con.execute(f"attach '{fresh}' as fresh")
        con.execute("copy from database old to fresh")
        con.execute("detach old")
        con.execute("detach fresh")
    finally:
        con.close()
    os.replace(fresh, database)
    for leftover in (database.with_name(database.name + ".wal"), fresh.with_name(fresh.name + ".wal")):
        leftover.unlink(missing_ok=True)


def drop_removed_files(con: duckdb.DuckDBPyConnection, present: Iterable[str]) -> int:
    """A file removed from the inbox takes its evidence and everything derived from it. The files still there are
    read again (a message first seen in the removed file may also be in one of them). Returns evidence rows gone."""
    present = sorted(set(present))
    gone = [
        r[0]
        for r in con.execute(
            "select evidence_id from evidence where file_path not in (select unnest(?::varchar[]))", [present]
        ).fetchall()
    ]
    if not gone:
        return 0
    hashes = [
        r[0]
        for r in con.execute(
            "select content_hash from evidence where evidence_id in (select unnest(?::varchar[]))", [gone]
        ).fetchall()
    ]
    purge_ids(con, evidence_ids=gone, content_hashes=hashes)
    con.execute("delete from parsed_files")
    return len(gone)
