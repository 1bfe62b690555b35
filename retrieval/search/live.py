"""The Retriever of the current index generation, for a process that runs for months (the bot).

`LiveRetriever` stands where a Retriever stands (the bot and the answering pipeline call its public
methods) and forwards each call to the Retriever of the generation that was current when the call
began. `check()` — the bot calls it every KODEKS_INDEX_POLL_SECONDS and on SIGHUP (bot/index_watch.py)
— reads `index/CURRENT`; when it names a newer generation, it opens that one beside the old (a
generation that fails to open is logged and not served: the old one stays), then swaps. Calls
already running finish on the old Retriever; the old one is closed — its files and its lease given
back — when the last of them returns, and nothing else refers to it, so memory returns to one
generation's worth; the next check deletes its files unless an ingest is running (which cleans up
itself) or another process still reads them.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.building import tidy_unused
from retrieval.index.generations import read_pointer
from retrieval.search.retriever import Retriever
from retrieval.search.rewriting import QueryRewriter

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Switch:
    """One change of generation (or a failed attempt: `error` set, still serving `old`)."""

    old: str | None
    new: str | None
    seconds: float  # to open the new generation
    laws: int = 0
    articles: int = 0  # in force
    error: str | None = None


class _Slot:
    """A Retriever with the number of calls running on it, closed once retired and idle."""

    def __init__(self, retriever: Retriever) -> None:
        self.retriever = retriever
        self.calls = 0
        self.retired = False


class LiveRetriever:
    """A Retriever that follows the current generation (see the module's docstring). Thread-safe."""

    def __init__(
        self,
        settings: Settings,
        retriever: Retriever | None = None,
        opener: Callable[[Settings], Retriever] = Retriever.open,
    ) -> None:
        self._settings = settings
        self._opener = opener
        self._lock = threading.Lock()
        self._checking = threading.Lock()
        self._slot = _Slot(retriever if retriever is not None else opener(settings))
        self._rewriter: QueryRewriter | None = self._slot.retriever.rewriter
        self._failed: str | None = None  # a generation that would not open (logged once)
        self._tidy = False  # an old generation was let go: its files may be deleted at the next check

    @classmethod
    def open(cls, settings: Settings) -> LiveRetriever:
        return cls(settings)

    # --- what is served -------------------------------------------------------------------------

    @property
    def current(self) -> Retriever:
        return self._slot.retriever

    @property
    def generation(self) -> str | None:
        return self._slot.retriever.generation

    @property
    def rewriter(self) -> QueryRewriter | None:
        return self._rewriter

    @rewriter.setter
    def rewriter(self, value: QueryRewriter | None) -> None:
        """The pipeline's query rewriter, given to every generation's Retriever."""
        with self._lock:
            self._rewriter = value
            self._slot.retriever.rewriter = value

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self._slot.retriever, name)
        if not callable(value):
            return value

        def call(*args: Any, **kwargs: Any) -> Any:
            slot = self._enter()
            try:
                return getattr(slot.retriever, name)(*args, **kwargs)
            finally:
                self._leave(slot)

        call.__name__ = name
        call.__doc__ = getattr(value, "__doc__", None)
        return call

    def _enter(self) -> _Slot:
        with self._lock:
            slot = self._slot
            slot.calls += 1
            return slot

    def _leave(self, slot: _Slot) -> None:
        with self._lock:
            slot.calls -= 1
            idle = slot.retired and slot.calls == 0
        if idle:
            self._close(slot)

    # --- switching ------------------------------------------------------------------------------

    def check(self, force: bool = False) -> Switch | None:
        """Open and serve the current generation if it is not the one served; None when nothing changed
        (or another check is running). `force` (SIGHUP) retries a generation that failed to open."""
        if not self._checking.acquire(blocking=False):
            return None
        try:
            if self._tidy:
                self._tidy = False
                tidy_unused(self._settings)
            try:
                wanted = read_pointer(self._settings)
            except KodeksError as exc:
                return self._failure(None, str(exc), 0.0, force)
            served = self.generation
            if wanted is None or wanted == served or (wanted == self._failed and not force):
                return None
            started = time.perf_counter()
            try:
                fresh = self._opener(self._settings)
            except Exception as exc:
                return self._failure(wanted, str(exc) or type(exc).__name__, time.perf_counter() - started, force)
            seconds = time.perf_counter() - started
            summaries = fresh.law_summaries()
            with self._lock:
                fresh.rewriter = self._rewriter
                old, self._slot = self._slot, _Slot(fresh)
                old.retired = True
                idle = old.calls == 0
            self._failed = None
            if idle:
                self._close(old)
            return Switch(served, fresh.generation, seconds, len(summaries), sum(s.articles for s in summaries))
        finally:
            self._checking.release()

    def _failure(self, wanted: str | None, error: str, seconds: float, force: bool) -> Switch | None:
        if wanted is not None and wanted == self._failed and not force:
            return None
        self._failed = wanted
        return Switch(self.generation, wanted, seconds, error=error.splitlines()[0] if error else "?")

    def _close(self, slot: _Slot) -> None:
        slot.retriever.rewriter = None
        try:
            slot.retriever.close()
        except Exception as exc:
            log.warning("closing index generation %s: %s", slot.retriever.generation, type(exc).__name__)
        slot.retriever = None  # type: ignore[assignment]  # a closed slot is never served again; nothing here keeps it alive
        self._tidy = True

    def close(self) -> None:
        """Close the generation served (at shutdown)."""
        with self._lock:
            slot = self._slot
            slot.retired = True
            idle = slot.calls == 0
        if idle and slot.retriever is not None:
            self._close(slot)
