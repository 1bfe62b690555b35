"""Names shown by the other half of the name beside them, in the same case: a surname that is also a word of the
language after a listed first name ("nermin lipovac", "mirsada pecara", "kod senade lipovac"), a first name no list
has before a surname ("zulfom hadzicem", "almedina zukic"), and a pair of a first name only the region's name
dictionary knows and a word no list has ("radenko vukas").

Why the case is the evidence: a first name followed by a noun of the language is rare, and rarer still in the
same case — "uzeli smo od emine novcanik" has the noun in another case than the name, "dragana kosa" has both in
the genitive (a masculine -a), and a woman's surname after her declined first name keeps its nominative ("kod senade
lipovac"). Labels as in names.py: F first name, f first name that may be a word, S surname, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap

# The shapes of the region's surnames that are also nouns of the spelling dictionaries (Lipovac, Jarak, Pecar,
# Vrebac, Brezak, Kolar): only these may be a surname where the dictionary has the word.
NOUN_SURNAME = ("ac", "ak", "ar", "ec", "ek", "ic", "ica", "ub", "uk", "os", "ok")
# Endings of adjectives, participles and possessives ("pijan", "uhapsen", "njegov", "sestrin", "gradski"): the nominative
# of no surname here. (-an surnames — Brkan, Salkan — are taken only capitalised.)
_NOT_A_NOMINATIVE = ("en", "an", "ov", "ev", "in", "ski", "cki", "sk", "ck", "ao", "io", "eo", "uo")
# A case ending the first name and its surname share ("mirsada pecara", "ivanom zidarom", "jasminu golubu").
_SHARED = (("om", ("om", "em")), ("em", ("em", "om")), ("a", ("a",)), ("u", ("u",)), ("e", ("e",)))
_VOWELS = "aeiou"
_PARTICIPLE = re.compile(r"[aeiu]l[aoie]$")


def _style(a: Token, b: Token) -> bool:
    """Both lower case, both in capitals, or both capitalised — a capital at a sentence's start counting as lower case
    before a lower-case word (a phone capitalises the first word: "Nermin lipovac je …")."""
    first, second = sorted((a, b), key=lambda t: t.start)
    if first.sentence_start and first.capitalised and not first.text.isupper() and second.text.islower():
        return True
    if a.text.islower() and b.text.islower():
        return True
    if a.text.isupper() and b.text.isupper():
        return len(a.text) > 2 and len(b.text) > 2
    return a.text[0].isupper() and b.text[0].isupper() and not a.text.isupper() and not b.text.isupper()


def _nominatives(stem: str) -> list[str]:
    """The nominatives a declined stem may have: "pecar" (pecara), "lipovac" (lipovca: the fleeting a)."""
    out = [stem]
    if len(stem) >= 3 and stem[-1] not in _VOWELS and stem[-2] not in _VOWELS:
        out.append(stem[:-1] + "a" + stem[-1])
    return out


def _surname_nominative(nominative: str, capitalised: bool, an: bool = False) -> bool:
    """Whether a word can be a surname's nominative: a consonant at its end, no adjective's or participle's
    ending, no word of the laws; a word of the spelling dictionaries only in a surname's noun shape. `an`: an -an
    nominative is no adjective's here (capitalised, or in a case no short adjective has: "nerminom karahasanom")."""
    if len(nominative) < 3 or nominative[-1] in _VOWELS or lexicon.word_of_the_language(nominative):
        return False
    if nominative.endswith(_NOT_A_NOMINATIVE) and not ((capitalised or an) and nominative.endswith("an")):
        return False
    return not lexicon.dictionary_word(nominative) or nominative.endswith(NOUN_SURNAME)


def first_name_readings(folded: str) -> list[tuple[str, str]]:
    """Each first name a word may be a form of, with the case ending it carries ("" for the nominative): "dragana"
    is Dragana, or Dragan in the genitive; "amire" is Amira's genitive (the word is a listed name's form: the caller
    took it for a first name)."""
    names = lexicon.first_names()
    out = [(folded, "")] if folded in names else []
    for stem in lexicon.bases(folded)[1:]:
        for candidate in (stem, stem + "o", stem + "a", stem + "e"):
            if candidate in names and candidate != folded:
                out.append((candidate, folded[len(stem) :]))
    return out


