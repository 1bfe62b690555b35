"""Fixtures for every test that runs the real bot (registered in the root conftest): the log path, bot settings
and a private data directory for a bot process."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import bot_settings


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    return tmp_path / "queries.sqlite3"


@pytest.fixture
def settings(sample_index: Settings, telegram_server: FakeTelegramServer) -> Settings:
    return bot_settings(sample_index, telegram_server)


@pytest.fixture
def bot_data_dir(sample_index: Settings, tmp_path: Path) -> Path:
    """A private copy of the sample index, so a bot process's query log lands in this test's directory."""
    target = tmp_path / "data"
    shutil.copytree(sample_index.data_dir, target, ignore=shutil.ignore_patterns("queries.sqlite3*"))
    return target


# A second process holding the query log's write lock until a line arrives on its stdin.
LOCK_HOLDER = """
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
con.execute("ROLLBACK")
print("released", flush=True)
"""
