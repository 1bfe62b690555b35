"""The query log: one SQLite file (aiosqlite) with every question, what was retrieved and answered.

It is what `/stats`, `kodeks stats` and `kodeks export` read, and what turns field use into new
evaluation questions. WAL mode lets `kodeks stats` or Datasette read while the bot writes. The
schema is versioned with `PRAGMA user_version`: add a migration to `MIGRATIONS`, never edit one.
User ids are stored as a salted SHA-256 by default; strangers' messages are only counted.

The log must never cost an officer an answer, and must not lose rows when SQLite is briefly
unavailable (another process holding a write lock, a full disk, an I/O error). So every write is
one short `BEGIN IMMEDIATE` transaction with a bounded `busy_timeout`; a write that still fails is
kept, in order, in a bounded in-memory backlog that a background task writes as soon as SQLite
accepts it again, each attempt on a fresh connection (a connection that failed mid-transaction can
keep a stale snapshot and fail forever). Reads (`/stats`, `/export`, buttons) use their own
connections, so a long read never holds the writer up or leaves it in a broken state.

The `pending` table is the journal behind "at least once, never twice": an officer's question is
written there before it is answered and marked done after the reply is sent (see `bot.journal`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import logging
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

from kodeks.errors import KodeksError

log = logging.getLogger(__name__)

TS_FORMAT = "%Y-%m-%d %H:%M:%S.%f"
_SURROGATE = re.compile("[\ud800-\udfff]")
BUSY_TIMEOUT_MS = 2000  # how long one write waits for another process's lock before it is kept for later
BACKLOG_MAX = 10_000  # rows held in memory while the file cannot be written (a few days of a force's questions)
RETRY_MAX_SECONDS = 5.0  # the backlog is retried at least this often during an outage
DONE_KEPT = timedelta(days=2)  # answered journal entries kept (ids only) to recognise Telegram re-deliveries

MIGRATIONS: tuple[str, ...] = (
    # 1: questions, feedback, refused strangers
    """
    CREATE TABLE queries (
        id INTEGER PRIMARY KEY,
        ts TEXT NOT NULL,                 -- UTC, 'YYYY-MM-DD HH:MM:SS.ffffff'
        user_hash TEXT NOT NULL,          -- salted sha256 of the Telegram user id (or the id itself)
        kind TEXT NOT NULL DEFAULT 'question',  -- 'question' (pipeline) | 'lookup' (/clan, plain reference)
        question TEXT NOT NULL,
        normalized TEXT,
        retrieved TEXT,                   -- JSON: [{id, law, article, title, score, similarity, dense_rank, lexical_rank, level}]
        level TEXT,                       -- fallback level that served the first hit
        answer TEXT,
        citations TEXT,                   -- JSON: [{id, law, article, title}]
        invalid_citations TEXT,           -- JSON: [str] removed by the citation check
        covered INTEGER,
        missing TEXT,
        mode TEXT,                        -- 'claude' | 'extractive'
        reason TEXT,
        model TEXT,
        prompt_version TEXT,
        input_tokens INTEGER,
        output_tokens INTEGER,
        flagged INTEGER,
        retrieval_ms REAL,
        llm_ms REAL,
        total_ms REAL,
        error TEXT
    );
    CREATE TABLE feedback (
        id INTEGER PRIMARY KEY,
        query_id INTEGER NOT NULL REFERENCES queries(id) ON DELETE CASCADE,
        ts TEXT NOT NULL,
        user_hash TEXT NOT NULL,
        value INTEGER NOT NULL CHECK (value IN (-1, 1)),
        UNIQUE (query_id, user_hash)
    );
    CREATE TABLE refusals (
        id INTEGER PRIMARY KEY,
        ts TEXT NOT NULL,
        user_hash TEXT NOT NULL            -- no text, ever
    );
    """,
    # 2: the time-window queries of stats, export and purge
    """
    CREATE INDEX queries_ts ON queries(ts);
    CREATE INDEX feedback_query ON feedback(query_id);
    CREATE INDEX refusals_ts ON refusals(ts);
    """,
    # 3: where a question came from (officers vs. admins trying `kodeks ask`); the answer journal;
    #    indexes that answer /stats without reading rows: the columns it aggregates sit behind the large
    #    `retrieved`/`answer` JSON in each row (overflow pages), so the window index covers them
    """
    ALTER TABLE queries ADD COLUMN source TEXT NOT NULL DEFAULT 'telegram';  -- 'telegram' | 'cli'
    CREATE INDEX queries_window ON queries(kind, ts, mode, level, source, covered, total_ms, user_hash, error,
                                           invalid_citations);
    CREATE INDEX queries_latency ON queries(kind, total_ms, ts);  -- percentiles without sorting
    CREATE TABLE cited (                  -- one row per citation of an answered question: "most cited laws"
        query_id INTEGER NOT NULL REFERENCES queries(id) ON DELETE CASCADE,
        ts TEXT NOT NULL,
        law TEXT NOT NULL
    );
    CREATE INDEX cited_law_ts ON cited(law, ts);  -- GROUP BY law without sorting
    CREATE INDEX cited_query ON cited(query_id);
    INSERT INTO cited (query_id, ts, law)
        SELECT q.id, q.ts, c.value ->> '$.law' FROM queries q, json_each(q.citations) c
        WHERE q.kind = 'question' AND q.mode IS NOT NULL AND c.value ->> '$.law' IS NOT NULL;
    CREATE TABLE pending (
        update_id INTEGER PRIMARY KEY,    -- Telegram's update id: a re-delivered update is recognised
        ts TEXT NOT NULL,                 -- when the officer asked (the message date)
        chat_id INTEGER,                  -- raw, needed to answer after a restart; NULL once done
        message_id INTEGER,
        question TEXT,                    -- NULL once done
        state TEXT NOT NULL DEFAULT 'received'  -- 'received' | 'sending' | 'done'
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def utcnow() -> datetime:
    return datetime.now(UTC)


def to_ts(moment: datetime) -> str:
    """Stored form of a time: UTC, sortable as text, readable in sqlite3/Datasette."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime(TS_FORMAT)


def from_ts(text: str) -> datetime:
    return datetime.strptime(text, TS_FORMAT).replace(tzinfo=UTC)


def clean_text(value: Any) -> Any:
    """Strings SQLite can store: a lone surrogate (from a broken client) becomes U+FFFD instead of failing the write."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return _SURROGATE.sub("\ufffd", value)
    return value


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _article_ref(article: Any) -> dict[str, str]:
    return {"id": article.id, "law": article.law, "article": article.article, "title": article.title}


def explain(path: Path, exc: BaseException) -> KodeksError:
    """One line for a query log SQLite cannot use, naming the file and what to do about it."""
    text = str(exc)
    low = text.lower()
    if isinstance(exc, KodeksError):
        return exc
    if "readonly" in low or "read-only" in low or "permission" in low or "unable to open" in low \
            or isinstance(exc, PermissionError):
        return KodeksError(f"query log {path} cannot be written ({text}): give the user running kodeks write access "
                           f"to it and to {path.parent} (chown/chmod u+rw), or set KODEKS_DATA_DIR to another folder")
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return KodeksError(f"query log {path} is damaged ({text}): move it aside (mv {path} {path}.damaged); "
                           f"kodeks starts a new one, and `sqlite3 {path}.damaged .recover` may save its rows")
    if "full" in low or "no space" in low:
        return KodeksError(f"query log {path}: the disk is full ({text}); free space on {path.parent}")
    if "locked" in low or "busy" in low:
        return KodeksError(f"query log {path} is locked by another process ({text}); stop it, or wait and retry")
    return KodeksError(f"query log {path} cannot be used: {type(exc).__name__}: {text}")


# --- writes ------------------------------------------------------------------------------------


@dataclass
class Write:
    """Statements run in one transaction; `what` names it in logs (never its content)."""

    statements: list[tuple[str, tuple[Any, ...]]]
    what: str
    counted: tuple[int, ...] = (0,)  # statements whose changed-row counts make up `result`
    result: int | None = field(default=None, repr=False)  # None until written


def _insert_sql(table: str, row: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    cols = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    return f"INSERT INTO {table} ({cols}) VALUES ({marks})", tuple(row.values())


JOURNALED_IN_MEMORY = 10_000  # recent update ids this process has journaled (a few MB at most)


class QueryLog:
    """Async access to the log: writes serialised on one writer connection, kept in a backlog while it fails."""

    def __init__(self, path: Path, salt: str, hash_user_ids: bool, retention_days: int | None, *,
                 busy_timeout_ms: int, backlog_max: int) -> None:
        self.path = path
        self._salt = salt
        self._hash = hash_user_ids
        self.retention_days = retention_days
        self.busy_timeout_ms = busy_timeout_ms
        self._db: aiosqlite.Connection | None = None
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

    # --- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: Path | str, *, salt: str = "kodeks", hash_user_ids: bool = True,
                   retention_days: int | None = None, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                   backlog_max: int = BACKLOG_MAX, check: bool = False) -> QueryLog:
        """Open (creating 0600, or migrating) the log, prove it writable, purge rows past retention.

        `check=True` (the bot's start-up) also runs SQLite's quick_check. Any problem is raised as one
        `KodeksError` naming the file and what to do."""
        path = Path(path)
        qlog = cls(path, salt, hash_user_ids, retention_days, busy_timeout_ms=busy_timeout_ms,
                   backlog_max=backlog_max)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _create_private(path)
            qlog._db = await qlog._connect()
            await _migrate(qlog._db, path)
            if check:
                async with qlog._db.execute("PRAGMA quick_check") as cur:
                    verdict = (await cur.fetchone())[0]
                if verdict != "ok":
                    raise sqlite3.DatabaseError(f"database disk image is malformed: {verdict}")
            await qlog._run(Write([("PRAGMA user_version = %d" % SCHEMA_VERSION, ())], "write check"))
            await qlog._maybe_purge(queue=False)
        except BaseException as exc:
            await qlog._close_connection()
            if isinstance(exc, (sqlite3.Error, OSError, KodeksError)):
                raise explain(path, exc) from exc
            raise
        return qlog

    @classmethod
    async def from_settings(cls, settings: Any, *, check: bool = False) -> QueryLog:
        return await cls.open(settings.log_path, salt=settings.hash_salt(),
                              hash_user_ids=settings.hash_user_ids,
                              retention_days=settings.log_retention_days, check=check)

    async def _connect(self) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            db.row_factory = aiosqlite.Row
            await db.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
        except BaseException:
            await db.close()
            raise
        return db

    async def _close_connection(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            with contextlib.suppress(Exception):
                await db.close()

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
            log.error("query log %s: %d row(s) could not be written before closing", self.path, len(self._backlog))
            self._backlog.clear()
        await self._close_connection()

    async def __aenter__(self) -> QueryLog:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return int((await self._read(lambda con: con.execute("PRAGMA user_version").fetchone()))[0])

    def user_hash(self, user_id: int | str) -> str:
        """Salted SHA-256 of the user id: distinct users countable, ids not recoverable without the salt."""
        if not self._hash:
            return str(user_id)
        return hashlib.sha256(f"{self._salt}:{user_id}".encode()).hexdigest()[:32]

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
        if self._db is None:
            self._db = await self._connect()
        db = self._db
        try:
            await db.execute("BEGIN IMMEDIATE")
            last: int | None = None
            changed = 0
            for i, (sql, params) in enumerate(write.statements):
                cur = await db.execute(sql, tuple(clean_text(p) for p in params))
                if i == 0 and sql.lstrip().upper().startswith("INSERT"):
                    last = cur.lastrowid if cur.rowcount > 0 else None  # the row the write is about
                if i in write.counted:
                    changed += max(cur.rowcount, 0)
                await cur.close()
            await db.execute("COMMIT")
            write.result = changed
            return last
        except BaseException:
            await self._close_connection()  # rolls back; a fresh connection next time
            raise

    async def _write(self, write: Write) -> int | None:
        """Write now if SQLite lets us within busy_timeout, else keep it for the background flusher.

        Returns the last inserted row id, or None when the write was kept for later."""
        if self._closed:
            self.lost += 1
            log.error("query log %s is closed: %s not written", self.path, write.what)
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
            except Exception as exc:  # noqa: BLE001 - any failure: keep the row, retry later
                self.failures += 1
                log.warning("query log %s: %s kept in memory, will retry (%s: %s)", self.path, write.what,
                            type(exc).__name__, exc)
                self._keep(write)
                return None

    def _keep(self, write: Write) -> None:
        if len(self._backlog) >= self._backlog_max:
            self._backlog.popleft()
            self.lost += 1
            if self.lost == 1 or self.lost % 1000 == 0:
                log.error("query log %s: backlog full (%d); %d row(s) lost so far", self.path, self._backlog_max,
                          self.lost)
        self._backlog.append(write)
        self._drained.clear()
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush_loop(), name="querylog-flush")

    async def _flush_once(self) -> bool:
        """Write the backlog in order; False if SQLite still refuses (the rest stays)."""
        while self._backlog:
            try:
                await self._run(self._backlog[0])
            except Exception as exc:  # noqa: BLE001
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
                    log.warning("query log %s: backlog written, logging normally again", self.path)
                    return
            await asyncio.sleep(wait)  # each attempt itself waits up to busy_timeout for the lock
            wait = min(wait * 2, RETRY_MAX_SECONDS)

    # --- writing -----------------------------------------------------------------------------

    async def record(self, *, user_id: int | str, question: str, result: Any = None, error: str | None = None,
                     at: datetime | None = None, total_ms: float | None = None, source: str = "telegram",
                     update_id: int | None = None) -> int | None:
        """Log one question with the pipeline's result (or the error that prevented one); returns the row id
        (None while the log is unavailable: the row is written later). With `update_id`, the journal entry
        moves to 'sending' in the same transaction."""
        row: dict[str, Any] = {
            "ts": to_ts(at or utcnow()),
            "user_hash": self.user_hash(user_id),
            "kind": "question",
            "source": source,
            "question": question,
            "error": error,
            "total_ms": total_ms,
        }
        if result is not None:
            search, answer = result.search, result.answer
            timings = result.timings_ms
            row.update(
                normalized=search.normalized,
                retrieved=_json([h.to_dict() for h in search.hits]),
                level=search.level,
                answer=answer.text,
                citations=_json([_article_ref(h.article) for h in answer.citations]),
                invalid_citations=_json(list(answer.invalid_citations or [])),
                # Only Claude judges coverage; an extractive answer's coverage is unknown (NULL), not "not covered".
                covered=None if answer.mode != "claude" or answer.covered is None else int(bool(answer.covered)),
                missing=answer.missing,
                mode=answer.mode,
                reason=answer.reason,
                model=answer.model,
                prompt_version=answer.prompt_version,
                input_tokens=answer.input_tokens,
                output_tokens=answer.output_tokens,
                flagged=int(bool(answer.flagged)),
                retrieval_ms=timings.get("retrieval"),
                llm_ms=timings.get("llm", answer.llm_ms),
                total_ms=timings.get("total", total_ms),
                jurisdiction=search.jurisdiction,  # the officer's jurisdiction (not their id), for the export
                expansions=_json(list(search.expansions or [])),
                weak=int(search.weak),
            )
        statements = [_insert_sql("queries", row)]
        if result is not None and result.answer.citations:
            # The row just inserted has the highest id: this transaction holds the write lock.
            statements.append(("INSERT INTO cited (query_id, ts, law) SELECT (SELECT MAX(id) FROM queries), ?, "
                               "value FROM json_each(?)",
                               (row["ts"], _json([h.article.law for h in result.answer.citations]))))
        if update_id is not None:
            statements.append(("UPDATE pending SET state = 'sending' WHERE update_id = ?", (update_id,)))
        row_id = await self._write(Write(statements, "question"))
        await self._maybe_purge()
        return row_id

    async def record_lookup(self, *, user_id: int, text: str, articles: Sequence[Any],
                            total_ms: float | None = None, at: datetime | None = None,
                            level: str = "reference") -> int | None:
        """Log an article lookup (/clan or a plain reference): what was asked and which articles it showed.
        `level`: "reference" (shown), "ambiguous" (the officer was asked which law), "unknown_law" (the law
        named is not loaded), "not_found" (no such article)."""
        return await self._write(Write([_insert_sql("queries", {
            "ts": to_ts(at or utcnow()),
            "user_hash": self.user_hash(user_id),
            "kind": "lookup",
            "question": text,
            "level": level,
            "citations": _json([_article_ref(a) for a in articles]),
            "total_ms": total_ms,
        })], "lookup"))

    async def set_error(self, row_id: int, error: str) -> None:
        """Mark a logged answer that could not be delivered."""
        await self._write(Write([("UPDATE queries SET error = COALESCE(error || '; ', '') || ? WHERE id = ?",
                                  (error, row_id))], "error mark"))

    async def feedback(self, *, row_id: int, user_id: int, value: int, at: datetime | None = None) -> bool:
        """Store 👍 (+1) / 👎 (-1) for an answer; a second press by the same user replaces the first.

        False if the answer is not in the log; True when stored (or kept for later during an outage)."""
        if value not in (1, -1):
            raise ValueError("feedback is +1 or -1")
        write = Write([("INSERT INTO feedback (query_id, ts, user_hash, value) "
                        "SELECT id, ?, ?, ? FROM queries WHERE id = ? "
                        "ON CONFLICT (query_id, user_hash) DO UPDATE SET value = excluded.value, ts = excluded.ts",
                        (to_ts(at or utcnow()), self.user_hash(user_id), value, row_id))], "feedback")
        await self._write(write)
        return write.result is None or write.result > 0

    async def refused(self, *, user_id: int, at: datetime | None = None) -> None:
        """Count a message from someone not on the allow-list; their text is never passed here. Never raises."""
        with contextlib.suppress(Exception):
            await self._write(Write([_insert_sql("refusals", {"ts": to_ts(at or utcnow()),
                                                              "user_hash": self.user_hash(user_id)})], "refusal"))

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
        now = now or utcnow()
        cutoff = to_ts(now - timedelta(days=days))
        return Write([
            ("DELETE FROM queries WHERE ts < ?", (cutoff,)),
            ("DELETE FROM refusals WHERE ts < ?", (cutoff,)),
            ("DELETE FROM pending WHERE state = 'done' AND ts < ?", (to_ts(now - DONE_KEPT),)),
        ], "purge", counted=(0, 1))

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

    async def journal_received(self, *, update_id: int, chat_id: int, message_id: int | None, question: str,
                               asked_at: datetime | None = None) -> bool:
        """Journal a question before answering it. False if this update was journaled before (Telegram
        delivered it again after a restart): it is answered by recovery or was answered already. The same
        update id with another message (a new bot token restarts the ids) replaces the old entry."""
        key = (update_id, message_id)
        if key in self._journaled:
            return False
        self._journaled[key] = None
        if len(self._journaled) > JOURNALED_IN_MEMORY:
            self._journaled.popitem(last=False)
        seen = await self._read_or_none(lambda con: con.execute(
            "SELECT message_id FROM pending WHERE update_id = ?", (update_id,)).fetchone())
        if seen is not None and seen[0] == message_id:
            return False
        await self._write(Write([(
            "INSERT INTO pending (update_id, ts, chat_id, message_id, question) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (update_id) DO UPDATE SET ts = excluded.ts, chat_id = excluded.chat_id, "
            "message_id = excluded.message_id, question = excluded.question, state = 'received'",
            (update_id, to_ts(asked_at or utcnow()), chat_id, message_id, question))], "journal"))
        return True

    async def journal_done(self, update_id: int) -> None:
        """The reply was sent (or definitely cannot be): forget the chat id and text, keep the update and
        message ids (to recognise a re-delivery)."""
        await self._write(Write([("UPDATE pending SET state = 'done', chat_id = NULL, question = NULL "
                                  "WHERE update_id = ?", (update_id,))], "journal done"))

    async def journal_open(self) -> list[dict[str, Any]]:
        """Questions journaled but not answered (a crash): oldest first."""
        rows = await self._read(lambda con: con.execute(
            "SELECT update_id, ts, chat_id, message_id, question, state FROM pending "
            "WHERE state != 'done' ORDER BY update_id").fetchall())
        return [dict(r) for r in rows]

    # --- reading -----------------------------------------------------------------------------

    def reader(self) -> sqlite3.Connection:
        """A new connection for one read, on whichever thread runs it: never the writer's."""
        if self._closed:
            raise KodeksError(f"query log {self.path} is closed")
        return open_reader(self.path)

    async def _read(self, fn: Any) -> Any:
        def run() -> Any:
            con = self.reader()
            try:
                return fn(con)
            finally:
                con.close()
        return await asyncio.to_thread(run)

    async def _read_or_none(self, fn: Any) -> Any:
        try:
            return await self._read(fn)
        except (sqlite3.Error, KodeksError) as exc:
            log.warning("query log %s could not be read: %s", self.path, exc)
            return None

    async def get(self, row_id: int) -> dict[str, Any] | None:
        row = await self._read(lambda con: con.execute("SELECT * FROM queries WHERE id = ?", (row_id,)).fetchone())
        return _decode(dict(row)) if row else None

    async def asked_by(self, row_id: int, user_id: int) -> bool:
        """True if the logged row exists and is this user's own question (buttons work only for their owner)."""
        found = await self._read(lambda con: con.execute(
            "SELECT 1 FROM queries WHERE id = ? AND user_hash = ?", (row_id, self.user_hash(user_id))).fetchone())
        return found is not None

    async def last_seen_article(self, user_id: int, within: timedelta = timedelta(hours=24)) -> str | None:
        """The first article of this officer's latest answer or lookup in the last `within` (what "isto u RS?"
        refers to after a restart); None when there is none or the log cannot be read."""
        since = to_ts(utcnow() - within)
        row = await self._read_or_none(lambda con: con.execute(
            "SELECT citations FROM queries INDEXED BY queries_ts WHERE ts >= ? AND user_hash = ? "
            "AND citations IS NOT NULL AND citations <> '[]' ORDER BY ts DESC, id DESC LIMIT 1",
            (since, self.user_hash(user_id))).fetchone())
        cited = json.loads(row[0]) if row else []
        return cited[0]["id"] if cited else None

    async def cited_ids(self, row_id: int) -> list[str] | None:
        """The article ids cited by a logged answer, in button order; None if the row is gone."""
        row = await self._read(lambda con: con.execute("SELECT citations FROM queries WHERE id = ?",
                                                       (row_id,)).fetchone())
        if row is None:
            return None
        return [c["id"] for c in json.loads(row[0] or "[]")]

    async def count(self, kind: str | None = "question") -> int:
        sql, args = "SELECT COUNT(*) FROM queries", ()
        if kind:
            sql, args = sql + " WHERE kind = ?", (kind,)
        return int((await self._read(lambda con: con.execute(sql, args).fetchone()))[0])

    async def rows_since(self, since: datetime) -> list[dict[str, Any]]:
        """Every logged question/lookup since `since`, with its latest feedback value (small windows only)."""
        return await self._read(lambda con: list(iter_rows(con, since, kind=None)))

    async def refusals_since(self, since: datetime) -> tuple[int, int]:
        """(refused messages, distinct strangers) since `since`."""
        row = await self._read(lambda con: con.execute(
            "SELECT COUNT(*), COUNT(DISTINCT user_hash) FROM refusals WHERE ts >= ?", (to_ts(since),)).fetchone())
        return int(row[0]), int(row[1])

    async def stats(self, now: datetime | None = None) -> dict[str, Any]:
        """Figures for the last day and the last week (see `bot.stats`), from SQL aggregates on a reader thread."""
        from bot.stats import compute

        return await self._read(lambda con: compute(con, now=now or utcnow()))

    async def export(self, since: datetime | None = None, batch: int = 500) -> AsyncIterator[dict[str, Any]]:
        """Questions since `since` (all if None) as evaluation records (see `bot.export`), read in batches
        on a reader thread so memory stays bounded whatever the log's size."""
        from bot.export import to_record

        con = await asyncio.to_thread(self.reader)
        try:
            rows = iter_rows(con, since, kind="question")
            while True:
                chunk = await asyncio.to_thread(lambda: [r for _, r in zip(range(batch), rows)])
                for row in chunk:
                    yield to_record(row)
                if len(chunk) < batch:
                    return
        finally:
            await asyncio.to_thread(con.close)


def open_reader(path: Path) -> sqlite3.Connection:
    """A read connection (query_only) usable from any thread; the file must exist."""
    con = sqlite3.connect(path, check_same_thread=False)
    con.row_factory = sqlite3.Row
    con.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    con.execute("PRAGMA query_only=ON")
    return con


def iter_rows(con: sqlite3.Connection, since: datetime | None, kind: str | None) -> Iterator[dict[str, Any]]:
    """Logged rows since `since` in id order, each with its latest feedback value, streamed from a cursor."""
    since_ts = to_ts(since or datetime(1970, 1, 1, tzinfo=UTC))
    sql = ("SELECT q.*, (SELECT value FROM feedback f WHERE f.query_id = q.id ORDER BY f.ts DESC LIMIT 1)"
           " AS feedback FROM queries q WHERE q.ts >= ?")
    args: tuple[Any, ...] = (since_ts,)
    if kind:
        sql, args = sql + " AND q.kind = ?", (since_ts, kind)
    cur = con.execute(sql + " ORDER BY q.id", args)
    try:
        while batch := cur.fetchmany(500):
            for row in batch:
                yield _decode(dict(row))
    finally:
        cur.close()


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for key in ("retrieved", "citations", "invalid_citations", "expansions"):
        if key in row:
            row[key] = json.loads(row[key]) if row[key] else []
    return row


def _create_private(path: Path) -> None:
    """Create the log file 0600 (it holds officers' questions), like the salt file; SQLite gives its -wal
    and -shm files the same mode. An existing file keeps its mode."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(fd)


async def _migrate(db: aiosqlite.Connection, path: Path) -> None:
    async with db.execute("PRAGMA user_version") as cur:
        version = int((await cur.fetchone())[0])
    if version > SCHEMA_VERSION:
        raise KodeksError(
            f"query log {path} has schema v{version}, newer than this kodeks knows (v{SCHEMA_VERSION}); upgrade kodeks")
    for number, sql in enumerate(MIGRATIONS[version:], start=version + 1):
        await db.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
    await _add_columns(db)


# Nullable columns added by checking the table rather than as numbered migrations, so they merge with
# schema versions added elsewhere (idempotent): the asking officer's jurisdiction; what search added to
# the question (thesaurus, derivation, variants, Claude's rewrite — JSON [{source, matched, adds}]) and
# whether it judged the loaded laws may not cover it (issue 11), so an admin labelling the export sees why.
ADDED_COLUMNS = {"jurisdiction": "TEXT", "expansions": "TEXT", "weak": "INTEGER"}


async def _add_columns(db: aiosqlite.Connection) -> None:
    async with db.execute("PRAGMA table_info(queries)") as cur:
        columns = {row[1] for row in await cur.fetchall()}
    missing = [(name, kind) for name, kind in ADDED_COLUMNS.items() if name not in columns]
    for name, kind in missing:
        await db.execute(f"ALTER TABLE queries ADD COLUMN {name} {kind}")
    if missing:
        await db.commit()
