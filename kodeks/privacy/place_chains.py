"""An address told as a chain of places: the town, its settlement, then the street and number — or the house alone.

Records and officers write a home from the largest place down, each part set off by a comma or a semicolon: "Tuzla,
Lipovac, Brezova 5", "71000 Sarajevo, općina Centar, Brezova 5", "ZENICA;LIPOVAC;KUĆA BR. 3", "Требиње, 89101,
Липовац бб". The street and its number were found before; the parts in front of them were not, and the issue asks for
the street, the number and the town together. This module walks back from a street's start over such parts —

- a listed town (declined, one or two words), with its postal code before or after it,
- a postal code alone (five digits),
- a settlement: one to three capitalised words, a lower-case preposition inside them ("Dolac na Lipi", "Lipik II",
  "C faza"), a settlement's word before them (naselje, MZ, općina, selo …: inside the span when a part before it is
  taken, outside when it opens the chain),
- a landmark between the parts ("kod džamije", "pored mosta"),

and counts them in only up to the furthest part that shows the chain is a home: a listed town, or a settlement named
right after its settlement's word, a place preposition (u, iz, na) or an address's label (adresa:, prebivalište:). A
first name and a capitalised word, or a person's word, end the walk ("Zdenko Lipić, Tuzla, Brezova 5": the person
stays a person). `houses_in_places` finds the house told without a street — "u Lipovcu, kuća broj 14", "Tuzla,
Lipovac, kuća broj dvanaest", "Lipik II, zgrada B, ulaz 1" — by the same chain before its house word: a bare "kuća
broj 5" names no home.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kodeks.privacy import dwelling, institutions, lexicon, street_words
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

IsTown = Callable[[list[str]], int]

_SEPARATOR = r"[ ]*[,;][ ]*"
_WORD = r"[^\W\d_]+"
# A settlement's (or a municipality's) word before its name, in any case and script.
_SETTLEMENT_WORD = (
    r"(?:naselj[eau]|насељ[еау]|mz|мз|mjesna[ ]zajednica|op(?:[sšćc]t|[cćč])in[aeiu]|општин[аеиу]|опћин[аеиу]|"
    r"sel[aou]|сел[аоу]|zaseo?k[au]?|zasel(?:ak|k[au]))"
)
# A landmark's preposition between a home's parts ("…, kod džamije, …", "…, pored mosta, …").
_LANDMARK_WORD = r"(?:kod|pored|iza|ispred|blizu|kraj|код|поред|иза|испред)"
_ELEMENT_BEFORE = re.compile(
    rf"(?:(?P<cue>(?i:{_SETTLEMENT_WORD}))[ ]+)?"
    rf"(?P<el>(?:\d{{5}}[ ]+)?{_WORD}(?:[ ]+(?:(?:na|u|kod|pod|nad|od)[ ]+)?{_WORD}){{0,2}}(?:[ ]+\d{{5}})?"
    rf"|\d{{5}}|\d{{2}}[ ]\d{{3}}"
    rf"|{_LANDMARK_WORD}[ ]+[^\W\d_A-ZČĆŠŽĐА-Я]+)"
    rf"(?P<sep>{_SEPARATOR})$"
)
_CODE = re.compile(r"^\d{5}$|^\d{2} \d{3}$")
_LANDMARK = re.compile(rf"^{_LANDMARK_WORD} [^\W\d_A-ZČĆŠŽĐА-Я]+$")
# Before the chain's first part: a place's preposition or an address's label — the part is a place named as a home.
_PLACE_CUE_BEFORE = re.compile(r"(?:(?<!\w)(?:u|iz|na|у|из|на)[ ]+|(?:adres\w*|prebivali\w*|boravi\w*)[ ]*:[ ]*)$")
_SETTLEMENT_WORD_BEFORE = re.compile(rf"(?i:(?<!\w){_SETTLEMENT_WORD})[ ]+$")
_MAX_PARTS = 6
_MAX_BACK = 160


def _capitalised(word: str) -> bool:
    return word[:1].isupper()


def _person_shaped(words: list[str]) -> bool:
    """A first name with another capitalised word, or a person's word: no place."""
    folded = [fold(w) for w in words]
    if any(f in lexicon.person_words() for f in folded):
        return True
    return len(words) > 1 and lexicon.first_name(folded[0]) == folded[0] and not lexicon.is_town(folded[0])


