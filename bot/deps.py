"""What every handler needs, built once per process and reached through `context.bot_data.deps` (bot/state.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.access import Access, Limiter, RateLimiter
from bot.library import LawLibrary
from bot.once import SeenUpdates
from bot.ports import Answering, LawIndex
from bot.querylog import QueryLog
from bot.scheduling import FairScheduler
from kodeks.settings import Settings

if TYPE_CHECKING:
    from bot.state import Context

REFUSAL_SENDS = 4  # refusal replies sent at once: the Bot API connections are for officers' answers
REFUSALS_PER_MINUTE = 1  # refusals (stranger, group chat, edited message) sent per person and per group a minute


@dataclass
class Deps:
    """Everything a handler needs, created once per process."""

    settings: Settings
    pipeline: Answering  # kodeks.answering.Pipeline
    retriever: LawIndex  # retrieval's Retriever (or the LiveRetriever that follows index generations)
    log: QueryLog
    access: Access
    limiter: Limiter  # RateLimiter, or SharedRateLimiter with KODEKS_DATABASE_URL (bot/shared_limits.py)
    refusals: RateLimiter = field(default_factory=lambda: RateLimiter(REFUSALS_PER_MINUTE))  # "no" once a minute
    library: LawLibrary | None = None  # bot.library.LawLibrary: an admin's law upload (None: uploads are not offered)
    pending_refusals: int = 0  # refusals being sent and counted in the background
    refusal_slots: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(REFUSAL_SENDS))
    seen: SeenUpdates = field(default_factory=SeenUpdates)  # update ids handled: a batch served twice is not
    admitted: SeenUpdates = field(default_factory=SeenUpdates)  # update ids the gate let through (bot/gate.py)
    cpu: FairScheduler = field(default_factory=lambda: FairScheduler(2))  # searches and lookups, officers in turn


def deps(context: Context) -> Deps:
    return context.bot_data.deps
