"""What an ingest checks against the library it joins, before anything is embedded:

- **the same law under another name or file** — a new law whose article texts the index (or another file
  of the same ingest) already holds under another law name is refused, naming that law; `--allow-duplicate`
  insists. "The same" is the share of the new law's articles in force whose folded text (content-hashed as
  the catalog's `text_hash`: `content_hash(fold(text))`) another law holds: at least DUPLICATE_SHARE of
  them and at least DUPLICATE_MIN (so a law of one or two articles is never called a copy: two cantons'
  one-article regulations may well be word for word the same). Two different laws share a handful of
  standard articles ("Ovaj zakon stupa na snagu osmog dana …"): among the real codes here at most 1 of 304
  (KZ BiH and KZ FBiH), while a copy of KZ RS from its text file shares 414 of 428 with its corpus. Only
  laws new to the index are checked: re-ingesting a law under its own name updates it.
- **a law without a jurisdiction** — it is served to no officer who has one: warned, with the command that
  fixes it.
- **real laws joining the illustrative sample laws** (data/sample, `"illustrative": true`) in one data dir:
  warned. The other way round — the sample replacing or joining real law — is refused, with what else an
  update does to the laws already loaded: ingest/update_checks.py.

Everything comes back as `Problem`s on the file concerned, so the dry run, the ingest summary and
`--json` show them where the file's other warnings are; duplicates also come back apart, for
`ingest_paths` to refuse.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retrieval.ingest.reading import FileResult, Inputs
from retrieval.ingest.sources import Problem
from retrieval.jurisdictions import known_codes, mentioned
from retrieval.language.normalize import fold
from retrieval.types import Article

DUPLICATE_SHARE = 0.5  # share of a new law's article texts another law holds, from which it is the same law
DUPLICATE_MIN = 3  # ...and never fewer articles than this: two one-article laws may well share their text


def text_key(text: str) -> str:
    """The folded text's hash: the same value as the catalog's `text_hash` (`chunking.content_hash(fold(text))`)."""
    return hashlib.sha256(fold(text).encode("utf-8")).hexdigest()[:32]


def _in_force(articles: Iterable[Article]) -> list[Article]:
    return [a for a in articles if a.entry_kind == "in_force"]


@dataclass(frozen=True)
class Duplicate:
    """A new law whose article texts another law already holds."""

    law: str
    path: str  # the file it was read from
    shared: int  # its articles in force whose text the other law holds
    total: int  # its articles in force
    other: str  # the law that holds them
    other_source: str = ""  # where that law was read from, when known

    def to_dict(self) -> dict[str, Any]:
        return {"law": self.law, "file": self.path, "shared": self.shared, "total": self.total, "other": self.other}

    def message(self) -> str:
        where = f" (from {self.other_source})" if self.other_source else ""
        return (
            f"{self.shared} of {self.total} article texts of law {self.law!r} ({self.shared / self.total:.0%}) "
            f"are already indexed as law {self.other!r}{where}: the same law under another name or file. "
            f"Ingest it with --law {self.other!r} to update that law, or --allow-duplicate to index a second copy"
        )


def find_duplicates(
    inputs: Inputs, stored: dict[str, Article], stored_keys: dict[str, set[str]] | None = None
) -> list[Duplicate]:
    """New laws of `inputs` whose texts a stored law (or an earlier file of the same ingest, under another
    name) holds. `stored_keys`: law → text hashes from the catalog (`catalog.law_text_hashes`), else hashed here."""
    if stored_keys is None:
        stored_keys = {}
        for a in _in_force(stored.values()):
            stored_keys.setdefault(a.law, set()).add(text_key(a.text))
    sources = _sources(stored)
    held = {law: (keys, sources.get(law, "")) for law, keys in stored_keys.items()}
    out: list[Duplicate] = []
    for law, (path, articles) in _new_laws(inputs, set(stored_keys) | {a.law for a in stored.values()}).items():
        keys = [text_key(a.text) for a in articles]
        best: tuple[int, str, str] | None = None
        for other, (other_keys, source) in held.items():
            if other == law:
                continue
            shared = sum(1 for k in keys if k in other_keys)
            if best is None or shared > best[0]:
                best = (shared, other, source)
        if best and best[0] >= DUPLICATE_MIN and best[0] >= DUPLICATE_SHARE * len(keys):
            out.append(Duplicate(law, path, best[0], len(keys), best[1], best[2]))
        else:  # a later file of this ingest under another name is checked against this one too
            held[law] = (set(keys), path)
    return out


def _new_laws(inputs: Inputs, known: set[str]) -> dict[str, tuple[str, list[Article]]]:
    """Laws of the inputs that the index does not hold yet: law → (first file, its articles in force)."""
    out: dict[str, tuple[str, list[Article]]] = {}
    for result in inputs.per_file:
        for article in _in_force(result.articles):
            if article.law not in known:
                out.setdefault(article.law, (result.path, []))[1].append(article)
    return out


def _sources(stored: dict[str, Article]) -> dict[str, str]:
    """law → the file it was read from (the first article that records one)."""
    out: dict[str, str] = {}
    for a in stored.values():
        if a.extra.get("source") and a.law not in out:
            out[a.law] = str(a.extra["source"])
    return out


def jurisdiction_problems(inputs: Inputs, given: Iterable[Path]) -> list[tuple[FileResult, Problem]]:
    """A warning per file whose law has no jurisdiction, with the exact fix."""
    direct = {str(Path(p)) for p in given if not Path(p).is_dir()}
    out: list[tuple[FileResult, Problem]] = []
    for result in inputs.per_file:
        laws = {a.law: a for a in result.articles if not a.jurisdiction}
        for law, article in laws.items():
            guess = next(iter(mentioned(f"{law} {article.law_title}")), None)
            code = guess or "CODE"
            if result.path.endswith(".jsonl"):
                fix = f'add "jurisdiction": "{code}" to its rows and ingest it again'
            elif result.path in direct:
                title = f" --title {_quoted(article.law_title)}" if article.law_title else ""
                fix = f"kodeks ingest {_quoted(result.path)} --law {_quoted(law)}{title} --jurisdiction {code}"
            else:
                fix = (
                    f'give it a jurisdiction in the folder\'s laws.toml (["{Path(result.path).name}"] '
                    f'law = "{law}" jurisdiction = "{code}") and ingest the folder again'
                )
            codes = "" if guess else f" (CODE: one of {known_codes()})"
            message = (
                f"law {law!r} has no jurisdiction, so it is served to no officer who has one "
                f"(KODEKS_DEFAULT_JURISDICTION, KODEKS_USER_JURISDICTIONS, /nadleznost). Fix: {fix}{codes}"
            )
            out.append((result, Problem(result.path, message, "warning")))
    return out


def _quoted(text: str) -> str:
    return f'"{text}"' if any(c in text for c in " '\"()&;") else text


REAL_INTO_SAMPLE = (
    "this data dir holds {n} articles of the illustrative sample laws (data/sample, not law in force) "
    "that this ingest does not replace: answers could cite them next to real law. Put real laws in "
    "a data dir of their own (--data-dir / KODEKS_DATA_DIR, a fresh one), or remove the sample "
    "first (`kodeks laws remove --all`)"
)


def sample_problems(inputs: Inputs, stored: dict[str, Article]) -> list[tuple[FileResult, Problem]]:
    """A warning when real laws join a data dir that holds the illustrative sample (the other way round,
    the sample beside real law, is refused: ingest/update_checks.py)."""
    incoming = {a.id for a in inputs.articles}
    sample_kept = sum(1 for a in stored.values() if a.illustrative and a.id not in incoming)
    if not sample_kept or any(a.illustrative for a in inputs.articles):
        return []
    return [
        (result, Problem(result.path, REAL_INTO_SAMPLE.format(n=sample_kept), "warning"))
        for result in inputs.per_file
        if result.articles
    ]


def check_library(
    inputs: Inputs, stored: dict[str, Article], given: Iterable[Path], stored_keys: dict[str, set[str]] | None = None
) -> list[Duplicate]:
    """Run every check; the no-jurisdiction and sample warnings are added to their files (and to
    `inputs.problems`) here, the duplicates are returned for the caller to refuse or report."""
    duplicates = find_duplicates(inputs, stored, stored_keys)
    for result, problem in jurisdiction_problems(inputs, given) + sample_problems(inputs, stored):
        result.problems.append(problem)
        inputs.problems.append(problem)
    return duplicates


def duplicate_warnings(inputs: Inputs, duplicates: list[Duplicate]) -> None:
    """Report duplicates as warnings on their files (the dry run; an ingest with --allow-duplicate)."""
    by_path = {r.path: r for r in inputs.per_file}
    for duplicate in duplicates:
        problem = Problem(duplicate.path, duplicate.message(), "warning")
        if duplicate.path in by_path:
            by_path[duplicate.path].problems.append(problem)
        inputs.problems.append(problem)
