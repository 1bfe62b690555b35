"""The query log's file: its tables and indexes as numbered migrations, columns added in place, created 0600.

The schema is versioned with `PRAGMA user_version`: add a migration to `MIGRATIONS`, never edit one.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from kodeks import private_files
from kodeks.errors import KodeksError

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
    # 4 (issue 23): an officer's unmasked question, kept apart from its row for KODEKS_KEEP_ORIGINAL_HOURS only
    #    (off by default), never exported; the row itself holds the masked text
    """
    CREATE TABLE originals (
        query_id INTEGER PRIMARY KEY REFERENCES queries(id) ON DELETE CASCADE,
        ts TEXT NOT NULL,
        text TEXT NOT NULL
    );
    CREATE INDEX originals_ts ON originals(ts);
    """,
    # 5 (issue 24): conversations and voice — how a question came, a follow-up's stand-alone question, and the
    #    links between the rows of one thread (its random id, the turn, the row it follows up)
    """
    ALTER TABLE queries ADD COLUMN input TEXT;          -- 'text' | 'voice' (NULL: before issue 24, or a lookup)
    ALTER TABLE queries ADD COLUMN standalone TEXT;     -- a follow-up as searched, stand-alone (NULL: asked alone)
    ALTER TABLE queries ADD COLUMN standalone_by TEXT;  -- who made it: 'rules' | 'claude'
    ALTER TABLE queries ADD COLUMN thread_id TEXT;      -- random, shared by the rows of one conversation thread
    ALTER TABLE queries ADD COLUMN thread_turn INTEGER; -- 1 for the question that started the thread
    ALTER TABLE queries ADD COLUMN follows INTEGER;     -- the row this one follows up (no foreign key: purged alike)
    CREATE INDEX queries_thread ON queries(thread_id, thread_turn) WHERE thread_id IS NOT NULL;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def create_private(path: Path) -> None:
    """Create the log file 0600 (it holds officers' questions) in a 0700 folder, like the salt file; SQLite
    gives its -wal and -shm files the same mode. An existing file keeps its mode (`kodeks.private_files`)."""
    private_files.create_private(path)


async def migrate(db: aiosqlite.Connection, path: Path) -> None:
    """Run the migrations the file has not had yet, then add missing columns; a newer schema is refused."""
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row is not None else 0  # PRAGMA user_version always answers one row
    if version > SCHEMA_VERSION:
        raise KodeksError(
            f"query log {path} has schema v{version}, newer than this kodeks knows (v{SCHEMA_VERSION}); upgrade kodeks"
        )
    for number, sql in enumerate(MIGRATIONS[version:], start=version + 1):
        await db.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
    await add_columns(db)


# Nullable columns added by checking the table rather than as numbered migrations, so they merge with
# schema versions added elsewhere (idempotent): the asking officer's jurisdiction; what search added to
# the question (thesaurus, derivation, variants, Claude's rewrite — JSON [{source, matched, adds}]) and
# whether it judged the loaded laws may not cover it (issue 11), so an admin labelling the export sees why;
# the kinds of law the question was about that no loaded law is (issue 22: JSON ["zakon o radu", …]), so an
# admin sees which law officers need next.
# missing: JSON statuses of the articles asked for that are not there to serve ("deleted", "repealed", "not_found")
ADDED_COLUMNS = {
    "jurisdiction": "TEXT",
    "expansions": "TEXT",
    "weak": "INTEGER",
    "not_loaded": "TEXT",
    "missing_statuses": "TEXT",
}


async def add_columns(db: aiosqlite.Connection) -> None:
    async with db.execute("PRAGMA table_info(queries)") as cur:
        columns = {row[1] for row in await cur.fetchall()}
    missing = [(name, kind) for name, kind in ADDED_COLUMNS.items() if name not in columns]
    for name, kind in missing:
        await db.execute(f"ALTER TABLE queries ADD COLUMN {name} {kind}")
    if missing:
        await db.commit()
