"""What the bot does with each kind of update.

The gate (group -1) runs first for every update: group chats, strangers and people asking too fast
stop there, so the handlers below only ever see allowed officers in private chats. Every update
gets a short reply — never silence, never a traceback. Shared objects (pipeline, retriever, log)
are built once at start-up and reached through `context.bot_data["kodeks"]`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import logging
import re
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from telegram import InlineKeyboardMarkup, Message, ReplyParameters, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot import texts
from bot.access import Access, RateLimiter
from bot.callbacks import answer_keyboard, decode, feedback_row
from bot.compare import remember
from bot.delivery import keep_typing, unconfirmed
from bot.formatting import LIMIT, escape, format_answer, format_articles, jurisdiction_line
from bot.officers import officers_of, scope_for
from bot.querylog import QueryLog
from bot.querylog.export import export_parts, parse_since
from bot.stats import render
from retrieval import jurisdictions

log = logging.getLogger(__name__)

MAX_ARTICLES_SHOWN = 3
MAX_REFERENCE_WORDS = 8
MAX_ECHO_CHARS = 100  # how much of the officer's own input a reply may quote back
BOT_DATA_KEY = "kodeks"
MAX_PENDING_REFUSALS = 10_000  # refusals being sent / counted in the background; beyond this they are dropped
REFUSAL_SENDS = 4  # refusal replies sent at once: the Bot API connections are for officers' answers
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_input(text: str | None) -> str:
    """Incoming text as something every later step can encode: a lone surrogate (legal in Telegram's
    JSON, not in UTF-8) becomes U+FFFD instead of failing the search, the answer or the reply."""
    return _SURROGATE.sub("\ufffd", text or "")


def echo(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    """The officer's input, shortened for quoting back in a reply (which must stay under 4,096 characters)."""
    text = " ".join(clean_input(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Deps:
    """Everything a handler needs, created once per process."""

    settings: Any
    pipeline: Any  # kodeks.answering.Pipeline
    retriever: Any  # retrieval.search.retriever.Retriever (public methods only)
    log: QueryLog
    access: Access
    limiter: RateLimiter
    pending_refusals: int = 0  # refusals being sent and counted in the background
    refusal_slots: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(REFUSAL_SENDS))


def deps(context: ContextTypes.DEFAULT_TYPE) -> Deps:
    return context.bot_data[BOT_DATA_KEY]


# --- sending ---------------------------------------------------------------------------------


def _strip_tags(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


async def send_html(context: ContextTypes.DEFAULT_TYPE, chat_id: int, chunks: list[str],
                    markup: InlineKeyboardMarkup | None = None, reply_to: int | None = None) -> list[Message]:
    """Send reply parts in order, buttons under the last; if Telegram rejects our HTML, send it as plain text.

    The first part quotes the officer's message (`reply_to`), so answers that finish out of order
    are still clearly paired with their questions."""
    sent: list[Message] = []
    for i, chunk in enumerate(chunks):
        buttons = markup if i == len(chunks) - 1 else None
        quote = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to and i == 0 else None
        try:
            sent.append(await context.bot.send_message(chat_id, chunk, parse_mode=ParseMode.HTML,
                                                       reply_markup=buttons, reply_parameters=quote))
        except BadRequest as exc:
            if "entit" not in str(exc).lower() and "parse" not in str(exc).lower():
                raise
            log.error("Telegram rejected reply HTML (%s); sending plain text", exc)
            plain = _strip_tags(chunk)[:LIMIT]
            sent.append(await context.bot.send_message(chat_id, plain, parse_mode=None, reply_markup=buttons,
                                                       reply_parameters=quote))
    return sent


async def say(update: Update, context: ContextTypes.DEFAULT_TYPE, plain: str) -> None:
    """A short plain-text reply (escaped) to whatever chat the update came from."""
    chat = update.effective_chat
    if chat is not None:
        if len(plain) > LIMIT:
            plain = plain[: LIMIT - 1] + "…"
        await context.bot.send_message(chat.id, escape(plain), parse_mode=ParseMode.HTML)


# --- gate ------------------------------------------------------------------------------------
#
# Access control fails closed. Whether an update may go on is decided first, from the update alone
# (no I/O); for everything that may not, ApplicationHandlerStop is raised whatever happens while
# refusing — a locked or full query log, a failing sendMessage — so group 0 never runs for it. The
# refusal reply and the refusal count are best-effort and run in the background, so a stranger
# neither waits for the log nor holds a concurrency slot an officer needs.


def admitted(update: Update, access: Access) -> bool:
    """The only updates group 0 may see: from an allowed person, in a private chat (or a button press)."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or user.is_bot or not access.is_allowed(user.id):
        return False
    if update.callback_query is not None:
        return chat is None or chat.type == ChatType.PRIVATE
    return update.effective_message is not None and chat is not None and chat.type == ChatType.PRIVATE


async def gate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -1: stop group chats, strangers (counted, text not stored) and over-eager askers.

    Returns (lets the update on) only when `_passes` says so; anything else — a refusal, a failure
    while refusing, even a failure in deciding — ends in ApplicationHandlerStop."""
    try:
        if await _passes(update, context):
            return
    except Exception as exc:  # noqa: BLE001 - refusing failed; the update is refused anyway
        log.warning("refusal failed (%s); update %s refused anyway", type(exc).__name__,
                    getattr(update, "update_id", None))
    raise ApplicationHandlerStop


async def _passes(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    d = deps(context)
    if not admitted(update, d.access):
        await _refuse(update, context, d)
        return False
    if update.message is not None:
        verdict = d.limiter.check(update.effective_user.id)
        if not verdict.allowed:
            if verdict.warn:
                await say(update, context, texts.RATE_LIMITED.format(limit=d.limiter.limit, seconds=verdict.retry_in))
            return False
    return True


async def _refuse(update: Update, context: ContextTypes.DEFAULT_TYPE, d: Deps) -> None:
    """Tell whoever it is why nothing happens (never the content of anything), once per rate window.

    The reply and the count run in the background (`_in_background`): the gate returns at once, so a
    crowd of strangers holds none of the concurrency slots and connections officers' answers need."""
    user, chat, query = update.effective_user, update.effective_chat, update.callback_query
    if user is None or user.is_bot or (update.effective_message is None and query is None):
        return  # channel posts, chat-member changes: nothing to answer
    if chat is not None and chat.type != ChatType.PRIVATE:
        if query:
            _in_background(context, d, lambda: query.answer(texts.GROUP_CHAT))
        else:
            _in_background(context, d, lambda: say(update, context, texts.GROUP_CHAT))
        return
    log.debug("refused an update from a user not on the allow-list")  # one a stranger: not worth INFO
    verdict = d.limiter.check(user.id)  # a stranger spamming the bot gets no flood of refusals
    if query:
        reply = lambda: query.answer(texts.REFUSED_CALLBACK.format(user_id=user.id), show_alert=True)  # noqa: E731
    elif verdict.allowed or verdict.warn:
        reply = lambda: say(update, context, texts.REFUSED.format(user_id=user.id))  # noqa: E731
    else:
        reply = None
    _in_background(context, d, reply, count=user.id)


def _in_background(context: ContextTypes.DEFAULT_TYPE, d: Deps, reply: Callable[[], Awaitable[Any]] | None,
                   count: int | None = None) -> None:
    """Send a refusal (at most REFUSAL_SENDS at once) and count it in the log, after the gate has returned.

    Best-effort both: a failing send loses the reply and a failing log loses the count — never the
    refusal itself, which the gate has already made. Beyond MAX_PENDING_REFUSALS waiting, new ones
    are dropped (a flood of strangers must not grow memory without bound)."""
    if d.pending_refusals >= MAX_PENDING_REFUSALS:
        return

    async def run() -> None:
        try:
            if reply is not None:
                try:
                    async with d.refusal_slots:
                        await reply()
                except Exception as exc:  # noqa: BLE001 - a refusal reply is not worth an error reply
                    log.warning("refusal reply failed (%s)", type(exc).__name__)
            if count is not None:
                try:
                    await d.log.refused(user_id=count)
                except Exception as exc:  # noqa: BLE001
                    log.warning("could not count a refusal in the query log (%s)", type(exc).__name__)
        finally:
            d.pending_refusals -= 1

    d.pending_refusals += 1
    context.application.create_task(run(), name="kodeks:refusal")


def guarded(handler: Any) -> Any:
    """Second line of defence: a group-0 handler does nothing for an update the gate should have stopped."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if not isinstance(update, Update) or not admitted(update, deps(context).access):
            log.error("update %s reached %s without passing the gate; ignored",
                      getattr(update, "update_id", None), handler.__name__)
            return
        await handler(update, context)

    return wrapper


# --- simple replies --------------------------------------------------------------------------


@guarded
async def on_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await context.bot.send_message(update.effective_chat.id, texts.HELP_HTML, parse_mode=ParseMode.HTML)


@guarded
async def on_edited(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await say(update, context, texts.EDITED)


@guarded
async def on_non_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await say(update, context, texts.NON_TEXT)


@guarded
async def on_unknown_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    command = (clean_input(update.effective_message.text) or "/").split()[0].split("@")[0]
    await say(update, context, texts.UNKNOWN_COMMAND.format(command=echo(command, 40)))


# --- questions -------------------------------------------------------------------------------


def looks_like_reference(text: str) -> bool:
    """Short, has a number, not a question: worth asking the retriever whether it names an article."""
    return len(text.split()) <= MAX_REFERENCE_WORDS and any(c.isdigit() for c in text) and "?" not in text


@guarded
async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any text is a question — unless it is just an article reference ("član 373 KZ FBiH")."""
    d = deps(context)
    text = clean_input(update.message.text).strip()
    if not text:
        await say(update, context, texts.EMPTY)
        return
    if len(text) > d.settings.max_question_chars:
        await say(update, context, texts.TOO_LONG.format(length=len(text), limit=d.settings.max_question_chars))
        return
    if (targets := jurisdictions.comparison_request(text)) is not None:  # "isto u RS?": the last article in another code
        from bot.jurisdiction_handlers import answer_compare  # it builds on this module

        await answer_compare(update, context, text, targets)
        return
    if looks_like_reference(text):
        started = time.perf_counter()
        scope = await scope_for(context, update.effective_user.id)
        lookup = await asyncio.to_thread(d.retriever.lookup_reference, text, scope)
        if await answer_lookup(update, context, text, lookup, started):
            return
    await answer_question(update, context, text)


async def answer_lookup(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str, lookup: Any,
                        started: float) -> bool:
    """Show the articles a reference names, or ask which law an ambiguous one meant ("članak 5 KZ" with
    several codes loaded: never guess), or say the law it names is not loaded — each logged as a lookup.
    False when it named nothing."""
    if lookup.articles:
        await show_articles(update, context, text, lookup.articles, started)
        return True
    if lookup.ambiguous:
        from bot.laws import ambiguity_text

        reference = lookup.ambiguous[0]
        await say(update, context, ambiguity_text(reference))
        await deps(context).log.record_lookup(user_id=update.effective_user.id, text=text, articles=[],
                                              total_ms=(time.perf_counter() - started) * 1000,
                                              level="ambiguous" if reference.laws else "unknown_law")
        return True
    return False


async def answer_question(update: Update, context: ContextTypes.DEFAULT_TYPE, question: str) -> None:
    """Journal the question, then answer it (`deliver_answer`). An update journaled before — Telegram
    delivering it again after a crash — is left to start-up recovery (`bot.journal`): never answered twice."""
    d = deps(context)
    message = update.message
    fresh = await d.log.journal_received(update_id=update.update_id, chat_id=update.effective_chat.id,
                                         message_id=message.message_id, question=question, asked_at=message.date)
    if not fresh:
        log.info("update %s was journaled before: not answered again", update.update_id)
        return
    await deliver_answer(context.bot, d, chat_id=update.effective_chat.id, user_id=update.effective_user.id,
                         question=question, reply_to=message.message_id, update_id=update.update_id,
                         bot_data=context.bot_data)


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
                result = await d.pipeline.ask(question, jurisdiction=scope)
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


# --- articles --------------------------------------------------------------------------------


async def show_articles(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str, articles: list[Any],
                        started: float) -> None:
    d = deps(context)
    shown = list(articles[:MAX_ARTICLES_SHOWN])
    await d.log.record_lookup(user_id=update.effective_user.id, text=text, articles=shown,
                              total_ms=(time.perf_counter() - started) * 1000)
    remember(context.bot_data, update.effective_user.id, shown[0].id)
    scope = await scope_for(context, update.effective_user.id)
    await send_html(context, update.effective_chat.id, format_articles(shown, scope=list(scope) if scope else None),
                    reply_to=update.effective_message.message_id)


@guarded
async def cmd_clan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/clan KZ FBiH 373` (law then number), or any order the retriever's reference parser accepts."""
    d = deps(context)
    args = [clean_input(a) for a in context.args or []]
    if not args:
        await context.bot.send_message(update.effective_chat.id, texts.CLAN_USAGE_HTML, parse_mode=ParseMode.HTML)
        return
    started = time.perf_counter()
    joined = " ".join(args)
    articles: list[Any] = []
    if len(args) >= 2:
        found = await asyncio.to_thread(d.retriever.get_article, " ".join(args[:-1]), args[-1].rstrip("."))
        articles = [found] if found else []
    if articles:
        await show_articles(update, context, f"/clan {joined}", articles, started)
        return
    scope = await scope_for(context, update.effective_user.id)
    forms = [joined, f"član {joined}"]
    if len(args) >= 2:  # law then number, as the usage says: "član 42 KZ" is what the reference parser reads
        forms.insert(0, f"član {args[-1].rstrip('.')} {' '.join(args[:-1])}")
    for text in forms:
        lookup = await asyncio.to_thread(d.retriever.lookup_reference, text, scope)
        if await answer_lookup(update, context, f"/clan {joined}", lookup, started):
            return
    laws = await asyncio.to_thread(d.retriever.laws)
    await say(update, context, texts.ARTICLE_NOT_FOUND.format(reference=echo(joined), laws=", ".join(laws) or "–"))
    await d.log.record_lookup(user_id=update.effective_user.id, text=f"/clan {joined}", articles=[],
                              total_ms=(time.perf_counter() - started) * 1000, level="not_found")


# --- buttons ---------------------------------------------------------------------------------


@guarded
async def on_callback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """📖 opens a cited article (looked up through the log row); 👍/👎 is stored against the answer.

    Only the officer who asked may use an answer's buttons: the row id in callback data is guessable."""
    d = deps(context)
    query = update.callback_query
    if query.message is None:  # a button under an inline-mode message: no chat to answer in
        await query.answer(texts.INLINE_BUTTON)
        return
    cb = decode(query.data)
    if cb is None:  # not data we made: an old, foreign or forged button
        await query.answer(texts.ANSWER_GONE)
        return
    if not await d.log.asked_by(cb.row_id, update.effective_user.id):
        # Another officer's answer (a forwarded message, forged data): treat it as gone, reveal nothing.
        await query.answer(texts.ANSWER_GONE)
        return
    if cb.kind == "feedback":
        stored = await d.log.feedback(row_id=cb.row_id, user_id=update.effective_user.id, value=cb.value)
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
    article = await asyncio.to_thread(d.retriever.get, ids[cb.index])
    if article is None:
        await query.answer(texts.ARTICLE_GONE)
        return
    await query.answer()
    scope = await scope_for(context, update.effective_user.id)
    await send_html(context, update.effective_chat.id, format_articles([article], scope=list(scope) if scope else None))


# --- admin -----------------------------------------------------------------------------------


async def _admin(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Deps | None:
    d = deps(context)
    if d.access.is_admin(update.effective_user.id):
        return d
    await say(update, context, texts.ADMINS_ONLY)
    return None


@guarded
async def cmd_stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (d := await _admin(update, context)) is None:
        return
    stats = await d.log.stats()
    await send_html(context, update.effective_chat.id, [render(stats, html=True)])


@guarded
async def cmd_export(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/export [YYYY-MM-DD]`: the log as evaluation JSONL, gzip-compressed, sent as one or more documents
    (each below Telegram's 50 MB limit). Written on a worker thread from its own read connection, so
    officers' answers are not held up however large the log is."""
    if (d := await _admin(update, context)) is None:
        return
    try:
        since = parse_since(context.args[0]) if context.args else None
    except ValueError as exc:
        await say(update, context, str(exc))
        return
    stem = f"kodeks-export-{datetime.now(UTC):%Y%m%d-%H%M}"
    with tempfile.TemporaryDirectory(prefix="kodeks-export-") as tmp:
        count, parts = await asyncio.to_thread(export_parts, d.log.path, since, Path(tmp), stem)
        if not count:
            await say(update, context, texts.EXPORT_EMPTY)
            return
        for n, part in enumerate(parts, 1):
            caption = texts.EXPORT_CAPTION.format(count=count)
            if len(parts) > 1:
                caption += f" ({n}/{len(parts)})"
            with part.open("rb") as handle:
                await context.bot.send_document(
                    update.effective_chat.id, document=handle, filename=part.name,
                    caption=escape(caption), parse_mode=ParseMode.HTML, write_timeout=120)


# --- errors ----------------------------------------------------------------------------------


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the failure (not the officer's text) and tell the officer something went wrong."""
    update_id = getattr(update, "update_id", None)
    log.error("error while handling update %s", update_id, exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None:
        with contextlib.suppress(Exception):
            await context.bot.send_message(update.effective_chat.id, escape(texts.ERROR), parse_mode=ParseMode.HTML)
