"""A village or hamlet as a home: "živi kod brata u selu Lipova Glava", "u zaseoku Brezići bb kod Kaknja".

In the country a village, a hamlet and the town it lies by are the whole address — there is no street, and often
no "bb". The settlement's word (selo, zaseok, naselje in the locative or genitive) is the cue and stays outside the
span; the village's capitalised name words follow. It is an address when it is placed by its town ("… kod Kaknja":
only a home is named that precisely), or when a word of dwelling stands before it in the same clause (živi,
stanuje, prijavljen, nastanjen, boravi). A village named bare in a story of an incident ("tuča u selu Lipa") stays. Typed in lower case,
its name needs its "bb" after it ("iz naselja lipik bb").
"""

from __future__ import annotations

import re

from kodeks.privacy import dwelling, lexicon
from kodeks.privacy.address_cues import folded_letters
from kodeks.privacy.spans import Span
from kodeks.privacy.tokens import WORD

_SETTLEMENT = re.compile(r"(?<!\w)(?:sel[aou]|zaseo?k[au]?|zasel(?:ak|k[au])|naselj[aeu])[ ]+", re.IGNORECASE)
_BB = re.compile(r"[ ]+bb(?!\w)", re.IGNORECASE)
_BY_TOWN = re.compile(r"[ ]+kod[ ]+(?P<town>[^\W\d_]+)(?!\w)", re.IGNORECASE)
_DWELLING = re.compile(
    # the third person and the plural of "živjeti" only (not dwelling.LIVES: "živim", "živite" were never read here)
    r"(?<!\w)(?:ziv(?:i|e|imo|io|jela|jeli|ela|eli)|"
    rf"{dwelling.STAYS}|{dwelling.REGISTERED}|{dwelling.SETTLED}|boravi\w*|{dwelling.PERMANENT})(?!\w)"
)
_CLAUSE_END = re.compile(r"[.;!?]|,[ ]+(?:a|ali|pa|ali|dok)[ ]")
_MAX_NAME_WORDS = 3
# The digits glued to a block's capital letter read as the name's last word: "Lipik C5" (not "C5-E-123", a plate).
_BLOCK_DIGITS = re.compile(r"\d{1,2}(?![\w/-])")
# The settlement's name in lower case, one or two words, then "bb" (no house number): only an address is written so,
# whatever the case of its letters ("iz naselja lipik bb", "selo donji brezik bb").
_LOWER_NAME_BB = re.compile(r"(?P<name>[a-z]+(?:[ ][a-z]+)?)[ ]+bb(?!\w)")


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and (word[1:].islower() or len(word) == 1)


def _name_end(text: str, start: int) -> int | None:
    """The end of one to three capitalised words from `start`, single spaces between them."""
    end, count = start, 0
    while count < _MAX_NAME_WORDS:
        m = WORD.match(text, end if count == 0 else end + 1)
        if not m or not _capitalised(m.group()) or (count and text[end] != " "):
            break
        end, count = m.end(), count + 1
    return end if count else None


def village_homes(text: str) -> list[Span]:
    """Spans of villages and hamlets named as someone's home (the settlement's word outside)."""
    folded = folded_letters(text).lower()
    spans = []
    for m in _SETTLEMENT.finditer(folded):
        end = _name_end(text, m.end())
        if end is None:
            lower = _LOWER_NAME_BB.match(folded, m.end())
            if lower and not any(w in lexicon.FUNCTION_WORDS for w in lower.group("name").split()):
                spans.append(Span(m.end(), lower.end(), "ADDRESS"))  # "iz naselja lipik bb": typed in lower case
            continue
        block = _BLOCK_DIGITS.match(text, end) if re.search(r"(?<!\w)[A-HА-Ж]$", text[:end]) else None
        if block:
            end = block.end()  # "naselje Lipik C5": a block by its letter and number, the house's number
        bb = _BB.match(folded, end)  # matched on the folded text: Cyrillic "бб", "код" too
        if bb:
            end = bb.end()
        by_town = _BY_TOWN.match(folded, end)
        placed = by_town is not None and _capitalised(text[by_town.start("town") : by_town.end("town")])
        if by_town and placed:
            end = by_town.end()
        clause = _CLAUSE_END.split(folded[: m.start()])[-1]
        if placed or _DWELLING.search(clause):
            spans.append(Span(m.end(), end, "ADDRESS"))
    return spans
