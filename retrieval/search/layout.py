"""Chunks grouped by article, and the per-article columns that search filters, scores and dedupes by.

Search scores chunks (a long article is several chunks) but serves articles: an article counts by its
best chunk. Everything here is an int32/bool numpy array built once when the index opens — chunk →
article, the chunks of each article (CSR), and per article its law, jurisdiction and text-hash codes —
so a query never builds a Python object per article (docs/architecture.md, "Memory budget per chunk").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

import numpy as np

from kodeks.errors import KodeksError
from retrieval.index.chunking import article_id_of


class ArticleColumns(Protocol):
    """What the layout reads from the article table (`retrieval.index.catalog.Catalog`)."""

    def __len__(self) -> int: ...

    def index_of(self, article_id: str) -> int: ...

    def columns(self) -> list[tuple[str, str, str]]: ...


class _Indexed(Protocol):
    index: int


C = TypeVar("C", bound=_Indexed)


class ArticleLayout:
    """Which chunk belongs to which article, and each article's law / jurisdiction / text codes."""

    def __init__(self, chunk_ids: Sequence[str], catalog: ArticleColumns) -> None:
        chunk_article = np.fromiter(
            (catalog.index_of(article_id_of(cid)) for cid in chunk_ids), dtype=np.int32, count=len(chunk_ids)
        )
        if (chunk_article < 0).any():
            raise KodeksError("the index is inconsistent (chunks without an article); re-run `kodeks ingest`")
        self.chunk_article = chunk_article
        n_articles = len(catalog)
        self.searchable = np.zeros(n_articles, dtype=bool)  # articles with at least one chunk
        self.searchable[chunk_article] = True
        # The chunks of each article (CSR): rows order[start[i]:start[i + 1]].
        self.chunk_order = np.argsort(chunk_article, kind="stable").astype(np.int32)
        self.chunk_start = np.searchsorted(chunk_article[self.chunk_order], np.arange(n_articles + 1)).astype(np.int32)
        laws, jurisdictions, hashes = zip(*catalog.columns()) if n_articles else ((), (), ())
        self.law_names, self.law_code = codes(laws)
        self.jurisdiction_names, self.jurisdiction_code = codes(jurisdictions)
        _, self.hash_code = codes(hashes)
        # Per chunk in article order: its article (the sparse per-article maximum of the lexical scores).
        self._ordered_article = chunk_article[self.chunk_order]
        self._in_article_order = bool(np.array_equal(self.chunk_order, np.arange(len(chunk_article))))
        self.first_chunk = np.full(n_articles, -1, dtype=np.int64)
        with_chunks = np.nonzero(self.searchable)[0]
        self.first_chunk[with_chunks] = self.chunk_order[self.chunk_start[with_chunks]]

    def __len__(self) -> int:
        return len(self.searchable)

    def chunks_of(self, articles: Iterable[int]) -> list[np.ndarray]:
        """Each article's chunk rows."""
        return [self.chunk_order[self.chunk_start[i] : self.chunk_start[i + 1]] for i in articles]

    def per_article(self, chunk_scores: np.ndarray, fill: float) -> tuple[np.ndarray, np.ndarray]:
        """Article score = its best chunk's score (and which chunk that was): one reduceat over the
        chunks in article order (np.maximum.at is ~10× slower at 100,000 chunks)."""
        scores = np.full(len(self.searchable), fill, dtype=np.float32)
        has = self.searchable
        ordered = chunk_scores.astype(np.float32)[self.chunk_order]
        scores[has] = np.maximum.reduceat(ordered, self.chunk_start[:-1][has])
        best = np.full(len(self.searchable), -1, dtype=np.int64)
        is_best = chunk_scores >= scores[self.chunk_article]
        best[self.chunk_article[is_best]] = np.nonzero(is_best)[0]
        return scores, best

    def per_article_sparse(self, chunk_scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`per_article` for scores ≥ 0 of which most are 0 (BM25: a question's words occur in a few
        per cent of the chunks): the maximum over the nonzero chunks only; an article without any keeps
        0 and its first chunk."""
        scores = np.zeros(len(self.searchable), dtype=np.float32)
        best = self.first_chunk.copy()
        ordered = chunk_scores.astype(np.float32, copy=False)
        if not self._in_article_order:
            ordered = ordered[self.chunk_order]
        found = np.flatnonzero(ordered)
        if not len(found):
            return scores, best
        owners, values = self._ordered_article[found], ordered[found]
        starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])  # owners ascend: article order
        scores[owners[starts]] = np.maximum.reduceat(values, starts)
        is_best = values >= scores[owners]
        best[owners[is_best]] = self.chunk_order[found[is_best]]
        return scores, best

    def dedupe(self, candidates: list[C]) -> list[C]:
        """Identical article text in two laws (re-published provisions) is shown once: the better ranked."""
        seen: set[int] = set()
        out = []
        for cand in candidates:
            digest = int(self.hash_code[cand.index])
            if digest not in seen:
                seen.add(digest)
                out.append(cand)
        return out


def codes(values: Iterable[str]) -> tuple[list[str], np.ndarray]:
    """Strings → (distinct values, int32 code per value): per-article columns without a string each."""
    names: dict[str, int] = {}
    found = np.fromiter((names.setdefault(v, len(names)) for v in values), dtype=np.int32)
    return list(names), found
