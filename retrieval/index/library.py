"""The library as an admin changes it without law files: remove a law (or all), rename one.

Each is a write like an ingest (building.py): under the writer lock, as a new generation that
becomes current only when complete, so a running bot switches to it and nothing is half-removed.
Renaming re-embeds nothing: ids move from `OLD čl. N` to `NEW čl. N` and every chunk keeps the
vector it had (its text began with the old name; the difference is a few words of the heading —
`kodeks ingest --reindex FILE` re-embeds them if wanted). The old name is not kept as an alias unless
asked (`keep_alias`): a law renamed because its name was wrong must not keep answering to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from kodeks.errors import KodeksError, UnknownLaw
from kodeks.settings import Settings
from retrieval.index.building import IndexWriter, WriteResult
from retrieval.index.chunking import chunk_article
from retrieval.index.law_catalog import summarize, updated_records
from retrieval.language.normalize import fold
from retrieval.types import Article, LawSummary


@dataclass
class LibraryChange:
    """What a remove or rename did."""

    laws: list[LawSummary]  # the laws removed, or the law renamed (as it was)
    chunks: int  # chunks removed, or carried over to the new name
    result: WriteResult


def resolve_law(stored: dict[str, Article], name: str) -> str:
    """The loaded law `name` means (exact, or the only one equal to it ignoring case and diacritics)."""
    laws = sorted({a.law for a in stored.values()})
    if name in laws:
        return name
    matches = [law for law in laws if fold(law) == fold(name)]
    if len(matches) == 1:
        return matches[0]
    loaded = ", ".join(laws) if laws else "none"
    raise UnknownLaw(f"no law {name!r} is loaded; the loaded laws are: {loaded}")


def _summaries(stored: dict[str, Article], laws: set[str]) -> list[LawSummary]:
    return summarize([a for a in stored.values() if a.law in laws], {})


def _chunk_count(articles: list[Article], settings: Settings) -> int:
    return sum(len(chunk_article(a, settings.max_chunk_chars)) for a in articles if not a.deleted)


def remove_laws(
    settings: Settings,
    names: list[str] | None,
    *,
    wait: bool = True,
    on_wait: Callable[[str], None] | None = None,
    confirm: Callable[[list[LawSummary]], bool] | None = None,
) -> LibraryChange | None:
    """Remove these laws (None: every law) as a new generation. `confirm` sees what would go and may
    say no (then nothing is written and None is returned)."""
    with IndexWriter.open(settings, wait=wait, on_wait=on_wait) as writer:
        stored = writer.stored
        laws = {a.law for a in stored.values()} if names is None else {resolve_law(stored, n) for n in names}
        going = _summaries(stored, laws)
        if confirm is not None and not confirm(going):
            return None
        removed = [a for a in stored.values() if a.law in laws]
        result = writer.write([], laws)
        return LibraryChange(going, _chunk_count(removed, settings), result)


def rename_law(
    settings: Settings,
    old: str,
    new: str,
    *,
    keep_alias: bool = False,
    wait: bool = True,
    on_wait: Callable[[str], None] | None = None,
) -> LibraryChange:
    """Rename a law as a new generation, re-embedding nothing."""
    new = " ".join(new.split())
    if not new:
        raise KodeksError("the new name is empty")
    with IndexWriter.open(settings, wait=wait, on_wait=on_wait) as writer:
        stored = writer.stored
        old = resolve_law(stored, old)
        if new == old:
            raise KodeksError(f"{old!r} already has that name")
        taken = {a.law for a in stored.values()} - {old}
        if new in taken or fold(new) in {fold(law) for law in taken}:
            raise KodeksError(
                f"a law named {new!r} is already loaded; remove it first (`kodeks laws remove`) or choose another name"
            )
        before = [a for a in stored.values() if a.law == old]
        renamed, carry = _renamed(before, old, new, settings)
        if any(a.id in stored and stored[a.id].law != old for a in renamed):
            raise KodeksError(f"renaming {old!r} to {new!r} would give ids that another law already uses")

        def records(
            old_records: dict[str, dict[str, Any]], was: dict[str, Article], now: dict[str, Article]
        ) -> dict[str, dict[str, Any]]:
            out = updated_records({k: v for k, v in old_records.items() if k != old}, was, now)
            record = dict(old_records.get(old, {}))  # the text did not change: neither does `ingested_at`
            if keep_alias:
                record["aliases"] = sorted(set(record.get("aliases", [])) | {old})
            out[new] = {**out.get(new, {}), **record}
            return dict(sorted(out.items()))

        result = writer.write(renamed, {old}, carry=carry, records=records)
        return LibraryChange(_summaries(stored, {old}), len(carry), result)


def _renamed(articles: list[Article], old: str, new: str, settings: Settings) -> tuple[list[Article], dict[str, str]]:
    """The articles under the new name (ids `OLD …` → `NEW …`; other ids kept), and for each of their
    chunks the stored chunk whose vector it keeps."""
    out: list[Article] = []
    carry: dict[str, str] = {}
    for article in articles:
        new_id = new + article.id[len(old) :] if article.id.startswith(old + " ") else article.id
        moved = replace(article, id=new_id, law=new)
        out.append(moved)
        if not article.deleted:
            was = chunk_article(article, settings.max_chunk_chars)
            for before, after in zip(was, chunk_article(moved, settings.max_chunk_chars)):
                carry[after.chunk_id] = before.chunk_id
    return out, carry
