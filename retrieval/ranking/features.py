"""One fixed, named feature vector per candidate: the raw signals search computes, before any weight.

`CandidateFinder` (retrieval/search/candidates.py) fills a `RawSignals` with the per-article arrays it has
anyway (dense and lexical scores, the title field's shares, the library priors' masks, the thread's previous
answer) and asks `matrix` for the rows of its candidate pool. Nothing here is weighted: the hand-set weights
(KODEKS_TITLE_WEIGHT, KODEKS_KIND_AFFINITY, …) combine these same signals in fusion.py and library_priors.py;
the learned stage (model.py) combines them with weights trained by training.py. The names are part of the
model file: a file whose names differ from `FEATURES` is refused (model.py), so a feature is added at the end
and the model retrained.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Order matters (the model file's weights follow it); docs/retrieval.md ("Learned ranking") says what each is.
FEATURES: tuple[str, ...] = (
    "hand",  # the hand-weighted fused score (z units): what ranks without the stage
    "dense_z",  # the dense similarity standardised over the admitted articles
    "lexical_z",  # BM25 (question + expansions + inherited words) standardised over the admitted articles
    "lexical_log",  # ln(1 + max(lexical_z, 0)): the heavy tail compressed (fusion.saturate's shape, scale 1)
    "lexical_log_library",  # the same where several laws compete (0 over one law)
    "lexical_none",  # 1 when no word of the question is in the article
    "title_terms",  # share of the best title match for the vocabulary's added legal terms
    "title_question",  # idf share of the question's own words a title holds
    "kind_gap",  # 1 − the best title share within the article's kind of law (library priors; 0 over one kind)
    "offence_gap",  # the same judged by an offence verb's own root (0 when none was recognised)
    "twin",  # 1: a higher-level twin of a provision the officer's own law has
    "off_topic",  # 1: a law of no kind the question's topics name (0 when no topic applies)
    "own_jurisdiction",  # 1: a law of the asking officer's own jurisdiction (0 without an officer)
    "previous",  # 1: served in the thread's previous answer
    "dense_rank_log",  # ln(rank by dense score within the pool)
    "lexical_rank_log",  # ln(rank by lexical score within the pool)
    "chunks_log",  # ln(1 + the article's chunks): its length
)


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


def matrix(raw: RawSignals, rows: np.ndarray) -> np.ndarray:
    """The (len(rows), len(FEATURES)) float64 feature matrix of the candidate pool `rows` (article indexes)."""
    n = len(rows)
    out = np.zeros((n, len(FEATURES)), dtype=np.float64)
    if n == 0:
        return out

    def put(name: str, values: np.ndarray | None) -> None:
        if values is not None:
            out[:, FEATURES.index(name)] = np.asarray(values[rows], dtype=np.float64)

    put("hand", raw.hand)
    dense = None if raw.dense is None else np.asarray(raw.dense[rows], dtype=np.float64)
    if dense is not None:
        out[:, FEATURES.index("dense_z")] = _z(dense, raw.dense_stats)
    lexical = np.asarray(raw.lexical[rows], dtype=np.float64)
    lexical_z = _z(lexical, raw.lexical_stats)
    out[:, FEATURES.index("lexical_z")] = lexical_z
    compressed = np.log1p(np.maximum(lexical_z, 0.0))
    out[:, FEATURES.index("lexical_log")] = compressed
    if raw.several_laws:
        out[:, FEATURES.index("lexical_log_library")] = compressed
    out[:, FEATURES.index("lexical_none")] = lexical <= 0
    put("title_terms", raw.title_terms)
    put("title_question", raw.title_question)
    put("kind_gap", raw.kind_gap)
    put("offence_gap", raw.offence_gap)
    put("twin", raw.twin)
    put("off_topic", raw.off_topic)
    put("own_jurisdiction", raw.own_jurisdiction)
    put("previous", raw.previous)
    if raw.chunks is not None:
        out[:, FEATURES.index("chunks_log")] = np.log1p(raw.chunks[rows])
    for name, values in (("dense_rank_log", dense), ("lexical_rank_log", lexical)):
        if values is not None:
            out[:, FEATURES.index(name)] = np.log(_ranks(values))
    hand = out[:, FEATURES.index("hand")]
    out[:, FEATURES.index("hand")] = np.where(np.isfinite(hand), hand, 0.0)
    return out


def _z(values: np.ndarray, stats: tuple[float, float]) -> np.ndarray:
    """z-scores by the admitted articles' mean and spread (0 when they do not vary), as fusion.zscore."""
    mean, spread = stats
    return np.zeros_like(values) if spread < 1e-9 else (values - mean) / spread


def _ranks(values: np.ndarray) -> np.ndarray:
    """1-based rank of each value within the pool, best (highest) first; ties share the best rank."""
    order = np.sort(values)[::-1]
    return np.searchsorted(-order, -values, side="left").astype(np.float64) + 1.0
