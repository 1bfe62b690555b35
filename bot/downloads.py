"""Downloading what a user sent (a voice note, an admin's law file), cut at a limit while it is read.

Telegram may leave a file's size out of the update and of getFile, and a size it states is only a claim:
PTB's `File.download_*` read the whole file first (into memory or onto disk), so a limit checked after it
is too late. `fetch` streams the file from `File.file_path` with httpx (PTB's own HTTP client) and stops at
the first chunk past `limit` (`TooLarge`), before anything more is kept. `File.file_path` is a full URL with
the bot's token in it: it is never logged, and no error raised here carries it (`DownloadFailed` names
only what went wrong).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable

import httpx
from telegram import File

from kodeks.errors import DownloadFailed, TooLarge

TIMEOUT = httpx.Timeout(30.0)  # per read / connect: a stalled download fails instead of hanging the handler


async def fetch(file: File, limit: int, sink: Callable[[bytes], Awaitable[object] | object]) -> int:
    """Stream `file` (a telegram.File) into `sink`, chunk by chunk; return its size. Raises TooLarge as soon as
    more than `limit` bytes have been read, DownloadFailed for anything else."""
    url = str(getattr(file, "file_path", "") or "")
    if not url.startswith(("http://", "https://")):
        raise DownloadFailed("the file has no download address")
    total = 0
    try:
        async with (
            httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False) as client,
            client.stream("GET", url) as response,
        ):
            if response.status_code != 200:
                raise DownloadFailed(f"HTTP {response.status_code}")
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > limit:
                raise TooLarge(limit)
            async for chunk in response.aiter_bytes():  # decoded: a compressed body counts as what it holds
                total += len(chunk)
                if total > limit:
                    raise TooLarge(limit)  # leaving the block closes the connection: nothing more is read
                written = sink(chunk)
                if inspect.isawaitable(written):
                    await written
    except httpx.HTTPError as exc:
        raise DownloadFailed(type(exc).__name__) from None  # its text would carry the URL, token and all
    return total
