"""The letters as they are said aloud, one table for every reader of a spelled identifier.

A voice transcript writes a spelled number as the letters' names ("ce razmak pet pet …", "ka trideset jedan je
osamsto …"): a document's number and an IBAN (spelled.py) and a BiH plate (plates.py) are read back through this one
table, so a letter's name added for one is known to the other.
"""

from __future__ import annotations

# The letters' names as the region spells them aloud (folded: "če" → "ce" is C's too), and the foreign ones.
SPOKEN_LETTERS: dict[str, str] = {
    "a": "A",
    "be": "B",
    "ce": "C",
    "de": "D",
    "e": "E",
    "ef": "F",
    "ge": "G",
    "ha": "H",
    "i": "I",
    "je": "J",
    "ka": "K",
    "el": "L",
    "em": "M",
    "en": "N",
    "o": "O",
    "pe": "P",
    "er": "R",
    "es": "S",
    "te": "T",
    "u": "U",
    "ve": "V",
    "ze": "Z",
    "iks": "X",
    "ipsilon": "Y",
}
# The letters of BiH's plates: only those that look the same in Latin and Cyrillic.
PLATE_LETTERS = "AEJKMOT"
# A consonant written alone, as voice typing or a hurried officer writes it ("pasoš b nula šest …"): the letter itself.
# (The vowels alone are their own names above.)
LETTERS_ALONE: dict[str, str] = {c: c.upper() for c in "bcdfghjklmnprstvz"}
