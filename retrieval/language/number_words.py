"""Numbers written in words, the BCS way: "tristo sedamdeset tri", "dvjesta i jedan", "sto dvadeset trećem".

The citation check (kodeks/answering/citations.py) must see an article number however it is written, so a
model cannot name "član devetsto devedeset devet" past it. Covers 1–9,999 (every article number of a
loaded code: BiH's largest laws have under 2,000 articles) in ijekavian, ekavian and Croatian forms,
cardinals in their cases and genders ("jedan/jedna/jednog", "dva/dvije/dvaju") and an ordinal last word
("trećem", "stotog"). Works on folded text (no diacritics, Latin, lower case: `normalize.fold`).

Written out here rather than taken from a package: no BCS number-to-words package exists on PyPI that
parses (num2words only writes, and not ijekavian hundreds), and the vocabulary is small fixed data.
"""

from __future__ import annotations

import re

_UNITS = {
    1: "jedan jedna jedno jednog jednoga jednom jednome jednomu jednim jednu jedne jednoj jednih",
    2: "dva dvije dve dvaju dvama dvoje",
    3: "tri triju trima troje",
    4: "cetiri cetiriju cetirima cetvoro",
    5: "pet",
    6: "sest",
    7: "sedam",
    8: "osam",
    9: "devet",
}
_TEENS = {
    10: "deset",
    11: "jedanaest",
    12: "dvanaest",
    13: "trinaest",
    14: "cetrnaest",
    15: "petnaest",
    16: "sesnaest",
    17: "sedamnaest",
    18: "osamnaest",
    19: "devetnaest",
}
_TENS = {
    20: "dvadeset",
    30: "trideset",
    40: "cetrdeset cetrideset",
    50: "pedeset",
    60: "sezdeset",
    70: "sedamdeset",
    80: "osamdeset",
    90: "devedeset",
}
_HUNDREDS = {
    100: "sto stotinu stotina",
    200: "dvjesta dvesta dvjesto dvesto dvijesto dvije-stotine",
    300: "trista tristo",
    400: "cetiristo cetirista",
    500: "petsto petstotina",
    600: "seststo sesto",
    700: "sedamsto",
    800: "osamsto",
    900: "devetsto",
}
_THOUSAND = {"hiljadu", "hiljada", "hiljade", "tisucu", "tisuca", "tisuce"}

# Ordinal stems: "prv-i", "trec-em", "stot-og", "dvjestot-i" … (the last word of a number only).
_ORDINAL_STEMS = {
    "prv": 1,
    "drug": 2,
    "trec": 3,
    "cetvrt": 4,
    "pet": 5,
    "sest": 6,
    "sedm": 7,
    "osm": 8,
    "devet": 9,
    **{w: n for n, w in _TEENS.items()},
    **{w: n for n, words in _TENS.items() for w in words.split()},
    "stot": 100,
    "dvjestot": 200,
    "dvestot": 200,
    "tristot": 300,
    "cetiristot": 400,
    "petstot": 500,
    "seststot": 600,
    "sedamstot": 700,
    "osamstot": 800,
    "devetstot": 900,
    "hiljadit": 1000,
    "tisucit": 1000,
}
_ORDINAL_ENDINGS = (
    "ima",
    "oga",
    "ome",
    "omu",
    "ega",
    "emu",
    "og",
    "om",
    "eg",
    "em",
    "im",
    "oj",
    "ih",
    "i",
    "a",
    "o",
    "e",
    "u",
)


def _table(groups: dict[int, str]) -> dict[str, int]:
    return {word: n for n, words in groups.items() for word in words.split()}


_CARDINAL = {**_table(_UNITS), **_table(_TEENS), **_table(_TENS), **_table(_HUNDREDS)}


def ordinal_value(word: str) -> int | None:
    """ "trecem" → 3, "stotog" → 100, "dvadesetom" → 20; None for anything else."""
    for ending in _ORDINAL_ENDINGS:
        stem = word[: -len(ending)] if word.endswith(ending) else None
        if stem and stem in _ORDINAL_STEMS:
            return _ORDINAL_STEMS[stem]
    return None


WORD = re.compile(r"[a-z]+")
_KINDS = {
    **dict.fromkeys(_table(_UNITS), "unit"),
    **dict.fromkeys(_table(_TEENS), "teen"),
    **dict.fromkeys(_table(_TENS), "ten"),
    **dict.fromkeys(_table(_HUNDREDS), "hundred"),
}
_ORDER = {"hundred": 0, "ten": 1, "teen": 2, "unit": 2}  # a part may follow only a larger one


def parse_words(words: list[str]) -> tuple[int, int] | None:
    """The number the first words spell, and how many words it took ("i" between parts allowed):
    ["tristo", "sedamdeset", "tri", "kz"] → (373, 3). None if the first word is not a number word."""
    total, current, used, last_kind = 0, 0, 0, None
    i = 0
    while i < len(words):
        word = words[i]
        if word == "i" and used and i + 1 < len(words) and (words[i + 1] in _CARDINAL or ordinal_value(words[i + 1])):
            i += 1
            continue
        if word in _THOUSAND:
            total += (current or 1) * 1000
            current, used, last_kind, i = 0, i + 1, None, i + 1
            continue
        kind = _KINDS.get(word)
        ordinal = ordinal_value(word) if kind is None else None
        if kind is not None:
            value, step = _CARDINAL[word], kind
        elif ordinal is not None:
            value, step = ordinal, ("hundred" if ordinal >= 100 else "ten" if ordinal >= 20 else "unit")
        else:
            break
        if last_kind is not None and _ORDER[step] <= _ORDER[last_kind]:
            break  # "dva tri": two numbers, not one
        current += value
        used, last_kind, i = i + 1, step, i + 1
        if kind is None:  # an ordinal ends the number
            break
    number = total + current
    return (number, used) if used and 0 < number < 10_000 else None
