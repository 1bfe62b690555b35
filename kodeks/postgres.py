"""PostgreSQL connections (KODEKS_DATABASE_URL) that take the SQL the SQLite code writes: `?` and `:name` marks.

The stores' reads and writes are written once, in SQL both engines run, with sqlite3's parameter marks; psycopg
wants `%s` and `%(name)s`. `to_pyformat` translates them (outside string literals, identifiers and comments) and
doubles a literal `%`. `Row` behaves as `sqlite3.Row` does for our code (by index, by column name, `dict(row)`),
so a reader function runs unchanged on either connection. `PgConnection` wraps a psycopg connection with the
`execute(sql, params)` of sqlite3; `is_postgres` tells a reader which engine it has where the SQL must differ.

Why psycopg 3 (not asyncpg): one API synchronous and asynchronous. The bot writes from asyncio with
`AsyncConnection`; `/stats`, `/export` and `kodeks stats|export|migrate` read on a worker thread or in the CLI
with a plain `Connection`, exactly as the SQLite code uses sqlite3 and aiosqlite. The [binary] extra ships libpq.

May import: the standard library, psycopg, `kodeks.errors`. The URL's password is never logged: `where`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from kodeks.errors import KodeksError

if TYPE_CHECKING:  # psycopg itself is imported by the functions that connect: SQLite users never load it
    import psycopg

CONNECT_TIMEOUT_S = 5
APPLICATION_NAME = "kodeks"  # what pg_stat_activity shows for our connections
_cursors = itertools.count(1)  # names of server-side cursors (unique within a connection)


def where(url: str) -> str:
    """The URL without its password (for log lines and error messages)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, "", ""))


@functools.lru_cache(maxsize=1024)
def to_pyformat(sql: str) -> str:
    """`?` → `%s`, `:name` → `%(name)s`, `%` → `%%`, outside '…' literals, "…" identifiers and -- comments.
    Remembered: the same few statements run for every question, and this walks the text a character at a time."""
    out: list[str] = []
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c in "'\"":
            end = i + 1
            while end < n:
                if sql[end] == c:
                    if end + 1 < n and sql[end + 1] == c:  # '' inside a literal
                        end += 2
                        continue
                    break
                end += 1
            out.append(sql[i : end + 1].replace("%", "%%"))
            i = end + 1
        elif c == "-" and sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end].replace("%", "%%"))
            i = end
        elif c == "?":
            out.append("%s")
            i += 1
        elif c == "%":
            out.append("%%")
            i += 1
        elif c == ":" and i + 1 < n and (sql[i + 1].isalpha() or sql[i + 1] == "_") and (i == 0 or sql[i - 1] != ":"):
            end = i + 1
            while end < n and (sql[end].isalnum() or sql[end] == "_"):
                end += 1
            out.append(f"%({sql[i + 1 : end]})s")
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Row(tuple[Any, ...]):
    """A result row read by index, by column name, or as `dict(row)` — what sqlite3.Row gives our readers."""

    _names: tuple[str, ...]

    def keys(self) -> list[str]:
        return list(self._names)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names.index(key))
        return tuple.__getitem__(self, key)


def row_factory(cursor: Any) -> Callable[[Sequence[Any]], Row]:
    """psycopg's row factory for `Row`."""
    names = tuple(c.name for c in cursor.description) if cursor.description else ()

    def make(values: Sequence[Any]) -> Row:
        row = Row(values)
        row._names = names
        return row

    return make


class PgConnection:
    """A psycopg connection with sqlite3's `execute(sql, params)`: the readers' SQL runs on it unchanged."""

    def __init__(self, con: psycopg.Connection[Any]) -> None:
        self.raw = con

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> psycopg.Cursor[Any]:
        if params:
            return self.raw.execute(to_pyformat(sql), params)
        return self.raw.execute(sql)

    def stream(self, sql: str, params: Sequence[Any] = (), *, batch: int = 500) -> Iterator[Row]:
        """Rows from a server-side cursor, `batch` at a time: a read of the whole log (an export) holds one batch
        in memory, not the table (a plain cursor fetches every row at once). WITH HOLD: usable in autocommit."""
        cur = self.raw.cursor(name=f"kodeks_{next(_cursors)}", withhold=True)
        try:
            cur.execute(to_pyformat(sql), params)
            while rows := cur.fetchmany(batch):
                yield from rows
        finally:
            cur.close()

    def close(self) -> None:
        self.raw.close()


def is_postgres(con: object) -> bool:
    """Whether a reader was handed a PostgreSQL connection (the few reads whose SQL differs)."""
    return isinstance(con, PgConnection)


# What every connection of ours is opened with, sync or async: rows as mappings, a bounded wait, and a name
# that says in pg_stat_activity which program holds it.
_CONNECTION_OPTIONS: dict[str, Any] = {
    "row_factory": row_factory,
    "connect_timeout": CONNECT_TIMEOUT_S,
    "application_name": APPLICATION_NAME,
}


def connect(url: str, *, autocommit: bool = True) -> PgConnection:
    """A synchronous connection (readers, migrations, the CLI); a connection failure is one `KodeksError`."""
    import psycopg

    try:
        con = psycopg.connect(url, autocommit=autocommit, **_CONNECTION_OPTIONS)
    except psycopg.Error as exc:
        raise unreachable(url, exc) from exc
    return PgConnection(con)


async def connect_async(url: str) -> psycopg.AsyncConnection[Any]:
    """An asynchronous connection in autocommit mode (the bot's writer opens its transactions itself)."""
    import psycopg

    try:
        return await psycopg.AsyncConnection.connect(url, autocommit=True, **_CONNECTION_OPTIONS)
    except psycopg.Error as exc:
        raise unreachable(url, exc) from exc


def unreachable(url: str, exc: BaseException) -> KodeksError:
    """One line naming the database (never its password) and what to check."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return KodeksError(
        f"database {where(url)} cannot be used ({first}): check KODEKS_DATABASE_URL, that the server is up "
        "and that this user may connect"
    )
