"""Ingest: sources → articles → chunks → Chroma + lexical index, incrementally.

Content hashes decide what is embedded (the embedder is the slow part: ~9 articles/s on two cores),
so re-ingesting unchanged input embeds nothing. A changed article is replaced; an article missing
from a re-ingested law is deleted. Files that cannot be read are reported and skipped; nothing that
is already indexed is lost because of them.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Protocol

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.chunking import article_id_of, chunk_article
from retrieval.index.embedders import embed_in_batches, make_embedder
from retrieval.jurisdictions import label_articles
from retrieval.index.law_catalog import read_toml_aliases, record_ingest
from retrieval.index.lexical import LexicalIndex
from retrieval.language.normalize import embedding_text
from retrieval.ingest.sources import LawInfo, Problem, discover, read_source
from retrieval.index.store import (
    atomic_write_text, drop_collection, load_articles, open_collection, replace_dir, save_articles,
)
from retrieval.types import Article, Chunk

CHROMA_BATCH = 1000
CHUNK_META_FILE = "chunk_meta.json"  # each chunk's Chroma metadata, as ingest last wrote it


@dataclass
class IngestReport:
    files: int = 0
    articles: int = 0  # articles read from the input
    chunks: int = 0  # chunks of those articles
    embedded: int = 0  # chunks sent to the embedder
    reused: int = 0  # chunks whose stored vector was kept or copied
    deleted: int = 0  # articles removed because a re-ingested law no longer has them
    total_articles: int = 0  # articles in the index afterwards
    problems: list[Problem] = field(default_factory=list)
    per_file: list["FileResult"] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "files_read": [r.to_dict(entries=False) for r in self.per_file],
            "files": self.files,
            "articles": self.articles,
            "chunks": self.chunks,
            "embedded": self.embedded,
            "reused": self.reused,
            "deleted": self.deleted,
            "total_articles": self.total_articles,
            "problems": [str(p) for p in self.problems],
        }


ProgressStart = Callable[[int], Callable[[int], None]]


class ReadProgress(Protocol):
    """Told about each file while inputs are read (a PDF of 400 articles takes a while)."""

    def file(self, path: Path, index: int, total: int) -> None: ...

    def page(self, done: int, total: int) -> None: ...


@dataclass
class FileResult:
    """What one input file gave: its entries (articles in force, deleted ones, annexes) and warnings."""

    path: str
    law: str
    articles: list[Article]
    problems: list[Problem]
    seconds: float = 0.0

    @property
    def in_force(self) -> list[Article]:
        return [a for a in self.articles if not a.deleted and not a.extra.get("kind")]

    @property
    def deleted(self) -> list[Article]:
        return [a for a in self.articles if a.deleted]

    @property
    def annexes(self) -> list[Article]:
        return [a for a in self.articles if a.extra.get("kind") and not a.deleted]

    def to_dict(self, entries: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.path,
            "law": self.law,
            "articles": len(self.in_force),
            "deleted": len(self.deleted),
            "annexes": len(self.annexes),
            "warnings": [str(p) for p in self.problems if p.severity == "warning"],
            "errors": [str(p) for p in self.problems if p.severity != "warning"],
            "seconds": round(self.seconds, 3),
        }
        if entries:
            data["entries"] = [entry_row(a) for a in self.articles]
        return data


def entry_row(article: Article, words: int = 8) -> dict[str, Any]:
    """One row of the dry-run table: what an admin checks before indexing."""
    return {
        "id": article.id,
        "article": article.article,
        "title": article.title,
        "chapter": article.chapter,
        "chars": len(article.text),
        "first_words": " ".join(article.text.split()[:words]),
        "deleted": article.deleted,
        "kind": article.extra.get("kind", "article"),
    }


@dataclass
class Inputs:
    articles: list[Article]
    problems: list[Problem]
    files: int
    complete_laws: set[str]  # laws read from files without any problem: safe to prune
    per_file: list[FileResult] = field(default_factory=list)


def read_inputs(
    paths: list[Path], info: LawInfo | None, progress: ReadProgress | None = None,
    stored: dict[str, Article] | None = None,
) -> Inputs:
    """All articles of all inputs, first occurrence of an id wins (later ones are reported).

    A law counts as complete only if no file that contributed to it had an error (warnings do not
    count): a bad line must not make its (previously indexed) article look removed. A law file that
    is already indexed (`stored`) and is read again without a law name keeps the name it has there.
    """
    files, problems = discover(paths)
    known = _laws_by_source(stored or {})
    articles: dict[str, Article] = {}
    origin: dict[str, str] = {}
    laws_seen: set[str] = set()
    laws_with_problems: set[str] = set()
    per_file: list[FileResult] = []
    for index, (path, folder_info) in enumerate(files):
        if progress:
            progress.file(path, index, len(files))
        started = time.perf_counter()
        file_info = folder_info or info
        if file_info is None and _source_key(path) in known:
            file_info = known[_source_key(path)]
        found, file_problems = read_source(path, file_info, progress.page if progress else None)
        found, refused = label_articles(found)  # canonical jurisdiction + level; unknown ones refused
        file_problems += [Problem(str(path), message) for message in refused]
        found = [_with_source(a, path) for a in found]
        laws_seen |= {a.law for a in found}
        if any(p.severity != "warning" for p in file_problems):
            laws_with_problems |= {a.law for a in found}
        kept: list[Article] = []
        for article in found:
            if article.id in articles:
                file_problems.append(Problem(str(path), f"duplicate id {article.id!r} (already read from {origin[article.id]}); not indexed again"))
                continue
            articles[article.id] = article
            origin[article.id] = str(path)
            kept.append(article)
        law = kept[0].law if kept else (file_info.law if file_info else path.stem)
        per_file.append(FileResult(str(path), law, kept, file_problems, time.perf_counter() - started))
        problems += file_problems
    return Inputs(list(articles.values()), problems, len(files), laws_seen - laws_with_problems, per_file)


def _source_key(path: Path | str) -> str:
    return str(Path(path).resolve())


def _with_source(article: Article, path: Path) -> Article:
    """Law files record the file they came from (resolved), so a second ingest can recognise it."""
    if "source" not in article.extra:
        return article
    return replace(article, extra={**article.extra, "source": _source_key(path)})


def _laws_by_source(stored: dict[str, Article]) -> dict[str, LawInfo]:
    out: dict[str, LawInfo] = {}
    for a in stored.values():
        source = a.extra.get("source")
        if source and source not in out:
            out[_source_key(source)] = LawInfo(a.law, a.law_title, a.jurisdiction)
    return out


def check_law_names(inputs: Inputs, stored: dict[str, Article]) -> list[str]:
    """A file already indexed under another law name: ingesting it again would make a second copy."""
    known = _laws_by_source(stored)
    conflicts: list[str] = []
    for result in inputs.per_file:
        key = _source_key(result.path)
        if key in known and result.articles and known[key].law != result.law:
            count = sum(1 for a in stored.values() if a.extra.get("source") and _source_key(a.extra["source"]) == key)
            conflicts.append(
                f"{result.path} is already indexed as law {known[key].law!r} ({count} entries), not {result.law!r}; "
                f"ingest it with --law {known[key].law!r} (or without --law), or rebuild with --reindex"
            )
    return conflicts


def dry_run(settings: Settings | None, paths: list[Path | str], law_info: LawInfo | None = None,
            progress: ReadProgress | None = None) -> dict[str, Any]:
    """What ingest would read from `paths`, per file, without embedding or writing anything."""
    stored = load_articles(settings.data_dir) if settings is not None else {}
    inputs = read_inputs([Path(p) for p in paths], law_info, progress, stored)
    warnings = [str(p) for p in inputs.problems] + check_law_names(inputs, stored)
    return {
        "files": [r.to_dict() for r in inputs.per_file],
        "articles": sum(len(r.in_force) for r in inputs.per_file),
        "deleted": sum(len(r.deleted) for r in inputs.per_file),
        "annexes": sum(len(r.annexes) for r in inputs.per_file),
        "warnings": warnings,
    }


def _chunk_metadata(article: Article, chunk: Chunk) -> dict[str, Any]:
    return {
        "article_id": article.id,
        "law": article.law,
        "article": article.article,
        "title": article.title,
        "jurisdiction": article.jurisdiction,
        "chunk_index": chunk.index,
        "hash": chunk.content_hash,
    }


def ingest_paths(
    settings: Settings,
    paths: list[Path | str],
    law_info: LawInfo | None = None,
    reindex: bool = False,
    progress: ProgressStart | None = None,
    reader: ReadProgress | None = None,
) -> IngestReport:
    """Bring the index in line with `paths`; returns counts and every problem found."""
    embedder = make_embedder(settings)
    stored = {} if reindex else load_articles(settings.data_dir)
    inputs = read_inputs([Path(p) for p in paths], law_info, reader, stored)
    conflicts = check_law_names(inputs, stored)
    if conflicts:
        raise KodeksError(conflicts[0] + (f" (and {len(conflicts) - 1} more file(s))" if len(conflicts) > 1 else ""))
    articles = inputs.articles
    report = IngestReport(files=inputs.files, articles=len(articles), problems=inputs.problems, per_file=inputs.per_file)

    if reindex:
        drop_collection(settings)
    collection = open_collection(settings, embedder.identity, create=True)
    stored_before = dict(stored)
    stored_meta = read_chunk_meta(settings, collection, reindex)
    by_hash = {meta.get("hash"): cid for cid, meta in stored_meta.items() if meta.get("hash")}

    # Which articles go, and which chunks must exist afterwards.
    incoming = {a.id: a for a in articles}
    removed = [aid for aid, a in stored.items() if a.law in inputs.complete_laws and aid not in incoming]
    report.deleted = len(removed)

    # Deleted articles stay in the article table (/clan says they were deleted) but get no chunks:
    # neither Chroma nor BM25 ever holds them, so search can never serve them.
    chunks: list[tuple[Article, Chunk]] = [
        (a, c) for a in articles if not a.deleted for c in chunk_article(a, settings.max_chunk_chars)
    ]
    report.chunks = len(chunks)
    wanted_ids = {c.chunk_id for _, c in chunks}
    # Unchanged = same text and same metadata; a metadata-only change re-uses the stored vector.
    unchanged: list[tuple[Article, Chunk]] = []
    todo: list[tuple[Article, Chunk]] = []
    for a, c in chunks:
        (unchanged if stored_meta.get(c.chunk_id) == _chunk_metadata(a, c) else todo).append((a, c))
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
    report.embedded = len(to_embed)
    report.reused = len(unchanged) + len(copyable)

    if todo:
        forget_chunk_meta(settings)  # until Chroma and the manifest agree again
    for start in range(0, len(todo), CHROMA_BATCH):
        batch = todo[start : start + CHROMA_BATCH]
        collection.upsert(
            ids=[c.chunk_id for _, c in batch],
            embeddings=np.vstack([vectors[c.chunk_id] for _, c in batch]),
            documents=[c.text for _, c in batch],
            metadatas=[_chunk_metadata(a, c) for a, c in batch],
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
        stored_meta.update((c.chunk_id, _chunk_metadata(a, c)) for a, c in todo)
        for cid in stale:
            stored_meta.pop(cid, None)
        write_chunk_meta(settings, stored_meta)

    changed = bool(todo or stale or removed or reindex)
    for aid in removed:
        stored.pop(aid, None)
    stored.update(incoming)
    report.total_articles = len(stored)
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
    record_ingest(settings.data_dir, stored_before, stored, read_toml_aliases([Path(p) for p in paths]))
    return report


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


def get_all(collection: Any, include: list[str]) -> dict[str, list[Any]]:
    """Every chunk's ids and `include` fields, page by page: one `get()` of a whole 100,000-chunk
    collection fails inside Chroma ("too many SQL variables")."""
    from retrieval.index.vectors import READ_BATCH

    out: dict[str, list[Any]] = {"ids": [], **{name: [] for name in include}}
    offset = 0
    while True:
        page = collection.get(include=include, limit=READ_BATCH, offset=offset)
        for name in out:
            out[name] += list(page[name])
        if len(page["ids"]) < READ_BATCH:
            return out
        offset += READ_BATCH


def rebuild_lexical(settings: Settings, collection: Any) -> None:
    """Rebuild BM25 from what Chroma holds, so both halves always index the same chunks."""
    from retrieval.index.store import iter_chroma_documents

    chunk_ids = sorted(get_all(collection, [])["ids"])
    index = LexicalIndex.build(settings.lexical_language, chunk_ids, iter_chroma_documents(collection, chunk_ids))
    save_dense(settings, collection, chunk_ids)
    replace_dir(settings.lexical_dir, index.save)


def save_dense(settings: Settings, collection: Any, chunk_ids: list[str]) -> None:
    """The compact vectors search scores (retrieval/index/vectors.py), in the lexical index's chunk order."""
    from retrieval.index.vectors import DENSE_DIR, read_chroma_vectors, save_vectors

    vectors = read_chroma_vectors(collection, chunk_ids)
    if vectors is not None:
        save_vectors(settings.data_dir / DENSE_DIR, chunk_ids, vectors)


def vectors_current(settings: Settings) -> bool:
    from retrieval.index.vectors import DENSE_DIR, is_current

    try:
        chunk_ids = LexicalIndex.load(settings.lexical_dir).chunk_ids
    except (OSError, ValueError, KeyError):
        return False
    return is_current(settings.data_dir / DENSE_DIR, chunk_ids)


def catalog_current(data_dir: Path) -> bool:
    from retrieval.index.catalog import CATALOG_FILE, _current
    from retrieval.index.store import ARTICLES_FILE

    return _current(data_dir / CATALOG_FILE, data_dir / ARTICLES_FILE)
