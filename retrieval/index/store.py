"""Where the index lives: a Chroma collection (dense vectors), the lexical index and the article table.

Layout under `KODEKS_DATA_DIR`:
    chroma/          Chroma PersistentClient (unless CHROMA_HOST points at a server)
    lexical/         bm25s index + chunk ids, rebuilt whenever the chunks change
    articles.jsonl   every indexed article (the text the bot shows and the model reads)
    laws.json        per law: when its current text was ingested, configured aliases (`law_catalog`)
    articles.sqlite3 the same rows for search to read on demand (retrieval/index/catalog.py)
    dense/           the vectors again as float16, aligned with lexical/ (retrieval/index/vectors.py)

The collection's metadata records which embedder built it; opening it with another one fails with
one line that says how to re-index.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from collections.abc import Iterator
from typing import Any

from kodeks.errors import IndexMismatchError, KodeksError
from kodeks.settings import Settings
from retrieval.index.embedders import EmbedderIdentity
from retrieval.index.vectors import READ_BATCH
from retrieval.types import ARTICLE_FIELDS, Article

ARTICLES_FILE = "articles.jsonl"
LAWS_FILE = "laws.json"


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


def chroma_client(settings: Settings) -> Any:
    """Embedded PersistentClient under the data dir, or an HttpClient when CHROMA_HOST is set."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_host:
        try:
            return chromadb.HttpClient(host=settings.chroma_host, port=settings.chroma_port, settings=chroma_settings)
        except Exception as exc:  # chromadb raises plain exceptions for an unreachable server
            raise KodeksError(f"cannot reach Chroma at {settings.chroma_host}:{settings.chroma_port}: {exc}") from None
    settings.chroma_dir.mkdir(parents=True, exist_ok=True)
    try:
        return chromadb.PersistentClient(path=str(settings.chroma_dir), settings=chroma_settings)
    except Exception as exc:  # a damaged chroma.sqlite3 surfaces as chromadb's InternalError or sqlite3 errors
        raise KodeksError(
            f"the vector index in {settings.chroma_dir} cannot be opened ({_first_line(exc)}); "
            f"move it aside and rebuild with `kodeks ingest --reindex PATH...`"
        ) from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def identity_metadata(identity: EmbedderIdentity) -> dict[str, Any]:
    return {"embedder_provider": identity.provider, "embedder_model": identity.model, "embedder_dim": identity.dim}


def recorded_identity(collection: Any) -> EmbedderIdentity | None:
    meta = collection.metadata or {}
    if "embedder_provider" not in meta:
        return None
    return EmbedderIdentity(meta["embedder_provider"], meta["embedder_model"], int(meta["embedder_dim"]))


def check_identity(collection: Any, identity: EmbedderIdentity, settings: Settings) -> None:
    """Refuse to compare vectors of different models."""
    recorded = recorded_identity(collection)
    if recorded is not None and recorded != identity:
        raise IndexMismatchError(
            f"the index in {settings.data_dir} was built with {recorded.describe()}, but the configured "
            f"embedder is {identity.describe()}; set KODEKS_EMBEDDER={recorded.provider} or rebuild it with "
            f"`kodeks ingest --reindex PATH...`"
        )


def open_collection(settings: Settings, identity: EmbedderIdentity, create: bool) -> Any:
    """The project's collection (cosine space), checked against the embedder in use."""
    client = chroma_client(settings)
    if create:
        collection = client.get_or_create_collection(
            settings.collection,
            embedding_function=None,
            metadata=identity_metadata(identity),
            configuration={"hnsw": {"space": "cosine"}},
        )
    else:
        from chromadb.errors import NotFoundError

        try:
            collection = client.get_collection(settings.collection, embedding_function=None)
        except (NotFoundError, ValueError):
            raise KodeksError(
                f"no index in {settings.data_dir}; build one with `kodeks ingest PATH...` "
                f"(e.g. kodeks ingest data/sample/corpus.jsonl)"
            ) from None
        except Exception as exc:
            raise KodeksError(
                f"the vector index in {settings.data_dir} cannot be read ({_first_line(exc)}); "
                f"move it aside and rebuild with `kodeks ingest --reindex PATH...`"
            ) from None
    check_identity(collection, identity, settings)
    return collection


