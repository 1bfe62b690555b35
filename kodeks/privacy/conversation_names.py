"""People named in lower case in a running conversation, by the frame around the word (the twenty-seventh round,
docs/privacy.md). A lower-case word is a name only with strong evidence and never as a word of the language; each
rule below reads a frame a common noun cannot stand in, and vetoes any form a list of words, the laws or the
dictionaries has.

- "brezićev zet", "zdenkin unuk", "bozetova snaha": a lower-case possessive adjective, right before a word for kin
  or a person (kum, muž, žena, sestra, djevojka … in any case), formed from a first name of the region's dictionary
  (-in on a name in -a; -ov/-ev on a name, its -o or -e dropped; -etov on a name in -e, as Rade → Radetov) or from an
  -ić surname (-ićev). Whose kin it is, is someone; the possessive form itself is no word of the laws, the
  dictionaries or the lists, no place, and its stem no function word.
- "protiv tog kvarica", "sa onim kvaricem": right after an oblique demonstrative (tog, onog, ovog, tom, onom, ovom …), a
  lower-case -ić surname in its genitive, dative or instrumental — the pointing word is said of someone known, and the
  -ić form is no word of the dictionaries or the laws, and no noun of persons in -ić (bratić, momčić).
- "brat roko 15 god", "kći stana (12)": a lower-case first name's nominative right after a word for kin in the
  nominative and right before an age: the age is a person's, the kin word says whose. No everyday word
  (common_words.txt), no entry of the dictionaries and no word of the laws as it stands — a case form of one may be
  (a vocative), the two words around it are the evidence.
- "Lipar, onaj rumun iz kampa …", "Zdenka, ta svjedokinja …": a capitalised word, a comma, then a pointing word
  (onaj, ona, taj, ta) and a noun of a people or of a person — the word is named, then pointed at as someone; no word
  of any list, law or dictionary, no place.
- "zdenka, komšinica s trećeg sprata, zatekla …", "Здравка из апотеке тврди …": a first name's nominative opening
  the message, then an apposition of a person's noun set off by commas, or "iz"/"sa" and one lower-case word (where
  the person is from), and then a verb of persons or of saying: the name is its subject. The name no word of any
  list, law or dictionary (nada, mila stay words).
- "a adila je trudna, …": a first name's nominative opening its clause (the message's start, a comma, or a, i,
  ali, pa before it), then je/nije and an adjective said only of a person's age or state (maloljetan, punoljetna,
  trudna, pijan …): the name is that person. No word of any list, law or dictionary.
- "brezovićka odbija izjavu": a lower-case woman's form of an -ić surname, typed with its diacritic (-ićka in any
  case) — a family's woman by the word's own shape — unless the dictionaries or the laws have it.

The twenty-eighth round added, by the same veto:

- "a zdekijeva djevojka": the possessive before kin of a pet name in -i (-ijev), the pet name itself no word.
- "zdenkovo oružje je …", "a zdenkin auto stoji …": opening its clause, a lower-case possessive of a first name of the
  region's dictionary right before a thing a person owns (oružje, vozilo, firma, stan … as subject or object).
- "kvarevići su poznati": a lower-case plural of an -ović/-ević surname opening its clause before su/nisu — the
  family; neither the plural nor its -ić singular a word, a place or a noun of persons in -ić.
- "Zdenko ne Zdravko, Zdravko Lipić …": a capitalised first name of the dictionary, "ne", and a recognised
  capitalised name closed by a comma, a stop or the end — one name corrected by another; both are names.
- "a zora kaže da …", "jagoda je rekla da …": a lower-case first name of the dictionary opening its clause, right
  before a verb of saying and its "da" clause — a person's act (the issue's person verb with the name as subject), so
  the name may be a word of the language; never a function word, a person's word, a place or a word of the laws.
- "…, zora i zdenko lipić, braća": a lower-case first name of the dictionary opening its clause, "i", and a first
  name with its recognised surname — coordinated with a person, it is one, even a word of the language.

Labels as in names.py: F first name, f a first name that may be a word, S surname, C capitalised, O other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from kodeks.privacy import lexicon
from kodeks.privacy.lowercase_frames import KIN_CASES
from kodeks.privacy.name_context import NATIONALITIES, SPEECH_VERBS
from kodeks.privacy.tokens import Token, gap

_KIN_WORDS = frozenset().union(*KIN_CASES.values())
_KIN_NOMINATIVE = KIN_CASES["nom"]
# Possessive adjectives of a person in any case and gender: -in (Zdenkin), -ov/-ev (Zdenkov), -ićev (Lipićev).
_POSSESSIVE = re.compile(r"^(?P<stem>[a-z]{2,})(?P<suffix>in|ov|ev)(?:a|e|u|o|og|oga|om|oj|im|ih|ima)?$")
# The pointing words in an oblique case of a man's or a family's name: "za tog X-ića", "sa onim X-ićem".
_OBLIQUE_DEMONSTRATIVES = frozenset(
    [
        "tog",
        "toga",
        "tom",
        "tome",
        "tim",
        "onog",
        "onoga",
        "onom",
        "onome",
        "onim",
        "ovog",
        "ovoga",
        "ovom",
        "ovome",
        "ovim",
        "nekog",
        "nekoga",
        "nekom",
        "izvjesnog",
    ]
)
_DECLINED_IC = ("ica", "icu", "icem", "icom")
# A person's -ić noun of the language (kin and diminutives of persons): never a surname after a demonstrative.
_PEOPLE_IN_IC = ("bratic", "sestric", "sincic", "unucic", "djeveric", "momcic", "covjecic", "mladic", "decacic")
# An age right after a name: "15 god", "15 godina", "(15)", ", 15 god.".
_AGE_AFTER = re.compile(r"^(?:,?[ ]+\d{1,2}[ ]*(?:god\b|god\.|godin\w*|g\.)|[ ]*\([ ]*\d{1,2}[ ]*(?:god\.?)?[ ]*\))")
_FROM = frozenset(["iz", "sa", "s"])
# What only a person is: of age or not, pregnant, drunk (in both genders; the laws' words for a person's age).
_PERSONS_STATE = frozenset(
    [
        *("maloljetan", "maloljetna", "maloletan", "maloletna", "punoljetan", "punoljetna", "punoletan", "punoletna"),
        *("trudna", "pijan", "pijana", "nepismen", "nepismena", "gluhonijem", "gluhonijema"),
    ]
)
_CLAUSE_OPENERS = frozenset(["a", "i", "ali", "pa", "al"])
_COPULAS = frozenset(["je", "nije"])
_MAX_APPOSITION = 4
_POINTING = frozenset(["onaj", "ona", "taj", "ta", "ovaj", "ova"])
_WOMANS_SURNAME = re.compile(r"(?:ić|ић)(?:k|к)(?:a|e|i|u|om|а|е|и|у|ом)$")


def _a_word(folded: str) -> bool:
    """A form some list, law text or dictionary has: never a name's form on its own."""
    return (
        folded in lexicon.FUNCTION_WORDS
        or folded in lexicon.word_set("common_words.txt")
        or folded in lexicon.common_forms()
        or lexicon.word_of_the_language(folded)
        or lexicon.dictionary_word(folded)
        or lexicon.law_word_in_any_case(folded)
        or lexicon.is_place(folded)
        or lexicon.not_a_name(folded)
        or folded in lexicon.person_words()
    )


