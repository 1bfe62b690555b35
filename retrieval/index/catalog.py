"""The article table as SQLite, so an opened Retriever keeps only what scoring needs in memory.

`articles.jsonl` stays the table ingest reads and writes (articles.py); beside it `articles.sqlite3`
holds the same rows, one JSON row per article exactly as `article_to_row` writes it (generic over
`ARTICLE_FIELDS` plus extras, so new article fields flow through), with the few columns search needs
(law, article number, jurisdiction, text hash) and indexes for the reference lookups. At 100,000
articles the texts and Article objects would cost ~150 MB per process; read from SQLite they cost
a few hundred microseconds for the hits that are shown (text hydration).

The SQLite file records the size and mtime of the JSONL it was made from; when they differ (an index
written by an older build, a hand-edited table) it is rebuilt from the JSONL on open, atomically.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar, overload

from kodeks.errors import KodeksError
from retrieval.index.articles import article_to_row, load_articles, row_to_article, write_articles
from retrieval.index.chunking import content_hash
from retrieval.index.layout import ARTICLES_FILE, CATALOG_FILE
from retrieval.language.normalize import fold
from retrieval.language.numbers import article_number
from retrieval.types import Article

SCHEMA_VERSION = "2"  # a catalog of another version is rebuilt from articles.jsonl
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE articles (
    idx INTEGER PRIMARY KEY,      -- position in id order: the Retriever's article index
    id TEXT NOT NULL UNIQUE,
    law TEXT NOT NULL,
    number TEXT NOT NULL,         -- article_number(article): "12a" for "Član 12a."
    jurisdiction TEXT NOT NULL,   -- folded
    law_title TEXT NOT NULL,
    text_hash TEXT NOT NULL,      -- of the folded text: identical provisions in two laws are shown once
    row TEXT NOT NULL             -- store.article_to_row as JSON
);
CREATE INDEX articles_law_number ON articles (law, number);
CREATE INDEX articles_number ON articles (number);
"""


def _source_stamp(jsonl: Path) -> str:
    st = jsonl.stat()
    return f"{st.st_size}:{st.st_mtime_ns}"