def case_agrees(first: Token, word: Token) -> bool:
    """Whether a word no list has may be the surname beside the listed first name `first`, by case: the name in the
    nominative ("haris lendo", "brkan tarik"), the word with the name's case ending ("nihada brkana"), or after a
    woman's declined name a word in a surname's noun shape, which keeps its nominative ("kod senade lipovac") —
    not "od emine novcanik", where the noun is in another case than the name."""
    for name, ending in first_name_readings(first.folded):
        if not ending or any(
            ending == name_ending and word.folded.endswith(endings) for name_ending, endings in _SHARED
        ):
            return True
        if name.endswith("a") and (word.folded.endswith(NOUN_SURNAME) or _indeclinable_o(word.folded)):
            return True
    return not first_name_readings(first.folded)  # a name the readings miss: leave it to the caller's evidence


# Endings of the -o words that are no surname: adverbs and participles ("lako", "rekao", "bilo", "dugo").
_NOT_AN_O_SURNAME = ("ao", "io", "eo", "uo", "lo", "no", "ko", "go", "mo")


def _indeclinable_o(folded: str) -> bool:
    """A surname in -o that a woman's declined first name leaves in its nominative ("od mirne lendo"): four letters or
    more, no word of the laws or the dictionaries in any case, no adverb's or participle's ending."""
    return (
        len(folded) >= 4
        and folded.endswith("o")
        and not folded.endswith(_NOT_AN_O_SURNAME)
        and not lexicon.word_of_the_language(folded)
        and not lexicon.law_word_in_any_case(folded)
        and not lexicon.dictionary_word(folded)
        and folded not in lexicon.first_names()
    )


def _surname_after(first: Token, word: Token) -> bool:
    """Whether `word`, right after the listed first name `first`, is its surname in the same case."""
    folded = word.folded
    capitalised = word.text[0].isupper()
    if folded in lexicon.word_set("common_words.txt") or lexicon.word_of_the_language(folded):
        return False
    if not capitalised and _PARTICIPLE.search(folded):
        return False  # "dženana kupila …", "ivana uzela …": a verb's past participle, not a surname's case
    for name, ending in first_name_readings(first.folded):
        if not ending:  # the nominative: "nermin lipovac", "selma grabovac"
            if _surname_nominative(folded, capitalised):
                return True
            continue
        if name.endswith("a") and folded.endswith(NOUN_SURNAME) and _surname_nominative(folded, capitalised):
            return True  # a woman's surname keeps its nominative: "kod senade lipovac", "sa eminom jarak"
        if name.endswith("a") and _indeclinable_o(folded):
            return True  # and one in -o keeps it too: "od mirne lendo"
        for name_ending, endings in _SHARED:
            if ending != name_ending:
                continue
            for e in endings:
                stem = folded[: -len(e)]
                # The instrumental -om of a man's name and of an -an word: a noun (an adjective's would be -im).
                an = e in ("om", "em") and not name.endswith("a")
                if (
                    folded.endswith(e)
                    and len(stem) >= 3
                    and any(_surname_nominative(n, capitalised, an) for n in _nominatives(stem))
                ):
                    return True  # "mirsada pecara", "ivanom zidarom", "nermina lipovca"
    return False


