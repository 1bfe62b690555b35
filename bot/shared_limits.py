"""The officers' rate limit shared by replicas (KODEKS_DATABASE_URL): one budget per officer, whichever replica.

One process keeps a sliding minute per officer in memory (`bot.access.RateLimiter`); replicas behind a round-robin
load balancer would each grant the whole budget. Here the count is one row per officer (`rate_limits`, keyed by the
salted hash of the id, never the id) in a fixed window of the server's clock, taken and read in one statement
(`INSERT … ON CONFLICT DO UPDATE … RETURNING`): two replicas counting at once are serialised by the row itself.
A fixed window lets an officer ask up to twice the limit across a window's edge; that is the price of one
statement per question and no clock of any machine but the database's.

If the database cannot be reached, each replica limits on its own (the in-memory limiter) until it can, and says
so once: a limit still applies, and a database blip does not silence officers. Rows whose window passed are deleted
once a window. Synchronous, one indexed round trip: the gate calls it from the event loop as it does the in-memory
one. Keys that are not user ids are limited in memory (the refusals' limiter is not shared).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Hashable

from bot.access import RateLimiter, Verdict
from kodeks.migrations import SHARED
from kodeks.statedb import PostgresDb

log = logging.getLogger("bot.access")

TAKE = """
INSERT INTO rate_limits AS r (key, window_start, hits)
VALUES (:key, floor(extract(epoch FROM clock_timestamp()) / :window)::bigint * :window, 1)
ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_start = excluded.window_start THEN r.hits + 1 ELSE 1 END,
    window_start = excluded.window_start
RETURNING hits, window_start, extract(epoch FROM clock_timestamp())::double precision
"""
PRUNE = "DELETE FROM rate_limits WHERE window_start < floor(extract(epoch FROM clock_timestamp()))::bigint - :window"


class SharedRateLimiter:
    """`per_minute` questions per officer and `window` seconds, counted in the database for every replica."""

    def __init__(
        self,
        db: PostgresDb,
        hasher: Callable[[int], str],
        per_minute: int,
        window: int = 60,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db = db
        self.limit = per_minute
        self.window = int(window)
        self._hash = hasher
        self._clock = clock
        self.local = RateLimiter(per_minute, float(window), clock)  # other keys, and while the database is away
        self._pruned = clock()
        self._down = False

    @classmethod
    def open(cls, url: str, hasher: Callable[[int], str], per_minute: int) -> SharedRateLimiter:
        return cls(PostgresDb(url, SHARED), hasher, per_minute)

    def check(self, user_id: Hashable) -> Verdict:
        """Count one request now; refused past the limit (the first refusal of a window warns)."""
        if not isinstance(user_id, int):
            return self.local.check(user_id)
        try:
            with self.db.reading() as con:  # autocommit: each statement its own transaction, the row its lock
                if self._clock() - self._pruned >= self.window:
                    con.execute(PRUNE, {"window": self.window})
                    self._pruned = self._clock()
                row = con.execute(TAKE, {"key": self._hash(user_id), "window": self.window}).fetchone()
            assert row is not None  # RETURNING of an upsert: always one row
            hits, start, now = row
        except Exception as exc:  # the database is away: limit here, per replica, until it is back
            if not self._down:
                log.error(
                    "rate limits: the database cannot be used (%s); each replica limits on its own", type(exc).__name__
                )
                self._down = True
            return self.local.check(user_id)
        if self._down:
            log.info("rate limits: counted in the database again")
            self._down = False
        if hits <= self.limit:
            return Verdict(True)
        return Verdict(False, warn=hits == self.limit + 1, retry_in=max(1, math.ceil(int(start) + self.window - now)))
