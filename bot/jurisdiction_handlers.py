"""Telegram handlers for jurisdictions: `/nadleznost` (and its buttons) and `/uporedi` / "isto u RS?".

Kept apart from `bot.handlers` so the officer's jurisdiction is one module's business: handlers only ask
`bot.officers.scope_for` whose law applies, and call `answer_compare` for a comparison request. Built on
`bot.deps` and `bot.replies`, never on `bot.handlers`.
"""

from __future__ import annotations

import time

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from bot import compare, texts
from bot.arguments import answer_usage, looks_numeric
from bot.callbacks import answer_keyboard
from bot.deps import deps
from bot.formatting import escape
from bot.gate import chat_id_of, message_of, query_of, sender_id
from bot.ids import ascii_int
from bot.officers import OfficerJurisdiction, Officers, choices, scope_for
from bot.replies import chat_of, say, send_html
from bot.state import Context
from retrieval import jurisdictions

CALLBACK_PREFIX = "j:"
CALLBACK_PATTERN = r"^j:"


# --- /nadleznost -----------------------------------------------------------------------------


def _describe(current: OfficerJurisdiction) -> str:
    if current.code is None:
        return texts.NADLEZNOST_NONE
    how = texts.NADLEZNOST_HOW.get(current.source, "")
    return texts.NADLEZNOST_CURRENT.format(name=jurisdictions.name_of(current.code), code=current.code, how=how)


def _keyboard(codes: list[str], target: int | None = None) -> InlineKeyboardMarkup:
    suffix = f":{target}" if target is not None else ""
    buttons = [
        InlineKeyboardButton(f"{jurisdictions.name_of(c)} ({c})", callback_data=f"{CALLBACK_PREFIX}{c}{suffix}")
        for c in codes
    ]
    return InlineKeyboardMarkup([buttons[i : i + 2] for i in range(0, len(buttons), 2)])


async def _choices(context: Context) -> list[str]:
    d = deps(context)
    return choices(await d.cpu.call("jurisdictions", d.retriever.jurisdictions))


async def cmd_nadleznost(update: Update, context: Context) -> None:
    """`/nadleznost`: show one's jurisdiction, with buttons while it may still be chosen (always for admins).

    Admins: `/nadleznost ID` (buttons for that officer), `/nadleznost ID RS`, `/nadleznost ID -` (back to
    the settings / default)."""
    d = deps(context)
    officers = context.bot_data.officers
    user_id = sender_id(update)
    chat_id = chat_id_of(update)
    args = context.args or []
    admin = d.access.is_admin(user_id)
    if officers is None:
        await say(context.bot, chat_of(update), texts.NADLEZNOST_NONE)
        return
    if args and admin and looks_numeric(args[0]):  # an officer's id: ASCII digits only ("²" is not one)
        target = ascii_int(args[0])
        if target is None:
            await answer_usage(update, context, "nadleznost", texts.BAD_ARGUMENT.format(argument=args[0][:40]))
            return
        await _admin_command(update, context, officers, target, args[1:])
        return
    if args:
        code = await _code_or_usage(update, context, args)
        if code is None:
            return
        if admin:
            await officers.assign(user_id, code)
        elif not await officers.choose(user_id, code):
            await say(
                context.bot, chat_of(update), f"{_describe(await officers.get(user_id))}\n{texts.NADLEZNOST_LOCKED}"
            )
            return
        await say(context.bot, chat_of(update), _set_text(code))
        return
    current = await officers.get(user_id)
    if current.chosen and not admin:
        await say(context.bot, chat_of(update), f"{_describe(current)}\n{texts.NADLEZNOST_LOCKED}")
        return
    text = escape(f"{_describe(current)}\n{texts.NADLEZNOST_CHOOSE}")
    if admin:
        text += "\n" + texts.NADLEZNOST_ADMIN_USAGE_HTML
    await context.bot.send_message(
        chat_id, text, parse_mode=ParseMode.HTML, reply_markup=_keyboard(await _choices(context))
    )


async def _code_or_usage(update: Update, context: Context, words: list[str]) -> str | None:
    """The jurisdiction the words name, or None after telling the sender the known codes and the usage."""
    code = jurisdictions.find(" ".join(words))
    if code is None:
        await answer_usage(
            update,
            context,
            "nadleznost",
            texts.NADLEZNOST_UNKNOWN.format(code=" ".join(words)[:40], known=jurisdictions.known_codes()),
        )
    return code


def _set_text(code: str) -> str:
    return texts.NADLEZNOST_SET.format(
        name=jurisdictions.name_of(code), code=code, codes=", ".join(jurisdictions.scope_of(code))
    )


