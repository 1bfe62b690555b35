"""BM25 in a format of our own: built from a stream of tokenised chunks, saved as plain arrays, scored with numpy.

Why not bm25s's `BM25.index` / `save` / `load` / `get_scores` (it was used until its internals had to be
written by hand): `index` wants every document's tokens at once as Python lists of strings, ~60 bytes a
token — at 100,000 chunks (~100 million stems, 5-grams and stem pairs) `kodeks ingest` peaked at 8.1 GB,
more than the small server it runs on; `load` holds the vocabulary as a dict of Python strings (hundreds of
MB) and scoring a query reads whole arrays. This builder takes one chunk's tokens at a time, keeps each
distinct token once and each chunk as two small arrays (distinct token ids, their counts), computes the
scores bm25s computes (its defaults: Lucene BM25, k1 = 1.5, b = 0.75, float32) with numpy; a loaded index
reads only the query's posting lists from disk (`Bm25.scores`). tests/test_lexical.py checks every score
against bm25s's own index and scorer on a small corpus (bm25s stays a test-time reference, pinned <0.4).

The format (a directory, docs/retrieval.md "The lexical index on disk"): the score matrix in CSC layout —
one column of chunk scores per token — as `data.csc.index.npy` (float32, one per posting),
`indices.csc.index.npy` (int32 chunk of each posting, ascending within a column) and `indptr.csc.index.npy`
(int64, columns + 1: column t is postings indptr[t]:indptr[t + 1]); `vocab.index.json` (token → column, JSON
object) and `params.index.json` (k1, b, method, num_docs). The names are those bm25s gave the same arrays,
so data dirs it wrote open unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

BATCH = 2048  # chunks whose arrays are joined at a time (fewer small arrays alive)


def _join(parts: list[np.ndarray]) -> np.ndarray:
    """One array of the parts; the list is emptied."""
    out = np.concatenate(parts) if parts else np.zeros(0, np.int32)
    parts.clear()
    return out


K1, B = 1.5, 0.75  # bm25s's defaults (Lucene BM25), measured against other values in docs/retrieval.md


def bm25_idf(n_docs: Any, doc_freq: Any) -> Any:
    """BM25's idf in Lucene's form (never negative): what a word `doc_freq` of `n_docs` chunks hold tells. One
    formula for the index's scores and for every word weight search reads beside them (scalars or arrays)."""
    return np.log(1 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5))


DATA, INDICES, INDPTR = "data.csc.index.npy", "indices.csc.index.npy", "indptr.csc.index.npy"
VOCAB, PARAMS = "vocab.index.json", "params.index.json"


def _rows(array: Any, start: int, end: int) -> np.ndarray:
    """array[start:end] of an in-memory array or of a file read by pread (retrieval/index/vectors.py: NpyRows)."""
    return array.slice(start, end) if hasattr(array, "slice") else np.asarray(array[start:end])


class Bm25:
    """The BM25 score matrix (CSC: one column of chunk scores per token) and, when built or asked for, its
    vocabulary. The arrays are numpy arrays (built) or files read per posting list (`load`)."""

    def __init__(self, data: Any, indices: Any, indptr: Any, num_docs: int, vocab: dict[str, int] | None) -> None:
        if len(data) != len(indices):
            raise ValueError("the BM25 arrays do not match")
        self.data, self.indices, self.indptr, self.num_docs, self.vocab = data, indices, indptr, num_docs, vocab

    @property
    def columns(self) -> int:
        """Tokens with a column (a vocabulary read from an older index may list one more: bm25s's "")."""
        return len(self.indptr) - 1

    def span(self, column: int) -> tuple[int, int]:
        """Where column `column`'s postings are."""
        start, end = (int(v) for v in _rows(self.indptr, column, column + 2))
        return start, end

    def chunks_of(self, column: int) -> np.ndarray:
        """The chunks that contain the token of `column` (its posting list)."""
        return _rows(self.indices, *self.span(column))

    def scores(self, columns: list[int], weights: list[float], n_docs: int | None = None) -> np.ndarray:
        """Σ weight × BM25(chunk, token) over the tokens' columns, for every chunk (float32)."""
        n_docs = self.num_docs if n_docs is None else n_docs
        if not columns:
            return np.zeros(n_docs, dtype=np.float32)
        data, docs, scale = [], [], []
        for column, weight in zip(columns, weights):
            start, end = self.span(column)
            data.append(_rows(self.data, start, end))
            docs.append(_rows(self.indices, start, end))
            scale.append(np.full(end - start, weight, dtype=np.float32))
        values = np.concatenate(data).astype(np.float32) * np.concatenate(scale)
        return np.bincount(np.concatenate(docs), weights=values, minlength=n_docs)[:n_docs].astype(np.float32)

    def save(self, directory: Path) -> None:
        """The format of the module docstring; the vocabulary must be known (a built index)."""
        if self.vocab is None:
            raise ValueError("a BM25 index without its vocabulary cannot be saved")
        directory.mkdir(parents=True, exist_ok=True)
        np.save(directory / DATA, np.asarray(self.data))
        np.save(directory / INDICES, np.asarray(self.indices))
        np.save(directory / INDPTR, np.asarray(self.indptr))
        (directory / VOCAB).write_text(json.dumps(self.vocab, ensure_ascii=False), encoding="utf-8")
        params = {"k1": K1, "b": B, "method": "lucene", "num_docs": self.num_docs}
        (directory / PARAMS).write_text(json.dumps(params, indent=4), encoding="utf-8")

    @classmethod
    def load(cls, directory: Path, num_docs: int, vocab: bool = False) -> Bm25:
        """The saved arrays, read per posting list by pread (never whole); `vocab` True also reads the
        vocabulary (for an index saved before token tables existed)."""
        from retrieval.index.vectors import NpyRows

        words = read_vocab(directory) if vocab else None
        return cls(
            NpyRows(directory / DATA), NpyRows(directory / INDICES), NpyRows(directory / INDPTR), num_docs, words
        )


