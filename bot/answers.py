"""One question answered and delivered: pipeline → query log → reply with sources and buttons → journal done.

Shared by the text handler (`bot.handlers`) and start-up recovery (`bot.journal`), so an answer after a
restart is the same answer, logged the same way.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot import texts
from bot.callbacks import answer_keyboard
from bot.compare import remember
from bot.delivery import keep_typing, unconfirmed
from bot.deps import Deps
from bot.formatting import escape, format_answer, jurisdiction_line
from bot.officers import officers_of
from bot.replies import send_html

log = logging.getLogger("bot.handlers")  # the name these log lines have always had


@dataclass
class _BotOnly:
    """What `send_html` needs from a handler context, for sends outside a handler (start-up recovery)."""

    bot: Any


async def deliver_answer(bot: Any, d: Deps, *, chat_id: int, user_id: int, question: str, reply_to: int | None,
                         update_id: int | None, bot_data: Any) -> None:
    """Pipeline → log → reply with sources and buttons → journal done. The log row is written before
    sending so the buttons can point at it, and an answer that could not be delivered is marked in the log.
    A reply whose delivery is unknown (Telegram may have it: a read timeout) is not sent again (see
    `bot.delivery`)."""
    started = time.perf_counter()
    result, error = None, None
    officers = officers_of(bot_data)
    try:
        async with keep_typing(bot, chat_id):
            try:
                # the officer's jurisdiction and the levels above it (None: jurisdictions not in use)
                scope = await officers.scope(user_id) if officers else None
                result = await d.pipeline.ask(question, jurisdiction=scope, run=d.cpu.runner(user_id))  # in turn
            except Exception as exc:  # noqa: BLE001 - logged, recorded, and the officer is told
                log.exception("answering failed")
                error = f"{type(exc).__name__}: {exc}"[:500]
        total_ms = (time.perf_counter() - started) * 1000
        try:
            row_id: int | None = await d.log.record(user_id=user_id, question=question, result=result, error=error,
                                                    total_ms=total_ms, update_id=update_id)
        except Exception:  # noqa: BLE001 - a broken log must not keep an answer from an officer in the field
            log.exception("could not write the query log")
            row_id = None
        if result is None:
            await bot.send_message(chat_id, escape(texts.ANSWER_FAILED), parse_mode=ParseMode.HTML)
            return
        answer = result.answer
        markup = answer_keyboard(row_id, [hit.article for hit in answer.citations]) if row_id else None
        if answer.citations:
            remember(bot_data, user_id, answer.citations[0].id)
        line = jurisdiction_line([hit.article for hit in answer.citations], result.search.scope)
        try:
            await send_html(_BotOnly(bot), chat_id, format_answer(answer, jurisdiction=line), markup,  # type: ignore[arg-type]
                            reply_to=reply_to)
        except TelegramError as exc:
            if row_id:
                await d.log.set_error(row_id, f"send: {type(exc).__name__}: {exc}")
            if unconfirmed(exc):
                log.warning("reply to update %s: delivery unknown (%s); not sent again", update_id,
                            type(exc).__name__)
                return
            raise
    except asyncio.CancelledError:
        update_id = None  # not answered: the journal entry stays open for start-up recovery
        raise
    finally:
        if update_id is not None:
            await d.log.journal_done(update_id)
