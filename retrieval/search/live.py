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
from dataclasses import dataclass, field
from typing import Any

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.building import tidy_unused
from retrieval.index.generations import read_pointer
from retrieval.index.publishing import (
    FetchOutcome,
    ReplicaState,
    database_url,
    fetch_current,
    full_check,
    publication_state,
    record_replica,
)
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
    stage: str = "open"  # where it failed: "open" (the generation would not open) or "fetch" (KODEKS_DATABASE_URL)


@dataclass(frozen=True)
class ServingState:
    """What /stats shows of the index: the generation served here, the one published, one that could not be
    fetched or opened (and why), and what every replica reported (KODEKS_DATABASE_URL)."""

    served: str | None
    published: str | None = None
    failed: str | None = None
    error: str | None = None
    replicas: list[ReplicaState] = field(default_factory=list)
    database_error: str | None = None


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
        self._failed_error: str | None = None
        self._tidy = False  # an old generation was let go: its files may be deleted at the next check
        self._fetched: FetchOutcome | None = None  # the last look at the published generation (KODEKS_DATABASE_URL)

    @classmethod
    def open(cls, settings: Settings) -> LiveRetriever:
        """With KODEKS_DATABASE_URL the published generation is fetched first (a replica starting on an empty
        data dir gets it); one that cannot be fetched leaves the local one served, and said so in `serving()`."""
        outcome = fetch_current(settings, full_check(settings)) if database_url(settings) else None
        try:
            live = cls(settings)
        except KodeksError as exc:
            if outcome is not None and outcome.error:
                raise KodeksError(
                    f"no index to serve: the published generation {outcome.published} could not be fetched "
                    f"({outcome.error}), and {exc}"
                ) from None
            raise
        if outcome is not None:
            if outcome.error:
                log.error(
                    "index: published generation %s cannot be fetched (%s); serving %s from %s",
                    outcome.published or "(unknown)",
                    outcome.error,
                    live.generation,
                    settings.data_dir,
                )
            live._fetched = outcome
            live._record()
        return live

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
            if database_url(self._settings):
                switch = self._follow_publication(force)
                self._record()
                return switch
            return self._switch(force)
        finally:
            self._checking.release()

    def _follow_publication(self, force: bool) -> Switch | None:
        """The published generation fetched into this data dir, then served; a fetch that fails is one Switch
        with the error (once per generation, unless forced), the generation served unchanged."""
        before = self._fetched
        check = full_check(self._settings, self._slot.retriever.embedder)
        outcome = fetch_current(self._settings, check, None if force else before)
        self._fetched = outcome
        switch = self._switch(force)  # this data dir's CURRENT, fetched or (on the publisher) its own newer one
        if not outcome.error or (switch is not None and switch.error is None):
            return switch
        if outcome is before or (before is not None and before.error == outcome.error and not force):
            return switch
        return Switch(self.generation, outcome.published, 0.0, error=outcome.error, stage="fetch")

    def _problem(self) -> tuple[str | None, str | None]:
        """The generation not served though it should be (could not be fetched, or would not open), and why."""
        fetched = self._fetched
        if fetched is not None and fetched.error:
            return fetched.published, fetched.error
        return self._failed, self._failed_error if self._failed else None

    def _record(self) -> None:
        record_replica(self._settings, self.generation, *self._problem())

    def serving(self) -> ServingState:
        """What this replica serves, what is published, and every replica's row (reads the database)."""
        state = publication_state(self._settings) if database_url(self._settings) else None
        failed, error = self._problem()
        return ServingState(
            served=self.generation,
            published=state.published if state else None,
            failed=failed,
            error=error,
            replicas=state.replicas if state else [],
            database_error=state.error if state else None,
        )

    def _switch(self, force: bool) -> Switch | None:
        """Serve the generation index/CURRENT names if it is not the one served (opened beside the old first)."""
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

    def _failure(self, wanted: str | None, error: str, seconds: float, force: bool) -> Switch | None:
        if wanted is not None and wanted == self._failed and not force:
            return None
        self._failed = wanted
        self._failed_error = error.splitlines()[0] if error else "?"
        return Switch(self.generation, wanted, seconds, error=self._failed_error)

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
