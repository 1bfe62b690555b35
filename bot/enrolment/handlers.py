"""The Telegram side of enrolment: a stranger's /start (request or invite), the admins' buttons, /pozivnica,
/pozivnice, /ukloni and /sluzbenici. A removed officer is blocked from every invite (the admins are asked
instead), and every use of an invite is announced to the admins.

A stranger's update never reaches group 0: the gate (`bot.gate`) hands a private "/start" or "/start CODE" to
`Enrolment.stranger_start` in the background and refuses the update as before, so nothing a stranger sends is
stored but what the request needs (their id, name and @username, until it is decided or expires).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update, User
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError

from bot import texts
from bot.deps import deps
from bot.enrolment import invites
from bot.enrolment.roster import Roster
from bot.enrolment.store import EnrolmentStore, Officer, Request, display_of, invite_id, officers_db
from bot.formatting import escape
from bot.gate import chat_id_of, new_message_of, query_of, sender_id, sender_of
from bot.ids import ascii_int
from bot.officers import choices
from bot.replies import chat_of, say, send_html
from bot.state import Context
from kodeks.settings import Settings
from retrieval import jurisdictions

log = logging.getLogger("bot.enrolment")

CALLBACK_PATTERN = r"^e:"
PAGE = 15
MAX_PENDING = 200
INVITES_SHOWN = 30  # /pozivnice lists (and offers buttons for) this many, newest first
REVOKE_WORDS = {"opozovi", "ukloni", "obrisi", "obriši"}


@dataclass
class Enrolment:
    """Built once per process (`build`); reached through `context.bot_data.enrolment`."""

    store: EnrolmentStore
    roster: Roster
    salt: str
    settings: Settings
    ids_by_hash: dict[str, int]  # ids named in the settings: shown to admins, never stored

    @classmethod
    def build(cls, settings: Settings, hasher: Callable[[int], str]) -> Enrolment:
        """Open officers.sqlite3 (or KODEKS_DATABASE_URL), seed it from KODEKS_ALLOWED_USERS / KODEKS_ADMINS,
        load the roster."""
        url = settings.database_url.get_secret_value() if settings.database_url else None
        store = EnrolmentStore(
            officers_db(settings.data_dir, url),
            hasher,
            keep_ids=not settings.hash_user_ids,
            audit_days=settings.audit_retention_days,
        )
        store.sync_settings(settings.allowed_users, settings.admins)
        if store.path is not None:  # the file's own change signal: its modification time
            roster = Roster(store.path, store.active_hashes, hasher)
        else:  # the database's roster version, read per check on a connection of its own (not behind a write)
            watch = EnrolmentStore(officers_db(settings.data_dir, url), hasher)
            roster = Roster(watch.version, store.active_hashes, hasher)
        roster.refresh(force=True)
        ids = {hasher(uid): uid for uid in settings.allowed_users | settings.admins}
        return cls(store, roster, settings.hash_salt(), settings, ids)

    @staticmethod
    def wants(update: Update) -> bool:
        """A private "/start" (or "/start CODE") from someone the gate refuses."""
        message, chat = update.message, update.effective_chat
        return (
            message is not None
            and chat is not None
            and chat.type == ChatType.PRIVATE
            and (message.text or "").split(maxsplit=1)[:1] in (["/start"], [f"/start@{message.get_bot().username}"])
        )

    # --- a stranger's /start -------------------------------------------------------------------------

    async def stranger_start(self, update: Update, context: Context) -> None:
        user = sender_of(update)
        parts = (new_message_of(update).text or "").split(maxsplit=1)
        if len(parts) == 2 and parts[1].strip():
            await self._use_invite(update, context, user, parts[1].strip())
            return
        removed = await asyncio.to_thread(self.store.removed, user.id)
        note = (
            texts.ENROL_REQUEST_REMOVED_HTML.format(
                when=(removed.revoked_at or "")[:16], by=escape(removed.revoked_by or "–")
            )
            if removed is not None
            else ""
        )
        await self._ask_admins(update, context, user, note=note)

    async def _ask_admins(
        self, update: Update, context: Context, user: User, *, note: str = "", prefix: str = ""
    ) -> None:
        """A request to the admins (Odobri / Odbij), within the request limits; `prefix` goes before what the
        person is told, `note` under the request the admins get."""
        admins = sorted(self.settings.admins)
        if not admins:
            await say(context.bot, chat_of(update), prefix + texts.ENROL_NO_ADMINS)
            return
        status, request = await asyncio.to_thread(
            self.store.request,
            user.id,
            user.full_name,
            user.username,
            hours=self.settings.enrolment_request_hours,
            per_hour=self.settings.enrolment_requests_per_hour,
            max_pending=MAX_PENDING,
        )
        if request is None:
            await say(
                context.bot,
                chat_of(update),
                prefix
                + {"pending": texts.ENROL_PENDING, "rejected": texts.ENROL_REJECTED}.get(status, texts.ENROL_BUSY),
            )
            return
        await say(context.bot, chat_of(update), prefix + texts.ENROL_SENT)
        text = (
            texts.ENROL_REQUEST_HTML.format(
                name=escape(user.full_name or "–"),
                username=escape(f"@{user.username}" if user.username else "–"),
                user_id=user.id,
                expires=request.expires[:16],
            )
            + note
        )
        markup = InlineKeyboardMarkup(
            [
                [
                    InlineKeyboardButton(texts.BUTTON_APPROVE, callback_data=f"e:ok:{request.token}"),
                    InlineKeyboardButton(texts.BUTTON_REJECT, callback_data=f"e:no:{request.token}"),
                ]
            ]
        )
        notices = await self._to_admins(context, text, markup)
        await asyncio.to_thread(self.store.set_notices, request.token, notices)

    async def _to_admins(
        self, context: Context, html: str, markup: InlineKeyboardMarkup | None = None
    ) -> list[tuple[int, int]]:
        """Send `html` to every admin of KODEKS_ADMINS; returns (chat, message) of each copy delivered."""
        notices = []
        for admin in sorted(self.settings.admins):
            try:
                sent = await context.bot.send_message(admin, html, parse_mode=ParseMode.HTML, reply_markup=markup)
                notices.append((admin, sent.message_id))
            except TelegramError as exc:  # an admin who never opened the bot: the others still get it
                log.warning("enrolment notice not delivered to an admin (%s)", type(exc).__name__)
        return notices

    async def _use_invite(self, update: Update, context: Context, user: User, code: str) -> None:
        """Enrol through an invite — unless the person was removed: then nothing is taken from the invite, they
        are told, and the admins get a request (Odobri / Odbij) saying so. Every use is announced to the admins."""
        used = await asyncio.to_thread(
            self.store.enrol_by_invite,
            invites.code_hash(code[:64], self.salt),
            user.id,
            name=user.full_name,
            username=user.username,
        )
        if used.status == "invalid" or used.invite is None:
            await say(context.bot, chat_of(update), texts.INVITE_INVALID)
            return
        invite = used.invite
        if used.status == "removed":
            log.info("a removed officer opened invite %s: not enrolled, admins asked", invite.id)
            removed = used.officer
            note = texts.INVITE_BLOCKED_NOTE_HTML.format(
                when=(removed.revoked_at or "")[:16] if removed else "–",
                by=escape((removed.revoked_by if removed else None) or "–"),
                invite=invite.id,
            )
            await self._ask_admins(update, context, user, note=note, prefix=texts.INVITE_REMOVED + " ")
            return
        self.roster.refresh(force=True)
        await say(
            context.bot,
            chat_of(update),
            texts.ENROL_APPROVED.format(jurisdiction=_jurisdiction_name(invite.jurisdiction)),
        )
        await self._to_admins(
            context,
            texts.INVITE_USED_HTML.format(
                name=escape(user.full_name or "–"),
                username=escape(f"@{user.username}" if user.username else "–"),
                user_id=user.id,
                invite=invite.id,
                by=escape(invite.created_by),
                jurisdiction=escape(_jurisdiction_name(invite.jurisdiction)),
                left=invite.uses_left,
                uses=invite.uses,
            ),
        )

    # --- the admins' side ----------------------------------------------------------------------------

    async def on_button(self, update: Update, context: Context) -> None:
        """`e:ok:T` (approve: choose the jurisdiction), `e:j:T:CODE` (approve with it), `e:no:T`, `e:p:N` (a page),
        `e:inv:ID` (revoke an open invite)."""
        query = query_of(update)
        admin = sender_of(update)
        if not deps(context).access.is_admin(admin.id):
            await query.answer(texts.ADMINS_ONLY)
            return
        parts = (query.data or "").split(":")
        if parts[1:2] == ["p"] and len(parts) == 3 and (number := ascii_int(parts[2])) is not None:
            await query.answer()
            text, markup = await self.page(number)
            await _edit(query, text, markup)
            return
        if parts[1:2] == ["inv"] and len(parts) == 3:
            await self._revoke_invite_button(query, admin, parts[2])
            return
        request = await asyncio.to_thread(self.store.pending, parts[2]) if len(parts) >= 3 else None
        if request is None:
            await query.answer(texts.ENROL_GONE, show_alert=True)
            return
        name = display_of(request.name, request.username)
        if parts[1] == "ok" and len(parts) == 3:
            codes = choices(await asyncio.to_thread(deps(context).retriever.jurisdictions))
            buttons = [
                InlineKeyboardButton(f"{jurisdictions.name_of(c)} ({c})", callback_data=f"e:j:{request.token}:{c}")
                for c in codes
            ]
            buttons.append(InlineKeyboardButton(texts.ENROL_NO_JURISDICTION, callback_data=f"e:j:{request.token}:-"))
            await query.answer()
            await _edit(
                query,
                escape(texts.ENROL_CHOOSE_JURISDICTION.format(name=name)),
                InlineKeyboardMarkup([buttons[i : i + 2] for i in range(0, len(buttons), 2)]),
            )
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
            await self._close_notices(
                context, request, texts.ENROL_DONE_REJECTED.format(name=name, admin=_admin_name(admin))
            )
        else:
            await query.answer(texts.ENROL_GONE)

    async def _approve(self, context: Context, request: Request, admin: User, code: str | None) -> None:
        assert request.user_id is not None
        await asyncio.to_thread(
            self.store.enrol,
            request.user_id,
            name=request.name,
            username=request.username,
            source="request",
            by=_admin_name(admin),
            jurisdiction=code,
        )
        self.roster.refresh(force=True)
        await _tell(context, request.user_id, texts.ENROL_APPROVED.format(jurisdiction=_jurisdiction_name(code)))

    async def _close_notices(self, context: Context, request: Request, text: str) -> None:
        """Every admin's copy of the request now says how it was decided (and has no buttons)."""
        for chat_id, message_id in request.notices:
            try:
                await context.bot.edit_message_text(
                    escape(text), chat_id=chat_id, message_id=message_id, parse_mode=ParseMode.HTML
                )
            except TelegramError as exc:
                log.info("could not update an admin's copy of a request (%s)", type(exc).__name__)

    async def cmd_pozivnica(self, update: Update, context: Context) -> None:
        settings = self.settings
        try:
            uses, days, code = invites.parse(
                list(context.args or []), settings.invite_max_uses, settings.invite_max_days
            )
        except ValueError:
            await context.bot.send_message(
                chat_id_of(update),
                texts.INVITE_USAGE_HTML.format(max_uses=settings.invite_max_uses, max_days=settings.invite_max_days),
                parse_mode=ParseMode.HTML,
            )
            return
        secret = invites.new_code()
        expires = datetime.now(UTC) + timedelta(days=days)
        code_hash = invites.code_hash(secret, self.salt)
        await asyncio.to_thread(
            self.store.add_invite,
            code_hash,
            uses=uses,
            expires=expires,
            jurisdiction=code,
            by=_admin_name(sender_of(update)),
        )
        link = invites.link(context.bot.username, secret)
        await context.bot.send_message(
            chat_id_of(update),
            texts.INVITE_CREATED_HTML.format(
                link=escape(link),
                expires=expires.strftime("%Y-%m-%d %H:%M"),
                uses=uses,
                id=invite_id(code_hash),
                jurisdiction=escape(_jurisdiction_name(code)),
            ),
            parse_mode=ParseMode.HTML,
        )

    async def cmd_pozivnice(self, update: Update, context: Context) -> None:
        """`/pozivnice`: the open invites, a revoke button under each; `/pozivnice opozovi OZNAKA` revokes one."""
        args = list(context.args or [])
        chat_id = chat_id_of(update)
        if len(args) == 2 and args[0].casefold() in REVOKE_WORDS:
            revoked = await asyncio.to_thread(self.store.revoke_invite, args[1], _admin_name(sender_of(update)))
            if revoked is None:
                await say(context.bot, chat_of(update), texts.POZIVNICE_NOT_FOUND.format(id=args[1][:16]))
                return
            await say(context.bot, chat_of(update), texts.POZIVNICE_REVOKED.format(id=revoked.id))
            return
        if args:
            await context.bot.send_message(chat_id, texts.POZIVNICE_USAGE_HTML, parse_mode=ParseMode.HTML)
            return
        text, markup = await self.invite_list()
        await send_html(context.bot, chat_id, [text], markup)

    async def invite_list(self, first_line: str = "") -> tuple[str, InlineKeyboardMarkup | None]:
        """The open invites (at most INVITES_SHOWN, newest first), one revoke button each."""
        open_ = await asyncio.to_thread(self.store.open_invites)
        lines = [first_line] if first_line else []
        if not open_:
            return escape("\n".join([*lines, texts.POZIVNICE_NONE])), None
        shown = open_[:INVITES_SHOWN]
        lines.append(texts.POZIVNICE_HEADING.format(count=len(open_)))
        lines += [
            texts.POZIVNICE_LINE.format(
                id=i.id,
                left=i.uses_left,
                uses=i.uses,
                expires=i.expires[:16],
                jurisdiction=i.jurisdiction or "zadana",
                by=i.created_by,
            )
            for i in shown
        ]
        if len(open_) > len(shown):
            lines.append(texts.POZIVNICE_MORE.format(n=len(open_) - len(shown)))
        buttons = [
            InlineKeyboardButton(texts.BUTTON_REVOKE_INVITE.format(id=i.id), callback_data=f"e:inv:{i.id}")
            for i in shown
        ]
        return escape("\n".join(lines)), InlineKeyboardMarkup([buttons[i : i + 2] for i in range(0, len(buttons), 2)])

    async def _revoke_invite_button(self, query: CallbackQuery, admin: User, invite_id: str) -> None:
        revoked = await asyncio.to_thread(self.store.revoke_invite, invite_id, _admin_name(admin))
        if revoked is None:
            await query.answer(texts.POZIVNICE_NOT_FOUND.format(id=invite_id[:16]), show_alert=True)
            text, markup = await self.invite_list()
        else:
            await query.answer(texts.POZIVNICE_REVOKED.format(id=revoked.id))
            text, markup = await self.invite_list(texts.POZIVNICE_REVOKED.format(id=revoked.id))
        await _edit(query, text, markup)

    async def cmd_ukloni(self, update: Update, context: Context) -> None:
        args = context.args or []
        if len(args) != 1:
            await context.bot.send_message(chat_id_of(update), texts.UKLONI_USAGE_HTML, parse_mode=ParseMode.HTML)
            return
        who = args[0]
        officer = await asyncio.to_thread(self.store.find, who)
        if officer is None:
            await say(context.bot, chat_of(update), texts.UKLONI_NOT_FOUND.format(who=who[:40]))
            return
        name = self.name_of(officer)
        if officer.role == "admin" and self.ids_by_hash.get(officer.user_hash) in self.settings.admins:
            await say(context.bot, chat_of(update), texts.UKLONI_ADMIN.format(name=name))
            return
        await asyncio.to_thread(self.store.revoke, officer, _admin_name(sender_of(update)))
        self.roster.refresh(force=True)
        await say(context.bot, chat_of(update), texts.UKLONI_DONE.format(name=name))

    async def cmd_sluzbenici(self, update: Update, context: Context) -> None:
        args = context.args or []
        number = ascii_int(args[0]) if args else None
        page = number if number is not None else 1
        text, markup = await self.page(page)
        await send_html(context.bot, chat_id_of(update), [text], markup)

    async def page(self, page: int) -> tuple[str, InlineKeyboardMarkup | None]:
        total = await asyncio.to_thread(self.store.count)
        if not total:
            return escape(texts.SLUZBENICI_NONE), None
        pages = max(1, math.ceil(total / PAGE))
        page = min(max(page, 1), pages)
        rows = await asyncio.to_thread(lambda: self.store.officers(offset=(page - 1) * PAGE, limit=PAGE))
        lines = [texts.SLUZBENICI_HEADING.format(count=total, page=page, pages=pages)]
        lines += [
            texts.SLUZBENICI_LINE.format(
                name=self.name_of(o), since=o.since[:10], by=o.enrolled_by, jurisdiction=self.jurisdiction_of(o)
            )
            for o in rows
        ]
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
        code = (
            officer.jurisdiction
            or (self.settings.user_jurisdictions.get(uid) if uid else None)
            or self.settings.default_jurisdiction
        )
        return code or "–"


