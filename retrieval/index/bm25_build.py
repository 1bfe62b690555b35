"""Build a bm25s index from a stream of tokenised chunks, in memory proportional to the postings.

`bm25s.BM25.index` wants every document's tokens at once as Python lists of strings: at 100,000 chunks
(~100 million stems, 5-grams and stem pairs) that is ~60 bytes a token — `kodeks ingest` peaked at
8.1 GB re-tokenising a ministry's library, more than the small server it runs on. This builder takes
one chunk's tokens at a time, keeps each distinct token once (the vocabulary dict) and each chunk as
two small arrays (distinct token ids, their counts), then computes the same scores bm25s computes
(its defaults: Lucene BM25, k1 = 1.5, b = 0.75, float32) with numpy and hands bm25s the finished
matrix. bm25s still saves, loads and scores it; tests/test_lexical.py checks that the two builds give
the same matrix.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

BATCH = 2048  # chunks whose arrays are joined at a time (fewer small arrays alive)


def _join(parts: list[np.ndarray]) -> np.ndarray:
    """One array of the parts; the list is emptied."""
    out = np.concatenate(parts) if parts else np.zeros(0, np.int32)
    parts.clear()
    return out


def build_bm25(documents: Iterable[list[str]], bm25s: Any) -> Any:
    """A `bm25s.BM25` with defaults, indexed over `documents` (each a non-empty token list)."""
    bm25 = bm25s.BM25()
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

    dtype = np.dtype(bm25.dtype)
    postings = np.bincount(token_ids, minlength=n_vocab)  # chunks per token: the document frequency
    doc_freq = postings.astype(np.float64)
    idf = np.log(1 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5)).astype(dtype)
    length = np.asarray(lengths, dtype=np.float64)
    avg_length = float(length.mean()) if n_docs else 1.0
    norm_of_doc = (bm25.k1 * ((1 - bm25.b) + bm25.b * length / avg_length)).astype(dtype)
    norm = norm_of_doc[docs]
    norm += scores
    scores /= norm  # tf / (k1 (1 - b + b |d| / avgdl) + tf)
    del norm
    scores *= idf[token_ids]

    order = np.argsort(token_ids, kind="stable")  # chunks already ascend: (token, chunk) = bm25s's CSC layout
    data = scores[order].astype(dtype, copy=False)
    del scores
    indices = docs[order]
    del docs, order
    indptr = np.zeros(n_vocab + 1, dtype=np.int64)
    np.cumsum(postings, out=indptr[1:])
    del token_ids

    if "" not in vocab:  # bm25s keeps an empty token in its vocabulary (no column)
        vocab[""] = n_vocab
    bm25.scores = {"data": data, "indices": indices, "indptr": indptr, "num_docs": n_docs}
    bm25.vocab_dict = vocab
    bm25.unique_token_ids_set = set(vocab.values())
    bm25.nonoccurrence_array = None  # Lucene BM25 needs none (BM25L / BM25+ would)
    return bm25
