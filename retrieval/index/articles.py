"""The article table as ingest reads and writes it: `articles.jsonl`, one JSON row per article.

Rows are generic over `ARTICLE_FIELDS` plus the article's extras, so new article fields flow through
to the SQLite copy search reads (catalog.py) without a change here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from retrieval.index.files import atomic_write_text
from retrieval.index.layout import ARTICLES_FILE
from retrieval.types import ARTICLE_FIELDS, Article


def article_to_row(article: Article) -> dict[str, Any]:
    row = {name: getattr(article, name) for name in ARTICLE_FIELDS}
    row.update({k: v for k, v in article.extra.items() if k not in row})
    return row


def row_to_article(row: dict[str, Any]) -> Article:
    return Article(
        id=row["id"],
        law=row["law"],
        article=row["article"],
        text=row["text"],
        title=row.get("title", ""),
        law_title=row.get("law_title", ""),
        jurisdiction=row.get("jurisdiction", ""),
        extra={k: v for k, v in row.items() if k not in ARTICLE_FIELDS},
        chapter=row.get("chapter") or "",
        deleted=bool(row.get("deleted", False)),
    )


def load_articles(data_dir: Path) -> dict[str, Article]:
    path = data_dir / ARTICLES_FILE
    if not path.exists():
        return {}
    articles: dict[str, Article] = {}
    try:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    article = row_to_article(json.loads(line))
                    articles[article.id] = article
    except (json.JSONDecodeError, KeyError, UnicodeDecodeError) as exc:
        raise KodeksError(
            f"the article table {path} is corrupt ({exc}); rebuild with `kodeks ingest --reindex PATH...`"
        ) from None
    return articles


def write_articles(data_dir: Path, articles: dict[str, Article]) -> Path:
    """articles.jsonl, atomically; returns its path (the catalog records its size and time)."""
    lines = (json.dumps(article_to_row(a), ensure_ascii=False) for a in articles.values())
    path = data_dir / ARTICLES_FILE
    atomic_write_text(path, "\n".join(lines) + "\n")
    return path
