"""The search the bot, `kodeks search` and `kodeks eval retrieval` all run.

    question ─► explicit reference? ─► that article first (level "reference")
             └► dense (vectors in memory) + lexical (BM25) scores of every article ─► fused (z-scores, weighted)
                ─► identical texts removed ─► fallback chain:
                   above the threshold ("threshold") │ else best regardless ("top_k")
                   │ a filter that leaves nothing ─► that law's first articles ("law_first")

The index is loaded once per process (`Retriever.open`); a query costs one embedding call plus
in-memory work, and reads from disk only what it serves: the hits' article rows (retrieval/index/catalog.py)
and, for libraries above KODEKS_EXACT_MAX_CHUNKS, Chroma's HNSW answer plus a few vector rows
(docs/architecture.md, "Memory budget per chunk").
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.catalog import Catalog
from retrieval.index.chunking import article_id_of, chunk_article
from retrieval.index.embedders import Embedder, make_embedder
from retrieval.search.title_field import TitleIndex
from retrieval.jurisdictions import Scope, as_scope, find as find_jurisdiction, known_codes
from retrieval.index.lexical import LexicalIndex
from retrieval.language.normalize import embedding_text, fold
from retrieval.search.references import ReferenceResolver
from retrieval.search.rewriting import QueryRewriter
from retrieval.search.serving import explain_matches, is_deleted, is_weak, serve_with_minimum
from retrieval.search.subqueries import split_subqueries
from retrieval.index.store import iter_chroma_documents, load_law_records, open_collection, require_index
from retrieval.types import Article, Hit, LawSummary, ReferenceLookup, SearchResult
from retrieval.language.vocabulary import Expansion, legal_terms, question_vocabulary
from retrieval.index.vectors import DENSE_DIR, VECTORS, NpyRows, load_vectors, read_chroma_vectors

DENSE_SAMPLE = 2000  # articles whose dense scores stand for all in HNSW mode's z-score
HNSW_DEPTH_FACTOR = 1  # nearest chunks asked of Chroma = this × KODEKS_CANDIDATE_DEPTH (k = 200 costs ~2-4× k = 100)
STEMS_CACHE = 2000  # served articles whose stems explain_matches keeps (cleared when full: memory stays flat)

@dataclass
class Candidate:
    """An article seen by either retriever, before the fallback chain decides what is served.

    Carries the article's index; the Article itself (its text) is read from the catalog only for the
    candidates that are served (text hydration), and the excerpt only for those.
    """

    index: int
    dense_rank: int | None = None
    lexical_rank: int | None = None
    fused: float = 0.0
    similarity: float | None = None
    chunk: int = -1  # the best-matching chunk: its text is the excerpt
    article: Article | None = None


class Retriever:
    """Hybrid search over one index. Thread-safe for concurrent `search` calls.

    In memory: chunk ids, chunk → article indexes, per-article law/jurisdiction/text-hash codes, the
    memory-mapped BM25 arrays and, for exact dense search, one float32 matrix of the vectors; article
    and chunk texts stay on disk (catalog, Chroma documents) until a hit is served.
    """

    def __init__(
        self,
        settings: Settings,
        embedder: Embedder,
        collection: Any,
        lexical: LexicalIndex,
        catalog: Catalog,
        vectors: np.ndarray,
        dense_search: str,
    ) -> None:
        self.settings = settings
        self.embedder = embedder
        self.collection = collection
        self.lexical = lexical
        self.articles: Mapping[str, Article] = catalog
        self.catalog = catalog
        self.chunk_ids = lexical.chunk_ids
        self.dense_search = dense_search  # "exact" | "hnsw" (docs/architecture.md: when each is used)
        chunk_article = np.fromiter((catalog.index_of(article_id_of(cid)) for cid in self.chunk_ids),
                                    dtype=np.int32, count=len(self.chunk_ids))
        if (chunk_article < 0).any():
            raise KodeksError("the index is inconsistent (chunks without an article); re-run `kodeks ingest`")
        self._chunk_article_index = chunk_article
        n_articles = len(catalog)
        self._searchable = np.zeros(n_articles, dtype=bool)  # articles with at least one chunk
        self._searchable[chunk_article] = True
        # The chunks of each article (CSR): rows order[start[i]:start[i + 1]].
        self._chunk_order = np.argsort(chunk_article, kind="stable").astype(np.int32)
        self._chunk_start = np.searchsorted(chunk_article[self._chunk_order], np.arange(n_articles + 1)).astype(np.int32)
        laws, jurisdictions, hashes = zip(*catalog.columns()) if n_articles else ((), (), ())
        self._law_names, self._law_code = _codes(laws)
        self._jur_names, self._jur_code = _codes(jurisdictions)
        _, self._hash_code = _codes(hashes)
        self._jurisdictions = set(self._jur_names)
        self.law_records = load_law_records(settings.data_dir)
        self.references = CatalogReferences(
            catalog, settings.aliases(), {law: r.get("aliases", []) for law, r in self.law_records.items()}
        )
        self._laws = sorted(set(self._law_names))
        self.vocabulary = question_vocabulary(settings, lexical.tokenizer)
        self.rewriter: QueryRewriter | None = None  # set by the caller (kodeks.rewrite); see retrieval/search/rewriting.py
        titles = sorted({f"{a.law_title or a.law} ({a.law})" for a in catalog.law_heads()})
        self._laws_description = "; ".join(titles[:20])
        # Per article, read once at open: titles/chapters for the title field and the deleted mask —
        # short strings and booleans, never the texts (those stay in the catalog until served).
        fields = catalog.title_rows()
        self._servable = np.fromiter(
            (not is_deleted(Article(id="", law="", article="", text=short if short is not None else "-" * 200,
                                    deleted=deleted))
             for _, _, deleted, short in fields), dtype=bool, count=n_articles)
        self._open_mask = self._searchable & self._servable  # what an unfiltered search may serve
        # Per chunk in article order: its article (the sparse per-article maximum of the lexical scores).
        self._ordered_article = chunk_article[self._chunk_order]
        self._in_article_order = bool(np.array_equal(self._chunk_order, np.arange(len(chunk_article))))
        self._first_chunk = np.full(n_articles, -1, dtype=np.int64)
        with_chunks = np.nonzero(self._searchable)[0]
        self._first_chunk[with_chunks] = self._chunk_order[self._chunk_start[with_chunks]]
        # The title field covers the articles that have chunks (deleted ones have none), as search sees them.
        self._title_rows = np.nonzero(self._searchable)[0]
        self._titles = (TitleIndex.of_texts(lexical.tokenizer, [" ".join(p for p in fields[i][:2] if p) for i in self._title_rows])
                        if settings.title_weight > 0 and self.vocabulary is not None else None)
        del fields
        self._article_stems: dict[str, frozenset[str]] = {}  # filled by explain_matches for served hits
        # Exact: a float32 copy (one BLAS product per query), the file unmapped again. HNSW: rows of the
        # float16 file read by pread for the fused top (vectors.NpyRows: no pages kept in the process).
        self._matrix = np.asarray(vectors, dtype=np.float32) if dense_search == "exact" else None
        self._rows = _row_reader(vectors, settings) if dense_search == "hnsw" else None
        self._vectors = vectors if dense_search == "hnsw" and self._rows is None else None
        del vectors
        self._sorted_ids = all(a < b for a, b in zip(self.chunk_ids, self.chunk_ids[1:]))
        self._chunk_pos = None if self._sorted_ids else {cid: i for i, cid in enumerate(self.chunk_ids)}
        self._sample = self._dense_sample() if dense_search == "hnsw" else None

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, settings: Settings) -> "Retriever":
        """Load the index once: fails clearly if it is missing, incomplete or built by another embedder."""
        require_index(settings)  # before anything could create files in a data dir that has no index
        embedder = make_embedder(settings)
        collection = open_collection(settings, embedder.identity, create=False)
        catalog = Catalog.open(settings.data_dir)
        lexical_dir = settings.lexical_dir
        if not len(catalog) or not (lexical_dir / "chunks.json").exists():
            raise KodeksError(
                f"the index in {settings.data_dir} is empty; build it with `kodeks ingest PATH...` "
                f"(e.g. kodeks ingest data/sample/corpus.jsonl)"
            )
        try:
            lexical = LexicalIndex.load(lexical_dir)
        except (OSError, ValueError, KeyError) as exc:
            raise KodeksError(f"the lexical index in {lexical_dir} is unreadable ({exc}); re-run `kodeks ingest`") from None
        chunk_ids = lexical.chunk_ids
        incomplete = KodeksError(
            f"the index in {settings.data_dir} is incomplete (vectors and lexical index disagree); "
            f"re-run `kodeks ingest` with the same input"
        )
        if not chunk_ids:
            raise incomplete
        # Not collection.count(): at 100,000 chunks it makes Chroma load its HNSW index (~2 KB a chunk)
        # even when search never queries it. The float16 file is checked against the lexical index.
        vectors = load_vectors(settings.data_dir / DENSE_DIR, chunk_ids)
        if vectors is None:
            # An index written before dense/ existed (or out of step): read the vectors from Chroma.
            vectors = read_chroma_vectors(collection, chunk_ids)
            if vectors is None:
                raise incomplete
        if not lexical.current:
            lexical = _retokenized(lexical, collection, settings)
        return cls(settings, embedder, collection, lexical, catalog, vectors, dense_mode(settings, len(chunk_ids)))

    # --- lookups ------------------------------------------------------------------------------

    @property
    def article_count(self) -> int:
        return len(self.catalog)

    def laws(self) -> list[str]:
        return list(self._laws)

    def get(self, article_id: str) -> Article | None:
        return self.catalog.get(article_id)

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
        return self.catalog.jurisdictions()

    def law_jurisdictions(self) -> dict[str, str]:
        """Each loaded law's jurisdiction (as ingested), from one row per law."""
        out: dict[str, str] = {}
        for head in sorted(self.catalog.law_heads(), key=lambda a: a.id):
            out.setdefault(head.law, head.jurisdiction)
        return out

    def parallels(self, article_id: str, jurisdictions: Collection[str] | None = None) -> Any:
        """The corresponding article in the other codes, found by meaning and title: a
        `retrieval.search.parallels.Comparison`, or None for an unknown id."""
        from retrieval.search.parallels import find_parallels

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
        """The loaded laws (name, title, jurisdiction, article count, when ingested), by jurisdiction.
        Reads every catalog row without its text (`kodeks laws`, /zakoni; not search)."""
        from retrieval.index.law_catalog import summarize, table_time

        return summarize(self.catalog.text_less(), self.law_records, table_time(self.settings.data_dir))

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
        references = [Candidate(i, article=a) for a in self._references(lookup, law_name, allowed, named_anywhere=scoped)
                      if (i := self.catalog.index_of(a.id)) >= 0]
        references = self._dedupe(references)
        hits = [Hit(c.article, 1.0, None, None, None, "reference", c.article.text[:300]) for c in references[:keep]]
        # A question that names a law by reference is answered from that law only ("član 5 Ustava" never
        # brings in the Criminal Code's article 5, nor its articles about something similar).
        # With a filter (an officer's scope), the named laws inside it; a law named outside it is served by
        # reference only, and the rest of the context stays in the officer's own law.
        scope = allowed
        if lookup.laws:
            named = self._law_scope(lookup.laws)
            if allowed is None:
                scope = named
            elif (allowed & named).any():
                scope = allowed & named

        expansions = self.vocabulary.expand(query) if self.vocabulary is not None else []
        rewritten = self._rewrite(query, timings) if use_rewriter else None
        if rewritten:
            expansions.append(Expansion("rewrite", fold(query), rewritten))
        candidates, rank = self._candidates(query, scope, timings, expansions) if len(hits) < keep else ([], None)
        candidates = self._dedupe(references[: len(hits)] + candidates)[len(hits):]
        served = serve_with_minimum(candidates, threshold, keep - len(hits), fallback_k - len(hits))
        if rank is not None:
            rank([c for c, _ in served])
        level = served[0][1] if served else "law_first"
        levels = {id(c): lvl for c, lvl in served}
        hits += [Hit(c.article, c.fused, c.similarity, c.dense_rank, c.lexical_rank, levels[id(c)], excerpt)
                 for c, excerpt in self._hydrate([c for c, _ in served])]
        if len(self._article_stems) > STEMS_CACHE:
            self._article_stems.clear()
        explain_matches(hits, self.lexical.tokenizer, query, expansions, self._article_stems)
        if not hits and not (scoped and (allowed is None or not allowed.any())):
            # The filter left nothing: the named law's first articles (ignoring a jurisdiction it lacks).
            pool = allowed if allowed is not None and allowed.any() else self._allowed(law_name, None)
            pool = self._servable if pool is None else (pool & self._servable)
            hits = [Hit(a, 0.0, None, None, None, "law_first", a.text[:300])
                    for a in self.catalog.first_of(np.nonzero(pool)[0].tolist(), fallback_k)]
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

    def _hydrate(self, served: list[Candidate]) -> list[tuple[Candidate, str]]:
        """Read the served articles from the catalog; each excerpt is its best chunk, cut again from the
        article by the chunker ingest used (~0.1 ms; a Chroma get costs ~5-20 ms), or read from Chroma's
        documents when the chunker no longer gives that chunk (KODEKS_MAX_CHUNK_CHARS changed)."""
        articles = self.catalog.many(c.index for c in served if c.article is None)
        texts: dict[str, str] = {}
        missing: list[str] = []
        for c in served:
            if c.article is None:
                c.article = articles[c.index]
            if c.chunk >= 0:
                wanted = self.chunk_ids[c.chunk]
                found = [ch.text for ch in chunk_article(c.article, self.settings.max_chunk_chars) if ch.chunk_id == wanted]
                if found:
                    texts[wanted] = found[0]
                else:
                    missing.append(wanted)
        if missing:
            got = self.collection.get(ids=missing, include=["documents"])
            texts.update(zip(got["ids"], got["documents"]))
        return [(c, texts.get(self.chunk_ids[c.chunk], "") if c.chunk >= 0 else "") for c in served]

    def _canonical_law(self, law: str) -> str:
        if law in self._laws:
            return law
        match = self.references.names.named(law)
        if match is None:
            raise KodeksError(f"unknown law {law!r}; the index has: {', '.join(self.laws())}")
        if match.law is None:
            raise KodeksError(f"{law!r} could mean {', '.join(match.laws)}; name one of them")
        return match.law

    def _law_scope(self, laws: tuple[str, ...]) -> np.ndarray:
        """The articles of the given laws, as a mask over article indexes."""
        codes = [self._law_names.index(law) for law in laws if law in self._law_names]
        return np.isin(self._law_code, codes)

    def _allowed(self, law: str | None, jurisdiction: str | Collection[str] | None) -> np.ndarray | None:
        """Which articles a filter admits, as a mask over article indexes (None = no filter)."""
        if not law and jurisdiction is None:
            return None
        mask = np.ones(len(self.catalog), dtype=bool)
        if jurisdiction is None:
            pass
        elif isinstance(jurisdiction, str):
            j = fold(jurisdiction)
            if j not in self._jurisdictions:
                raise KodeksError(f"unknown jurisdiction {jurisdiction!r}; the index has: {', '.join(self.jurisdictions()) or 'none'}")
            mask &= self._jur_code == self._jur_names.index(j)
        else:
            # An officer's scope: codes the index lacks are fine (no cantonal law loaded), unknown ones are not.
            unknown = [c for c in jurisdiction if find_jurisdiction(c) is None and fold(c) not in self._jurisdictions]
            if unknown:
                raise KodeksError(f"unknown jurisdiction {unknown[0]!r}; known: {known_codes()}")
            wanted = [self._jur_names.index(j) for j in {fold(c) for c in jurisdiction} if j in self._jurisdictions]
            mask &= np.isin(self._jur_code, wanted)
        if law is not None:
            mask &= self._law_code == (self._law_names.index(law) if law in self._law_names else -2)
        return mask

    def _references(self, lookup: ReferenceLookup, law: str | None, allowed: np.ndarray | None,
                    named_anywhere: bool) -> list[Article]:
        """Explicit references inside the filter (deleted articles never); with `named_anywhere`, also a named
        law outside it (an officer asking about another entity's code gets that code, labelled by the caller)."""
        found = [a for a in lookup.articles + lookup.candidates
                 if not a.deleted and (i := self.catalog.index_of(a.id)) >= 0 and self._servable[i]]
        if allowed is None:
            return found
        named = set(lookup.laws) if named_anywhere else set()
        return [a for a in found
                if allowed[self.catalog.index_of(a.id)] or (a.law in named and (law is None or a.law == law))]

    def _candidates(
        self, query: str, allowed: np.ndarray | None, timings: dict[str, float], expansions: list[Expansion] = ()
    ) -> tuple[list[Candidate], Callable[[list[Candidate]], None] | None]:
        """Score the articles with both retrievers, fuse, keep the best `candidate_depth`; and a function
        that fills in the dense and lexical ranks of the candidates given to it — called for the served
        few only (ranking 100 candidates among 100,000 articles was ~1.6 ms of every search).

        Exact (small libraries): every chunk's vector against the query in one product — no HNSW
        recall loss, filters are a mask. HNSW (large libraries): Chroma's index gives the nearest chunks,
        the fused top is re-scored exactly from the compact vectors (docs/architecture.md).
        """
        s = self.settings
        mask = self._open_mask if allowed is None else (self._open_mask & allowed)
        if not mask.any():
            return [], None
        t0 = time.perf_counter()
        use_dense, use_lexical = s.search_mode in ("hybrid", "dense"), s.search_mode in ("hybrid", "lexical")
        n_articles = len(mask)
        dense = np.full(n_articles, -1.0, dtype=np.float32)
        best_dense_chunk = np.full(n_articles, -1, dtype=np.int64)
        qvecs = None
        stats: tuple[float, float] | None = None
        if use_dense:
            queries = [query] + (split_subqueries(query) if s.subqueries else [])
            queries += [e.adds for e in expansions if e.source == "rewrite"]
            qvecs = self.embedder.embed_queries([embedding_text(q) for q in queries])
            t_embed = time.perf_counter()
            if self._matrix is not None:
                chunk_sims = (self._matrix @ qvecs.T).max(axis=1)  # a chunk counts by its best sub-query
                dense, best_dense_chunk = self._per_article(chunk_sims, fill=-1.0)
            else:
                dense, best_dense_chunk, stats = self._hnsw_dense(qvecs, mask, allowed is not None)
        else:
            t_embed = time.perf_counter()
        t1 = time.perf_counter()
        lexical = np.zeros(n_articles, dtype=np.float32)
        best_lexical_chunk = best_dense_chunk
        if use_lexical:
            chunk_lexical = self.lexical.scores(query)
            if expansions and s.expansion_weight:
                chunk_lexical = chunk_lexical + s.expansion_weight * self.lexical.term_scores(legal_terms(expansions))
            lexical, best_lexical_chunk = self._per_article_sparse(chunk_lexical)
        t2 = time.perf_counter()

        depth = min(s.candidate_depth, int(mask.sum()))
        title = None
        if self._titles is not None and expansions:
            title = np.zeros(n_articles, dtype=np.float32)
            rows = self._title_rows
            title[rows] = s.title_weight * self._titles.share_of_best(legal_terms(expansions), mask[rows])
        lexical_stats = _mean_spread(lexical, mask) if s.fusion != "rrf" else None
        fused = self._fuse(dense, lexical, mask, use_dense, use_lexical, stats, title, lexical_stats)
        order = _top(fused, depth)
        if stats is not None and qvecs is not None:
            # HNSW: the fused top gets its exact dense scores, then is fused again (z-scores: only the
            # top changes, so only the top is re-fused; rank fusion ranks them all again).
            exact, chunks = self._exact_dense(order, qvecs)
            dense[order], best_dense_chunk[order] = exact, chunks
            if lexical_stats is None:
                fused = self._fuse(dense, lexical, mask, use_dense, use_lexical, stats, title)
            else:
                fused[order] = self._fuse(dense[order], lexical[order], mask[order], use_dense, use_lexical, stats,
                                          None if title is None else title[order], lexical_stats)
            order = order[np.argsort(-fused[order], kind="stable")]
        candidates = []
        for i in order:
            i = int(i)
            if not np.isfinite(fused[i]):
                continue
            chunk = best_dense_chunk[i] if use_dense else best_lexical_chunk[i]
            candidates.append(
                Candidate(i, fused=float(fused[i]), similarity=float(dense[i]) if use_dense else None, chunk=int(chunk)))
        t3 = time.perf_counter()
        timings.update(embed=(t_embed - t0) * 1000, dense=(t1 - t_embed) * 1000, lexical=(t2 - t1) * 1000, fuse=(t3 - t2) * 1000)

        def rank(chosen: list[Candidate]) -> None:
            wanted = np.asarray([c.index for c in chosen], dtype=np.int64)
            dense_rank = _ranks_of(dense, mask if use_dense else None, wanted)
            lexical_rank = _ranks_of(lexical, mask & (lexical > 0), wanted)
            for c in chosen:
                c.dense_rank = int(dense_rank[c.index]) or None
                c.lexical_rank = int(lexical_rank[c.index]) or None

        return candidates, rank

    def _fuse(self, dense: np.ndarray, lexical: np.ndarray, mask: np.ndarray, use_dense: bool, use_lexical: bool,
              dense_stats: tuple[float, float] | None, title: np.ndarray | None = None,
              lexical_stats: tuple[float, float] | None = None) -> np.ndarray:
        """Fused score per article (-inf outside the mask). The `*_stats` give the z-scores' mean and
        spread when the arrays are not all the admitted articles (HNSW's sample; the re-fused top)."""
        s = self.settings
        if s.fusion == "rrf":
            dense_rank = _ranks(np.where(mask, dense, -np.inf), valid=mask if use_dense else None)
            lexical_rank = _ranks(np.where(mask, lexical, -np.inf), valid=mask & (lexical > 0))
            fused = _rrf_scores(dense_rank, s.dense_weight, s.rrf_k) + _rrf_scores(lexical_rank, s.lexical_weight, s.rrf_k)
        else:
            dense_z = _zscore(dense, mask, dense_stats) if use_dense else 0.0
            fused = s.dense_weight * dense_z + s.lexical_weight * _zscore(lexical, mask, lexical_stats) * use_lexical
        if title is not None:
            fused = fused + title
        return np.where(mask, fused, -np.inf)

    # --- dense through Chroma's HNSW index -------------------------------------------------------

    def _dense_sample(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A fixed sample of articles' chunk vectors (float32, in memory, ~3 MB), for the dense score's
        mean and spread in z-score fusion when only the nearest chunks are known.
        Returns (vectors grouped by article, each group's first row, each group's article index)."""
        searchable = np.nonzero(self._searchable)[0]
        rnd = np.random.default_rng(0)
        picked = np.sort(rnd.choice(searchable, size=min(DENSE_SAMPLE, len(searchable)), replace=False))
        groups = [self._chunk_order[self._chunk_start[i]:self._chunk_start[i + 1]] for i in picked]
        starts = np.cumsum([0] + [len(g) for g in groups[:-1]])
        return self._read_rows(np.concatenate(groups)), starts, picked

    def _read_rows(self, rows: np.ndarray) -> np.ndarray:
        """These chunks' vectors as float32 (HNSW mode: from the float16 file)."""
        if self._rows is not None:
            return self._rows.rows(rows)
        order = np.argsort(rows)
        out = np.empty((len(rows), self._vectors.shape[1]), dtype=np.float32)
        out[order] = self._vectors[rows[order]]
        return out

    def _hnsw_dense(self, qvecs: np.ndarray, mask: np.ndarray, filtered: bool
                    ) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
        """Dense article scores from Chroma's nearest chunks; articles it did not return get the lowest
        similarity it did return (an upper bound) until the fused top is re-scored exactly."""
        n = len(mask)
        allowed_chunks = int(mask[self._chunk_article_index].sum()) if filtered else len(self.chunk_ids)
        depth = min(HNSW_DEPTH_FACTOR * self.settings.candidate_depth, allowed_chunks)
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
            owners = self._chunk_article_index[row_arr[order]]
            sims[owners], best[owners] = sim_arr[order], row_arr[order]
        vectors, starts, articles = self._sample  # type: ignore[misc]
        keep = mask[articles] if filtered else None
        if keep is not None and keep.sum() < 50:  # a narrow filter: score its articles exactly instead
            exact, _ = self._exact_dense(np.nonzero(mask)[0], qvecs)
            return sims, best, (float(exact.mean()), float(exact.std()))
        per = np.maximum.reduceat((vectors @ qvecs.T).max(axis=1), starts)
        if keep is not None:
            per = per[keep]
        return sims, best, (float(per.mean()), float(per.std()))

    def _exact_dense(self, articles: np.ndarray, qvecs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Exact dense score (best chunk, best sub-query) of these articles from the compact vectors."""
        starts, ends = self._chunk_start[articles], self._chunk_start[np.asarray(articles) + 1]
        rows = np.concatenate([self._chunk_order[a:b] for a, b in zip(starts, ends)]) if len(articles) else np.zeros(0, np.int32)
        sims = (self._read_rows(rows) @ qvecs.T).max(axis=1)
        owner = np.repeat(np.arange(len(articles)), ends - starts)
        scores = np.full(len(articles), -1.0, dtype=np.float32)
        np.maximum.at(scores, owner, sims)
        best = np.full(len(articles), -1, dtype=np.int64)
        is_best = sims >= scores[owner]
        best[owner[is_best]] = rows[is_best]
        return scores, best

    def _row_of(self, chunk_id: str) -> int:
        if self._chunk_pos is not None:
            return self._chunk_pos.get(chunk_id, -1)
        i = bisect.bisect_left(self.chunk_ids, chunk_id)
        return i if i < len(self.chunk_ids) and self.chunk_ids[i] == chunk_id else -1

    def _where(self, mask: np.ndarray) -> dict[str, Any] | None:
        """The filter as a Chroma metadata filter (the law and jurisdiction spellings it admits)."""
        laws = sorted({self._law_names[c] for c in np.unique(self._law_code[mask])})
        return {"law": {"$in": laws}} if laws else None

    def _per_article(self, chunk_scores: np.ndarray, fill: float) -> tuple[np.ndarray, np.ndarray]:
        """Article score = its best chunk's score (and which chunk that was): one reduceat over the
        chunks in article order (np.maximum.at is ~10× slower at 100,000 chunks)."""
        scores = np.full(len(self._searchable), fill, dtype=np.float32)
        has = self._searchable
        ordered = chunk_scores.astype(np.float32)[self._chunk_order]
        scores[has] = np.maximum.reduceat(ordered, self._chunk_start[:-1][has])
        best = np.full(len(self._searchable), -1, dtype=np.int64)
        is_best = chunk_scores >= scores[self._chunk_article_index]
        best[self._chunk_article_index[is_best]] = np.nonzero(is_best)[0]
        return scores, best

    def _per_article_sparse(self, chunk_scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`_per_article` for scores ≥ 0 of which most are 0 (BM25: a question's words occur in a few
        per cent of the chunks): the maximum over the nonzero chunks only; an article without any keeps
        0 and its first chunk."""
        scores = np.zeros(len(self._searchable), dtype=np.float32)
        best = self._first_chunk.copy()
        ordered = chunk_scores.astype(np.float32, copy=False)
        if not self._in_article_order:
            ordered = ordered[self._chunk_order]
        found = np.flatnonzero(ordered)
        if not len(found):
            return scores, best
        owners, values = self._ordered_article[found], ordered[found]
        starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])  # owners ascend: article order
        scores[owners[starts]] = np.maximum.reduceat(values, starts)
        is_best = values >= scores[owners]
        best[owners[is_best]] = self._chunk_order[found[is_best]]
        return scores, best

    def _dedupe(self, candidates: list[Candidate]) -> list[Candidate]:
        """Identical article text in two laws (re-published provisions) is shown once: the better ranked."""
        seen: set[int] = set()
        out = []
        for cand in candidates:
            digest = int(self._hash_code[cand.index])
            if digest not in seen:
                seen.add(digest)
                out.append(cand)
        return out


