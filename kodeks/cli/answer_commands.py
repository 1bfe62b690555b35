"""`kodeks ask` (the whole pipeline without Telegram), `kodeks eval generation` and `kodeks eval threads`."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import typer

from kodeks.cli.laws_command import ambiguity_lines
from kodeks.cli.shared import DataDirOption, fail, warn_not_in_index
from kodeks.errors import KodeksError
from kodeks.settings import Settings, load_settings

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)
eval_commands = typer.Typer()  # merged into `kodeks eval`


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f} ms"


def _covered(answer: dict[str, Any]) -> str:
    """Only Claude judges whether the articles cover the question; an extractive answer cannot know."""
    if answer["mode"] != "claude" or answer["covered"] is None:
        return "unknown"
    return "yes" if answer["covered"] else "no"


def format_result(data: dict[str, Any]) -> str:
    """The human view of `PipelineResult.to_dict()`: answer first, then sources, then how it was made."""
    answer = data["answer"]
    lines = [*ambiguity_lines(data.get("search", {}).get("ambiguous", []), bosnian=True), answer["text"], ""]
    if answer["citations"]:
        lines.append("Izvori:")
        lines += [f"  {n}. {c['label']}  [{c['id']}]" for n, c in enumerate(answer["citations"], 1)]
    else:
        lines.append("Izvori: –")
    if answer["missing"] and answer["missing"] not in answer["text"]:  # not twice (a missing article's notice)
        lines.append(f"Nedostaje: {answer['missing']}")
    if answer["invalid_citations"]:
        lines.append(f"Uklonjeni citati (nisu poslani modelu): {', '.join(answer['invalid_citations'])}")
    lines.append("")
    model = f" · model {answer['model']}" if answer["model"] else ""
    flagged = "yes" if answer["flagged"] else "no"
    lines.append(
        f"mode: {answer['mode']}{model} · prompt {answer['prompt_version']} · "
        f"level: {data['level']} · covered: {_covered(answer)} · flagged: {flagged}"
    )
    if answer["reason"]:
        lines.append(f"reason: {answer['reason']}")
    if answer["input_tokens"] is not None:
        lines.append(
            f"tokens: in {answer['input_tokens']} · out {answer['output_tokens']} · cached {answer['cache_read_tokens'] or 0}"
        )
    search = data.get("search") or {}
    if search.get("scope"):
        lines.append(f"jurisdiction: {search['jurisdiction']} (searched {', '.join(search['scope'])})")
    if search.get("jurisdiction_missing"):
        lines.append(f"no law of {search['jurisdiction_missing']} is loaded: answered from the levels above")
    t = data["timings_ms"]
    lines.append(
        f"timings: retrieval {_ms(t.get('retrieval'))} · llm {_ms(t.get('llm'))} · total {_ms(t.get('total'))}"
    )
    return "\n".join(lines)


async def _ask(
    settings: Settings, question: str, law: str | None, jurisdiction: str | None, log: bool = True
) -> dict[str, Any]:
    from kodeks.answering import Pipeline
    from retrieval.jurisdictions import as_scope

    async with Pipeline(settings) as pipeline:  # as the bot does for an officer of that jurisdiction
        result = await pipeline.ask(question, law=law, jurisdiction=as_scope(jurisdiction))
    if log:
        await log_question(settings, result.question, result)  # the masked question, as the bot logs it
    return result.to_dict()


async def log_question(settings: Settings, question: str, result: Any) -> None:
    """Log the question like the bot does, marked `source='cli'` so /stats tells admins' tests from officers.
    A log that cannot be written costs a warning, not the answer."""
    import getpass

    from bot.querylog import QueryLog

    try:
        async with await QueryLog.from_settings(settings) as qlog:
            await qlog.record(user_id=f"cli:{getpass.getuser()}", question=question, result=result, source="cli")
        lost = qlog.lost  # counted by close() if the row could not be written even then
    except (KodeksError, OSError) as exc:
        print(f"kodeks: warning: question not logged: {exc}", file=sys.stderr)
        return
    if lost:
        why = "could not be reached" if qlog.storage.postgres else "stayed locked"
        print(f"kodeks: warning: question not logged: {qlog.where} {why}", file=sys.stderr)


@commands.command()
def ask(
    question: str = typer.Argument(..., help="The question, as an officer would type it."),
    law: str | None = typer.Option(None, "--law", help="Only this law."),
    jurisdiction: str | None = typer.Option(
        None,
        "--jurisdiction",
        help="Answer as for an officer of this jurisdiction: its laws and the levels above (RS → RS + BiH).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    no_log: bool = typer.Option(False, "--no-log", help="Do not write the question to the query log."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Answer one question: search, then Claude (or extractive without ANTHROPIC_API_KEY). The question is
    written to the query log (marked as from the command line) unless --no-log."""
    if not question.strip():
        raise typer.BadParameter("the question is empty", param_hint="QUESTION")
    try:
        settings = load_settings(data_dir=data_dir)
        data = asyncio.run(_ask(settings, question, law, jurisdiction, log=not no_log))
    except KodeksError as exc:
        fail(str(exc))
        return
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(format_result(data))


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f}%"