def _admin_name(user: User) -> str:
    return display_of(user.full_name, user.username)


def _jurisdiction_name(code: str | None) -> str:
    return f"{jurisdictions.name_of(code)} ({code})" if code else "zadana"


async def _tell(context: Context, chat_id: int | None, text: str) -> None:
    if chat_id is None:
        return
    try:
        await context.bot.send_message(chat_id, escape(text), parse_mode=ParseMode.HTML)
    except TelegramError as exc:  # they blocked the bot meanwhile: the decision stands
        log.info("could not tell an applicant the decision (%s)", type(exc).__name__)


async def _edit(query: CallbackQuery, text: str, markup: InlineKeyboardMarkup | None) -> None:
    try:
        await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup)
    except TelegramError as exc:  # "message is not modified", too old
        log.info("could not edit an enrolment message (%s)", type(exc).__name__)


# Handlers for bot/app.py: admins only (the gate has admitted the update; `guarded` wraps these there).
async def _admin_only(update: Update, context: Context) -> Enrolment | None:
    enrolment = context.bot_data.enrolment
    if enrolment is None or not deps(context).access.is_admin(sender_id(update)):
        await say(context.bot, chat_of(update), texts.ADMINS_ONLY)
        return None
    return enrolment


async def cmd_pozivnica(update: Update, context: Context) -> None:
    if (enrolment := await _admin_only(update, context)) is not None:
        await enrolment.cmd_pozivnica(update, context)


async def cmd_pozivnice(update: Update, context: Context) -> None:
    if (enrolment := await _admin_only(update, context)) is not None:
        await enrolment.cmd_pozivnice(update, context)


async def cmd_ukloni(update: Update, context: Context) -> None:
    if (enrolment := await _admin_only(update, context)) is not None:
        await enrolment.cmd_ukloni(update, context)


async def cmd_sluzbenici(update: Update, context: Context) -> None:
    if (enrolment := await _admin_only(update, context)) is not None:
        await enrolment.cmd_sluzbenici(update, context)


async def on_button(update: Update, context: Context) -> None:
    enrolment = context.bot_data.enrolment
    if enrolment is None:
        await query_of(update).answer(texts.ANSWER_GONE)
        return
    await enrolment.on_button(update, context)
