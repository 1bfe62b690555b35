"""`rewrites.sqlite3`: Claude's query rewrites cached by the folded question (`kodeks.answering.rewrite`).

Its table was `CREATE TABLE IF NOT EXISTS` run at every open before migrations were recorded; an older file
is adopted by the table.
"""

from __future__ import annotations

from kodeks.migrations.engine import Migration, Schema, has_tables

REWRITES = Schema(
    file="rewrites.sqlite3",
    what="the rewrite cache",
    migrations=(
        Migration(
            1,
            "rewrites",
            "CREATE TABLE IF NOT EXISTS rewrites (key TEXT PRIMARY KEY, model TEXT, prompt TEXT, "
            "normalized TEXT, rewrite TEXT NOT NULL, created REAL);",
            present=has_tables("rewrites"),
            postgres="CREATE TABLE IF NOT EXISTS rewrites (key TEXT PRIMARY KEY, model TEXT, prompt TEXT, "
            "normalized TEXT, rewrite TEXT NOT NULL, created DOUBLE PRECISION);",
        ),
    ),
)
