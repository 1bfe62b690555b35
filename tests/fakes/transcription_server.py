"""A fake OpenAI-compatible transcription endpoint (POST /v1/audio/transcriptions) on 127.0.0.1.

The real `openai` SDK talks to it through its base URL, exactly as it would to OpenAI or to a
self-hosted Whisper server: multipart upload of the audio, `model`, `language`, `response_format`.
Every request is kept (`requests`: the form fields and the uploaded bytes), so tests check what went over
the wire — and that the audio is the Ogg/Opus file the officer sent. It runs in its own thread with its
own loop (tests/fakes/threaded.py), like tests/fakes/anthropic_server.py.

Misbehaving on purpose: `html_page()` (an error page with 200), `wrong_json({...})`, or `transcript()` of an
absurd text (far longer than the audio could hold, markup, control characters).

Scripting replies: `fake.script(transcript("..."), error(500), slow(5))`, each used once in order; then
`fake.default` (a fixed transcript).
"""

from __future__ import annotations

import asyncio
import inspect
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from aiohttp import web

from tests.fakes.threaded import ThreadedServer

Behaviour = Callable[["Upload"], "web.StreamResponse | Awaitable[web.StreamResponse]"]
FAKE_KEY = "sk-test-transcribe-fake-000000000000"


@dataclass
class Upload:
    """One transcription request as received."""

    fields: dict[str, str]  # model, language, response_format, …
    filename: str
    content_type: str
    audio: bytes
    authorization: str


def transcript(text: str) -> Behaviour:
    def behaviour(_upload: Upload) -> web.Response:
        return web.json_response({"text": text})

    return behaviour


def error(status: int, message: str = "fake transcription error") -> Behaviour:
    def behaviour(_upload: Upload) -> web.Response:
        return web.json_response({"error": {"message": message, "type": "server_error", "code": None}}, status=status)

    return behaviour


def html_page(status: int = 200) -> Behaviour:
    """A proxy's error page sent with 200 (or any status) instead of the endpoint's JSON."""

    def behaviour(_upload: Upload) -> web.Response:
        page = (
            "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1>"
            "</center><hr><center>nginx</center></body></html>"
        )
        return web.Response(text=page, status=status, content_type="text/html")

    return behaviour


def wrong_json(body: Any) -> Behaviour:
    """JSON, but not a transcription (`{"result": …}`, a list, a number as text, …)."""

    def behaviour(_upload: Upload) -> web.Response:
        return web.json_response(body)

    return behaviour


def slow(seconds: float, then: Behaviour | None = None) -> Behaviour:
    async def behaviour(upload: Upload) -> web.StreamResponse:
        await asyncio.sleep(seconds)
        return await _call(then or transcript("kasno"), upload)

    return behaviour


async def _call(behaviour: Behaviour, upload: Upload) -> web.StreamResponse:
    result = behaviour(upload)
    if inspect.isawaitable(result):
        result = await result
    return result  # type: ignore[return-value]


class FakeTranscription(ThreadedServer):
    """`url` is the SDK's base URL (…/v1)."""

    name = "fake-transcription"
    max_body = 50 * 1024**2

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[Upload] = []
        self.default: Behaviour = transcript("vozač odbio alkotest")
        self._script: deque[Behaviour] = deque()

    def script(self, *behaviours: Behaviour) -> FakeTranscription:
        self._script.extend(behaviours)
        return self

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        fields: dict[str, str] = {}
        audio, filename, content_type = b"", "", ""
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if part.name == "file":  # type: ignore[union-attr]
                filename = part.filename or ""  # type: ignore[union-attr]
                content_type = part.headers.get("Content-Type", "")  # type: ignore[union-attr]
                audio = bytes(await part.read())  # type: ignore[union-attr]
            else:
                fields[part.name or ""] = await part.text()  # type: ignore[union-attr]
        upload = Upload(fields, filename, content_type, audio, request.headers.get("Authorization", ""))
        if not upload.fields.get("model") or not upload.audio:
            return web.json_response({"error": {"message": "model and file are required"}}, status=400)
        self.requests.append(upload)
        behaviour = self._script.popleft() if self._script else self.default
        return await _call(behaviour, upload)

    def routes(self, app: web.Application) -> None:
        app.router.add_post("/v1/audio/transcriptions", self._handle)

    def url_of(self, host: str, port: int) -> str:
        return f"http://{host}:{port}/v1"


@pytest.fixture
def fake_transcription() -> Iterator[FakeTranscription]:
    server = FakeTranscription().start()
    try:
        yield server
    finally:
        server.stop()


def voice_settings(base: Any, fake: FakeTranscription, **overrides: Any) -> Any:
    """Settings that send transcriptions to `fake` (a short timeout)."""
    from pydantic import SecretStr

    values: dict[str, Any] = {
        "transcribe_api_key": SecretStr(FAKE_KEY),
        "transcribe_base_url": fake.url,
        "transcribe_timeout": 5.0,
        **overrides,
    }
    return base.model_copy(update=values)
