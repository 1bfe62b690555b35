"""Where the query log's rows live: a `Storage` runs a `Write` as one transaction and opens read connections.

`QueryLog` keeps what does not depend on the engine — the order of writes, the backlog while writes fail, the
retries, the journal's rules — and hands each transaction to its storage:

    SqliteStorage     queries.sqlite3 (the default): aiosqlite, BEGIN IMMEDIATE with a bounded busy_timeout
    PostgresStorage   KODEKS_DATABASE_URL (bot/querylog/postgres.py): psycopg's AsyncConnection, shared by
                      replicas; the same statements, with what each engine calls the row just inserted

Either one reconnects after any failed transaction (a connection that failed mid-transaction can keep a stale
state and fail forever) and opens reads on connections of their own (`readers.open_reader`).
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Protocol

import aiosqlite

from bot.querylog.diagnosis import explain
from bot.querylog.readers import Source
from bot.querylog.schema import SCHEMA_VERSION, create_private, migrate
from bot.querylog.writes import Write, clean_text
from kodeks.errors import KodeksError


class Storage(Protocol):
    """One engine's side of the query log."""

    source: Source  # what `readers.open_reader` opens: the file, or the database
    postgres: bool  # shared by replicas: the journal is taken in one statement (`QueryLog.journal_received`)
    errors: tuple[type[BaseException], ...]  # what a failed read raises (a warning, never an officer's error)

    @property
    def where(self) -> str:
        """For log lines and messages: the file, or the database URL without its password."""
        ...

    async def prepare(self, *, check: bool) -> None:
        """Create or migrate, open the writer connection and prove the log writable (`check`: also its integrity)."""
        ...

    async def run(self, write: Write) -> int | None:
        """`write` in one transaction; the id of the row its first statement inserted, if it inserts one."""
        ...

    async def close(self) -> None:
        """Close the writer connection (a failed transaction's connection is closed by `run` itself)."""
        ...

    async def run_aside(self, write: Write) -> None:
        """`write` at once on a connection apart from the writer's (PostgreSQL only; raises where there is none)."""
        ...

    def explain(self, exc: BaseException) -> KodeksError | None:
        """One line an admin can act on for a failure to open the log; None for an exception not the engine's."""
        ...


class SqliteStorage:
    """queries.sqlite3: WAL, one short BEGIN IMMEDIATE per write, waiting at most busy_timeout for the lock."""

    postgres = False
    errors: tuple[type[BaseException], ...] = (sqlite3.Error, KodeksError)

    def __init__(self, path: Path, *, busy_timeout_ms: int) -> None:
        self.path = path
        self.source: Source = path
        self.busy_timeout_ms = busy_timeout_ms
        self.db: aiosqlite.Connection | None = None

    @property
    def where(self) -> str:
        return str(self.path)

    async def prepare(self, *, check: bool) -> None:
        create_private(self.path)  # 0600 in a 0700 folder (kodeks/private_files.py)
        await migrate(self.path, busy_timeout_ms=self.busy_timeout_ms)
        self.db = await self._connect()
        if check:
            async with self.db.execute("PRAGMA quick_check") as cur:
                row = await cur.fetchone()
            verdict = row[0] if row is not None else "no answer to quick_check"
            if verdict != "ok":
                raise sqlite3.DatabaseError(f"database disk image is malformed: {verdict}")
        await self.run(Write([(f"PRAGMA user_version = {SCHEMA_VERSION:d}", ())], "write check"))

    async def _connect(self) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            db.row_factory = aiosqlite.Row
            await db.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
        except BaseException:
            await db.close()
            raise
        return db

    async def close(self) -> None:
        db, self.db = self.db, None
        if db is not None:
            with contextlib.suppress(Exception):
                await db.close()

    async def run(self, write: Write) -> int | None:
        if self.db is None:
            self.db = await self._connect()
        db = self.db
        try:
            await db.execute("BEGIN IMMEDIATE")
            last: int | None = None
            changed = 0
            for i, (sql, params) in enumerate(write.statements):
                cur = await db.execute(sql, tuple(clean_text(p) for p in params))
                if i == 0 and sql.lstrip().upper().startswith("INSERT"):
                    last = cur.lastrowid if cur.rowcount > 0 else None  # the row the write is about
                if i in write.counted:
                    changed += max(cur.rowcount, 0)
                await cur.close()
            await db.execute("COMMIT")
            write.result = changed
            return last
        except BaseException:
            await self.close()  # rolls back; a fresh connection next time
            raise

    async def run_aside(self, write: Write) -> None:
        raise KodeksError(f"{self.path}: one writer connection (SQLite has no second one to write beside it)")

    def explain(self, exc: BaseException) -> KodeksError | None:
        if isinstance(exc, (sqlite3.Error, OSError, KodeksError)):
            return explain(self.path, exc)
        return None
