"""One fixed, named feature vector per candidate: the raw signals search computes, before any weight.

`CandidateFinder` (retrieval/search/candidates.py) fills a `RawSignals` with the per-article arrays it has
anyway (dense and lexical scores, the title field's shares, the library priors' masks, the thread's previous
answer) and those retrieval/search/rank_signals.py adds for the learned stage alone (the title and the chapter
scored apart, the title's meaning, the share of the question's words an article holds, where the article
stands in its law), and asks `matrix` for the rows of its candidate pool. Training collects the pools through
the same call, so a feature is computed the same way at training and at serving.

Every feature is one function below, registered under its name with a docstring that says what it is; nothing
here is weighted. The hand-set weights (KODEKS_TITLE_WEIGHT, KODEKS_KIND_AFFINITY, …) combine some of these same
signals in fusion.py and library_priors.py; the learned stage (model.py) combines them all with what training.py
learned. The names are part of the model file: a file whose names differ from `FEATURES` is refused (model.py),
so a feature is added at the end and the model retrained.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np


@dataclass
class RawSignals:
    """Per-article arrays of one search (length: the index's articles), as CandidateFinder computed them.
    None: the signal does not apply to this search (no title field, no priors, no thread, no officer)."""

    hand: np.ndarray
    dense: np.ndarray | None  # cosine similarities, with their (mean, spread) over the admitted articles
    dense_stats: tuple[float, float]
    lexical: np.ndarray  # BM25 per article, with its (mean, spread)
    lexical_stats: tuple[float, float]
    several_laws: bool
    title_terms: np.ndarray | None = None
    title_question: np.ndarray | None = None
    kind_gap: np.ndarray | None = None
    offence_gap: np.ndarray | None = None
    twin: np.ndarray | None = None
    off_topic: np.ndarray | None = None
    own_jurisdiction: np.ndarray | None = None
    previous: np.ndarray | None = None
    chunks: np.ndarray | None = None
    # retrieval/search/rank_signals.py: what only the learned stage reads
    title_bm25: np.ndarray | None = None  # BM25 of the question's words over the article's title alone
    chapter_bm25: np.ndarray | None = None  # … over its chapter heading alone
    title_dense: np.ndarray | None = None  # cosine of the question to the title's own vector (pool rows)
    stem_share: np.ndarray | None = None  # idf share of the question's stems the article holds (pool rows)
    pair_share: np.ndarray | None = None  # share of the question's adjacent word pairs the article holds
    position: np.ndarray | None = None  # where the article stands in its law, 0 (first) … 1 (last)
    law_code: np.ndarray | None = None  # the article's law (its rank among its own law's candidates)
    title_offence: np.ndarray | None = None  # share of the best title match for a recognised offence's name


class PoolView:
    """The candidate pool `rows` of one search, with what several features share computed once."""

    def __init__(self, raw: RawSignals, rows: np.ndarray) -> None:
        self.raw = raw
        self.rows = rows

    def at(self, values: np.ndarray | None) -> np.ndarray | None:
        return None if values is None else np.asarray(values[self.rows], dtype=np.float64)

    @cached_property
    def hand(self) -> np.ndarray:
        hand = np.asarray(self.raw.hand[self.rows], dtype=np.float64)
        return np.where(np.isfinite(hand), hand, np.nan)

    @cached_property
    def dense(self) -> np.ndarray | None:
        return self.at(self.raw.dense)

    @cached_property
    def dense_z(self) -> np.ndarray | None:
        return None if self.dense is None else _z(self.dense, self.raw.dense_stats)

    @cached_property
    def lexical(self) -> np.ndarray:
        return np.asarray(self.raw.lexical[self.rows], dtype=np.float64)

    @cached_property
    def lexical_z(self) -> np.ndarray:
        return _z(self.lexical, self.raw.lexical_stats)

    @cached_property
    def dense_rank(self) -> np.ndarray | None:
        return None if self.dense is None else _ranks(self.dense)

    @cached_property
    def lexical_rank(self) -> np.ndarray:
        return _ranks(self.lexical)


Feature = Callable[[PoolView], "np.ndarray | None"]
_REGISTRY: dict[str, Feature] = {}


def feature(fn: Feature) -> Feature:
    """Registers `fn` under its name, in the order of this file (the model file's weights follow it)."""
    _REGISTRY[fn.__name__] = fn
    return fn


@feature
def hand(p: PoolView) -> np.ndarray:
    """The hand-weighted fused score (z units): what ranks without the stage (0 where not finite)."""
    return _col(np.nan_to_num(p.hand, nan=0.0))


@feature
def dense_z(p: PoolView) -> np.ndarray | None:
    """The dense similarity standardised over the admitted articles."""
    return p.dense_z


@feature
def lexical_z(p: PoolView) -> np.ndarray:
    """BM25 (question + expansions + inherited words) standardised over the admitted articles."""
    return p.lexical_z


@feature
def lexical_log(p: PoolView) -> np.ndarray:
    """ln(1 + max(lexical_z, 0)): the heavy tail compressed (fusion.saturate's shape, scale 1)."""
    return _col(np.log1p(np.maximum(p.lexical_z, 0.0)))


@feature
def lexical_log_library(p: PoolView) -> np.ndarray | None:
    """The same where several laws compete (0 over one law)."""
    return np.log1p(np.maximum(p.lexical_z, 0.0)) if p.raw.several_laws else None


@feature
def lexical_none(p: PoolView) -> np.ndarray:
    """1 when no word of the question is in the article."""
    return (p.lexical <= 0).astype(np.float64)


@feature
def title_terms(p: PoolView) -> np.ndarray | None:
    """Share of the best title match for the vocabulary's added legal terms."""
    return p.at(p.raw.title_terms)


@feature
def title_question(p: PoolView) -> np.ndarray | None:
    """Idf share of the question's own words a title (+ chapter) holds."""
    return p.at(p.raw.title_question)


@feature
def kind_gap(p: PoolView) -> np.ndarray | None:
    """1 − the best title share within the article's kind of law (library priors; 0 over one kind)."""
    return p.at(p.raw.kind_gap)


@feature
def offence_gap(p: PoolView) -> np.ndarray | None:
    """The same judged by an offence verb's own root (0 when none was recognised)."""
    return p.at(p.raw.offence_gap)


@feature
def twin(p: PoolView) -> np.ndarray | None:
    """1: a higher-level twin of a provision the officer's own law has."""
    return p.at(p.raw.twin)


@feature
def off_topic(p: PoolView) -> np.ndarray | None:
    """1: a law of no kind the question's topics name (0 when no topic applies)."""
    return p.at(p.raw.off_topic)


@feature
def own_jurisdiction(p: PoolView) -> np.ndarray | None:
    """1: a law of the asking officer's own jurisdiction (0 without an officer)."""
    return p.at(p.raw.own_jurisdiction)


@feature
def previous(p: PoolView) -> np.ndarray | None:
    """1: served in the thread's previous answer."""
    return p.at(p.raw.previous)


@feature
def dense_rank_log(p: PoolView) -> np.ndarray | None:
    """ln(rank by dense score within the pool)."""
    return None if p.dense_rank is None else np.log(p.dense_rank)


@feature
def lexical_rank_log(p: PoolView) -> np.ndarray:
    """ln(rank by lexical score within the pool)."""
    return _col(np.log(p.lexical_rank))


@feature
def chunks_log(p: PoolView) -> np.ndarray | None:
    """ln(1 + the article's chunks): its length."""
    return _log1p(p.at(p.raw.chunks))


@feature
def title_bm25(p: PoolView) -> np.ndarray | None:
    """ln(1 + BM25 of the question's words over the title alone): the title field mixes title and chapter, and
    counts only the added legal terms' share of the best; here the title's own match, on its own scale."""
    return _log1p(p.at(p.raw.title_bm25))


@feature
def chapter_bm25(p: PoolView) -> np.ndarray | None:
    """ln(1 + BM25 of the question's words over the chapter heading alone): what the article protects or
    regulates ("Krivična djela protiv imovine") named by the question."""
    return _log1p(p.at(p.raw.chapter_bm25))


@feature
def title_dense(p: PoolView) -> np.ndarray | None:
    """Cosine of the question to the title's own vector, less the pool's mean: the title's meaning, apart from a
    long text's (0 for an article without a title)."""
    values = p.at(p.raw.title_dense)
    return None if values is None else values - values.mean()


@feature
def stem_share(p: PoolView) -> np.ndarray | None:
    """Idf-weighted share of the question's content stems the article holds anywhere: how much of the question it
    covers, where BM25 lets one rare word decide."""
    return p.at(p.raw.stem_share)


@feature
def pair_share(p: PoolView) -> np.ndarray | None:
    """Share of the question's adjacent word pairs (stem bigrams) the article holds: a phrase matched, not its
    words apart."""
    return p.at(p.raw.pair_share)


@feature
def position(p: PoolView) -> np.ndarray | None:
    """Where the article stands in its law, 0 (first) … 1 (last): a code's general part comes first, its
    offences after (the general part answers few officers' questions, but many of a library's twins)."""
    return p.at(p.raw.position)


@feature
def law_rank_log(p: PoolView) -> np.ndarray | None:
    """ln(rank among the pool's candidates of its own law, by the hand score): the best of each law."""
    codes = p.at(p.raw.law_code)
    if codes is None:
        return None
    order = np.argsort(-np.nan_to_num(p.hand, nan=-np.inf), kind="stable")
    rank = np.zeros(len(order))
    seen: dict[float, int] = {}
    for i in order.tolist():
        seen[codes[i]] = seen.get(codes[i], 0) + 1
        rank[i] = seen[codes[i]]
    return np.log(rank)


@feature
def rank_gap(p: PoolView) -> np.ndarray | None:
    """|ln dense rank − ln lexical rank| within the pool: whether the two retrievers agree on the article."""
    return None if p.dense_rank is None else np.abs(np.log(p.dense_rank) - np.log(p.lexical_rank))


@feature
def hand_gap(p: PoolView) -> np.ndarray:
    """The hand score less the pool's best: how far behind the first candidate (a tree's splits need it relative)."""
    finite = np.nan_to_num(p.hand, nan=-np.inf)
    best = float(finite.max()) if len(finite) else 0.0
    return np.where(np.isfinite(finite), finite - best, -10.0)


@feature
def dense_gap(p: PoolView) -> np.ndarray | None:
    """The dense z less the pool's best dense z."""
    return None if p.dense_z is None else p.dense_z - p.dense_z.max()


@feature
def lexical_gap(p: PoolView) -> np.ndarray:
    """The lexical z less the pool's best lexical z."""
    return _col(p.lexical_z - p.lexical_z.max())


@feature
def title_offence(p: PoolView) -> np.ndarray | None:
    """Share of the best title match for the name of an offence the question's verb was recognised as ("ukrao" →
    krađa), 0 when none was: the offence named by its title, the strongest single evidence of a lay question."""
    return p.at(p.raw.title_offence)


FEATURES: tuple[str, ...] = tuple(_REGISTRY)


def describe() -> dict[str, str]:
    """Each feature's name and its docstring on one line (recorded in the model file; the docs' table)."""
    return {name: " ".join((fn.__doc__ or "").split()) for name, fn in _REGISTRY.items()}


def matrix(raw: RawSignals, rows: np.ndarray) -> np.ndarray:
    """The (len(rows), len(FEATURES)) float64 feature matrix of the candidate pool `rows` (article indexes); a
    feature that does not apply to this search is 0."""
    out = np.zeros((len(rows), len(FEATURES)), dtype=np.float64)
    if len(rows) == 0:
        return out
    view = PoolView(raw, np.asarray(rows))
    for j, fn in enumerate(_REGISTRY.values()):
        column = fn(view)
        if column is not None:
            out[:, j] = column
    return out


def _col(values: object) -> np.ndarray:
    return np.asarray(values, dtype=np.float64)


def _log1p(values: np.ndarray | None) -> np.ndarray | None:
    return None if values is None else _col(np.log1p(values))


def _z(values: np.ndarray, stats: tuple[float, float]) -> np.ndarray:
    """z-scores by the admitted articles' mean and spread (0 when they do not vary), as fusion.zscore."""
    mean, spread = stats
    return np.zeros_like(values) if spread < 1e-9 else (values - mean) / spread


def _ranks(values: np.ndarray) -> np.ndarray:
    """1-based rank of each value within the pool, best (highest) first; ties share the best rank."""
    order = np.sort(values)[::-1]
    return np.searchsorted(-order, -values, side="left").astype(np.float64) + 1.0
