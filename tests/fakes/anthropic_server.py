"""A fake Anthropic Messages API for tests: aiohttp on 127.0.0.1, reached by the real SDK via its base URL.

Why a server and not a mock: the real `anthropic.AsyncAnthropic` then does everything it does in
production — serialising the request, retries with `retry-after`, timeouts, parsing the reply — and
the tests see exactly what would have gone over the wire (`fake.requests`).

It runs in its own thread with its own event loop, so it answers both async tests (pytest-asyncio's
loop) and sync ones that call `asyncio.run` (the CLI through Typer's CliRunner).

Scripting replies:
    fake_anthropic.script(error(429), reply([...]))   # used once each, in order
    fake_anthropic.default = cite_first_passage        # used when the script is empty (the default)
A behaviour is `f(request_body: dict) -> web.StreamResponse` (sync or async).
"""

from __future__ import annotations

import asyncio
import html
import inspect
import itertools
import json
import re
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
from aiohttp import web

from tests.fakes.threaded import ThreadedServer

Behaviour = Callable[[dict[str, Any]], "web.StreamResponse | Awaitable[web.StreamResponse]"]

FAKE_MODEL = "claude-fake-1"
FAKE_KEY = "sk-ant-test-fake"
_ids = itertools.count(1)

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
SAMPLING_PARAMS = ("temperature", "top_p", "top_k")
NEW_API_VERSION = "2026-10-21"  # from this version on the API rejects sampling parameters


# --- reading a request ---------------------------------------------------------------------------


def user_texts(body: dict[str, Any]) -> list[str]:
    """The text blocks of the user messages, in order (string content counts as one block)."""
    out: list[str] = []
    for message in body.get("messages", []):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, list):
            out.extend(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")
    return out


def passage_ids(body: dict[str, Any]) -> list[str]:
    """Ids of the `<passage id="...">` blocks sent, unescaped."""
    text = "\n".join(user_texts(body))
    return [html.unescape(m) for m in re.findall(r'<passage id="([^"]*)"', text)]


def system_text(body: dict[str, Any]) -> str:
    system = body.get("system", "")
    if isinstance(system, str):
        return system
    return "".join(b.get("text", "") for b in system if isinstance(b, dict))


# --- building replies ----------------------------------------------------------------------------


def message(
    content: list[dict[str, Any]],
    *,
    model: str = FAKE_MODEL,
    stop_reason: str = "tool_use",
    input_tokens: int = 321,
    output_tokens: int = 45,
    cache_read: int = 0,
) -> dict[str, Any]:
    """A valid Messages API response body."""
    return {
        "id": f"msg_fake{next(_ids):06d}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": cache_read,
        },
    }


def tool_use_block(tool_input: Any, name: str = "answer") -> dict[str, Any]:
    return {"type": "tool_use", "id": f"toolu_fake{next(_ids):06d}", "name": name, "input": tool_input}


