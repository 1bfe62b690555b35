"""Answers are neither lost nor doubled, and the query log neither loses rows nor stays broken (issue 12).

- a write lock held by another process: officers are answered during it, /stats works during it,
  every row lands afterwards, and later answers have their buttons again (the writer was not poisoned);
- kill -9 with answers in flight: after the restart every officer is answered exactly once;
- the journal's rule: an old unanswered question is not answered late but the officer told to ask
  again; a reply that may have been sent is never re-sent; a re-delivered update is not answered twice;
- a sendMessage slower than the client timeout is delivered once;
- start-up problems (read-only or damaged log, malformed settings) exit 1 with one line.

Real SQLite, the real bot (in-process and as a `kodeks bot` process) against the fake Bot API and
Anthropic servers; waits are on events (messages sent, lines printed), never on time.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import texts
from bot.querylog import QueryLog
from kodeks.settings import Settings
from tests.bot_helpers import LOCK_HOLDER
from tests.fakes.anthropic_server import FAKE_KEY, FakeAnthropic, cite_first_passage, slow
from tests.fakes.telegram_server import TOKEN, FakeTelegramServer
from tests.test_bot import ADMIN, CROWD, OFFICER, rows, running_bot
from tests.test_bot_cli import start_bot, stop_bot
from tests.test_faults_storage import KODEKS_CMD


class LockHolder:
    """Another process holding `BEGIN EXCLUSIVE` on the log until told to let go."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LOCK_HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    async def locked(self) -> None:
        line = await asyncio.to_thread(self.proc.stdout.readline)  # type: ignore[union-attr]
        assert line.strip() == "locked", line

    async def release(self) -> None:
        self.proc.stdin.write("go\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        line = await asyncio.to_thread(self.proc.stdout.readline)  # type: ignore[union-attr]
        assert line.strip() == "released", line
        await asyncio.to_thread(self.proc.wait)


def journal(log_path: Path) -> list[sqlite3.Row]:
    return rows(log_path, "SELECT * FROM pending ORDER BY update_id")


# --- the log under a lock held by another process --------------------------------------------------


async def test_a_write_lock_held_by_another_process_loses_no_row_and_does_not_break_the_log(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    officers = CROWD[:6]
    async with running_bot(telegram_server, settings, retriever, log_path) as bot:
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")  # creates the log's first rows
        await telegram_server.wait_messages(OFFICER, 1)
        holder = LockHolder(log_path)
        await holder.locked()
        try:
            for user in officers:
                telegram_server.send_text(user, "neko mi je krivotvorio potpis")
            answers = [(await telegram_server.wait_messages(user, 1, timeout=120))[0] for user in officers]
            telegram_server.send_text(ADMIN, "/stats")  # a read during the lock
            [stats] = await telegram_server.wait_messages(ADMIN, 1)
            assert bot.log.backlog > 0  # the rows are waiting in memory, not lost
        finally:
            await holder.release()
        await bot.log.wait_drained()
        telegram_server.send_text(OFFICER, "sta ako vozac odbije alkotest")
        [_, later] = await telegram_server.wait_messages(OFFICER, 2)
    assert all("Izvori:" in a["text"] for a in answers)  # answered during the lock (without buttons)
    assert "Zadnja 24 sata" in stats["text"] and "Pitanja: 1" in stats["text"]  # what was written before it
    assert telegram_server.buttons(later)  # the log works normally again: buttons point at a logged row
    logged = rows(log_path)
    assert len(logged) == 1 + len(officers) + 1 and bot.log.lost == 0
    assert sum(r["question"] == "neko mi je krivotvorio potpis" for r in logged) == len(officers)
    assert {r["state"] for r in journal(log_path)} == {"done"}


async def test_rows_wait_in_memory_while_the_file_is_locked_and_land_in_order(tmp_path: Path) -> None:
    path = tmp_path / "queries.sqlite3"
    log = await QueryLog.open(path, busy_timeout_ms=50)
    holder = LockHolder(path)
    await holder.locked()
    try:
        ids = [await log.record(user_id=n, question=f"pitanje {n}") for n in range(20)]
        await log.refused(user_id=666)
        assert ids == [None] * 20 and log.backlog == 21 and log.failures >= 1
        assert await log.count() == 0  # readers still work (WAL) and see nothing yet
    finally:
        await holder.release()
    await log.wait_drained()
    assert [r["question"] for r in await log.rows_since(datetime(2000, 1, 1, tzinfo=UTC))] == [
        f"pitanje {n}" for n in range(20)
    ]
    assert await log.refusals_since(datetime(2000, 1, 1, tzinfo=UTC)) == (1, 1)
    assert isinstance(await log.record(user_id=1, question="poslije"), int)  # written at once again
    await log.close()
    assert log.lost == 0


async def test_the_backlog_is_bounded_and_counts_what_it_drops(tmp_path: Path) -> None:
    path = tmp_path / "queries.sqlite3"
    log = await QueryLog.open(path, busy_timeout_ms=20, backlog_max=5)
    holder = LockHolder(path)
    await holder.locked()
    try:
        for n in range(8):
            await log.record(user_id=n, question=f"pitanje {n}")
        assert log.backlog == 5 and log.lost == 3
    finally:
        await holder.release()
    await log.wait_drained()
    assert [r["question"] for r in await log.rows_since(datetime(2000, 1, 1, tzinfo=UTC))] == [
        f"pitanje {n}" for n in range(3, 8)
    ]  # the oldest were dropped, the newest kept
    await log.close()


async def test_after_an_error_the_log_writes_on_a_fresh_connection(tmp_path: Path) -> None:
    """A writer connection that broke (here: closed under the log, as an I/O error would leave it) is
    replaced, and what failed on it is written on the new one."""
    log = await QueryLog.open(tmp_path / "queries.sqlite3")
    broken = log._db
    await broken.close()  # type: ignore[union-attr]
    assert await log.record(user_id=1, question="prvo") is None  # failed: kept
    await log.wait_drained()
    assert log._db is not broken and log.failures == 1
    assert isinstance(await log.record(user_id=1, question="drugo"), int)
    assert [r["question"] for r in await log.rows_since(datetime(2000, 1, 1, tzinfo=UTC))] == ["prvo", "drugo"]
    await log.close()


async def test_lone_surrogates_do_not_fail_the_log_write(tmp_path: Path) -> None:
    async with await QueryLog.open(tmp_path / "queries.sqlite3") as log:
        row_id = await log.record(user_id=1, question="kradja \ud800 mobitela", error="x\udfff")
        assert row_id is not None and log.backlog == 0
        row = await log.get(row_id)
    assert row["question"] == "kradja \ufffd mobitela" and row["error"] == "x\ufffd"


async def test_the_log_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    async with await QueryLog.open(tmp_path / "queries.sqlite3") as log:
        await log.record(user_id=1, question="q")
        for name in ("queries.sqlite3", "queries.sqlite3-wal"):
            assert (tmp_path / name).stat().st_mode & 0o777 == 0o600, name


# --- crashes and the journal --------------------------------------------------------------------------


async def test_kill_9_with_answers_in_flight_every_officer_is_answered_once_after_restart(
    telegram_server: FakeTelegramServer, bot_data_dir: Path, fake_anthropic: FakeAnthropic
) -> None:
    officers = CROWD[:5]
    env = {
        "KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url,
        "ANTHROPIC_API_KEY": FAKE_KEY,
        "ANTHROPIC_BASE_URL": fake_anthropic.url,
        "KODEKS_ALLOWED_USERS": ",".join(map(str, officers)),
        "KODEKS_CLAUDE_MAX_RETRIES": "0",
        "KODEKS_REWRITE": "false",
    }  # the slow calls are the answers'
    fake_anthropic.script(*[slow(120)] * len(officers))  # every answer is still being written when killed
    fake_anthropic.default = cite_first_passage
    proc = await start_bot(bot_data_dir, env)
    try:
        for user in officers:
            telegram_server.send_text(user, "ukrao mi je mobitel")
        await telegram_server.wait_until(
            lambda: len(fake_anthropic.requests) == len(officers), timeout=180, what="every answer to be in progress"
        )
    finally:
        proc.kill()
        await proc.wait()
    assert all(not telegram_server.messages(user) for user in officers)
    assert len(journal(bot_data_dir / "queries.sqlite3")) == len(officers)  # journaled before answering

    proc = await start_bot(bot_data_dir, env)
    try:
        for user in officers:
            await telegram_server.wait_messages(user, 1, timeout=180)
        await telegram_server.wait_fetched(timeout=60)  # anything Telegram re-delivers has been seen too
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err
    for user in officers:
        [answer] = telegram_server.messages(user)  # exactly one: not lost, not doubled
        assert "Izvori:" in answer["text"]
    logged = rows(bot_data_dir / "queries.sqlite3")
    assert len(logged) == len(officers) and all(r["mode"] == "claude" for r in logged)
    assert {r["state"] for r in journal(bot_data_dir / "queries.sqlite3")} == {"done"}


async def test_recovery_rule_old_questions_are_told_a_maybe_sent_reply_is_not_resent(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    now = datetime.now(UTC)
    young, old, sending = CROWD[0], CROWD[1], CROWD[2]
    async with await QueryLog.open(log_path) as log:  # what a crash leaves behind
        await log.journal_received(
            update_id=901,
            chat_id=young,
            message_id=11,
            question="ukrao mi je mobitel",
            asked_at=now - timedelta(minutes=2),
        )
        await log.journal_received(
            update_id=902, chat_id=old, message_id=12, question="vozac pobjegao", asked_at=now - timedelta(hours=3)
        )
        await log.journal_received(
            update_id=903,
            chat_id=sending,
            message_id=13,
            question="krivotvorio potpis",
            asked_at=now - timedelta(minutes=1),
        )
        await log.record(user_id=sending, question="krivotvorio potpis", update_id=903)  # crashed while sending
    async with running_bot(telegram_server, settings.model_copy(update={"recovery_minutes": 10}), retriever, log_path):
        [answer] = await telegram_server.wait_messages(young, 1, timeout=60)
        [told] = await telegram_server.wait_messages(old, 1)
        [note] = await telegram_server.wait_messages(sending, 1)
        # Telegram delivers the young question's update again (its offset was never confirmed): not re-answered
        telegram_server.push(
            {
                "update_id": 901,
                "message": {
                    "message_id": 11,
                    "date": int(now.timestamp()),
                    "text": "ukrao mi je mobitel",
                    "chat": {"id": young, "type": "private"},
                    "from": telegram_server.user(young),
                },
            }
        )
        await telegram_server.wait_fetched()
    assert "Izvori:" in answer["text"]
    assert answer["reply_to_message"]["message_id"] == 11 if answer.get("reply_to_message") else True
    assert "vozac pobjegao" in told["text"] and "pošaljite ga ponovo" in told["text"]
    assert "krivotvorio potpis" in note["text"] and "Ako odgovor niste dobili" in note["text"]
    assert len(telegram_server.messages(young)) == 1  # the re-delivered update was recognised
    assert {r["state"] for r in journal(log_path)} == {"done"}
    assert all(r["chat_id"] is None and r["question"] is None for r in journal(log_path))  # no raw ids kept
    assert [r["question"] for r in rows(log_path)] == ["krivotvorio potpis", "ukrao mi je mobitel"]


async def test_the_journal_recognises_a_redelivery_but_not_a_reused_update_id(tmp_path: Path) -> None:
    async with await QueryLog.open(tmp_path / "queries.sqlite3") as log:
        assert await log.journal_received(update_id=5, chat_id=1, message_id=70, question="q")
        await log.journal_done(5)
        assert not await log.journal_received(update_id=5, chat_id=1, message_id=70, question="q")  # re-delivered
        assert await log.journal_received(update_id=5, chat_id=2, message_id=3, question="novo")  # another bot's id
        [entry] = await log.journal_open()
    assert (entry["chat_id"], entry["question"], entry["state"]) == (2, "novo", "received")


async def test_a_send_slower_than_the_client_timeout_is_delivered_once(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    telegram_server.delay_next("sendMessage", 8)  # past python-telegram-bot's 5 s read timeout
    async with running_bot(telegram_server, settings, retriever, log_path):
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_messages(OFFICER, 1)
    # serve() has drained the handler: it gave up waiting for Telegram's answer and did not send again
    [answer] = telegram_server.messages(OFFICER)
    assert "Izvori:" in answer["text"] and texts.ERROR not in telegram_server.texts(OFFICER)
    assert len(telegram_server.calls_to("sendMessage")) == 1
    [row] = rows(log_path)
    assert "send: TimedOut" in row["error"] and row["answer"]
    assert {r["state"] for r in journal(log_path)} == {"done"}


# --- start-up problems ------------------------------------------------------------------------------


def _without_dac_override() -> None:  # pragma: no cover - runs in the child before exec
    """As root, file modes do not stop writes; drop CAP_DAC_OVERRIDE so the child is bound by them."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        libc.prctl(24, cap, 0, 0, 0)  # PR_CAPBSET_DROP: gone from the capabilities after exec


def run_kodeks_bot(data_dir: Path, **env: str) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "KODEKS_", "ANTHROPIC_", "TELEGRAM_"))}
    full.update(
        {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "KODEKS_ALLOWED_USERS": str(OFFICER),
            "KODEKS_TELEGRAM_BASE_URL": "http://127.0.0.1:9/bot",
            **env,
        }
    )
    return subprocess.run(
        [*KODEKS_CMD, "bot", "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        env=full,
        cwd=data_dir.parent,
        timeout=300,
        preexec_fn=_without_dac_override if os.geteuid() == 0 else None,
    )


def assert_one_line(proc: subprocess.CompletedProcess, *expected: str) -> None:
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    for text in expected:
        assert text in lines[0], lines[0]


def _damaged(log: Path) -> None:
    log.write_bytes(b"this is not a database" * 100)


def _truncated(log: Path) -> None:
    con = sqlite3.connect(log)
    con.executescript(
        "CREATE TABLE t (x); INSERT INTO t SELECT randomblob(2000) FROM "
        "(WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 200) SELECT n FROM c);"
    )
    con.close()
    log.write_bytes(log.read_bytes()[: 4096 * 20])


def _read_only(log: Path) -> None:
    sqlite3.connect(log).close()
    log.chmod(0o444)


@pytest.mark.parametrize(
    "spoil, expected",
    [
        (_damaged, ("queries.sqlite3", "damaged", "mv ")),
        (_truncated, ("queries.sqlite3", "damaged")),
        (_read_only, ("queries.sqlite3", "cannot be written", "chmod")),
    ],
    ids=["not-a-database", "truncated", "read-only"],
)
def test_a_bad_query_log_stops_the_bot_at_startup_in_one_line(
    bot_data_dir: Path, spoil: Any, expected: tuple[str, ...]
) -> None:
    log = bot_data_dir / "queries.sqlite3"
    spoil(log)
    assert_one_line(run_kodeks_bot(bot_data_dir), *expected)


@pytest.mark.parametrize(
    "env, expected",
    [
        ({"KODEKS_ALLOWED_USERS": "424242,51515l"}, ("KODEKS_ALLOWED_USERS", "'51515l'")),
        ({"KODEKS_CONCURRENCY": "many"}, ("KODEKS_CONCURRENCY", "integer")),
        ({"KODEKS_WEBHOOK_PORT": "x"}, ("KODEKS_WEBHOOK_PORT",)),
    ],
    ids=["allowed-users", "concurrency", "webhook-port"],
)
def test_a_malformed_setting_stops_the_bot_in_one_line_naming_it(
    tmp_path: Path, env: dict[str, str], expected: tuple[str, ...]
) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    assert_one_line(run_kodeks_bot(data_dir, **env), *expected)
    assert list(data_dir.iterdir()) == []


async def test_two_copies_of_one_update_handled_at_once_are_answered_once(log_path: Path) -> None:
    """A getUpdates answer repeated after a client timeout gives PTB the same update twice, and with
    concurrent updates both copies may be journaled at the same moment: only one may go on."""
    async with await QueryLog.open(log_path) as log:
        first, second = await asyncio.gather(
            *(log.journal_received(update_id=7, chat_id=1, message_id=3, question="q") for _ in range(2))
        )
    assert sorted([first, second]) == [False, True]