_SURNAME_ENDINGS = ("ic", "ica", "icu", "icem", "ici", "ice", "icima")


def _town_word(word: str, is_town: IsTown) -> bool:
    """One word naming a listed town in any case; a word in a surname's shape only as the town's own form ("Lipić" only
    starts like "Lipik")."""
    folded = fold(word)
    return lexicon.is_town(folded) or (is_town([folded]) == 1 and not folded.endswith(_SURNAME_ENDINGS))


def _own_place_word(word: str) -> bool:
    """One capitalised word that no list has as a word of the language or a first name: a place's own name."""
    folded = fold(word)
    return not (
        lexicon.word_of_the_language(folded)
        or lexicon.law_word_in_any_case(folded)
        or lexicon.first_name(folded) is not None
        or folded in lexicon.FUNCTION_WORDS
    )


_PLACE_PREPOSITION_BEFORE = re.compile(r"(?<!\w)(?:u|iz|na|у|из|на)[ ]+$")


def _title_case(word: str) -> bool:
    return word[:1].isupper() and (word[1:].islower() or len(word) == 1)


def _named_after_a_preposition(text: str, start: int, words: list[str]) -> bool:
    """One to three words in title case right after a place's preposition (u, iz, na) and set off from the street by a
    comma — "iz Lipika, …", "u Nova Lipa, …", "na Lipovom polju, …": a place named by its own name, though its
    words may be words of the language. Not an institution ("u Sudu, …": its address is public), not a person (a
    first name as it stands, a person's word, a word in a surname's shape beside another), no function word first."""
    if len(words) == 2 and _title_case(words[0]) and fold(words[1]) in street_words.SETTLEMENT_NOUNS:
        words = words[:1]  # "na Lipovom polju, …": a settlement's noun in lower case after its name
    if not 1 <= len(words) <= 3 or not all(_title_case(w) for w in words):
        return False
    if not _PLACE_PREPOSITION_BEFORE.search(text[max(0, start - 4) : start]):
        return False
    folded = [fold(w) for w in words]
    if folded[0] in lexicon.FUNCTION_WORDS or any(
        institutions.INSTITUTION.match(f) or f in lexicon.person_words() for f in folded
    ):
        return False  # a function word inside a place's name only after its first word: "Nova Bila" (was)
    if len(words) == 1:
        return lexicon.first_name(folded[0]) is None
    return not _person_shaped(words) and not any(f.endswith(_SURNAME_ENDINGS) for f in folded)


