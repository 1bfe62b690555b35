"""Tokens for BM25, the same for the laws and for questions: folded words → stems, 5-grams, stem pairs.

Tokens are folded for BCS (Cyrillic → Latin, no diacritics) and stemmed with Snowball (`serbian` by
default; `english`, `german`, … for other corpora), so "vozac", "vozača" and "возача" meet.

Snowball's Serbian stemmer leaves many inflections apart ("krivotvorio" → krivotvori,
"krivotvorenje" → krivotvorenj), and German compounds hide their parts; character 5-grams of each
word ("_kriv", "krivo", "rivot", …) let such forms share most of their tokens. Pairs of adjacent
stems ("krivotvorenj isprav" vs "krivotvorenj novc") keep the legal terms of two words together.
All three kinds go into one bag, so a whole-word or whole-term match counts more than a partial one.
BCS variants (retrieval/language/data/bcs_variants.toml) are joined before stemming, on both sides (language/vocabulary.py).
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from retrieval.language.normalize import words
from retrieval.language.vocabulary import Vocabulary, bcs_vocabulary, variants_fingerprint

# High-frequency function words of BCS questions; BM25's IDF already discounts them, removing them
# also keeps short everyday questions from matching on "je", "da", "se" alone.
_BCS_STOPWORDS = frozenset(
    [
        "a",
        "ako",
        "ali",
        "bi",
        "bih",
        "bila",
        "bilo",
        "bio",
        "biti",
        "da",
        "do",
        "dok",
        "ga",
        "i",
        "ih",
        "iz",
        "ja",
        "je",
        "jer",
        "ju",
        "k",
        "kad",
        "kada",
        "kako",
        "koja",
        "koje",
        "koji",
        "kojoj",
        "kojom",
        "kao",
        "li",
        "ma",
        "me",
        "mi",
        "mu",
        "na",
        "nad",
        "ne",
        "neki",
        "neko",
        "nesto",
        "ni",
        "nije",
        "niti",
        "o",
        "od",
        "on",
        "ona",
        "one",
        "oni",
        "ono",
        "ova",
        "ovaj",
        "ove",
        "ovo",
        "pa",
        "pod",
        "po",
        "pri",
        "s",
        "sa",
        "se",
        "si",
        "sta",
        "su",
        "ta",
        "taj",
        "te",
        "ti",
        "to",
        "u",
        "uz",
        "vi",
        "za",
        "zar",
        "sto",
        "sam",
        "smo",
        "ste",
        "mene",
        "meni",
        "nas",
        "vas",
        "njega",
        "njoj",
        "njih",
        "nam",
        "vam",
        "biti",
        "jesam",
        "jesu",
        "cu",
        "ces",
        "ce",
        "cemo",
        "cete",
        "hocu",
        "moze",
        "mogu",
        "treba",
        "sve",
        "svi",
    ]
)
# Bumped whenever tokenisation changes: an index built by another version is re-tokenised.
TOKENIZER_VERSION = 4
NGRAM = 5
NGRAM_MARK, PAIR_MARK = "#", "~"  # prefixes that keep 5-grams and stem pairs apart from stems


def stopwords(language: str) -> frozenset[str]:
    """The function words BM25 drops for a language (folded): what ingest's split-word repair counts as
    words that stand alone."""
    return _stopwords(language)


def _stopwords(language: str) -> frozenset[str]:
    """BCS list above for Serbian; bm25s's own lists for the languages it has (folded like our tokens)."""
    if language == "serbian":
        return _BCS_STOPWORDS
    import bm25s.stopwords as lists

    name = {"english": "EN", "porter": "EN"}.get(language, language.upper())
    found = getattr(lists, f"STOPWORDS_{name}", ())
    return frozenset(w for word in found for w in words(word))


class Tokenizer:
    """fold → words → drop stopwords → [BCS variants] → stems, their 5-grams, adjacent stem pairs.
    Same for documents and queries."""

    def __init__(self, language: str = "serbian", vocabulary: Vocabulary | bool | None = True) -> None:
        import Stemmer

        try:
            self._stemmer = Stemmer.Stemmer(language)
        except KeyError:
            raise ValueError(f"no Snowball stemmer for {language!r}; try one of {Stemmer.algorithms()}") from None
        self.language = language
        self._stop = _stopwords(language)
        self._stem = lru_cache(maxsize=200_000)(self._stemmer.stemWord)
        # BCS variant knowledge (retrieval/language/data/bcs_variants.toml) for the BCS stemmer; True = the shipped files.
        if vocabulary is True:
            vocabulary = bcs_vocabulary(self._stem) if language == "serbian" else None
        self.vocabulary: Vocabulary | None = vocabulary or None
        # A word's canonical stem, cached: explaining the matches of the served articles stems their whole
        # texts on every search, and law texts repeat their words (27 µs a word uncached).
        self._stem_of = lru_cache(maxsize=200_000)(self._canonical_stem)

    def __call__(self, text: str) -> list[str]:
        kept = self._content_words(text)
        stems = [self._stem_of(word) for word in kept]
        tokens: list[str] = []
        for word, stem in zip(kept, stems):
            tokens.append(stem)
            tokens += ngrams(word)
        tokens += [f"{PAIR_MARK}{a}_{b}" for a, b in itertools.pairwise(stems)]
        return tokens

    def stems(self, text: str) -> list[str]:
        """Only the whole-word stems of `text`."""
        return [self._stem_of(word) for word in self._content_words(text)]

    def terms(self, text: str) -> list[str]:
        """Stems and adjacent stem pairs, no 5-grams: the precise tokens of an added legal term."""
        stems = self.stems(text)
        return stems + [f"{PAIR_MARK}{a}_{b}" for a, b in itertools.pairwise(stems)]

    def _canonical_stem(self, word: str) -> str:
        stem = self._stem(word)
        return self.vocabulary.canonical_stem(stem) if self.vocabulary is not None else stem

    def _content_words(self, text: str) -> list[str]:
        kept = [word for word in words(text) if word not in self._stop]
        if self.vocabulary is not None:
            kept = [self.vocabulary.canonical_word(word) for word in kept]
        return kept


def variants_id(language: str) -> str:
    """Which BCS variant rules tokenised the index ("" for other languages): editing them re-tokenises."""
    if language != "serbian":
        return ""

    return variants_fingerprint()


def is_current(meta: dict[str, Any]) -> bool:
    return meta.get("tokenizer") == TOKENIZER_VERSION and meta.get("variants", "") == variants_id(
        meta.get("language", "")
    )


def ngrams(word: str) -> list[str]:
    """Character 5-grams of a word with boundary marks; "#"-prefixed so they never equal a stem."""
    marked = f"_{word}_"
    if len(marked) <= NGRAM:
        return [f"{NGRAM_MARK}{marked}"]
    return [f"{NGRAM_MARK}{marked[i : i + NGRAM]}" for i in range(len(marked) - NGRAM + 1)]
