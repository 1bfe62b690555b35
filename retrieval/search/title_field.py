"""Article titles (and chapters) as a field of their own, scored apart from the text.

In a criminal code the title IS the offence's name ("Krađa", "Teška tjelesna povreda",
"Nasilje u porodici") and the chapter names what it protects ("Krivična djela protiv života i
tijela"). The chunk text repeats the title once among hundreds of words, so a question that the
thesaurus or the derivation table turns into the offence's name scores no better on the right
article than on any article that mentions the word in passing. A small BM25 over titles alone,
queried with the added legal terms, lets that match count on its own: its score as a share of
the best title match (0..1), times KODEKS_TITLE_WEIGHT, is added to the fused z-scores.

Why a share of the best and not a z-score like the other signals: title matches are sparse (a
handful of the 400 titles match at all), so their z-scores reach 10–15 and would swamp dense and
lexical evidence; measured in docs/retrieval.md. The question's own words are matched against titles
too, as their `coverage` (how much of the question a title holds, idf-weighted: an absolute measure, not a
share of the best) × KODEKS_QUESTION_TITLE_WEIGHT: over one code they count through the chunk text
already, but over a whole library a question in a law's own words ("koliko promila smije imati vozač",
"cinovi policijskih službenika") is what tells the laws apart, and the share also feeds the library
priors' kind affinity (docs/retrieval.md, "Searching a whole library").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from retrieval.index.bm25_build import bm25_idf, build_bm25
from retrieval.index.title_fields import opening_sentence as opening_sentence  # what stands in for a missing title
from retrieval.language.tokens import Tokenizer
from retrieval.types import Article


def field_text(article: Article) -> str:
    """Title and chapter (when the ingest recorded one: Article.chapter or the corpus's `chapter`)."""
    chapter = getattr(article, "chapter", None) or (
        article.extra.get("chapter") if isinstance(article.extra, dict) else None
    )
    return " ".join(part for part in (article.title, chapter or "") if part)


class TitleIndex:
    """BM25 over the title (+ chapter) tokens of each article, aligned with a list of articles."""

    def __init__(self, tokenizer: Tokenizer, articles: Sequence[Article]) -> None:
        self._build(tokenizer, [field_text(a) for a in articles])

    @classmethod
    def of_texts(cls, tokenizer: Tokenizer, texts: Sequence[str]) -> TitleIndex:
        """The same index from each article's `field_text` (the Retriever reads only these at open)."""
        index = cls.__new__(cls)
        index._build(tokenizer, texts)
        return index

    def _build(self, tokenizer: Tokenizer, texts: Sequence[str]) -> None:
        self.tokenizer = tokenizer
        docs = [tokenizer.terms(text) or [""] for text in texts]
        self.size = len(docs)
        self._bm25 = build_bm25(docs) if any(d != [""] for d in docs) else None

    def share_of_best(self, terms: Iterable[str | tuple[str, float]], mask: np.ndarray) -> np.ndarray:
        """Title BM25 of the terms (texts, or (text, weight) pairs) over the admitted articles, divided by the
        best (0 where none matches)."""
        scores = self.scores(t if isinstance(t, tuple) else (t, 1.0) for t in terms)
        top = float(scores[mask].max()) if mask.any() else 0.0
        return scores / top if top > 0 else scores

    def coverage(self, text: str, mask: np.ndarray) -> np.ndarray:
        """Per title: the idf-weighted share of the text's words (stems) that the title contains (0..1), idf over
        the admitted titles; a word no title has counts in the whole at the highest idf. An absolute measure —
        a share of the best match makes a title that holds one common word of a long question count as much
        as one that names what it is about (docs/retrieval.md, "Searching a whole library")."""
        out = np.zeros(self.size, dtype=np.float32)
        stems = list(dict.fromkeys(self.tokenizer.stems(text)))
        if self._bm25 is None or not stems:
            return out
        vocab = self._bm25.vocab or {}
        n = max(1, int(mask.sum()))
        total = 0.0
        for stem in stems:
            token = vocab.get(stem)
            docs = self._bm25.chunks_of(token) if token is not None else np.zeros(0, dtype=np.int32)
            docs = docs[mask[docs]]
            weight = float(bm25_idf(n, len(docs)))
            total += weight
            out[docs] += weight
        return out / total if total > 0 else out

    def scores(self, texts: Iterable[tuple[str, float]]) -> np.ndarray:
        """Σ weight × BM25(title, terms of text) over (text, weight) pairs; zeros when nothing matches."""
        out = np.zeros(self.size, dtype=np.float32)
        if self._bm25 is None:
            return out
        vocab = self._bm25.vocab or {}
        for text, weight in texts:
            columns = sorted({vocab[t] for t in self.tokenizer.terms(text) if t in vocab})
            if columns and weight:
                out += weight * self._bm25.scores(columns, [1.0] * len(columns), self.size)
        return out
