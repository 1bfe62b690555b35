"""The law library the bot is given (`bot.library.LawLibrary`), over retrieval's ingest: the dry run of an
uploaded file, and adding it — the same `dry_run` and `ingest_paths` as `kodeks ingest`, so an upload is
checked and refused exactly as the command line would (limits, duplicates, names, an update that would
replace most of a law — added only when the admin confirms it, as `--yes` — and the illustrative sample).

An added file is kept in `$KODEKS_DATA_DIR/laws/<law>.<suffix>` (one file per law, named after it): the
index records where each law was read from, so a later upload of the same law replaces it in place, and
`kodeks ingest --reindex $KODEKS_DATA_DIR/laws/…` can rebuild it. If the ingest is refused, the previous
file is put back.

Sits above `bot` (it implements the bot's Protocol with the bot's types) and below the CLI, which wires it
into `kodeks bot` (pyproject.toml: the floors contract).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from bot.library import LawAdded, LawCheck, LawFile, Progress, Replaced
from kodeks.errors import KodeksError
from kodeks.private_files import private_dir
from kodeks.settings import Settings
from retrieval.index.writer_lock import holder_since
from retrieval.ingest.run import dry_run, ingest_paths
from retrieval.ingest.sources import LawInfo
from retrieval.language.normalize import fold

LIBRARY_DIR = "laws"
TITLES_SHOWN = 5


def library_file(data_dir: Path, law: str, suffix: str) -> Path:
    """Where an uploaded law is kept: "KZ FBiH" → laws/kz-fbih.pdf."""
    slug = re.sub(r"[^a-z0-9]+", "-", fold(law)).strip("-") or "zakon"
    return data_dir / LIBRARY_DIR / f"{slug}{suffix.lower()}"


class _Reading:
    """`retrieval.ingest.reading.ReadProgress` → Progress("reading", page, pages)."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress

    def file(self, path: Path, index: int, total: int) -> None:
        self.progress("reading", 0, 0)

    def page(self, done: int, total: int) -> None:
        self.progress("reading", done, total)


def _embedding(progress: Progress) -> Callable[[int], Callable[[int], None]]:
    """`retrieval.index.writer.ProgressStart` → Progress("embedding", chunks done, chunks)."""

    def start(total: int) -> Callable[[int], None]:
        done = [0]
        progress("embedding", 0, total)

        def advance(n: int) -> None:
            done[0] += n
            progress("embedding", done[0], total)

        return advance

    return start


class IngestLibrary:
    """`bot.library.LawLibrary` over `retrieval.ingest.run` for one data dir."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def _info(self, law_file: LawFile) -> LawInfo:
        return LawInfo(law=law_file.law, title=law_file.title, jurisdiction=law_file.jurisdiction)

    def _named(self, text: str, law_file: LawFile, path: Path) -> str:
        """A warning as the admin reads it: the file as they sent it, not where it was downloaded."""
        return text.replace(str(path), law_file.file_name or path.name)

    def check(self, law_file: LawFile) -> LawCheck:
        report = dry_run(self.settings, [law_file.path], law_info=self._info(law_file))
        [file] = report["files"] or [{"entries": [], "errors": [], "law": law_file.law}]
        titles = tuple(
            f"{e['article']} – {e['title']}" if e["title"] else e["article"]
            for e in file["entries"]
            if not e["deleted"]
        )[:TITLES_SHOWN]
        duplicates = report.get("duplicates") or []
        return LawCheck(
            law=file.get("law") or law_file.law,
            articles=report["articles"],
            deleted=report["deleted"],
            annexes=report["annexes"],
            titles=titles,
            warnings=tuple(self._named(w, law_file, law_file.path) for w in report["warnings"]),
            duplicate_of=duplicates[0]["other"] if duplicates else None,
            errors=tuple(self._named(e, law_file, law_file.path) for e in file["errors"]),
            replaces=tuple(
                Replaced(
                    loss["law"],
                    loss["in_force"],
                    loss["removed"],
                    loss["changed"],
                    Path(loss["source_before"]).name if loss["source_before"] else "",
                    law_file.file_name or law_file.path.name,
                )
                for loss in report.get("losses") or []
            ),
        )

    def _waiting(self, progress: Progress) -> Callable[[str], None]:
        """The writer lock is held by another ingest: Progress("waiting", since (Unix seconds, 0 unknown), 0)."""

        def on_wait(_line: str) -> None:
            since = holder_since(self.settings.data_dir)
            progress("waiting", int(since.timestamp()) if since else 0, 0)

        return on_wait

    def add(self, law_file: LawFile, progress: Progress | None = None, confirmed: bool = False) -> LawAdded:
        target = library_file(self.settings.data_dir, law_file.law, law_file.path.suffix)
        private_dir(target.parent)
        previous = target.with_name(target.name + ".previous")
        if target.exists():
            os.replace(target, previous)
        os.replace(law_file.path, target)
        try:
            report = ingest_paths(
                self.settings,
                [target],
                law_info=self._info(law_file),
                progress=_embedding(progress) if progress else None,
                reader=_Reading(progress) if progress else None,
                on_wait=self._waiting(progress) if progress else None,
                yes=confirmed,
            )
        except BaseException as exc:
            os.replace(target, law_file.path)  # the download stays the caller's, the library as it was
            if previous.exists():
                os.replace(previous, target)
            if isinstance(exc, KodeksError):
                raise KodeksError(self._named(str(exc), law_file, target)) from None
            raise
        previous.unlink(missing_ok=True)
        warnings = tuple(self._named(str(p), law_file, target) for p in report.problems)
        return LawAdded(
            law=law_file.law,
            articles=report.articles,
            embedded=report.embedded,
            reused=report.reused,
            total_articles=report.total_articles,
            warnings=warnings,
        )