def chain_start(text: str, start: int, is_town: IsTown) -> int:
    """Where an address that starts at `start` starts once the places written before it are counted in."""
    committed = pos = start
    head = _SETTLEMENT_WORD_BEFORE.search(text[max(0, pos - 24) : pos])
    if head:
        pos -= len(head.group(0))  # "…, naselje Lipik bb": the settlement's word, inside once a part before it is taken
    else:
        words_before = re.search(rf"(?:{_SEPARATOR})((?:{_WORD}[ ]+){{1,2}})$", text[max(0, pos - 40) : pos])
        first = text[start : start + 40].split(" ")[0]
        if words_before and all(
            _capitalised(w) and (w.isupper() == first.isupper()) for w in words_before.group(1).split()
        ):
            pos -= len(words_before.group(1))  # "TUZLA, LIPIK, IBRE LIPIĆA 31": the street's first word
    for _ in range(_MAX_PARTS):
        window = max(0, pos - _MAX_BACK)
        m = _ELEMENT_BEFORE.search(text[window:pos])
        if m is None:
            break
        element = m.group("el")
        if _LANDMARK.match(element):
            pos = window + m.start()
            continue  # "…, kod džamije, …": inside only, never the chain's first part
        if _CODE.match(element):
            pos = window + m.start("el")
            continue
        tokens = [(window + m.start("el") + t.start(), t.group()) for t in re.finditer(r"\S+", element)]
        code_before = tokens[0][1].isdigit()
        if tokens[-1][1].isdigit():
            tokens = tokens[:-1]  # "Tuzla 75000, …": the town's postal code after it
        i = len(tokens) - 1
        if i > 0 and re.fullmatch(r"[A-ZА-Я]", tokens[i - 1][1]) and tokens[i][1].islower():
            pos = tokens[i - 1][0]  # "…, C faza, …": a part of a settlement by its letter
            if i > 1:
                break
            continue
        if i > 0 and fold(tokens[i][1]) in street_words.SETTLEMENT_NOUNS and _capitalised(tokens[i - 1][1]):
            i -= 1  # "na Lipovom polju, …": a settlement's noun in lower case after its name
        if i < 0 or tokens[i][1].isdigit() or not _capitalised(tokens[i][1]):
            break  # a lower-case word before the separator: no place
        while i > 0:
            if _capitalised(tokens[i - 1][1]) and not tokens[i - 1][1].isdigit():
                i -= 1
            elif (
                i > 1
                and tokens[i - 1][1] in _INSIDE
                and _capitalised(tokens[i - 2][1])
                and not _after_another_word(tokens, i - 2)
            ):
                i -= 2  # "Dolac na Lipi"
            else:
                break
        set_apart = i == 0 or (i == 1 and code_before)  # nothing but the postal code before it without a comma
        words = [w for _, w in tokens[i:]]
        el_start = tokens[i][0]
        n = 2 if len(words) >= 2 and is_town([fold(w) for w in words[-2:]]) == 2 else 0
        n = n or (1 if _town_word(words[-1], is_town) else 0)
        if n:
            at = tokens[len(tokens) - n][0]
            pos = committed = tokens[0][0] if code_before and n == len(tokens) - 1 else at
            if len(words) > n and _named_after_a_preposition(text, el_start, words):
                committed = el_start  # "u Gornje Novo Lipovo, Brezova 5": the town's qualifier, one place
                break
            if len(words) > n or not set_apart:
                break  # "Zdenko Lipić Tuzla, …": what stands before the town without a comma is no part of it
            continue
        if _person_shaped(words) or code_before:
            break
        settlement = _SETTLEMENT_WORD_BEFORE.search(text[max(0, el_start - 24) : el_start])
        if settlement:
            # "naselje Lipik, Brezova 5", "u selu Lipik, kuća 7": named by its word, the word outside
            committed = el_start
            pos = el_start - len(settlement.group(0))
            if not set_apart and not m.group("cue"):
                break
            continue
        if (
            len(words) == 1
            and _own_place_word(words[0])
            and _PLACE_CUE_BEFORE.search(text[max(0, el_start - 20) : el_start])
        ) or _named_after_a_preposition(text, el_start, words):
            committed = el_start  # "u Lipiku, Brezova 5", "adresa: Lipik, …", "iz Nove Lipe, Brezova 5"
            break
        if not set_apart:
            break
        pos = el_start
    return committed


_INSIDE = frozenset(["na", "u", "kod", "pod", "nad", "od"])  # "Dolac na Lipi": a preposition inside a place's name
_OPENING_PREPOSITIONS = frozenset(["u", "iz", "na", "у", "из", "на"])


def _after_another_word(tokens: list[tuple[int, str]], k: int) -> bool:
    """Whether the capitalised word at `k` (before a preposition) follows a lower-case word other than a place's
    preposition: "kod druga Adija u Lipiku, …" — the word is someone's name after its noun, and the place is what
    follows its own preposition; "živi u Dolac na Lipi, …" is one place."""
    if k == 0:
        return False
    word = tokens[k - 1][1]
    return (
        word.islower()
        and fold(word) not in _OPENING_PREPOSITIONS
        and not re.fullmatch(rf"(?i:{_SETTLEMENT_WORD})", word)
    )


_HOUSE = re.compile(
    r"(?P<word>(?i:ku[cć]a|кућа|zgrada|зграда))(?:[ ]+(?i:broj|br\.?|број|бр\.?))?[ ]*"
    r"(?P<number>\d{1,4}[a-zA-Z]?(?!\w)(?![.,/]\d)|(?-i:[A-H])(?!\w)|(?P<spoken>[^\W\d_]+(?:[ ][^\W\d_]+){0,2}))"
)