def _owner_named(stem: str, suffix: str) -> bool:
    """Whether the stem of a possessive is a first name of the region's dictionary or an -ić surname."""
    if suffix == "in":
        owners = [stem + "a"]
    else:
        owners = [stem, stem + "o", stem + "e"]
        if stem.endswith("et") and len(stem) >= 4:
            owners.append(stem[:-1])  # Rade → Radetov, Mile → Miletov
    if any(lexicon.first_name(owner) == owner for owner in owners):
        return True
    if suffix == "ev" and stem.endswith("ij") and len(stem) >= 4:
        # a pet name in -i (-ijev: Zdeki → Zdekijev), itself no word of any list, no first name's word
        pet = stem[:-1]
        return not _a_word(pet) and not _a_word(stem) and pet not in lexicon.FUNCTION_WORDS
    return suffix == "ev" and stem.endswith("ic") and len(stem) >= 5 and not _a_word(stem)  # Lipić → Lipićev


def _possessives_before(
    text: str, tokens: list[Token], labels: list[str], fits: Callable[[int], bool]
) -> Iterator[tuple[int, str, str]]:
    """Each lower-case possessive adjective (`_POSSESSIVE`: stem, suffix) at `j`, unlabelled or a weak first name,
    right before a lower-case word one space on where `fits(j)` — no word of any list or law, its stem no function
    word; whose name it is, the caller decides."""
    for j in range(len(tokens) - 1):
        token, after = tokens[j], tokens[j + 1]
        if (
            labels[j] not in "Of"
            or not token.text.islower()
            or not after.text.islower()
            or gap(text, token, after) != " "
            or not fits(j)
        ):
            continue
        m = _POSSESSIVE.match(token.folded)
        if m is None or _a_word(token.folded) or m.group("stem") in lexicon.FUNCTION_WORDS:
            continue
        yield j, m.group("stem"), m.group("suffix")


