"""Every way officer text enters the bot is masked before Claude, the query log and the export.

The entry points are read from the real Application (`bot.app.add_handlers`), not listed by hand: every
command and every message/callback handler must have a row in `COMMANDS` or `HANDLERS` saying how it is
exercised, so a command or handler added to the bot without a row here fails this test until someone decides
how personal data typed into it is kept from Claude and the log."""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from telegram.ext import CallbackQueryHandler, CommandHandler, MessageHandler, TypeHandler

from kodeks.settings import Settings
from tests.fakes.anthropic_server import claude_settings, standin_claude
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import ADMIN, OFFICER, running_bot

NAME, JMBG = "Marko Marković", "0101990170001"
PERSONAL = ("Marković", JMBG)
CASE = f"{NAME} JMBG {JMBG} vozio pijan"

# command → (who types it, what officer text it takes). Every command is sent with the case as its arguments,
# whether or not it reads them: an officer may type anything after any command.
COMMANDS: dict[str, tuple[int, str]] = {
    "start": (OFFICER, "no officer text (help)"),
    "help": (OFFICER, "no officer text (help)"),
    "clan": (OFFICER, "officer text: a law and an article, searched and logged"),
    "clanak": (OFFICER, "officer text: as /clan"),
    "uporedi": (OFFICER, "officer text: an article or a question, searched (rewrite) and logged"),
    "usporedi": (OFFICER, "officer text: as /uporedi"),
    "zakoni": (OFFICER, "no officer text (a jurisdiction filter)"),
    "nadleznost": (OFFICER, "no officer text (a jurisdiction code)"),
    "novo": (OFFICER, "no officer text (starts a new conversation)"),
    "stats": (ADMIN, "no officer text (admins)"),
    "pozivnica": (ADMIN, "no officer text (admins: an invite's uses and jurisdiction)"),
    "pozivnice": (ADMIN, "no officer text (admins)"),
    "ukloni": (ADMIN, "no officer text (admins: an officer's id)"),
    "sluzbenici": (ADMIN, "no officer text (admins)"),
    "export": (ADMIN, "no officer text (admins: a date); sent last, its file is checked"),
}

# every non-command handler (by its callback's name) → how it is exercised below
HANDLERS: dict[str, str] = {
    "gate": "the access gate (group -1): every update passes it",
    "on_text": "a plain question with the case",
    "on_voice": "a voice message whose transcript is the case",
    "on_edited": "an edited message with the case: answered with a notice, never searched",
    "on_long_arguments": "a command whose arguments (with the case) exceed the cap",
    "on_unknown_command": "an unknown command with the case",
    "on_document": "a document whose caption is the case",
    "on_non_text": "a photo whose caption is the case",
    "on_callback": "every button under the answer to the case",
    "on_jurisdiction_button": "no officer text: the bot's own callback data (a jurisdiction code)",
    "on_button": "no officer text: the bot's own callback data (an enrolment decision)",
    "on_upload_button": "no officer text: the bot's own callback data (an upload decision)",
}


def entry_points(app: Any) -> tuple[set[str], set[str]]:
    """(every command, every other handler's callback name) registered in the Application."""
    commands: set[str] = set()
    others: set[str] = set()
    for group in app.handlers.values():
        for handler in group:
            if isinstance(handler, CommandHandler):
                commands |= set(handler.commands)
            elif isinstance(handler, MessageHandler | CallbackQueryHandler | TypeHandler):
                others.add(handler.callback.__name__)
            else:
                others.add(type(handler).__name__)
    return commands, others


async def reply_to(server: FakeTelegramServer, chat: int, before: int) -> None:
    """The bot's first reply after `before` messages in `chat` (a generous timeout, no sleeping)."""
    await server.wait_messages(chat, before + 1, timeout=60)


