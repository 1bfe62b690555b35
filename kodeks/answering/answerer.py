"""One question + its search result → one grounded Answer (Claude when possible, extractive otherwise).

`Answerer.answer` never raises for an API or model problem: the officer always gets something
true to show, and the reason is recorded for the log.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kodeks.answering.citations import check_citations, parse_reply, render
from kodeks.answering.claude import ClaudeClient, ClaudeReply
from kodeks.answering.extractive import ModelDetails, extractive_answer
from kodeks.answering.models import Answer
from kodeks.answering.notices import missing_answer, only_missing, with_notices
from kodeks.answering.prompting import TOOL_NAME, build_request
from kodeks.errors import ClaudeUnavailable, KodeksError, MalformedReply
from kodeks.settings import Settings
from prompts import Prompt, load_prompt
from retrieval.types import Hit, MissingReference, SearchResult

if TYPE_CHECKING:
    from kodeks.answering.conversation import Thread

log = logging.getLogger("kodeks.answering")

NO_KEY = "no ANTHROPIC_API_KEY: extractive answers only"
NO_HITS = "no articles retrieved"


def load_system_prompt(language: str) -> Prompt:
    """The configured prompt, or a KodeksError naming the bad KODEKS_PROMPT_LANGUAGE."""
    try:
        return load_prompt(language)
    except ValueError as exc:
        raise KodeksError(f"KODEKS_PROMPT_LANGUAGE: {exc}") from exc


class Answerer:
    """Holds the prompt and one API client; safe to share between concurrent questions."""

    def __init__(self, settings: Settings, prompt: Prompt | None = None) -> None:
        self.settings = settings
        self.prompt = prompt or load_system_prompt(settings.prompt_language)
        self._claude = ClaudeClient(settings) if settings.anthropic_api_key is not None else None
        # The current question's search confidence, per task (answers run concurrently).
        self._weak: contextvars.ContextVar[bool] = contextvars.ContextVar("kodeks_weak_search", default=False)

    @property
    def uses_claude(self) -> bool:
        return self._claude is not None

    async def answer(
        self, question: str, result: SearchResult, *, thread: Thread | None = None, standalone: str | None = None
    ) -> Answer:
        """Answer from `result.hits` only. Claude problems end in an extractive answer with `reason` set.

        A follow-up brings its `thread` (kodeks.answering.conversation.Thread: the previous exchanges, sent
        in their own block for context only) and, when Claude rewrote it, its `standalone` question."""
        self._weak.set(bool(getattr(result, "weak", False)))
        try:
            if only_missing(result):  # the article asked for is not law: say so, answer nothing "from" its neighbours
                answer = missing_answer(question, result, self.prompt.id)
            else:
                answer = await self._answer(
                    question,
                    result.hits,
                    getattr(result, "jurisdiction", None),
                    thread,
                    standalone,
                    result.missing_references,
                )
        except Exception as exc:  # never leave the officer with a traceback
            log.exception("answering failed unexpectedly")
            answer = self._extractive(
                question,
                result.hits,
                reason=f"internal error ({type(exc).__name__})",
                flagged=True,
            )
        answer = with_notices(answer, result, question)  # not-in-force references, illustrative sample articles
        log.info(
            "answer mode=%s model=%s prompt=%s in=%s out=%s cached=%s llm_ms=%.0f flagged=%s "
            "invalid=%d uncited=%d reason=%s",
            answer.mode,
            answer.model,
            answer.prompt_version,
            answer.input_tokens,
            answer.output_tokens,
            answer.cache_read_tokens,
            answer.llm_ms,
            answer.flagged,
            len(answer.invalid_citations),
            len(answer.uncited_claims),
            answer.reason,
        )
        return answer

    def _extractive(self, question: str, hits: list[Hit], **details: Any) -> Answer:
        """The answer without the model (its `reason` says why), stamped with this prompt's version;
        it warns first when this question's search was weak."""
        return extractive_answer(question, hits, prompt_version=self.prompt.id, weak=self._weak.get(), **details)

    async def _answer(
        self,
        question: str,
        hits: list[Hit],
        jurisdiction: str | None = None,
        thread: Thread | None = None,
        standalone: str | None = None,
        missing: Sequence[MissingReference] = (),
    ) -> Answer:
        if not hits:
            return self._extractive(question, hits, reason=NO_HITS)
        if self._claude is None:
            return self._extractive(question, hits, reason=NO_KEY)
        built = build_request(
            self.prompt,
            question,
            hits,
            model=self.settings.claude_model,
            max_tokens=self.settings.claude_max_tokens,
            jurisdiction=jurisdiction,
            thread=thread,
            standalone=standalone,
            missing=missing,
        )
        try:
            reply = await self._claude.create(built.params)
        except ClaudeUnavailable as exc:
            return self._extractive(question, hits, reason=str(exc), llm_ms=exc.ms)
        return self._from_reply(question, reply, built.sent)

    def _from_reply(self, question: str, reply: ClaudeReply, sent: list[Hit]) -> Answer:
        """Validate the model's answer; keep it, trim it, or replace it with the extractive one."""
        meta: ModelDetails = {
            "model": reply.model,
            "input_tokens": reply.input_tokens,
            "output_tokens": reply.output_tokens,
            "cache_read_tokens": reply.cache_read_tokens,
            "llm_ms": reply.ms,
            "stop_reason": reply.stop_reason,
        }
        raw = reply.tool_input(TOOL_NAME)
        meta["reply"] = raw if isinstance(raw, dict) else None
        try:
            if raw is None:
                raise MalformedReply(f"no '{TOOL_NAME}' tool call (stop_reason={reply.stop_reason})")
            parsed = parse_reply(raw)
        except MalformedReply as exc:
            hint = (
                " (stop_reason=max_tokens: raise KODEKS_CLAUDE_MAX_TOKENS)" if reply.stop_reason == "max_tokens" else ""
            )
            return self._extractive(
                question,
                sent,
                reason=f"malformed answer from the model: {exc}{hint}",
                flagged=True,
                **meta,
            )

        checked = check_citations(parsed, sent)
        meta["invalid_citations"], meta["uncited_claims"] = checked.invalid, checked.uncited
        altered = bool(checked.invalid or checked.uncited)
        complete = len(checked.points) == len(parsed.points)

        if parsed.covered and not checked.points:
            why = "no claim with a valid citation" if parsed.points else "no claims"
            return self._extractive(
                question,
                sent,
                reason=f"not grounded: answer marked covered but has {why}",
                flagged=True,
                missing=checked.missing,
                **meta,
            )
        text = render(checked.points, checked.missing)
        if not text.strip():
            return self._extractive(
                question,
                sent,
                reason="empty answer from the model",
                flagged=True,
                missing=None,
                **meta,
            )
        notes = []
        if checked.invalid:
            notes.append(f"removed {len(checked.invalid)} reference(s) to articles not sent")
        if checked.uncited:
            notes.append(f"removed {len(checked.uncited)} uncited claim(s)")
        return Answer(
            text=text,
            citations=checked.cited,
            mode="claude",
            prompt_version=self.prompt.id,
            covered=parsed.covered and complete,
            missing=checked.missing,
            reason="; ".join(notes) or None,
            flagged=altered,
            **meta,
        )

    async def aclose(self) -> None:
        if self._claude is not None:
            await self._claude.aclose()

    async def __aenter__(self) -> Answerer:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
