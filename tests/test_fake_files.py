"""The fake Bot API serves files as Telegram does: getFile gives a file_path, GET /file/bot<token>/<path> the bytes.

Checked through python-telegram-bot's own Bot, so bot code that downloads a document or a voice message
runs against it unchanged."""

from __future__ import annotations

import pytest
from telegram import Bot
from telegram.error import BadRequest

from tests.fakes.telegram_server import FakeTelegramServer


async def test_a_hosted_file_downloads_through_the_real_client(telegram_server: FakeTelegramServer) -> None:
    update = telegram_server.send_document(
        424242, b"%PDF-1.4 test", "zakon.pdf", mime_type="application/pdf", caption="KZ FBiH"
    )
    document = update["message"]["document"]
    async with Bot(
        telegram_server.token, base_url=telegram_server.base_url, base_file_url=telegram_server.base_file_url
    ) as bot:
        got = await bot.get_file(document["file_id"])
        assert got.file_size == len(b"%PDF-1.4 test") and got.file_path
        assert bytes(await got.download_as_bytearray()) == b"%PDF-1.4 test"
        with pytest.raises(BadRequest):
            await bot.get_file("no-such-file")
    assert "download" in [c.method for c in telegram_server.calls]
