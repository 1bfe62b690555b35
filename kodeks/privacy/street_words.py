"""Two addresses the candidate scan of addresses.py passes over:

- a street that opens with its own street word, with a house number, anywhere in a sentence: "… iz Lipe Aleja Brezova
  88 …", "Bulevar Jasenova 12", "Obala Lipe 3", "Šetalište Brezika 7". The scan reads the longest run of words before
  a number and, when that run is no street (a town and then the street: "iz Lipe Aleja …"), never tries the run from
  the street word on; this does. Not "Trg": a square is where people gather ("na Trgu Lipa 3 osobe …").
- a street after a home with its owner: "ispred moje zgrade u Zelenih Lipa 9", "kod naše kuće na Brezovim
  stazama 4" — "moje zgrade", "našeg stana" say it is someone's home, so the street's name needs no possessive shape.

The number must be a house's (no unit or count after it: addresses.py's `_UNITS_AFTER`, passed in), and no
preposition of quantity stands right before it ("na Bulevaru Lipa sudar sa 3 vozila": "sa 3" counts, no house).
"""

from __future__ import annotations

import re

from kodeks.privacy.spans import Span

# A preposition of quantity right before a number governs what is counted ("sudar sa 3 vozila", "oko 20 ljudi").
QUANTITY_PREPOSITIONS = frozenset(
    ["sa", "s", "od", "do", "oko", "preko", "po", "са", "с", "од", "до", "око", "преко", "по"]
)
# A settlement's noun after the name it is called by, in lower case as a street's road word: "Lipovića kolonija 9",
# "Brezino polje 3", "Lipovo brdo 12" — a settlement named after a family or a place, its house numbered; and the
# settlement itself named before its street ("na Lipovom polju, Brezova 6": place_chains.py).
SETTLEMENT_NOUNS = tuple(
    stem + ending
    for stem, endings in (
        ("kolonij", ("a", "e", "i", "u", "om")),
        ("polj", ("e", "a", "u", "em")),
        ("brd", ("o", "a", "u", "om")),
        ("mahal", ("a", "e", "i", "u", "om")),
        ("gaj", ("", "a", "u", "em")),
    )
    for ending in endings
)
_NUMBER = r"\d{1,4}(?:[a-hA-H])?(?:[ ]?/[ ]?\d{1,3})?"
_END = r"(?![\w/-]|[.,]\d)"
_STREET_OPENING = re.compile(
    r"(?<![\w-])(?P<street>(?:Alej[aeiu]|ALEJ[AEIU]|Bulevar\w*|BULEVAR\w*|Obal[aeiu]|Obalom|Šetališt[eau]|Setalist[eau]|"
    r"Sokak\w*|Алеј[аеиу]|Булевар\w*|Обал[аеиу])(?:[ ]+[^\W\d_][^\W\d_.]*){1,4}),?[ ]+"
    rf"(?P<number>{_NUMBER}){_END}"
)
_OWN_HOME = re.compile(
    r"(?<!\w)(?:moj|moje|mog|moga|mojoj|naš|naše|našeg|našoj|nas|nase|naseg|nasoj|njegov\w*|njen\w*|njezin\w*|"
    r"njihov\w*|njihov)[ ]+(?:zgrad[aeiu]|kuć[aeiu]|kuc[aeiu]|stan[au]?|ulaz[au]?|dvorišt[aeu]|dvorist[aeu]|"
    r"kapij[aeiu])[ ]+(?:u|na)[ ]+"
    r"(?P<street>[A-ZČĆŠŽĐ][^\W\d_]*(?:[ ]+[^\W\d_]+){0,3})[ ]+"
    rf"(?P<number>{_NUMBER}){_END}"
)


def named_streets(text: str, units_after: re.Pattern[str]) -> list[Span]:
    """Addresses opened by a street word or placed at someone's own home (street and house number)."""
    out = []
    for pattern in (_STREET_OPENING, _OWN_HOME):
        for m in pattern.finditer(text):
            if units_after.match(text[m.end() :]):
                continue
            if m.group("street").split()[-1] in QUANTITY_PREPOSITIONS:
                continue  # "… saobraćajka sa 3 vozila": a count after its preposition
            out.append(Span(m.start("street"), m.end("number"), "ADDRESS"))
    return out
