"""Fusing the dense and the lexical evidence into one score per article, and the rank arithmetic.

Cosine similarities (a narrow band, ~0.77–0.94 with e5) and BM25 scores (unbounded, mostly 0) have
no common scale. The default fusion standardises each over the admitted articles (z-scores, weighted:
KODEKS_DENSE_WEIGHT / KODEKS_LEXICAL_WEIGHT); `KODEKS_FUSION=rrf` uses reciprocal ranks instead. Why
z-scores won, and where they need care (a rare lexical 5-gram on a short question), is measured in
docs/retrieval.md. Plain functions over numpy arrays: no state, no I/O.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np


class FusionSettings(Protocol):
    """The settings fusion reads (`kodeks.settings.Settings` has them)."""

    @property
    def fusion(self) -> str: ...
    @property
    def dense_weight(self) -> float: ...
    @property
    def lexical_weight(self) -> float: ...
    @property
    def rrf_k(self) -> int: ...


def fuse(
    s: FusionSettings,
    dense: np.ndarray,
    lexical: np.ndarray,
    mask: np.ndarray,
    use_dense: bool,
    use_lexical: bool,
    dense_stats: tuple[float, float] | None,
    title: np.ndarray | None = None,
    lexical_stats: tuple[float, float] | None = None,
    saturation: float = 0.0,
) -> np.ndarray:
    """Fused score per article (-inf outside the mask). The `*_stats` give the z-scores' mean and
    spread when the arrays are not all the admitted articles (HNSW's sample; the re-fused top).
    `saturation`: the scale of `saturate` for the lexical z-scores (0: none)."""
    if s.fusion == "rrf":
        dense_rank = ranks(np.where(mask, dense, -np.inf), valid=mask if use_dense else None)
        lexical_rank = ranks(np.where(mask, lexical, -np.inf), valid=mask & (lexical > 0))
        fused = rrf_scores(dense_rank, s.dense_weight, s.rrf_k) + rrf_scores(lexical_rank, s.lexical_weight, s.rrf_k)
    else:
        dense_z = zscore(dense, mask, dense_stats) if use_dense else 0.0
        lexical_z = saturate(zscore(lexical, mask, lexical_stats), saturation)
        fused = s.dense_weight * dense_z + s.lexical_weight * lexical_z * use_lexical
    if title is not None:
        fused = fused + title
    return np.where(mask, fused, -np.inf)


def saturate(z: np.ndarray, scale: float) -> np.ndarray:
    """Positive z-scores compressed as `scale · ln(1 + z / scale)` (0: unchanged); negative ones kept.

    BM25 is heavy-tailed: most articles score 0, and one rare word of the question in a short article
    lies 9 standard deviations out over one code and 12 over a whole library (more, and more varied,
    short articles: a traffic law's "parking", a VAT law's "gorivo"). Added to the dense z (top ~3 at
    any size), that tail decides alone, more so the bigger the library. Compressed, a strong lexical
    match still counts (at scale 5, z 9 → 5.1 and 12 → 6.1: the library adds one unit where it added
    three), but no longer outvotes the dense evidence by itself. Applied only where several laws
    compete (candidates.py): over one code the tail is the evidence the weights were chosen on, and
    compressing it there costs coliee and gerlayqa 1.5 points. Measured in docs/retrieval.md
    ("Searching a whole library")."""
    if scale <= 0:
        return z
    return np.where(z > 0, scale * np.log1p(np.maximum(z, 0.0) / scale), z)


def top(scores: np.ndarray, depth: int) -> np.ndarray:
    """Indexes of the `depth` best scores, best first, ties by index (a full argsort, without sorting
    100,000 scores: select, then sort the few)."""
    if depth <= 0:
        return np.zeros(0, dtype=np.int64)
    top = np.sort(np.argpartition(-scores, depth - 1)[:depth]) if depth < len(scores) else np.arange(len(scores))
    return top[np.argsort(-scores[top], kind="stable")]


def ranks_of(scores: np.ndarray, valid: np.ndarray | None, wanted: np.ndarray) -> np.ndarray:
    """`ranks` for the `wanted` articles only (the served few): 1 + how many valid articles score
    higher (ties share a rank); 0 where not valid. One comparison over the articles per wanted one
    (~15 µs at 100,000) instead of an argsort of them all per query."""
    ranks = np.zeros(len(scores), dtype=np.int64)
    if valid is None:
        return ranks
    for i in wanted[valid[wanted]] if len(wanted) else ():
        ranks[i] = np.count_nonzero((scores > scores[i]) & valid) + 1
    return ranks


def ranks(scores: np.ndarray, valid: np.ndarray | None) -> np.ndarray:
    """1-based rank of every article by score; 0 where not ranked (filtered out or no match)."""
    ranks = np.zeros(len(scores), dtype=np.int64)
    if valid is None or not valid.any():
        return ranks
    order = np.argsort(-scores, kind="stable")
    ranks[order] = np.arange(1, len(scores) + 1)
    return np.where(valid, ranks, 0)


def rrf_scores(ranks: np.ndarray, weight: float, k: int) -> np.ndarray:
    """Reciprocal-rank fusion term; 0 for unranked articles."""
    return np.where(ranks > 0, weight / (k + ranks), 0.0)


def mean_spread(scores: np.ndarray, mask: np.ndarray) -> tuple[float, float]:
    """Mean and standard deviation of the admitted articles' scores ((0, 0) when none is admitted)."""
    values = scores[mask]
    return (float(values.mean()), float(values.std())) if values.size else (0.0, 0.0)


def zscore(scores: np.ndarray, mask: np.ndarray, stats: tuple[float, float] | None = None) -> np.ndarray:
    """Standardise scores over the admitted articles, so cosine and BM25 scales can be added.

    `stats` gives the mean and spread when only some scores are known (HNSW: from a sample)."""
    mean, spread = mean_spread(scores, mask) if stats is None else stats
    if spread < 1e-9:
        return np.zeros_like(scores, dtype=np.float64)
    return (scores - mean) / spread
