"""First names typed in lower case that only their frame shows to be someone (docs/privacy.md "Nineteenth round").

A lower-case word is a name here only with evidence a common noun cannot give, and never when the law texts or the
officers' everyday words have the very form in lower case (`lexicon.law_word`):

- a kinship word and a first name's form in the same case right after it: "sestrom jagodom", "baki rakiti", "brat javor"
  — a mother, a grandmother, a brother is named by the word after the kin word, and a common noun in apposition to
  kin is no first name of the dictionary ("brat blizanac"); or the kin word, "od" and the name's genitive: "kćerka od
  jagode", "ujak od aldine";
- two first names' nominatives joined by "i" before a plural verb of a person ("jadran i neven odnijeli …", "jadran i
  neven tamo prodaju …"), also with where they are from between them and the verb ("jadran i neven iz Lipove 3
  odnijeli …", the address already masked): two singulars that take a plural verb are two subjects, and both shaped
  as first names;
- a preposition a person follows (od, kod, za, prema, protiv), or "u vlasništvu" (the owner's genitive), and a first
  name's oblique case that is no word of the laws or the dictionaries in any case ("od aldine", "za borivoja"): a form
  only a name has;
- a first name's nominative right before "rođen"/"rođena" and a date: only a person is born on a day (a word of the
  dictionaries may be the name here, a word of the laws not);
- a first name's nominative that is no word of any list, a comma from a JMBG or another particular already masked
  ("borivoj, 0101990…", "jmbg …, valentin,"): the number is a person's, and the word beside it in the same list of
  particulars is that person's name;
- one capitalised word opening a record, then a comma and two particulars already masked, each set off by a comma
  ("Zdenko, Lipova 28, Tuzla, 061 …"): the row of a person's particulars opens on the person (names_opening_records;
  the one rule here for a capitalised word, which no list need hold: a foreigner's or a rare first name);
- one capitalised word opening the text right before "iz"/"sa" or a word of dwelling and an address already masked
  ("Zdenka iz ______", "Zdenka živi u zaseok ______"): no word of any list, no place, no person's word — or a first
  name of the dictionary that is no word of the language (the twenty-ninth round's `_an_own_name_opening`).

Labels as in names.py: F first name, f a weak one, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap

# Kinship nouns (folded) by case — the case each form is in: a first name right after one stands in the same case.
_KIN = {
    "nom": "majka nena nana sestra baka baba tetka strina kuma snaha unuka kcerka kci supruga zena"
    " brat sin djed deda dedo djedo ujak stric amidza zet unuk kum muz otac suprug",
    "dat": "majci neni nani sestri baki babi tetki strini kumi snahi unuci kcerki supruzi zeni"
    " bratu sinu djedu dedi ujaku stricu amidzi zetu unuku kumu muzu ocu",
    "acc": "majku nenu nanu sestru baku babu tetku strinu snahu kcerku zenu",
    "ins": "majkom nenom nanom sestrom bakom babom tetkom strinom kumom snahom unukom kcerkom zenom"
    " bratom sinom djedom dedom ujakom stricem zetom muzem ocem suprugom",
    "gen": "majke nene nane sestre bake babe tetke strine snahe kcerke supruge zene"
    " brata sina djeda dede ujaka strica zeta muza oca",
}
# The kin words by case; public: conversation_names.py reads them too.
KIN_CASES = {case: frozenset(forms.split()) for case, forms in _KIN.items()}
# The endings a first name takes in each case (women's -a names and men's names alike).
_NAME_ENDINGS = {
    "nom": ("",),
    "dat": ("i", "u"),
    "acc": ("u",),
    "ins": ("om", "em"),
    "gen": ("e", "a"),
}
# Person prepositions whose object a first name's oblique case can be.
_PERSON_PREPOSITIONS = frozenset(["od", "kod", "za", "prema", "protiv", "vlasnistvu"])
# Words between a pair of subjects and their verb that neither is ("jadran i neven TAMO prodaju").
_ADVERBS = frozenset(
    ["tu", "tamo", "opet", "ponovo", "juce", "sinoc", "jutros", "stalno", "vec", "zajedno", "su", "se"]
)
# A plural verb of persons: a past participle in -li ("odvezli", "ukrali"), a present plural ("čuvaju", "prodaju").
_PLURAL_PARTICIPLE = re.compile(r"[a-z]{2,}li$")
_PLURAL_PRESENT = re.compile(r"[a-z]{2,}(?:aju|uju|iju|eju)$")
# Where the pair is from, between the pair and its verb: "iz"/"sa"/"s" and an address the masker already wrote over
# (masker._blanked), the comma after it kept ("jadran i neven iz ______, ______ odnijeli …").
_FROM_WORDS = frozenset(["iz", "sa", "s"])
_BLANKED_ADDRESS = re.compile(r"\s+_{6,}(?:[\s,]+_+)*,?\s+")


def _name_word(token: Token) -> str | None:
    """The first name a lower-case word is a form of, when the form is no word of the laws or officers' everyday
    words, no place, no function word, no person word."""
    folded = token.folded
    if (
        not token.text.islower()
        or not lexicon.lowercase_name_word(folded)
        or folded in lexicon.person_verbs()
        or _kin_case(folded) is not None  # "kod nene": the grandmother, no Nena
    ):
        return None
    return lexicon.first_name(folded)


def _in_case(folded: str, name: str, case: str) -> bool:
    """Whether `folded` is `name` in `case` ("jagodom" is Jagoda's instrumental, "rakiti" Rakita's dative)."""
    stem = name[:-1] if name[-1] in "aoe" else name
    return any(folded == stem + e for e in _NAME_ENDINGS[case]) if case != "nom" else folded == name


def _kin_case(folded: str) -> str | None:
    for case, forms in KIN_CASES.items():
        if folded in forms:
            return case
    return None


def names_after_kin(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "sa sestrom jagodom", "baki rakiti", "brat javor", "kćerka od jagode": a first name in its kin word's case after
    it, or the kin word, "od" and the name's genitive."""
    for j in range(1, len(tokens)):
        if labels[j] not in "Of" or gap(text, tokens[j - 1], tokens[j]) != " ":
            continue
        name = _name_word(tokens[j])
        if name is None:
            continue
        folded = tokens[j].folded
        case = _kin_case(tokens[j - 1].folded)
        # the nominative beside a nominative kin word: no form of a word of the laws at all ("majka nada kaže": hope)
        nominative_word = case == "nom" and lexicon.law_word_in_any_case(folded)
        if case is not None and tokens[j - 1].text.islower() and _in_case(folded, name, case) and not nominative_word:
            labels[j] = "F"
            continue
        if (
            j >= 2
            and tokens[j - 1].folded == "od"
            and gap(text, tokens[j - 2], tokens[j - 1]) == " "
            and _kin_case(tokens[j - 2].folded) is not None
            and folded != name
            and _in_case(folded, name, "gen")
        ):
            labels[j] = "F"