def houses_in_places(
    text: str, is_town: IsTown, number_words: frozenset[str], flat_end: Callable[[str, int], int]
) -> list[Span]:
    """Houses named without a street after the place they stand in ("Lipik, kuća broj 7", "u Lipovcu, kuća 7"): from
    the chain's first place through the number and the flat after it."""
    spans = []
    for m in _HOUSE.finditer(text):
        before = text[max(0, m.start() - 3) : m.start()]
        if not re.search(rf"{_SEPARATOR}$", before):
            continue
        end = m.end("number")
        if m.group("spoken"):
            spoken = m.group("spoken").split()
            taken = 0
            for word in spoken:
                if fold(word) not in number_words:
                    break
                taken += 1
            if not taken:
                continue
            end = m.start("number") + len(" ".join(spoken[:taken]))
        elif not m.group("number")[0].isdigit() and fold(m.group("word")) != "zgrada":
            continue  # a letter names a building, not a house
        start: int | None = chain_start(text, m.start(), is_town)
        if start == m.start():
            start = _settlement_right_before(text, m.start())
        if start is None:
            start = _place_of_a_home(text, m.start(), text[end:], is_town)
        if start is None:
            continue
        spans.append(Span(start, flat_end(text, end), "ADDRESS"))
    return spans


_SETTLEMENT_BEFORE = re.compile(
    rf"(?:(?<!\w)(?i:{_SETTLEMENT_WORD})[ ]+)(?P<name>{_WORD}(?:[ ]+{_WORD})?){_SEPARATOR}$"
)


def _settlement_right_before(text: str, start: int) -> int | None:
    """A settlement named by its word right before the house ("u selu Lipik, kuća broj 7", "…, kod džamije, kuća …")."""
    pos = start
    landmark = re.search(
        rf"(?:kod|pored|iza|ispred|blizu|код|поред)[ ]+[^\W\d_]+{_SEPARATOR}$", text[max(0, pos - 40) : pos]
    )
    if landmark:
        pos -= len(landmark.group(0))
    m = _SETTLEMENT_BEFORE.search(text[max(0, pos - 60) : pos])
    if m is None or not all(_capitalised(w) for w in m.group("name").split()):
        return None
    return max(0, pos - 60) + m.start("name")


_PLACE_RIGHT_BEFORE = re.compile(rf"(?<![^\W\d_])(?P<name>{_WORD}(?:[ ]+{_WORD}){{0,2}}){_SEPARATOR}$")
_DWELLING = re.compile(rf"(?<!\w)(?:{dwelling.LIVES}|{dwelling.STAYS}|{dwelling.REGISTERED}|{dwelling.RESIDES})(?!\w)")
_TOWN_NEXT = re.compile(rf"^[ ]*,[ ]*(?P<town>{_WORD})")


def _place_of_a_home(text: str, start: int, after: str, is_town: IsTown) -> int | None:
    """The place right before a house ("Donji Lipik, kuća 51") when the house is someone's home: a word of dwelling
    earlier in the sentence, or a listed town after the number ("…, kuća 51, Tuzla")."""
    m = _PLACE_RIGHT_BEFORE.search(text[max(0, start - 50) : start])
    if m is None:
        return None
    words = m.group("name").split()
    capitalised = [i for i in range(len(words)) if all(_capitalised(w) for w in words[i:])]
    if not capitalised or _person_shaped(words[capitalised[0] :]):
        return None
    town = _TOWN_NEXT.match(after)
    sentence = re.split(r"[.!?;:]", text[:start])[-1]
    if not (town and _town_word(town.group("town"), is_town)) and not _DWELLING.search(fold(sentence)):
        return None
    name_start = max(0, start - 50) + m.start("name")
    return name_start + len(" ".join(words[: capitalised[0]])) + (1 if capitalised[0] else 0)


_CODE_AFTER = re.compile(r"^[ ]*,[ ]*[78]\d{4}(?![\d.,/-]?\d)(?![ ]*(?i:km|eur|kn|din|kg|m\b|%))")


def code_after(text: str, end: int) -> int:
    """Where an address ends once a postal code set off by a comma after it is counted in ("Lipik bb, 75270"): a BiH
    postal code (five digits from 70000 to 89999) and no unit after it."""
    m = _CODE_AFTER.match(text[end:])
    return end + m.end() if m else end
