"""Law files and corpus JSONL → the articles each file gives, with its problems: what an ingest reads.

Nothing here knows the index: `stored` (what is indexed now) is handed in, so a second ingest of a
file can keep the law name it has and a file already indexed under another name is refused.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from retrieval.ingest.limits import DEFAULT_LIMITS, ReadLimits
from retrieval.ingest.sources import LawInfo, Problem, discover, read_source
from retrieval.jurisdictions import label_articles
from retrieval.types import Article


class ReadProgress(Protocol):
    """Told about each file while inputs are read (a PDF of 400 articles takes a while)."""

    def file(self, path: Path, index: int, total: int) -> None: ...

    def page(self, done: int, total: int) -> None: ...


@dataclass
class FileResult:
    """What one input file gave: its entries (articles in force, deleted ones, annexes) and warnings."""

    path: str
    law: str
    articles: list[Article]
    problems: list[Problem]
    seconds: float = 0.0

    @property
    def in_force(self) -> list[Article]:
        return [a for a in self.articles if not a.deleted and not a.extra.get("kind")]

    @property
    def deleted(self) -> list[Article]:
        return [a for a in self.articles if a.deleted]

    @property
    def annexes(self) -> list[Article]:
        return [a for a in self.articles if a.extra.get("kind") and not a.deleted]

    @property
    def laws(self) -> list[str]:
        """Every law the file holds, in file order (a corpus JSONL may hold several; `law` is the first)."""
        return list(dict.fromkeys(a.law for a in self.articles)) or [self.law]

    def to_dict(self, entries: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.path,
            "law": self.law,
            "laws": self.laws,
            "articles": len(self.in_force),
            "deleted": len(self.deleted),
            "annexes": len(self.annexes),
            "warnings": [str(p) for p in self.problems if p.severity == "warning"],
            "errors": [str(p) for p in self.problems if p.severity != "warning"],
            "seconds": round(self.seconds, 3),
        }
        if entries:
            data["entries"] = [entry_row(a) for a in self.articles]
        return data


def entry_row(article: Article, words: int = 8) -> dict[str, Any]:
    """One row of the dry-run table: what an admin checks before indexing."""
    return {
        "id": article.id,
        "article": article.article,
        "title": article.title,
        "chapter": article.chapter,
        "chars": len(article.text),
        "first_words": " ".join(article.text.split()[:words]),
        "deleted": article.deleted,
        "kind": article.extra.get("kind", "article"),
    }


@dataclass
class Inputs:
    articles: list[Article]
    problems: list[Problem]
    files: int
    complete_laws: set[str]  # laws read from files without any problem: safe to prune
    per_file: list[FileResult] = field(default_factory=list)


def read_inputs(
    paths: list[Path],
    info: LawInfo | None,
    progress: ReadProgress | None = None,
    stored: dict[str, Article] | None = None,
    limits: ReadLimits = DEFAULT_LIMITS,
) -> Inputs:
    """All articles of all inputs, first occurrence of an id wins (later ones are reported).

    A law counts as complete only if no file that contributed to it had an error (warnings do not
    count): a bad line must not make its (previously indexed) article look removed. A law file that
    is already indexed (`stored`) and is read again without a law name keeps the name it has there.
    A file over one of the input `limits` is refused before it is parsed (retrieval.ingest.limits).
    A loaded law read without a title or jurisdiction keeps the ones it has (`kept_fields`); a file given
    alone takes what the command line leaves out from the laws.toml beside it.
    """
    files, problems = discover(paths)
    known = _laws_by_source(stored or {})
    loaded = loaded_laws(stored or {})
    direct = {p for p in paths if not p.is_dir()}
    articles: dict[str, Article] = {}
    origin: dict[str, str] = {}
    laws_seen: set[str] = set()
    laws_with_problems: set[str] = set()
    per_file: list[FileResult] = []
    for index, (path, folder_info) in enumerate(files):
        if progress:
            progress.file(path, index, len(files))
        started = time.perf_counter()
        file_info = _given(info, folder_info) if path in direct else folder_info or info
        if file_info is None and source_key(path) in known:
            file_info = known[source_key(path)]
        if file_info is None and path.stem in loaded:
            file_info = LawInfo(path.stem)  # a law file named after a loaded law (read_source's default name)
        if file_info is not None:
            file_info = kept_fields(file_info, loaded)
        found, file_problems = read_source(path, file_info, progress.page if progress else None, limits)
        found = [_kept_in_article(a, loaded) for a in found]
        found, refused = label_articles(found)  # canonical jurisdiction + level; unknown ones refused
        file_problems += [Problem(str(path), message) for message in refused]
        found = [_with_source(a, path) for a in found]
        laws_seen |= {a.law for a in found}
        if any(p.severity != "warning" for p in file_problems):
            laws_with_problems |= {a.law for a in found}
        kept: list[Article] = []
        for article in found:
            if article.id in articles:
                file_problems.append(
                    Problem(
                        str(path),
                        f"duplicate id {article.id!r} (already read from {origin[article.id]}); not indexed again",
                    )
                )
                continue
            articles[article.id] = article
            origin[article.id] = str(path)
            kept.append(article)
        law = kept[0].law if kept else (file_info.law if file_info else path.stem)
        per_file.append(FileResult(str(path), law, kept, file_problems, time.perf_counter() - started))
        problems += file_problems
    return Inputs(list(articles.values()), problems, len(files), laws_seen - laws_with_problems, per_file)


def _given(flags: LawInfo | None, toml: LawInfo | None) -> LawInfo | None:
    """A file given alone: the command line's names first, its folder's laws.toml for what they leave out
    (when both name the same law; a different --law takes nothing from the toml)."""
    if flags is None or toml is None:
        return flags or toml
    if flags.law != toml.law:
        return flags
    return LawInfo(flags.law, flags.title or toml.title, flags.jurisdiction or toml.jurisdiction)


def loaded_laws(stored: dict[str, Article]) -> dict[str, LawInfo]:
    """law → its title and jurisdiction in the index (the first article that has a title gives it)."""
    out: dict[str, LawInfo] = {}
    for a in stored.values():
        if a.law not in out or (a.law_title and not out[a.law].title):
            out[a.law] = LawInfo(a.law, a.law_title, a.jurisdiction)
    return out


def kept_fields(info: LawInfo, loaded: dict[str, LawInfo]) -> LawInfo:
    """An update keeps what it does not change: a loaded law read again without a title or jurisdiction
    (no flag, no laws.toml entry) keeps the ones it has — a new text of "KZ FBiH" must not move the law to
    "no jurisdiction", nor take a title guessed from the top of the new file over the one given before."""
    was = loaded.get(info.law)
    if was is None:
        return info
    return LawInfo(info.law, info.title or was.title, info.jurisdiction or was.jurisdiction)


def _kept_in_article(article: Article, loaded: dict[str, LawInfo]) -> Article:
    """`kept_fields` for a corpus row that leaves `law_title` or `jurisdiction` out."""
    was = loaded.get(article.law)
    if was is None or ((article.law_title or not was.title) and (article.jurisdiction or not was.jurisdiction)):
        return article
    return replace(
        article, law_title=article.law_title or was.title, jurisdiction=article.jurisdiction or was.jurisdiction
    )


def source_key(path: Path | str) -> str:
    """How an article's `source` names its file: the resolved path."""
    return str(Path(path).resolve())


def _with_source(article: Article, path: Path) -> Article:
    """Law files record the file they came from (resolved), so a second ingest can recognise it."""
    if "source" not in article.extra:
        return article
    return replace(article, extra={**article.extra, "source": source_key(path)})


def _laws_by_source(stored: dict[str, Article]) -> dict[str, LawInfo]:
    out: dict[str, LawInfo] = {}
    for a in stored.values():
        source = a.extra.get("source")
        if source and source not in out:
            out[source_key(source)] = LawInfo(a.law, a.law_title, a.jurisdiction)
    return out


def check_law_names(inputs: Inputs, stored: dict[str, Article]) -> list[str]:
    """A file already indexed under another law name: ingesting it again would make a second copy."""
    known = _laws_by_source(stored)
    conflicts: list[str] = []
    for result in inputs.per_file:
        key = source_key(result.path)
        if key in known and result.articles and known[key].law != result.law:
            count = sum(1 for a in stored.values() if a.extra.get("source") and source_key(a.extra["source"]) == key)
            conflicts.append(
                f"{result.path} is already indexed as law {known[key].law!r} ({count} entries), not {result.law!r}; "
                f"ingest it with --law {known[key].law!r} (or without --law), or rebuild with --reindex"
            )
    return conflicts
