"""Places that read like first names after the prepositions that ask "where from" and "where".

Towns abroad are no list's ("Beč", "Graz", "Novi Sad" declined: "iz Beča", "u Beču", "iz Novog Sada"), and their
case forms can be a first name's or a nickname's of the region's dictionary. A person is hardly ever "iz" someone (one
comes "from" a place: "iz Beča", "iz Novog Sada"), nor lives, works or was born "u" someone — "u" after a verb of
dwelling is a place ("živi u Beču", "radi u Grazu"); "u" alone is not, because one shoots or trusts "u" a person
("pucao u Marka", "zaljubljen u Anu"). So after lower-case "iz", or "u" after such a verb, one or two name words
with no surname among them or right after them are the place's ("živi kod sestre u Beču": the verb up to three
words back). Labels as in names.py: S surname, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import dwelling
from kodeks.privacy.tokens import Token, gap

# The prepositions before a place, written once for every rule that asks whether a word is a place by what stands
# before it (folded, lower case). They differ by what else may follow them: a set that also admits a person would let
# a name through, so each rule takes the narrowest set that fits its question.

# Said of a place and hardly of a person: "iz Lipe", "u Lipi", "niz Drinu", "preko Save", "kroz Brezik".
OF_PLACES_ONLY: frozenset[str] = frozenset(["iz", "u", "na", "niz", "uz", "preko", "do", "kroz"])
# Every preposition of place, the ones said of people too among them: "kod Merkatora", "ispred Robota", "prema Ilidži".
OF_PLACES: frozenset[str] = OF_PLACES_ONLY | frozenset(["kod", "prema", "ispred", "iza", "pored", "blizu", "oko", "ka"])
# Where one goes or where something happens, before an institution ("došla u OŠ …"); not "iz": "Ana Lipić iz Općine
# Lipa" is someone from there.
WHERE_TO: frozenset[str] = frozenset(["u", "na", "kod", "do", "pred", "ispred", "pored", "prema", "iza"])
# Before a river, lake, mountain or town that is also a first name: "na Drini", "ispod Trebevića", "kraj Une".
BEFORE_NATURE: frozenset[str] = frozenset(
    [
        *("u", "na", "iz", "kod", "do", "preko", "pored", "uz", "niz", "prema", "blizu", "ispod", "iznad", "oko"),
        *("za", "od", "sa", "s", "kraj"),
    ]
)
# Any preposition a noun can follow, of place or not: before a word that is then no first name ("u Hercegovini").
ANY: frozenset[str] = OF_PLACES | frozenset(
    ["od", "za", "sa", "s", "po", "pod", "pred", "nad", "ispod", "k", "van", "izvan"]
)

# A verb of dwelling, working, being born or coming before "u": "živi u", "radi u", "rođen u", "nastanjen u".
_DWELLING = re.compile(
    r"^(?:ziv\w*|"  # any word of the stem
    rf"{dwelling.STAYS}|stanova\w*|radi|radio|radila|rade|{dwelling.RESIDES}|{dwelling.SETTLED}|rodj?en\w*|dosao|dosla)$"
)


def places_after_from(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j, token in enumerate(tokens[:-1]):
        if not token.text.islower():
            continue
        from_ = token.folded == "iz"
        dwelling_in = token.folded == "u" and any(_DWELLING.match(t.folded) for t in tokens[max(0, j - 3) : j])
        if not (from_ or dwelling_in) or gap(text, token, tokens[j + 1]) != " ":
            continue
        k = j + 1
        while k < len(tokens) and k - j <= 2 and labels[k] in "FfC" and tokens[k].text[:1].isupper():
            if k > j + 1 and gap(text, tokens[k - 1], tokens[k]) != " ":
                break
            k += 1
        if k == j + 1:
            continue
        if k < len(tokens) and labels[k] == "S" and gap(text, tokens[k - 1], tokens[k]) == " ":
            continue  # "iz Marka Lipića …": a full name stays a person
        labels[j + 1 : k] = ["O"] * (k - j - 1)
