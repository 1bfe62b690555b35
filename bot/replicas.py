"""Replicas sharing one database (KODEKS_DATABASE_URL): who owns a question, who is alive, who answers a dead one's.

Each `kodeks bot` process is a replica with an id of its own (KODEKS_REPLICA_NAME or the host name, the pid, the
start time and a random part: new for every start, so a restarted replica never mistakes its dead predecessor's
questions for its own). A question's journal entry records the replica that took it (`pending.owner`). Every
KODEKS_REPLICA_HEARTBEAT_SECONDS a replica writes its heartbeat (the database's clock, never its own) and takes
over the open entries of every replica whose heartbeat is older than KODEKS_REPLICA_STALE_SECONDS, in one
statement (`QueryLog.journal_take_over`): those are settled by the rules of start-up recovery (bot/journal.py) —
`received` ones answered, `sending` ones (the reply may have arrived) never sent again, the officer told.
At start-up the same takeover replaces reading the whole journal: the open questions of a LIVE replica are
never touched.

A replica that stops writing its heartbeat for longer than the stale setting while still alive (its database
connection hung, the machine frozen) and then carries on is fenced: the log row's write, before the reply, marks
the entry `sending` only if it is still this replica's; if another replica took it over, the write is rolled back
and nothing is sent (`QueryLog.record` raises `TakenOver`; bot/answers.py). A replica killed (or stalled) after that mark leaves its entry `sending`: never
sent again (the officer may have it), so at most once there, and the officer is told to ask again if it did not
arrive. Left: a fence that cannot reach the database answers unconfirmed (docs/operations.md, "More than one
machine").
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from telegram import Bot

from bot import journal
from bot.querylog import utcnow
from bot.state import AppState

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Replica:
    """This process among the replicas: its id (in `replicas` and `pending.owner`) and when it started."""

    id: str
    started: datetime


def identify(name: str | None) -> Replica:
    """A new replica id: `name` (default: the host name), the pid, the start time and 4 random hex digits."""
    started = utcnow()
    base = (name or socket.gethostname() or "kodeks").strip() or "kodeks"
    return Replica(f"{base}:{os.getpid()}:{started:%Y%m%dT%H%M%S}:{secrets.token_hex(2)}", started)


Spawn = Callable[[Coroutine[Any, Any, Any]], object]  # runs a coroutine as a task the application waits for


async def join(shared: AppState, replica: Replica) -> list[dict[str, Any]]:
    """Start-up on a shared database: the first heartbeat (so no other replica takes this one's questions), then
    the open questions of dead replicas, now this one's. A failure here is raised: start-up stops."""
    qlog = shared.deps.log
    qlog.replica = replica.id
    await qlog.heartbeat(replica.id, replica.started)
    taken = await qlog.journal_take_over(replica.id, shared.deps.settings.replica_stale_seconds)
    log.info("replica %s joined; %d open question(s) of stopped replicas taken over", replica.id, len(taken))
    return taken


async def keep_alive(bot: Bot, shared: AppState, replica: Replica, spawn: Spawn) -> None:
    """Until cancelled: the heartbeat, and the questions of replicas that died meanwhile, answered by `spawn`ed
    recoveries (the heartbeat never waits for an answer). A failed beat is logged and tried again next time."""
    settings = shared.deps.settings
    qlog = shared.deps.log
    failing = False
    while True:
        await asyncio.sleep(settings.replica_heartbeat_seconds)
        try:
            await qlog.heartbeat(replica.id, replica.started)
            taken = await qlog.journal_take_over(replica.id, settings.replica_stale_seconds)
        except Exception as exc:
            if not failing:
                log.warning("replica heartbeat failed (%s); trying again", type(exc).__name__)
            failing = True
            continue
        if failing:
            log.info("replica heartbeat written again")
            failing = False
        if taken:
            log.warning("took over %d open question(s) of a stopped replica", len(taken))
            spawn(journal.recover(bot, shared, entries=taken))
