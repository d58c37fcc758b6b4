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
from zoneinfo import ZoneInfo

import duckdb

from mirror_pipeline.adapters.formats import FORGOTTEN_MARK
from mirror_pipeline.adapters.inbox import write_atomically

_UTC = ZoneInfo("UTC")


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


# punctuation a markdown writer (Day One, Obsidian) may escape with a backslash: `\\.` for "."
_MARKDOWN_ESCAPABLE = frozenset("\\`*_{}[]()#+-.!>|~")
_BACKSLASH = re.escape("\\")
# whitespace as it stands in a file: raw, or JSON-escaped (`\n`), non-breaking and ideographic spaces included
_SPACE = rf"(?:[ \t\r\n\u00a0\u3000]|{_BACKSLASH}[nrt]|{_BACKSLASH}u00[aA]0|{_BACKSLASH}u3000)+"
# a short piece stands alone in its field (a JSON string, a line, a CSV cell, after "Name: "), not inside a word
_SHORT = 12
_BEFORE = r"(?:(?<=^)|(?<=[\"\n,\t>])|(?<=: )|(?<=\\n))"
_AFTER = r"(?=[\"\n,\t]|\\n|$)"


def _unicode_escape(code: int) -> str:
    return _BACKSLASH + "u" + "".join(f"[{h.lower()}{h.upper()}]" if h.isalpha() else h for h in f"{code:04x}")


def _char_pattern(c: str) -> str:
    """How one character of a text may stand in an export: as is, JSON-escaped (`\\u00e9`, a surrogate pair, `\\"`),
    CSV-quoted (`""`), and markdown-escaped (`\\.`, JSON-escaped as `\\\\.`)."""
    alts = [re.escape(c)]
    code = ord(c)
    if code > 0xFFFF:
        high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
        alts.append(_unicode_escape(high) + _unicode_escape(low))
    elif code > 0x7E or c in '"\\/' or code < 0x20:
        alts.append(_unicode_escape(code))
    alts += {'"': [_BACKSLASH + '"', '""'], "\\": [_BACKSLASH * 2], "/": [_BACKSLASH + "/"]}.get(c, [])
    body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
    if c in _MARKDOWN_ESCAPABLE:
        body = f"(?:{_BACKSLASH}{_BACKSLASH}|{_BACKSLASH})?{body}"
    return body


def text_pattern(text: str) -> str:
    """A regular expression for `text` in any of the encodings an export may give it (`_char_pattern`), any run
    of white space matching any other (a parser strips and joins lines)."""
    out: list[str] = []
    for piece in re.split(r"(\s+)", text.strip()):
        if not piece:
            continue
        out.append(_SPACE if piece.isspace() else "".join(_char_pattern(c) for c in piece))
    return "".join(out)


def _pieces(text: str) -> list[str]:
    """What of a forgotten text is looked for: all of it, and each of its lines (an export may put a line break
    or markup between them); the longest first, so the whole text is taken where it stands whole."""
    pieces = {text.strip(), *(line.strip() for line in text.splitlines())}
    return sorted((p for p in pieces if len(p) >= 2), key=len, reverse=True)


def _whole(text: str) -> str:
    body = text_pattern(text)
    return f"{_BEFORE}{body}{_AFTER}" if len(text.strip()) < _SHORT else body


def _weight(text: str) -> int:
    """How much a piece says: a Chinese character counts as two letters."""
    return sum(2 if "\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" else 1 for c in text)


# a line this long is the forgotten message's own words wherever it stands (a quote of it too); a shorter one
# ("Thanks so much!") is taken out alone only when the whole message was not found
_DISTINCT = 24


def forgotten_pattern(texts: Iterable[str], data: str | None = None) -> re.Pattern[str] | None:
    """One expression that finds every forgotten text (or a line of one) in a file, however the file encodes it.
    Given the file's `data`, a text found whole there is taken whole, with only its long lines looked for apart
    (a quote of it): a short line of it is not taken out of the other messages that say it too."""
    texts = [t for t in texts if t.strip()]
    texts_pieces = []
    for t in texts:
        pieces = _pieces(t)
        if data is not None and re.search(_whole(t.strip()), data):
            pieces = [p for p in pieces if p == t.strip() or _weight(p) >= _DISTINCT]
        texts_pieces.append(pieces)
    parts = []
    for piece in sorted({p for pieces in texts_pieces for p in pieces}, key=len, reverse=True):
        body = text_pattern(piece)
        parts.append(f"{_BEFORE}{body}{_AFTER}" if len(piece) < _SHORT else body)
    return re.compile("|".join(f"(?:{p})" for p in parts)) if parts else None


