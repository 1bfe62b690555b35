"""Admins send a law file to the bot: checked like `kodeks ingest --dry-run`, added on "Dodaj".

    admin sends a PDF / DOCX / TXT / MD   (caption: "KZ FBiH; Kazneni zakon Federacije BiH; FBiH")
      ─► type and size checked from the update (KODEKS_UPLOAD_TYPES, KODEKS_UPLOAD_MAX_MB): nothing downloaded yet
      ─► no jurisdiction in the caption? buttons ask for it
      ─► downloaded (getFile) into $KODEKS_DATA_DIR/uploads/, cut at the limit while read (bot/downloads.py),
         dry run on a worker thread
      ─► the summary: articles, deleted, the first titles, warnings; [Dodaj] [Odustani]
         (a file that would replace most of a loaded law: that warning and [Ipak zamijeni] [Odustani])
      ─► "Dodaj": ingested in the background (one at a time), one progress message edited as it goes,
         then the result; the file is kept in the library (kodeks/library.py)

Only admins: an officer's document gets the usual "text only" reply and a stranger's never reaches a handler
(the gate); neither is downloaded. Buttons work only for the admin who sent the file, for PENDING_MINUTES.
The ingest itself is behind `bot.library.LawLibrary`, given at start-up: this module knows no ingest internals.
The running bot starts answering from the new law when the index it has open is replaced by the new one
(issue 20, part A: the index generations and the bot's switch to a new one).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest, TelegramError

from bot import texts
from bot.deps import Deps, deps
from bot.downloads import DownloadFailed, TooLarge, fetch
from bot.formatting import escape
from bot.gate import chat_id_of, query_of, sender_id, sender_of
from bot.laws import plural_clanova
from bot.library import LawCheck, LawFile, LawLibrary
from bot.refusals import bosnian
from bot.replies import chat_of, say
from bot.state import AppState, Context
from kodeks.errors import CaptionError, KodeksError, UploadTooBig
from kodeks.private_files import private_dir
from retrieval import jurisdictions
from retrieval.types import LawSummary

log = logging.getLogger(__name__)

CALLBACK_PATTERN = r"^u:[0-9a-f]{8}:(add|yes|no|j:[A-Za-z0-9]{1,5})$"
UPLOADS_DIR = "uploads"
PENDING_MINUTES = 30  # an unanswered summary's buttons stop working, and its download is deleted
PROGRESS_EVERY = 3.0  # seconds between edits of the progress message (Telegram allows ~1 edit/s per chat)
MAX_WARNINGS_SHOWN = 10
MAX_LAW_CHARS, MAX_TITLE_CHARS = 60, 300
MB = 1024 * 1024
_KEYS = {
    "law": ("zakon", "law", "naziv", "skraceno", "kratko"),
    "title": ("naslov", "title", "puni naziv"),
    "jurisdiction": ("nadleznost", "jurisdiction"),
}


@dataclass
class Pending:
    """One uploaded file waiting for its admin: its name, where it was downloaded, its dry run."""

    token: str
    admin: int
    chat: int
    file_id: str
    file_name: str
    law: str
    title: str
    jurisdiction: str
    created: float
    path: Path | None = None
    check: LawCheck | None = None
    busy: bool = False


def parse_caption(caption: str | None, file_name: str) -> tuple[str, str, str]:
    """(law, title, jurisdiction) from "KZ FBiH; Kazneni zakon Federacije BiH; FBiH" (parts split by ";", "|"
    or lines, in any order: a known jurisdiction is one; the first other part is the short name, the next
    the title), or from "zakon: KZ FBiH / naslov: … / nadležnost: FBiH". Without a name: the file name."""
    found = {"law": "", "title": "", "jurisdiction": ""}
    for part in (p.strip() for p in re.split(r"[;|\n]", caption or "")):
        if not part:
            continue
        key, sep, value = part.partition(":") if ":" in part else part.partition("=")
        field = next((f for f, words in _KEYS.items() if sep and _plain(key) in words), None)
        if field is None:
            field, value = (
                ("jurisdiction" if jurisdictions.find(part) else "law" if not found["law"] else "title"),
                part,
            )
        found[field] = found[field] or value.strip()
    if found["jurisdiction"]:
        code = jurisdictions.find(found["jurisdiction"])
        if code is None:
            raise CaptionError(
                texts.UPLOAD_UNKNOWN_JURISDICTION.format(
                    code=found["jurisdiction"][:20], known=jurisdictions.known_codes()
                )
            )
        found["jurisdiction"] = code
    law = found["law"] or Path(file_name).stem
    if len(law) > MAX_LAW_CHARS or len(found["title"]) > MAX_TITLE_CHARS:
        raise CaptionError(texts.UPLOAD_CAPTION_TOO_LONG.format(law=MAX_LAW_CHARS, title=MAX_TITLE_CHARS))
    return law, found["title"], found["jurisdiction"]


def _plain(word: str) -> str:
    """ "Nadležnost " → "nadleznost": a caption's keys however they are typed."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.strip().lower()) if not unicodedata.combining(c))


