"""One ingest, every replica: index generations published in PostgreSQL (KODEKS_DATABASE_URL) and fetched by each
replica into its own data dir.

    publisher (`kodeks ingest`, `laws remove|rename`, an admin's upload)      every replica (bot/index_watch.py)
    builds and checks a generation locally (building.py), then          →    sees a newer `index_published` row,
    `publish`: every file of its folder as 8 MiB bytea chunks with a         downloads it into index/.fetch-NAME/,
    SHA-256 per file, and the one `index_published` row, in one              checks each file's SHA-256, renames it
    transaction; publications older than the previous one are pruned.       to index/NAME, runs check_generation
                                                                             and makes it current (generations.py)

Why the database, not a shared volume or an object store: the replicas already need PostgreSQL for their state
(issue 34), so this adds no service, no credentials and no mount to keep alive; a transaction makes a
publication appear whole or not at all (a shared volume needs its own fencing, and NFS locks are exactly what
leases.py must not rely on); and each replica still reads its index from a local disk, so a database outage
never stops search — it only delays the next generation. The cost is the index's size in the database once per
kept publication (two): 43 MB for a 79 MB generation of 5,321 chunks (PostgreSQL compresses the bytea), published
in 2.5 s and fetched and checked in 2.4 s (`bench/index_publishing.py`, docs/operations.md §9). On a Chroma server (CHROMA_HOST) a generation's vectors are already in its own collection,
which every replica reads: only the files are published, and a pruned publication's collection is dropped.

A replica never serves what it could not verify: a download that breaks off, a file whose checksum differs, or
a generation that fails its check is thrown away and the one served stays; `FetchOutcome.error` says why, and
`record_replica` writes it to `index_replicas`, so /stats on any replica shows every replica's generation.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kodeks.errors import IndexBusy, KodeksError, PublicationError
from kodeks.migrations.postgres import upgrade_database
from kodeks.migrations.publications import INDEX_PUBLICATIONS
from kodeks.postgres import PgConnection, connect
from kodeks.settings import Settings
from retrieval.index.embedders import Embedder
from retrieval.index.files import fsync_tree
from retrieval.index.generations import (
    generation_number,
    generation_paths,
    index_root,
    load_manifest,
    make_current,
    read_pointer,
)
from retrieval.index.layout import IndexPaths
from retrieval.index.writer_lock import writer_lock

log = logging.getLogger(__name__)

CHUNK_BYTES = 8 * 1024 * 1024  # one bytea row: well under PostgreSQL's 1 GB field limit, few rows per file
KEEP = 2  # publications kept: the current one and the previous (a replica still fetching it finishes)
FETCH_PREFIX = ".fetch-"
_upgraded: set[str] = set()  # databases whose publication tables this process has put in place


def database_url(settings: Settings) -> str | None:
    return settings.database_url.get_secret_value() if settings.database_url else None


def replica_name(settings: Settings) -> str:
    """This process's data dir, named by its host and a hash of its path (no path is stored)."""
    digest = hashlib.sha256(str(settings.data_dir.resolve()).encode()).hexdigest()[:8]
    return f"{socket.gethostname()}:{digest}"


