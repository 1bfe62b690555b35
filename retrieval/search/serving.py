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
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from retrieval.language.normalize import fold
from retrieval.types import Article, Hit

# Whole-text markers of a repealed article, in folded form (Bosnian/Croatian/Serbian, Latin or Cyrillic).
_DELETED_TEXT = re.compile(
    r"^[\W\d]*((clan|clanak)\s*\d+[a-z]?\W*)?(brisan[aio]?|izbrisan[aio]?|prestao\s+(je\s+)?(da\s+vazi|vaziti)|prestaje\s+da\s+vazi|"
    r"stavljen\s+van\s+snage|ukinut[aio]?)[\W\d]*$"
)


def is_deleted(article: Article) -> bool:
    """True for an article recorded as deleted (`Article.deleted`, set by the splitter and by corpus JSONL) or
    whose text only says so."""
    return article.deleted or says_deleted(article.text)


def says_deleted(text: str | None) -> bool:
    """Whether a (short) article text only says the article is deleted ("Brisan.", "Prestao da važi");
    None (the catalog keeps no short text: the article is longer) never does."""
    if text is None:
        return False
    text = fold(text)
    return len(text) < 60 and bool(_DELETED_TEXT.match(text))


class _Scored(Protocol):
    similarity: float | None


C = TypeVar("C", bound=_Scored)


def serve_with_minimum(
    candidates: Sequence[C], threshold: float, keep: int, fallback_k: int = 0
) -> list[tuple[C, str]]:
    """(candidate, level) pairs in fused order: "threshold" for those whose dense similarity reaches
    `threshold`, "top_k" for the rest; `keep` of them (`max(keep, fallback_k)` when none passes),
    fewer only when there are fewer candidates.

    The threshold does not reorder: putting the passing ones first cost hit@1 on short BCS
    questions, whose relevant article often sits just below it (docs/retrieval.md).
    """
    if keep <= 0:
        return []
    labelled = [
        (c, "threshold" if c.similarity is not None and c.similarity >= threshold else "top_k") for c in candidates
    ]
    confident = any(level == "threshold" for _, level in labelled[:keep])
    return labelled[: keep if confident else max(keep, fallback_k)]


def explain_matches(
    hits: list[Hit], tokenizer: Any, query: str, expansions: list[Any], cache: dict[str, frozenset[str]]
) -> None:
    """Fill each hit's `matched`: the question's words whose stem occurs in the article (title or
    text), then the added legal terms all of whose stems occur there ("+krađa")."""
    words_by_stem: dict[str, str] = {}
    for word in dict.fromkeys(fold(query).split()):
        for stem in tokenizer.stems(word):
            words_by_stem.setdefault(stem, word)
    terms = [(e.adds, set(tokenizer.stems(e.adds))) for e in expansions]
    for hit in hits:
        stems = cache.get(hit.id)
        if stems is None:
            stems = cache[hit.id] = frozenset(tokenizer.stems(f"{hit.article.title} {hit.article.text}"))
        hit.matched = [w for s, w in words_by_stem.items() if s in stems]
        hit.matched += [f"+{t}" for t, need in terms if need and need <= stems]
