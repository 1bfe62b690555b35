"""`kodeks bot` and the signals a supervisor sends while it starts: a SIGHUP (`systemctl reload`) at any
moment of start-up is never fatal — it is queued and applied once the bot serves — and a SIGTERM during
start-up ends the process cleanly, with a log line. The real process against the fake Bot API; every
moment is a stage the process itself announces on stderr (no sleeps)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from kodeks.launch import command_name
from tests.fakes.telegram_server import TOKEN, FakeTelegramServer
from tests.test_bot_cli import OFFICER, start_bot, stop_bot, wait_for_log

STARTING = "KODEKS bot: starting"  # the first line: signals are handled from here on
OPENING = "opening the index"  # the slow part of start-up
READY = "long polling started"


async def answered(server: FakeTelegramServer, proc: asyncio.subprocess.Process) -> str:
    await server.wait_until(
        lambda: server.polls > 0 or proc.returncode is not None, timeout=180, what="the bot to start polling"
    )
    assert proc.returncode is None, f"the bot died with {proc.returncode}"
    server.send_text(OFFICER, "ukrao mi je mobitel")
    [reply] = await server.wait_messages(OFFICER, 1, timeout=120)
    return str(reply["text"])


@pytest.mark.parametrize("moment", ["", STARTING, OPENING, READY], ids=["first-line", "starting", "opening", "ready"])
async def test_a_reload_during_start_up_is_not_fatal(
    moment: str, telegram_server: FakeTelegramServer, bot_data_dir: Path
) -> None:
    proc = await start_bot(
        bot_data_dir, {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url}, "--verbose"
    )  # the start-up stages are debug lines
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


async def test_a_stop_during_start_up_exits_cleanly_with_a_line(
    telegram_server: FakeTelegramServer, bot_data_dir: Path
) -> None:
    proc = await start_bot(
        bot_data_dir, {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url}, "--verbose"
    )  # the start-up stages are debug lines
    await wait_for_log(proc, OPENING)
    proc.send_signal(signal.SIGTERM)
    _, err_bytes = await asyncio.wait_for(proc.communicate(), 120)
    err = err_bytes.decode(errors="replace")
    assert proc.returncode == 0, err[-3000:]
    assert "stop requested during start-up" in err and "Traceback" not in err
    assert telegram_server.polls == 0  # it never started serving


async def test_a_reload_while_the_command_line_is_still_being_imported_is_not_fatal(
    telegram_server: FakeTelegramServer, bot_data_dir: Path
) -> None:
    """The earliest window: `python -X importtime` reports each import as it finishes, so the test knows
    the moment typer (the command line's first import) is loaded — before any line of ours is logged."""
    env = {
        **os.environ,
        "KODEKS_DATA_DIR": str(bot_data_dir),
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "KODEKS_ALLOWED_USERS": str(OFFICER),
        "KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url,
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-X",
        "importtime",
        "-m",
        "kodeks",
        "bot",
        env=env,
        cwd=bot_data_dir,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    lines: list[str] = []
    typer_loaded = asyncio.Event()

    async def drain() -> None:  # importtime writes thousands of lines: keep the pipe from filling up
        assert proc.stderr is not None
        async for raw in proc.stderr:
            line = raw.decode(errors="replace").rstrip()
            if line.startswith("import time:"):
                if line.rsplit("|", 1)[-1].strip() == "typer":
                    typer_loaded.set()
            else:
                lines.append(line)

    reader = asyncio.create_task(drain())
    try:
        await asyncio.wait_for(typer_loaded.wait(), 120)
        proc.send_signal(signal.SIGHUP)
        reply = await answered(telegram_server, proc)
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 60)
        await reader
    assert "Izvori:" in reply
    assert proc.returncode == 0, "\n".join(lines[-40:])
    assert any("reload requested during start-up" in line for line in lines)


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["bot"], "bot"),
        (["-d", "bot", "ask", "x"], "ask"),
        (["--data-dir", "/srv", "bot", "-v"], "bot"),
        (["--version"], None),
    ],
)
def test_the_launcher_knows_which_command_runs(args: list[str], name: str | None) -> None:
    """Only `kodeks bot` gets the start-up handlers (a hang-up still ends an ingest in a closed terminal);
    a data dir named like a command is not taken for one."""
    assert command_name(args) == name
