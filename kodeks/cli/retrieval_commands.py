"""`kodeks ingest` and `kodeks search` (retrieval without any LLM or Telegram)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from kodeks.cli.laws_command import ambiguity_lines
from kodeks.cli.shared import DataDirOption, NoWaitOption, plural, wait_line, warn_not_in_index
from kodeks.settings import load_settings
from retrieval.ingest.sources import LawInfo

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)
eval_commands = typer.Typer()  # merged into `kodeks eval`


class _Reporter:
    """Progress while reading and embedding: a rich bar on a terminal; otherwise one line on stderr
    every few seconds (the first only after `every` seconds, so quick runs print nothing extra)."""

    def __init__(self, progress: Progress | None, every: float = 5.0) -> None:
        self.progress = progress
        self.every = every
        self.started = self.last = time.monotonic()
        self.task = progress.add_task("reading", total=None) if progress else None
        self.what = ""

    def _line(self, text: str) -> None:
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            print(f"kodeks: progress: {text} ({now - self.started:.0f} s)", file=sys.stderr, flush=True)

    def file(self, path: Path, index: int, total: int) -> None:
        self.what = f"reading {path.name} ({index + 1}/{total})"
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, description=self.what, completed=index, total=total)
        else:
            self._line(self.what)

    def page(self, done: int, total: int) -> None:
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, description=f"{self.what}, page {done}/{total}")
        else:
            self._line(f"{self.what}, page {done}/{total}")

    def embedding(self, total: int) -> Callable[[int], None]:
        if self.progress is not None and self.task is not None:
            progress = self.progress
            progress.update(self.task, visible=False)
            task = progress.add_task("embedding", total=total)
            return lambda n: progress.advance(task, n)
        done = [0]

        def advance(n: int) -> None:
            done[0] += n
            self._line(f"embedding {done[0]}/{plural(total, 'chunk')}")

        return advance


@contextmanager
def ingest_progress(enabled: bool, terminal: bool) -> Iterator[_Reporter | None]:
    if not enabled:
        yield None
        return
    if not terminal:
        yield _Reporter(None)
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=True,
        console=Console(stderr=True),
    ) as progress:
        yield _Reporter(progress)


def embedding_progress(enabled: bool):
    return ingest_progress(enabled, sys.stderr.isatty())


INGEST_HELP = """Index law texts: only new or changed articles are embedded.

Formats: corpus JSONL (one article per line: id, law, article, text; optional title, law_title, jurisdiction, chapter, deleted) and law files .txt .md .html .htm .pdf .docx. Two-column PDFs are read column by column with page headers and footers dropped; Windows-1250/1251, UTF-16, double-encoded UTF-8 and YUSCII text are repaired; escaped markdown, tables of contents and "Historijat izmjena" (old wording) blocks are removed.

Headings: "Član 1." "Član 1" "Članak 5.a" "Član 246 a." "Član 155. a)" "Član 190**" "Члан 113в" "Čлан 64." (mixed scripts) "Član I" (Roman) "Article 12" "§ 12"; a text on one line is split at its headings. Titles above, below, in parentheses, wrapped over two lines, or on the heading line ("Члан 1. Предмет"). Chapters (DIO, GLAVA, "I - OPĆE ODREDBE", ODJELJAK) are kept with each article. Deleted articles ("brisan", "prestao da važi", "Članak 79. – 109.") are recorded but never searched. Annexes (ANEKS, Prilog) and a PREAMBULA become entries of their own.

A laws.toml in a folder names each file's law, one table per file: ["kz-fbih.pdf"] law = "KZ FBiH" title = "Kazneni zakon Federacije BiH" jurisdiction = "FBiH" (see docs/ingest.md).

Check files first with --dry-run (no embedding, nothing written): number, title, chapter, characters and first words of each article, and every warning; --json prints the same as JSON. Re-ingesting a loaded law keeps its jurisdiction, title and aliases unless new ones are given (flags, laws.toml); a change of any of them is printed ("changed: KZ FBiH: jurisdiction FBiH → BiH"). An update that would remove or change more than a fifth of a loaded law's articles in force, or replace a law read from a law file with a corpus JSONL (or the other way round), stops before writing and names what would go (--yes to insist); the illustrative sample laws (data/sample) are never put beside real ones (a data dir of their own: --data-dir var/try). A file already indexed under another law name is refused (use that name, re-index it under the new one with --reindex, or `kodeks laws rename OLD NEW`), and so is a new law whose article texts another law already holds (the same law from another file or under another name; --allow-duplicate to insist). A law without a jurisdiction is warned about with the command that fixes it.

