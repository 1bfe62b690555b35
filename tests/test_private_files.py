"""Officers' data is readable by the bot's user only: every file 0600 and the data dir 0700 from the moment
they are created (even under a permissive umask), and a warning naming the chmod for one that is wider.

The helpers are imported inside the tests that use them, so the behaviour tests also run on a checkout
without them (they fail there: the red-team finding)."""

from __future__ import annotations

import contextlib
import gzip
import json
import logging
import os
import stat
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bot.officers import Officers
from bot.querylog import QueryLog
from bot.querylog.export import export_parts
from kodeks.answering.rewrite import RewriteCache
from kodeks.cli import app
from kodeks.settings import load_settings


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextlib.contextmanager
def umask(value: int) -> Iterator[None]:
    """A permissive umask (as under some service managers): modes must come from the code, not from it."""
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


async def test_the_query_log_and_journal_are_0600_in_a_0700_data_dir(tmp_path: Path) -> None:
    data = tmp_path / "new" / "data"
    with umask(0):
        log = await QueryLog.open(data / "queries.sqlite3")
        await log.journal_received(update_id=1, chat_id=5, message_id=7, question="ukrao mi je mobitel")
        await log.record(user_id=5, question="ukrao mi je mobitel")
        await log.close()
    assert mode(data) == 0o700 and mode(data.parent) == 0o700
    assert mode(data / "queries.sqlite3") == 0o600


async def test_the_officers_table_is_0600(tmp_path: Path) -> None:
    with umask(0):
        officers = Officers(tmp_path / "data" / "officers.sqlite3", lambda uid: str(uid))
        await officers.assign(424242, "RS")
    assert mode(tmp_path / "data") == 0o700
    assert mode(tmp_path / "data" / "officers.sqlite3") == 0o600
    for companion in (tmp_path / "data").glob("officers.sqlite3-*"):
        assert mode(companion) == 0o600, companion


def test_the_rewrite_cache_and_the_salt_are_0600(tmp_path: Path) -> None:
    with umask(0):
        cache = RewriteCache(tmp_path / "data" / "rewrites.sqlite3")
        cache.put("k", "m", "p", "ukrao mi je mobitel", "krađa")
        cache.close()
        load_settings(data_dir=tmp_path / "salted", _env_file=None).hash_salt()
    for path in [
        tmp_path / "data" / "rewrites.sqlite3",
        *(tmp_path / "data").glob("rewrites.sqlite3-*"),
        tmp_path / "salted" / "user_hash.salt",
    ]:
        assert mode(path) == 0o600, path
    assert mode(tmp_path / "data") == 0o700 and mode(tmp_path / "salted") == 0o700


async def test_exports_are_0600_from_the_bot_and_from_the_command(tmp_path: Path) -> None:
    log = await QueryLog.open(tmp_path / "queries.sqlite3")
    await log.record(user_id=5, question="ukrao mi je mobitel", at=datetime.now(UTC))
    await log.close()
    with umask(0):
        count, parts = export_parts(tmp_path / "queries.sqlite3", None, tmp_path / "parts", "kodeks-export")
        result = CliRunner().invoke(
            app, ["export", "--out", str(tmp_path / "out" / "field.jsonl.gz"), "--data-dir", str(tmp_path)]
        )
        plain = CliRunner().invoke(app, ["export", "--out", str(tmp_path / "field.jsonl"), "--data-dir", str(tmp_path)])
    assert count == 1 and all(mode(p) == 0o600 for p in parts) and mode(tmp_path / "parts") == 0o700
    assert result.exit_code == 0 and plain.exit_code == 0, result.output + plain.output
    assert mode(tmp_path / "out" / "field.jsonl.gz") == 0o600 and mode(tmp_path / "field.jsonl") == 0o600
    with gzip.open(tmp_path / "out" / "field.jsonl.gz", "rt", encoding="utf-8") as handle:
        assert json.loads(handle.readline())["question"] == "ukrao mi je mobitel"
    assert json.loads((tmp_path / "field.jsonl").read_text(encoding="utf-8"))["question"] == "ukrao mi je mobitel"


def test_an_export_over_a_wider_file_narrows_it_before_writing(tmp_path: Path) -> None:
    from kodeks.private_files import open_private

    target = tmp_path / "old.jsonl"
    target.write_text("staro\n")
    target.chmod(0o644)
    with open_private(target, "w", encoding="utf-8") as handle:
        handle.write("novo\n")
    assert mode(target) == 0o600 and target.read_text() == "novo\n"


def test_helpers_keep_an_existing_mode_and_report_it_with_the_chmod(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from kodeks.private_files import create_private, in_data_dir, private_dir, warn_if_wider

    data = private_dir(tmp_path / "data")
    (data / "officers.sqlite3").write_text("")
    (data / "officers.sqlite3").chmod(0o644)
    assert create_private(data / "officers.sqlite3") is False and mode(data / "officers.sqlite3") == 0o644
    assert create_private(data / "queries.sqlite3") is True and mode(data / "queries.sqlite3") == 0o600
    data.chmod(0o755)
    caplog.set_level(logging.WARNING)
    lines = warn_if_wider(in_data_dir(data))
    assert lines == [
        f"{data} holds officers' data but is mode 0755 (others can read it): run chmod 700 {data}",
        f"{data / 'officers.sqlite3'} holds officers' data but is mode 0644 (others can read it): "
        f"run chmod 600 {data / 'officers.sqlite3'}",
    ]
    assert [r.getMessage() for r in caplog.records if r.name == "kodeks.files"] == lines
    data.chmod(0o700)
    (data / "officers.sqlite3").chmod(0o600)
    assert warn_if_wider(in_data_dir(data)) == []


async def test_kodeks_bot_warns_at_start_of_a_file_others_can_read(bot_data_dir: Path, telegram_server: Any) -> None:
    """One line per wider file, naming it and the chmod; the bot still starts (an operator's choice)."""
    from tests.test_bot_cli import start_bot, stop_bot, wait_for_log

    officers = bot_data_dir / "officers.sqlite3"
    officers.write_bytes(b"")
    officers.chmod(0o644)
    proc = await start_bot(bot_data_dir, {"KODEKS_TELEGRAM_BASE_URL": telegram_server.base_url})
    try:
        await wait_for_log(
            proc, f"{officers} holds officers' data but is mode 0644 (others can read it): run chmod 600 {officers}"
        )
        await wait_for_log(proc, "long polling started")
    finally:
        code, err = await stop_bot(proc)
    assert code == 0, err
