"""Opening an index for search: every part read once, checked against the others, or one clear line.

What opens: the current generation (generations.py) under a lease, so that no cleanup deletes it
while this process reads it; the embedder (its identity must match the one the index records); the
article catalog, the lexical index and the compact vectors. Chroma is opened only when search needs
it — HNSW dense search (large libraries), an index from an older tokeniser, the rare excerpt fallback
— so exact search works on a read-only data dir (Chroma writes to its SQLite file on every open).
An index that is missing, empty or incomplete, or whose lexical index was tokenised by an older
version above RETOKENIZE_AT_OPEN_MAX chunks, is refused with what to run; nothing is created in a
data dir that holds no index. Opening writes nothing at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.catalog import Catalog
from retrieval.index.chroma import LazyCollection, check_identity, identity_in_file, iter_chroma_documents
from retrieval.index.embedders import Embedder, EmbedderIdentity, make_embedder
from retrieval.index.generations import load_manifest, open_current
from retrieval.index.law_catalog import load_law_records
from retrieval.index.layout import IndexPaths, require_index
from retrieval.index.leases import Lease
from retrieval.index.lexical import LexicalIndex
from retrieval.index.vectors import VECTORS, NpyRows, load_vectors, read_chroma_vectors

# An index written by an older tokeniser is re-tokenised in memory at open up to this many chunks
# (~2 ms a chunk, no embedding); above it, opening refuses and says to run `kodeks ingest` once — at
# 100,000 chunks the in-memory rebuild took 202 s and 5.5 GB at every start of the bot.
RETOKENIZE_AT_OPEN_MAX = 10_000


@dataclass
class OpenedIndex:
    """The parts of one index, opened and consistent with each other."""

    embedder: Embedder
    collection: Any  # LazyCollection: Chroma, opened on first use
    lexical: LexicalIndex
    catalog: Catalog
    vectors: np.ndarray  # float16 memory map of dense/vectors.npy, or float32 read from Chroma
    dense_search: str  # "exact" | "hnsw"
    law_records: dict[str, dict[str, Any]]
    paths: IndexPaths = field(default_factory=lambda: IndexPaths(Path(".")))
    lease: Lease | None = None

    def close(self) -> None:
        """Let go of this generation: Chroma's client, the catalog's connection, the lease."""
        closer = getattr(self.collection, "close", None)
        if closer is not None:
            closer()
        self.catalog.close()
        if self.lease is not None:
            self.lease.release()


def recorded_identity(manifest: dict[str, Any]) -> EmbedderIdentity | None:
    meta = manifest.get("embedder")
    if not isinstance(meta, dict):
        return None
    try:
        return EmbedderIdentity(str(meta["provider"]), str(meta["model"]), int(meta["dim"]))
    except (KeyError, TypeError, ValueError):
        return None


def open_index(
    settings: Settings,
    paths: IndexPaths | None = None,
    embedder: Embedder | None = None,
    manifest: dict[str, Any] | None = None,
) -> OpenedIndex:
    """Load the current index once (or the one at `paths`: a generation being checked before it
    becomes current, with the `manifest` it will get): fails clearly if it is missing, incomplete or
    built by another embedder."""
    lease: Lease | None = None
    if paths is None:
        paths, lease = open_current(settings)
    try:
        opened = _open(settings, paths, embedder, manifest)
    except BaseException:
        if lease is not None:
            lease.release()
        raise
    opened.lease = lease
    return opened


def _open(
    settings: Settings, paths: IndexPaths, embedder: Embedder | None, manifest: dict[str, Any] | None
) -> OpenedIndex:
    require_index(settings, paths)  # before anything could create files in a data dir that has no index
    manifest = load_manifest(paths) if manifest is None else manifest
    embedder = embedder or make_embedder(settings)
    collection = LazyCollection(settings, paths, embedder.identity)
    recorded = recorded_identity(manifest)
    if not settings.chroma_host:  # read-only probe: a damaged chroma.sqlite3 fails here, at start-up
        in_file = identity_in_file(paths, paths.collection_name(settings))
        recorded = recorded or in_file
    if recorded is not None:
        check_identity(None, embedder.identity, settings, recorded)
    else:
        collection.opened()  # the collection itself says which embedder built it (and is checked)
    catalog = Catalog.open(paths.root)
    lexical_dir = paths.lexical
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
    vectors = load_vectors(paths.dense, chunk_ids)
    if vectors is None:
        # An index written before dense/ existed (or out of step): read the vectors from Chroma.
        vectors = read_chroma_vectors(collection, chunk_ids)
        if vectors is None:
            raise incomplete
    if vectors.shape[1] != embedder.identity.dim:
        raise incomplete
    if not lexical.current:
        lexical = _retokenized(lexical, collection, settings, paths)
    mode = dense_mode(settings, len(chunk_ids))
    if mode == "hnsw":
        collection.opened()  # HNSW search queries Chroma: a problem with it shows at start-up, not at a question
    return OpenedIndex(embedder, collection, lexical, catalog, vectors, mode, load_law_records(paths.root), paths)


def dense_mode(settings: Settings, chunks: int) -> str:
    """KODEKS_DENSE_SEARCH: `exact` / `hnsw` as set; `auto` = exact up to KODEKS_EXACT_MAX_CHUNKS chunks."""
    if settings.dense_search != "auto":
        return settings.dense_search
    return "exact" if chunks <= settings.exact_max_chunks else "hnsw"


def row_reader(vectors: np.ndarray, paths: IndexPaths) -> NpyRows | None:
    """pread access to the float16 file behind a memory map (None for vectors read from Chroma)."""
    if not isinstance(vectors, np.memmap):
        return None
    return NpyRows(paths.dense / VECTORS)


def _retokenized(lexical: LexicalIndex, collection: Any, settings: Settings, paths: IndexPaths) -> LexicalIndex:
    """The lexical index of an older tokeniser, rebuilt in memory (small indexes), or a clear refusal."""
    chunks = len(lexical.chunk_ids)
    if chunks > RETOKENIZE_AT_OPEN_MAX:
        minutes = max(1, round(chunks * 0.002 / 60))
        raise KodeksError(
            f"the lexical index in {paths.lexical} was tokenised by an older version of kodeks "
            f"or other variant rules (retrieval/language/data/bcs_variants.toml); "
            f"upgrade it once with `kodeks ingest` and the same input (nothing is re-embedded; "
            f"about {minutes} min for {chunks:,} chunks)"
        )
    return LexicalIndex.build(
        lexical.tokenizer.language, lexical.chunk_ids, iter_chroma_documents(collection, lexical.chunk_ids)
    )
