"""Claude failing behind a running bot: the officer still gets an extractive answer with sources, and the
query-log row says why (mode, reason). The Answerer-level cases are in test_answering_claude.py; these
go end to end through Telegram, the pipeline and the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kodeks.settings import Settings
from tests.fakes.anthropic_server import FakeAnthropic, claude_settings, error, malformed, reply, slow
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import OFFICER, rows, running_bot

QUESTION = "neko mi je krivotvorio potpis"


async def ask_through_bot(
    server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path, fake: FakeAnthropic, **claude: Any
) -> tuple[dict[str, Any], Any]:
    async with running_bot(server, claude_settings(fake, base=settings, **claude), retriever, log_path):
        server.send_text(OFFICER, QUESTION)
        [message] = await server.wait_messages(OFFICER, 1, timeout=60)
    [row] = rows(log_path)
    return message, row


def assert_extractive_with_sources(message: dict[str, Any], row: Any, reason: str) -> None:
    assert message["text"].startswith("⚠️") and "Izvori:" in message["text"]
    assert "KZ FBiH, član 373" in message["text"]
    assert row["mode"] == "extractive" and reason in row["reason"], row["reason"]
    assert row["error"] is None and row["answer"] and "KZ FBiH čl. 373" in row["citations"]


async def test_429_then_success_answers_with_claude(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_anthropic: FakeAnthropic,
) -> None:
    fake_anthropic.script(error(429, "rate limited"))
    message, row = await ask_through_bot(telegram_server, settings, retriever, log_path, fake_anthropic)
    assert len(fake_anthropic.requests) == 2
    assert not message["text"].startswith("⚠️") and "Izvori:" in message["text"]
    assert row["mode"] == "claude" and row["reason"] is None and row["model"] == "claude-fake-1"


@pytest.mark.parametrize(
    "behaviour, claude, reason, tries",
    [
        (error(500, "Internal server error"), {"claude_max_retries": 2}, "HTTP 500, after 2 retries", 3),
        (slow(30), {"claude_timeout": 0.5, "claude_max_retries": 0}, "timed out", 1),
        (malformed(), {"claude_max_retries": 0}, "malformed reply", 1),
        (reply([("Policija smije sve.", ["KZ BiH čl. 1"])]), {}, "not grounded", 1),
    ],
    ids=["500-every-try", "timeout", "malformed", "not-grounded"],
)
async def test_claude_failure_gives_extractive_answer_and_the_row_says_why(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_anthropic: FakeAnthropic,
    behaviour: Any,
    claude: dict[str, Any],
    reason: str,
    tries: int,
) -> None:
    fake_anthropic.default = behaviour
    message, row = await ask_through_bot(telegram_server, settings, retriever, log_path, fake_anthropic, **claude)
    assert_extractive_with_sources(message, row, reason)
    assert len(fake_anthropic.requests) == tries
