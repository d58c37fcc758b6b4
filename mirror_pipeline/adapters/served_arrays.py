"""The served search index as flat files a read memory-maps (`served/search/`), beside the parquet tables.

A read of the parquet tables pays for pyarrow (~0.2 s to import, and pandas with it for any `to_numpy`) and copies
every column into memory; these files are read with numpy and json alone, and nothing is loaded before a query
touches it (1.1M documents open in milliseconds, and only the rows a query ranks are parsed):

- `rows.jsonl` + `row_offsets.npy`: the rows of `search_documents`, one JSON object a line, and where each starts
  (datetimes written as ISO strings and read back as datetimes, `meta.json` says which columns are datetimes);
- `lexical_terms.json`, `lexical_data.npy` (float32), `lexical_indices.npy` (int32), `lexical_indptr.npy` (int64):
  the `lexical_index` table as the term x document score matrix `core.retrieval.LexicalIndex` reads, and
  `lexical_doc_terms.npy` / `lexical_doc_indptr.npy` the same postings by document (a line's terms, for feedback);
- `vectors.npy` (float32, one row per document with a vector, in document order) and `vector_rows.npy`;
- `session.npy` + `order.npy` where documents name their conversation (`core.ranking.Corpus.session` / `order`:
  the conversation of each line as an int code, -1 where none, and its time as a sort key, +inf where none);
- `is_zh.npy`, and filter codes (`<column>.codes.npy` + the values in `meta.json`) for kind, state, speaker,
  sensitivity, and `importance.npy`, so the always-on memories and any filter are one numpy comparison;
- `<table>.jsonl` (+ offsets) for the small tables a context or a read command reads whole (`open_issues`,
  `timeline`, `secret_references`: `mirror timeline / issues / secrets` answer with numpy and json alone).

Written by `adapters/snapshot.publish` into the snapshot folder before the switch, so it is as atomic as the rest.
A snapshot without the folder (published by an older version) is read from its parquet files.
"""

from __future__ import annotations

import json
import mmap
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import numpy as np

if TYPE_CHECKING:
    import polars as pl

    from mirror_pipeline.core.retrieval import LexicalIndex

FOLDER = "search"
FORMAT = 1
CODED = ("kind", "state", "speaker", "sensitivity")
NUMBERS = ("importance",)
SMALL_TABLES = ("open_issues", "timeline", "secret_references")

Row = dict[str, Any]


# ---- writing (the pipeline's side: polars frames in) -------------------------------------------------------------


def _write_rows(folder: Path, name: str, df: pl.DataFrame) -> dict[str, Any]:
    import polars as pl

    path = folder / f"{name}.jsonl"
    df.write_ndjson(path)
    data = np.fromfile(path, dtype=np.uint8)
    ends = np.flatnonzero(data == ord("\n")) + 1  # a newline inside a value is written as \n: only rows end lines
    offsets = np.concatenate([[0], ends]).astype(np.int64)
    if len(offsets) - 1 != len(df):
        raise ValueError(f"{path}: {len(offsets) - 1} lines for {len(df)} rows")
    np.save(folder / f"{name}.offsets.npy", offsets)
    times = {}
    for column, dtype in df.schema.items():
        if isinstance(dtype, pl.Datetime):
            times[column] = "datetime"
        elif dtype == pl.Date:
            times[column] = "date"
    return {"rows": len(df), "times": times}


def session_codes(documents: pl.DataFrame) -> np.ndarray:
    """The conversation code of each document (-1: none), as `session.npy` holds them."""
    import polars as pl

    ids = documents["session_id"].cast(pl.String)
    return (ids.rank("dense").cast(pl.Int64) - 1).fill_null(-1).to_numpy()


def _write_lexical(folder: Path, prefix: str, lexical: pl.DataFrame) -> None:
    import polars as pl

    lengths = lexical["docs"].list.len().to_numpy().astype(np.int64) if len(lexical) else np.zeros(0, np.int64)
    np.save(folder / f"{prefix}_indptr.npy", np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64))
    flat_docs = lexical["docs"].explode().drop_nulls() if len(lexical) else pl.Series([], dtype=pl.Int32)
    flat_scores = lexical["scores"].explode().drop_nulls() if len(lexical) else pl.Series([], dtype=pl.Float32)
    np.save(folder / f"{prefix}_indices.npy", flat_docs.to_numpy().astype(np.int32))
    np.save(folder / f"{prefix}_data.npy", flat_scores.to_numpy().astype(np.float32))
    (folder / f"{prefix}_terms.json").write_text(json.dumps(lexical["term"].to_list(), ensure_ascii=False), "utf-8")


