"""Security under faults: refusal fails closed (a locked or closed log, a failing sendMessage), no
unchecked article number reaches the officer, and nothing after the gate runs for a stranger or a group.

Waits by events only: checks that something did *not* happen are made after the bot has stopped
(serve drains every fetched update first)."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot import texts
from bot.delivery import RetryingLimiter
from kodeks import logsafe
from kodeks.settings import Settings
from tests.fakes.anthropic_server import (
    FAKE_KEY,
    FakeAnthropic,
    cite_first_passage,
    claude_settings,
    passage_ids,
    reply,
)
from tests.fakes.telegram_server import TOKEN, FakeTelegramServer
from tests.test_bot import OFFICER, STRANGER, rows, running_bot
from tests.test_bot_cli import free_port, stop_bot, wait_for_log

QUESTION = "neko mi je krivotvorio potpis"
ARTICLE_TEXT = "lažnu ispravu"  # a phrase of KZ FBiH čl. 373 in the sample corpus
GROUP = -4242


def sent_texts(server: FakeTelegramServer, chat_id: int) -> list[str]:
    """Every text the bot tried to send to a chat, delivered or not."""
    return [str(c.params.get("text", "")) for c in server.calls_to("sendMessage") if c.params.get("chat_id") == chat_id]


def assert_nothing_answered(server: FakeTelegramServer, chat_id: int, log_path: Path) -> None:
    tried = "\n".join(sent_texts(server, chat_id))
    assert "Izvori" not in tried and ARTICLE_TEXT not in tried and texts.ERROR not in tried, tried
    assert not [c for c in server.calls_to("sendChatAction") if c.params.get("chat_id") == chat_id]
    assert all(QUESTION not in (r["question"] or "") for r in rows(log_path))


async def test_a_stranger_is_refused_while_the_log_is_locked(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        holder = sqlite3.connect(log_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            telegram_server.send_text(STRANGER, QUESTION)
            [refusal] = await telegram_server.wait_messages(STRANGER, 1)  # refused without waiting for the log
            telegram_server.send_text(OFFICER, "ukrao mi je mobitel", chat_type="group", chat_id=GROUP)
            [group] = await telegram_server.wait_messages(GROUP, 1)
        finally:
            holder.rollback()
            holder.close()
    assert str(STRANGER) in refusal["text"] and group["text"] == texts.GROUP_CHAT
    assert_nothing_answered(telegram_server, STRANGER, log_path)
    assert_nothing_answered(telegram_server, GROUP, log_path)
    assert rows(log_path, "SELECT count(*) AS n FROM queries")[0]["n"] == 0


async def test_a_stranger_is_refused_when_the_log_is_gone(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path) as bot:
        await bot.log.close()  # every log call now raises
        telegram_server.send_text(STRANGER, QUESTION)
        await telegram_server.wait_messages(STRANGER, 1)
        telegram_server.send_text(OFFICER, QUESTION, chat_type="group", chat_id=GROUP)
        await telegram_server.wait_fetched()
    assert_nothing_answered(telegram_server, STRANGER, log_path)
    assert_nothing_answered(telegram_server, GROUP, log_path)
    assert telegram_server.texts(STRANGER) == [texts.REFUSED.format(user_id=STRANGER)]


async def test_a_failing_refusal_still_refuses(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    """Every attempt of the refusal's sendMessage gets a 500: the stranger and the group get nothing else.
    The bot's own retrier, its backoff shortened (0.5 s doubling is 7.5 s of sleeping per message): the same
    five attempts, the same giving up."""
    limiter = RetryingLimiter(backoff=0.01)
    async with running_bot(telegram_server, settings, retriever, log_path, limiter=limiter):
        telegram_server.fail_next("sendMessage", status=500, times=5)  # the retrying limiter's attempts
        telegram_server.send_text(STRANGER, QUESTION)
        await telegram_server.wait_until(
            lambda: len(telegram_server.calls_to("sendMessage")) == 5, what="the refusal's five failed attempts"
        )
        telegram_server.fail_next("sendMessage", status=500, times=5)
        telegram_server.send_text(OFFICER, QUESTION, chat_type="group", chat_id=GROUP)
        await telegram_server.wait_until(
            lambda: len(telegram_server.calls_to("sendMessage")) == 10, what="the group reply's five failed attempts"
        )
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")  # the bot goes on
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
    assert "Izvori:" in answer["text"]
    assert telegram_server.messages(STRANGER) == [] and telegram_server.messages(GROUP) == []
    assert_nothing_answered(telegram_server, STRANGER, log_path)
    assert_nothing_answered(telegram_server, GROUP, log_path)
    assert [r["question"] for r in rows(log_path)] == ["ukrao mi je mobitel"]
    assert len(rows(log_path, "SELECT * FROM refusals")) == 1  # counted, not stored
    assert limiter.retries == 8  # four repeats of each of the two failing messages


async def test_a_stranger_pressing_a_button_with_the_log_gone_is_refused(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path) as bot:
        telegram_server.send_text(OFFICER, QUESTION)
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
        await bot.log.close()
        for _, data in telegram_server.buttons(answer):
            telegram_server.press(STRANGER, answer, data)
        await telegram_server.wait_fetched()
    replies = [c.params.get("text") for c in telegram_server.calls_to("answerCallbackQuery")]
    assert replies and set(replies) == {texts.REFUSED_CALLBACK.format(user_id=STRANGER)}
    assert len(telegram_server.messages(OFFICER)) == 1 and telegram_server.messages(STRANGER) == []


# --- unchecked article numbers through the whole bot ---------------------------------------------


async def test_an_unchecked_article_number_never_reaches_the_officer(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_anthropic: FakeAnthropic,
) -> None:
    """The issue's cases: in `missing`, and in the text of a point whose citation is valid."""

    def sneaky(body: dict[str, Any]) -> Any:
        first = passage_ids(body)[0]
        return reply(
            [
                ("Prema KZ RS 999 kazna je doživotni zatvor.", [first]),
                ("Prema članovima 999 kazna je doživotni zatvor.", [first]),
                ("Djelo je kažnjivo.", [first]),
            ],
            covered=False,
            missing="Odlomci ne navode rok. Prema članu 999 KZ RS kazna je doživotni zatvor.",
        )(body)

    fake_anthropic.default = sneaky
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path):
        telegram_server.send_text(OFFICER, QUESTION)
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert "999" not in message["text"] and "Djelo je kažnjivo" in message["text"]
    assert "Odlomci ne navode rok." in message["text"]
    [row] = rows(log_path)
    assert row["flagged"] and "999" in row["invalid_citations"] and "999" not in (row["missing"] or "")


