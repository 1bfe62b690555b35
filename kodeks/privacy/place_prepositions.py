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

from kodeks.privacy.tokens import Token, gap

# A verb of dwelling, working, being born or coming before "u": "živi u", "radi u", "rođen u", "nastanjen u".
_DWELLING = re.compile(
    r"^(?:ziv\w*|stanuj\w*|stanova\w*|radi|radio|radila|rade|borav\w*|nastanjen\w*|rodj?en\w*|dosao|dosla)$"
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
