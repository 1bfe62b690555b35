"""Replicas' shared state in PostgreSQL (KODEKS_DATABASE_URL), against the real server the tests start
(tests/postgres_server.py): officers and enrolment, invites, audit and jurisdictions; the roster's change signal
across processes; rate-limit counters; threads; the rewrite cache. Behaviour tests run on SQLite too.
"""

from __future__ import annotations

import hashlib
import json
import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.access import Access
from bot.enrolment.handlers import Enrolment
from bot.enrolment.roster import Roster
from bot.enrolment.store import EnrolmentStore, officers_db
from bot.officers import Officers
from kodeks.cli import app
from kodeks.migrations import OFFICERS
from kodeks.settings import load_settings
from kodeks.statedb import PostgresDb, SqliteDb, StateDb

runner = CliRunner()
OFFICER, ADMIN, OTHER = 424242, 9001, 515151


def hashed(uid: int) -> str:
    return hashlib.sha256(f"salt:{uid}".encode()).hexdigest()


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | Path]:
    """Where a store lives: a SQLite file's path, or a fresh PostgreSQL schema's URL."""
    if request.param == "sqlite":
        yield tmp_path / "officers.sqlite3"
    else:
        yield request.getfixturevalue("postgres_url")


def officers_at(where: str | Path) -> StateDb:
    """A new handle on the same store, as another process (replica) would open it."""
    return SqliteDb(where, OFFICERS) if isinstance(where, Path) else PostgresDb(where, OFFICERS)


def store_at(where: str | Path) -> EnrolmentStore:
    return EnrolmentStore(officers_at(where), hashed)


def roster_of(store: EnrolmentStore, where: str | Path) -> Roster:
    """The roster as `Enrolment.build` makes it: the file's stamp, or the database's version on its own handle."""
    if store.path is not None:
        return Roster(store.path, store.active_hashes, hashed)
    return Roster(store_at(where).version, store.active_hashes, hashed)


# --- one behaviour, both engines -------------------------------------------------------------------------------------


def test_enrolment_requests_invites_and_the_audit_behave_alike_on_both_engines(engine: str | Path) -> None:
    store = store_at(engine)
    store.sync_settings([OFFICER], [ADMIN])
    assert store.count() == 2 and store.find(ADMIN).role == "admin"
    assert store.enrol(OTHER, name="Ana Anić", username="@Ana", source="cli", by="cli:t", jurisdiction="RS") == (
        "enrolled"
    )
    assert store.enrol(OTHER, name=None, username=None, source="cli", by="cli:t") == "already"
    ana = store.find("@ana")
    assert ana is not None and ana.jurisdiction == "RS" and ana.user_id is None  # ids hashed
    assert [o.user_hash for o in store.matching("ana anić")] == [hashed(OTHER)]
    assert store.matching(f"#{hashed(OTHER)[:8]}") == [ana]
    store.revoke(ana, "admin")
    assert store.find(OTHER) is None and store.removed(OTHER) is not None
    assert len(store.officers(include_revoked=True)) == 3 and len(store.officers(limit=1)) == 1

    status, request = store.request(77, "Novi", "novi", hours=24, per_hour=5, max_pending=10)
    assert status == "new" and request is not None
    assert store.request(77, "Novi", "novi", hours=24, per_hour=5, max_pending=10) == ("pending", None)
    store.set_notices(request.token, [(ADMIN, 5)])
    assert store.pending(request.token).notices == [[ADMIN, 5]]
    assert store.reject(request, "admin") and not store.reject(request, "admin")
    assert store.request(77, "Novi", "novi", hours=24, per_hour=5, max_pending=10) == ("rejected", None)

    expires = datetime.now(UTC) + timedelta(days=1)
    store.add_invite("ab" * 32, uses=2, expires=expires, jurisdiction="FBiH", by="admin")
    assert store.enrol_by_invite("ab" * 32, 81, name="A", username=None).status == "enrolled"
    assert store.enrol_by_invite("ab" * 32, OTHER, name="Ana", username=None).status == "removed"  # blocked
    used = store.enrol_by_invite("ab" * 32, 82, name="B", username=None)
    assert used.status == "enrolled" and used.invite.uses_left == 0
    assert store.enrol_by_invite("ab" * 32, 83, name="C", username=None).status == "invalid"
    assert store.find(82).jurisdiction == "FBiH"
    store.add_invite("cd" * 32, uses=1, expires=expires, jurisdiction=None, by="admin")
    assert [i.id for i in store.open_invites()] == ["cdcdcdcd"]
    assert store.revoke_invite("cdcdcdcd", "admin") is not None and store.open_invites() == []

    actions = [r["action"] for r in reversed(store.audit_rows())]
    assert actions[:2] == ["enrol", "enrol"] and "invite_blocked" in actions and actions[-1] == "invite_revoke"
    assert store.version() > 10  # every write transaction bumped it


