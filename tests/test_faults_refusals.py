"""Refusals are rate-limited per person whatever the chat: a stranger (privately or in a group), a group of
strangers, an officer writing in a group or editing messages — one reply a minute each, never one per
message. Every message is still refused (nothing reaches group 0) and a stranger's still counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import texts
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import CROWD, OFFICER, STRANGER, rows, running_bot

GROUP = -4242


async def test_a_stranger_in_a_group_gets_one_reply_for_forty_messages(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        for n in range(40):
            telegram_server.send_text(STRANGER, f"poruka {n} u grupi", chat_type="group", chat_id=GROUP)
        await telegram_server.wait_fetched()
    assert telegram_server.texts(GROUP) == [texts.GROUP_CHAT]
    assert rows(log_path) == []


async def test_a_crowd_of_strangers_in_one_group_gets_one_notice(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        for n in range(30):
            telegram_server.send_text(900_000 + n, "ima li koga", chat_type="group", chat_id=GROUP)
        await telegram_server.wait_fetched()
    assert telegram_server.texts(GROUP) == [texts.GROUP_CHAT]


async def test_a_stranger_writing_privately_is_told_once_a_minute_and_counted_every_time(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        for n in range(20):
            telegram_server.send_text(STRANGER, f"pitanje {n}")
        telegram_server.send_text(STRANGER, "izmijenjeno", edited=True)
        await telegram_server.wait_fetched()
    assert telegram_server.texts(STRANGER) == [texts.REFUSED.format(user_id=STRANGER)]
    assert len(rows(log_path, "SELECT * FROM refusals")) == 21 and rows(log_path) == []


async def test_sixty_edited_messages_from_an_officer_get_one_reply(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        for n in range(60):
            telegram_server.send_text(OFFICER, f"ukrao mi je mobitel {n}", edited=True)
        await telegram_server.wait_fetched()
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")  # questions are not held back by it
        await telegram_server.wait_messages(OFFICER, 2)
    got = telegram_server.texts(OFFICER)
    assert got.count(texts.EDITED) == 1 and len(got) == 2 and "Izvori:" in got[1]


async def test_an_officer_writing_in_groups_is_told_once_a_minute(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        for n in range(10):
            telegram_server.send_text(CROWD[0], "koja je kazna za kradju?", chat_type="group", chat_id=GROUP - n)
        await telegram_server.wait_fetched()
    assert sum(len(telegram_server.texts(GROUP - n)) for n in range(10)) == 1
    assert rows(log_path) == []
