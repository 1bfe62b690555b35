"""`kodeks ingest` and `kodeks search` (retrieval without any LLM or Telegram)."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from kodeks.cli import DataDirOption, app
from kodeks.settings import load_settings
from retrieval.sources import LawInfo


@contextmanager
def embedding_progress(enabled: bool) -> Iterator[Callable[[int], Callable[[int], None]] | None]:
    """A rich progress bar for the embedding step when attached to a terminal; nothing otherwise."""
    if not enabled:
        yield None
        return
    with Progress(
        TextColumn("embedding"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True
    ) as progress:

        def start(total: int) -> Callable[[int], None]:
            task = progress.add_task("embedding", total=total)
            return lambda n: progress.advance(task, n)

        yield start


@app.command()
def ingest(
    paths: list[Path] = typer.Argument(..., help="Law files, folders (with optional laws.toml) or corpus JSONL."),
    law: Optional[str] = typer.Option(None, "--law", help="Law name for law files (e.g. 'KZ FBiH')."),
    title: Optional[str] = typer.Option(None, "--title", help="Full title of that law."),
    jurisdiction: Optional[str] = typer.Option(None, "--jurisdiction", help="BiH, FBiH, RS, BD or a canton."),
    reindex: bool = typer.Option(False, "--reindex", help="Drop the index and rebuild it (e.g. after changing the embedder)."),
    as_json: bool = typer.Option(False, "--json", help="Print the counts as JSON."),
    data_dir: Optional[Path] = DataDirOption,
) -> None:
    """Index law texts: only new or changed articles are embedded."""
    from retrieval.ingest import ingest_paths

    settings = load_settings(data_dir=data_dir)
    info = LawInfo(law=law, title=title or "", jurisdiction=jurisdiction or "") if law else None
    with embedding_progress(sys.stderr.isatty() and not as_json) as progress:
        report = ingest_paths(settings, paths, law_info=info, reindex=reindex, progress=progress)
    for problem in report.problems:
        print(f"kodeks: skipped {problem}", file=sys.stderr)
    if as_json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(
            f"articles: {report.articles}  chunks: {report.chunks}  embedded: {report.embedded}  "
            f"reused: {report.reused}  deleted: {report.deleted}  (index now holds {report.total_articles} articles)"
        )
    if not report.articles and report.problems:
        raise typer.Exit(1)


@app.command()
def search(
    query: str = typer.Argument(..., help="The question, as an officer would type it."),
    k: Optional[int] = typer.Option(None, "--k", min=1, help="Articles to return (KODEKS_TOP_K)."),
    law: Optional[str] = typer.Option(None, "--law", help="Only this law."),
    jurisdiction: Optional[str] = typer.Option(None, "--jurisdiction", help="Only this jurisdiction."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    data_dir: Optional[Path] = DataDirOption,
) -> None:
    """Ranked articles with score, the fallback level that served them, and dense/lexical ranks."""
    from retrieval.engine import Retriever

    settings = load_settings(data_dir=data_dir)
    result = Retriever.open(settings).search(query, k=k, law=law, jurisdiction=jurisdiction)
    if as_json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return
    table = Table(title=f"{result.query}  (level: {result.level}, {result.timings_ms.get('total', 0):.0f} ms)")
    for column in ("#", "article", "title", "score", "similarity", "dense", "lexical", "level"):
        table.add_column(column)
    for rank, hit in enumerate(result.hits, 1):
        table.add_row(
            str(rank),
            hit.id,
            hit.article.title,
            f"{hit.score:.4f}",
            "" if hit.similarity is None else f"{hit.similarity:.3f}",
            str(hit.dense_rank or "–"),
            str(hit.lexical_rank or "–"),
            hit.level,
        )
    Console(width=max(100, Console().width)).print(table)
