"""Bringing the index on disk in line with a set of articles, incrementally.

Content hashes decide what is embedded (the embedder is the slow part: ~9 articles/s on two cores),
so re-writing unchanged articles embeds nothing. A changed article is replaced; an article missing
from a law read completely is deleted; a vector whose identical text is already embedded is copied.
Chroma is written first, then the manifest of chunk metadata, the article table and catalog, and
last the lexical index and the compact vectors, both rebuilt from what Chroma holds, so the two
halves of search always index the same chunks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from kodeks.settings import Settings
from retrieval.index.catalog import is_current as catalog_current, save_articles
from retrieval.index.chroma import drop_collection, get_all, iter_chroma_documents, open_collection
from retrieval.index.chunk_meta import (
    chunk_meta_path, chunk_metadata, forget_chunk_meta, read_chunk_meta, write_chunk_meta,
)
from retrieval.index.chunking import article_id_of, chunk_article
from retrieval.index.embedders import embed_in_batches, make_embedder
from retrieval.index.files import replace_dir
from retrieval.index.lexical import LexicalIndex
from retrieval.index.vectors import DENSE_DIR, is_current as vectors_file_current, read_chroma_vectors, save_vectors
from retrieval.language.normalize import embedding_text
from retrieval.types import Article, Chunk

CHROMA_BATCH = 1000

ProgressStart = Callable[[int], Callable[[int], None]]  # told how many chunks will be embedded; returns `advance(n)`


@dataclass
class IndexUpdate:
    """What one update did to the index."""

    chunks: int = 0  # chunks of the incoming articles
    embedded: int = 0  # chunks sent to the embedder
    reused: int = 0  # chunks whose stored vector was kept or copied
    deleted: int = 0  # articles removed because a law read completely no longer has them
    total_articles: int = 0  # articles in the index afterwards
    articles: dict[str, Article] = field(default_factory=dict)  # the article table afterwards


def update_index(
    settings: Settings,
    stored: dict[str, Article],
    articles: list[Article],
    complete_laws: set[str],
    reindex: bool = False,
    progress: ProgressStart | None = None,
) -> IndexUpdate:
    """Write `articles` into the index that holds `stored` (its article table as loaded; {} with
    `reindex`, which drops the collection first). Articles of `complete_laws` that are not among
    `articles` are removed."""
    embedder = make_embedder(settings)
    stored = dict(stored)
    stored_before = dict(stored)
    update = IndexUpdate()
    if reindex:
        drop_collection(settings)
    collection = open_collection(settings, embedder.identity, create=True)
    stored_meta = read_chunk_meta(settings, collection, reindex)
    by_hash = {meta.get("hash"): cid for cid, meta in stored_meta.items() if meta.get("hash")}

    # Which articles go, and which chunks must exist afterwards.
    incoming = {a.id: a for a in articles}
    removed = [aid for aid, a in stored.items() if a.law in complete_laws and aid not in incoming]
    update.deleted = len(removed)

    # Deleted articles stay in the article table (/clan says they were deleted) but get no chunks:
    # neither Chroma nor BM25 ever holds them, so search can never serve them.
    chunks: list[tuple[Article, Chunk]] = [
        (a, c) for a in articles if not a.deleted for c in chunk_article(a, settings.max_chunk_chars)
    ]
    update.chunks = len(chunks)
    wanted_ids = {c.chunk_id for _, c in chunks}
    # Unchanged = same text and same metadata; a metadata-only change re-uses the stored vector.
    unchanged: list[tuple[Article, Chunk]] = []
    todo: list[tuple[Article, Chunk]] = []
    for a, c in chunks:
        (unchanged if stored_meta.get(c.chunk_id) == chunk_metadata(a, c) else todo).append((a, c))
    copyable = [(a, c) for a, c in todo if c.content_hash in by_hash]
    to_embed = [(a, c) for a, c in todo if c.content_hash not in by_hash]

    # Vectors: copy those whose identical text is already embedded, embed the rest.
    vectors: dict[str, np.ndarray] = {}
    if copyable:
        source_ids = sorted({by_hash[c.content_hash] for _, c in copyable})
        got = collection.get(ids=source_ids, include=["embeddings"])
        by_id = dict(zip(got["ids"], got["embeddings"]))
        for _, c in copyable:
            vectors[c.chunk_id] = np.asarray(by_id[by_hash[c.content_hash]], dtype=np.float32)
    if to_embed:
        advance = progress(len(to_embed)) if progress else None
        embedded = embed_in_batches(embedder, [embedding_text(c.text) for _, c in to_embed], advance)
        for (_, c), vector in zip(to_embed, embedded):
            vectors[c.chunk_id] = vector
    update.embedded = len(to_embed)
    update.reused = len(unchanged) + len(copyable)

    if todo:
        forget_chunk_meta(settings)  # until Chroma and the manifest agree again
    for start in range(0, len(todo), CHROMA_BATCH):
        batch = todo[start : start + CHROMA_BATCH]
        collection.upsert(
            ids=[c.chunk_id for _, c in batch],
            embeddings=np.vstack([vectors[c.chunk_id] for _, c in batch]),
            documents=[c.text for _, c in batch],
            metadatas=[chunk_metadata(a, c) for a, c in batch],
        )

    # Stale chunks: of removed articles, and surplus chunks of articles that got shorter.
    touched = set(incoming) | set(removed)
    stale = [
        cid for cid in stored_meta
        if article_id_of(cid) in touched and cid not in wanted_ids
    ]
    if stale:
        forget_chunk_meta(settings)
    for start in range(0, len(stale), CHROMA_BATCH):
        collection.delete(ids=stale[start : start + CHROMA_BATCH])
    if todo or stale or not chunk_meta_path(settings).exists():
        stored_meta.update((c.chunk_id, chunk_metadata(a, c)) for a, c in todo)
        for cid in stale:
            stored_meta.pop(cid, None)
        write_chunk_meta(settings, stored_meta)

    changed = bool(todo or stale or removed or reindex)
    for aid in removed:
        stored.pop(aid, None)
    stored.update(incoming)
    update.total_articles = len(stored)
    lexical_stale = not LexicalIndex.is_current(settings.lexical_dir)
    # `stored != stored_before` also catches changes no chunk shows (extra fields of an article).
    if changed or lexical_stale or stored != stored_before:
        save_articles(settings.data_dir, stored)
        rebuild_lexical(settings, collection)
    else:  # an index written before the catalog, the compact vectors or the token table: add them
        if not catalog_current(settings.data_dir):
            save_articles(settings.data_dir, stored)
        if not vectors_current(settings):
            save_dense(settings, collection, LexicalIndex.load(settings.lexical_dir).chunk_ids)
        LexicalIndex.add_token_table(settings.lexical_dir)
    update.articles = stored
    return update


def rebuild_lexical(settings: Settings, collection: Any) -> None:
    """Rebuild BM25 from what Chroma holds, so both halves always index the same chunks."""
    chunk_ids = sorted(get_all(collection, [])["ids"])
    index = LexicalIndex.build(settings.lexical_language, chunk_ids, iter_chroma_documents(collection, chunk_ids))
    save_dense(settings, collection, chunk_ids)
    replace_dir(settings.lexical_dir, index.save)


def save_dense(settings: Settings, collection: Any, chunk_ids: list[str]) -> None:
    """The compact vectors search scores (retrieval/index/vectors.py), in the lexical index's chunk order."""
    vectors = read_chroma_vectors(collection, chunk_ids)
    if vectors is not None:
        save_vectors(settings.data_dir / DENSE_DIR, chunk_ids, vectors)


def vectors_current(settings: Settings) -> bool:
    try:
        chunk_ids = LexicalIndex.load(settings.lexical_dir).chunk_ids
    except (OSError, ValueError, KeyError):
        return False
    return vectors_file_current(settings.data_dir / DENSE_DIR, chunk_ids)
