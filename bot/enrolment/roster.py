"""Who the gate lets in: the enrolled officers' hashes, in memory, re-read when the roster changes.

The gate decides from the update alone and from one cheap change signal, re-reading the (small) table only
when it moved, so a revoked officer is refused from the next update on, without a restart:

    officers.sqlite3   one `os.stat` of the file and its WAL (no I/O beyond it) tells whether anyone — this
                       bot's /ukloni, `kodeks officers remove` in another process — changed it. A file changed
                       within the last `SETTLE` seconds is re-read on every check, since two writes in one
                       clock tick leave the same modification time.
    PostgreSQL         the `roster_version` row, bumped in the same transaction as every enrolment change
                       (`EnrolmentStore._tx`) and read with one indexed query per check: another replica's
                       approval or removal is seen on the very next check, exactly. Why not LISTEN/NOTIFY: a
                       notification arrives when the connection is next read, so the next check could still
                       admit a removed officer, and one missed while reconnecting is lost; the counter is
                       read at the moment of the check and cannot be missed.

Fails closed: if the roster cannot be read, nobody but the admins of KODEKS_ADMINS is admitted until it can.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("bot.enrolment")

SETTLE = 2.0  # seconds


class Roster:
    """`changes`: the SQLite file to watch, or a function returning the database's roster version."""

    def __init__(
        self,
        changes: Path | Callable[[], int],
        load: Callable[[], frozenset[str]],
        hasher: Callable[[int], str],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(changes) if isinstance(changes, Path) else None
        self._version = None if isinstance(changes, Path) else changes
        self._load = load
        self._hash = hasher
        self._clock = clock
        self._stamp: tuple[int, ...] | None = None
        self._loaded_at = 0.0
        self._allowed: frozenset[str] = frozenset()
        self.failures = 0

    def _current_stamp(self) -> tuple[int, ...]:
        if self._version is not None:
            return (self._version(),)
        stamp: list[int] = []
        for suffix in ("", "-wal"):
            try:
                st = os.stat(f"{self.path}{suffix}")
                stamp += [st.st_mtime_ns, st.st_size, st.st_ino]
            except FileNotFoundError:
                stamp += [0, 0, 0]
        return tuple(stamp)

    def refresh(self, force: bool = False) -> None:
        """Re-read the table if the file changed (or `force`). On any failure: nobody is enrolled (fail closed)."""
        try:
            stamp = self._current_stamp()
            settled = self._version is not None or self._loaded_at - max(stamp[0], stamp[3]) / 1e9 > SETTLE
            if not force and stamp == self._stamp and settled:
                return
            self._loaded_at = self._clock()
            self._allowed = self._load()
            self._stamp = stamp
        except Exception as exc:
            self.failures += 1
            self._allowed, self._stamp = frozenset(), None
            if self.failures == 1 or self.failures % 1000 == 0:
                log.error(
                    "cannot read the enrolled officers (%s: %s); only KODEKS_ADMINS are let in", type(exc).__name__, exc
                )

    def allows(self, user_id: int) -> bool:
        self.refresh()
        return self._hash(user_id) in self._allowed

    def __len__(self) -> int:
        return len(self._allowed)
