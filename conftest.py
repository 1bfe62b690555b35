"""Root conftest: registers the fixture modules that live in tests/ (fake servers, sample index)."""

pytest_plugins = [
    "tests.fixtures_index",
    "tests.fakes.anthropic_server",
    "tests.fakes.telegram_server",
    "tests.fakes.transcription_server",
    "tests.bot_helpers",
    "tests.juris_helpers",
]
