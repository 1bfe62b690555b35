"""The real law files of ../shared/laws, read once per test session: several test files check the same
parsed PDF (articles, stavovi, titles), and reading kz-fbih.pdf costs seconds each time."""

from __future__ import annotations

from functools import cache

from retrieval.ingest.sources import Problem, read_source
from retrieval.types import Article
from tests.fixtures_index import REPO

LAWS = REPO.parent / "shared" / "laws"


@cache
def read_real(name: str) -> tuple[list[Article], list[Problem]]:
    """`read_source` of ../shared/laws/NAME with no law info (the file's own title and a stem as its name)."""
    return read_source(LAWS / name, None)
