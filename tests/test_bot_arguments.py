"""Command arguments read strictly: an id is ASCII digits or it is not an id, an over-long argument is not
searched, and every bad argument of an admin command is answered with that command's usage line — never
the generic error and a traceback."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot import texts
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import ADMIN, OFFICER, rows, running_bot


@pytest.mark.parametrize(
    "text,number",
    [
        ("424242", 424242),
        (" 7 ", 7),
        ("²", None),
        ("٣", None),
        ("1_000", None),
        ("-5", None),
        ("", None),
        ("12a", None),
        ("9" * 16, None),
        ("+3", None),
    ],
)
def test_ids_are_ascii_digits_only(text: str, number: int | None) -> None:
    from bot.ids import ascii_int

    assert ascii_int(text) == number


BAD_ADMIN_COMMANDS = {
    "/nadleznost ² RS": "Upotreba: /nadleznost",
    "/nadleznost ٣٣ RS": "Upotreba: /nadleznost",
    "/nadleznost 1_000 RS": "Upotreba: /nadleznost",
    "/nadleznost 99999999999999999999 RS": "Upotreba: /nadleznost",
    "/nadleznost 424242 Atlantida": "Upotreba: /nadleznost",
    "/export 31.01.2026": "Upotreba: /export",
    "/export 2026-01-01 2026-02-01": "Upotreba: /export",
    "/stats sve": "Upotreba: /stats",
}


async def test_every_bad_admin_argument_gets_the_usage_line_and_no_traceback(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with running_bot(telegram_server, settings, retriever, log_path):
        replies = await telegram_server.converse(ADMIN, list(BAD_ADMIN_COMMANDS))
    for (command, wanted), reply in zip(BAD_ADMIN_COMMANDS.items(), replies):
        assert wanted in reply["text"], (command, reply["text"])
        assert texts.ERROR not in reply["text"], command
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_over_long_arguments_are_not_searched_and_get_the_usage_line(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    long = "KZ FBiH " + "krađa " * 700 + "373"  # > 4,000 characters
    async with running_bot(telegram_server, settings, retriever, log_path):
        replies = await telegram_server.converse(
            OFFICER, [f"/clan {long}", f"/uporedi {long}", f"/nadleznost {long}", "/clan KZ FBiH 373"]
        )
    limit = settings.max_argument_chars
    for reply, usage in zip(replies, ["Upotreba: /clan", "Šta da uporedim?", "Upotreba: /nadleznost"]):
        assert reply["text"].startswith(f"Predugo: {len(long)} znakova iza naredbe (najviše {limit}).")
        assert usage in reply["text"]
    assert "KZ FBiH, član 373" in replies[3]["text"]  # a normal one still works
    assert [r["question"] for r in rows(log_path)] == ["/clan KZ FBiH 373"]  # nothing searched for the long ones
