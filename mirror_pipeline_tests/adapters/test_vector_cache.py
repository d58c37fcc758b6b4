"""The eval's vector cache on disk is shared by every process that evaluates (two runs, two test workers)."""

import os
from pathlib import Path

import numpy as np

from mirror_pipeline.adapters.embedder import DiskVectorCache


def test_a_stored_vector_is_read_back_and_another_writers_unfinished_file_is_not(
    tmp_path: Path,
) -> None:
    cache = DiskVectorCache(tmp_path, "some/model")
    cache.store(["a", "b"], np.array([[1.0, 0.0], [0.0, 1.0]]))
    # a file another process is still writing: a dot-file beside the shards, cut short
    (cache.folder / ".0123456789abcdef.tmp-99999.npz").write_bytes(b"PK\x03\x04 half a zip")
    reader = DiskVectorCache(tmp_path, "some/model")
    found = reader.known(["a", "b", "c"])
    assert sorted(found) == ["a", "b"]
    assert found["b"].tolist() == [0.0, 1.0]
    assert not [p for p in cache.folder.iterdir() if str(os.getpid()) in p.name]  # this writer left no file of its own
