"""Where things live in a data dir (`KODEKS_DATA_DIR`), and whether one holds an index at all.

    chroma/          Chroma PersistentClient (unless CHROMA_HOST points at a server): the dense vectors
    lexical/         bm25s index + chunk ids, rebuilt whenever the chunks change (lexical.py)
    dense/           the vectors again as float16, aligned with lexical/ (vectors.py)
    articles.jsonl   every indexed article (the text the bot shows and the model reads; articles.py)
    articles.sqlite3 the same rows for search to read on demand (catalog.py)
    laws.json        per law: when its current text was ingested, configured aliases (law_catalog.py)
    chunk_meta.json  each chunk's Chroma metadata as ingest last wrote it (chunk_meta.py)
"""

from __future__ import annotations

from kodeks.errors import KodeksError
from kodeks.settings import Settings

ARTICLES_FILE = "articles.jsonl"
LAWS_FILE = "laws.json"
CHUNK_META_FILE = "chunk_meta.json"


def require_index(settings: Settings) -> None:
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
    if not (data_dir / ARTICLES_FILE).exists() or not (settings.chroma_dir / "chroma.sqlite3").exists():
        raise KodeksError(
            f"no index in {data_dir}; build one with `kodeks ingest PATH...` (e.g. kodeks ingest data/sample/corpus.jsonl)"
        )
