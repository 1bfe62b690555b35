"""Telegram failing under a running bot: polling survives a 502 and a dropped connection on getUpdates.

RetryAfter and 502 on sendMessage are covered by test_bot.py (test_flood_control_and_network_errors_...)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.settings import Settings
from tests.fakes.telegram_server import DROP, FakeTelegramServer
from tests.test_bot import OFFICER, rows, running_bot


async def test_polling_recovers_from_network_errors_on_get_updates(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.fail_next("getUpdates", status=502)
        telegram_server.fail_next("getUpdates", status=DROP)
        await telegram_server.wait_until(
            lambda: len(telegram_server.calls_to("getUpdates")) == 2, what="both failing polls"
        )
        telegram_server.send_text(OFFICER, "vozac pobjegao sa mjesta nezgode")
        [_, later] = await telegram_server.wait_messages(OFFICER, 2, timeout=60)
    failed = [c.status for c in telegram_server.calls_to("getUpdates")]
    assert failed == [502, DROP]  # both failures were really served to the bot
    assert "Izvori:" in later["text"]
    assert [r["question"] for r in rows(log_path)] == ["ukrao mi je mobitel", "vozac pobjegao sa mjesta nezgode"]
