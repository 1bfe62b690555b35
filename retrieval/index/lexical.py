"""The lexical half of hybrid search on disk: BM25 (retrieval/index/bm25_build.py) over the tokens of language/tokens.py.

Dense vectors alone confuse near neighbours (forging a document vs counterfeiting money); exact
words ("isprava", "novac") keep them apart. The index is saved beside the vectors and read per query
from disk per query (posting lists of the question's tokens only; docs/architecture.md). The format is
our own (bm25_build.py says why, docs/retrieval.md describes it); its scores equal bm25s's (tests/test_lexical.py).

On the query side a repeated token counts by the square root of its repetitions: a long question
that repeats one word should not drown the others. Measured in docs/retrieval.md.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import numpy as np

from retrieval.index.bm25_build import Bm25, build_bm25, read_vocab
from retrieval.language.tokens import TOKENIZER_VERSION, Tokenizer, is_current, variants_id


def bm25s_module() -> ModuleType:
    """bm25s (the reference tests/test_lexical.py scores ours against), with its logger handed back to the
    application's level: bm25s sets its own logger to DEBUG on import, so every index it builds printed a
    DEBUG line on stderr even when kodeks logs at INFO."""
    import logging

    bm25s = importlib.import_module("bm25s")
    logging.getLogger("bm25s").setLevel(logging.NOTSET)
    return bm25s


class LexicalIndex:
    """BM25 over chunks, aligned with a list of chunk ids; saved beside the Chroma index."""

    def __init__(self, language: str, chunk_ids: list[str], bm25: Bm25 | None, current: bool = True) -> None:
        self.tokenizer = Tokenizer(language)
        self.chunk_ids = chunk_ids
        self._bm25 = bm25
        self._tokens: TokenTable | None = None  # token → BM25 column; made from the vocabulary when missing
        self.current = current  # False: saved by another tokenizer version; rebuild before scoring

    @classmethod
    def build(cls, language: str, chunk_ids: list[str], texts: Iterable[str]) -> LexicalIndex:
        """BM25 over the chunks' texts (one per chunk id, in that order; may be a stream)."""
        index = cls(language, chunk_ids, None)
        if chunk_ids:  # one chunk's tokens at a time (retrieval/index/bm25_build.py: why not bm25s.BM25.index)
            index._bm25 = build_bm25(index.tokenizer(t) or [""] for t in texts)
        return index

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        if self._bm25 is not None:
            self._bm25.save(directory / "bm25")
            TokenTable.from_vocab(self._bm25.vocab or {}).save(directory / "bm25")
        meta = {
            "language": self.tokenizer.language,
            "tokenizer": TOKENIZER_VERSION,
            "chunk_ids": self.chunk_ids,
            "variants": variants_id(self.tokenizer.language),
        }
        (directory / "chunks.json").write_text(json.dumps(meta), encoding="utf-8")

    @staticmethod
    def is_current(directory: Path) -> bool:
        """False when the saved index was tokenised by another version (it must be rebuilt)."""
        try:
            meta = json.loads((directory / "chunks.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return is_current(meta)

    @classmethod
    def load(cls, directory: Path) -> LexicalIndex:
        """The saved index; one saved by another tokenizer version comes back without its BM25 arrays
        (`current` False: they would only be thrown away) for the caller to rebuild."""
        meta = json.loads((directory / "chunks.json").read_text(encoding="utf-8"))
        current = is_current(meta)
        index = cls(meta["language"], meta["chunk_ids"], None, current)
        if meta["chunk_ids"] and current:
            # Postings read from disk per query and a token table of hashes instead of a vocabulary dict
            # (at 100,000 chunks the dict alone is hundreds of MB of Python strings; docs/benchmarks.md).
            table = TokenTable.load(directory / "bm25")
            bm25 = Bm25.load(directory / "bm25", len(meta["chunk_ids"]), vocab=table is None)
            index._tokens = table or TokenTable.from_vocab(bm25.vocab or {})
            bm25.vocab = None
            if len(index._tokens) > len(bm25.indptr):  # an older index may list bm25s's "" beyond the matrix
                raise ValueError("the token table does not match the BM25 arrays")
            index._bm25 = bm25
        return index

    @staticmethod
    def add_token_table(directory: Path) -> bool:
        """Write the token table of an index saved before token tables existed (True if written)."""
        bm25_dir = directory / "bm25"
        if not bm25_dir.is_dir() or (bm25_dir / TokenTable.HASHES).exists():
            return False
        TokenTable.from_vocab(read_vocab(bm25_dir)).save(bm25_dir)
        return True

    def _token_ids(self, tokens: list[str]) -> list[int | None]:
        if self._tokens is None:
            if self._bm25 is None:
                return [None] * len(tokens)
            self._tokens = TokenTable.from_vocab(self._bm25.vocab or {})
        return self._tokens.ids(tokens)

    def knows(self, word: str) -> bool:
        """Whether the whole-word (stemmed) form of `word` occurs anywhere in the index."""
        stems = self.tokenizer.stems(word)
        return bool(self._bm25 is not None and stems and all(i is not None for i in self._token_ids(stems)))

    def document_frequencies(self, tokens: list[str]) -> list[int]:
        """In how many chunks each token occurs (0 for unknown ones): the evidence a word carries."""
        if self._bm25 is None:
            return [0] * len(tokens)
        out = []
        for token_id in self._token_ids(tokens):
            if token_id is None or token_id >= self._bm25.columns:
                out.append(0)
            else:
                start, end = self._bm25.span(token_id)
                out.append(end - start)
        return out

    def postings(self, tokens: list[str]) -> list[np.ndarray]:
        """The chunks each token occurs in (empty for a token the index does not know): which chunks hold a
        question's words, for the learned ranking's word-share features (retrieval/search/rank_signals.py)."""
        out = []
        for token_id in self._token_ids(tokens):
            if self._bm25 is None or token_id is None or token_id >= self._bm25.columns:
                out.append(np.zeros(0, dtype=np.int64))
            else:
                out.append(np.asarray(self._bm25.chunks_of(token_id), dtype=np.int64))
        return out

    def term_scores(self, terms: list[str] | list[tuple[str, float]]) -> np.ndarray:
        """BM25 of every chunk for added legal terms (texts, or (text, weight) pairs): their stems and stem pairs,
        each token once, at the highest weight of the terms it comes from."""
        scores = np.zeros(len(self.chunk_ids), dtype=np.float32)
        if self._bm25 is None or not terms:
            return scores
        weight_of: dict[str, float] = {}
        for term in terms:
            text, weight = term if isinstance(term, tuple) else (term, 1.0)
            for t in self.tokenizer.terms(text):
                weight_of[t] = max(weight_of.get(t, 0.0), weight)
        tokens = sorted(weight_of)
        columns: dict[int, float] = {}
        for token, i in zip(tokens, self._token_ids(tokens)):
            if i is not None and i < self._bm25.columns:
                columns[i] = max(columns.get(i, 0.0), weight_of[token])
        if not columns:
            return scores
        ids = sorted(columns)
        return self._bm25.scores(ids, [columns[i] for i in ids], len(self.chunk_ids))

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every chunk (aligned with `chunk_ids`); zeros when nothing matches.

        A token repeated n times in the query weighs √n, not n (bm25s's scorer would add it n times).
        """
        if self._bm25 is None:
            return np.zeros(len(self.chunk_ids), dtype=np.float32)
        counts = Counter(self.tokenizer(query))
        tokens = list(counts)
        ids, weights = [], []
        for token, token_id in zip(tokens, self._token_ids(tokens)):
            if token_id is not None and token_id < self._bm25.columns:
                ids.append(token_id)
                weights.append(float(np.sqrt(counts[token])))
        return self._bm25.scores(ids, weights, len(self.chunk_ids))


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
        return np.fromiter(
            (int.from_bytes(hashlib.blake2b(t.encode("utf-8"), digest_size=8).digest(), "little") for t in tokens),
            dtype=np.uint64,
            count=len(tokens),
        )

    @classmethod
    def from_vocab(cls, vocab: dict[str, int]) -> TokenTable:
        hashes = cls.hash_tokens(list(vocab))
        columns = np.fromiter(vocab.values(), dtype=np.int32, count=len(vocab))
        order = np.argsort(hashes, kind="stable")
        return cls(hashes[order], columns[order])

    def save(self, directory: Path) -> None:
        np.save(directory / self.HASHES, self._hashes)
        np.save(directory / self.COLUMNS, self._columns)

    @classmethod
    def load(cls, directory: Path) -> TokenTable | None:
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
