"""Question → the best `KODEKS_CANDIDATE_DEPTH` articles: both retrievers scored, fused, top kept.

Dense scores come from `dense.py` (exact or HNSW), lexical ones from the BM25 index over the question
plus what the vocabulary added (expansion terms weigh KODEKS_EXPANSION_WEIGHT), and the title field
adds a share of the best title match for the added legal terms (title_field.py). In HNSW mode the
fused top is re-scored exactly and fused again. Ranks within each retriever are computed afterwards,
for the served few only (ranking 100 candidates among 100,000 articles was ~1.6 ms of every search).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

import numpy as np

from kodeks.settings import Settings
from retrieval.index.lexical import LexicalIndex
from retrieval.language.normalize import embedding_text, fold
from retrieval.language.vocabulary import Expansion, weighted_terms
from retrieval.ranking.features import RawSignals, matrix
from retrieval.search import followup, law_order
from retrieval.search.dense import DenseScorer
from retrieval.search.fusion import fuse, mean_spread, ranks_of, top
from retrieval.search.layout import ArticleLayout
from retrieval.search.library_priors import LibraryPriors
from retrieval.search.rank_signals import RankSignals
from retrieval.search.subqueries import embedding_windows, split_subqueries
from retrieval.search.title_field import TitleIndex
from retrieval.types import Article, ThreadContext


class QueryEmbedder(Protocol):
    def embed_queries(self, texts: list[str]) -> np.ndarray: ...


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
    learned: float | None = None  # the learned stage's score, for the first served it reorders (confidence.py)
    # what the unnamed-subject prior took from `fused` (LibraryPriors.unnamed): `weak`'s lead is read without it
    unnamed_lowering: float = 0.0
    # its feature row as the stage was trained on them, where the unnamed-subject prior applied: what the stage's
    # score `weak` reads is computed from (the order is the stage's over `features`, which carry the prior)
    evidence: np.ndarray | None = field(default=None, repr=False)
    features: np.ndarray | None = field(default=None, repr=False)  # its row of the stage's features (while computed)

    def loaded(self) -> Article:
        """The article, once read: references carry theirs, the served ones are read by `Retriever._hydrate`."""
        assert self.article is not None, "a candidate's article is read before it is served"
        return self.article


Ranker = Callable[[list[Candidate]], None]


@dataclass(frozen=True)
class Asked:
    """The question's asking clause (retrieval/language/asking.py) and the vocabulary's additions read in it alone."""

    clause: str
    expansions: Sequence[Expansion] = ()


@dataclass(frozen=True)
class QuestionReading:
    """What the retriever read in a question, its thread and its officer that weighs in `CandidateFinder.find`.

    One object instead of a dozen arguments: the search's one caller (`Retriever._candidates`) fills it in once, and
    the code-alone search (`law_order`) passes the same reading on. The defaults read nothing: a plain question's
    search with no vocabulary, no thread and no officer.
    """

    # what the vocabulary added to the question (expansion terms weigh KODEKS_EXPANSION_WEIGHT; the title field
    # takes a share of the best title match for the added legal terms: title_field.py)
    expansions: Sequence[Expansion] = ()
    # a follow-up's thread: its stand-alone question and inherited words weigh in as retrieval/search/followup.py says
    context: ThreadContext | None = None
    # the indexes of the articles of the follow-up's previous answer (followup.with_bonus)
    previous: np.ndarray | None = None
    # the asking officer's own jurisdiction: the library priors' twins are theirs
    officer: str | None = None
    # the kinds of law the question is about, by its topics: the laws of other kinds are lowered by
    # KODEKS_TOPIC_AFFINITY
    topic_kinds: Collection[str] = ()
    # the question is about a level above the officer's own (it names it: jurisdictions.names_level_above), so of two
    # twin provisions the officer's own copy is lowered instead of the higher code's
    # (library_priors.LibraryPriors.twins_of)
    level_above: bool = False
    # the kinds of law the question's words or the vocabulary's additions name a topic of (None: not judged) — a law
    # of a special subject none of them is, is off topic too (LibraryPriors.unnamed)
    named_kinds: Collection[str] | None = None
    # the kinds of law a story of the state's field is about (law_kinds.StateField): judged on topic by the kind
    # affinity whatever their titles say, the other kinds by theirs
    field_kinds: Collection[str] = ()
    # the criminal offences a story is about for the harm to a person it tells (law_kinds.HarmReading) — the kinds of
    # law are judged by them as by an offence verb's (KODEKS_OFFENCE_AFFINITY); the title field, the lexical query and
    # the stage's `title_offence` are not (they would move the scores within one law)
    harm_offences: Sequence[str] = ()
    # the kinds of law a story that names another kind only by a circumstance of its act is about if its legal terms
    # are titled best in one of them (law_kinds.CircumstanceReading, `CandidateFinder._offence_told`) — the laws of
    # other kinds are then off its topic
    offence_kinds: Collection[str] = ()
    # the question's asking clause — its words in an article's own title add KODEKS_ASKED_TITLE_WEIGHT × their share
    # to the title field (`CandidateFinder._asked_share`)
    asking: Asked | None = None
    # how far the articles off topic are lowered (z units); None: KODEKS_TOPIC_AFFINITY — a question of its own in a
    # live thread whose topic is the thread's kind of law: KODEKS_THREAD_OWN_KIND (Retriever._thread_topic)
    topic_weight: float | None = None


class RankingStage(Protocol):
    """The learned ranking (retrieval/ranking/model.py): a candidate pool's rows (features, hand order) in the served
    order — a cascade over the first few served; `before`: articles served ahead of the pool. `score`: one score per
    row (the first served's is evidence for `weak`)."""

    @property
    def rerank(self) -> int:  # how many of the first served it reorders
        ...

    def order(self, x: np.ndarray, before: int = 0) -> np.ndarray: ...

    def score(self, x: np.ndarray) -> np.ndarray: ...


# Training's collector: (the pool's article indexes in the hand order, their feature matrix). Called per search.
SignalSink = Callable[[np.ndarray, np.ndarray], None]


class CandidateFinder:
    """Scores every admitted article for a question with both retrievers and fuses them. Thread-safe."""

    def __init__(
        self,
        settings: Settings,
        embedder: QueryEmbedder,
        lexical: LexicalIndex,
        layout: ArticleLayout,
        dense: DenseScorer,
        titles: TitleIndex | None,
        title_rows: np.ndarray,
        titled: np.ndarray,
        priors: LibraryPriors | None = None,
        ranking: RankingStage | None = None,
    ) -> None:
        self.settings = settings
        self.ranking = ranking  # the learned stage (KODEKS_RANKER); None: the hand-weighted order is served
        self.sink: SignalSink | None = None  # set by retrieval/ranking_sets.py to collect training pools
        self.signals: RankSignals | None = None  # what only the learned stage reads (set by the Retriever)
        self.priors = priors  # kinds and twins of a whole library (library_priors.py); None: none applied
        self.embedder = embedder
        self.lexical = lexical
        self.layout = layout
        self.dense = dense
        self.titles = titles  # None: no title field (KODEKS_TITLE_WEIGHT=0 or no vocabulary)
        self.title_rows = title_rows  # the articles the title field covers (those with chunks)
        self.titled = titled  # per article (bool): a title of its own, not an untitled article's opening sentence

    def find(
        self,
        query: str,
        mask: np.ndarray,
        filtered: bool,
        timings: dict[str, float],
        reading: QuestionReading,
        query_vectors: np.ndarray | None = None,
        alone: bool = False,
    ) -> tuple[list[Candidate], Ranker | None]:
        """The best candidates among the articles `mask` admits (`filtered`: a law or jurisdiction filter
        made it narrower than the whole library), best first; and a function that fills in the dense and
        lexical ranks of the candidates given to it. `timings` gets embed/dense/lexical/fuse in ms.
        `reading`: what was read in the question, its thread and its officer (`QuestionReading` says what each part
        weighs); `query_vectors`: the question's vectors, already embedded; `alone`: the order one code gives alone is
        all that is asked (law_order.py): no learned stage's features."""
        expansions, context, officer = reading.expansions, reading.context, reading.officer
        s = self.settings
        lowering = s.topic_affinity if reading.topic_weight is None else reading.topic_weight  # off topic, z units
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
            # A long question is embedded as windows of bounded length (subqueries.py: cost and fairness);
            # one within the bound keeps its ~40-word sub-queries. A follow-up's dense query is its stand-alone
            # question (followup.py). The lexical side reads the whole question.
            queries = [
                w for q in followup.dense_queries(query, context) for w in embedding_windows(q, s.embed_window_chars)
            ]
            if len(queries) == 1 and s.subqueries:
                queries += split_subqueries(query)
            queries += [e.adds[: s.embed_window_chars or None] for e in expansions if e.source == "rewrite"]
            # One call per text: the embedder is free between them for another officer's question.
            if query_vectors is not None:
                qvecs = query_vectors
            else:
                qvecs = np.vstack([self.embedder.embed_queries([embedding_text(q)]) for q in queries])
            t_embed = time.perf_counter()
            dense, best_dense_chunk, stats = self.dense.scores(qvecs, mask, filtered)
        else:
            t_embed = time.perf_counter()
        t1 = time.perf_counter()
        lexical = np.zeros(n_articles, dtype=np.float32)
        best_lexical_chunk = best_dense_chunk
        if use_lexical:
            chunk_lexical = self.lexical.scores(query)
            if expansions and s.expansion_weight:
                chunk_lexical = chunk_lexical + s.expansion_weight * self.lexical.term_scores(
                    weighted_terms(expansions)
                )
            inherited = followup.lexical_scores(self.lexical, context, s.thread_weight)
            if inherited is not None:
                chunk_lexical = chunk_lexical + inherited
            lexical, best_lexical_chunk = self.layout.per_article_sparse(chunk_lexical)
        t2 = time.perf_counter()

        depth = min(s.candidate_depth, int(mask.sum()))
        title = share = kind_share = offence_share = terms_share = question_share = title_offence = None
        asked_title = None  # the asking clause's addition to the title field (`_asked_share`)
        affinity = s.kind_affinity
        if self.titles is not None and (expansions or s.question_title_weight):
            # The added legal terms (a share of the best title match), or the question's own words: a question
            # in the law's own words ("koliko promila smije imati vozač") names what the article is about too.
            share = np.zeros(n_articles, dtype=np.float32)
            rows = self.title_rows
            legal = weighted_terms(expansions)
            if legal:
                share[rows] = self.titles.share_of_best(legal, mask[rows])
            terms_share = share.copy()
            if s.question_title_weight or self._collecting():
                question_share = np.zeros(n_articles, dtype=np.float32)
                question_share[rows] = self.titles.coverage(query, mask[rows])
            if s.question_title_weight:
                # The question's own words count as how much of the question a title holds (idf-weighted), not
                # relative to the best match: one common word in a traffic article's opening sentence ("na
                # ulici", "preko") must not make it the question's title.
                assert question_share is not None
                share[rows] = np.maximum(share[rows], s.question_title_weight * question_share[rows])
            title = s.title_weight * share
            if reading.asking is not None and s.asked_title_weight:
                asked_title = s.asked_title_weight * self._asked_share(reading.asking, mask)
            kind_share = share
            offences = [e.adds for e in expansions if e.source == "derivation" and e.weight == 1.0]
            judged = list(dict.fromkeys([*offences, *reading.harm_offences]))
            offence_titles = None  # the title share of `offences` alone, where the kind affinity computed it already
            if judged and self.priors is not None and s.offence_affinity:
                # A verb of an offence's own root ("ukrao" → krađa) says what the question is about: the kinds
                # of law are judged by that offence alone, not by where it happened ("… iz kamiona na parkingu");
                # so does harm to a person in a story of the road ("oborio pješaka": endangering traffic).
                kind_share = np.zeros(n_articles, dtype=np.float32)
                kind_share[rows] = self.titles.share_of_best([(t, 1.0) for t in judged], mask[rows])
                affinity = s.offence_affinity
                offence_share = kind_share
                if judged == offences:  # no harm offence added, none repeated: the stage's `title_offence` too
                    offence_titles = kind_share
            field = (
                self.priors.of_kinds(reading.field_kinds) if self.priors is not None and reading.field_kinds else None
            )
            if field is not None:
                # a story of the state's field (the border, customs, war crimes) is a criminal code's, as one whose
                # offence the vocabulary recognised is: no gap for its kinds, whatever their titles say
                kind_share = np.where(field, np.float32(1.0), kind_share)
            if offences and self._collecting():
                title_offence = offence_titles
                if title_offence is None:
                    title_offence = np.zeros(n_articles, dtype=np.float32)
                    title_offence[rows] = self.titles.share_of_best([(t, 1.0) for t in offences], mask[rows])
        lexical_stats = mean_spread(lexical, mask) if s.fusion != "rrf" else None
        saturation = s.lexical_saturation if self._several_laws(mask) else 0.0
        earlier = reading.previous if reading.previous is not None else np.zeros(0, dtype=np.int64)
        asked = self.priors.of_kinds(reading.topic_kinds) if self.priors is not None and reading.topic_kinds else None
        if asked is None and reading.offence_kinds:
            asked = self._offence_told(terms_share, mask, reading.offence_kinds)
            if asked is not None and offence_share is None:
                # the offence the story was recognised as judges the kinds, as an offence verb's does
                affinity = s.offence_affinity
        topic, unnamed_only = self._on_topic(asked, reading.named_kinds)
        named = self._named_laws(context, mask)
        if named is not None:  # a switch: the named jurisdiction's own laws, as a topic's kinds are preferred
            topic = named if topic is None else (topic & named)
            if unnamed_only is not None:  # off the named jurisdiction too: lowered for that, not only for being unnamed
                unnamed_only = unnamed_only & named

        def fused_over(rows: np.ndarray | None = None) -> np.ndarray:
            """Fused scores of every article (or of `rows` only) with the library priors and the thread's bonus."""
            at = slice(None) if rows is None else rows
            scores = fuse(
                s,
                dense[at],
                lexical[at],
                mask[at],
                use_dense,
                use_lexical,
                stats,
                None if title is None else title[at],
                lexical_stats,
                saturation,
            )
            bonus_at = earlier if rows is None else np.nonzero(np.isin(rows, earlier))[0]
            if named is not None:  # the levels above a named jurisdiction: lowered further (KODEKS_THREAD_NAMED)
                scores = scores - s.thread_named * ~named[at]
            return followup.with_bonus(
                self._with_priors(
                    scores, mask, kind_share, officer, rows, topic, affinity, reading.level_above, lowering
                ),
                bonus_at,
                s.thread_bonus,
            )

        if asked_title is not None and title is not None:
            # The asking clause picks among the articles of the kind of law the story is about, never the kind: over a
            # library its words reach only the laws of the kind that holds the first place without it (`_asked_kind`).
            title = title + self._asked_kind(asked_title, fused_over(), mask)
        fused = fused_over()
        order = top(fused, depth)
        if stats is not None and qvecs is not None:
            # HNSW: the fused top gets its exact dense scores, then is fused again (z-scores: only the
            # top changes, so only the top is re-fused; rank fusion ranks them all again).
            exact, chunks = self.dense.exact(order, qvecs)
            dense[order], best_dense_chunk[order] = exact, chunks
            if lexical_stats is None:
                fused = fused_over()
            else:
                fused[order] = fused_over(order)
            order = order[np.argsort(-fused[order], kind="stable")]
        told = bool(saturation) and law_order.applies(query, context)  # a story told in full, on its own words
        law = law_order.leading_law(self.layout.law_code[order]) if told else None
        if law is not None and self.priors is not None and self.priors.complete_code(law):
            # one criminal code holds most of the first five: its places filled in the order it gives alone
            within, _ = self.find(query, mask & (self.layout.law_code == law), True, {}, reading, qvecs, alone=True)
            places = {c.index: n for n, c in enumerate(within)}
            order, fused = law_order.reorder_within(order, fused, self.layout.law_code[order], law, places)
        rank_ms = None
        pool_rows: dict[int, np.ndarray] = {}  # each pool row's features: the stage orders the served list (`serve`)
        evidence: dict[int, np.ndarray] = {}  # … and as trained, where the unnamed prior applied (`Candidate.evidence`)
        if self._collecting() and len(order) and not alone:
            t_rank = time.perf_counter()
            raw = RawSignals(
                hand=fused,
                dense=dense if use_dense else None,
                dense_stats=stats if stats is not None else mean_spread(dense, mask),
                lexical=lexical,
                lexical_stats=lexical_stats if lexical_stats is not None else mean_spread(lexical, mask),
                several_laws=saturation > 0 or self._several_laws(mask),
                title_terms=terms_share,
                title_question=question_share,
                previous=np.isin(np.arange(n_articles), earlier) if len(earlier) else None,
                chunks=np.diff(self.layout.chunk_start),
                own_jurisdiction=self._own_jurisdiction(officer),
            )
            if self.priors is not None:
                raw.twin = self.priors.twins_of(officer, reading.level_above)
                raw.off_topic = None if topic is None else ~topic
                raw.kind_gap = None if share is None else self.priors.kind_gap(mask, share)
                raw.offence_gap = None if offence_share is None else self.priors.kind_gap(mask, offence_share)
            raw.title_offence = title_offence
            if self.signals is not None:
                self._own_signals(raw, query, qvecs if use_dense else None, order)
            x = matrix(raw, order)
            if unnamed_only is not None and self.ranking is not None:
                # the stage orders by the prior too; the score `weak` reads is the one it was calibrated on: the hand
                # scores before the prior, `off_topic` the rule-asked mask alone
                before = replace(
                    raw,
                    hand=fused + lowering * unnamed_only,
                    off_topic=None if asked is None else ~asked,
                )
                evidence = dict(zip(order.tolist(), matrix(before, order), strict=True))
            if self.sink is not None:
                self.sink(order, x)
            pool_rows = dict(zip(order.tolist(), x, strict=True))
            rank_ms = (time.perf_counter() - t_rank) * 1000
        candidates = []
        for i in order:
            i = int(i)
            if not np.isfinite(fused[i]):
                continue
            chunk = best_dense_chunk[i] if use_dense else best_lexical_chunk[i]
            candidates.append(
                Candidate(
                    i,
                    fused=float(fused[i]),
                    similarity=float(dense[i]) if use_dense else None,
                    chunk=int(chunk),
                    features=pool_rows.get(i),
                    unnamed_lowering=lowering if unnamed_only is not None and unnamed_only[i] else 0.0,
                    evidence=evidence.get(i),
                )
            )
        t3 = time.perf_counter()
        timings.update(
            embed=(t_embed - t0) * 1000, dense=(t1 - t_embed) * 1000, lexical=(t2 - t1) * 1000, fuse=(t3 - t2) * 1000
        )
        if rank_ms is not None:
            timings["rank"] = rank_ms  # the learned stage: features of the pool and the model's scores

        def rank(chosen: list[Candidate]) -> None:
            wanted = np.asarray([c.index for c in chosen], dtype=np.int64)
            dense_rank = ranks_of(dense, mask if use_dense else None, wanted)
            lexical_rank = ranks_of(lexical, mask & (lexical > 0), wanted)
            for c in chosen:
                c.dense_rank = int(dense_rank[c.index]) or None
                c.lexical_rank = int(lexical_rank[c.index]) or None

        return candidates, rank

    def serve(
        self, candidates: list[Candidate], before: int = 0, timings: dict[str, float] | None = None
    ) -> list[Candidate]:
        """The served list in the learned stage's order: the cascade (model.cascade) over its first `rerank`, so the
        articles in the first places are the hand order's whatever the list is — one search's candidates, or a
        continuation's thread ranking fused with its words alone (followup.fuse_alone): ordering each of the two
        before the fusion would let the fusion change which articles are served first. `before`: articles served
        ahead of the list (references). The first `rerank` keep the hand scores by rank (the best goes to the
        learned first: `weak`'s lead and the logged scores stay on their scale) and carry the stage's score."""
        stage = self.ranking
        head = candidates[: stage.rerank] if stage is not None else []
        if stage is None or not head or any(c.features is None for c in head):
            return candidates
        started = time.perf_counter()
        x = np.vstack([c.features for c in head if c.features is not None])
        by = stage.order(x, before)
        # the score `weak` reads: each row as the stage was trained on it (Candidate.evidence, where the prior applied)
        scores = stage.score(np.vstack([x[n] if c.evidence is None else c.evidence for n, c in enumerate(head)]))
        hand = sorted((c.fused for c in head), reverse=True)
        served = [replace(head[j], fused=hand[n], learned=float(scores[j])) for n, j in enumerate(by.tolist())]
        if timings is not None and "rank" in timings:
            timings["rank"] += (time.perf_counter() - started) * 1000
        return served + candidates[len(head) :]

    def collect_served(self, candidates: Sequence[Candidate]) -> None:
        """Hand a continuation's served list (its two rankings fused) to training's collector as one more pool: the
        list the stage orders when it serves (`serve`), so training evaluates what serving does."""
        if self.sink is not None and candidates and all(c.features is not None for c in candidates):
            x = np.vstack([c.features for c in candidates if c.features is not None])
            self.sink(np.asarray([c.index for c in candidates], dtype=np.int64), x)

    def _asked_share(self, asked: Asked, mask: np.ndarray) -> np.ndarray:
        """Per article, how much of the asking clause its own title holds (0..1): the clause's words by their idf
        coverage, or the legal terms the vocabulary reads in the clause by their share of the best title match,
        whichever is more — 0 for an article without a title of its own (a traffic law's opening sentence holds the
        everyday words of a question, "smije", "dozvoljeno", and no name of an institution)."""
        assert self.titles is not None
        n = len(mask)
        out = np.zeros(n, dtype=np.float32)
        rows = self.title_rows
        out[rows] = self.titles.coverage(asked.clause, mask[rows])
        terms = weighted_terms(asked.expansions)
        if terms:
            out[rows] = np.maximum(out[rows], self.titles.share_of_best(terms, mask[rows]))
        return np.where(self.titled[:n], out, np.float32(0.0))

    def _asked_kind(self, asked_title: np.ndarray, before: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """`asked_title` kept only for the articles of the kind of law (LibraryPriors.kind_group) whose article comes
        first in `before` (the scores without it), over a library; unchanged over one law. The clause names what is
        asked about the told act ("…, kazna?", "…, je li to odbrana"), and only a titled law's articles can take its
        words: a traffic law's articles have no titles, so over a library the criminal codes' "Vrste kazni" or
        "Odmjeravanje kazne" took every place of a traffic story that asked "kazna?" (docs/retrieval.md, "The
        library's cost, sixth round")."""
        if self.priors is None or not self._several_laws(mask) or not np.isfinite(before).any():
            return asked_title
        group = self.priors.kind_group[: len(asked_title)]
        first = int(np.argmax(before))
        return np.where(group == group[first], asked_title, np.float32(0.0))

    def _collecting(self) -> bool:
        """Whether this search computes the feature matrix (the learned stage is on, or training collects)."""
        return self.ranking is not None or self.sink is not None

    def _own_signals(self, raw: RawSignals, query: str, qvecs: np.ndarray | None, pool: np.ndarray) -> None:
        """Fill in what only the learned stage reads (rank_signals.py): whole-index arrays for the title and chapter
        BM25 and the position, pool rows only for the word shares and the title's meaning."""
        assert self.signals is not None
        n = len(raw.hand)
        raw.title_bm25, raw.chapter_bm25 = self.signals.title_scores(query)  # prepares the signals first
        raw.position = self.signals.position
        raw.law_code = self.layout.law_code
        stems, pairs = self.signals.word_shares(query, pool)
        raw.stem_share, raw.pair_share = np.zeros(n), np.zeros(n)
        raw.stem_share[pool], raw.pair_share[pool] = stems, pairs
        similarity = self.signals.title_similarity(qvecs, pool)
        if similarity is not None:
            raw.title_dense = np.zeros(n)
            raw.title_dense[pool] = similarity

    def _own_jurisdiction(self, officer: str | None) -> np.ndarray | None:
        """Per article: of the officer's own jurisdiction — or of any one jurisdiction named (None without one or
        without a law of it)."""
        names = self.layout.jurisdiction_names
        code = fold(officer) if officer else None
        if code is None or code not in names:
            return None
        own: np.ndarray = self.layout.jurisdiction_code == names.index(code)
        return own

    def _named_laws(self, context: ThreadContext | None, mask: np.ndarray) -> np.ndarray | None:
        """Per article: of the jurisdiction the thread asked for by name (`ThreadContext.named`) — the others of its
        scope, the levels above, are lowered as off its topic (KODEKS_TOPIC_AFFINITY) and by KODEKS_THREAD_NAMED more
        ("a u RS?" after a story whose everyday words reach the state's traffic law: the officer asked for the RS
        code). None without a name, with KODEKS_THREAD_NAMED 0, or when no admitted article is of it (a jurisdiction
        without a loaded law: its scope is the levels above alone)."""
        if context is None or not context.named or self.settings.thread_named <= 0:
            return None
        own = self._own_jurisdiction(context.named)
        return own if own is not None and (own & mask).any() else None

    def _several_laws(self, mask: np.ndarray) -> bool:
        """Whether the admitted articles belong to more than one law (a library: fusion.saturate applies)."""
        codes = self.layout.law_code[mask]
        return bool(codes.size) and bool((codes != codes[0]).any())

    def _offence_told(
        self, terms_share: np.ndarray | None, mask: np.ndarray, kinds: Collection[str]
    ) -> np.ndarray | None:
        """The articles of `kinds` (LibraryPriors.of_kinds) where the title the vocabulary's legal terms match best
        among the admitted articles is one of theirs — an offence the story was recognised as ("paljevina" for
        "zapalio mu auto") — else None: the story's circumstance words then decide nothing (law_kinds.CircumstanceReading)."""
        if self.priors is None or terms_share is None or not mask.any():
            return None
        best = int(np.argmax(np.where(mask, terms_share, -1.0)))
        if terms_share[best] <= 0:
            return None
        of = self.priors.of_kinds(kinds)
        return of if of is not None and of[best] else None

    def _on_topic(
        self, asked: np.ndarray | None, named_kinds: Collection[str] | None
    ) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Per article, on topic (the rest lowered by KODEKS_TOPIC_AFFINITY): of a kind the question's topics name
        when a rule is asked (`asked`: LibraryPriors.of_kinds), and not a special law whose subject it never names
        (`named_kinds`: LibraryPriors.unnamed); and the articles off topic only for being unnamed. That prior says
        which laws the question is about, not how far its best article stands out: the stage orders with it, but
        what `weak` reads — the lead and the stage's score of the first served — is computed without it
        (`Candidate.unnamed_lowering`, `Candidate.evidence`)."""
        if self.priors is None:
            return None, None
        unnamed = self.priors.unnamed(named_kinds) if named_kinds is not None and self.settings.topic_affinity else None
        if unnamed is None:
            return asked, None
        if asked is None:
            return ~unnamed, unnamed
        return asked & ~unnamed, unnamed & asked

    def _with_priors(
        self,
        fused: np.ndarray,
        mask: np.ndarray,
        share: np.ndarray | None,
        officer: str | None,
        rows: np.ndarray | None = None,
        topic: np.ndarray | None = None,
        affinity: float | None = None,
        level_above: bool = False,
        lowering: float = 0.0,
    ) -> np.ndarray:
        """Fused scores with the library priors (twins of the officer's own law, kind and topic affinity) applied.
        `share`: the title share the kinds are judged by; `affinity`: its weight (KODEKS_KIND_AFFINITY, or
        KODEKS_OFFENCE_AFFINITY when an offence verb decided the share); `lowering`: how far the articles off `topic`
        are lowered (KODEKS_TOPIC_AFFINITY, or the question's own `QuestionReading.topic_weight`: `find` decides)."""
        s = self.settings
        affinity = s.kind_affinity if affinity is None else affinity
        if self.priors is None or not (s.twin_penalty or affinity or lowering):
            return fused
        return self.priors.adjust(
            fused, mask, share, officer, s.twin_penalty, affinity, rows, topic, lowering, level_above
        )