async def test_an_officers_jurisdiction_set_through_one_handle_is_read_through_another(engine: str | Path) -> None:
    one = Officers(officers_at(engine), hashed)
    two = Officers(officers_at(engine), hashed)
    assert (await two.get(OFFICER)).source == "none"
    await one.assign(OFFICER, "rs")
    assert (await two.get(OFFICER)).code == "RS" and (await two.get(OFFICER)).source == "admin"
    assert not await two.choose(OFFICER, "FBiH")  # set by an admin: the officer cannot change it
    assert await two.clear(OFFICER) and (await one.get(OFFICER)).source == "none"


# --- "approved or removed on one replica is approved or removed on all at once" ------------------------------------


def test_approved_or_removed_on_one_replica_is_seen_by_the_other_on_its_very_next_check(engine: str | Path) -> None:
    a, b = store_at(engine), store_at(engine)
    a.sync_settings([], [ADMIN])
    roster_a, roster_b = roster_of(a, engine), roster_of(b, engine)
    assert not roster_b.allows(OFFICER)
    a.enrol(OFFICER, name="Marko", username=None, source="request", by="admin")
    assert roster_b.allows(OFFICER)  # the very next check, no wait
    b.revoke(b.find(OFFICER), "admin")
    assert not roster_a.allows(OFFICER) and not roster_b.allows(OFFICER)
    a.enrol(OFFICER, name="Marko", username=None, source="cli", by="cli:t")
    assert roster_b.allows(OFFICER)


def test_two_bots_built_on_one_database_admit_and_refuse_together(postgres_url: str, tmp_path: Path) -> None:
    """As `kodeks bot` builds its gate on each replica: Enrolment.build + Access."""

    def replica(name: str) -> tuple[Enrolment, Access]:
        settings = load_settings(
            _env_file=None, data_dir=tmp_path / name, database_url=postgres_url, admins=[ADMIN], user_hash_salt="s"
        )
        enrolment = Enrolment.build(settings, lambda uid: hashlib.sha256(f"s{uid}".encode()).hexdigest())
        return enrolment, Access(settings.allowed_users, settings.admins, roster=enrolment.roster)

    (one, gate_one), (two, gate_two) = replica("a"), replica("b")
    assert not gate_two.is_allowed(OFFICER)
    one.store.enrol(OFFICER, name="Marko", username=None, source="invite", by="admin")
    assert gate_two.is_allowed(OFFICER) and gate_one.is_allowed(OFFICER)
    two.store.revoke(two.store.find(OFFICER), "admin")
    assert not gate_one.is_allowed(OFFICER) and not gate_two.is_allowed(OFFICER)
    assert not (tmp_path / "a" / "officers.sqlite3").exists()  # the roster is the database's, no file