def write(
    folder: Path,
    documents: pl.DataFrame,
    lexical: pl.DataFrame,
    vectors: pl.DataFrame | None,
    small: dict[str, pl.DataFrame] | None = None,
    session_lexical: pl.DataFrame | None = None,
) -> None:
    """Write the arrays of one snapshot's search tables (`search_documents`, `lexical_index`, `search_vectors`)."""
    import polars as pl

    from mirror_pipeline.core.retrieval import transposed

    folder.mkdir(parents=True, exist_ok=True)
    meta: dict[str, Any] = {"format": FORMAT, "tables": {}, "codes": {}}
    meta["tables"]["rows"] = _write_rows(folder, "rows", documents)
    for name, df in (small or {}).items():
        meta["tables"][name] = _write_rows(folder, name, df)

    n = len(documents)
    zh = documents["is_zh"].fill_null(False).to_numpy() if "is_zh" in documents.columns else np.zeros(n, bool)
    np.save(folder / "is_zh.npy", np.asarray(zh, dtype=bool))
    if "session_id" in documents.columns and documents["session_id"].drop_nulls().len():
        # the same codes and order as `core.ranking.conversation_of_table` gives the parquet path
        codes = session_codes(documents)
        np.save(folder / "session.npy", codes)
        if session_lexical is not None:  # BM25 over whole conversations (the conversation coverage)
            _write_lexical(folder, "session_lexical", session_lexical)
            meta["sessions"] = int(codes.max()) + 1
        if "timestamp" in documents.columns:
            micros = documents["timestamp"].dt.epoch("us").cast(pl.Float64).fill_null(np.inf).to_numpy()
        else:
            micros = np.arange(n, dtype=np.float64)
        np.save(folder / "order.npy", micros)
    for column in CODED:
        present = column in documents.columns
        values = documents[column].cast(pl.String) if present else pl.Series([None] * n, dtype=pl.String)
        categories = sorted(values.drop_nulls().unique().to_list())
        lookup = {v: i for i, v in enumerate(categories)}
        codes = values.replace_strict(lookup, default=-1, return_dtype=pl.Int32).fill_null(-1).to_numpy()
        np.save(folder / f"{column}.codes.npy", codes)
        meta["codes"][column] = categories
    for column in NUMBERS:
        series = documents[column] if column in documents.columns else pl.Series([None] * n, dtype=pl.Float64)
        np.save(folder / f"{column}.npy", series.cast(pl.Float64).fill_null(np.nan).to_numpy())

    lengths = lexical["docs"].list.len().to_numpy().astype(np.int64) if len(lexical) else np.zeros(0, np.int64)
    np.save(folder / "lexical_indptr.npy", np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64))
    flat_docs = lexical["docs"].explode().drop_nulls() if len(lexical) else pl.Series([], dtype=pl.Int32)
    flat_scores = lexical["scores"].explode().drop_nulls() if len(lexical) else pl.Series([], dtype=pl.Float32)
    np.save(folder / "lexical_indices.npy", flat_docs.to_numpy().astype(np.int32))
    np.save(folder / "lexical_data.npy", flat_scores.to_numpy().astype(np.float32))
    doc_indptr, doc_terms = transposed(
        flat_docs.to_numpy().astype(np.int32), np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64), n
    )
    np.save(folder / "lexical_doc_indptr.npy", doc_indptr)
    np.save(folder / "lexical_doc_terms.npy", doc_terms)
    (folder / "lexical_terms.json").write_text(json.dumps(lexical["term"].to_list(), ensure_ascii=False), "utf-8")
    meta["documents"] = n

    meta["model_id"] = None
    if vectors is not None and len(vectors):
        ordered = vectors.sort("row")
        rows = ordered["row"].to_numpy().astype(np.int64)
        flat = ordered["vector"].explode().to_numpy().astype(np.float32)
        np.save(folder / "vectors.npy", flat.reshape(len(ordered), -1))
        np.save(folder / "vector_rows.npy", rows)
        if session_lexical is not None and "session_id" in documents.columns:
            # each conversation's mean vector (`core.ranking.Corpus.session_vectors`, the same arithmetic): a
            # read of a chat home does not sum every vector at its first query
            from mirror_pipeline.core.ranking import session_mean_vectors

            codes = session_codes(documents)
            means = session_mean_vectors(flat.reshape(len(ordered), -1), codes[rows], int(codes.max()) + 1)
            np.save(folder / "session_vectors.npy", means)
        meta["model_id"] = str(ordered["model_id"][0])
    (folder / "meta.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")


# ---- reading (the read's side: numpy and json only) --------------------------------------------------------------


def _time(value: Any, kind: str) -> Any:
    if not isinstance(value, str):
        return value
    if kind == "date":
        return date.fromisoformat(value)
    when = datetime.fromisoformat(value)
    # a UTC time as pyarrow gives it (ZoneInfo("UTC")): the same rows whichever file a snapshot is read from
    return when.replace(tzinfo=_UTC) if when.tzinfo is not None and when.utcoffset() == timedelta(0) else when


_UTC = ZoneInfo("UTC")


