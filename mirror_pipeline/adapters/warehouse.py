"""The pipeline's working database (DuckDB): typed reads and writes of contract tables.

Everything in the warehouse is derived from the inbox (and, later, the person's decisions). When a table no longer
matches its contract after an upgrade, the first stage of the run drops every warehouse table, and the same run
rebuilds them all from the inbox: nothing is half-migrated, and no table is left pointing at rows that are gone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path, PurePosixPath

import duckdb
import polars as pl

from mirror_pipeline.contracts.tables import Table
from mirror_pipeline.core.ids import without_generated_suffix
from mirror_pipeline.errors import SchemaChanged

__all__ = ["SchemaChanged"]  # re-exported: its name has always been here

_HEADERS = 3 * 4096  # a DuckDB file opens with its main header and two database headers
_MAGIC = slice(8, 12)  # where the main header says b"DUCK"


def set_aside_if_unreadable(path: Path, now: datetime) -> Path | None:
    """A warehouse that is not a DuckDB file (a run killed while DuckDB was creating it, a file damaged on disk)
    would fail every later run on this home. The warehouse is derived from the inbox, so it is moved aside with its
    write-ahead log, kept rather than deleted, and the run rebuilds it. Returns where it went (None: readable or
    absent). Reads the headers only: it opens no connection, so a home another process reads is not disturbed."""
    try:
        with open(path, "rb") as f:
            head = f.read(_HEADERS)
    except FileNotFoundError:
        return None
    if len(head) == _HEADERS and head[_MAGIC] == b"DUCK":
        return None
    aside = path.with_name(f"{path.name}.unreadable-{now:%Y%m%dT%H%M%S}")
    path.rename(aside)
    wal = path.with_name(path.name + ".wal")
    if wal.exists():
        wal.rename(aside.with_name(aside.name + ".wal"))
    return aside


def _schema(con: duckdb.DuckDBPyConnection, name: str) -> pl.Schema | None:
    exists = con.execute("select count(*) from information_schema.tables where table_name = ?", [name]).fetchone()[0]
    if not exists:
        return None
    return con.execute(f'select * from "{name}" limit 0').pl().schema


def _connect_utc(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("set TimeZone = 'UTC'")
    # DuckDB draws a progress bar on stdout for a long query: `mirror run --json` must print one document only
    con.execute("set enable_progress_bar = false")


def reset_if_changed(con: duckdb.DuckDBPyConnection, tables: Sequence[Table], versions: dict[str, str]) -> list[str]:
    """Drop every table in `tables` when any differs from its contract, or when a rule set whose output they hold
    (`versions`, e.g. the screening rules) has changed: the run then rebuilds all of them from the inbox.
    Returns what changed (table names, rule set names)."""
    _connect_utc(con)
    _add_message_keys(con)
    changed = [t.name for t in tables if (s := _schema(con, t.name)) is not None and s != t.schema]
    con.execute("create table if not exists warehouse_meta (key varchar primary key, value varchar)")
    stored = dict(con.execute("select key, value from warehouse_meta").fetchall())
    has_data = any(_schema(con, t.name) is not None for t in tables)
    changed += [k for k, v in versions.items() if has_data and stored.get(k) != v]
    if changed:
        for table in tables:
            con.execute(f'drop table if exists "{table.name}"')
    for key, value in versions.items():
        con.execute("insert or replace into warehouse_meta values (?, ?)", [key, value])
    return changed


def meta(con: duckdb.DuckDBPyConnection, key: str) -> str | None:
    """A value the runs keep in the warehouse (`warehouse_meta`: rule versions, digests of what was done)."""
    con.execute("create table if not exists warehouse_meta (key varchar primary key, value varchar)")
    row = con.execute("select value from warehouse_meta where key = ?", [key]).fetchone()
    return row[0] if row else None


def set_meta(con: duckdb.DuckDBPyConnection, key: str, value: str) -> None:
    con.execute("create table if not exists warehouse_meta (key varchar primary key, value varchar)")
    con.execute("insert or replace into warehouse_meta values (?, ?)", [key, value])


def content_digest(con: duckdb.DuckDBPyConnection, tables: Sequence[Table]) -> str:
    """What the tables hold, row order aside, as one hash of DuckDB's row hashes (a count, their sum and their xor
    per table; a table not there is said so). A new DuckDB may hash otherwise: the digest then differs, and what
    depends on it is done again (the safe way to be wrong)."""
    parts = [duckdb.__version__]
    for table in tables:
        if _schema(con, table.name) is None:
            parts.append(f"{table.name}: absent")
            continue
        hashed = "hash(whole_row)"  # the row as one struct (the table's alias)
        row = con.execute(
            f"select count(*), coalesce(sum({hashed}::hugeint), 0)::varchar, coalesce(bit_xor({hashed}), 0) "
            f'from "{table.name}" whole_row'
        ).fetchone()
        parts.append(f"{table.name}: {row[0]} {row[1]} {row[2]}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def ensure(con: duckdb.DuckDBPyConnection, table: Table) -> None:
    _connect_utc(con)
    existing = _schema(con, table.name)
    if existing is None:
        empty = table.empty()  # noqa: F841 (read by DuckDB's replacement scan)
        con.execute(f'create table "{table.name}" as select * from empty')
    elif existing != table.schema:
        raise SchemaChanged(f"warehouse table {table.name} predates this version: run the whole pipeline (mirror run)")


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Writes that stand or fall together (a crash between them must not leave one without the other)."""
    con.execute("begin transaction")
    try:
        yield
    except BaseException:
        con.execute("rollback")
        raise
    con.execute("commit")


