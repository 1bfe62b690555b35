"""First names given in Bosnia and Herzegovina and its neighbours, from a published name dictionary.

The curated list (data/first_names.txt, ~470 names) holds the names officers type most; the people in their
questions carry thousands more ("Radenko", "Savka", "Zikret"). Jörg Michael's name dictionary, shipped as
data by the `gender-guesser` package (nam_dict.txt, GNU FDL), gives every first name a frequency per
country; the names with any frequency in Bosnia and Herzegovina, Croatia, Serbia or Montenegro — about
2,000 — are read from the installed package, folded like the curated list. Nothing is copied into this
repository, and a missing package leaves the curated list alone (masking still works, with less recall).

Why this file and not the package's `Detector`: it answers "which gender", parses all 48,000 lines for
60 countries into a dict of dicts (~0.5 s), and has no way to list the names of a country.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from retrieval.language.normalize import fold

# nam_dict.txt: one name a line; from column 30 on, one frequency character per country, in this order
# (gender_guesser.detector.Detector.COUNTRIES): ' ' = none, '1'…'9', 'A'…'D' = ever more frequent.
_COUNTRY_COLUMNS = {"bosnia_and_herzegovina": 29, "croatia": 30, "montenegro": 33, "serbia": 34}
# The foreigners in officers' questions: neighbours, the transit route's countries, workers' and tourists' countries.
_FOREIGN_COLUMNS = {
    "great_britain": 0,
    "usa": 2,
    "italy": 3,
    "france": 7,
    "the_netherlands": 10,
    "germany": 12,
    "austria": 13,
    "swiss": 14,
    "poland": 23,
    "czech_republic": 24,
    "slovakia": 25,
    "hungary": 26,
    "romania": 27,
    "bulgaria": 28,
    "kosovo": 31,
    "macedonia": 32,
    "slovenia": 35,
    "albania": 36,
    "russia": 38,
    "ukraine": 41,
    "turkey": 46,
    "arabia": 47,
}
_FIRST_COLUMN = 30
_SEX_CODES = frozenset({"M", "1M", "?M", "F", "1F", "?F", "?"})


def _dictionary_lines() -> list[str]:
    try:
        path = resources.files("gender_guesser").joinpath("data").joinpath("nam_dict.txt")
        return path.read_bytes().decode("utf-8", errors="replace").splitlines()
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return []


def _given_in(line: str, columns: dict[str, int]) -> bool:
    """Whether the line's name has a frequency in any of the countries of `columns`."""
    return any(line[_FIRST_COLUMN + column : _FIRST_COLUMN + column + 1].strip() for column in columns.values())


@cache
def regional_first_names() -> frozenset[str]:
    """Folded first names given in BiH, Croatia, Montenegro or Serbia."""
    return _names_given_in(tuple(_COUNTRY_COLUMNS.items()))


@cache
def foreign_first_names() -> frozenset[str]:
    """Folded first names given in the countries of the foreigners officers meet ("Tomasz", "Ahmet", "Klaus")."""
    return _names_given_in(tuple(_FOREIGN_COLUMNS.items()))


@cache
def _names_given_in(columns: tuple[tuple[str, int], ...]) -> frozenset[str]:
    out: set[str] = set()
    for line in _dictionary_lines():
        parts = line.split()
        if len(parts) < 2 or parts[0] not in _SEX_CODES or not _given_in(line, dict(columns)):
            continue
        for name in parts[1].replace("+", " ").replace("-", " ").split():
            folded = fold(name)
            if len(folded) >= 3 and folded.isalpha():
                out.add(folded)
    return frozenset(out)
