"""One ingest, every replica (issue 34): a generation built in one data dir is published in PostgreSQL and a
second data dir — another replica — fetches it, verifies it and serves it by itself; a damaged or unreachable
publication keeps the old generation served and is reported (/stats, `kodeks stats`); a replica starting on an
empty data dir, or restarted, serves the current one. Real PostgreSQL (tests/postgres_server.py), real index,
real embedder, tiny corpora."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from pydantic import SecretStr

from bot.stats import render
from kodeks.errors import KodeksError
from kodeks.migrations import QUERY_LOG
from kodeks.migrations.postgres import upgrade_database
from kodeks.settings import Settings
from retrieval.index.generations import current_paths, index_root, read_pointer
from retrieval.index.publishing import publication_state, publish, replica_name
from retrieval.ingest.run import ingest_paths
from retrieval.search.live import LiveRetriever
from tests.retrieval_helpers import invoke, row, settings_for, write_corpus

KZ = [row("KZ", "1", "Ko tuđu pokretnu stvar oduzme, kaznit će se zatvorom.", "Krađa")]
ZOBS = [row("ZOBS", "1", "Vozač koji odbije alkotest kaznit će se novčanom kaznom.", "Alkotest", jurisdiction="BiH")]
ZNN = [row("ZNN", "1", "Ko na javnom mjestu nosi nož, kaznit će se novčanom kaznom.", "Nošenje noža")]


def replica(base: Path, url: str) -> Settings:
    return settings_for(base, database_url=url)


def ingest(settings: Settings, tmp_path: Path, name: str, rows: list[dict[str, Any]]) -> str:
    report = ingest_paths(settings, [write_corpus(tmp_path / f"{name}.jsonl", rows)])
    assert report.built
    return str(report.generation)


def rows(url: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(url, autocommit=True) as con:
        return list(con.execute(sql, params).fetchall())  # type: ignore[call-overload]


def local_generations(settings: Settings) -> list[str]:
    return sorted(p.name for p in index_root(settings).iterdir() if p.is_dir())


@pytest.fixture
def publisher(tmp_path: Path, postgres_url: str) -> Settings:
    settings = replica(tmp_path / "publisher", postgres_url)
    ingest(settings, tmp_path, "kz", KZ)
    return settings


def test_a_replica_on_an_empty_data_dir_fetches_the_published_generation_and_follows_the_next(
    publisher: Settings, tmp_path: Path, postgres_url: str
) -> None:
    first = read_pointer(publisher)
    assert rows(postgres_url, "SELECT generation FROM index_published") == [(first,)]
    other = replica(tmp_path / "replica", postgres_url)
    live = LiveRetriever.open(other)  # nothing in its data dir: the published generation is fetched
    try:
        assert live.generation == first and read_pointer(other) == first
        assert live.search("krađa pokretne stvari").hits[0].id == "KZ čl. 1"
        assert live.check() is None  # nothing new published

        second = ingest(publisher, tmp_path, "znn", ZNN)  # published by the ingest itself
        switch = live.check()
        assert switch is not None and switch.error is None and (switch.old, switch.new) == (first, second)
        assert live.search("nož na javnom mjestu").hits[0].id == "ZNN čl. 1"
        state = live.serving()
        assert (state.served, state.published, state.failed, state.error) == (second, second, None, None)
        assert [(r.replica, r.served, r.failed) for r in state.replicas] == [(replica_name(other), second, None)]
        assert live.check() is None
        assert local_generations(other) == [second]  # the old one deleted once let go (nothing reads it)

        third = ingest(publisher, tmp_path, "zobs", ZOBS)
        published = [r[0] for r in rows(postgres_url, "SELECT generation FROM index_publications ORDER BY number")]
        assert published == [second, third]  # the current and the previous are kept, older ones pruned
        assert rows(postgres_url, "SELECT count(*) FROM index_publication_chunks WHERE generation = %s", first) == [
            (0,)
        ]
        assert live.check() is not None and live.generation == third
        assert live.search("alkotest").hits[0].id == "ZOBS čl. 1"
    finally:
        live.close()


def test_a_damaged_publication_keeps_the_old_generation_served_and_says_so(
    publisher: Settings, tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = replica(tmp_path / "replica", postgres_url)
    live = LiveRetriever.open(other)
    try:
        first = live.generation
        second = ingest(publisher, tmp_path, "znn", ZNN)
        with psycopg.connect(postgres_url, autocommit=True) as con:  # one byte of one file flipped in the database
            con.execute(
                "UPDATE index_publication_chunks SET data = overlay(data placing '\\x00'::bytea from 1 for 1) "
                "WHERE generation = %s AND path = 'articles.jsonl'",
                (second,),
            )
        switch = live.check()
        assert switch is not None and switch.stage == "fetch" and switch.new == second and switch.old == first
        assert switch.error is not None and "damaged" in switch.error and "articles.jsonl" in switch.error
        assert live.generation == first and read_pointer(other) == first  # still served, still current here
        assert live.search("krađa").hits[0].id == "KZ čl. 1"
        assert local_generations(other) == [first]  # nothing half-fetched left behind
        assert live.check() is None  # reported once, not every poll

        state = live.serving()
        assert (state.served, state.published, state.failed) == (first, second, second)
        (mine,) = state.replicas
        assert (mine.served, mine.failed) == (first, second) and mine.error and "damaged" in mine.error
        text = render(_empty_stats(), lang="en", serving=state)
        assert f"Served here: generation {first}" in text and f"Not served here: {second}" in text
        assert f"still on {first}, {second} not served" in text

        upgrade_database(postgres_url, QUERY_LOG)  # the bot's log, as a running bot leaves it
        monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)
        result = invoke("stats", "--json", "--data-dir", str(other.data_dir))  # the CLI reads the same rows
        assert result.exit_code == 0, result.output
        index = json.loads(result.stdout)["index"]
        assert (index["served"], index["published"], index["failed"]) == (first, second, second)

        repaired = invoke("publish", "--data-dir", str(publisher.data_dir))  # published again whole
        assert repaired.exit_code == 0, repaired.output
        assert f"published generation {second}" in repaired.stdout and "replacing" in repaired.stdout
        switch = live.check()
        assert switch is not None and switch.error is None and live.generation == second
        assert live.serving().failed is None and publication_state(other).replicas[0].failed is None
    finally:
        live.close()


def test_an_unreachable_database_keeps_the_old_generation_and_a_restart_fetches_the_current(
    publisher: Settings, tmp_path: Path, postgres_url: str
) -> None:
    other = replica(tmp_path / "replica", postgres_url)
    first = read_pointer(publisher)
    LiveRetriever.open(other).close()  # fetched once, then the replica stops
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]  # nothing listens here once the socket is closed
    cut_off = replica(other.data_dir, f"postgresql://kodeks:s3cret@127.0.0.1:{closed}/kodeks")
    live = LiveRetriever.open(cut_off)  # starts on what its data dir has, and says why it could not fetch
    try:
        assert live.generation == first
        assert live.check() is None  # the same failure is not reported at every poll
        switch = live.check(force=True)  # SIGHUP: tried and reported again
        assert switch is not None and switch.stage == "fetch" and switch.error and "cannot be used" in switch.error
        assert live.search("krađa").hits[0].id == "KZ čl. 1"
        state = live.serving()
        assert state.error and "cannot be used" in state.error
        assert state.served == first and state.database_error and "cannot be used" in state.database_error
        assert "s3cret" not in json.dumps(state.__dict__, default=str)
    finally:
        live.close()

    second = ingest(publisher, tmp_path, "znn", ZNN)  # published while the replica was down
    live = LiveRetriever.open(other)  # the restart fetches the current one before serving
    try:
        assert live.generation == second
        assert live.search("nož na javnom mjestu").hits[0].id == "ZNN čl. 1"
    finally:
        live.close()


def test_an_empty_replica_that_cannot_fetch_refuses_to_start_with_the_reason(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    empty = replica(tmp_path / "empty", f"postgresql://kodeks:s3cret@127.0.0.1:{closed}/kodeks")
    with pytest.raises(Exception) as caught:
        LiveRetriever.open(empty)
    message = str(caught.value)
    assert "no index to serve" in message and "cannot be used" in message and "s3cret" not in message


def _empty_stats() -> dict[str, Any]:
    from bot.querylog import utcnow
    from bot.querylog.figures import empty

    return empty(utcnow())


def test_a_publication_that_fails_its_check_is_thrown_away(
    publisher: Settings, tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checksums prove the bytes arrived as published, not that the publisher's generation was sound: the
    fetched one passes the check a new generation passes before it is served."""
    monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)
    other = replica(tmp_path / "replica", postgres_url)
    live = LiveRetriever.open(other)
    try:
        first = live.generation
        second = ingest(publisher, tmp_path, "znn", ZNN)
        laws = index_root(publisher) / second / "laws.json"  # the publisher's folder damaged, then published again
        laws.write_text(json.dumps({"NEPOZNAT": {}}), encoding="utf-8")
        refused = invoke("publish", "--data-dir", str(publisher.data_dir))  # `kodeks publish` checks first
        assert refused.exit_code == 1 and "laws.json" in refused.stderr
        publish(publisher, current_paths(publisher))  # published as it is all the same (a publisher's bug)
        switch = live.check()
        assert switch is not None and switch.stage == "fetch" and switch.error and "laws.json" in switch.error
        assert live.generation == first and local_generations(other) == [first]
    finally:
        live.close()


