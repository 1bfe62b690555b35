"""A webhook update acknowledged only once it cannot be lost: journaled, or handled to the end.

Telegram retries a webhook update until the bot answers its POST with a 2xx, and forgets it after. The webhook
server of python-telegram-bot answers as soon as the update is in the application's queue — before any handler
ran — so a replica killed (kill -9, power loss) with questions queued would lose them: Telegram has its 200,
the journal never saw them. Here the queue handed to PTB (`AcknowledgingQueue`) holds each `put` of an update
until `Acknowledgements.settle` is called for it: by `bot.handlers.answer_question` once the question is in the
journal (from then on a dead replica's question is answered by a live one, bot/replicas.py), and by
`KodeksApplication.process_update` when the update was handled in full (a command, a button, a refusal, a
question already journaled). An update whose replica dies first gets no 2xx: Telegram sends it again, and the
load balancer hands it to a live replica. PTB's webhook handler awaits `put` before it answers, which is what
this relies on (tests/test_replicas.py kills a replica and counts every answer).

A `put` waits at most KODEKS_WEBHOOK_ACK_SECONDS (then the update is acknowledged anyway, with a warning): an
update that takes longer to reach the journal is behind many others in this process, and Telegram's own
request timeout must not expire first (it would send the update again while this replica still holds it).
Long polling does not use this queue: there, Telegram forgets a batch only when the next poll confirms it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from telegram import Update
from telegram.ext import Application

log = logging.getLogger(__name__)


class Acknowledgements:
    """The webhook requests waiting for their update to be journaled or handled, by update id."""

    def __init__(self, wait_seconds: float) -> None:
        self.wait_seconds = wait_seconds
        self._waiting: dict[int, asyncio.Future[None]] = {}
        self.late = 0  # updates acknowledged because the wait ran out (logged; read by tests)

    def expect(self, update_id: int) -> asyncio.Future[None]:
        """The future a request for this update waits on (one for every copy of the update in flight)."""
        future = self._waiting.get(update_id)
        if future is None or future.done():
            future = asyncio.get_running_loop().create_future()
            self._waiting[update_id] = future
        return future

    def settle(self, update_id: int) -> None:
        """The update is safe (journaled or handled): its request may answer 200. Idempotent."""
        future = self._waiting.pop(update_id, None)
        if future is not None and not future.done():
            future.set_result(None)

    async def wait(self, update_id: int, future: asyncio.Future[None]) -> None:
        try:
            await asyncio.wait_for(asyncio.shield(future), self.wait_seconds)
        except TimeoutError:
            self.late += 1
            self._waiting.pop(update_id, None)
            log.warning(
                "update %s not journaled within %.0f s (KODEKS_WEBHOOK_ACK_SECONDS): acknowledged anyway",
                update_id,
                self.wait_seconds,
            )

    @property
    def waiting(self) -> int:
        return len(self._waiting)


class AcknowledgingQueue(asyncio.Queue[Any]):
    """PTB's update queue whose `put` of an update returns once `Acknowledgements.settle` was called for it."""

    def __init__(self, acks: Acknowledgements) -> None:
        super().__init__()
        self.acks = acks

    async def put(self, item: Any) -> None:
        if not isinstance(item, Update):  # PTB's own stop signal, never held
            await super().put(item)
            return
        future = self.acks.expect(item.update_id)
        await super().put(item)
        await self.acks.wait(item.update_id, future)


class KodeksApplication(Application[Any, Any, Any, Any, Any, Any]):
    """PTB's Application, settling an update's webhook request once the update has been handled in full."""

    acks: Acknowledgements | None = None  # set by `bot.app` in webhook mode

    async def process_update(self, update: object) -> None:
        try:
            await super().process_update(update)
        finally:
            if self.acks is not None and isinstance(update, Update):
                self.acks.settle(update.update_id)
