"""Shared fixtures: settings pointing at a temporary data dir, and the sample corpus indexed once per session."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from kodeks.settings import Settings, load_settings

REPO = Path(__file__).resolve().parents[1]
SAMPLE_CORPUS = REPO / "data" / "sample" / "corpus.jsonl"
SAMPLE_EVAL = REPO / "data" / "sample" / "eval.jsonl"
SHARED_BENCH = REPO.parent / "shared" / "bench"


def bench_script(stem: str) -> ModuleType:
    """bench/<stem>.py loaded as a module (bench/ is scripts, not a package), registered under bench_<stem> so
    the dataclasses it defines can resolve their module by name."""
    name = f"bench_{stem}"
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{stem}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test sees the developer's keys or .env: each test sets what it needs."""
    for name in (
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_BASE_URL",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "TELEGRAM_BOT_TOKEN",
        "CHROMA_HOST",
        "KODEKS_DATA_DIR",
        "KODEKS_EMBEDDER",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def in_empty_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from an empty directory, so a developer's .env in the working directory cannot leak a real key into a
    command the test runs (the CLI reads ./.env). Used by the CLI tests: `pytestmark = pytest.mark.usefixtures(...)`."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="session")
def sample_index(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Settings whose data dir holds the sample corpus, ingested with the real local embedder (once)."""
    from retrieval.ingest.run import ingest_paths

    data_dir = tmp_path_factory.mktemp("sample-index")
    settings = load_settings(data_dir=data_dir, _env_file=None)
    ingest_paths(settings, [SAMPLE_CORPUS])
    return settings


@pytest.fixture(scope="session")
def retriever(sample_index: Settings):
    """The real Retriever over the sample index, opened once."""
    from retrieval.search.retriever import Retriever

    return Retriever.open(sample_index)
