"""A fake Telegram Bot API server (aiohttp on 127.0.0.1) and its pytest fixture.

The real python-telegram-bot `Application` talks to it through `base_url`, exactly as it would to
Telegram: tests push updates into a queue that `getUpdates` long-polls, and assert on the recorded
calls (`sendMessage`, `sendDocument`, ...). It validates what Telegram validates and the bot could
get wrong — Telegram HTML (allowed tags, balance, entities) and the 4,096-character limit measured
on the parsed text — and can answer with a `RetryAfter` (429), a 502 or a dropped connection on demand (getUpdates too).

Once the bot has called `setWebhook`, pushed updates are delivered as Telegram does: POSTed to the webhook URL
(JSON, with the secret in `X-Telegram-Bot-Api-Secret-Token`), at most `max_connections` at once, and an update
not acknowledged with a 2xx (an error status, a refused or dropped connection, no answer within
`webhook_timeout`) is sent again after `webhook_retry_seconds`, until it is. `deliveries` records every attempt.

    server.send_text(USER, "koja je kazna za krađu?")
    [reply] = await server.wait_messages(USER, 1)
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from aiohttp import web

TOKEN = "123456789:TEST-token_for-the-fake-server"
BOT_ID = 123456789
BOT_USERNAME = "kodeks_test_bot"
MESSAGE_LIMIT = 4096
CAPTION_LIMIT = 1024

ALLOWED_TAGS = {
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "span",
    "tg-spoiler",
    "a",
    "code",
    "pre",
    "blockquote",
    "tg-emoji",
}
JSON_FIELDS = {
    "reply_markup",
    "entities",
    "caption_entities",
    "allowed_updates",
    "link_preview_options",
    "reply_parameters",
    "commands",
    "scope",
}
INT_FIELDS = {"chat_id", "message_id", "offset", "limit", "timeout", "from_chat_id", "max_connections"}
_TAG_START = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?>")
_ENTITY = re.compile(r"&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
DROP = 0  # fail_next(status=DROP): the connection is dropped instead of answered
BOOL_FIELDS = {"show_alert", "drop_pending_updates", "disable_notification", "protect_content"}


class ApiError(Exception):
    def __init__(self, status: int, description: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(description)
        self.status, self.description, self.parameters = status, description, parameters


class _TelegramHTML(HTMLParser):
    """Parse Telegram HTML the way the Bot API does: only known tags, balanced; returns the plain text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS:
            raise ApiError(400, f'Bad Request: can\'t parse entities: Unsupported start tag "{tag}"')
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            raise ApiError(400, f'Bad Request: can\'t parse entities: Unexpected end tag "{tag}"')
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_html(markup: str) -> str:
    """Rendered text of Telegram HTML, or ApiError(400) as Telegram would answer.

    Every `<` must open a tag and every `&` an entity (Telegram rejects unescaped ones)."""
    for match in re.finditer(r"[<&]", markup):
        rest = markup[match.start() :]
        ok = _TAG_START.match(rest) if rest[0] == "<" else _ENTITY.match(rest)
        if not ok:
            raise ApiError(400, f"Bad Request: can't parse entities: unexpected {rest[0]!r} at offset {match.start()}")
    parser = _TelegramHTML()
    parser.feed(markup)
    parser.close()
    if parser.stack:
        raise ApiError(
            400,
            f"Bad Request: can't parse entities: Can't find end tag corresponding to start tag \"{parser.stack[-1]}\"",
        )
    return "".join(parser.text)


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2  # a lone surrogate counts as one unit


@dataclass
class Call:
    """One Bot API request as the server saw it."""

    method: str
    params: dict[str, Any]
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    status: int = 200
    at: float = field(default_factory=time.monotonic)


