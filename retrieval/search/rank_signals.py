"""What the learned ranking reads that the hand weights do not, computed from what the index already holds.

The hand-weighted order combines the dense and lexical scores of the article text and one title field (title +
chapter, matched by the added legal terms and the question's words). The learned stage (retrieval/ranking/)
also sees, per candidate:

- the question's words scored by BM25 against the title alone and against the chapter heading alone (two small
  indexes over short strings, built at the first search that needs them);
- the question's meaning against the title's own vector (the title field's texts embedded as passages by the
  writer with each generation: retrieval/index/title_fields.py; vectors of another embedder or other texts are
  never compared — a generation without its own is embedded in memory at the first search, never written);
- the share of the question's content stems the article holds anywhere (idf-weighted), and of its adjacent word
  pairs (the lexical index keeps stem pairs as tokens): coverage of the question, where BM25 lets one rare word
  decide;
- where the article stands in its law (0 … 1: a code's general part comes first).

Only the candidate pool's rows are computed where it costs per article (the word shares, the title vectors);
the two title indexes score every article, as the title field does. Only searches that run the stage or collect
training pools compute any of it (`CandidateFinder._collecting`).
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable

import numpy as np

from retrieval.index.bm25_build import bm25_idf
from retrieval.index.lexical import LexicalIndex
from retrieval.index.title_fields import TitleFields, embed_fields
from retrieval.language.tokens import PAIR_MARK
from retrieval.search.layout import ArticleLayout
from retrieval.search.title_field import TitleIndex

log = logging.getLogger(__name__)


class RankSignals:
    """The learned stage's own signals over one index. Built lazily, once (thread-safe)."""

    def __init__(
        self,
        lexical: LexicalIndex,
        layout: ArticleLayout,
        fields: Callable[[], TitleFields],
        embed_passages: Callable[[list[str]], np.ndarray] | None,
        stored: Callable[[list[str]], np.ndarray | None] = lambda texts: None,
    ) -> None:
        self.lexical = lexical
        self.layout = layout
        self._fields = fields
        self._embed = embed_passages
        self._stored = stored  # the generation's own title vectors of these texts, if it holds them
        self._lock = threading.Lock()
        self._ready = False
        self.position = np.zeros(0, dtype=np.float32)  # per article, set by `prepare`
        self._title: TitleIndex | None = None
        self._chapter: TitleIndex | None = None
        self._title_vectors: np.ndarray | None = None

    def prepare(self) -> None:
        """Build the title and chapter indexes and the title vectors (once; the first search needing them)."""
        if self._ready:
            return
        with self._lock:
            if self._ready:
                return
            self.position = _positions(self.layout.law_code)
            fields = self._fields()
            tokenizer = self.lexical.tokenizer
            self._title = TitleIndex.of_texts(tokenizer, fields.titles)
            self._chapter = TitleIndex.of_texts(tokenizer, fields.chapters)
            self._title_vectors = self._vectors(fields)
            self._ready = True

    def title_scores(self, query: str) -> tuple[np.ndarray, np.ndarray]:
        """BM25 of the question's stems and stem pairs over the titles alone and over the chapters alone."""
        self.prepare()
        assert self._title is not None and self._chapter is not None
        return self._title.scores([(query, 1.0)]), self._chapter.scores([(query, 1.0)])

    def title_similarity(self, qvecs: np.ndarray | None, rows: np.ndarray) -> np.ndarray | None:
        """Per pool row: the best cosine of the question's vectors to the title's vector (0 without a title)."""
        self.prepare()
        if qvecs is None or self._title_vectors is None or not len(rows):
            return None
        q = qvecs / np.maximum(np.linalg.norm(qvecs, axis=1, keepdims=True), 1e-12)
        sims: np.ndarray = (self._title_vectors[rows] @ q.T.astype(np.float32)).max(axis=1)
        return sims.astype(np.float64)

    def word_shares(self, query: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per pool row: the idf share of the question's stems its article holds, and the share of the question's
        adjacent stem pairs it holds (0 when the question has none)."""
        tokenizer = self.lexical.tokenizer
        stems = list(dict.fromkeys(tokenizer.stems(query)))
        pairs = list(dict.fromkeys(f"{PAIR_MARK}{a}_{b}" for a, b in itertools.pairwise(tokenizer.stems(query))))
        n_chunks = max(1, len(self.layout.chunk_article))
        stem_share = np.zeros(len(rows))
        pair_share = np.zeros(len(rows))
        if stems:
            total = 0.0
            for chunks in self.lexical.postings(stems):
                weight = float(bm25_idf(n_chunks, len(chunks)))
                total += weight
                stem_share += weight * np.isin(rows, self.layout.chunk_article[chunks])
            stem_share /= max(total, 1e-12)
        if pairs:
            for chunks in self.lexical.postings(pairs):
                pair_share += np.isin(rows, self.layout.chunk_article[chunks])
            pair_share /= len(pairs)
        return stem_share, pair_share

    def _vectors(self, fields: TitleFields) -> np.ndarray | None:
        """Unit vectors of the title fields (zero rows for articles without one): the generation's own when it holds
        this embedder's of these very texts; else embedded now, in memory only (opening writes nothing)."""
        if self._embed is None:
            return None
        texts = fields.texts()
        stored = self._stored(texts)
        if stored is not None:
            return stored
        log.info("the index generation holds no title vectors of these texts: embedding %d in memory", len(texts))
        return embed_fields(texts, self._embed)


def _positions(law_code: np.ndarray) -> np.ndarray:
    """Per article: its place among its law's articles in index order, 0 (first) … 1 (last)."""
    out = np.zeros(len(law_code), dtype=np.float32)
    if not len(law_code):
        return out
    order = np.argsort(law_code, kind="stable")  # each law's articles together, in index order
    codes = law_code[order]
    starts = np.r_[0, np.flatnonzero(codes[1:] != codes[:-1]) + 1]
    sizes = np.diff(np.r_[starts, len(codes)])
    place = np.arange(len(codes)) - np.repeat(starts, sizes)
    out[order] = place / np.maximum(np.repeat(sizes, sizes) - 1, 1)
    return out
