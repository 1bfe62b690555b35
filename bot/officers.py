"""Each officer's jurisdiction: whose law they are answered from.

Where an officer serves decides which criminal code applies to them, so it is part of the access data,
not of any one question: admins set it in KODEKS_USER_JURISDICTIONS (`424242:RS,515151:FBiH`) or with
`/nadleznost ID CODE` in the bot; an officer the admins have not placed may choose it once with
`/nadleznost` (inline buttons); everyone else gets KODEKS_DEFAULT_JURISDICTION. Which wins:

    set by an admin in the bot  >  KODEKS_USER_JURISDICTIONS  >  chosen by the officer  >  the default

Choices made in the bot live in a small SQLite file of their own (`$KODEKS_DATA_DIR/officers.sqlite3`), or
with KODEKS_DATABASE_URL in the same table in PostgreSQL (what one replica sets, every replica answers by),
keyed by the same salted hash of the user id as the query log, so the table names no one. Lookups are one
indexed row, on a worker thread (`kodeks.statedb`: a short connection per call to the file, one kept
connection to the database).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from kodeks.errors import KodeksError, UnknownJurisdiction
from kodeks.migrations import OFFICERS
from kodeks.settings import Settings
from kodeks.statedb import SqliteDb, StateDb, state_db
from retrieval import jurisdictions
from retrieval.jurisdictions import Scope

if TYPE_CHECKING:
    from bot.state import Context

FILE_NAME = "officers.sqlite3"

Source = Literal["admin", "settings", "self", "default", "none"]


# One officer's jurisdiction, set or replaced (also written by bot/enrolment/store.py when an admin enrols someone).
UPSERT_JURISDICTION = (
    "INSERT INTO officers (user_hash, jurisdiction, set_by, ts) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (user_hash) DO UPDATE SET jurisdiction = excluded.jurisdiction, "
    "set_by = excluded.set_by, ts = excluded.ts"
)


@dataclass(frozen=True)
class OfficerJurisdiction:
    """An officer's jurisdiction and where it came from."""

    code: str | None
    source: Source

    @property
    def chosen(self) -> bool:
        """Set for this officer (by an admin or by themselves): the officer cannot change it any more."""
        return self.source in ("admin", "settings", "self")

    def scope(self) -> Scope | None:
        return jurisdictions.scope_of(self.code) if self.code else None


def _canonical_or_fail(code: str, what: str) -> str:
    try:
        return jurisdictions.canonical(code)
    except UnknownJurisdiction:
        raise KodeksError(f"{what}: unknown jurisdiction {code!r}; known: {jurisdictions.known_codes()}") from None


class Officers:
    """Jurisdictions of officers: settings plus what was chosen in the bot."""

    def __init__(
        self,
        path: Path | StateDb,
        hasher: Callable[[int], str],
        configured: dict[int, str] | None = None,
        default: str | None = None,
    ) -> None:
        self.db: StateDb = SqliteDb(path, OFFICERS) if isinstance(path, Path) else path  # the file, or the database
        self._hash = hasher
        self.configured = {
            uid: _canonical_or_fail(code, f"KODEKS_USER_JURISDICTIONS ({uid})")
            for uid, code in (configured or {}).items()
        }
        self.default = _canonical_or_fail(default, "KODEKS_DEFAULT_JURISDICTION") if default else None
        self._lock = asyncio.Lock()

    @classmethod
    def from_settings(cls, settings: Settings, hasher: Callable[[int], str]) -> Officers:
        """Fails with one clear line (KodeksError) on an unknown code in the settings."""
        url = settings.database_url.get_secret_value() if settings.database_url else None
        return cls(
            state_db(OFFICERS, settings.data_dir, url),
            hasher,
            settings.user_jurisdictions,
            settings.default_jurisdiction,
        )

    def _read(self, user_hash: str) -> tuple[str, str] | None:
        if not self.db.exists():
            return None
        rows = self.db.fetch("SELECT jurisdiction, set_by FROM officers WHERE user_hash = ?", (user_hash,))
        return (rows[0][0], rows[0][1]) if rows else None

    async def _stored(self, user_id: int) -> tuple[str, str] | None:
        return await asyncio.to_thread(self._read, self._hash(user_id))

    async def get(self, user_id: int) -> OfficerJurisdiction:
        stored = await self._stored(user_id)
        if stored and stored[1] == "admin":
            return OfficerJurisdiction(stored[0], "admin")
        if user_id in self.configured:
            return OfficerJurisdiction(self.configured[user_id], "settings")
        if stored:
            return OfficerJurisdiction(stored[0], "self")
        if self.default:
            return OfficerJurisdiction(self.default, "default")
        return OfficerJurisdiction(None, "none")

    async def scope(self, user_id: int) -> Scope | None:
        """The jurisdictions an officer's search covers (None: no jurisdiction anywhere — search everything)."""
        return (await self.get(user_id)).scope()

    async def choose(self, user_id: int, code: str) -> bool:
        """The officer's own choice: stored only if nothing was set for them yet (once). Returns whether it was."""
        code = jurisdictions.canonical(code)
        async with self._lock:
            if (await self.get(user_id)).chosen:
                return False
            await self._write(user_id, code, "self")
        return True

    async def assign(self, user_id: int, code: str) -> None:
        """An admin's decision: replaces whatever was chosen or configured."""
        code = jurisdictions.canonical(code)
        async with self._lock:
            await self._write(user_id, code, "admin")

    async def clear(self, user_id: int) -> bool:
        """Forget what was set in the bot (the settings and the default apply again)."""
        if not self.db.exists():
            return False
        async with self._lock:
            return await asyncio.to_thread(self._delete, self._hash(user_id))

    def _delete(self, user_hash: str) -> bool:
        with self.db.transaction() as con:
            return con.execute("DELETE FROM officers WHERE user_hash = ?", (user_hash,)).rowcount > 0

    async def _write(self, user_id: int, code: str, by: str) -> None:
        ts = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
        await asyncio.to_thread(self._upsert, self._hash(user_id), code, by, ts)

    def _upsert(self, user_hash: str, code: str, by: str, ts: str) -> None:
        with self.db.transaction() as con:
            con.execute(UPSERT_JURISDICTION, (user_hash, code, by, ts))


def choices(in_index: Iterable[str]) -> list[str]:
    """What `/nadleznost` offers: the four main jurisdictions, then cantons the index has laws of."""
    present = {jurisdictions.find(c) for c in in_index}
    cantons = [code for code, j in jurisdictions.JURISDICTIONS.items() if j.level == "canton" and code in present]
    return [*jurisdictions.MAIN, *cantons]


async def scope_for(context: Context, user_id: int) -> Scope | None:
    """The officer's search scope from the bot's shared data (None when jurisdictions are not in use)."""
    officers = context.bot_data.officers
    return await officers.scope(user_id) if officers else None