class FakeTelegramServer:
    """Bot API stand-in: an update queue for `getUpdates` and a record of every other call."""

    def __init__(self, token: str = TOKEN) -> None:
        self.token = token
        self.bot_user = {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "KODEKS",
            "username": BOT_USERNAME,
            "can_join_groups": False,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }
        self.calls: list[Call] = []
        self.chats: dict[int, list[dict[str, Any]]] = defaultdict(list)  # chat id → messages the bot sent
        self.messages_by_id: dict[tuple[int, int], dict[str, Any]] = {}
        self.commands: list[dict[str, Any]] = []  # the default menu
        self.chat_commands: dict[int, list[dict[str, Any]]] = {}  # chat id → that chat's own menu (scope "chat")
        self.webhook: dict[str, Any] | None = None
        self.polls = 0
        self._pending: list[dict[str, Any]] = []
        self._arrived = asyncio.Event()
        self._changed = asyncio.Condition()
        self._failures: dict[str, deque[tuple[int, dict[str, Any] | None, str]]] = defaultdict(deque)
        self._delays: dict[str, deque[float]] = defaultdict(deque)
        self._redeliver = 0  # getUpdates answers to serve again whatever the next offset says
        self._hold = False  # the next poll's offset confirms nothing (a batch being served again)
        self._update_ids = itertools.count(1)
        self._next_free = 1
        self._seq: dict[int, int] = {}  # id(update) → the update number it is confirmed by
        self._message_ids = itertools.count(1000)
        self._files: dict[str, tuple[str, bytes]] = {}  # file_id → (file_path, bytes), served by getFile + /file/
        self._file_ids = itertools.count(1)
        self._undeclared: set[str] = set()  # file paths served without a size
        self._runner: web.AppRunner | None = None
        self.port = 0
        # webhook delivery (after setWebhook): every attempt as (update_id, HTTP status, or 0 for no answer)
        self.deliveries: list[tuple[int, int]] = []
        self.webhook_retry_seconds = 0.5
        self.webhook_timeout = 60.0
        self._delivering: set[asyncio.Task[None]] = set()
        self._webhook_slots: asyncio.Semaphore | None = None
        self._session: Any = None  # aiohttp.ClientSession, made at the first delivery

    # --- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=50 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        self._arrived.set()
        for task in list(self._delivering):
            task.cancel()
        if self._delivering:
            await asyncio.gather(*self._delivering, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
        if self._runner:
            await self._runner.cleanup()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """What goes into KODEKS_TELEGRAM_BASE_URL / `ApplicationBuilder.base_url`."""
        return f"{self.url}/bot"

    @property
    def base_file_url(self) -> str:
        return f"{self.url}/file/bot"

    # --- scripting failures -----------------------------------------------------------------

    def fail_next(
        self,
        method: str,
        *,
        retry_after: int | None = None,
        status: int | None = None,
        times: int = 1,
        description: str | None = None,
    ) -> None:
        """Make the next `times` calls of `method` fail: 429 with retry_after, or any status (502 = network).

        `status=DROP` (getUpdates only) closes the connection without any answer. For getUpdates, a poll
        in progress answers at once, empty (as Telegram does when its long poll times out), so the failure
        is served to the very next poll instead of after the bot's long-poll timeout (10 s in `kodeks bot`)."""
        if retry_after is not None:
            spec = (429, {"retry_after": retry_after}, description or f"Too Many Requests: retry after {retry_after}")
        else:
            code = 502 if status is None else status
            spec = (code, None, description or ("Bad Gateway" if code == 502 else "Internal Server Error"))
        for _ in range(times):
            self._failures[method].append(spec)
        if method == "getUpdates":
            self._arrived.set()

    def delay_next(self, method: str, seconds: float, times: int = 1) -> None:
        """Make the next `times` calls of `method` succeed (the message is delivered at once) but answer only
        after `seconds` — a Telegram slower than the bot's read timeout."""
        for _ in range(times):
            self._delays[method].append(seconds)

    def redeliver_next(self, times: int = 1) -> None:
        """Serve the next `times` non-empty getUpdates answers twice: the updates stay pending even though
        the bot's next offset confirms them, as when a client timed out on an answer Telegram had already
        sent and Telegram (or a proxy) hands the same batch out again."""
        self._redeliver += times

    # --- pushing updates --------------------------------------------------------------------

    @staticmethod
    def user(user_id: int, first_name: str = "Policajac") -> dict[str, Any]:
        return {"id": user_id, "is_bot": False, "first_name": first_name, "language_code": "bs"}

    def push(self, update: dict[str, Any]) -> dict[str, Any]:
        """Queue a raw update (an `update_id` is assigned if missing).

        A poison update may carry any `update_id` ("42", "abc"): the server orders and confirms it by
        the number it stands for, or by the next free number if it stands for none."""
        update.setdefault("update_id", next(self._update_ids))
        raw = update["update_id"]
        seq = int(raw) if isinstance(raw, int) or (isinstance(raw, str) and raw.isdigit()) else next(self._update_ids)
        if seq >= self._next_free:
            self._update_ids = itertools.count(seq + 1)
        self._next_free = max(self._next_free, seq + 1)
        self._seq[id(update)] = seq
        if self.webhook and self.webhook.get("url"):  # delivered to the bot, not fetched by it
            task = asyncio.get_running_loop().create_task(self._deliver(update))
            self._delivering.add(task)
            task.add_done_callback(self._delivering.discard)
            return update
        self._pending.append(update)
        self._arrived.set()
        return update

    @property
    def delivered(self) -> bool:
        """Every pushed update acknowledged by the webhook (none still being delivered)."""
        return not self._delivering

    async def _deliver(self, update: dict[str, Any]) -> None:
        """POST one update to the webhook until it is acknowledged with a 2xx, as Telegram does."""
        import aiohttp

        hook = self.webhook or {}
        if self._session is None:
            self._session = aiohttp.ClientSession()
        if self._webhook_slots is None:
            self._webhook_slots = asyncio.Semaphore(int(hook.get("max_connections") or 40))
        headers = {"X-Telegram-Bot-Api-Secret-Token": hook["secret_token"]} if hook.get("secret_token") else {}
        timeout = aiohttp.ClientTimeout(total=self.webhook_timeout)
        while True:
            status = 0
            async with self._webhook_slots:
                with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                    async with self._session.post(hook["url"], json=update, headers=headers, timeout=timeout) as r:
                        status = r.status
            acknowledged = 200 <= status < 300
            if acknowledged:  # `delivered` true before the waiters are woken
                self._delivering.discard(asyncio.current_task())  # type: ignore[arg-type]
            self.deliveries.append((update["update_id"], status))
            async with self._changed:
                self._changed.notify_all()
            if acknowledged:
                return
            await asyncio.sleep(self.webhook_retry_seconds)

    def _chat(self, user_id: int, chat_id: int | None, chat_type: str) -> dict[str, Any]:
        if chat_type == "private":
            return {"id": chat_id or user_id, "type": "private", "first_name": "Policajac"}
        return {"id": chat_id or -100_000 - user_id, "type": chat_type, "title": "Grupa"}

    def send_message(
        self,
        user_id: int,
        *,
        text: str | None = None,
        chat_id: int | None = None,
        chat_type: str = "private",
        edited: bool = False,
        **extra: Any,
    ) -> dict[str, Any]:
        """An officer sends something: text, a command (entity added), or any other message fields."""
        message: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": self._chat(user_id, chat_id, chat_type),
            "from": self.user(user_id),
            **extra,
        }
        if text is not None:
            message["text"] = text
            if text.startswith("/"):
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": utf16_len(text.split()[0])}]
        if edited:
            message["edit_date"] = int(time.time())
        return self.push({"edited_message" if edited else "message": message})

    def send_text(self, user_id: int, text: str, **kw: Any) -> dict[str, Any]:
        return self.send_message(user_id, text=text, **kw)

    def send_sticker(self, user_id: int, **kw: Any) -> dict[str, Any]:
        sticker = {
            "file_id": "sticker1",
            "file_unique_id": "us1",
            "type": "regular",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
        }
        return self.send_message(user_id, sticker=sticker, **kw)

    def send_voice(self, user_id: int, **kw: Any) -> dict[str, Any]:
        return self.send_message(user_id, voice={"file_id": "voice1", "file_unique_id": "uv1", "duration": 3}, **kw)

    def send_photo(self, user_id: int, **kw: Any) -> dict[str, Any]:
        return self.send_message(
            user_id, photo=[{"file_id": "photo1", "file_unique_id": "up1", "width": 90, "height": 90}], **kw
        )

    def send_file(self, user_id: int, **kw: Any) -> dict[str, Any]:
        return self.send_message(
            user_id, document={"file_id": "doc1", "file_unique_id": "ud1", "file_name": "zapisnik.pdf"}, **kw
        )

    # --- files the bot can download (getFile, then GET /file/bot<token>/<file_path>) ------------

    def host_file(self, data: bytes, file_path: str, *, declare_size: bool = True) -> dict[str, Any]:
        """Make `data` downloadable; returns the file's `file_id`, `file_unique_id` and `file_size`. Without
        `declare_size` neither the message nor getFile says how big it is (Telegram may leave it out), and the
        download has no Content-Length: only reading it tells."""
        n = next(self._file_ids)
        file_id = f"file{n}"
        self._files[file_id] = (file_path, data)
        if not declare_size:
            self._undeclared.add(file_path)
            return {"file_id": file_id, "file_unique_id": f"uf{n}"}
        return {"file_id": file_id, "file_unique_id": f"uf{n}", "file_size": len(data)}

    def send_document(
        self,
        user_id: int,
        data: bytes,
        file_name: str,
        *,
        mime_type: str = "application/octet-stream",
        caption: str | None = None,
        declare_size: bool = True,
        **kw: Any,
    ) -> dict[str, Any]:
        """An officer (or admin) sends a file as a document, downloadable by the bot."""
        document = {
            **self.host_file(data, f"documents/{file_name}", declare_size=declare_size),
            "file_name": file_name,
            "mime_type": mime_type,
        }
        extra = {"caption": caption} if caption is not None else {}
        return self.send_message(user_id, document=document, **extra, **kw)

    def send_voice_file(
        self,
        user_id: int,
        data: bytes,
        *,
        duration: int,
        mime_type: str = "audio/ogg",
        declare_size: bool = True,
        **kw: Any,
    ) -> dict[str, Any]:
        """A voice message (OGG/Opus as Telegram records it), downloadable by the bot."""
        voice = {
            **self.host_file(data, "voice/file.oga", declare_size=declare_size),
            "duration": duration,
            "mime_type": mime_type,
        }
        return self.send_message(user_id, voice=voice, **kw)

    def send_audio_file(
        self,
        user_id: int,
        data: bytes,
        *,
        duration: int,
        file_name: str = "audio.mp3",
        mime_type: str = "audio/mpeg",
        **kw: Any,
    ) -> dict[str, Any]:
        """An audio file (not recorded in Telegram), downloadable by the bot."""
        audio = {
            **self.host_file(data, f"music/{file_name}"),
            "duration": duration,
            "mime_type": mime_type,
            "file_name": file_name,
        }
        return self.send_message(user_id, audio=audio, **kw)

    def press(self, user_id: int, message: dict[str, Any], data: str) -> dict[str, Any]:
        """The officer presses an inline button (`data`) under a message the bot sent."""
        return self.push(
            {
                "callback_query": {
                    "id": str(next(self._update_ids) * 7),
                    "from": self.user(user_id),
                    "chat_instance": "ci-1",
                    "data": data,
                    "message": message,
                }
            }
        )

    # --- looking at what the bot did ---------------------------------------------------------

    def calls_to(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    def messages(self, chat_id: int) -> list[dict[str, Any]]:
        """Messages (and documents) the bot sent to a chat, in order."""
        return list(self.chats.get(chat_id, []))

    def texts(self, chat_id: int) -> list[str]:
        return [m.get("text") or m.get("caption") or "" for m in self.messages(chat_id)]

    @staticmethod
    def buttons(message: dict[str, Any]) -> list[tuple[str, str]]:
        """(label, callback_data) of every inline button under a sent message."""
        markup = message.get("reply_markup") or {}
        return [(b["text"], b.get("callback_data", "")) for row in markup.get("inline_keyboard", []) for b in row]

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 30.0, what: str = "condition") -> None:
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(predicate), timeout)
            except TimeoutError:
                seen = [f"{c.method}({c.params.get('chat_id', '')})" for c in self.calls][-30:]
                raise AssertionError(f"timed out waiting for {what}; last calls: {seen}") from None

    async def converse(self, chat_id: int, texts: list[str]) -> list[dict[str, Any]]:
        """Send each text in turn and wait for the bot's next message: the first reply to each."""
        replies = []
        for text in texts:
            before = len(self.chats.get(chat_id, []))
            self.send_text(chat_id, text)
            replies.append((await self.wait_messages(chat_id, before + 1))[before])
        return replies

    async def wait_messages(self, chat_id: int, n: int, timeout: float = 30.0) -> list[dict[str, Any]]:
        """Wait until the bot has sent at least `n` messages to `chat_id`; return them all."""
        await self.wait_until(
            lambda: len(self.chats.get(chat_id, [])) >= n,
            timeout,
            f"{n} message(s) to chat {chat_id} (have {len(self.chats.get(chat_id, []))})",
        )
        return self.messages(chat_id)

    async def wait_fetched(self, timeout: float = 30.0) -> None:
        """Wait until the bot has fetched and confirmed every pushed update (its offset moved past them)."""
        await self.wait_until(lambda: not self._pending, timeout, f"{len(self._pending)} update(s) to be fetched")

    async def wait_call(
        self, method: str, predicate: Callable[[Call], bool] = lambda c: True, timeout: float = 30.0
    ) -> Call:
        await self.wait_until(
            lambda: any(c.method == method and predicate(c) for c in self.calls), timeout, f"a {method} call"
        )
        return next(c for c in self.calls if c.method == method and predicate(c))

    # --- the API -------------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response({"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401)
        method = request.match_info["method"]
        try:
            params, files = await self._params(request)
        except ConnectionResetError:  # the client died mid-request (a replica killed with SIGKILL): nothing arrived
            return web.Response(status=400)
        if method == "getUpdates":
            self.polls += 1
            failure = self._failures[method].popleft() if self._failures.get(method) else None
            if failure:
                self.calls.append(Call(method, params, status=failure[0]))
                async with self._changed:
                    self._changed.notify_all()
                if failure[0] == DROP:
                    assert request.transport is not None
                    request.transport.abort()  # the connection dies without an answer
                return web.json_response(
                    {"ok": False, "error_code": failure[0], "description": failure[2]}, status=failure[0]
                )
            return web.json_response({"ok": True, "result": await self._get_updates(params)})
        call = Call(method, params, files)
        try:
            failure = self._failures[method].popleft() if self._failures.get(method) else None
            if failure:
                raise ApiError(failure[0], failure[2], failure[1])
            handler = getattr(self, f"_api_{method}", None)
            if handler is None:
                raise ApiError(404, "Not Found: method not found")
            result = handler(params, files)
            body: dict[str, Any] = {"ok": True, "result": result}
            status = 200
        except ApiError as exc:
            status = exc.status
            body = {"ok": False, "error_code": exc.status, "description": exc.description}
            if exc.parameters:
                body["parameters"] = exc.parameters
        call.status = status
        self.calls.append(call)
        async with self._changed:
            self._changed.notify_all()
        if self._delays.get(method):
            await asyncio.sleep(self._delays[method].popleft())  # simulating a slow server, not waiting for one
        return web.json_response(body, status=status)

    async def _params(self, request: web.Request) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
        raw: dict[str, Any] = {}
        files: dict[str, tuple[str, bytes]] = {}
        if request.content_type == "application/json":
            raw = await request.json()
        elif request.can_read_body:
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, web.FileField):
                    files[key] = (value.filename, value.file.read())
                else:
                    raw[key] = value
        else:
            raw = dict(request.query)
        params: dict[str, Any] = {}
        for key, value in raw.items():
            if isinstance(value, str) and key in JSON_FIELDS:
                value = json.loads(value)
            elif isinstance(value, str) and key in INT_FIELDS and value.lstrip("-").isdigit():
                value = int(value)
            elif isinstance(value, str) and key in BOOL_FIELDS:
                value = value == "true"
            if isinstance(value, str) and value.startswith("attach://") and value[9:] in files:
                files[key] = files.pop(value[9:])
                continue
            params[key] = value
        return params, files

    async def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        if offset and not self._hold:
            self._pending = [u for u in self._pending if self._seq[id(u)] >= offset]
        self._hold = False
        async with self._changed:
            self._changed.notify_all()  # a poll started, maybe confirming updates: wake `wait_fetched`
        timeout = float(params.get("timeout") or 0)
        if not self._pending and timeout > 0:
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), timeout)
        batch = self._pending[: int(params.get("limit") or 100)]
        if batch and self._redeliver:
            self._redeliver -= 1
            self._hold = True  # the next poll's offset does not confirm this batch: it is served again
        return batch

    def _render(self, params: dict[str, Any], key: str, limit: int) -> str:
        text = params.get(key)
        if text is None or str(text) == "":
            if key == "caption":
                return ""
            raise ApiError(400, "Bad Request: message text is empty")
        text = str(text)
        rendered = parse_html(text) if params.get("parse_mode") == "HTML" else text
        if not rendered.strip() and key == "text":
            raise ApiError(400, "Bad Request: message text is empty")
        if utf16_len(rendered) > limit:
            raise ApiError(
                400, "Bad Request: message is too long" if key == "text" else "Bad Request: message caption is too long"
            )
        return rendered

    def _new_message(self, params: dict[str, Any], **content: Any) -> dict[str, Any]:
        chat_id = params.get("chat_id")
        if not isinstance(chat_id, int):
            raise ApiError(400, "Bad Request: chat not found")
        chat = (
            {"id": chat_id, "type": "private", "first_name": "Policajac"}
            if chat_id > 0
            else {"id": chat_id, "type": "group", "title": "Grupa"}
        )
        message = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": chat,
            "from": self.bot_user,
            **content,
        }
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        message["_html"] = params.get("text") or params.get("caption")
        self.chats[chat_id].append(message)
        self.messages_by_id[(chat_id, message["message_id"])] = message
        return {k: v for k, v in message.items() if not k.startswith("_")}

    def _api_getMe(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        return self.bot_user

    def _api_getFile(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        file_id = str(params.get("file_id", ""))
        if file_id not in self._files:
            raise ApiError(400, "Bad Request: invalid file_id")
        path, data = self._files[file_id]
        size = {} if path in self._undeclared else {"file_size": len(data)}
        return {"file_id": file_id, "file_unique_id": f"u{file_id}", **size, "file_path": path}

    DOWNLOAD_CHUNK = 64 * 1024

    async def _download(self, request: web.Request) -> web.StreamResponse:
        """The file in chunks; the call's params say how much was sent and whether the bot read it all
        (`complete`: False when it hung up first — a download cut at its limit)."""
        if request.match_info["token"] != self.token:
            return web.Response(status=401)
        path = request.match_info["path"]
        found = next((data for p, data in self._files.values() if p == path), None)
        call = Call(
            "download", {"file_path": path, "sent": 0, "complete": False}, status=200 if found is not None else 404
        )
        self.calls.append(call)
        async with self._changed:
            self._changed.notify_all()
        if found is None:
            return web.Response(status=404, text="Not Found")
        response = web.StreamResponse(headers={"Content-Type": "application/octet-stream"})
        if path not in self._undeclared:
            response.content_length = len(found)
        try:
            await response.prepare(request)
            for start in range(0, len(found), self.DOWNLOAD_CHUNK):
                await response.write(found[start : start + self.DOWNLOAD_CHUNK])
                call.params["sent"] = min(len(found), start + self.DOWNLOAD_CHUNK)
            await response.write_eof()
            call.params["complete"] = True
        except ConnectionError:
            pass  # the bot stopped reading
        return response

    def _api_sendMessage(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        return self._new_message(params, text=self._render(params, "text", MESSAGE_LIMIT))

    def _api_sendDocument(self, params: dict[str, Any], files: dict[str, tuple[str, bytes]]) -> dict[str, Any]:
        if "document" not in files:
            raise ApiError(400, "Bad Request: there is no document in the request")
        name, content = files["document"]
        caption = self._render(params, "caption", CAPTION_LIMIT)
        document = {
            "file_id": f"doc-{len(self.calls)}",
            "file_unique_id": f"u{len(self.calls)}",
            "file_name": name,
            "file_size": len(content),
        }
        message = self._new_message(params, document=document, **({"caption": caption} if caption else {}))
        self.messages_by_id[(params["chat_id"], message["message_id"])]["_content"] = content
        self.chats[params["chat_id"]][-1]["_content"] = content
        return message

    def _api_sendChatAction(self, params: dict[str, Any], files: Any) -> bool:
        return True

    def _api_answerCallbackQuery(self, params: dict[str, Any], files: Any) -> bool:
        return True

    def _edit(self, params: dict[str, Any]) -> dict[str, Any]:
        key = (params.get("chat_id"), params.get("message_id"))
        message = self.messages_by_id.get(key)  # type: ignore[arg-type]
        if message is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        return message

    def _api_editMessageText(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        message = self._edit(params)
        text = self._render(params, "text", MESSAGE_LIMIT)
        if text == message.get("text") and params.get("reply_markup") == message.get("reply_markup"):
            raise ApiError(400, "Bad Request: message is not modified")
        message.update(text=text, _html=params.get("text"), edit_date=int(time.time()))
        if "reply_markup" in params:
            message["reply_markup"] = params["reply_markup"]
        return {k: v for k, v in message.items() if not k.startswith("_")}

    def _api_editMessageReplyMarkup(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        message = self._edit(params)
        if params.get("reply_markup") == message.get("reply_markup"):
            raise ApiError(400, "Bad Request: message is not modified")
        message["reply_markup"] = params.get("reply_markup")
        return {k: v for k, v in message.items() if not k.startswith("_")}

    def _api_deleteWebhook(self, params: dict[str, Any], files: Any) -> bool:
        self.webhook = None
        return True

    def _api_setWebhook(self, params: dict[str, Any], files: Any) -> bool:
        self.webhook = params
        return True

    def _api_getWebhookInfo(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        return {"url": (self.webhook or {}).get("url", ""), "has_custom_certificate": False, "pending_update_count": 0}

    def _api_setMyCommands(self, params: dict[str, Any], files: Any) -> bool:
        scope = params.get("scope") or {"type": "default"}
        if scope.get("type") == "chat":
            self.chat_commands[int(scope["chat_id"])] = params.get("commands") or []
        elif scope.get("type") == "default":
            self.commands = params.get("commands") or []
        else:
            raise ApiError(400, f"Bad Request: scope {scope.get('type')!r} not supported by the fake")
        return True

    def _api_getMyCommands(self, params: dict[str, Any], files: Any) -> list[dict[str, Any]]:
        scope = params.get("scope") or {"type": "default"}
        if scope.get("type") == "chat":
            return self.chat_commands.get(int(scope["chat_id"]), self.commands)
        return self.commands

    def menu(self, chat_id: int) -> list[str]:
        """The command names Telegram would show in this private chat: its own menu, else the default."""
        return [c["command"] for c in self.chat_commands.get(chat_id, self.commands)]

    def _api_close(self, params: dict[str, Any], files: Any) -> bool:
        return True

    def _api_logOut(self, params: dict[str, Any], files: Any) -> bool:
        return True


@pytest.fixture
async def telegram_server():
    """A started fake Bot API server; point `KODEKS_TELEGRAM_BASE_URL` at `server.base_url`."""
    server = FakeTelegramServer()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def telegram_env(telegram_server: FakeTelegramServer, monkeypatch: pytest.MonkeyPatch) -> FakeTelegramServer:
    """The fake server wired in through the environment, as a deployment would (for CLI tests)."""
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", telegram_server.token)
    monkeypatch.setenv("KODEKS_TELEGRAM_BASE_URL", telegram_server.base_url)
    return telegram_server
