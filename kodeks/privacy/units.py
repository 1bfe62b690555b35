"""A police, border or other public facility named by its place: "granična policija Lipovac", "PS Brezik",
"granični prijelaz Brezić", "Na GP Novi Grad", "iz TRC Jasenica", "prihvatni centar Lipa".

Border crossings, police stations, reception centres, prisons and health centres are named after the village or
town they stand in, and many of those are shaped like surnames (-ić, -ac). After the facility's two-word name (an
adjective of the border, the police, the customs or reception and the facility's noun: policija, stanica, uprava,
ispostava, prelaz/prijelaz, punkt, terminal, centar) or its abbreviation in capitals (PS, PU, CJB, SUP, GP, GPP, JGP,
TRC, PRC, KPZ, KPD, DZ, JZU), one or two words are the place's, not a person's: words read as names, or capitalised
ones. Failing closed where a person may stand there: a listed first name among the words ("policijska stanica Marko
Lipić", "u PS Marko Lipić je priveden" — nobody names a station so), or the words followed by a verb inside a sentence
the facility does not open ("u policijskoj stanici Lipić je izjavio" — an officer by his surname). Labels as in
names.py: O other.

One rule for what were two (the twelfth round's units, the thirteenth round's facilities after an abbreviation in
public_names.py): the facilities' words and abbreviations are the union of both, the place's words those either read
(a word read as a name, or a capitalised one), and the stricter person guards of the two hold.
"""

from __future__ import annotations

import re

from kodeks.privacy.tokens import Token, gap

# Typed in capitals: a police station or administration (PS, PU, CJB, SUP), a border crossing (GP, GPP, JGP), a
# reception centre (TRC, PRC), a prison (KPZ, KPD), a health centre (DZ, JZU).
ABBREVIATIONS = frozenset(["PS", "PU", "CJB", "SUP", "GP", "GPP", "JGP", "TRC", "PRC", "KPZ", "KPD", "DZ", "JZU"])
_ADJECTIVE = re.compile(r"^(?:granicn|policijsk|carinsk|prihvatn)\w*$")
_NOUN = re.compile(r"^(?:(?:policij|stanic|uprav|ispostav|prelaz|prijelaz|punkt|terminal)\w*|centar|centru)$")
# After the place's words, what shows a person as the subject: an auxiliary or a clitic, or a past participle.
_AUXILIARIES = frozenset(["je", "su", "ga", "ju", "joj", "mu", "nije", "nisu", "se"])
_PARTICIPLE = re.compile(r"(?:o|la|li|le|lo)$")
_MAX_PLACE_WORDS = 2  # "GP Novi Grad", "PS Novo Sarajevo"


def _facility_end(tokens: list[Token], text: str, j: int) -> int:
    """The index after the facility's name starting at `j`, or `j` when none starts there."""
    token = tokens[j]
    if token.text in ABBREVIATIONS:
        return j + 1
    if (
        _ADJECTIVE.match(token.folded)
        and j + 1 < len(tokens)
        and gap(text, token, tokens[j + 1]) == " "
        and _NOUN.match(tokens[j + 1].folded)
    ):
        return j + 2
    return j


def _place_word(text: str, tokens: list[Token], labels: list[str], k: int) -> bool:
    """A word read as a name, or a capitalised one (not an abbreviation), joined to the word before."""
    read_as_name = labels[k] != "O" and gap(text, tokens[k - 1], tokens[k]) in (" ", "-")
    capitalised = (
        tokens[k].text[:1].isupper() and not tokens[k].text.isupper() and gap(text, tokens[k - 1], tokens[k]) == " "
    )
    return read_as_name or capitalised


def _a_verb_follows(text: str, tokens: list[Token], k: int) -> bool:
    if k >= len(tokens) or gap(text, tokens[k - 1], tokens[k]) != " " or not tokens[k].text.islower():
        return False
    return tokens[k].folded in _AUXILIARIES or _PARTICIPLE.search(tokens[k].folded) is not None


def places_after_facilities(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Labels O the one or two words naming a facility's place after its name or abbreviation."""
    for j in range(len(tokens)):
        end = _facility_end(tokens, text, j)
        if end == j:
            continue
        k = end
        while k < len(tokens) and k - end < _MAX_PLACE_WORDS and _place_word(text, tokens, labels, k):
            k += 1
        if k == end or "F" in labels[end:k]:
            continue  # nothing named, or a listed first name: someone at the facility
        opens = tokens[j].sentence_start or (j > 0 and "," in gap(text, tokens[j - 1], tokens[j]))
        if not opens and _a_verb_follows(text, tokens, k):
            continue  # "u policijskoj stanici Lipić je izjavio": the subject, a person
        labels[j:k] = ["O"] * (k - j)
