"""What differs between the two engines the migrations run on: each step's text, parameter marks, the record.

    SQLite       a step's `sql`; `?` marks; PRAGMA user_version (file header) + the file's schema_migrations
    PostgreSQL   a step's `postgres` when it has one, else its `sql`; `%s` marks; schema_migrations alone, one
                 table for every store of the database (its `store` column: "queries", "officers", "rewrites")

A step's SQL is written for SQLite first and given PostgreSQL's text only where that engine cannot run it
(`INTEGER PRIMARY KEY` row ids, 64-bit Telegram ids, REAL as double precision, json_each and `->>`), so the two
lists are one list: the same numbers, names and order (tests/test_postgres.py checks both run).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kodeks.migrations.engine import Migration
from kodeks.postgres import to_pyformat


@dataclass(frozen=True)
class Dialect:
    """One engine's way with the same migrations; `SQLITE` and `POSTGRESQL` are the two there are."""

    name: Literal["sqlite", "postgresql"]
    header_version: bool  # the applied count is also kept in the file header (SQLite's PRAGMA user_version)

    def text(self, migration: Migration) -> str:
        """The step's SQL for this engine."""
        if self.name == "postgresql" and migration.postgres is not None:
            return migration.postgres
        return migration.sql

    def marks(self, sql: str) -> str:
        """Statement with sqlite3's `?`/`:name` marks → this engine's driver's marks."""
        return to_pyformat(sql) if self.name == "postgresql" else sql


SQLITE = Dialect("sqlite", header_version=True)
POSTGRESQL = Dialect("postgresql", header_version=False)
