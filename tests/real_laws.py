"""The real law files of ../shared/laws, read once per test session: several test files check the same
parsed PDF (articles, stavovi, titles) or its text in reading order, and reading kz-fbih.pdf costs seconds
each time."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from retrieval.ingest.limits import DEFAULT_LIMITS, ReadLimits
from retrieval.ingest.pdf_text import PageProgress, PdfText, pdf_text
from retrieval.ingest.sources import Problem, read_source
from retrieval.types import Article
from tests.fixtures_index import REPO

LAWS = REPO.parent / "shared" / "laws"


@cache
def _reading(path: Path, limits: ReadLimits) -> PdfText:
    return pdf_text(path, None, limits)


def real_pdf_text(name: str) -> PdfText:
    """`pdf_text` of ../shared/laws/NAME under the default input limits, read once per session."""
    return _reading(LAWS / name, DEFAULT_LIMITS)


def shared_reading(path: Path, on_page: PageProgress | None, limits: ReadLimits) -> PdfText:
    """The `read_pdf` of `read_source` for the real laws: the session's one reading of each PDF."""
    assert on_page is None, "a shared reading reports no progress"
    return _reading(path, limits)


@cache
def read_real(name: str) -> tuple[list[Article], list[Problem]]:
    """`read_source` of ../shared/laws/NAME with no law info (the file's own title and a stem as its name);
    a PDF's text is the session's one reading of it (`real_pdf_text`), the rest of `read_source` runs."""
    return read_source(LAWS / name, None, read_pdf=shared_reading)