def dictionary_surnames_after_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "nermin lipovac", "mirsada pecara", "kod senade lipovac", "NERMIN LIPOVAC": the word right after a listed
    first name, written the same way and in the same case, is its surname even when the spelling dictionaries have
    it as a noun — if it has a surname's noun shape (-ac, -ak, -ar, -ec …) and no law text has it. Before a first
    name in the nominative, the surname in the nominative: "lipovac nermin", "Grabovac Selma" (as officers list
    people, surname first)."""
    for j in range(len(tokens)):
        token = tokens[j]
        if labels[j] not in "OC" or token.folded in lexicon.word_set("common_words.txt"):
            continue
        # A listed name that is also a word ("Nada", "Rade") counts here only with both words capitalised alike.
        weak_capitalised = (
            j > 0
            and labels[j - 1] == "f"
            and tokens[j - 1].capitalised
            and token.capitalised
            and tokens[j - 1].folded in lexicon.listed_first_names()
        )
        if j > 0 and ((labels[j - 1] == "F" and labels[j] == "O") or weak_capitalised):
            first = tokens[j - 1]
            if (
                gap(text, first, token) == " "
                and _style(first, token)
                and not (token.text.isupper() and not first.text.isupper())
                and _surname_after(first, token)
            ):
                labels[j] = "S"
                labels[j - 1] = "F"
                continue
        if labels[j] == "O" and j + 1 < len(tokens) and labels[j + 1] == "F":
            first = tokens[j + 1]
            if (
                gap(text, token, first) == " "
                and (_style(first, token) or (token.sentence_start and token.capitalised and first.capitalised))
                and any(not ending for _, ending in first_name_readings(first.folded))
                and not lexicon.word_of_the_language(token.folded)
                and _surname_nominative(token.folded, token.text[0].isupper())
            ):
                labels[j] = "S"


# The case endings a first name shares with a declined -ić surname after it: the genitive -a/-e before -ića ("od
# zulfe hadzica"), the dative -u/-i before -iću, the instrumental -om/-em before -ićem ("sa zulfom hadzicem"). An
# adjective in those cases ends otherwise (-og, -om/-oj for a woman, -im): "pijanog hadzica", "sa pijanim hadzicem".
_CASES_BEFORE_IC = (("ica", ("a", "e")), ("icu", ("u", "i")), ("icem", ("om", "em")))


def unlisted_first_name_in_the_surnames_case(word: Token, surname: Token) -> bool:
    """ "zulfom hadzicem", "almedina zukic": a word right before an -ić surname, written the same way, that no list
    has, in the surname's case (or in the nominative -ina of women's names before the nominative: no participle or
    adjective ends so) — when no law text, dictionary or list has it as a word."""
    folded, last = word.folded, surname.folded
    if not _style(word, surname) or len(folded) < 4 or word.start > surname.start:
        return False
    if lexicon.word_of_the_language(folded) or lexicon.dictionary_word(folded):
        return False
    if last.endswith("ic"):
        return folded.endswith("ina") and len(folded) >= 5
    return any(
        last.endswith(ic) and folded.endswith(endings) and not folded.endswith(("og", "eg", "im", "oj", "ni", "li"))
        for ic, endings in _CASES_BEFORE_IC
    )


def regional_first_names_with_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "radenko vukas", "muhidin grabovac", "JOVANKA VUKAS": a first name only the region's name dictionary knows
    (f: it may be a word), in the nominative, right before a word in a surname's nominative shape written the same
    way — when neither is a word of the laws or of the spelling dictionaries (the surname's noun shapes aside), and
    the name has no adjective's ending ("crni")."""
    for j in range(len(tokens) - 1):
        first, word = tokens[j], tokens[j + 1]
        name = lexicon.first_name(first.folded)
        if (
            labels[j] != "f"
            or labels[j + 1] != "O"
            or name != first.folded
            or name in lexicon.listed_first_names()
            or name in lexicon.ambiguous_names()
            or gap(text, first, word) != " "
            or not _style(first, word)
            or first.folded.endswith(("ni", "ki", "ska", "na", "la", "lo"))
            or lexicon.word_of_the_language(first.folded)
            or lexicon.dictionary_word(first.folded)
            or word.folded in lexicon.word_set("common_words.txt")
        ):
            continue
        if _surname_nominative(word.folded, word.text[0].isupper()):
            labels[j], labels[j + 1] = "F", "S"


# A surname of the region without -ić in the nominative: -ski/-ska/-cki (Petrovska, Stojanovski). Not -ov/-ova here:
# that is also a noun's genitive plural ("definicije pojmova").
_OTHER_SURNAME = re.compile(r"(?:[sc]k[ia])$")


def unknown_first_names_before_other_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "elena petrovska", "ELENA PETROVSKA": a word no list or dictionary has, right before a word of a -ski/-ska
    surname's shape that no law text or dictionary has either (not "policijska", "gradski"),
    both written the same way: a first name the lists miss and its surname."""
    for j in range(len(tokens) - 1):
        first, word = tokens[j], tokens[j + 1]
        if (
            labels[j] not in "Of"
            or labels[j + 1] != "O"
            or len(first.folded) < 4
            or len(word.folded) < 6
            or gap(text, first, word) != " "
            or not _style(first, word)
            or not _OTHER_SURNAME.search(word.folded)
            or first.folded in lexicon.word_set("common_words.txt")
            or word.folded in lexicon.word_set("common_words.txt")
            or lexicon.word_of_the_language(first.folded)
            or lexicon.word_of_the_language(word.folded)
            or lexicon.dictionary_word(first.folded)
            or lexicon.dictionary_word(word.folded)
            or first.folded.endswith(("ski", "ska", "cki", "cka", "ov", "ova", "ao", "io", "la", "li", "lo", "ti"))
        ):
            continue
        labels[j], labels[j + 1] = "F", "S"
