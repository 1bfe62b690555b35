"""Command arguments read strictly: ids and numbers are ASCII digits or nothing, every argument has a length
cap, and a bad argument is answered with the command's usage line — never a generic error.

Why strict: `"²".isdigit()` is True but `int("²")` raises (`/nadleznost ² RS` was a traceback), and
`int()` itself accepts "٣" and "1_000": ids are read by `bot.ids.ascii_int`. Why a cap: an argument is a
law name and a number, a code or a date; 4,000 characters of `/clan` or `/uporedi` cost seconds of search
for nothing. The cap is
KODEKS_MAX_ARGUMENT_CHARS, checked before any handler runs (`LongArguments`, registered first in group 0).
"""

from __future__ import annotations

from telegram import Message, Update
from telegram.constants import ParseMode
from telegram.ext import filters

from bot import texts
from bot.deps import deps
from bot.formatting import escape
from bot.gate import chat_id_of, guarded
from bot.state import Context

# The usage line each command answers a bad argument with (Telegram HTML).
USAGE_HTML = {
    "clan": texts.CLAN_USAGE_HTML,
    "clanak": texts.CLAN_USAGE_HTML,
    "uporedi": texts.UPOREDI_WHAT_HTML,
    "usporedi": texts.UPOREDI_WHAT_HTML,
    "nadleznost": texts.NADLEZNOST_USAGE_HTML,
    "stats": texts.STATS_USAGE_HTML,
    "export": texts.EXPORT_USAGE_HTML,
    "zakoni": texts.ZAKONI_USAGE_HTML,
    "start": texts.HELP_USAGE_HTML,
    "help": texts.HELP_USAGE_HTML,
}


def looks_numeric(text: str) -> bool:
    """Meant as a number (has a digit of any script, "²" included), so an admin gets the usage line rather
    than being told "²" is not a known jurisdiction."""
    return any(ch.isdigit() or ch.isnumeric() for ch in text)


def command_of(message: Message | None) -> str:
    """ "/Clan@kodeks_bot KZ 1" → "clan"."""
    text = (message.text or message.caption or "") if message is not None else ""
    return text.split(maxsplit=1)[0].lstrip("/").split("@")[0].lower() if text.startswith("/") else ""


def arguments_of(message: Message | None) -> str:
    text = (message.text or "") if message is not None else ""
    parts = text.split(maxsplit=1)
    return parts[1] if len(parts) > 1 else ""


def usage(command: str) -> str:
    return USAGE_HTML.get(command, texts.HELP_USAGE_HTML)


async def answer_usage(update: Update, context: Context, command: str, problem: str | None = None) -> None:
    """The command's usage line, after one plain sentence saying what was wrong (if given)."""
    text = (escape(problem) + "\n" if problem else "") + usage(command)
    await context.bot.send_message(chat_id_of(update), text, parse_mode=ParseMode.HTML)


class LongArguments(filters.MessageFilter):
    """A command whose arguments are longer than the cap."""

    def __init__(self, limit: int) -> None:
        super().__init__(name="LongArguments")
        self.limit = limit

    def filter(self, message: Message) -> bool:
        return bool(command_of(message)) and len(arguments_of(message)) > self.limit


@guarded
async def on_long_arguments(update: Update, context: Context) -> None:
    message = update.effective_message
    limit = deps(context).settings.max_argument_chars
    problem = texts.ARGUMENTS_TOO_LONG.format(length=len(arguments_of(message)), limit=limit)
    await answer_usage(update, context, command_of(message), problem)
