"""The query log: every question, what was retrieved and answered — a SQLite file, or PostgreSQL's tables.

It is what `/stats`, `kodeks stats` and `kodeks export` read, and what turns field use into new
evaluation questions. WAL mode lets `kodeks stats` or Datasette read while the bot writes. User ids
are stored as a salted SHA-256 by default; strangers' messages are only counted.

The log must never cost an officer an answer, and must not lose rows when SQLite is briefly
unavailable (another process holding a write lock, a full disk, an I/O error). So every write is
one short `BEGIN IMMEDIATE` transaction with a bounded `busy_timeout`; a write that still fails is
kept, in order, in a bounded in-memory backlog that a background task writes as soon as SQLite
accepts it again, each attempt on a fresh connection (a connection that failed mid-transaction can
keep a stale snapshot and fail forever). Reads (`/stats`, `/export`, buttons) use their own
connections (`bot.querylog.readers`), so a long read never holds the writer up or leaves it in a
broken state.

The `pending` table is the journal behind "at least once, never twice": an officer's question is
written there before it is answered and marked done after the reply is sent (see `bot.journal`).

Where the rows live is a `Storage` (`bot.querylog.storage`): the SQLite file by default, or with
KODEKS_DATABASE_URL a PostgreSQL database several replicas share (`bot.querylog.postgres`); everything above —
the backlog, retries, the journal's rules, the reads — is the same for both. On PostgreSQL an update's journal
entry is taken by one statement (insert unless present), so two replicas handed one update answer it once.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import aiosqlite

from bot.querylog import readers, writes
from bot.querylog.export import to_record
from bot.querylog.figures import compute
from bot.querylog.readers import BUSY_TIMEOUT_MS, ReadConnection, Source
from bot.querylog.retention import Retention, purge_write
from bot.querylog.storage import SqliteStorage, Storage
from bot.querylog.timestamps import to_ts, utcnow
from bot.querylog.writes import Write
from kodeks.errors import KodeksError, TakenOver

if TYPE_CHECKING:
    from kodeks.answering import PipelineResult
    from kodeks.settings import Settings
    from retrieval.types import Article

log = logging.getLogger("bot.querylog")  # the name its log lines have always had

BACKLOG_MAX = 10_000  # rows held in memory while the file cannot be written (a few days of a force's questions)
RETRY_MAX_SECONDS = 5.0  # the backlog is retried at least this often during an outage
DONE_KEPT = timedelta(days=2)  # answered journal entries kept (ids only) to recognise Telegram re-deliveries
JOURNALED_IN_MEMORY = 10_000  # recent update ids this process has journaled (a few MB at most)

T = TypeVar("T")


def hash_user_id(user_id: int | str, salt: str, hashed: bool = True) -> str:
    """The id as every file of KODEKS stores it: a salted SHA-256 (or the id itself, KODEKS_HASH_USER_IDS=false)."""
    if not hashed:
        return str(user_id)
    return hashlib.sha256(f"{salt}:{user_id}".encode()).hexdigest()[:32]


class QueryLog:
    """Async access to the log: writes serialised on one writer connection, kept in a backlog while it fails."""

    def __init__(
        self,
        storage: Storage,
        salt: str,
        hash_user_ids: bool,
        retention_days: int | None,
        *,
        busy_timeout_ms: int,
        backlog_max: int,
        retention: Retention | None = None,
    ) -> None:
        self.storage = storage
        self.source: Source = storage.source  # what a reader opens: the file or the database
        self.where = storage.where  # in log lines: the file, or the database without its password
        self._salt = salt
        self._hash = hash_user_ids
        self.retention_days = retention_days
        self.retention = retention or Retention(retention_days, journal_hours=int(DONE_KEPT.total_seconds() // 3600))
        self.busy_timeout_ms = busy_timeout_ms
        self._lock = asyncio.Lock()
        self._backlog: collections.deque[Write] = collections.deque()
        self._backlog_max = backlog_max
        self._flusher: asyncio.Task[None] | None = None
        self._drained = asyncio.Event()
        self._drained.set()
        self._closed = False
        self._last_purge: str | None = None
        self.lost = 0  # rows dropped because the backlog was full (or the log closed with rows unwritten)
        self.failures = 0  # writes that failed and went to the backlog
        # Updates journaled by this process, checked before any await: two copies of one update (a getUpdates
        # answer repeated after a client timeout) handled concurrently must not both be answered.
        self._journaled: collections.OrderedDict[tuple[int, int | None], None] = collections.OrderedDict()
        self._pruned_replicas_at: float | None = None  # monotonic time of the last heartbeat that pruned `replicas`
        # The replica this process is (bot/replicas.py), set by the bot on a shared database: the owner of the
        # journal entries it takes. None: one process (SQLite, the CLI).
        self.replica: str | None = None

    # --- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        salt: str = "kodeks",
        hash_user_ids: bool = True,
        retention_days: int | None = None,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        backlog_max: int = BACKLOG_MAX,
        check: bool = False,
        retention: Retention | None = None,
    ) -> QueryLog:
        """Open (creating 0600, or migrating) the log, prove it writable, purge rows past retention.

        `check=True` (the bot's start-up) also runs SQLite's quick_check. Any problem is raised as one
        `KodeksError` naming the file and what to do."""
        storage = SqliteStorage(Path(path), busy_timeout_ms=busy_timeout_ms)
        return await cls._open(
            storage,
            salt=salt,
            hash_user_ids=hash_user_ids,
            retention_days=retention_days,
            busy_timeout_ms=busy_timeout_ms,
            backlog_max=backlog_max,
            check=check,
            retention=retention,
        )

    @classmethod
    async def open_database(
        cls,
        url: str,
        *,
        salt: str = "kodeks",
        hash_user_ids: bool = True,
        retention_days: int | None = None,
        backlog_max: int = BACKLOG_MAX,
        check: bool = False,
        retention: Retention | None = None,
    ) -> QueryLog:
        """The log in a PostgreSQL database (KODEKS_DATABASE_URL): migrated, connected, purged as `open` does.
        Its storage (and with it psycopg) is imported here: a bot on the SQLite log never loads the driver."""
        from bot.querylog.postgres import PostgresStorage

        return await cls._open(
            PostgresStorage(url),
            salt=salt,
            hash_user_ids=hash_user_ids,
            retention_days=retention_days,
            busy_timeout_ms=BUSY_TIMEOUT_MS,
            backlog_max=backlog_max,
            check=check,
            retention=retention,
        )

    @classmethod
    async def _open(
        cls,
        storage: Storage,
        *,
        salt: str,
        hash_user_ids: bool,
        retention_days: int | None,
        busy_timeout_ms: int,
        backlog_max: int,
        check: bool,
        retention: Retention | None,
    ) -> QueryLog:
        qlog = cls(
            storage,
            salt,
            hash_user_ids,
            retention_days,
            busy_timeout_ms=busy_timeout_ms,
            backlog_max=backlog_max,
            retention=retention,
        )
        try:
            await storage.prepare(check=check)
            await qlog._maybe_purge(queue=False)
        except BaseException as exc:
            await storage.close()
            if (explained := storage.explain(exc)) is not None:
                raise explained from exc
            raise
        return qlog

    @classmethod
    async def from_settings(cls, settings: Settings, *, check: bool = False) -> QueryLog:
        if settings.database_url is not None:  # issue 34: shared by replicas
            return await cls.open_database(
                settings.database_url.get_secret_value(),
                salt=settings.hash_salt(),
                hash_user_ids=settings.hash_user_ids,
                retention_days=settings.log_retention_days,
                check=check,
                retention=Retention.from_settings(settings),
            )
        return await cls.open(
            settings.log_path,
            salt=settings.hash_salt(),
            hash_user_ids=settings.hash_user_ids,
            retention_days=settings.log_retention_days,
            check=check,
            retention=Retention.from_settings(settings),
        )

    @property
    def shared(self) -> bool:
        """A database replicas share (KODEKS_DATABASE_URL), not one process's file."""
        return self.storage.postgres

    @property
    def path(self) -> Path:
        """The SQLite file (a log in PostgreSQL has none: use `source` / `where`)."""
        if not isinstance(self.source, Path):
            raise KodeksError(f"query log {self.where} is a database, not a file")
        return self.source

    @property
    def _db(self) -> aiosqlite.Connection | None:
        """The SQLite writer connection, when there is one (tests break it on purpose)."""
        return self.storage.db if isinstance(self.storage, SqliteStorage) else None

    async def close(self) -> None:
        """Write what the backlog still holds (one attempt), then close. Rows that cannot be written are
        counted in `lost` and reported in one log line."""
        if self._closed:
            return
        if self._flusher is not None:
            self._flusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._flusher
        if self._backlog:
            async with self._lock:
                await self._flush_once()
        self._closed = True
        if self._backlog:
            self.lost += len(self._backlog)
            log.error("query log %s: %d row(s) could not be written before closing", self.where, len(self._backlog))
            self._backlog.clear()
        await self.storage.close()

    async def __aenter__(self) -> QueryLog:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self._read(readers.schema_version)

    def user_hash(self, user_id: int | str) -> str:
        """Salted SHA-256 of the user id: distinct users countable, ids not recoverable without the salt."""
        return hash_user_id(user_id, self._salt, self._hash)

    # --- the write path ------------------------------------------------------------------------

    @property
    def backlog(self) -> int:
        """Writes waiting in memory for SQLite to accept them again."""
        return len(self._backlog)

    async def wait_drained(self) -> None:
        """Until the backlog is empty (tests, benchmarks, shutdown)."""
        await self._drained.wait()

    async def _run(self, write: Write) -> int | None:
        """One transaction on the writer connection (opened afresh after any error); returns the id of the row
        inserted by the first statement, if it is an INSERT."""
        return await self.storage.run(write)

    async def _write(self, write: Write) -> int | None:
        """Write now if SQLite lets us within busy_timeout, else keep it for the background flusher.

        Returns the last inserted row id, or None when the write was kept for later."""
        if self._closed:
            self.lost += 1
            log.error("query log %s is closed: %s not written", self.where, write.what)
            return None
        if self._backlog:  # an outage is in progress: keep the order, do not wait on the lock again
            self._keep(write)
            return None
        async with self._lock:
            if self._backlog:  # the outage began while we waited for the lock: keep the order
                self._keep(write)
                return None
            try:
                return await self._run(write)
            except Exception as exc:
                self.failures += 1
                log.warning(
                    "query log %s: %s kept in memory, will retry (%s: %s)",
                    self.where,
                    write.what,
                    type(exc).__name__,
                    exc,
                )
                self._keep(write)
                return None

    def _keep(self, write: Write) -> None:
        if len(self._backlog) >= self._backlog_max:
            self._backlog.popleft()
            self.lost += 1
            if self.lost == 1 or self.lost % 1000 == 0:
                log.error(
                    "query log %s: backlog full (%d); %d row(s) lost so far", self.where, self._backlog_max, self.lost
                )
        self._backlog.append(write)
        self._drained.clear()
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush_loop(), name="querylog-flush")

    async def _flush_once(self) -> bool:
        """Write the backlog in order; False if SQLite still refuses (the rest stays)."""
        while self._backlog:
            try:
                await self._run(self._backlog[0])
            except Exception as exc:
                log.debug("query log backlog retry failed: %s", exc)
                return False
            self._backlog.popleft()
        self._drained.set()
        return True

    async def _flush_loop(self) -> None:
        wait = 0.1
        while True:
            async with self._lock:
                if await self._flush_once():
                    log.warning("query log %s: backlog written, logging normally again", self.where)
                    return
            await asyncio.sleep(wait)  # each attempt itself waits up to busy_timeout for the lock
            wait = min(wait * 2, RETRY_MAX_SECONDS)

    # --- writing -----------------------------------------------------------------------------

    async def record(
        self,
        *,
        user_id: int | str,
        question: str,
        result: PipelineResult | None = None,
        error: str | None = None,
        at: datetime | None = None,
        total_ms: float | None = None,
        source: str = "telegram",
        update_id: int | None = None,
        original: str | None = None,
        conversation: dict[str, Any] | None = None,
    ) -> int | None:
        """Log one question with the pipeline's result (or the error that prevented one); returns the row id
        (None while the log is unavailable: the row is written later). With `update_id`, the journal entry
        moves to 'sending' in the same transaction; on PostgreSQL only if the entry is still this replica's and not
        yet being sent (the fence), else nothing is written and `TakenOver` raised: nothing may be sent, the
        replica that took it over answers. A database that cannot be reached keeps the write for later (None):
        answered unconfirmed, as `journal_received` does then. `question` is the masked text; `original` (the unmasked
        one) is kept apart only while the retention allows it (KODEKS_KEEP_ORIGINAL_HOURS > 0). `conversation`:
        the columns of migration 5 (input, standalone, standalone_by, thread_id, thread_turn, follows;
        `bot.answers.conversation_row`)."""
        row: dict[str, Any] = {
            "ts": to_ts(at or utcnow()),
            "user_hash": self.user_hash(user_id),
            "kind": "question",
            "source": source,
            "question": question,
            "error": error,
            "total_ms": total_ms,
        }
        row.update(writes.conversation_columns(conversation))
        keep = self.retention.originals_hours > 0
        cutoff = self.retention.originals_cutoff(utcnow()) if keep else None
        write = writes.question_write(
            row,
            result,
            update_id,
            original if keep else None,
            cutoff,
            postgres=self.storage.postgres,
            owner=self.replica,
        )
        row_id = await self._write(write)
        if write.refused:
            raise TakenOver(f"update {update_id}")
        await self._maybe_purge()
        return row_id

    async def record_lookup(
        self,
        *,
        user_id: int,
        text: str,
        articles: Sequence[Article],
        total_ms: float | None = None,
        at: datetime | None = None,
        level: str = "reference",
    ) -> int | None:
        """Log an article lookup (/clan or a plain reference): what was asked and which articles it showed.
        `level`: "reference" (shown), "ambiguous" (the officer was asked which law), "unknown_law" (the law
        named is not loaded), "not_found" (no such article)."""
        return await self._write(
            writes.lookup_write(
                ts=to_ts(at or utcnow()),
                user_hash=self.user_hash(user_id),
                text=text,
                articles=articles,
                total_ms=total_ms,
                level=level,
            )
        )

    async def set_error(self, row_id: int, error: str) -> None:
        """Mark a logged answer that could not be delivered."""
        await self._write(writes.error_mark(row_id, error))

    async def feedback(self, *, row_id: int, user_id: int, value: int, at: datetime | None = None) -> bool:
        """Store 👍 (+1) / 👎 (-1) for an answer; a second press by the same user replaces the first.

        False if the answer is not in the log; True when stored (or kept for later during an outage)."""
        if value not in (1, -1):
            raise ValueError("feedback is +1 or -1")
        write = writes.feedback_write(
            ts=to_ts(at or utcnow()), user_hash=self.user_hash(user_id), row_id=row_id, value=value
        )
        await self._write(write)
        return write.result is None or write.result > 0

    async def refused(self, *, user_id: int, at: datetime | None = None) -> None:
        """Count a message from someone not on the allow-list; their text is never passed here. Never raises."""
        with contextlib.suppress(Exception):
            await self._write(writes.refusal_write(ts=to_ts(at or utcnow()), user_hash=self.user_hash(user_id)))

    async def purge(self, days: int | None = None, now: datetime | None = None) -> int:
        """Delete questions (with their feedback) and refusals older than `days`; returns rows deleted."""
        write = self._purge_write(days, now)
        if write is None:
            return 0
        await self._write(write)
        return write.result or 0

    def _purge_write(self, days: int | None = None, now: datetime | None = None) -> Write | None:
        days = days if days is not None else self.retention_days
        if not days:
            return None
        return purge_write(self.retention, now or utcnow(), days)

    async def _maybe_purge(self, queue: bool = True) -> None:
        """Purge at most once a day, piggy-backing on writes (no scheduler needed)."""
        today = utcnow().strftime("%Y-%m-%d")
        if self.retention_days and self._last_purge != today:
            self._last_purge = today
            write = self._purge_write()
            if write is not None:
                if queue:
                    await self._write(write)
                else:
                    async with self._lock:
                        await self._run(write)

    # --- the answer journal ----------------------------------------------------------------------

    async def journal_received(
        self, *, update_id: int, chat_id: int, message_id: int | None, question: str, asked_at: datetime | None = None
    ) -> bool:
        """Journal a question before answering it. False if this update was journaled before (Telegram
        delivered it again after a restart): it is answered by recovery or was answered already. The same
        update id with another message (a new bot token restarts the ids) replaces the old entry."""
        key = (update_id, message_id)
        if key in self._journaled:
            return False
        self._journaled[key] = None
        if len(self._journaled) > JOURNALED_IN_MEMORY:
            self._journaled.popitem(last=False)
        if self.storage.postgres:  # replicas: the update's key taken in one statement, before any answer
            take = writes.journal_take_write(
                update_id=update_id,
                ts=to_ts(asked_at or utcnow()),
                chat_id=chat_id,
                message_id=message_id,
                question=question,
                owner=self.replica,
            )
            await self._write(take)
            return take.result != 0  # None: kept for later (the database is down): answered, as on SQLite
        if await self._read_or_none(lambda con: readers.journaled_with(con, update_id, message_id)):
            return False
        await self._write(
            writes.journal_write(
                update_id=update_id,
                ts=to_ts(asked_at or utcnow()),
                chat_id=chat_id,
                message_id=message_id,
                question=question,
            )
        )
        return True

    async def journal_done(self, update_id: int) -> None:
        """The reply was sent (or definitely cannot be): forget the chat id and text, keep the update and
        message ids (to recognise a re-delivery). On a shared database the mark goes at once on a connection of
        its own, not behind this process's other writes (bot/replicas.py: the gap between a reply and this mark is
        where a killed replica leaves an officer told to ask again); with writes kept for later it waits its turn
        (the question's row, which set 'sending', may be among them)."""
        write = writes.journal_done_write(update_id)
        if self.storage.postgres and not self._backlog and not self._closed:
            try:
                await self.storage.run_aside(write)
                return
            except Exception as exc:
                log.info("journal done for update %s: the second connection failed (%s)", update_id, type(exc).__name__)
        await self._write(write)

    async def journal_open(self) -> list[dict[str, Any]]:
        """Questions journaled but not answered (a crash): oldest first."""
        return await self._read(readers.journal_open)

    # --- replicas on one database (bot/replicas.py) ------------------------------------------------

    async def _now(self, write: Write) -> None:
        """Run `write` at once, never kept for later: a heartbeat or a takeover is only worth its moment (the
        next beat tries again); a failure is raised to the caller."""
        if self._closed:
            raise KodeksError(f"query log {self.where} is closed")
        async with self._lock:
            await self._run(write)

    async def heartbeat(self, replica: str, started: datetime) -> None:
        """Write this replica's heartbeat (PostgreSQL only: replicas share nothing else); the first beat, and one an
        hour after, also drops the rows of replicas gone for a day."""
        if self.storage.postgres:
            now = time.monotonic()
            prune = self._pruned_replicas_at is None or now - self._pruned_replicas_at >= writes.REPLICAS_PRUNED_EVERY_S
            await self._now(writes.heartbeat_write(replica, to_ts(started), prune=prune))
            if prune:
                self._pruned_replicas_at = now

    async def journal_take_over(self, replica: str, stale_seconds: float) -> list[dict[str, Any]]:
        """Make the open entries of dead replicas (heartbeat older than `stale_seconds`) this replica's and return
        them, oldest first, for `bot.journal.recover`. Taken in one statement: two live replicas never both get
        one. On SQLite (one process) nothing: start-up recovery reads the whole journal instead."""
        if not self.storage.postgres:
            return []
        take = writes.takeover_write(replica, stale_seconds)
        await self._now(take)
        return sorted(take.rows, key=lambda row: int(row["update_id"]))

    # --- reading -----------------------------------------------------------------------------

    def reader(self) -> ReadConnection:
        """A new connection for one read, on whichever thread runs it: never the writer's."""
        if self._closed:
            raise KodeksError(f"query log {self.where} is closed")
        return readers.open_reader(self.source)

    async def _read(self, fn: Callable[[ReadConnection], T]) -> T:
        def run() -> T:
            con = self.reader()
            try:
                return fn(con)
            finally:
                con.close()

        return await asyncio.to_thread(run)

    async def _read_or_none(self, fn: Callable[[ReadConnection], T]) -> T | None:
        try:
            return await self._read(fn)
        except self.storage.errors as exc:
            log.warning("query log %s could not be read: %s", self.where, exc)
            return None

    async def get(self, row_id: int) -> dict[str, Any] | None:
        return await self._read(lambda con: readers.row_by_id(con, row_id))

    async def asked_by(self, row_id: int, user_id: int) -> bool:
        """True if the logged row exists and is this user's own question (buttons work only for their owner)."""
        user_hash = self.user_hash(user_id)
        return await self._read(lambda con: readers.asked_by(con, row_id, user_hash))

    async def last_seen_article(self, user_id: int, within: timedelta = timedelta(hours=24)) -> str | None:
        """The first article of this officer's latest answer or lookup in the last `within` (what "isto u RS?"
        refers to after a restart); None when there is none or the log cannot be read."""
        since, user_hash = utcnow() - within, self.user_hash(user_id)
        cited = await self._read_or_none(lambda con: readers.latest_citations(con, since, user_hash))
        return cited[0]["id"] if cited else None

    async def cited_ids(self, row_id: int) -> list[str] | None:
        """The article ids cited by a logged answer, in button order; None if the row is gone."""
        return await self._read(lambda con: readers.cited_ids(con, row_id))

    async def count(self, kind: str | None = "question") -> int:
        return await self._read(lambda con: readers.count(con, kind))

    async def rows_since(self, since: datetime) -> list[dict[str, Any]]:
        """Every logged question/lookup since `since`, with its latest feedback value (small windows only)."""
        return await self._read(lambda con: list(readers.iter_rows(con, since, kind=None)))

    async def refusals_since(self, since: datetime) -> tuple[int, int]:
        """(refused messages, distinct strangers) since `since`."""
        return await self._read(lambda con: readers.refusals_since(con, since))

    async def stats(self, now: datetime | None = None) -> dict[str, Any]:
        """Figures for the last day and the last week (see `bot.querylog.figures`), from SQL aggregates on a
        reader thread."""
        return await self._read(lambda con: compute(con, now=now or utcnow()))

    async def export(self, since: datetime | None = None, batch: int = 500) -> AsyncIterator[dict[str, Any]]:
        """Questions since `since` (all if None) as evaluation records (see `bot.querylog.export`), read in
        batches on a reader thread so memory stays bounded whatever the log's size."""
        con = await asyncio.to_thread(self.reader)
        try:
            rows = readers.iter_rows(con, since, kind="question")
            while True:
                chunk = await asyncio.to_thread(lambda: [r for _, r in zip(range(batch), rows)])
                for row in chunk:
                    yield to_record(row)
                if len(chunk) < batch:
                    return
        finally:
            await asyncio.to_thread(con.close)