class CatalogReferences(ReferenceResolver):
    """Explicit references answered from the catalog on disk: law names from one row per law, article
    lookups by SQL (an index over (law, number)) instead of two dicts of every article in memory.
    Only the two raw lookups are overridden; names, ambiguity and Roman numbers are ReferenceResolver's."""

    def __init__(self, catalog: Catalog, aliases: dict[str, str],
                 law_aliases: Mapping[str, Iterable[str]] | None = None) -> None:
        super().__init__(catalog.law_heads(), aliases, law_aliases)
        self._catalog = catalog
        self._by_law_number, self._by_number = {}, {}

    def _article(self, law: str, number: str) -> Article | None:
        return self._catalog.by_law_number(law, number)

    def _numbered(self, number: str) -> list[Article]:
        return self._catalog.by_number(number)


# An index written by an older tokeniser is re-tokenised in memory at open up to this many chunks
# (~2 ms a chunk, no embedding); above it, opening refuses and says to run `kodeks ingest` once — at
# 100,000 chunks the in-memory rebuild took 202 s and 5.5 GB at every start of the bot.
RETOKENIZE_AT_OPEN_MAX = 10_000


def _retokenized(lexical: LexicalIndex, collection: Any, settings: Settings) -> LexicalIndex:
    """The lexical index of an older tokeniser, rebuilt in memory (small indexes), or a clear refusal."""
    chunks = len(lexical.chunk_ids)
    if chunks > RETOKENIZE_AT_OPEN_MAX:
        minutes = max(1, round(chunks * 0.002 / 60))
        raise KodeksError(
            f"the lexical index in {settings.lexical_dir} was tokenised by an older version of kodeks "
            f"or other variant rules (data/bcs_variants.toml); "
            f"upgrade it once with `kodeks ingest` and the same input (nothing is re-embedded; "
            f"about {minutes} min for {chunks:,} chunks)"
        )
    return LexicalIndex.build(lexical.tokenizer.language, lexical.chunk_ids, iter_chroma_documents(collection, lexical.chunk_ids))


