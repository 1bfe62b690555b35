"""One store's database, whichever engine holds it: a SQLite file of the data dir, or KODEKS_DATABASE_URL.

The stores that replicas must share (officers and enrolment, the rewrite cache, threads, rate-limit counters)
write their SQL once, with sqlite3's `?` marks and statements both engines run (`INSERT … ON CONFLICT … DO
UPDATE`, not `INSERT OR REPLACE`); this is the small seam between them:

    reading()      a connection outside any transaction (autocommit): reads, and single statements that are
                   their own transaction (an upsert whose row is its only lock)
    transaction()  a connection inside one write transaction, writers serialised — SQLite's BEGIN IMMEDIATE;
                   on PostgreSQL a transaction-level advisory lock per store, so a read-then-write (an invite's
                   last use, a request's hourly limit) is as safe across replicas as it is in one file
    fetch()        a read's rows; on PostgreSQL run again once on a new connection if the kept one was lost (a
                   server restart, an idle connection a firewall dropped overnight): the gate's first check of
                   the morning must not refuse an officer for it
    exists()       whether there is anything to read yet (a file not made yet: nothing; a database: always)

SQLite: a short connection per call (WAL), as before. PostgreSQL: one connection per store and process, kept
open (a new server connection costs a process fork on the server; the stores are read per question) and used
under a lock; one idle for IDLE_CHECK seconds is checked before use, and a failed call drops it (the next call
connects again). The store's migrations run at first
use on either. Synchronous on purpose: the command line calls it directly, the bot through `asyncio.to_thread`.

May import: the standard library, `kodeks.migrations`, `kodeks.postgres`, `kodeks.private_files`,
`kodeks.sqlite_read`.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
import zlib
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Protocol

from kodeks.migrations import Schema, upgrade_file
from kodeks.postgres import PgConnection, connect, where
from kodeks.private_files import create_private
from kodeks.sqlite_read import connect_for_reading, writable_folder

IDLE_CHECK = 30.0  # seconds: a kept PostgreSQL connection idle longer is checked (SELECT 1) before it is used


class Row(Protocol):
    """A result row by index or column name (sqlite3.Row, `kodeks.postgres.Row`)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> list[str]: ...


class Cursor(Protocol):
    """What the stores use of a cursor: sqlite3's and psycopg's both have it."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> Sequence[Any]: ...


class Connection(Protocol):
    """sqlite3.Connection or `kodeks.postgres.PgConnection`: `execute` with sqlite3's marks, rows by name."""

    def execute(self, sql: str, params: Any = ..., /) -> Any: ...


class StateDb(Protocol):
    """A store's database (see the module docstring)."""

    @property
    def postgres(self) -> bool: ...

    @property
    def where(self) -> str: ...

    def exists(self) -> bool: ...

    def reading(self) -> AbstractContextManager[Connection]: ...

    def transaction(self) -> AbstractContextManager[Connection]: ...

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...


class SqliteDb:
    """A data dir file (0600), migrated at first open; a read-only mount can still be read."""

    postgres = False

    def __init__(self, path: Path, schema: Schema) -> None:
        self.path = Path(path)
        self.schema = schema
        self._ready = False

    @property
    def where(self) -> str:
        return str(self.path)

    def exists(self) -> bool:
        return self.path.exists()

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        if not self._ready and self.path.exists() and not writable_folder(self.path):
            con = connect_for_reading(self.path)  # a read-only mount: reading works, a change is refused
            try:
                yield con
            finally:
                con.close()
            return
        if not self._ready:
            create_private(self.path)  # 0600 (its folder 0700 if new): it names officers / holds questions
            upgrade_file(self.path, self.schema)
        con = sqlite3.connect(self.path, timeout=5.0, isolation_level=None)
        con.row_factory = sqlite3.Row
        try:
            if not self._ready:
                con.execute("PRAGMA journal_mode=WAL")
                self._ready = True
            yield con
        finally:
            con.close()

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self.reading() as con:
            return con.execute(sql, params).fetchall()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self.reading() as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")


class PostgresDb:
    """The store's tables in KODEKS_DATABASE_URL: one kept connection, used under a lock, migrated at first use."""

    postgres = True

    def __init__(self, url: str, schema: Schema) -> None:
        self.url = url
        self.schema = schema
        self.lock_key = zlib.crc32(f"kodeks:{schema.store}".encode())  # the store's writers' advisory lock
        self._con: PgConnection | None = None
        self._used_at = 0.0
        self._lock = threading.Lock()
        self._ready = False

    @property
    def where(self) -> str:
        return where(self.url)

    def exists(self) -> bool:
        return True

    def _connection(self) -> PgConnection:
        now = time.monotonic()
        if self._con is not None and now - self._used_at > IDLE_CHECK:
            try:  # idle a while: a firewall or a server restart may have dropped it; a round trip says
                self._con.execute("SELECT 1")
            except Exception:
                self._drop()
        self._used_at = now
        if self._con is None:
            if not self._ready:
                from kodeks.migrations.postgres import upgrade

                con = connect(self.url)
                try:
                    upgrade(con, self.schema, self.url)
                except BaseException:
                    con.close()
                    raise
                self._con, self._ready = con, True
            else:
                self._con = connect(self.url)
        return self._con

    def _drop(self) -> None:
        con, self._con = self._con, None
        if con is not None:
            with contextlib.suppress(Exception):  # already broken: nothing to keep
                con.close()

    @contextmanager
    def reading(self) -> Iterator[PgConnection]:
        with self._lock:
            try:
                yield self._connection()
            except BaseException:
                self._drop()  # a fresh connection next time (a lost server, or a statement left it aborted)
                raise

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        import psycopg

        for attempt in (1, 2):
            try:
                with self.reading() as con:
                    return list(con.execute(sql, params).fetchall())
            except psycopg.OperationalError:  # the kept connection was lost (it is dropped): once more, anew
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    @contextmanager
    def transaction(self) -> Iterator[PgConnection]:
        with self._lock:
            try:
                con = self._connection()
                with con.raw.transaction():
                    con.execute("SELECT pg_advisory_xact_lock(?)", (self.lock_key,))
                    yield con
            except BaseException:
                self._drop()
                raise

    def close(self) -> None:
        with self._lock:
            self._drop()


def state_db(schema: Schema, data_dir: Path, database_url: str | None) -> StateDb:
    """The store's database: KODEKS_DATABASE_URL when set, else its file in the data dir."""
    if database_url:
        return PostgresDb(database_url, schema)
    return SqliteDb(data_dir / schema.file, schema)
