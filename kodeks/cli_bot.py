"""`kodeks bot`, `kodeks stats` and `kodeks export` (registered on kodeks.cli.app).

`stats` and `export` only read the query log, so they work while the bot is running (WAL) and
never purge or otherwise change it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from kodeks.cli import DataDirOption, app, fail
from kodeks.errors import KodeksError
from kodeks.settings import Settings, load_settings


def _configure_logging(verbose: bool, settings: Settings | None = None) -> None:
    """INFO (DEBUG with --verbose) on stderr, every line through the redacting filter (kodeks.logsafe):
    no secret, user text or raw user id at any level."""
    from kodeks import logsafe

    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings is not None:
        logsafe.register_settings(settings)
    logsafe.install()
    if not verbose:  # httpx logs every request URL at INFO: noise (the filter would redact the token anyway)
        logging.getLogger("httpx").setLevel(logging.WARNING)
        logging.getLogger("httpcore").setLevel(logging.WARNING)


async def _open_existing_log(settings: Settings) -> Any:
    """The bot's query log, for reading: stats and export count stored hashes and never hash an id, so no
    salt is needed (reading one would create the salt file), and nothing is purged."""
    from bot.querylog import QueryLog

    path = settings.log_path
    if not path.exists():
        fail(f"no query log at {path} (the bot has not run with this data dir yet; see --data-dir)")
    return await QueryLog.open(path, retention_days=None)


async def _read_stats(settings: Settings) -> dict[str, Any]:
    async with await _open_existing_log(settings) as log:
        return await log.stats()


@app.command()
def bot(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Debug logging (secrets, message texts and user ids are still left out)."),
    data_dir: Optional[Path] = DataDirOption,
) -> None:
    """Run the Telegram bot: long polling, or a webhook when KODEKS_WEBHOOK_URL is set. Stops cleanly on SIGTERM."""
    from bot.app import run_bot

    settings = load_settings(data_dir=data_dir)
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value():
        fail("TELEGRAM_BOT_TOKEN is not set (create a bot with @BotFather and put its token in .env)")
    if not (settings.allowed_users or settings.admins):
        print("kodeks: warning: KODEKS_ALLOWED_USERS and KODEKS_ADMINS are empty, so everyone will be refused",
              file=sys.stderr)
    _configure_logging(verbose, settings)
    try:
        asyncio.run(run_bot(settings))
    except KodeksError as exc:
        fail(str(exc))


@app.command()
def stats(
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    data_dir: Optional[Path] = DataDirOption,
) -> None:
    """Questions, users, fallback levels, coverage, latency and feedback for the last day and week."""
    from bot.stats import render

    settings = load_settings(data_dir=data_dir)
    try:
        figures = asyncio.run(_read_stats(settings))
    except KodeksError as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
    else:
        print(render(figures))


async def _export(settings: Settings, since: Any, out: Optional[Path]) -> int:
    from bot.export import write_jsonl

    async with await _open_existing_log(settings) as log:
        if out is None:
            return await write_jsonl(log.export(since), sys.stdout)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8") as handle:
            return await write_jsonl(log.export(since), handle)


@app.command()
def export(
    since: Optional[str] = typer.Option(None, "--since", help="Only questions from this date on (YYYY-MM-DD, UTC)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write here instead of standard output."),
    data_dir: Optional[Path] = DataDirOption,
) -> None:
    """Logged questions as evaluation JSONL (`question`, empty `relevant` to fill in, plus what the bot did)."""
    from bot.export import parse_since

    try:
        moment = parse_since(since)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--since") from None
    settings = load_settings(data_dir=data_dir)
    try:
        count = asyncio.run(_export(settings, moment, out))
    except KodeksError as exc:
        fail(str(exc))
    print(f"exported {count} questions" + (f" to {out}" if out else ""), file=sys.stderr)