def format_report(report: dict[str, Any]) -> str:
    rel, unr = report["relevant"], report["unrelated"]
    lines = [
        f"generation eval · model {report['model']} · prompt {report['prompt_version']}",
        f"questions {report['n']} · runs {report['runs']} · answered {report['answered']} · "
        f"API errors {report['errors']} · malformed {report['malformed']}",
        "",
        f"{'':34}{'all':>8}{'relevant':>10}{'unrelated':>11}",
        f"{'citations all valid':34}{_pct(report['citations_all_valid']):>8}"
        f"{_pct(rel['citations_all_valid']):>10}{_pct(unr['citations_all_valid']):>11}",
        f"{'answers with an uncited claim':34}{_pct(report['uncited_claim']):>8}"
        f"{_pct(rel['uncited_claim']):>10}{_pct(unr['uncited_claim']):>11}",
        f"{'says what is missing (unrelated)':34}{'':>8}{'':>10}{_pct(unr['says_missing']):>11}",
        f"{'claims covered (unrelated)':34}{'':>8}{'':>10}{_pct(unr['covered']):>11}",
        f"{'wrong refusals (relevant)':34}{'':>8}{_pct(rel['wrong_refusal']):>10}",
        f"{'answer script differs from question':34}{_pct(report['script_mismatch']):>8}",
    ]
    if report["skipped_relevant"]:
        lines.append(f"no relevant article found in the index for: {', '.join(report['skipped_relevant'])}")
    return "\n".join(lines)


async def _evaluate(settings: Settings, source: Any, cases: list[Any], concurrency: int) -> dict[str, Any]:
    from kodeks.answering import Answerer
    from kodeks.answering.evaluation import evaluate_generation

    async with Answerer(settings) as answerer:
        return await evaluate_generation(answerer, source, cases, concurrency)


@eval_commands.command("generation")
def eval_generation(
    eval_file: Path = typer.Argument(..., help="Evaluation JSONL: question, relevant ids."),
    json_out: Path | None = typer.Option(None, "--json", help="Also write the report (with every run) here."),
    concurrency: int = typer.Option(4, "--concurrency", min=1, help="Questions sent to the API at once."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Generation judged apart from retrieval: relevant passages given, then only unrelated ones."""
    from kodeks.answering.evaluation import load_cases

    try:
        settings = load_settings(data_dir=data_dir)
        if settings.anthropic_api_key is None:
            fail(
                "ANTHROPIC_API_KEY is not set: generation evaluation needs Claude "
                "(or an Anthropic-compatible endpoint via ANTHROPIC_BASE_URL)"
            )
        cases = load_cases(eval_file)
        from retrieval.search.retriever import Retriever

        source = Retriever.open(settings)
        report = asyncio.run(_evaluate(settings, source, cases, concurrency))
    except KodeksError as exc:
        fail(str(exc))
        return
    print(format_report(report))
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {json_out}: {exc.strerror or exc}")
    if report["runs"] and not report["answered"]:
        first = next((i["reason"] for i in report["items"] if i["reason"]), "no reply")
        fail(f"no answer came back from the Claude API ({first})")


async def _evaluate_threads(settings: Settings, cases: list[Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    from kodeks.answering import Pipeline
    from kodeks.answering.thread_eval import evaluate_threads

    async with Pipeline(settings) as pipeline:  # the bot's pipeline: a key in the settings means Claude's rewrite
        warn_relevant_outside(cases, await pipeline.retriever())
        return await evaluate_threads(pipeline, cases)


def warn_relevant_outside(cases: list[Any], retriever: object) -> None:
    """Say on stderr when some labelled articles are in no law of the index (as `kodeks eval retrieval` does)."""
    from kodeks.answering.thread_eval import relevant_outside

    known = getattr(retriever, "articles", None)
    warn_not_in_index(relevant_outside(cases, known) if known is not None else [])


@eval_commands.command("threads")
def eval_threads(
    threads_file: Path = typer.Argument(..., help="Thread JSONL: id, jurisdiction, turns [{q, relevant, kind?}]."),
    json_out: Path | None = typer.Option(None, "--json", help="Also write the figures here (JSON)."),
    details: Path | None = typer.Option(None, "--details", help="Write one JSON line per turn here."),
    split: str | None = typer.Option(None, "--split", help='Only the threads whose "split" is this.'),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Conversations scored the bot's way: each turn in its officer's thread, and the later turns again alone."""
    from kodeks.answering.thread_eval import format_report, load_threads

    try:
        settings = load_settings(data_dir=data_dir)
        cases = load_threads(threads_file, split)
        report, rows = asyncio.run(_evaluate_threads(settings, cases))
    except KodeksError as exc:
        fail(str(exc))
        return
    print(format_report(report, threads_file.name))
    try:
        if json_out is not None:
            json_out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        if details is not None:
            details.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {exc.filename}: {exc.strerror or exc}")
