"""The running bot follows the index (issue 20): a new generation is served without a restart — within
KODEKS_INDEX_POLL_SECONDS, or at once on SIGHUP — questions in flight finish on the old one, /zakoni shows
the new list, the old Retriever is let go, and a generation that will not open is logged while the bot
keeps the one it has. The real Application against the fake Bot API; real index, real embedder."""

from __future__ import annotations

import asyncio
import gc
import json
import shutil
import signal
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest

from kodeks.settings import Settings
from retrieval.index.generations import POINTER, index_root, read_pointer
from retrieval.ingest.run import ingest_paths
from retrieval.search.live import LiveRetriever
from tests.fakes.telegram_server import FakeTelegramServer
from tests.retrieval_helpers import row, settings_for, write_corpus
from tests.test_bot import OFFICER, bot_settings, rendered, running_bot
from tests.test_bot_cli import start_bot, stop_bot, wait_for_log

NEW_LAW = [
    row(
        "ZNN",
        "1",
        "Ko na javnom mjestu nosi nož ili drugo hladno oružje, kaznit će se novčanom kaznom.",
        "Nošenje noža",
        law_title="Zakon o nošenju noževa",
        jurisdiction="FBiH",
    )
]


@pytest.fixture
def private_index(bot_data_dir: Path) -> Settings:
    return settings_for(bot_data_dir)


class BlockingRewriter:
    """A query rewriter that holds the search it runs in until released: a question in flight."""

    def __init__(self) -> None:
        self.entered, self.release = threading.Event(), threading.Event()

    def rewrite(self, question: str, laws: str) -> str | None:
        self.entered.set()
        self.release.wait(60)
        return None


def test_a_search_in_flight_finishes_on_the_old_generation_which_is_then_let_go(
    private_index: Settings, tmp_path: Path
) -> None:
    live = LiveRetriever.open(private_index)
    old_generation, old = live.generation, weakref.ref(live.current)
    blocker = BlockingRewriter()
    live.rewriter = blocker
    results: list[Any] = []
    flight = threading.Thread(target=lambda: results.append(live.search("nož na javnom mjestu", k=3)))
    flight.start()
    assert blocker.entered.wait(30)
    ingest_paths(private_index, [write_corpus(tmp_path / "znn.jsonl", NEW_LAW)])
    switch = live.check()
    assert switch is not None and switch.old == old_generation and switch.new == live.generation and not switch.error
    assert old_generation in {p.name for p in index_root(private_index).iterdir()}  # still read by the search in flight
    assert "ZNN" in live.laws()  # later calls: the new generation
    blocker.release.set()
    flight.join(30)
    assert results and all(not h.id.startswith("ZNN") for h in results[0].hits)  # answered from the old one
    assert live.rewriter is blocker and live.current.rewriter is blocker
    gc.collect()
    assert old() is None  # nothing keeps the old Retriever alive
    live.check()  # the next look at the index deletes what nobody reads any more
    assert old_generation not in {p.name for p in index_root(private_index).iterdir()}
    assert live.search("nož na javnom mjestu").hits[0].id == "ZNN čl. 1"
    live.close()


def test_a_generation_that_will_not_open_is_not_served(private_index: Settings) -> None:
    live = LiveRetriever.open(private_index)
    served = live.generation
    root = index_root(private_index)
    broken = root / "gen-000099-0badc0"
    shutil.copytree(root / served, broken)
    (broken / "lexical" / "chunks.json").write_text("garbage{", encoding="utf-8")
    (root / POINTER).write_text(json.dumps({"generation": broken.name}), encoding="utf-8")
    switch = live.check()
    assert switch is not None and switch.error and "lexical index" in switch.error and switch.old == served
    assert live.generation == served and live.search("krađa").hits  # still serving the old one
    assert live.check() is None  # logged once, not at every poll
    assert live.check(force=True).error  # SIGHUP tries again
    live.close()


async def test_the_running_bot_serves_a_new_law_within_the_poll_interval(
    telegram_server: FakeTelegramServer, private_index: Settings, tmp_path: Path, caplog: Any
) -> None:
    settings = bot_settings(private_index, telegram_server, index_poll_seconds=0.2)
    live = LiveRetriever.open(settings)
    caplog.set_level("INFO", logger="bot.index_watch")
    async with running_bot(telegram_server, settings, live, tmp_path / "queries.sqlite3"):
        telegram_server.send_text(OFFICER, "/zakoni")
        (before,) = await telegram_server.wait_messages(OFFICER, 1)
        await asyncio.to_thread(ingest_paths, settings, [write_corpus(tmp_path / "znn.jsonl", NEW_LAW)])
        current = read_pointer(settings)
        await telegram_server.wait_until(lambda: live.generation == current, timeout=60, what="the switch")
        telegram_server.send_text(OFFICER, "/zakoni")
        telegram_server.send_text(OFFICER, "smijem li nositi nož na javnom mjestu")
        _, after, answer = await telegram_server.wait_messages(OFFICER, 3, timeout=120)
    assert "ZNN" not in rendered(before) and "Učitani zakoni (5 zakona" in rendered(before)
    assert "• ZNN — Zakon o nošenju noževa: 1 član" in rendered(after) and "(6 zakona" in rendered(after)
    assert "ZNN, član 1" in rendered(answer)
    switches = [r.getMessage() for r in caplog.records if "now serving generation" in r.getMessage()]
    assert len(switches) == 1 and current in switches[0]
    live.close()


async def test_sighup_makes_kodeks_bot_serve_the_new_generation_at_once(
    telegram_server: FakeTelegramServer, bot_data_dir: Path, tmp_path: Path
) -> None:
    proc = await start_bot(
        bot_data_dir, {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url, "KODEKS_INDEX_POLL_SECONDS": "3600"}
    )  # only SIGHUP can make it look
    try:
        await telegram_server.wait_until(
            lambda: telegram_server.polls > 0 or proc.returncode is not None,
            timeout=180,
            what="the bot to start polling",
        )
        settings = settings_for(bot_data_dir)
        await asyncio.to_thread(ingest_paths, settings, [write_corpus(tmp_path / "znn.jsonl", NEW_LAW)])
        proc.send_signal(signal.SIGHUP)
        await wait_for_log(proc, f"now serving generation {read_pointer(settings)}", timeout=120)
        telegram_server.send_text(OFFICER, "/zakoni")
        (reply,) = await telegram_server.wait_messages(OFFICER, 1, timeout=60)
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err
    assert "• ZNN — Zakon o nošenju noževa: 1 član" in rendered(reply)
