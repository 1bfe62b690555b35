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
import shutil
import tempfile
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
        meta = {"count": len(chunk_ids), "dim": int(matrix.shape[1]) if matrix.ndim == 2 else 0,
                "dtype": np.dtype(DTYPE).name, "ids": ids_digest(chunk_ids)}
        (tmp / META).write_text(json.dumps(meta), encoding="utf-8")
        if directory.exists():
            shutil.rmtree(directory)
        tmp.rename(directory)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def is_current(directory: Path, chunk_ids: list[str]) -> bool:
    try:
        meta = json.loads((directory / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return meta.get("count") == len(chunk_ids) and meta.get("ids") == ids_digest(chunk_ids)


def load_vectors(directory: Path, chunk_ids: list[str]) -> np.ndarray | None:
    """The memory-mapped float16 matrix, or None when absent or not aligned with `chunk_ids`."""
    if not is_current(directory, chunk_ids):
        return None
    try:
        matrix = np.load(directory / VECTORS, mmap_mode="r")
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
        got = collection.get(ids=chunk_ids[start:start + READ_BATCH], include=["embeddings"])
        for cid, vector in zip(got["ids"], got["embeddings"]):
            if out is None:
                out = np.zeros((len(chunk_ids), len(vector)), dtype=np.float16)
            out[row[cid]] = vector
            seen += 1
    return out if seen == len(chunk_ids) else None
