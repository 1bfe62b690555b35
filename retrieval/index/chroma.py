"""The Chroma collection that holds the dense vectors: opened, checked against the embedder, read page by page.

The collection's metadata records which embedder built it; opening it with another one fails with
one line that says how to re-index (vectors of different models must never be compared).

Each index generation has its own: a `chroma/` folder inside the generation (copied from the current
one by the writer, then updated), or on a Chroma server (CHROMA_HOST) a collection of its own named
after the generation (filled from the current one's, then updated). `LazyCollection` lets search
open Chroma only when it needs it: exact dense search reads dense/ and never does, so a read-only
data dir can be searched (Chroma's PersistentClient writes to its SQLite file on every open).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

from kodeks.errors import IndexMismatchError, KodeksError
from kodeks.settings import Settings
from retrieval.index.disk_errors import explain_write_failure
from retrieval.index.embedders import EmbedderIdentity
from retrieval.index.generations import current_paths
from retrieval.index.layout import IndexPaths
from retrieval.index.vectors import READ_BATCH


def chroma_client(settings: Settings, paths: IndexPaths | None = None, create: bool = True) -> Any:
    """Embedded PersistentClient in the index's folder (the current generation's unless `paths` says
    which), or an HttpClient when CHROMA_HOST is set. `create` False: never makes the folder."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_host:
        try:
            return chromadb.HttpClient(host=settings.chroma_host, port=settings.chroma_port, settings=chroma_settings)
        except Exception as exc:  # chromadb raises plain exceptions for an unreachable server
            raise KodeksError(f"cannot reach Chroma at {settings.chroma_host}:{settings.chroma_port}: {exc}") from None
    folder = (paths or current_paths(settings)).chroma
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    try:
        return chromadb.PersistentClient(path=str(folder), settings=chroma_settings)
    except Exception as exc:  # a damaged chroma.sqlite3 surfaces as chromadb's InternalError or sqlite3 errors
        disk = explain_write_failure(exc, settings.data_dir, "open the vector index (Chroma writes to it on open)")
        if disk is not None:
            raise KodeksError(
                f"{disk} — or set KODEKS_DENSE_SEARCH=exact, which searches without opening Chroma"
            ) from None
        raise KodeksError(
            f"the vector index in {folder} cannot be opened ({_first_line(exc)}); "
            f"restore the data dir from a backup, or move it aside and rebuild with `kodeks ingest PATH...`"
        ) from None


def close_client(client: Any) -> None:
    """Release a PersistentClient's SQLite connections and files (an old generation's, after a switch)."""
    closer = getattr(client, "close", None)
    if closer is not None:
        with contextlib.suppress(Exception):
            closer()


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


def identity_in_file(paths: IndexPaths, name: str) -> EmbedderIdentity | None:
    """The embedder recorded in a local chroma.sqlite3, read without opening Chroma (which writes to the
    file on every open), and the file probed on the way (a damaged one fails here, at open, not at the
    first HNSW query). None when the file does not say (another Chroma schema): the caller then opens
    Chroma to ask it.

    The one place Chroma's private parts are read (everything else goes through its client API): Chroma has
    no read-only open, and its public way to read a collection's metadata (a PersistentClient) writes to this
    file, so a read-only data dir could not be searched and a damaged file would show only at the first query.
    What is read: the file name `chroma.sqlite3` and its tables `collections` (id, name), `collection_metadata`
    (collection_id, key, str_value, int_value) and `embeddings` (as Chroma 1.x writes them; chromadb is pinned
    to <2 in pyproject.toml for this). tests/test_index_generations.py fails loudly if a Chroma release
    changes them (this would otherwise only fall back to opening Chroma)."""
    import sqlite3

    path = paths.chroma / "chroma.sqlite3"
    if not path.exists():
        return None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = con.execute(
                "SELECT m.key, m.str_value, m.int_value FROM collection_metadata m "
                "JOIN collections c ON c.id = m.collection_id WHERE c.name = ?",
                (name,),
            ).fetchall()
            con.execute("SELECT count(*) FROM embeddings").fetchone()
        finally:
            con.close()
    except sqlite3.OperationalError as exc:
        if "no such" in str(exc):
            return None
        raise _unreadable(paths, exc) from None
    except sqlite3.DatabaseError as exc:
        raise _unreadable(paths, exc) from None
    meta = {key: (text if text is not None else number) for key, text, number in rows}
    try:
        return EmbedderIdentity(str(meta["embedder_provider"]), str(meta["embedder_model"]), int(meta["embedder_dim"]))
    except (KeyError, TypeError, ValueError):
        return None


