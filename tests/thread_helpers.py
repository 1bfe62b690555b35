"""Helpers the thread-reading tests share: a thread built from earlier acts, and a Federation officer's
conversation through the bot on the fake Bot API (the last answer's text and the query log's rows)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.answering.conversation import Exchange, Thread
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import OFFICER, rows, running_bot
from tests.test_bot_jurisdictions import juris_bot_settings, plain


def thread_of(*acts: str, jurisdictions: tuple[str | None, ...] = ()) -> Thread:
    """A thread whose exchanges asked `acts` in turn, each in the jurisdiction named at its place (or none)."""
    thread = Thread()
    for n, act in enumerate(acts):
        named = jurisdictions[n] if n < len(jurisdictions) else None
        thread = thread.after(Exchange(question=act, standalone=act, act=act, jurisdiction=named))
    return thread


async def federation_conversation(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path, messages: list[str]
) -> tuple[str, list[dict[str, Any]]]:
    """`messages` sent in turn by a Federation officer through the running bot: the last answer as plain text and
    every logged query's row."""
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    log_path = tmp_path / "queries.sqlite3"
    async with running_bot(telegram_server, settings, juris, log_path):
        answers = await telegram_server.converse(OFFICER, messages)
    return plain(answers[-1]), rows(log_path)


def assert_continuation_from(text: str, logged: list[dict[str, Any]], title: str) -> None:
    """The answer continues the case (the "Razumio sam" line names it), cites an article titled `title`, and the
    log records the message as following the first question."""
    assert text.startswith("Razumio sam") and "nastavak na" in text.splitlines()[0]
    assert title in text.split("Izvori:")[1]
    assert logged[1]["follows"] == logged[0]["id"]
