"""Surnames that are words of the language or names of places ("Grad", "Bosna", "Lipa", "Dolina") beside a first name.

The word is in the laws or the gazetteer, so it is no name on its own, and the rules that take an unknown word beside a
first name leave it. The sentence shows it instead:

- inside a sentence a capital on a word of the language says nothing for a word, but a name's other half is typed so:
  a capitalised word right beside a first name (either side, no comma between), written the same way, that is not
  after a preposition ("u Bosni", "iz Grada") and has no other name on the first name's other side, is the surname
  ("vlasnik Lipa Senad", "svjedok je Senad Dolina", "uručili smo Senadu Dolini");
- in a report's "SURNAME Name" the surname in capitals before a capitalised first name is one too;
- at a sentence's start a capital says nothing: only a river's, a mountain's or a region's name there ("Drina Senad
  je izjavio"), never an adverb ("Juče Senad …");
- in lower case only a birth word right after the pair shows it ("senad dolina rođen …", "… godište 79"): people are
  born, words are not; then a first name that may be a word counts too after a word for a person ("osumnjičeni
  nada dolina godište 80").

A town after a first name is where the person is from ("Senad Mostar" is typed for "Senad, Mostar"): only a word that
is no town is taken after the first name. Labels as in names.py: F first name, S surname, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon, place_prepositions
from kodeks.privacy.tokens import Token, gap

_PREPOSITIONS = place_prepositions.ANY
# A birth word after a name: rođen, rodjena, r., godište, god. — and a date of birth already written over.
_BIRTH_AFTER = re.compile(r"^[ ,]*(?:ro[dđ]j?en[aio]?\b|r\.|godi[sš]t[ea]\b|god\.|_{2,})", re.IGNORECASE)


def _known_word(token: Token) -> bool:
    folded = token.folded
    return folded not in lexicon.FUNCTION_WORDS and (
        lexicon.law_word_in_any_case(folded)
        or lexicon.dictionary_word(folded)
        or lexicon.is_place(folded)
        or lexicon.not_a_name(folded)
    )


def _name_at(labels: list[str], tokens: list[Token], text: str, i: int, beside: int) -> bool:
    """Whether a name word stands at `i`, joined by a space to `beside`."""
    if not 0 <= i < len(tokens):
        return False
    left, right = sorted((i, beside))
    return labels[i] in "FSCf" and gap(text, tokens[left], tokens[right]) == " "


def word_surnames_beside_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j, name in enumerate(tokens):
        after_person_word = j > 0 and tokens[j - 1].text.islower() and tokens[j - 1].folded in lexicon.person_words()
        if not (labels[j] == "F" or (labels[j] == "f" and name.text.islower() and after_person_word)):
            continue
        for k, other_side in ((j - 1, j + 1), (j + 1, j - 1)):
            if (
                not 0 <= k < len(tokens)
                or labels[k] != "O"
                or gap(text, *sorted((tokens[j], tokens[k]), key=lambda t: t.start)) != " "
            ):
                continue
            word = tokens[k]
            if _name_at(labels, tokens, text, other_side, j) or not _known_word(word) or len(word.text) < 3:
                continue
            first = min(j, k)
            if first > 0 and tokens[first - 1].text.islower() and tokens[first - 1].folded in _PREPOSITIONS:
                continue  # "u Bosni Senad …", "iz Grada Mostara": a place after its preposition
            if k > j and lexicon.is_town(word.folded):
                continue  # "Senad Mostar": where he is from
            if word.folded in lexicon.person_words():
                continue  # "majka nada", "svjedok Senad": a word for the person, no surname
            if name.text.islower():
                if k > j and word.text.islower() and _BIRTH_AFTER.match(text[word.end :]):
                    labels[k] = "S"
                continue
            if word.text.islower():
                continue
            capitalised = word.capitalised and not word.text.isupper()
            report = word.text.isupper() and k < j and not name.text.isupper()  # "LIPA Senad"
            same = (capitalised and not name.text.isupper()) or (word.text.isupper() and name.text.isupper())
            if not (same or report):
                continue
            if word.sentence_start and not (lexicon.is_place(word.folded) and not lexicon.is_town(word.folded)):
                continue  # "Juče Senad …": a capital at the start says nothing
            labels[k] = "S"


def word_first_names_before_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """The mirror case: a first name that is a word or a place ("Bosna", "Lipa", "Zora" as a word of the laws) between
    a word for a person and a surname ("osumnjičena Lipa Karić", "svjedok Kamen Lipić"): a person word names someone,
    and the capitalised word right before her surname, typed like it, is her first name — no place stands there."""
    for j in range(2, len(tokens)):
        word, person = tokens[j - 1], tokens[j - 2]
        if (
            labels[j] == "S"
            and labels[j - 1] == "O"
            and person.folded in lexicon.person_words()
            and gap(text, person, word) == " "
            and gap(text, word, tokens[j]) == " "
            and word.capitalised
            and word.text.isupper() == tokens[j].text.isupper()
            and len(word.text) >= 3
            and word.folded not in lexicon.FUNCTION_WORDS
            and word.folded not in lexicon.person_words()
            and _known_word(word)
        ):
            labels[j - 1] = "F"
