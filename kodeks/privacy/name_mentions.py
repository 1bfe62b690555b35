"""Name words that name no one: a name talked about as a name, and a name's form that is an adjective before its noun.

- "Goran i Vesna su česta imena", "Ana je žensko ime": first names alone (no surname) whose predicate is the noun
  "ime"/"imena" (at most two words before it: "česta", "žensko") and where the clause ends after that noun (or
  only where follows: "u BiH", "kod nas", or the thing it names: "ime trgovine", "ime psa") are
  words mentioned, not people. "Marko je ime njegovog oca" goes on after the noun (whose name it is): a person's.
  A surname alone before "je prezime" likewise, said to be common: by a word before the noun ("Lipović je često
  prezime") or where it is common after it ("Lipović je prezime u pola Bosne"); "Lipa je prezime, pišem li …" is
  someone's.
- "za Novu godinu", "po Novom zakonu": a capitalised word that is a name's case form ("Novo") and in the very same
  form an adjective of the laws, right before a lower-case noun of the laws in the same case (the endings agree:
  -u … -u, -om … -u/-om, -oj … -i), is the adjective. No word for a person may be the noun ("Milu komšinicu" is
  the neighbour Mila).
- "jasmin i ljubica su posađeni u bašti" (the twenty-eighth round): first names that are entries of the dictionaries,
  coordinated as the subject of je/su and a participle said only of plants (planted, sown, grown, in bloom), are the
  plants; "zlatan lančić od 20 grama": one or two dictionary entries read as a name, right before "od", a number and
  a unit of mass, are a thing weighed.

Labels as in names.py: F first name, f a first name that may be a word, S surname, C capitalised, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap
from retrieval.language.normalize import fold

_NAME_NOUNS = frozenset(["ime", "imena", "imenom"])
_SURNAME_NOUNS = frozenset(["prezime", "prezimena"])  # "Lipović je prezime u pola Bosne": a surname mentioned
_COPULA = frozenset(["je", "su"])
_CLAUSE_END = re.compile(r"^\s*(?:[,.;:!?)—–-]|$)")
# Where the names are common may follow the noun: "… su česta imena u BiH", "… kod nas".
_WHERE_AFTER = re.compile(
    r"^[ ]+(?:u|na|kod)[ ]+(?:pola[ ]+|cijeloj[ ]+|cijele[ ]+)?([^\W\d_]+)(?=\s*(?:[,.;:!?)—–-]|$))"
)


def names_mentioned_as_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    for n, noun in enumerate(tokens):
        surname_noun = noun.folded in _SURNAME_NOUNS
        if not (noun.folded in _NAME_NOUNS or surname_noun) or not noun.text.islower():
            continue
        if not _clause_ends(text[noun.end :]):
            continue
        k = n - 1
        while k >= 0 and n - k <= 2 and tokens[k].text.islower() and tokens[k].folded not in _COPULA:
            if tokens[k].folded in lexicon.FUNCTION_WORDS:
                break
            k -= 1
        if k < 1 or tokens[k].folded not in _COPULA:
            continue
        if surname_noun and k == n - 1 and not _WHERE_AFTER.match(text[noun.end :]):
            continue  # "Lipa je prezime, pišem li …": someone's surname; "Lipa je često prezime" is talked about
        subject: list[int] = []
        i = k - 1
        while i >= 0 and gap(text, tokens[i], tokens[i + 1]).strip() in ("", ","):
            if labels[i] in "Ff" or (surname_noun and labels[i] == "S"):
                subject.append(i)
            elif not (tokens[i].folded in lexicon.COORDINATION and subject):
                break
            i -= 1
        opening = i < 0 or gap(text, tokens[i], tokens[i + 1]).strip() not in ("",)
        if subject and opening and all(labels[x] in ("FfS" if surname_noun else "Ff") for x in subject):
            for x in subject:
                labels[x] = "O"


_THING_AFTER = re.compile(r"^[ ]+([a-zčćšžđ]+)(?![\w-])")
_POSSESSIVE_ENDINGS = ("og", "eg", "oj", "ih", "im", "ega", "oga")


def _a_things_name(rest: str) -> bool:
    """ "Lipa je ime trgovine u kojoj …": the noun after "ime" is a thing's (a shop, a firm, a dog), a lower-case
    word of the laws or the dictionaries that is no word for a person and no possessive ("ime mog brata")."""
    m = _THING_AFTER.match(rest)
    if m is None:
        return False
    word = fold(m.group(1))
    return (
        (lexicon.law_word(word) or lexicon.dictionary_word(word))
        and word not in lexicon.person_words()
        and word not in lexicon.FUNCTION_WORDS
        and lexicon.first_name(word) is None
        and not word.endswith(_POSSESSIVE_ENDINGS)
    )


def _clause_ends(rest: str) -> bool:
    """The clause ends after the noun, or only where the names are common follows ("u BiH", "kod nas"), or the name
    is a thing's ("… ime trgovine")."""
    if _CLAUSE_END.match(rest) or _a_things_name(rest):
        return True
    m = _WHERE_AFTER.match(rest)
    if m is None:
        return False
    where = fold(m.group(1))
    return where in ("nas", "njih", "nama") or lexicon.not_a_name(where) or lexicon.is_place(where)


