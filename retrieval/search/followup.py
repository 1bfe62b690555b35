"""How a follow-up's conversation weighs in search (retrieval.types.ThreadContext), in one place.

A follow-up ("a koja je kazna?") is searched for its own words as any question is, plus:
- the words it inherits from the earlier questions, as lexical terms at KODEKS_THREAD_WEIGHT of the
  question's own (below 1: what the officer just typed leads) and, joined to the question, as its dense
  query — instead of the question alone, whose embedding ("a koja je kazna?") is nearest to whatever
  speaks of penalties in general (measured: docs/retrieval.md);
- the articles the previous answer gave, whose fused score gets KODEKS_THREAD_BONUS (z-score units):
  they stay in the running for a question that keeps to the same matter, but are served only if the
  bonus lifts them among the best — an unrelated article is not served because it was served before.
- a continuation ("a koja je kazna?", "a ako je imao nož?") is also searched by its own words without the thread,
  and the two rankings are fused by rank (`fuse_alone`, KODEKS_THREAD_ALONE): what the thread's search ranks
  leads, and what the message alone ranks first can move up past a few of it — the thread narrows, it does not
  hide what the officer's own words find.
The weight and the bonus are measured by bench/followups.py (docs/retrieval.md, "Follow-up questions").
Plain functions over numpy arrays and the lexical index: no state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import numpy as np

from retrieval.types import ThreadContext


class LexicalScorer(Protocol):
    def scores(self, query: str) -> np.ndarray: ...


def dense_queries(query: str, context: ThreadContext | None) -> list[str]:
    """The dense query: the question — for a follow-up, with its inherited words instead of alone ("a koja je
    kazna?" embedded alone is nearest to the general articles on penalties, whatever the matter was). A message
    with an act of its own (`context.dense` False) is embedded alone: the thread must not pull it back."""
    if context is None or not context.words.strip() or not context.dense:
        return [query]
    return [f"{context.words} {query}"]


def lexical_scores(lexical: LexicalScorer, context: ThreadContext | None, weight: float) -> np.ndarray | None:
    """Per chunk, BM25 of the inherited words (tokenised as a question is: stems, 5-grams, stem pairs) times
    `weight` (None when there are none)."""
    if context is None or not context.words.strip() or weight <= 0:
        return None
    return weight * lexical.scores(context.words)


def with_bonus(fused: np.ndarray, previous: np.ndarray, bonus: float) -> np.ndarray:
    """`fused` with `bonus` added for the previous answer's articles (indexes `previous`) still admitted."""
    if not len(previous) or bonus <= 0:
        return fused
    out = fused.copy()
    admitted = previous[np.isfinite(out[previous])]
    out[admitted] += bonus
    return out


C = TypeVar("C")

FUSED_DEPTH = 20  # of each ranking, fused; the thread's candidates below it keep their order after the fused ones
FUSION_K = 10  # the rank constant: 1 / (FUSION_K + rank)


def fuse_alone(thread: Sequence[C], alone: Sequence[C], weight: float, key: Callable[[C], object]) -> list[C]:
    """The thread's ranking fused with the message's own words ranked alone, by reciprocal rank: each of the first
    FUSED_DEPTH of a ranking scores 1 / (FUSION_K + rank) — times `weight` for `alone` — and the items (the same
    article by `key`: the thread's object kept) are ordered by their sum. At weight 0.2, the message's own first
    article gains about two places over the thread's; the thread's ranking otherwise leads. Measured on the tune
    threads (docs/retrieval.md, fifth round)."""
    if weight <= 0 or not alone:
        return list(thread)
    scores: dict[object, float] = {}
    items: dict[object, C] = {}
    for ranking, w in ((thread, 1.0), (alone, weight)):
        for n, item in enumerate(ranking[:FUSED_DEPTH], 1):
            k = key(item)
            scores[k] = scores.get(k, 0.0) + w / (FUSION_K + n)
            items.setdefault(k, item)
    fused = sorted(scores, key=lambda k: -scores[k])  # stable: ties keep the thread's order
    rest = [c for c in thread[FUSED_DEPTH:] if key(c) not in scores]
    return [items[k] for k in fused] + rest
