"""The search the bot, `kodeks search` and `kodeks eval retrieval` all run.

    question ─► explicit reference? ─► that article first (level "reference")
             └► dense (vectors in memory) + lexical (BM25) scores of every article ─► fused (z-scores, weighted)
                ─► identical texts removed ─► fallback chain:
                   above the threshold ("threshold") │ else best regardless ("top_k")
                   │ a filter that leaves nothing ─► that law's first articles ("law_first")

The index is loaded once per process (`Retriever.open`); a query costs one embedding call plus
in-memory work.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.chunking import article_id_of, content_hash
from retrieval.embedders import Embedder, make_embedder
from retrieval.jurisdictions import Scope, as_scope, find as find_jurisdiction, known_codes
from retrieval.lexical import LexicalIndex
from retrieval.normalize import embedding_text, fold
from retrieval.references import ReferenceResolver, article_number
from retrieval.subqueries import split_subqueries
from retrieval.store import load_articles, load_law_records, open_collection, require_index
from retrieval.fields import TitleIndex
from retrieval.rewriting import QueryRewriter
from retrieval.serving import explain_matches, is_deleted, is_weak, serve_with_minimum
from retrieval.vocabulary import Expansion, legal_terms, question_vocabulary
from retrieval.types import Article, Hit, LawSummary, ReferenceLookup, SearchResult


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
        self.chunk_article = [article_id_of(cid) for cid in self.chunk_ids]
        self._deleted = {aid for aid, a in articles.items() if is_deleted(a)}
        self._aids = sorted(set(self.chunk_article) & set(articles))
        index_of = {aid: i for i, aid in enumerate(self._aids)}
        self._chunk_article_index = np.array([index_of.get(aid, -1) for aid in self.chunk_article], dtype=np.int64)
        self._article_stems: dict[str, frozenset[str]] = {}  # filled lazily by explain_matches
        self._servable = np.array([aid not in self._deleted for aid in self._aids], dtype=bool)
        if (self._chunk_article_index < 0).any():
            raise KodeksError("the index is inconsistent (chunks without an article); re-run `kodeks ingest`")
        self._text_hash = {aid: content_hash(fold(a.text)) for aid, a in articles.items()}
        self._jurisdiction = {aid: fold(a.jurisdiction) for aid, a in articles.items()}
        self._jurisdictions = set(self._jurisdiction.values())
        self.law_records = load_law_records(settings.data_dir)
        self._of_jurisdiction: dict[str, set[str]] = defaultdict(set)  # folded code → article ids (scope filters)
        for aid, code in self._jurisdiction.items():
            self._of_jurisdiction[code].add(aid)
        self.references = ReferenceResolver(
            articles.values(), settings.aliases(), {law: r.get("aliases", []) for law, r in self.law_records.items()}
        )
        self.vocabulary = question_vocabulary(settings, lexical.tokenizer)
        self.rewriter: QueryRewriter | None = None  # set by the caller (kodeks.rewrite); see retrieval/rewriting.py
        titles = sorted({f"{a.law_title or a.law} ({a.law})" for a in articles.values()})
        self._laws_description = "; ".join(titles[:20])
        self._titles = (TitleIndex(lexical.tokenizer, [articles[aid] for aid in self._aids])
                        if settings.title_weight > 0 and self.vocabulary is not None else None)
        by_law: dict[str, list[Article]] = defaultdict(list)
        for a in articles.values():
            by_law[a.law].append(a)
        self._law_order = {
            law: sorted(group, key=lambda a: (_numeric(article_number(a.article)), a.article))
            for law, group in by_law.items()
        }

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, settings: Settings) -> "Retriever":
        """Load the index once: fails clearly if it is missing, incomplete or built by another embedder."""
        require_index(settings)  # before anything could create files in a data dir that has no index
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
        if not lexical.current:
            # Built by an older tokeniser: re-tokenise in memory (seconds, no embedding); `kodeks ingest` saves it.
            lexical = LexicalIndex.build(lexical.tokenizer.language, lexical.chunk_ids, texts)
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

    def resolve_reference(self, text: str, jurisdiction: Collection[str] | None = None) -> list[Article]:
        """Articles the text names unambiguously (see `lookup_reference` for the ones to ask about); with an
        officer's scope, a bare "član 124" stays inside it while a named law ("član 124 KZ RS") is found
        wherever it is."""
        return self.lookup_reference(text, as_scope(jurisdiction) if jurisdiction else None).articles

    def jurisdictions(self) -> list[str]:
        """The jurisdiction codes the index has laws of (as ingested)."""
        return sorted({a.jurisdiction for a in self.articles.values() if a.jurisdiction})

    def parallels(self, article_id: str, jurisdictions: Collection[str] | None = None) -> Any:
        """The corresponding article in the other codes, found by meaning and title: a
        `retrieval.parallels.Comparison`, or None for an unknown id."""
        from retrieval.parallels import find_parallels

        return find_parallels(self, article_id, jurisdictions)

    def lookup_reference(self, text: str, jurisdiction: str | Collection[str] | None = None) -> ReferenceLookup:
        """Explicit references in the text: resolved articles, plus `ambiguous` ones to ask about
        ("članak 5 KZ" with several criminal codes loaded) and their candidate articles. With
        jurisdiction codes (an officer's), a bare "član 42" stays inside them; a named law is found anywhere."""
        if not jurisdiction:
            return self.references.lookup(text)
        codes = {fold(c) for c in ([jurisdiction] if isinstance(jurisdiction, str) else jurisdiction)}
        return self.references.lookup(text, lambda a: fold(a.jurisdiction) in codes)

    def law_summaries(self) -> list[LawSummary]:
        """The loaded laws (name, title, jurisdiction, article count, when ingested), by jurisdiction."""
        from retrieval.law_catalog import summarize, table_time

        return summarize(self.articles.values(), self.law_records, table_time(self.settings.data_dir))

    # --- search -------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        k: int | None = None,
        law: str | None = None,
        jurisdiction: str | Collection[str] | None = None,
        threshold: float | None = None,
        use_rewriter: bool = True,
    ) -> SearchResult:
        """Ranked articles for a question; never empty while the index has articles.

        `jurisdiction` is one code (only that jurisdiction's articles) or an officer's scope — a
        `retrieval.jurisdictions.Scope` or any collection of codes: articles of those jurisdictions
        only, except that a law the question names explicitly ("član 124 KZ RS") is served wherever it
        is. A scope the index has nothing of gives no articles: never another jurisdiction's law.
        `threshold` overrides KODEKS_THRESHOLD for this call (the sweep uses it); `use_rewriter`
        False skips the query rewriter even when one is set (`self.rewriter`).
        """
        started = time.perf_counter()
        s = self.settings
        threshold = s.threshold if threshold is None else threshold
        keep = k or s.top_k
        fallback_k = k or s.fallback_k
        law_name = self._canonical_law(law) if law else None
        allowed = self._allowed(law_name, jurisdiction)
        timings: dict[str, float] = {}

        lookup = self.references.lookup(query)
        scoped = jurisdiction is not None and not isinstance(jurisdiction, str)
        references = self._references(lookup, law_name, allowed, named_anywhere=scoped)
        references = [c.article for c in self._dedupe([Candidate(a) for a in references])]
        hits = [Hit(a, 1.0, None, None, None, "reference", a.text[:300]) for a in references[:keep]]
        # A question that names a law by reference is answered from that law only ("član 5 Ustava" never
        # brings in the Criminal Code's article 5, nor its articles about something similar).
        # With a filter (an officer's scope), the named laws inside it; a law named outside it is served by
        # reference only, and the rest of the context stays in the officer's own law.
        scope = allowed
        if lookup.laws:
            named = self._law_scope(lookup.laws)
            scope = named if allowed is None else (allowed & named) or allowed

        expansions = self.vocabulary.expand(query) if self.vocabulary is not None else []
        rewritten = self._rewrite(query, timings) if use_rewriter else None
        if rewritten:
            expansions.append(Expansion("rewrite", fold(query), rewritten))
        candidates = self._candidates(query, scope, timings, expansions) if len(hits) < keep else []
        candidates = self._dedupe([Candidate(h.article) for h in hits] + candidates)[len(hits):]
        served = serve_with_minimum(candidates, threshold, keep - len(hits), fallback_k - len(hits))
        level = served[0][1] if served else "law_first"
        hits += [
            Hit(c.article, c.fused, c.similarity, c.dense_rank, c.lexical_rank, lvl, c.excerpt)
            for c, lvl in served
        ]
        explain_matches(hits, self.lexical.tokenizer, query, expansions, self._article_stems)
        if not hits and not (scoped and not allowed):
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
            jurisdiction=_label(jurisdiction),
            scope=list(jurisdiction) if scoped else None,
            timings_ms={name: round(v, 3) for name, v in timings.items()},
            ambiguous=list(lookup.ambiguous),
            expansions=[e.to_dict() for e in expansions],
            weak=is_weak(hits, len(set(self.lexical.tokenizer.stems(query)))),
        )

    def _rewrite(self, query: str, timings: dict[str, float]) -> str | None:
        """The rewriter's version of the question, or None (no rewriter, or it failed: plain search)."""
        if self.rewriter is None:
            return None
        t0 = time.perf_counter()
        try:
            text = self.rewriter.rewrite(query, self._laws_description)
        except Exception:  # a rewriter must not raise; if one does, search the question alone
            text = None
        timings["rewrite"] = (time.perf_counter() - t0) * 1000
        text = " ".join((text or "").split())
        return text if text and fold(text) != fold(query) else None

    def _canonical_law(self, law: str) -> str:
        if law in self._law_order:
            return law
        match = self.references.names.named(law)
        if match is None:
            raise KodeksError(f"unknown law {law!r}; the index has: {', '.join(self.laws())}")
        if match.law is None:
            raise KodeksError(f"{law!r} could mean {', '.join(match.laws)}; name one of them")
        return match.law

    def _law_scope(self, laws: tuple[str, ...]) -> set[str]:
        """Article ids of the given laws."""
        return {a.id for law in laws for a in self._law_order.get(law, ())}

    def _allowed(self, law: str | None, jurisdiction: str | Collection[str] | None) -> set[str] | None:
        """Article ids a filter admits (None = no filter)."""
        if not law and jurisdiction is None:
            return None
        if jurisdiction is None:
            wanted = None
        elif isinstance(jurisdiction, str):
            wanted = {fold(jurisdiction)}
            if wanted - self._jurisdictions:
                raise KodeksError(f"unknown jurisdiction {jurisdiction!r}; the index has: {', '.join(self.jurisdictions()) or 'none'}")
        else:
            # An officer's scope: codes the index lacks are fine (no cantonal law loaded), unknown ones are not.
            unknown = [c for c in jurisdiction if find_jurisdiction(c) is None and fold(c) not in self._jurisdictions]
            if unknown:
                raise KodeksError(f"unknown jurisdiction {unknown[0]!r}; known: {known_codes()}")
            wanted = {fold(c) for c in jurisdiction}
            if law is None:
                return set().union(*(self._of_jurisdiction.get(c, set()) for c in wanted))
        return {
            aid for aid, a in self.articles.items()
            if (law is None or a.law == law) and (wanted is None or self._jurisdiction[aid] in wanted)
        }

    def _references(self, lookup: ReferenceLookup, law: str | None, allowed: set[str] | None,
                    named_anywhere: bool) -> list[Article]:
        """Explicit references inside the filter (deleted articles never); with `named_anywhere`, also a named
        law outside it (an officer asking about another entity's code gets that code, labelled by the caller)."""
        found = [a for a in lookup.articles + lookup.candidates if not a.deleted and a.id not in self._deleted]
        if allowed is None:
            return found
        named = set(lookup.laws) if named_anywhere else set()
        return [a for a in found if a.id in allowed or (a.law in named and (law is None or a.law == law))]

    def _candidates(
        self, query: str, allowed: set[str] | None, timings: dict[str, float], expansions: list[Expansion] = ()
    ) -> list[Candidate]:
        """Score every article with both retrievers (exact, in memory), fuse, keep the best `candidate_depth`.

        The vectors live in Chroma and are loaded once at open; scoring them in numpy is exact (no
        HNSW recall loss), takes about a millisecond for thousands of chunks, and lets a filter or a
        missing lexical match be handled per article rather than per candidate list.
        """
        s = self.settings
        if allowed is not None and not allowed:
            return []
        t0 = time.perf_counter()
        use_dense, use_lexical = s.search_mode in ("hybrid", "dense"), s.search_mode in ("hybrid", "lexical")
        n_articles = len(self._aids)
        dense = np.full(n_articles, -1.0, dtype=np.float32)
        best_dense_chunk = np.zeros(n_articles, dtype=np.int64)
        if use_dense:
            queries = [query] + (split_subqueries(query) if s.subqueries else [])
            queries += [e.adds for e in expansions if e.source == "rewrite"]
            qvecs = self.embedder.embed_queries([embedding_text(q) for q in queries])
            t_embed = time.perf_counter()
            chunk_sims = (self.chunk_vectors @ qvecs.T).max(axis=1)  # a chunk counts by its best sub-query
            dense, best_dense_chunk = self._per_article(chunk_sims, fill=-1.0)
        else:
            t_embed = time.perf_counter()
        t1 = time.perf_counter()
        lexical = np.zeros(n_articles, dtype=np.float32)
        best_lexical_chunk = best_dense_chunk
        if use_lexical:
            chunk_lexical = self.lexical.scores(query)
            if expansions and s.expansion_weight:
                chunk_lexical = chunk_lexical + s.expansion_weight * self.lexical.term_scores(legal_terms(expansions))
            lexical, best_lexical_chunk = self._per_article(chunk_lexical, fill=0.0)
        t2 = time.perf_counter()

        mask = (np.ones(n_articles, dtype=bool) if allowed is None
                else np.fromiter((aid in allowed for aid in self._aids), dtype=bool, count=n_articles))
        mask &= self._servable
        dense_rank = _ranks(np.where(mask, dense, -np.inf), valid=mask if use_dense else None)
        lexical_rank = _ranks(np.where(mask, lexical, -np.inf), valid=mask & (lexical > 0))
        if s.fusion == "rrf":
            fused = _rrf_scores(dense_rank, s.dense_weight, s.rrf_k) + _rrf_scores(lexical_rank, s.lexical_weight, s.rrf_k)
        else:
            fused = s.dense_weight * _zscore(dense, mask) * use_dense + s.lexical_weight * _zscore(lexical, mask) * use_lexical
        if self._titles is not None and expansions:
            fused = fused + s.title_weight * self._titles.share_of_best(legal_terms(expansions), mask)
        fused = np.where(mask, fused, -np.inf)
        depth = min(s.candidate_depth, int(mask.sum()))
        order = np.argsort(-fused, kind="stable")[:depth]
        candidates = []
        for i in order:
            i = int(i)
            if not np.isfinite(fused[i]):
                continue
            chunk = best_dense_chunk[i] if use_dense else best_lexical_chunk[i]
            candidates.append(
                Candidate(
                    self.articles[self._aids[i]],
                    dense_rank=int(dense_rank[i]) if dense_rank[i] > 0 else None,
                    lexical_rank=int(lexical_rank[i]) if lexical_rank[i] > 0 else None,
                    fused=float(fused[i]),
                    similarity=float(dense[i]) if use_dense else None,
                    excerpt=self.chunk_texts[int(chunk)],
                )
            )
        t3 = time.perf_counter()
        timings.update(embed=(t_embed - t0) * 1000, dense=(t1 - t_embed) * 1000, lexical=(t2 - t1) * 1000, fuse=(t3 - t2) * 1000)
        return candidates

    def _per_article(self, chunk_scores: np.ndarray, fill: float) -> tuple[np.ndarray, np.ndarray]:
        """Article score = its best chunk's score (and which chunk that was)."""
        scores = np.full(len(self._aids), fill, dtype=np.float32)
        np.maximum.at(scores, self._chunk_article_index, chunk_scores.astype(np.float32))
        best = np.zeros(len(self._aids), dtype=np.int64)
        is_best = chunk_scores >= scores[self._chunk_article_index]
        best[self._chunk_article_index[is_best]] = np.nonzero(is_best)[0]
        return scores, best

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
        pool = [
            a for law in sorted(self._law_order) for a in self._law_order[law]
            if (allowed is None or a.id in allowed) and a.id not in self._deleted
        ]
        return pool[: max(n, 1)]


