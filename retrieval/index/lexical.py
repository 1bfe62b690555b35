"""The lexical half of hybrid search: BM25 (bm25s) over folded words, as stems and as character 5-grams.

Dense vectors alone confuse near neighbours (forging a document vs counterfeiting money); exact
words ("isprava", "novac") keep them apart. Tokens are folded for BCS (Cyrillic → Latin, no
diacritics) and stemmed with Snowball (`serbian` by default; `english`, `german`, … for other
corpora), so "vozac", "vozača" and "возача" meet.

Snowball's Serbian stemmer leaves many inflections apart ("krivotvorio" → krivotvori,
"krivotvorenje" → krivotvorenj), and German compounds hide their parts; character 5-grams of each
word ("_kriv", "krivo", "rivot", …) let such forms share most of their tokens. Pairs of adjacent
stems ("krivotvorenj isprav" vs "krivotvorenj novc") keep the legal terms of two words together.
All three kinds go into one bag, so a whole-word or whole-term match counts more than a partial one.

On the query side a repeated token counts by the square root of its repetitions: a long question
that repeats one word should not drown the others. Measured in docs/retrieval.md.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from retrieval.language.normalize import words

if TYPE_CHECKING:
    from retrieval.language.vocabulary import Vocabulary

# High-frequency function words of BCS questions; BM25's IDF already discounts them, removing them
# also keeps short everyday questions from matching on "je", "da", "se" alone.
_BCS_STOPWORDS = frozenset(
    """a ako ali bi bih bila bilo bio biti da do dok ga i ih iz ja je jer ju k kad kada kako koja koje
    koji kojoj kojom kao li ma me mi mu na nad ne neki neko nesto ni nije niti o od on ona one oni ono
    ova ovaj ove ovo pa pod po pri s sa se si sta su ta taj te ti to u uz vi za zar sto sam smo ste
    mene meni nas vas njega njoj njih nam vam biti jesam jesu cu ces ce cemo cete hocu moze mogu treba
    sve svi""".split()
)
# Bumped whenever tokenisation changes: an index built by another version is re-tokenised.
TOKENIZER_VERSION = 4
NGRAM = 5
NGRAM_MARK, PAIR_MARK = "#", "~"  # prefixes that keep 5-grams and stem pairs apart from stems


def bm25s_module():
    """bm25s, with its logger handed back to the application's level: bm25s sets its own logger to DEBUG
    on import, so every index it builds (the title field at open, too) printed a DEBUG line on stderr even
    when kodeks logs at INFO (a start-up error is then no longer one line)."""
    import logging

    import bm25s

    logging.getLogger("bm25s").setLevel(logging.NOTSET)
    return bm25s


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

    def __init__(self, language: str = "serbian", vocabulary: "Vocabulary | None | bool" = True) -> None:
        import Stemmer

        try:
            self._stemmer = Stemmer.Stemmer(language)
        except KeyError:
            raise ValueError(f"no Snowball stemmer for {language!r}; try one of {Stemmer.algorithms()}") from None
        self.language = language
        self._stop = _stopwords(language)
        self._stem = lru_cache(maxsize=200_000)(self._stemmer.stemWord)
        # BCS variant knowledge (data/bcs_variants.toml) for the BCS stemmer; True = the shipped files.
        if vocabulary is True:
            vocabulary = bcs_vocabulary(self._stem) if language == "serbian" else None
        self.vocabulary: Vocabulary | None = vocabulary or None

    def __call__(self, text: str) -> list[str]:
        kept = self._content_words(text)
        stems = [self._stem_of(word) for word in kept]
        tokens: list[str] = []
        for word, stem in zip(kept, stems):
            tokens.append(stem)
            tokens += _ngrams(word)
        tokens += [f"{PAIR_MARK}{a}_{b}" for a, b in zip(stems, stems[1:])]
        return tokens

    def stems(self, text: str) -> list[str]:
        """Only the whole-word stems of `text`."""
        return [self._stem_of(word) for word in self._content_words(text)]

    def terms(self, text: str) -> list[str]:
        """Stems and adjacent stem pairs, no 5-grams: the precise tokens of an added legal term."""
        stems = self.stems(text)
        return stems + [f"{PAIR_MARK}{a}_{b}" for a, b in zip(stems, stems[1:])]

    def _stem_of(self, word: str) -> str:
        stem = self._stem(word)
        return self.vocabulary.canonical_stem(stem) if self.vocabulary is not None else stem

    def _content_words(self, text: str) -> list[str]:
        kept = [word for word in words(text) if word not in self._stop]
        if self.vocabulary is not None:
            kept = [self.vocabulary.canonical_word(word) for word in kept]
        return kept


def bcs_vocabulary(stem: object = None, thesaurus: Path | None = None) -> "Vocabulary":
    """The shipped BCS vocabulary over the Serbian Snowball stemmer (cached per data and thesaurus file)."""
    from retrieval.language.vocabulary import variants_fingerprint

    return _bcs_vocabulary(variants_fingerprint(), thesaurus)


@lru_cache(maxsize=8)
def _bcs_vocabulary(fingerprint: str, thesaurus: Path | None) -> "Vocabulary":
    import Stemmer

    from retrieval.language.vocabulary import Vocabulary

    stem = lru_cache(maxsize=200_000)(Stemmer.Stemmer("serbian").stemWord)
    return Vocabulary.load(stem, thesaurus=thesaurus)


def _variants_id(language: str) -> str:
    """Which BCS variant rules tokenised the index ("" for other languages): editing them re-tokenises."""
    if language != "serbian":
        return ""
    from retrieval.language.vocabulary import variants_fingerprint

    return variants_fingerprint()


def _is_current(meta: dict) -> bool:
    return meta.get("tokenizer") == TOKENIZER_VERSION and meta.get("variants", "") == _variants_id(meta.get("language", ""))


def _ngrams(word: str) -> list[str]:
    """Character 5-grams of a word with boundary marks; "#"-prefixed so they never equal a stem."""
    marked = f"_{word}_"
    if len(marked) <= NGRAM:
        return [f"{NGRAM_MARK}{marked}"]
    return [f"{NGRAM_MARK}{marked[i:i + NGRAM]}" for i in range(len(marked) - NGRAM + 1)]


class LexicalIndex:
    """BM25 over chunks, aligned with a list of chunk ids; saved beside the Chroma index."""

    def __init__(self, language: str, chunk_ids: list[str], bm25: object | None, current: bool = True) -> None:
        self.tokenizer = Tokenizer(language)
        self.chunk_ids = chunk_ids
        self._bm25 = bm25
        self._tokens: TokenTable | None = None  # token → BM25 column; made from bm25s's vocab when missing
        self._postings: Postings | None = None  # a loaded index reads its posting lists from disk
        self.current = current  # False: saved by another tokenizer version; rebuild before scoring

    @classmethod
    def build(cls, language: str, chunk_ids: list[str], texts: Iterable[str]) -> "LexicalIndex":
        """BM25 over the chunks' texts (one per chunk id, in that order; may be a stream)."""
        bm25s = bm25s_module()

        from retrieval.index.bm25_build import build_bm25

        index = cls(language, chunk_ids, None)
        if chunk_ids:  # one chunk's tokens at a time: bm25s.index would hold them all as strings (8 GB at 100k chunks)
            index._bm25 = build_bm25((index.tokenizer(t) or [""] for t in texts), bm25s)
        return index

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        if self._bm25 is not None:
            self._bm25.save(str(directory / "bm25"), show_progress=False)
            TokenTable.from_vocab(self._bm25.vocab_dict).save(directory / "bm25")
        meta = {"language": self.tokenizer.language, "tokenizer": TOKENIZER_VERSION, "chunk_ids": self.chunk_ids,
                "variants": _variants_id(self.tokenizer.language)}
        (directory / "chunks.json").write_text(json.dumps(meta), encoding="utf-8")

    @staticmethod
    def is_current(directory: Path) -> bool:
        """False when the saved index was tokenised by another version (it must be rebuilt)."""
        try:
            meta = json.loads((directory / "chunks.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return _is_current(meta)

    @classmethod
    def load(cls, directory: Path) -> "LexicalIndex":
        """The saved index; one saved by another tokenizer version comes back without its BM25 arrays
        (`current` False: they would only be thrown away) for the caller to rebuild."""
        bm25s = bm25s_module()

        meta = json.loads((directory / "chunks.json").read_text(encoding="utf-8"))
        current = _is_current(meta)
        bm25 = None
        index = cls(meta["language"], meta["chunk_ids"], None, current)
        if meta["chunk_ids"] and current:
            # Memory-mapped postings and a token table of hashes instead of bm25s's vocabulary dict
            # (at 100,000 chunks the dict alone is hundreds of MB of Python strings; docs/benchmarks.md).
            table = TokenTable.load(directory / "bm25")
            bm25 = bm25s.BM25.load(str(directory / "bm25"), show_progress=False, mmap=True, load_vocab=table is None)
            index._tokens = table or TokenTable.from_vocab(bm25.vocab_dict)
            bm25.vocab_dict, bm25.unique_token_ids_set = {}, set()
            index._postings = Postings(directory / "bm25", bm25)
            if len(index._tokens) > len(bm25.scores["indptr"]):  # bm25s may list "" beyond the matrix
                raise ValueError("the token table does not match the BM25 arrays")
        index._bm25 = bm25
        return index

    @staticmethod
    def add_token_table(directory: Path) -> bool:
        """Write the token table of an index saved before token tables existed (True if written)."""
        bm25s = bm25s_module()

        bm25_dir = directory / "bm25"
        if not bm25_dir.is_dir() or (bm25_dir / TokenTable.HASHES).exists():
            return False
        bm25 = bm25s.BM25.load(str(bm25_dir), show_progress=False, mmap=True)
        TokenTable.from_vocab(bm25.vocab_dict).save(bm25_dir)
        return True

    def _token_ids(self, tokens: list[str]) -> list[int | None]:
        if self._tokens is None:
            if self._bm25 is None:
                return [None] * len(tokens)
            self._tokens = TokenTable.from_vocab(self._bm25.vocab_dict)
        return self._tokens.ids(tokens)

    def knows(self, word: str) -> bool:
        """Whether the whole-word (stemmed) form of `word` occurs anywhere in the index."""
        stems = self.tokenizer.stems(word)
        return bool(self._bm25 is not None and stems and all(i is not None for i in self._token_ids(stems)))

    def term_scores(self, terms: list[str]) -> np.ndarray:
        """BM25 of every chunk for added legal terms: their stems and stem pairs, each token once."""
        scores = np.zeros(len(self.chunk_ids), dtype=np.float32)
        if self._bm25 is None or not terms:
            return scores
        tokens = sorted({t for term in terms for t in self.tokenizer.terms(term)})
        columns = len(self._bm25.scores["indptr"]) - 1
        ids = sorted({i for i in self._token_ids(tokens) if i is not None and i < columns})
        if not ids:
            return scores
        if self._postings is not None:
            return self._postings.scores(ids, [1.0] * len(ids), len(self.chunk_ids))
        return scores + np.asarray(self._bm25.get_scores_from_ids(ids), dtype=np.float32)

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every chunk (aligned with `chunk_ids`); zeros when nothing matches.

        A token repeated n times in the query weighs √n, not n (bm25s would add it n times).
        """
        scores = np.zeros(len(self.chunk_ids), dtype=np.float32)
        if self._bm25 is None:
            return scores
        counts = Counter(self.tokenizer(query))
        tokens = list(counts)
        by_count: dict[int, list[int]] = {}
        columns = len(self._bm25.scores["indptr"]) - 1
        for token, token_id in zip(tokens, self._token_ids(tokens)):
            if token_id is not None and token_id < columns:
                by_count.setdefault(counts[token], []).append(token_id)
        if self._postings is not None:
            ids = [i for group in by_count.values() for i in group]
            weights = [np.sqrt(c) for c, group in by_count.items() for _ in group]
            return self._postings.scores(ids, weights, len(self.chunk_ids))
        for count, ids in by_count.items():
            scores += np.sqrt(count) * np.asarray(self._bm25.get_scores_from_ids(ids), dtype=np.float32)
        return scores


class Postings:
    """The BM25 score matrix (bm25s's CSC arrays: one column of chunk scores per token), read per query:
    only the posting lists of the query's tokens, by pread (retrieval/index/vectors.py: NpyRows, why not mmap)."""

    def __init__(self, directory: Path, bm25: object) -> None:
        from retrieval.index.vectors import NpyRows

        self._data = NpyRows(directory / "data.csc.index.npy")
        self._indices = NpyRows(directory / "indices.csc.index.npy")
        self._indptr = NpyRows(directory / "indptr.csc.index.npy")
        if len(self._data) != len(self._indices):
            raise ValueError("the BM25 arrays do not match")

    def scores(self, token_ids: list[int], weights: list[float], n_docs: int) -> np.ndarray:
        if not token_ids:
            return np.zeros(n_docs, dtype=np.float32)
        data, docs, scale = [], [], []
        for token, weight in zip(token_ids, weights):
            start, end = (int(v) for v in self._indptr.slice(token, token + 2))
            data.append(self._data.slice(start, end))
            docs.append(self._indices.slice(start, end))
            scale.append(np.full(end - start, weight, dtype=np.float32))
        values = np.concatenate(data).astype(np.float32) * np.concatenate(scale)
        return np.bincount(np.concatenate(docs), weights=values, minlength=n_docs)[:n_docs].astype(np.float32)


class TokenTable:
    """Token → column of the BM25 matrix, as two arrays: sorted 64-bit token hashes and their columns.

    Stores what bm25s's `vocab_dict` stores, as 12 bytes a token instead of a Python string and a dict
    slot (~100 bytes); saved as .npy beside the bm25s files and memory-mapped. Two tokens of one index
    colliding in 64 bits is ~1e-7 likely at millions of tokens; the worst case is one wrong posting list.
    """

    HASHES, COLUMNS = "token_hashes.npy", "token_columns.npy"

    def __init__(self, hashes: np.ndarray, columns: np.ndarray) -> None:
        self._hashes = hashes
        self._columns = columns

    def __len__(self) -> int:
        return len(self._hashes)

    @staticmethod
    def hash_tokens(tokens: list[str]) -> np.ndarray:
        return np.fromiter((int.from_bytes(hashlib.blake2b(t.encode("utf-8"), digest_size=8).digest(), "little")
                            for t in tokens), dtype=np.uint64, count=len(tokens))

    @classmethod
    def from_vocab(cls, vocab: dict[str, int]) -> "TokenTable":
        hashes = cls.hash_tokens(list(vocab))
        columns = np.fromiter(vocab.values(), dtype=np.int32, count=len(vocab))
        order = np.argsort(hashes, kind="stable")
        return cls(hashes[order], columns[order])

    def save(self, directory: Path) -> None:
        np.save(directory / self.HASHES, self._hashes)
        np.save(directory / self.COLUMNS, self._columns)

    @classmethod
    def load(cls, directory: Path) -> "TokenTable | None":
        """The saved table (memory-mapped), or None for an index saved before token tables existed."""
        if not (directory / cls.HASHES).exists():
            return None
        hashes = np.load(directory / cls.HASHES, mmap_mode="r")
        columns = np.load(directory / cls.COLUMNS, mmap_mode="r")
        if hashes.shape != columns.shape or hashes.dtype != np.uint64:
            raise ValueError("the token table is damaged")
        return cls(hashes, columns)

    def ids(self, tokens: list[str]) -> list[int | None]:
        if not tokens or not len(self._hashes):
            return [None] * len(tokens)
        wanted = self.hash_tokens(tokens)
        pos = np.minimum(np.searchsorted(self._hashes, wanted), len(self._hashes) - 1)
        found = self._hashes[pos] == wanted
        return [int(self._columns[p]) if ok else None for p, ok in zip(pos, found)]
