"""How a follow-up's conversation weighs in search (retrieval.types.ThreadContext), in one place.

A follow-up ("a koja je kazna?") is searched for its own words as any question is, plus:
- the words it inherits from the earlier questions, as lexical terms at KODEKS_THREAD_WEIGHT of the
  question's own (below 1: what the officer just typed leads) and, joined to the question, as one more
  dense query (a chunk counts by its best query, so the question alone still finds what it names);
- the articles the previous answer gave, whose fused score gets KODEKS_THREAD_BONUS (z-score units):
  they stay in the running for a question that keeps to the same matter, but are served only if the
  bonus lifts them among the best — an unrelated article is not served because it was served before.
The weight and the bonus are measured by bench/followups.py (docs/retrieval.md, "Follow-up questions").
Plain functions over numpy arrays and the lexical index: no state.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from retrieval.types import ThreadContext


class TermScorer(Protocol):
    def term_scores(self, terms: list[str]) -> np.ndarray: ...


def dense_queries(query: str, context: ThreadContext | None) -> list[str]:
    """The extra dense query of a follow-up: the question with its inherited words."""
    if context is None or not context.words.strip():
        return []
    return [f"{query} {context.words}"]


def lexical_scores(lexical: TermScorer, context: ThreadContext | None, weight: float) -> np.ndarray | None:
    """Per chunk, BM25 of the inherited words times `weight` (None when there are none)."""
    if context is None or not context.words.strip() or weight <= 0:
        return None
    return weight * lexical.term_scores([context.words])


def with_bonus(fused: np.ndarray, previous: np.ndarray, bonus: float) -> np.ndarray:
    """`fused` with `bonus` added for the previous answer's articles (indexes `previous`) still admitted."""
    if not len(previous) or bonus <= 0:
        return fused
    out = fused.copy()
    admitted = previous[np.isfinite(out[previous])]
    out[admitted] += bonus
    return out
