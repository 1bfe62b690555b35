"""Numbered migrations for one SQLite file: what is applied is recorded in the file, what is pending runs at open.

Each file of the data dir has an ordered tuple of `Migration`s (number, name, SQL). A file records what it had:

    PRAGMA user_version   the highest number n such that migrations 1..n are all applied
    schema_migrations     one row per applied migration: number, name, when, and how ('ran' | 'adopted')

Why both: `user_version` sits in the file header, so every open checks it without reading a table, a tool
(`sqlite3 file 'PRAGMA user_version'`) shows it, and a kodeks from before this record refuses a query log whose
number it does not know instead of writing into it. The table keeps what a number cannot: each step's name, so a
file upgraded by another build whose step 6 is a different step is refused rather than trusted, and when it was
applied; and it is the record another engine (PostgreSQL has no user_version) will keep the same way.

A migration runs in one transaction together with its record row, so a crash leaves it either applied and
recorded or not at all; two processes opening the file at once apply each step once (the second one's record
row collides and it rolls back). A file recording a migration this code does not know (or a user_version above
its last) was upgraded by a newer kodeks: it is refused with one `KodeksError` naming the file and the remedy.

Files made before migrations were recorded are adopted: a file whose `user_version` counted its steps (the query
log) has 1..user_version; any other step counts as applied when its `present` check finds its tables or columns
there. Adoption writes only the record rows ('adopted'); the steps that are not found then run as usual.

Each step is plain statements (no Python), so the same numbered list runs on PostgreSQL too: a step whose
SQLite text PostgreSQL cannot run carries PostgreSQL's in `postgres` (`kodeks.migrations.dialect` picks the
text; `kodeks.migrations.postgres` applies and records them there). Never edit a landed migration: add the
next number.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from kodeks.errors import KodeksError
from kodeks.sqlite_read import connect_for_reading

RECORD_TABLE = "schema_migrations"
RECORD = f"""CREATE TABLE IF NOT EXISTS {RECORD_TABLE} (
    number INTEGER PRIMARY KEY,       -- 1, 2, 3 … without gaps (kodeks/migrations)
    name TEXT NOT NULL,               -- the step's name: a file upgraded by another build's step is refused
    applied_at TEXT NOT NULL,         -- UTC 'YYYY-MM-DD HH:MM:SS'
    how TEXT NOT NULL DEFAULT 'ran'   -- 'ran' | 'adopted' (found in place in a file made before this record)
);"""


@dataclass(frozen=True)
class Migration:
    """One step of a file's schema. `present` (only for files made before the record): is its result there?"""

    number: int
    name: str
    sql: str
    present: Callable[[sqlite3.Connection], bool] | None = None
    postgres: str | None = None  # PostgreSQL's text of the step where it must differ (None: `sql` runs on both)


@dataclass(frozen=True)
class Schema:
    """A data dir file's migrations. `counted` — its user_version counted its steps before the record existed."""

    file: str
    what: str
    migrations: tuple[Migration, ...]
    counted: bool = False

    @property
    def version(self) -> int:
        return len(self.migrations)

    @property
    def store(self) -> str:
        """The file's name without its suffix: what a database holding every store records its steps under."""
        return Path(self.file).stem

    def check_numbering(self) -> None:
        """1, 2, 3 … with names unique (a registry with a gap or a repeated number is a programming error)."""
        numbers = [m.number for m in self.migrations]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"{self.file}: migrations numbered {numbers}, not 1..{len(numbers)}")
        if len({m.name for m in self.migrations}) != len(numbers):
            raise ValueError(f"{self.file}: two migrations share a name")


@dataclass(frozen=True)
class Status:
    """Where one file stands: `applied` (recorded, or recognised in a file from before the record) and `pending`."""

    path: Path
    schema: Schema
    exists: bool
    applied: tuple[int, ...]
    pending: tuple[Migration, ...]
    recorded: bool  # the file has its schema_migrations table (False: new, or made before the record)


# --- reading where a file stands ------------------------------------------------------------------


def tables(con: sqlite3.Connection) -> set[str]:
    rows = con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    return {r[0] for r in rows}


def has_tables(*names: str) -> Callable[[sqlite3.Connection], bool]:
    """A `present` check: every one of these tables is in the file."""
    return lambda con: set(names) <= tables(con)


def has_column(table: str, column: str) -> Callable[[sqlite3.Connection], bool]:
    """A `present` check: the table has this column (a step that added it)."""
    return lambda con: column in {r[1] for r in con.execute(f"PRAGMA table_info({table})")}


def _user_version(con: sqlite3.Connection) -> int:
    return int(con.execute("PRAGMA user_version").fetchone()[0])


def newer(path: Path | str, schema: Schema, detail: str) -> KodeksError:
    return KodeksError(
        f"{path}: {schema.what} was upgraded by a newer kodeks ({detail}; this one knows migrations "
        f"1-{schema.version}); run that newer kodeks, or restore the file from a backup made before the upgrade"
    )


