"""The search the bot, `kodeks search` and `kodeks eval retrieval` all run.

    question ─► explicit reference? ─► that article first (level "reference")
             └► dense (Chroma) + lexical (BM25) candidates ─► fused per article (weighted RRF)
                ─► identical texts removed ─► fallback chain:
                   above the threshold ("threshold") │ else best regardless ("top_k")
                   │ a filter that leaves nothing ─► that law's first articles ("law_first")

The index is loaded once per process (`Retriever.open`); a query costs one embedding call plus
in-memory work.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.chunking import content_hash
from retrieval.embedders import Embedder, make_embedder
from retrieval.lexical import LexicalIndex
from retrieval.normalize import embedding_text, fold
from retrieval.references import ReferenceResolver, article_number
from retrieval.store import load_articles, open_collection
from retrieval.types import Article, Hit, SearchResult


@dataclass
class Candidate:
    """An article seen by either retriever, before the fallback chain decides what is served."""

    article: Article
    dense_rank: int | None = None
    lexical_rank: int | None = None
    fused: float = 0.0
    similarity: float | None = None
    excerpt: str = ""


class Retriever:
    """Hybrid search over one index. Thread-safe for concurrent `search` calls."""

    def __init__(
        self,
        settings: Settings,
        embedder: Embedder,
        collection: Any,
        lexical: LexicalIndex,
        articles: dict[str, Article],
        chunk_texts: list[str],
        chunk_vectors: np.ndarray,
    ) -> None:
        self.settings = settings
        self.embedder = embedder
        self.collection = collection
        self.lexical = lexical
        self.articles = articles
        self.chunk_ids = lexical.chunk_ids
        self.chunk_texts = chunk_texts
        self.chunk_vectors = chunk_vectors
        self.chunk_article = [cid.rsplit("#", 1)[0] for cid in self.chunk_ids]
        self._chunk_row = {cid: i for i, cid in enumerate(self.chunk_ids)}
        self._article_chunks: dict[str, list[int]] = defaultdict(list)
        for row, aid in enumerate(self.chunk_article):
            self._article_chunks[aid].append(row)
        self._text_hash = {aid: content_hash(fold(a.text)) for aid, a in articles.items()}
        self.references = ReferenceResolver(articles.values(), settings.aliases())
        self._law_order = {
            law: sorted(
                (a for a in articles.values() if a.law == law),
                key=lambda a: (_numeric(article_number(a.article)), a.article),
            )
            for law in {a.law for a in articles.values()}
        }

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, settings: Settings) -> "Retriever":
        """Load the index once: fails clearly if it is missing, incomplete or built by another embedder."""
        embedder = make_embedder(settings)
        collection = open_collection(settings, embedder.identity, create=False)
        articles = load_articles(settings.data_dir)
        lexical_dir = settings.lexical_dir
        if not articles or not (lexical_dir / "chunks.json").exists():
            raise KodeksError(
                f"the index in {settings.data_dir} is empty; build it with `kodeks ingest PATH...` "
                f"(e.g. kodeks ingest data/sample/corpus.jsonl)"
            )
        try:
            lexical = LexicalIndex.load(lexical_dir)
        except (OSError, ValueError, KeyError) as exc:
            raise KodeksError(f"the lexical index in {lexical_dir} is unreadable ({exc}); re-run `kodeks ingest`") from None
        stored = collection.get(ids=lexical.chunk_ids, include=["embeddings", "documents"]) if lexical.chunk_ids else None
        if stored is None or len(stored["ids"]) != len(lexical.chunk_ids):
            raise KodeksError(
                f"the index in {settings.data_dir} is incomplete (vectors and lexical index disagree); "
                f"re-run `kodeks ingest` with the same input"
            )
        row = {cid: i for i, cid in enumerate(stored["ids"])}
        order = [row[cid] for cid in lexical.chunk_ids]
        vectors = np.asarray(stored["embeddings"], dtype=np.float32)[order]
        texts = [stored["documents"][i] for i in order]
        return cls(settings, embedder, collection, lexical, articles, texts, vectors)

    # --- lookups ------------------------------------------------------------------------------

    @property
    def article_count(self) -> int:
        return len(self.articles)

    def laws(self) -> list[str]:
        return sorted(self._law_order)

    def get(self, article_id: str) -> Article | None:
        return self.articles.get(article_id)

    def get_article(self, law: str, article: str) -> Article | None:
        """"KZ FBiH", "373" → that article (law names and aliases folded)."""
        return self.references.get(law, article)

    def resolve_reference(self, text: str) -> list[Article]:
        return self.references.resolve(text)

    # --- search -------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        k: int | None = None,
        law: str | None = None,
        jurisdiction: str | None = None,
        threshold: float | None = None,
    ) -> SearchResult:
        """Ranked articles for a question; never empty while the index has articles.

        `threshold` overrides KODEKS_THRESHOLD for this call (the sweep uses it).
        """
        started = time.perf_counter()
        s = self.settings
        threshold = s.threshold if threshold is None else threshold
        keep = k or s.top_k
        fallback_k = k or s.fallback_k
        law_name = self._canonical_law(law) if law else None
        allowed = self._allowed(law_name, jurisdiction)
        timings: dict[str, float] = {}

        references = [a for a in self.references.resolve(query) if allowed is None or a.id in allowed]
        references = [c.article for c in self._dedupe([Candidate(a) for a in references])]
        hits = [Hit(a, 1.0, None, None, None, "reference", a.text[:300]) for a in references[:keep]]

        candidates = self._candidates(query, law_name, jurisdiction, allowed, timings) if len(hits) < keep else []
        candidates = self._dedupe([Candidate(h.article) for h in hits] + candidates)[len(hits):]
        passing = [c for c in candidates if c.similarity is not None and c.similarity >= threshold]
        if passing:
            served, level = passing, "threshold"
        elif candidates:
            served, level = candidates[: max(fallback_k, 1)], "top_k"
        else:
            served, level = [], "law_first"
        hits += [
            Hit(c.article, c.fused, c.similarity, c.dense_rank, c.lexical_rank, level, c.excerpt)
            for c in served[: keep - len(hits)]
        ]
        if not hits:
            # The filter left nothing: the named law's first articles (ignoring a jurisdiction it lacks).
            pool = allowed if allowed else self._allowed(law_name, None)
            hits = [Hit(a, 0.0, None, None, None, "law_first", a.text[:300]) for a in self._first_articles(pool, fallback_k)]
        timings["total"] = (time.perf_counter() - started) * 1000
        return SearchResult(
            query=query,
            normalized=fold(query),
            hits=hits,
            level=hits[0].level if hits else level,
            law=law_name,
            jurisdiction=jurisdiction,
            timings_ms={name: round(v, 3) for name, v in timings.items()},
        )

    def _canonical_law(self, law: str) -> str:
        if law in self._law_order:
            return law
        named = self.references.law_named(law)
        if named is None:
            raise KodeksError(f"unknown law {law!r}; the index has: {', '.join(self.laws())}")
        return named

    def _allowed(self, law: str | None, jurisdiction: str | None) -> set[str] | None:
        """Article ids a filter admits (None = no filter)."""
        if not law and not jurisdiction:
            return None
        j = fold(jurisdiction) if jurisdiction else None
        if j is not None and j not in {fold(a.jurisdiction) for a in self.articles.values()}:
            known = sorted({a.jurisdiction for a in self.articles.values() if a.jurisdiction})
            raise KodeksError(f"unknown jurisdiction {jurisdiction!r}; the index has: {', '.join(known) or 'none'}")
        return {
            aid for aid, a in self.articles.items()
            if (law is None or a.law == law) and (j is None or fold(a.jurisdiction) == j)
        }

    def _where(self, law: str | None, jurisdiction: str | None) -> dict[str, Any] | None:
        conditions = []
        if law:
            conditions.append({"law": law})
        if jurisdiction:
            matching = sorted({a.jurisdiction for a in self.articles.values() if fold(a.jurisdiction) == fold(jurisdiction)})
            conditions.append({"jurisdiction": {"$in": matching or [jurisdiction]}})
        if not conditions:
            return None
        return conditions[0] if len(conditions) == 1 else {"$and": conditions}

    def _candidates(
        self, query: str, law: str | None, jurisdiction: str | None, allowed: set[str] | None, timings: dict[str, float]
    ) -> list[Candidate]:
        s = self.settings
        if allowed is not None and not allowed:
            return []
        t0 = time.perf_counter()
        use_dense, use_lexical = s.search_mode in ("hybrid", "dense"), s.search_mode in ("hybrid", "lexical")
        qvec = self.embedder.embed_query(embedding_text(query)) if use_dense else None
        t1 = time.perf_counter()
        depth = min(s.candidate_depth, len(self.chunk_ids))
        dense = {"ids": [[]]}
        if use_dense:
            dense = self.collection.query(
                query_embeddings=[qvec], n_results=depth, where=self._where(law, jurisdiction), include=["distances"]
            )
        t2 = time.perf_counter()
        lexical_scores = self.lexical.scores(query) if use_lexical else np.zeros(len(self.chunk_ids), dtype=np.float32)
        if allowed is not None:
            mask = np.fromiter((aid in allowed for aid in self.chunk_article), dtype=bool, count=len(self.chunk_article))
            lexical_scores = np.where(mask, lexical_scores, 0.0)
        top = np.argsort(-lexical_scores, kind="stable")[:depth]
        lexical_rows = [int(i) for i in top if lexical_scores[i] > 0]
        t3 = time.perf_counter()

        candidates: dict[str, Candidate] = {}
        for chunk_id in dense["ids"][0]:
            aid = chunk_id.rsplit("#", 1)[0]
            if aid in self.articles and aid not in candidates:
                candidates[aid] = Candidate(self.articles[aid], dense_rank=len(candidates) + 1, excerpt=self.chunk_texts[self._chunk_row[chunk_id]] if chunk_id in self._chunk_row else "")
        rank = 0
        seen: set[str] = set()
        for row in lexical_rows:
            aid = self.chunk_article[row]
            if aid in seen or aid not in self.articles:
                continue
            seen.add(aid)
            rank += 1
            cand = candidates.setdefault(aid, Candidate(self.articles[aid], excerpt=self.chunk_texts[row]))
            cand.lexical_rank = rank
        for cand in candidates.values():
            rows = self._article_chunks.get(cand.article.id, [])
            sims = self.chunk_vectors[rows] @ qvec if rows and qvec is not None else np.zeros(0)
            cand.similarity = float(sims.max()) if len(sims) else None
            if cand.dense_rank is None and len(sims):
                cand.excerpt = self.chunk_texts[rows[int(sims.argmax())]] if not cand.excerpt else cand.excerpt
            cand.fused = _rrf(cand.dense_rank, s.dense_weight, s.rrf_k) + _rrf(cand.lexical_rank, s.lexical_weight, s.rrf_k)
        ranked = sorted(candidates.values(), key=lambda c: (-c.fused, -(c.similarity or 0.0), c.article.id))
        t4 = time.perf_counter()
        timings.update(embed=(t1 - t0) * 1000, dense=(t2 - t1) * 1000, lexical=(t3 - t2) * 1000, fuse=(t4 - t3) * 1000)
        return ranked

    def _dedupe(self, candidates: list[Candidate]) -> list[Candidate]:
        """Identical article text in two laws (re-published provisions) is shown once: the better ranked."""
        seen: set[str] = set()
        out = []
        for cand in candidates:
            digest = self._text_hash.get(cand.article.id, cand.article.id)
            if digest not in seen:
                seen.add(digest)
                out.append(cand)
        return out

    def _first_articles(self, allowed: set[str] | None, n: int) -> list[Article]:
        """A law's first articles in article order, for a filter that matched nothing else."""
        pool = [a for law in sorted(self._law_order) for a in self._law_order[law] if allowed is None or a.id in allowed]
        return pool[: max(n, 1)]


def _rrf(rank: int | None, weight: float, k: int) -> float:
    return 0.0 if rank is None else weight / (k + rank)


def _numeric(number: str) -> int:
    digits = "".join(ch for ch in number if ch.isdigit())
    return int(digits) if digits else 0
