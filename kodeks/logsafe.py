"""Keep secrets and officers' data out of every log line, at every level.

Libraries log what they send and receive: python-telegram-bot the Bot API URL (which holds the bot
token), setWebhook's parameters (the webhook secret) and, at DEBUG, getUpdates' return values (user
ids and message texts); httpx request URLs; the anthropic and openai SDKs their request options;
aiosqlite the statements it runs with their parameters (questions). Log levels cannot separate that
from useful lines, so `RedactingFilter` sits on every handler and rewrites each record before it
is formatted:

- in every record — ours, the libraries', tracebacks and stack traces included — each known secret
  (from the settings, and ones made at run time such as a generated webhook secret) and anything
  shaped like a bot token or an API key becomes `[redacted]`;
- in a library's record, an argument that can carry data (a dict, a list, an object, a string that
  is more than one short word) becomes `<withheld>`: "Calling Bot API endpoint `sendMessage` with
  parameters `<withheld>`". Numbers, short identifiers and URLs (without their query) stay, so the
  line still says what happened.

Our own modules never log user text or raw ids (only hashes, counts and update ids), so their
records are only redacted. Written here rather than taken from a library because it must know our
secrets and which loggers are ours.
"""

from __future__ import annotations

import logging
import re
import threading
import traceback
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

REDACTED = "[redacted]"
WITHHELD = "<withheld>"
OUR_LOGGERS = ("kodeks", "bot", "retrieval", "prompts", "__main__", "bench")

# A bot token ("123456789:AAE…"), Anthropic and OpenAI keys, bearer credentials — whatever their source.
_SHAPES = re.compile(
    r"\d{5,12}:[A-Za-z0-9_-]{20,}"
    r"|sk-ant-[A-Za-z0-9_-]{8,}"
    r"|sk-(?:proj-)?[A-Za-z0-9_-]{20,}"
    r"|(?i:bearer)\s+[A-Za-z0-9._~+/=-]{12,}"
)
_SAFE_WORD = re.compile(r"[\w.:/@-]{0,64}")
_URL = re.compile(r"https?://[^\s?#]{1,300}")

_secrets: set[str] = set()
_lock = threading.Lock()
_pattern: re.Pattern[str] | None = None


def register_secret(*values: str | None) -> None:
    """Add secrets to redact from now on (ignores values under 4 characters, which would blank out words)."""
    global _pattern
    with _lock:
        for value in values:
            if value and len(value) >= 4:
                _secrets.update({value, quote(value, safe=""), quote(value)})
        ordered = sorted(_secrets, key=len, reverse=True)
        _pattern = re.compile("|".join(re.escape(s) for s in ordered)) if ordered else None


def register_settings(settings: Any) -> None:
    """Every secret setting: bot token, webhook secret, Anthropic and OpenAI keys, the user-hash salt."""
    for name in (
        "telegram_bot_token",
        "webhook_secret",
        "anthropic_api_key",
        "openai_api_key",
        "user_hash_salt",
        "transcribe_api_key",
    ):
        value = getattr(settings, name, None)
        if value is not None:
            register_secret(value.get_secret_value() if hasattr(value, "get_secret_value") else str(value))


def redact(text: str) -> str:
    """`text` with every known secret and every token- or key-shaped string replaced by [redacted]."""
    pattern = _pattern
    if pattern is not None:
        text = pattern.sub(REDACTED, text)
    return _SHAPES.sub(REDACTED, text)


def _is_ours(name: str) -> bool:
    return any(name == root or name.startswith(root + ".") for root in OUR_LOGGERS)


def _withhold(arg: Any) -> Any:
    """A library's log argument, kept only if it cannot carry a message text, a user id list or a payload."""
    if arg is None or isinstance(arg, bool | int | float):
        return arg
    text = str(arg)
    if isinstance(arg, str) and _SAFE_WORD.fullmatch(arg):
        return arg
    if type(arg).__name__ == "URL" or (isinstance(arg, str) and _URL.fullmatch(text.split("?")[0])):
        url = _URL.match(text)
        if url:
            return url.group(0)
    return WITHHELD


class RedactingFilter(logging.Filter):
    """Rewrites every record that passes a handler: see the module docstring."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            if _is_ours(record.name):
                message = record.getMessage()
            elif not isinstance(record.msg, str):
                message = WITHHELD
            else:
                args = record.args
                if isinstance(args, dict) and "%(" not in record.msg:
                    args = (WITHHELD,)  # logging unpacks a lone dict argument into record.args
                elif isinstance(args, dict):
                    args = {k: _withhold(v) for k, v in args.items()}
                elif args:
                    args = tuple(_withhold(a) for a in args)
                try:
                    message = record.msg % args if args else record.msg
                except (TypeError, ValueError, KeyError):
                    message = record.msg
        except Exception:
            message = f"{WITHHELD} (unformattable log record)"
        record.msg, record.args = redact(message), ()
        if record.exc_info and record.exc_info[0] is not None:
            text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
            record.exc_text = redact(text)
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def install(handlers: Iterable[logging.Handler] | None = None) -> RedactingFilter:
    """Attach one RedactingFilter to every handler of the root logger (or to `handlers`)."""
    chosen = list(handlers) if handlers is not None else list(logging.getLogger().handlers)
    flt = next((f for h in chosen for f in h.filters if isinstance(f, RedactingFilter)), RedactingFilter())
    for handler in chosen:
        if flt not in handler.filters:
            handler.addFilter(flt)
    return flt
