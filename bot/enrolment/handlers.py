"""The Telegram side of enrolment: a stranger's /start (request or invite), the admins' buttons, /pozivnica,
/ukloni and /sluzbenici.

A stranger's update never reaches group 0: the gate (`bot.gate`) hands a private "/start" or "/start CODE" to
`Enrolment.stranger_start` in the background and refuses the update as before, so nothing a stranger sends is
stored but what the request needs (their id, name and @username, until it is decided or expires).
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update, User
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot import texts
from bot.deps import deps
from bot.enrolment import invites
from bot.enrolment.roster import Roster
from bot.enrolment.store import FILE_NAME, EnrolmentStore, Officer, Request, display_of
from bot.formatting import escape
from bot.ids import ascii_int
from bot.officers import choices
from bot.replies import say, send_html
from retrieval import jurisdictions

log = logging.getLogger("bot.enrolment")

BOT_DATA_KEY = "kodeks_enrolment"
CALLBACK_PATTERN = r"^e:"
PAGE = 15
MAX_PENDING = 200


@dataclass
class Enrolment:
    """Built once per process (`build`); reached through `enrolment_of(context.bot_data)`."""

    store: EnrolmentStore
    roster: Roster
    salt: str
    settings: Any
    ids_by_hash: dict[str, int]  # ids named in the settings: shown to admins, never stored

    @classmethod
    def build(cls, settings: Any, hasher: Any) -> "Enrolment":
        """Open officers.sqlite3, seed it from KODEKS_ALLOWED_USERS / KODEKS_ADMINS, load the roster."""
        store = EnrolmentStore(settings.data_dir / FILE_NAME, hasher, keep_ids=not settings.hash_user_ids,
                               audit_days=settings.audit_retention_days)
        store.sync_settings(settings.allowed_users, settings.admins)
        roster = Roster(store.path, store.active_hashes, hasher)
        roster.refresh(force=True)
        ids = {hasher(uid): uid for uid in settings.allowed_users | settings.admins}
        return cls(store, roster, settings.hash_salt(), settings, ids)

    @staticmethod
    def wants(update: Update) -> bool:
        """A private "/start" (or "/start CODE") from someone the gate refuses."""
        message, chat = update.message, update.effective_chat
        return (message is not None and chat is not None and chat.type == ChatType.PRIVATE
                and (message.text or "").split(maxsplit=1)[:1] in (["/start"], [f"/start@{message.get_bot().username}"]))

    # --- a stranger's /start -------------------------------------------------------------------------

    async def stranger_start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user = update.effective_user
        parts = (update.message.text or "").split(maxsplit=1)
        if len(parts) == 2 and parts[1].strip():
            await self._use_invite(update, context, user, parts[1].strip())
            return
        admins = sorted(self.settings.admins)
        if not admins:
            await say(update, context, texts.ENROL_NO_ADMINS)
            return
        status, request = await asyncio.to_thread(
            self.store.request, user.id, user.full_name, user.username, hours=self.settings.enrolment_request_hours,
            per_hour=self.settings.enrolment_requests_per_hour, max_pending=MAX_PENDING)
        if request is None:
            await say(update, context, {"pending": texts.ENROL_PENDING, "rejected": texts.ENROL_REJECTED}.get(
                status, texts.ENROL_BUSY))
            return
        await say(update, context, texts.ENROL_SENT)
        text = texts.ENROL_REQUEST_HTML.format(name=escape(user.full_name or "–"),
                                               username=escape(f"@{user.username}" if user.username else "–"),
                                               user_id=user.id, expires=request.expires[:16])
        markup = InlineKeyboardMarkup([[InlineKeyboardButton(texts.BUTTON_APPROVE, callback_data=f"e:ok:{request.token}"),
                                        InlineKeyboardButton(texts.BUTTON_REJECT, callback_data=f"e:no:{request.token}")]])
        notices = []
        for admin in admins:
            try:
                sent = await context.bot.send_message(admin, text, parse_mode=ParseMode.HTML, reply_markup=markup)
                notices.append((admin, sent.message_id))
            except TelegramError as exc:  # an admin who never opened the bot: the others still get it
                log.warning("enrolment request not delivered to an admin (%s)", type(exc).__name__)
        await asyncio.to_thread(self.store.set_notices, request.token, notices)

    async def _use_invite(self, update: Update, context: ContextTypes.DEFAULT_TYPE, user: User, code: str) -> None:
        ok, jurisdiction, by = await asyncio.to_thread(self.store.use_invite, invites.code_hash(code[:64], self.salt))
        if not ok:
            await say(update, context, texts.INVITE_INVALID)
            return
        await asyncio.to_thread(self.store.enrol, user.id, name=user.full_name, username=user.username, source="invite",
                                by=by or "invite", jurisdiction=jurisdiction)
        self.roster.refresh(force=True)
        await say(update, context, texts.ENROL_APPROVED.format(jurisdiction=_jurisdiction_name(jurisdiction)))

    # --- the admins' side ----------------------------------------------------------------------------

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """`e:ok:T` (approve: choose the jurisdiction), `e:j:T:CODE` (approve with it), `e:no:T`, `e:p:N` (a page)."""
        query = update.callback_query
        admin = update.effective_user
        if not deps(context).access.is_admin(admin.id):
            await query.answer(texts.ADMINS_ONLY)
            return
        parts = (query.data or "").split(":")
        if parts[1:2] == ["p"] and len(parts) == 3 and (number := ascii_int(parts[2])) is not None:
            await query.answer()
            text, markup = await self.page(number)
            await _edit(query, text, markup)
            return
        request = await asyncio.to_thread(self.store.pending, parts[2]) if len(parts) >= 3 else None
        if request is None:
            await query.answer(texts.ENROL_GONE, show_alert=True)
            return
        name = display_of(request.name, request.username)
        if parts[1] == "ok" and len(parts) == 3:
            codes = choices(await asyncio.to_thread(deps(context).retriever.jurisdictions))
            buttons = [InlineKeyboardButton(f"{jurisdictions.name_of(c)} ({c})", callback_data=f"e:j:{request.token}:{c}")
                       for c in codes]
            buttons.append(InlineKeyboardButton(texts.ENROL_NO_JURISDICTION, callback_data=f"e:j:{request.token}:-"))
            await query.answer()
            await _edit(query, escape(texts.ENROL_CHOOSE_JURISDICTION.format(name=name)),
                        InlineKeyboardMarkup([buttons[i: i + 2] for i in range(0, len(buttons), 2)]))
        elif parts[1] == "j" and len(parts) == 4:
            code = None if parts[3] == "-" else jurisdictions.find(parts[3])
            await self._approve(context, request, admin, code)
            await query.answer()
            done = texts.ENROL_DONE_APPROVED.format(name=name, admin=_admin_name(admin), jurisdiction=code or "zadana")
            await self._close_notices(context, request, done)
        elif parts[1] == "no" and len(parts) == 3:
            if await asyncio.to_thread(self.store.reject, request, _admin_name(admin)):
                await _tell(context, request.user_id, texts.ENROL_REJECTED)
            await query.answer()
            await self._close_notices(context, request, texts.ENROL_DONE_REJECTED.format(name=name, admin=_admin_name(admin)))
        else:
            await query.answer(texts.ENROL_GONE)

    async def _approve(self, context: ContextTypes.DEFAULT_TYPE, request: Request, admin: User, code: str | None) -> None:
        assert request.user_id is not None
        await asyncio.to_thread(self.store.enrol, request.user_id, name=request.name, username=request.username,
                                source="request", by=_admin_name(admin), jurisdiction=code)
        self.roster.refresh(force=True)
        await _tell(context, request.user_id, texts.ENROL_APPROVED.format(jurisdiction=_jurisdiction_name(code)))

    async def _close_notices(self, context: ContextTypes.DEFAULT_TYPE, request: Request, text: str) -> None:
        """Every admin's copy of the request now says how it was decided (and has no buttons)."""
        for chat_id, message_id in request.notices:
            try:
                await context.bot.edit_message_text(escape(text), chat_id=chat_id, message_id=message_id,
                                                    parse_mode=ParseMode.HTML)
            except TelegramError as exc:
                log.info("could not update an admin's copy of a request (%s)", type(exc).__name__)

    async def cmd_pozivnica(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        settings = self.settings
        try:
            uses, days, code = invites.parse(list(context.args or []), settings.invite_max_uses, settings.invite_max_days)
        except ValueError:
            await context.bot.send_message(update.effective_chat.id, texts.INVITE_USAGE_HTML.format(
                max_uses=settings.invite_max_uses, max_days=settings.invite_max_days), parse_mode=ParseMode.HTML)
            return
        secret = invites.new_code()
        expires = datetime.now(UTC) + timedelta(days=days)
        await asyncio.to_thread(self.store.add_invite, invites.code_hash(secret, self.salt), uses=uses, expires=expires,
                                jurisdiction=code, by=_admin_name(update.effective_user))
        link = invites.link(context.bot.username, secret)
        await context.bot.send_message(update.effective_chat.id, texts.INVITE_CREATED_HTML.format(
            link=escape(link), expires=expires.strftime("%Y-%m-%d %H:%M"), uses=uses,
            jurisdiction=escape(_jurisdiction_name(code))), parse_mode=ParseMode.HTML)

    async def cmd_ukloni(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        args = context.args or []
        if len(args) != 1:
            await context.bot.send_message(update.effective_chat.id, texts.UKLONI_USAGE_HTML, parse_mode=ParseMode.HTML)
            return
        who = args[0]
        officer = await asyncio.to_thread(self.store.find, who)
        if officer is None:
            await say(update, context, texts.UKLONI_NOT_FOUND.format(who=who[:40]))
            return
        name = self.name_of(officer)
        if officer.role == "admin" and self.ids_by_hash.get(officer.user_hash) in self.settings.admins:
            await say(update, context, texts.UKLONI_ADMIN.format(name=name))
            return
        await asyncio.to_thread(self.store.revoke, officer, _admin_name(update.effective_user))
        self.roster.refresh(force=True)
        await say(update, context, texts.UKLONI_DONE.format(name=name))

    async def cmd_sluzbenici(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        args = context.args or []
        number = ascii_int(args[0]) if args else None
        page = number if number is not None else 1
        text, markup = await self.page(page)
        await send_html(context, update.effective_chat.id, [text], markup)

    async def page(self, page: int) -> tuple[str, InlineKeyboardMarkup | None]:
        total = await asyncio.to_thread(self.store.count)
        if not total:
            return escape(texts.SLUZBENICI_NONE), None
        pages = max(1, math.ceil(total / PAGE))
        page = min(max(page, 1), pages)
        rows = await asyncio.to_thread(lambda: self.store.officers(offset=(page - 1) * PAGE, limit=PAGE))
        lines = [texts.SLUZBENICI_HEADING.format(count=total, page=page, pages=pages)]
        lines += [texts.SLUZBENICI_LINE.format(name=self.name_of(o), since=o.since[:10], by=o.enrolled_by,
                                               jurisdiction=self.jurisdiction_of(o)) for o in rows]
        buttons = []
        if page > 1:
            buttons.append(InlineKeyboardButton(texts.BUTTON_PREVIOUS, callback_data=f"e:p:{page - 1}"))
        if page < pages:
            buttons.append(InlineKeyboardButton(texts.BUTTON_NEXT, callback_data=f"e:p:{page + 1}"))
        return escape("\n".join(lines)), InlineKeyboardMarkup([buttons]) if buttons else None

    def name_of(self, officer: Officer) -> str:
        """Name and @username as at enrolment; an officer from the settings by the id the settings name."""
        if officer.name or officer.username:
            return officer.display
        uid = officer.user_id or self.ids_by_hash.get(officer.user_hash)
        return f"ID {uid}" if uid else f"#{officer.user_hash[:8]}"

    def jurisdiction_of(self, officer: Officer) -> str:
        uid = self.ids_by_hash.get(officer.user_hash)
        code = officer.jurisdiction or (self.settings.user_jurisdictions.get(uid) if uid else None) \
            or self.settings.default_jurisdiction
        return code or "–"


def enrolment_of(bot_data: Any) -> Enrolment | None:
    return bot_data.get(BOT_DATA_KEY)


def _admin_name(user: User) -> str:
    return display_of(user.full_name, user.username)


def _jurisdiction_name(code: str | None) -> str:
    return f"{jurisdictions.name_of(code)} ({code})" if code else "zadana"


async def _tell(context: ContextTypes.DEFAULT_TYPE, chat_id: int | None, text: str) -> None:
    if chat_id is None:
        return
    try:
        await context.bot.send_message(chat_id, escape(text), parse_mode=ParseMode.HTML)
    except TelegramError as exc:  # they blocked the bot meanwhile: the decision stands
        log.info("could not tell an applicant the decision (%s)", type(exc).__name__)


async def _edit(query: Any, text: str, markup: InlineKeyboardMarkup | None) -> None:
    try:
        await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup)
    except TelegramError as exc:  # "message is not modified", too old
        log.info("could not edit an enrolment message (%s)", type(exc).__name__)


# Handlers for bot/app.py: admins only (the gate has admitted the update; `guarded` wraps these there).
async def _admin_only(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Enrolment | None:
    enrolment = enrolment_of(context.bot_data)
    if enrolment is None or not deps(context).access.is_admin(update.effective_user.id):
        await say(update, context, texts.ADMINS_ONLY)
        return None
    return enrolment


async def cmd_pozivnica(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (enrolment := await _admin_only(update, context)) is not None:
        await enrolment.cmd_pozivnica(update, context)


async def cmd_ukloni(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (enrolment := await _admin_only(update, context)) is not None:
        await enrolment.cmd_ukloni(update, context)


async def cmd_sluzbenici(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (enrolment := await _admin_only(update, context)) is not None:
        await enrolment.cmd_sluzbenici(update, context)


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    enrolment = enrolment_of(context.bot_data)
    if enrolment is None:
        await update.callback_query.answer(texts.ANSWER_GONE)
        return
    await enrolment.on_button(update, context)
