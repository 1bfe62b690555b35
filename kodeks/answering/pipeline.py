"""The whole path for one question: search (in a thread — it is synchronous), then answer.

Used by `kodeks ask`, the bot and the generation evaluation, so all three behave the same.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar

from kodeks.answering.answerer import Answerer
from kodeks.answering.models import Answer
from kodeks.settings import Settings
from retrieval.types import SearchResult


T = TypeVar("T")


class CpuRunner(Protocol):
    """Runs a synchronous call (the search) off the event loop and returns its result: `asyncio.to_thread`
    by default; the bot passes its fair scheduler's (bot/scheduling.py), so officers' searches take turns."""

    def __call__(self, fn: Callable[[], T], /) -> Awaitable[T]: ...


async def in_thread(fn: Callable[[], T]) -> T:
    return await asyncio.to_thread(fn)


@dataclass
class PipelineResult:
    question: str
    search: SearchResult
    answer: Answer
    timings_ms: dict[str, float] = field(default_factory=dict)  # retrieval, llm, total

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "level": self.search.level,
            "answer": self.answer.to_dict(),
            "search": self.search.to_dict(),
            "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
        }


class Pipeline:
    """Retriever + Answerer. The retriever is opened on first use (loading the index takes a while)."""

    def __init__(self, settings: Settings, retriever: Any = None, answerer: Answerer | None = None) -> None:
        self.settings = settings
        self._retriever = retriever
        self._lock = asyncio.Lock()
        self.answerer = answerer or Answerer(settings)
        self._rewriter: Any = None
        if retriever is not None:
            self._attach_rewriter(retriever)

    def _attach_rewriter(self, retriever: Any) -> None:
        """With ANTHROPIC_API_KEY (and KODEKS_REWRITE on), Claude rewrites questions before search."""
        if getattr(retriever, "rewriter", "absent") is None:  # a Retriever without one yet
            from kodeks.answering.rewrite import attach_rewriter

            self._rewriter = attach_rewriter(retriever, self.settings)

    async def retriever(self) -> Any:
        """The Retriever, opened once even when several questions arrive together."""
        if self._retriever is None:
            async with self._lock:
                if self._retriever is None:
                    from retrieval.search.retriever import Retriever

                    self._retriever = await asyncio.to_thread(Retriever.open, self.settings)
                    self._attach_rewriter(self._retriever)
        return self._retriever

    async def ask(self, question: str, law: str | None = None,
                  jurisdiction: str | Collection[str] | None = None, run: CpuRunner = in_thread) -> PipelineResult:
        """Search, then answer. Retrieval errors (no index) propagate as KodeksError; answering never raises.

        `jurisdiction` is passed to `Retriever.search`: a code, or an officer's scope
        (`retrieval.jurisdictions.scope_of("RS")`). `run` runs the (synchronous) search off the event loop."""
        retriever = await self.retriever()  # opening the index once is not this question's latency
        start = t0 = time.perf_counter()
        search = await run(partial(retriever.search, question, law=law, jurisdiction=jurisdiction))
        retrieval_ms = (time.perf_counter() - t0) * 1000.0
        answer = await self.answerer.answer(question, search)
        total_ms = (time.perf_counter() - start) * 1000.0
        return PipelineResult(
            question=question,
            search=search,
            answer=answer,
            timings_ms={"retrieval": retrieval_ms, "llm": answer.llm_ms, "total": total_ms},
        )

    async def aclose(self) -> None:
        await self.answerer.aclose()
        if self._rewriter is not None:
            if self._retriever is not None and getattr(self._retriever, "rewriter", None) is self._rewriter:
                self._retriever.rewriter = None  # the retriever may outlive this pipeline
            self._rewriter.close()
            self._rewriter = None

    async def __aenter__(self) -> "Pipeline":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
