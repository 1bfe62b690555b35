"""Who may use the bot, who may administer it, and how fast they may ask.

The allow-list is the whole security model: the bot answers from public laws, but the query log
and the LLM budget are not for strangers. Admins are always allowed.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Protocol


class Roster(Protocol):
    def allows(self, user_id: int) -> bool: ...


class Limiter(Protocol):
    """How fast an officer may ask: `RateLimiter` in memory (one process), `bot.shared_limits.SharedRateLimiter`
    in the database (replicas share one budget per officer)."""

    @property
    def limit(self) -> int: ...

    def check(self, user_id: Hashable) -> Verdict: ...


class Access:
    """Allow-list and admin list of Telegram user ids (from KODEKS_ALLOWED_USERS / KODEKS_ADMINS).

    With a `roster` (the enrolled officers, `bot.enrolment.roster`), the allow-list is the roster — which the
    settings seed — so an officer revoked in the chat or on the command line is refused even if still listed;
    the admins of KODEKS_ADMINS are always let in."""

    def __init__(self, allowed: Iterable[int], admins: Iterable[int], roster: Roster | None = None) -> None:
        self.admins = frozenset(admins)
        self.allowed = frozenset(allowed) | self.admins
        self.roster = roster

    def is_allowed(self, user_id: int) -> bool:
        if self.roster is not None:
            return user_id in self.admins or self.roster.allows(user_id)
        return user_id in self.allowed

    def is_admin(self, user_id: int) -> bool:
        return user_id in self.admins


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    warn: bool = False  # first refusal in this window: tell the officer once, then stay quiet
    retry_in: int = 0  # seconds until the oldest request leaves the window


class RateLimiter:
    """Sliding one-minute window per user; an in-memory deque each (restarts reset).

    Strangers are rate-limited too (their refusals), so ids are many and unbounded: users whose
    window has emptied are pruned whenever the table has doubled since the last pruning, which
    keeps memory proportional to the people seen in the last minute at amortised O(1) a check."""

    PRUNE_FLOOR = 1024

    def __init__(self, per_minute: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = per_minute
        self.window = window
        self._clock = clock
        self._seen: dict[Hashable, deque[float]] = {}  # user ids (or any key: the refusal limiter's)
        self._warned: set[Hashable] = set()
        self._prune_at = self.PRUNE_FLOOR

    def __len__(self) -> int:
        return len(self._seen)

    def prune(self) -> None:
        """Forget everyone with no request inside the window."""
        now = self._clock()
        stale = [uid for uid, seen in self._seen.items() if not seen or now - seen[-1] >= self.window]
        for uid in stale:
            del self._seen[uid]
            self._warned.discard(uid)
        self._prune_at = max(self.PRUNE_FLOOR, 2 * len(self._seen))

    def check(self, user_id: Hashable) -> Verdict:
        """Count one request now, unless the user is already at the limit."""
        now = self._clock()
        if len(self._seen) >= self._prune_at and user_id not in self._seen:
            self.prune()
        seen = self._seen.setdefault(user_id, deque())
        while seen and now - seen[0] >= self.window:
            seen.popleft()
        if len(seen) < self.limit:
            seen.append(now)
            self._warned.discard(user_id)
            return Verdict(True)
        retry_in = max(1, math.ceil(self.window - (now - seen[0])))
        first = user_id not in self._warned
        self._warned.add(user_id)
        return Verdict(False, warn=first, retry_in=retry_in)