async def test_the_running_bot_follows_the_publication_and_says_in_stats_what_it_could_not_fetch(
    telegram_server: Any,
    publisher: Settings,
    tmp_path: Path,
    postgres_url: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    from tests.test_bot import ADMIN, OFFICER, bot_settings, rendered, running_bot

    monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)  # for `kodeks publish`
    settings = bot_settings(replica(tmp_path / "replica", postgres_url), telegram_server, index_poll_seconds=0.2)
    live = await asyncio.to_thread(LiveRetriever.open, settings)
    first = live.generation
    caplog.set_level("INFO", logger="bot.index_watch")
    async with running_bot(telegram_server, settings, live, tmp_path / "queries.sqlite3"):
        local_only = publisher.model_copy(update={"database_url": None})  # built, not yet published
        second = await asyncio.to_thread(ingest, local_only, tmp_path, "znn", ZNN)
        laws = index_root(publisher) / second / "laws.json"
        good = laws.read_bytes()
        laws.write_text(json.dumps({"NEPOZNAT": {}}), encoding="utf-8")  # a generation unfit to serve
        await asyncio.to_thread(publish, publisher, current_paths(publisher))
        laws.write_bytes(good)
        await telegram_server.wait_until(lambda: live.serving().failed == second, timeout=60, what="the failure")
        telegram_server.send_text(ADMIN, "/stats")
        [stats] = await telegram_server.wait_messages(ADMIN, 1)
        await asyncio.to_thread(invoke, "publish", "--data-dir", str(publisher.data_dir))  # repaired
        await telegram_server.wait_until(lambda: live.generation == second, timeout=60, what="the switch")
        telegram_server.send_text(OFFICER, "smijem li nositi nož na javnom mjestu")
        [answer] = await telegram_server.wait_messages(OFFICER, 1, timeout=120)
        telegram_server.send_text(ADMIN, "/stats")
        [_, after] = await telegram_server.wait_messages(ADMIN, 2)
    live.close()
    text = rendered(stats)
    assert f"Ovdje se služi: generacija {first}" in text and f"Objavljena za sve replike: {second}" in text
    assert f"Ovdje se ne služi: {second}" in text and "laws.json" in text
    assert "ZNN, član 1" in rendered(answer)
    assert f"Ovdje se služi: generacija {second}" in rendered(after) and "ne služi" not in rendered(after)
    logged = [r.getMessage() for r in caplog.records if r.name == "bot.index_watch"]
    failures = [m for m in logged if "cannot be fetched" in m]
    assert len(failures) == 1 and second in failures[0] and f"still serving {first}" in failures[0]  # once
    assert any(f"now serving generation {second}" in m for m in logged)


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A real Chroma server (`chroma run`) on a free local port, its log in a file: it logs every request, and a
    pipe nobody reads would stop it once full."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = tmp_path_factory.mktemp("chroma-server")
    log = path / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [str(Path(sys.executable).with_name("chroma")), "run", "--path", str(path / "db"), "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=path,
        )
    try:
        for _ in range(1200):
            if "listening on" in log.read_text(errors="replace"):
                break
            if proc.poll() is not None:
                pytest.fail("chroma run exited: " + log.read_text(errors="replace")[-2000:])
            time.sleep(0.05)
        else:
            pytest.fail("chroma run did not start within 60 s")
        yield "127.0.0.1", port
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def test_on_a_chroma_server_only_the_files_are_published_and_the_collections_replicas_read_are_kept(
    tmp_path: Path,
    postgres_url: str,
    chroma_server: tuple[str, int],
) -> None:
    from retrieval.index.chroma import chroma_client

    host, port = chroma_server
    server = {"chroma_host": host, "chroma_port": port, "collection": "kodeks_pub"}
    publisher = settings_for(tmp_path / "publisher", database_url=postgres_url, **server)
    other = settings_for(tmp_path / "replica", database_url=postgres_url, **server)
    first = ingest(publisher, tmp_path, "kz", KZ)
    files = json.loads(rows(postgres_url, "SELECT files FROM index_publications")[0][0])
    assert files and not any(f["path"].startswith("chroma/") for f in files)  # the vectors stay on the server
    live = LiveRetriever.open(other)
    try:
        assert live.generation == first and live.search("krađa").hits[0].id == "KZ čl. 1"
        second = ingest(publisher, tmp_path, "znn", ZNN)  # the publisher's cleanup deletes its local `first`…
        collections = {c.name for c in chroma_client(publisher).list_collections()}
        assert f"kodeks_pub-{first}" in collections  # …but not its collection: the replica may still read it
        assert live.check() is not None and live.generation == second
        third = ingest(publisher, tmp_path, "zobs", ZOBS)
        collections = {c.name for c in chroma_client(publisher).list_collections()}
        assert f"kodeks_pub-{first}" not in collections  # pruned with its publication
        assert {f"kodeks_pub-{second}", f"kodeks_pub-{third}"} <= collections
        assert live.check() is not None and live.generation == third
        assert live.search("alkotest", k=1).hits[0].id == "ZOBS čl. 1"
        live.check()  # the replica deletes its local `second`, and leaves the collections of the publications
        collections = {c.name for c in chroma_client(publisher).list_collections()}
        assert {f"kodeks_pub-{second}", f"kodeks_pub-{third}"} <= collections and local_generations(other) == [third]
    finally:
        live.close()


