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

This module is the façade: it wires the parts (layout.py, dense.py, candidates.py, serving.py,
references.py) once at open and runs the steps of one search in order; scoring lives in those parts.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.catalog import Catalog
from retrieval.index.chunking import chunk_article
from retrieval.index.law_catalog import summarize, table_time
from retrieval.index.opening import OpenedIndex, open_index, row_reader
from retrieval.index.title_fields import has_vectors as has_title_vectors
from retrieval.index.title_fields import stored_vectors
from retrieval.index.title_fields import title_fields as read_title_fields
from retrieval.jurisdictions import Scope, ancestors, as_scope, known_codes, names_level_above, scope_of
from retrieval.jurisdictions import find as find_jurisdiction
from retrieval.language.asking import asking_clause
from retrieval.language.normalize import fold
from retrieval.language.vocabulary import Expansion, question_vocabulary
from retrieval.ranking.model import SHIPPED as SHIPPED_RANKER
from retrieval.ranking.model import RankerModel
from retrieval.ranking.model import load as load_ranker
from retrieval.search.candidates import Asked, Candidate, CandidateFinder, QuestionReading, Ranker
from retrieval.search.confidence import (
    LEAD_RANK,
    LEARNED_MODEL,
    WEAK_DEPTH,
    field_stems,
    is_weak,
    label_confident,
    lead_of,
    legal_term_named,
    term_in_fields,
    title_share,
)
from retrieval.search.contrast import NeighbourContrast, specific_terms
from retrieval.search.coverage import TopicCoverage, judge
from retrieval.search.dense import DenseScorer
from retrieval.search.followup import fuse_alone
from retrieval.search.general_part import general_part, own_institution_first
from retrieval.search.law_kinds import (
    CircumstanceReading,
    HarmReading,
    KindTopics,
    LawKind,
    StateField,
    asks_for_a_rule,
)
from retrieval.search.layout import ArticleLayout
from retrieval.search.library_priors import LibraryPriors
from retrieval.search.named_act import NamedTitles, read_named
from retrieval.search.officer_acts import asks_own_act, names_official, officials_first
from retrieval.search.parallels import Comparison, find_parallels
from retrieval.search.rank_signals import RankSignals
from retrieval.search.references import ReferenceResolver, cites
from retrieval.search.rewriting import QueryRewriter
from retrieval.search.serving import explain_matches, says_deleted, serve_with_minimum
from retrieval.search.title_field import TitleIndex
from retrieval.types import Article, Hit, LawSummary, ReferenceLookup, SearchResult, ThreadContext

log = logging.getLogger(__name__)

CONTRAST_POOL = 5  # the first served the neighbour contrast reorders when no learned stage names its cascade's size
STEMS_CACHE = 2000  # served articles whose stems explain_matches keeps (cleared when full: memory stays flat)


@dataclass(frozen=True)
class _ThreadTopic:
    """What the thread's kinds of law are to one search (`Retriever._thread_topic`)."""

    kinds: frozenset[str]  # the topic, when the question names none of its own
    weight: float | None  # how far other kinds are lowered; None: KODEKS_TOPIC_AFFINITY
    named: frozenset[str]  # kinds counted as named by the question's own words


