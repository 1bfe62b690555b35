"""`chunk_meta.json`: each chunk's Chroma metadata as ingest last wrote it — what decides "unchanged".

Reading every chunk's metadata from Chroma takes ~20 s at 100,000 chunks; the copy beside the index
is trusted only when it names exactly the chunks Chroma holds, and is removed before Chroma is
written, so a crash in between leaves none and the next ingest reads Chroma.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kodeks.settings import Settings
from retrieval.index.chroma import get_all
from retrieval.index.files import atomic_write_text
from retrieval.index.layout import CHUNK_META_FILE
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


def chunk_meta_path(settings: Settings) -> Path:
    return settings.data_dir / CHUNK_META_FILE


def read_chunk_meta(settings: Settings, collection: Any, reindex: bool) -> dict[str, dict[str, Any]]:
    """Every stored chunk's metadata (what decides "unchanged"). Reading it from Chroma takes ~20 s at
    100,000 chunks, so ingest keeps a copy beside the index (`chunk_meta.json`), trusted only when it
    names exactly the chunks Chroma holds (ids alone are read in about a second)."""
    path = chunk_meta_path(settings)
    if not reindex and path.exists():
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = None
        if isinstance(manifest, dict) and set(get_all(collection, [])["ids"]) == set(manifest):
            return manifest
    existing = get_all(collection, ["metadatas"])
    return {cid: meta or {} for cid, meta in zip(existing["ids"], existing["metadatas"])}


def write_chunk_meta(settings: Settings, meta: dict[str, dict[str, Any]]) -> None:
    atomic_write_text(chunk_meta_path(settings), json.dumps(meta, ensure_ascii=False))


def forget_chunk_meta(settings: Settings) -> None:
    """Written again after Chroma's writes: a crash in between leaves none, and the next run reads Chroma."""
    chunk_meta_path(settings).unlink(missing_ok=True)