async def test_every_entry_point_keeps_the_case_from_claude_the_log_and_the_export(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_anthropic: Any,
    fake_transcription: Any,
    tmp_path: Path,
) -> None:
    from tests.audio_helpers import ogg_opus
    from tests.fakes.transcription_server import transcript, voice_settings

    data = tmp_path / "data"
    shutil.copytree(settings.data_dir, data, ignore=shutil.ignore_patterns("queries.sqlite3*", "rewrites.sqlite3*"))
    unlimited = settings.model_copy(update={"data_dir": data, "rate_limit_per_minute": 1000})
    keyed = claude_settings(fake_anthropic, unlimited, rewrite=True)
    keyed = voice_settings(keyed, fake_transcription)
    fake_anthropic.default = standin_claude
    fake_transcription.script(transcript(f"a sta ako je {CASE}?"))
    retriever.rewriter = None
    try:
        async with running_bot(telegram_server, keyed, retriever, log_path) as bot:
            commands, others = entry_points(bot.app)
            assert commands == set(COMMANDS), "a command without a row in COMMANDS: say how it is exercised"
            assert others == set(HANDLERS), "a handler without a row in HANDLERS: say how it is exercised"
            server = telegram_server

            async def send(chat: int, push: Any, replies: int = 1) -> list[dict[str, Any]]:
                before = len(server.messages(chat))
                push()
                await reply_to(server, chat, before + replies - 1)
                return server.messages(chat)[before:]

            [answer, *_] = await send(OFFICER, lambda: server.send_text(OFFICER, f"{CASE}, sta mu slijedi?"))
            for _label, data_ in server.buttons(answer):  # 📖 opens an article, 👍/👎: each is answered
                pressed = len(server.calls_to("answerCallbackQuery"))
                server.press(OFFICER, answer, data_)
                await server.wait_until(lambda n=pressed: len(server.calls_to("answerCallbackQuery")) > n, 60)
            await send(OFFICER, lambda: server.send_voice_file(OFFICER, ogg_opus(1.0), duration=1), 2)
            await send(OFFICER, lambda: server.send_text(OFFICER, CASE, edited=True))
            await send(OFFICER, lambda: server.send_text(OFFICER, f"/nepoznato {CASE}"))
            long_args = f"/clan {CASE} " + "x" * keyed.max_argument_chars
            await send(OFFICER, lambda: server.send_text(OFFICER, long_args))
            await send(OFFICER, lambda: server.send_document(OFFICER, b"%PDF-1.4", "zapisnik.pdf", caption=CASE))
            await send(OFFICER, lambda: server.send_photo(OFFICER, caption=CASE))
            heard: dict[str, str] = {}
            for command, (chat, _takes) in COMMANDS.items():
                [said, *_] = await send(chat, lambda c=command, u=chat: server.send_text(u, f"/{c} {CASE}"))
                heard[command] = said.get("text", "")
            before = len(server.calls_to("sendDocument"))
            server.send_text(ADMIN, "/export")
            await server.wait_until(lambda: len(server.calls_to("sendDocument")) > before, 60, "the export")
    finally:
        retriever.rewriter = None
    assert not any("Polako" in t for t in heard.values()), heard  # every command ran, none was rate-limited
    wire = json.dumps(fake_anthropic.requests, ensure_ascii=False)
    assert fake_anthropic.requests and not any(p in wire for p in PERSONAL)
    assert "[OSOBA 1]" in wire and "[JMBG]" in wire  # the questions did reach Claude, masked
    con = sqlite3.connect(log_path)
    for table in ("queries", "pending", "cited", "feedback"):
        stored = json.dumps(con.execute(f"SELECT * FROM {table}").fetchall(), ensure_ascii=False)
        assert not any(p in stored for p in PERSONAL), table
    assert con.execute("SELECT COUNT(*) FROM queries").fetchone()[0] >= 3  # text, voice, /clan, /uporedi
    rewrites = data / "rewrites.sqlite3"
    if rewrites.exists():
        cached = json.dumps(sqlite3.connect(rewrites).execute("SELECT * FROM rewrites").fetchall(), ensure_ascii=False)
        assert not any(p in cached for p in PERSONAL)
    document = server.calls_to("sendDocument")[-1]
    exported = gzip.decompress(next(iter(document.files.values()))[1]).decode("utf-8")
    assert "[OSOBA 1]" in exported and not any(p in exported for p in PERSONAL)
