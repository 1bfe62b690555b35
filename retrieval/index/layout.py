"""Where things live in a data dir (`KODEKS_DATA_DIR`), and whether one holds an index at all.

    index/CURRENT            which generation search opens (one line of JSON, replaced atomically)
    index/gen-000007-3fa2c1/ one complete generation of the index (generations.py), holding:
        chroma/          Chroma PersistentClient (unless CHROMA_HOST points at a server): the dense vectors
        lexical/         BM25 in our format + chunk ids (lexical.py, bm25_build.py; docs/retrieval.md)
        dense/           the vectors again as float16, aligned with lexical/ (vectors.py)
        articles.jsonl   every indexed article (the text the bot shows and the model reads; articles.py)
        articles.sqlite3 the same rows for search to read on demand (catalog.py)
        laws.json        per law: when its current text was ingested, configured aliases (law_catalog.py)
        chunk_meta.json  each chunk's Chroma metadata as ingest last wrote it (chunk_meta.py)
        generation.json  written last, after every part above was checked (what makes it complete)
    index/writer.lock        the one-writer lock (writer_lock.py) and writer.json, who holds it
    queries.sqlite3, officers.sqlite3, user_hash.salt   the bot's files (never part of a generation)

A data dir made before generations existed has the parts of one generation directly in it (the
"flat" layout); read-only commands open it as it is and the first write upgrades it (generations.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kodeks.errors import KodeksError
from kodeks.settings import Settings

ARTICLES_FILE = "articles.jsonl"
LAWS_FILE = "laws.json"
CHUNK_META_FILE = "chunk_meta.json"
CATALOG_FILE = "articles.sqlite3"
MANIFEST_FILE = "generation.json"
INDEX_DIR = "index"
# What one generation holds (the flat layout holds the same names directly in the data dir).
PARTS = ("chroma", "lexical", "dense", ARTICLES_FILE, CATALOG_FILE, LAWS_FILE, CHUNK_META_FILE)


@dataclass(frozen=True)
class IndexPaths:
    """The files of one index: a generation's folder, or the data dir itself in the flat layout."""

    root: Path
    generation: str | None = None  # None: the flat layout (or no index yet)
    collection: str | None = None  # the Chroma collection name (its own per generation on a Chroma server)

    @property
    def chroma(self) -> Path:
        return self.root / "chroma"

    @property
    def lexical(self) -> Path:
        return self.root / "lexical"

    @property
    def dense(self) -> Path:
        return self.root / "dense"

    @property
    def articles(self) -> Path:
        return self.root / ARTICLES_FILE

    @property
    def catalog(self) -> Path:
        return self.root / CATALOG_FILE

    @property
    def laws(self) -> Path:
        return self.root / LAWS_FILE

    @property
    def chunk_meta(self) -> Path:
        return self.root / CHUNK_META_FILE

    @property
    def manifest(self) -> Path:
        return self.root / MANIFEST_FILE

    def collection_name(self, settings: Settings) -> str:
        return self.collection or settings.collection


def flat_paths(settings: Settings) -> IndexPaths:
    """The index of a data dir written before generations existed (parts directly in the data dir)."""
    return IndexPaths(settings.data_dir)


def has_flat_index(settings: Settings) -> bool:
    return (settings.data_dir / ARTICLES_FILE).exists()


def require_index(settings: Settings, paths: IndexPaths | None = None) -> None:
    """Fail with one line, creating nothing, when the data dir holds no index: read-only commands
    (search, ask, laws, eval) must never leave an empty `chroma/` behind in a mistyped --data-dir."""
    if settings.chroma_host:
        return  # the vectors live on the server (reached first, so an unreachable one is what is reported)
    data_dir = settings.data_dir
    if not data_dir.exists():
        raise KodeksError(
            f"the data dir {data_dir} does not exist; build an index there with `kodeks ingest PATH... "
            f"--data-dir {data_dir}` or point --data-dir / KODEKS_DATA_DIR at an existing one"
        )
    paths = paths or flat_paths(settings)
    if not paths.articles.exists() or not (paths.chroma / "chroma.sqlite3").exists():
        raise KodeksError(
            f"no index in {data_dir}; build one with `kodeks ingest PATH...` (e.g. kodeks ingest data/sample/corpus.jsonl)"
        )