def _label(jurisdiction: str | Collection[str] | None) -> str | None:
    """What a result records as its jurisdiction: the code, or the officer's own code of a scope."""
    if jurisdiction is None or isinstance(jurisdiction, str):
        return jurisdiction
    if isinstance(jurisdiction, Scope):
        return jurisdiction.officer
    return ",".join(jurisdiction) or None


def _row_reader(vectors: np.ndarray, settings: Settings) -> NpyRows | None:
    """pread access to the float16 file behind a memory map (None for vectors read from Chroma)."""
    if not isinstance(vectors, np.memmap):
        return None
    return NpyRows(settings.data_dir / DENSE_DIR / VECTORS)


def dense_mode(settings: Settings, chunks: int) -> str:
    """KODEKS_DENSE_SEARCH: `exact` / `hnsw` as set; `auto` = exact up to KODEKS_EXACT_MAX_CHUNKS chunks."""
    if settings.dense_search != "auto":
        return settings.dense_search
    return "exact" if chunks <= settings.exact_max_chunks else "hnsw"


def read_chroma_documents(collection: Any, chunk_ids: list[str]) -> list[str]:
    return list(iter_chroma_documents(collection, chunk_ids))


def _codes(values: Iterable[str]) -> tuple[list[str], np.ndarray]:
    """Strings → (distinct values, int32 code per value): per-article columns without a string each."""
    names: dict[str, int] = {}
    codes = np.fromiter((names.setdefault(v, len(names)) for v in values), dtype=np.int32)
    return list(names), codes