Every other law stays as it is. The index search uses changes only when the new one is complete (a running bot switches to it by itself); one ingest at a time: a second one waits (--no-wait: stops instead). `kodeks laws remove LAW` removes a law.

Limits (one-line refusal naming the setting): KODEKS_MAX_FILE_MB (PDF, DOCX), KODEKS_MAX_TEXT_MB (.txt .md and any extracted text), KODEKS_MAX_HTML_MB, KODEKS_MAX_CORPUS_MB, KODEKS_MAX_PDF_PAGES, KODEKS_MAX_DOCX_MB and KODEKS_MAX_ZIP_RATIO (a DOCX's zip directory, checked before parsing). In a folder, every file not read is named with the reason; a folder without law files is an error.
"""


@commands.command(help=INGEST_HELP)
def ingest(
    paths: list[Path] = typer.Argument(..., help="Law files, folders (with optional laws.toml) or corpus JSONL."),
    law: str | None = typer.Option(
        None,
        "--law",
        help="Law name for law files (e.g. 'KZ FBiH'); default: the file name, or the name it is already indexed under.",
    ),
    title: str | None = typer.Option(None, "--title", help="Full title of that law."),
    jurisdiction: str | None = typer.Option(None, "--jurisdiction", help="BiH, FBiH, RS, BD or a canton."),
    reindex: bool = typer.Option(
        False,
        "--reindex",
        help="Embed the laws in these files again from scratch (every other law stays); after a change of KODEKS_EMBEDDER, give the files of every law.",
    ),
    dry_run: bool = typer.Option(
        False,
        "--dry-run",
        help="Only show what the files give (articles, titles, chapters, warnings); embed and write nothing.",
    ),
    allow_duplicate: bool = typer.Option(
        False,
        "--allow-duplicate",
        help="Index a new law even though another law already holds its article texts (refused otherwise).",
    ),
    yes: bool = typer.Option(
        False,
        "--yes",
        "-y",
        help="Update a loaded law even though most of its articles would be removed or changed, or its source is of another kind (refused otherwise).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the counts (or the --dry-run report) as JSON."),
    no_wait: bool = NoWaitOption,
    data_dir: Path | None = DataDirOption,
) -> None:
    from retrieval.ingest.run import dry_run as read_only
    from retrieval.ingest.run import ingest_paths

    settings = load_settings(data_dir=data_dir)
    jurisdiction = _known_jurisdiction(jurisdiction, "--jurisdiction")
    info = LawInfo(law=law, title=title or "", jurisdiction=jurisdiction or "") if law else None
    terminal = sys.stderr.isatty()
    if dry_run:
        with ingest_progress(True, terminal and not as_json) as reporter:
            report = read_only(settings, paths, law_info=info, progress=reporter)
        _print_dry_run(report, as_json)
        if not report["articles"] and not any(f["annexes"] for f in report["files"]):
            raise typer.Exit(1)
        return
    with ingest_progress(True, terminal and not as_json) as reporter:
        result = ingest_paths(
            settings,
            paths,
            law_info=info,
            reindex=reindex,
            progress=reporter.embedding if reporter else None,
            reader=reporter,
            wait=not no_wait,
            on_wait=wait_line,
            allow_duplicate=allow_duplicate,
            yes=yes,
        )
    for problem in result.problems:
        print(f"kodeks: {'warning' if problem.severity == 'warning' else 'error'}: {problem}", file=sys.stderr)
    for loss in result.replaced:
        print(f"kodeks: warning: replaced as insisted (--yes): {loss.message()}", file=sys.stderr)
    if as_json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        for file in result.per_file:
            print(_file_line(file.to_dict(entries=False)))
        for change in result.changes:
            print(f"changed: {change}")
        print(summary_lines(result))
    if settings.default_jurisdiction or settings.user_jurisdictions:
        _warn_unplaced_laws(settings, {law for f in result.per_file for law in f.laws})
    if not result.articles and result.problems:
        raise typer.Exit(1)


@commands.command()
def publish(no_wait: bool = NoWaitOption, data_dir: Path | None = DataDirOption) -> None:
    """Publish this data dir's current index generation to KODEKS_DATABASE_URL, for every replica (docs/operations.md §9).

    `kodeks ingest` does this by itself; run it after a publication that failed, or to move the replicas back."""
    from retrieval.index.publishing import publish_current

    settings = load_settings(data_dir=data_dir)
    done = publish_current(settings, wait=not no_wait, on_wait=wait_line)
    again = ", replacing its earlier publication" if done.again else ""
    print(f"published generation {done.generation} ({done.total_bytes / 1e6:.1f} MB{again})")
    if done.pruned:
        print(f"pruned: {', '.join(done.pruned)}")


def summary_lines(result) -> str:
    """What was read and what the index holds now, counted as `kodeks laws` and /zakoni count:
    articles in force, with deleted articles and annexes named apart."""
    read, held = result.read, result.index
    where = (
        f"new generation {result.generation}; a running bot switches to it by itself"
        if result.built
        else "nothing changed: no new generation"
    )
    return (
        f"articles: {read.in_force} in force, {read.deleted} deleted, {plural(read.annexes, 'annex', 'annexes')}  "
        f"chunks: {result.chunks}  embedded: {result.embedded}  reused: {result.reused}  "
        f"removed: {result.deleted}\n"
        f"index now holds {plural(held.laws, 'law')}: {plural(held.in_force, 'article')} in force, {held.deleted} deleted, "
        f"{plural(held.annexes, 'annex', 'annexes')} ({where})"
    )


def _warn_unplaced_laws(settings, just_read: set[str]) -> None:
    """Officers have jurisdictions here: a law without one would silently reach none of them (the laws just
    read were warned about with their fix, per file)."""
    from retrieval.index.articles import load_articles
    from retrieval.index.generations import current_paths

    unplaced = sorted(
        {a.law for a in load_articles(current_paths(settings).root).values() if not a.jurisdiction} - just_read
    )
    if unplaced:
        print(
            f"kodeks: warning: no jurisdiction for {', '.join(unplaced)}: officers with a jurisdiction are not "
            f"answered from it (re-ingest with --jurisdiction or a laws.toml entry)",
            file=sys.stderr,
        )


def _file_line(f: dict) -> str:
    warnings = len(f["warnings"]) + len(f["errors"])
    laws = f.get("laws") or [f["law"]]
    law = f["law"] if len(laws) == 1 else f"{len(laws)} laws ({', '.join(laws)})"
    return (
        f"{f['file']} → {law}: {plural(f['articles'], 'article')}, {f['deleted']} deleted, {plural(f['annexes'], 'annex', 'annexes')}, "
        f"{warnings} warning(s) ({f['seconds']:.1f} s)"
    )


def _print_dry_run(report: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return
    console = Console(width=max(120, Console().width))
    for f in report["files"]:
        table = Table(title=_file_line(f), title_justify="left")
        for column in ("article", "title", "chapter", "chars", "first words"):
            table.add_column(column, overflow="fold")
        for e in f["entries"]:
            style = "dim" if e["deleted"] else None
            number = e["article"] + (" (deleted)" if e["deleted"] else "")
            table.add_row(number, e["title"], e["chapter"], str(e["chars"]), e["first_words"], style=style)
        console.print(table)
        for w in f["warnings"] + f["errors"]:
            console.print(f"  warning: {w}", markup=False, highlight=False)
    extra = [w for w in report["warnings"] if not any(w in f["warnings"] + f["errors"] for f in report["files"])]
    for w in extra:
        console.print(f"warning: {w}", markup=False, highlight=False)
    for change in report.get("changes", []):
        console.print(f"would change: {change}", markup=False, highlight=False)
    print(
        f"articles: {report['articles']}  deleted: {report['deleted']}  annexes: {report['annexes']}  "
        f"warnings: {len(report['warnings'])}  (dry run: nothing embedded or written)"
    )


@commands.command()
def search(
    query: str = typer.Argument(..., help="The question, as an officer would type it."),
    k: int | None = typer.Option(None, "--k", "-k", min=1, help="Articles to return (KODEKS_TOP_K)."),
    law: str | None = typer.Option(None, "--law", help="Only this law."),
    jurisdiction: str | None = typer.Option(None, "--jurisdiction", help="Only this jurisdiction."),
    officer: str | None = typer.Option(
        None,
        "--officer",
        help="Search as an officer of this jurisdiction (its laws and the levels above, e.g. RS → RS + BiH).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Ranked articles with score, the fallback level that served them, and dense/lexical ranks."""
    from retrieval.jurisdictions import scope_of
    from retrieval.search.retriever import Retriever

    settings = load_settings(data_dir=data_dir)
    if officer and jurisdiction:
        raise typer.BadParameter("use either --jurisdiction or --officer", param_hint="--officer")
    officer_code = _known_jurisdiction(officer, "--officer")
    scope = scope_of(officer_code) if officer_code is not None else jurisdiction
    result = Retriever.open(settings).search(query, k=k, law=law, jurisdiction=scope)
    if as_json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return
    for line in ambiguity_lines(a.to_dict() for a in result.ambiguous):  # "which law is 'kz'?" first
        print(line)
    if result.missing_references:  # "član 79 KZ FBiH": deleted / repealed / not in the law, and its neighbours
        from kodeks.answering.notices import missing_lines

        print("\n".join(missing_lines(result.missing_references)))
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
        kinds = (result.coverage or {}).get("missing_labels") or []
        not_loaded = f" (no law of this kind is loaded: {'; '.join(kinds)})" if kinds else ""
        console.print(f"weak: the loaded laws may not cover this question{not_loaded}", highlight=False, markup=False)
    if result.laws_named:
        console.print(f"searched in the law named: {', '.join(result.laws_named)}", highlight=False, markup=False)
    if result.jurisdiction_missing:
        console.print(missing_jurisdiction_line(result), highlight=False, markup=False)


def missing_jurisdiction_line(result) -> str:
    """ "no law of BD (Brčko distrikt BiH) is loaded; answered from BiH: KZ BiH, ZOBS BiH"."""
    from retrieval.jurisdictions import name_of

    code = result.jurisdiction_missing
    laws = ", ".join(dict.fromkeys(h.article.law for h in result.hits)) or "nothing"
    searched = ", ".join(c for c in (result.scope or []) if c != code)
    return f"no law of {code} ({name_of(code)}) is loaded; answered from {searched or 'the other levels'}: {laws}"


@eval_commands.command("retrieval")
def eval_retrieval(
    eval_file: Path = typer.Argument(..., help="Evaluation JSONL: question, relevant (corpus ids), id."),
    k: int = typer.Option(10, "--k", "-k", min=1, help="Articles retrieved per question."),
    json_out: Path | None = typer.Option(None, "--json", help="Write the metrics as JSON to this file."),
    do_sweep: bool = typer.Option(False, "--sweep", help="Sweep the similarity threshold and recommend one."),
    plot: Path | None = typer.Option(None, "--plot", help="Draw the sweep to this PNG (implies --sweep)."),
    details: Path | None = typer.Option(
        None, "--details", help="Per-question report (JSONL): ranks, level, top results."
    ),
    max_loss: float = typer.Option(
        0.05,
        "--max-loss",
        min=0.0,
        max=1.0,
        help="Share of questions the recommended threshold may cost their relevant article.",
    ),
    rewrite: bool = typer.Option(
        False,
        "--rewrite",
        help="Let Claude rewrite each question into the statute's terms first (needs ANTHROPIC_API_KEY; KODEKS_REWRITE_MODEL).",
    ),
    masking: bool | None = typer.Option(
        None,
        "--mask/--no-mask",
        help="Mask personal data in each question first, as the bot does (default: KODEKS_MASK_PERSONAL_DATA, on).",
    ),
    data_dir: Path | None = DataDirOption,
) -> None:
    """hit@1/5/10, recall@5/10, MRR@10, p50/p95 ms and empty-context rate of the search the bot runs.

    A question with a `jurisdiction` (e.g. from `kodeks export`) is searched as for an officer there. Questions
    are masked first (personal data → placeholders) as the bot masks them, unless --no-mask."""
    from retrieval.evaluation import evaluate, load_eval
    from retrieval.jurisdictions import as_scope as officer_scope
    from retrieval.search.retriever import Retriever

    if plot and not _has_matplotlib():  # said before minutes of evaluation, not after
        print(
            "kodeks: --plot needs matplotlib, an optional extra: pip install 'kodeks[plots]' "
            "(in a source checkout: pip install -e '.[plots]')",
            file=sys.stderr,
        )
        raise typer.Exit(2)
    settings = load_settings(data_dir=data_dir)
    questions = load_eval(eval_file)
    if rewrite and settings.anthropic_api_key is None:
        print("kodeks: --rewrite needs ANTHROPIC_API_KEY (the rewrite is a Claude call)", file=sys.stderr)
        raise typer.Exit(2)
    retriever = Retriever.open(settings)
    if rewrite:
        from kodeks.answering.rewrite import ClaudeRewriter

        retriever.rewriter = ClaudeRewriter(settings.model_copy(update={"rewrite": True}))
    known = set(retriever.articles)
    warn_not_in_index(sorted({r for q in questions for r in q.relevant if r not in known}))
    masking = settings.mask_personal_data if masking is None else masking
    if masking:
        from kodeks.privacy import mask
    as_asked = (lambda q: mask(q).text) if masking else (lambda q: q)
    with _counting_progress(len(questions), "evaluating") as tick:
        run = evaluate(
            questions,
            lambda q, jurisdiction=None: retriever.search(as_asked(q), k=k, jurisdiction=officer_scope(jurisdiction)),
            tick,
        )
    _print_metrics(
        run.metrics,
        f"{eval_file.name}  (k={k}, threshold={settings.threshold}"
        f"{', rewrite ' + settings.rewrite_model if rewrite else ''}"
        f"{', masked' if masking else ', not masked'})",
    )
    if json_out:
        json_out.write_text(json.dumps(run.metrics, indent=2) + "\n", encoding="utf-8")
    if details:
        details.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in run.details), encoding="utf-8")
    if do_sweep or plot:
        _run_sweep(retriever, questions, settings.top_k, max_loss, plot, eval_file.name)