# Adjective ending → the endings its noun may have in the same case ("Novu godinu", "Novom zakonu", "Novoj godini").
_AGREEMENT = (
    ("oj", ("i", "oj")),
    ("om", ("om", "em", "u", "i")),
    ("og", ("a",)),
    ("im", ("im", "ima")),
    ("u", ("u",)),
    ("a", ("a",)),
    ("e", ("e",)),
)


def _agrees(adjective: str, noun: str) -> bool:
    for ending, noun_endings in _AGREEMENT:
        if adjective.endswith(ending):
            return noun.endswith(noun_endings)
    return False


def adjectives_before_nouns(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j in range(len(tokens) - 1):
        word, noun = tokens[j], tokens[j + 1]
        if labels[j] not in "Ff" or not word.capitalised or word.text.isupper():
            continue
        if (j > 0 and labels[j - 1] in "FSC" and gap(text, tokens[j - 1], word) == " ") or labels[j + 1] != "O":
            continue  # a name beside another name word is a person
        if (
            gap(text, word, noun) == " "
            and noun.text.islower()
            and lexicon.law_word(word.folded)
            and word.folded != lexicon.first_name(word.folded)  # the form is a case form, the nominative a name
            and lexicon.law_word_in_any_case(noun.folded)
            and noun.folded not in lexicon.FUNCTION_WORDS
            and noun.folded not in lexicon.person_words()
            and noun.folded not in lexicon.person_verbs()
            and _agrees(word.folded, noun.folded)
        ):
            labels[j] = "O"


# The nouns of geography a place is said to be: "Drina i Una su rijeke", "Lipa je selo".
_GEOGRAPHY_NOUNS = frozenset(
    [
        *("rijeka", "rijeke", "jezero", "jezera", "planina", "planine", "potok", "potoci", "more", "mora"),
        *("grad", "gradovi", "selo", "sela", "mjesto", "mjesta", "naselje", "naselja", "opcina", "opcine"),
    ]
)


def places_mentioned_as_places(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Drina i Una su rijeke gdje …", "Sava je rijeka": capitalised words that are each a river, a mountain or a
    town (data/geography.txt, towns.txt), coordinated as the subject of je/su with a noun of geography as the
    predicate (at most one lower-case word between: "su granične rijeke"), are the places. A subject word that is no
    place ("Ana i Una su …"), or a surname beside them, leaves them all as they were."""
    for n, noun in enumerate(tokens):
        if noun.folded not in _GEOGRAPHY_NOUNS or not noun.text.islower():
            continue
        k = n - 1
        if k >= 1 and tokens[k].folded not in _COPULA and tokens[k].text.islower():
            k -= 1  # "su granične rijeke"
        if k < 1 or tokens[k].folded not in _COPULA:
            continue
        subject: list[int] = []
        i = k - 1
        while i >= 0 and gap(text, tokens[i], tokens[i + 1]).strip() in ("", ","):
            if tokens[i].capitalised:
                subject.append(i)
            elif not (tokens[i].folded in lexicon.COORDINATION and subject):
                break
            i -= 1
        if subject and all(labels[x] != "S" and lexicon.is_place(tokens[x].folded) for x in subject):
            for x in subject:
                labels[x] = "O"


# The nouns of a kind a word is said to be: "ruža i jasmin su vrste cvijeća", "lipa je vrsta drveta", "rex je pasmina".
_KIND_NOUNS = frozenset(
    [
        *("vrsta", "vrste", "sorta", "sorte", "pasmina", "pasmine", "rasa", "rase", "biljka", "biljke"),
        *("cvijet", "cvijeta", "cvijece", "cvjetovi", "drvo", "drveta", "stablo", "stabla"),
    ]
)


_PEOPLE = ("covjek", "ljud", "osob", "muskar", "zen", "momk", "djevoj", "mladic", "tip")


def _coordinated_subject(text: str, tokens: list[Token], k: int) -> tuple[list[int], int]:
    """The words coordinated as the subject before the copula at `k` ("cvijeta i jasmin su …"), nearest first, and the
    index of the token before them (-1 at the text's start). Empty where a person's word stands among them ("svjedok
    jasmin je …": the word names a person)."""
    subject: list[int] = []
    i = k - 1
    while i >= 0 and gap(text, tokens[i], tokens[i + 1]).strip() in ("", ","):
        if tokens[i].folded in lexicon.COORDINATION and subject:
            i -= 1
            continue
        if tokens[i].folded in lexicon.person_words():
            return [], i
        if tokens[i].folded in lexicon.FUNCTION_WORDS:
            break
        subject.append(i)
        i -= 1
    return subject, i


def kinds_mentioned_as_kinds(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "cvijeta i jasmin su vrste cvijeća koje su ukradene", "Ruža je vrsta cvijeta": words coordinated as the subject
    of je/su, with a noun of kind as the predicate (a kind, a breed, a plant, a flower), are named as the kinds — no
    one's names, whatever first names they spell. A surname among them leaves them all as they were ("Ana Lipić i Ruža
    su …" is people)."""
    for n, noun in enumerate(tokens):
        if noun.folded not in _KIND_NOUNS or not noun.text.islower() or n < 2:
            continue
        k = n - 1
        if tokens[k].folded not in _COPULA or gap(text, tokens[k], noun) != " ":
            continue
        if n + 1 < len(tokens) and (
            tokens[n + 1].folded in lexicon.person_words() or tokens[n + 1].folded.startswith(_PEOPLE)
        ):
            continue  # "Jasmin je vrsta čovjeka koji …": a kind of person is said of a person
        subject, i = _coordinated_subject(text, tokens, k)
        if subject and all(labels[x] in "Ff" for x in subject) and (i < 0 or labels[i] not in "FSC"):
            for x in subject:
                labels[x] = "O"


_ULICA_NOMINATIVE = frozenset(["ulica", "ulice"])


def adjectives_before_ulica(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "zlatan ulica ne postoji", "lipova ulica je zatvorena": a lower-case word of the dictionaries right before
    "ulica" in its nominative, and no street's name after it (a verb, a function word or the end), is the street's
    adjective — a first name that spells the same is no person there. After a person's word, or with a surname beside,
    it stays a name ("svjedok zlatan ulica …")."""
    for n in range(1, len(tokens)):
        noun, word = tokens[n], tokens[n - 1]
        if noun.folded not in _ULICA_NOMINATIVE or not noun.text.islower() or gap(text, word, noun) != " ":
            continue
        if labels[n - 1] not in "Ff" or not word.text.islower() or not lexicon.dictionary_word(word.folded):
            continue
        if n >= 2 and (labels[n - 2] in "FSC" or tokens[n - 2].folded in lexicon.person_words()):
            continue
        if n + 1 < len(tokens):
            after = tokens[n + 1]
            if not (gap(text, noun, after) == " " and labels[n + 1] == "O" and after.folded in _AFTER_THE_STREET):
                continue  # "zlatan ulica Lipova 5", "zlatan ulica, Tuzla": a name, then his street
        labels[n - 1] = "O"


# What follows a street said as the subject or in passing: a verb, a negation, a clitic or the clause's end.
_AFTER_THE_STREET = frozenset(
    ["ne", "nije", "je", "su", "se", "postoji", "postoje", "nema", "bila", "bi", "i", "ili", "a", "kao", "vodi", "ide"]
)


# Participles said only of plants: planted, sown, grown, in bloom, sprouted (any gender and number, đ folded to dj).
_GROWN = re.compile(
    r"^(?:(?:po|za|pre)sa(?:dj|d)en|(?:po|za)sijan|uzgojen|uzgajan)[aeio]?$"
    r"|^(?:procvjeta|proklija|iznikl|izrasl)(?:o|la|le|li|lo)?$"
)
_NEGATED_COPULA = frozenset(["je", "su", "nije", "nisu"])


def plants_said_to_grow(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "jasmin i ljubica su posađeni u bašti": words coordinated as the subject of je/su (nije/nisu) and a participle
    said only of plants (planted, sown, grown, in bloom) are the plants — when each is an entry of the dictionaries
    as it stands (the flower's word) and nothing marks a person (no person's word before them, no surname among or
    before them)."""
    for n, participle in enumerate(tokens):
        if n < 2 or not participle.text.islower() or _GROWN.match(participle.folded) is None:
            continue
        k = n - 1
        if tokens[k].folded not in _NEGATED_COPULA or gap(text, tokens[k], participle) != " ":
            continue
        subject, i = _coordinated_subject(text, tokens, k)
        if (
            subject
            and all(labels[x] in "Ff" for x in subject)
            and all(tokens[x].folded in lexicon.word_set("dictionary_words.txt") for x in subject)
            and (i < 0 or labels[i] not in "FSC")
        ):
            for x in subject:
                labels[x] = "O"


# A thing's weight after it: "od 20 grama", "od 2 kg", "od 5 karata" (a person is not weighed so in a question).
_WEIGHT_AFTER = re.compile(r"^[ ]+od[ ]+\d+(?:[,.]\d+)?[ ]*(?:grama|gr|g|kg|kila|kilograma|karata)\b")


def things_by_their_weight(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "zlatan lančić od 20 grama otet …": one or two lower-case words read as a name, each an entry of the
    dictionaries as it stands (an adjective, a noun), right before "od", a number and a unit of mass — a thing
    weighed, no one's name."""
    for j, token in enumerate(tokens):
        if labels[j] not in "FfS" or not token.text.islower() or not _WEIGHT_AFTER.match(text[token.end :]):
            continue
        run = [j]
        if (
            j >= 1
            and labels[j - 1] in "FfS"
            and tokens[j - 1].text.islower()
            and gap(text, tokens[j - 1], token) == " "
        ):
            run.insert(0, j - 1)
        if run[0] >= 1 and labels[run[0] - 1] in "FfS" and gap(text, tokens[run[0] - 1], tokens[run[0]]) == " ":
            continue  # a longer name: not two words of a thing
        if all(tokens[x].folded in lexicon.word_set("dictionary_words.txt") for x in run):
            for x in run:
                labels[x] = "O"
