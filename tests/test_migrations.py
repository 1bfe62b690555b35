"""kodeks.migrations: every SQLite file of the data dir upgraded by numbered steps — at open and by `kodeks migrate`.

The old layouts below are the CREATE statements as they first landed (from the history of bot/querylog.py,
bot/officers.py and kodeks/answering/rewrite.py), written out here so the product's migrations are tested
against what real data dirs hold, not against themselves.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.enrolment.store import EnrolmentStore
from bot.officers import Officers
from bot.querylog import QueryLog
from kodeks.answering.rewrite import RewriteCache
from kodeks.cli import app
from kodeks.errors import KodeksError
from kodeks.migrations import FILES, OFFICERS, QUERY_LOG, REWRITES, Migration, Schema, file_status, upgrade_file
from kodeks.private_files import PRIVATE_NAMES

runner = CliRunner()

# The query log as it first landed: schema v2 (user_version counted its steps).
OLDEST_QUERY_LOG = """
CREATE TABLE queries (
    id INTEGER PRIMARY KEY, ts TEXT NOT NULL, user_hash TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'question',
    question TEXT NOT NULL, normalized TEXT, retrieved TEXT, level TEXT, answer TEXT, citations TEXT,
    invalid_citations TEXT, covered INTEGER, missing TEXT, mode TEXT, reason TEXT, model TEXT, prompt_version TEXT,
    input_tokens INTEGER, output_tokens INTEGER, flagged INTEGER, retrieval_ms REAL, llm_ms REAL, total_ms REAL,
    error TEXT
);
CREATE TABLE feedback (
    id INTEGER PRIMARY KEY,
    query_id INTEGER NOT NULL REFERENCES queries(id) ON DELETE CASCADE,
    ts TEXT NOT NULL, user_hash TEXT NOT NULL, value INTEGER NOT NULL CHECK (value IN (-1, 1)),
    UNIQUE (query_id, user_hash)
);
CREATE TABLE refusals (id INTEGER PRIMARY KEY, ts TEXT NOT NULL, user_hash TEXT NOT NULL);
CREATE INDEX queries_ts ON queries(ts);
CREATE INDEX feedback_query ON feedback(query_id);
CREATE INDEX refusals_ts ON refusals(ts);
PRAGMA user_version = 2;
"""
# officers.sqlite3 as it first landed: the officers' jurisdictions only, no enrolment yet, no version.
OLDEST_OFFICERS = """
CREATE TABLE IF NOT EXISTS officers (
    user_hash TEXT PRIMARY KEY, jurisdiction TEXT NOT NULL,
    set_by TEXT NOT NULL CHECK (set_by IN ('self', 'admin')), ts TEXT NOT NULL
);
"""
OLDEST_REWRITES = (
    "CREATE TABLE IF NOT EXISTS rewrites (key TEXT PRIMARY KEY, model TEXT, prompt TEXT, "
    "normalized TEXT, rewrite TEXT NOT NULL, created REAL);"
)


def hasher(uid: int) -> str:
    return f"h{uid}"


def oldest_data_dir(data: Path) -> Path:
    """A data dir as the first versions of each store left it, with a row in each."""
    data.mkdir()
    with sqlite3.connect(data / "queries.sqlite3") as con:
        con.executescript(OLDEST_QUERY_LOG)
        con.execute(
            "INSERT INTO queries (ts, user_hash, question, mode) VALUES ('2026-11-30 10:00:00.000000', 'h', 'staro', 'claude')"
        )
        con.execute("INSERT INTO feedback (query_id, ts, user_hash, value) VALUES (1, '2026-11-30 10:01:00', 'h', 1)")
    with sqlite3.connect(data / "officers.sqlite3") as con:
        con.executescript(OLDEST_OFFICERS)
        con.execute("INSERT INTO officers VALUES (?, 'RS', 'admin', '2026-12-01 08:00:00')", (hasher(424242),))
    with sqlite3.connect(data / "rewrites.sqlite3") as con:
        con.executescript(OLDEST_REWRITES)
        con.execute("INSERT INTO rewrites VALUES ('k', 'm', 'p', 'n', 'prepisano', 1.0)")
    for name in ("queries.sqlite3", "officers.sqlite3", "rewrites.sqlite3"):
        (data / name).chmod(0o600)
    return data


def record(path: Path) -> list[tuple[int, str, str]]:
    with sqlite3.connect(path) as con:
        return con.execute("SELECT number, name, how FROM schema_migrations ORDER BY number").fetchall()


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as con:
        return int(con.execute("PRAGMA user_version").fetchone()[0])


def columns(path: Path, table: str) -> list[str]:
    with sqlite3.connect(path) as con:
        return [r[1] for r in con.execute(f"PRAGMA table_info({table})")]


def migrate(data: Path, *args: str):
    return runner.invoke(app, ["migrate", *args, "--data-dir", str(data)], env={"KODEKS_USER_HASH_SALT": "s"})


# --- upgraded by opening ------------------------------------------------------------------------


async def test_the_oldest_data_dir_is_upgraded_by_opening_each_file_and_keeps_its_rows(tmp_path: Path) -> None:
    data = oldest_data_dir(tmp_path / "data")

    async with await QueryLog.open(data / "queries.sqlite3") as qlog:
        assert await qlog.schema_version() == QUERY_LOG.version
        row = await qlog.get(1)
        assert row["question"] == "staro" and row["source"] == "telegram" and row["jurisdiction"] is None
        assert (await qlog.stats())["total_questions"] == 1
    log_record = record(data / "queries.sqlite3")
    assert [n for n, _, _ in log_record] == list(range(1, QUERY_LOG.version + 1))
    assert [how for _, _, how in log_record] == ["adopted", "adopted"] + ["ran"] * (QUERY_LOG.version - 2)

    officers = Officers(data / "officers.sqlite3", hasher)
    assert (await officers.get(424242)).code == "RS"  # the admin's choice survived
    store = EnrolmentStore(data / "officers.sqlite3", hasher)
    assert store.enrol(515151, name="Ana", username=None, source="cli", by="cli:test") == "enrolled"
    assert [o.name for o in store.officers()] == ["Ana"]
    assert record(data / "officers.sqlite3") == [
        (1, "jurisdictions", "adopted"),
        (2, "enrolment", "ran"),
        (3, "roster_version", "ran"),
    ]

    cache = RewriteCache(data / "rewrites.sqlite3")
    try:
        assert cache.get("k") == "prepisano"
    finally:
        cache.close()
    assert record(data / "rewrites.sqlite3") == [(1, "rewrites", "adopted")]
    for name in ("queries.sqlite3", "officers.sqlite3", "rewrites.sqlite3"):
        assert (data / name).stat().st_mode & 0o777 == 0o600


def test_a_log_with_some_added_columns_gets_only_the_missing_ones(tmp_path: Path) -> None:
    """A log at v3 whose add-columns pass had added three columns (as the code of that time left it)."""
    path = tmp_path / "queries.sqlite3"
    with sqlite3.connect(path) as con:
        con.executescript(OLDEST_QUERY_LOG)
        con.executescript(QUERY_LOG.migrations[2].sql + "\nPRAGMA user_version = 3;")
        for column, kind in (("jurisdiction", "TEXT"), ("expansions", "TEXT"), ("weak", "INTEGER")):
            con.execute(f"ALTER TABLE queries ADD COLUMN {column} {kind}")
        con.execute("INSERT INTO queries (ts, user_hash, question, jurisdiction) VALUES ('t', 'h', 'q', 'RS')")
    before = file_status(path, QUERY_LOG)
    assert before.applied == (1, 2, 3, 6, 7, 8) and not before.recorded
    ran = upgrade_file(path, QUERY_LOG)
    assert [m.number for m in ran] == [4, 5, 9, 10, 11]
    assert {how for n, _, how in record(path) if n in (1, 2, 3, 6, 7, 8)} == {"adopted"}
    got = columns(path, "queries")
    assert len(got) == len(set(got)) and {"not_loaded", "missing_statuses", "thread_id"} <= set(got)
    assert user_version(path) == QUERY_LOG.version
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT question, jurisdiction FROM queries").fetchall() == [("q", "RS")]


# --- kodeks migrate -----------------------------------------------------------------------------


def test_kodeks_migrate_status_then_migrate_then_nothing_left(tmp_path: Path) -> None:
    data = oldest_data_dir(tmp_path / "data")
    before = {name: (data / name).read_bytes() for name in ("queries.sqlite3", "officers.sqlite3")}

    status = migrate(data, "--status")
    assert status.exit_code == 0, status.output
    lines = status.stdout.splitlines()
    assert f"{data / 'queries.sqlite3'}: 2 of 11 migrations applied (made before" in lines[0]
    assert lines[1].startswith("  pending: 3 source_cited_pending, 4 originals, 5 threads_and_voice, 6 queries_")
    assert f"{data / 'officers.sqlite3'}: 1 of 3 migrations applied" in status.stdout
    assert "  pending: 2 enrolment, 3 roster_version" in lines
    assert f"{data / 'rewrites.sqlite3'}: 1 of 1 migration applied (made before" in status.stdout
    assert {name: (data / name).read_bytes() for name in before} == before  # --status writes nothing

    done = migrate(data)
    assert done.exit_code == 0, done.output
    assert "  applied now: 3 source_cited_pending, 4 originals" in done.stdout
    assert "  applied now: 2 enrolment, 3 roster_version" in done.stdout
    assert "  pending:" not in done.stdout
    assert record(data / "rewrites.sqlite3") == [(1, "rewrites", "adopted")]  # nothing to run, but recorded
    with sqlite3.connect(data / "queries.sqlite3") as con:
        assert con.execute("SELECT question FROM queries").fetchall() == [("staro",)]
        assert con.execute("SELECT law FROM cited").fetchall() == []  # migration 3's back-fill ran (no citations)
    with sqlite3.connect(data / "officers.sqlite3") as con:
        assert con.execute("SELECT jurisdiction FROM officers").fetchall() == [("RS",)]

    applied = {name: record(data / name) for name in ("queries.sqlite3", "officers.sqlite3", "rewrites.sqlite3")}
    again = migrate(data)
    assert again.exit_code == 0 and "applied now" not in again.stdout
    assert f"{data / 'queries.sqlite3'}: 11 of 11 migrations applied\n" in again.stdout
    assert {name: record(data / name) for name in applied} == applied


def test_kodeks_migrate_status_of_an_empty_data_dir_creates_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    result = migrate(data, "--status")
    assert result.exit_code == 0, result.output
    assert f"{data / 'queries.sqlite3'}: not there yet (the query log: created with its 11 migrations" in result.stdout
    assert not any(p.suffix == ".sqlite3" for p in data.iterdir())
    assert migrate(data).exit_code == 0
    assert not any(p.suffix == ".sqlite3" for p in data.iterdir())


# --- refused, twice, at once, failed ----------------------------------------------------------------


async def test_a_file_from_a_newer_kodeks_is_refused_naming_it_and_the_remedy(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    log = data / "queries.sqlite3"
    upgrade_file(log, QUERY_LOG)
    with sqlite3.connect(log) as con:
        con.execute("INSERT INTO schema_migrations VALUES (12, 'queries_future', '2027-01-01 00:00:00', 'ran')")
    with pytest.raises(KodeksError, match="newer kodeks") as refused:
        await QueryLog.open(log)
    assert str(log) in str(refused.value) and "migration 12 'queries_future'" in str(refused.value)
    assert "restore the file from a backup" in str(refused.value)

    officers = data / "officers.sqlite3"
    upgrade_file(officers, OFFICERS)
    with sqlite3.connect(officers) as con:  # another build's step 2
        con.execute("UPDATE schema_migrations SET name = 'enrolment_v2' WHERE number = 2")
    with pytest.raises(KodeksError, match="migration 2 is 'enrolment_v2', here it is 'enrolment'"):
        EnrolmentStore(officers, hasher).officers()

    rewrites = data / "rewrites.sqlite3"
    with sqlite3.connect(rewrites) as con:
        con.execute("PRAGMA user_version = 7")
    with pytest.raises(KodeksError, match="user_version 7"):
        RewriteCache(rewrites)

    result = migrate(data, "--status")
    assert result.exit_code == 1
    assert f"{log}: refused" in result.stdout and f"{rewrites}: refused" in result.stdout
    assert "3 files from a newer kodeks" in result.output


def test_applying_twice_is_a_no_op(tmp_path: Path) -> None:
    for schema in FILES:
        path = tmp_path / schema.file
        assert [m.number for m in upgrade_file(path, schema)] == list(range(1, schema.version + 1))
        with sqlite3.connect(path) as con:
            layout = con.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
        recorded = record(path)
        assert upgrade_file(path, schema) == []
        with sqlite3.connect(path) as con:
            assert con.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall() == layout
        assert record(path) == recorded and user_version(path) == schema.version


def test_two_processes_upgrading_at_once_apply_each_step_once(tmp_path: Path) -> None:
    path = tmp_path / "queries.sqlite3"
    start = threading.Barrier(2)
    ran: list[list[int]] = []
    errors: list[BaseException] = []

    def opener() -> None:
        start.wait()
        try:
            ran.append([m.number for m in upgrade_file(path, QUERY_LOG, timeout=60.0)])
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(n for numbers in ran for n in numbers) == list(range(1, QUERY_LOG.version + 1))
    assert [n for n, _, _ in record(path)] == list(range(1, QUERY_LOG.version + 1))


def test_a_failing_step_is_rolled_back_whole(tmp_path: Path) -> None:
    schema = Schema(
        "t.sqlite3",
        "a test file",
        (
            Migration(1, "one", "CREATE TABLE a (x);"),
            Migration(2, "two", "CREATE TABLE b (x); INSERT INTO missing VALUES (1);"),
        ),
    )
    path = tmp_path / schema.file
    with pytest.raises(sqlite3.OperationalError, match="missing"):
        upgrade_file(path, schema)
    assert record(path) == [(1, "one", "ran")] and user_version(path) == 1
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT name FROM sqlite_master WHERE name = 'b'").fetchall() == []


# --- the registry -------------------------------------------------------------------------------


def test_every_sqlite_file_of_the_data_dir_has_migrations_numbered_without_gaps() -> None:
    assert {s.file for s in FILES} == {name for name in PRIVATE_NAMES if name.endswith(".sqlite3")}
    for schema in FILES:
        schema.check_numbering()  # raises on a gap, a repeat or a shared name
        assert [m.number for m in schema.migrations] == list(range(1, schema.version + 1))
        assert all(m.name.isidentifier() and m.sql.strip() for m in schema.migrations)
    assert REWRITES.version == 1 and OFFICERS.version == 3 and QUERY_LOG.version == 11
    with pytest.raises(ValueError, match="numbered"):
        Schema("x", "x", (Migration(1, "a", "SELECT 1;"), Migration(3, "b", "SELECT 1;"))).check_numbering()