def read(con: duckdb.DuckDBPyConnection, table: Table, where: str = "true", params: list | None = None) -> pl.DataFrame:
    ensure(con, table)
    df = con.execute(f'select * from "{table.name}" where {where}', params or []).pl()
    return df.cast(dict(table.schema)) if len(df) else table.empty()


def replace(con: duckdb.DuckDBPyConnection, table: Table, df: pl.DataFrame) -> None:
    ensure(con, table)
    frame = table.validate(df)  # noqa: F841
    con.execute(f'delete from "{table.name}"')
    con.execute(f'insert into "{table.name}" select * from frame')


def append_new(con: duckdb.DuckDBPyConnection, table: Table, df: pl.DataFrame, key: str) -> int:
    """Insert the rows whose key is not there yet; returns how many were new."""
    ensure(con, table)
    frame = table.validate(df.unique(subset=key, keep="first", maintain_order=True))  # noqa: F841
    before = con.execute(f'select count(*) from "{table.name}"').fetchone()[0]
    con.execute(
        f'insert into "{table.name}" select * from frame where "{key}" not in (select "{key}" from "{table.name}")'
    )
    return con.execute(f'select count(*) from "{table.name}"').fetchone()[0] - before


def delete_where(con: duckdb.DuckDBPyConnection, table: Table, where: str, params: list | None = None) -> None:
    ensure(con, table)
    con.execute(f'delete from "{table.name}" where {where}', params or [])


# ---------------------------------------------------------------- a message recognised apart from the file it came in
#
# A newer export of a chat holds every message of the older one. Their ids say so when the format has message ids;
# where the conversation is named after the file ("_chat.txt", a renamed WhatsApp export) they do not, so a message
# is also known by its format, time (to the second), words (a secret's reference id left out: it is scoped by the file
# it came in) and speaker. A speaker the newer file could not tell (`unsure`: "_chat.txt" does not name the other
# side) is the one the earlier file told. The import's count reads the key without the speaker (one SQL expression
# for the warehouse and the file being imported); the run, which drops what is held, reads the speaker too.
def _words(column: str) -> str:
    return rf"regexp_replace({column}, '\[secret:([a-z_]+):sec_[a-z0-9]+\]', '[secret:\1]', 'g')"


_MESSAGE_KEY = (
    f"md5(source_format || '|' || cast(floor(epoch(\"timestamp\")) as bigint) || '|' || {_words('raw_content')})"
)


def held_message_keys(con: duckdb.DuckDBPyConnection) -> frozenset[str]:
    """The keys of the dated evidence the warehouse holds (kept when captured: `with_message_keys`; computed here
    for a home no run has migrated yet, read only)."""
    schema = _schema(con, "evidence")
    if schema is None:
        return frozenset()
    key = "message_key" if "message_key" in schema else _MESSAGE_KEY
    rows = con.execute(f'select {key} from evidence where "timestamp" is not null').fetchall()
    return frozenset(r[0] for r in rows if r[0] is not None)


def message_keys(messages: pl.DataFrame) -> list[str | None]:
    """The key of each row of `messages` (source_format, timestamp, raw_content); None when undated."""
    if messages.is_empty():
        return []
    with duckdb.connect() as con:
        _connect_utc(con)
        return [r[0] for r in con.execute(f"select {_MESSAGE_KEY} from messages").fetchall()]


def with_message_keys(evidence: pl.DataFrame) -> pl.DataFrame:
    """`evidence` with its `message_key` column filled (the key computed once, when the message is captured)."""
    return evidence.with_columns(pl.Series("message_key", message_keys(evidence), dtype=pl.String))


def _add_message_keys(con: duckdb.DuckDBPyConnection) -> None:
    """A home whose evidence predates the `message_key` column gets it, computed once from what it holds, rather
    than every table dropped and rebuilt (re-screening every message) for a column derived from the others."""
    schema = _schema(con, "evidence")
    if schema is None or "message_key" in schema:
        return
    con.execute("alter table evidence add column message_key varchar")
    con.execute(f'update evidence set message_key = {_MESSAGE_KEY} where "timestamp" is not null')


def already_held(con: duckdb.DuckDBPyConnection, rows: pl.DataFrame) -> set[str]:
    """The evidence ids in `rows` whose message the warehouse already holds under another id (same format, time to
    the second, words and speaker, in another file: an earlier export of the same chat). Where both files name their
    conversation ("WhatsApp Chat with Alice", a chat id) it must be the same one: "ok" said the same second in two
    chats is two messages. A file that names none ("_chat.txt", a renamed export) is named after itself, and matches
    the chat it is a newer export of."""
    if rows.is_empty():
        return set()
    found = con.execute(
        f"""select r.evidence_id, r.source_format, r.session_id, r.file_path, e.session_id, e.file_path
            from rows r join evidence e
            on e.source_format = r.source_format and (e.actor = r.actor or r.attribution = 'unsure')
               and e.file_path <> r.file_path
               and e.evidence_id <> r.evidence_id
               and floor(epoch(e."timestamp")) = floor(epoch(r."timestamp"))
               and {_words("e.raw_content")} = {_words("r.raw_content")}"""
    ).fetchall()
    return {
        evidence_id
        for evidence_id, fmt, session, path, held_session, held_path in found
        if session == held_session or not _told(fmt, session, path) or not _told(fmt, held_session, held_path)
    }


def _told(source_format: str, session_id: str, file_path: str) -> bool:
    """Whether a conversation is named by its export (a chat id, "WhatsApp Chat with Alice"), not after the file
    it came in (`whatsapp:_chat` from "_chat.txt")."""
    return session_id != f"{source_format}:{without_generated_suffix(PurePosixPath(file_path).stem)}"