def _has_matplotlib() -> bool:
    """matplotlib is the optional `plots` extra; only --plot needs it."""
    try:
        import matplotlib  # noqa: F401  (imported only to learn whether it is installed)
    except ImportError:
        return False
    return True


def _known_jurisdiction(code: str | None, flag: str) -> str | None:
    """A jurisdiction flag's canonical code; an unknown one is a usage error that lists the known ones."""
    from kodeks.errors import UnknownJurisdiction
    from retrieval.jurisdictions import canonical

    if not code:
        return None
    try:
        return canonical(code)
    except UnknownJurisdiction as exc:
        raise typer.BadParameter(str(exc), param_hint=flag) from None


@contextmanager
def _counting_progress(total: int, label: str) -> Iterator[Callable[[], None] | None]:
    if not sys.stderr.isatty():
        yield None
        return
    with Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True
    ) as progress:
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


def _run_sweep(retriever, questions, k: int, max_loss: float, plot: Path | None, name: str) -> None:
    from retrieval.evaluation import QuestionScores, plot_sweep, recommend, sweep, thresholds_for
    from retrieval.jurisdictions import as_scope

    scored = []
    with _counting_progress(len(questions), "sweeping") as tick:
        for q in questions:
            result = retriever.search(q.question, k=k, threshold=-1.0, jurisdiction=as_scope(q.jurisdiction))
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
        table.add_row(
            f"{p.threshold:.3f}", f"{p.loses_relevant:.1%}", f"{p.no_context:.1%}", f"{p.precision:.1%}", style=style
        )
    Console().print(table)
    print(f"recommended KODEKS_THRESHOLD={chosen.threshold:.3f} – {why}")
    if plot:
        plot_sweep(points, chosen, plot, f"Threshold sweep – {name}")
        print(f"plot written to {plot}")
