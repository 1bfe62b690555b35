"""One question answered and delivered: pipeline → query log → reply with sources and buttons → journal done.

Shared by the text handler (`bot.handlers`), voice messages (`bot.voice`) and start-up recovery
(`bot.journal`), so an answer after a restart is the same answer, logged the same way. A question is
answered in the officer's thread (`bot.threads`): a follow-up's reply says in one line what was understood,
its log row records the stand-alone question and links to the row it follows, and the thread moves on.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from typing import Any

from telegram import Bot
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot import texts
from bot.callbacks import answer_keyboard
from bot.compare import remember
from bot.delivery import keep_typing, unconfirmed
from bot.formatting import escape, format_answer, jurisdiction_line
from bot.querylog import TakenOver
from bot.replies import send_html
from bot.state import AppState
from kodeks.answering import Answer, PipelineResult
from kodeks.answering.conversation import Thread
from kodeks.privacy import Masked
from kodeks.settings import Settings
from retrieval import jurisdictions

log = logging.getLogger("bot.handlers")  # the name these log lines have always had


def unmasked(answer: Answer, masked: Masked | None) -> Answer:
    """The answer as the officer sees it: their own words back in place of the placeholders (only in the reply)."""
    if masked is None or not masked.originals:
        return answer
    return dataclasses.replace(
        answer,
        text=masked.unmask(answer.text),
        missing=masked.unmask(answer.missing) if answer.missing else answer.missing,
    )


def masked_original(settings: Settings, masked: Masked | None) -> str | None:
    """The unmasked question, only when an admin keeps originals (KODEKS_KEEP_ORIGINAL_HOURS > 0) and there was
    something to mask; stored apart from the log row and deleted after those hours, never exported."""
    if masked is None or not masked.changed or not getattr(settings, "keep_original_hours", 0):
        return None
    return masked.original


def conversation_row(
    result: PipelineResult | None, thread: Thread | None, after: Thread | None, input_kind: str
) -> dict[str, Any]:
    """The query-log columns of issue 24: how the question came (text / voice), its stand-alone form (made
    from masked text only: the question and the thread are masked before they reach here) and its place in the thread (`after`: the thread this question leaves; id, turn, the row it
    follows up)."""
    row: dict[str, Any] = {"input": input_kind}
    if result is None or after is None:
        return row
    understood = result.understood
    row.update(thread_id=after.id, thread_turn=after.turns)
    if understood is not None and understood.follow_up:
        row.update(
            standalone=understood.standalone,
            standalone_by=understood.by,
            follows=thread.last.row_id if thread is not None and thread.last is not None else None,
        )
    return row


def asked_jurisdiction_line(result: Any, scope: Any) -> str:
    """ "Po zakonu koji ste tražili: …" when the question named another jurisdiction than the officer's and was
    answered from its law (`SearchResult.scope` is then that jurisdiction's), else ""."""
    understood = getattr(result, "understood", None)
    named = getattr(understood, "jurisdiction", None)
    own = getattr(scope, "officer", None)
    searched = result.search.scope or []
    if not named or not own or named == own or not searched or searched[0] != named:
        return ""
    return texts.ASKED_JURISDICTION.format(
        name=jurisdictions.name_of(named), code=named, own=f"{jurisdictions.name_of(own)} ({own})"
    )


def answer_lead(result: Any, scope: Any) -> str | None:
    """The plain line above an answer (None: none): whose law was asked for by name, then, for a follow-up,
    "Razumio sam: …" — what the officer sees so a misread question is caught. Shared by `kodeks chat`."""
    understood = result.understood.summary() if result.understood else ""
    lead = texts.UNDERSTOOD.format(what=understood) if understood else None
    if asked := asked_jurisdiction_line(result, scope):
        lead = f"{asked} {lead}" if lead else asked
    return lead


async def deliver_answer(
    bot: Bot,
    shared: AppState,
    *,
    chat_id: int,
    user_id: int,
    question: str,
    reply_to: int | None,
    update_id: int | None,
    masked: Masked | None = None,
    input_kind: str = "text",
) -> None:
    """Pipeline → log → reply with sources and buttons → journal done. On a database replicas share, the log
    row's write is the fence: nothing is sent or logged for a question another replica took over while this one
    stalled (`TakenOver`). The log row is written before sending so the buttons can point at it, and an answer that could
    not be delivered is marked in the log. A reply whose delivery is unknown (Telegram may have it: a read
    timeout) is not sent again (see `bot.delivery`). `question` is the masked text (stored, searched, sent to Claude, kept in the thread);
    `masked` carries its placeholders' originals, which only the officer's own reply shows back (and, with
    KODEKS_KEEP_ORIGINAL_HOURS, a short-lived row apart from the log). `input_kind` is "voice" for a
    transcribed voice message."""
    started = time.perf_counter()
    result, error = None, None
    d = shared.deps
    officers = shared.officers
    store = shared.threads
    thread = store.get(chat_id, user_id) if store is not None else None
    try:
        async with keep_typing(bot, chat_id):
            try:
                # the officer's jurisdiction and the levels above it (None: jurisdictions not in use)
                scope = await officers.scope(user_id) if officers else None
                result = await d.pipeline.ask(
                    question, jurisdiction=scope, masked=masked, thread=thread, run=d.cpu.runner(user_id)
                )  # in turn with other officers
            except Exception as exc:
                log.exception("answering failed")
                error = f"{type(exc).__name__}: {exc}"[:500]
        total_ms = (time.perf_counter() - started) * 1000
        after = result.next_thread() if result is not None else None  # the thread this question leaves
        try:
            original = masked_original(d.settings, masked)
            row_id: int | None = await d.log.record(
                user_id=user_id,
                question=question,
                result=result,
                error=error,
                total_ms=total_ms,
                update_id=update_id,
                original=original,
                conversation=conversation_row(result, thread, after, input_kind),
            )
        except TakenOver:
            # replicas: this one stalled past the stale setting and another took the question over; it answers
            log.warning("update %s was taken over by another replica meanwhile; this reply is not sent", update_id)
            update_id = None  # the entry is the new owner's: not marked done here
            return
        except Exception:
            log.exception("could not write the query log")
            row_id = None
        if result is None:
            await bot.send_message(chat_id, escape(texts.ANSWER_FAILED), parse_mode=ParseMode.HTML)
            return
        if store is not None and after is not None:
            store.put(chat_id, user_id, after.with_row(row_id))
        answer = result.answer
        markup = answer_keyboard(row_id, [hit.article for hit in answer.citations]) if row_id else None
        if answer.citations:
            remember(shared, user_id, answer.citations[0].id)
        line = jurisdiction_line(
            [hit.article for hit in answer.citations],
            result.search.scope,
            result.search.jurisdiction_missing,
            d.retriever.area_levels(),
        )
        try:
            lead = answer_lead(result, scope)
            await send_html(
                bot, chat_id, format_answer(unmasked(answer, masked), jurisdiction=line, lead=lead), markup, reply_to
            )
        except TelegramError as exc:
            if row_id:
                await d.log.set_error(row_id, f"send: {type(exc).__name__}: {exc}")
            if unconfirmed(exc):
                log.warning("reply to update %s: delivery unknown (%s); not sent again", update_id, type(exc).__name__)
                return
            raise
    except asyncio.CancelledError:
        update_id = None  # not answered: the journal entry stays open for start-up recovery
        raise
    finally:
        if update_id is not None:
            await d.log.journal_done(update_id)
