"""Keywords around a candidate: "JMBG 0101…", "tablice A12-E-345", "rođen 12.3.1985" — matched on folded text
(so "rodjen", "rođen" and "рођен" are one keyword) within a few characters before the candidate."""

from __future__ import annotations

import re

from retrieval.language.normalize import fold


def before(text: str, start: int, window: int = 40) -> str:
    """The folded text just before `start` (the keyword's side)."""
    return fold(text[max(0, start - window): start])


def keyword_before(text: str, start: int, pattern: re.Pattern[str], window: int = 40) -> bool:
    """Whether `pattern` (on folded text) matches near the end of the `window` characters before `start`."""
    return pattern.search(before(text, start, window)) is not None
