"""Explicit references ("član 42 KZ FBiH", "čl. 42. KZ FBiH", "KZ FBiH 42", "члан 42", "§ 823 BGB").

An officer who names the article wants that article, not its nearest neighbours: references are
resolved before any similarity search. Law names are matched in folded form against the laws in
the index, their titles, and configurable aliases (`KODEKS_LAW_ALIASES`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from retrieval.normalize import fold
from retrieval.types import Article

# Folded forms: "član", "clana", "članak", "члан" → "clan…"; "čl." → "cl"; "Article", "Art.", "§".
_ARTICLE_WORD = r"(?:clan(?:ovima|ovi|ove|ova|cima|ci|ke|kom|ak|ka|ku|om|a|u)?|cl|articles|article|art|§§|§|paragraf)"
_NUMBER = r"\d{1,4}[a-z]?"
_NUMBER_LIST = rf"{_NUMBER}(?:\s*(?:,|i|and|und|&)\s*{_NUMBER})*"
_BY_WORD = re.compile(rf"(?<![\w§]){_ARTICLE_WORD}\.?\s*({_NUMBER_LIST})\b\.?")
_NUMBER_IN = re.compile(_NUMBER)
_PARENTHETICAL = re.compile(r"\s*\([^)]*\)\s*")


def article_number(label: str) -> str:
    """"§ 823" → "823", "12a." → "12a", "Article 5" → "5"."""
    found = re.search(r"\d+[a-zA-Z]?", label)
    return found.group(0).lower() if found else fold(label)


def _nearest_law(mentions: list[tuple[int, int, str]], start: int, end: int) -> str | None:
    """The law named closest to an article reference: "član 42 KZ FBiH i član 153 ZKP FBiH" pairs
    42 with KZ FBiH and 153 with ZKP FBiH (a law right after the number wins a tie)."""
    best: tuple[int, int, str] | None = None
    for m_start, m_end, law in mentions:
        if m_start >= end:
            key = (m_start - end, 0, law)
        elif m_end <= start:
            key = (start - m_end, 1, law)
        else:
            continue
        if best is None or key < best:
            best = key
    return best[2] if best else None


class ReferenceResolver:
    """Finds explicit article references in a question and returns those articles."""

    def __init__(self, articles: Iterable[Article], aliases: dict[str, str] | None = None) -> None:
        self._by_law_number: dict[tuple[str, str], Article] = {}
        self._by_number: dict[str, list[Article]] = defaultdict(list)
        names: dict[str, str] = {}
        for article in articles:
            number = article_number(article.article)
            self._by_law_number[(article.law, number)] = article
            self._by_number[number].append(article)
            names.setdefault(fold(article.law), article.law)
            if article.law_title:
                names.setdefault(fold(_PARENTHETICAL.sub(" ", article.law_title)).strip(), article.law)
        for alias, law in (aliases or {}).items():
            names[fold(alias)] = law
        self.laws = sorted(set(names.values()))
        self._law_names = names
        # Longest names first so "kz fbih" wins over "kz"; names must stand as whole words.
        alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n)
        self._law_pattern = re.compile(rf"(?<!\w)({alternatives})(?!\w)") if alternatives else None
        self._law_then_number = (
            re.compile(rf"(?<!\w)({alternatives})\s*,?\s*(?:{_ARTICLE_WORD}\.?\s*)?({_NUMBER_LIST})\b")
            if alternatives
            else None
        )

    def law_named(self, text: str) -> str | None:
        """The canonical law a (folded) name or alias refers to."""
        return self._law_names.get(fold(text).strip())

    def resolve(self, text: str) -> list[Article]:
        """Articles the text names explicitly, in the order they are named (no duplicates)."""
        folded = fold(text)
        mentions: list[tuple[int, int, str]] = []  # (start, end, law) of every law named
        if self._law_pattern:
            mentions = [(m.start(), m.end(), self._law_names[m.group(1)]) for m in self._law_pattern.finditer(folded)]
        pairs: list[tuple[str | None, str]] = []
        if self._law_then_number:
            for m in self._law_then_number.finditer(folded):
                pairs += [(self._law_names[m.group(1)], n) for n in _NUMBER_IN.findall(m.group(2))]
        for m in _BY_WORD.finditer(folded):
            law = _nearest_law(mentions, m.start(), m.end())
            pairs += [(law, number) for number in _NUMBER_IN.findall(m.group(1))]
        found: dict[str, Article] = {}
        for law, number in pairs:
            if law is None:
                for article in self._numbered(number):
                    found.setdefault(article.id, article)
            elif (article := self._article(law, number)) is not None:
                found.setdefault(article.id, article)
        return list(found.values())

    def get(self, law: str, number: str) -> Article | None:
        canonical = self.law_named(law) or law
        return self._article(canonical, article_number(number))

    # The two lookups, apart so a table on disk can serve them (engine.CatalogReferences).
    def _article(self, law: str, number: str) -> Article | None:
        return self._by_law_number.get((law, number))

    def _numbered(self, number: str) -> list[Article]:
        return self._by_number.get(number, [])
