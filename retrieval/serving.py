"""What search serves from its ranked candidates: the threshold labels confidence, it does not cut context.

A single article above the threshold used to be served alone ("obio auto i ukrao radio" got one
article, the wrong one, because the fallback only ran when nothing passed). Now the articles that
pass are labelled `threshold`, and the list is always filled up to `keep` (KODEKS_TOP_K, or `k`)
with the next best, labelled `top_k` — so the answer step always sees at least that many articles
while the index has them, and can tell confident results from fill by their level.

Deleted articles (a corpus row with `"deleted": true`, or an article whose whole text is a
"(brisan)" / "prestao da važi" marker) are never served: they carry no law, and a bare "(brisan)"
is a surprisingly good dense match for short questions.
"""

from __future__ import annotations

import re
from typing import Protocol, Sequence, TypeVar

from retrieval.normalize import fold
from retrieval.types import Article

# Whole-text markers of a repealed article, in folded form (Bosnian/Croatian/Serbian, Latin or Cyrillic).
_DELETED_TEXT = re.compile(
    r"^[\W\d]*((clan|clanak)\s*\d+[a-z]?\W*)?(brisan[aio]?|izbrisan[aio]?|prestao\s+(je\s+)?(da\s+vazi|vaziti)|prestaje\s+da\s+vazi|"
    r"stavljen\s+van\s+snage|ukinut[aio]?)[\W\d]*$"
)


def is_deleted(article: Article) -> bool:
    """True for an article recorded as deleted (field or metadata `deleted`) or whose text only says so."""
    flag = getattr(article, "deleted", None)
    if flag is None:
        flag = article.extra.get("deleted") if isinstance(article.extra, dict) else None
    if isinstance(flag, str):
        flag = flag.strip().lower() in ("1", "true", "yes", "da")
    if flag:
        return True
    text = fold(article.text)
    return len(text) < 60 and bool(_DELETED_TEXT.match(text))


class _Scored(Protocol):
    similarity: float | None


C = TypeVar("C", bound=_Scored)


def serve_with_minimum(
    candidates: Sequence[C], threshold: float, keep: int, fallback_k: int = 0, passing_first: bool | None = None
) -> list[tuple[C, str]]:
    """(candidate, level) pairs, best first: those reaching `threshold` as "threshold", then the next
    best as "top_k", until `keep` are served (fewer only when there are fewer candidates); when
    nothing passes, `max(keep, fallback_k)`.

    Candidates come in fused order. With `passing_first` the ones that pass come before the rest,
    each group in fused order (the shipped behaviour: what the threshold vouches for leads).
    """
    if keep <= 0:
        return []
    labelled = [
        (c, "threshold" if c.similarity is not None and c.similarity >= threshold else "top_k") for c in candidates
    ]
    if passing_first is None:
        import os
        passing_first = os.environ.get('XP_PASSING_FIRST', '1') == '1'
    if passing_first:  # (a stable partition)
        labelled = [x for x in labelled if x[1] == "threshold"] + [x for x in labelled if x[1] == "top_k"]
    confident = bool(labelled) and labelled[0][1] == "threshold"
    return labelled[: keep if confident else max(keep, fallback_k)]