class Retriever:
    """Hybrid search over one index. Thread-safe for concurrent `search` calls.

    In memory: chunk ids, chunk → article indexes, per-article law/jurisdiction/text-hash codes, the
    memory-mapped BM25 arrays and, for exact dense search, one float32 matrix of the vectors; article
    and chunk texts stay on disk (catalog, Chroma documents) until a hit is served.
    """

    def __init__(self, settings: Settings, index: OpenedIndex) -> None:
        self.settings = settings
        self._index = index  # closed by `close()` (the bot switching to a newer generation)
        self.embedder = index.embedder
        self.collection = index.collection
        self.lexical = index.lexical
        catalog = index.catalog
        self.articles: Mapping[str, Article] = catalog
        self.catalog = catalog
        self.chunk_ids = index.lexical.chunk_ids
        self.dense_search = index.dense_search  # "exact" | "hnsw" (docs/architecture.md: when each is used)
        self.layout = layout = ArticleLayout(self.chunk_ids, catalog)
        self._jurisdictions = set(layout.jurisdiction_names)
        self.law_records = index.law_records
        self.references = CatalogReferences(
            catalog, settings.aliases(), {law: r.get("aliases", []) for law, r in self.law_records.items()}
        )
        self._laws = sorted(set(layout.law_names))
        self.vocabulary = question_vocabulary(settings, self.lexical.tokenizer)
        # Which kinds of law a question talks about, against what each loaded law is (coverage.py: `weak`).
        self.kind_topics = KindTopics.of(self.vocabulary) if self.vocabulary is not None else None
        # Whether a question tells a matter of the state's field (the border, customs, war crimes …): library_priors.py
        self.state_field = StateField.of(self.vocabulary) if self.vocabulary is not None else None
        # Which criminal offences a story of a named kind's subject is about for the harm it tells (law_kinds.py)
        self.harm = HarmReading.of(self.vocabulary) if self.vocabulary is not None else None
        # Which kinds of law a story names only by a circumstance of its act (a vehicle, a driver): law_kinds.py
        self.circumstance = (
            CircumstanceReading.of(self.kind_topics, vocabulary=self.vocabulary)
            if self.kind_topics is not None
            else None
        )
        self._kinds_of_law = {
            law: frozenset(k.kind for k in kinds) for law, kinds in self.references.names.kinds.items()
        }
        self.rewriter: QueryRewriter | None = (
            None  # set by the caller (kodeks.answering); see retrieval/search/rewriting.py
        )
        titles = sorted({f"{a.law_title or a.law} ({a.law})" for a in catalog.law_heads()})
        self._laws_description = "; ".join(titles[:20])
        # Per article, read once at open: titles/chapters for the title field and the deleted mask —
        # short strings and booleans, never the texts (those stay in the catalog until served).
        fields = catalog.title_rows()
        self._servable = np.fromiter(
            (not (deleted or says_deleted(short)) for _, _, deleted, short in fields), dtype=bool, count=len(catalog)
        )
        self._open_mask = layout.searchable & self._servable  # what an unfiltered search may serve
        # Offence titles a question may name whole (named_act.py)
        self.named_titles = (
            NamedTitles([title for title, _, _, _ in fields], self.vocabulary.acts())
            if self.vocabulary is not None and settings.named_act
            else None
        )
        # The title field covers the articles that have chunks (deleted ones have none), as search sees them.
        title_rows = np.nonzero(layout.searchable)[0]
        title_index = (
            TitleIndex.of_texts(self.lexical.tokenizer, self._title_field_texts(fields, title_rows))
            if settings.title_weight > 0 and self.vocabulary is not None
            else None
        )
        priors = self._library_priors(index.vectors, [title for title, _, _, _ in fields])
        titled = np.fromiter((bool(title) for title, _, _, _ in fields), dtype=bool, count=len(fields))
        self._titled = titled
        self._officials: np.ndarray | None = None  # per article: names the authorised official (officer_acts.py)
        # Per article: in its code's general part (general_part.py), over a library of several laws only
        self._general = (
            general_part([c for _, c, _, _ in fields], catalog.article_numbers(), layout.law_code)
            if priors is not None and settings.own_general_part
            else None
        )
        del fields
        self._article_stems: dict[str, frozenset[str]] = {}  # filled by explain_matches for served hits
        self._field_stems: dict[str, frozenset[str]] = {}  # their titles' and chapters' stems (confidence.py)
        vectors_file = row_reader(index.vectors, index.paths) if self.dense_search == "hnsw" else None
        self.dense = DenseScorer(
            layout,
            self.chunk_ids,
            self.collection,
            index.vectors,
            self.dense_search,
            settings.candidate_depth,
            vectors_file,
        )
        ranking = self._ranking(index.paths.root)
        # `weak` reads the learned score of the first article only on the model its constant was chosen for
        self._learned_weak = ranking is not None and ranking.fingerprint == LEARNED_MODEL
        self.candidates = CandidateFinder(
            settings, self.embedder, self.lexical, layout, self.dense, title_index, title_rows, titled, priors, ranking
        )
        self.candidates.signals = RankSignals(
            self.lexical,
            layout,
            # the catalog only, not a bound method: a Retriever → signals → Retriever cycle would outlive the
            # last reference until a GC pass, holding the generation's reader lease (an old one never cleaned)
            functools.partial(read_title_fields, self.catalog),
            self.embedder.embed_passages,
            functools.partial(stored_vectors, index.paths.root, embedder=self.embedder.identity.describe()),
        )
        if self.candidates.ranking is not None:
            self.candidates.signals.prepare()  # the title vectors at open, not in the first question's time
        self.contrast = NeighbourContrast(
            self.lexical, layout.chunk_article, layout.law_code, functools.partial(read_title_fields, self.catalog)
        )

    def _contrasted(
        self,
        query: str,
        candidates: list[Candidate],
        before: int,
        expansions: Sequence[Expansion] = (),
        timings: dict[str, float] | None = None,
        own_turn: bool = True,
    ) -> list[Candidate]:
        """The first served (the cascade's pool) with near neighbours reordered among themselves by what tells them
        apart in the question (contrast.py, KODEKS_NEIGHBOUR_CONTRAST): the same articles, so hit@5 is unchanged.
        Its time counts in the ranking stage's (`timings["rank"]`): both order the same five. `own_turn`: no thread's
        inherited words were read with the question, so a longer phrase tells the form of a shorter one's act
        (`contrast.specific_terms`); a follow-up's inherited words are another turn's story."""
        weight = self.settings.neighbour_contrast
        head = self._served_head(candidates, before)
        if weight <= 0 or len(head) < 2:
            return candidates
        started = time.perf_counter()
        learned = all(c.learned is not None for c in head)
        base = [float(c.learned) if learned and c.learned is not None else c.fused for c in head]
        # the vocabulary's reading, not Claude's text, less a form a longer phrase varies (contrast.specific_terms)
        read = [(e.matched, e.adds) for e in expansions if e.source != "rewrite"]
        terms = specific_terms(read) if own_turn else [adds for _, adds in read]  # no thread's inherited words
        order = self.contrast.reorder(query, [c.index for c in head], base, weight, terms)
        if timings is not None:
            timings["rank"] = timings.get("rank", 0.0) + (time.perf_counter() - started) * 1000
        if order == list(range(len(head))):
            return candidates
        # the hand scores stay by rank, as the stage's serve leaves them (`weak`'s lead, the logged scores)
        return _in_order(candidates, len(head), order, sorted((c.fused for c in head), reverse=True))

    def _served_head(self, candidates: list[Candidate], before: int) -> list[Candidate]:
        """The first served candidates the stages after the learned one may reorder among themselves: the cascade's
        pool (its `rerank`, CONTRAST_POOL without a stage) less the `before` places references took."""
        stage = self.candidates.ranking
        return candidates[: max(0, (stage.rerank if stage is not None else CONTRAST_POOL) - before)]

    def _own_general_part(
        self, candidates: list[Candidate], before: int, officer: str | None, query: str, field: bool
    ) -> list[Candidate]:
        """The first served with each lowered twin of a general-part institution moved to just below its pair's
        preferred copy, where the learned stage put it above (general_part.py, KODEKS_OWN_GENERAL_PART): the same
        articles, the hand scores kept by rank. The pair is the twin penalty's (`LibraryPriors.twins_of`: the
        officer's level, or the level above where the question names it)."""
        priors = self.candidates.priors
        if not self.settings.own_general_part or priors is None or self._general is None or not officer:
            return candidates
        lowered = priors.twins_of(officer, self._level_above(query, officer, field))
        partner = priors.partners.get(fold(officer))
        head = self._served_head(candidates, before)
        if lowered is None or partner is None or len(head) < 2:
            return candidates
        order = own_institution_first([c.index for c in head], lowered, partner, self._general)
        if order == list(range(len(head))):
            return candidates
        # the scores stay by rank, as the stage's serve leaves them
        return _in_order(candidates, len(head), order, [c.fused for c in head])

    def _officer_acts(self, query: str, candidates: list[Candidate], before: int) -> list[Candidate]:
        """The first served with, within each law's slots, the untitled articles whose opening sentence names the
        authorised official first, where the question asks in the first person what the officer may or must do
        (officer_acts.py, KODEKS_OFFICER_ACTS): the same articles, the hand scores kept by rank."""
        head = self._served_head(candidates, before)
        if not self.settings.officer_acts or len(head) < 2 or not asks_own_act(query):
            return candidates
        officials = self._official_articles()
        order = officials_first(
            [int(self.layout.law_code[c.index]) for c in head], [bool(officials[c.index]) for c in head]
        )
        if order == list(range(len(head))):
            return candidates
        return _in_order(candidates, len(head), order, [c.fused for c in head])

    def _official_articles(self) -> np.ndarray:
        """Per article: untitled, and its opening sentence names the authorised official (read once)."""
        if self._officials is None:
            titles = read_title_fields(self.catalog).titles
            self._officials = np.fromiter(
                (not self._titled[i] and names_official(t) for i, t in enumerate(titles)),
                dtype=bool,
                count=len(titles),
            )
        return self._officials

    def _ranking(self, generation: Path) -> RankerModel | None:
        """The learned ranking stage KODEKS_RANKER names (None: "off"). "on" is the model kodeks ships, trained over
        the default local embedder: an index of another embedder is served the hand-weighted order (what that
        model learned is meaningless on other scores), and so is a generation written before title vectors were
        stored with it (embedding every title at each open would cost a library minutes per start); a warning
        says which and how to change it. A file named is refused when trained over another embedder
        (RankerMismatchError), and over an old generation embeds the titles in memory: whoever named it meant it
        to serve."""
        name = self.settings.ranker.strip()
        if not name or name.lower() == "off":
            return None
        embedder = self.embedder.identity.describe()
        if name.lower() == "on":
            model = load_ranker(SHIPPED_RANKER)
            if model.embedder != embedder:
                log.warning(
                    "the shipped ranking model was trained over %s, this index is searched with %s: the hand-weighted "
                    "order serves (train one for this index: kodeks eval train-ranker; KODEKS_RANKER=FILE)",
                    model.embedder,
                    embedder,
                )
                return None
            if not has_title_vectors(generation):
                log.warning(
                    "this index was written before the learned ranking's title vectors were stored with it: the "
                    "hand-weighted order serves until the next `kodeks ingest` (of the same files is enough)"
                )
                return None
            return model.check(embedder)
        return load_ranker(Path(name).expanduser()).check(embedder)

    def _read_named(self, text: str, scope: np.ndarray | None, expansions: list[Expansion]) -> list[Expansion]:
        """An offence's title the officer wrote whole reads the story's other additions as circumstances
        (named_act.py)."""
        if self.named_titles is None:
            return expansions
        mask = self._open_mask if scope is None else (self._open_mask & scope)
        return read_named(expansions, self.named_titles.named(text, mask))

    def _title_field_texts(self, fields: list[tuple[str, str, bool, str | None]], rows: np.ndarray) -> list[str]:
        """Title and chapter of each of these articles (`fields`: the catalog's title rows); an article without a
        title (a traffic law's) is represented by its opening sentence instead, so a question's legal terms can
        find it there too (docs/retrieval.md) — the same texts as the learned stage's title fields."""
        texts = read_title_fields(self.catalog, fields).texts()
        return [texts[int(i)] for i in rows]

    def _library_priors(self, vectors: np.ndarray, titles: list[str]) -> LibraryPriors | None:
        """Kinds and twins of the loaded laws (library_priors.py); None over a single law (nothing to do).
        `titles`: per article; the stems of those of laws with parallel codes are compared for twins."""
        layout = self.layout
        s = self.settings
        if len(layout.law_names) < 2 or not (
            s.twin_penalty or s.kind_affinity or s.offence_affinity or s.topic_affinity
        ):
            return None
        kinds = self.references.names.kinds
        parallel = np.isin(
            layout.law_code,
            [code for code, law in enumerate(layout.law_names) if any(k.parallel for k in kinds.get(law, ()))],
        )
        stems = self.lexical.tokenizer.stems
        title_stems = [
            frozenset(stems(title)) if title and parallel[i] else frozenset() for i, title in enumerate(titles)
        ]

        def article_vectors(indexes: np.ndarray) -> np.ndarray:
            rows = [layout.chunk_order[layout.chunk_start[i] : layout.chunk_start[i + 1]] for i in indexes]
            out = np.zeros((len(indexes), vectors.shape[1]), dtype=np.float32)
            for n, r in enumerate(rows):
                if len(r):
                    out[n] = np.asarray(vectors[np.sort(r)], dtype=np.float32).mean(axis=0)
            norms = np.linalg.norm(out, axis=1, keepdims=True)
            unit: np.ndarray = np.divide(out, norms, out=out, where=norms > 0)
            return unit

        # an article whose own title names the state's field ("Krijumčarenje", "Ratni zločin …", "Neprijavljivanje osobe
        # koja je optužena od strane međunarodnog krivičnog suda"): the field's own offence, for `LibraryPriors.twins_of`
        field = self.state_field
        field_titled = np.asarray(
            [
                bool(title) and parallel[i] and field is not None and bool(field.told(title))
                for i, title in enumerate(titles)
            ],
            dtype=bool,
        )
        # each title's head: the stem of its first word, the act it names ("Neprijavljivanje …", "Pomoć …")
        heads = [next(iter(stems(title)), "") if title and parallel[i] else "" for i, title in enumerate(titles)]
        return LibraryPriors.build(
            layout.law_code,
            layout.law_names,
            self.law_jurisdictions(),
            kinds,
            article_vectors,
            title_stems,
            (field_titled, heads) if s.field_titles else None,
        )

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, settings: Settings) -> Retriever:
        """Load the index once: fails clearly if it is missing, incomplete or built by another embedder."""
        index = open_index(settings)
        try:
            return cls(settings, index)
        except BaseException:
            index.close()
            raise

    @property
    def generation(self) -> str | None:
        """The index generation this Retriever serves (None: a data dir from before generations)."""
        return self._index.paths.generation

    def close(self) -> None:
        """Let go of the index: its files and the lease that keeps cleanup away from it. Only once no
        search is running on it (retrieval/search/live.py closes a replaced Retriever when idle)."""
        self._index.close()

    # --- lookups ------------------------------------------------------------------------------

    @property
    def article_count(self) -> int:
        return len(self.catalog)

    def laws(self) -> list[str]:
        return list(self._laws)

    def get(self, article_id: str) -> Article | None:
        return self.catalog.get(article_id)

    def get_article(self, law: str, article: str) -> Article | None:
        """ "KZ FBiH", "373" → that article (law names and aliases folded)."""
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

    def law_kinds(self) -> dict[str, tuple[LawKind, ...]]:
        """Each loaded law's kinds of law (retrieval/language/data/law_kinds.toml, by its title or short name)."""
        return self.references.names.kinds

    def area_levels(self) -> dict[str, str]:
        """Each loaded law whose area only one level legislates (`level` in retrieval/language/data/law_kinds.toml: "state" for
        customs or VAT) → that level: what lets a reply say "ovu oblast uređuje državni nivo"."""
        return {law: level for law in self.references.names.kinds if (level := self.references.names.area_level(law))}

    def parallels(self, article_id: str, jurisdictions: Collection[str] | None = None) -> Comparison | None:
        """The corresponding article in the other codes, found by meaning and title (parallels.py), or
        None for an unknown id."""
        return find_parallels(self, article_id, jurisdictions)

    def citing(self, article_id: str) -> list[str]:
        """The ids of the articles of the same law that refer to this one by number ("Ako je krivičnim djelom iz
        člana 333. prouzročena smrt …"): its qualified and aggravated forms, and the provisions that apply to it.
        Empty for an unknown id or an article without a number."""
        source = self.catalog.get(article_id)
        if source is None or not source.article[:1].isdigit():
            return []
        return [
            a.id
            for a in self.catalog.mentioning(source.law, source.article)
            if a.id != article_id and not a.deleted and cites(a.text, source.article)
        ]

    def lookup_reference(self, text: str, jurisdiction: str | Collection[str] | None = None) -> ReferenceLookup:
        """Explicit references in the text: resolved articles, plus `ambiguous` ones to ask about
        ("članak 5 KZ" with several criminal codes loaded) and their candidate articles. With
        jurisdiction codes (an officer's), a bare "član 42" stays inside them; a named law is found anywhere."""
        if not jurisdiction:
            return self.references.lookup(text)
        codes = {fold(c) for c in ([jurisdiction] if isinstance(jurisdiction, str) else jurisdiction)}
        return self.references.lookup(text, lambda a: fold(a.jurisdiction) in codes, _preference(jurisdiction))

    def law_summaries(self) -> list[LawSummary]:
        """The loaded laws (name, title, jurisdiction, article count, when ingested), by jurisdiction.
        Reads every catalog row without its text (`kodeks laws`, /zakoni; not search)."""
        return summarize(self.catalog.text_less(), self.law_records, table_time(self._index.paths.root))

    # --- search -------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        k: int | None = None,
        law: str | None = None,
        jurisdiction: str | Collection[str] | None = None,
        threshold: float | None = None,
        use_rewriter: bool = True,
        context: ThreadContext | None = None,
    ) -> SearchResult:
        """Ranked articles for a question; never empty while the index has articles.

        `jurisdiction` is one code (only that jurisdiction's articles) or an officer's scope — a
        `retrieval.jurisdictions.Scope` or any collection of codes: articles of those jurisdictions
        only, except that a law the question names explicitly ("član 124 KZ RS") is served wherever it
        is. A scope the index has nothing of gives no articles: never another jurisdiction's law.
        `threshold` overrides KODEKS_THRESHOLD for this call (the sweep uses it); `use_rewriter`
        False skips the query rewriter even when one is set (`self.rewriter`). `context` is a follow-up's
        conversation (words inherited from the earlier questions, the previous answer's articles; how they
        weigh: retrieval/search/followup.py). A known jurisdiction the index has no law of ("BD" with no
        Brčko law loaded) is searched as that officer's scope (the levels above it), and
        `SearchResult.jurisdiction_missing` says so.
        """
        started = time.perf_counter()
        s = self.settings
        jurisdiction, missing = self._officer_if_absent(jurisdiction)
        threshold = s.threshold if threshold is None else threshold
        keep = k or s.top_k
        fallback_k = k or s.fallback_k
        law_name = self._canonical_law(law) if law else None
        allowed = self._allowed(law_name, jurisdiction)
        timings: dict[str, float] = {}

        lookup = self.references.lookup(query, prefer=_preference(jurisdiction))
        scoped = jurisdiction is not None and not isinstance(jurisdiction, str)
        references = [
            Candidate(i, article=a)
            for a in self._references(lookup, law_name, allowed, named_anywhere=scoped)
            if (i := self.catalog.index_of(a.id)) >= 0
        ]
        references = self.layout.dedupe(references)
        if lookup.missing and not references and any(m.nearest for m in lookup.missing):
            return self._nearest_only(query, lookup, law_name, jurisdiction, started)
        hits = [Hit(c.loaded(), 1.0, None, None, None, "reference", c.loaded().text[:300]) for c in references[:keep]]
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
        laws_named: list[str] = []
        if not lookup.laws and lookup.mentioned and law_name is None:
            # A law named without an article ("je li okupljanje pravo po ustavu"): the officer says where to
            # look. Only inside the filter: a law of another jurisdiction named in passing is not served.
            named = self._law_scope(lookup.mentioned)
            if allowed is not None:
                named &= allowed
            if (named & self._open_mask).any():
                scope = named
                laws_named = [law for law in lookup.mentioned if (self._law_scope((law,)) & named).any()]

        context = context or None
        # A follow-up is explained, expanded and judged with what it inherits ("a ako je razvalio bravu?" after
        # "krade gorivo": the derivation's "krađa" comes from the inherited words).
        explained = f"{context.words} {query}" if context is not None and context.words else query
        expansions = self.vocabulary.expand(explained) if self.vocabulary is not None else []
        expansions = self._read_named(explained, scope, expansions)
        rewritten = self._rewrite(query, timings) if use_rewriter else None
        if rewritten:
            expansions.append(Expansion("rewrite", fold(query), rewritten))
        officer = _officer(jurisdiction)
        # Which kinds of law the question talks about, and whether it asks for a rule (coverage.py): read once,
        # for the topic affinity of the ranking and for `weak`.
        topics = self.kind_topics.named(explained) if self.kind_topics is not None else {}
        asks_rule = bool(topics) and asks_for_a_rule(explained)
        field = self._tells_state_field(query, expansions, context)
        named_kinds = self._named_kinds(topics, expansions)
        harm = self._harm_offences(explained, asks_rule, named_kinds)
        topic_kinds = self._topic_kinds(topics, asks_rule, expansions) or self._harm_kinds(harm)
        topic_weight = None  # KODEKS_TOPIC_AFFINITY
        thread = self._thread_topic(context)
        if not topic_kinds:  # the question names no topic of its own: the thread's kind of law, if any
            topic_kinds, topic_weight = thread.kinds, thread.weight
        offence_kinds, placed = self._circumstance_kinds(topics, asks_rule, harm, expansions, explained)
        searched = [e for e in expansions if e.matched not in placed] if offence_kinds or harm else expansions
        searched = searched + self._left_injured(explained, harm, named_kinds, searched)
        candidates, rank = (
            self._candidates(
                query,
                scope,
                timings,
                # what the vocabulary read a story's place as is no legal term of its act (`_circumstance_kinds`)
                searched,
                context,
                officer,
                topic_kinds,
                named_kinds | thread.named,
                field=field,
                harm_offences=harm,
                offence_kinds=offence_kinds,
                topic_weight=topic_weight,
            )
            if len(hits) < keep
            else ([], None)
        )
        candidates = self.layout.dedupe(references[: len(hits)] + candidates)[len(hits) :]
        ranked = candidates  # the thread's ranking in the hand order: what `weak`'s lead is judged on
        fused = context is not None and (context.alone or context.own_act) and s.thread_alone > 0 and bool(candidates)
        own = self.vocabulary.expand(query) if fused and self.vocabulary is not None else []
        if context is not None and fused and (context.alone or any(e.recognised for e in own)):
            # a continuation: its own words ranked without the thread, fused by rank (followup.fuse_alone); a switch to
            # another jurisdiction only when its own words name an act (`_names_an_act`, issue 29)
            alone = self._alone(query, scope, self._read_named(query, scope, own), officer, field, context)
            alone = self.layout.dedupe(references[: len(hits)] + alone)[len(hits) :]
            if context.alone or self._names_an_act(alone, own):
                candidates = fuse_alone(candidates, alone, s.thread_alone, key=lambda c: c.index)
                self.candidates.collect_served(candidates)
        # The learned stage orders what is served (after the fusion): its first five are the hand order's.
        candidates = self.candidates.serve(candidates, len(hits), timings)
        # a thread's inherited words are another turn's story: a longer phrase there tells no form of this turn's act
        own_turn = context is None or not context.words
        candidates = self._contrasted(query, candidates, len(hits), expansions, timings, own_turn)
        candidates = self._own_general_part(candidates, len(hits), officer, query, field)
        candidates = self._officer_acts(query, candidates, len(hits))
        served = serve_with_minimum(candidates, threshold, keep - len(hits), fallback_k - len(hits))
        if rank is not None:
            rank([c for c, _ in served])
        level = served[0][1] if served else "law_first"
        levels = {id(c): lvl for c, lvl in served}
        hits += [
            Hit(c.loaded(), c.fused, c.similarity, c.dense_rank, c.lexical_rank, levels[id(c)], excerpt)
            for c, excerpt in self._hydrate([c for c, _ in served])
        ]
        if len(self._article_stems) > STEMS_CACHE:
            self._article_stems.clear()
        if len(self._field_stems) > STEMS_CACHE:
            self._field_stems.clear()
        explain_matches(hits, self.lexical.tokenizer, explained, expansions, self._article_stems)
        if not hits and not (scoped and (allowed is None or not allowed.any())):
            # The filter left nothing: the named law's first articles (ignoring a jurisdiction it lacks).
            pool = allowed if allowed is not None and allowed.any() else self._allowed(law_name, None)
            pool = self._servable if pool is None else (pool & self._servable)
            hits = [
                Hit(a, 0.0, None, None, None, "law_first", a.text[:300])
                for a in self.catalog.first_of(np.nonzero(pool)[0].tolist(), fallback_k)
            ]
        share = title_share(hits, explained, expansions, self.lexical.tokenizer, self.lexical, self._field_stems)
        # the lead as the scores stood before the unnamed-subject prior (`Candidate.unnamed_lowering`): it says which
        # laws the question is about, not how far the best article stands out by the evidence
        lead = lead_of(sorted((c.fused + c.unnamed_lowering for c in ranked), reverse=True)[:LEAD_RANK])
        coverage = self._coverage(topics, asks_rule, scope, hits)
        term_named = legal_term_named(hits, expansions, self.lexical.tokenizer, self._field_stems)
        learned = candidates[0].learned if candidates and self._learned_weak else None  # of the first it serves
        weak = is_weak(hits, share, lead, coverage, term_named, learned)
        label_confident(hits, weak, threshold, lead, s.search_mode == "hybrid")
        timings["total"] = (time.perf_counter() - started) * 1000
        return SearchResult(
            query=query,
            normalized=fold(query),
            hits=hits,
            level=hits[0].level if hits else level,
            law=law_name,
            jurisdiction=_label(jurisdiction),
            scope=_scope(jurisdiction),
            timings_ms={name: round(v, 3) for name, v in timings.items()},
            ambiguous=list(lookup.ambiguous),
            expansions=[e.to_dict() for e in expansions],
            jurisdiction_missing=missing,
            weak=weak,
            thread=context.to_dict() if context is not None else None,
            missing_references=list(lookup.missing),
            laws_named=laws_named,
            coverage=coverage.to_dict() if coverage.judged else None,
        )

    def _alone(
        self,
        query: str,
        scope: np.ndarray | None,
        own: list[Expansion],
        officer: str | None,
        field: bool,
        context: ThreadContext,
    ) -> list[Candidate]:
        """The message's own words ranked without the thread's words or articles, in the same scope — for a switch,
        with the jurisdiction asked for preferred as in the thread's search (`ThreadContext.named`)."""
        own_topics = self.kind_topics.named(query) if self.kind_topics is not None else {}
        own_rule = bool(own_topics) and asks_for_a_rule(query)
        own_kinds = self._topic_kinds(own_topics, own_rule, own)
        own_named = self._named_kinds(own_topics, own)
        own_harm = self._harm_offences(query, own_rule, own_named)
        kept = ThreadContext(named=context.named) if context.own_act and context.named else None
        own_offence_kinds, own_placed = self._circumstance_kinds(own_topics, own_rule, own_harm, own, query)
        alone, _ = self._candidates(
            query,
            scope,
            {},
            [e for e in own if e.matched not in own_placed] if own_offence_kinds else own,
            kept,
            officer,
            own_kinds or self._harm_kinds(own_harm),
            own_named,
            field=field,
            harm_offences=own_harm,
            offence_kinds=own_offence_kinds,
        )
        return alone

    def _names_an_act(self, alone: list[Candidate], own: list[Expansion]) -> bool:
        """Whether a message's own words name an act on their own: a legal term the vocabulary recognised in them has
        all its words in the title of one of the first articles they find alone (as `confidence.legal_term_named`
        reads a served list) — "kako je to prijetnje po zakonu RS" names the threat; "a kako je to u RS?" names
        nothing, and the thread's act leads."""
        tokenizer = self.lexical.tokenizer
        terms = [set(tokenizer.stems(e.adds)) for e in own if e.recognised]
        if not terms:
            return False
        first = alone[:WEAK_DEPTH]
        articles = self.catalog.many(c.index for c in first if c.article is None)
        found = [a for c in first if (a := c.article or articles.get(c.index)) is not None]
        return term_in_fields(terms, (field_stems(a, tokenizer, self._field_stems) for a in found))

    def _coverage(
        self, topics: dict[str, list[str]], asks_rule: bool, scope: np.ndarray | None, hits: list[Hit]
    ) -> TopicCoverage:
        """The question's kinds of law against the laws in its scope (coverage.py); empty without a vocabulary."""
        if self.kind_topics is None or not hits:
            return TopicCoverage()
        mask = self._open_mask if scope is None else (self._open_mask & scope)
        laws = [self.layout.law_names[c] for c in np.unique(self.layout.law_code[mask])]

        def stems_of(
            hit: Hit,
        ) -> frozenset[str]:  # title and chapter: what the article is about (title_share cached them)
            stems = self._field_stems.get(hit.id)
            return (
                stems
                if stems is not None
                else frozenset(self.lexical.tokenizer.stems(f"{hit.article.title} {hit.article.chapter}"))
            )

        return judge(self.kind_topics, topics, asks_rule, laws, self._kinds_of_law, hits, stems_of)

    def _nearest_only(
        self,
        query: str,
        lookup: ReferenceLookup,
        law: str | None,
        jurisdiction: str | Collection[str] | None,
        started: float,
    ) -> SearchResult:
        """Every article the question names is deleted, repealed or not in its law: serve the articles next to
        them by number (level "nearest", search/missing.py) — a similarity search would answer from unrelated
        articles as if they were the one asked for."""
        nearest = {a.id: a for m in lookup.missing for a in m.nearest}
        hits = [Hit(a, 0.0, None, None, None, "nearest", a.text[:300]) for a in nearest.values()]
        return SearchResult(
            query=query,
            normalized=fold(query),
            hits=hits,
            level="nearest",
            law=law,
            jurisdiction=_label(jurisdiction),
            scope=_scope(jurisdiction),
            timings_ms={"total": round((time.perf_counter() - started) * 1000, 3)},
            ambiguous=list(lookup.ambiguous),
            missing_references=list(lookup.missing),
        )

    def _officer_if_absent(
        self, jurisdiction: str | Collection[str] | None
    ) -> tuple[str | Collection[str] | None, str | None]:
        """(what to search, the officer's own code when the index has no law of it). A single known code
        with no loaded law becomes that officer's scope — `--jurisdiction BD` answers like `--officer BD`
        instead of failing — and an officer's scope whose own code has no law is searched as it is."""
        if isinstance(jurisdiction, str):
            code = find_jurisdiction(jurisdiction)
            if (
                code is not None
                and fold(jurisdiction) not in self._jurisdictions
                and fold(code) not in self._jurisdictions
            ):
                return scope_of(code), code
            return jurisdiction, None
        if isinstance(jurisdiction, Scope) and fold(jurisdiction.officer) not in self._jurisdictions:
            return jurisdiction, jurisdiction.officer
        return jurisdiction, None

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
                found = [
                    ch.text for ch in chunk_article(c.article, self.settings.max_chunk_chars) if ch.chunk_id == wanted
                ]
                if found:
                    texts[wanted] = found[0]
                else:
                    missing.append(wanted)
        if missing:
            try:
                got = self.collection.get(ids=missing, include=["documents"])
                texts.update(zip(got["ids"], got["documents"]))
            except KodeksError:  # Chroma cannot be opened (a read-only data dir): the article's start instead
                for c in served:
                    if c.chunk >= 0 and self.chunk_ids[c.chunk] in missing:
                        texts[self.chunk_ids[c.chunk]] = c.loaded().text[: self.settings.max_chunk_chars]
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
        codes = [self.layout.law_names.index(law) for law in laws if law in self.layout.law_names]
        return np.isin(self.layout.law_code, codes)

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
                raise KodeksError(
                    f"unknown jurisdiction {jurisdiction!r}; the index has: {', '.join(self.jurisdictions()) or 'none'}"
                )
            mask &= self.layout.jurisdiction_code == self.layout.jurisdiction_names.index(j)
        else:
            # An officer's scope: codes the index lacks are fine (no cantonal law loaded), unknown ones are not.
            unknown = [c for c in jurisdiction if find_jurisdiction(c) is None and fold(c) not in self._jurisdictions]
            if unknown:
                raise KodeksError(f"unknown jurisdiction {unknown[0]!r}; known: {known_codes()}")
            wanted = [
                self.layout.jurisdiction_names.index(j)
                for j in {fold(c) for c in jurisdiction}
                if j in self._jurisdictions
            ]
            mask &= np.isin(self.layout.jurisdiction_code, wanted)
        if law is not None:
            mask &= self.layout.law_code == (self.layout.law_names.index(law) if law in self.layout.law_names else -2)
        return mask

    def _references(
        self, lookup: ReferenceLookup, law: str | None, allowed: np.ndarray | None, named_anywhere: bool
    ) -> list[Article]:
        """Explicit references inside the filter (deleted articles never); with `named_anywhere`, also a named
        law outside it (an officer asking about another entity's code gets that code, labelled by the caller)."""
        found = [
            a
            for a in lookup.articles + lookup.candidates
            if not a.deleted and (i := self.catalog.index_of(a.id)) >= 0 and self._servable[i]
        ]
        if allowed is None:
            return found
        named = set(lookup.laws) if named_anywhere else set()
        return [
            a
            for a in found
            if allowed[self.catalog.index_of(a.id)] or (a.law in named and (law is None or a.law == law))
        ]

    def _candidates(
        self,
        query: str,
        allowed: np.ndarray | None,
        timings: dict[str, float],
        expansions: list[Expansion],
        context: ThreadContext | None = None,
        officer: str | None = None,
        topic_kinds: frozenset[str] = frozenset(),
        named_kinds: frozenset[str] | None = None,
        field: bool = False,
        harm_offences: Sequence[str] = (),
        offence_kinds: Collection[str] = (),
        topic_weight: float | None = None,
    ) -> tuple[list[Candidate], Ranker | None]:
        """Both retrievers over the articles the filter admits (deleted ones never), fused, in the hand order
        (candidates.py; the learned stage orders the served list: `CandidateFinder.serve`). A question that names a
        level above the officer's own ("pred Sudom BiH"), or tells a matter of the state's field (`field`:
        `_tells_state_field`) where the officer serves below the state, is about that level's matter: of two twins, the
        officer's own copy is lowered (library_priors.py). A story of the state's field is the field's kinds' (the
        criminal codes': law_kinds.StateField.kinds), as one whose offence the vocabulary recognised; a story that
        tells harm to a person is about the offences `harm_offences` names (law_kinds.HarmReading); one that names a
        kind only by a circumstance is about its offence when its legal terms are titled best in `offence_kinds`
        (law_kinds.CircumstanceReading)."""
        mask = self._open_mask if allowed is None else (self._open_mask & allowed)
        previous = None
        if context is not None and context.articles:
            previous = np.asarray([i for a in context.articles if (i := self.catalog.index_of(a)) >= 0], dtype=np.int64)
        reading = QuestionReading(
            expansions,
            context,
            previous,
            officer,
            topic_kinds,
            level_above=self._level_above(query, officer, field),
            named_kinds=named_kinds,
            field_kinds=self.state_field.kinds if field and self.state_field and not asks_for_a_rule(query) else (),
            harm_offences=harm_offences,
            offence_kinds=offence_kinds,
            asking=self._asked(query),
            topic_weight=topic_weight,
        )
        return self.candidates.find(query, mask, allowed is not None, timings, reading)

    @staticmethod
    def _level_above(query: str, officer: str | None, field: bool) -> bool:
        """Whether the question is about a level above the officer's: it names it, or tells the state's field (for an
        officer below the state) — then the officer's own copies of the twin pairs are the ones lowered."""
        return names_level_above(query, officer) or (field and _below_state(officer))

    def _asked(self, query: str) -> Asked | None:
        """The question's asking clause and the legal terms the vocabulary reads in it (retrieval/language/asking.py),
        when KODEKS_ASKED_TITLE_WEIGHT weighs it; None otherwise or when no part of the question asks."""
        if not self.settings.asked_title_weight:
            return None
        clause = asking_clause(query)
        if not clause:
            return None
        return Asked(clause, self.vocabulary.expand(clause) if self.vocabulary is not None else [])

    def _tells_state_field(self, query: str, expansions: list[Expansion], context: ThreadContext | None) -> bool:
        """Whether the question tells a matter of the state's field (law_kinds.StateField: the border, customs,
        war crimes …) in its own words or the legal terms the vocabulary added for them. A follow-up's
        inherited words are not read (its expansions may come from them), as for a level's name."""
        if self.state_field is None:
            return False
        added = [e.adds for e in expansions if e.recognised] if not _inherits(context) else []
        return bool(self.state_field.told(query, added))

    def _thread_kinds(self, context: ThreadContext | None) -> frozenset[str]:
        """The kinds of law the thread's trusted answer agrees on (`ThreadContext.law_of`: its first articles' laws),
        preferred as a question's topic is when the question names none: a follow-up's everyday words ("u autu", "na
        parkingu", "na mostu") must not move a story about a crime into the traffic law (docs/retrieval.md, seventh
        round). An answer split between kinds gives none."""
        priors = self.candidates.priors
        if context is None or not context.law_of or priors is None or not self.settings.thread_kind:
            return frozenset()
        return priors.shared_kinds([i for a in context.law_of if (i := self.catalog.index_of(a)) >= 0])

    def _thread_topic(self, context: ThreadContext | None) -> _ThreadTopic:
        """The thread's kinds of law (`_thread_kinds`) as a question's topic, how far the other kinds are lowered,
        and which kinds count as named. A follow-up: its topic, lowered by KODEKS_TOPIC_AFFINITY (weight None), named
        as its inherited words name them. A question of its own in a live thread (`ThreadContext.own`): lowered by
        KODEKS_THREAD_OWN_KIND — its own words choose the act, the thread says whether it is a crime or a traffic
        offence (issue 29, twenty-first round) — and the kinds also count as named, so a special law of the thread's
        subject is not off topic for being unnamed in the message's own words ("ima 15 godina, nema dozvolu" after
        "vozi motor po magistralnom": library_priors.LibraryPriors.unnamed). With KODEKS_THREAD_OWN_KIND 0 such a
        question has no thread kind."""
        kinds = self._thread_kinds(context)
        if context is None or not context.own:
            return _ThreadTopic(kinds, None, frozenset())
        weight = self.settings.thread_own_kind
        return _ThreadTopic(kinds, weight, kinds) if weight > 0 else _ThreadTopic(frozenset(), None, frozenset())

    def _named_kinds(self, topics: dict[str, list[str]], expansions: list[Expansion]) -> frozenset[str]:
        """The kinds of law the question names a topic of, in its own words (`topics`) or in the legal terms the
        vocabulary added for them (a lay phrase whose legal term is one of a kind's topics): a law of a special
        subject none of them is, is off topic (library_priors.LibraryPriors.unnamed). Each term is read alone, so
        that no phrase is made across two of them."""
        named = set(topics)
        if self.kind_topics is not None:
            for adds in dict.fromkeys(e.adds for e in expansions):
                named.update(self.kind_topics.named(adds))
        return frozenset(named)

    def _harm_offences(self, text: str, asks_rule: bool, named: frozenset[str]) -> list[str]:
        """The criminal offences a story (no rule asked) of a named kind's subject is about for the harm to a person
        it tells (law_kinds.HarmReading): "pijan vozio i zamalo pregazio dijete" is endangering traffic as well as the
        traffic law's alcohol rules, so the kinds of law are judged by that offence's titles too (candidates.py);
        "smije li vozač … ako je povrijeđen" asks the traffic law's rule. Nothing over one law (no priors)."""
        if self.harm is None or asks_rule or self.candidates.priors is None or not self.settings.offence_affinity:
            return []
        return self.harm.offences(text, named)

    def _left_injured(
        self, text: str, harm: Sequence[str], named: frozenset[str], expansions: list[Expansion]
    ) -> list[Expansion]:
        """The offence of leaving the person hurt, as legal terms (source "reading"), where a story of harm to a person
        (`harm`: `_harm_offences`) tells someone leaving ("oborio staricu … i odvezao se kući") and the vocabulary
        added none of them itself (law_kinds.HarmReading.left)."""
        if not harm or self.harm is None:
            return []
        titles, words = self.harm.left(text, named)
        known = {fold(e.adds) for e in expansions}
        return [Expansion("reading", fold(words[0]), t) for t in titles if fold(t) not in known]

    def _harm_kinds(self, harm: Sequence[str]) -> frozenset[str]:
        """The kinds of law a story that tells harm to a person is about (`harm`: its offences, `_harm_offences`) —
        the criminal codes' (law_kinds.toml, [harm_to_a_person]); the laws of other kinds are off its topic, as they
        are when a rule is asked about a named topic (KODEKS_TOPIC_AFFINITY)."""
        if not harm or self.harm is None:
            return frozenset()
        return self.harm.kinds

    def _circumstance_kinds(
        self,
        topics: dict[str, list[str]],
        asks_rule: bool,
        harm: Sequence[str],
        expansions: list[Expansion],
        text: str = "",
    ) -> tuple[frozenset[str], frozenset[str]]:
        """The kinds whose offence a story is about if its legal terms are titled best in one of them (candidates.py):
        a story (no rule asked, no harm to a person read) that names a kind of law only by a circumstance of its act
        ("zapalio je auto svom šefu": the vehicle, not a rule of the road; "oteli mobitel u podzemnom prolazu": the
        road's place, told after a preposition of place) and in which the vocabulary recognised something
        (law_kinds.CircumstanceReading) — and the lay terms (`Expansion.matched`) the vocabulary read at such a place,
        whose legal terms are then not searched. Nothing over one law (no priors)."""
        none: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        if self.circumstance is None or asks_rule or self.candidates.priors is None:
            return none
        placed, outside = self._placed(text, expansions)
        if harm:  # harm to a person told: the story's place is a circumstance of it too (`placed` only)
            return frozenset(), placed
        if not self.settings.topic_affinity or self.kind_topics is None:
            return none
        # a road's place told after a preposition of place ("u podzemnom prolazu") is where the act happened: its
        # topics and what the vocabulary read its words as are circumstances, as the vehicle is
        at_places: set[str] = set()
        if outside is not None:
            outside_topics = self.kind_topics.named(outside)
            at_places = {k for k in topics if k not in outside_topics}
            for e in expansions:
                if e.matched in placed:
                    at_places.update(self.kind_topics.named(e.adds))
            topics = outside_topics
            expansions = [e for e in expansions if e.matched not in placed]
        recognised = dict.fromkeys(e.adds for e in expansions if e.recognised)
        if not recognised:
            return none
        circumstantial = self.circumstance.only_circumstances(topics, at_places=at_places)
        if not circumstantial:
            return none
        # the vocabulary's legal terms name no rule of the kind either ("saobraćajna nezgoda": the road's own matter)
        for adds in recognised:
            named = {k: of for k, of in self.kind_topics.named(adds).items() if k in circumstantial}
            if named and len(self.circumstance.only_circumstances(named, legal=True)) < len(named):
                return none
        return self.circumstance.kinds, placed

    def _placed(self, text: str, expansions: list[Expansion]) -> tuple[frozenset[str], str | None]:
        """The lay terms (`Expansion.matched`) the vocabulary read wholly within a road's place told after a
        preposition of place ("podzemni prolaz" in "… u podzemnom prolazu"; not "ostavio ga na cesti", which tells
        more than the place), and the story without its places (None where it tells none):
        law_kinds.CircumstanceReading.outside_places."""
        read = self.circumstance.outside_places(text) if self.circumstance is not None and self.vocabulary else None
        if read is None or self.vocabulary is None:
            return frozenset(), None
        outside, places = read
        kept = {e.matched for e in self.vocabulary.expand(outside)}
        within = {e.matched for e in self.vocabulary.expand(places)}
        return frozenset(e.matched for e in expansions if e.matched not in kept and e.matched in within), outside

    def _topic_kinds(
        self, topics: dict[str, list[str]], asks_rule: bool, expansions: list[Expansion]
    ) -> frozenset[str]:
        """The kinds of law the question's topics name, when it asks for a rule and the vocabulary recognised no
        offence in it: "smije li dijete voziti trotinet" is about a traffic rule, while a story of an act is about
        the act, whatever its circumstances name ("uzeo susjedov auto i provozao se", "ukrao gorivo iz kamiona")
        — the same reading as `weak`'s (law_kinds.asks_for_a_rule; library_priors.py: topic affinity)."""
        if self.candidates.priors is None or not self.settings.topic_affinity or not asks_rule:
            return frozenset()
        if any(e.recognised for e in expansions):
            return frozenset()
        return frozenset(topics)


