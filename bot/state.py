"""The bot's application state: one typed object as python-telegram-bot's `bot_data`, and the handlers' context type.

PTB builds `bot_data` from `ContextTypes(bot_data=AppState)` (`CONTEXT_TYPES`, given to the application
builder), so every handler reaches the shared objects as typed attributes (`context.bot_data.deps`,
`.officers`, …) instead of string keys, and mypy checks each use. `bot.app.build_application` fills it
in once, before any update is handled; the in-memory maps (pending uploads, each officer's last article)
start empty and live as long as the process.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

if TYPE_CHECKING:
    from bot.deps import Deps
    from bot.enrolment.handlers import Enrolment
    from bot.law_upload import Pending
    from bot.officers import Officers
    from bot.threads import Threads
    from bot.transcription import Transcriber
    from bot.webhook import Acknowledgements


@dataclass
class AppState:
    """Everything the handlers share, created empty by PTB and filled by `bot.app.build_application`."""

    deps: Deps = field(init=False)  # the pipeline, retriever, log, access, limits (bot/deps.py)
    enrolment: Enrolment | None = None  # officers.sqlite3: invites and access requests (bot/enrolment)
    officers: Officers | None = None  # each officer's jurisdiction (bot/officers.py)
    threads: Threads | None = None  # each officer's conversation thread (bot/threads.py)
    transcriber: Transcriber | None = None  # None: voice messages are not enabled (bot/voice.py)
    uploads: dict[str, Pending] = field(default_factory=dict)  # law files waiting for an admin's answer
    upload_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one law upload indexed at a time
    last_article: dict[int, str] = field(default_factory=dict)  # user id → the article "isto u RS?" means
    polling: asyncio.Task[object] | None = None  # the long-polling task `bot.app.serve` watches (None: a webhook)
    acks: Acknowledgements | None = None  # webhook requests waiting for their update to be journaled (bot/webhook.py)


# The context every handler gets: PTB's CallbackContext with `bot_data` an AppState (user and chat data unused).
Context: TypeAlias = CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], AppState]

CONTEXT_TYPES = ContextTypes(bot_data=AppState)

# The application `bot.app.build_application` makes (its job queue is not used).
BotApplication: TypeAlias = Application[ExtBot[None], Context, dict[Any, Any], dict[Any, Any], AppState, Any]