_MARKS = re.compile(re.escape(FORGOTTEN_MARK) + rf"(?:(?:{_SPACE})?{re.escape(FORGOTTEN_MARK)})+")


def scrub(data: str, pattern: re.Pattern[str]) -> str:
    """`data` with every forgotten text replaced by the neutral mark (the marks of one text made one)."""
    return _MARKS.sub(FORGOTTEN_MARK, pattern.sub(FORGOTTEN_MARK, data))


def anchors(text: str, most: int = 3) -> list[list[bytes]]:
    """What a file that holds `text` must contain, cheap to look for: its `most` longest words, each as is or
    \\u-escaped (a file is a candidate when it holds every one of them, in one form or the other)."""
    words = sorted(set(re.findall(r"\w{3,}", text)), key=lambda w: (-len(w), w))[:most]
    return [sorted({w.encode("utf-8"), json.dumps(w)[1:-1].encode("ascii")}) for w in words]


def _parses_clean(path: Path, data: bytes, fmt: str | None, texts: list[str]) -> bool:
    """Whether the rewritten file still reads in its own format with none of the forgotten texts in a message."""
    if fmt is None:
        return True  # a file the inbox refused (it is never read): taking the words out is all that can be done
    from mirror_pipeline.adapters.formats import STREAMING, RefusedFile, parse

    try:
        if fmt in STREAMING:
            probe = path.with_name(f".{path.name}.probe.tmp-{os.getpid()}")  # a crash leaves a temporary
            probe.write_bytes(data)
            try:
                messages = list(STREAMING[fmt].parse(probe, _UTC))
            finally:
                probe.unlink(missing_ok=True)
        else:
            messages = parse(path.name, data, fmt, _UTC)
    except RefusedFile:
        return False
    whole = [t.strip() for t in texts if len(t.strip()) >= 4]
    return not any(t in m.text for m in messages for t in whole)


