"""A first name beside a word spelt as no word of the language is: a foreigner's name, in any case and any letters.

Bosnian, Croatian and Serbian write no q, w, x, y, no ä, ö, ü, ß, ş, ı, ë … and no "sch" (their alphabets have no such
letters), so a word with one that no list of the language has is a foreign word — beside a first name, its surname
("arben krasniqi", "mehmet yılmaz", "helgu wagner", "Krasniqi Arben"); a first name so spelt ("jürgen", "ayşe") is a
foreigner's, and the word after it that no law or list of the language has is the surname ("ayşe demir"). Albanian's
"sh" counts too ("valbona berisha") where the word read with "š" for it is no word either (English-keyboard typing
writes "š" so: "komshija"). Both words written alike (lower case, capitalised or capitals), one space between.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.gazetteer import foreign_first_names
from kodeks.privacy.tokens import Token, gap

# Letters no alphabet of the language has (its own: a–z less q w x y, č ć đ š ž), and "sch", which none writes.
_FOREIGN = re.compile(r"[qwxyäöüßşığëáàâéèêíìîóòôúùûñçøåæœłńśźżőűřěůťďňãõ]|sch")
_SH = re.compile(r"sh")


def _foreign_word(token: Token) -> bool:
    """A word spelt with letters no word of the language has, that no list of the language has either."""
    text = token.text.lower()
    if lexicon.word_of_the_language(token.folded) or token.folded in lexicon.FUNCTION_WORDS or len(text) < 3:
        return False
    if _FOREIGN.search(text):
        return True
    if _SH.search(text):
        read = token.folded.replace("sh", "s")
        return not lexicon.word_of_the_language(read) and not lexicon.dictionary_word(read)
    return False


def _first_name(token: Token) -> bool:
    folded = token.folded
    if folded in lexicon.FUNCTION_WORDS or len(folded) < 3:
        return False
    if lexicon.first_name(folded) is not None:
        return True
    if lexicon.word_of_the_language(folded) or lexicon.law_word_in_any_case(folded):
        return False  # "dan", "tim": a word of the language a foreign list has as a name
    return any(b + e in foreign_first_names() for b in lexicon.bases(folded) for e in ("", "a", "o", "e"))


def _alike(a: Token, b: Token) -> bool:
    if a.text.islower() and b.text.islower():
        return True
    if a.text.isupper() and b.text.isupper():
        return len(a.text) > 2 and len(b.text) > 2
    return (a.text[:1].isupper() and b.text[:1].isupper()) or (a.sentence_start and b.text.islower())


def _surname_after_foreign_first(token: Token) -> bool:
    """After a first name spelt with foreign letters, a word no law or list of the language has (a dictionary's word may
    be a foreign surname: "demir")."""
    folded = token.folded
    return (
        len(folded) >= 3
        and folded not in lexicon.FUNCTION_WORDS
        and not lexicon.word_of_the_language(folded)
        and not lexicon.law_word_in_any_case(folded)
        and folded not in lexicon.person_words()
    )


def foreign_spelled_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    makes = lexicon.word_set("vehicle_makes.txt")
    for j in range(len(tokens) - 1):
        a, b = tokens[j], tokens[j + 1]
        if a.folded in makes or b.folded in makes or (j > 0 and tokens[j - 1].folded in makes):
            continue  # "vw passat", "audi q7": a make and its model
        if gap(text, a, b) != " " or not _alike(a, b) or labels[j] not in "OfFC" or labels[j + 1] not in "OfFCS":
            continue
        if _first_name(a) and (
            _foreign_word(b) or (_FOREIGN.search(a.text.lower()) and _surname_after_foreign_first(b))
        ):
            labels[j], labels[j + 1] = "F", "S"
        elif (
            _foreign_word(a)
            and _first_name(b)
            and (b.folded in lexicon.first_names() or b.folded in foreign_first_names())
        ):
            labels[j], labels[j + 1] = "S", "F"  # surname first, the first name in the nominative: "Krasniqi Arben"
