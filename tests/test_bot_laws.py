"""/zakoni and ambiguous law names in the bot: the real Application and pipeline over the sample index,
only Telegram is a fake server (tests/fakes/telegram_server.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import texts
from bot.laws import plural_clanova, plural_zakona
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import OFFICER, rendered, rows, running_bot


async def test_zakoni_lists_the_loaded_laws_by_jurisdiction(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "/zakoni")
        (reply,) = await telegram_server.wait_messages(OFFICER, 1)
    text = rendered(reply)
    assert text.startswith("Učitani zakoni (5 zakona, ukupno 14 članova)")
    # grouped by jurisdiction: the state first, then FBiH, RS, then cantons
    order = [text.index(f"\n{j}\n") for j in ("BiH", "FBiH", "RS", "KS")]
    assert order == sorted(order)
    assert "• KZ FBiH — Krivični zakon Federacije BiH (ilustrativni primjer): 6 članova, učitano " in text
    assert text.index("ZKP FBiH") > text.index("\nFBiH\n") and text.index("ZKP FBiH") < text.index("\nRS\n")
    assert "• ZJRM KS — Zakon o javnom redu i miru Kantona Sarajevo (ilustrativni primjer): 1 član, učitano " in text
    assert rows(log_path) == []  # a listing is not a question


async def test_an_ambiguous_reference_is_answered_with_a_question(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        first, second, third = await telegram_server.converse(OFFICER, ["članak 42 KZ", "član 5 ZOO", "član 42 KZ RS"])
    assert rendered(first) == texts.AMBIGUOUS_LAW.format(
        name="kz", article="42", laws="KZ FBiH, KZ RS", example="KZ FBiH"
    )
    assert rendered(second).startswith("Zakon „zoo“ nije učitan")
    assert rendered(third).startswith("KZ RS, član 42")


async def test_clan_with_an_ambiguous_law_asks_which_and_every_lookup_is_logged(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        replies = await telegram_server.converse(
            OFFICER, ["/clan KZ 42", "/clan KZ RS 42", "/clan ZOO 5", "/clan KZ RS 9999"]
        )
    first, second, third, fourth = (rendered(r) for r in replies)
    assert first == texts.AMBIGUOUS_LAW.format(name="kz", article="42", laws="KZ FBiH, KZ RS", example="KZ FBiH")
    assert second.startswith("KZ RS, član 42") and third.startswith("Zakon „zoo“ nije učitan") and "9999" in fourth
    logged = [(r["question"], r["level"]) for r in rows(log_path)]
    assert logged == [
        ("/clan KZ 42", "ambiguous"),
        ("/clan KZ RS 42", "reference"),
        ("/clan ZOO 5", "unknown_law"),
        ("/clan KZ RS 9999", "not_found"),
    ]


def test_bosnian_number_agreement() -> None:
    assert [plural_clanova(n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 112)] == [
        "1 član",
        "2 člana",
        "4 člana",
        "5 članova",
        "11 članova",
        "12 članova",
        "21 član",
        "22 člana",
        "25 članova",
        "101 član",
        "112 članova",
    ]
    assert [plural_zakona(n) for n in (1, 2, 5, 11, 21)] == ["1 zakon", "2 zakona", "5 zakona", "11 zakona", "21 zakon"]
