"""Opening an index for search: every part read once, checked against the others, or one clear line.

What opens: the embedder (its identity must match the collection's), the Chroma collection, the
article catalog, the lexical index and the compact vectors. An index that is missing, empty or
incomplete, or whose lexical index was tokenised by an older version above RETOKENIZE_AT_OPEN_MAX
chunks, is refused with what to run; nothing is created in a data dir that holds no index.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.catalog import Catalog
from retrieval.index.chroma import iter_chroma_documents, open_collection
from retrieval.index.embedders import Embedder, make_embedder
from retrieval.index.layout import require_index
from retrieval.index.law_catalog import load_law_records
from retrieval.index.lexical import LexicalIndex
from retrieval.index.vectors import DENSE_DIR, VECTORS, NpyRows, load_vectors, read_chroma_vectors

# An index written by an older tokeniser is re-tokenised in memory at open up to this many chunks
# (~2 ms a chunk, no embedding); above it, opening refuses and says to run `kodeks ingest` once — at
# 100,000 chunks the in-memory rebuild took 202 s and 5.5 GB at every start of the bot.
RETOKENIZE_AT_OPEN_MAX = 10_000


@dataclass
class OpenedIndex:
    """The parts of one index, opened and consistent with each other."""

    embedder: Embedder
    collection: Any
    lexical: LexicalIndex
    catalog: Catalog
    vectors: np.ndarray  # float16 memory map of dense/vectors.npy, or float32 read from Chroma
    dense_search: str  # "exact" | "hnsw"
    law_records: dict[str, dict[str, Any]]


def open_index(settings: Settings) -> OpenedIndex:
    """Load the index once: fails clearly if it is missing, incomplete or built by another embedder."""
    require_index(settings)  # before anything could create files in a data dir that has no index
    embedder = make_embedder(settings)
    collection = open_collection(settings, embedder.identity, create=False)
    catalog = Catalog.open(settings.data_dir)
    lexical_dir = settings.lexical_dir
    if not len(catalog) or not (lexical_dir / "chunks.json").exists():
        raise KodeksError(
            f"the index in {settings.data_dir} is empty; build it with `kodeks ingest PATH...` "
            f"(e.g. kodeks ingest data/sample/corpus.jsonl)"
        )
    try:
        lexical = LexicalIndex.load(lexical_dir)
    except (OSError, ValueError, KeyError) as exc:
        raise KodeksError(f"the lexical index in {lexical_dir} is unreadable ({exc}); re-run `kodeks ingest`") from None
    chunk_ids = lexical.chunk_ids
    incomplete = KodeksError(
        f"the index in {settings.data_dir} is incomplete (vectors and lexical index disagree); "
        f"re-run `kodeks ingest` with the same input"
    )
    if not chunk_ids:
        raise incomplete
    # Not collection.count(): at 100,000 chunks it makes Chroma load its HNSW index (~2 KB a chunk)
    # even when search never queries it. The float16 file is checked against the lexical index.
    vectors = load_vectors(settings.data_dir / DENSE_DIR, chunk_ids)
    if vectors is None:
        # An index written before dense/ existed (or out of step): read the vectors from Chroma.
        vectors = read_chroma_vectors(collection, chunk_ids)
        if vectors is None:
            raise incomplete
    if not lexical.current:
        lexical = _retokenized(lexical, collection, settings)
    return OpenedIndex(embedder, collection, lexical, catalog, vectors, dense_mode(settings, len(chunk_ids)),
                       load_law_records(settings.data_dir))


def dense_mode(settings: Settings, chunks: int) -> str:
    """KODEKS_DENSE_SEARCH: `exact` / `hnsw` as set; `auto` = exact up to KODEKS_EXACT_MAX_CHUNKS chunks."""
    if settings.dense_search != "auto":
        return settings.dense_search
    return "exact" if chunks <= settings.exact_max_chunks else "hnsw"


def row_reader(vectors: np.ndarray, settings: Settings) -> NpyRows | None:
    """pread access to the float16 file behind a memory map (None for vectors read from Chroma)."""
    if not isinstance(vectors, np.memmap):
        return None
    return NpyRows(settings.data_dir / DENSE_DIR / VECTORS)


def _retokenized(lexical: LexicalIndex, collection: Any, settings: Settings) -> LexicalIndex:
    """The lexical index of an older tokeniser, rebuilt in memory (small indexes), or a clear refusal."""
    chunks = len(lexical.chunk_ids)
    if chunks > RETOKENIZE_AT_OPEN_MAX:
        minutes = max(1, round(chunks * 0.002 / 60))
        raise KodeksError(
            f"the lexical index in {settings.lexical_dir} was tokenised by an older version of kodeks "
            f"or other variant rules (data/bcs_variants.toml); "
            f"upgrade it once with `kodeks ingest` and the same input (nothing is re-embedded; "
            f"about {minutes} min for {chunks:,} chunks)"
        )
    return LexicalIndex.build(lexical.tokenizer.language, lexical.chunk_ids, iter_chroma_documents(collection, lexical.chunk_ids))
