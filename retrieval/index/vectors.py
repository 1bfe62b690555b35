"""Compact dense vectors on disk, aligned with the lexical index's chunk ids.

Chroma keeps every vector as float32 inside its HNSW index; reading them back at start-up cost the
baseline ~12 s and ~1.5 KB per chunk held twice (Python lists while loading, then a float32 matrix).
Ingest writes them once more here as float16 (`dense/vectors.npy`, half the bytes; cosine changes by
< 1e-3, hit@5 measured unchanged in docs/benchmarks.md), which the Retriever memory-maps:

- exact search (small libraries) copies the file into a float32 matrix once, so scoring is one BLAS
  product per query (numpy has no fast float16 product);
- HNSW search (large libraries, docs/architecture.md) keeps it memory-mapped and reads only the rows
  of the fusion candidates, so the process holds no copy of the vectors at all.

`dense/vectors.json` records count, dimension and a digest of the chunk ids; a file that does not
match the lexical index is ignored (and rewritten by the next `kodeks ingest`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import weakref
from pathlib import Path
from typing import Any

import numpy as np

DENSE_DIR = "dense"
VECTORS = "vectors.npy"
META = "vectors.json"
DTYPE = np.float16
READ_BATCH = 5000  # chunks per Chroma read: bounded Python lists while reading back


def ids_digest(chunk_ids: list[str]) -> str:
    h = hashlib.sha256()
    for cid in chunk_ids:
        h.update(cid.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


def save_vectors(directory: Path, chunk_ids: list[str], matrix: np.ndarray) -> None:
    """Write the vectors (rows in `chunk_ids` order) next to `directory`, then swap the directory in."""
    directory.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=directory.parent, prefix=f".{directory.name}."))
    try:
        np.save(tmp / VECTORS, np.asarray(matrix, dtype=DTYPE))
        meta = {
            "count": len(chunk_ids),
            "dim": int(matrix.shape[1]) if matrix.ndim == 2 else 0,
            "dtype": np.dtype(DTYPE).name,
            "ids": ids_digest(chunk_ids),
        }
        (tmp / META).write_text(json.dumps(meta), encoding="utf-8")
        if directory.exists():
            shutil.rmtree(directory)
        tmp.rename(directory)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def is_current(directory: Path, chunk_ids: list[str]) -> bool:
    try:
        meta: dict[str, Any] = json.loads((directory / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return meta.get("count") == len(chunk_ids) and meta.get("ids") == ids_digest(chunk_ids)


def load_vectors(directory: Path, chunk_ids: list[str]) -> np.ndarray | None:
    """The memory-mapped float16 matrix, or None when absent or not aligned with `chunk_ids`."""
    if not is_current(directory, chunk_ids):
        return None
    try:
        matrix: np.ndarray = np.load(directory / VECTORS, mmap_mode="r")
    except (OSError, ValueError):
        return None
    if matrix.ndim != 2 or matrix.shape[0] != len(chunk_ids):
        return None
    return matrix


def read_chroma_vectors(collection: Any, chunk_ids: list[str]) -> np.ndarray | None:
    """Vectors in `chunk_ids` order, read from Chroma in batches (float16); None if any is missing."""
    out: np.ndarray | None = None
    row = {cid: i for i, cid in enumerate(chunk_ids)}
    seen = 0
    for start in range(0, len(chunk_ids), READ_BATCH):
        got = collection.get(ids=chunk_ids[start : start + READ_BATCH], include=["embeddings"])
        for cid, vector in zip(got["ids"], got["embeddings"]):
            if out is None:
                out = np.zeros((len(chunk_ids), len(vector)), dtype=np.float16)
            out[row[cid]] = vector
            seen += 1
    return out if seen == len(chunk_ids) else None


class NpyRows:
    """Reads slices of a saved .npy array with pread, instead of memory-mapping it.

    A memory map counts every page a query touched in the process's RSS, for as long as it runs (at
    100,000 chunks, 1,000 questions pulled ~250 MB of BM25 postings and vectors into `kodeks bot`'s
    RSS); pread copies only the slice asked for and leaves the file to the kernel's page cache, which
    several replicas share and memory pressure can evict. Thread-safe (no file position).
    """

    def __init__(self, path: Path) -> None:
        with path.open("rb") as handle:
            version = np.lib.format.read_magic(handle)
            read_header = (
                np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
            )
            shape, fortran, dtype = read_header(handle)
            self.offset = handle.tell()
        if fortran or len(shape) not in (1, 2):
            raise ValueError(f"{path.name}: not a C-ordered 1-d or 2-d array")
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        self.row_items = int(shape[1]) if len(shape) == 2 else 1
        self._row_bytes = self.row_items * self.dtype.itemsize
        self._fd = os.open(path, os.O_RDONLY)
        self._pread = os.pread
        # Closed when collected or at interpreter exit (a __del__ ran after `os` was torn down).
        weakref.finalize(self, os.close, self._fd)

    def __len__(self) -> int:
        return self.shape[0]

    def slice(self, start: int, end: int) -> np.ndarray:
        """Rows start..end-1 (a 1-d array's items)."""
        size = (end - start) * self._row_bytes
        if size <= 0:
            return np.zeros((0, *self.shape[1:]), dtype=self.dtype)
        raw = self._pread(self._fd, size, self.offset + start * self._row_bytes)
        return np.frombuffer(raw, dtype=self.dtype).reshape((end - start, *self.shape[1:]))

    def rows(self, indexes: np.ndarray) -> np.ndarray:
        """These rows (any order), as float32."""
        out = np.empty((len(indexes), self.row_items), dtype=np.float32)
        for i, row in enumerate(np.asarray(indexes, dtype=np.int64)):
            out[i] = self.slice(int(row), int(row) + 1)[0]
        return out
