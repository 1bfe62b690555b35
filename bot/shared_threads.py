"""Officers' threads shared by replicas (KODEKS_DATABASE_URL): a follow-up answered by another replica keeps its
thread.

One process keeps the threads in memory (`bot.threads.ThreadStore`); behind a round-robin load balancer the
follow-up "a koja je kazna?" would often reach a replica that never saw the first question. Here each thread is
one row of `threads`: keyed by the hashes of the chat id and the user id (one officer's own thread, as in memory;
never an id), the thread as JSON, and when it was last touched by the database's clock (no machine's clock
decides what expired). Expired rows are not returned and are deleted once a minute; `/novo` deletes the row.

A thread is a convenience: if the database cannot be reached, the question is answered as a new one and the
thread is not kept (said once in the log) — the answer itself is never held up or lost for it. Synchronous, one
indexed round trip per call, like the in-memory store the event loop calls.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, fields
from typing import Any

from kodeks.answering.conversation import Exchange, Thread
from kodeks.migrations import SHARED
from kodeks.statedb import PostgresDb

log = logging.getLogger("bot.threads")

PRUNE_EVERY = 60.0  # seconds between deletions of expired threads (by this replica)
_NOW = "extract(epoch FROM clock_timestamp())::double precision"


def thread_json(thread: Thread) -> str:
    return json.dumps(asdict(thread), ensure_ascii=False)


def thread_from_json(text: str) -> Thread:
    """The stored thread; fields another build added are ignored, missing ones take their defaults."""
    data: dict[str, Any] = json.loads(text)
    known = {f.name for f in fields(Exchange)}
    exchanges = []
    for e in data.get("exchanges", ()):
        # JSON has no tuples: every list read back is one of Exchange's tuple fields (articles, labels, titles …).
        kept: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in e.items() if k in known}
        exchanges.append(Exchange(**kept))
    return Thread(
        id=str(data["id"]), exchanges=tuple(exchanges), turns=int(data.get("turns", 0)), topic=data.get("topic", "")
    )


class SharedThreadStore:
    """(chat id, user id) → that officer's live thread, in the database every replica reads."""

    def __init__(
        self, db: PostgresDb, hasher: Callable[[int], str], minutes: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.db = db
        self.seconds = minutes * 60
        self._hash = hasher
        self._clock = clock
        self._pruned = clock()
        self._down = False

    @classmethod
    def open(cls, url: str, hasher: Callable[[int], str], minutes: int) -> SharedThreadStore:
        return cls(PostgresDb(url, SHARED), hasher, minutes)

    @property
    def enabled(self) -> bool:
        return self.seconds > 0

    def _key(self, chat_id: int, user_id: int) -> str:
        return f"{self._hash(chat_id)}:{self._hash(user_id)}"

    def _failed(self, exc: BaseException) -> None:
        if not self._down:
            log.error("threads: the database cannot be used (%s); questions are answered as new", type(exc).__name__)
            self._down = True

    def get(self, chat_id: int, user_id: int) -> Thread | None:
        """The officer's thread if its last exchange is recent enough."""
        if not self.enabled:
            return None
        try:
            rows = self.db.fetch(
                f"SELECT thread FROM threads WHERE key = ? AND touched > {_NOW} - ?",
                (self._key(chat_id, user_id), self.seconds),
            )
        except Exception as exc:
            self._failed(exc)
            return None
        self._down = False
        return thread_from_json(rows[0][0]) if rows else None

    def put(self, chat_id: int, user_id: int, thread: Thread) -> None:
        if not self.enabled:
            return
        try:
            with self.db.reading() as con:  # autocommit: the upsert is its own transaction
                con.execute(
                    f"INSERT INTO threads (key, touched, thread) VALUES (?, {_NOW}, ?) ON CONFLICT (key) DO UPDATE "
                    "SET touched = excluded.touched, thread = excluded.thread",
                    (self._key(chat_id, user_id), thread_json(thread)),
                )
                if self._clock() - self._pruned >= PRUNE_EVERY:
                    con.execute(f"DELETE FROM threads WHERE touched < {_NOW} - ?", (self.seconds,))
                    self._pruned = self._clock()
        except Exception as exc:
            self._failed(exc)
            return
        self._down = False

    def clear(self, chat_id: int, user_id: int) -> bool:
        """Forget the officer's thread; True if there was a live one."""
        try:
            with self.db.reading() as con:
                row = con.execute(
                    f"DELETE FROM threads WHERE key = ? RETURNING touched > {_NOW} - ?",
                    (self._key(chat_id, user_id), self.seconds),
                ).fetchone()
        except Exception as exc:
            self._failed(exc)
            return False
        return bool(row and row[0])

    def __len__(self) -> int:
        """Live threads of every replica."""
        try:
            with self.db.reading() as con:
                row = con.execute(
                    f"SELECT COUNT(*) FROM threads WHERE touched > {_NOW} - ?", (self.seconds,)
                ).fetchone()
        except Exception as exc:
            self._failed(exc)
            return 0
        return int(row[0]) if row else 0
