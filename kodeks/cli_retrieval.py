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

from kodeks.cli import DataDirOption, app, eval_app
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
    console = Console(width=max(100, Console().width))
    console.print(table)
    if result.expansions:  # what the vocabulary (or the rewrite) added, and from which words
        added = ", ".join(f"{e['adds']} ← {e['matched']} ({e['source']})" for e in result.expansions)
        console.print(f"expanded: {added}", highlight=False, markup=False)
    if result.weak:
        console.print("weak: the loaded laws may not cover this question", highlight=False)


@eval_app.command("retrieval")
def eval_retrieval(
    eval_file: Path = typer.Argument(..., help="Evaluation JSONL: question, relevant (corpus ids), id."),
    k: int = typer.Option(10, "--k", min=1, help="Articles retrieved per question."),
    json_out: Optional[Path] = typer.Option(None, "--json", help="Write the metrics as JSON to this file."),
    do_sweep: bool = typer.Option(False, "--sweep", help="Sweep the similarity threshold and recommend one."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Draw the sweep to this PNG (implies --sweep)."),
    details: Optional[Path] = typer.Option(None, "--details", help="Per-question report (JSONL): ranks, level, top results."),
    max_loss: float = typer.Option(0.05, "--max-loss", min=0.0, max=1.0, help="Share of questions the recommended threshold may cost their relevant article."),
    rewrite: bool = typer.Option(False, "--rewrite", help="Let Claude rewrite each question into the statute's terms first (needs ANTHROPIC_API_KEY; KODEKS_REWRITE_MODEL)."),
    data_dir: Optional[Path] = DataDirOption,
) -> None:
    """hit@1/5/10, recall@5/10, MRR@10, p50/p95 ms and empty-context rate of the search the bot runs."""
    from retrieval.engine import Retriever
    from retrieval.evaluation import evaluate, load_eval

    settings = load_settings(data_dir=data_dir)
    questions = load_eval(eval_file)
    if rewrite and settings.anthropic_api_key is None:
        print("kodeks: --rewrite needs ANTHROPIC_API_KEY (the rewrite is a Claude call)", file=sys.stderr)
        raise typer.Exit(2)
    retriever = Retriever.open(settings)
    if rewrite:
        from kodeks.rewrite import ClaudeRewriter

        retriever.rewriter = ClaudeRewriter(settings.model_copy(update={"rewrite": True}))
    known = set(retriever.articles)
    unknown = sorted({r for q in questions for r in q.relevant if r not in known})
    if unknown:
        print(f"kodeks: warning: {len(unknown)} relevant id(s) are not in the index, e.g. {unknown[:3]}", file=sys.stderr)
    with _counting_progress(len(questions), "evaluating") as tick:
        run = evaluate(questions, lambda q: retriever.search(q, k=k), tick)
    _print_metrics(run.metrics, f"{eval_file.name}  (k={k}, threshold={settings.threshold}"
                                f"{', rewrite ' + settings.rewrite_model if rewrite else ''})")
    if json_out:
        json_out.write_text(json.dumps(run.metrics, indent=2) + "\n", encoding="utf-8")
    if details:
        details.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in run.details), encoding="utf-8")
    if do_sweep or plot:
        _run_sweep(retriever, questions, settings.top_k, max_loss, plot, eval_file.name)


@contextmanager
def _counting_progress(total: int, label: str) -> Iterator[Callable[[], None] | None]:
    if not sys.stderr.isatty():
        yield None
        return
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True) as progress:
        task = progress.add_task(label, total=total)
        yield lambda: progress.advance(task)


def _print_metrics(metrics: dict[str, float], title: str) -> None:
    table = Table(title=title)
    table.add_column("metric")
    table.add_column("value", justify="right")
    for key, value in metrics.items():
        shown = f"{value:.0f}" if key == "n" else f"{value:.1f}" if key.endswith("_ms") else f"{value:.3f}"
        table.add_row(key, shown)
    Console().print(table)


def _run_sweep(retriever, questions, k: int, max_loss: float, plot: Optional[Path], name: str) -> None:
    from retrieval.evaluation import QuestionScores, plot_sweep, recommend, sweep, thresholds_for

    scored = []
    with _counting_progress(len(questions), "sweeping") as tick:
        for q in questions:
            result = retriever.search(q.question, k=k, threshold=-1.0)
            hits = [h for h in result.hits if h.similarity is not None]
            scored.append(QuestionScores(tuple(h.similarity for h in hits), tuple(h.id in q.relevant for h in hits)))
            if tick:
                tick()
    points = sweep(scored, thresholds_for(scored))
    chosen, why = recommend(points, max_loss)
    table = Table(title=f"threshold sweep over the top {k} (no threshold) – {name}")
    for column in ("threshold", "loses relevant", "no context", "precision"):
        table.add_column(column, justify="right")
    for p in points:
        style = "bold" if p is chosen else None
        table.add_row(f"{p.threshold:.3f}", f"{p.loses_relevant:.1%}", f"{p.no_context:.1%}", f"{p.precision:.1%}", style=style)
    Console().print(table)
    print(f"recommended KODEKS_THRESHOLD={chosen.threshold:.3f} – {why}")
    if plot:
        plot_sweep(points, chosen, plot, f"Threshold sweep – {name}")
        print(f"plot written to {plot}")
