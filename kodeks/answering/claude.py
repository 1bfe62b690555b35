"""The one place that talks to the Anthropic Messages API.

Every way the call can fail — timeout, 429/5xx after the SDK's own retries, connection refused,
a body that is not a message — becomes `ClaudeUnavailable` with a short human reason, so the caller
has exactly one failure to turn into an extractive answer.

The SDK is imported when a client is made, not with this module: importing it takes 1-2 s on this machine,
paid at every start of `kodeks bot` (and `ask`, `chat`) that imports answering, and a bot without
ANTHROPIC_API_KEY never makes a client.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kodeks.errors import ClaudeUnavailable
from kodeks.settings import Settings

if TYPE_CHECKING:
    import anthropic

log = logging.getLogger("kodeks.answering")


def _error_detail(exc: anthropic.APIStatusError) -> str:
    """The API's own error message (not the SDK's repr of the whole body), one short line."""
    body = exc.body
    message = None
    if isinstance(body, dict):
        inner = body.get("error")
        message = inner.get("message") if isinstance(inner, dict) else body.get("message")
    return " ".join(str(message or exc.message).split())[:160]


@dataclass(frozen=True)
class ClaudeReply:
    """The parts of a Messages API response the answering step uses."""

    content: list[Any]  # SDK content blocks
    model: str | None
    stop_reason: str | None
    input_tokens: int | None  # all prompt tokens: uncached + cache writes + cache reads
    output_tokens: int | None
    cache_read_tokens: int | None
    ms: float

    def tool_input(self, name: str) -> Any:
        """Input of the first `tool_use` block calling `name`, or None."""
        for block in self.content:
            if getattr(block, "type", None) == "tool_use" and getattr(block, "name", None) == name:
                return getattr(block, "input", None)
        return None


def _tokens(usage: Any) -> tuple[int | None, int | None, int | None]:
    if usage is None:
        return None, None, None
    plain = getattr(usage, "input_tokens", None)
    written = getattr(usage, "cache_creation_input_tokens", None) or 0
    read = getattr(usage, "cache_read_input_tokens", None) or 0
    total_in = None if plain is None else plain + written + read
    return total_in, getattr(usage, "output_tokens", None), read


class ClaudeClient:
    """One `AsyncAnthropic` per Answerer: its connection pool is reused across questions."""

    def __init__(self, settings: Settings) -> None:
        if settings.anthropic_api_key is None:
            raise ValueError("ClaudeClient needs ANTHROPIC_API_KEY")
        import anthropic

        self.timeout = settings.claude_timeout
        self.auto_tool_choice = False  # set when the API refuses tool_choice={"type": "tool"}
        self.max_retries = settings.claude_max_retries
        self._client = anthropic.AsyncAnthropic(
            api_key=settings.anthropic_api_key.get_secret_value(),
            base_url=settings.anthropic_base_url,
            timeout=settings.claude_timeout,
            max_retries=settings.claude_max_retries,
        )

    async def create(self, params: dict[str, Any]) -> ClaudeReply:
        """Send one request (the SDK retries 429/5xx/timeouts itself); raise ClaudeUnavailable on failure."""
        start = time.perf_counter()
        retries = f"after {self.max_retries} retr{'y' if self.max_retries == 1 else 'ies'}"
        try:
            message = await self._send(params)
        except Exception as exc:
            raise ClaudeUnavailable(self._reason(exc, retries), (time.perf_counter() - start) * 1000.0) from exc
        ms = (time.perf_counter() - start) * 1000.0

        content = getattr(message, "content", None)
        if isinstance(message, (str, bytes)) or not isinstance(content, list):
            raise ClaudeUnavailable("malformed reply from the Claude API (not a message)", ms)
        input_tokens, output_tokens, cache_read = _tokens(getattr(message, "usage", None))
        return ClaudeReply(
            content=content,
            model=getattr(message, "model", None),
            stop_reason=getattr(message, "stop_reason", None),
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cache_read_tokens=cache_read,
            ms=ms,
        )

    async def _send(self, params: dict[str, Any]) -> Any:
        """messages.create; a model that refuses a forced tool (models that always think do) gets `auto`.

        The prompt still says to answer only through the tool, and a reply without the tool call is
        rejected downstream, so nothing ungrounded gets through; the switch is remembered.
        """
        import anthropic  # loaded by __init__: a dictionary look-up

        if self.auto_tool_choice and params.get("tool_choice", {}).get("type") == "tool":
            params = {**params, "tool_choice": {"type": "auto"}}
        try:
            return await self._client.messages.create(**params)
        except anthropic.BadRequestError as exc:
            forced = params.get("tool_choice", {}).get("type") == "tool"
            if not forced or "tool_choice" not in str(exc.message):
                raise
            log.warning(
                "the API refused a forced tool call (%s); using tool_choice=auto from now on", _error_detail(exc)
            )
            self.auto_tool_choice = True
            return await self._client.messages.create(**{**params, "tool_choice": {"type": "auto"}})

    def _reason(self, exc: Exception, retries: str) -> str:
        """Why the call failed, in words an operator reading the log can act on."""
        import anthropic

        if isinstance(exc, anthropic.APITimeoutError):
            return f"Claude API timed out ({self.timeout:g} s per attempt, {retries})"
        if isinstance(exc, anthropic.APIConnectionError):
            return f"cannot reach the Claude API ({retries})"
        if isinstance(exc, anthropic.RateLimitError):
            return f"Claude API rate limit (HTTP 429, {retries})"
        if isinstance(exc, anthropic.APIStatusError):
            again = f", {retries}" if exc.status_code >= 500 or exc.status_code in (408, 409) else ""
            return f"Claude API error (HTTP {exc.status_code}{again}): {_error_detail(exc)}"
        if isinstance(exc, (anthropic.APIResponseValidationError, ValueError)):
            # ValueError: json.JSONDecodeError — the body claimed to be JSON and was not
            return "malformed reply from the Claude API (not valid JSON)"
        raise exc

    async def aclose(self) -> None:
        await self._client.close()
