"""`kodeks bot` and the signals a supervisor sends while it starts: a SIGHUP (`systemctl reload`) at any
moment of start-up is never fatal — it is queued and applied once the bot serves — and a SIGTERM during
start-up ends the process cleanly, with a log line. The real process against the fake Bot API; every
moment is a stage the process itself announces on stderr (no sleeps)."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot_cli import OFFICER, start_bot, stop_bot, wait_for_log

STARTING = "KODEKS bot: starting"  # the first line: signals are handled from here on
OPENING = "opening the index"  # the slow part of start-up
READY = "long polling started"


async def answered(server: FakeTelegramServer, proc: asyncio.subprocess.Process) -> str:
    await server.wait_until(lambda: server.polls > 0 or proc.returncode is not None, timeout=180,
                            what="the bot to start polling")
    assert proc.returncode is None, f"the bot died with {proc.returncode}"
    server.send_text(OFFICER, "ukrao mi je mobitel")
    [reply] = await server.wait_messages(OFFICER, 1, timeout=120)
    return str(reply["text"])


@pytest.mark.parametrize("moment", ["", STARTING, OPENING, READY], ids=["first-line", "starting", "opening", "ready"])
async def test_a_reload_during_start_up_is_not_fatal(moment: str, telegram_server: FakeTelegramServer,
                                                     bot_data_dir: Path) -> None:
    proc = await start_bot(bot_data_dir, {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url},
                           "--verbose")  # the start-up stages are debug lines
    try:
        await wait_for_log(proc, moment)
        proc.send_signal(signal.SIGHUP)
        proc.send_signal(signal.SIGHUP)  # twice: still one check, still alive
        reply = await answered(telegram_server, proc)
        assert proc.returncode is None
    finally:
        code, err = await stop_bot(proc)
    assert "Izvori:" in reply
    assert code == 0, err[-3000:]
    if moment not in ("", READY):
        assert "reload requested during start-up" in err


async def test_a_stop_during_start_up_exits_cleanly_with_a_line(telegram_server: FakeTelegramServer,
                                                                bot_data_dir: Path) -> None:
    proc = await start_bot(bot_data_dir, {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url},
                           "--verbose")  # the start-up stages are debug lines
    await wait_for_log(proc, OPENING)
    proc.send_signal(signal.SIGTERM)
    _, err_bytes = await asyncio.wait_for(proc.communicate(), 120)
    err = err_bytes.decode(errors="replace")
    assert proc.returncode == 0, err[-3000:]
    assert "stop requested during start-up" in err and "Traceback" not in err
    assert telegram_server.polls == 0  # it never started serving