def respond(body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    hdrs = {"request-id": f"req_fake{next(_ids):06d}", **(headers or {})}
    return web.json_response(body, status=status, headers=hdrs)


def reply(
    points: list[tuple[str, list[str]]] | None = None,
    *,
    covered: bool = True,
    missing: str | None = None,
    **message_kw: Any,
) -> Behaviour:
    """A forced `answer` tool call: `points` as (text, [ids]) pairs."""
    tool_input = {
        "points": [{"text": t, "citations": list(ids)} for t, ids in (points or [])],
        "covered": covered,
        "missing": missing,
    }
    return tool_input_reply(tool_input, **message_kw)


def tool_input_reply(tool_input: Any, **message_kw: Any) -> Behaviour:
    """A tool call with exactly this input (for shapes the schema does not allow)."""

    def behaviour(_body: dict[str, Any]) -> web.Response:
        return respond(message([tool_use_block(tool_input)], **message_kw))

    return behaviour


def text_reply(text: str) -> Behaviour:
    """Plain text, no tool call — a model (or compatible endpoint) ignoring tool_choice."""

    def behaviour(_body: dict[str, Any]) -> web.Response:
        return respond(message([{"type": "text", "text": text, "citations": None}], stop_reason="end_turn"))

    return behaviour


def error(
    status: int, msg: str = "fake error", *, retry_after_ms: int | None = 10, headers: dict[str, str] | None = None
) -> Behaviour:
    """An API error in Anthropic's shape; `retry-after-ms` keeps the SDK's retries fast."""

    def behaviour(_body: dict[str, Any]) -> web.Response:
        hdrs = dict(headers or {})
        if retry_after_ms is not None:
            hdrs.setdefault("retry-after-ms", str(retry_after_ms))
        body = {"type": "error", "error": {"type": ERROR_TYPES.get(status, "api_error"), "message": msg}}
        return respond(body, status=status, headers=hdrs)

    return behaviour


def malformed(
    text: str = '{"id": "msg_broken", "type": "message", "content": [', *, content_type: str = "application/json"
) -> Behaviour:
    """HTTP 200 whose body is not valid JSON."""

    def behaviour(_body: dict[str, Any]) -> web.Response:
        return web.Response(text=text, status=200, content_type=content_type)

    return behaviour


def slow(seconds: float, then: Behaviour | None = None) -> Behaviour:
    """Wait (asyncio.sleep, in the server's loop) before behaving like `then`."""

    async def behaviour(body: dict[str, Any]) -> web.StreamResponse:
        await asyncio.sleep(seconds)
        return await _call(then or cite_first_passage, body)

    return behaviour


def cite_first_passage(body: dict[str, Any]) -> web.Response:
    """Default: a well-formed answer with one claim citing the first passage sent."""
    ids = passage_ids(body)
    if not ids:
        return reply([], covered=False, missing="Nema poslanih odlomaka.")(body)
    return reply([(f"Odgovor se nalazi u odlomku {ids[0]}.", [ids[0]])])(body)


def standin_claude(body: dict[str, Any]) -> web.Response:
    """A stand-in for every call KODEKS makes to Claude (bench/followups.py, the follow-up tests), with no
    language knowledge: a follow-up rewrite ("Razgovor do sada: … Novo pitanje: …") gets the thread's last
    stand-alone question followed by the new one; a rewrite into the statute's terms gets the question back
    unchanged (no expansion); an answer request cites its first passage."""
    text = "\n".join(user_texts(body))
    if "Novo pitanje:" in text and "Razgovor do sada:" in text:
        thread, new = text.split("Novo pitanje:", 1)
        asked = re.findall(r"^\d+\. pitanje: (.*)$", thread, re.M)
        read = re.findall(r"^\s+shvaćeno kao: (.*)$", thread.split(f"{len(asked)}. pitanje:")[-1], re.M)
        previous = (read or asked or [""])[-1]
        return text_reply(f"{previous} {new.strip()}".strip())(body)
    if not body.get("tools") and "Pitanje:" in text:
        return text_reply(text.rsplit("Pitanje:", 1)[1].strip())(body)
    return cite_first_passage(body)


def obeys_planted(rewrite: str) -> Behaviour:
    """A stand-in that follows text planted in the thread: every follow-up rewrite is `rewrite` (an article, a
    law, a figure nobody wrote); every other call is `standin_claude`'s."""

    def behaviour(body: dict[str, Any]) -> web.Response:
        text = "\n".join(user_texts(body))
        if "Novo pitanje:" in text and "Razgovor do sada:" in text:
            return text_reply(rewrite)(body)
        return standin_claude(body)

    return behaviour


async def _call(behaviour: Behaviour, body: dict[str, Any]) -> web.StreamResponse:
    result = behaviour(body)
    if inspect.isawaitable(result):
        result = await result
    return result  # type: ignore[return-value]


# --- the server ----------------------------------------------------------------------------------


class FakeAnthropic(ThreadedServer):
    """POST /v1/messages on 127.0.0.1:<random port>; `url` is the SDK's base URL."""

    name = "fake-anthropic"

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[dict[str, Any]] = []  # parsed bodies of every well-formed request, in order
        self.headers: list[dict[str, str]] = []  # their headers (lower-cased names)
        self.default: Behaviour = cite_first_passage
        self._script: deque[Behaviour] = deque()

    def script(self, *behaviours: Behaviour) -> FakeAnthropic:
        """Queue behaviours, each used for one request, before falling back to `default`."""
        self._script.extend(behaviours)
        return self

    @property
    def pending(self) -> int:
        return len(self._script)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        headers = {k.lower(): v for k, v in request.headers.items()}
        if not headers.get("x-api-key") and not headers.get("authorization", "").startswith("Bearer "):
            return await _call(error(401, "missing API key", retry_after_ms=None), {})
        try:
            body = json.loads(await request.text())
        except ValueError:
            return await _call(error(400, "request body is not JSON", retry_after_ms=None), {})
        problem = self._validate(body, headers)
        if problem:
            return await _call(error(400, problem, retry_after_ms=None), body)
        self.requests.append(body)
        self.headers.append(headers)
        behaviour = self._script.popleft() if self._script else self.default
        return await _call(behaviour, body)

    @staticmethod
    def _validate(body: Any, headers: dict[str, str]) -> str | None:
        """The checks the real API would fail with a 400 — so a wrong request cannot pass in tests."""
        if not isinstance(body, dict):
            return "body must be an object"
        if not isinstance(body.get("model"), str) or not body["model"]:
            return "model: field required"
        if not isinstance(body.get("max_tokens"), int) or body["max_tokens"] < 1:
            return "max_tokens: field required"
        if not isinstance(body.get("messages"), list) or not body["messages"]:
            return "messages: at least one message is required"
        if headers.get("anthropic-version", "") >= NEW_API_VERSION:
            for name in SAMPLING_PARAMS:
                if name in body:
                    return f"{name}: Extra inputs are not permitted"
        choice = body.get("tool_choice")
        if isinstance(choice, dict) and choice.get("type") == "tool":
            names = {t.get("name") for t in body.get("tools", [])}
            if choice.get("name") not in names:
                return "tool_choice: tool not found in tools"
        return None

    def routes(self, app: web.Application) -> None:
        app.router.add_post("/v1/messages", self._handle)


def claude_settings(fake: FakeAnthropic, base: Any = None, **overrides: Any) -> Any:
    """Settings that send Claude calls to `fake` (quick timeouts; `overrides` by field name)."""
    from pydantic import SecretStr

    from kodeks.settings import load_settings

    values: dict[str, Any] = {
        "anthropic_api_key": SecretStr(FAKE_KEY),
        "anthropic_base_url": fake.url,
        "claude_timeout": 5.0,
        "claude_max_retries": 2,
        "rewrite": False,  # the query rewrite makes its own call; its tests turn it on (tests/test_rewrite.py)
        **overrides,
    }
    if base is None:
        return load_settings(_env_file=None, **values)
    return base.model_copy(update=values)


@pytest.fixture
def fake_anthropic() -> Iterator[FakeAnthropic]:
    """A running fake Messages API, fresh per test."""
    server = FakeAnthropic().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def anthropic_env(fake_anthropic: FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> FakeAnthropic:
    """The fake server wired in through the environment, as a deployment would (for CLI tests)."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake_anthropic.url)
    monkeypatch.setenv("KODEKS_CLAUDE_TIMEOUT", "5")
    monkeypatch.setenv("KODEKS_REWRITE", "false")  # one call per question, as the CLI tests count them
    return fake_anthropic