def now_text(precise: bool = False) -> str:
    """UTC; `precise` (microseconds) for the pointer, whose value tells one publication of a generation from the next."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f" if precise else "%Y-%m-%d %H:%M:%S")


@contextmanager
def _database(settings: Settings, create: bool = True) -> Iterator[PgConnection]:
    """A connection with the publication tables in place (`create` False: as they are — a read makes nothing);
    every database error becomes one PublicationError."""
    import psycopg

    url = database_url(settings)
    if url is None:
        raise PublicationError("KODEKS_DATABASE_URL is not set: there is nowhere to publish to or fetch from")
    try:
        if create and url not in _upgraded:  # once a process: a replica checks every KODEKS_INDEX_POLL_SECONDS
            upgrade_database(url, INDEX_PUBLICATIONS)
            _upgraded.add(url)
        con = connect(url)
    except KodeksError as exc:
        raise PublicationError(str(exc)) from None
    try:
        yield con
    except psycopg.Error as exc:
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise PublicationError(f"the database failed ({first})") from None
    finally:
        con.close()


# --- publishing -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Published:
    """What `publish` did: the generation now published, its size, and what was pruned."""

    generation: str
    total_bytes: int
    again: bool  # it was published before (replaced whole: how a damaged publication is repaired)
    pruned: list[str] = field(default_factory=list)


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(CHUNK_BYTES):
            h.update(block)
    return h.hexdigest()


DropCollection = Callable[[str], None]


def publish(settings: Settings, paths: IndexPaths, drop_collection: DropCollection | None = None) -> Published:
    """Publish a complete, checked local generation and make it the one every replica serves.

    One transaction: the files' chunks, the publication row, the pointer; then older publications than the
    previous are deleted (their Chroma server collections through `drop_collection`)."""
    assert paths.generation is not None, "only a generation is published (a flat data dir is upgraded first)"
    name = paths.generation
    manifest = load_manifest(paths)
    with _database(settings) as con:
        exists = con.execute("SELECT 1 FROM index_publications WHERE generation = ?", (name,)).fetchone()
        total = 0
        with con.raw.transaction():
            con.execute("DELETE FROM index_publication_chunks WHERE generation = ?", (name,))  # published before
            con.execute(  # the row the chunks refer to; complete once they are all in
                "INSERT INTO index_publications (generation, number, manifest, files, total_bytes,"
                " complete, published_at) VALUES (?, ?, ?, '[]', 0, 0, ?) ON CONFLICT (generation) DO UPDATE"
                " SET manifest = excluded.manifest, files = '[]', total_bytes = 0, complete = 0,"
                " published_at = excluded.published_at",
                (name, generation_number(name), json.dumps(manifest, ensure_ascii=False), now_text()),
            )
            files = []
            for path in _files(paths.root):
                rel = path.relative_to(paths.root).as_posix()
                h = hashlib.sha256()
                size = 0
                with path.open("rb") as handle:
                    seq = 0
                    while block := handle.read(CHUNK_BYTES):
                        h.update(block)
                        size += len(block)
                        con.execute(
                            "INSERT INTO index_publication_chunks (generation, path, seq, data) VALUES (?, ?, ?, ?)",
                            (name, rel, seq, block),
                        )
                        seq += 1
                files.append({"path": rel, "size": size, "sha256": h.hexdigest()})
                total += size
            con.execute(
                "UPDATE index_publications SET files = ?, total_bytes = ?, complete = 1 WHERE generation = ?",
                (json.dumps(files), total, name),
            )
            con.execute(
                "INSERT INTO index_published (id, generation, published_at) VALUES (1, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET generation = excluded.generation, published_at = excluded.published_at",
                (name, now_text(precise=True)),
            )
        pruned = _prune(con)
    for old in pruned:
        collection = generation_paths(settings, old).collection
        if collection and drop_collection is not None:
            try:
                drop_collection(collection)
            except Exception as exc:
                log.warning("could not delete the Chroma collection %s (%s)", collection, type(exc).__name__)
    log.info("index: published generation %s (%.1f MB)%s", name, total / 1e6, " (again)" if exists else "")
    return Published(name, total, exists is not None, pruned)


def publish_current(settings: Settings, wait: bool = True, on_wait: Callable[[str], None] | None = None) -> Published:
    """`kodeks publish`: this data dir's current generation checked and published (again), under the writer lock
    so no cleanup deletes it meanwhile — after a publication that failed, or to move every replica back to it."""
    from retrieval.index.chroma import drop_collection_named
    from retrieval.index.generations import current_paths

    with writer_lock(settings, wait, on_wait, command="kodeks publish"):
        paths = current_paths(settings)
        if paths.generation is None:
            raise PublicationError(
                f"{settings.data_dir} holds no index generation to publish; build one with `kodeks ingest PATH...`"
            )
        full_check(settings)(paths, load_manifest(paths))  # what a replica will check: refused here first
        return publish(settings, paths, lambda name: drop_collection_named(settings, name))


def _prune(con: PgConnection) -> list[str]:
    """Every publication but the newest KEEP complete ones (the published one always among those kept)."""
    rows = con.execute("SELECT generation, number, complete FROM index_publications ORDER BY number DESC").fetchall()
    current = con.execute("SELECT generation FROM index_published WHERE id = 1").fetchone()
    kept = [r[0] for r in rows if r[2]][:KEEP]
    if current is not None and current[0] not in kept:
        kept = [current[0], *kept[: KEEP - 1]]
    gone = [r[0] for r in rows if r[0] not in kept]
    for name in gone:
        con.execute("DELETE FROM index_publications WHERE generation = ?", (name,))
    return gone


def published_collections(settings: Settings) -> set[str]:
    """The Chroma server collections of the publications kept: local cleanup must not drop them (replicas read them)."""
    if not settings.chroma_host or database_url(settings) is None:
        return set()
    with _database(settings) as con:
        names = [r[0] for r in con.execute("SELECT generation FROM index_publications").fetchall()]
    return {c for n in names if (c := generation_paths(settings, n).collection)}


# --- fetching -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FetchOutcome:
    """One look at the published generation: what it is, whether this data dir now has it, and why not."""

    published: str | None  # the generation published (None: nothing published yet)
    fetched: bool = False  # downloaded, verified and made current by this call
    error: str | None = None  # why the published generation could not be fetched (one line)
    version: str | None = None  # when it was published (a publication again of the same generation differs)


Check = Callable[[IndexPaths, dict[str, Any]], None]  # raises on a generation that must not be served


def fetch_current(settings: Settings, check: Check | None = None, failed: FetchOutcome | None = None) -> FetchOutcome:
    """Bring this data dir to the published generation: nothing when it is current already; otherwise
    download, verify (checksums, then `check`), make current. Never raises: a failure is the outcome's `error`
    and the generation served stays. `failed`: the last failure, returned as it is while the same publication
    is still the published one (a damaged one is not downloaded again at every poll; publishing it again is)."""
    published: str | None = None
    version: str | None = None
    try:
        with _database(settings) as con:
            row = con.execute("SELECT generation, published_at FROM index_published WHERE id = 1").fetchone()
            if row is None:
                return FetchOutcome(None)
            published, version = str(row[0]), str(row[1])
            try:
                local = read_pointer(settings)
            except KodeksError:
                local = None  # a damaged CURRENT: the published generation replaces it
            if local == published:
                return FetchOutcome(published, version=version)
            if failed is not None and failed.error and (failed.published, failed.version) == (published, version):
                return failed
            if local is not None and _ahead(con, local, published):
                raise PublicationError(
                    f"this data dir's generation {local} is newer than the published {published} and was never "
                    f"published (an interrupted publication?); still serving {local} — run `kodeks publish` here"
                )
            with writer_lock(settings, wait=False, command="fetch of the published index generation"):
                _fetch(settings, con, published, check)
            return FetchOutcome(published, fetched=True, version=version)
    except IndexBusy:
        return FetchOutcome(published, version=version)  # an ingest here (it makes its own current); fetched next
    except (KodeksError, OSError) as exc:
        text = str(exc) if isinstance(exc, KodeksError) else f"{exc.strerror or exc} (the data dir)"
        return FetchOutcome(published, error=text.splitlines()[0] if text else type(exc).__name__, version=version)


def _ahead(con: PgConnection, local: str, published: str) -> bool:
    """A publisher whose own newest generation did not get published: it must not go back to the older one."""
    if generation_number(local) <= generation_number(published):
        return False
    return con.execute("SELECT 1 FROM index_publications WHERE generation = ?", (local,)).fetchone() is None


def _fetch(settings: Settings, con: PgConnection, name: str, check: Check | None) -> None:
    """Download (in one snapshot: a publication or a pruning meanwhile changes nothing of what is read), verify,
    make current."""
    import psycopg

    con.raw.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
    with con.raw.transaction():
        target, manifest, count, downloaded = _download_all(settings, con, name)
    try:
        if check is not None:
            check(target, manifest)
        make_current(settings, target, manifest)
    except BaseException:
        if downloaded:  # a folder that was here already may be read by another process: it stays
            shutil.rmtree(target.root, ignore_errors=True)
        raise
    log.info("index: fetched published generation %s (%d files%s)", name, count, "" if downloaded else ", on disk")


def _download_all(settings: Settings, con: PgConnection, name: str) -> tuple[IndexPaths, dict[str, Any], int, bool]:
    """The publication in index/NAME (False: it was there already, whole — this data dir built it, or a fetch was
    killed before it was made current)."""
    row = con.execute(
        "SELECT manifest, files, complete FROM index_publications WHERE generation = ?", (name,)
    ).fetchone()
    if row is None or not row[2]:
        raise PublicationError(f"the published generation {name} is not complete in the database; publish it again")
    manifest: dict[str, Any] = json.loads(row[0])
    files: list[dict[str, Any]] = json.loads(row[1])
    root = index_root(settings)
    root.mkdir(parents=True, exist_ok=True)
    for stale in root.glob(FETCH_PREFIX + "*"):  # a fetch killed halfway
        shutil.rmtree(stale, ignore_errors=True)
    target = generation_paths(settings, name)
    if target.manifest.exists():  # complete: the same files, or a different generation of the same name
        if all(_matches(target.root / str(e["path"]), e) for e in files):
            return target, manifest, len(files), False
        raise PublicationError(
            f"{target.root} holds another generation than the published {name}; move it away (nothing reads it "
            f"unless it is current) and the replica fetches the published one"
        )
    if target.root.exists():  # a folder without generation.json: half-built, so no process holds a lease on it
        shutil.rmtree(target.root)
    temp = root / f"{FETCH_PREFIX}{name}"
    temp.mkdir()
    try:
        for entry in files:
            _download(con, name, entry, temp)
        fsync_tree(temp)
        temp.rename(target.root)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    return target, manifest, len(files), True


def _matches(path: Path, entry: dict[str, Any]) -> bool:
    try:
        return bool(path.stat().st_size == entry["size"] and _digest(path) == entry["sha256"])
    except OSError:
        return False


def _download(con: PgConnection, name: str, entry: dict[str, Any], folder: Path) -> None:
    rel = str(entry["path"])
    path = folder / rel
    if path.resolve().parent != folder.resolve() and folder.resolve() not in path.resolve().parents:
        raise PublicationError(f"the published generation {name} names a file outside its folder ({rel!r})")
    path.parent.mkdir(parents=True, exist_ok=True)
    h = hashlib.sha256()
    size = 0
    with path.open("wb") as out:
        for chunk in con.stream(
            "SELECT data FROM index_publication_chunks WHERE generation = ? AND path = ? ORDER BY seq",
            (name, rel),
            batch=2,
        ):
            data = bytes(chunk[0])
            h.update(data)
            size += len(data)
            out.write(data)
        out.flush()
        os.fsync(out.fileno())
    if size != entry["size"] or h.hexdigest() != entry["sha256"]:
        raise PublicationError(
            f"the published generation {name} is damaged ({rel}: checksum differs from the one published); "
            f"still serving the previous one — publish again with `kodeks publish`"
        )


# --- what every replica serves ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplicaState:
    """One replica's row of `index_replicas`."""

    replica: str
    served: str | None
    failed: str | None
    error: str | None
    checked_at: str


