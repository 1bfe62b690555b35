"""Reading the query log: read-only connections usable from any thread, and the SQL of every read.

Reads never use the writer's connection, so a long read (/stats, /export) never holds the writer up or
leaves it in a broken state. The functions here are synchronous: `QueryLog` runs them on a worker
thread, `kodeks stats|export` on its own connection.

The log is a SQLite file (a `Path`) or, with KODEKS_DATABASE_URL, a PostgreSQL `Database`: `open_reader`
opens either, and every function here takes either connection (`ReadConnection`: sqlite3's `execute` with
`?` marks, which `kodeks.postgres` translates). The few reads whose SQL differs ask `is_postgres`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from bot.querylog.diagnosis import explain
from bot.querylog.timestamps import to_ts
from kodeks import postgres
from kodeks.errors import KodeksError
from kodeks.migrations import QUERY_LOG
from kodeks.migrations.postgres import applied_version
from kodeks.sqlite_read import connect_for_reading

if TYPE_CHECKING:
    from kodeks.settings import Settings

BUSY_TIMEOUT_MS = 2000  # how long one write waits for another process's lock before it is kept for later
JSON_COLUMNS = ("retrieved", "citations", "invalid_citations", "expansions", "not_loaded")


@dataclass(frozen=True)
class Database:
    """A query log in PostgreSQL (KODEKS_DATABASE_URL); shown without its password."""

    url: str = field(repr=False)

    def __str__(self) -> str:
        return postgres.where(self.url)


Source = Path | Database  # where a query log is: its SQLite file, or a PostgreSQL database


class ReadConnection(Protocol):
    """What the reads need of a connection: sqlite3's `execute` (a sqlite3 or a `kodeks.postgres` one)."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...

    def close(self) -> None: ...


def open_reader(source: Source) -> ReadConnection:
    """A read connection usable from any thread: query_only on the file (which must exist), or the database."""
    if isinstance(source, Database):
        database = postgres.connect(source.url)
        database.execute("SET default_transaction_read_only = on")  # as query_only on the file: reads never write
        return database
    con = connect_for_reading(source)  # also on a read-only mount (kodeks/sqlite_read.py)
    con.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    return con


def source_for(settings: Settings) -> Source:
    """Where the settings put the log: KODEKS_DATABASE_URL's database, else the data dir's file."""
    if settings.database_url is not None:
        return Database(settings.database_url.get_secret_value())
    return settings.log_path


def exists(source: Source) -> bool:
    """Whether there is a log to read (a reader never creates one; a database is migrated by the bot)."""
    return source.exists() if isinstance(source, Path) else True


def read_errors() -> tuple[type[BaseException], ...]:
    """What a read that failed in the engine raises. psycopg is imported here, not with the module: a bot or a
    command on the SQLite log never loads the PostgreSQL driver (~0.15 s of every start)."""
    import psycopg

    return (sqlite3.Error, psycopg.Error)


def explain_read(source: Source, exc: BaseException) -> KodeksError:
    """One line for a log that cannot be read: the file's diagnosis, or the database's (never its password)."""
    if isinstance(source, Database):
        return exc if isinstance(exc, KodeksError) else postgres.unreachable(source.url, exc)
    return explain(source, exc)


def iter_rows(con: ReadConnection, since: datetime | None, kind: str | None) -> Iterator[dict[str, Any]]:
    """Logged rows since `since` in id order, each with its latest feedback value, streamed from a cursor."""
    since_ts = to_ts(since or datetime(1970, 1, 1, tzinfo=UTC))
    sql = (
        "SELECT q.*, (SELECT value FROM feedback f WHERE f.query_id = q.id ORDER BY f.ts DESC LIMIT 1)"
        " AS feedback FROM queries q WHERE q.ts >= ?"
    )
    args: tuple[Any, ...] = (since_ts,)
    if kind:
        sql, args = sql + " AND q.kind = ?", (since_ts, kind)
    if isinstance(con, postgres.PgConnection):  # a server-side cursor: memory bounded whatever the log's size
        for row in con.stream(sql + " ORDER BY q.id", args):
            yield decode(dict(row))
        return
    cur = con.execute(sql + " ORDER BY q.id", args)
    try:
        while batch := cur.fetchmany(500):
            for row in batch:
                yield decode(dict(row))
    finally:
        cur.close()


def decode(row: dict[str, Any]) -> dict[str, Any]:
    """A stored row with its JSON columns as lists (an empty column as [])."""
    for key in JSON_COLUMNS:
        if key in row:
            row[key] = json.loads(row[key]) if row[key] else []
    return row


def schema_version(con: ReadConnection) -> int:
    if postgres.is_postgres(con):
        return applied_version(con, QUERY_LOG)  # type: ignore[arg-type]
    return int(con.execute("PRAGMA user_version").fetchone()[0])


def row_by_id(con: ReadConnection, row_id: int) -> dict[str, Any] | None:
    row = con.execute("SELECT * FROM queries WHERE id = ?", (row_id,)).fetchone()
    return decode(dict(row)) if row else None


def asked_by(con: ReadConnection, row_id: int, user_hash: str) -> bool:
    """True if the row exists and was asked by this (hashed) user."""
    found = con.execute("SELECT 1 FROM queries WHERE id = ? AND user_hash = ?", (row_id, user_hash)).fetchone()
    return found is not None


def latest_citations(con: ReadConnection, since: datetime, user_hash: str) -> list[dict[str, Any]]:
    """The citations of this user's latest answer or lookup since `since` that cited anything ([] if none)."""
    hint = "" if postgres.is_postgres(con) else " INDEXED BY queries_ts"  # PostgreSQL plans without hints
    row = con.execute(
        f"SELECT citations FROM queries{hint} WHERE ts >= ? AND user_hash = ? "
        "AND citations IS NOT NULL AND citations <> '[]' ORDER BY ts DESC, id DESC LIMIT 1",
        (to_ts(since), user_hash),
    ).fetchone()
    return json.loads(row[0]) if row else []


def cited_ids(con: ReadConnection, row_id: int) -> list[str] | None:
    """The article ids a row cites, in button order; None if the row is gone."""
    row = con.execute("SELECT citations FROM queries WHERE id = ?", (row_id,)).fetchone()
    if row is None:
        return None
    return [c["id"] for c in json.loads(row[0] or "[]")]


def count(con: ReadConnection, kind: str | None) -> int:
    sql = "SELECT COUNT(*) FROM queries"
    args: tuple[str, ...] = ()
    if kind:
        sql, args = sql + " WHERE kind = ?", (kind,)
    return int(con.execute(sql, args).fetchone()[0])


def refusals_since(con: ReadConnection, since: datetime) -> tuple[int, int]:
    """(refused messages, distinct strangers) since `since`."""
    row = con.execute(
        "SELECT COUNT(*), COUNT(DISTINCT user_hash) FROM refusals WHERE ts >= ?", (to_ts(since),)
    ).fetchone()
    return int(row[0]), int(row[1])


def journaled_with(con: ReadConnection, update_id: int, message_id: int | None) -> bool:
    """True if the journal holds this update with this message (Telegram delivering it again)."""
    row = con.execute("SELECT message_id FROM pending WHERE update_id = ?", (update_id,)).fetchone()
    return row is not None and row[0] == message_id


def journal_open(con: ReadConnection) -> list[dict[str, Any]]:
    """Journal entries not done yet, oldest first."""
    rows = con.execute(
        "SELECT update_id, ts, chat_id, message_id, question, state FROM pending "
        "WHERE state != 'done' ORDER BY update_id"
    ).fetchall()
    return [dict(r) for r in rows]
