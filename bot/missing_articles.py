"""A plain "član 79 KZ FBiH" or `/clan KZ FBiH 999` naming an article that is not law — deleted, repealed
or not in the law at all: the reply says so in the law's own terms, with the articles next to it by number
as 📖 buttons, instead of a search that would show unrelated articles as if they were the one asked for.

The wording is the answering layer's (kodeks/answering/notices.py), so a question ("šta kaže član 79 KZ
FBiH?") and a plain reference say the same; the lookup is logged like any other (`level` = the status).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from telegram import Update

from bot.callbacks import article_keyboard
from bot.deps import deps
from bot.formatting import escape
from bot.gate import chat_id_of, message_of, sender_id
from bot.replies import send_html
from bot.state import Context
from kodeks.answering.extractive import script_of
from kodeks.answering.notices import missing_lines
from retrieval.types import Article, MissingReference


def nearest_of(missing: Sequence[MissingReference]) -> list[Article]:
    """The neighbours of every missing article, once each, in order."""
    return list({a.id: a for m in missing for a in m.nearest}.values())


def still_shown(articles: Sequence[Article], missing: Sequence[MissingReference]) -> list[Article]:
    """The articles a lookup found that are law (a deleted entry is told about, not shown)."""
    gone = {(m.law, m.article) for m in missing}
    return [a for a in articles if (a.law, a.article) not in gone and not a.deleted]


async def answer_missing(
    update: Update, context: Context, text: str, missing: Sequence[MissingReference], started: float
) -> None:
    """Say which named articles are not law, and offer their neighbours as buttons (logged as a lookup)."""
    d = deps(context)
    nearest = nearest_of(missing)
    row_id = await d.log.record_lookup(
        user_id=sender_id(update),
        text=text,
        articles=nearest,
        total_ms=(time.perf_counter() - started) * 1000,
        level=missing[0].status,
    )
    markup = article_keyboard(row_id, nearest) if row_id and nearest else None
    body = "\n\n".join(missing_lines(missing, script_of(text)))
    await send_html(context.bot, chat_id_of(update), [escape(body)], markup, reply_to=message_of(update).message_id)
