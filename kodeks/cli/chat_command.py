"""`kodeks chat`: a conversation in the terminal over the data dir — the bot's path without Telegram.

Each line is one message of an officer: masked, read in its thread (a follow-up, a correction, another
jurisdiction's law, a new topic — `kodeks.answering.conversation`), searched within the officer's
jurisdiction (`--officer`) and answered, printed as `kodeks ask` prints one answer. `/novo` starts a new
thread, as in the bot; `/kraj` (or end of input) ends. Unlike the bot, a thread here does not expire.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

import typer

from kodeks.cli.shared import DataDirOption, fail
from kodeks.errors import KodeksError
from kodeks.settings import Settings, load_settings

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)

NEW_THREAD = "/novo"  # the bot's command, with the bot's reply (bot.texts.NEW_THREAD)
QUIT = ("/kraj", "/izlaz", "/quit", "/exit")
PROMPT = "> "
GREETING = "Razgovor kao u botu: pišite pitanja; /novo počinje novi razgovor, /kraj završava."


def read_line(prompt: str) -> str | None:
    """One line of input, None at its end (Ctrl-D, or the end of piped input)."""
    try:
        return input(prompt)
    except EOFError:
        return None


async def converse(
    settings: Settings,
    officer: str | None,
    law: str | None,
    log: bool,
    read: Callable[[str], str | None] = read_line,
) -> int:
    """Answer lines until the end; the number of questions answered."""
    from bot import texts
    from bot.answers import answer_lead
    from kodeks.answering import Pipeline
    from kodeks.answering.conversation import Thread
    from kodeks.cli.answer_commands import format_result, log_question
    from retrieval import jurisdictions

    scope = jurisdictions.as_scope(officer)
    thread: Thread | None = None
    answered = 0
    print(GREETING)
    async with Pipeline(settings) as pipeline:
        while True:
            line = await asyncio.to_thread(read, PROMPT)
            if line is None or line.strip().casefold() in QUIT:
                break
            text = line.strip()
            if not text:
                continue
            if text.casefold() == NEW_THREAD:
                thread = None
                print(texts.NEW_THREAD)
                continue
            result = await pipeline.ask(text, law=law, jurisdiction=scope, thread=thread)
            thread = result.next_thread()
            answered += 1
            if log:
                await log_question(settings, result.question, result)
            if lead := answer_lead(result, scope):
                print(lead)
            print(format_result(result.to_dict()))
            print()
    return answered


@commands.command()
def chat(
    officer: str | None = typer.Option(
        None,
        "--officer",
        help="The officer's jurisdiction (e.g. RS, FBiH, BD): its laws and the levels above, as in the bot.",
    ),
    law: str | None = typer.Option(None, "--law", help="Only this law."),
    no_log: bool = typer.Option(False, "--no-log", help="Do not write the questions to the query log."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """A conversation in the terminal, the bot's way: follow-ups, corrections and another jurisdiction's law
    in one thread (/novo: a new one; /kraj: end). Questions are logged as from the command line unless --no-log."""
    try:
        settings = load_settings(data_dir=data_dir)
        if officer is not None:
            from retrieval import jurisdictions

            jurisdictions.as_scope(officer)  # an unknown jurisdiction fails before the first question
        asyncio.run(converse(settings, officer, law, log=not no_log))
    except KodeksError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        print(file=sys.stderr)
