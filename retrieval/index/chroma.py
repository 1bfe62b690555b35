"""The Chroma collection that holds the dense vectors: opened, checked against the embedder, read page by page.

The collection's metadata records which embedder built it; opening it with another one fails with
one line that says how to re-index (vectors of different models must never be compared).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kodeks.errors import IndexMismatchError, KodeksError
from kodeks.settings import Settings
from retrieval.index.embedders import EmbedderIdentity
from retrieval.index.vectors import READ_BATCH


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


def iter_chroma_documents(collection: Any, chunk_ids: list[str]) -> Iterator[str]:
    """The chunks' texts in `chunk_ids` order ("" for one Chroma lacks), read READ_BATCH at a time:
    a lexical rebuild never holds every text of a large library at once."""
    for start in range(0, len(chunk_ids), READ_BATCH):
        batch = chunk_ids[start:start + READ_BATCH]
        got = collection.get(ids=batch, include=["documents"])
        texts = dict(zip(got["ids"], got["documents"]))
        yield from (texts.get(cid, "") for cid in batch)


def get_all(collection: Any, include: list[str]) -> dict[str, list[Any]]:
    """Every chunk's ids and `include` fields, page by page: one `get()` of a whole 100,000-chunk
    collection fails inside Chroma ("too many SQL variables")."""
    out: dict[str, list[Any]] = {"ids": [], **{name: [] for name in include}}
    offset = 0
    while True:
        page = collection.get(include=include, limit=READ_BATCH, offset=offset)
        for name in out:
            out[name] += list(page[name])
        if len(page["ids"]) < READ_BATCH:
            return out
        offset += READ_BATCH
