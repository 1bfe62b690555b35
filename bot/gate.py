"""The gate (handler group -1): group chats, strangers and people asking too fast stop here.

Every other handler only ever sees allowed officers in private chats; `guarded` is the second line of
defence on each of them. A refused update gets a short reply — sent and counted in the background so
strangers hold nothing officers need — but at most one a minute per person, whatever the chat (a private
chat, a group, an edited message, a button), and one a minute per group: the bot's Telegram sending
budget is for officers' answers, not for whoever adds the bot to a group and writes forty messages.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import CallbackQuery, Message, Update, User
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop

from bot import texts
from bot.access import Access
from bot.deps import Deps, deps
from bot.replies import chat_of, say
from bot.state import Context

log = logging.getLogger("bot.handlers")  # the name these log lines have always had

MAX_PENDING_REFUSALS = 10_000  # refusals being sent / counted in the background; beyond this they are dropped

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


async def gate(update: Update, context: Context) -> None:
    """Group -1: stop group chats, strangers (counted, text not stored) and over-eager askers.

    Returns (lets the update on) only when `_passes` says so; anything else — a refusal, a failure
    while refusing, even a failure in deciding — ends in ApplicationHandlerStop."""
    try:
        if not deps(context).seen.first_time(update.update_id):  # the same batch served again (bot/once.py)
            log.info("update %s was handled before: dropped", update.update_id)
        elif await _passes(update, context):
            deps(context).admitted.first_time(update.update_id)  # what `guarded` asks, without asking again
            return
    except Exception as exc:
        log.warning(
            "refusal failed (%s); update %s refused anyway", type(exc).__name__, getattr(update, "update_id", None)
        )
    raise ApplicationHandlerStop


async def _passes(update: Update, context: Context) -> bool:
    d = deps(context)
    if not admitted(update, d.access):
        await _refuse(update, context, d)
        return False
    if update.edited_message is not None:  # answered "send it as a new message", once a minute at most
        return d.refusals.check(("edited", sender_id(update))).allowed
    if update.message is not None:
        verdict = d.limiter.check(sender_id(update))
        if not verdict.allowed:
            if verdict.warn:
                await say(
                    context.bot,
                    chat_of(update),
                    texts.RATE_LIMITED.format(limit=d.limiter.limit, seconds=verdict.retry_in),
                )
            return False
    return True


def may_refuse(d: Deps, kind: str, user_id: int, chat_id: int | None) -> bool:
    """Whether this refusal may be sent: one a minute per person and kind — a stranger's one kind is "no
    access" wherever they write; an officer's are "not in a group" and "not an edited message" — and one a
    minute per group chat (a crowd in one group gets one notice). A button press has its own (its answer is
    a pop-up, not a message). Every refusal is still refused, and a stranger's still counted."""
    person = d.refusals.check((kind, user_id)).allowed
    group = d.refusals.check(("chat", chat_id)).allowed if chat_id is not None and chat_id < 0 else True
    return person and group


async def _refuse(update: Update, context: Context, d: Deps) -> None:
    """Tell whoever it is why nothing happens (never the content of anything), once per rate window.

    The reply and the count run in the background (`_in_background`): the gate returns at once, so a
    crowd of strangers holds none of the concurrency slots and connections officers' answers need."""
    user, chat, query = update.effective_user, update.effective_chat, update.callback_query
    if user is None or user.is_bot or (update.effective_message is None and query is None):
        return  # channel posts, chat-member changes: nothing to answer
    in_group = chat is not None and chat.type != ChatType.PRIVATE
    stranger = not d.access.is_allowed(user.id)
    enrolment = context.bot_data.enrolment
    if stranger and not in_group and query is None and enrolment is not None and enrolment.wants(update):
        # "/start [CODE]": a request to enrol (bot/enrolment), within the per-person rate limit officers have;
        # the enrolment keeps its own limits (one open request per person, KODEKS_ENROLMENT_REQUESTS_PER_HOUR)
        verdict = d.limiter.check(user.id)
        if verdict.allowed or verdict.warn:
            _in_background(context, d, lambda: enrolment.stranger_start(update, context))
        return
    kind = "button" if query else ("stranger" if stranger else "group")
    if not may_refuse(d, kind, user.id, chat.id if chat is not None else None):
        reply = None  # refused already this minute: refused again, silently
    elif in_group:
        reply = (
            (lambda: query.answer(texts.GROUP_CHAT))
            if query
            else (lambda: say(context.bot, chat_of(update), texts.GROUP_CHAT))
        )
    elif query:
        reply = lambda: query.answer(texts.REFUSED_CALLBACK.format(user_id=user.id), show_alert=True)  # noqa: E731 - a deferred reply chosen by branch, as above
    else:
        reply = lambda: say(context.bot, chat_of(update), texts.REFUSED.format(user_id=user.id))  # noqa: E731 - a deferred reply chosen by branch, as above
    counted = stranger and not in_group  # strangers who write to the bot itself (a group's chatter is not counted)
    if counted:
        log.debug("refused an update from a user not on the allow-list")  # one a stranger: not worth INFO
    _in_background(context, d, reply, count=user.id if counted else None)


def _in_background(
    context: Context, d: Deps, reply: Callable[[], Awaitable[Any]] | None, count: int | None = None
) -> None:
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
                except Exception as exc:
                    log.warning("refusal reply failed (%s)", type(exc).__name__)
            if count is not None:
                try:
                    await d.log.refused(user_id=count)
                except Exception as exc:
                    log.warning("could not count a refusal in the query log (%s)", type(exc).__name__)
        finally:
            d.pending_refusals -= 1

    d.pending_refusals += 1
    context.application.create_task(run(), name="kodeks:refusal")


Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]  # what PTB calls back


def guarded(handler: Handler) -> Handler:
    """Second line of defence: a group-0 handler does nothing for an update the gate did not let through (a
    handler registered past the gate, a gate removed). The gate's own verdict on this very update is what is
    asked, not the roster again: with KODEKS_DATABASE_URL that would be a second database read per message,
    milliseconds after the first, on the event loop."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        if not isinstance(update, Update) or update.update_id not in deps(context).admitted:
            log.error(
                "update %s reached %s without passing the gate; ignored",
                getattr(update, "update_id", None),
                handler.__name__,
            )
            return
        await handler(update, context)

    return wrapper


# What a guarded handler may take for granted: the gate admits only updates with a person, a chat (but for a
# button under an inline-mode message) and a message or button. Missing anyway, it is a failure (`on_error`).


def sender_of(update: Update) -> User:
    """The person a guarded handler serves (an officer, or a stranger asking to enrol)."""
    if (user := update.effective_user) is None:
        raise LookupError(f"update {update.update_id} has no sender")
    return user


def sender_id(update: Update) -> int:
    """The id of the officer a guarded handler serves."""
    return sender_of(update).id


def chat_id_of(update: Update) -> int:
    """The chat a guarded handler answers in."""
    if (chat := update.effective_chat) is None:
        raise LookupError(f"update {update.update_id} has no chat")
    return chat.id


def message_of(update: Update) -> Message:
    """The message a guarded message handler serves (new or edited)."""
    if (message := update.effective_message) is None:
        raise LookupError(f"update {update.update_id} has no message")
    return message


def new_message_of(update: Update) -> Message:
    """The new message (not an edited one) a guarded message handler serves."""
    if (message := update.message) is None:
        raise LookupError(f"update {update.update_id} has no new message")
    return message


def query_of(update: Update) -> CallbackQuery:
    """The button press a guarded button handler serves."""
    if (query := update.callback_query) is None:
        raise LookupError(f"update {update.update_id} is not a button press")
    return query