def write_catalog(data_dir: Path, articles: Iterable[Article], jsonl: Path) -> None:
    """Write `articles.sqlite3` from the articles just saved to `jsonl` (temporary file, then rename)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=data_dir, prefix=f".{CATALOG_FILE}.")
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        try:
            con.executescript(_SCHEMA)
            rows = (
                (
                    i,
                    a.id,
                    a.law,
                    article_number(a.article),
                    fold(a.jurisdiction),
                    a.law_title,
                    content_hash(fold(a.text)),
                    json.dumps(article_to_row(a), ensure_ascii=False),
                )
                for i, a in enumerate(sorted(articles, key=lambda a: a.id))
            )
            con.executemany("INSERT INTO articles VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
            con.execute("INSERT INTO meta VALUES ('source', ?)", (f"{SCHEMA_VERSION}:{_source_stamp(jsonl)}",))
            con.commit()
        finally:
            con.close()
        os.replace(tmp, data_dir / CATALOG_FILE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _private_catalog(articles: Iterable[Article], jsonl: Path) -> Path:
    """A catalog in a temporary folder outside the data dir, deleted when the process exits."""
    import atexit
    import shutil

    folder = Path(tempfile.mkdtemp(prefix="kodeks-catalog-"))
    atexit.register(shutil.rmtree, folder, True)
    write_catalog(folder, articles, jsonl)
    return folder / CATALOG_FILE


def save_articles(data_dir: Path, articles: dict[str, Article]) -> None:
    """articles.jsonl (ingest's table), then the SQLite copy search reads."""
    jsonl = write_articles(data_dir, articles)
    write_catalog(data_dir, articles.values(), jsonl)


def is_current(data_dir: Path) -> bool:
    """Whether articles.sqlite3 was made from the articles.jsonl beside it (by this schema version)."""
    return _current(data_dir / CATALOG_FILE, data_dir / ARTICLES_FILE)


def _current(path: Path, jsonl: Path) -> bool:
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            stamp = con.execute("SELECT value FROM meta WHERE key = 'source'").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return False
    return stamp is not None and stamp[0] == f"{SCHEMA_VERSION}:{_source_stamp(jsonl)}"


def law_text_hashes(data_dir: Path) -> dict[str, set[str]] | None:
    """law → the text hashes (`content_hash(fold(text))`) of its articles in force, from the catalog's
    `text_hash` column (no text is read or folded: ~0.4 ms an article saved); None when the catalog is
    missing or not current (the caller hashes the texts itself). Never writes — a dry run reads only.
    Issue 20: ingest's duplicate-law check (retrieval/ingest/library_checks.py)."""
    path = data_dir / CATALOG_FILE
    if not _current(path, data_dir / ARTICLES_FILE):
        return None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = con.execute(
                "SELECT law, text_hash FROM articles WHERE NOT coalesce(json_extract(row, '$.deleted'), 0) "
                "AND json_extract(row, '$.kind') IS NULL"
            ).fetchall()
        finally:
            con.close()
    except sqlite3.Error:
        return None
    out: dict[str, set[str]] = {}
    for law, text_hash in rows:
        out.setdefault(law, set()).add(text_hash)
    return out


_T = TypeVar("_T")


class Catalog(Mapping[str, Article]):
    """Read-only view of the article table: id → Article, read from SQLite on demand. Thread-safe."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._con: sqlite3.Connection | None = sqlite3.connect(
            f"file:{path}?mode=ro", uri=True, check_same_thread=False
        )
        self._lock = threading.Lock()
        self.ids: list[str] = [r[0] for r in self._query("SELECT id FROM articles ORDER BY idx")]
        self._index = {aid: i for i, aid in enumerate(self.ids)}

    @classmethod
    def open(cls, data_dir: Path) -> Catalog:
        """The catalog of `data_dir`, made from articles.jsonl first if missing or out of date."""
        jsonl, path = data_dir / ARTICLES_FILE, data_dir / CATALOG_FILE
        if not jsonl.exists():
            return cls._empty()
        if not _current(path, jsonl):
            articles = load_articles(data_dir)  # raises KodeksError for a corrupt table: nothing written
            try:
                write_catalog(data_dir, articles.values(), jsonl)
            except (OSError, sqlite3.Error):
                # A read-only data dir from before the catalog (or edited by hand): searching must still
                # work, so the catalog is made in a private temporary folder for this process only.
                path = _private_catalog(articles.values(), jsonl)
        try:
            return cls(path)
        except sqlite3.Error as exc:
            raise KodeksError(f"the article table {path} is unreadable ({exc}); re-run `kodeks ingest`") from None

    @classmethod
    def _empty(cls) -> Catalog:
        empty = cls.__new__(cls)
        empty.path, empty._con, empty._lock = Path(), None, threading.Lock()
        empty.ids, empty._index = [], {}
        return empty

    def close(self) -> None:
        """Close the SQLite connection (an old generation's, after the bot switched to a newer one)."""
        with self._lock:
            con, self._con = self._con, None
        if con is not None:
            con.close()

    def _query(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        if self._con is None:
            return []
        with self._lock:
            return self._con.execute(sql, tuple(params)).fetchall()

    # --- Mapping ---------------------------------------------------------------------------------

    def __getitem__(self, article_id: str) -> Article:
        found = self.get(article_id)
        if found is None:
            raise KeyError(article_id)
        return found

    @overload
    def get(self, article_id: str) -> Article | None: ...

    @overload
    def get(self, article_id: str, default: Article | _T) -> Article | _T: ...

    def get(self, article_id: str, default: object = None) -> object:
        rows = self._query("SELECT row FROM articles WHERE id = ?", (article_id,))
        return _article(rows[0][0]) if rows else default

    def __contains__(self, article_id: object) -> bool:
        return article_id in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)

    def values(self) -> Iterator[Article]:  # type: ignore[override]  # a stream from SQLite, not a view: the table may be large
        """Every article, in id order (reads the whole table: evaluation and tools, not search)."""
        return (_article(r[0]) for r in self._query("SELECT row FROM articles ORDER BY idx"))

    # --- what search needs ------------------------------------------------------------------------

    def index_of(self, article_id: str) -> int:
        return self._index.get(article_id, -1)

    def many(self, indexes: Iterable[int]) -> dict[int, Article]:
        """Articles by index, one query (the hits being served)."""
        wanted = sorted({int(i) for i in indexes})
        out: dict[int, Article] = {}
        for start in range(0, len(wanted), 500):
            part = wanted[start : start + 500]
            marks = ",".join("?" * len(part))
            for idx, row in self._query(f"SELECT idx, row FROM articles WHERE idx IN ({marks})", part):
                out[idx] = _article(row)
        return out

    def columns(self) -> list[tuple[str, str, str]]:
        """(law, folded jurisdiction, text hash) of every article, in index order."""
        return [
            (r[0], r[1], r[2]) for r in self._query("SELECT law, jurisdiction, text_hash FROM articles ORDER BY idx")
        ]

    def law_heads(self) -> list[Article]:
        """One text-less article per (law, law title, jurisdiction): what law-name matching needs."""
        rows = self._query(
            "SELECT MIN(id), law, law_title, json_extract(row, '$.jurisdiction') FROM articles "
            "GROUP BY law, law_title, jurisdiction"
        )
        return [
            Article(id=aid, law=law, article="", text="", law_title=title, jurisdiction=j or "")
            for aid, law, title, j in rows
        ]

    def text_less(self) -> Iterator[Article]:
        """Every article without its text (id, law, law title, jurisdiction, deleted, kind), in index order:
        enough for the law list (law_catalog.summarize) without reading the texts."""
        rows = self._query(
            "SELECT id, law, law_title, json_extract(row, '$.jurisdiction'), "
            "json_extract(row, '$.deleted'), json_extract(row, '$.kind') FROM articles ORDER BY idx"
        )
        return (
            Article(
                id=aid,
                law=law,
                article="",
                text="",
                law_title=title,
                jurisdiction=j or "",
                deleted=bool(d),
                extra={"kind": kind} if kind else {},
            )
            for aid, law, title, j, d, kind in rows
        )

    def title_rows(self) -> list[tuple[str, str, bool, str | None]]:
        """(title, chapter, deleted flag, text if shorter than 200 characters) of every article, in index
        order: what the title field and the deleted-article mask need at open, without the texts."""
        rows = self._query(
            "SELECT json_extract(row, '$.title'), json_extract(row, '$.chapter'), json_extract(row, '$.deleted'), "
            "CASE WHEN length(json_extract(row, '$.text')) < 200 THEN json_extract(row, '$.text') END "
            "FROM articles ORDER BY idx"
        )
        return [(t or "", c or "", bool(d), short) for t, c, d, short in rows]

    def article_numbers(self) -> list[str]:
        """The article number of every article ("24", "208a"), in index order: where it stands in its law
        (general_part.py), without the texts."""
        return [str(r[0] or "") for r in self._query("SELECT number FROM articles ORDER BY idx")]

    def untitled_openings(self, chars: int = 300) -> dict[int, str]:
        """The first `chars` characters of every article without a title, by index: what stands in for a
        title in search's title field (a traffic law's articles have none), without reading whole texts."""
        rows = self._query(
            "SELECT idx, substr(json_extract(row, '$.text'), 1, ?) FROM articles "
            "WHERE coalesce(json_extract(row, '$.title'), '') = '' ORDER BY idx",
            (chars,),
        )
        return {int(i): text or "" for i, text in rows}

    def jurisdictions(self) -> list[str]:
        """The jurisdictions as written in the articles (not folded), for messages."""
        rows = self._query("SELECT DISTINCT json_extract(row, '$.jurisdiction') FROM articles")
        return sorted(r[0] for r in rows if r[0])

    def by_law_number(self, law: str, number: str) -> Article | None:
        rows = self._query(
            "SELECT row FROM articles WHERE law = ? AND number = ? ORDER BY idx DESC LIMIT 1", (law, number)
        )
        return _article(rows[0][0]) if rows else None

    def law_entries(self, law: str) -> list[tuple[str, bool, str | None, str | None]]:
        """(number, deleted flag, kind, text if shorter than 200 characters) of every entry of one law, without
        the long texts: which of its articles are in force, for "the articles next to a missing one" (issue 20)."""
        rows = self._query(
            "SELECT number, json_extract(row, '$.deleted'), json_extract(row, '$.kind'), "
            "CASE WHEN length(json_extract(row, '$.text')) < 200 THEN json_extract(row, '$.text') END "
            "FROM articles WHERE law = ?",
            (law,),
        )
        return [(number, bool(deleted), kind, short) for number, deleted, kind, short in rows]

    def by_number(self, number: str) -> list[Article]:
        return [
            _article(r[0]) for r in self._query("SELECT row FROM articles WHERE number = ? ORDER BY idx", (number,))
        ]

    def mentioning(self, law: str, text: str) -> list[Article]:
        """The articles of `law` whose text contains `text` as written (a number another article cites by: the
        caller reads the context), in index order."""
        rows = self._query(
            "SELECT row FROM articles WHERE law = ? AND instr(json_extract(row, '$.text'), ?) > 0 ORDER BY idx",
            (law, text),
        )
        return [_article(r[0]) for r in rows]

    def first_of(self, indexes: Iterable[int], n: int) -> list[Article]:
        """The first `n` of these articles in law order, then article-number order (the `law_first` level)."""
        wanted = {int(i) for i in indexes}
        rows = self._query("SELECT idx, law, number, row FROM articles")
        pool = [
            (law, _numeric(number), json.loads(row)["article"], idx, row)
            for idx, law, number, row in rows
            if idx in wanted
        ]
        pool.sort()
        return [_article(p[4]) for p in pool[: max(n, 1)]]


def _article(row: str) -> Article:
    return row_to_article(json.loads(row))


def _numeric(number: str) -> int:
    digits = "".join(ch for ch in number if ch.isdigit())
    return int(digits) if digits else 0