def _top(scores: np.ndarray, depth: int) -> np.ndarray:
    """Indexes of the `depth` best scores, best first, ties by index (a full argsort, without sorting
    100,000 scores: select, then sort the few)."""
    if depth <= 0:
        return np.zeros(0, dtype=np.int64)
    if depth < len(scores):
        top = np.sort(np.argpartition(-scores, depth - 1)[:depth])
    else:
        top = np.arange(len(scores))
    return top[np.argsort(-scores[top], kind="stable")]


def _ranks_of(scores: np.ndarray, valid: np.ndarray | None, wanted: np.ndarray) -> np.ndarray:
    """`_ranks` for the `wanted` articles only (the served few): 1 + how many valid articles score
    higher (ties share a rank); 0 where not valid. One comparison over the articles per wanted one
    (~15 µs at 100,000) instead of an argsort of them all per query."""
    ranks = np.zeros(len(scores), dtype=np.int64)
    if valid is None:
        return ranks
    for i in wanted[valid[wanted]] if len(wanted) else ():
        ranks[i] = np.count_nonzero((scores > scores[i]) & valid) + 1
    return ranks


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


def _mean_spread(scores: np.ndarray, mask: np.ndarray) -> tuple[float, float]:
    """Mean and standard deviation of the admitted articles' scores ((0, 0) when none is admitted)."""
    values = scores[mask]
    return (float(values.mean()), float(values.std())) if values.size else (0.0, 0.0)


def _zscore(scores: np.ndarray, mask: np.ndarray, stats: tuple[float, float] | None = None) -> np.ndarray:
    """Standardise scores over the admitted articles, so cosine and BM25 scales can be added.

    `stats` gives the mean and spread when only some scores are known (HNSW: from a sample)."""
    mean, spread = _mean_spread(scores, mask) if stats is None else stats
    if spread < 1e-9:
        return np.zeros_like(scores, dtype=np.float64)
    return (scores - mean) / spread

