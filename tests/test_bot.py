"""The bot end to end: the real python-telegram-bot Application, the real pipeline over the sample
index, a real query log — only Telegram (and, for Claude answers, Anthropic) are fake servers.

Never sleeps and never times anything: tests wait for the calls they expect, and checks that
something did *not* happen are made after `serve` has stopped (it drains every fetched update).
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pydantic import SecretStr

from bot import texts
from bot.app import build_application, serve
from bot.delivery import RetryingLimiter
from bot.querylog import QueryLog
from kodeks.answering import Pipeline
from kodeks.settings import Settings
from tests.fakes.anthropic_server import claude_settings, passage_ids, reply, slow
from tests.fakes.telegram_server import TOKEN, FakeTelegramServer, parse_html

OFFICER, ADMIN, STRANGER = 1001, 2002, 3003
CROWD = list(range(5000, 5020))


def bot_settings(base: Settings, server: FakeTelegramServer, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "telegram_bot_token": SecretStr(TOKEN),
        "telegram_base_url": server.base_url,
        "allowed_users": frozenset([OFFICER, *CROWD]),
        "admins": frozenset([ADMIN]),
    }
    values.update(overrides)
    return base.model_copy(update=values)


@contextlib.asynccontextmanager
async def running_bot(
    server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    library: Any = None,
    limiter: RetryingLimiter | None = None,
) -> AsyncIterator[SimpleNamespace]:
    """Serve the bot (as `kodeks bot` does) until the block ends; then stop gracefully and close.
    `library`: the law library admins' uploads go to (bot.library.LawLibrary; None: no uploads);
    `limiter`: the Bot API retrier (None: the bot's own, `RetryingLimiter()`)."""
    pipeline = Pipeline(settings, retriever=retriever)
    qlog = await QueryLog.open(log_path, retention_days=settings.log_retention_days)
    app = build_application(
        settings, pipeline=pipeline, retriever=retriever, querylog=qlog, library=library, limiter=limiter
    )
    stop = asyncio.Event()
    task = asyncio.create_task(serve(app, settings, stop, poll_timeout=1))
    try:
        polling = asyncio.ensure_future(server.wait_until(lambda: server.polls > 0, what="polling to start"))
        await asyncio.wait([polling, task], return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            polling.cancel()
            task.result()
        await polling
        yield SimpleNamespace(app=app, log=qlog, stop=stop, task=task, pipeline=pipeline)
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)
        await qlog.close()
        await pipeline.aclose()


def rows(log_path: Path, sql: str = "SELECT * FROM queries ORDER BY id") -> list[sqlite3.Row]:
    con = sqlite3.connect(log_path)
    con.row_factory = sqlite3.Row
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def rendered(message: dict[str, Any]) -> str:
    return parse_html(message["_html"]) if message.get("_html") else message.get("text", "")


# --- answers -----------------------------------------------------------------------------------


async def test_officer_question_gets_a_cited_reply_with_buttons_and_is_logged(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        question = telegram_server.send_text(OFFICER, "neko mi je krivotvorio potpis")
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    [call] = telegram_server.calls_to("sendMessage")
    assert call.params["reply_parameters"]["message_id"] == question["message"]["message_id"]  # quotes the question
    assert call.params["parse_mode"] == "HTML"
    text = message["text"]
    assert text.startswith("⚠️ Izvod iz zakona")  # no API key: extractive, and marked
    assert "Izvori:" in text and "KZ FBiH, član 373 – Krivotvorenje isprave" in text
    assert text.index("Izvori:") > text.index("KZ FBiH, član 373")  # the answer first, then sources
    [row] = rows(log_path)
    buttons = telegram_server.buttons(message)
    assert ("👍", f"f:{row['id']}:+") in buttons and ("👎", f"f:{row['id']}:-") in buttons
    assert any(data == f"a:{row['id']}:0" and label.startswith("📖") for label, data in buttons)
    assert any(c.params.get("action") == "typing" for c in telegram_server.calls_to("sendChatAction"))
    assert row["question"] == "neko mi je krivotvorio potpis" and row["mode"] == "extractive"
    assert row["level"] in ("threshold", "top_k") and row["total_ms"] > 0 and row["error"] is None
    assert "KZ FBiH čl. 373" in row["citations"] and json.loads(row["retrieved"])[0]["dense_rank"] is not None


async def test_cyrillic_question(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "фалсификовао је исправу")
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert "Izvori:" in message["text"] and "KZ RS, član 373" in message["text"]
    assert rows(log_path)[0]["question"] == "фалсификовао је исправу"


async def test_claude_answer_over_4096_chars_is_split_with_buttons_under_the_last_part(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path, fake_anthropic: Any
) -> None:
    def long_answer(body: dict[str, Any]) -> Any:
        ids = passage_ids(body)
        points = [(f"Tvrdnja {i} <važna> & tačna: " + "objašnjenje " * 30, [ids[i % len(ids)]]) for i in range(25)]
        return reply(points)(body)

    fake_anthropic.default = long_answer
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path):
        telegram_server.send_text(OFFICER, "neko mi je krivotvorio potpis")
        await telegram_server.wait_until(
            lambda: any(telegram_server.buttons(m) for m in telegram_server.messages(OFFICER)), what="the last part"
        )
    messages = telegram_server.messages(OFFICER)
    assert len(messages) >= 2
    assert all(len(m["text"]) <= 4096 for m in messages)
    assert not any(telegram_server.buttons(m) for m in messages[:-1]) and telegram_server.buttons(messages[-1])
    assert "Tvrdnja 0 <važna> & tačna" in messages[0]["text"]  # escaped on the way, shown as written
    assert "Izvori:" in messages[-1]["text"] and "⚠️" not in messages[0]["text"]
    [row] = rows(log_path)
    assert row["mode"] == "claude" and row["model"] and row["input_tokens"]


async def test_twenty_questions_at_once_are_all_answered_and_logged(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    questions = [
        "ukrao mi je mobitel",
        "vozac pobjegao sa mjesta nezgode",
        "sta ako vozac odbije alkotest",
        "covjek se tuce i vice na ulici",
    ]
    async with running_bot(telegram_server, settings, retriever, log_path):
        for n, user in enumerate(CROWD):
            telegram_server.send_text(user, questions[n % len(questions)])
        for user in CROWD:
            [message] = await telegram_server.wait_messages(user, 1, timeout=120)
            assert "Izvori:" in message["text"]
    logged = rows(log_path)
    assert len(logged) == 20 and all(r["answer"] and r["error"] is None for r in logged)
    assert len({r["user_hash"] for r in logged}) == 20


async def test_flood_control_and_network_errors_are_retried_not_dropped(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    telegram_server.fail_next("sendMessage", retry_after=1)
    telegram_server.fail_next("sendMessage", status=502)
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert "Izvori:" in message["text"]
    statuses = [c.status for c in telegram_server.calls_to("sendMessage")]
    assert statuses == [429, 502, 200]
    assert rows(log_path)[0]["error"] is None


async def test_graceful_stop_lets_an_answer_in_progress_finish_and_be_logged(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path, fake_anthropic: Any
) -> None:
    fake_anthropic.default = slow(1.5)
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path) as bot:
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_call("sendChatAction")  # the answer is being prepared
        bot.stop.set()  # what SIGTERM does in `kodeks bot`
        await asyncio.wait_for(bot.task, 60)
        assert len(telegram_server.messages(OFFICER)) == 1  # sent before serve() returned
    [row] = rows(log_path)
    assert row["mode"] == "claude" and row["question"] == "ukrao mi je mobitel"


async def test_pipeline_failure_is_logged_and_the_officer_told(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    class BrokenRetriever:
        """The index vanished under a running bot: the public search raises."""

        def __getattr__(self, name: str) -> Any:
            return getattr(retriever, name)

        def search(self, *args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("index is gone")

    async with running_bot(telegram_server, settings, BrokenRetriever(), log_path):
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert message["text"] == texts.ANSWER_FAILED
    [row] = rows(log_path)
    assert "index is gone" in row["error"] and row["answer"] is None


async def test_a_broken_log_does_not_keep_the_answer_from_the_officer(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path) as bot:
        await bot.log.close()  # e.g. the disk is gone
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        [message] = await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_text(ADMIN, "/stats")  # fails inside the handler: the global error handler replies
        [error] = await telegram_server.wait_messages(ADMIN, 1)
    assert "Izvori:" in message["text"] and not telegram_server.buttons(message)
    assert error["text"] == texts.ERROR


# --- articles and buttons ------------------------------------------------------------------------


async def test_clan_command_and_plain_reference_show_the_article(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        replies = await telegram_server.converse(
            OFFICER, ["/clan KZ FBiH 373", "član 286 KZ FBiH", "/clan XYZ 1", "/clan"]
        )
    first, second, third, fourth = (r["text"] for r in replies)
    assert first.startswith("KZ FBiH, član 373 – Krivotvorenje isprave") and "lažnu ispravu" in first
    assert second.startswith("KZ FBiH, član 286 – Krađa")
    assert third.startswith("Zakon „xyz“ nije učitan") and "/zakoni" in third
    assert fourth.startswith("Upotreba:")
    assert [(r["kind"], r["level"]) for r in rows(log_path)] == [
        ("lookup", "reference"),
        ("lookup", "reference"),
        ("lookup", "unknown_law"),
    ]


async def test_buttons_open_the_article_and_store_feedback(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "neko mi je krivotvorio potpis")
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
        buttons = {data: label for label, data in telegram_server.buttons(answer)}
        article_data = next(d for d in buttons if d.startswith("a:"))
        telegram_server.press(OFFICER, answer, article_data)
        messages = await telegram_server.wait_messages(OFFICER, 2)
        assert messages[1]["text"].startswith("KZ FBiH, član")
        up = next(d for d in buttons if d.startswith("f:") and d.endswith("+"))
        telegram_server.press(OFFICER, answer, up)
        edit = await telegram_server.wait_call("editMessageReplyMarkup")
        assert any("✓" in b["text"] for row in edit.params["reply_markup"]["inline_keyboard"] for b in row)
        telegram_server.press(OFFICER, answer, "f:999999:+")  # an answer no longer in the log
        await telegram_server.wait_until(lambda: len(telegram_server.calls_to("answerCallbackQuery")) == 3)
    feedback = rows(log_path, "SELECT query_id, value FROM feedback")
    assert [tuple(f) for f in feedback] == [(rows(log_path)[0]["id"], 1)]
    replies = [c.params.get("text") for c in telegram_server.calls_to("answerCallbackQuery")]
    assert texts.FEEDBACK_THANKS in replies and texts.ANSWER_GONE in replies


async def test_the_log_survives_a_restart_and_old_buttons_still_work(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
    async with running_bot(telegram_server, settings, retriever, log_path):
        down = next(d for _, d in telegram_server.buttons(answer) if d.endswith("-"))
        telegram_server.press(OFFICER, answer, down)
        await telegram_server.wait_call("answerCallbackQuery")
        telegram_server.send_text(ADMIN, "/stats")
        [stats] = await telegram_server.wait_messages(ADMIN, 1)
    assert "Pitanja: 1" in stats["text"] and "👎 1" in stats["text"]
    assert len(rows(log_path)) == 1


# --- access and odd input ------------------------------------------------------------------------


async def test_stranger_is_refused_with_their_id_and_their_text_is_not_stored(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    secret = "tajni plan napada na zgradu suda"
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(STRANGER, secret)
        [message] = await telegram_server.wait_messages(STRANGER, 1)
        telegram_server.press(STRANGER, message, "f:1:+")
        await telegram_server.wait_call("answerCallbackQuery")
    assert str(STRANGER) in message["text"] and "ovlaštene" in message["text"]
    assert rows(log_path) == []
    assert rows(log_path, "SELECT COUNT(*) FROM refusals")[0][0] == 2
    for path in log_path.parent.glob("queries.sqlite3*"):
        assert b"tajni plan" not in path.read_bytes()
    assert not telegram_server.calls_to("sendChatAction")


async def test_every_non_question_gets_a_short_clear_reply(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings.model_copy(update={"voice": False}), retriever, log_path):
        for send in (
            telegram_server.send_sticker,
            telegram_server.send_voice,
            telegram_server.send_photo,
            telegram_server.send_file,
        ):
            send(OFFICER)
        telegram_server.send_text(OFFICER, "ukrao mi je", edited=True)
        telegram_server.send_text(OFFICER, "/nepoznata")
        telegram_server.send_text(OFFICER, "x" * (settings.max_question_chars + 1))
        telegram_server.send_text(OFFICER, "/start")
        telegram_server.send_text(OFFICER, "koja je kazna za kradju?", chat_type="group", chat_id=-42)
        await telegram_server.wait_messages(OFFICER, 8)
        await telegram_server.wait_messages(-42, 1)
    got = telegram_server.texts(OFFICER)
    assert got.count(texts.NON_TEXT) == 3
    assert texts.VOICE_OFF in got  # voice off here (tests/test_bot_voice.py transcribes)
    assert texts.EDITED in got
    assert "Ne poznajem naredbu /nepoznata. Pogledajte /help." in got
    assert any(t.startswith("Pitanje je predugo") for t in got)
    assert any("KODEKS odgovara na pitanja samo iz zakona" in t for t in got)
    assert telegram_server.texts(-42) == [texts.GROUP_CHAT]
    assert rows(log_path) == []  # nothing here was a question


async def test_thanks_and_wordless_messages_get_a_short_reply_and_are_not_logged(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        for text in ("hvala", "👍", "???"):
            telegram_server.send_text(OFFICER, text)
        await telegram_server.wait_messages(OFFICER, 3)
    assert telegram_server.texts(OFFICER) == [texts.THANKS, texts.THANKS, texts.NO_WORDS]
    assert rows(log_path) == []  # neither searched nor logged as a question


async def test_rate_limit_tells_the_officer_once(
    telegram_server: FakeTelegramServer, sample_index: Settings, retriever: Any, log_path: Path
) -> None:
    settings = bot_settings(sample_index, telegram_server, rate_limit_per_minute=1)
    async with running_bot(telegram_server, settings, retriever, log_path):
        for _ in range(4):
            telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_messages(OFFICER, 2)
        await telegram_server.wait_fetched()
    got = telegram_server.texts(OFFICER)
    assert len(got) == 2 and sum(t.startswith("Polako") for t in got) == 1
    assert len(rows(log_path)) == 1


async def test_stats_and_export_for_admins_only(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "/stats")
        telegram_server.send_text(OFFICER, "/export")
        await telegram_server.wait_messages(OFFICER, 2)
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_messages(OFFICER, 3)
        telegram_server.send_text(ADMIN, "/stats")
        [stats] = await telegram_server.wait_messages(ADMIN, 1)
        telegram_server.send_text(ADMIN, "/export")
        [_, document] = await telegram_server.wait_messages(ADMIN, 2)
        telegram_server.send_text(ADMIN, "/export 2999-01-01")
        await telegram_server.wait_messages(ADMIN, 3)
    assert telegram_server.texts(OFFICER)[:2] == [texts.ADMINS_ONLY, texts.ADMINS_ONLY]
    assert "Zadnja 24 sata" in stats["text"] and "Pitanja: 1" in stats["text"]
    assert document["document"]["file_name"].endswith(".jsonl.gz")
    [record] = [json.loads(line) for line in gzip.decompress(document["_content"]).decode().splitlines()]
    assert record["question"] == "ukrao mi je mobitel" and record["relevant"] == []
    assert record["retrieved"] and record["level"] and record["answer"] and record["timings_ms"]["total"] > 0
    assert telegram_server.texts(ADMIN)[2] == texts.EXPORT_EMPTY