async def test_a_missing_text_that_only_names_an_unchecked_article_is_not_shown(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_anthropic: FakeAnthropic,
) -> None:
    fake_anthropic.default = reply([], covered=False, missing="Prema članu 999 KZ RS kazna je doživotni zatvor.")
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path):
        telegram_server.send_text(OFFICER, QUESTION)
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert "999" not in message["text"] and message["text"].startswith("⚠️")  # the extractive answer instead
    [row] = rows(log_path)
    assert row["flagged"] and row["mode"] == "extractive" and "999" in row["invalid_citations"]


# --- no secret, user text or raw id in the log, at DEBUG -----------------------------------------

SECRET_OFFICER, SECRET_STRANGER = 918273645, 564738291
OFFICER_TEXT = "tajnapitanje ukrao mi je mobitel"
STRANGER_TEXT = "stranacpita kako da udjem"
OPENAI_KEY = "sk-proj-openai-key-that-must-never-appear-0123456789"
WEBHOOK_SECRET = "hook-secret_that-must-never-appear"


async def start_verbose_bot(data_dir: Path, env: dict[str, str]) -> asyncio.subprocess.Process:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "KODEKS_", "ANTHROPIC_", "TELEGRAM_"))}
    full.update(
        {
            "KODEKS_DATA_DIR": str(data_dir),
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "OPENAI_API_KEY": OPENAI_KEY,
            "KODEKS_ALLOWED_USERS": str(SECRET_OFFICER),
            **env,
        }
    )
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from kodeks.launch import main; main()",
        "bot",
        "--verbose",
        env=full,
        cwd=data_dir,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


