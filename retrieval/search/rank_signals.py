"""What the learned ranking reads that the hand weights do not, computed from what the index already holds.

The hand-weighted order combines the dense and lexical scores of the article text and one title field (title +
chapter, matched by the added legal terms and the question's words). The learned stage (retrieval/ranking/)
also sees, per candidate:

- the question's words scored by BM25 against the title alone and against the chapter heading alone (two small
  indexes over short strings, built at the first search that needs them);
- the question's meaning against the title's own vector (the title field's texts embedded as passages once per
  index generation and embedder, cached in `<data dir>/ranking-cache/`: vectors of another embedder are never
  compared — the cache records whose they are and is remade when the index's embedder differs);
- the share of the question's content stems the article holds anywhere (idf-weighted), and of its adjacent word
  pairs (the lexical index keeps stem pairs as tokens): coverage of the question, where BM25 lets one rare word
  decide;
- where the article stands in its law (0 … 1: a code's general part comes first).

Only the candidate pool's rows are computed where it costs per article (the word shares, the title vectors);
the two title indexes score every article, as the title field does. Only searches that run the stage or collect
training pools compute any of it (`CandidateFinder._collecting`).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from retrieval.index.lexical import LexicalIndex
from retrieval.language.tokens import PAIR_MARK
from retrieval.search.layout import ArticleLayout
from retrieval.search.title_field import TitleIndex

log = logging.getLogger(__name__)

EMBED_BATCH = 64


@dataclass(frozen=True)
class TitleFields:
    """Per article (index order): its title (an untitled article's opening sentence) and its chapter heading."""

    titles: list[str]
    chapters: list[str]


class RankSignals:
    """The learned stage's own signals over one index. Built lazily, once (thread-safe)."""

    def __init__(
        self,
        lexical: LexicalIndex,
        layout: ArticleLayout,
        fields: Callable[[], TitleFields],
        embed_passages: Callable[[list[str]], np.ndarray] | None,
        embedder: str,
        cache_dir: Path | None,
    ) -> None:
        self.lexical = lexical
        self.layout = layout
        self._fields = fields
        self._embed = embed_passages
        self.embedder = embedder
        self._cache_dir = cache_dir
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
                weight = float(np.log(1 + (n_chunks - len(chunks) + 0.5) / (len(chunks) + 0.5)))
                total += weight
                stem_share += weight * np.isin(rows, self.layout.chunk_article[chunks])
            stem_share /= max(total, 1e-12)
        if pairs:
            for chunks in self.lexical.postings(pairs):
                pair_share += np.isin(rows, self.layout.chunk_article[chunks])
            pair_share /= len(pairs)
        return stem_share, pair_share

    def _vectors(self, fields: TitleFields) -> np.ndarray | None:
        """Unit vectors of the title fields (zero rows for articles without one), from the cache when it holds
        this embedder's vectors of these very texts; else embedded now and cached."""
        if self._embed is None:
            return None
        texts = [" ".join(p for p in (t, c) if p) for t, c in zip(fields.titles, fields.chapters, strict=True)]
        digest = hashlib.sha256(json.dumps([self.embedder, texts], ensure_ascii=False).encode()).hexdigest()[:20]
        path = self._cache_dir / f"title-vectors-{digest}.npy" if self._cache_dir is not None else None
        if path is not None and path.exists():
            try:
                cached: np.ndarray = np.load(path)
                if cached.shape[0] == len(texts):
                    return cached
            except (OSError, ValueError):
                pass
        wanted = [i for i, t in enumerate(texts) if t.strip()]
        if not wanted:
            return None
        parts = [
            self._embed([texts[i] for i in wanted[a : a + EMBED_BATCH]]) for a in range(0, len(wanted), EMBED_BATCH)
        ]
        found = np.vstack(parts).astype(np.float32)
        found /= np.maximum(np.linalg.norm(found, axis=1, keepdims=True), 1e-12)
        vectors = np.zeros((len(texts), found.shape[1]), dtype=np.float32)
        vectors[wanted] = found
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(".tmp.npy")
                np.save(tmp, vectors)
                tmp.replace(path)
            except OSError as exc:  # a read-only data dir: the vectors stay in memory
                log.info("title vectors not cached (%s)", exc)
        return vectors


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
