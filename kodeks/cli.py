"""The one console command, `kodeks`, and its subcommands.

Each group of subcommands lives in its own module (`cli_retrieval`, `cli_answer`, `cli_bot`) and
registers itself on `app`; this module only wires them and turns expected errors into one line on
stderr with exit code 1 (usage errors exit 2, as click does).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from kodeks import cli_help
from kodeks.errors import KodeksError

cli_help.install()


class _OneLineErrors(typer.core.TyperGroup):
    """Every command's expected failure (`KodeksError`) becomes one line on stderr and exit 1 — in the
    console script and under `typer.testing.CliRunner` alike, without a try/except in each command."""

    def invoke(self, ctx: typer.Context) -> object:
        try:
            return super().invoke(ctx)
        except KodeksError as exc:
            print(f"kodeks: {exc}", file=sys.stderr)
            raise typer.Exit(1) from None


app = typer.Typer(
    cls=_OneLineErrors,
    name="kodeks",
    help="KODEKS – odgovori iz zakona BiH, s citiranim članovima. / Answers from BiH law, citing articles.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
eval_app = typer.Typer(help="Evaluate retrieval and generation separately.", no_args_is_help=True)
app.add_typer(eval_app, name="eval")

DATA_DIR_HELP = "Where the index and query log live (default: KODEKS_DATA_DIR or ./var)."


def _data_dir_default(ctx: typer.Context, value: Optional[Path]) -> Optional[Path]:
    """`--data-dir` after the subcommand wins; otherwise the one given before it (`kodeks -d DIR search …`)."""
    if value is not None:
        return value
    root = ctx.find_root()
    return root.params.get("data_dir") if root is not ctx else None


DataDirOption = typer.Option(None, "--data-dir", "-d", metavar="DIR", help=DATA_DIR_HELP, callback=_data_dir_default)


@app.callback()
def _global_options(
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", "-d", metavar="DIR", help=DATA_DIR_HELP),
) -> None:
    """KODEKS – odgovori iz zakona BiH, s citiranim članovima. / Answers from BiH law, citing articles.

    Global options go before the command (`kodeks -d DIR search …`) or after it (`kodeks search … -d DIR`)."""


def _register() -> None:
    # Imported for their side effect: each module adds its commands to `app` / `eval_app`.
    from kodeks import cli_answer, cli_bot, cli_retrieval  # noqa: F401
    from kodeks import cli_laws  # noqa: F401


def main() -> None:
    """Entry point: run the Typer app, mapping expected errors to exit code 1 and one stderr line."""
    _register()
    try:
        app(standalone_mode=True, prog_name="kodeks")
    except KodeksError as exc:  # pragma: no cover - typer usually handles via our wrapper below
        print(f"kodeks: {exc}", file=sys.stderr)
        sys.exit(1)


def fail(message: str) -> None:
    """Print one clear line on stderr and exit 1."""
    print(f"kodeks: {message}", file=sys.stderr)
    raise typer.Exit(1)

