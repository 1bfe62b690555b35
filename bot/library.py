"""What the bot may do with the law library: check a law file an admin sent, and add it.

A `Protocol` the bot is given at start-up (`run_bot(settings, library=…)`; the implementation over
retrieval's ingest is `kodeks/library.py`), so that `bot/` imports nothing of ingest or the index — the
import contracts in pyproject.toml say so. Both calls are synchronous and CPU-bound (a PDF takes ~30 s to
read, embedding ~9 articles/s): the bot runs them with `asyncio.to_thread`, never on the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

# Told how far an ingest is: (stage, done, total); stage "reading" counts pages, "embedding" chunks; "waiting"
# (another ingest holds the data dir's writer lock) gives in `done` since when, in Unix seconds (0: unknown).
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class LawFile:
    """A downloaded law file and how to name its law."""

    path: Path
    law: str
    title: str = ""
    jurisdiction: str = ""
    file_name: str = ""  # as the admin sent it (warnings name it instead of the download's path)


@dataclass(frozen=True)
class Replaced:
    """A loaded law the file would mostly replace: what would go, and from which file to which."""

    law: str
    in_force: int  # its articles in force now
    removed: int
    changed: int
    source_before: str = ""  # file names, as an admin knows them
    source_after: str = ""


@dataclass(frozen=True)
class LawCheck:
    """The dry run of one file: what adding it would index."""

    law: str
    articles: int  # in force
    deleted: int
    annexes: int
    titles: tuple[str, ...]  # the first articles, "1 – Predmet"
    warnings: tuple[str, ...]  # one line each, naming the file as the admin sent it
    duplicate_of: str | None = None  # another law already holds these article texts: not offered for adding
    errors: tuple[str, ...] = ()  # why nothing could be read, when nothing could
    replaces: tuple[Replaced, ...] = ()  # adding it would mostly replace these laws: only on explicit confirmation

    @property
    def addable(self) -> bool:
        return self.duplicate_of is None and (self.articles > 0 or self.annexes > 0)


@dataclass(frozen=True)
class LawAdded:
    """What adding a file did."""

    law: str
    articles: int  # articles read from the file
    embedded: int  # chunks embedded now
    reused: int  # chunks whose stored vector was kept
    total_articles: int  # in the index afterwards
    warnings: tuple[str, ...] = ()


class LawLibrary(Protocol):
    """The law library as an admin's upload sees it."""

    def check(self, law_file: LawFile) -> LawCheck: ...

    def add(self, law_file: LawFile, progress: Progress | None = None, confirmed: bool = False) -> LawAdded:
        """Keep the file in the library and index it; raises `kodeks.errors.KodeksError` (one line) when refused.
        `confirmed`: the admin saw `LawCheck.replaces` and insisted (an update that replaces most of a law
        is refused without it)."""
        ...
