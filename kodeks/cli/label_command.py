"""`kodeks eval label`: an admin marks the right articles for logged questions, or 👍 answers become silver labels.

The labels are evaluation JSONL that `kodeks eval retrieval` reads as they are; the reading, choosing and
writing is `kodeks.cli.labelling`'s, this module only asks and prints.
"""

from __future__ import annotations

import itertools
from datetime import UTC
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from kodeks.cli import labelling
from kodeks.cli.shared import DataDirOption, fail, plural
from kodeks.errors import KodeksError
from kodeks.settings import load_settings

commands = typer.Typer()  # merged into `kodeks eval`

PROMPT = "numbers (1 3), a reference (čl. 42 KZ FBiH), s skip, n none of these, q quit › "
MARKS = {"up": "👍", "down": "👎"}


@commands.command("label")
def label(
    out: Path = typer.Option(..., "--out", help="Labels JSONL, appended to (a session resumes where it stopped)."),
    log: Path | None = typer.Option(None, "--log", help="The query log (default: the data dir's queries.sqlite3)."),
    export: list[Path] | None = typer.Option(
        None,
        "--export",
        help="Read export files instead of the log (`kodeks export --out`, /export's .jsonl.gz parts; repeat for each).",
    ),
    silver: bool = typer.Option(
        False, "--silver", help="No questions asked: 👍 answers and their cited articles become labels marked silver."
    ),
    since: str | None = typer.Option(None, "--since", help="Only questions from this date on (YYYY-MM-DD, UTC)."),
    only_feedback: bool = typer.Option(False, "--only-feedback", help="Only questions whose answer got 👍 or 👎."),
    not_covered: Path | None = typer.Option(
        None,
        "--not-covered",
        help="Where questions no loaded law covers go (default: beside OUT, OUT's name + .not_covered.jsonl).",
    ),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Label logged questions for `kodeks eval retrieval` and training.

    Newest first, each masked question as logged with the officer's jurisdiction and the articles the answer
    cited and search served, numbered: type the numbers of the right ones, or references ("čl. 42 KZ FBiH"),
    `s` to skip, `n` when none of the loaded laws covers it (written to the not-covered file), `q` to quit.
    Questions already in OUT or the not-covered file are not asked again."""
    from bot.querylog.export import parse_since

    if log is not None and export:
        raise typer.BadParameter("use either --log or --export", param_hint="--export")
    try:
        moment = parse_since(since)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--since") from None
    since_text = moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None
    settings = load_settings(data_dir=data_dir)
    uncovered = not_covered or labelling.uncovered_path(out)
    try:
        records = (
            itertools.chain.from_iterable(labelling.read_export(path) for path in export)
            if export
            else labelling.read_log(log or settings.log_path, moment)
        )
        done = labelling.read_done(out, uncovered)
        if silver:
            lines = labelling.silver(records, since_text, done)
            written = labelling.append(out, lines) if lines else 0
            print(f"{plural(written, 'silver label')} written to {out}")
            return
        feedback = "any" if only_feedback else None
        questions = labelling.select(records, since=since_text, feedback=feedback, done=done)
        _session(questions, out, uncovered, _references(settings))
    except KodeksError as exc:
        fail(str(exc))


def _references(settings: Any) -> labelling.References | None:
    """The index's articles for reading references; None (numbers only) when nothing is indexed."""
    from retrieval.index.articles import load_articles
    from retrieval.index.generations import current_paths

    articles = load_articles(current_paths(settings).root)
    return labelling.References(articles.values()) if articles else None


def _session(
    questions: list[labelling.Logged], out: Path, uncovered: Path, references: labelling.References | None
) -> None:
    console = Console(highlight=False, soft_wrap=True)
    counts = {"labelled": 0, "not covered": 0, "skipped": 0}
    if not questions:
        console.print("nothing to label: every selected question is already in the labels", markup=False)
    for number, logged in enumerate(questions, 1):
        _show(console, logged, number, len(questions))
        answer = _ask(console, logged, references)
        if answer.action == "quit":
            break
        if answer.action == "skip":
            counts["skipped"] += 1
        elif answer.action == "none":
            labelling.append(uncovered, [labelling.uncovered_line(logged)])
            counts["not covered"] += 1
        else:
            labelling.append(out, [labelling.label_line(logged, list(answer.articles), "admin")])
            counts["labelled"] += 1
    summary = ", ".join(f"{what} {n}" for what, n in counts.items())
    console.print(f"{summary}; labels in {out}, not covered in {uncovered}", markup=False)


def _show(console: Console, logged: labelling.Logged, number: int, total: int) -> None:
    where = f"  officer: {logged.jurisdiction}" if logged.jurisdiction else ""
    mark = f"  {MARKS[logged.feedback]}" if logged.feedback in MARKS else ""
    again = f"  (asked {logged.asked} times)" if logged.asked > 1 else ""
    console.print(f"\n[{number}/{total}] {logged.id}  {logged.time}{where}{mark}{again}", markup=False)
    console.print(f"  {logged.question}", markup=False)
    if not logged.shown:
        console.print("  (no article was cited or served)", markup=False)
    for index, article in enumerate(logged.shown, 1):
        role = "cited" if article in logged.cited else "served"
        title = logged.titles.get(article, "")
        console.print(f"  {index}. {article}  {title}  ({role})", markup=False)


def _ask(console: Console, logged: labelling.Logged, references: labelling.References | None) -> labelling.Answer:
    """Ask until the answer is usable; the end of input is a quit."""
    while True:
        try:
            text = input(PROMPT)
        except EOFError:
            return labelling.Answer(action="quit")
        answer = labelling.parse_answer(text, logged.shown, references)
        if answer.problem is None:
            if answer.articles:
                console.print(f"  → {', '.join(answer.articles)}", markup=False)
            return answer
        console.print(f"  {answer.problem}", markup=False)