class CatalogReferences(ReferenceResolver):
    """Explicit references answered from the catalog on disk: law names from one row per law, article
    lookups by SQL (an index over (law, number)) instead of two dicts of every article in memory.
    Only the two raw lookups are overridden; names, ambiguity and Roman numbers are ReferenceResolver's."""

    def __init__(
        self, catalog: Catalog, aliases: dict[str, str], law_aliases: Mapping[str, Iterable[str]] | None = None
    ) -> None:
        super().__init__(catalog.law_heads(), aliases, law_aliases)
        self._catalog = catalog
        self._by_law_number, self._by_number = {}, {}

    def _article(self, law: str, number: str) -> Article | None:
        return self._catalog.by_law_number(law, number)

    def _numbered(self, number: str) -> list[Article]:
        return self._catalog.by_number(number)

    def _law_entries(self, law: str) -> list[tuple[str, bool]]:
        return [
            (number, not kind and not (deleted or says_deleted(short)))
            for number, deleted, kind, short in self._catalog.law_entries(law)
        ]


def _below_state(officer: str | None) -> bool:
    """Whether the officer serves a level below the state (an entity, Brčko, a canton): the state's twins apply."""
    return bool(officer) and "BiH" in ancestors(officer or "")


def _inherits(context: ThreadContext | None) -> bool:
    """Whether a search reads words a thread gave it (a follow-up's context), beside the question's own."""
    return context is not None and bool(context.words)


