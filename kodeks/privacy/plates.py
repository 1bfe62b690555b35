"""Licence plates: BiH's current `A12-E-345` and `123-A-456`, older `SA 123-456` / `SA-123-45`, neighbours'
`BG 123-AB` / `ZG 1234-AB`; with dashes, spaces or nothing between the parts, Latin or Cyrillic letters
(BiH plates use only the letters that look the same in both: A E J K M O T).

Dashes or no separator make a plate plain in any case ("a12e345", "123-a-456"); with spaces, or for the
older letter-prefix formats, a lower-case plate needs a word for a vehicle or its plates nearby — "platio 100
a dobio 200" is not a plate.
"""

from __future__ import annotations

import re

from kodeks.privacy.context import keyword_before
from kodeks.privacy.spans import Span

_L = "A-Za-zА-Яа-яЈјЂђЋћЏџЉљЊњ"
_UPPER = set("ABCDEFGHIJKLMNOPQRSTUVWXYZАБВГДЕЖЗИЈКЛМНОПРСТУФХЦЧЏШЂЋЉЊ")
_FORMS = [
    re.compile(rf"(?<![\w-])[{_L}]\d{{2}}(?P<s1>[- ]?)[{_L}](?P<s2>[- ]?)\d{{3}}(?![\w-])"),  # A12-E-345
    re.compile(rf"(?<![\w-])\d{{3}}(?P<s1>[- ]?)[{_L}](?P<s2>[- ]?)\d{{3}}(?![\w-])"),  # 123-A-456
    re.compile(rf"(?<![\w-])[{_L}]{{2}}(?P<s1>[- ]?)\d{{3}}(?P<s2>[- ])\d{{2,3}}(?![\w-])"),  # SA 123-456
    re.compile(rf"(?<![\w-])[{_L}]{{2}}(?P<s1>[- ]?)\d{{3,4}}(?P<s2>[- ]?)[{_L}]{{1,2}}(?![\w-])"),  # ZG 1234-AB
]
_PLATE_WORD = re.compile(
    r"(tablic\w*|registarsk\w*|registr\w*|reg\.?|oznak\w*|vozil\w*|auto\w*|kombi\w*|kamion\w*|"
    r"motor\w*|golf\w*|bmw|audi|opel|passat|pasat|mercedes\w*|skod\w*|marke|vozio|vozila)\W*"
    r"(\w+\W+){0,3}$"
)


def _plain(match: re.Match[str], form: int) -> bool:
    """A plate even without a vehicle word: its shape cannot be anything else."""
    letters = [c for c in match.group() if c.isalpha()]
    upper = all(c in _UPPER for c in letters)
    spaced = " " in (match.group("s1") + match.group("s2"))
    if form <= 1:
        return not spaced or upper
    return upper and (match.group("s2") == "-" if form == 2 else bool(match.group("s2") or match.group("s1")))


# A plate typed with a part missing or a dash too many ("12-E-345", "M-45-E-123"): letters and digits joined by dashes,
# with a letter and four digits or more — only after a word for a vehicle or its plates.
_MISTYPED = re.compile(rf"(?<![\w-])[{_L}\d]{{1,3}}(?:-[{_L}\d]{{1,3}}){{2,3}}(?![\w-])")


def _mistyped(text: str, taken: list[Span]) -> list[Span]:
    out = []
    for m in _MISTYPED.finditer(text):
        value = m.group()
        if (
            any(c.isalpha() for c in value)
            and sum(c.isdigit() for c in value) >= 4
            and not any(s.start < m.end() and m.start() < s.end for s in taken)
            and keyword_before(text, m.start(), _PLATE_WORD, window=40)
        ):
            out.append(Span(m.start(), m.end(), "PLATE"))
    return out


def plates(text: str) -> list[Span]:
    spans: list[Span] = []
    for form, pattern in enumerate(_FORMS):
        for m in pattern.finditer(text):
            if any(s.start < m.end() and m.start() < s.end for s in spans):
                continue
            if form >= 2 and m.group("s2") != "-" and not (m.group("s2") == "" and _plain(m, form)):
                continue  # "je 150 na (sat)": the old and foreign plates are written with a dash
            if _plain(m, form) or keyword_before(text, m.start(), _PLATE_WORD, window=40):
                spans.append(Span(m.start(), m.end(), "PLATE"))
    return spans + _mistyped(text, spans)
