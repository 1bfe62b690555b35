"""The same numbered migrations applied to a PostgreSQL database (KODEKS_DATABASE_URL), recorded in its table.

PostgreSQL has no file header: `schema_migrations` is the whole record, one table for every store the database
holds (its `store` column, e.g. "queries"; primary key (store, number)). Each step runs in one transaction with
its record row, as on SQLite. Several replicas starting at once take a session advisory lock first, so each
step runs once and the others find it recorded; a database recording a step this code does not know (by number
or name) was upgraded by a newer kodeks and is refused, as a file is. There is nothing to adopt: no database
predates the record.
"""

from __future__ import annotations

from pathlib import Path

from kodeks.migrations.dialect import POSTGRESQL
from kodeks.migrations.engine import RECORD_TABLE, Migration, Schema, Status, check_recorded, now_text
from kodeks.postgres import PgConnection, connect, where

RECORD = f"""CREATE TABLE IF NOT EXISTS {RECORD_TABLE} (
    store TEXT NOT NULL,              -- the store's name: queries | officers | rewrites
    number INTEGER NOT NULL,          -- 1, 2, 3 … without gaps (kodeks/migrations)
    name TEXT NOT NULL,               -- the step's name: a database upgraded by another build's step is refused
    applied_at TEXT NOT NULL,         -- UTC 'YYYY-MM-DD HH:MM:SS'
    how TEXT NOT NULL DEFAULT 'ran',  -- 'ran' (no database predates the record: nothing is adopted)
    PRIMARY KEY (store, number)
)"""
LOCK_KEY = 3_400_034  # pg_advisory_lock's key for "kodeks migrations" (any constant the database does not use)


def _has_record(con: PgConnection) -> bool:
    row = con.execute("SELECT to_regclass(?) IS NOT NULL", (RECORD_TABLE,)).fetchone()
    return bool(row and row[0])


def recorded(con: PgConnection, schema: Schema, url: str) -> dict[int, str]:
    """The steps recorded for this store (number → name); refuses a database from a newer kodeks."""
    if not _has_record(con):
        return {}
    rows = con.execute(
        f"SELECT number, name FROM {RECORD_TABLE} WHERE store = ? ORDER BY number", (schema.store,)
    ).fetchall()
    found = {int(r[0]): str(r[1]) for r in rows}
    check_recorded(found, schema, where(url))
    return found


def status(con: PgConnection, schema: Schema, url: str) -> Status:
    """Where the store stands in the database (reads only)."""
    applied = recorded(con, schema, url)
    pending = tuple(m for m in schema.migrations if m.number not in applied)
    return Status(Path(where(url)), schema, True, tuple(sorted(applied)), pending, _has_record(con))


def database_status(url: str, schema: Schema) -> Status:
    con = connect(url)
    try:
        return status(con, schema, url)
    finally:
        con.close()


def upgrade(con: PgConnection, schema: Schema, url: str) -> list[Migration]:
    """Apply the store's pending steps, each with its record row in one transaction; returns those this call ran.

    `con` is in autocommit mode; the advisory lock makes concurrent callers wait for each other."""
    con.execute("SELECT pg_advisory_lock(?)", (LOCK_KEY,))
    try:
        con.execute(RECORD)
        applied = recorded(con, schema, url)
        ran = []
        for m in schema.migrations:
            if m.number in applied:
                continue
            with con.raw.transaction():
                con.raw.execute(POSTGRESQL.text(m))
                con.execute(
                    f"INSERT INTO {RECORD_TABLE} (store, number, name, applied_at, how) VALUES (?, ?, ?, ?, 'ran')",
                    (schema.store, m.number, m.name, now_text()),
                )
            ran.append(m)
        return ran
    finally:
        con.execute("SELECT pg_advisory_unlock(?)", (LOCK_KEY,))


def upgrade_database(url: str, schema: Schema) -> list[Migration]:
    """`upgrade` on its own short connection (what a store runs when it opens the database)."""
    con = connect(url)
    try:
        return upgrade(con, schema, url)
    finally:
        con.close()


def applied_version(con: PgConnection, schema: Schema) -> int:
    """The highest n with steps 1..n recorded (what SQLite's user_version says for a file)."""
    if not _has_record(con):
        return 0
    numbers = {int(r[0]) for r in con.execute(f"SELECT number FROM {RECORD_TABLE} WHERE store = ?", (schema.store,))}
    n = 0
    while n + 1 in numbers:
        n += 1
    return n
