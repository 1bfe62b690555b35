"""A new generation checked before it becomes current: opened as search opens it, its parts compared.

Search must never serve a half-built index, so a generation is made current (generations.py) only
after this passes: the article table and its catalog hold the same ids; the lexical index, the
compact vectors, the chunk manifest and Chroma hold exactly the chunks of the articles in force and
annexes (deleted articles have none); the vectors match Chroma's; laws.json names exactly the laws of
the article table. A failure is a bug or a disk that lied, never the admin's input: it is reported
with the first disagreement and the generation is thrown away.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from kodeks.errors import GenerationCheckFailed, KodeksError
from kodeks.settings import Settings
from retrieval.index.articles import load_articles
from retrieval.index.chroma import get_all
from retrieval.index.chunking import article_id_of
from retrieval.index.embedders import Embedder
from retrieval.index.law_catalog import load_law_records
from retrieval.index.layout import IndexPaths
from retrieval.index.opening import open_index


def check_generation(
    settings: Settings,
    paths: IndexPaths,
    collection: Any,
    embedder: Embedder,
    expected_chunks: set[str],
    manifest: dict[str, Any],
) -> None:
    """Raise GenerationCheckFailed naming the first disagreement between the parts of `paths`."""

    def fail(what: str) -> None:
        raise GenerationCheckFailed(
            f"the new index generation {paths.generation} failed its check ({what}); it "
            f"was not made current and the previous one is still served. Run the "
            f"command again; if this repeats, report it with this line"
        )

    articles = load_articles(paths.root)
    chroma_ids = set(get_all(collection, [])["ids"])
    if chroma_ids != expected_chunks:
        fail(f"Chroma holds {len(chroma_ids)} chunks, the articles give {len(expected_chunks)}")
    if any(article_id_of(cid) not in articles for cid in chroma_ids):
        fail("a chunk belongs to no article")
    try:
        meta = json.loads(paths.chunk_meta.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = None
    if not isinstance(meta, dict) or set(meta) != chroma_ids:
        fail("the chunk manifest does not list Chroma's chunks")
    records = load_law_records(paths.root)
    if set(records) != {a.law for a in articles.values()}:
        fail("laws.json does not name the laws of the article table")
    if not articles:
        return  # an empty library (`kodeks laws remove --all`): nothing for search to open
    try:
        opened = open_index(settings, paths, embedder, manifest)
    except KodeksError as exc:
        fail(str(exc))
        return
    try:
        if set(opened.catalog.ids) != set(articles):
            fail("the catalog and articles.jsonl hold different articles")
        if set(opened.lexical.chunk_ids) != chroma_ids:
            fail("the lexical index and Chroma hold different chunks")
        _compare_vectors(opened.vectors, opened.lexical.chunk_ids, collection, fail)
    finally:
        opened.close()


def _compare_vectors(vectors: np.ndarray, chunk_ids: list[str], collection: Any, fail: Any) -> None:
    """A few rows of the float16 copy against Chroma's float32 vectors (first, middle, last)."""
    rows = sorted({0, len(chunk_ids) // 2, len(chunk_ids) - 1})
    got = collection.get(ids=[chunk_ids[r] for r in rows], include=["embeddings"])
    stored = dict(zip(got["ids"], got["embeddings"]))
    for r in rows:
        if chunk_ids[r] not in stored:
            fail(f"Chroma lacks the vector of {chunk_ids[r]}")
        if np.max(np.abs(np.asarray(vectors[r], dtype=np.float32) - np.asarray(stored[chunk_ids[r]]))) > 1e-2:
            fail(f"the compact vector of {chunk_ids[r]} differs from Chroma's")
