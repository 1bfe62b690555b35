"""Each officer's conversation thread (issue 24): kept per chat AND user, for KODEKS_THREAD_MINUTES, until /novo.

A follow-up ("a koja je kazna?") is understood from the thread by the pipeline
(kodeks/answering/conversation.py); this module only keeps the threads: in memory (a thread is minutes
long; after a restart the next question simply starts a new one), keyed by (chat id, user id) so that
nothing of one officer's conversation can ever reach another's, expired when read, and bounded in
number (expired ones are dropped whenever a thread is stored, and past MAX_THREADS the least recently used).
`/novo` forgets the officer's thread at once. With KODEKS_DATABASE_URL the threads are the database's instead
(`bot.shared_threads`), so replicas share them.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from telegram import Update

from bot import texts
from bot.gate import chat_id_of, sender_id
from bot.replies import chat_of, say
from bot.state import AppState, Context
from kodeks.answering.conversation import Exchange, Thread
from kodeks.settings import Settings
from retrieval.types import Article

MAX_THREADS = 20_000  # officers' threads held at once (each a few KB at most)

Key = tuple[int, int]


class Threads(Protocol):
    """Where officers' threads are kept: `ThreadStore` in memory, or with KODEKS_DATABASE_URL
    `bot.shared_threads.SharedThreadStore` (a follow-up answered by another replica keeps its thread)."""

    @property
    def enabled(self) -> bool: ...

    def get(self, chat_id: int, user_id: int) -> Thread | None: ...

    def put(self, chat_id: int, user_id: int, thread: Thread) -> None: ...

    def clear(self, chat_id: int, user_id: int) -> bool: ...


def thread_store(settings: Settings, hasher: Callable[[int], str]) -> Threads:
    """In this process's memory, or in the database every replica shares."""
    if settings.database_url is None:
        return ThreadStore(settings.thread_minutes)
    from bot.shared_threads import SharedThreadStore

    return SharedThreadStore.open(settings.database_url.get_secret_value(), hasher, settings.thread_minutes)


class ThreadStore:
    """(chat id, user id) → that officer's live thread. Only the event loop touches it: no locks needed."""

    def __init__(
        self, minutes: int, max_threads: int = MAX_THREADS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.seconds = minutes * 60
        self.max_threads = max_threads
        self._clock = clock
        self._threads: collections.OrderedDict[Key, tuple[float, Thread]] = collections.OrderedDict()

    @property
    def enabled(self) -> bool:
        return self.seconds > 0

    def get(self, chat_id: int, user_id: int) -> Thread | None:
        """The officer's thread if its last exchange is recent enough; an expired one is forgotten here."""
        key = (chat_id, user_id)
        found = self._threads.get(key)
        if found is None:
            return None
        touched, thread = found
        if not self.enabled or self._clock() - touched > self.seconds:
            del self._threads[key]
            return None
        return thread

    def put(self, chat_id: int, user_id: int, thread: Thread) -> None:
        if not self.enabled:
            return
        key = (chat_id, user_id)
        now = self._clock()
        self._threads[key] = (now, thread)
        self._threads.move_to_end(key)
        # Oldest first: expired threads go as soon as anyone asks, so memory holds only the last minutes' officers.
        while self._threads and (
            len(self._threads) > self.max_threads or now - next(iter(self._threads.values()))[0] > self.seconds
        ):
            self._threads.popitem(last=False)

    def clear(self, chat_id: int, user_id: int) -> bool:
        """Forget the officer's thread; True if there was a live one."""
        live = self.get(chat_id, user_id) is not None
        self._threads.pop((chat_id, user_id), None)
        return live

    def __len__(self) -> int:
        return len(self._threads)


def remember_lookup(
    state: AppState, chat_id: int, user_id: int, text: str, articles: Sequence[Article], row_id: int | None
) -> None:
    """An article shown by reference ("član 208 KZ RS", /clan) starts a thread, so "a koja je kazna za
    pokušaj?" right after it is read with that article's reference."""
    store = state.threads
    if store is None or not articles:
        return
    exchange = Exchange(
        question=text,
        standalone=text,
        articles=tuple(a.id for a in articles),
        labels=tuple(a.label for a in articles),
        row_id=row_id,
    )
    store.put(chat_id, user_id, Thread().after(exchange))


def in_thread(update: Update, context: Context) -> bool:
    """True while the officer's thread is live (their next question may follow up on it)."""
    store = context.bot_data.threads
    return store is not None and store.get(chat_id_of(update), sender_id(update)) is not None


async def cmd_novo(update: Update, context: Context) -> None:
    """`/novo`: the next question starts a new conversation (nothing of the earlier ones carries over)."""
    store = context.bot_data.threads
    if store is not None:
        store.clear(chat_id_of(update), sender_id(update))
    await say(
        context.bot, chat_of(update), texts.NEW_THREAD if store is not None and store.enabled else texts.THREADS_OFF
    )
