"""A police or border unit named by its place: "granična policija Lipovac", "PS Brezik", "granični prijelaz Brezić".

Border crossings, police stations and their units are named after the village or town they stand in, and many of
those are shaped like surnames (-ić, -ac). After the unit's two-word name (an adjective of the border, the police or
the customs and the unit's noun: policija, stanica, uprava, ispostava, prelaz/prijelaz, punkt, terminal) or its
abbreviation in capitals (PS, PU, GP, JGP), one or two words are the place's, not a person's. Failing closed where a
person may stand there: a listed first name among the words ("policijska stanica Marko Lipić" is someone there), or
the words followed by a verb inside a sentence the unit does not open ("u policijskoj stanici Lipić je izjavio" —
an officer by his surname). Labels as in names.py: O other.
"""

from __future__ import annotations

import re

from kodeks.privacy.tokens import Token, gap

_UNIT_ADJECTIVE = re.compile(r"^(?:granicn|policijsk|carinsk)\w*$")
_UNIT_NOUN = re.compile(r"^(?:policij|stanic|uprav|ispostav|prelaz|prijelaz|punkt|terminal)\w*$")
_UNIT_ABBREVIATIONS = frozenset(["PS", "PU", "GP", "JGP"])
# After the place's words, what shows a person as the subject: an auxiliary or a clitic, or a past participle.
_AUXILIARIES = frozenset(["je", "su", "ga", "ju", "joj", "mu", "nije", "nisu", "se"])
_PARTICIPLE = re.compile(r"(?:o|la|li|le|lo)$")
_MAX_PLACE_WORDS = 2


def _unit_end(tokens: list[Token], text: str, j: int) -> int:
    """The index after the unit's name starting at `j`, or `j` when none starts there."""
    token = tokens[j]
    if token.text in _UNIT_ABBREVIATIONS:
        return j + 1
    if (
        _UNIT_ADJECTIVE.match(token.folded)
        and j + 1 < len(tokens)
        and gap(text, token, tokens[j + 1]) == " "
        and _UNIT_NOUN.match(tokens[j + 1].folded)
    ):
        return j + 2
    return j


def _a_verb_follows(text: str, tokens: list[Token], k: int) -> bool:
    if k >= len(tokens) or gap(text, tokens[k - 1], tokens[k]) != " " or not tokens[k].text.islower():
        return False
    return tokens[k].folded in _AUXILIARIES or _PARTICIPLE.search(tokens[k].folded) is not None


def places_after_units(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j in range(len(tokens)):
        end = _unit_end(tokens, text, j)
        if end == j:
            continue
        k = end
        while (
            k < len(tokens)
            and k - end < _MAX_PLACE_WORDS
            and labels[k] != "O"
            and gap(text, tokens[k - 1], tokens[k]) in (" ", "-")
        ):
            k += 1
        if k == end or "F" in labels[end:k]:
            continue  # nothing named, or a listed first name: someone at the unit
        opens = tokens[j].sentence_start or (j > 0 and "," in gap(text, tokens[j - 1], tokens[j]))
        if not opens and _a_verb_follows(text, tokens, k):
            continue  # "u policijskoj stanici Lipić je izjavio": the subject, a person
        labels[j:k] = ["O"] * (k - j)
