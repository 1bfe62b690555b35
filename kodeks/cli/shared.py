"""What every `kodeks` command shares: the `--data-dir` option (before or after the command), one-line
failures with exit code 1, and the root group class that turns a `KodeksError` into such a line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from kodeks.errors import KodeksError

if TYPE_CHECKING:
    from typer._click.core import Context as ClickContext  # the context Typer's groups are invoked with

DATA_DIR_HELP = "Where the index and query log live (default: KODEKS_DATA_DIR or ./var)."


class OneLineErrors(typer.core.TyperGroup):
    """Every command's expected failure (`KodeksError`) becomes one line on stderr and exit 1 — in the
    console script and under `typer.testing.CliRunner` alike, without a try/except in each command."""

    def invoke(self, ctx: ClickContext) -> object:
        try:
            return super().invoke(ctx)
        except KodeksError as exc:
            print(f"kodeks: {exc}", file=sys.stderr)
            raise typer.Exit(1) from None


def _data_dir_default(ctx: typer.Context, value: Path | None) -> Path | None:
    """`--data-dir` after the subcommand wins; otherwise the nearest one given before it
    (`kodeks -d DIR search …`, `kodeks laws -d DIR remove …`)."""
    if value is not None:
        return value
    parent = ctx.parent
    while parent is not None:
        if parent.params.get("data_dir") is not None:
            return parent.params["data_dir"]
        parent = parent.parent
    return None


DataDirOption = typer.Option(None, "--data-dir", "-d", metavar="DIR", help=DATA_DIR_HELP, callback=_data_dir_default)


NoWaitOption = typer.Option(
    False,
    "--no-wait",
    help="If another ingest (or laws remove/rename) is writing the index, stop with exit 1 instead of waiting for it.",
)


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """ "1 law", "2 laws", "0 laws": a count with its noun agreeing (an irregular plural is given:
    `plural(n, "index", "indexes")`). "1 laws" in output reads as a bug even when the number is right."""
    return f"{n} {singular if n == 1 else (plural_form or singular + 's')}"


def wait_line(line: str) -> None:
    """The one line a writer prints while it waits for the data dir's writer lock."""
    print(f"kodeks: {line}", file=sys.stderr, flush=True)


def warn_not_in_index(unknown: list[str]) -> None:
    """Say on stderr that some labelled articles are in no law of the index (`kodeks eval retrieval`, `kodeks eval
    threads`): those questions can never be found, so a figure over that index is lower for a reason not the method's."""
    if unknown:
        print(
            f"kodeks: warning: {len(unknown)} relevant id(s) are not in the index, e.g. {unknown[:3]}", file=sys.stderr
        )


def fail(message: str) -> NoReturn:
    """Print one clear line on stderr and exit 1."""
    print(f"kodeks: {message}", file=sys.stderr)
    raise typer.Exit(1)
