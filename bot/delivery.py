"""Getting replies to the officer despite flood control and a flaky mobile network.

`RetryingLimiter` plugs into python-telegram-bot's rate-limiter hook, so every Bot API call the
bot makes (messages, documents, button answers) is retried on `RetryAfter` (after the wait Telegram
asks for) and on network errors (with backoff) instead of being dropped. `keep_typing` keeps the
"typing…" indicator alive while an answer is prepared (Telegram clears it after ~5 s).

Sends are not idempotent: Telegram has no request id, so repeating a `sendMessage` whose request
reached Telegram shows the officer the same answer twice. The rule: a call is repeated only when
Telegram certainly did not act on it — flood control (429), an error status from Telegram (5xx),
or a failure before the request left (connection refused, connect or pool timeout). When the request
went out and no answer came back (read/write timeout, connection dropped mid-response), a message-
creating call is NOT repeated: `unconfirmed(exc)` is true and the handler marks the log row instead
of telling the officer to try again. Calls that are safe to repeat (editing, answering a button,
getUpdates) keep retrying on any network error. Before this rule, a slow `sendMessage` (past the
5 s read timeout) was retried here and delivered twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dtm
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import httpx
from telegram import Bot
from telegram.constants import ChatAction
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import BaseRateLimiter

log = logging.getLogger(__name__)

# Calls whose loss only costs cosmetics: never block an answer on them.
NO_RETRY = frozenset({"sendChatAction", "getMe", "deleteWebhook", "setWebhook", "setMyCommands", "getMyCommands"})
# Calls that create something each time they reach Telegram: repeated only when Telegram certainly did not act.
NOT_IDEMPOTENT = frozenset(
    {
        "sendMessage",
        "sendDocument",
        "sendPhoto",
        "sendAudio",
        "sendVideo",
        "sendVoice",
        "sendMediaGroup",
        "sendLocation",
        "sendContact",
        "sendPoll",
        "sendSticker",
        "copyMessage",
        "copyMessages",
        "forwardMessage",
        "forwardMessages",
    }
)
# httpx failures that happen before any byte of the request reached Telegram.
_NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)


def unconfirmed(exc: BaseException) -> bool:
    """True when a request may have reached Telegram but no answer came back (so repeating could duplicate).

    python-telegram-bot raises `TimedOut`/`NetworkError` from the httpx exception (`__cause__`); an error
    status that Telegram itself returned (502 …) has no httpx cause and means it did not act."""
    if not isinstance(exc, NetworkError) or isinstance(exc, RetryAfter):
        return False
    cause = exc.__cause__
    if cause is None:
        return isinstance(exc, TimedOut)  # a bare TimedOut: where it happened is unknown, so assume sent
    return not isinstance(cause, _NEVER_SENT)


def _seconds(value: int | float | dtm.timedelta) -> float:
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


class RetryingLimiter(BaseRateLimiter[None]):
    """Retry flood-controlled and network-failed Bot API calls; everything else passes straight through."""

    def __init__(
        self,
        max_attempts: int = 5,
        max_wait: float = 60.0,
        backoff: float = 0.5,
        sleep: Callable[[float], Coroutine[Any, Any, None]] = asyncio.sleep,
    ) -> None:
        self.max_attempts = max_attempts
        self.max_wait = max_wait
        self.backoff = backoff
        self._sleep = sleep
        self.retries = 0  # for tests and logs: how many calls were repeated

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Any]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: None,
    ) -> Any:
        attempts = 1 if endpoint in NO_RETRY else self.max_attempts
        for attempt in range(1, attempts + 1):
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                if attempt == attempts:
                    raise
                wait = min(_seconds(exc.retry_after), self.max_wait)
                log.warning("%s: flood control, retrying in %.1f s (attempt %d)", endpoint, wait, attempt)
            except BadRequest:
                raise  # our fault (bad HTML, message gone): repeating will not help
            except NetworkError as exc:
                if attempt == attempts or (endpoint in NOT_IDEMPOTENT and unconfirmed(exc)):
                    raise
                wait = min(self.backoff * 2 ** (attempt - 1), self.max_wait)
                log.warning("%s: %s, retrying in %.1f s (attempt %d)", endpoint, exc, wait, attempt)
            self.retries += 1
            await self._sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover


@contextlib.asynccontextmanager
async def keep_typing(bot: Bot, chat_id: int, every: float = 4.0) -> AsyncIterator[None]:
    """Show "typing…" in the chat until the block ends; failures to show it are ignored."""

    async def loop() -> None:
        while True:
            with contextlib.suppress(TelegramError):
                await bot.send_chat_action(chat_id, ChatAction.TYPING)
            await asyncio.sleep(every)

    task = asyncio.create_task(loop(), name=f"typing:{chat_id}")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