def _flat(value: object) -> str:
    """The text of a JSON node as an export's reader joins it: a string, the pieces of a list (Telegram's
    `["Sure. I ", {"type": "bold", "text": "really"}, " prefer…"]`), the `text` of an object."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(_flat(v) for v in value)
    if isinstance(value, dict) and "text" in value:
        return _flat(value["text"])
    return ""


def _spaced(text: str) -> str:
    return " ".join(text.split())


def scrub_json(value: object, texts: list[str]) -> object:
    """A JSON document with each list whose joined pieces hold a forgotten text cut to one piece, the mark (the
    shape of its first piece kept): for a text an export splits over several strings."""
    wanted = [_spaced(t) for t in texts if _spaced(t)]

    def holds(node: object) -> bool:
        return any(t in _spaced(_flat(node)) for t in wanted)

    def walk(node: object) -> object:
        """The node with the smallest lists that hold a text cut (a list whose own items hold it is not cut)."""
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if not isinstance(node, list):
            return node
        if node and holds(node) and not any(holds(v) for v in node if not isinstance(v, str)):
            first = node[0]
            return [{**first, "text": FORGOTTEN_MARK} if isinstance(first, dict) else FORGOTTEN_MARK]
        return [walk(v) for v in node]

    return walk(value)


def _rewritten(path: Path, original: str, texts: list[str], fmt: str | None, check: bool) -> bytes | None:
    """The file without the texts, in its own format, or None when nothing was found (or the rewrite would not
    read back clean: then neither is written)."""
    data = scrub(original, forgotten_pattern(texts, original) or re.compile(r"(?!)"))
    encoded = data.encode("utf-8", errors="surrogateescape")
    if not check or _parses_clean(path, encoded, fmt, texts):
        return encoded if data != original else None
    if path.suffix.lower() != ".json":
        return None
    try:  # a text split over several strings of a JSON export: cut where the pieces join into it
        structural = json.dumps(scrub_json(json.loads(data), texts), ensure_ascii=False).encode("utf-8")
    except (json.JSONDecodeError, RecursionError, UnicodeEncodeError):
        return None
    return structural if _parses_clean(path, structural, fmt, texts) else None


def redact_inbox(
    inbox: Path,
    texts_by_file: dict[str, list[str]],
    formats: dict[str, str | None] | None = None,
    unrewritable: list[str] | None = None,
) -> list[str]:
    """Take forgotten texts out of the inbox copies, each file rewritten in its own format (the message's words
    replaced by the neutral mark, which no parser reads as a message) and atomically: a crash leaves the old file
    or the new one. With `formats` (each file's), a rewrite that would not read back in its format, or still reads
    a forgotten text, is not written: the file is added to `unrewritable`. Returns the files changed."""
    changed = []
    for rel, texts in sorted(texts_by_file.items()):
        path = inbox / rel
        if not path.is_file():
            continue
        original = path.read_bytes().decode("utf-8", errors="surrogateescape")
        check = formats is not None
        encoded = _rewritten(path, original, texts, (formats or {}).get(rel), check)
        if encoded is None:
            if check and _holds(original, texts) and unrewritable is not None:
                unrewritable.append(rel)
            continue
        write_atomically(path, encoded)
        changed.append(rel)
    return changed


def _holds(data: str, texts: list[str]) -> bool:
    pattern = forgotten_pattern(texts)
    return bool(pattern and pattern.search(data))


def holding_files(inbox: Path, files: Iterable[str], texts: Iterable[str]) -> list[str]:
    """Of these inbox files, those whose bytes may hold one of the texts (each of its longest words found, read in
    1 MB pieces), so a forget reads few files whole and rewrites only the ones that hold the words."""
    wanted = [anchors(t) for t in texts]
    if not wanted or any(not w for w in wanted):  # a text without a word of 3 letters: every file is read
        return sorted({rel for rel in files if (inbox / rel).is_file()})
    overlap = max(len(form) for w in wanted for word in w for form in word)
    out = []
    for rel in sorted(set(files)):
        path = inbox / rel
        if not path.is_file():
            continue
        seen = [[False] * len(w) for w in wanted]
        tail = b""
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                window = tail + chunk
                for t, words in enumerate(wanted):
                    for i, forms in enumerate(words):
                        seen[t][i] = seen[t][i] or any(form in window for form in forms)
                if any(all(s) for s in seen):
                    out.append(rel)
                    break
                tail = window[-overlap:]
    return out


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


def _rows(con: duckdb.DuckDBPyConnection, sql: str, params: list[object]) -> list[dict]:
    cursor = con.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def forget_in_inbox(
    con: duckdb.DuckDBPyConnection, inbox: Path, evidence_ids: Iterable[str], tz: ZoneInfo = _UTC
) -> dict[str, object]:
    """Every inbox file that holds a forgotten evidence's words is rewritten without them: the file it was read
    from, a second export of the same chat (its shared messages were read once, from the first), a renamed copy or a
    file dropped in by hand (read as evidence of its own with the same words: those rows are forgotten too). The
    files are found by what is recorded per evidence (its file, its conversation, its text's hash, byte-identical
    files), then by a cheap byte search of the other files of the same formats for each text's longest word; only
    the files that hold the words are read whole and rewritten. Each stays admitted under its new hash, and the
    forgotten messages' ids and text hashes are kept (content-free) so no later import or run brings them back.

    Returns the evidence ids to purge (the copies included), their text hashes, the files changed and those that
    could not be rewritten in their format."""
    from mirror_pipeline.adapters.inbox import inbox_files, read_forgotten, readmitted, record_forgotten

    ids = sorted(set(evidence_ids))
    empty: dict[str, object] = {"evidence_ids": [], "content_hashes": [], "changed": [], "unrewritable": []}
    if not ids:
        return empty
    columns = "evidence_id, file_path, file_hash, session_id, content_hash, raw_content, source_format"
    gone = _rows(con, f"select {columns} from evidence where evidence_id in (select unnest(?::varchar[]))", [ids])
    # a forget this code applied before is in home/forgotten.jsonl; one an older version applied is not
    legacy = set(ids) - {r["evidence_id"] for r in gone} - read_forgotten(inbox)[0]
    swept = _sweep(con, inbox, sorted(legacy), tz)
    hashes = sorted({r["content_hash"] for r in gone if r["raw_content"].strip()})
    # the same words read from another file under another identity (a renamed chat, a copy dropped in by hand)
    gone += _rows(
        con,
        f"select {columns} from evidence where content_hash in (select unnest(?::varchar[])) "
        "and evidence_id not in (select unnest(?::varchar[]))",
        [hashes, ids],
    )
    record_forgotten(inbox, ids, hashes)
    if not gone:
        return empty | {"evidence_ids": ids, "content_hashes": hashes, "changed": swept}
    texts = sorted({r["raw_content"] for r in gone if r["raw_content"].strip()})
    sessions = sorted({r["session_id"] for r in gone})
    recorded = {r["file_path"] for r in gone}
    recorded |= {
        r["file_path"]
        for r in _rows(
            con, "select distinct file_path from evidence where session_id in (select unnest(?::varchar[]))", [sessions]
        )
    }
    files = (
        _rows(con, "select file_path, file_hash, format, status from inbox_files", [])
        if _has(con, "inbox_files")
        else []
    )
    formats = {f["file_path"]: f["format"] for f in files}
    file_hashes = {f["file_hash"] for f in files if f["file_path"] in recorded} | {r["file_hash"] for r in gone}
    recorded |= {f["file_path"] for f in files if f["file_hash"] in file_hashes}
    same_formats = {r["source_format"] for r in gone}
    others = [
        f["file_path"]
        for f in files
        if f["file_path"] not in recorded and (f["format"] in same_formats or f["status"] != "accepted")
    ]
    # a file on disk the manifest has not listed yet (dropped in while the run started) is searched too
    listed = set(formats)
    others += [str(p.relative_to(inbox)) for p in inbox_files(inbox) if str(p.relative_to(inbox)) not in listed]
    candidates = holding_files(inbox, sorted(recorded) + others, texts)
    unrewritable: list[str] = []
    changed = redact_inbox(inbox, dict.fromkeys(candidates, texts), formats, unrewritable)
    for rel in changed:  # still admitted: importing the original file again is a duplicate, not its words
        readmitted(inbox, rel)
    return {
        "files_read": len(candidates),
        "evidence_ids": sorted({r["evidence_id"] for r in gone} | set(ids)),
        "content_hashes": hashes,
        "changed": sorted(set(changed) | set(swept)),
        "unrewritable": unrewritable,
    }


def _has(con: duckdb.DuckDBPyConnection, table: str) -> bool:
    return table in _tables(con)


_SWEEP_KEY = "inbox_forget_sweep"


def _sweep(con: duckdb.DuckDBPyConnection, inbox: Path, ids: list[str], tz: ZoneInfo) -> list[str]:
    """Forgotten evidence whose rows an older version already purged while its words stayed in the inbox (review 4:
    a second export's copy, Day One's escaped text): found once by reading the inbox files for those ids, then
    taken out as any forget. Done once per set of such ids (kept in warehouse_meta), not on every run."""
    from mirror_pipeline.adapters.formats import RefusedFile, parse_path
    from mirror_pipeline.adapters.inbox import read_forgotten, readmitted, record_forgotten
    from mirror_pipeline.core.text import content_hash, stable_id

    if not ids or not _has(con, "inbox_files"):
        return []
    con.execute("create table if not exists warehouse_meta (key varchar primary key, value varchar)")
    digest = stable_id("sweep", *ids)
    done = con.execute("select value from warehouse_meta where key = ?", [_SWEEP_KEY]).fetchone()
    if done and done[0] == digest:
        return []
    wanted, hashes = set(ids), set(read_forgotten(inbox)[1])
    texts_by_file: dict[str, list[str]] = {}
    formats: dict[str, str | None] = {}
    found_hashes: set[str] = set()
    for rel, fmt in con.execute("select file_path, format from inbox_files where status = 'accepted'").fetchall():
        try:
            for message in parse_path(inbox / rel, fmt, tz):
                text_hash = content_hash(message.text)
                if stable_id("ev", message.identity) in wanted or text_hash in hashes:
                    texts_by_file.setdefault(rel, []).append(message.text)
                    formats[rel] = fmt
                    found_hashes.add(text_hash)
        except (RefusedFile, OSError):
            continue
    record_forgotten(inbox, ids, sorted(found_hashes))
    changed = redact_inbox(inbox, texts_by_file, formats, [])
    for rel in changed:
        readmitted(inbox, rel)
    con.execute("insert or replace into warehouse_meta values (?, ?)", [_SWEEP_KEY, digest])
    return changed
