"""What a write changes in the index, decided from the current generation and applied to a new one.

Content hashes decide what is embedded (the embedder is the slow part: ~9 articles/s on two cores),
so re-writing unchanged articles embeds nothing. A changed article is replaced; an article missing
from a law read completely is deleted; a vector whose identical text is already embedded is copied
(and, for a renamed law, the vector of the chunk it was: `carry`).

`plan_update` only reads; `apply_plan` writes into a generation that is not current yet (building.py
makes it current after checking it): Chroma first, then the manifest of chunk metadata, the article
table and catalog, and last the lexical index and the compact vectors, both rebuilt from what Chroma
holds, so the two halves of search always index the same chunks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kodeks.settings import Settings
from retrieval.index.catalog import save_articles
from retrieval.index.chroma import get_all, iter_chroma_documents
from retrieval.index.chunk_meta import chunk_metadata, write_chunk_meta
from retrieval.index.chunking import article_id_of, chunk_article
from retrieval.index.embedders import Embedder, embed_in_batches
from retrieval.index.files import replace_dir
from retrieval.index.layout import IndexPaths
from retrieval.index.lexical import LexicalIndex
from retrieval.index.vectors import read_chroma_vectors, save_vectors
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
    deleted: int = 0  # articles removed because a law read completely no longer has them (or was removed)
    total_articles: int = 0  # entries in the index afterwards (articles in force, deleted ones, annexes)
    articles: dict[str, Article] = field(default_factory=dict)  # the article table afterwards
    generation: str | None = None  # the generation current afterwards
    built: bool = False  # False: nothing changed, no generation was written


@dataclass
class Plan:
    """Everything a write will do, decided before anything is written."""

    before: dict[str, Article]
    after: dict[str, Article]
    chunks: list[tuple[Article, Chunk]]
    unchanged: list[tuple[Article, Chunk]]
    copyable: list[tuple[Article, Chunk]]  # the vector of an identical text (or of the chunk it was) is copied
    to_embed: list[tuple[Article, Chunk]]
    stale: list[str]  # chunk ids to delete
    removed: list[str]  # article ids removed
    sources: dict[str, str]  # copyable chunk id → the stored chunk whose vector it takes
    meta_after: dict[str, dict[str, Any]]

    @property
    def todo(self) -> list[tuple[Article, Chunk]]:
        return self.copyable + self.to_embed

    @property
    def changes_index(self) -> bool:
        return bool(self.todo or self.stale or self.removed or self.after != self.before)


def plan_update(
    stored: dict[str, Article],
    stored_meta: dict[str, dict[str, Any]],
    articles: list[Article],
    complete_laws: set[str],
    max_chunk_chars: int,
    reembed_laws: set[str] | None = None,
    carry: dict[str, str] | None = None,
    drop: set[str] | None = None,
) -> Plan:
    """What writing `articles` into the index holding `stored` does. Articles of `complete_laws` that are
    not among `articles` are removed, and so are the ids in `drop`; chunks of `reembed_laws` are
    embedded again whatever is stored (`--reindex`); `carry` maps a new chunk id to the stored one whose
    vector it keeps (a renamed law)."""
    reembed_laws, carry, drop = reembed_laws or set(), carry or {}, drop or set()
    by_hash = {
        meta.get("hash"): cid
        for cid, meta in stored_meta.items()
        if meta.get("hash") and meta.get("law") not in reembed_laws
    }
    incoming = {a.id: a for a in articles}
    removed = [aid for aid, a in stored.items() if (a.law in complete_laws or aid in drop) and aid not in incoming]

    # Deleted articles stay in the article table (/clan says they were deleted) but get no chunks:
    # neither Chroma nor BM25 ever holds them, so search can never serve them.
    chunks = [(a, c) for a in articles if not a.deleted for c in chunk_article(a, max_chunk_chars)]
    wanted_ids = {c.chunk_id for _, c in chunks}
    unchanged: list[tuple[Article, Chunk]] = []
    copyable: list[tuple[Article, Chunk]] = []
    to_embed: list[tuple[Article, Chunk]] = []
    sources: dict[str, str] = {}
    for a, c in chunks:
        # Unchanged = same text and same metadata; a metadata-only change re-uses the stored vector.
        if a.law not in reembed_laws and stored_meta.get(c.chunk_id) == chunk_metadata(a, c):
            unchanged.append((a, c))
        elif c.chunk_id in carry and carry[c.chunk_id] in stored_meta:
            sources[c.chunk_id] = carry[c.chunk_id]
            copyable.append((a, c))
        elif c.content_hash in by_hash:
            sources[c.chunk_id] = by_hash[c.content_hash]
            copyable.append((a, c))
        else:
            to_embed.append((a, c))

    # Stale chunks: of removed articles, of articles that got shorter, of reindexed and renamed ones.
    touched = set(incoming) | set(removed)
    stale = [cid for cid in stored_meta if article_id_of(cid) in touched and cid not in wanted_ids]
    gone, stale_ids = set(removed), set(stale)  # built once: a set per item made this quadratic
    after = {aid: a for aid, a in stored.items() if aid not in gone}
    after.update(incoming)
    meta_after = {cid: m for cid, m in stored_meta.items() if cid not in stale_ids}
    meta_after.update((c.chunk_id, chunk_metadata(a, c)) for a, c in copyable + to_embed)
    return Plan(dict(stored), after, chunks, unchanged, copyable, to_embed, stale, removed, sources, meta_after)


def embed_plan(plan: Plan, embedder: Embedder, progress: ProgressStart | None) -> dict[str, np.ndarray]:
    """The vectors of the chunks to embed (the slow part; nothing is written meanwhile)."""
    if not plan.to_embed:
        return {}
    advance = progress(len(plan.to_embed)) if progress else None
    embedded = embed_in_batches(embedder, [embedding_text(c.text) for _, c in plan.to_embed], advance)
    return {c.chunk_id: vector for (_, c), vector in zip(plan.to_embed, embedded)}


def apply_plan(
    settings: Settings, target: IndexPaths, collection: Any, plan: Plan, vectors: dict[str, np.ndarray], dim: int
) -> None:
    """Write the plan into `target` (a generation that is not current): `collection` is its Chroma
    collection, already holding the current generation's chunks."""
    vectors = dict(vectors)
    if plan.copyable:
        source_ids = sorted({plan.sources[c.chunk_id] for _, c in plan.copyable})
        by_id: dict[str, Any] = {}
        for start in range(0, len(source_ids), CHROMA_BATCH):
            got = collection.get(ids=source_ids[start : start + CHROMA_BATCH], include=["embeddings"])
            by_id.update(zip(got["ids"], got["embeddings"]))
        for _, c in plan.copyable:
            vectors[c.chunk_id] = np.asarray(by_id[plan.sources[c.chunk_id]], dtype=np.float32)
    todo = plan.todo
    for start in range(0, len(todo), CHROMA_BATCH):
        batch = todo[start : start + CHROMA_BATCH]
        collection.upsert(
            ids=[c.chunk_id for _, c in batch],
            embeddings=np.vstack([vectors[c.chunk_id] for _, c in batch]),
            documents=[c.text for _, c in batch],
            metadatas=[chunk_metadata(a, c) for a, c in batch],
        )
    for start in range(0, len(plan.stale), CHROMA_BATCH):
        collection.delete(ids=plan.stale[start : start + CHROMA_BATCH])
    write_chunk_meta(target, plan.meta_after)
    save_articles(target.root, plan.after)
    rebuild_lexical(settings, target, collection, dim)


def rebuild_lexical(settings: Settings, target: IndexPaths, collection: Any, dim: int) -> None:
    """Rebuild BM25 and the compact vectors from what Chroma holds, so both halves index the same chunks."""
    chunk_ids = sorted(get_all(collection, [])["ids"])
    index = LexicalIndex.build(settings.lexical_language, chunk_ids, iter_chroma_documents(collection, chunk_ids))
    vectors = read_chroma_vectors(collection, chunk_ids) if chunk_ids else np.zeros((0, dim), dtype=np.float16)
    if vectors is not None:
        save_vectors(target.dense, chunk_ids, vectors)
    replace_dir(target.lexical, index.save)
