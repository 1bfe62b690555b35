"""Voice → text through an OpenAI-compatible transcription endpoint (issue 24), with no Telegram in it.

The `openai` SDK's `audio.transcriptions.create` speaks the API that OpenAI's hosted models and the
self-hosted Whisper servers (faster-whisper-server / speaches, whisper.cpp's server, LocalAI, vLLM) all
offer, so one client covers both: KODEKS_TRANSCRIBE_BASE_URL (or OPENAI_BASE_URL) picks the server,
KODEKS_TRANSCRIBE_MODEL the model, KODEKS_TRANSCRIBE_LANGUAGE (bs) is the language hint — Whisper
then neither guesses the language nor translates. Without a key or an endpoint there is no transcriber
and the bot says voice is not enabled (`from_settings` returns None).

The audio is handed over as bytes held in memory and never written anywhere; one attempt, bounded by
KODEKS_TRANSCRIBE_TIMEOUT (an officer waiting for a reply is better told "try again" than kept waiting).
Every failure becomes `TranscriptionFailed` with a short reason for the log — never the audio or its
text, and never the key.

The reply is untrusted (issue 32): a proxy's "502 Bad Gateway" page sent with status 200 is not what the
officer said. The raw response is read and checked before anything is believed — JSON by its content type,
an object whose "text" is a string, and a plausible transcript (`implausible`: no longer than speech of the
voice's duration can hold, no markup, no control characters); anything else is `TranscriptUnusable`, and
the officer is asked to type the question.
"""

from __future__ import annotations

import json
import logging
import re
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from kodeks.errors import TranscriptionFailed, TranscriptUnusable
from kodeks.settings import Settings

log = logging.getLogger("bot.voice")

NO_KEY = "unused"  # self-hosted servers take any key; the SDK insists on one


# Speech runs at ~15 characters a second; a transcript twice as dense, plus a sentence's slack, is no speech.
MAX_CHARS_PER_SECOND = 30
SLACK_CHARS = 40
_MARKUP = re.compile(r"<\s*[!?/]?\s*[a-zA-Z]|&(?:lt|gt|amp|quot|nbsp|#\d+);")


def implausible(text: str, seconds: float | None) -> str | None:
    """Why `text` cannot be what was said in `seconds` of audio (None: it can). For the log: no text in it."""
    if any(unicodedata.category(c) == "Cc" and c not in "\t\n\r" for c in text):
        return "control characters in the transcript"
    if _MARKUP.search(text):
        return "markup in the transcript"
    if seconds and len(text) > seconds * MAX_CHARS_PER_SECOND + SLACK_CHARS:
        return f"{len(text)} characters for {seconds:g} s of audio"
    return None


def transcript_of(content_type: str, body: str) -> str:
    """The "text" of a JSON transcription reply; raises TranscriptUnusable for anything else."""
    if "json" not in content_type.lower():
        raise TranscriptUnusable(f"the reply is {content_type.split(';')[0] or 'untyped'}, not JSON")
    try:
        data = json.loads(body)
    except ValueError:
        raise TranscriptUnusable("the reply is not valid JSON") from None
    text = data.get("text") if isinstance(data, dict) else None
    if not isinstance(text, str):
        raise TranscriptUnusable("the reply has no text")
    return text


@dataclass(frozen=True)
class Transcriber:
    """One OpenAI-compatible transcription endpoint. A client per call: voice messages are few, and no
    connection pool has to be closed when the bot stops."""

    model: str
    base_url: str | None
    api_key: str
    language: str
    timeout: float

    async def transcribe(self, audio: bytes, filename: str, mime_type: str, seconds: float | None = None) -> str:
        """The text spoken in `audio` (one line; "" when nothing was recognised); raises TranscriptionFailed
        (TranscriptUnusable for a reply that is no believable transcript of `seconds` of audio)."""
        import openai

        started = time.perf_counter()
        client = openai.AsyncOpenAI(api_key=self.api_key, base_url=self.base_url, timeout=self.timeout, max_retries=0)
        try:
            raw: Any = await client.audio.transcriptions.with_raw_response.create(
                file=(filename, audio, mime_type), model=self.model, language=self.language, response_format="json"
            )
            content_type, body = raw.headers.get("content-type", ""), raw.http_response.text
        except openai.APITimeoutError as exc:
            raise TranscriptionFailed(f"timed out after {self.timeout:g} s") from exc
        except openai.APIStatusError as exc:
            raise TranscriptionFailed(f"HTTP {exc.status_code}") from exc
        except openai.APIConnectionError as exc:
            raise TranscriptionFailed("cannot reach the transcription endpoint") from exc
        except Exception as exc:  # a body that is not a transcription, or anything else
            raise TranscriptionFailed(type(exc).__name__) from exc
        finally:
            await client.close()
        text = transcript_of(content_type, body)
        why = implausible(text, seconds)
        if why is not None:
            raise TranscriptUnusable(why)
        log.info(
            "transcribed %d bytes in %.0f ms (model %s)", len(audio), (time.perf_counter() - started) * 1000, self.model
        )
        return " ".join(text.split())


def from_settings(settings: Settings) -> Transcriber | None:
    """The configured endpoint, or None when voice is off (KODEKS_VOICE=false) or nothing is configured."""
    if not settings.voice:
        return None
    key = settings.transcribe_api_key or settings.openai_api_key
    base_url = settings.transcribe_base_url or settings.openai_base_url
    if key is None and not base_url:
        return None
    return Transcriber(
        model=settings.transcribe_model,
        base_url=base_url,
        api_key=key.get_secret_value() if key is not None else NO_KEY,
        language=settings.transcribe_language,
        timeout=settings.transcribe_timeout,
    )
