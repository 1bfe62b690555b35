"""Voice and audio messages (issue 24): transcribed, shown back ("Čuo sam: …"), answered as a typed question.

Officers in the field — driving, in gloves, at night — speak their question. The message's length and
size are checked before anything is downloaded (KODEKS_VOICE_MAX_SECONDS, KODEKS_VOICE_MAX_BYTES), and the
size again while it is read (bot/downloads.py: cut at the limit, declared or not); the audio is downloaded into
memory only, handed to the transcriber
(`bot.transcription`: an OpenAI-compatible endpoint) and dropped — nothing of it is written to disk or
to the log. The transcript is shown to the officer first, so a mishearing is seen before the answer,
then goes the way a typed question goes (`bot.handlers.handle_question`: comparisons, references, the
thread), logged as a question with input "voice". Without a transcriber the officer is told voice is
not enabled; a failed or empty transcription is said so, never answered with a guess, and a reply that is no
believable transcript (an error page, other JSON, a text the voice's length cannot hold: bot.transcription)
gets "nisam razumio" — it is neither shown as heard nor answered nor logged.
"""

from __future__ import annotations

import datetime as dt
import logging

from telegram import Audio, ReplyParameters, Update, Voice
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot import texts
from bot.delivery import keep_typing
from bot.deps import deps
from bot.downloads import DownloadFailed, TooLarge, fetch
from bot.formatting import escape
from bot.gate import chat_id_of, guarded
from bot.handlers import clean_input, echo, handle_question
from bot.replies import chat_of, say
from bot.state import Context
from bot.transcription import Transcriber, TranscriptionFailed, TranscriptUnusable

log = logging.getLogger("bot.voice")

HEARD_CHARS = 1000  # of the transcript quoted back


def _seconds(media: Voice | Audio) -> int:
    """The message's length in whole seconds (0: not given); PTB 22 gives an int, or a timedelta when told to."""
    duration = media.duration
    return int(duration.total_seconds()) if isinstance(duration, dt.timedelta) else duration or 0


def _size(size: int) -> str:
    """ "1.5 MB", "24 KB": how big, in words an officer reads at a glance."""
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f}".rstrip("0").rstrip(".") + " MB"
    return f"{max(1, round(size / 1000))} KB"


@guarded
async def on_voice(update: Update, context: Context) -> None:
    """A voice message or an audio file: check, download into memory, transcribe, show, answer."""
    d = deps(context)
    message = update.message
    media = message.voice or message.audio if message is not None else None
    if message is None or media is None:  # the filter let something else through: treat it as any non-text message
        await say(context.bot, chat_of(update), texts.NON_TEXT)
        return
    transcriber = context.bot_data.transcriber
    if transcriber is None:
        await say(context.bot, chat_of(update), texts.VOICE_OFF)
        return
    settings = d.settings
    if (seconds := _seconds(media)) and seconds > settings.voice_max_seconds:
        await say(
            context.bot,
            chat_of(update),
            texts.VOICE_TOO_LONG.format(seconds=seconds, limit=settings.voice_max_seconds),
        )
        return
    if media.file_size and media.file_size > settings.voice_max_bytes:
        await say(
            context.bot,
            chat_of(update),
            texts.VOICE_TOO_BIG.format(size=_size(media.file_size), limit=_size(settings.voice_max_bytes)),
        )
        return
    chat_id = chat_id_of(update)
    async with keep_typing(context.bot, chat_id):
        text = await _transcribe(update, context, transcriber, media)
    if text is None:
        return
    if not text:
        await say(context.bot, chat_of(update), texts.VOICE_EMPTY)
        return
    await context.bot.send_message(
        chat_id,
        escape(texts.HEARD.format(text=echo(text, HEARD_CHARS))),
        parse_mode=ParseMode.HTML,
        reply_parameters=ReplyParameters(message.message_id, allow_sending_without_reply=True),
    )
    if len(text) > settings.max_question_chars:
        await say(
            context.bot, chat_of(update), texts.TOO_LONG.format(length=len(text), limit=settings.max_question_chars)
        )
        return
    # From here on the transcript is a question that is searched, sent and stored: `handle_question` masks it
    # first, as it masks a typed one (the officer was shown what was heard, as heard).
    await handle_question(update, context, text, input_kind="voice")


async def _transcribe(update: Update, context: Context, transcriber: Transcriber, media: Voice | Audio) -> str | None:
    """The transcript ("" when nothing was heard), or None after telling the officer why there is none.
    The audio lives in this function's memory only."""
    settings = deps(context).settings
    try:
        file = await context.bot.get_file(media.file_id)
        if file.file_size and file.file_size > settings.voice_max_bytes:
            await say(
                context.bot,
                chat_of(update),
                texts.VOICE_TOO_BIG.format(size=_size(file.file_size), limit=_size(settings.voice_max_bytes)),
            )
            return None
        buffer = bytearray()
        await fetch(file, settings.voice_max_bytes, buffer.extend)  # cut at the limit while reading
        audio = bytes(buffer)
        del buffer
    except TooLarge:
        await say(context.bot, chat_of(update), texts.VOICE_OVER_LIMIT.format(limit=_size(settings.voice_max_bytes)))
        return None
    except (TelegramError, DownloadFailed) as exc:
        reason = str(exc) if isinstance(exc, DownloadFailed) else type(exc).__name__
        log.warning("voice message %s: download failed (%s)", update.update_id, reason)
        await say(context.bot, chat_of(update), texts.VOICE_FAILED)
        return None
    name, mime = _file_name(media)
    try:
        text = await transcriber.transcribe(audio, name, mime, seconds=_seconds(media) or settings.voice_max_seconds)
    except TranscriptUnusable as exc:
        log.warning("voice message %s: not a transcript (%s)", update.update_id, exc)
        await say(context.bot, chat_of(update), texts.VOICE_UNCLEAR)
        return None
    except TranscriptionFailed as exc:
        log.warning("voice message %s: transcription failed (%s)", update.update_id, exc)
        await say(context.bot, chat_of(update), texts.VOICE_FAILED)
        return None
    finally:
        del audio
    return clean_input(text).strip()


def _file_name(media: Voice | Audio) -> tuple[str, str]:
    """A name and MIME type the endpoint can tell the format by (Telegram's voice notes are Ogg/Opus)."""
    mime = getattr(media, "mime_type", None) or "audio/ogg"
    name = getattr(media, "file_name", None)
    if not name:
        extension = {
            "audio/ogg": "ogg",
            "audio/mpeg": "mp3",
            "audio/mp4": "m4a",
            "audio/x-m4a": "m4a",
            "audio/wav": "wav",
            "audio/x-wav": "wav",
            "audio/webm": "webm",
            "audio/flac": "flac",
        }
        name = f"voice.{extension.get(mime, 'ogg')}"
    return name, mime