def test_a_publisher_whose_publication_failed_keeps_its_new_generation_and_says_to_publish(
    publisher: Settings, tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot on the publisher's own data dir: a write whose publication failed is served there (never replaced by
    the older published one), reported, and `kodeks publish` brings every replica to it."""
    first = read_pointer(publisher)
    live = LiveRetriever.open(publisher)  # the published generation is this data dir's own: nothing fetched
    try:
        assert live.generation == first and live.check() is None
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            closed = s.getsockname()[1]
        cut_off = publisher.model_copy(
            update={"database_url": SecretStr(f"postgresql://kodeks:s3cret@127.0.0.1:{closed}/kodeks")}
        )
        with pytest.raises(KodeksError) as caught:
            ingest(cut_off, tmp_path, "znn", ZNN)
        message = str(caught.value)
        assert "is current in" in message and "kodeks publish" in message and "s3cret" not in message
        second = read_pointer(publisher)
        assert second != first
        switch = live.check()  # its own new generation, not the older published one
        assert switch is not None and live.generation == second
        assert live.serving().error and "never published" in live.serving().error  # said in /stats

        monkeypatch.setenv("KODEKS_DATABASE_URL", postgres_url)
        assert invoke("publish", "--data-dir", str(publisher.data_dir)).exit_code == 0
        live.check()
        assert live.generation == second and live.serving().error is None
        other = LiveRetriever.open(replica(tmp_path / "replica", postgres_url))
        assert other.generation == second
        other.close()
    finally:
        live.close()