def read_vocab(directory: Path) -> dict[str, int]:
    vocab = json.loads((directory / VOCAB).read_text(encoding="utf-8"))
    if not isinstance(vocab, dict):
        raise ValueError("the BM25 vocabulary is damaged")
    return vocab


def build_bm25(documents: Iterable[list[str]]) -> Bm25:
    """BM25 (Lucene, k1 = 1.5, b = 0.75) over `documents` (each a non-empty token list), in memory."""
    vocab: dict[str, int] = {}
    docs_parts: list[np.ndarray] = []
    token_parts: list[np.ndarray] = []
    count_parts: list[np.ndarray] = []
    lengths: list[int] = []
    pending: list[tuple[np.ndarray, np.ndarray]] = []

    def flush() -> None:
        if not pending:
            return
        first = len(lengths) - len(pending)
        token_parts.append(np.concatenate([t for t, _ in pending]))
        count_parts.append(np.concatenate([c for _, c in pending]))
        docs_parts.append(np.repeat(np.arange(first, len(lengths), dtype=np.int32), [len(t) for t, _ in pending]))
        pending.clear()

    for tokens in documents:
        ids = np.fromiter((vocab.setdefault(t, len(vocab)) for t in tokens), dtype=np.int32, count=len(tokens))
        distinct, counts = np.unique(ids, return_counts=True)
        pending.append((distinct.astype(np.int32), counts.astype(np.int32)))
        lengths.append(len(tokens))
        if len(pending) >= BATCH:
            flush()
    flush()

    n_docs, n_vocab = len(lengths), len(vocab)
    # Each column joined and its parts dropped before the next (peak: the parts + one column).
    docs = _join(docs_parts)
    token_ids = _join(token_parts)
    scores = _join(count_parts).astype(np.float32)  # term frequencies, turned into scores in place

    dtype = np.dtype(np.float32)
    postings = np.bincount(token_ids, minlength=n_vocab)  # chunks per token: the document frequency
    doc_freq = postings.astype(np.float64)
    idf = bm25_idf(n_docs, doc_freq).astype(dtype)
    length = np.asarray(lengths, dtype=np.float64)
    avg_length = float(length.mean()) if n_docs else 1.0
    norm_of_doc = (K1 * ((1 - B) + B * length / avg_length)).astype(dtype)
    norm = norm_of_doc[docs]
    norm += scores
    scores /= norm  # tf / (k1 (1 - b + b |d| / avgdl) + tf)
    del norm
    scores *= idf[token_ids]

    order = np.argsort(token_ids, kind="stable")  # chunks already ascend: (token, chunk), the CSC layout
    data = scores[order].astype(dtype, copy=False)
    del scores
    indices = docs[order]
    del docs, order
    indptr = np.zeros(n_vocab + 1, dtype=np.int64)
    np.cumsum(postings, out=indptr[1:])
    del token_ids
    return Bm25(data, indices, indptr, n_docs, vocab)
