"""The `kodeks` console script: catches a supervisor's signals before anything heavy is imported.

Importing the command line (typer, and through it every command group) takes most of a second; a
`systemctl reload` in that window used to end `kodeks bot` without a line, since Python's default for
SIGHUP is to die. So the script's first instructions, for `kodeks bot` only, install the start-up
handlers (`bot.signals`, which imports nothing heavy), and only then load the command line. Any other
command keeps the default behaviour (a hang-up ends an `ingest` run in a closed terminal, as it should).
"""

from __future__ import annotations

import sys

# Global options that take a value (`kodeks -d DIR bot`): their value is not the command's name.
_OPTIONS_WITH_VALUE = frozenset({"-d", "--data-dir"})


def command_name(args: list[str]) -> str | None:
    """The subcommand `args` run (the first word that is neither an option nor an option's value)."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in _OPTIONS_WITH_VALUE:
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def main() -> None:
    """Entry point of the `kodeks` command and of `python -m kodeks`."""
    if command_name(sys.argv[1:]) == "bot":
        from bot.signals import startup_signals

        startup_signals()  # from here a reload is queued and a stop is honoured; bot_commands takes them over
    from kodeks.cli import main as cli_main

    cli_main()
