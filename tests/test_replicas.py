"""Two `kodeks bot` replicas behind one webhook, one killed with SIGKILL mid-burst: every question answered once.

All real but the Bot API: PostgreSQL (tests/postgres_server.py), `chroma run`, the replicas in webhook mode behind
a round-robin proxy, the fake Bot API delivering to the webhook and retrying what is not acknowledged
(tests/replica_cluster.py). What is proved: an update acknowledged by the killed replica was journaled first
(bot/webhook.py), so a live replica takes it over once the dead one's heartbeat is stale (bot/replicas.py); an
update it had not acknowledged reaches the other replica through Telegram's retry; none is answered twice, each
is in the query log once; /stats and /export, whichever replica answers them, count every replica's rows; the
killed replica, restarted after a new index generation was published while it was down, serves that generation
(and the live one switched to it by itself); an officer removed through one replica is refused by both from the
next message, and admitted by both again once added back. Skipped with the reason when PostgreSQL cannot start here
(KODEKS_REQUIRE_POSTGRES=1 makes that a failure).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
from pathlib import Path
from typing import Any

import psycopg
import pytest
from aiohttp import web
from typer.testing import CliRunner

from bot import journal, texts
from bot.answers import deliver_answer
from bot.app import build_application
from bot.querylog import QueryLog, TakenOver, utcnow
from bot.querylog.log import hash_user_id
from bot.webhook import Acknowledgements, AcknowledgingQueue
from kodeks.answering import Pipeline
from kodeks.cli import app
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer, parse_html
from tests.replica_cluster import (
    SALT,
    ChromaServer,
    Cluster,
    Outcomes,
    ask_all,
    build_index,
    free_port,
    logged_questions,
    open_entries_of,
    plan,
    stop_all,
)
from tests.test_bot import CROWD
from tests.test_querylog import make_result

OFFICERS = list(range(81_001, 81_007))


async def test_the_fake_bot_api_delivers_to_the_webhook_and_retries_until_a_2xx() -> None:
    seen: list[tuple[int, str | None]] = []

    async def hook(request: web.Request) -> web.Response:
        update = await request.json()
        seen.append((update["update_id"], request.headers.get("X-Telegram-Bot-Api-Secret-Token")))
        return web.Response(status=200 if len(seen) >= 3 else 502)  # the first two tries fail

    app = web.Application()
    app.router.add_post("/hook", hook)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    server = FakeTelegramServer()
    await server.start()
    server.webhook_retry_seconds = 0.05
    try:
        server.webhook = {"url": f"http://127.0.0.1:{port}/hook", "secret_token": "s3cret"}
        update = server.send_text(OFFICERS[0], "ukrao mi je mobitel")
        await server.wait_until(lambda: server.delivered, timeout=10, what="the delivery")
        assert seen == [(update["update_id"], "s3cret")] * 3
        assert [status for _, status in server.deliveries] == [502, 502, 200]
        assert not server._pending  # delivered, not left for getUpdates
    finally:
        await server.stop()
        await runner.cleanup()


async def test_a_webhook_update_is_acknowledged_once_settled_or_when_the_wait_runs_out() -> None:
    from telegram import Update

    acks = Acknowledgements(wait_seconds=0.2)
    queue = AcknowledgingQueue(acks)
    put = asyncio.create_task(queue.put(Update(update_id=7)))
    await asyncio.sleep(0.05)
    assert not put.done() and queue.qsize() == 1  # queued, but no 2xx yet
    acks.settle(7)
    await asyncio.wait_for(put, 1)
    await asyncio.wait_for(queue.put(Update(update_id=8)), 1)  # never settled: acknowledged after the wait
    assert acks.late == 1 and acks.waiting == 0
    await asyncio.wait_for(queue.put("stop"), 1)  # anything but an update (PTB's stop signal) is never held


async def test_the_done_mark_is_not_queued_behind_the_replicas_other_writes(postgres_url: str) -> None:
    qlog = await QueryLog.open_database(postgres_url)
    try:
        qlog.replica = "r"
        assert await qlog.journal_received(update_id=1, chat_id=7, message_id=1, question="q")
        async with qlog._lock:  # the writer busy with other questions' rows: the mark goes on its own connection
            await asyncio.wait_for(qlog.journal_done(1), 5)
        assert await qlog.journal_open() == []
    finally:
        await qlog.close()


async def test_a_replica_gone_for_a_day_is_dropped_by_the_first_beat_not_by_every_beat(postgres_url: str) -> None:
    qlog = await QueryLog.open_database(postgres_url)
    try:
        await qlog.heartbeat("old", utcnow())
        with psycopg.connect(postgres_url, autocommit=True) as con:
            con.execute("UPDATE replicas SET beat = beat - 2 * 86400 WHERE id = 'old'")
        await qlog.heartbeat("new", utcnow())  # within the hour of the first beat, which pruned: no DELETE now
        with psycopg.connect(postgres_url, autocommit=True) as con:
            assert sorted(r[0] for r in con.execute("SELECT id FROM replicas")) == ["new", "old"]
        qlog._pruned_replicas_at = None  # as a new process's first beat (or one an hour later)
        await qlog.heartbeat("new", utcnow())
        with psycopg.connect(postgres_url, autocommit=True) as con:
            assert [r[0] for r in con.execute("SELECT id FROM replicas")] == ["new"]
    finally:
        await qlog.close()


async def test_a_live_replicas_questions_are_never_taken_a_dead_ones_are_taken_once(postgres_url: str) -> None:
    logs = [await QueryLog.open_database(postgres_url) for _ in range(3)]
    try:
        alive, dead, other = logs
        for qlog, name in zip(logs, ("alive", "dead", "other"), strict=True):
            qlog.replica = name
            await qlog.heartbeat(name, utcnow())
        for update_id in range(1, 7):
            owner = alive if update_id % 2 else dead
            assert await owner.journal_received(update_id=update_id, chat_id=7, message_id=update_id, question="q")
        await alive.journal_done(5)
        assert await other.journal_take_over("other", stale_seconds=5) == []  # both owners beat just now
        with psycopg.connect(postgres_url, autocommit=True) as con:
            con.execute("UPDATE replicas SET beat = beat - 60 WHERE id = 'dead'")
        taken = await asyncio.gather(
            other.journal_take_over("other", stale_seconds=5), alive.journal_take_over("alive", stale_seconds=5)
        )
        ids = sorted(row["update_id"] for rows in taken for row in rows)
        assert ids == [2, 4, 6]  # the dead one's open entries, each to one live replica; a live one's untouched
        assert all(row["state"] == "received" and row["question"] == "q" for rows in taken for row in rows)
        assert await other.journal_take_over("other", stale_seconds=5) == []  # now owned by live replicas
        with psycopg.connect(postgres_url, autocommit=True) as con:
            owners = dict(con.execute("SELECT update_id, owner FROM pending WHERE state != 'done'").fetchall())
        assert owners[1] == owners[3] == "alive" and {owners[2], owners[4], owners[6]} <= {"alive", "other"}
    finally:
        for qlog in logs:
            await qlog.close()


async def test_a_stalled_replica_sends_nothing_for_a_question_another_took_over(
    postgres_url: str, telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, caplog
) -> None:
    """Issue 34: replica A journals a question, then stalls past the stale setting; B takes the entry over. When
    A carries on, its fence (the log row's write) refuses: A sends and logs nothing, and B answers the officer once."""
    user = CROWD[3]
    replicas = {}
    try:
        for name in ("a", "b"):
            qlog = await QueryLog.open_database(postgres_url)
            qlog.replica = name
            await qlog.heartbeat(name, utcnow())
            pipeline = Pipeline(settings, retriever=retriever)
            app = build_application(settings, pipeline=pipeline, retriever=retriever, querylog=qlog)
            await app.initialize()
            replicas[name] = (app, qlog, pipeline)
        (a, a_log, _), (b, b_log, _) = replicas["a"], replicas["b"]
        assert await a_log.journal_received(update_id=77, chat_id=user, message_id=9, question="ukrao mi je mobitel")
        with psycopg.connect(postgres_url, autocommit=True) as con:  # A stalls: no heartbeat for a minute
            con.execute("UPDATE replicas SET beat = beat - 60 WHERE id = 'a'")
        taken = await b_log.journal_take_over("b", stale_seconds=5)
        assert [row["update_id"] for row in taken] == [77]

        with caplog.at_level(logging.WARNING, logger="bot.handlers"):  # A carries on with the question it took
            await deliver_answer(
                a.bot, a.bot_data, chat_id=user, user_id=user, question="ukrao mi je mobitel", reply_to=9, update_id=77
            )
        assert "taken over by another replica" in caplog.text
        assert telegram_server.messages(user) == []  # A sent nothing
        with psycopg.connect(postgres_url, autocommit=True) as con:
            assert con.execute("SELECT owner, state FROM pending WHERE update_id = 77").fetchone() == ("b", "received")
            assert con.execute("SELECT count(*) FROM queries").fetchone() == (0,)  # nor logged the question

        recovered = await journal.recover(b.bot, b.bot_data, entries=taken)
        assert recovered.answered == 1
        [answer] = await telegram_server.wait_messages(user, 1)
        assert "Izvori:" in answer["text"]
        assert await b_log.journal_open() == []
        with psycopg.connect(postgres_url, autocommit=True) as con:
            assert con.execute("SELECT count(*) FROM queries").fetchone() == (1,)
        await asyncio.sleep(0.2)
        assert len(telegram_server.messages(user)) == 1  # answered once
    finally:
        for app, qlog, pipeline in replicas.values():
            await app.shutdown()
            await qlog.close()
            await pipeline.aclose()


async def test_the_fence_passes_for_the_owner_once_and_a_refused_write_keeps_nothing(postgres_url: str) -> None:
    qlog = await QueryLog.open_database(postgres_url)
    try:
        qlog.replica = "a"
        assert await qlog.journal_received(update_id=3, chat_id=7, message_id=1, question="q")
        first = await qlog.record(user_id=7, question="q", result=make_result(), update_id=3)
        assert isinstance(first, int)  # its own entry: the row written, the entry marked 'sending'
        with pytest.raises(TakenOver):  # already being sent: never a second reply
            await qlog.record(user_id=7, question="q", result=make_result(), update_id=3)
        assert [row["state"] for row in await qlog.journal_open()] == ["sending"]
        with psycopg.connect(postgres_url, autocommit=True) as con:  # the refused write's row, laws: rolled back
            assert con.execute("SELECT count(*) FROM queries").fetchone() == (1,)
            assert con.execute("SELECT count(DISTINCT query_id) FROM cited").fetchone() == (1,)
        assert qlog.backlog == 0 and await qlog.count() == 1
    finally:
        await qlog.close()


BURST = 30
KILL_AFTER = 6  # answers sent before replica 0 is killed
ADMIN = 81_100
# Two questions answered at once per replica: at the kill, replica 0 holds journaled questions (taken over by the
# heartbeat) and others still queued, not journaled and not acknowledged (Telegram's retry brings them to replica 1).
REPLICA_ENV = {
    "KODEKS_REPLICA_HEARTBEAT_SECONDS": "0.5",
    "KODEKS_REPLICA_STALE_SECONDS": "2",
    "KODEKS_CONCURRENCY": "2",
    "KODEKS_INDEX_POLL_SECONDS": "0.5",
    "KODEKS_ADMINS": str(ADMIN),
}
# A law published while replica 0 is down: only the new generation answers this question from it
NEW_LAW = {
    "id": "ZNN čl. 1",
    "law": "ZNN",
    "article": "1",
    "text": "Ko na javnom mjestu nosi nož, kaznit će se novčanom kaznom.",
    "title": "Nošenje noža",
    "law_title": "Zakon o nošenju noža (ilustrativni primjer)",
    "jurisdiction": "FBiH",
    "illustrative": True,
}
NEW_QUESTION = "smijem li nositi nož na javnom mjestu"


async def one_message_to_each_replica(server: FakeTelegramServer, cluster: Cluster, user: int) -> list[str]:
    """Two messages from `user`, one after the other (round robin: one to each replica); the two replies' texts."""
    assert cluster.proxy is not None
    routed = len(cluster.proxy.routed)
    texts_back = []
    for _ in range(2):
        before = len(server.messages(user))
        server.send_text(user, "ukrao mi je mobitel")
        texts_back.append((await server.wait_messages(user, before + 1, timeout=60))[-1]["text"])
    assert {i for i, _, _ in cluster.proxy.routed[routed:]} == {0, 1}
    return texts_back


async def admin_asks(server: FakeTelegramServer, text: str) -> dict[str, Any]:
    """`text` from the admin; the bot's reply (a message or a document)."""
    before = len(server.messages(ADMIN))
    server.send_text(ADMIN, text)
    return (await server.wait_messages(ADMIN, before + 1, timeout=60))[-1]


async def test_a_replica_killed_mid_burst_loses_and_doubles_nothing_and_serves_again_after_a_restart(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chroma = ChromaServer(tmp_path / "chroma").start()
    server = FakeTelegramServer()
    await server.start()
    server.webhook_retry_seconds = 0.3
    cluster = None
    try:
        # one ingest, published; each replica starts on an empty data dir and fetches it (the vectors on the server)
        publisher = tmp_path / "publisher"
        generation = await asyncio.to_thread(build_index, publisher, chroma.port, postgres_url)
        data_dirs = [tmp_path / "data0", tmp_path / "data1"]
        for data_dir in data_dirs:
            data_dir.mkdir()
        cluster = Cluster(server, postgres_url, chroma.port, data_dirs, OFFICERS, tmp_path / "logs", env=REPLICA_ENV)
        await cluster.open()
        await asyncio.gather(cluster.start(0), cluster.start(1))
        assert server.webhook is not None and cluster.proxy is not None
        assert all((d / "index" / generation).is_dir() for d in data_dirs)

        burst = plan(BURST, OFFICERS)
        asked = ask_all(server, burst)
        keys = [(chat, mid) for chat, mid, _ in asked]

        seen = Outcomes(server)
        # killed mid burst with its share taken: on a loaded machine replica 0 may acknowledge its first update only
        # after replica 1 has answered KILL_AFTER, so both are waited for rather than assumed from the count
        proxy = cluster.proxy
        await server.wait_until(
            lambda: seen.settled(keys) >= KILL_AFTER and any(i == 0 for i, _ in proxy.acked),
            timeout=120,
            what=f"{KILL_AFTER} answers and an update acknowledged by replica 0",
        )
        cluster.kill(0)
        await cluster.wait_dead(0)
        # what the kill left in replica 0's hands: the burst's timing decides it (0 when it died between answers)
        left_open = await asyncio.to_thread(open_entries_of, postgres_url, "replica0")
        await server.wait_until(lambda: seen.settled(keys) == BURST, timeout=120, what="every question settled")

        seen.update()
        doubled = [k for k in keys if seen.answers[k] > 1]
        lost = [k for k in keys if k not in seen.first]
        # a kill while a reply was being sent: never sent again (the officer may have it), the officer told
        maybe = [k for k in keys if seen.answers[k] == 0]
        assert not doubled and not lost, (doubled, lost, maybe)
        assert all(seen.notices[k] <= 1 for k in keys)
        logged = logged_questions(postgres_url)
        for user, _, text in asked:
            assert logged[(hash_user_id(user, SALT), text)] == 1, text
        # nothing stays in the dead replica's name (a reply it sent without its done mark is taken over too)
        await server.wait_until(
            lambda: not open_entries_of(postgres_url, "replica0"), timeout=60, what="replica 0's entries taken over"
        )
        survivor_log = cluster.log_path(1).read_text(errors="replace")
        if left_open:  # the killed replica's journaled questions were taken over and settled by replica 1
            assert "took over" in survivor_log, left_open
        assert any(i == 0 for i, _ in cluster.proxy.acked)  # replica 0 had its share before it died

        # a new generation published while replica 0 is down; replica 1 switches to it by itself
        corpus = tmp_path / "znn.jsonl"
        corpus.write_text(json.dumps(NEW_LAW, ensure_ascii=False) + "\n", encoding="utf-8")
        newer = await asyncio.to_thread(build_index, publisher, chroma.port, postgres_url, (corpus,))
        assert newer != generation
        switched = f"now serving generation {newer}"
        for _ in range(600):  # its poll (KODEKS_INDEX_POLL_SECONDS) finds it, fetches, checks and switches
            if switched in cluster.log_path(1).read_text(errors="replace"):
                break
            await asyncio.sleep(0.1)
        else:
            pytest.fail("replica 1 did not switch to the published generation within 60 s")

        # restarted, replica 0 serves the current generation (fetched before it serves) and takes its share again
        await cluster.start(0)
        assert (data_dirs[0] / "index" / newer).is_dir()

        # /stats and /export count every replica's rows, whichever replica answers (round robin: one each)
        routed = len(cluster.proxy.routed)
        stats = [await admin_asks(server, "/stats") for _ in range(2)]
        exports = [await admin_asks(server, "/export") for _ in range(2)]
        answered_by = [i for i, _, _ in cluster.proxy.routed[routed:]]
        assert set(answered_by[:2]) == set(answered_by[2:4]) == {0, 1}, answered_by  # each asked of both replicas
        for reply in stats:
            assert f"Ukupno pitanja u evidenciji: {BURST}" in reply["text"], reply["text"]
        for reply in exports:
            lines = gzip.decompress(reply["_content"]).decode("utf-8").splitlines()
            assert len(lines) == BURST and {json.loads(line)["question"] for line in lines} == {t for _, _, t in asked}

        before = len(cluster.proxy.acked)
        again = ask_all(server, [(user, NEW_QUESTION) for user in OFFICERS])
        again_keys = [(chat, mid) for chat, mid, _ in again]
        await server.wait_until(lambda: seen.settled(again_keys) == len(OFFICERS), timeout=120, what="the new round")
        assert {i for i, _ in cluster.proxy.acked[before:]} == {0, 1}
        seen.update()
        assert all(seen.answers[k] == 1 and not seen.notices[k] for k in again_keys)
        replies = {
            (call.params["chat_id"], call.params["reply_parameters"]["message_id"]): parse_html(call.params["text"])
            for call in server.calls_to("sendMessage")
            if call.status == 200 and call.params.get("reply_parameters")
        }
        assert all("ZNN, član 1" in replies[k] for k in again_keys), [replies[k][-300:] for k in again_keys]

        # an officer removed on one replica is refused by both from the next message; added back (here with
        # `kodeks officers add`, on any machine), admitted by both from the next
        officer = OFFICERS[-1]
        assert "Uklonjen" in (await admin_asks(server, f"/ukloni {officer}"))["text"]
        refused = await one_message_to_each_replica(server, cluster, officer)
        assert refused == [texts.REFUSED.format(user_id=officer)] * 2
        monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)
        monkeypatch.setenv("KODEKS_USER_HASH_SALT", SALT)
        added = CliRunner().invoke(app, ["officers", "add", str(officer), "--data-dir", str(publisher)])
        assert added.exit_code == 0, added.output
        admitted = await one_message_to_each_replica(server, cluster, officer)
        assert all("Izvori:" in text for text in admitted), admitted
    finally:
        await stop_all(cluster, server, chroma)
