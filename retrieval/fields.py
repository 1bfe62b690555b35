"""Article titles (and chapters) as a field of their own, scored apart from the text.

In a criminal code the title IS the offence's name ("Krađa", "Teška tjelesna povreda",
"Nasilje u porodici") and the chapter names what it protects ("Krivična djela protiv života i
tijela"). The chunk text repeats the title once among hundreds of words, so a question that names
the offence — or that the thesaurus turns into the offence's name — scores no better on the right
article than on any article that mentions the word in passing. A small BM25 over titles alone
lets that match count on its own (weight KODEKS_TITLE_WEIGHT in the fusion).
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from retrieval.lexical import Tokenizer
from retrieval.types import Article


def field_text(article: Article) -> str:
    """Title and chapter (when the ingest recorded one: Article.chapter or the corpus's `chapter`)."""
    chapter = getattr(article, "chapter", None) or (article.extra.get("chapter") if isinstance(article.extra, dict) else None)
    return " ".join(part for part in (article.title, chapter or "") if part)


class TitleIndex:
    """BM25 over the title (+ chapter) tokens of each article, aligned with a list of articles."""

    def __init__(self, tokenizer: Tokenizer, articles: Sequence[Article]) -> None:
        import bm25s

        self.tokenizer = tokenizer
        docs = [tokenizer.terms(field_text(a)) or [""] for a in articles]
        self.size = len(docs)
        self._bm25 = None
        if any(d != [""] for d in docs):
            self._bm25 = bm25s.BM25()
            self._bm25.index(docs, show_progress=False)

    def scores(self, texts: Iterable[tuple[str, float]]) -> np.ndarray:
        """Σ weight × BM25(title, terms of text) over (text, weight) pairs; zeros when nothing matches."""
        out = np.zeros(self.size, dtype=np.float32)
        if self._bm25 is None:
            return out
        vocab = self._bm25.vocab_dict
        for text, weight in texts:
            tokens = sorted({t for t in self.tokenizer.terms(text) if t in vocab})
            if tokens and weight:
                out += weight * np.asarray(self._bm25.get_scores(tokens), dtype=np.float32)
        return out