def test_an_invites_last_use_is_taken_once_by_two_replicas_at_once(postgres_url: str) -> None:
    a, b = store_at(postgres_url), store_at(postgres_url)
    a.add_invite("ef" * 32, uses=1, expires=datetime.now(UTC) + timedelta(hours=1), jurisdiction=None, by="admin")
    results: list[str] = []
    start = threading.Barrier(2)

    def use(store: EnrolmentStore, uid: int) -> None:
        start.wait()
        results.append(store.enrol_by_invite("ef" * 32, uid, name=None, username=None).status)

    workers = [threading.Thread(target=use, args=(s, uid)) for s, uid in ((a, 1001), (b, 1002))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert sorted(results) == ["enrolled", "invalid"] and a.count() == 1


def test_the_roster_fails_closed_when_the_database_cannot_be_reached(postgres_url: str) -> None:
    store = store_at(postgres_url)
    store.sync_settings([OFFICER], [])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    gone = store_at(f"postgresql://kodeks:s3cret@127.0.0.1:{port}/kodeks")
    roster = Roster(gone.version, store.active_hashes, hashed)
    assert not roster.allows(OFFICER) and roster.failures == 1
    assert Roster(store.version, store.active_hashes, hashed).allows(OFFICER)


def test_kodeks_officers_uses_the_database(postgres_url: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)
    monkeypatch.setenv("KODEKS_USER_HASH_SALT", "s")
    data = tmp_path / "data"

    def run(*args: str):
        return runner.invoke(app, ["officers", *args, "--data-dir", str(data)])

    assert run("list").stdout.strip() == "no officers enrolled"
    added = run("add", str(OFFICER), "--name", "Marko", "--jurisdiction", "RS")
    assert added.exit_code == 0, added.output
    listed = json.loads(run("list", "--json").stdout)
    assert [(o["name"], o["jurisdiction"]) for o in listed] == [("Marko", "RS")]
    settings = load_settings(_env_file=None, data_dir=data, database_url=postgres_url, user_hash_salt="s")
    bot_store = Enrolment.build(settings, lambda uid: "x").store  # what a replica reads
    assert [o.name for o in bot_store.officers()] == ["Marko"]
    assert run("remove", str(OFFICER)).exit_code == 0
    assert json.loads(run("list", "--json").stdout) == []
    assert not (data / "officers.sqlite3").exists()


def test_the_officers_store_is_the_databases_when_the_url_is_set(postgres_url: str, tmp_path: Path) -> None:
    assert isinstance(officers_db(tmp_path, postgres_url), PostgresDb)
    assert isinstance(officers_db(tmp_path, None), SqliteDb)


# --- rate limits: one budget per officer across replicas --------------------------------------------------------------


def test_two_limiters_on_one_database_share_each_officers_budget(postgres_url: str) -> None:
    from bot.shared_limits import SharedRateLimiter

    a, b = SharedRateLimiter.open(postgres_url, hashed, 3), SharedRateLimiter.open(postgres_url, hashed, 3)
    assert [a.check(OFFICER).allowed, b.check(OFFICER).allowed, a.check(OFFICER).allowed] == [True, True, True]
    refused = b.check(OFFICER)
    assert not refused.allowed and refused.warn and 1 <= refused.retry_in <= 60
    again = a.check(OFFICER)
    assert not again.allowed and not again.warn  # told once a window, by whichever replica
    assert b.check(OTHER).allowed  # another officer's own budget
    with PostgresDb(postgres_url, OFFICERS).reading() as con:
        keys = [r[0] for r in con.execute("SELECT key FROM rate_limits ORDER BY key")]
        assert sorted(keys) == sorted([hashed(OFFICER), hashed(OTHER)])  # hashed, never the id
        con.execute("UPDATE rate_limits SET window_start = window_start - 60")  # the window has passed
    assert b.check(OFFICER).allowed


def test_a_shared_limiter_limits_on_its_own_while_the_database_is_away() -> None:
    from bot.shared_limits import SharedRateLimiter

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    limiter = SharedRateLimiter.open(f"postgresql://kodeks:s3cret@127.0.0.1:{port}/kodeks", hashed, 2)
    assert [limiter.check(OFFICER).allowed for _ in range(3)] == [True, True, False]
    assert limiter.check(("stranger", OFFICER)).allowed  # keys that are not user ids: in memory


def test_the_bot_limits_in_memory_on_one_machine_and_in_the_database_with_the_url(postgres_url: str, tmp_path) -> None:
    from bot.access import RateLimiter
    from bot.app import limiter_for
    from bot.shared_limits import SharedRateLimiter

    alone = load_settings(_env_file=None, data_dir=tmp_path)
    shared = load_settings(_env_file=None, data_dir=tmp_path, database_url=postgres_url)
    assert isinstance(limiter_for(alone, hashed), RateLimiter)
    assert isinstance(limiter_for(shared, hashed), SharedRateLimiter)


# --- threads and the rewrite cache ---------------------------------------------------------------------------------


def _thread():
    from kodeks.answering.conversation import Exchange, Thread

    first = Exchange(
        question="krađa mobitela", standalone="krađa mobitela", articles=("kz-rs-224",), labels=("KZ RS, član 224",)
    )
    return Thread().after(first).with_row(7)


def test_a_follow_up_answered_by_another_replica_finds_its_thread(postgres_url: str) -> None:
    from bot.shared_threads import SharedThreadStore

    a, b = SharedThreadStore.open(postgres_url, hashed, 30), SharedThreadStore.open(postgres_url, hashed, 30)
    thread = _thread()
    assert b.get(OFFICER, OFFICER) is None
    a.put(OFFICER, OFFICER, thread)
    assert b.get(OFFICER, OFFICER) == thread  # every field back, tuples as tuples
    assert b.get(OFFICER, OTHER) is None and b.get(-100, OFFICER) is None  # one officer's own, in that chat only
    assert len(b) == 1
    with PostgresDb(postgres_url, OFFICERS).reading() as con:
        [(key, stored)] = con.execute("SELECT key, thread FROM threads").fetchall()
        assert str(OFFICER) not in key and key == f"{hashed(OFFICER)}:{hashed(OFFICER)}"
        assert json.loads(stored)["exchanges"][0]["row_id"] == 7
        con.execute("UPDATE threads SET touched = touched - 31 * 60")  # past KODEKS_THREAD_MINUTES
    assert b.get(OFFICER, OFFICER) is None and not b.clear(OFFICER, OFFICER)
    a.put(OFFICER, OFFICER, thread)
    assert b.clear(OFFICER, OFFICER) and a.get(OFFICER, OFFICER) is None  # /novo on one replica: gone on all


def test_the_bot_keeps_threads_in_memory_alone_and_in_the_database_with_the_url(postgres_url: str, tmp_path) -> None:
    from bot.shared_threads import SharedThreadStore
    from bot.threads import ThreadStore, thread_store

    alone = load_settings(_env_file=None, data_dir=tmp_path, thread_minutes=5)
    shared = load_settings(_env_file=None, data_dir=tmp_path, database_url=postgres_url, thread_minutes=5)
    assert isinstance(thread_store(alone, hashed), ThreadStore)
    store = thread_store(shared, hashed)
    assert isinstance(store, SharedThreadStore) and store.enabled


def test_a_thread_store_without_its_database_answers_as_new_and_keeps_nothing() -> None:
    from bot.shared_threads import SharedThreadStore

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    store = SharedThreadStore.open(f"postgresql://k:s3cret@127.0.0.1:{port}/k", hashed, 30)
    store.put(OFFICER, OFFICER, _thread())  # logged, not raised
    assert store.get(OFFICER, OFFICER) is None and not store.clear(OFFICER, OFFICER) and len(store) == 0


def test_the_rewrite_cache_is_shared_by_replicas_and_purged_on_both_engines(engine: str | Path) -> None:
    from kodeks.answering.rewrite import RewriteCache
    from kodeks.migrations import REWRITES

    def cache_at(where: str | Path, days: int | None = None) -> RewriteCache:
        if isinstance(where, Path):
            return RewriteCache(where.with_name("rewrites.sqlite3"), days)
        return RewriteCache(PostgresDb(where, REWRITES), days)

    a, b = cache_at(engine), cache_at(engine)
    a.put("k1", "m", "p1", "kradja", "krađa mobitela")
    assert b.get("k1") == "krađa mobitela" and b.count() == 1
    b.put("k1", "m", "p1", "kradja", "krađa telefona")  # the same key again: replaced
    assert a.get("k1") == "krađa telefona" and a.count() == 1
    assert cache_at(engine, days=30).purge(now=10**10) == 1 and a.get("k1") is None
    a.close()
    b.close()


def _terminate_others(url: str) -> int:
    """What a server restart or a dropped idle connection does to the replicas' kept connections."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as con:
        rows = con.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'kodeks' AND pid <> pg_backend_pid()"
        ).fetchall()
    return len(rows)


def test_a_lost_connection_neither_refuses_an_officer_nor_loses_a_write(postgres_url: str, monkeypatch) -> None:
    import kodeks.statedb

    store = store_at(postgres_url)
    store.sync_settings([OFFICER], [])
    roster = Roster(store_at(postgres_url).version, store.active_hashes, hashed)
    assert roster.allows(OFFICER)
    assert _terminate_others(postgres_url) >= 2
    assert roster.allows(OFFICER) and roster.failures == 0  # the read ran again on a new connection
    monkeypatch.setattr(kodeks.statedb, "IDLE_CHECK", 0.0)  # every use counts as after a night's idle
    _terminate_others(postgres_url)
    store.enrol(OTHER, name="Ana", username=None, source="cli", by="cli:t")  # checked, reconnected, written
    assert roster.allows(OTHER)


# --- the real bot on the database --------------------------------------------------------------------------------------


async def test_the_bot_on_the_database_refuses_an_officer_another_replica_removed_and_shares_its_state(
    postgres_url: str, telegram_server, settings, retriever, log_path: Path, tmp_path: Path
) -> None:
    """A running bot (the fake Bot API) with KODEKS_DATABASE_URL; "the other replica" is a store on the same
    database: its removal refuses the officer's next message, its re-enrolment lets them in again; the bot's
    thread and rate-limit count are rows every replica reads."""
    from pydantic import SecretStr

    from bot import texts
    from bot.querylog.log import hash_user_id
    from tests.test_bot import OFFICER as BOT_OFFICER
    from tests.test_bot import running_bot
    from tests.test_bot_enrolment import QUESTION

    own = settings.model_copy(
        update={"data_dir": tmp_path / "data", "database_url": SecretStr(postgres_url), "thread_minutes": 30}
    )

    def bot_hash(uid: int) -> str:
        return hash_user_id(uid, "kodeks")  # the salt running_bot's query log uses

    other = EnrolmentStore(PostgresDb(postgres_url, OFFICERS), bot_hash)
    async with running_bot(telegram_server, own, retriever, log_path):
        telegram_server.send_text(BOT_OFFICER, QUESTION)
        [answer] = await telegram_server.wait_messages(BOT_OFFICER, 1)
        other.revoke(other.find(BOT_OFFICER), "cli:test")
        telegram_server.send_text(BOT_OFFICER, QUESTION)
        [_, refused] = await telegram_server.wait_messages(BOT_OFFICER, 2)
        other.enrol(BOT_OFFICER, name="Back", username=None, source="cli", by="cli:test")
        telegram_server.send_text(BOT_OFFICER, QUESTION)
        [*_, again] = await telegram_server.wait_messages(BOT_OFFICER, 3)
    assert "Izvori:" in answer["text"] and "Izvori:" in again["text"]
    assert refused["text"] == texts.REFUSED.format(user_id=BOT_OFFICER)
    with PostgresDb(postgres_url, OFFICERS).reading() as con:
        [(hits,)] = con.execute("SELECT hits FROM rate_limits WHERE key = ?", (bot_hash(BOT_OFFICER),)).fetchall()
        [(key,)] = con.execute("SELECT key FROM threads").fetchall()
    assert hits == 2 and key.endswith(bot_hash(BOT_OFFICER))  # the refused message was not counted
    assert not (own.data_dir / "officers.sqlite3").exists()


def test_kodeks_migrate_brings_the_shared_store_up_in_the_database_only(postgres_url: str, tmp_path: Path) -> None:
    from kodeks.migrations import SHARED

    ran = runner.invoke(app, ["migrate", "--data-dir", str(tmp_path)], env={"KODEKS_DATABASE_URL": postgres_url})
    assert ran.exit_code == 0, ran.output
    assert f"(the replicas' shared state): {SHARED.version} of {SHARED.version} migrations applied" in ran.stdout
    assert "applied now: 1 rate_limits, 2 threads" in ran.stdout
    assert f"(the officers file): {OFFICERS.version} of {OFFICERS.version}" in ran.stdout
    assert not (tmp_path / SHARED.file).exists()
