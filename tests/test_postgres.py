"""PostgreSQL (KODEKS_DATABASE_URL) against a real server started by the tests (tests/postgres_server.py).

The same numbered migrations as the SQLite files, recorded in `schema_migrations`; the query log written by the
bot's own QueryLog and read back by /stats and /export exactly as from SQLite; the answer journal taken once
when two replicas receive one update at once.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import socket
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from typer.testing import CliRunner

from bot.querylog import QueryLog
from bot.querylog.export import export_parts
from bot.querylog.readers import iter_rows
from kodeks.cli import app
from kodeks.errors import KodeksError, SettingsError
from kodeks.migrations import FILES, QUERY_LOG, Migration, Schema
from kodeks.migrations.postgres import applied_version, database_status, upgrade_database
from kodeks.postgres import connect, to_pyformat, where
from kodeks.settings import load_settings
from retrieval.types import MissingReference
from tests.test_querylog import NOW, make_result

runner = CliRunner()


def _tables(url: str) -> set[str]:
    with psycopg.connect(url) as con:
        rows = con.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").fetchall()
    return {r[0] for r in rows}


def test_parameter_marks_are_translated_outside_literals_only() -> None:
    assert to_pyformat("SELECT ? , '?' , :day, '50%' FROM t WHERE a = ? -- what?") == (
        "SELECT %s , '?' , %(day)s, '50%%' FROM t WHERE a = %s -- what?"
    )
    assert to_pyformat("SELECT x::json, 'it''s ?' WHERE y LIKE ?") == "SELECT x::json, 'it''s ?' WHERE y LIKE %s"


def test_the_url_is_shown_without_its_password() -> None:
    assert where("postgresql://kodeks:s3cret@db:5432/kodeks") == "postgresql://kodeks@db:5432/kodeks"


def test_every_store_migrates_on_a_fresh_database_and_twice_is_a_no_op(postgres_url: str) -> None:
    for schema in FILES:
        ran = upgrade_database(postgres_url, schema)
        assert [m.number for m in ran] == [m.number for m in schema.migrations]
    assert {"queries", "feedback", "refusals", "cited", "pending", "originals"} <= _tables(postgres_url)
    assert {"officers", "enrolled", "requests", "invites", "audit", "rewrites", "schema_migrations"} <= _tables(
        postgres_url
    )
    for schema in FILES:
        assert upgrade_database(postgres_url, schema) == []
        status = database_status(postgres_url, schema)
        assert status.pending == () and status.applied == tuple(range(1, schema.version + 1))
    with psycopg.connect(postgres_url) as con:
        rows = con.execute("SELECT store, number, name, how FROM schema_migrations ORDER BY store, number").fetchall()
        con2 = connect(postgres_url)
        try:
            assert applied_version(con2, QUERY_LOG) == QUERY_LOG.version
        finally:
            con2.close()
    expected = sorted((s.store, m.number, m.name, "ran") for s in FILES for m in s.migrations)
    assert rows == expected


def test_a_database_from_a_newer_kodeks_is_refused(postgres_url: str) -> None:
    upgrade_database(postgres_url, QUERY_LOG)
    with psycopg.connect(postgres_url) as con:
        con.execute(
            "INSERT INTO schema_migrations (store, number, name, applied_at) VALUES ('queries', %s, 'future', 'x')",
            (QUERY_LOG.version + 1,),
        )
    with pytest.raises(KodeksError, match="newer kodeks") as caught:
        upgrade_database(postgres_url, QUERY_LOG)
    assert "future" in str(caught.value)


def test_a_failing_step_leaves_neither_its_tables_nor_its_record(postgres_url: str) -> None:
    schema = Schema(
        "probe.sqlite3",
        "a probe",
        (
            Migration(1, "one", "CREATE TABLE one (a INTEGER);"),
            Migration(2, "two", "CREATE TABLE two (a INTEGER); SELECT no_such_function();"),
        ),
    )
    with pytest.raises(psycopg.Error):
        upgrade_database(postgres_url, schema)
    assert "one" in _tables(postgres_url) and "two" not in _tables(postgres_url)
    assert database_status(postgres_url, schema).applied == (1,)


def test_two_replicas_migrating_at_once_apply_each_step_once(postgres_url: str) -> None:
    results: list[list[int]] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append([m.number for m in upgrade_database(postgres_url, QUERY_LOG)])
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(results, key=len) == [[], list(range(1, QUERY_LOG.version + 1))]


# --- the query log: the bot's own QueryLog on PostgreSQL, read back as from SQLite -------------------------------


async def _fill(qlog: QueryLog) -> None:
    """One of everything the bot writes: answers of every kind, lookups, errors, feedback, refusals, threads."""
    first = await qlog.record(user_id=1, question="a", result=make_result(total=100), at=NOW - timedelta(hours=1))
    two = await qlog.record(
        user_id=2,
        question="b",
        result=make_result(level="top_k", mode="extractive", total=300, covered=False, laws=("ZKP FBiH", "KZ FBiH")),
        at=NOW - timedelta(hours=2),
        conversation={"input": "voice", "thread_id": "t1", "thread_turn": 2, "follows": first, "standalone": "b?"},
    )
    await qlog.record(
        user_id=1, question="c 50% ?", result=make_result(invalid=["X", "Y"], total=200), at=NOW - timedelta(days=3)
    )
    await qlog.record(user_id=3, question="d\x00", error="boom", total_ms=50, at=NOW - timedelta(days=3))
    missing = make_result(level="nearest", mode="extractive", covered=False)
    missing.search.missing_references = [MissingReference(law="KZ FBiH", article="999", status="not_found")]
    missing.search.coverage = {"loaded": [], "missing": [], "missing_labels": ["zakon o radu"]}
    missing.search.expansions = [{"source": "rewrite", "matched": "x", "adds": "y"}]
    await qlog.record(user_id=4, question="član 999", result=missing, at=NOW - timedelta(hours=3))
    await qlog.record(user_id=3, question="e", result=make_result(), at=NOW - timedelta(days=9))
    await qlog.record_lookup(user_id=5, text="član 1 KZ", articles=[make_result().search.hits[0].article], at=NOW)
    await qlog.feedback(row_id=two, user_id=2, value=-1)
    await qlog.feedback(row_id=two, user_id=2, value=1)  # a second press replaces the first
    await qlog.set_error(first, "send: NetworkError")
    await qlog.refused(user_id=99, at=NOW - timedelta(hours=5))
    await qlog.refused(user_id=99, at=NOW - timedelta(hours=4))


async def _read_back(qlog: QueryLog, out: Path) -> dict[str, object]:
    """What /stats, /export, the buttons and the journal read."""
    count, parts = export_parts(qlog.source, None, out, "t")
    exported = [json.loads(line) for p in parts for line in gzip.decompress(p.read_bytes()).splitlines()]
    rows = await qlog.rows_since(NOW - timedelta(days=3650))
    return {
        "stats": await qlog.stats(now=NOW),
        "export": [r async for r in qlog.export(batch=2)],
        "export_parts": (count, exported),
        "rows": [{k: v for k, v in r.items() if k != "user_hash"} for r in rows],
        "cited": [await qlog.cited_ids(r["id"]) for r in rows],
        "asked_by": [await qlog.asked_by(r["id"], 1) for r in rows],
        "counts": (await qlog.count(), await qlog.count("lookup"), await qlog.count(None)),
        "refusals": await qlog.refusals_since(NOW - timedelta(days=1)),
        "schema": await qlog.schema_version(),
    }


def _without_nul(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    if isinstance(value, dict):
        return {k: _without_nul(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_without_nul(v) for v in value)
    return value


async def test_the_query_log_on_postgresql_reads_back_as_it_does_from_sqlite(postgres_url: str, tmp_path: Path) -> None:
    """The same writes through the bot's QueryLog: /stats, /export (both paths), rows, buttons and counts are the
    same whichever engine holds them (ids included: both number rows from 1)."""
    results = {}
    for name in ("sqlite", "postgresql"):
        if name == "sqlite":
            qlog = await QueryLog.open(tmp_path / "q.sqlite3", salt="pepper")
        else:
            qlog = await QueryLog.open_database(postgres_url, salt="pepper", check=True)
        try:
            await _fill(qlog)
            results[name] = await _read_back(qlog, tmp_path / name)
        finally:
            await qlog.close()
    sqlite, pg = results["sqlite"], results["postgresql"]
    # SQLite keeps a NUL an officer's client sent; PostgreSQL's text cannot hold one: it is stored as U+FFFD
    assert pg == _without_nul(sqlite)
    assert pg["stats"]["day"]["questions"] == 3 and pg["stats"]["week"]["not_loaded"] == [["zakon o radu", 1]]
    assert pg["stats"]["day"]["feedback"] == {"up": 1, "down": 0} and pg["stats"]["day"]["levels"]["not_found"]


async def test_the_cli_reads_stats_and_export_from_the_database(postgres_url: str, tmp_path: Path, monkeypatch) -> None:
    qlog = await QueryLog.open_database(postgres_url)
    try:
        await _fill(qlog)
    finally:
        await qlog.close()
    monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)
    monkeypatch.setenv("KODEKS_DATA_DIR", str(tmp_path / "empty"))  # no file there: the database is read
    stats = runner.invoke(app, ["stats", "--json"])
    assert stats.exit_code == 0, stats.output
    assert json.loads(stats.stdout)["total_questions"] == 6
    exported = runner.invoke(app, ["export"])
    assert exported.exit_code == 0, exported.output
    assert [json.loads(line)["id"] for line in exported.stdout.splitlines()] == [f"log-{n}" for n in range(1, 7)]
    assert not (tmp_path / "empty" / "queries.sqlite3").exists()


async def test_an_unreachable_database_is_one_line_without_its_password() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed
    url = f"postgresql://kodeks:s3cret@127.0.0.1:{port}/kodeks"
    with pytest.raises(KodeksError) as caught:
        await QueryLog.open_database(url)
    assert "s3cret" not in str(caught.value) and f"127.0.0.1:{port}" in str(caught.value)
    assert "KODEKS_DATABASE_URL" in str(caught.value)


# --- the answer journal: one update, two replicas -------------------------------------------------------------------


async def test_two_replicas_handed_the_same_updates_answer_each_exactly_once(postgres_url: str) -> None:
    """Two QueryLogs (two bot processes) on one database take the journal entry of each of 40 updates at the
    same moment: exactly one of them gets each (the insert that finds the key taken changes no row)."""
    one = await QueryLog.open_database(postgres_url)
    two = await QueryLog.open_database(postgres_url)
    try:
        taken = []
        for update_id in range(1000, 1040):
            both = await asyncio.gather(
                *(
                    log.journal_received(update_id=update_id, chat_id=7, message_id=update_id, question="q")
                    for log in (one, two)
                )
            )
            taken.append(both)
        assert all(sorted(pair) == [False, True] for pair in taken)
        # the same update again later (Telegram's webhook retrying one that was not acknowledged): nobody answers
        three = await QueryLog.open_database(postgres_url)
        try:
            assert not await three.journal_received(update_id=1000, chat_id=7, message_id=1000, question="q")
            # the same update id for another message (a new bot token restarts the ids) is a new question
            assert await three.journal_received(update_id=1000, chat_id=7, message_id=5, question="q2")
        finally:
            await three.close()
        assert len(await one.journal_open()) == 40
        await one.journal_done(1001)
        assert len(await two.journal_open()) == 39
    finally:
        await one.close()
        await two.close()


async def test_retention_purges_on_postgresql_with_the_rows_cited_laws_and_feedback(postgres_url: str) -> None:
    qlog = await QueryLog.open_database(postgres_url, retention_days=30)
    try:
        old = await qlog.record(user_id=1, question="staro", result=make_result(), at=NOW - timedelta(days=40))
        await qlog.feedback(row_id=old, user_id=1, value=1, at=NOW - timedelta(days=40))
        await qlog.refused(user_id=9, at=NOW - timedelta(days=40))
        new = await qlog.record(user_id=1, question="novo", result=make_result(), at=NOW)
        assert await qlog.purge(30, now=NOW) == 2
        assert await qlog.get(old) is None and await qlog.get(new) is not None
    finally:
        await qlog.close()
    with psycopg.connect(postgres_url) as con:
        assert con.execute("SELECT COUNT(*) FROM feedback").fetchone() == (0,)
        assert con.execute("SELECT query_id FROM cited").fetchall() == [(new,)]


def test_kodeks_migrate_brings_the_database_up_and_status_shows_it(
    postgres_url: str, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)
    status = runner.invoke(app, ["migrate", "--status", "--data-dir", str(tmp_path)])
    assert status.exit_code == 0, status.output
    assert f"0 of {QUERY_LOG.version} migrations applied" in status.stdout and "pending: 1 " in status.stdout
    ran = runner.invoke(app, ["migrate", "--data-dir", str(tmp_path)])
    assert ran.exit_code == 0, ran.output
    assert f"(the query log): {QUERY_LOG.version} of {QUERY_LOG.version} migrations applied" in ran.stdout
    assert "applied now: 1 queries_feedback_refusals" in ran.stdout and "postgres@127.0.0.1" in ran.stdout
    again = runner.invoke(app, ["migrate", "--data-dir", str(tmp_path)])
    assert "applied now" not in again.stdout and "pending" not in again.stdout


async def test_the_bot_opens_its_log_in_the_database_the_settings_name(postgres_url: str, tmp_path: Path) -> None:
    settings = load_settings(_env_file=None, data_dir=tmp_path, database_url=postgres_url)
    qlog = await QueryLog.from_settings(settings, check=True)  # what `kodeks bot` does at start
    try:
        assert await qlog.schema_version() == QUERY_LOG.version and str(qlog.source).startswith("postgresql://")
        assert isinstance(await qlog.record(user_id=1, question="q", result=make_result()), int)
    finally:
        await qlog.close()
    assert not (tmp_path / "queries.sqlite3").exists()


def test_a_database_url_that_is_not_postgresql_is_refused_without_echoing_it() -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings(_env_file=None, database_url="mysql://root:s3cret@db/kodeks")
    assert "KODEKS_DATABASE_URL" in str(caught.value) and "s3cret" not in str(caught.value)
    assert load_settings(_env_file=None, database_url="").database_url is None


async def test_an_export_from_the_database_streams_from_a_server_side_cursor(postgres_url: str) -> None:
    """A plain cursor would fetch the whole table at once: the export reads from a cursor kept on the server."""
    qlog = await QueryLog.open_database(postgres_url)
    try:
        for n in range(3):
            await qlog.record(user_id=n, question=f"q{n}", result=make_result())
    finally:
        await qlog.close()
    con = connect(postgres_url)
    try:
        rows = iter_rows(con, None, kind="question")
        assert next(rows)["question"] == "q0"
        [(open_cursors,)] = con.execute("SELECT COUNT(*) FROM pg_cursors WHERE name LIKE 'kodeks_%'").fetchall()
        assert open_cursors == 1
        assert [r["question"] for r in rows] == ["q1", "q2"]
        assert con.execute("SELECT COUNT(*) FROM pg_cursors").fetchone()[0] == 0  # closed at the end
    finally:
        con.close()


async def test_rows_written_while_the_connection_is_lost_are_kept_and_written_on_a_new_one(postgres_url: str) -> None:
    """The server dropped the writer's connection (a restart, a fail-over): the write is kept in the backlog, not
    lost, and the flusher writes it on a fresh connection, in order."""
    qlog = await QueryLog.open_database(postgres_url)
    try:
        await qlog.record(user_id=1, question="prije")
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                "AND datname = current_database() AND application_name = 'kodeks'"
            )
        assert await qlog.record(user_id=1, question="tokom") is None  # kept for later
        await qlog.wait_drained()
        assert qlog.failures == 1 and qlog.lost == 0
        await qlog.record(user_id=1, question="poslije")
        rows = await qlog.rows_since(NOW - timedelta(days=3650))
        assert [r["question"] for r in rows] == ["prije", "tokom", "poslije"]
    finally:
        await qlog.close()


def test_both_engines_get_the_same_tables_columns_and_indexes_from_the_one_list(postgres_url: str, tmp_path) -> None:
    """A step given PostgreSQL's own text must make what its SQLite text makes: same tables, same columns in the
    same order, same indexes (types differ by design: BIGINT, identity, DOUBLE PRECISION)."""
    import sqlite3

    from kodeks.migrations import upgrade_file

    for schema in FILES:
        path = tmp_path / schema.file
        upgrade_file(path, schema)
        con = sqlite3.connect(path)
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            sqlite_columns = {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in tables}
            sqlite_indexes = {
                r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
            }
        finally:
            con.close()
        upgrade_database(postgres_url, schema)
        with psycopg.connect(postgres_url) as pg:
            pg_columns = {
                t: [
                    r[0]
                    for r in pg.execute(
                        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                        "AND table_name = %s ORDER BY ordinal_position",
                        (t,),
                    )
                ]
                for t in tables
            }
            pg_indexes = {
                r[0]
                for r in pg.execute(
                    "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname NOT LIKE '%_pkey'"
                    " AND indexname NOT LIKE '%_key'"
                )
            }
        del sqlite_columns["schema_migrations"], pg_columns["schema_migrations"]  # the record differs by design
        assert pg_columns == sqlite_columns, schema.file
        assert sqlite_indexes <= pg_indexes, schema.file


async def test_a_reader_of_the_database_cannot_write(postgres_url: str) -> None:
    qlog = await QueryLog.open_database(postgres_url)
    try:
        con = qlog.reader()
        try:
            with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
                con.execute("DELETE FROM queries WHERE id = ?", (1,))
        finally:
            con.close()
    finally:
        await qlog.close()


def test_kodeks_migrate_with_an_unreachable_database_says_so_in_one_line(tmp_path: Path, monkeypatch) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("KODEKS_DATABASE_URL", f"postgresql://kodeks:s3cret@127.0.0.1:{port}/kodeks")
    result = runner.invoke(app, ["migrate", "--status", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "cannot be used" in result.output and "s3cret" not in result.output and "newer kodeks" not in result.output