def uploads(context: Context) -> dict[str, Pending]:
    return context.bot_data.uploads


def _forget(context: Context, pending: Pending) -> None:
    uploads(context).pop(pending.token, None)
    if pending.path is not None:
        pending.path.unlink(missing_ok=True)


def _expire(context: Context, folder: Path) -> None:
    """Forget the uploads nobody answered within PENDING_MINUTES, and delete their downloads (also those a
    restart left behind in `folder`)."""
    cutoff = time.monotonic() - PENDING_MINUTES * 60
    for pending in [p for p in uploads(context).values() if p.created < cutoff and not p.busy]:
        _forget(context, pending)
    kept = {p.path for p in uploads(context).values()}
    with contextlib.suppress(OSError):
        for file in folder.iterdir():
            if file not in kept and file.stat().st_mtime < time.time() - PENDING_MINUTES * 60:
                file.unlink(missing_ok=True)


def _button(label: str, token: str, action: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=f"u:{token}:{action}")


def jurisdiction_keyboard(token: str) -> InlineKeyboardMarkup:
    codes = list(jurisdictions.JURISDICTIONS)
    rows = [[_button(code, token, f"j:{code}") for code in codes[i : i + 5]] for i in range(0, len(codes), 5)]
    return InlineKeyboardMarkup([*rows, [_button(texts.UPLOAD_CANCEL, token, "no")]])


def decision_keyboard(token: str, addable: bool, replaces: bool = False) -> InlineKeyboardMarkup:
    """[Dodaj] [Odustani]; a file that would replace most of a loaded law gets [Ipak zamijeni] instead of
    "Dodaj", so adding it is an explicit choice after the warning (`kodeks ingest --yes`)."""
    cancel = _button(texts.UPLOAD_CANCEL, token, "no")
    add = _button(texts.UPLOAD_REPLACE, token, "yes") if replaces else _button(texts.UPLOAD_ADD, token, "add")
    return InlineKeyboardMarkup([[add, cancel] if addable else [cancel]])


# --- the document ----------------------------------------------------------------------------------


