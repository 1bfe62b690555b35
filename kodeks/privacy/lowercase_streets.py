"""Streets typed all in lower case, which the capitalised scan of addresses.py cannot see:

- a street that opens with its own street word ("put", "šetalište", "aleja", "obala", "bulevar" — not "trg": a square
  is where people gather) and one to three lower-case words, then a house number: "zivi put brezovih lipa 17, tuzla",
  "u setaliste donja lipa 2, kakanj". Taken only with a word of dwelling or an address's word right before it, or a
  listed town right after the number ("…, tuzla", "… u tuzli") — "put od 5 km" or "na putu 3 auta" are no home.
- a street in the locative after "na"/"u", one lower-case word no dictionary, list of words, laws, places or names
  has, then a house number and, after a comma or "u", a listed town: "na lipovici 12 u tuzli", "u brezovaci 7,
  kakanj". A word of the language in that place ("u kafani 7, tuzla") is no street.

- a street with a road's word, its other words in lower case, right after its town and a comma — the town listed, or
  named in title case after "u"/"iz"/"na": "Tuzla, Put brezovih lipa 28", "u Lipiku, Lipin trg 4". The capitalised
  scan needs every word of a street capitalised but for the road's words it knows ("Kasindolski put"); a town set
  off before it is the evidence a home is written, town first.

All compare folded text; the town is read by `is_town` (addresses._is_town, passed in), the number must be a house's
(no unit or count after it: `counted`, passed in).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kodeks.privacy import dwelling, lexicon
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

_NUMBER = r"\d{1,4}[a-h]?(?:[ ]?/[ ]?\d{1,3})?"
_END = r"(?![\w/-]|[.,]\d)"
_LOWER = r"[a-zčćšžđ]"
_OPENING = re.compile(
    r"(?<![\w-])(?P<street>(?:put|setaliste|šetalište|setalistu|šetalištu|aleja|aleji|obala|obali|bulevar|bulevaru)"
    rf"(?:[ ]+{_LOWER}+){{1,3}}),?[ ]+(?P<number>{_NUMBER}){_END}"
)
_IN_LOCATIVE = re.compile(rf"(?<![\w-])(?:na|u)[ ]+(?P<street>{_LOWER}{{4,}}(?:i|oj|u))[ ]+(?P<number>{_NUMBER}){_END}")
_CUE_BEFORE = re.compile(
    rf"(?<!\w)(?:{dwelling.LIVES}|{dwelling.STAYS}|{dwelling.SETTLED}|{dwelling.RESIDES}|adres\w*)"
    r"[ ]*:?[ ]*(?:(?:u|na)[ ]+)?$"
)
_TOWN_AFTER = re.compile(rf"^(?:[ ]*,[ ]*|[ ]+u[ ]+)(?P<town>{_LOWER}+(?:[ ]{_LOWER}+)?)(?![\w])")


_ROAD = r"(?:put|trg|aleja|obala|setaliste|šetalište|cesta|sokak)"
# A road's word opening the street, its name in lower case after it ("Put brezovih lipa"), or a capitalised name and
# the road's word after it in lower case ("Lipin trg", "Brezov sokak").
_MIXED = re.compile(
    rf"(?<![\w-])(?P<street>(?i:{_ROAD})(?:[ ]+{_LOWER}+){{1,2}}|[A-ZČĆŠŽĐ]{_LOWER}+[ ]+{_ROAD})"
    rf"[ ]+(?P<number>{_NUMBER}){_END}"
)
_TOWN_BEFORE = re.compile(
    r"(?:(?<!\w)(?P<prep>u|iz|na)[ ]+)?(?P<town>(?-i:[A-ZČĆŠŽĐ])[^\W\d_]+(?:[ ](?-i:[A-ZČĆŠŽĐ])[^\W\d_]+)?)[ ]*,[ ]*$",
    re.IGNORECASE,
)


def _town_before(text: str, start: int, is_town: Callable[[list[str]], int]) -> bool:
    """A listed town and a comma right before `start` ("Tuzla, "), or a place in title case after u/iz/na ("u Lipiku,
    "): no person (a first name as it stands), no word of the laws as it stands."""
    m = _TOWN_BEFORE.search(text[max(0, start - 40) : start])
    if m is None:
        return False
    words = [fold(w) for w in m.group("town").split()]
    if is_town(words) == len(words):
        return True
    return (
        m.group("prep") is not None
        and all(w[1:].islower() for w in m.group("town").split())
        and not any(lexicon.first_name(w) == w or w in lexicon.person_words() or lexicon.law_word(w) for w in words)
    )


def mixed_case_streets(text: str, is_town: Callable[[list[str]], int], counted: Callable[[str], bool]) -> list[Span]:
    """A street with a road's word and lower-case words, right after its town and a comma (the module's docstring)."""
    out = []
    for m in _MIXED.finditer(text):
        words = [fold(w) for w in m.group("street").split()]
        if (
            not m.group("street")[0].isupper()
            or counted(text[m.end() :])
            or any(w in lexicon.FUNCTION_WORDS and w not in ("za", "od", "i", "na") for w in words)
        ):
            continue
        if _town_before(text, m.start(), is_town):
            out.append(Span(m.start("street"), m.end("number"), "ADDRESS"))
    return out


def _town_after(text: str, end: int, is_town: Callable[[list[str]], int]) -> bool:
    m = _TOWN_AFTER.match(text[end:])
    return m is not None and is_town([fold(w) for w in m.group("town").split()]) > 0


def lowercase_streets(text: str, is_town: Callable[[list[str]], int], counted: Callable[[str], bool]) -> list[Span]:
    """Lower-case streets with a house number, by their street word or their town (see the module's docstring)."""
    out = []
    for m in _OPENING.finditer(text):
        if counted(text[m.end() :]):
            continue
        words = [fold(w) for w in m.group("street").split()[1:]]
        if any(w in lexicon.FUNCTION_WORDS and w not in ("za", "od", "i", "na") for w in words):
            continue
        cue = _CUE_BEFORE.search(fold(text[max(0, m.start() - 30) : m.start()]))
        if cue or _town_after(text, m.end(), is_town):
            out.append(Span(m.start("street"), m.end("number"), "ADDRESS"))
    for m in _IN_LOCATIVE.finditer(text):
        word = fold(m.group("street"))
        if (
            counted(text[m.end() :])
            or word in lexicon.FUNCTION_WORDS
            or lexicon.word_of_the_language(word)
            or lexicon.dictionary_word(word)
            or lexicon.law_word_in_any_case(word)
            or lexicon.is_place(word)
            or is_town([word])
            or lexicon.first_name(word)
            or not _town_after(text, m.end(), is_town)
        ):
            continue
        out.append(Span(m.start("street"), m.end("number"), "ADDRESS"))
    return out
