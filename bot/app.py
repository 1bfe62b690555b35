"""Building and running the Telegram application.

`build_application` wires handlers and shared objects (injected, so tests pass a real pipeline over
the sample index and a temporary log); `serve` runs it — long polling, or a webhook when
`KODEKS_WEBHOOK_URL` is set — until a stop event, then stops fetching, lets in-flight answers
finish and be logged, and shuts down; meanwhile it follows the index (bot/index_watch.py: a new
generation is served without a restart). `run_bot` is `kodeks bot`: it loads the index once, maps
SIGTERM/SIGINT to that stop event and SIGHUP to "look at the index now" — from the first instruction of
start-up (bot/signals.py). Tests and production go through the same `serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import sqlite3
from collections.abc import Callable, Collection, Sequence
from urllib.parse import urlparse

from telegram import Bot, BotCommand, BotCommandScopeChat, LinkPreviewOptions, Update
from telegram.constants import ParseMode
from telegram.error import InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    Defaults,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot import (
    arguments,
    gate,
    handlers,
    index_watch,
    journal,
    jurisdiction_handlers,
    law_upload,
    laws,
    replicas,
    texts,
    threads,
    transcription,
    voice,
)
from bot.access import Access, Limiter, RateLimiter
from bot.delivery import RetryingLimiter
from bot.deps import Deps
from bot.enrolment import handlers as enrolment_handlers
from bot.library import LawLibrary
from bot.officers import Officers
from bot.ports import Answering, LawIndex
from bot.querylog import QueryLog
from bot.querylog.readers import read_errors
from bot.scheduling import FairScheduler
from bot.signals import StartupSignals
from bot.state import CONTEXT_TYPES, BotApplication
from bot.updates import ScreeningRequest
from bot.webhook import Acknowledgements, AcknowledgingQueue, KodeksApplication
from kodeks import logsafe
from kodeks.errors import KodeksError
from kodeks.postgres import unreachable
from kodeks.private_files import in_data_dir, warn_if_wider
from kodeks.settings import Settings, unknown_settings

log = logging.getLogger(__name__)

POLL_TIMEOUT = 10  # seconds Telegram holds a getUpdates request open


def bot_urls(base_url: str) -> tuple[str, str]:
    """KODEKS_TELEGRAM_BASE_URL ("http://host:8081/bot") → (base_url, base_file_url) for python-telegram-bot."""
    base = base_url.rstrip("/")
    if base.endswith("/bot"):
        return base, base[: -len("/bot")] + "/file/bot"
    return base, base


def add_handlers(app: BotApplication) -> None:
    """Order matters inside group 0: the first matching handler wins."""
    app.add_handler(TypeHandler(Update, gate.gate), group=-1)
    app.add_handler(MessageHandler(filters.UpdateType.EDITED, handlers.on_edited))
    cap = app.bot_data.deps.settings.max_argument_chars  # every command's arguments (bot/arguments.py)
    app.add_handler(MessageHandler(filters.COMMAND & arguments.LongArguments(cap), arguments.on_long_arguments))
    app.add_handler(CommandHandler(["start", "help"], handlers.on_help))
    app.add_handler(CommandHandler(["clan", "clanak"], handlers.cmd_clan))
    app.add_handler(CommandHandler("zakoni", gate.guarded(laws.cmd_zakoni)))  # bot/laws.py: the loaded laws
    app.add_handler(CommandHandler("stats", handlers.cmd_stats))
    app.add_handler(CommandHandler("export", handlers.cmd_export))
    app.add_handler(CommandHandler("nadleznost", gate.guarded(jurisdiction_handlers.cmd_nadleznost)))
    app.add_handler(CommandHandler(["uporedi", "usporedi"], gate.guarded(jurisdiction_handlers.cmd_uporedi)))
    for name, command in (
        ("pozivnica", enrolment_handlers.cmd_pozivnica),
        ("pozivnice", enrolment_handlers.cmd_pozivnice),
        ("ukloni", enrolment_handlers.cmd_ukloni),
        ("sluzbenici", enrolment_handlers.cmd_sluzbenici),
    ):  # bot/enrolment: admins only
        app.add_handler(CommandHandler(name, gate.guarded(command)))
    app.add_handler(CommandHandler("novo", gate.guarded(threads.cmd_novo)))  # bot/threads.py: a new conversation
    app.add_handler(MessageHandler(filters.COMMAND, handlers.on_unknown_command))
    app.add_handler(MessageHandler(filters.TEXT, handlers.on_text))
    app.add_handler(
        CallbackQueryHandler(
            gate.guarded(jurisdiction_handlers.on_jurisdiction_button), pattern=jurisdiction_handlers.CALLBACK_PATTERN
        )
    )
    app.add_handler(
        CallbackQueryHandler(gate.guarded(enrolment_handlers.on_button), pattern=enrolment_handlers.CALLBACK_PATTERN)
    )
    app.add_handler(
        CallbackQueryHandler(gate.guarded(law_upload.on_upload_button), pattern=law_upload.CALLBACK_PATTERN)
    )
    app.add_handler(CallbackQueryHandler(handlers.on_callback))
    app.add_handler(MessageHandler(filters.VOICE | filters.AUDIO, voice.on_voice))  # bot/voice.py: transcribed
    app.add_handler(MessageHandler(filters.Document.ALL, gate.guarded(law_upload.on_document)))  # admins' law files
    app.add_handler(MessageHandler(filters.ALL, handlers.on_non_text))
    app.add_error_handler(handlers.on_error)


def build_application(
    settings: Settings,
    *,
    pipeline: Answering,
    retriever: LawIndex,
    querylog: QueryLog,
    limiter: RetryingLimiter | None = None,
    library: LawLibrary | None = None,
) -> BotApplication:
    """A ready-to-start Application; nothing is contacted until it is initialised."""
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value():
        raise KodeksError("TELEGRAM_BOT_TOKEN is not set (get one from @BotFather)")
    acks = Acknowledgements(settings.webhook_ack_seconds) if settings.webhook_url else None
    builder = (
        Application.builder()
        .application_class(KodeksApplication)
        .token(settings.telegram_bot_token.get_secret_value())
        .concurrent_updates(settings.concurrency)
        .rate_limiter(limiter or RetryingLimiter())
        .get_updates_request(ScreeningRequest())  # one unreadable update is skipped, not fatal (bot/updates.py)
        .context_types(CONTEXT_TYPES)  # bot_data is one typed AppState (bot/state.py)
        .defaults(Defaults(parse_mode=ParseMode.HTML, link_preview_options=LinkPreviewOptions(is_disabled=True)))
    )
    if settings.telegram_base_url:
        base, files = bot_urls(settings.telegram_base_url)
        builder = builder.base_url(base).base_file_url(files)
    if acks is not None:  # a webhook update is acknowledged once journaled or handled (bot/webhook.py)
        builder = builder.update_queue(AcknowledgingQueue(acks))
    app = builder.build()
    if isinstance(app, KodeksApplication):
        app.acks = acks
    # psycopg's errors only with a database: a bot on the files never loads the driver
    failures = read_errors() if settings.database_url is not None else (sqlite3.Error,)
    try:  # officers.sqlite3 (or the database), seeded from KODEKS_ALLOWED_USERS / KODEKS_ADMINS (bot/enrolment)
        enrolment = enrolment_handlers.Enrolment.build(settings, querylog.user_hash)
    except failures as exc:
        if settings.database_url is not None and not isinstance(exc, sqlite3.Error):
            raise unreachable(settings.database_url.get_secret_value(), exc) from exc  # never its password
        raise KodeksError(
            f"{settings.data_dir / 'officers.sqlite3'}: {exc} (make KODEKS_DATA_DIR writable by this user)"
        ) from exc
    except OSError as exc:
        raise KodeksError(
            f"{settings.data_dir / 'officers.sqlite3'}: {exc} (make KODEKS_DATA_DIR writable by this user)"
        ) from exc
    state = app.bot_data  # bot/state.py: what every handler reaches as `context.bot_data`
    state.enrolment = enrolment
    state.acks = acks
    state.deps = Deps(
        settings=settings,
        pipeline=pipeline,
        retriever=retriever,
        log=querylog,
        access=Access(settings.allowed_users, settings.admins, roster=enrolment.roster),
        limiter=limiter_for(settings, querylog.user_hash),
        library=library,
        cpu=FairScheduler(settings.cpu_workers),
    )
    state.officers = Officers.from_settings(settings, querylog.user_hash)
    state.threads = threads.thread_store(settings, querylog.user_hash)  # follow-ups (issue 24)
    state.transcriber = transcription.from_settings(settings)  # None: voice not enabled
    add_handlers(app)
    return app


def limiter_for(settings: Settings, hasher: Callable[[int], str]) -> Limiter:
    """The officers' rate limit: in this process's memory, or with KODEKS_DATABASE_URL one budget every replica
    counts in the database (bot/shared_limits.py)."""
    if settings.database_url is None:
        return RateLimiter(settings.rate_limit_per_minute)
    from bot.shared_limits import SharedRateLimiter

    return SharedRateLimiter.open(settings.database_url.get_secret_value(), hasher, settings.rate_limit_per_minute)


def webhook_path(url: str) -> str:
    return urlparse(url).path.lstrip("/")


async def serve(
    app: BotApplication,
    settings: Settings,
    stop: asyncio.Event,
    *,
    poll_timeout: int = POLL_TIMEOUT,
    reload: asyncio.Event | None = None,
    signals: StartupSignals | None = None,
) -> None:
    """Run until `stop` is set; then stop fetching, finish in-flight updates, shut down. Meanwhile a new
    index generation is picked up every KODEKS_INDEX_POLL_SECONDS, or at once when `reload` is set."""
    retriever = app.bot_data.deps.retriever
    updater = app.updater
    if updater is None:  # the builder always makes one: fetching updates is what this runs
        raise KodeksError("the Telegram application has no updater")
    async with app, index_watch.watching(retriever, settings.index_poll_seconds, reload):  # initialize() … shutdown()
        await set_menus(app.bot, settings.admins)
        # What a previous process left unanswered, read before anything is fetched: read later, it would
        # also hold the questions this process is answering (bot/journal.py).
        # On a shared database (replicas): this replica's first heartbeat, then only dead replicas' open
        # questions, taken over (bot/replicas.py); a live replica's are never touched.
        replica = replicas.identify(settings.replica_name) if app.bot_data.deps.log.shared else None
        if replica is not None:
            try:
                left_open = await replicas.join(app.bot_data, replica)
            except Exception as exc:
                raise KodeksError(
                    f"query log {app.bot_data.deps.log.where}: cannot join the replicas ({type(exc).__name__}: {exc})"
                ) from exc
        else:
            left_open = await journal.left_open(app.bot_data.deps)
        polling: asyncio.Task[object] | None = None  # PTB's long-polling task, watched; none with a webhook
        if settings.webhook_url:
            secret = (
                settings.webhook_secret.get_secret_value() if settings.webhook_secret else secrets.token_urlsafe(32)
            )
            logsafe.register_secret(secret)  # PTB logs setWebhook's parameters at DEBUG
            await updater.start_webhook(
                listen=settings.webhook_listen,
                port=settings.webhook_port,
                url_path=webhook_path(settings.webhook_url),
                webhook_url=settings.webhook_url,
                secret_token=secret,
                allowed_updates=Update.ALL_TYPES,
            )
            log.info("webhook listening on %s:%s", settings.webhook_listen, settings.webhook_port)
        else:
            before = asyncio.all_tasks()
            await updater.start_polling(timeout=poll_timeout, allowed_updates=Update.ALL_TYPES)
            polling = polling_task(before)
            log.info("long polling started")
        app.bot_data.polling = polling
        await app.start()
        # The heartbeat runs until every answer in progress is finished (the `finally` below): stopped earlier,
        # another replica would take over and answer them again.
        beating = (
            asyncio.create_task(replicas.keep_alive(app.bot, app.bot_data, replica, app.create_task))
            if replica is not None
            else None
        )
        if signals is not None:
            signals.serving = True  # a reload is applied at once now; a stop is the ordinary one
        # Questions a crash left unanswered (bot/journal.py); app.stop() waits for this task too.
        app.create_task(
            journal.recover(app.bot, app.bot_data, entries=left_open),
            name="journal-recovery",
        )
        try:
            await until_stopped_or_dead(stop, polling)
        finally:
            log.info("stopping: finishing answers in progress")
            if updater.running:
                try:
                    await updater.stop()
                except Exception as exc:
                    log.warning("the updater stopped with %s", type(exc).__name__)
            if app.running:
                await app.stop()  # waits for concurrent handler tasks
            if beating is not None:
                beating.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await beating
            app.bot_data.deps.cpu.close()


async def set_menus(bot: Bot, admins: Collection[int]) -> None:
    """Everyone's command menu; each admin's chat gets the admin commands too (Telegram shows a chat's own menu
    in place of the default one). An admin who never opened the bot cannot get one: the others still do."""
    with contextlib.suppress(TelegramError):
        await bot.set_my_commands([BotCommand(c, d) for c, d in texts.COMMANDS])
    menu = [BotCommand(c, d) for c, d in [*texts.COMMANDS, *texts.ADMIN_COMMANDS]]
    for admin in sorted(admins):
        try:
            await bot.set_my_commands(menu, scope=BotCommandScopeChat(admin))
        except TelegramError as exc:
            log.info("no admin command menu for one admin (%s)", type(exc).__name__)


def polling_task(before: set[asyncio.Task[object]]) -> asyncio.Task[object] | None:
    """PTB's long-polling task, watched so that its death ends the process: the one task `start_polling` left
    running that was not running `before` it. python-telegram-bot keeps its own reference private (and the
    task's name is no API), so it is found with asyncio's public `all_tasks()` instead. Anything but exactly
    one new task is logged as an error (the watchdog is then off): tests/test_faults_updates.py fails on it."""
    started = [t for t in asyncio.all_tasks() - before if not t.done()]
    if len(started) == 1:
        return started[0]
    log.error(
        "cannot watch long polling: start_polling left %d new tasks, not one; a dead poller will not end the process",
        len(started),
    )
    return None


async def until_stopped_or_dead(stop: asyncio.Event, polling: asyncio.Task[object] | None) -> None:
    """Wait for `stop`; if the polling task ends first, raise one clear KodeksError (exit 1 in `kodeks bot`):
    a bot that no longer fetches updates must not look alive to its supervisor."""
    stopping = asyncio.ensure_future(stop.wait())
    try:
        waiting = {stopping} | ({polling} if polling is not None else set())
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
    if stop.is_set() or polling is None or not polling.done():
        return
    error = None if polling.cancelled() else polling.exception()
    if isinstance(error, InvalidToken):
        raise KodeksError(
            "Telegram rejected TELEGRAM_BOT_TOKEN while running (revoked? copy it again from "
            "@BotFather); exiting so a supervisor can restart the bot"
        )
    why = "it was cancelled" if error is None else type(error).__name__
    raise KodeksError(f"long polling stopped unexpectedly ({why}); exiting so a supervisor can restart the bot")


def startup_warnings(*, enrolled: int, admins: int, unknown: Sequence[str] = ()) -> list[str]:
    """What the administrator must know at start-up about who can use the bot, consistent with the counts
    logged beside it: the roster (enrolled officers, KODEKS_ALLOWED_USERS seeds it) and KODEKS_ADMINS;
    and `unknown` (kodeks.settings.unknown_settings): misspelt KODEKS_* variables, ignored otherwise."""
    warnings = list(unknown)
    if not enrolled and not admins:
        warnings.append(
            "no enrolled officer and no admin: everyone will be refused (set KODEKS_ADMINS and "
            "KODEKS_ALLOWED_USERS, or `kodeks officers add`)"
        )
    elif not admins:
        warnings.append(
            "no admin: nobody can approve access requests or use /stats, /export, /pozivnica (set KODEKS_ADMINS)"
        )
    return warnings


async def run_bot(settings: Settings, library: LawLibrary | None = None, signals: StartupSignals | None = None) -> None:
    """`kodeks bot`: load the index once, open the log, serve until SIGTERM/SIGINT. `library`
    (bot.library.LawLibrary) lets admins send law files to the bot. `signals` (bot/signals.py), installed
    by `kodeks bot` before anything else, hands over what arrived while the process was importing: from
    here on the loop's handlers map SIGTERM/SIGINT to the stop event and SIGHUP to "look at the index now"
    (queued until serving); a stop before serving ends start-up at its next step, exit 0."""
    from kodeks.answering import Pipeline
    from retrieval.search.live import LiveRetriever

    signals = signals or StartupSignals()
    stop, reload = asyncio.Event(), asyncio.Event()
    signals.attach(asyncio.get_running_loop(), stop, reload)
    if stop.is_set():
        log.info("KODEKS bot stopped")
        return
    log.debug("KODEKS bot: opening the index in %s", settings.data_dir)
    retriever = await asyncio.to_thread(LiveRetriever.open, settings)  # follows new index generations
    if stop.is_set():
        retriever.close()
        log.info("KODEKS bot stopped")
        return
    pipeline = Pipeline(settings, retriever=retriever)
    try:
        querylog = await QueryLog.from_settings(settings, check=True)  # a bad log: one line, exit 1
    except OSError as exc:  # the salt file beside it could not be made or read
        raise KodeksError(
            f"{settings.data_dir}: {exc.strerror or exc} (make KODEKS_DATA_DIR writable by this user)"
        ) from exc
    # One line per file with officers' data others can read, with its chmod — once the bot can start (a
    # start-up failure stays one line).
    warn_if_wider(in_data_dir(settings.data_dir))
    try:
        app = build_application(settings, pipeline=pipeline, retriever=retriever, querylog=querylog, library=library)
        enrolled = len(app.bot_data.enrolment.roster) if app.bot_data.enrolment else 0
        log.info("KODEKS bot: %d enrolled officers, %d admins, log %s", enrolled, len(settings.admins), querylog.where)
        unknown = unknown_settings(os.environ)
        for warning in startup_warnings(enrolled=enrolled, admins=len(settings.admins), unknown=unknown):
            log.warning("%s", warning)
        try:
            if not stop.is_set():  # a stop while the log was opened: never start fetching
                await serve(app, settings, stop, reload=reload, signals=signals)
        except InvalidToken as exc:
            raise KodeksError("Telegram rejected TELEGRAM_BOT_TOKEN (copy it again from @BotFather)") from exc
        except NetworkError as exc:
            where = settings.telegram_base_url or "api.telegram.org"
            raise KodeksError(f"cannot reach the Telegram Bot API at {where}: {exc}") from exc
    finally:
        await querylog.close()
        closer = getattr(pipeline, "aclose", None)
        if closer is not None:
            with contextlib.suppress(Exception):
                await closer()
        retriever.close()
    log.info("KODEKS bot stopped")