async def on_document(update: Update, context: Context) -> None:
    """A document: an admin's law file to check (an officer's gets the usual "text only" reply, unread)."""
    d = deps(context)
    user, message = sender_of(update), update.effective_message
    document = message.document if message is not None else None
    if message is None or document is None or not d.access.is_admin(user.id) or d.library is None:
        await say(context.bot, chat_of(update), texts.NON_TEXT)
        return
    _expire(context, d.settings.data_dir / UPLOADS_DIR)
    name = document.file_name or "zakon"
    suffix = Path(name).suffix.lower()
    allowed = d.settings.upload_suffixes()
    if suffix not in allowed:
        await say(
            context.bot,
            chat_of(update),
            texts.UPLOAD_TYPE.format(suffix=suffix or "(bez nastavka)", types=", ".join(sorted(allowed))),
        )
        return
    limit = d.settings.upload_max_mb
    if (document.file_size or 0) > limit * MB:
        await say(
            context.bot, chat_of(update), texts.UPLOAD_TOO_BIG.format(size=(document.file_size or 0) / MB, limit=limit)
        )
        return
    try:
        law, title, code = parse_caption(message.caption, name)
    except CaptionError as exc:
        await say(context.bot, chat_of(update), str(exc))
        return
    pending = Pending(
        secrets.token_hex(4),
        user.id,
        chat_id_of(update),
        document.file_id,
        name,
        law,
        title,
        code,
        time.monotonic(),
    )
    uploads(context)[pending.token] = pending
    if not code:
        await context.bot.send_message(
            pending.chat,
            escape(texts.UPLOAD_WHICH_JURISDICTION.format(law=law)),
            parse_mode=ParseMode.HTML,
            reply_markup=jurisdiction_keyboard(pending.token),
        )
        return
    status = await context.bot.send_message(
        pending.chat, escape(texts.UPLOAD_CHECKING.format(file=name)), parse_mode=ParseMode.HTML
    )
    await check_upload(context, d, pending, status)


async def check_upload(context: Context, d: Deps, pending: Pending, status: Message) -> None:
    """Download the file and run the dry run on a worker thread; `status` becomes the summary with its buttons."""
    pending.busy = True  # a second jurisdiction button, or "Dodaj", waits for this
    try:
        pending.path = await _download(context, d, pending)
        law_file = LawFile(pending.path, pending.law, pending.title, pending.jurisdiction, pending.file_name)
        check = pending.check = await asyncio.to_thread(library_of(d).check, law_file)
        loaded = {s.law: s for s in await asyncio.to_thread(d.retriever.law_summaries)}
    except UploadTooBig as exc:
        _forget(context, pending)
        await _edit(status, escape(str(exc)))
        return
    except (TelegramError, OSError, DownloadFailed) as exc:
        log.warning("law upload: download failed (%s)", exc if isinstance(exc, DownloadFailed) else type(exc).__name__)
        _forget(context, pending)
        await _edit(status, escape(texts.UPLOAD_DOWNLOAD_FAILED))
        return
    except Exception:
        log.exception("law upload: the check failed")
        _forget(context, pending)
        await _edit(status, escape(texts.UPLOAD_CHECK_FAILED))
        return
    finally:
        pending.busy = False
    await _edit(
        status,
        summary_html(pending, check, loaded.get(check.law)),
        decision_keyboard(pending.token, check.addable, bool(check.replaces)),
    )


def library_of(d: Deps) -> LawLibrary:
    """The law library an upload goes to (offered only when there is one: `on_document` checks first)."""
    if d.library is None:
        raise ValueError("law uploads are not offered without a law library")
    return d.library


async def _download(context: Context, d: Deps, pending: Pending) -> Path:
    folder = private_dir(d.settings.data_dir / UPLOADS_DIR)
    target = folder / f"{pending.token}{Path(pending.file_name).suffix.lower()}"
    remote = await context.bot.get_file(pending.file_id)
    limit = d.settings.upload_max_mb * MB
    if (remote.file_size or 0) > limit:
        raise UploadTooBig(
            texts.UPLOAD_TOO_BIG.format(size=(remote.file_size or 0) / MB, limit=d.settings.upload_max_mb)
        )
    try:  # streamed and cut at the limit, declared or not (bot/downloads.py); a refused file is not kept
        with target.open("wb") as out:
            await fetch(remote, int(limit), out.write)
    except TooLarge:
        target.unlink(missing_ok=True)
        raise UploadTooBig(texts.UPLOAD_OVER_LIMIT.format(limit=d.settings.upload_max_mb)) from None
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    return target


