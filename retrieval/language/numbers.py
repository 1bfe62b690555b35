"""Article numbers as laws and officers write them: "12a.", "§ 823", "113в", Roman "XII", "Aneks 1".

One normal form (`article_number`) lets the article table, references and the bot compare numbers
however they were typed; Roman numerals ("član V Ustava") convert both ways.
"""

from __future__ import annotations

import re

from retrieval.language.normalize import fold

_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_ENTRY_WORD = re.compile(r"^(?:aneks|prilog|annex|dodatak|preambula|preamble)\b")


def article_number(label: str) -> str:
    """ "§ 823" → "823", "12a." → "12a", "Article 5" → "5", "113в" → "113v", "V" → "v"; an annex keeps
    its name ("Aneks 1" → "aneks 1"), so it never stands in for article 1."""
    folded = fold(label)
    if _ENTRY_WORD.match(folded):
        return folded
    found = re.search(r"\d+[a-z]{0,2}", folded)
    return found.group(0) if found else folded.strip(" .")


def roman_to_int(text: str) -> int | None:
    """ "xii" → 12; None unless `text` is a well-formed Roman numeral."""
    if not text or any(ch not in _ROMAN for ch in text):
        return None
    total = 0
    for i, ch in enumerate(text):
        value = _ROMAN[ch]
        total += -value if i + 1 < len(text) and _ROMAN[text[i + 1]] > value else value
    return total if int_to_roman(total) == text else None


def int_to_roman(number: int) -> str:
    out = ""
    for value, letters in (
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ):
        while number >= value:
            out, number = out + letters, number - value
    return out
