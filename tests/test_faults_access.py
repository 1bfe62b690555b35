"""Access: strangers reach no admin command and no article text; an officer cannot use the buttons of
another officer's answer (callback data carries a guessable row id)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import texts
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import CROWD, OFFICER, STRANGER, rows, running_bot

ARTICLE_TEXT = "lažnu ispravu"  # a phrase of KZ FBiH čl. 373 in the sample corpus
OTHER_OFFICER = CROWD[0]


def everything_sent_to(server: FakeTelegramServer, user: int) -> str:
    """Messages, documents and callback answers the bot sent to `user`, as one text."""
    parts = [m.get("text") or m.get("caption") or "" for m in server.messages(user)]
    parts += [str(c.params.get("text", "")) for c in server.calls_to("answerCallbackQuery")]
    return "\n".join(parts)


async def test_another_officer_cannot_vote_on_or_open_my_answer(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "neko mi je krivotvorio potpis")
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
        data = [d for _, d in telegram_server.buttons(answer)]
        for d in data:  # e.g. the message was forwarded, or the row id guessed
            telegram_server.press(OTHER_OFFICER, answer, d)
        await telegram_server.wait_until(lambda: len(telegram_server.calls_to("answerCallbackQuery")) == len(data))
        own = next(d for d in data if d.startswith("a:"))
        telegram_server.press(OFFICER, answer, own)  # the owner still can
        await telegram_server.wait_messages(OFFICER, 2)
    assert rows(log_path, "SELECT * FROM feedback") == []
    assert telegram_server.messages(OTHER_OFFICER) == [] and not telegram_server.calls_to("editMessageReplyMarkup")
    replies = [c.params.get("text") for c in telegram_server.calls_to("answerCallbackQuery")][: len(data)]
    assert replies == [texts.ANSWER_GONE] * len(data)  # the same as for a row that does not exist
    assert ARTICLE_TEXT in telegram_server.messages(OFFICER)[1]["text"]


async def test_a_stranger_reaches_no_admin_command_and_no_article(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "neko mi je krivotvorio potpis")
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
        for text in (
            "/stats",
            "/export",
            "/export 2000-01-01",
            "/clan KZ FBiH 373",
            "član 373 KZ FBiH",
            "neko mi je krivotvorio potpis",
        ):
            telegram_server.send_text(STRANGER, text)
        for _, d in telegram_server.buttons(answer):
            telegram_server.press(STRANGER, answer, d)
        await telegram_server.wait_fetched()
    sent = everything_sent_to(telegram_server, STRANGER)
    assert ARTICLE_TEXT not in sent and "Izvori" not in sent and "Zadnja 24 sata" not in sent
    assert not telegram_server.calls_to("sendDocument")
    assert all(str(STRANGER) in t for t in telegram_server.texts(STRANGER))  # only refusals (with their id)
    assert [r["user_hash"] for r in rows(log_path)] == [rows(log_path)[0]["user_hash"]]  # only the officer's row
    assert rows(log_path, "SELECT * FROM feedback") == []