def summary_html(pending: Pending, check: LawCheck, loaded: LawSummary | None = None) -> str:
    """What the admin decides on: the law, its counts, the first titles, the warnings, what it replaces."""
    lines = [
        f"📄 <b>{escape(pending.file_name)}</b> → <b>{escape(check.law)}</b>"
        + (f" ({escape(pending.jurisdiction)})" if pending.jurisdiction else "")
    ]
    if pending.title:
        lines.append(f"<i>{escape(pending.title)}</i>")
    lines.append(
        escape(texts.UPLOAD_COUNTS.format(articles=check.articles, deleted=check.deleted, annexes=check.annexes))
    )
    if check.titles:
        lines.append(escape(texts.UPLOAD_TITLES.format(titles="; ".join(check.titles))))
    if loaded is not None:
        lines.append(escape(texts.UPLOAD_REPLACES.format(law=loaded.law, articles=loaded.articles)))
    for replaced in check.replaces:
        lines.append(
            "<b>"
            + escape(
                texts.UPLOAD_AT_RISK.format(
                    law=replaced.law, in_force=replaced.in_force, removed=replaced.removed, changed=replaced.changed
                )
            )
            + "</b>"
        )
        if replaced.source_before and replaced.source_before != replaced.source_after:
            lines.append(
                escape(texts.UPLOAD_AT_RISK_SOURCE.format(before=replaced.source_before, after=replaced.source_after))
            )
    lines += [escape(line) for line in warning_lines(list(check.errors) or list(check.warnings))]
    if check.duplicate_of:
        lines.append(f"<b>{escape(texts.UPLOAD_DUPLICATE.format(other=check.duplicate_of))}</b>")
    elif not check.addable:
        lines.append(f"<b>{escape(texts.UPLOAD_NOTHING)}</b>")
    elif check.replaces:
        lines.append(escape(texts.UPLOAD_CONFIRM_REPLACE))
    else:
        lines.append(escape(texts.UPLOAD_DECIDE))
    return "\n".join(lines)


def warning_lines(notes: list[str]) -> list[str]:
    """The header "Upozorenja (N):" and the warnings themselves, one line each, in Bosnian, at most
    `MAX_WARNINGS_SHOWN` and then "… i još N" (plain text; nothing when there are none). A count alone
    would tell the admin something is wrong without saying what."""
    if not notes:
        return []
    lines = [texts.UPLOAD_WARNINGS.format(n=len(notes))]
    lines += [f"• {_short(bosnian(w), 200)}" for w in notes[:MAX_WARNINGS_SHOWN]]  # 10 fit in one message
    if len(notes) > MAX_WARNINGS_SHOWN:
        lines.append(texts.UPLOAD_MORE_WARNINGS.format(n=len(notes) - MAX_WARNINGS_SHOWN))
    return lines


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def _edit(message: Message, html: str, markup: InlineKeyboardMarkup | None = None) -> None:
    """Edit a status message (best effort: "not modified" and a vanished message are not failures)."""
    with contextlib.suppress(BadRequest):
        await message.edit_text(html, parse_mode=ParseMode.HTML, reply_markup=markup)


# --- the buttons -------------------------------------------------------------------------------------


async def on_upload_button(update: Update, context: Context) -> None:
    """A jurisdiction, "Dodaj" or "Odustani" under an upload — only from the admin who sent the file."""
    d = deps(context)
    query = query_of(update)
    _, token, action = (query.data or "").split(":", 2)
    pending = uploads(context).get(token)
    if (
        pending is None
        or pending.admin != sender_id(update)
        or not d.access.is_admin(pending.admin)
        or not isinstance(query.message, Message)
    ):
        await query.answer(texts.UPLOAD_GONE)
        return
    if pending.busy:
        await query.answer(texts.UPLOAD_BUSY)
        return
    if action == "no":
        _forget(context, pending)
        await query.answer()
        await _edit(query.message, escape(texts.UPLOAD_CANCELLED.format(file=pending.file_name)))
        return
    if action.startswith("j:"):
        code = jurisdictions.find(action[2:])
        if code is None or pending.path is not None:
            await query.answer(texts.UPLOAD_GONE)
            return
        pending.jurisdiction = code
        await query.answer()
        await _edit(query.message, escape(texts.UPLOAD_CHECKING.format(file=pending.file_name)))
        await check_upload(context, d, pending, query.message)
        return
    if pending.check is None or not pending.check.addable or (action == "yes" and not pending.check.replaces):
        await query.answer(texts.UPLOAD_GONE)
        return
    if action == "add" and pending.check.replaces:  # only "Ipak zamijeni", shown under the warning, adds it
        await query.answer(texts.UPLOAD_CONFIRM_FIRST)
        return
    pending.busy = True
    await query.answer()
    with contextlib.suppress(BadRequest):
        await query.message.edit_reply_markup(None)  # no second "Dodaj"
    context.application.create_task(
        add_upload(context.bot, context.bot_data, pending, confirmed=action == "yes"), name="kodeks:law-upload"
    )


