"""What every handler needs, built once per process and reached through `context.bot_data["kodeks"]`."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from telegram.ext import ContextTypes

from bot.access import Access, RateLimiter
from bot.querylog import QueryLog

BOT_DATA_KEY = "kodeks"
REFUSAL_SENDS = 4  # refusal replies sent at once: the Bot API connections are for officers' answers


@dataclass
class Deps:
    """Everything a handler needs, created once per process."""

    settings: Any
    pipeline: Any  # kodeks.answering.Pipeline
    retriever: Any  # retrieval.search.retriever.Retriever (public methods only)
    log: QueryLog
    access: Access
    limiter: RateLimiter
    library: Any = None  # bot.library.LawLibrary: an admin's law upload (None: uploads are not offered)
    pending_refusals: int = 0  # refusals being sent and counted in the background
    refusal_slots: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(REFUSAL_SENDS))


def deps(context: ContextTypes.DEFAULT_TYPE) -> Deps:
    return context.bot_data[BOT_DATA_KEY]
