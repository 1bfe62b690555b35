"""The query log: one SQLite file (aiosqlite) with every question, what was retrieved and answered.

It is what `/stats`, `kodeks stats` and `kodeks export` read, and what turns field use into new
evaluation questions. WAL mode lets `kodeks stats` or Datasette read while the bot writes. The
schema is versioned with `PRAGMA user_version`: add a migration to `MIGRATIONS`, never edit one.
User ids are stored as a salted SHA-256 by default; strangers' messages are only counted.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

from kodeks.errors import KodeksError

TS_FORMAT = "%Y-%m-%d %H:%M:%S.%f"

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
)
SCHEMA_VERSION = len(MIGRATIONS)


def utcnow() -> datetime:
    return datetime.now(UTC)


def to_ts(moment: datetime) -> str:
    """Stored form of a time: UTC, sortable as text, readable in sqlite3/Datasette."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime(TS_FORMAT)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _article_ref(article: Any) -> dict[str, str]:
    return {"id": article.id, "law": article.law, "article": article.article, "title": article.title}


class QueryLog:
    """Async access to the log; one connection, writes serialised by a lock."""

    def __init__(self, db: aiosqlite.Connection, path: Path, salt: str, hash_user_ids: bool,
                 retention_days: int | None) -> None:
        self._db = db
        self.path = path
        self._salt = salt
        self._hash = hash_user_ids
        self.retention_days = retention_days
        self._lock = asyncio.Lock()
        self._last_purge: str | None = None

    # --- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: Path | str, *, salt: str = "kodeks", hash_user_ids: bool = True,
                   retention_days: int | None = None) -> QueryLog:
        """Open (creating or migrating) the log and purge rows past the retention period."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path)
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            await _migrate(db, path)
        except BaseException:
            await db.close()
            raise
        log = cls(db, path, salt, hash_user_ids, retention_days)
        await log._maybe_purge()
        return log

    @classmethod
    async def from_settings(cls, settings: Any) -> QueryLog:
        return await cls.open(settings.log_path, salt=settings.hash_salt(),
                              hash_user_ids=settings.hash_user_ids,
                              retention_days=settings.log_retention_days)

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> QueryLog:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    def user_hash(self, user_id: int) -> str:
        """Salted SHA-256 of the user id: distinct users countable, ids not recoverable without the salt."""
        if not self._hash:
            return str(user_id)
        return hashlib.sha256(f"{self._salt}:{user_id}".encode()).hexdigest()[:32]

    # --- writing -----------------------------------------------------------------------------

    async def _insert(self, table: str, row: dict[str, Any]) -> int:
        cols = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        async with self._lock:
            cur = await self._db.execute(f"INSERT INTO {table} ({cols}) VALUES ({marks})", tuple(row.values()))
            await self._db.commit()
            rowid = cur.lastrowid
            await cur.close()
        await self._maybe_purge()
        return int(rowid or 0)

    async def record(self, *, user_id: int, question: str, result: Any = None, error: str | None = None,
                     at: datetime | None = None, total_ms: float | None = None) -> int:
        """Log one question with the pipeline's result (or the error that prevented one); returns the row id."""
        row: dict[str, Any] = {
            "ts": to_ts(at or utcnow()),
            "user_hash": self.user_hash(user_id),
            "kind": "question",
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
                covered=None if answer.covered is None else int(bool(answer.covered)),
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
            )
        return await self._insert("queries", row)

    async def record_lookup(self, *, user_id: int, text: str, articles: Sequence[Any],
                            total_ms: float | None = None, at: datetime | None = None) -> int:
        """Log an article lookup (/clan or a plain reference): what was asked and which articles it showed."""
        return await self._insert("queries", {
            "ts": to_ts(at or utcnow()),
            "user_hash": self.user_hash(user_id),
            "kind": "lookup",
            "question": text,
            "level": "reference",
            "citations": _json([_article_ref(a) for a in articles]),
            "total_ms": total_ms,
        })

    async def set_error(self, row_id: int, error: str) -> None:
        """Mark a logged answer that could not be delivered."""
        async with self._lock:
            await self._db.execute(
                "UPDATE queries SET error = COALESCE(error || '; ', '') || ? WHERE id = ?", (error, row_id))
            await self._db.commit()

    async def feedback(self, *, row_id: int, user_id: int, value: int, at: datetime | None = None) -> bool:
        """Store 👍 (+1) / 👎 (-1) for an answer; a second press by the same user replaces the first."""
        if value not in (1, -1):
            raise ValueError("feedback is +1 or -1")
        async with self._lock:
            cur = await self._db.execute(
                "INSERT INTO feedback (query_id, ts, user_hash, value) "
                "SELECT id, ?, ?, ? FROM queries WHERE id = ? "
                "ON CONFLICT (query_id, user_hash) DO UPDATE SET value = excluded.value, ts = excluded.ts",
                (to_ts(at or utcnow()), self.user_hash(user_id), value, row_id))
            await self._db.commit()
            changed = cur.rowcount
            await cur.close()
        return changed > 0

    async def refused(self, *, user_id: int, at: datetime | None = None) -> None:
        """Count a message from someone not on the allow-list; their text is never passed here."""
        await self._insert("refusals", {"ts": to_ts(at or utcnow()), "user_hash": self.user_hash(user_id)})

    async def purge(self, days: int | None = None, now: datetime | None = None) -> int:
        """Delete questions (with their feedback) and refusals older than `days`; returns rows deleted."""
        days = days if days is not None else self.retention_days
        if not days:
            return 0
        cutoff = to_ts((now or utcnow()) - timedelta(days=days))
        async with self._lock:
            cur = await self._db.execute("DELETE FROM queries WHERE ts < ?", (cutoff,))
            deleted = cur.rowcount
            cur2 = await self._db.execute("DELETE FROM refusals WHERE ts < ?", (cutoff,))
            deleted += cur2.rowcount
            await self._db.commit()
        return deleted

    async def _maybe_purge(self) -> None:
        """Purge at most once a day, piggy-backing on writes (no scheduler needed)."""
        today = utcnow().strftime("%Y-%m-%d")
        if self.retention_days and self._last_purge != today:
            self._last_purge = today
            await self.purge()

    # --- reading -----------------------------------------------------------------------------

    async def get(self, row_id: int) -> dict[str, Any] | None:
        async with self._db.execute("SELECT * FROM queries WHERE id = ?", (row_id,)) as cur:
            row = await cur.fetchone()
        return _decode(dict(row)) if row else None

    async def asked_by(self, row_id: int, user_id: int) -> bool:
        """True if the logged row exists and is this user's own question (buttons work only for their owner)."""
        async with self._db.execute("SELECT 1 FROM queries WHERE id = ? AND user_hash = ?",
                                    (row_id, self.user_hash(user_id))) as cur:
            return await cur.fetchone() is not None

    async def cited_ids(self, row_id: int) -> list[str] | None:
        """The article ids cited by a logged answer, in button order; None if the row is gone."""
        async with self._db.execute("SELECT citations FROM queries WHERE id = ?", (row_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return [c["id"] for c in json.loads(row[0] or "[]")]

    async def count(self, kind: str | None = "question") -> int:
        sql, args = "SELECT COUNT(*) FROM queries", ()
        if kind:
            sql, args = sql + " WHERE kind = ?", (kind,)
        async with self._db.execute(sql, args) as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def rows_since(self, since: datetime) -> list[dict[str, Any]]:
        """Every logged question/lookup since `since`, with its latest feedback value."""
        sql = ("SELECT q.*, (SELECT value FROM feedback f WHERE f.query_id = q.id ORDER BY f.ts DESC LIMIT 1)"
               " AS feedback FROM queries q WHERE q.ts >= ? ORDER BY q.id")
        async with self._db.execute(sql, (to_ts(since),)) as cur:
            return [_decode(dict(r)) for r in await cur.fetchall()]

    async def refusals_since(self, since: datetime) -> tuple[int, int]:
        """(refused messages, distinct strangers) since `since`."""
        async with self._db.execute(
                "SELECT COUNT(*), COUNT(DISTINCT user_hash) FROM refusals WHERE ts >= ?", (to_ts(since),)) as cur:
            row = await cur.fetchone()
        return int(row[0]), int(row[1])

    async def stats(self, now: datetime | None = None) -> dict[str, Any]:
        """Figures for the last day and the last week (see `bot.stats`)."""
        from bot.stats import compute

        now = now or utcnow()
        rows = await self.rows_since(now - timedelta(days=7))
        refusals = {"day": await self.refusals_since(now - timedelta(days=1)),
                    "week": await self.refusals_since(now - timedelta(days=7))}
        return compute(rows, refusals, now=now, total=await self.count())

    async def export(self, since: datetime | None = None) -> AsyncIterator[dict[str, Any]]:
        """Questions since `since` (all if None) as evaluation records (see `bot.export`)."""
        from bot.export import to_record

        since = since or datetime(1970, 1, 1, tzinfo=UTC)
        for row in await self.rows_since(since):
            if row["kind"] == "question":
                yield to_record(row)


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for key in ("retrieved", "citations", "invalid_citations"):
        if key in row:
            row[key] = json.loads(row[key]) if row[key] else []
    return row


async def _migrate(db: aiosqlite.Connection, path: Path) -> None:
    async with db.execute("PRAGMA user_version") as cur:
        version = int((await cur.fetchone())[0])
    if version > SCHEMA_VERSION:
        raise KodeksError(
            f"query log {path} has schema v{version}, newer than this kodeks knows (v{SCHEMA_VERSION}); upgrade kodeks")
    for number, sql in enumerate(MIGRATIONS[version:], start=version + 1):
        await db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
