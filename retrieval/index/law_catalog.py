"""Which laws the index holds, since when, and under what extra names (`kodeks laws`, /zakoni).

An officer must be able to see what the assistant knows — and how current it is — before trusting
an answer, so every ingest records, per law, when its current text was indexed (`laws.json` beside
the article table), the file it was read from (`source`), and its configured aliases (`aliases = [...]` in a folder's laws.toml, read by
ingest/sources.py).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.articles import load_articles
from retrieval.index.files import atomic_write_text
from retrieval.index.generations import open_current
from retrieval.index.layout import ARTICLES_FILE, LAWS_FILE
from retrieval.types import Article, LawSummary

# How jurisdictions are listed: the state first, then the entities and Brčko, then cantons and others.
JURISDICTION_ORDER = ("BiH", "FBiH", "RS", "BD")


def now_utc() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def load_law_records(data_dir: Path) -> dict[str, dict[str, Any]]:
    """laws.json: law → {"ingested_at": ISO UTC, "aliases": [...], "source": file}; {} for an index made
    before it existed ("source" is missing for laws ingested before it was recorded)."""
    path = data_dir / LAWS_FILE
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, OSError) as exc:
        raise KodeksError(f"the law table {path} is corrupt ({exc}); re-run `kodeks ingest PATH...`") from None
    return {str(k): v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}


def save_law_records(data_dir: Path, records: dict[str, dict[str, Any]]) -> None:
    atomic_write_text(data_dir / LAWS_FILE, json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def updated_records(
    records: dict[str, dict[str, Any]],
    before: dict[str, Article],
    after: dict[str, Article],
    aliases: dict[str, list[str]] | None = None,
    when: str | None = None,
    sources: dict[str, str] | None = None,
) -> dict[str, dict[str, Any]]:
    """laws.json after a write: a law whose articles changed (or that is new) gets `ingested_at` now;
    laws no longer in the index are dropped; aliases given for a law replace its old ones; `sources`
    (law → the file it was just read from, resolved) records where each law came from, so the next ingest
    can tell an update of that law from a text of another origin (retrieval/ingest/update_checks.py)."""
    when = when or now_utc()
    changed = {a.law for aid, a in after.items() if before.get(aid) != a}
    changed |= {a.law for aid, a in before.items() if aid not in after}
    laws = {a.law for a in after.values()}
    updated: dict[str, dict[str, Any]] = {}
    for law in sorted(laws):
        record = dict(records.get(law, {}))
        if law in changed or "ingested_at" not in record:
            record["ingested_at"] = when
        if aliases and law in aliases:
            record["aliases"] = list(aliases[law])
        if sources and law in sources:
            record["source"] = sources[law]
        updated[law] = record
    return updated


def summarize(
    articles: Iterable[Article], records: dict[str, dict[str, Any]], fallback_time: str | None = None
) -> list[LawSummary]:
    """One summary per law, ordered by jurisdiction (BiH, FBiH, RS, BD, then the rest) and name: its
    articles in force, and apart from them its deleted articles and annexes (`Article.entry_kind`).

    `fallback_time` stands in for laws without a record (an index made before laws.json existed)."""
    count: dict[str, Counter[str]] = defaultdict(Counter)
    first: dict[str, Article] = {}
    for article in articles:
        count[article.law][article.entry_kind] += 1
        if article.law not in first or (article.law_title and not first[article.law].law_title):
            first[article.law] = article
    summaries = [
        LawSummary(
            law=law,
            title=first[law].law_title,
            jurisdiction=first[law].jurisdiction,
            articles=count[law]["in_force"],
            ingested_at=records.get(law, {}).get("ingested_at") or fallback_time,
            aliases=tuple(records.get(law, {}).get("aliases", [])),
            deleted=count[law]["deleted"],
            annexes=count[law]["annex"],
        )
        for law in first
    ]
    return sorted(summaries, key=lambda s: (_jurisdiction_rank(s.jurisdiction), s.jurisdiction, s.law))


@dataclass(frozen=True)
class LibraryCounts:
    """What an index holds, counted as `kodeks laws` and /zakoni count it."""

    laws: int
    in_force: int
    deleted: int
    annexes: int

    @classmethod
    def of(cls, articles: Iterable[Article]) -> LibraryCounts:
        kinds: Counter[str] = Counter()
        laws: set[str] = set()
        for article in articles:
            kinds[article.entry_kind] += 1
            laws.add(article.law)
        return cls(len(laws), kinds["in_force"], kinds["deleted"], kinds["annex"])

    def to_dict(self) -> dict[str, int]:
        return {"laws": self.laws, "articles": self.in_force, "deleted": self.deleted, "annexes": self.annexes}


def _jurisdiction_rank(jurisdiction: str) -> int:
    lowered = [j.lower() for j in JURISDICTION_ORDER]
    return lowered.index(jurisdiction.lower()) if jurisdiction.lower() in lowered else len(lowered) + (not jurisdiction)


def by_jurisdiction(summaries: Iterable[LawSummary]) -> list[tuple[str, list[LawSummary]]]:
    """[(jurisdiction, its laws)] in display order; laws without a jurisdiction come last under ""."""
    groups: dict[str, list[LawSummary]] = {}
    for summary in sorted(summaries, key=lambda s: (_jurisdiction_rank(s.jurisdiction), s.jurisdiction, s.law)):
        groups.setdefault(summary.jurisdiction, []).append(summary)
    return list(groups.items())


def table_time(data_dir: Path) -> str | None:
    """When the article table was last written (stands in for laws ingested before laws.json existed)."""
    path = data_dir / ARTICLES_FILE
    if not path.exists():
        return None
    moment = datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(microsecond=0)
    return moment.isoformat().replace("+00:00", "Z")


def read_catalog(settings: Settings) -> list[LawSummary]:
    """The loaded laws straight from the current article table (no embedder, no vector index): for
    `kodeks laws`. Writes nothing (works on a read-only data dir)."""
    data_dir = settings.data_dir
    if not data_dir.exists():
        raise KodeksError(
            f"the data dir {data_dir} does not exist; point --data-dir / KODEKS_DATA_DIR at an index "
            f"or build one with `kodeks ingest PATH...`"
        )
    paths, lease = open_current(settings)
    try:
        articles = load_articles(paths.root)
        if not articles:
            if paths.generation is not None:
                return []  # every law was removed (`kodeks laws remove --all`)
            raise KodeksError(f"no index in {data_dir}; build one with `kodeks ingest PATH...`")
        return summarize(articles.values(), load_law_records(paths.root), table_time(paths.root))
    finally:
        if lease is not None:
            lease.release()
