"""The search the bot, `kodeks search` and `kodeks eval retrieval` all run.

    question ─► explicit reference? ─► that article first (level "reference")
             └► dense (vectors in memory) + lexical (BM25) scores of every article ─► fused (z-scores, weighted)
                ─► identical texts removed ─► fallback chain:
                   above the threshold ("threshold") │ else best regardless ("top_k")
                   │ a filter that leaves nothing ─► that law's first articles ("law_first")

The index is loaded once per process (`Retriever.open`); a query costs one embedding call plus
in-memory work, and reads from disk only what it serves: the hits' article rows (retrieval/catalog.py)
and, for libraries above KODEKS_EXACT_MAX_CHUNKS, Chroma's HNSW answer plus a few vector rows
(docs/architecture.md, "Memory budget per chunk").
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.catalog import Catalog
from retrieval.chunking import article_id_of, chunk_article
from retrieval.embedders import Embedder, make_embedder
from retrieval.lexical import LexicalIndex
from retrieval.normalize import embedding_text, fold
from retrieval.references import ReferenceResolver
from retrieval.subqueries import split_subqueries
from retrieval.store import open_collection
from retrieval.types import Article, Hit, SearchResult
from retrieval.vectors import DENSE_DIR, READ_BATCH, VECTORS, NpyRows, load_vectors, read_chroma_vectors

DENSE_SAMPLE = 2000  # articles whose dense scores stand for all in HNSW mode's z-score
HNSW_DEPTH_FACTOR = 1  # nearest chunks asked of Chroma = this × KODEKS_CANDIDATE_DEPTH (k = 200 costs ~2-4× k = 100)

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
        self.references = CatalogReferences(catalog, settings.aliases())
        self._laws = sorted(set(self._law_names))
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
            # Built by an older tokeniser: re-tokenise in memory (seconds, no embedding); `kodeks ingest` saves it.
            lexical = LexicalIndex.build(lexical.tokenizer.language, chunk_ids, read_chroma_documents(collection, chunk_ids))
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

        references = [Candidate(i, article=a) for a in self.references.resolve(query)
                      if (i := self.catalog.index_of(a.id)) >= 0 and (allowed is None or allowed[i])]
        references = self._dedupe(references)
        hits = [Hit(c.article, 1.0, None, None, None, "reference", c.article.text[:300]) for c in references[:keep]]

        candidates = self._candidates(query, allowed, timings) if len(hits) < keep else []
        candidates = self._dedupe(references[: len(hits)] + candidates)[len(hits):]
        passing = [c for c in candidates if c.similarity is not None and c.similarity >= threshold]
        if passing:
            served, level = passing, "threshold"
        elif candidates:
            served, level = candidates[: max(fallback_k, 1)], "top_k"
        else:
            served, level = [], "law_first"
        served = self._hydrate(served[: keep - len(hits)])
        hits += [Hit(c.article, c.fused, c.similarity, c.dense_rank, c.lexical_rank, level, excerpt)
                 for c, excerpt in served]
        if not hits:
            # The filter left nothing: the named law's first articles (ignoring a jurisdiction it lacks).
            pool = allowed if allowed is not None and allowed.any() else self._allowed(law_name, None)
            indexes = np.nonzero(pool if pool is not None else self._searchable)[0]
            hits = [Hit(a, 0.0, None, None, None, "law_first", a.text[:300])
                    for a in self.catalog.first_of(indexes.tolist(), fallback_k)]
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
        named = self.references.law_named(law)
        if named is None:
            raise KodeksError(f"unknown law {law!r}; the index has: {', '.join(self.laws())}")
        return named

    def _allowed(self, law: str | None, jurisdiction: str | None) -> np.ndarray | None:
        """Which articles a filter admits, as a mask over article indexes (None = no filter)."""
        if not law and not jurisdiction:
            return None
        j = fold(jurisdiction) if jurisdiction else None
        if j is not None and j not in self._jurisdictions:
            known = self.catalog.jurisdictions()
            raise KodeksError(f"unknown jurisdiction {jurisdiction!r}; the index has: {', '.join(known) or 'none'}")
        mask = np.ones(len(self.catalog), dtype=bool)
        if law is not None:
            mask &= self._law_code == (self._law_names.index(law) if law in self._law_names else -2)
        if j is not None:
            mask &= self._jur_code == self._jur_names.index(j)
        return mask

    def _candidates(self, query: str, allowed: np.ndarray | None, timings: dict[str, float]) -> list[Candidate]:
        """Score the articles with both retrievers, fuse, keep the best `candidate_depth`.

        Exact (small libraries): every chunk's vector against the query in one product — no HNSW
        recall loss, filters are a mask. HNSW (large libraries): Chroma's index gives the nearest chunks,
        the fused top is re-scored exactly from the compact vectors (docs/architecture.md).
        """
        s = self.settings
        mask = self._searchable if allowed is None else (self._searchable & allowed)
        if not mask.any():
            return []
        t0 = time.perf_counter()
        use_dense, use_lexical = s.search_mode in ("hybrid", "dense"), s.search_mode in ("hybrid", "lexical")
        n_articles = len(mask)
        dense = np.full(n_articles, -1.0, dtype=np.float32)
        best_dense_chunk = np.full(n_articles, -1, dtype=np.int64)
        qvecs = None
        stats: tuple[float, float] | None = None
        if use_dense:
            queries = [query] + (split_subqueries(query) if s.subqueries else [])
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
            lexical, best_lexical_chunk = self._per_article(self.lexical.scores(query), fill=0.0)
        t2 = time.perf_counter()

        depth = min(s.candidate_depth, int(mask.sum()))
        fused = self._fuse(dense, lexical, mask, use_dense, use_lexical, stats)
        order = _top(fused, depth)
        if stats is not None and qvecs is not None:
            # HNSW: the fused top gets its exact dense scores, then is fused again.
            exact, chunks = self._exact_dense(order, qvecs)
            dense[order], best_dense_chunk[order] = exact, chunks
            fused = self._fuse(dense, lexical, mask, use_dense, use_lexical, stats)
            order = order[np.argsort(-fused[order], kind="stable")]
        dense_rank = _ranks_of(dense, mask if use_dense else None, order)
        lexical_rank = _ranks_of(lexical, mask & (lexical > 0), order)
        candidates = []
        for i in order:
            i = int(i)
            if not np.isfinite(fused[i]):
                continue
            chunk = best_dense_chunk[i] if use_dense else best_lexical_chunk[i]
            candidates.append(
                Candidate(
                    i,
                    dense_rank=int(dense_rank[i]) if dense_rank[i] > 0 else None,
                    lexical_rank=int(lexical_rank[i]) if lexical_rank[i] > 0 else None,
                    fused=float(fused[i]),
                    similarity=float(dense[i]) if use_dense else None,
                    chunk=int(chunk),
                )
            )
        t3 = time.perf_counter()
        timings.update(embed=(t_embed - t0) * 1000, dense=(t1 - t_embed) * 1000, lexical=(t2 - t1) * 1000, fuse=(t3 - t2) * 1000)
        return candidates

    def _fuse(self, dense: np.ndarray, lexical: np.ndarray, mask: np.ndarray, use_dense: bool, use_lexical: bool,
              dense_stats: tuple[float, float] | None) -> np.ndarray:
        s = self.settings
        if s.fusion == "rrf":
            dense_rank = _ranks(np.where(mask, dense, -np.inf), valid=mask if use_dense else None)
            lexical_rank = _ranks(np.where(mask, lexical, -np.inf), valid=mask & (lexical > 0))
            fused = _rrf_scores(dense_rank, s.dense_weight, s.rrf_k) + _rrf_scores(lexical_rank, s.lexical_weight, s.rrf_k)
        else:
            dense_z = _zscore(dense, mask, dense_stats) if use_dense else 0.0
            fused = s.dense_weight * dense_z + s.lexical_weight * _zscore(lexical, mask) * use_lexical
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
    lookups by SQL (an index over (law, number)) instead of two dicts of every article in memory."""

    def __init__(self, catalog: Catalog, aliases: dict[str, str]) -> None:
        super().__init__(catalog.law_heads(), aliases)
        self._catalog = catalog
        self._by_law_number, self._by_number = {}, {}

    def _article(self, law: str, number: str) -> Article | None:
        return self._catalog.by_law_number(law, number)

    def _numbered(self, number: str) -> list[Article]:
        return self._catalog.by_number(number)


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
    texts: dict[str, str] = {}
    for start in range(0, len(chunk_ids), READ_BATCH):
        got = collection.get(ids=chunk_ids[start:start + READ_BATCH], include=["documents"])
        texts.update(zip(got["ids"], got["documents"]))
    return [texts.get(cid, "") for cid in chunk_ids]


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
    """`_ranks` for the `wanted` articles only (the candidates): 1 + how many valid articles score higher
    (ties share a rank); 0 where not valid. One searchsorted of all scores into the candidates' sorted
    scores, instead of an argsort of 100,000 per query (and immune to the many equal scores a sort or
    a selection slows down on)."""
    ranks = np.zeros(len(scores), dtype=np.int64)
    if valid is None or not len(wanted):
        return ranks
    chosen = wanted[valid[wanted]]
    if not len(chosen):
        return ranks
    pool = scores[valid]
    values = scores[chosen]
    order = np.argsort(values, kind="stable")
    below = np.searchsorted(values[order], pool, side="left")  # candidates scoring below each article
    higher = np.cumsum(np.bincount(below, minlength=len(values) + 1)[::-1])[::-1]  # higher[j]: articles above j-1
    ranks[chosen[order]] = higher[1:] + 1
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


def _zscore(scores: np.ndarray, mask: np.ndarray, stats: tuple[float, float] | None = None) -> np.ndarray:
    """Standardise scores over the admitted articles, so cosine and BM25 scales can be added.

    `stats` gives the mean and spread when only some scores are known (HNSW: from a sample)."""
    if stats is None:
        values = scores[mask]
        if values.size == 0:
            return np.zeros_like(scores, dtype=np.float64)
        stats = (float(values.mean()), float(values.std()))
    mean, spread = stats
    if spread < 1e-9:
        return np.zeros_like(scores, dtype=np.float64)
    return (scores - mean) / spread

