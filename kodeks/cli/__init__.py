"""The one console command, `kodeks`, and its subcommands.

One job: wire the command groups into one app. Each group lives in its own module
(`retrieval_commands`, `answer_commands`, `chat_command`, `bot_commands`, `laws_command`, `privacy_commands`,
`label_command` (`kodeks eval label`, its logic in `labelling`),
`officers_commands`, `migrate_command`) as a nameless sub-app whose
commands are merged into `app` (or into `eval_app`, `kodeks eval …`) here; expected errors become one
line on stderr with exit code 1 (usage errors exit 2, as click does).

May import: its own modules and `kodeks.errors`. The command modules take shared pieces from
`kodeks.cli.shared` and never import this one back; what they run (settings, retrieval,
`kodeks.answering`, `bot`) is theirs to import.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from kodeks.cli import (
    answer_commands,
    bot_commands,
    chat_command,
    label_command,
    laws_command,
    migrate_command,
    officers_commands,
    plain_help,
    privacy_commands,
    ranker_command,
    retrieval_commands,
)
from kodeks.cli.shared import DATA_DIR_HELP, OneLineErrors
from kodeks.errors import KodeksError

plain_help.install()

app = typer.Typer(
    cls=OneLineErrors,
    name="kodeks",
    help="KODEKS – odgovori iz zakona BiH, s citiranim članovima. / Answers from BiH law, citing articles.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
eval_app = typer.Typer(help="Evaluate retrieval and generation separately.", no_args_is_help=True)

# The order here is the order of `kodeks --help` and `kodeks eval --help`.
for group in (
    answer_commands.commands,
    chat_command.commands,
    bot_commands.commands,
    retrieval_commands.commands,
    privacy_commands.commands,
    migrate_command.commands,
):
    app.add_typer(group)
app.add_typer(laws_command.laws_app, name="laws")  # `kodeks laws`, `kodeks laws remove|rename`
app.add_typer(eval_app, name="eval")
app.add_typer(officers_commands.officers_app, name="officers")
for group in (
    answer_commands.eval_commands,
    retrieval_commands.eval_commands,
    label_command.commands,
    ranker_command.eval_commands,
):
    eval_app.add_typer(group)


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"kodeks {version('kodeks')}")
        except PackageNotFoundError:  # run from a checkout that was never installed
            print("kodeks (not installed)")
        raise typer.Exit(0)


@app.callback()
def _global_options(
    ctx: typer.Context,
    data_dir: Path | None = typer.Option(None, "--data-dir", "-d", metavar="DIR", help=DATA_DIR_HELP),
    show_version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_print_version, help="Print the installed version and exit."
    ),
) -> None:
    """KODEKS – odgovori iz zakona BiH, s citiranim članovima. / Answers from BiH law, citing articles.

    Global options go before the command (`kodeks -d DIR search …`) or after it (`kodeks search … -d DIR`)."""
    import os

    from kodeks.settings import unknown_settings
    from retrieval.language.vocabulary import missing_files

    if ctx.invoked_subcommand != "bot":  # the bot reports them itself, in its start-up warnings
        for line in unknown_settings(os.environ):  # a misspelt KODEKS_* variable is otherwise silently ignored
            print(f"kodeks: {line}", file=sys.stderr)

    missing = missing_files()
    if missing:  # a broken install: search would run without vocabulary or kinds of law
        print(
            f"kodeks: data file {missing[0]} is missing: reinstall kodeks (pip install --force-reinstall)",
            file=sys.stderr,
        )
        raise typer.Exit(1)


def main() -> None:
    """Entry point: run the Typer app, mapping expected errors to exit code 1 and one stderr line."""
    try:
        app(standalone_mode=True, prog_name="kodeks")
    except KodeksError as exc:  # pragma: no cover - typer usually handles via our wrapper below
        print(f"kodeks: {exc}", file=sys.stderr)
        sys.exit(1)
