"""The part of an article that best matches a question, for excerpts an officer can read at a glance.

An article's first paragraph is often not the one that answers ("(3) A driver who refuses…"), so
the excerpt starts at the paragraph sharing most word pieces (character 5-grams of folded words,
the same units the lexical index uses) with the question.
"""

from __future__ import annotations

from retrieval.index.chunking import split_paragraphs
from retrieval.language.normalize import words
from retrieval.language.tokens import ngrams


def _pieces(text: str) -> set[str]:
    return {g for w in words(text) if len(w) > 3 for g in ngrams(w)}


def best_passage(text: str, question: str) -> str:
    """The article text from its best-matching paragraph on (the whole text if the first one wins)."""
    paragraphs = split_paragraphs(text)
    if len(paragraphs) < 2:
        return text
    wanted = _pieces(question)
    if not wanted:
        return text
    overlaps = [len(wanted & _pieces(p)) for p in paragraphs]
    best = max(range(len(paragraphs)), key=lambda i: (overlaps[i], -i))
    return text if best == 0 or overlaps[best] == 0 else " ".join(paragraphs[best:])
