"""One update, one answer: the duplicate answers seen under CPU load, reproduced on purpose.

Two ways one question was answered (and logged) twice:
- start-up recovery (`bot.journal`) read the journal only after polling had begun, so a question that
  arrived in the first moments, journaled by its handler before recovery's read ran (a slow thread under
  load), looked like one a crash had left unanswered and was answered a second time by recovery;
- the same getUpdates batch served twice (a client that timed out on an answer Telegram had already sent
  asks again with the same offset): a question was caught by the journal, but every other update
  (a command, /clan, /start) was handled twice.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bot.app import build_application, serve
from bot.querylog import QueryLog
from kodeks.answering import Pipeline
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import OFFICER, rows, running_bot

RECOVERY_READ_WAIT = 5.0  # how long the slow journal read below waits for a question to be journaled


class SlowJournalRead(QueryLog):
    """The real query log whose start-up read of the open journal is slow — as a reader thread is on a
    loaded machine — until a question has been journaled (or a few seconds have passed)."""

    journaled: asyncio.Event

    async def journal_received(self, **kw: Any) -> bool:
        fresh = await super().journal_received(**kw)
        self.journaled.set()
        return fresh

    async def journal_open(self) -> list[dict[str, Any]]:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.journaled.wait(), RECOVERY_READ_WAIT)
        return await super().journal_open()


@contextlib.asynccontextmanager
async def bot_with_slow_journal_read(
    server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> AsyncIterator[None]:
    pipeline = Pipeline(settings, retriever=retriever)
    qlog = await SlowJournalRead.open(log_path)
    assert isinstance(qlog, SlowJournalRead)
    qlog.journaled = asyncio.Event()
    app = build_application(settings, pipeline=pipeline, retriever=retriever, querylog=qlog)
    stop = asyncio.Event()
    task = asyncio.create_task(serve(app, settings, stop, poll_timeout=1))
    try:
        yield
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)
        await qlog.close()
        await pipeline.aclose()


async def test_a_question_arriving_while_recovery_reads_the_journal_is_answered_once(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    telegram_server.send_text(OFFICER, "ukrao mi je mobitel")  # waiting when the bot starts
    async with bot_with_slow_journal_read(telegram_server, settings, retriever, log_path):
        await telegram_server.wait_messages(OFFICER, 1)
        await telegram_server.wait_fetched()
        telegram_server.send_text(OFFICER, "vozac pobjegao sa mjesta nezgode")
        await telegram_server.wait_messages(OFFICER, 2, timeout=60)
    assert [r["question"] for r in rows(log_path)] == ["ukrao mi je mobitel", "vozac pobjegao sa mjesta nezgode"]
    answers = [m for m in telegram_server.messages(OFFICER) if "Izvori:" in (m.get("text") or "")]
    assert len(answers) == 2


async def test_a_batch_served_twice_is_handled_once(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.redeliver_next()
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        telegram_server.send_text(OFFICER, "/clan KZ FBiH 373")
        telegram_server.send_text(OFFICER, "/start")
        await telegram_server.wait_messages(OFFICER, 3)
        await telegram_server.wait_until(lambda: telegram_server.polls >= 4, what="the batch served again")
        await telegram_server.wait_fetched()
    sent = telegram_server.messages(OFFICER)
    assert len(sent) == 3, [m.get("text", "")[:40] for m in sent]
    assert sorted(r["question"] for r in rows(log_path)) == ["/clan KZ FBiH 373", "ukrao mi je mobitel"]
