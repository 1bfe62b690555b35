"""Keywords around a candidate: "JMBG 0101…", "tablice A12-E-345", "rođen 12.3.1985" — matched on folded text
(so "rodjen", "rođen" and "рођен" are one keyword) within a few characters before the candidate."""

from __future__ import annotations

import re
from functools import lru_cache

from retrieval.language.normalize import fold


def before(text: str, start: int, window: int = 40) -> str:
    """The folded text just before `start` (the keyword's side)."""
    return fold(text[max(0, start - window) : start])


def keyword_before(text: str, start: int, pattern: re.Pattern[str], window: int = 40) -> bool:
    """Whether `pattern` (on folded text) matches near the end of the `window` characters before `start`."""
    return pattern.search(before(text, start, window)) is not None


def folded_with_offsets(text: str) -> tuple[str, list[int]]:
    """`text` folded letter by letter (Cyrillic to Latin, no diacritics, lower case) and, for each folded
    character, the offset of the original character it came from — so a pattern matched on the folded form
    ("12. marta 1990" for "12. марта 1990") gives spans in the original. Unlike `fold`, spaces are kept as
    they are (one folded character per space)."""
    if text.isascii():
        return text.lower(), list(range(len(text)))
    out: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text):
        folded = _fold_char(ch)
        out.append(folded)
        offsets.extend([i] * len(folded))
    return "".join(out), offsets


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    return ch if ch.isspace() or (ch.isascii() and not ch.isalpha()) else fold(ch) or ch


def original_span(offsets: list[int], start: int, end: int) -> tuple[int, int]:
    """A folded `start:end` (from `folded_with_offsets`) as offsets into the original text."""
    return offsets[start], offsets[end - 1] + 1


_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def latin_letters(text: str) -> str:
    """`text` with each Cyrillic letter written as one Latin letter of the same case ("1КП482093" → "1KP482093"),
    offsets kept: a number's shape (capitals and digits) is then read as in a Latin message."""
    if not _CYRILLIC.search(text):
        return text
    out = []
    for ch in text:
        if _CYRILLIC.match(ch):
            latin = (fold(ch) or ch)[0]
            ch = latin.upper() if ch.isupper() else latin
        out.append(ch)
    return "".join(out)
