"""The whole path for one question: personal data masked, understood in its conversation, searched (in a
worker thread — it is synchronous), then answered.

Used by `kodeks ask`, the bot and the generation evaluation, so all three behave the same. Search and
Claude see only the masked question (`kodeks.privacy`; KODEKS_MASK_PERSONAL_DATA): search runs on it
because what search sees is what the query log stores (`normalized`, expansions) and what Claude's
rewrite sends — and names, JMBGs or plates match nothing in a law anyway. A question asked in a
conversation (`thread`, kept by the bot, masked as it was asked) is first turned into a stand-alone
question when it follows up on the earlier ones (kodeks/answering/conversation.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from kodeks.answering.answerer import Answerer
from kodeks.answering.conversation import (
    ArticleGraph,
    Thread,
    Understood,
    exchange_of,
    understand,
    with_evidence,
)
from kodeks.answering.models import Answer
from kodeks.privacy import Masked, mask
from kodeks.settings import Settings
from retrieval.jurisdictions import scope_of
from retrieval.types import SearchResult, ThreadContext

if TYPE_CHECKING:
    from kodeks.answering.rewrite import ClaudeRewriter
    from retrieval.search.rewriting import FollowUpRewriter, QueryRewriter

T = TypeVar("T")


class CpuRunner(Protocol):
    """Runs a synchronous call (the search) off the event loop and returns its result: `asyncio.to_thread`
    by default; the bot passes its fair scheduler's (bot/scheduling.py), so officers' searches take turns."""

    def __call__(self, fn: Callable[[], T], /) -> Awaitable[T]: ...


class Searcher(Protocol):
    """What the pipeline asks of a retriever: `retrieval.search.retriever.Retriever`, or the bot's
    `LiveRetriever` (which passes each call on to the index generation it serves)."""

    rewriter: QueryRewriter | None  # Claude's query rewriter, given by `kodeks.answering.rewrite.attach_rewriter`

    def search(
        self,
        query: str,
        *,
        law: str | None = None,
        jurisdiction: str | Collection[str] | None = None,
        context: ThreadContext | None = None,
    ) -> SearchResult: ...


async def in_thread(fn: Callable[[], T]) -> T:
    return await asyncio.to_thread(fn)


@dataclass
class PipelineResult:
    question: str
    search: SearchResult
    answer: Answer
    timings_ms: dict[str, float] = field(default_factory=dict)  # retrieval, llm, total
    masked: Masked | None = None  # the question's placeholders and their originals (never stored)
    understood: Understood | None = None  # in a conversation: the stand-alone question searched

    @property
    def standalone(self) -> str:
        """What was searched: the question itself, or a follow-up's stand-alone form."""
        return self.understood.standalone if self.understood is not None else self.question

    def next_thread(self, row_id: int | None = None) -> Thread:
        """The conversation after this answer: its thread continued, or a new one this question starts."""
        understood = self.understood or Understood(self.question, self.question)
        return understood.next_thread(exchange_of(understood, self.answer, row_id, weak=self.search.weak))

    def to_dict(self) -> dict[str, Any]:
        data = {
            "question": self.question,
            "level": self.search.level,
            "answer": self.answer.to_dict(),
            "search": self.search.to_dict(),
            "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
        }
        if self.understood is not None and self.understood.follow_up:
            data["understood"] = self.understood.to_dict()
        return data


def asked_jurisdiction(officer: str | Collection[str] | None, named: str | None) -> str | Collection[str] | None:
    """The scope to search: the officer's, or — when the message (or its thread) asks for another
    jurisdiction's law by name — that jurisdiction's (its code and the levels above), for this answer only:
    the officer's own scope is what the bot passes again next time. Without an officer's scope (jurisdictions
    not in use) a name changes nothing: every law is searched anyway."""
    if named is None or officer is None:
        return officer
    own = getattr(officer, "officer", officer if isinstance(officer, str) else None)
    if own == named:
        return officer
    return scope_of(named)


def with_named(understood: Understood, officer: str | Collection[str] | None) -> Understood:
    """`understood` with the jurisdiction it asks for (the message's or its thread's) in its search context when that is
    another jurisdiction than the officer's own (`asked_jurisdiction` changes the scope): the named jurisdiction's own
    laws are then preferred to the levels above in that scope (`ThreadContext.named`) — an officer asking "a u RS?"
    wants the RS code. Unchanged for a name that is the officer's own ("u Brčkom …" told by a Brčko officer is the
    story's place, and the state's laws of the scope stay as they are) or without a follow-up's context."""
    named, context = understood.jurisdiction, understood.context
    if named is None or context is None or asked_jurisdiction(officer, named) is officer:
        return understood
    return replace(understood, context=replace(context, named=named))