def assert_clean(err: str) -> None:
    assert "DEBUG telegram" in err and "DEBUG httpcore" in err and "DEBUG aiosqlite" in err  # really at DEBUG
    for secret in (
        TOKEN,
        TOKEN.split(":")[1],
        FAKE_KEY,
        OPENAI_KEY,
        WEBHOOK_SECRET,
        str(SECRET_OFFICER),
        str(SECRET_STRANGER),
        "tajnapitanje",
        "stranacpita",
        "mobitel",
    ):
        assert secret not in err, (secret, [line for line in err.splitlines() if secret in line][:3])


async def test_verbose_polling_bot_logs_no_secret_text_or_raw_id(
    telegram_server: FakeTelegramServer, bot_data_dir: Path, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.default = cite_first_passage
    proc = await start_verbose_bot(
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
        telegram_server.send_text(SECRET_OFFICER, OFFICER_TEXT)
        telegram_server.send_text(SECRET_STRANGER, STRANGER_TEXT)
        await telegram_server.wait_messages(SECRET_OFFICER, 1, timeout=120)
        await telegram_server.wait_messages(SECRET_STRANGER, 1, timeout=60)
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err[-3000:]
    assert "Izvori:" in telegram_server.messages(SECRET_OFFICER)[0]["text"]
    assert_clean(err)


async def test_verbose_webhook_bot_logs_no_secret(telegram_server: FakeTelegramServer, bot_data_dir: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/kodeks-hook"
    proc = await start_verbose_bot(
        bot_data_dir,
        {
            "KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url,
            "KODEKS_WEBHOOK_URL": url,
            "KODEKS_WEBHOOK_LISTEN": "127.0.0.1",
            "KODEKS_WEBHOOK_PORT": str(port),
            "KODEKS_WEBHOOK_SECRET": WEBHOOK_SECRET,
        },
    )
    try:
        await telegram_server.wait_call("setWebhook", timeout=180)
        await wait_for_log(proc, "webhook listening")
        update = {
            "update_id": 1,
            "message": {
                "message_id": 1,
                "date": 0,
                "text": STRANGER_TEXT,
                "chat": {"id": SECRET_STRANGER, "type": "private"},
                "from": telegram_server.user(SECRET_STRANGER),
            },
        }
        headers = {"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET}
        async with aiohttp.ClientSession() as session, session.post(url, json=update, headers=headers) as r:
            assert r.status == 200
        await telegram_server.wait_messages(SECRET_STRANGER, 1, timeout=60)
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err[-3000:]
    assert telegram_server.calls_to("setWebhook")[0].params["secret_token"] == WEBHOOK_SECRET
    assert_clean(err)


def test_the_filter_redacts_tracebacks_and_library_payloads() -> None:
    logsafe.register_secret("s3cr3t-value-xyz")
    record = logging.LogRecord(
        "telegram.ext.ExtBot",
        logging.DEBUG,
        __file__,
        1,
        "Calling Bot API endpoint `%s` with parameters `%s`",
        ("sendMessage", {"chat_id": SECRET_STRANGER, "text": STRANGER_TEXT}),
        None,
    )
    try:
        raise RuntimeError(f"url http://h/bot{TOKEN}/getMe failed with s3cr3t-value-xyz")
    except RuntimeError:
        record.exc_info = sys.exc_info()
    logsafe.RedactingFilter().filter(record)
    line = logging.Formatter().format(record)
    assert "sendMessage" in line and logsafe.WITHHELD in line
    assert str(SECRET_STRANGER) not in line and "stranacpita" not in line
    assert TOKEN not in line and "s3cr3t-value-xyz" not in line and logsafe.REDACTED in line


async def test_without_the_gate_no_handler_answers_a_stranger_or_a_group(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The second line of defence: every handler after the gate checks access itself."""
    async with running_bot(telegram_server, settings, retriever, log_path) as bot:
        [gate] = bot.app.handlers[-1]
        bot.app.remove_handler(gate, group=-1)  # as if the gate were broken or bypassed
        for text in (QUESTION, "/clan KZ FBiH 373", "/stats", "/help", "/nepoznata"):
            telegram_server.send_text(STRANGER, text)
        telegram_server.send_text(OFFICER, QUESTION, chat_type="group", chat_id=GROUP)
        telegram_server.send_sticker(STRANGER)
        await telegram_server.wait_fetched()
    assert telegram_server.messages(STRANGER) == [] and telegram_server.messages(GROUP) == []
    assert rows(log_path) == []
    assert len([r for r in caplog.records if "without passing the gate" in r.getMessage()]) == 7
