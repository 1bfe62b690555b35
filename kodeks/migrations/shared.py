"""The state only replicas need in a database (KODEKS_DATABASE_URL): rate-limit counters and officers' threads.

On one machine both live in the bot's memory (`bot.access.RateLimiter`, `bot.threads.ThreadStore`): a restart
forgets them, which is harmless. Replicas behind one webhook must share them — an officer's budget is one
budget whichever replica answers, and a follow-up answered by another replica must find its thread — so with
KODEKS_DATABASE_URL they are these tables. No SQLite file is ever made from this schema (`kodeks migrate` runs
it on the database only). Ids are hashed with the query log's salt, as everywhere.
"""

from __future__ import annotations

from kodeks.migrations.engine import Migration, Schema

SHARED = Schema(
    file="shared.sqlite3",  # never a file: its name only gives the store's name ("shared") in schema_migrations
    what="the replicas' shared state",
    migrations=(
        Migration(
            1,
            "rate_limits",
            """
CREATE TABLE IF NOT EXISTS rate_limits (
    key TEXT PRIMARY KEY,             -- the officer's salted hash (or the limiter's own key, hashed)
    window_start BIGINT NOT NULL,     -- the fixed window's start, in seconds since the epoch (server clock)
    hits INTEGER NOT NULL             -- requests counted in that window (past the limit too: refused ones)
);
""",
        ),
        Migration(
            2,
            "threads",
            """
CREATE TABLE IF NOT EXISTS threads (
    key TEXT PRIMARY KEY,             -- hash of the chat id and hash of the user id: one officer's own thread
    touched DOUBLE PRECISION NOT NULL, -- seconds since the epoch of the last exchange (expired when read)
    thread TEXT NOT NULL              -- the thread as JSON (kodeks.answering.conversation.Thread)
);
CREATE INDEX IF NOT EXISTS threads_touched ON threads(touched);
""",
        ),
    ),
)
