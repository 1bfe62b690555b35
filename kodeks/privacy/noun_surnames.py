"""Surnames that are everyday nouns — a trade or an animal, as many of the region's are (a Golub, a Vuk, a Pekar) —
after a first name typed in lower case.

The spelling dictionaries have the word, so name_pairs does not take it beside a first name on the case alone
("od emine novcanik" is a wallet). The sentence shows it instead, because a noun in the nominative right after a
first name is no part of the sentence around it unless it is the name's other half:

- the pair in the nominative, then a verb of saying or of what people do ("jelka kos kaže …"): the name and the
  noun cannot both be its subject;
- a woman's first name, a masculine noun, then a feminine participle or "je" and a word for a woman ("nada jazavac
  uhvaćena …", "dara ribar je prodavačica"): the predicate agrees with her, never with the noun;
- a woman's first name declined after "sa"/"s"/"kod" and the noun still in the nominative, where the clause ends
  ("sa vesnom kolar, …"): a woman's surname does not decline, a noun of the sentence would.

Labels as in names.py: F first name, f first name that may be a word, S surname, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.name_context import SPEECH_VERBS
from kodeks.privacy.name_pairs import NOUN_SURNAME, first_name_readings
from kodeks.privacy.tokens import Token, gap

# A feminine past or passive participle ("rekla", "uhvaćena", "pretučena", "primljena").
_FEMININE_PARTICIPLE = re.compile(r"(?:la|ena|ana|ita)$")
# A noun for a woman's role or trade after "je" ("konobarica", "prodavačica", "svjedokinja", "lopovka").
_WOMANS_NOUN = re.compile(r"(?:ica|inja|kinja|ka)$")
# Where a woman's declined name follows, a preposition of company or place: "sa vesnom kolar", "kod vesne kolar".
_PREPOSITIONS = frozenset(["sa", "s", "kod"])
_CLITICS = frozenset(["je", "se", "su", "mu", "joj", "ga", "ju", "smo", "sam", "ste"])


def _noun_shaped(token: Token) -> bool:
    """A lower-case noun in a surname's nominative shape (-ar, -ac, -ub, -uk …) that no law and no list of people
    or function words has."""
    folded = token.folded
    return (
        token.text.islower()
        and len(folded) >= 3
        and folded.endswith(NOUN_SURNAME)
        and folded[-1] not in "aeiou"
        and folded not in lexicon.FUNCTION_WORDS
        and folded not in lexicon.person_words()
        and not lexicon.law_word(folded)
        and not lexicon.is_place(folded)
    )


def _woman(name: str) -> bool:
    return name.endswith("a")


def _after(text: str, tokens: list[Token], k: int) -> int | None:
    """The word right after token `k` in the same clause (a space between), or None."""
    if k + 1 < len(tokens) and gap(text, tokens[k], tokens[k + 1]) == " ":
        return k + 1
    return None


def _clause_ends(text: str, tokens: list[Token], k: int) -> bool:
    if k + 1 >= len(tokens):
        return True
    between = gap(text, tokens[k], tokens[k + 1])
    return any(c in between for c in ",.;:!?") or tokens[k + 1].folded in _CLITICS or tokens[k + 1].folded == "i"


def _predicate_shows(text: str, tokens: list[Token], k: int, woman: bool) -> bool:
    """Whether the word after the pair (token `k` is its noun) is the pair's predicate: a verb of saying or of the
    lists; for a woman, a feminine participle (after "je" too) or "je" and a word for a woman."""
    m = _after(text, tokens, k)
    if m is None:
        return False
    verb = tokens[m].folded
    if tokens[m].text.islower() and (verb in SPEECH_VERBS or verb in lexicon.person_verbs()):
        return True
    if not woman:
        return False
    if verb in ("je", "nije"):
        m = _after(text, tokens, m)
        if m is None:
            return False
        word = tokens[m].folded
        return tokens[m].text.islower() and bool(_FEMININE_PARTICIPLE.search(word) or _WOMANS_NOUN.search(word))
    return tokens[m].text.islower() and len(verb) >= 4 and _FEMININE_PARTICIPLE.search(verb) is not None


def noun_surnames_after_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Label a lower-case listed first name and the trade's or animal's noun after it a person, where the predicate
    or a woman's case shows the noun to be her or his surname (module docstring)."""
    for j in range(len(tokens) - 1):
        first, noun = tokens[j], tokens[j + 1]
        if (
            labels[j] not in "Ff"
            or labels[j + 1] not in "Of"
            or not first.text.islower()
            or gap(text, first, noun) != " "
            or first.folded in lexicon.FUNCTION_WORDS
            or lexicon.is_place(first.folded)
            or not _noun_shaped(noun)
        ):
            continue
        readings = first_name_readings(first.folded)  # the lists' names and the region's dictionary's
        nominative = any(not ending for _, ending in readings)
        declined_woman = (
            any(ending in ("om", "e", "u") and _woman(name) for name, ending in readings)
            and j > 0
            and tokens[j - 1].folded in _PREPOSITIONS
            and gap(text, tokens[j - 1], first) == " "
        )
        woman = any(_woman(name) for name, ending in readings if not ending)
        if (nominative and _predicate_shows(text, tokens, j + 1, woman)) or (
            declined_woman and _clause_ends(text, tokens, j + 1)
        ):
            labels[j], labels[j + 1] = "F", "S"
