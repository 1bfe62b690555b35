"""Two shapes the plate rules of plates.py did not read alike: a road's designation is no plate, and another country's
plate may begin with its digits.

A road is named by its category's letter and its number ("M-17", "R-444", "A1", "E-73", "М-17"): one letter, a dash or
nothing, one to three digits and nothing after. No plate of BiH or its neighbours is so short — a foreign plate has a
district's letters and a serial, three groups or a serial of four digits or more — so the shape alone decides, even
beside a word for a vehicle ("udario u bankinu na R-444, auto …").

Digits first: the Netherlands' "52-XKT-9", Turkey's "34 KBR 719", France's "123-AB-45": digits, two or three capital
letters, digits, joined by dashes or spaces alike, with three digits or more in all. Only beside a word for a vehicle
or its plates, as every other foreign plate (plates.py's `_FOREIGN_WORD`), and never with a unit or an acronym of the
laws as its letters ("3 KM 50").
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.context import keyword_before
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

_ROAD = re.compile(r"[AEMRАЕМР][- ]?\d{1,3}")
_DIGITS_FIRST = re.compile(
    r"(?<![\w.,/-])(?P<a>\d{1,3})(?P<s>[- ])(?P<letters>[A-ZÄÖÜ]{2,3})(?P=s)(?P<b>\d{1,4})(?![\w-]|[.,]\d)"
)


def road(value: str) -> bool:
    """Whether a plate-like value is a road's designation ("M-17", "R-444")."""
    return _ROAD.fullmatch(value.strip()) is not None


def digits_first_plates(text: str, taken: list[Span], before: re.Pattern[str], after: re.Pattern[str]) -> list[Span]:
    """Foreign plates beginning with digits, beside a vehicle's word (`before` ends right before it, `after` starts
    right after it: plates.py's patterns)."""
    out = []
    for m in _DIGITS_FIRST.finditer(text):
        if len(m.group("a")) + len(m.group("b")) < 3 or lexicon.not_a_name(fold(m.group("letters"))):
            continue
        if any(s.start < m.end() and m.start() < s.end for s in taken):
            continue
        if keyword_before(text, m.start(), before, window=40) or after.match(fold(text[m.end() : m.end() + 40])):
            out.append(Span(m.start(), m.end(), "PLATE"))
    return out
