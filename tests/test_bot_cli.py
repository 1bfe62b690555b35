"""`kodeks stats`, `kodeks export` and `kodeks bot` as commands: exit codes, output, and the real
process answering through the fake Bot API (polling and webhook) and stopping cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from typer.testing import CliRunner

from bot.querylog import QueryLog
from kodeks.cli import app
from tests.fakes.anthropic_server import FAKE_KEY, slow
from tests.fakes.telegram_server import TOKEN, FakeTelegramServer
from tests.test_querylog import make_result

OFFICER = 1001
runner = CliRunner()


@pytest.fixture
async def data_dir(tmp_path: Path) -> Path:
    """A data dir with a small query log: two questions (one with 👍) and a lookup."""
    log = await QueryLog.open(tmp_path / "queries.sqlite3")
    now = datetime.now(UTC)
    first = await log.record(
        user_id=1, question="ukrao mi je mobitel", result=make_result(), at=now - timedelta(hours=1)
    )
    await log.record(
        user_id=2, question="staro pitanje", result=make_result(mode="extractive"), at=now - timedelta(days=3)
    )
    await log.record_lookup(user_id=1, text="član 1 KZ FBiH", articles=[])
    await log.feedback(row_id=first, user_id=1, value=1)
    await log.close()
    return tmp_path


def test_stats_prints_phone_sized_text_and_json(data_dir: Path) -> None:
    result = runner.invoke(app, ["stats", "--data-dir", str(data_dir)])
    assert result.exit_code == 0, result.output
    assert "Last 24 hours" in result.stdout and "Questions: 1 (1 from officers" in result.stdout
    assert "👍 1" in result.stdout and "Zadnja" not in result.stdout  # one language per surface
    assert "Most cited laws (citations): KZ FBiH (1)" in result.stdout
    result = runner.invoke(app, ["stats", "--lang", "bs", "--data-dir", str(data_dir)])
    assert "Zadnja 24 sata" in result.stdout and "Pitanja: 1" in result.stdout and "Last" not in result.stdout
    result = runner.invoke(app, ["stats", "--json", "--data-dir", str(data_dir)])
    figures = json.loads(result.stdout)
    assert figures["day"]["questions"] == 1 and figures["week"]["questions"] == 2
    assert figures["week"]["extractive"] == 0.5 and figures["day"]["feedback"]["up"] == 1
    assert set(figures["day"]) >= {
        "questions",
        "users",
        "levels",
        "not_covered",
        "extractive",
        "invalid_citations",
        "latency_ms",
        "feedback",
        "top_laws",
    }


def test_export_writes_evaluation_jsonl(data_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out" / "field.jsonl"
    result = runner.invoke(app, ["export", "--out", str(out), "--data-dir", str(data_dir)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["question"] for r in records] == ["ukrao mi je mobitel", "staro pitanje"]
    assert all(r["relevant"] == [] for r in records) and records[0]["feedback"] == "up"
    since = (datetime.now(UTC) - timedelta(days=1)).strftime("%Y-%m-%d")
    result = runner.invoke(app, ["export", "--since", since, "--data-dir", str(data_dir)])
    assert [json.loads(line)["question"] for line in result.stdout.splitlines()] == ["ukrao mi je mobitel"]


def test_stats_and_export_of_a_missing_log_are_zeros_and_create_nothing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", "--json", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["total_questions"] == 0 and figures["week"]["questions"] == 0
    result = runner.invoke(app, ["stats", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0 and "Questions: 0" in result.stdout
    result = runner.invoke(app, ["export", "--out", str(tmp_path / "x.jsonl"), "--data-dir", str(tmp_path)])
    assert result.exit_code == 0 and "exported 0 questions" in result.stderr
    result = runner.invoke(app, ["export", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0 and result.stdout == ""
    assert list(tmp_path.iterdir()) == []  # no log, no salt, no empty export file


def test_cli_errors_are_one_line_with_the_right_exit_code(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "--since", "jučer", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    result = runner.invoke(app, ["bot", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1 and "TELEGRAM_BOT_TOKEN" in result.stderr


# --- the real process --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def start_bot(data_dir: Path, env: dict[str, str], *args: str) -> asyncio.subprocess.Process:
    full = {
        **os.environ,
        "KODEKS_DATA_DIR": str(data_dir),
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "KODEKS_ALLOWED_USERS": str(OFFICER),
        **env,
    }
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from kodeks.launch import main; main()",
        "bot",
        *args,
        env=full,
        cwd=data_dir,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def stop_bot(proc: asyncio.subprocess.Process) -> tuple[int, str]:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode, err.decode(errors="replace")


async def wait_for_log(proc: asyncio.subprocess.Process, needle: str, timeout: float = 180) -> None:
    """Read the process's stderr until a log line contains `needle`."""

    async def scan() -> None:
        async for line in proc.stderr:  # type: ignore[union-attr]
            if needle in line.decode(errors="replace"):
                return
        raise AssertionError(f"process ended before logging {needle!r}")

    await asyncio.wait_for(scan(), timeout)


