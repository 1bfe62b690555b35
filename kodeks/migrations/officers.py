"""`officers.sqlite3`: each officer's jurisdiction (`bot.officers`) and their enrolment (`bot.enrolment.store`).

Both tables' statements were `CREATE … IF NOT EXISTS` run at every open before migrations were recorded; they
stay so, and an older file is adopted by the tables it has (one made before enrolment existed has only
`officers`: step 2 then runs).
"""

from __future__ import annotations

from kodeks.migrations.engine import Migration, Schema, has_tables

OFFICERS = Schema(
    file="officers.sqlite3",
    what="the officers file",
    migrations=(
        Migration(
            1,
            "jurisdictions",
            """
CREATE TABLE IF NOT EXISTS officers (
    user_hash TEXT PRIMARY KEY,       -- salted sha256 of the Telegram user id, as in the query log
    jurisdiction TEXT NOT NULL,       -- a code of retrieval/jurisdictions.py
    set_by TEXT NOT NULL CHECK (set_by IN ('self', 'admin')),
    ts TEXT NOT NULL                  -- UTC
);
""",
            present=has_tables("officers"),
        ),
        # enrolled: who may use the bot (a revoked row keeps its history); requests: a stranger's /start waiting
        # for an admin; invites: invite links (a hash of the code only); audit: every change
        Migration(
            2,
            "enrolment",
            """
CREATE TABLE IF NOT EXISTS enrolled (
    user_hash TEXT PRIMARY KEY,       -- salted sha256 of the Telegram id, as everywhere
    user_id INTEGER,                  -- only with KODEKS_HASH_USER_IDS=false
    name TEXT,                        -- as Telegram showed it at enrolment (for admins' lists)
    username TEXT,                    -- @username at enrolment, lower case, without @
    role TEXT NOT NULL DEFAULT 'officer' CHECK (role IN ('officer', 'admin')),
    source TEXT NOT NULL,             -- settings | request | invite | cli | import
    enrolled_by TEXT NOT NULL,        -- who let them in: an admin's name, 'KODEKS_ALLOWED_USERS', 'cli:<user>'
    since TEXT NOT NULL,              -- UTC
    revoked_at TEXT,                  -- NULL while enrolled
    revoked_by TEXT
);
CREATE INDEX IF NOT EXISTS enrolled_username ON enrolled(username);
CREATE TABLE IF NOT EXISTS requests (
    user_hash TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,       -- what the admins' buttons carry (never the id)
    user_id INTEGER,                  -- raw: to tell them the decision; NULL once decided
    name TEXT,
    username TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected')),
    notices TEXT,                     -- JSON [[chat_id, message_id]] of the admins' copies, to update them
    created TEXT NOT NULL,
    expires TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS invites (
    code_hash TEXT PRIMARY KEY,       -- salted sha256 of the code; the code itself is only in the link
    uses_left INTEGER NOT NULL,
    uses INTEGER NOT NULL,
    expires TEXT NOT NULL,
    jurisdiction TEXT,
    created_by TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY,
    ts TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,             -- enrol | re-enrol | revoke | request | reject | invite | invite_used |
                                      -- invite_blocked | invite_revoke | jurisdiction | role
    target TEXT,                      -- the officer's hash and name, or an invite
    detail TEXT
);
CREATE INDEX IF NOT EXISTS audit_ts ON audit(ts);
""",
            present=has_tables("enrolled", "requests", "invites", "audit"),
        ),
    ),
)
