"""`chunk_meta.json`: each chunk's Chroma metadata as ingest last wrote it — what decides "unchanged".

Reading every chunk's metadata from Chroma takes ~20 s at 100,000 chunks; a generation's copy is
written after Chroma's and checked against it before the generation becomes current.
"""

from __future__ import annotations

import json
from typing import Any

from retrieval.index.chroma import get_all
from retrieval.index.files import atomic_write_text
from retrieval.index.layout import IndexPaths
from retrieval.types import Article, Chunk


def chunk_metadata(article: Article, chunk: Chunk) -> dict[str, Any]:
    return {
        "article_id": article.id,
        "law": article.law,
        "article": article.article,
        "title": article.title,
        "jurisdiction": article.jurisdiction,
        "chunk_index": chunk.index,
        "hash": chunk.content_hash,
    }


def read_chunk_meta(paths: IndexPaths, collection: Any) -> dict[str, dict[str, Any]]:
    """Every stored chunk's metadata (what decides "unchanged"). Reading it from Chroma takes ~20 s at
    100,000 chunks, so ingest keeps a copy beside the index (`chunk_meta.json`), trusted only when it
    names exactly the chunks Chroma holds (ids alone are read in about a second)."""
    path = paths.chunk_meta
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = None
    if isinstance(manifest, dict) and set(get_all(collection, [])["ids"]) == set(manifest):
        return manifest
    existing = get_all(collection, ["metadatas"])
    return {cid: meta or {} for cid, meta in zip(existing["ids"], existing["metadatas"])}


def write_chunk_meta(paths: IndexPaths, meta: dict[str, dict[str, Any]]) -> None:
    atomic_write_text(paths.chunk_meta, json.dumps(meta, ensure_ascii=False))