def _unreadable(paths: IndexPaths, exc: BaseException) -> KodeksError:
    return KodeksError(
        f"the vector index in {paths.chroma} cannot be read ({_first_line(exc)}); restore the data "
        f"dir from a backup, or move it aside and rebuild with `kodeks ingest PATH...`"
    )


def check_identity(
    collection: Any, identity: EmbedderIdentity, settings: Settings, recorded: EmbedderIdentity | None = None
) -> None:
    """Refuse to compare vectors of different models (`recorded`: known without the collection)."""
    recorded = recorded if recorded is not None else recorded_identity(collection)
    if recorded is not None and recorded != identity:
        raise IndexMismatchError(
            f"the index in {settings.data_dir} was built with {recorded.describe()}, but the configured "
            f"embedder is {identity.describe()}; set KODEKS_EMBEDDER={recorded.provider} or rebuild it with "
            f"`kodeks ingest --reindex PATH...`"
        )


def open_collection(
    settings: Settings, identity: EmbedderIdentity, create: bool, paths: IndexPaths | None = None, client: Any = None
) -> Any:
    """The index's collection (cosine space), checked against the embedder in use: the current
    generation's unless `paths` names another."""
    paths = paths or current_paths(settings)
    client = client or chroma_client(settings, paths, create=create)
    name = paths.collection_name(settings)
    if create:
        collection = client.get_or_create_collection(
            name,
            embedding_function=None,
            metadata=identity_metadata(identity),
            configuration={"hnsw": {"space": "cosine"}},
        )
    else:
        from chromadb.errors import NotFoundError

        try:
            collection = client.get_collection(name, embedding_function=None)
        except (NotFoundError, ValueError):
            raise KodeksError(
                f"no index in {settings.data_dir}; build one with `kodeks ingest PATH...` "
                f"(e.g. kodeks ingest data/sample/corpus.jsonl)"
            ) from None
        except Exception as exc:
            raise KodeksError(
                f"the vector index in {settings.data_dir} cannot be read ({_first_line(exc)}); "
                f"restore the data dir from a backup, or move it aside and rebuild with `kodeks ingest PATH...`"
            ) from None
    check_identity(collection, identity, settings)
    return collection


def drop_collection_named(settings: Settings, name: str) -> None:
    """Delete a collection on the Chroma server (an old generation's)."""
    client = chroma_client(settings)
    with contextlib.suppress(Exception):
        client.delete_collection(name)


class LazyCollection:
    """The collection, opened on first use (search in exact dense mode never uses it). Thread-safe."""

    def __init__(self, settings: Settings, paths: IndexPaths, identity: EmbedderIdentity) -> None:
        self._settings, self._paths, self._identity = settings, paths, identity
        self._lock = threading.Lock()
        self._client: Any = None
        self._collection: Any = None
        self._closed = False

    def opened(self) -> Any:
        with self._lock:
            if self._closed:
                raise KodeksError("this index generation was closed (the bot switched to a newer one)")
            if self._collection is None:
                client = chroma_client(self._settings, self._paths, create=False)
                self._collection = open_collection(self._settings, self._identity, False, self._paths, client)
                self._client = client
            return self._collection

    @property
    def is_open(self) -> bool:
        return self._collection is not None

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return self.opened().get(*args, **kwargs)

    def query(self, *args: Any, **kwargs: Any) -> Any:
        return self.opened().query(*args, **kwargs)

    def count(self) -> int:
        count: int = self.opened().count()
        return count

    @property
    def metadata(self) -> Any:
        return self.opened().metadata

    def close(self) -> None:
        with self._lock:
            self._closed = True
            client, self._client, self._collection = self._client, None, None
        if client is not None and not self._settings.chroma_host:
            close_client(client)


def iter_chroma_documents(collection: Any, chunk_ids: list[str]) -> Iterator[str]:
    """The chunks' texts in `chunk_ids` order ("" for one Chroma lacks), read READ_BATCH at a time:
    a lexical rebuild never holds every text of a large library at once."""
    for start in range(0, len(chunk_ids), READ_BATCH):
        batch = chunk_ids[start : start + READ_BATCH]
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