async def _admin_command(update: Update, context: Context, officers: Officers, target: int, rest: list[str]) -> None:
    if not rest:
        current = await officers.get(target)
        text = texts.NADLEZNOST_ADMIN_CHOOSE.format(user_id=target, current=current.code or "–")
        await context.bot.send_message(
            chat_id_of(update),
            escape(text),
            parse_mode=ParseMode.HTML,
            reply_markup=_keyboard(await _choices(context), target),
        )
        return
    if rest[0] == "-":
        await officers.clear(target)
        current = await officers.get(target)
        await say(
            context.bot,
            chat_of(update),
            texts.NADLEZNOST_ADMIN_CLEARED.format(user_id=target, current=current.code or "–"),
        )
        return
    code = await _code_or_usage(update, context, rest)
    if code is None:
        return
    await officers.assign(target, code)
    await say(
        context.bot,
        chat_of(update),
        texts.NADLEZNOST_ADMIN_SET.format(user_id=target, name=jurisdictions.name_of(code), code=code),
    )


async def on_jurisdiction_button(update: Update, context: Context) -> None:
    """`j:RS` (the officer's own choice, once) or `j:RS:424242` (an admin setting someone's)."""
    d = deps(context)
    officers = context.bot_data.officers
    query = query_of(update)
    presser = sender_id(update)
    parts = (query.data or "").split(":")
    # PTB hands a button with empty data to every pattern handler: only "j:…" data is ours.
    target = ascii_int(parts[2]) if len(parts) == 3 else presser
    valid = parts[0] == "j" and len(parts) in (2, 3) and target is not None
    code = jurisdictions.find(parts[1]) if valid else None
    if code is None or officers is None or target is None:
        await query.answer(texts.ANSWER_GONE)
        return
    admin = d.access.is_admin(presser)
    if target != presser and not admin:
        await query.answer(texts.ADMINS_ONLY)
        return
    if admin:
        await officers.assign(target, code)
        done = (
            texts.NADLEZNOST_ADMIN_SET.format(user_id=target, name=jurisdictions.name_of(code), code=code)
            if target != presser
            else _set_text(code)
        )
    elif not await officers.choose(presser, code):
        await query.answer(texts.NADLEZNOST_LOCKED, show_alert=True)
        return
    else:
        done = _set_text(code)
    await query.answer()
    try:
        await query.edit_message_text(escape(done), parse_mode=ParseMode.HTML)
    except BadRequest:  # the message is too old to edit: say it anew
        await context.bot.send_message(chat_id_of(update), escape(done), parse_mode=ParseMode.HTML)


# --- /uporedi and "isto u RS?" -------------------------------------------------------------------


async def cmd_uporedi(update: Update, context: Context) -> None:
    """`/uporedi` (the last article), `/uporedi KZ RS 124` (that one) or `/uporedi ubistvo` (the best article
    for that, in the officer's own law)."""
    text = " ".join(context.args or [])
    await answer_compare(update, context, text, targets=None)


async def answer_compare(update: Update, context: Context, text: str, targets: list[str] | None) -> None:
    """Find the source article (named in `text`, or the last one shown) and show its parallels. `text` is masked
    here (masking is idempotent: a question that was masked on arrival stays as it is), since it is searched —
    and so sent to Claude's rewrite — and logged."""
    d = deps(context)
    text = d.pipeline.mask(text).text
    user_id = sender_id(update)
    started = time.perf_counter()
    scope = await scope_for(context, user_id)
    source_id: str | None = None
    if text and targets is None:
        named = await d.cpu.call(user_id, d.retriever.resolve_reference, text, scope)
        if named:
            source_id = named[0].id
        else:
            found = await d.cpu.call(user_id, d.retriever.search, text, 1, None, scope)
            source_id = found.hits[0].id if found.hits else None
    else:  # in memory; after a restart, from the query log (the officer's latest answer of the day)
        source_id = compare.last_article(context.bot_data, user_id) or await d.log.last_seen_article(user_id)
    if source_id is None:
        await context.bot.send_message(chat_id_of(update), texts.UPOREDI_WHAT_HTML, parse_mode=ParseMode.HTML)
        return
    comparison = await d.cpu.call(user_id, d.retriever.parallels, source_id, targets)
    if comparison is None:
        await context.bot.send_message(chat_id_of(update), texts.UPOREDI_WHAT_HTML, parse_mode=ParseMode.HTML)
        return
    shown = compare.compared_articles(comparison)
    compare.remember(context.bot_data, user_id, source_id)
    row_id = await d.log.record_lookup(
        user_id=user_id, text=text or "/uporedi", articles=shown, total_ms=(time.perf_counter() - started) * 1000
    )
    markup = answer_keyboard(row_id, shown) if row_id else None
    await send_html(
        context.bot,
        chat_id_of(update),
        compare.format_comparison(comparison),
        markup,
        reply_to=message_of(update).message_id,
    )
