"""In the bot, an article that is not law — deleted, repealed, or not in the law — is said to be so, as a
plain reference, through /clan and inside a question, with the articles next to it (📖 buttons), never an
answer from unrelated articles. The real Application against the fake Bot API, a real index."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kodeks.settings import Settings
from retrieval.search.retriever import Retriever
from tests.fakes.telegram_server import FakeTelegramServer
from tests.retrieval_helpers import index_rows
from tests.test_bot import OFFICER, bot_settings, rows, running_bot
from tests.test_missing_references import ROWS


@pytest.fixture(scope="module")
def missing_index(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return index_rows(tmp_path_factory.mktemp("bot-missing"), ROWS)


@pytest.fixture
def setup(missing_index: Settings, telegram_server: FakeTelegramServer) -> tuple[Settings, Retriever]:
    settings = bot_settings(missing_index, telegram_server)
    return settings, Retriever.open(settings)


async def test_a_plain_reference_to_a_deleted_article_offers_its_neighbours(
    setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever = setup
    log = tmp_path / "q.sqlite3"
    async with running_bot(telegram_server, settings, retriever, log):
        [reply] = await telegram_server.converse(OFFICER, ["član 3 KZ X"])
        assert reply["text"] == (
            "Član 3 KZ X je brisan – nije važeći propis. Najbliži važeći članovi: "
            "član 2a – Razbojništvo; član 5 – Teška tjelesna ozljeda."
        )
        buttons = telegram_server.buttons(reply)
        assert [label for label, _ in buttons] == ["📖 KZ X čl. 2a", "📖 KZ X čl. 5"]
        telegram_server.press(OFFICER, reply, buttons[1][1])
        [_, article] = await telegram_server.wait_messages(OFFICER, 2)
    assert article["text"].startswith("KZ X, član 5 – Teška tjelesna ozljeda")
    [row] = rows(log)
    assert (row["kind"], row["level"], row["question"]) == ("lookup", "deleted", "član 3 KZ X")


async def test_clan_and_a_question_say_the_same(
    setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever = setup
    log = tmp_path / "q.sqlite3"
    async with running_bot(telegram_server, settings, retriever, log):
        clan, question = await telegram_server.converse(OFFICER, ["/clan KZ X 999", "šta kaže član 4 KZ X o tome?"])
    assert clan["text"].startswith("KZ X nema člana 999. Posljednji član tog zakona je član 5.")
    text = question["text"]
    assert "Član 4 KZ X je prestao da važi – nije važeći propis." in text
    assert "U zakonu stoji: „Prestao da važi Odlukom Ustavnog suda broj U-21/23 od 18. januara 2024.“" in text
    sources = text[text.index("Izvori:") :]
    assert "KZ X, član 2a" in sources and "KZ X, član 5" in sources and "KZ X, član 4" not in sources
    assert [r["level"] for r in rows(log)] == ["not_found", "nearest"]


async def test_a_found_and_a_missing_article_together(
    setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever = setup
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3"):
        telegram_server.send_text(OFFICER, "član 2 i član 999 KZ X")
        missing, found = await telegram_server.wait_messages(OFFICER, 2)
    assert missing["text"].startswith("KZ X nema člana 999.")
    assert found["text"].startswith("KZ X, član 2 – Krađa")
