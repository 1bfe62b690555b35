"""The dense half of hybrid search: each article's best cosine similarity to the question's vectors.

Two ways, chosen by `KODEKS_DENSE_SEARCH` (docs/architecture.md: when each is used):
- exact (small libraries): a float32 copy of every chunk vector, scored in one BLAS product — no
  recall loss, any filter is a mask;
- hnsw (large libraries): Chroma's HNSW index gives the nearest chunks; articles it did not return
  get the lowest similarity it did return (an upper bound) until the caller re-scores the fused top
  exactly from the float16 file (`exact`), read row by row (index/vectors.py: NpyRows).
The z-score fusion needs the dense scores' mean and spread over all admitted articles; in HNSW mode a
fixed sample of 2,000 articles' vectors stands for them.
"""

from __future__ import annotations

import bisect
import itertools
from contextlib import AbstractContextManager
from typing import Any, Protocol

import numpy as np

from retrieval.index.vectors import NpyRows
from retrieval.search.layout import ArticleLayout

DENSE_SAMPLE = 2000  # articles whose dense scores stand for all in HNSW mode's z-score
HNSW_DEPTH_FACTOR = 1  # nearest chunks asked of Chroma = this × KODEKS_CANDIDATE_DEPTH (k = 200 costs ~2-4× k = 100)
NARROW_FILTER = 50  # sampled articles below which a filter's articles are scored exactly instead


class _BlasLimits(Protocol):
    """What dense search uses of threadpoolctl's `ThreadpoolController` (threadpoolctl ships no types)."""

    def limit(self, *, limits: int, user_api: str) -> AbstractContextManager[object]: ...