@dataclass(frozen=True)
class PublicationState:
    """The published generation and what each replica serves (for /stats and `kodeks stats`)."""

    published: str | None
    published_at: str | None
    replicas: list[ReplicaState]
    error: str | None = None  # the database could not be read


def record_replica(settings: Settings, served: str | None, failed: str | None, error: str | None) -> None:
    """This replica's row (errors are logged, not raised: the record must never stop serving)."""
    try:
        with _database(settings) as con:
            con.execute(
                "INSERT INTO index_replicas (replica, served, failed, error, checked_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (replica) DO UPDATE SET served = excluded.served, failed = excluded.failed, "
                "error = excluded.error, checked_at = excluded.checked_at",
                (replica_name(settings), served, failed, error, now_text()),
            )
    except KodeksError as exc:
        log.debug("index: could not record this replica's generation (%s)", str(exc).splitlines()[0])


def publication_state(settings: Settings) -> PublicationState:
    """What the database says (an unreachable one: the error, no rows)."""
    try:
        with _database(settings, create=False) as con:
            there = con.execute("SELECT to_regclass('index_replicas') IS NOT NULL").fetchone()
            if not (there and there[0]):
                return PublicationState(None, None, [])  # nothing published to this database yet
            row = con.execute("SELECT generation, published_at FROM index_published WHERE id = 1").fetchone()
            rows = con.execute(
                "SELECT replica, served, failed, error, checked_at FROM index_replicas ORDER BY replica"
            ).fetchall()
    except KodeksError as exc:
        return PublicationState(None, None, [], str(exc).splitlines()[0])
    replicas = [ReplicaState(str(r[0]), r[1], r[2], r[3], str(r[4])) for r in rows]
    return PublicationState(row[0] if row else None, row[1] if row else None, replicas)


def full_check(settings: Settings, embedder: Embedder | None = None) -> Check:
    """The check a fetched generation passes before it is made current: the one a new generation passes
    (checking.py), with the chunks its manifest lists as the ones expected."""
    from retrieval.index.checking import check_generation
    from retrieval.index.chroma import chroma_client, close_client, open_collection
    from retrieval.index.embedders import make_embedder

    def check(paths: IndexPaths, manifest: dict[str, Any]) -> None:
        nonlocal embedder
        embedder = embedder or make_embedder(settings)
        try:
            expected = set(json.loads(paths.chunk_meta.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            raise PublicationError(
                f"the published generation {paths.generation} has no readable chunk_meta.json"
            ) from None
        client = chroma_client(settings, paths, create=False)
        try:
            collection = open_collection(settings, embedder.identity, False, paths, client)
            check_generation(settings, paths, collection, embedder, expected, manifest)
        finally:
            if not settings.chroma_host:
                close_client(client)

    return check