class Pipeline:
    """Retriever + Answerer. The retriever is opened on first use (loading the index takes a while)."""

    def __init__(self, settings: Settings, retriever: Searcher | None = None, answerer: Answerer | None = None) -> None:
        self.settings = settings
        self._retriever = retriever
        self._lock = asyncio.Lock()
        self.answerer = answerer or Answerer(settings)
        self._rewriter: ClaudeRewriter | None = None
        if retriever is not None:
            self._attach_rewriter(retriever)

    def _attach_rewriter(self, retriever: Searcher) -> None:
        """With ANTHROPIC_API_KEY (and KODEKS_REWRITE on), Claude rewrites questions before search."""
        if getattr(retriever, "rewriter", "absent") is None:  # a Retriever without one yet
            from kodeks.answering.rewrite import attach_rewriter

            self._rewriter = attach_rewriter(retriever, self.settings)

    async def retriever(self) -> Searcher:
        """The Retriever, opened once even when several questions arrive together."""
        if self._retriever is None:
            async with self._lock:
                if self._retriever is None:
                    from retrieval.search.retriever import Retriever

                    self._retriever = await asyncio.to_thread(Retriever.open, self.settings)
                    self._attach_rewriter(self._retriever)
        return self._retriever

    def mask(self, text: str) -> Masked:
        """Personal data replaced by placeholders, unless KODEKS_MASK_PERSONAL_DATA is off."""
        return mask(text) if self.settings.mask_personal_data else Masked(text)

    async def ask(
        self,
        question: str,
        law: str | None = None,
        jurisdiction: str | Collection[str] | None = None,
        masked: Masked | None = None,
        thread: Thread | None = None,
        run: CpuRunner = in_thread,
    ) -> PipelineResult:
        """Mask, understand, search, then answer. Retrieval errors (no index) propagate as KodeksError;
        answering never raises.

        `jurisdiction` is passed to `Retriever.search`: a code, or an officer's scope
        (`retrieval.jurisdictions.scope_of("RS")`). `masked`: the question already masked by the caller (the
        bot masks once, before journaling); otherwise it is masked here. The result's `question` is the masked
        text. `thread` is the officer's conversation so far (the bot's, masked): a follow-up is searched as its
        stand-alone question, and answered with the previous exchanges in view. `run` runs the (synchronous)
        search off the event loop (the bot passes its fair scheduler's, bot/scheduling.py)."""
        retriever = await self.retriever()  # opening the index once is not this question's latency
        start = t0 = time.perf_counter()
        masked = masked if masked is not None else self.mask(question)
        question = masked.text
        if thread is not None and thread.last is not None:  # rules (cheap) or Claude (waits on the network)
            understood = await asyncio.to_thread(understand, question, thread, self._follow_up_rewriter())
        else:
            understood = understand(question, None)  # no thread: only whether it names a jurisdiction
        understood = with_named(understood, jurisdiction)
        jurisdiction = asked_jurisdiction(jurisdiction, understood.jurisdiction)
        if understood.follow_up and isinstance(retriever, ArticleGraph):  # the previous answer's articles, carried
            understood = await run(partial(with_evidence, understood, retriever))
        understand_ms = (time.perf_counter() - t0) * 1000.0
        t0 = time.perf_counter()
        search = await run(
            partial(retriever.search, understood.query, law=law, jurisdiction=jurisdiction, context=understood.context)
        )
        retrieval_ms = (time.perf_counter() - t0) * 1000.0
        answer = await self.answerer.answer(
            question,
            search,
            thread=thread if understood.follow_up else None,
            standalone=understood.standalone if understood.by == "claude" else None,
        )
        total_ms = (time.perf_counter() - start) * 1000.0
        timings = {"retrieval": retrieval_ms, "llm": answer.llm_ms, "total": total_ms}
        if understood.follow_up:
            timings["understand"] = understand_ms
        return PipelineResult(
            question=question, search=search, answer=answer, timings_ms=timings, masked=masked, understood=understood
        )

    def _follow_up_rewriter(self) -> FollowUpRewriter | None:
        """Claude's follow-up rewrite when the query rewriter is on (a key and KODEKS_REWRITE), else None (rules)."""
        return self._rewriter if hasattr(self._rewriter, "stand_alone") else None

    async def aclose(self) -> None:
        await self.answerer.aclose()
        if self._rewriter is not None:
            if self._retriever is not None and getattr(self._retriever, "rewriter", None) is self._rewriter:
                self._retriever.rewriter = None  # the retriever may outlive this pipeline
            self._rewriter.close()
            self._rewriter = None

    async def __aenter__(self) -> Pipeline:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
