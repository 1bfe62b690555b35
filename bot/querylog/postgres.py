"""The query log in PostgreSQL (KODEKS_DATABASE_URL): what several bot replicas write and read together.

The same `Write`s as on SQLite, run by psycopg's AsyncConnection in one transaction each (a write of one
statement as that statement alone: in autocommit it is its own transaction); what differs is in
the statements themselves (`writes.question_write(postgres=True)`, whose journal mark is a fence: a `Write.fence`
statement that changes no row rolls the whole write back) and here: parameter marks translated
(`kodeks.postgres.to_pyformat`), the inserted row's id read with RETURNING, NUL characters (which SQLite
stores and PostgreSQL's text refuses) replaced like lone surrogates. Migrations run at open under the
migration lock (`kodeks.migrations.postgres`), so replicas starting together apply each step once.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import psycopg

from bot.querylog.readers import Database, Source
from bot.querylog.writes import Write, clean_text
from kodeks.errors import KodeksError
from kodeks.migrations import QUERY_LOG
from kodeks.migrations.postgres import upgrade_database
from kodeks.postgres import connect_async, to_pyformat, unreachable


def _clean(value: Any) -> Any:
    value = clean_text(value)
    return value.replace("\x00", "\ufffd") if isinstance(value, str) else value


class PostgresStorage:
    """The log's tables in a PostgreSQL database; one writer connection per process, reads on their own."""

    postgres = True
    errors: tuple[type[BaseException], ...] = (psycopg.Error, KodeksError)

    def __init__(self, url: str) -> None:
        self.database = Database(url)
        self.source: Source = self.database
        self.db: psycopg.AsyncConnection[Any] | None = None
        self.aside: psycopg.AsyncConnection[Any] | None = None  # `run_aside`'s own connection
        self._aside_lock = asyncio.Lock()

    @property
    def where(self) -> str:
        return str(self.database)

    async def prepare(self, *, check: bool) -> None:
        await asyncio.to_thread(upgrade_database, self.database.url, QUERY_LOG)
        self.db = await connect_async(self.database.url)
        if check:
            await self.db.execute("SELECT 1 FROM pending LIMIT 1")  # the tables are there and this user may read

    async def close(self) -> None:
        db, self.db = self.db, None
        if db is not None:
            with contextlib.suppress(Exception):
                await db.close()
        await self._close_aside()

    async def _close_aside(self) -> None:
        aside, self.aside = self.aside, None
        if aside is not None:
            with contextlib.suppress(Exception):
                await aside.close()

    async def run_aside(self, write: Write) -> None:
        """`write` on a connection of its own, not queued behind the writer's: the journal's 'done' mark right
        after a reply was sent (bot/replicas.py: a replica killed before it is written leaves the entry 'sending',
        so the shorter that gap, the fewer officers are told to ask again for an answer they have)."""
        async with self._aside_lock:
            if self.aside is None:
                self.aside = await connect_async(self.database.url)
            try:
                if len(write.statements) == 1:  # one statement is its own transaction (autocommit)
                    sql, params = write.statements[0]
                    await self.aside.execute(to_pyformat(sql), tuple(_clean(p) for p in params))
                else:
                    async with self.aside.transaction():
                        for sql, params in write.statements:
                            await self.aside.execute(to_pyformat(sql), tuple(_clean(p) for p in params))
            except BaseException:
                await self._close_aside()
                raise

    async def run(self, write: Write) -> int | None:
        if self.db is None:
            self.db = await connect_async(self.database.url)
        db = self.db
        try:
            last: int | None = None
            changed = 0
            # One statement is its own transaction (the connection is in autocommit): no BEGIN and COMMIT around
            # it, two round trips fewer for the journal's entry and most other writes.
            block = db.transaction() if len(write.statements) > 1 else contextlib.nullcontext()
            async with block:
                for i, (sql, params) in enumerate(write.statements):
                    returning = i == 0 and write.returns_id
                    text = to_pyformat(sql) + (" RETURNING id" if returning else "")
                    cur = await db.execute(text, tuple(_clean(p) for p in params))
                    if returning:
                        row = await cur.fetchone()
                        last = int(row[0]) if row else None
                    elif i == 0 and write.returns_rows:
                        write.rows = [dict(r) for r in await cur.fetchall()]
                    if i in write.counted:
                        changed += max(cur.rowcount, 0)
                    if i == write.fence and cur.rowcount < 1:
                        write.refused = True
                        if len(write.statements) > 1:
                            raise psycopg.Rollback()  # the whole write undone; the block ends without an error
            if write.refused:
                write.result = 0
                return None
            write.result = changed
            return last
        except BaseException:
            await self.close()  # rolled back; a fresh connection next time
            raise

    def explain(self, exc: BaseException) -> KodeksError | None:
        if isinstance(exc, KodeksError):
            return exc
        if isinstance(exc, (psycopg.Error, OSError)):
            return unreachable(self.database.url, exc)
        return None
