"""Leases: a process that opened a generation holds a shared `flock` on it, so cleanup never deletes it.

Every reader (the bot, `kodeks search`, an ingest reading the current generation) takes a shared lock
on the generation's `generation.json` for as long as it uses that generation; cleanup takes a
non-blocking exclusive lock and skips whatever is in use. The kernel drops a dead process's locks, so
a killed bot never pins a generation. The file is opened read-only: leases work on a read-only data
dir too, and taking one writes nothing.

`fcntl.flock` directly, not `filelock`: filelock offers only exclusive locks on a file, and a lease
must be shared by any number of readers (filelock is used for the one-writer lock, writer_lock.py).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from pathlib import Path


class Lease:
    """A shared lock on one file, held until `release()` (or until the process ends)."""

    def __init__(self, fd: int, path: Path) -> None:
        self.path = path
        self._fd: int | None = fd
        self._lock = threading.Lock()

    def release(self) -> None:
        with self._lock:
            fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the descriptor drops the flock

    def __del__(self) -> None:  # a Retriever dropped without release(): the lease goes with it
        with contextlib.suppress(Exception):
            self.release()


def take_lease(path: Path) -> Lease | None:
    """A shared lock on `path`; None when the file is gone or was moved away meanwhile (cleanup renames
    a generation while it holds the exclusive lock, so a lease on the file still at `path` is safe)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)  # waits only while a cleanup decides about this generation
        opened, now = os.fstat(fd), os.stat(path)
    except FileNotFoundError:
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    if (opened.st_dev, opened.st_ino) != (now.st_dev, now.st_ino):
        os.close(fd)
        return None
    return Lease(fd, path)


def try_exclusive(path: Path) -> int | None:
    """An exclusive lock on `path` if nobody holds a lease on it (the descriptor, to close when done);
    None while it is in use. A missing file is not in use: returns -1."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return -1
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd
