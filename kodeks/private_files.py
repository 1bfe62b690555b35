"""Files that hold officers' data: created 0600 (folders 0700) from the first byte, and a warning if wider.

What is private: the query log and its answer journal (`queries.sqlite3`), the officers table
(`officers.sqlite3`), the rewrite cache (`rewrites.sqlite3`: officers' questions, folded), the salt
(`user_hash.salt`), every export (`kodeks export --out`, `/export`'s temporary parts) and the data dir
that holds them. Each is created with its mode given to `os.open`/`os.mkdir`, so there is no moment in
which it is wider (a umask can only narrow a mode, never widen it); SQLite gives a database's -wal, -shm
and -journal files the mode of the database file, so creating the database file first is enough.

Why not a process-wide `umask(0o077)`: `kodeks ingest` may be run by an admin other than the bot's user,
and the index (public laws) must stay readable to the bot; explicit modes touch only what is private.

An existing file keeps its mode (an operator may have chosen a group on purpose); `warn_if_wider` logs
one line naming the file and the `chmod` that narrows it, and the bot calls it for each file at start.

May import nothing of ours: every package (bot, answering, the CLI, retrieval's ingest) may use it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

log = logging.getLogger("kodeks.files")

FILE_MODE = 0o600
DIR_MODE = 0o700

# The files in a data dir that hold officers' data (with SQLite's -wal / -shm companions): what the bot checks
# at start-up. A new private file is created with `create_private` / `open_private` and named here.
PRIVATE_NAMES = ("queries.sqlite3", "officers.sqlite3", "rewrites.sqlite3", "user_hash.salt")
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


def private_dir(path: Path | str) -> Path:
    """Make the folder (and missing parents) 0700; an existing folder keeps its mode."""
    path = Path(path)
    if not path.is_dir():
        if not path.parent.is_dir():
            private_dir(path.parent)
        with contextlib.suppress(FileExistsError):  # another process made it first
            os.mkdir(path, DIR_MODE)
    return path


def create_private(path: Path | str) -> bool:
    """Create an empty file 0600 (its folder 0700 if missing) unless it exists; True if it was created.

    Call it before handing the path to SQLite or anything else that would create it with the umask."""
    path = Path(path)
    private_dir(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return False
    os.close(fd)
    return True


def open_private(path: Path | str, mode: str = "w", **kwargs: Any) -> IO[Any]:
    """`open()` for writing a private file (use it in a `with`): created or truncated 0600. An existing file
    that is wider is narrowed to 0600 first — it is about to receive officers' data, whatever it held."""
    if mode[:1] not in ("w", "a", "x"):
        raise ValueError("open_private is for writing ('w', 'wb', 'a', 'x' …)")
    flags = os.O_WRONLY | os.O_CREAT | {"w": os.O_TRUNC, "a": os.O_APPEND, "x": os.O_EXCL}[mode[0]]
    fd = os.open(Path(path), flags, FILE_MODE)
    try:
        if stat.S_IMODE(os.fstat(fd).st_mode) & ~FILE_MODE:
            os.fchmod(fd, FILE_MODE)
        return os.fdopen(fd, mode, **kwargs)
    except BaseException:
        os.close(fd)
        raise


def wider_than_private(path: Path | str) -> int | None:
    """The mode of `path` if group or others may read, write or enter it; None if private or absent."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return None
    return mode if mode & 0o077 else None


def in_data_dir(data_dir: Path | str) -> list[Path]:
    """The data dir itself and every private file in it (those that exist or not: absent ones are skipped
    by `warn_if_wider`)."""
    data_dir = Path(data_dir)
    files = [data_dir / name for name in PRIVATE_NAMES]
    files += [f.with_name(f.name + suffix) for f in files if f.suffix == ".sqlite3" for suffix in SQLITE_COMPANIONS]
    return [data_dir, *files]


def warn_if_wider(paths: Iterable[Path | str]) -> list[str]:
    """One warning line per existing file or folder that others can reach, with the chmod that fixes it.

    Returns the lines (tests and `kodeks` commands may show them too)."""
    lines = []
    for path in paths:
        mode = wider_than_private(path)
        if mode is None:
            continue
        wanted = DIR_MODE if Path(path).is_dir() else FILE_MODE
        line = f"{path} holds officers' data but is mode {mode:04o} (others can read it): run chmod {wanted:o} {path}"
        log.warning("%s", line)
        lines.append(line)
    return lines