def _label(jurisdiction: str | Collection[str] | None) -> str | None:
    """What a result records as its jurisdiction: the code, or the officer's own code of a scope."""
    if jurisdiction is None or isinstance(jurisdiction, str):
        return jurisdiction
    if isinstance(jurisdiction, Scope):
        return jurisdiction.officer
    return ",".join(jurisdiction) or None


def _ranks(scores: np.ndarray, valid: np.ndarray | None) -> np.ndarray:
    """1-based rank of every article by score; 0 where not ranked (filtered out or no match)."""
    ranks = np.zeros(len(scores), dtype=np.int64)
    if valid is None or not valid.any():
        return ranks
    order = np.argsort(-scores, kind="stable")
    ranks[order] = np.arange(1, len(scores) + 1)
    return np.where(valid, ranks, 0)


def _rrf_scores(ranks: np.ndarray, weight: float, k: int) -> np.ndarray:
    """Reciprocal-rank fusion term; 0 for unranked articles."""
    return np.where(ranks > 0, weight / (k + ranks), 0.0)


def _zscore(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Standardise scores over the admitted articles, so cosine and BM25 scales can be added."""
    values = scores[mask]
    if values.size == 0:
        return np.zeros_like(scores, dtype=np.float64)
    spread = float(values.std())
    if spread < 1e-9:
        return np.zeros_like(scores, dtype=np.float64)
    return (scores - float(values.mean())) / spread


def _numeric(number: str) -> int:
    digits = "".join(ch for ch in number if ch.isdigit())
    return int(digits) if digits else 0
