"""Root conftest: registers the fixture modules that live in tests/ (fake servers, sample index) and starts
mypy in the background when tests/test_static_checks.py is among the collected tests."""

from __future__ import annotations

import pytest

from tests import static_checks

pytest_plugins = [
    "tests.fixtures_index",
    "tests.fakes.anthropic_server",
    "tests.fakes.telegram_server",
    "tests.fakes.transcription_server",
    "tests.bot_helpers",
    "tests.juris_helpers",
    "tests.postgres_server",
]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start mypy before the first test runs, so it checks while the other tests do (only if its test will run)."""
    if any(item.path.name == static_checks.TEST_FILE for item in session.items):
        static_checks.start_mypy()


def pytest_sessionfinish(session: pytest.Session) -> None:
    static_checks.stop_mypy()
