"""A read connection to one of the data dir's SQLite files that also works on a read-only mount.

The query log and officers.sqlite3 are WAL databases: even a reader needs their `-shm` file, which SQLite
must create when the last writer closed cleanly — impossible on a read-only file system (a backup mounted
read-only, a data dir the admin may only read). There, nothing can be writing, so the file is opened
`immutable` (no locks, no -shm): what `kodeks stats`, `export` and `officers list` need.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote


def writable_folder(path: Path) -> bool:
    """Whether the file's folder can be written (False on a read-only mount, for root too: EROFS)."""
    return os.access(path.parent, os.W_OK)


def connect_for_reading(path: Path, *, timeout: float = 5.0) -> sqlite3.Connection:
    """A query-only connection, usable from any thread; the file must exist."""
    path = Path(path)
    if writable_folder(path):
        con = sqlite3.connect(path, timeout=timeout, check_same_thread=False, isolation_level=None)
    else:
        uri = f"file:{quote(str(path.resolve()))}?immutable=1"
        con = sqlite3.connect(uri, uri=True, timeout=timeout, check_same_thread=False, isolation_level=None)
    con.row_factory = sqlite3.Row
    con.execute("PRAGMA query_only=ON")
    return con
