"""`kodeks bot`, `kodeks stats` and `kodeks export` (merged into the `kodeks` app by kodeks.cli).

`stats` and `export` only read the query log, so they work while the bot is running (WAL) and
never purge or otherwise change it.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import itertools
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

import typer

from kodeks.cli.shared import DataDirOption, fail, plural
from kodeks.errors import KodeksError
from kodeks.private_files import open_private
from kodeks.settings import Settings, load_settings

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)


def _settings(data_dir: Path | None) -> Settings:
    """Settings, or exit 1 with one line naming the bad setting (see `kodeks.settings.SettingsError`)."""
    try:
        return load_settings(data_dir=data_dir)
    except KodeksError as exc:
        fail(str(exc))
        raise  # unreachable: fail() exits


def _configure_logging(verbose: bool, settings: Settings | None = None) -> None:
    """INFO (DEBUG with --verbose) on stderr, every line through the redacting filter (kodeks.logsafe):
    no secret, user text or raw user id at any level."""
    from kodeks import logsafe

    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if settings is not None:
        logsafe.register_settings(settings)
    logsafe.install()
    if not verbose:  # httpx logs every request URL at INFO: noise (the filter would redact the token anyway)
        logging.getLogger("httpx").setLevel(logging.WARNING)
        logging.getLogger("httpcore").setLevel(logging.WARNING)


def _read_stats(settings: Settings) -> dict[str, Any]:
    """Figures from the log on its own read connection; a log that does not exist yet gives zeros (and is
    not created: reading never makes files)."""
    from bot.querylog import open_reader, utcnow
    from bot.querylog.figures import compute, empty
    from bot.querylog.readers import exists, explain_read, read_errors, source_for

    source = source_for(settings)  # the data dir's file, or KODEKS_DATABASE_URL's database
    if not exists(source):
        return empty(utcnow())
    try:
        con = open_reader(source)
        try:
            return compute(con, now=utcnow())
        finally:
            con.close()
    except read_errors() as exc:
        raise explain_read(source, exc) from exc


@commands.command()
def bot(
    verbose: bool = typer.Option(
        False, "--verbose", "-v", help="Debug logging (secrets, message texts and user ids are still left out)."
    ),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Run the Telegram bot: long polling, or a webhook when KODEKS_WEBHOOK_URL is set. Stops cleanly on SIGTERM."""
    from bot.signals import startup_signals

    signals = startup_signals()  # first (installed already by the `kodeks` script): a reload or a stop is never fatal
    from kodeks.memory import limit_malloc_arenas

    limit_malloc_arenas()  # before the bot's threads exist (kodeks/memory.py says why)
    settings = _settings(data_dir)
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value():
        fail("TELEGRAM_BOT_TOKEN is not set (create a bot with @BotFather and put its token in .env)")
    _configure_logging(verbose, settings)
    logging.getLogger("bot.app").debug(
        "KODEKS bot: starting (pid %d)", os.getpid()
    )  # debug: a failed start stays one line
    from bot.app import run_bot
    from kodeks.library import IngestLibrary

    try:  # admins may send law files (docs/bot.md)
        asyncio.run(run_bot(settings, library=IngestLibrary(settings), signals=signals))
    except KodeksError as exc:
        fail(str(exc))
    finally:
        signals.after_loop()


@commands.command()
def stats(
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    lang: str = typer.Option("en", "--lang", help="Language of the text: en (default) or bs (as /stats in Telegram)."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Questions, users, fallback levels, coverage, latency and feedback for the last day and week."""
    from bot.stats import LABELS, render, serving_dict

    if lang not in LABELS:
        raise typer.BadParameter(f"use one of: {', '.join(LABELS)}", param_hint="--lang")
    settings = _settings(data_dir)
    try:
        figures = _read_stats(settings)
    except KodeksError as exc:
        fail(str(exc))
    serving = _serving(settings)
    if as_json:
        print(json.dumps({**figures, "index": serving_dict(serving)}, ensure_ascii=False, indent=2))
    else:
        print(render(figures, lang=lang, serving=serving))


def _serving(settings: Settings) -> Any:
    """The index part of `kodeks stats`: this data dir's current generation (what a bot here serves), and with
    KODEKS_DATABASE_URL the published one and every replica's last report (what could not be fetched, and why)."""
    from retrieval.index.generations import read_pointer
    from retrieval.index.publishing import database_url, publication_state
    from retrieval.search.live import ServingState

    try:
        served = read_pointer(settings)
        local_error = None
    except KodeksError as exc:
        served, local_error = None, str(exc).splitlines()[0]
    if database_url(settings) is None:
        return ServingState(served, error=local_error)
    state = publication_state(settings)
    mine = next((r for r in state.replicas if r.replica == _replica(settings)), None)
    return ServingState(
        served,
        published=state.published,
        failed=mine.failed if mine else None,
        error=local_error or (mine.error if mine else None),
        replicas=state.replicas,
        database_error=state.error,
    )


def _replica(settings: Settings) -> str:
    from retrieval.index.publishing import replica_name

    return replica_name(settings)


def _export(settings: Settings, since: Any, out: Path | None) -> int:
    """Stream the log's questions as JSONL (gzip when OUT ends in .gz); a missing log exports nothing and
    no file is created for zero questions."""
    from bot.querylog import open_reader
    from bot.querylog.export import iter_records, write_lines
    from bot.querylog.readers import exists, explain_read, read_errors, source_for

    source = source_for(settings)  # the data dir's file, or KODEKS_DATABASE_URL's database
    if not exists(source):
        return 0
    try:
        con = open_reader(source)
        try:
            records = iter_records(con, since)
            if out is None:
                return write_lines(records, sys.stdout)
            first = next(iter(records), None)
            if first is None:
                return 0
            out.parent.mkdir(parents=True, exist_ok=True)  # the admin's folder: its mode is theirs
            with open_private(out, "wb") as raw:  # every officer's question: 0600 from the start
                if out.suffix == ".gz":
                    with gzip.open(raw, "wt", encoding="utf-8") as handle:
                        return write_lines(itertools.chain([first], records), handle)
                with io.TextIOWrapper(raw, encoding="utf-8") as handle:
                    return write_lines(itertools.chain([first], records), handle)
        finally:
            con.close()
    except read_errors() as exc:
        raise explain_read(source, exc) from exc


@commands.command()
def export(
    since: str | None = typer.Option(None, "--since", help="Only questions from this date on (YYYY-MM-DD, UTC)."),
    out: Path | None = typer.Option(None, "--out", help="Write here instead of standard output (.gz: gzip)."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Logged questions as evaluation JSONL (`question`, empty `relevant` to fill in, plus what the bot did)."""
    from bot.querylog.export import parse_since

    try:
        moment = parse_since(since)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--since") from None
    settings = _settings(data_dir)
    try:
        count = _export(settings, moment, out)
    except KodeksError as exc:
        fail(str(exc))
    where = f" to {out}" if out and count else (" (nothing written)" if out else "")
    print(f"exported {plural(count, 'question')}{where}", file=sys.stderr)