def _officer(jurisdiction: str | Collection[str] | None) -> str | None:
    """The asking officer's own jurisdiction: a scope's first code (a single-code filter has no levels above)."""
    if jurisdiction is None or isinstance(jurisdiction, str):
        return None
    if isinstance(jurisdiction, Scope):
        return jurisdiction.officer
    return next(iter(jurisdiction), None)


def _scope(jurisdiction: str | Collection[str] | None) -> list[str] | None:
    """An officer's scope (several jurisdiction codes) as a list; None without one (no filter, or one name)."""
    return None if jurisdiction is None or isinstance(jurisdiction, str) else list(jurisdiction)


def _preference(jurisdiction: str | Collection[str] | None) -> list[str] | None:
    """The jurisdictions whose laws a law name resolves to first (an officer's own, then the levels above)."""
    if not jurisdiction:
        return None
    return [jurisdiction] if isinstance(jurisdiction, str) else list(jurisdiction)


def _label(jurisdiction: str | Collection[str] | None) -> str | None:
    """What a result records as its jurisdiction: the code, or the officer's own code of a scope."""
    if jurisdiction is None or isinstance(jurisdiction, str):
        return jurisdiction
    if isinstance(jurisdiction, Scope):
        return jurisdiction.officer
    return ",".join(jurisdiction) or None


def _in_order(candidates: list[Candidate], size: int, order: list[int], scores: Sequence[float]) -> list[Candidate]:
    """`candidates` with its first `size` put in `order` (positions into them), place n given `scores[n]`: a stage
    that reorders the served head keeps the scores by place (`weak`'s lead, the logged scores)."""
    head = candidates[:size]
    return [replace(head[j], fused=scores[n]) for n, j in enumerate(order)] + candidates[size:]