class ServedRows(Sequence[Row]):
    """Rows of a JSON Lines file, parsed one at a time on first access (a query parses only what it ranks)."""

    def __init__(self, folder: Path, name: str, times: dict[str, str], codes: dict[str, list[str]] | None = None):
        self._folder = folder
        self._offsets = np.load(folder / f"{name}.offsets.npy", mmap_mode="r")
        path = folder / f"{name}.jsonl"
        self._data: Any = b""
        if path.stat().st_size:
            with path.open("rb") as f:
                self._data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        self._times = times
        self._codes = codes or {}
        self._cache: dict[int, Row] = {}

    def __len__(self) -> int:
        return len(self._offsets) - 1

    def __getitem__(self, i: int) -> Row:  # type: ignore[override]
        row = self._cache.get(i)
        if row is None:
            if not -len(self) <= i < len(self):
                raise IndexError(i)
            i %= len(self)
            row = json.loads(self._data[int(self._offsets[i]) : int(self._offsets[i + 1])])
            for column, kind in self._times.items():
                row[column] = _time(row.get(column), kind)
            self._cache[i] = row
        return row

    def mask(self, column: str, value: str) -> np.ndarray:
        """Which rows have `value` in a coded column (kind, state, speaker, sensitivity): one comparison."""
        categories = self._codes[column]
        codes = np.load(self._folder / f"{column}.codes.npy", mmap_mode="r")
        if value not in categories:
            return np.zeros(len(codes), dtype=bool)
        return np.asarray(codes == categories.index(value))

    def numbers(self, column: str) -> np.ndarray:
        return np.load(self._folder / f"{column}.npy", mmap_mode="r")


class ServedArrays:
    """One snapshot's search arrays, memory-mapped."""

    def __init__(self, folder: Path, meta: dict[str, Any]) -> None:
        self.folder = folder
        self.meta = meta
        self.rows = ServedRows(folder, "rows", meta["tables"]["rows"]["times"], meta["codes"])
        self.model_id: str | None = meta.get("model_id")

    def lexical(self) -> LexicalIndex:
        from mirror_pipeline.core.retrieval import LexicalIndex

        terms = json.loads((self.folder / "lexical_terms.json").read_text(encoding="utf-8"))
        by_doc = self.folder / "lexical_doc_terms.npy"  # not in a snapshot of an older version
        return LexicalIndex(
            {t: i for i, t in enumerate(terms)},
            np.load(self.folder / "lexical_data.npy", mmap_mode="r"),
            np.load(self.folder / "lexical_indices.npy", mmap_mode="r"),
            np.load(self.folder / "lexical_indptr.npy", mmap_mode="r"),
            len(self.rows),
            np.load(by_doc, mmap_mode="r") if by_doc.exists() else None,
            np.load(self.folder / "lexical_doc_indptr.npy", mmap_mode="r") if by_doc.exists() else None,
            terms,
        )

    def session_lexical(self) -> LexicalIndex | None:
        """BM25 over whole conversations (documents: conversation codes), or None where the snapshot has none."""
        from mirror_pipeline.core.retrieval import LexicalIndex

        if "sessions" not in self.meta:
            return None
        terms = json.loads((self.folder / "session_lexical_terms.json").read_text(encoding="utf-8"))
        return LexicalIndex(
            {t: i for i, t in enumerate(terms)},
            np.load(self.folder / "session_lexical_data.npy", mmap_mode="r"),
            np.load(self.folder / "session_lexical_indices.npy", mmap_mode="r"),
            np.load(self.folder / "session_lexical_indptr.npy", mmap_mode="r"),
            int(self.meta["sessions"]),
        )

    def session_vectors(self) -> np.ndarray | None:
        """Each conversation's normalised mean vector, or None where the snapshot has none."""
        path = self.folder / "session_vectors.npy"
        return np.load(path, mmap_mode="r") if path.exists() else None

    def speakers(self) -> tuple[np.ndarray, list[str]]:
        """(speaker code of each document, -1: none; the speaker of each code), as written for filters."""
        return np.load(self.folder / "speaker.codes.npy", mmap_mode="r"), list(self.meta["codes"]["speaker"])

    def vectors(self) -> tuple[np.ndarray | None, np.ndarray | None]:
        """(vectors of the documents that have one, in order; which documents have one), or (None, None)."""
        if self.model_id is None:
            return None, None
        rows = np.load(self.folder / "vector_rows.npy")
        has = np.zeros(len(self.rows), dtype=bool)
        has[rows] = True
        return np.load(self.folder / "vectors.npy", mmap_mode="r"), has

    def is_zh(self) -> np.ndarray:
        return np.load(self.folder / "is_zh.npy", mmap_mode="r")

    def conversations(self) -> tuple[np.ndarray | None, np.ndarray | None]:
        """(conversation code of each document, its sort key in time), or (None, None) where none is known."""
        if not (self.folder / "session.npy").exists():
            return None, None
        return np.load(self.folder / "session.npy"), np.load(self.folder / "order.npy")

    def table(self, name: str) -> list[Row] | None:
        """A small table written beside the index (`SMALL_TABLES`), or None when this snapshot has none."""
        spec = self.meta["tables"].get(name)
        if spec is None:
            return None
        rows = ServedRows(self.folder, name, spec["times"])
        return [rows[i] for i in range(len(rows))]


def open_arrays(served: Path) -> ServedArrays | None:
    """The search arrays of a resolved snapshot folder, or None (an older snapshot: read its parquet files)."""
    folder = served / FOLDER
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    if meta.get("format") != FORMAT:
        return None
    return ServedArrays(folder, meta)
