"""Invite links: `/pozivnica [broj] [dana] [nadležnost]` → `https://t.me/<bot>?start=<code>`.

The code is 16 random URL-safe characters (Telegram's start payload allows 64 of [A-Za-z0-9_-]); only its
salted SHA-256 is stored, so the file holds no working link. Telegram delivers the link's use as the text
"/start CODE".
"""

from __future__ import annotations

import hashlib
import secrets

from retrieval import jurisdictions

CODE_BYTES = 12  # → 16 characters
DEFAULT_USES, DEFAULT_DAYS = 1, 7


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def code_hash(code: str, salt: str) -> str:
    return hashlib.sha256(f"{salt}:invite:{code}".encode()).hexdigest()


def link(bot_username: str, code: str) -> str:
    return f"https://t.me/{bot_username}?start={code}"


def parse(args: list[str], max_uses: int, max_days: int) -> tuple[int, int, str | None]:
    """(uses, days, jurisdiction code or None) from `[broj] [dana] [nadležnost]`; ValueError on anything else."""
    numbers = [a for a in args if a.isascii() and a.isdigit()]
    rest = [a for a in args if not (a.isascii() and a.isdigit())]
    if len(numbers) > 2 or args[: len(numbers)] != numbers:
        raise ValueError("numbers first")
    uses = int(numbers[0]) if numbers else DEFAULT_USES
    days = int(numbers[1]) if len(numbers) > 1 else DEFAULT_DAYS
    if not 1 <= uses <= max_uses or not 1 <= days <= max_days:
        raise ValueError("out of range")
    code = None
    if rest:
        code = jurisdictions.find(" ".join(rest))
        if code is None:
            raise ValueError(f"unknown jurisdiction {' '.join(rest)!r}")
    return uses, days, code
