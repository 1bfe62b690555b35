"""The running bot follows the index: a new generation is served within KODEKS_INDEX_POLL_SECONDS of
becoming current (at once on SIGHUP), without a restart.

One job: wake up every interval (or when woken), ask the `LiveRetriever` (retrieval/search/live.py) to
check `index/CURRENT` in a worker thread (opening a generation takes seconds), and log one line per
switch — or per generation that would not open, while the bot keeps serving the one it has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Protocol, TypeGuard

log = logging.getLogger(__name__)


class Switch(Protocol):
    """What one check did (retrieval/search/live.py `Switch`): the generations, and why a new one would not open."""

    old: str | None
    new: str | None
    error: str | None
    stage: str  # "open" | "fetch"
    laws: int
    articles: int
    seconds: float


class FollowsGenerations(Protocol):
    """A retriever that can switch to a new index generation (`LiveRetriever.check`)."""

    def check(self, force: bool = False) -> Switch | None: ...


class ReplicaRow(Protocol):
    """One replica's last report (retrieval/index/publishing.py `ReplicaState`)."""

    @property
    def replica(self) -> str: ...
    @property
    def served(self) -> str | None: ...
    @property
    def failed(self) -> str | None: ...
    @property
    def error(self) -> str | None: ...
    @property
    def checked_at(self) -> str: ...


class Serving(Protocol):
    """What /stats shows of the index (retrieval/search/live.py `ServingState`)."""

    @property
    def served(self) -> str | None: ...
    @property
    def published(self) -> str | None: ...
    @property
    def failed(self) -> str | None: ...
    @property
    def error(self) -> str | None: ...
    @property
    def replicas(self) -> Sequence[ReplicaRow]: ...
    @property
    def database_error(self) -> str | None: ...


class ReportsServing(Protocol):
    """A retriever that says which generation it serves and what could not be fetched (`LiveRetriever.serving`)."""

    def serving(self) -> Serving: ...


def reports_serving(retriever: object) -> TypeGuard[ReportsServing]:
    return callable(getattr(type(retriever), "serving", None))


def follows_generations(retriever: object) -> TypeGuard[FollowsGenerations]:
    """Whether this retriever can switch generations (a plain Retriever in tests cannot)."""
    return callable(getattr(type(retriever), "check", None))


async def watch_index(retriever: FollowsGenerations, interval: float, wake: asyncio.Event, stop: asyncio.Event) -> None:
    """Until `stop`: check every `interval` seconds, or at once when `wake` is set (SIGHUP)."""
    while not stop.is_set():
        waiting = {asyncio.ensure_future(wake.wait()), asyncio.ensure_future(stop.wait())}
        try:
            await asyncio.wait(waiting, timeout=interval, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in waiting:
                task.cancel()
        if stop.is_set():
            return
        forced = wake.is_set()
        wake.clear()
        try:
            switch = await asyncio.to_thread(retriever.check, forced)
        except Exception as exc:
            log.warning("index: checking for a new generation failed (%s)", type(exc).__name__)
            continue
        if switch is None:
            continue
        if switch.error and switch.stage == "fetch":
            log.error(
                "index: published generation %s cannot be fetched (%s); still serving %s",
                switch.new,
                switch.error,
                switch.old,
            )
        elif switch.error:
            log.error(
                "index: generation %s is current but cannot be opened (%s); still serving %s",
                switch.new,
                switch.error,
                switch.old,
            )
        else:
            log.info(
                "index: now serving generation %s (%d laws, %d articles in force; opened in %.1f s; was %s)",
                switch.new,
                switch.laws,
                switch.articles,
                switch.seconds,
                switch.old,
            )


@contextlib.asynccontextmanager
async def watching(retriever: object, interval: float, wake: asyncio.Event | None = None) -> AsyncIterator[None]:
    """Run `watch_index` for the duration of the block (a no-op for a retriever that cannot switch)."""
    if not follows_generations(retriever):
        yield
        return
    stop = asyncio.Event()
    task = asyncio.create_task(watch_index(retriever, interval, wake or asyncio.Event(), stop), name="index-watch")
    try:
        yield
    finally:
        stop.set()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
