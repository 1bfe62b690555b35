"""One unreadable update must not stop the bot: skip it, say so once, and move the offset past it.

python-telegram-bot 22 parses a whole getUpdates batch at once; one update it cannot read
("date": "yesterday", a chat that is a string, a poll without newer fields) makes the whole batch
fail, the Updater logs the raw batch — other users' ids and texts — at CRITICAL and asks for the
same batch again, forever; an `update_id` that is not a number kills the polling task. PTB's hook
for this is the request object used for getUpdates (`ApplicationBuilder.get_updates_request`):
`ScreeningRequest` reads each update of the batch on its own and replaces one that cannot be read
with an empty update carrying only its id. PTB then queues it like any other (the gate ignores an
update with no user), and confirms it with the next offset, so a restart does not read it again.

What is logged is the update id and the kind of error, never the content, at most
`MAX_REPORTS_PER_MINUTE` lines a minute (then one line with the number left out).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from telegram import Update
from telegram.request import HTTPXRequest, RequestData

log = logging.getLogger(__name__)

MAX_REPORTS_PER_MINUTE = 10
REMEMBERED_IDS = 1000  # ids already reported (a batch read twice is reported once)


def _as_update_id(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip())
    return None


def _problem(raw: Any) -> str | None:
    """Why PTB cannot handle this update (an error class name, never content), or None."""
    if not isinstance(raw, dict):
        return f"not an object ({type(raw).__name__})"
    if not isinstance(raw.get("update_id"), int) or isinstance(raw.get("update_id"), bool):
        return "update_id is not a number"
    try:
        Update.de_json(raw, None)  # PTB copies what it parses (TelegramObject._parse_data): raw stays as it was
    except Exception as exc:
        return type(exc).__name__
    return None


class SkipReporter:
    """Logs skipped updates: each id once, at most `per_minute` lines a minute."""

    def __init__(self, per_minute: int = MAX_REPORTS_PER_MINUTE, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._window_start = clock()
        self._lines = 0
        self._left_out = 0
        self._seen: OrderedDict[int | None, None] = OrderedDict()
        self.skipped = 0  # for tests and figures

    def report(self, update_id: int | None, why: str) -> None:
        if update_id is not None and update_id in self._seen:
            return
        self._seen[update_id] = None
        while len(self._seen) > REMEMBERED_IDS:
            self._seen.popitem(last=False)
        self.skipped += 1
        now = self._clock()
        if now - self._window_start >= 60:
            if self._left_out:
                log.warning("%d more unreadable updates were skipped in the last minute", self._left_out)
            self._window_start, self._lines, self._left_out = now, 0, 0
        if self._lines >= self.per_minute:
            self._left_out += 1
            return
        self._lines += 1
        log.warning("skipped update %s: it could not be read (%s); its content is not logged", update_id, why)


def screen(updates: list[Any], offset: int | None, reporter: SkipReporter) -> list[dict[str, Any]]:
    """The batch with every unreadable update replaced by `{"update_id": N}` (dropped if N is unknowable).

    An id that is not a number is taken to be the one after the previous update's (or `offset`)."""
    screened: list[dict[str, Any]] = []
    previous = offset - 1 if offset else None
    for raw in updates:
        problem = _problem(raw)
        update_id = _as_update_id(raw.get("update_id")) if isinstance(raw, dict) else None
        if update_id is None and previous is not None:
            update_id = previous + 1
        if problem is not None:
            reporter.report(update_id, problem)
            if update_id is None:
                continue
            raw = {"update_id": update_id}
        screened.append(raw)
        previous = update_id
    return screened


class ScreeningRequest(HTTPXRequest):
    """The getUpdates request: a normal HTTPXRequest whose result is screened update by update."""

    def __init__(self, *args: Any, reporter: SkipReporter | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("connection_pool_size", 1)  # what PTB uses for getUpdates
        super().__init__(*args, **kwargs)
        self.reporter = reporter or SkipReporter()

    async def post(  # type: ignore[misc]  # PTB marks post final; screening getUpdates' result is this class's job
        self, url: str, request_data: RequestData | None = None, *args: Any, **kwargs: Any
    ) -> Any:
        result = await super().post(url, request_data, *args, **kwargs)
        if not url.endswith("/getUpdates") or not isinstance(result, list):
            return result
        offset = None
        if request_data is not None:
            offset = _as_update_id(request_data.parameters.get("offset"))
        return screen(result, offset, self.reporter)
