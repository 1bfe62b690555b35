"""Process-wide memory settings for the long-running bot.

glibc gives every thread that contends for malloc an arena of its own (up to 8 per core); the bot's
worker threads (python-telegram-bot, asyncio's executor, Chroma) each leave one behind, ~60 MB in all
at 100,000 chunks (docs/benchmarks.md). Two arenas cost nothing measurable in latency there. The
systemd unit in docs/bot.md sets MALLOC_ARENA_MAX=2 too; this does the same for any other way of
starting the bot. An operator's own MALLOC_ARENA_MAX wins; other C libraries are left alone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

M_ARENA_MAX = -8  # glibc's mallopt parameter number (malloc.h)
BOT_ARENAS = 2


def limit_malloc_arenas(arenas: int = BOT_ARENAS) -> bool:
    """Cap glibc's malloc arenas for threads created from now on; True when the cap was set."""
    if "MALLOC_ARENA_MAX" in os.environ:
        return False
    name = ctypes.util.find_library("c")
    if not name:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.gnu_get_libc_version and libc.mallopt(M_ARENA_MAX, arenas) == 1)
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to do
        return False
