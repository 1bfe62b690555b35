"""Allow-list, per-user rate limit and the retry policy for Bot API calls (no network, no clocks)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.access import Access, RateLimiter
from bot.delivery import RetryingLimiter, unconfirmed
from bot.handlers import looks_like_reference


def test_admins_are_allowed_and_strangers_are_not() -> None:
    access = Access(allowed=[1, 2], admins=[9])
    assert access.is_allowed(1) and access.is_allowed(9) and not access.is_allowed(3)
    assert access.is_admin(9) and not access.is_admin(1)
    assert not Access([], []).is_allowed(1)  # empty lists: nobody


def test_rate_limit_per_user_sliding_window_warns_once() -> None:
    now = [0.0]
    limiter = RateLimiter(2, clock=lambda: now[0])
    assert limiter.check(1).allowed and limiter.check(1).allowed
    third = limiter.check(1)
    assert not third.allowed and third.warn and third.retry_in == 60
    assert limiter.check(2).allowed  # other officers are unaffected
    now[0] = 30.0
    fourth = limiter.check(1)
    assert not fourth.allowed and not fourth.warn and fourth.retry_in == 30
    now[0] = 60.0
    assert limiter.check(1).allowed
    now[0] = 61.0
    assert limiter.check(1).allowed  # the window slid past both early requests


class Script:
    """A Bot API call that fails as scripted, then succeeds."""

    def __init__(self, *errors: Exception) -> None:
        self.errors = list(errors)
        self.calls = 0

    async def __call__(self, *args: Any, **kwargs: Any) -> bool:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return True


def limiter_with_clock() -> tuple[RetryingLimiter, list[float]]:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    return RetryingLimiter(max_attempts=4, sleep=sleep), waits


async def run(limiter: RetryingLimiter, call: Script, endpoint: str = "sendMessage") -> Any:
    return await limiter.process_request(call, (), {}, endpoint, {}, None)


async def test_retry_after_waits_as_telegram_asks_then_sends() -> None:
    limiter, waits = limiter_with_clock()
    call = Script(RetryAfter(3), RetryAfter(1000))
    assert await run(limiter, call) is True
    assert call.calls == 3 and waits == [3.0, 60.0]  # long waits are capped


def caused(error: Exception, cause: Exception) -> Exception:
    """An error as python-telegram-bot raises it: from the httpx exception underneath."""
    error.__cause__ = cause
    return error


async def test_network_errors_back_off_and_give_up_eventually() -> None:
    limiter, waits = limiter_with_clock()
    never_sent = caused(TimedOut(), httpx.ConnectTimeout("connect"))
    assert await run(limiter, Script(NetworkError("reset"), never_sent)) is True
    assert waits == [0.5, 1.0]
    limiter, _ = limiter_with_clock()
    with pytest.raises(NetworkError):
        await run(limiter, Script(*[NetworkError("down")] * 10))


@pytest.mark.parametrize(
    "error",
    [
        caused(TimedOut(), httpx.ReadTimeout("read")),
        caused(NetworkError("x"), httpx.RemoteProtocolError("gone")),
        TimedOut(),
    ],
    ids=["read-timeout", "dropped-response", "bare-timeout"],
)
async def test_a_send_that_may_have_reached_telegram_is_not_repeated(error: Exception) -> None:
    """sendMessage is not idempotent: after a read timeout the answer may already be on the officer's phone."""
    limiter, waits = limiter_with_clock()
    call = Script(error)
    with pytest.raises(type(error)):
        await run(limiter, call)
    assert call.calls == 1 and waits == [] and unconfirmed(error)
    edit = Script(error)  # editing a message twice is harmless: retried
    assert await run(limiter, edit, endpoint="editMessageReplyMarkup") is True and edit.calls == 2


@pytest.mark.parametrize(
    "error",
    [
        caused(NetworkError("httpx.ConnectError"), httpx.ConnectError("refused")),
        caused(TimedOut(), httpx.PoolTimeout("pool")),
        NetworkError("Bad Gateway"),
        RetryAfter(1),
    ],
)
async def test_a_send_telegram_never_acted_on_is_repeated(error: Exception) -> None:
    limiter, _ = limiter_with_clock()
    call = Script(error)
    assert await run(limiter, call) is True and call.calls == 2 and not unconfirmed(error)


@pytest.mark.parametrize("error", [BadRequest("can't parse entities"), Forbidden("bot was blocked")])
async def test_our_own_errors_are_not_retried(error: Exception) -> None:
    limiter, waits = limiter_with_clock()
    call = Script(error)
    with pytest.raises(type(error)):
        await run(limiter, call)
    assert call.calls == 1 and waits == []


async def test_typing_action_is_never_retried() -> None:
    limiter, waits = limiter_with_clock()
    with pytest.raises(RetryAfter):
        await run(limiter, Script(RetryAfter(5)), endpoint="sendChatAction")
    assert waits == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("član 373 KZ FBiH", True),
        ("KZ FBiH 373", True),
        ("чл. 42 КЗ РС", True),
        ("neko mi je krivotvorio potpis", False),
        ("šta kaže član 373 KZ FBiH o kazni za pečat?", False),
    ],
)
def test_what_is_worth_checking_as_a_plain_reference(text: str, expected: bool) -> None:
    assert looks_like_reference(text) is expected
