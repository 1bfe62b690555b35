"""The one console command, `kodeks`, and its subcommands.

Each group of subcommands lives in its own module (`cli_retrieval`, `cli_answer`, `cli_bot`) and
registers itself on `app`; this module only wires them and turns expected errors into one line on
stderr with exit code 1 (usage errors exit 2, as click does).
"""

from __future__ import annotations

import sys

import typer

from kodeks.errors import KodeksError

app = typer.Typer(
    name="kodeks",
    help="KODEKS – odgovori iz zakona BiH, s citiranim članovima. / Answers from BiH law, citing articles.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
eval_app = typer.Typer(help="Evaluate retrieval and generation separately.", no_args_is_help=True)
app.add_typer(eval_app, name="eval")

DataDirOption = typer.Option(None, "--data-dir", help="Where the index and query log live (KODEKS_DATA_DIR).")


def _register() -> None:
    # Imported for their side effect: each module adds its commands to `app` / `eval_app`.
    from kodeks import cli_answer, cli_bot, cli_retrieval  # noqa: F401


def main() -> None:
    """Entry point: run the Typer app, mapping expected errors to exit code 1 and one stderr line."""
    _register()
    try:
        app(standalone_mode=True)
    except KodeksError as exc:  # pragma: no cover - typer usually handles via our wrapper below
        print(f"kodeks: {exc}", file=sys.stderr)
        sys.exit(1)


def fail(message: str) -> None:
    """Print one clear line on stderr and exit 1."""
    print(f"kodeks: {message}", file=sys.stderr)
    raise typer.Exit(1)

