"""Name words that name a thing after a person, not the person: an adjective of a title joined to a name, and an
award or a memorial's name after its noun.

- "kod Gazi Husrev-begove džamije", "na Mehmed-pašinoj ćupriji": a name joined by a hyphen to a title's possessive
  adjective (-begov, -pašin, -agin in any case and gender) is one adjective with it — what the noun after it is, a
  mosque, a bridge, a street, belongs to the person, who is not in the sentence. The name words right before the
  hyphen (a title "Gazi", a first name) go with it. "Husrev-beg je …" (the title itself, no possessive) is left.
- "dodjela nagrade Ivo Lipić", "memorijal Zdenko Brezić": after a noun of an award, a prize, a memorial or a
  foundation, a first name in its nominative (as the dictionary of first names has it) and an undeclined surname are the award's name, as a
  school's name after "škola" is (names._places_named_after_people). A dative or an instrumental after it is the
  person it was given to ("uručio nagradu Marku Lipiću", "sa nagradom Ani Lipić"): left as it was.
- 'objekat "Kod Zdenke"', '„Pod Lipom“': a quoted name that opens with a capitalised preposition is a venue's (a
  café's, an inn's) — the preposition places what the name names "at" or "under" someone; a person is never quoted
  so. The words up to the closing quote name no one.

Labels as in names.py: F first name, f a first name that may be a word, S surname, C capitalised, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap

# A title's possessive adjective in any case: begov/begova/begovoj …, pašin/pašina …, agin/agina …
_TITLE_POSSESSIVE = re.compile(r"^(?:begov|pasin|agin|hanumin|efendijin)(?:a|e|i|o|u|oj|om|og|oga|ih|im|ima)?$")
_AWARD_NOUNS = re.compile(
    r"^(?:nagrad[aeiu]|nagradom|priznanj[aeu]|priznanjem|memorijal[aeu]?|memorijalom|fond[au]?|fondom|"
    r"fondacij[aeiu]|fondacijom|zaduzbin[aeiu]|zaduzbinom|stipendij[aeiu]|stipendijom|plaket[aeiu]|plaketom)$"
)
# The prepositions a venue's quoted name opens with: "Kod Zdenke", "Pod Lipom", "Kraj Drine", "Kod dva brata".
_VENUE_PREPOSITIONS = frozenset(["kod", "pod", "kraj", "uz", "iza", "ispod", "iznad", "pored", "preko"])
_OPENING_QUOTES = ('"', "„", "“", "”", "«", "»", "'")
_MAX_QUOTED_WORDS = 3  # after the preposition; a lower-case word other than a function word is speech quoted
_NUMERALS = frozenset(["dva", "dvije", "tri", "cetiri", "pet", "sedam", "jedan", "jedna"])
# A surname in the dative, instrumental or locative: the person given the award, not its name.
_OBLIQUE = re.compile(r"(?:u|om|em|oj|ima|i)$")


def names_before_title_possessives(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Gazi Husrev-begove džamije": the name joined to a title's possessive, and the words before it, name no one."""
    for k in range(1, len(tokens)):
        token = tokens[k]
        if not (
            token.text.islower()
            and _TITLE_POSSESSIVE.match(token.folded)
            and gap(text, tokens[k - 1], token) == "-"
            and tokens[k - 1].text[0].isupper()
        ):
            continue
        labels[k] = "O"
        j = k - 1
        while j >= 0 and k - j <= 3 and tokens[j].text[0].isupper():
            labels[j] = "O"
            if j == 0 or gap(text, tokens[j - 1], tokens[j]) not in (" ", "-"):
                break
            j -= 1


def names_of_awards(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "nagrade Ivo Lipić": a nominative first name (and an undeclined surname) after an award's noun."""
    for j, noun in enumerate(tokens[:-1]):
        if not (noun.text.islower() or noun.capitalised) or not _AWARD_NOUNS.match(noun.folded):
            continue
        first = tokens[j + 1]
        if (
            gap(text, noun, first) != " "
            or not first.capitalised
            or labels[j + 1] not in "Ff"
            or first.folded not in lexicon.first_names()
        ):
            continue
        k = j + 2
        if k < len(tokens) and gap(text, first, tokens[k]) == " " and tokens[k].capitalised and labels[k] != "O":
            if _OBLIQUE.search(tokens[k].folded):
                continue  # "nagradu Ivo Lipiću": the person it went to
            k += 1
        for i in range(j + 1, k):
            labels[i] = "O"


def names_of_venues_in_quotes(text: str, tokens: list[Token], labels: list[str]) -> None:
    """'"Kod Zdenke"': the words of a quoted name opened by a capitalised preposition are a venue's name."""
    for j, token in enumerate(tokens):
        if not (token.capitalised and token.folded in _VENUE_PREPOSITIONS):
            continue
        before = text[: token.start]
        if not before.endswith(_OPENING_QUOTES) or before[-2:-1].isalnum():
            continue
        k = j + 1
        while (
            k < len(tokens)
            and k - j <= _MAX_QUOTED_WORDS
            and gap(text, tokens[k - 1], tokens[k]) == " "
            and (tokens[k].capitalised or tokens[k].folded in lexicon.FUNCTION_WORDS or tokens[k].folded in _NUMERALS)
        ):
            k += 1
        if k - 1 == j or not text[tokens[k - 1].end :].startswith(_OPENING_QUOTES):
            continue  # no closing quote right after the name's words: speech quoted, no venue
        for i in range(j, k):
            labels[i] = "O"
