"""Security under faults: refusal fails closed (a locked or closed log, a failing sendMessage), no
unchecked article number reaches the officer, and nothing after the gate runs for a stranger or a group.

Waits by events only: checks that something did *not* happen are made after the bot has stopped
(serve drains every fetched update first)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot import texts
from kodeks.settings import Settings
from tests.fakes.anthropic_server import FakeAnthropic, claude_settings, passage_ids, reply
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import OFFICER, STRANGER, rows, running_bot

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
        telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path) -> None:
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
        telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path) -> None:
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
        telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path) -> None:
    """Every attempt of the refusal's sendMessage gets a 500: the stranger and the group get nothing else."""
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.fail_next("sendMessage", status=500, times=5)  # the retrying limiter's attempts
        telegram_server.send_text(STRANGER, QUESTION)
        await telegram_server.wait_until(lambda: len(telegram_server.calls_to("sendMessage")) == 5,
                                         what="the refusal's five failed attempts")
        telegram_server.fail_next("sendMessage", status=500, times=5)
        telegram_server.send_text(OFFICER, QUESTION, chat_type="group", chat_id=GROUP)
        await telegram_server.wait_until(lambda: len(telegram_server.calls_to("sendMessage")) == 10,
                                         what="the group reply's five failed attempts")
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")  # the bot goes on
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
    assert "Izvori:" in answer["text"]
    assert telegram_server.messages(STRANGER) == [] and telegram_server.messages(GROUP) == []
    assert_nothing_answered(telegram_server, STRANGER, log_path)
    assert_nothing_answered(telegram_server, GROUP, log_path)
    assert [r["question"] for r in rows(log_path)] == ["ukrao mi je mobitel"]
    assert len(rows(log_path, "SELECT * FROM refusals")) == 1  # counted, not stored


async def test_a_stranger_pressing_a_button_with_the_log_gone_is_refused(
        telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path) -> None:
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
        telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path,
        fake_anthropic: FakeAnthropic) -> None:
    """The issue's cases: in `missing`, and in the text of a point whose citation is valid."""
    def sneaky(body: dict[str, Any]) -> Any:
        first = passage_ids(body)[0]
        return reply([("Prema KZ RS 999 kazna je doživotni zatvor.", [first]),
                      ("Prema članovima 999 kazna je doživotni zatvor.", [first]),
                      ("Djelo je kažnjivo.", [first])],
                     covered=False, missing="Odlomci ne navode rok. Prema članu 999 KZ RS kazna je doživotni zatvor.")(body)

    fake_anthropic.default = sneaky
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path):
        telegram_server.send_text(OFFICER, QUESTION)
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert "999" not in message["text"] and "Djelo je kažnjivo" in message["text"]
    assert "Odlomci ne navode rok." in message["text"]
    [row] = rows(log_path)
    assert row["flagged"] and "999" in row["invalid_citations"] and "999" not in (row["missing"] or "")


async def test_a_missing_text_that_only_names_an_unchecked_article_is_not_shown(
        telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path,
        fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.default = reply([], covered=False, missing="Prema članu 999 KZ RS kazna je doživotni zatvor.")
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path):
        telegram_server.send_text(OFFICER, QUESTION)
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert "999" not in message["text"] and message["text"].startswith("⚠️")  # the extractive answer instead
    [row] = rows(log_path)
    assert row["flagged"] and row["mode"] == "extractive" and "999" in row["invalid_citations"]