async def test_kodeks_bot_polls_answers_and_finishes_in_flight_answers_on_sigterm(
    telegram_server: FakeTelegramServer, bot_data_dir: Path, fake_anthropic: Any
) -> None:
    fake_anthropic.default = slow(1.5)
    proc = await start_bot(
        bot_data_dir,
        {
            "KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url,
            "ANTHROPIC_API_KEY": FAKE_KEY,
            "ANTHROPIC_BASE_URL": fake_anthropic.url,
        },
    )
    try:
        await telegram_server.wait_until(
            lambda: telegram_server.polls > 0 or proc.returncode is not None,
            timeout=180,
            what="the bot to start polling",
        )
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_call("sendChatAction", timeout=60)  # answering has started
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err
    [reply] = telegram_server.messages(OFFICER)
    assert "Izvori:" in reply["text"]
    async with await QueryLog.open(bot_data_dir / "queries.sqlite3") as log:
        [row] = await log.rows_since(datetime(2000, 1, 1, tzinfo=UTC))
    assert row["question"] == "ukrao mi je mobitel" and row["mode"] == "claude"
    assert TOKEN not in err  # the token never reaches the logs


async def test_kodeks_bot_webhook(telegram_server: FakeTelegramServer, bot_data_dir: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/kodeks-hook"
    proc = await start_bot(
        bot_data_dir,
        {
            "KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url,
            "KODEKS_WEBHOOK_URL": url,
            "KODEKS_WEBHOOK_LISTEN": "127.0.0.1",
            "KODEKS_WEBHOOK_PORT": str(port),
            "KODEKS_WEBHOOK_SECRET": "s3cret-_",
        },
    )
    try:
        hook = await telegram_server.wait_call("setWebhook", timeout=180)
        assert hook.params["url"] == url and hook.params["secret_token"] == "s3cret-_"
        update = {
            "update_id": 1,
            "message": {
                "message_id": 1,
                "date": 0,
                "text": "ukrao mi je mobitel",
                "chat": {"id": OFFICER, "type": "private"},
                "from": telegram_server.user(OFFICER),
            },
        }
        await wait_for_log(proc, "webhook listening")
        async with aiohttp.ClientSession() as session:
            async with session.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"}) as r:
                assert r.status == 403
            async with session.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-_"}) as r:
                assert r.status == 200
        [reply] = await telegram_server.wait_messages(OFFICER, 1, timeout=60)
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err
    assert "Izvori:" in reply["text"] and telegram_server.polls == 0


async def test_kodeks_bot_with_a_wrong_token_exits_1_with_one_line(
    telegram_server: FakeTelegramServer, bot_data_dir: Path
) -> None:
    proc = await start_bot(
        bot_data_dir,
        {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url, "TELEGRAM_BOT_TOKEN": "42:not-the-right-token"},
    )
    _, err = await asyncio.wait_for(proc.communicate(), 180)
    assert proc.returncode == 1
    assert (
        err.decode().strip().splitlines()[-1]
        == "kodeks: Telegram rejected TELEGRAM_BOT_TOKEN (copy it again from @BotFather)"
    )
    assert "Traceback" not in err.decode()


def test_ask_writes_the_query_log_marked_as_from_the_command_line(bot_data_dir: Path) -> None:
    result = runner.invoke(app, ["ask", "sta ako vozac odbije alkotest", "--data-dir", str(bot_data_dir)])
    assert result.exit_code == 0, result.output
    assert "covered: unknown" in result.stdout  # extractive: coverage is not judged
    result = runner.invoke(app, ["ask", "ukrao mi je mobitel", "--no-log", "--data-dir", str(bot_data_dir)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["stats", "--json", "--data-dir", str(bot_data_dir)])
    day = json.loads(result.stdout)["day"]
    assert day["questions"] == 1 and day["sources"] == {"telegram": 0, "cli": 1}
    assert day["claude_answers"] == 0 and day["not_covered"] is None  # unknown, not "100 % not covered"
    text = runner.invoke(app, ["stats", "--data-dir", str(bot_data_dir)]).stdout
    assert "Questions: 1 (0 from officers in Telegram, 1 from the command line)" in text
    assert "Coverage: unknown" in text