def _applied(con: sqlite3.Connection, schema: Schema, path: Path | str) -> tuple[set[int], bool]:
    """The numbers applied and whether they are recorded; refuses a file from a newer kodeks."""
    version = _user_version(con)
    if version > schema.version:
        raise newer(path, schema, f"user_version {version}")
    if RECORD_TABLE not in tables(con):
        return _recognised(con, schema, version), False
    recorded = dict(con.execute(f"SELECT number, name FROM {RECORD_TABLE} ORDER BY number").fetchall())
    check_recorded(recorded, schema, path)
    return set(recorded), True


def check_recorded(recorded: dict[int, str], schema: Schema, where: Path | str) -> None:
    """Refuse a record holding a step this code does not know (by number, or by name under a known number)."""
    for number, name in recorded.items():
        if not 1 <= number <= schema.version:
            raise newer(where, schema, f"migration {number} {name!r}")
        if schema.migrations[number - 1].name != name:
            known = schema.migrations[number - 1].name
            raise newer(where, schema, f"migration {number} is {name!r}, here it is {known!r}")


def _recognised(con: sqlite3.Connection, schema: Schema, version: int) -> set[int]:
    """What a file made before the record already has (nothing for a new, empty file)."""
    if not tables(con):
        return set()
    found = set(range(1, version + 1)) if schema.counted else set()
    for m in schema.migrations:
        if m.number not in found and m.present is not None and m.present(con):
            found.add(m.number)
    return found


def contiguous(applied: set[int]) -> int:
    n = 0
    while n + 1 in applied:
        n += 1
    return n


def status(con: sqlite3.Connection, schema: Schema, path: Path | str) -> Status:
    """Where the file behind `con` stands (reads only)."""
    applied, recorded = _applied(con, schema, path)
    pending = tuple(m for m in schema.migrations if m.number not in applied)
    return Status(Path(path), schema, True, tuple(sorted(applied)), pending, recorded)


def file_status(path: Path, schema: Schema, *, timeout: float = 5.0) -> Status:
    """Where a data dir file stands, read without writing (a read-only mount too); an absent file has all pending."""
    if not path.exists():
        return Status(path, schema, False, (), schema.migrations, False)
    con = connect_for_reading(path, timeout=timeout)
    try:
        return status(con, schema, path)
    finally:
        con.close()


# --- applying -------------------------------------------------------------------------------------


def now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _adopt(con: sqlite3.Connection, schema: Schema, path: Path | str) -> None:
    """Record what a file made before the record has, in one transaction (re-checked under the write lock)."""
    con.execute("BEGIN IMMEDIATE")
    try:
        applied, recorded = _applied(con, schema, path)
        if not recorded and applied:
            con.execute(RECORD)
            con.executemany(
                f"INSERT INTO {RECORD_TABLE} (number, name, applied_at, how) VALUES (?, ?, ?, 'adopted')",
                [(n, schema.migrations[n - 1].name, now_text()) for n in sorted(applied)],
            )
            con.execute(f"PRAGMA user_version = {contiguous(applied):d}")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def _run(con: sqlite3.Connection, migration: Migration, version_after: int) -> bool:
    """One step and its record in one transaction; False if another process applied it first."""
    script = (
        f"BEGIN IMMEDIATE;\n{RECORD}\n"
        f"INSERT INTO {RECORD_TABLE} (number, name, applied_at, how) "
        f"VALUES ({migration.number:d}, {_quote(migration.name)}, {_quote(now_text())}, 'ran');\n"
        f"{migration.sql}\n;\nPRAGMA user_version = {version_after:d};\nCOMMIT;"
    )
    try:
        con.executescript(script)
    except sqlite3.IntegrityError:
        if con.in_transaction:
            con.execute("ROLLBACK")
        already = con.execute(f"SELECT 1 FROM {RECORD_TABLE} WHERE number = ?", (migration.number,)).fetchone()
        if already:
            return False
        raise
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise
    return True


def upgrade(con: sqlite3.Connection, schema: Schema, path: Path | str) -> list[Migration]:
    """Apply the file's pending migrations, each in its own transaction; returns those this call ran.

    `con` must be in autocommit mode (`isolation_level=None`). Refuses a file from a newer kodeks."""
    applied, recorded = _applied(con, schema, path)
    if not recorded and applied:
        _adopt(con, schema, path)
        applied, recorded = _applied(con, schema, path)
    ran = []
    for m in schema.migrations:
        if m.number in applied:
            continue
        if _run(con, m, contiguous(applied | {m.number})):
            ran.append(m)
        applied, _ = _applied(con, schema, path)
    return ran


def upgrade_file(path: Path, schema: Schema, *, timeout: float = 5.0) -> list[Migration]:
    """`upgrade` on its own short connection (the caller has created the file 0600 if it holds officers' data).

    `timeout`: how long to wait for another process's write lock (seconds)."""
    con = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        return upgrade(con, schema, path)
    finally:
        con.close()
