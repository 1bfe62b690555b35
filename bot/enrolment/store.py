"""Enrolled officers, enrolment requests, invite links and the audit trail, in `officers.sqlite3` (or, with
KODEKS_DATABASE_URL, the same tables in PostgreSQL: every replica reads and writes one roster).

The same file as the officers' jurisdictions (`bot.officers`), keyed by the same salted hash of the Telegram id,
so a row names no one by id (unless KODEKS_HASH_USER_IDS=false, when the id is kept too). What is kept to show
admins who is who: the name and @username the officer had when enrolled (Telegram shows no name for a hash).

    enrolled   who may use the bot, since when, by whom, from where (settings / request / invite / cli); a revoked
               row keeps its history (`revoked_at`) — never deleted, so the audit can name it
    requests   a stranger's /start waiting for an admin: raw id (to answer them), name, @username; deleted when
               decided (a rejected one keeps only its hash until it expires: no new request till then)
    invites    invite links: only a hash of the code, uses left, expiry, the jurisdiction it gives
    audit      every change: when, who (the admin, `settings`, `cli:<user>`), what, to whom

The tables and their columns are the file's migrations (`kodeks/migrations/officers.py`), applied at first open.

Synchronous on purpose: the command line uses it directly, the bot through `asyncio.to_thread`. The engine is
`kodeks.statedb`'s seam: on SQLite every call opens its own short connection (WAL), so the CLI and a running bot
can both write; on PostgreSQL writers are serialised by an advisory lock as BEGIN IMMEDIATE serialises them in
the file. The SQL is one text for both engines.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from bot.ids import ascii_int
from bot.officers import UPSERT_JURISDICTION
from kodeks.migrations import OFFICERS
from kodeks.statedb import Connection, Row, SqliteDb, StateDb, state_db

FILE_NAME = "officers.sqlite3"
TS = "%Y-%m-%d %H:%M:%S"
INVITE_ID_CHARS = 8  # an invite's id ("Oznaka" in /pozivnice): the first characters of its stored hash


def invite_id(code_hash: str) -> str:
    """What admins see and type ("Oznaka"): the start of the stored hash — the code itself is never kept."""
    return code_hash[:INVITE_ID_CHARS]


# What `enrol` did: a new officer, a removed one enrolled again (unblocked), one already enrolled, or (with
# keep_removed) a removed one left removed.
Outcome = Literal["enrolled", "re-enrolled", "already", "removed"]


def now_ts(now: datetime | None = None) -> str:
    return (now or datetime.now(UTC)).strftime(TS)


@dataclass(frozen=True)
class Officer:
    user_hash: str
    user_id: int | None
    name: str | None
    username: str | None
    role: str
    source: str
    enrolled_by: str
    since: str
    revoked_at: str | None
    jurisdiction: str | None = None
    revoked_by: str | None = None

    @property
    def display(self) -> str:
        parts = [self.name or "", f"@{self.username}" if self.username else ""]
        return " ".join(p for p in parts if p) or self.key

    @property
    def key(self) -> str:
        """What names this officer on the command line: the Telegram id where kept, else `#` and the start
        of its hash (ids are stored hashed by default)."""
        return str(self.user_id) if self.user_id else f"#{self.user_hash[:10]}"


@dataclass(frozen=True)
class Request:
    user_hash: str
    token: str
    user_id: int | None
    name: str | None
    username: str | None
    status: str
    notices: list[list[int]]
    created: str
    expires: str


@dataclass(frozen=True)
class Invite:
    code_hash: str
    uses_left: int
    uses: int
    expires: str
    jurisdiction: str | None
    created_by: str
    created: str

    @property
    def id(self) -> str:
        """What admins see and type ("Oznaka")."""
        return invite_id(self.code_hash)


@dataclass(frozen=True)
class InviteUse:
    """What opening an invite did: 'enrolled', 'removed' (blocked: `officer` is their removed row) or 'invalid'."""

    status: Literal["enrolled", "removed", "invalid"]
    invite: Invite | None
    officer: Officer | None


def display_of(name: str | None, username: str | None) -> str:
    return " ".join(p for p in (name or "", f"@{username}" if username else "") if p) or "?"


def officers_db(data_dir: Path, database_url: str | None) -> StateDb:
    """Where officers and enrolment live: KODEKS_DATABASE_URL when set, else `officers.sqlite3`."""
    return state_db(OFFICERS, data_dir, database_url)


class EnrolmentStore:
    """Officers' enrolment in officers.sqlite3 or the database. `hasher` is the query log's (same salt, same hash)."""

    def __init__(
        self,
        path: Path | StateDb,
        hasher: Callable[[int], str],
        keep_ids: bool = False,
        audit_days: int | None = None,
    ) -> None:
        # a Path: that SQLite file; else the database `state_db` chose (KODEKS_DATABASE_URL: shared by replicas)
        self.db: StateDb = SqliteDb(path, OFFICERS) if isinstance(path, Path) else path
        self.path: Path | None = self.db.path if isinstance(self.db, SqliteDb) else None  # None: a database
        self.hash = hasher
        self.keep_ids = keep_ids  # KODEKS_HASH_USER_IDS=false: the raw id is stored too
        self.audit_days = audit_days

    @contextmanager
    def _db(self) -> Iterator[Connection]:
        with self.db.reading() as con:
            yield con

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        """One write transaction (writers serialised); it bumps the roster's version, which tells every other
        process reading this database (a replica) that who is enrolled may have changed."""
        with self.db.transaction() as con:
            yield con
            con.execute("UPDATE roster_version SET version = version + 1 WHERE id = 1")

    def version(self) -> int:
        """The roster's version: changes with every write transaction (`bot.enrolment.roster` watches it)."""
        rows = self.db.fetch("SELECT version FROM roster_version WHERE id = 1")
        return int(rows[0][0]) if rows else 0

    @staticmethod
    def _audit(
        con: Connection,
        actor: str,
        action: str,
        target: str | None,
        detail: str | None = None,
        now: datetime | None = None,
    ) -> None:
        con.execute(
            "INSERT INTO audit (ts, actor, action, target, detail) VALUES (?, ?, ?, ?, ?)",
            (now_ts(now), actor, action, target, detail),
        )

    # --- who is enrolled --------------------------------------------------------------------------

    def active_hashes(self) -> frozenset[str]:
        """Every enrolled officer's hash — what the gate admits (admin rights come from KODEKS_ADMINS)."""
        rows = self.db.fetch("SELECT user_hash FROM enrolled WHERE revoked_at IS NULL")
        return frozenset(r[0] for r in rows)

    def sync_settings(self, allowed: Iterable[int], admins: Iterable[int], now: datetime | None = None) -> None:
        """KODEKS_ALLOWED_USERS / KODEKS_ADMINS seed the table: ids not seen yet are enrolled ('settings');
        officers enrolled from the settings and no longer in them are revoked. An officer an admin revoked stays
        revoked even if still listed (`kodeks officers add` brings them back)."""
        admins = set(admins)
        wanted = {self.hash(uid): (uid, "admin" if uid in admins else "officer") for uid in set(allowed) | admins}
        with self._tx() as con:
            rows = {
                r["user_hash"]: r
                for r in con.execute("SELECT user_hash, source, role, revoked_at, revoked_by FROM enrolled")
            }
            for user_hash, (uid, role) in wanted.items():
                row = rows.get(user_hash)
                if row is not None and row["revoked_at"] is not None and row["revoked_by"] == "settings":
                    con.execute("DELETE FROM enrolled WHERE user_hash = ?", (user_hash,))  # listed again: back in
                    row = None
                if row is None:
                    con.execute(
                        "INSERT INTO enrolled (user_hash, user_id, role, source, enrolled_by, since) "
                        "VALUES (?, ?, ?, 'settings', ?, ?)",
                        (
                            user_hash,
                            uid if self.keep_ids else None,
                            role,
                            "KODEKS_ADMINS" if role == "admin" else "KODEKS_ALLOWED_USERS",
                            now_ts(now),
                        ),
                    )
                    self._audit(con, "settings", "enrol", user_hash, role, now)
                elif row["role"] != role and row["revoked_at"] is None:
                    con.execute("UPDATE enrolled SET role = ? WHERE user_hash = ?", (role, user_hash))
                    self._audit(con, "settings", "role", user_hash, role, now)
            for user_hash, row in rows.items():
                if row["source"] == "settings" and row["revoked_at"] is None and user_hash not in wanted:
                    con.execute(
                        "UPDATE enrolled SET revoked_at = ?, revoked_by = 'settings' WHERE user_hash = ?",
                        (now_ts(now), user_hash),
                    )
                    self._audit(con, "settings", "revoke", user_hash, "no longer in the settings", now)
            self._purge(con, now)

    def enrol(
        self,
        user_id: int,
        *,
        name: str | None,
        username: str | None,
        source: str,
        by: str,
        jurisdiction: str | None = None,
        keep_removed: bool = False,
        now: datetime | None = None,
    ) -> Outcome:
        """Enrol an officer; with `jurisdiction`, set it as an admin would. A removed officer is enrolled again
        (unblocked: an admin's decision) — unless `keep_removed`, when nothing is written ('removed')."""
        with self._tx() as con:
            return self._enrol(
                con,
                user_id,
                name=name,
                username=username,
                source=source,
                by=by,
                jurisdiction=jurisdiction,
                keep_removed=keep_removed,
                now=now,
            )

    def _enrol(
        self,
        con: Connection,
        user_id: int,
        *,
        name: str | None,
        username: str | None,
        source: str,
        by: str,
        jurisdiction: str | None,
        keep_removed: bool,
        now: datetime | None,
    ) -> Outcome:
        user_hash = self.hash(user_id)
        username = username.lower().lstrip("@") if username else None
        row = con.execute("SELECT revoked_at FROM enrolled WHERE user_hash = ?", (user_hash,)).fetchone()
        if row is not None and row[0] is not None and keep_removed:
            return "removed"
        if row is not None and row[0] is None:
            outcome: Outcome = "already"
            if name or username:
                con.execute(
                    "UPDATE enrolled SET name = COALESCE(?, name), username = COALESCE(?, username) "
                    "WHERE user_hash = ?",
                    (name, username, user_hash),
                )
        else:
            con.execute(
                "INSERT INTO enrolled (user_hash, user_id, name, username, source, enrolled_by, since) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_hash) DO UPDATE SET user_id = excluded.user_id, "
                "name = excluded.name, username = excluded.username, source = excluded.source, "
                "enrolled_by = excluded.enrolled_by, since = excluded.since, revoked_at = NULL, revoked_by = NULL",
                (user_hash, user_id if self.keep_ids else None, name, username, source, by, now_ts(now)),
            )
            outcome = "enrolled" if row is None else "re-enrolled"
            self._audit(
                con,
                by,
                "enrol" if row is None else "re-enrol",
                f"{user_hash} {display_of(name, username)}",
                source,
                now,
            )
        if jurisdiction:
            con.execute(UPSERT_JURISDICTION, (user_hash, jurisdiction, "admin", now_ts(now)))
            self._audit(con, by, "jurisdiction", user_hash, jurisdiction, now)
        con.execute("DELETE FROM requests WHERE user_hash = ?", (user_hash,))
        return outcome

    def removed(self, user_id: int) -> Officer | None:
        """The officer's row if they were removed (by /ukloni, `kodeks officers remove` or the settings) and not
        enrolled again since: such an id is blocked from every invite until an admin re-adds them."""
        with self._db() as con:
            row = con.execute(
                self._SELECT + " WHERE e.user_hash = ? AND e.revoked_at IS NOT NULL", (self.hash(user_id),)
            ).fetchone()
        return _officer(row) if row else None

    def revoke(self, officer: Officer, by: str, now: datetime | None = None) -> None:
        """Revoke an enrolled officer; their jurisdiction choice goes with it (set again if they come back)."""
        with self._tx() as con:
            con.execute(
                "UPDATE enrolled SET revoked_at = ?, revoked_by = ? WHERE user_hash = ? AND revoked_at IS NULL",
                (now_ts(now), by, officer.user_hash),
            )
            con.execute("DELETE FROM officers WHERE user_hash = ?", (officer.user_hash,))
            self._audit(con, by, "revoke", f"{officer.user_hash} {officer.display}", None, now)

    def find(self, who: str | int) -> Officer | None:
        """An enrolled (not revoked) officer by Telegram id or @username."""
        with self._db() as con:
            uid = who if isinstance(who, int) else ascii_int(str(who))
            if uid is not None:
                row = con.execute(
                    self._SELECT + " WHERE e.user_hash = ? AND e.revoked_at IS NULL", (self.hash(uid),)
                ).fetchone()
            else:
                row = con.execute(
                    self._SELECT + " WHERE e.username = ? AND e.revoked_at IS NULL ORDER BY e.since DESC",
                    (str(who).lower().lstrip("@"),),
                ).fetchone()
        return _officer(row) if row else None

    def matching(self, who: str) -> list[Officer]:
        """The enrolled officers `who` names, for an admin's command line: a Telegram id, @username, the
        `#` and start of the stored hash `kodeks officers list` shows, or the name (case-insensitive, whole).
        More than one match is the caller's to report: a removal must name one officer."""
        who = who.strip()
        if who.startswith("#") and len(who) >= 7:
            prefix = who[1:].lower()
            return [o for o in self.officers() if o.user_hash.lower().startswith(prefix)]
        if who.startswith("@") or ascii_int(who) is not None:
            found = self.find(who)
            return [found] if found else []
        wanted = " ".join(who.casefold().split())
        return [
            o
            for o in self.officers()
            if (o.name and " ".join(o.name.casefold().split()) == wanted) or (o.username or "") == wanted
        ]

    _SELECT = (
        "SELECT e.*, o.jurisdiction AS jurisdiction FROM enrolled e LEFT JOIN officers o ON o.user_hash = e.user_hash"
    )

    def officers(self, *, include_revoked: bool = False, offset: int = 0, limit: int | None = None) -> list[Officer]:
        where = "" if include_revoked else " WHERE e.revoked_at IS NULL"
        sql = self._SELECT + where + " ORDER BY e.role DESC, e.since, e.user_hash"
        if limit is not None:
            sql += f" LIMIT {int(limit)} OFFSET {int(offset)}"
        with self._db() as con:
            return [_officer(r) for r in con.execute(sql).fetchall()]

    def count(self) -> int:
        with self._db() as con:
            return int(con.execute("SELECT COUNT(*) FROM enrolled WHERE revoked_at IS NULL").fetchone()[0])

    def audit_rows(self, limit: int = 100) -> list[dict[str, Any]]:
        with self._db() as con:
            return [dict(r) for r in con.execute("SELECT * FROM audit ORDER BY id DESC LIMIT ?", (limit,))]

    # --- requests ---------------------------------------------------------------------------------

    def request(
        self,
        user_id: int,
        name: str | None,
        username: str | None,
        *,
        hours: int,
        per_hour: int,
        max_pending: int,
        now: datetime | None = None,
    ) -> tuple[str, Request | None]:
        """A stranger's /start: ('new', request) to send to the admins, ('pending' | 'rejected', None) when one is
        already waiting or was turned down (until it expires), ('busy', None) past the hourly or pending limit."""
        now = now or datetime.now(UTC)
        user_hash = self.hash(user_id)
        with self._tx() as con:
            self._purge(con, now)
            row = con.execute("SELECT status FROM requests WHERE user_hash = ?", (user_hash,)).fetchone()
            if row is not None:
                return row[0], None
            recent = con.execute(
                "SELECT COUNT(*) FROM requests WHERE created >= ?", (now_ts(now - timedelta(hours=1)),)
            ).fetchone()[0]
            pending = con.execute("SELECT COUNT(*) FROM requests WHERE status = 'pending'").fetchone()[0]
            if recent >= per_hour or pending >= max_pending:
                return "busy", None
            token = secrets.token_urlsafe(9)
            username = username.lower().lstrip("@") if username else None
            con.execute(
                "INSERT INTO requests (user_hash, token, user_id, name, username, created, expires) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (user_hash, token, user_id, name, username, now_ts(now), now_ts(now + timedelta(hours=hours))),
            )
            self._audit(con, display_of(name, username), "request", user_hash, None, now)
        return "new", Request(
            user_hash, token, user_id, name, username, "pending", [], now_ts(now), now_ts(now + timedelta(hours=hours))
        )

    def set_notices(self, token: str, notices: list[tuple[int, int]]) -> None:
        with self._tx() as con:
            con.execute("UPDATE requests SET notices = ? WHERE token = ?", (json.dumps(notices), token))

    def pending(self, token: str, now: datetime | None = None) -> Request | None:
        """A request still waiting for a decision (None: decided, expired or never made)."""
        with self._db() as con:
            row = con.execute(
                "SELECT * FROM requests WHERE token = ? AND status = 'pending' AND expires > ?", (token, now_ts(now))
            ).fetchone()
        return _request(row) if row else None

    def reject(self, request: Request, by: str, now: datetime | None = None) -> bool:
        """Turn a request down: its name and id are forgotten; the hash stays (no new request) until it expires."""
        with self._tx() as con:
            cur = con.execute(
                "UPDATE requests SET status = 'rejected', user_id = NULL, name = NULL, username = NULL, "
                "notices = NULL WHERE token = ? AND status = 'pending'",
                (request.token,),
            )
            if cur.rowcount:
                self._audit(
                    con, by, "reject", f"{request.user_hash} {display_of(request.name, request.username)}", None, now
                )
            return cur.rowcount > 0

    # --- invites ----------------------------------------------------------------------------------

    def add_invite(
        self,
        code_hash: str,
        *,
        uses: int,
        expires: datetime,
        jurisdiction: str | None,
        by: str,
        now: datetime | None = None,
    ) -> None:
        with self._tx() as con:
            con.execute(
                "INSERT INTO invites (code_hash, uses_left, uses, expires, jurisdiction, created_by, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code_hash, uses, uses, now_ts(expires), jurisdiction, by, now_ts(now)),
            )
            self._audit(
                con,
                by,
                "invite",
                code_hash[:12],
                f"{uses} use(s) until {now_ts(expires)}, jurisdiction {jurisdiction or '-'}",
                now,
            )

    def enrol_by_invite(
        self, code_hash: str, user_id: int, *, name: str | None, username: str | None, now: datetime | None = None
    ) -> InviteUse:
        """Enrol through an invite, in one transaction: 'invalid' (unknown, used up, expired), 'removed' (the
        person was removed: nothing is taken or written — revocation wins over every invite), or 'enrolled'
        (one use taken, the officer enrolled with the invite's jurisdiction). N uses are N enrolments."""
        with self._tx() as con:
            invite = _invite(
                con.execute(
                    "SELECT * FROM invites WHERE code_hash = ? AND uses_left > 0 AND expires > ?",
                    (code_hash, now_ts(now)),
                ).fetchone()
            )
            if invite is None:
                return InviteUse("invalid", None, None)
            row = con.execute(
                self._SELECT + " WHERE e.user_hash = ? AND e.revoked_at IS NOT NULL", (self.hash(user_id),)
            ).fetchone()
            if row is not None:
                self._audit(
                    con, "invite", "invite_blocked", f"{row['user_hash']} {display_of(name, username)}", invite.id, now
                )
                return InviteUse("removed", invite, _officer(row))
            con.execute("UPDATE invites SET uses_left = uses_left - 1 WHERE code_hash = ?", (code_hash,))
            invite = Invite(
                invite.code_hash,
                invite.uses_left - 1,
                invite.uses,
                invite.expires,
                invite.jurisdiction,
                invite.created_by,
                invite.created,
            )
            self._enrol(
                con,
                user_id,
                name=name,
                username=username,
                source="invite",
                by=invite.created_by or "invite",
                jurisdiction=invite.jurisdiction,
                keep_removed=True,
                now=now,
            )
            self._audit(
                con,
                invite.created_by,
                "invite_used",
                f"{self.hash(user_id)} {display_of(name, username)}",
                f"{invite.id}, {invite.uses_left} of {invite.uses} left",
                now,
            )
        return InviteUse("enrolled", invite, None)

    def open_invites(self, now: datetime | None = None) -> list[Invite]:
        """Invites that still enrol someone (uses left, not expired), newest first."""
        with self._db() as con:
            rows = con.execute(
                "SELECT * FROM invites WHERE uses_left > 0 AND expires > ? ORDER BY created DESC, code_hash",
                (now_ts(now),),
            ).fetchall()
        return [i for i in map(_invite, rows) if i is not None]

    def revoke_invite(self, invite_id: str, by: str, now: datetime | None = None) -> Invite | None:
        """Withdraw an open invite by its id (the first 8 characters of its hash): its link enrols no one any
        more. None if no open invite has that id (or, improbably, more than one has)."""
        invite_id = invite_id.strip().lower()
        if len(invite_id) != INVITE_ID_CHARS or not all(c in "0123456789abcdef" for c in invite_id):
            return None
        with self._tx() as con:
            rows = con.execute(
                "SELECT * FROM invites WHERE substr(code_hash, 1, ?) = ? AND uses_left > 0 AND expires > ?",
                (INVITE_ID_CHARS, invite_id, now_ts(now)),
            ).fetchall()
            if len(rows) != 1:
                return None
            invite = _invite(rows[0])
            assert invite is not None
            con.execute("DELETE FROM invites WHERE code_hash = ?", (invite.code_hash,))
            self._audit(con, by, "invite_revoke", invite.id, f"{invite.uses_left} of {invite.uses} use(s) left", now)
        return invite

    # --- retention --------------------------------------------------------------------------------

    def _purge(self, con: Connection, now: datetime | None = None) -> None:
        """Expired requests and invites; audit rows past KODEKS_AUDIT_RETENTION_DAYS."""
        now = now or datetime.now(UTC)
        con.execute("DELETE FROM requests WHERE expires <= ?", (now_ts(now),))
        con.execute("DELETE FROM invites WHERE expires <= ? OR uses_left <= 0", (now_ts(now),))
        if self.audit_days:
            con.execute("DELETE FROM audit WHERE ts < ?", (now_ts(now - timedelta(days=self.audit_days)),))


def _officer(row: Row) -> Officer:
    keys = row.keys()
    return Officer(
        row["user_hash"],
        row["user_id"],
        row["name"],
        row["username"],
        row["role"],
        row["source"],
        row["enrolled_by"],
        row["since"],
        row["revoked_at"],
        row["jurisdiction"] if "jurisdiction" in keys else None,
        row["revoked_by"] if "revoked_by" in keys else None,
    )


def _invite(row: Row | None) -> Invite | None:
    if row is None:
        return None
    return Invite(
        row["code_hash"],
        row["uses_left"],
        row["uses"],
        row["expires"],
        row["jurisdiction"],
        row["created_by"],
        row["created"],
    )


def _request(row: Row) -> Request:
    return Request(
        row["user_hash"],
        row["token"],
        row["user_id"],
        row["name"],
        row["username"],
        row["status"],
        json.loads(row["notices"] or "[]"),
        row["created"],
        row["expires"],
    )