def drop_collection(settings: Settings) -> None:
    client = chroma_client(settings)
    try:
        client.delete_collection(settings.collection)
    except Exception:
        pass  # nothing to drop


# --- article table --------------------------------------------------------------------------------


def article_to_row(article: Article) -> dict[str, Any]:
    row = {name: getattr(article, name) for name in ARTICLE_FIELDS}
    row.update({k: v for k, v in article.extra.items() if k not in row})
    return row


def row_to_article(row: dict[str, Any]) -> Article:
    return Article(
        id=row["id"],
        law=row["law"],
        article=row["article"],
        text=row["text"],
        title=row.get("title", ""),
        law_title=row.get("law_title", ""),
        jurisdiction=row.get("jurisdiction", ""),
        extra={k: v for k, v in row.items() if k not in ARTICLE_FIELDS},
        chapter=row.get("chapter") or "",
        deleted=bool(row.get("deleted", False)),
    )


def load_articles(data_dir: Path) -> dict[str, Article]:
    path = data_dir / ARTICLES_FILE
    if not path.exists():
        return {}
    articles: dict[str, Article] = {}
    try:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    article = row_to_article(json.loads(line))
                    articles[article.id] = article
    except (json.JSONDecodeError, KeyError, UnicodeDecodeError) as exc:
        raise KodeksError(f"the article table {path} is corrupt ({exc}); rebuild with `kodeks ingest --reindex PATH...`") from None
    return articles


def load_law_records(data_dir: Path) -> dict[str, dict[str, Any]]:
    """laws.json: law → {"ingested_at": ISO UTC, "aliases": [...]}; {} for an index made before it existed."""
    path = data_dir / LAWS_FILE
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, OSError) as exc:
        raise KodeksError(f"the law table {path} is corrupt ({exc}); re-run `kodeks ingest PATH...`") from None
    return {str(k): v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}


def save_law_records(data_dir: Path, records: dict[str, dict[str, Any]]) -> None:
    atomic_write_text(data_dir / LAWS_FILE, json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def atomic_write_text(path: Path, text: str) -> None:
    """Write via a temporary file and rename, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)


def save_articles(data_dir: Path, articles: dict[str, Article]) -> None:
    """articles.jsonl (ingest's table), then the SQLite copy search reads (retrieval/index/catalog.py)."""
    from retrieval.index.catalog import write_catalog

    lines = (json.dumps(article_to_row(a), ensure_ascii=False) for a in articles.values())
    atomic_write_text(data_dir / ARTICLES_FILE, "\n".join(lines) + "\n")
    write_catalog(data_dir, articles.values(), data_dir / ARTICLES_FILE)


def replace_dir(target: Path, build: Any) -> None:
    """Build a directory next to `target` with `build(tmp_dir)`, then swap it in."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}."))
    build(tmp)
    old = target.with_name(f".{target.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        target.rename(old)
    tmp.rename(target)
    if old.exists():
        shutil.rmtree(old)


def iter_chroma_documents(collection: Any, chunk_ids: list[str]) -> Iterator[str]:
    """The chunks' texts in `chunk_ids` order ("" for one Chroma lacks), read READ_BATCH at a time:
    a lexical rebuild never holds every text of a large library at once."""
    for start in range(0, len(chunk_ids), READ_BATCH):
        batch = chunk_ids[start:start + READ_BATCH]
        got = collection.get(ids=batch, include=["documents"])
        texts = dict(zip(got["ids"], got["documents"]))
        yield from (texts.get(cid, "") for cid in batch)
