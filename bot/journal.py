"""Start-up recovery of questions a crash left unanswered: at least once, never twice.

Telegram forgets an update once the bot has fetched it and asked for the next batch, so a bot
killed (kill -9, power loss, OOM) while answering would silently lose those questions. Each
question is therefore journaled in the query log (`pending`) before it is answered and marked done
after its reply was sent. On start-up, what the journal still holds is settled by one rule:

- `received` (the crash came before the reply was sent) and asked at most `KODEKS_RECOVERY_MINUTES`
  ago → answered now, quoting the officer's message;
- `received` but older → the officer is told the question was not answered and to ask again
  (an answer to a question from hours ago may no longer be wanted, and would arrive out of context);
- `sending` (the crash came while the reply was being sent: it may have arrived) → never re-sent;
  the officer is told to ask again only if the answer did not arrive.

A done entry keeps only its update and message ids (chat id and text are cleared) for two days, so an
update Telegram delivers again after a crash is recognised and not answered a second time.

What recovery settles is what the journal held *before this process fetched anything* (`left_open`, read
by `bot.app.serve` before polling starts): read later, it would also find a question this process has just
journaled and is answering, and answer it a second time (seen under CPU load, when the read's thread ran
late).

On a database replicas share (KODEKS_DATABASE_URL), a replica settles only what it has *taken over* — the open
entries of replicas whose heartbeat went stale (`bot.replicas`: at start-up instead of `left_open`, and at every
heartbeat) — by the same rules; a live replica's questions are never touched.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from telegram import Bot
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot import texts
from bot.answers import deliver_answer
from bot.deps import Deps
from bot.formatting import escape
from bot.querylog import from_ts, utcnow
from bot.state import AppState

log = logging.getLogger(__name__)

QUOTE_CHARS = 120


@dataclass
class Recovery:
    """What start-up recovery did (logged, and read by tests)."""

    answered: int = 0
    told: int = 0
    skipped: int = 0


def _quote(question: str) -> str:
    question = " ".join(question.split())
    return question if len(question) <= QUOTE_CHARS else question[: QUOTE_CHARS - 1] + "…"


async def _tell(bot: Bot, chat_id: int, text: str, reply_to: int | None) -> None:
    from telegram import ReplyParameters

    quote = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
    await bot.send_message(chat_id, escape(text), parse_mode=ParseMode.HTML, reply_parameters=quote)


async def left_open(deps: Deps) -> list[dict[str, Any]]:
    """The journal entries a previous process left open; read before this one fetches any update."""
    return await deps.log.journal_open()


async def recover(
    bot: Bot, shared: AppState, now: datetime | None = None, entries: list[dict[str, Any]] | None = None
) -> Recovery:
    """Settle the open journal entries (`entries`, read by `left_open` before polling began; read now if
    None); answers run concurrently."""
    deps = shared.deps
    now = now or utcnow()
    window = timedelta(minutes=deps.settings.recovery_minutes)
    done = Recovery()
    answers = []
    for entry in await left_open(deps) if entries is None else entries:
        update_id, chat_id = entry["update_id"], entry["chat_id"]
        question, reply_to = entry["question"] or "", entry["message_id"]
        if chat_id is None or not deps.access.is_allowed(chat_id):  # private chats: chat id == user id
            await deps.log.journal_done(update_id)
            done.skipped += 1
            continue
        asked = from_ts(entry["ts"])
        if entry["state"] == "received" and now - asked <= window:
            answers.append(
                deliver_answer(
                    bot,
                    shared,
                    chat_id=chat_id,
                    user_id=chat_id,
                    question=question,
                    reply_to=reply_to,
                    update_id=update_id,
                )
            )
            done.answered += 1
            continue
        if entry["state"] == "sending":
            text = texts.RESTART_MAYBE_SENT.format(question=_quote(question))
        else:
            text = texts.RESTART_ASK_AGAIN.format(question=_quote(question), time=asked.strftime("%d.%m. %H:%M"))
        try:
            await _tell(bot, chat_id, text, reply_to)
        except TelegramError as exc:
            log.warning("recovery: could not tell the officer of update %s (%s)", update_id, type(exc).__name__)
        await deps.log.journal_done(update_id)
        done.told += 1
    results = await asyncio.gather(*answers, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            log.error("recovery: an answer failed", exc_info=result)
    if done.answered or done.told or done.skipped:
        log.info(
            "recovery after restart: %d answered, %d told to ask again, %d skipped",
            done.answered,
            done.told,
            done.skipped,
        )
    return done
