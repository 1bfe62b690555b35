"""Poison updates: one update python-telegram-bot cannot read is skipped, reported once by its id (never
its content), confirmed so a restart does not read it again, and the bot goes on; the report is
rate-limited; a polling task that dies ends `kodeks bot` with one clear line and exit 1."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import pytest

from bot.updates import SkipReporter, screen
from kodeks.errors import KodeksError
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import OFFICER, rows, running_bot
from tests.test_bot_cli import start_bot, stop_bot

POISON_USER = 777_111
POISON_TEXT = "otrovnaporuka s tudjim podacima"


def poison_message(server: FakeTelegramServer, **change: Any) -> dict[str, Any]:
    message = {
        "message_id": 99,
        "date": int(time.time()),
        "text": POISON_TEXT,
        "chat": {"id": POISON_USER, "type": "private"},
        "from": server.user(POISON_USER),
    }
    message.update(change)
    return {"message": message}


POISONS = {
    "date-yesterday": lambda s: s.push(poison_message(s, date="yesterday")),
    "chat-a-string": lambda s: s.push(poison_message(s, chat=str(POISON_USER))),
    "poll-missing-newer-fields": lambda s: s.push(
        {"poll": {"id": "p1", "question": POISON_TEXT, "options": [], "total_voter_count": 0, "is_closed": False}}
    ),
    "from-a-list": lambda s: s.push(poison_message(s, **{"from": [POISON_USER]})),
    "update-id-a-word": lambda s: s.push({"update_id": "abc", **poison_message(s)}),
    "update-id-a-numeric-string": lambda s: _stringify_id(s.push(poison_message(s))),
    "not-an-object": lambda s: s.push({"update_id": None, "message": POISON_TEXT}),
}


def _stringify_id(update: dict[str, Any]) -> dict[str, Any]:
    update["update_id"] = str(update["update_id"])  # before the bot can fetch it: no await in between
    return update


def skip_reports(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "bot.updates" and "skipped update" in r.getMessage()]


@pytest.mark.parametrize("kind", list(POISONS))
async def test_a_poison_update_is_skipped_once_and_the_bot_goes_on(
    kind: str,
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_messages(OFFICER, 1)
        POISONS[kind](telegram_server)
        telegram_server.send_text(OFFICER, "vozac pobjegao sa mjesta nezgode")
        [_, later] = await telegram_server.wait_messages(OFFICER, 2, timeout=60)
        await telegram_server.wait_fetched()  # confirmed: a restart would not fetch it again
    assert "Izvori:" in later["text"]
    [report] = skip_reports(caplog)
    everything = "\n".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)
    assert POISON_TEXT not in everything and str(POISON_USER) not in everything
    assert not [r for r in caplog.records if r.levelno >= logging.CRITICAL]
    assert [r["question"] for r in rows(log_path)] == ["ukrao mi je mobitel", "vozac pobjegao sa mjesta nezgode"]
    assert telegram_server.messages(POISON_USER) == []
    assert "update" in report.getMessage()


async def test_a_flood_of_poison_updates_is_reported_at_a_bounded_rate(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with running_bot(telegram_server, settings, retriever, log_path):
        for _ in range(60):
            telegram_server.push(poison_message(telegram_server, date="yesterday", text=POISON_TEXT * 50))
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        [answer] = await telegram_server.wait_messages(OFFICER, 1, timeout=60)
        await telegram_server.wait_fetched()
    assert "Izvori:" in answer["text"]
    assert len(skip_reports(caplog)) == 10  # SkipReporter's per-minute budget; the rest are counted
    assert sum(len(r.getMessage()) for r in caplog.records) < 20_000  # no raw batches in the log


def test_screen_keeps_good_updates_and_confirms_bad_ones_by_id() -> None:
    reporter = SkipReporter()
    good = {"update_id": 8, "message": {"message_id": 1, "date": 0, "chat": {"id": 1, "type": "private"}}}
    batch = [{"update_id": 6, "message": {"date": "yesterday"}}, {"update_id": "x"}, good, "garbage"]
    assert screen(batch, 6, reporter) == [{"update_id": 6}, {"update_id": 7}, good, {"update_id": 9}]
    assert screen(batch, 6, reporter) == [{"update_id": 6}, {"update_id": 7}, good, {"update_id": 9}]
    assert reporter.skipped == 3  # the second reading of the same batch is not reported again


async def test_a_polling_task_that_dies_ends_serve_with_a_clear_error(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    with pytest.raises(KodeksError, match="long polling stopped unexpectedly"):
        async with running_bot(telegram_server, settings, retriever, log_path) as bot:
            polling = bot.app.bot_data.polling  # found without PTB's private names (bot/app.py)
            assert polling is not None and not polling.done(), "the watchdog found no polling task"
            polling.cancel()
            await asyncio.wait_for(bot.task, 60)


async def test_kodeks_bot_exits_1_with_one_line_when_the_token_is_revoked_while_running(
    telegram_server: FakeTelegramServer, bot_data_dir: Path
) -> None:
    proc = await start_bot(bot_data_dir, {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url})
    try:
        await telegram_server.wait_until(
            lambda: telegram_server.polls > 0 or proc.returncode is not None,
            timeout=180,
            what="the bot to start polling",
        )
        telegram_server.fail_next("getUpdates", status=401, description="Unauthorized")
        await asyncio.wait_for(proc.wait(), 120)  # exits by itself: no signal sent
    finally:
        code, err = await stop_bot(proc)
    assert code == 1, err[-2000:]
    assert err.strip().splitlines()[-1].startswith("kodeks: Telegram rejected TELEGRAM_BOT_TOKEN while running")
