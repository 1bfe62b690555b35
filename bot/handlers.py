"""What the bot does with each kind of update that passed the gate (`bot.gate`).

Each handler here is `guarded` and only ever sees allowed officers in private chats. Every update
gets a short reply — never silence, never a traceback. Shared objects (pipeline, retriever, log)
are built once at start-up and reached through `bot.deps.deps(context)`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from telegram import InlineKeyboardMarkup, Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from bot import texts
from bot.answers import deliver_answer
from bot.arguments import answer_usage
from bot.callbacks import decode, feedback_row
from bot.compare import remember
from bot.deps import Deps, deps
from bot.formatting import escape, format_articles
from bot.gate import chat_id_of, guarded, message_of, new_message_of, query_of, sender_id
from bot.index_watch import reports_serving
from bot.jurisdiction_handlers import answer_compare
from bot.laws import ambiguity_text
from bot.missing_articles import answer_missing, still_shown
from bot.officers import scope_for
from bot.querylog.export import export_parts, parse_since
from bot.replies import chat_of, say, send_html
from bot.smalltalk import classify
from bot.state import Context
from bot.stats import render
from bot.threads import in_thread, remember_lookup
from kodeks.privacy import Masked
from retrieval import jurisdictions
from retrieval.types import Article, ReferenceLookup

log = logging.getLogger(__name__)

MAX_ARTICLES_SHOWN = 3
MAX_REFERENCE_WORDS = 8
MAX_ECHO_CHARS = 100  # how much of the officer's own input a reply may quote back
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_input(text: str | None) -> str:
    """Incoming text as something every later step can encode: a lone surrogate (legal in Telegram's
    JSON, not in UTF-8) becomes U+FFFD instead of failing the search, the answer or the reply."""
    return _SURROGATE.sub("\ufffd", text or "")


def echo(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    """The officer's input, shortened for quoting back in a reply (which must stay under 4,096 characters)."""
    text = " ".join(clean_input(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- simple replies --------------------------------------------------------------------------


@guarded
async def on_help(update: Update, context: Context) -> None:
    await context.bot.send_message(chat_id_of(update), texts.HELP_HTML, parse_mode=ParseMode.HTML)


@guarded
async def on_edited(update: Update, context: Context) -> None:
    await say(context.bot, chat_of(update), texts.EDITED)


@guarded
async def on_non_text(update: Update, context: Context) -> None:
    await say(context.bot, chat_of(update), texts.NON_TEXT)


@guarded
async def on_unknown_command(update: Update, context: Context) -> None:
    command = (clean_input(message_of(update).text) or "/").split()[0].split("@")[0]
    await say(context.bot, chat_of(update), texts.UNKNOWN_COMMAND.format(command=echo(command, 40)))


# --- questions -------------------------------------------------------------------------------


def looks_like_reference(text: str) -> bool:
    """Short, has a number, not a question: worth asking the retriever whether it names an article."""
    return len(text.split()) <= MAX_REFERENCE_WORDS and any(c.isdigit() for c in text) and "?" not in text


@guarded
async def on_text(update: Update, context: Context) -> None:
    """Any text is a question — unless it is just an article reference ("član 373 KZ FBiH")."""
    d = deps(context)
    text = clean_input(new_message_of(update).text).strip()
    if not text:
        await say(context.bot, chat_of(update), texts.EMPTY)
        return
    if len(text) > d.settings.max_question_chars:
        await say(
            context.bot, chat_of(update), texts.TOO_LONG.format(length=len(text), limit=d.settings.max_question_chars)
        )
        return
    if (kind := classify(text)) is not None:  # "hvala", "👍", "???": not a question, not searched, not logged
        await say(context.bot, chat_of(update), texts.THANKS if kind == "thanks" else texts.NO_WORDS)
        return
    await handle_question(update, context, text)


async def handle_question(update: Update, context: Context, text: str, input_kind: str = "text") -> None:
    """A question's text, typed or transcribed (`bot.voice`): a comparison ("isto u RS?"), an article
    reference, or a question for the pipeline, answered in the officer's thread. Personal data is masked first,
    before anything is stored or leaves (kodeks.privacy): lookups, the journal, the thread and the log see only
    the masked text."""
    d = deps(context)
    masked = d.pipeline.mask(text)
    text = masked.text
    targets = jurisdictions.comparison_request(text)
    if targets is not None and (jurisdictions.asks_to_compare(text) or not in_thread(update, context)):
        # "isto u RS?": the last article in another code side by side. In a live thread, "a u RS?" goes to the
        # pipeline instead: the thread's act, answered from that jurisdiction's law
        await answer_compare(update, context, text, targets)
        return
    if looks_like_reference(text):
        started = time.perf_counter()
        scope = await scope_for(context, sender_id(update))
        lookup = await d.cpu.call(sender_id(update), d.retriever.lookup_reference, text, scope)
        if await answer_lookup(update, context, text, lookup, started):
            return
    await answer_question(update, context, text, masked, input_kind)


async def answer_lookup(update: Update, context: Context, text: str, lookup: ReferenceLookup, started: float) -> bool:
    """Show the articles a reference names, or ask which law an ambiguous one meant ("članak 5 KZ" with
    several codes loaded: never guess), or say the law it names is not loaded — each logged as a lookup; an
    article that is not law (deleted, repealed, absent) is said to be so, with its neighbours (issue 20).
    False when it named nothing."""
    if lookup.missing:
        await answer_missing(update, context, text, lookup.missing, started)
        if shown := still_shown(lookup.articles, lookup.missing):
            await show_articles(update, context, text, shown, started)
        return True
    if lookup.articles:
        await show_articles(update, context, text, lookup.articles, started)
        return True
    if lookup.ambiguous:
        reference = lookup.ambiguous[0]
        await say(context.bot, chat_of(update), ambiguity_text(reference))
        await deps(context).log.record_lookup(
            user_id=sender_id(update),
            text=text,
            articles=[],
            total_ms=(time.perf_counter() - started) * 1000,
            level="ambiguous" if reference.laws else "unknown_law",
        )
        return True
    return False


async def answer_question(
    update: Update,
    context: Context,
    question: str,
    masked: Masked | None = None,
    input_kind: str = "text",
) -> None:
    """Journal the (masked) question, then answer it (`deliver_answer`). An update journaled before — Telegram
    delivering it again after a crash — is left to start-up recovery (`bot.journal`): never answered twice."""
    d = deps(context)
    message = new_message_of(update)
    fresh = await d.log.journal_received(
        update_id=update.update_id,
        chat_id=chat_id_of(update),
        message_id=message.message_id,
        question=question,
        asked_at=message.date,
    )
    if context.bot_data.acks is not None:  # journaled: the webhook may acknowledge it now (bot/webhook.py)
        context.bot_data.acks.settle(update.update_id)
    if not fresh:
        log.info("update %s was journaled before: not answered again", update.update_id)
        return
    await deliver_answer(
        context.bot,
        context.bot_data,
        chat_id=chat_id_of(update),
        user_id=sender_id(update),
        question=question,
        reply_to=message.message_id,
        update_id=update.update_id,
        masked=masked,
        input_kind=input_kind,
    )


# --- articles --------------------------------------------------------------------------------


async def show_articles(
    update: Update, context: Context, text: str, articles: Sequence[Article], started: float
) -> None:
    d = deps(context)
    shown = list(articles[:MAX_ARTICLES_SHOWN])
    row_id = await d.log.record_lookup(
        user_id=sender_id(update), text=text, articles=shown, total_ms=(time.perf_counter() - started) * 1000
    )
    remember(context.bot_data, sender_id(update), shown[0].id)
    remember_lookup(context.bot_data, chat_id_of(update), sender_id(update), text, shown, row_id)
    scope = await scope_for(context, sender_id(update))
    await send_html(
        context.bot,
        chat_id_of(update),
        format_articles(shown, scope=list(scope) if scope else None),
        reply_to=message_of(update).message_id,
    )


@guarded
async def cmd_clan(update: Update, context: Context) -> None:
    """`/clan KZ FBiH 373` (law then number), or any order the retriever's reference parser accepts."""
    d = deps(context)
    args = [clean_input(a) for a in context.args or []]
    if not args:
        await context.bot.send_message(chat_id_of(update), texts.CLAN_USAGE_HTML, parse_mode=ParseMode.HTML)
        return
    started = time.perf_counter()
    joined = d.pipeline.mask(" ".join(args)).text  # what is logged of it
    articles: list[Article] = []
    if len(args) >= 2:
        found = await d.cpu.call(sender_id(update), d.retriever.get_article, " ".join(args[:-1]), args[-1].rstrip("."))
        articles = [found] if found else []
    if articles and not articles[0].deleted:  # a deleted one is told about below, with the articles next to it
        await show_articles(update, context, f"/clan {joined}", articles, started)
        return
    scope = await scope_for(context, sender_id(update))
    forms = [joined, f"član {joined}"]
    if len(args) >= 2:  # law then number, as the usage says: "član 42 KZ" is what the reference parser reads
        forms.insert(0, f"član {args[-1].rstrip('.')} {' '.join(args[:-1])}")
    for text in forms:
        lookup = await d.cpu.call(sender_id(update), d.retriever.lookup_reference, text, scope)
        if await answer_lookup(update, context, f"/clan {joined}", lookup, started):
            return
    if articles:  # deleted, and the reference parser did not read the arguments: its entry, as before
        await show_articles(update, context, f"/clan {joined}", articles, started)
        return
    laws = await d.cpu.call(sender_id(update), d.retriever.laws)
    await say(
        context.bot,
        chat_of(update),
        texts.ARTICLE_NOT_FOUND.format(reference=echo(joined), laws=", ".join(laws) or "–"),
    )
    await d.log.record_lookup(
        user_id=sender_id(update),
        text=f"/clan {joined}",
        articles=[],
        total_ms=(time.perf_counter() - started) * 1000,
        level="not_found",
    )


# --- buttons ---------------------------------------------------------------------------------


@guarded
async def on_callback(update: Update, context: Context) -> None:
    """📖 opens a cited article (looked up through the log row); 👍/👎 is stored against the answer.

    Only the officer who asked may use an answer's buttons: the row id in callback data is guessable."""
    d = deps(context)
    query = query_of(update)
    if query.message is None:  # a button under an inline-mode message: no chat to answer in
        await query.answer(texts.INLINE_BUTTON)
        return
    cb = decode(query.data)
    if cb is None:  # not data we made: an old, foreign or forged button
        await query.answer(texts.ANSWER_GONE)
        return
    if not await d.log.asked_by(cb.row_id, sender_id(update)):
        # Another officer's answer (a forwarded message, forged data): treat it as gone, reveal nothing.
        await query.answer(texts.ANSWER_GONE)
        return
    if cb.kind == "feedback":
        stored = await d.log.feedback(row_id=cb.row_id, user_id=sender_id(update), value=cb.value)
        await query.answer(texts.FEEDBACK_THANKS if stored else texts.ANSWER_GONE)
        message = query.message
        if stored and isinstance(message, Message) and message.reply_markup:
            rows = [list(r) for r in message.reply_markup.inline_keyboard[:-1]]
            rows.append(feedback_row(cb.row_id, chosen=cb.value))
            with contextlib.suppress(BadRequest):  # "message is not modified" on a repeated press
                await query.edit_message_reply_markup(InlineKeyboardMarkup(rows))
        return
    ids = await d.log.cited_ids(cb.row_id)
    if ids is None or cb.index >= len(ids):
        await query.answer(texts.ANSWER_GONE)
        return
    article = await d.cpu.call(sender_id(update), d.retriever.get, ids[cb.index])
    if article is None:
        await query.answer(texts.ARTICLE_GONE)
        return
    await query.answer()
    scope = await scope_for(context, sender_id(update))
    await send_html(context.bot, chat_id_of(update), format_articles([article], scope=list(scope) if scope else None))


# --- admin -----------------------------------------------------------------------------------


async def _admin(update: Update, context: Context) -> Deps | None:
    d = deps(context)
    if d.access.is_admin(sender_id(update)):
        return d
    await say(context.bot, chat_of(update), texts.ADMINS_ONLY)
    return None


@guarded
async def cmd_stats(update: Update, context: Context) -> None:
    if (d := await _admin(update, context)) is None:
        return
    if context.args:
        await answer_usage(update, context, "stats")
        return
    stats = await d.log.stats()
    serving = await asyncio.to_thread(d.retriever.serving) if reports_serving(d.retriever) else None
    await send_html(context.bot, chat_id_of(update), [render(stats, html=True, serving=serving)])


@guarded
async def cmd_export(update: Update, context: Context) -> None:
    """`/export [YYYY-MM-DD]`: the log as evaluation JSONL, gzip-compressed, sent as one or more documents
    (each below Telegram's 50 MB limit). Written on a worker thread from its own read connection, so
    officers' answers are not held up however large the log is."""
    if (d := await _admin(update, context)) is None:
        return
    args = context.args or []
    try:
        if len(args) > 1:
            raise ValueError("one date at most")
        since = parse_since(args[0]) if args else None
    except ValueError:
        await answer_usage(update, context, "export", texts.BAD_ARGUMENT.format(argument=echo(" ".join(args), 40)))
        return
    stem = f"kodeks-export-{datetime.now(UTC):%Y%m%d-%H%M}"
    with tempfile.TemporaryDirectory(prefix="kodeks-export-") as tmp:
        count, parts = await asyncio.to_thread(export_parts, d.log.source, since, Path(tmp), stem)
        if not count:
            await say(context.bot, chat_of(update), texts.EXPORT_EMPTY)
            return
        for n, part in enumerate(parts, 1):
            caption = texts.EXPORT_CAPTION.format(count=count)
            if len(parts) > 1:
                caption += f" ({n}/{len(parts)})"
            with part.open("rb") as handle:
                await context.bot.send_document(
                    chat_id_of(update),
                    document=handle,
                    filename=part.name,
                    caption=escape(caption),
                    parse_mode=ParseMode.HTML,
                    write_timeout=120,
                )


# --- errors ----------------------------------------------------------------------------------


async def on_error(update: object, context: Context) -> None:
    """Log the failure (not the officer's text) and tell the officer something went wrong."""
    update_id = getattr(update, "update_id", None)
    log.error("error while handling update %s", update_id, exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None:
        with contextlib.suppress(Exception):
            await context.bot.send_message(chat_id_of(update), escape(texts.ERROR), parse_mode=ParseMode.HTML)
