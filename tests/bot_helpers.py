"""Fixtures for every test that runs the real bot (registered in the root conftest): the log path and bot settings."""

from __future__ import annotations

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
