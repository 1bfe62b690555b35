"""`kodeks ingest`: law files → articles (ingest/reading.py) → a new index generation (index/building.py),
and the dry run.

Files that cannot be read are reported and skipped; nothing that is already indexed is lost
because of them, and an update that would mostly replace a loaded law stops before writing
(ingest/update_checks.py). The whole ingest holds the data dir's writer lock (a second one waits, or refuses
with `wait=False`), and the index search uses changes only when the new generation is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from kodeks.private_files import private_dir
from kodeks.settings import Settings
from retrieval.index.articles import load_articles
from retrieval.index.building import IndexWriter, require_same_embedder_or_all_laws
from retrieval.index.catalog import law_text_hashes
from retrieval.index.generations import current_paths
from retrieval.index.law_catalog import LibraryCounts, load_law_records, updated_records
from retrieval.index.writer import ProgressStart
from retrieval.ingest.library_checks import Duplicate, check_library, duplicate_warnings
from retrieval.ingest.limits import DEFAULT_LIMITS, ReadLimits
from retrieval.ingest.reading import FileResult, Inputs, ReadProgress, check_law_names, read_inputs, source_key
from retrieval.ingest.sources import LawInfo, Problem, read_toml_aliases
from retrieval.ingest.update_checks import (
    LawChange,
    LawLoss,
    SampleRefused,
    UpdateRefused,
    incoming_sources,
    law_changes,
    law_losses,
    refusal_message,
    sample_refusal,
)
from retrieval.types import Article


@dataclass
class IngestReport:
    """What `kodeks ingest` prints: per file what it gave, and what the index update did."""

    files: int = 0
    articles: int = 0  # entries read from the input (articles in force, deleted ones, annexes)
    chunks: int = 0  # chunks of those articles
    embedded: int = 0  # chunks sent to the embedder
    reused: int = 0  # chunks whose stored vector was kept or copied
    deleted: int = 0  # articles removed from the index because a re-ingested law no longer has them
    total_articles: int = 0  # entries in the index afterwards (as `articles`)
    problems: list[Problem] = field(default_factory=list)
    per_file: list[FileResult] = field(default_factory=list)
    read: LibraryCounts = field(default_factory=lambda: LibraryCounts(0, 0, 0, 0))  # the input, as `laws` counts
    index: LibraryCounts = field(default_factory=lambda: LibraryCounts(0, 0, 0, 0))  # the index afterwards
    generation: str | None = None  # the generation current afterwards
    built: bool = False  # False: nothing changed, no new generation
    changes: list[LawChange] = field(default_factory=list)  # loaded laws' jurisdiction, title, aliases, source
    replaced: list[LawLoss] = field(default_factory=list)  # laws mostly replaced, as insisted on with `yes`

    def to_dict(self) -> dict[str, Any]:
        return {
            "files_read": [r.to_dict(entries=False) for r in self.per_file],
            "files": self.files,
            "articles": self.articles,
            "chunks": self.chunks,
            "embedded": self.embedded,
            "reused": self.reused,
            "deleted": self.deleted,
            "removed": self.deleted,
            "total_articles": self.total_articles,
            "read": self.read.to_dict(),
            "index": self.index.to_dict(),
            "generation": self.generation,
            "new_generation": self.built,
            "problems": [str(p) for p in self.problems],
            "changes": [str(c) for c in self.changes],
            "replaced": [loss.to_dict() for loss in self.replaced],
        }


def dry_run(
    settings: Settings | None,
    paths: Sequence[Path | str],
    law_info: LawInfo | None = None,
    progress: ReadProgress | None = None,
) -> dict[str, Any]:
    """What ingest would read from `paths`, per file, without embedding or writing anything."""
    root = current_paths(settings).root if settings is not None else None
    stored = load_articles(root) if root is not None else {}
    inputs = read_inputs([Path(p) for p in paths], law_info, progress, stored, _limits(settings))
    duplicates = _library_check(inputs, stored, paths, root)
    duplicate_warnings(inputs, duplicates)  # warned here, refused by a real ingest
    records = load_law_records(root) if root is not None and stored else {}
    sample = sample_refusal(inputs, stored)
    losses = law_losses(inputs, stored, records)
    refusals = ([sample] if sample else []) + ([refusal_message(losses)] if losses else [])
    warnings = [str(p) for p in inputs.problems] + check_law_names(inputs, stored) + refusals
    return {
        "files": [r.to_dict() for r in inputs.per_file],
        "articles": sum(len(r.in_force) for r in inputs.per_file),
        "deleted": sum(len(r.deleted) for r in inputs.per_file),
        "annexes": sum(len(r.annexes) for r in inputs.per_file),
        "warnings": warnings,
        "duplicates": [d.to_dict() for d in duplicates],
        "changes": [str(c) for c in law_changes(inputs, stored, records, read_toml_aliases([Path(p) for p in paths]))],
        "losses": [loss.to_dict() for loss in losses],  # a real ingest stops on these unless told `yes`
        "sample_refused": sample,  # a real ingest stops on this whatever it is told
    }


def ingest_paths(
    settings: Settings,
    paths: Sequence[Path | str],
    law_info: LawInfo | None = None,
    reindex: bool = False,
    progress: ProgressStart | None = None,
    reader: ReadProgress | None = None,
    allow_duplicate: bool = False,
    *,
    wait: bool = True,
    on_wait: Callable[[str], None] | None = None,
    yes: bool = False,
) -> IngestReport:
    """Bring the index in line with `paths`; returns counts and every problem found. `reindex`: the laws
    these paths hold are embedded again from scratch (every other law stays as it is). A new law whose
    texts another law already holds is refused (KodeksError naming it) unless `allow_duplicate`; an update
    that would mostly replace a loaded law, or replace it from a source of another kind, is refused
    (`UpdateRefused`, naming what would go) unless `yes`; the illustrative sample beside real law is
    refused always (`SampleRefused`; ingest/update_checks.py says why). Nothing is written when refused."""
    private_dir(settings.data_dir)  # made 0700 if new: the bot keeps officers' data here (kodeks/private_files.py)
    with IndexWriter.open(settings, wait=wait, on_wait=on_wait) as writer:
        stored = writer.stored
        inputs = read_inputs([Path(p) for p in paths], law_info, reader, stored, _limits(settings))
        if not reindex:
            conflicts = check_law_names(inputs, stored)
            if conflicts:
                raise KodeksError(
                    conflicts[0] + (f" (and {len(conflicts) - 1} more file(s))" if len(conflicts) > 1 else "")
                )
        laws = {a.law for a in inputs.articles}
        drop = _indexed_from(stored, inputs.per_file, laws) if reindex else set()
        # A law renamed by --reindex is not a copy of the name it replaces: those articles leave the check.
        kept = {aid: a for aid, a in stored.items() if aid not in drop}
        duplicates = _library_check(inputs, kept, paths, writer.source.root if not drop else None)
        if duplicates and not allow_duplicate:
            first = duplicates[0]
            more = f" (and {len(duplicates) - 1} more law(s))" if len(duplicates) > 1 else ""
            raise KodeksError(f"{first.path}: {first.message()}{more}; nothing was indexed")
        duplicate_warnings(inputs, duplicates)
        records = load_law_records(writer.source.root) if writer.source.articles.exists() else {}
        sample = sample_refusal(inputs, kept)
        if sample:
            raise SampleRefused(sample)
        losses = law_losses(inputs, kept, records)
        if losses and not yes:
            raise UpdateRefused(refusal_message(losses), losses)
        aliases = read_toml_aliases([Path(p) for p in paths])
        sources = incoming_sources(inputs)
        report = IngestReport(
            files=inputs.files,
            articles=len(inputs.articles),
            problems=inputs.problems,
            per_file=inputs.per_file,
            read=LibraryCounts.of(inputs.articles),
            changes=law_changes(inputs, kept, records, aliases),
            replaced=losses,
        )
        fresh, reembed = False, set()
        if reindex and inputs.articles:
            identity = writer.index_identity()
            if identity is not None and identity != writer.embedder.identity:
                require_same_embedder_or_all_laws(stored, laws)
                fresh = True
            reembed = laws
        result = writer.write(
            inputs.articles,
            inputs.complete_laws,
            progress=progress,
            reembed_laws=reembed,
            drop=drop,
            fresh=fresh,
            records=lambda old, before, after: updated_records(old, before, after, aliases, sources=sources),
        )
    update = result.update
    report.chunks, report.embedded, report.reused = update.chunks, update.embedded, update.reused
    report.deleted, report.total_articles = update.deleted, update.total_articles
    report.index, report.generation, report.built = result.counts, update.generation, update.built
    return report


def _indexed_from(stored: dict[str, Article], files: list[FileResult], laws: set[str]) -> set[str]:
    """Articles indexed from these files under another law name: `--reindex` replaces them."""
    sources = {source_key(f.path) for f in files if f.articles}
    named = {s: source_key(s) for s in {a.extra.get("source") for a in stored.values()} if s}  # once a file
    return {
        aid
        for aid, a in stored.items()
        if a.law not in laws and a.extra.get("source") and named[a.extra["source"]] in sources
    }


def _library_check(
    inputs: Inputs, stored: dict[str, Article], paths: Sequence[Path | str], catalog_root: Path | None
) -> list[Duplicate]:
    """ingest/library_checks.py over these inputs; the stored laws' text hashes are read from the catalog
    of the generation at `catalog_root` (None: hashed from `stored`, e.g. when it leaves some laws out)."""
    keys = law_text_hashes(catalog_root) if stored and catalog_root is not None else None
    return check_library(inputs, stored, [Path(p) for p in paths], keys)


def _limits(settings: Settings | None) -> ReadLimits:
    return ReadLimits.from_settings(settings) if settings is not None else DEFAULT_LIMITS
