"""One officer's burst of long questions does not hold back anyone else: another officer's plain question,
`/clan` and an admin's `/stats` are answered before the burst's third answer (they take turns with it on the
CPU pool, and the log's reader threads are not the searches'). Order, not time, is asserted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import ADMIN, CROWD, OFFICER, running_bot

BURSTING = CROWD[0]
SENTENCE = (
    "Komšija je sinoć razbio prozor na mom autu ispred zgrade, odnio torbu s laptopom i dokumentima, "
    "a kad sam ga pozvao da vrati stvari prijetio mi je nožem i rekao da će me zaklati. "
)


def long_question(n: int) -> str:
    return (f"Pitanje {n}. " + SENTENCE * 10)[:1000]


async def test_a_burst_of_long_questions_does_not_hold_back_other_officers(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        for n in range(8):
            telegram_server.send_text(BURSTING, long_question(n))
        await telegram_server.wait_fetched()
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        telegram_server.send_text(OFFICER, "/clan KZ FBiH 373")
        telegram_server.send_text(ADMIN, "/stats")
        await telegram_server.wait_messages(BURSTING, 8, timeout=600)
        await telegram_server.wait_messages(OFFICER, 2, timeout=600)
        await telegram_server.wait_messages(ADMIN, 1, timeout=600)
    sent = [c for c in telegram_server.calls_to("sendMessage") if c.status == 200]
    burst = [i for i, c in enumerate(sent) if c.params["chat_id"] == BURSTING]
    others = [i for i, c in enumerate(sent) if c.params["chat_id"] in (OFFICER, ADMIN)]
    assert len(burst) == 8 and len(others) == 3
    assert max(others) < burst[2], (others, burst)