# --- adding ------------------------------------------------------------------------------------------


def _progress_text(pending: Pending, stage: str, done: int, total: int) -> str:
    if stage == "waiting":  # another ingest (kodeks ingest, a second bot) holds the data dir's lock
        since = time.strftime("%H:%M", time.localtime(done)) if done else ""
        return texts.UPLOAD_WAITING_LOCK.format(law=pending.law) + (f", od {since}" if since else "") + "…"
    if stage == "reading" and total:
        return texts.UPLOAD_READING_PAGES.format(file=pending.file_name, done=done, total=total)
    if stage == "embedding" and total:
        return texts.UPLOAD_EMBEDDING.format(law=pending.law, done=done, total=total)
    return texts.UPLOAD_READING.format(file=pending.file_name)


async def add_upload(bot: Bot, shared: AppState, pending: Pending, confirmed: bool = False) -> None:
    """Ingest on a worker thread (one upload at a time), editing one progress message, then say the result.
    `confirmed`: the admin pressed "Ipak zamijeni" under the warning that the file replaces most of a law."""
    d = shared.deps
    progress = await bot.send_message(
        pending.chat, escape(texts.UPLOAD_WAITING.format(law=pending.law)), parse_mode=ParseMode.HTML
    )
    state = {"text": texts.UPLOAD_READING.format(file=pending.file_name)}
    try:
        if pending.path is None:  # the button comes only after the download: never so, but not indexed blind
            raise ValueError("nothing was downloaded")
        law_file = LawFile(pending.path, pending.law, pending.title, pending.jurisdiction, pending.file_name)
        async with shared.upload_lock:
            work = asyncio.ensure_future(
                asyncio.to_thread(
                    library_of(d).add,
                    law_file,
                    lambda stage, done, total: state.update(text=_progress_text(pending, stage, done, total)),
                    confirmed,
                )
            )
            shown = ""
            while not work.done():
                if state["text"] != shown:
                    shown = state["text"]
                    await _edit(progress, escape(shown))
                await asyncio.wait([work], timeout=PROGRESS_EVERY)
            added = work.result()
        check = pending.check  # the dry run's counts: articles in force and deleted ones, apart
        final = texts.UPLOAD_ADDED.format(
            law=added.law,
            articles=plural_clanova(check.articles if check else added.articles),
            deleted=check.deleted if check else 0,
            embedded=added.embedded,
            reused=added.reused,
        )
        final = "\n".join([final, *warning_lines(list(added.warnings))])
        log.info("law upload: %s added (%d articles, %d chunks embedded)", added.law, added.articles, added.embedded)
    except KodeksError as exc:
        final = texts.UPLOAD_REFUSED.format(reason=_short(bosnian(str(exc)), 1500))
    except Exception:
        log.exception("law upload: the ingest failed")
        final = texts.UPLOAD_FAILED
    finally:
        shared.uploads.pop(pending.token, None)
        if pending.path is not None:
            pending.path.unlink(missing_ok=True)  # gone already when it was added (moved into the library)
    try:
        await progress.edit_text(escape(final), parse_mode=ParseMode.HTML)
    except TelegramError:  # the progress message vanished: the result still reaches the admin
        await bot.send_message(pending.chat, escape(final), parse_mode=ParseMode.HTML)