class DenseScorer:
    """Dense article scores over one index, exact or through Chroma's HNSW index. Thread-safe."""

    def __init__(
        self,
        layout: ArticleLayout,
        chunk_ids: list[str],
        collection: Any,
        vectors: np.ndarray,
        mode: str,
        candidate_depth: int,
        vectors_file: NpyRows | None = None,
    ) -> None:
        self.layout = layout
        self.chunk_ids = chunk_ids
        self.collection = collection
        self.mode = mode  # "exact" | "hnsw"
        self.candidate_depth = candidate_depth
        # Exact: a float32 copy (one BLAS product per query), the file unmapped again. HNSW: rows of the
        # float16 file read by pread for the fused top (vectors.NpyRows: no pages kept in the process).
        self.matrix = np.asarray(vectors, dtype=np.float32) if mode == "exact" else None
        self._rows = vectors_file if mode == "hnsw" else None
        self._vectors = vectors if mode == "hnsw" and self._rows is None else None
        del vectors
        sorted_ids = all(a < b for a, b in itertools.pairwise(chunk_ids))
        self._chunk_pos = None if sorted_ids else {cid: i for i, cid in enumerate(chunk_ids)}
        self._sample = self._dense_sample() if mode == "hnsw" else None
        self._blas: _BlasLimits | None = None  # threadpoolctl's controller, made at the first exact product

    def scores(
        self, qvecs: np.ndarray, mask: np.ndarray, filtered: bool
    ) -> tuple[np.ndarray, np.ndarray, tuple[float, float] | None]:
        """Per article: the best similarity of its chunks to any of the query vectors, that chunk, and —
        in HNSW mode, where only the nearest chunks are known — the mean and spread fusion should use."""
        if self.matrix is not None:
            with self._one_blas_thread():
                chunk_sims = (self.matrix @ qvecs.T).max(axis=1)  # a chunk counts by its best sub-query
            dense, best = self.layout.per_article(chunk_sims, fill=-1.0)
            return dense, best, None
        return self._hnsw(qvecs, mask, filtered)

    def _one_blas_thread(self) -> AbstractContextManager[object]:
        """One BLAS thread for the product of the vectors with a few query vectors: OpenBLAS's threads
        spin-wait for each other, and on a shared 2-core machine (the embedder, other requests) the
        product of 3,000 chunks took 30–40 ms with two threads against 1.6 ms with one (docs/retrieval.md).
        threadpoolctl scopes the limit to this call; the rest of the process keeps its threads."""
        if self._blas is None:
            from threadpoolctl import ThreadpoolController

            self._blas = ThreadpoolController()
        return self._blas.limit(limits=1, user_api="blas")

    def exact(self, articles: np.ndarray, qvecs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Exact dense score (best chunk, best sub-query) of these articles from the compact vectors."""
        layout = self.layout
        starts, ends = layout.chunk_start[articles], layout.chunk_start[np.asarray(articles) + 1]
        rows = (
            np.concatenate([layout.chunk_order[a:b] for a, b in zip(starts, ends)])
            if len(articles)
            else np.zeros(0, np.int32)
        )
        sims = (self._read_rows(rows) @ qvecs.T).max(axis=1)
        owner = np.repeat(np.arange(len(articles)), ends - starts)
        scores = np.full(len(articles), -1.0, dtype=np.float32)
        np.maximum.at(scores, owner, sims)
        best = np.full(len(articles), -1, dtype=np.int64)
        is_best = sims >= scores[owner]
        best[owner[is_best]] = rows[is_best]
        return scores, best

    # --- HNSW ---------------------------------------------------------------------------------------

    def _dense_sample(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A fixed sample of articles' chunk vectors (float32, in memory, ~3 MB), for the dense score's
        mean and spread in z-score fusion when only the nearest chunks are known.
        Returns (vectors grouped by article, each group's first row, each group's article index)."""
        searchable = np.nonzero(self.layout.searchable)[0]
        rnd = np.random.default_rng(0)
        picked = np.sort(rnd.choice(searchable, size=min(DENSE_SAMPLE, len(searchable)), replace=False))
        groups = self.layout.chunks_of(picked)
        starts = np.cumsum([0] + [len(g) for g in groups[:-1]])
        return self._read_rows(np.concatenate(groups)), starts, picked

    def _read_rows(self, rows: np.ndarray) -> np.ndarray:
        """These chunks' vectors as float32 (HNSW mode: from the float16 file)."""
        if self._rows is not None:
            return self._rows.rows(rows)
        vectors = self._vectors
        assert vectors is not None, "HNSW mode keeps either the vectors file or the vectors"
        order = np.argsort(rows)
        out = np.empty((len(rows), vectors.shape[1]), dtype=np.float32)
        out[order] = vectors[rows[order]]
        return out

    def _hnsw(
        self, qvecs: np.ndarray, mask: np.ndarray, filtered: bool
    ) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
        """Dense article scores from Chroma's nearest chunks; articles it did not return get the lowest
        similarity it did return (an upper bound) until the fused top is re-scored exactly."""
        n = len(mask)
        chunk_article = self.layout.chunk_article
        allowed_chunks = int(mask[chunk_article].sum()) if filtered else len(self.chunk_ids)
        depth = min(HNSW_DEPTH_FACTOR * self.candidate_depth, allowed_chunks)
        where = self._where(mask) if filtered else None
        got = self.collection.query(query_embeddings=qvecs, n_results=max(depth, 1), include=["distances"], where=where)
        rows, sims_found = [], []
        for ids, distances in zip(got["ids"], got["distances"]):
            for cid, distance in zip(ids, distances):
                row = self._row_of(cid)
                if row >= 0:
                    rows.append(row)
                    sims_found.append(1.0 - float(distance))
        floor = min(sims_found) if sims_found else -1.0
        sims = np.full(n, floor, dtype=np.float32)
        best = np.full(n, -1, dtype=np.int64)
        if rows:
            row_arr, sim_arr = np.asarray(rows), np.asarray(sims_found, dtype=np.float32)
            order = np.argsort(sim_arr, kind="stable")  # ascending: the best write last
            owners = chunk_article[row_arr[order]]
            sims[owners], best[owners] = sim_arr[order], row_arr[order]
        assert self._sample is not None, "made at open in HNSW mode"
        vectors, starts, articles = self._sample
        keep = mask[articles] if filtered else None
        if keep is not None and keep.sum() < NARROW_FILTER:  # a narrow filter: score its articles exactly instead
            exact, _ = self.exact(np.nonzero(mask)[0], qvecs)
            return sims, best, (float(exact.mean()), float(exact.std()))
        per = np.maximum.reduceat((vectors @ qvecs.T).max(axis=1), starts)
        if keep is not None:
            per = per[keep]
        return sims, best, (float(per.mean()), float(per.std()))

    def _row_of(self, chunk_id: str) -> int:
        if self._chunk_pos is not None:
            return self._chunk_pos.get(chunk_id, -1)
        i = bisect.bisect_left(self.chunk_ids, chunk_id)
        return i if i < len(self.chunk_ids) and self.chunk_ids[i] == chunk_id else -1

    def _where(self, mask: np.ndarray) -> dict[str, Any] | None:
        """The filter as a Chroma metadata filter (the law and jurisdiction spellings it admits)."""
        layout = self.layout
        laws = sorted({layout.law_names[c] for c in np.unique(layout.law_code[mask])})
        return {"law": {"$in": laws}} if laws else None
