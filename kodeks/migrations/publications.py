"""The published index generations in PostgreSQL (KODEKS_DATABASE_URL): what `kodeks ingest` publishes once and
every replica fetches (retrieval/index/publishing.py; docs/operations.md §9).

There is no SQLite file for this: on one machine the data dir's own `index/` is the publication. The schema is
registered as a store of its own ("index_publications") so the database records its steps like the others'.
"""

from __future__ import annotations

from kodeks.migrations.engine import Migration, Schema

_TABLES = """
CREATE TABLE IF NOT EXISTS index_publications (
    generation TEXT PRIMARY KEY,          -- gen-000008-3fa2c1, as in the publisher's index/
    number INTEGER NOT NULL,              -- its number (the newest published is the highest)
    manifest TEXT NOT NULL,               -- its generation.json
    files TEXT NOT NULL,                  -- JSON: [{"path", "size", "sha256"}] of every file of the folder
    total_bytes BIGINT NOT NULL,
    complete INTEGER NOT NULL DEFAULT 0,  -- 1 once every chunk is in (set in the same transaction)
    published_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS index_publication_chunks (
    generation TEXT NOT NULL REFERENCES index_publications (generation) ON DELETE CASCADE,
    path TEXT NOT NULL,
    seq INTEGER NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (generation, path, seq)
);
CREATE TABLE IF NOT EXISTS index_published (
    id INTEGER PRIMARY KEY CHECK (id = 1),  -- one row: the generation every replica serves
    generation TEXT NOT NULL REFERENCES index_publications (generation),
    published_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS index_replicas (
    replica TEXT PRIMARY KEY,           -- host name and data dir (hashed): one row per serving process's data dir
    served TEXT,                        -- the generation it serves
    failed TEXT,                        -- a published generation it could not fetch or open (NULL: none)
    error TEXT,                         -- why (one line, no secrets)
    checked_at TEXT NOT NULL            -- UTC, its last check
);
"""

INDEX_PUBLICATIONS = Schema(
    file="index_publications.db",  # never a file: the store's name in schema_migrations
    what="the published index generations",
    migrations=(Migration(1, "index_publications", _TABLES),),
)