def _plural_verb(token: Token) -> bool:
    folded = token.folded
    if not token.text.islower() or lexicon.dictionary_word(folded):
        return False
    return (
        folded in lexicon.person_verbs()
        or _PLURAL_PARTICIPLE.fullmatch(folded) is not None
        or _PLURAL_PRESENT.fullmatch(folded) is not None
    ) and not lexicon.not_a_name(folded)


def coordinated_names_before_plural_verbs(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "jadran i neven odnijeli bicikl", "jadran i neven tamo prodaju drogu": two first names' nominatives in lower case joined
    by "i", then (adverbs skipped) a plural verb of persons. One of the two may be a word no list, law or dictionary
    has in any form ("armin i kvarin iz ______ su razbili …"): coordinated with a first name as the subject of a
    plural verb of persons, it is a first name no list holds."""
    for j in range(len(tokens) - 3):
        left, conj, right = tokens[j], tokens[j + 1], tokens[j + 2]
        if (
            conj.folded != "i"
            or labels[j] not in "OfF"
            or labels[j + 2] not in "OfF"
            or gap(text, left, conj) != " "
            or gap(text, conj, right) != " "
            or "F" == labels[j] == labels[j + 2]
        ):
            continue
        listed = [_name_word(t) == t.folded for t in (left, right)]
        if not all(listed) and not (any(listed) and _no_word_at_all(left if listed[1] else right)):
            continue  # both first names' nominatives, or one and a word no list has at all ("armin i kvarin")
        k = j + 3
        joined = " "
        if (
            k + 1 < len(tokens)
            and tokens[k].folded in _FROM_WORDS
            and gap(text, right, tokens[k]) == " "
            and _BLANKED_ADDRESS.fullmatch(gap(text, tokens[k], tokens[k + 1]))
        ):
            joined = gap(text, tokens[k], tokens[k + 1])
            k += 1  # "… iz <address> tukli se": the address is where they are from, the verb still theirs
        while k < len(tokens) and tokens[k].folded in _ADVERBS and gap(text, tokens[k - 1], tokens[k]) == joined:
            k += 1  # "… iz <address> su razbili": the auxiliary right after the address too
            joined = " "
        if k < len(tokens) and gap(text, tokens[k - 1], tokens[k]) == joined and _plural_verb(tokens[k]):
            labels[j] = labels[j + 2] = "F"


def oblique_names_after_person_prepositions(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "izjava od aldine", "pita za borivoja": after od/kod/za/prema/protiv a first name's oblique case that no
    law, dictionary or everyday list has in any case — a form only a name takes."""
    for j in range(1, len(tokens)):
        token = tokens[j]
        if (
            labels[j] not in "Of"
            or tokens[j - 1].folded not in _PERSON_PREPOSITIONS
            or gap(text, tokens[j - 1], token) != " "
        ):
            continue
        folded = token.folded
        name = lexicon.oblique_first_name(folded) if _name_word(token) is not None else None
        if (
            name is None
            or not (_in_case(folded, name, "gen") or _in_case(folded, name, "acc"))
            or lexicon.listed_word(folded)
        ):
            continue
        labels[j] = "F"


# A JMBG as officers type it: 13 digits, whole or grouped by dots or spaces ("0101990170001", "01.01.990.17.000.1"); the
# masker hands names.py the text with what it already masked written over by underscores (masker._blanked).
_JMBG_SHAPE = re.compile(r"\d(?:[. ]?\d){12}")


def _no_word(folded: str) -> bool:
    return not (lexicon.listed_word(folded) or folded in lexicon.word_set("common_words.txt"))


def _no_word_at_all(token: Token) -> bool:
    """A lower-case word that may be a name and that no list has in any form: no word of the laws, the dictionaries,
    the everyday lists, no place, no person's word or verb, no kin word."""
    folded = token.folded
    return (
        token.text.islower()
        and lexicon.lowercase_name_word(folded)
        and _no_word(folded)
        and not lexicon.word_of_the_language(folded)
        and _kin_case(folded) is None
    )


def names_beside_jmbgs(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "borivoj, 0101990170001, uhvaćen …", "jmbg 01.01.990.17.000.1, valentin, a …": a first name's nominative in lower case,
    no word of any list, and a JMBG (or a particular already masked, six characters or more) on the other side of the
    comma."""
    for j, token in enumerate(tokens):
        if labels[j] not in "Of":
            continue
        name = _name_word(token)
        if name is None or name != token.folded or not _no_word(token.folded):
            continue
        after = text[token.end : token.end + 22]
        before = text[max(0, token.start - 22) : token.start]
        if re.match(rf"\s*,\s*(?:{_JMBG_SHAPE.pattern}(?!\d)|_{{6}})", after) or re.search(
            rf"(?:(?<!\d){_JMBG_SHAPE.pattern}|_{{6}})\s*,\s*$", before
        ):
            labels[j] = "F"


_BORN = frozenset(["rodjen", "rodjena", "roden", "rodena"])
# A date right after the birth word: "12.3.1990", "2021-05-17", "12. marta 1990" (a digit opens it), or the date
# already masked as a date of birth (written over by underscores: masker._blanked).
_DATE_AFTER = re.compile(r"\s+(?:\d{1,4}[./-]|_)")


def names_before_birth(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "jagoda rodjena 12.03.1991 nestala …": a first name's nominative in lower case right before rođen(a) and a
    date — the one born that day is someone."""
    for j in range(len(tokens) - 1):
        token, born = tokens[j], tokens[j + 1]
        if (
            labels[j] not in "Of"
            or born.folded not in _BORN
            or gap(text, token, born) != " "
            or not _DATE_AFTER.match(text[born.end : born.end + 6])
        ):
            continue
        name = _name_word(token)
        if name is not None and name == token.folded:
            labels[j] = "F"


# Two particulars already masked (masker._blanked), each a comma from the word before it: "______, ________".
_TWO_PARTICULARS_AFTER = re.compile(r"^[ ]*,[ ]*_{6,}[ ]*(?:,[ ]*|[ ]+[-–—][ ]+)_{6,}")


def names_opening_records(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Zdenko, Lipova 28, Tuzla, 061 203 847 — prijavio …": a capitalised word at a record's start (the text's or a
    line's, after a sentence's end), then a comma and two particulars the masker already wrote over — an address and a
    phone, a JMBG, a date of birth. A row of particulars opens on whose they are. The word is no word of any list (the
    laws in any case, the dictionaries, the everyday forms), no place, no person's word: "Ukradeno, …" or "Tuzla, …" is
    no one."""
    for j, token in enumerate(tokens):
        if labels[j] not in "Of" or not token.sentence_start or not token.capitalised or token.text.isupper():
            continue
        if j + 1 < len(tokens) and tokens[j + 1].start < token.end + 2:
            continue  # "Zdenko Lipić, …": two words, read by the rules for a full name
        if not _TWO_PARTICULARS_AFTER.match(text[token.end : token.end + 80]):
            continue
        folded = token.folded
        if (
            len(folded) < 3
            or lexicon.listed_word(folded)
            or folded in lexicon.FUNCTION_WORDS
            or lexicon.is_place(folded)
            or folded in lexicon.person_words()
            or folded in lexicon.person_verbs()
        ):
            continue
        labels[j] = "F"


# An address already masked (masker._blanked) right after "iz"/"sa", a street's word allowed between: "iz ______".
_FROM_AN_ADDRESS_AFTER = re.compile(r"^[ ]+(?:iz|sa|s)[ ]+(?:(?:ulice|ul\.|ul|naselja|sela)[ ]+)?_{6,}")
# For a capitalised first word: also a settlement's abbreviation, and a word of dwelling with its preposition ("Zdenka
# živi u zaseok ______", "Zdenka stanuje na ______").
_HOME_AFTER = re.compile(
    r"^[ ]+(?:(?:iz|sa|s)|(?:zivi|živi|stanuje|boravi)[ ]+(?:u|na))[ ]+"
    r"(?:(?:ulice|ulici|ul\.|ul|naselja|naselju|naselje|nas\.|sela|selu|selo|zaseoka|zaseoku|zaseok)[ ]+)?_{6,}"
)


def names_from_addresses(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "zdenka iz ______ prijavila …": a lower-case first name's nominative opening the text, right before "iz"/"sa"
    and an address the masker already wrote over — someone from that house. The region's dictionary of first names
    (`lexicon.first_names`) must hold the word as it stands, and no list of words (the laws in any case, the dictionaries, the everyday forms, the
    ambiguous names) may: "ruža iz …", a common noun of the language, stays a word."""
    if not tokens or tokens[0].start != 0 or labels[0] not in "Of":
        return
    token = tokens[0]
    folded = token.folded
    if token.capitalised and token.text[1:].islower():
        if _an_own_name_opening(token, text):
            labels[0] = "F"
        return
    if (
        not token.text.islower()
        or len(folded) < 3
        or folded not in lexicon.first_names()
        or folded in lexicon.ambiguous_names()
        or lexicon.listed_word(folded)
        or lexicon.word_of_the_language(folded)
        or lexicon.not_a_name(folded)
        or not _FROM_AN_ADDRESS_AFTER.match(text[token.end : token.end + 40])
    ):
        return
    labels[0] = "F"


# The endings of nouns for the one who acts (prijavilac, podnosilac, vlasnik, oštećenica, svjedokinja, počinitelj …).
_AGENT_ENDINGS = ("lac", "telj", "teljica", "nik", "nica", "kinja", "lja")


def _an_own_name_opening(token: Token, text: str) -> bool:
    """ "Zdenka iz ______ prijavila …", "Zdenka živi u zaseok ______": a capitalised word opening the text, right before
    "iz"/"sa" or a word of dwelling and an address the masker already wrote over. The capital at a text's start shows
    nothing, so the word must be no word of any list (the laws in any case, the dictionaries, the everyday forms), no
    place, no person's word or verb, no kin word and no noun for the one who acts (-lac, -telj, -nik …) — a
    foreigner's or a rare first name, which no list need hold ("Komšija iz …", "Baba iz …", "Prijavilac iz …",
    "Tuzla iz …" stay) — or a first name of the dictionary as it stands that is no word of the language."""
    folded = token.folded
    if len(folded) < 3 or not _HOME_AFTER.match(text[token.end : token.end + 50]):
        return False
    if (
        folded in lexicon.FUNCTION_WORDS
        or lexicon.is_place(folded)
        or lexicon.not_a_name(folded)
        or folded in lexicon.person_words()
        or folded in lexicon.person_verbs()
        or lexicon.word_of_the_language(folded)
        or folded in KIN_CASES["nom"]  # "Baba iz …": kin
        or folded.endswith(_AGENT_ENDINGS)  # "Prijavilac iz …": a noun of the one who acts, no name
    ):
        return False
    return not lexicon.listed_word(folded) or (
        folded in lexicon.first_names() and folded not in lexicon.ambiguous_names()
    )
