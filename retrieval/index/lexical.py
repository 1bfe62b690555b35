"""The lexical half of hybrid search on disk: BM25 (bm25s) over the tokens of language/tokens.py.

Dense vectors alone confuse near neighbours (forging a document vs counterfeiting money); exact
words ("isprava", "novac") keep them apart. The index is saved beside the vectors and read per query
from memory-mapped arrays (posting lists of the question's tokens only; docs/architecture.md).

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
from typing import Protocol

import numpy as np

from retrieval.language.tokens import TOKENIZER_VERSION, Tokenizer, is_current, variants_id


def bm25s_module() -> ModuleType:
    """bm25s, with its logger handed back to the application's level: bm25s sets its own logger to DEBUG
    on import, so every index it builds (the title field at open, too) printed a DEBUG line on stderr even
    when kodeks logs at INFO (a start-up error is then no longer one line)."""
    import logging

    bm25s = importlib.import_module("bm25s")
    logging.getLogger("bm25s").setLevel(logging.NOTSET)
    return bm25s


class BM25Model(Protocol):
    """What this module uses of a `bm25s.BM25` (bm25s ships no types)."""

    vocab_dict: dict[str, int]
    unique_token_ids_set: set[int]
    scores: dict[str, np.ndarray]  # the CSC score matrix: "data", "indices", "indptr"

    def save(self, save_dir: str, show_progress: bool = True) -> None: ...

    def get_scores_from_ids(self, query_tokens_ids: list[int]) -> np.ndarray: ...


class LexicalIndex:
    """BM25 over chunks, aligned with a list of chunk ids; saved beside the Chroma index."""

    def __init__(self, language: str, chunk_ids: list[str], bm25: BM25Model | None, current: bool = True) -> None:
        self.tokenizer = Tokenizer(language)
        self.chunk_ids = chunk_ids
        self._bm25 = bm25
        self._tokens: TokenTable | None = None  # token → BM25 column; made from bm25s's vocab when missing
        self._postings: Postings | None = None  # a loaded index reads its posting lists from disk
        self.current = current  # False: saved by another tokenizer version; rebuild before scoring

    @classmethod
    def build(cls, language: str, chunk_ids: list[str], texts: Iterable[str]) -> LexicalIndex:
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
        bm25s = bm25s_module()

        meta = json.loads((directory / "chunks.json").read_text(encoding="utf-8"))
        current = is_current(meta)
        bm25: BM25Model | None = None
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

    def document_frequencies(self, tokens: list[str]) -> list[int]:
        """In how many chunks each token occurs (0 for unknown ones): the evidence a word carries."""
        if self._bm25 is None:
            return [0] * len(tokens)
        indptr = self._postings._indptr if self._postings is not None else None
        out = []
        for token_id in self._token_ids(tokens):
            if token_id is None:
                out.append(0)
            elif indptr is not None:
                start, end = (int(v) for v in indptr.slice(token_id, token_id + 2))
                out.append(end - start)
            else:
                ptr = self._bm25.scores["indptr"]
                out.append(int(ptr[token_id + 1] - ptr[token_id]) if token_id + 1 < len(ptr) else 0)
        return out

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

    def __init__(self, directory: Path, bm25: BM25Model) -> None:
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