def possessives_before_kin(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "brezićev zet", "zdenkin unuk": a lower-case possessive of a name right before a word for kin or a person."""
    for j, stem, suffix in _possessives_before(
        text,
        tokens,
        labels,
        lambda j: tokens[j + 1].folded in _KIN_WORDS or tokens[j + 1].folded in lexicon.person_words(),
    ):
        if _owner_named(stem, suffix):
            labels[j] = "S" if stem.endswith("ic") else "F"
            labels[j + 1] = "O"  # the kin word ("kum": no Kum) is whose it is, never the name's other half


# What a person owns and the laws speak of as someone's (oružje, vozilo, firma, stan …), as a clause's subject or
# object: nominative and accusative.
_OWNED_THINGS = frozenset(
    [
        *("oruzje", "pistolj", "puska", "vozilo", "auto", "automobil", "kombi", "kamion", "motor", "traktor"),
        *("firma", "firmu", "radnja", "radnju", "kuca", "kucu", "stan", "vikendica", "vikendicu", "zemljiste"),
        *("imanje", "imovina", "imovinu", "telefon", "mobitel", "novcanik", "novac", "pare", "torba", "torbu"),
        *("pas", "psa", "dozvola", "dozvolu", "vozacka", "vozacku", "licna", "licnu", "pasos"),
    ]
)


def possessives_before_owned_things(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "zdenkovo oružje je …", "a zdenkin auto stoji …": opening its clause, a lower-case possessive of a first
    name of the region's dictionary right before a thing a person owns — whose the thing is, is someone."""
    for j, stem, suffix in _possessives_before(
        text, tokens, labels, lambda j: tokens[j + 1].folded in _OWNED_THINGS and _opens_a_clause(text, tokens, j)
    ):
        owners = [stem + "a"] if suffix == "in" else [stem, stem + "o", stem + "e"]
        if any(lexicon.first_name(owner) == owner for owner in owners):
            labels[j] = "F"
            labels[j + 1] = "O"


def surnames_after_oblique_demonstratives(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "protiv tog kvarica": a lower-case declined -ić right after an oblique demonstrative."""
    for j in range(1, len(tokens)):
        token, pointer = tokens[j], tokens[j - 1]
        folded = token.folded
        if (
            labels[j] != "O"
            or not token.text.islower()
            or pointer.folded not in _OBLIQUE_DEMONSTRATIVES
            or not pointer.text.islower()
            or gap(text, pointer, token) != " "
        ):
            continue
        ending = next((e for e in _DECLINED_IC if folded.endswith(e) and len(folded) - len(e) >= 2), None)
        if ending is None:
            continue
        nominative = folded[: -len(ending)] + "ic"
        if _a_word(folded) or _a_word(nominative) or nominative.endswith(_PEOPLE_IN_IC):
            continue
        if any(b in lexicon.word_set("not_surnames.txt") for b in [*lexicon.bases(folded), nominative]):
            continue
        labels[j] = "S"


def names_between_kin_and_age(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "brat roko 15 god": a lower-case first name's nominative between a nominative kin word and an age."""
    for j in range(1, len(tokens)):
        token, kin = tokens[j], tokens[j - 1]
        folded = token.folded
        if (
            labels[j] not in "fO"
            or not token.text.islower()
            or kin.folded not in _KIN_NOMINATIVE
            or gap(text, kin, token) != " "
            or lexicon.first_name(folded) != folded
            or folded in lexicon.word_set("common_words.txt")
            or folded in lexicon.word_set("dictionary_words.txt")  # an entry as it stands: "nada" (hope)
            or lexicon.law_word(folded)
            or folded in lexicon.FUNCTION_WORDS
            or not _AGE_AFTER.match(text[token.end :])
        ):
            continue
        labels[j] = "F"


def womens_surname_forms(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "brezovićka odbija izjavu": a lower-case -ićka form with its diacritic is a woman of the family."""
    for j, token in enumerate(tokens):
        lower = token.text.lower()
        if labels[j] != "O" or not token.text.islower() or not _WOMANS_SURNAME.search(lower):
            continue
        stem = token.folded[: token.folded.rindex("ick")]
        if len(stem) < 4 or _a_word(token.folded) or _a_word(stem + "ic"):
            continue
        labels[j] = "S"


def names_before_pointed_appositions(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Lipar, onaj rumun iz kampa": a capitalised word, a comma, a pointing word and a people's or a person's noun."""
    for j in range(len(tokens) - 2):
        token, pointer, noun = tokens[j], tokens[j + 1], tokens[j + 2]
        if (
            labels[j] not in "fCO"
            or not token.capitalised
            or token.text.isupper()
            or gap(text, token, pointer).strip() != ","
            or pointer.folded not in _POINTING
            or not pointer.text.islower()
            or gap(text, pointer, noun) != " "
            or not (noun.folded in NATIONALITIES or noun.folded in lexicon.person_words() or noun.folded in _KIN_WORDS)
            or _a_word(token.folded)
        ):
            continue
        labels[j] = "F"


def _persons_verb(token: Token) -> bool:
    return token.text.islower() and (token.folded in lexicon.person_verbs() or token.folded in SPEECH_VERBS)


def names_opening_before_their_verb(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "zdenka, komšinica s trećeg sprata, zatekla …", "Zdenka iz apoteke tvrdi …": the message's first word, a first
    name, whose verb follows an apposition of a person's noun or "iz" and a word."""
    if len(tokens) < 4 or text[: tokens[0].start].strip():
        return
    first = tokens[0]
    if (
        labels[0] not in "fFO"
        or not (first.text.islower() or first.capitalised)
        or first.text.isupper()
        or lexicon.first_name(first.folded) != first.folded
        or _a_word(first.folded)
    ):
        return
    if tokens[1].folded in _FROM and tokens[1].text.islower() and tokens[2].text.islower():
        spaced = all(gap(text, tokens[k], tokens[k + 1]) == " " for k in range(3))
        if spaced and _persons_verb(tokens[3]):
            labels[0] = "F"  # "Zdenka iz apoteke tvrdi": where she is from, then what she says
        return
    if gap(text, first, tokens[1]).strip() != "," or tokens[1].folded not in lexicon.person_words():
        return
    for k in range(2, min(len(tokens), 2 + _MAX_APPOSITION + 1)):
        if gap(text, tokens[k - 1], tokens[k]).strip() == ",":
            if _persons_verb(tokens[k]):
                labels[0] = "F"
            return
        if not tokens[k].text.islower():
            return


def _opens_a_clause(text: str, tokens: list[Token], j: int) -> bool:
    """The word at `j` opens the message, or follows a comma or a lower-case a, i, ali, pa."""
    if j == 0:
        return not text[: tokens[0].start].strip()
    before = tokens[j - 1]
    return "," in gap(text, before, tokens[j]) or (before.folded in _CLAUSE_OPENERS and before.text.islower())


def names_before_persons_states(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "a adila je trudna": a first name opening its clause, then je/nije and what only a person is."""
    for j in range(len(tokens) - 2):
        token, copula, state = tokens[j], tokens[j + 1], tokens[j + 2]
        if (
            not _opens_a_clause(text, tokens, j)
            or labels[j] not in "fFO"
            or not (token.text.islower() or (token.capitalised and token.sentence_start))
            or copula.folded not in _COPULAS
            or state.folded not in _PERSONS_STATE
            or not (copula.text.islower() and state.text.islower())
            or gap(text, token, copula) != " "
            or gap(text, copula, state) != " "
            or lexicon.first_name(token.folded) != token.folded
            or _a_word(token.folded)
        ):
            continue
        labels[j] = "F"


# A family's plural of an -ić surname: -ići (-ovići, -evići) in lower case, typed with or without the diacritic.
_FAMILY_PLURAL = re.compile(r"^(?P<stem>[a-z]{3,}(?:ov|ev))ici$")
_PLURAL_COPULAS = frozenset(["su", "nisu"])


def family_plurals_before_su(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "kvarevići su poznati": a lower-case plural of an -ović/-ević surname opening its clause, right before su/nisu
    — the family, as "Petrovići su …". The plural and its -ić singular no word of any list, law or dictionary, no
    place (villages are named so) and no noun of persons in -ić."""
    for j in range(len(tokens) - 1):
        token, copula = tokens[j], tokens[j + 1]
        if (
            labels[j] != "O"
            or not token.text.islower()
            or copula.folded not in _PLURAL_COPULAS
            or not copula.text.islower()
            or gap(text, token, copula) != " "
            or not _opens_a_clause(text, tokens, j)
        ):
            continue
        m = _FAMILY_PLURAL.match(token.folded)
        if m is None:
            continue
        singular = m.group("stem") + "ic"
        if _a_word(token.folded) or _a_word(singular) or singular.endswith(_PEOPLE_IN_IC):
            continue
        if any(b in lexicon.word_set("not_surnames.txt") for b in [*lexicon.bases(token.folded), singular]):
            continue
        labels[j] = "S"


_CORRECTION = frozenset(["ne"])


def names_corrected_after_ne(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Zdenko ne Zdravko, Zdravko Lipić …": a capitalised first name of the region's dictionary, "ne", and a
    capitalised name already recognised, closed by a comma, a full stop or the end — the officer corrects one
    person's name by another's; both are names."""
    for j in range(len(tokens) - 2):
        token, word, name = tokens[j], tokens[j + 1], tokens[j + 2]
        if (
            labels[j] not in "fCO"
            or not token.capitalised
            or token.text.isupper()
            or word.folded not in _CORRECTION
            or not word.text.islower()
            or gap(text, token, word) != " "
            or gap(text, word, name) != " "
            or labels[j + 2] not in "FS"
            or not name.capitalised
            or lexicon.first_name(token.folded) != token.folded
            or token.folded in lexicon.FUNCTION_WORDS
            or lexicon.is_place(token.folded)
        ):
            continue
        rest = text[name.end :]
        if j + 3 < len(tokens):
            rest = text[name.end : tokens[j + 3].start]
        if rest.strip() not in {",", ".", ""} or (not rest.strip() and j + 3 < len(tokens)):
            continue
        labels[j] = "F"


# Verbs of saying that take what was said as a "da" clause: only a person says so.
_SAYING = frozenset(["kaze", "tvrdi", "navodi", "veli", "prica", "govori", "izjavljuje", "rece"])
_SAID = frozenset(["rekao", "rekla", "izjavio", "izjavila", "naveo", "navela", "tvrdio", "tvrdila"])


def _says_that(text: str, tokens: list[Token], k: int) -> bool:
    """At `k`: a verb of saying in the present ("kaže da") or "je rekao da" / "rekao je da", then "da"."""
    words = [t.folded for t in tokens[k : k + 4]]
    if not all(t.text.islower() for t in tokens[k : k + 4]):
        return False
    if len(words) >= 2 and words[0] in _SAYING and words[1] == "da":
        return True
    if len(words) >= 3 and words[1] in _SAID and words[0] == "je" and words[2] == "da":
        return True
    return len(words) >= 3 and words[0] in _SAID and words[1] == "je" and words[2] == "da"


def _a_first_name_in_a_frame(folded: str) -> bool:
    """A lower-case word a person's frame may make a name: a first name of the region's dictionary as it stands,
    even a word of the language (the frame is the evidence), but never a function word, a person's word, a place,
    a word of the laws or a word listed as no name."""
    return (
        lexicon.first_name(folded) == folded
        and folded not in lexicon.FUNCTION_WORDS
        and folded not in lexicon.person_words()
        and not lexicon.is_place(folded)
        and not lexicon.law_word(folded)
        and not lexicon.not_a_name(folded)
    )


def first_names_saying_that(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "a zora kaže da …", "jagoda je rekla da …": a lower-case first name of the region's dictionary opening its
    clause, right before a verb of saying and its "da" clause — a person's act, the name its subject. The name may be
    a word of the language (the verb and its clause are the evidence), never a function word, a person's word, a
    place or a word of the laws."""
    for j in range(len(tokens) - 2):
        token = tokens[j]
        if (
            labels[j] not in "fO"
            or not token.text.islower()
            or gap(text, token, tokens[j + 1]) != " "
            or not _opens_a_clause(text, tokens, j)
            or not _a_first_name_in_a_frame(token.folded)
            or not _says_that(text, tokens, j + 1)
        ):
            continue
        labels[j] = "F"


def first_names_coordinated_with_full_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "…, zora i zdenko lipić, braća, …": a lower-case first name of the region's dictionary opening its clause,
    "i", and a first name with its surname already recognised — coordinated with a person, it is one (the issue's
    coordination with another recognised person), even a word of the language; never a function word, a person's
    word, a place or a word of the laws."""
    for j in range(len(tokens) - 3):
        token, conj, first, surname = tokens[j], tokens[j + 1], tokens[j + 2], tokens[j + 3]
        if (
            labels[j] not in "fO"
            or not token.text.islower()
            or conj.folded != "i"
            or not conj.text.islower()
            or labels[j + 2] not in "Ff"
            or labels[j + 3] != "S"
            or gap(text, token, conj) != " "
            or gap(text, conj, first) != " "
            or gap(text, first, surname) != " "
            or not _opens_a_clause(text, tokens, j)
            or not _a_first_name_in_a_frame(token.folded)
        ):
            continue
        labels[j] = "F"
