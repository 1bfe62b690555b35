"""Sending replies: HTML parts in order (plain text if Telegram rejects the HTML), and short plain replies."""

from __future__ import annotations

import html
import logging
import re

from telegram import Bot, InlineKeyboardMarkup, Message, ReplyParameters, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from bot.formatting import LIMIT, escape

log = logging.getLogger("bot.handlers")  # the name these log lines have always had


def _strip_tags(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


async def send_html(
    bot: Bot,
    chat_id: int,
    chunks: list[str],
    markup: InlineKeyboardMarkup | None = None,
    reply_to: int | None = None,
) -> list[Message]:
    """Send reply parts in order, buttons under the last; if Telegram rejects our HTML, send it as plain text.

    The first part quotes the officer's message (`reply_to`), so answers that finish out of order
    are still clearly paired with their questions."""
    sent: list[Message] = []
    for i, chunk in enumerate(chunks):
        buttons = markup if i == len(chunks) - 1 else None
        quote = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to and i == 0 else None
        try:
            sent.append(
                await bot.send_message(
                    chat_id, chunk, parse_mode=ParseMode.HTML, reply_markup=buttons, reply_parameters=quote
                )
            )
        except BadRequest as exc:
            if "entit" not in str(exc).lower() and "parse" not in str(exc).lower():
                raise
            log.error("Telegram rejected reply HTML (%s); sending plain text", exc)
            plain = _strip_tags(chunk)[:LIMIT]
            sent.append(
                await bot.send_message(chat_id, plain, parse_mode=None, reply_markup=buttons, reply_parameters=quote)
            )
    return sent


def chat_of(update: Update) -> int | None:
    """The chat an update came from (None: nowhere to reply, e.g. a button under an inline-mode message)."""
    chat = update.effective_chat
    return chat.id if chat is not None else None


async def say(bot: Bot, chat_id: int | None, plain: str) -> None:
    """A short plain-text reply (escaped) to a chat; nothing is sent when there is no chat (`chat_of`)."""
    if chat_id is not None:
        if len(plain) > LIMIT:
            plain = plain[: LIMIT - 1] + "…"
        await bot.send_message(chat_id, escape(plain), parse_mode=ParseMode.HTML)
