"""The answering pipeline and the law index as the bot sees them: `Protocol`s, so bot/ knows no search internals.

`bot.deps.Deps` holds one of each, given at start-up (`bot.app.build_application`): in production
`kodeks.answering.Pipeline` and `retrieval.search.live.LiveRetriever`, in tests a Pipeline over the sample
index and a plain `Retriever`. Only the calls the bot makes are listed, with the types of `retrieval.types`
and `kodeks.answering` (which bot/ may import: pyproject's import contracts); the shapes of a comparison
(`Parallels`) are described here rather than imported from the search code that makes them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from kodeks.answering import PipelineResult
    from kodeks.answering.conversation import Thread
    from kodeks.answering.pipeline import CpuRunner
    from kodeks.privacy import Masked
    from retrieval.types import Article, LawSummary, ReferenceLookup, SearchResult


class Answering(Protocol):
    """The answering pipeline (`kodeks.answering.Pipeline`): mask a question, answer it."""

    def mask(self, text: str) -> Masked: ...

    async def ask(
        self,
        question: str,
        *,
        jurisdiction: str | Collection[str] | None = ...,
        masked: Masked | None = ...,
        thread: Thread | None = ...,
        run: CpuRunner = ...,
    ) -> PipelineResult: ...


class ParallelEntry(Protocol):
    """What one jurisdiction has for a compared article (`match`: title, meaning, applies, not_loaded, none)."""

    @property
    def jurisdiction(self) -> str: ...

    @property
    def article(self) -> Article | None: ...

    @property
    def match(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def penalty(self) -> str: ...


class Parallels(Protocol):
    """An article and the same offence in the other codes (`/uporedi`, "isto u RS?")."""

    @property
    def source(self) -> ParallelEntry: ...

    @property
    def others(self) -> Sequence[ParallelEntry]: ...


class LawIndex(Protocol):
    """The retriever's public calls the bot makes (each synchronous and CPU-bound: run through `bot.scheduling`)."""

    def laws(self) -> list[str]: ...

    def get(self, article_id: str) -> Article | None: ...

    def get_article(self, law: str, article: str) -> Article | None: ...

    def resolve_reference(self, text: str, jurisdiction: Collection[str] | None = None) -> list[Article]: ...

    def lookup_reference(self, text: str, jurisdiction: str | Collection[str] | None = None) -> ReferenceLookup: ...

    def jurisdictions(self) -> list[str]: ...

    def area_levels(self) -> Mapping[str, str]: ...

    def law_summaries(self) -> list[LawSummary]: ...

    def parallels(self, article_id: str, jurisdictions: Collection[str] | None = None) -> Parallels | None: ...

    def search(
        self,
        query: str,
        k: int | None = None,
        law: str | None = None,
        jurisdiction: str | Collection[str] | None = None,
    ) -> SearchResult: ...
