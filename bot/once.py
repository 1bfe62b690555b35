"""Each update handled once per process, whatever kind it is.

Telegram's getUpdates is at-least-once: a client that timed out on an answer Telegram had already sent
(a read timeout while the machine is loaded) asks again with the same offset and receives the same batch.
The answer journal (`bot.journal`) keeps a question from being answered twice, but a command, a button
press or a refusal would be handled again; so the gate (`bot.gate`) drops an update whose id it has
already let through or refused. Kept in memory and bounded: a re-delivery comes seconds later, and after
a restart the journal is what recognises a question.
"""

from __future__ import annotations

from collections import OrderedDict

REMEMBERED = 10_000  # update ids kept (a few hundred kB)


class SeenUpdates:
    """The last `REMEMBERED` update ids this process has handled."""

    def __init__(self, size: int = REMEMBERED) -> None:
        self.size = size
        self._ids: OrderedDict[int, None] = OrderedDict()
        self.repeated = 0  # for tests and logs: updates dropped as already handled

    def first_time(self, update_id: int) -> bool:
        """True the first time an id is seen (and remembered from then on), False for a repetition."""
        if update_id in self._ids:
            self.repeated += 1
            return False
        self._ids[update_id] = None
        if len(self._ids) > self.size:
            self._ids.popitem(last=False)
        return True

    def __contains__(self, update_id: object) -> bool:
        return update_id in self._ids
