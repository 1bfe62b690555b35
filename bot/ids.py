"""Ids and numbers as people type them: ASCII digits, or not a number at all.

Why not `str.isdigit()` + `int()`: `"²".isdigit()` is True but `int("²")` raises (`/nadleznost ² RS` was a
traceback), and `int()` itself accepts "٣" and "1_000". Imports nothing of ours, so the enrolment store and
the CLI read ids the same way as the command handlers (bot/arguments.py).
"""

from __future__ import annotations

MAX_ID_DIGITS = 15  # Telegram ids have at most 52 bits (16 digits are never needed; 15 cover 2**49 and more)


def ascii_int(text: str, max_digits: int = MAX_ID_DIGITS) -> int | None:
    """The number `text` is written as in ASCII digits ("424242"), else None ("²", "٣", "1_000", "-5", "")."""
    text = text.strip()
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
