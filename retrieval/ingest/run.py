"""`kodeks ingest`: law files → articles (ingest/reading.py) → the index (index/writer.py), and the dry run.

Files that cannot be read are reported and skipped; nothing that is already indexed is lost
because of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.articles import load_articles
from retrieval.index.catalog import law_text_hashes
from retrieval.index.law_catalog import record_ingest
from retrieval.index.writer import ProgressStart, update_index
from retrieval.ingest.library_checks import Duplicate, check_library, duplicate_warnings
from retrieval.ingest.limits import DEFAULT_LIMITS, ReadLimits
from retrieval.ingest.reading import FileResult, Inputs, ReadProgress, check_law_names, read_inputs
from retrieval.ingest.sources import LawInfo, Problem, read_toml_aliases
from retrieval.types import Article


@dataclass
class IngestReport:
    """What `kodeks ingest` prints: per file what it gave, and what the index update did."""

    files: int = 0
    articles: int = 0  # articles read from the input
    chunks: int = 0  # chunks of those articles
    embedded: int = 0  # chunks sent to the embedder
    reused: int = 0  # chunks whose stored vector was kept or copied
    deleted: int = 0  # articles removed because a re-ingested law no longer has them
    total_articles: int = 0  # articles in the index afterwards
    problems: list[Problem] = field(default_factory=list)
    per_file: list["FileResult"] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "files_read": [r.to_dict(entries=False) for r in self.per_file],
            "files": self.files,
            "articles": self.articles,
            "chunks": self.chunks,
            "embedded": self.embedded,
            "reused": self.reused,
            "deleted": self.deleted,
            "total_articles": self.total_articles,
            "problems": [str(p) for p in self.problems],
        }


def dry_run(settings: Settings | None, paths: list[Path | str], law_info: LawInfo | None = None,
            progress: ReadProgress | None = None) -> dict[str, Any]:
    """What ingest would read from `paths`, per file, without embedding or writing anything."""
    stored = load_articles(settings.data_dir) if settings is not None else {}
    inputs = read_inputs([Path(p) for p in paths], law_info, progress, stored, _limits(settings))
    duplicates = _library_check(settings, inputs, stored, paths)
    duplicate_warnings(inputs, duplicates)  # warned here, refused by a real ingest
    warnings = [str(p) for p in inputs.problems] + check_law_names(inputs, stored)
    return {
        "files": [r.to_dict() for r in inputs.per_file],
        "articles": sum(len(r.in_force) for r in inputs.per_file),
        "deleted": sum(len(r.deleted) for r in inputs.per_file),
        "annexes": sum(len(r.annexes) for r in inputs.per_file),
        "warnings": warnings,
        "duplicates": [d.to_dict() for d in duplicates],
    }


def ingest_paths(
    settings: Settings,
    paths: list[Path | str],
    law_info: LawInfo | None = None,
    reindex: bool = False,
    progress: ProgressStart | None = None,
    reader: ReadProgress | None = None,
    allow_duplicate: bool = False,
) -> IngestReport:
    """Bring the index in line with `paths`; returns counts and every problem found. A new law whose
    texts another law already holds is refused (KodeksError naming it) unless `allow_duplicate`."""
    stored = {} if reindex else load_articles(settings.data_dir)
    inputs = read_inputs([Path(p) for p in paths], law_info, reader, stored, _limits(settings))
    conflicts = check_law_names(inputs, stored)
    if conflicts:
        raise KodeksError(conflicts[0] + (f" (and {len(conflicts) - 1} more file(s))" if len(conflicts) > 1 else ""))
    duplicates = _library_check(settings, inputs, stored, paths)
    if duplicates and not allow_duplicate:
        first = duplicates[0]
        more = f" (and {len(duplicates) - 1} more law(s))" if len(duplicates) > 1 else ""
        raise KodeksError(f"{first.path}: {first.message()}{more}; nothing was indexed")
    duplicate_warnings(inputs, duplicates)
    report = IngestReport(files=inputs.files, articles=len(inputs.articles), problems=inputs.problems,
                          per_file=inputs.per_file, total_articles=len(stored))
    if not inputs.articles and not reindex:  # nothing read (an empty folder, refused files): the index is left as it is
        return report
    update = update_index(settings, stored, inputs.articles, inputs.complete_laws, reindex, progress)
    report.chunks, report.embedded, report.reused = update.chunks, update.embedded, update.reused
    report.deleted, report.total_articles = update.deleted, update.total_articles
    record_ingest(settings.data_dir, stored, update.articles, read_toml_aliases([Path(p) for p in paths]))
    return report


def _library_check(settings: Settings | None, inputs: Inputs, stored: dict[str, Article],
                   paths: list[Path | str]) -> list[Duplicate]:
    """ingest/library_checks.py over these inputs; the stored laws' text hashes come from the catalog."""
    keys = law_text_hashes(settings.data_dir) if settings is not None and stored else {}
    return check_library(inputs, stored, [Path(p) for p in paths], keys)


def _limits(settings: Settings | None) -> ReadLimits:
    return ReadLimits.from_settings(settings) if settings is not None else DEFAULT_LIMITS
