"""PostgreSQL (KODEKS_DATABASE_URL) against a real server started by the tests (tests/postgres_server.py).

The same numbered migrations as the SQLite files, recorded in `schema_migrations`; the query log written by the
bot's own QueryLog and read back by /stats and /export exactly as from SQLite; the answer journal taken once
when two replicas receive one update at once.
"""

from __future__ import annotations

import threading

import psycopg
import pytest

from kodeks.errors import KodeksError
from kodeks.migrations import FILES, QUERY_LOG, Migration, Schema
from kodeks.migrations.postgres import applied_version, database_status, upgrade_database
from kodeks.postgres import connect, to_pyformat, where


def _tables(url: str) -> set[str]:
    with psycopg.connect(url) as con:
        rows = con.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
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
