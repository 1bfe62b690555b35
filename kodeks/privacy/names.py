"""Person names as officers type them: "Marko Marković", "marko markovic", "Марко Марковић", "Markovića",
"ana", "M. Marković", "M.M.".

Evidence, strongest first: a surname ending (-ić/-ović/-ević, declined: -ića, -iću, -ićem, -ovica …); a first
name from the list (declined: "Marka", "Anu"); capitalised words inside a sentence. A run of neighbouring
words is a person when it holds a surname or a first name, or two capitalised words that are no place,
institution, law or month. A first name that is also an everyday word (nada, mira, luka) counts only
capitalised inside a sentence or next to other name words; a capital at the start of a sentence says
nothing.
"""

from __future__ import annotations

import re
from dataclasses import astuple, dataclass

from kodeks.privacy import (
    adjective_shaped_names,
    conversation_names,
    dwelling,
    foreign_spelling,
    fronted_objects,
    governed_names,
    initials,
    lexicon,
    lowercase_frames,
    name_context,
    name_cues,
    name_mentions,
    name_pairs,
    name_particles,
    name_repeats,
    named_things,
    negated_verbs,
    noun_surnames,
    place_prepositions,
    place_shapes,
    public_names,
    quoted_nicknames,
    spoken_ages,
    titles,
    units,
    word_surnames,
)
from kodeks.privacy.tokens import Token, gap, words
from retrieval.language.normalize import fold

MAX_RUN = 4
# Two initials, in Latin or Cyrillic ("N. P.", "Н. П."): a person cut short; "N.N." ("Н.Н.") is anyone unknown.
# Two initials; each may be one of the language's two-letter letters ("Dž. R.", "Lj.K.", "Nj. B."): one letter each.
_INITIAL = r"(D[žŽ]|L[jJ]|N[jJ]|Д[жЖ]|[A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ])"
_INITIALS = re.compile(r"(?<![\w.])" + _INITIAL + r"\.\s?" + _INITIAL + r"\.(?!\w)")
_SURNAME_DECLINED = re.compile(
    r"(?:ić|ић)(?:a|u|em|om|а|у|ем|ом)$", re.IGNORECASE
)  # not -iće/-ići: verbs (kazniće, postići)
_ADJECTIVE = re.compile(r"(?:sk|čk|ck|šk|čn|n)(?:i|a|e|o|og|om|oj|ih|im|ima)$")  # Advokatske, Ustavnog: not names
_ROMAN = re.compile(r"^[IVXLC]+$")
_FOLDED_DECLINED = re.compile(r"[oe]vic(?:a|u|em|om)$")
# A surname's possessive and the colloquial word for a woman of the family: "Halilovićevog cimera", "Vidovićeva
# majka", "Omerovićka je vidjela" — capitalised, any case; the person is the surname's (the same placeholder).
_SURNAME_DERIVED = re.compile(r"(?:ić|ић)(?:ev|ев|k|к)(?:a|e|i|u|o|og|oga|om|oj|im|ih|а|е|и|у|о|ог|ом|ој|им|их)?$")
_JOINS = re.compile(r"^(?: |-|\. ?)$")


def _surnames() -> frozenset[str]:
    return lexicon.word_set("surnames.txt")


def _not_surnames() -> frozenset[str]:
    return lexicon.word_set("not_surnames.txt")


@dataclass(frozen=True)
class PersonSpan:
    start: int
    end: int
    surname: str | None  # folded base of the surname ("markovic"): the same person across declined forms
    first: str | None  # the first name's base form ("marko")


def surname_base(folded: str) -> str | None:
    """ "markovicu" → "markovic"; None when the word does not look like a surname."""
    if any(b in _not_surnames() for b in lexicon.bases(folded)):
        return None
    if folded.endswith("ic") and len(folded) >= 4:
        return folded
    return None


def _label(token: Token) -> str:
    """F first name, f first name that may be a word, S surname, C capitalised word, i initial, O other."""
    folded = token.folded
    mid_capital = token.capitalised and not token.sentence_start
    if len(token.text) == 1:
        return "i" if token.text.isupper() and token.initial else "O"
    name = lexicon.first_name(folded)
    if token.text.islower() and folded in lexicon.word_set("common_words.txt"):
        return "f" if name in lexicon.listed_first_names() else "O"  # "kafića", "lopovka": a word of the language
    if lexicon.not_a_name(folded) and folded not in lexicon.listed_first_names():
        return "O"
    if (token.text.isupper() and len(token.text) <= 4 and not name) or _ROMAN.match(token.text):
        return "O"  # MUP, SIPA, KZ: acronyms; XXIII
    if token.text[-1:] in "čч":
        return "O"  # surnames end in -ić; "krivič", "Kovač" (listed surnames are found next to a first name)
    base = surname_base(folded)
    if base is None and _SURNAME_DECLINED.search(token.text) and token.text[0].isupper():
        base = folded[: folded.rindex("ic") + 2]  # "Hodžića"; lower case "pića", "vrtića" are words
    if (
        base is None
        and token.capitalised
        and _SURNAME_DERIVED.search(token.text.lower())
        and not lexicon.dictionary_word(folded)
        and not lexicon.law_word_in_any_case(folded)
    ):
        base = folded[: folded.rindex("ic") + 2]  # "Halilovićevog", "Omerovićka": the family's person
    if (
        base is None
        and _FOLDED_DECLINED.search(folded)
        and not any(b in _not_surnames() for b in lexicon.bases(folded))
    ):
        base = folded[: folded.rindex("vic") + 3]  # "Markovica", "kurtovica" typed without diacritics
    if base is not None:
        return "S"
    if name:
        # A name only the region's dictionary knows may be an everyday word ("blaže", "vojna", "masa"): it
        # counts on its own only capitalised inside a sentence, like the listed names that are words.
        ambiguous = name in lexicon.ambiguous_names() or name not in lexicon.listed_first_names()
        # In capitals a capital says nothing (officers type whole questions so): "STA SADA" is no name.
        # A case form of a name that is itself a word of the dictionaries ("mati": mother, Mato's dative; "zlato",
        # "rado") is as weak in lower case as the listed everyday-word forms.
        word_form = token.text.islower() and name != folded and folded in lexicon.word_set("dictionary_words.txt")
        weak = (ambiguous or word_form or folded in lexicon.common_forms()) and not (
            mid_capital and not token.text.isupper()
        )
        return "f" if weak else "F"
    if token.capitalised and not token.text.isupper() and folded in lexicon.foreign_names():
        return "F" if mid_capital else "f"  # "Tomasz", "Jacek": a foreigner's name, only capitalised and undeclined
    if mid_capital and not _ADJECTIVE.search(folded) and not token.text.isupper():
        return "C"  # (a heading in capitals is no name: "DJELA PROTIV")
    return "O"


def _listed_surname(folded: str) -> bool:
    return any(b in _surnames() for b in lexicon.bases(folded))


def _declined_ic(folded: str) -> bool:
    """ "hodzica", "hodzicu", "hodzicem": a declined -ić surname typed without diacritics."""
    return any(folded.endswith(e) and len(folded) > len(e) + 2 for e in ("ica", "icu", "icem", "icom")) and not any(
        b in _not_surnames() for b in lexicon.bases(folded)
    )


def _ica_noun_case(folded: str) -> bool:
    """ "brusilicu", "lisicom": the accusative or instrumental of a feminine -ica noun of the dictionaries (brusilica,
    lisica). The -ica form is left out: it is also an -ić surname's genitive and accusative ("osumnjiceni hodzica"),
    the case a name after a word for a person takes most."""
    return any(
        folded.endswith(e) and folded[: -len(e)] + "ica" in lexicon.word_set("dictionary_words.txt")
        for e in ("icu", "icom")
    )


def _surnames_next_to_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Lower-case surnames the ending rule cannot see: a listed surname next to a first name ("ana kovac",
    "sarac ivan", "ivana horvata"), a declined -ić without diacritics after one ("harisa hodzica"), and a
    listed surname or -ić after a word for a person ("osumnjiceni kovac", "stranka kovac")."""
    for j, token in enumerate(tokens):
        if labels[j] not in "OC":  # a capitalised listed surname at a sentence's start too: "Dario Kolar je …"
            continue
        left = j > 0 and gap(text, tokens[j - 1], token) == " "
        right = j + 1 < len(tokens) and gap(text, token, tokens[j + 1]) == " "
        by_name = (left and labels[j - 1] in "Ff") or (right and labels[j + 1] in "Ff")
        after_role = left and tokens[j - 1].folded in lexicon.person_words()
        if token.text.islower() and token.folded in lexicon.word_set("common_words.txt"):
            continue  # a word of the language ("kradljivica") is no surname in lower case
        # After a word for a person only the role shows a surname, and a case of a feminine -ica noun of the
        # dictionaries is as likely the thing done with ("dao komsiji brusilicu": the grinder given, not the
        # neighbour's surname): in lower case it is no declined -ić there (the rule: a word is a name only
        # with strong evidence). A first name beside it stays evidence enough ("harisa hodzica").
        by_first = left and labels[j - 1] in "Ff"
        ica_noun = token.text.islower() and _ica_noun_case(token.folded)
        if ((by_name or after_role) and _listed_surname(token.folded)) or (
            (by_first or (after_role and not ica_noun)) and _declined_ic(token.folded)
        ):
            labels[j] = "S"


# Endings of verbs, adjectives and pronouns ("udario", "zatekli", "pijani", "njegov"): a word with one is no name.
_NOT_NAME_ENDINGS = (
    "ao",
    "io",
    "eo",
    "uo",
    "la",
    "li",
    "lo",
    "le",
    "ti",
    "ci",
    "ce",
    "se",
    "mo",
    "te",
    "ni",
    "na",
    "no",
    "ne",
    "ski",
    "ska",
    "sko",
    "og",
    "om",
    "em",
    "im",
    "ih",
    "oj",
    "ov",
    "ev",
    "en",  # a passive participle: "rođen", "uhapšen", "pritvoren" (Ognjen, Stjepan-like names are listed)
    "an",
)


def _unlisted_first_name(token: Token, surname: Token) -> bool:
    """A word right beside a surname that could be a first name the list lacks ("gojko mandic", "Стојанка Васић"):
    capitalised, or in lower case without the ending of a verb, adjective or pronoun. A word in capitals beside
    a surname that is not is an acronym ("Kovačević JMBG …"), not a name."""
    folded = token.folded
    if (
        (token.text.isupper() and not surname.text.isupper())
        or len(folded) < 3
        or folded in lexicon.FUNCTION_WORDS
        or folded in lexicon.person_words()
        or lexicon.not_a_name(folded)
        or (token.text.islower() and public_names.is_business_noun(folded))  # "pekara Lipić": the bakery's name
    ):
        return False
    if folded in lexicon.common_forms() or folded in _CLITICS:
        return False
    if not (token.text[0].isupper() and not token.text.isupper()) and lexicon.law_word(folded):
        return False  # a word of the laws in lower case or in capitals: "MARKOVIC NIJE", "KOVAC ZBOG"
    if not any(c in "aeiou" for c in folded):
        return False  # "JMBG", "MUP": no name
    if name_pairs.unlisted_first_name_in_the_surnames_case(token, surname):
        return True  # "zulfom hadzicem", "almedina zukic"
    if token.text[0].isupper() and not token.text.isupper():
        return True  # (in capitals the endings decide, as in lower case: "MARKOVIC ZBOG", "MARKOVIC UDARIO")
    # "mesic tvrdi", "hodzic vozi": a verb in the present (-i) or a person verb beside a surname, no first name
    return not folded.endswith((*_NOT_NAME_ENDINGS, "i")) and folded not in lexicon.person_verbs()


def _first_names_beside_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j, _token in enumerate(tokens):
        if labels[j] != "S":
            continue
        for k in (j - 1, j + 1):
            if (
                0 <= k < len(tokens)
                and labels[k] == "O"
                and gap(text, *sorted((tokens[j], tokens[k]), key=lambda t: t.start)) == " "
                and not (tokens[k].text.islower() and text[tokens[k].end : tokens[k].end + 1] == ".")  # "rođ.", "ul."
                and _unlisted_first_name(tokens[k], tokens[j])
            ):
                labels[k] = "F"
                break


# Auxiliaries and clitics between a name and its verb: "savica SMO zatekli", "prijetio JE ani".
_CLITICS = frozenset(
    ["smo", "su", "je", "sam", "si", "ste", "ga", "mu", "joj", "ih", "im", "se", "nije", "nisu", "nismo", "ce", "cu"]
)
_DECLINED_IC_ENDINGS = ("ica", "icu", "icem", "icom")
# Before a declined -ić surname ("kod savica", "sa savicem", "od savica"): a person's case after them.
_PERSON_PREPOSITIONS = frozenset(["kod", "od", "sa", "s", "prema", "za", "bez"])


_CONJUNCTIONS = frozenset(["i", "a", "ili", "pa", "te", "ali"])


def _near_person_verb(text: str, tokens: list[Token], j: int, reach: int, things: bool = True) -> bool:
    """Whether a person verb (data/person_verbs.txt) stands within `reach` words of token `j` in the same clause
    (a comma or a full stop ends the search; auxiliaries and clitics are not counted). `things=False`: not a verb
    whose object is as often a thing ("ukrao", "oduzeli")."""
    for step in (-1, 1):
        k, seen = j, 0
        while 0 <= k + step < len(tokens) and seen < reach:
            left, right = (tokens[k], tokens[k + step]) if step > 0 else (tokens[k + step], tokens[k])
            if gap(text, left, right) != " ":
                break
            k += step
            if step > 0 and tokens[k].folded in _CONJUNCTIONS:
                break  # "aparat laze i trazi": a verb after "i" is the next predicate's, not this word's
            if tokens[k].folded in _CLITICS:
                continue
            if tokens[k].folded in lexicon.person_verbs() and (
                things or not tokens[k].folded.startswith(lexicon.THING_VERBS)
            ):
                return True
            seen += 1
    return False


# Modals whose subject is the officer(s) or plural (never a singular -ica noun), or impersonal "treba".
_WE_MODALS = frozenset(
    ["mogu", "mozemo", "moram", "moramo", "smijem", "smijemo", "trebamo", "treba", "hocemo", "cemo", "cu", "trebam"]
)


def _object_of_person_verb(text: str, tokens: list[Token], j: int) -> bool:
    """ "pretresli smo grbica", "pozvali smo mesica": a declined -ića in lower case right after a person verb (the
    clitics between skipped) is that verb's object in the accusative, and a masculine noun takes the genitive's
    -a there only when it names someone alive — the dictionary's -ić diminutives (grbić, mješić) do not ("kod
    vrtića" after a preposition is a place, and so not counted)."""
    token = tokens[j]
    if not (token.text.islower() and token.folded.endswith("ica")):
        return False
    after = tokens[j + 1] if j + 1 < len(tokens) else None
    before = j - 1
    while before >= 0 and tokens[before].folded in ("li", "jel", "jeli", "da"):
        before -= 1
    if (
        after is not None
        and gap(text, token, after) == " "
        and after.folded.endswith(("ti", "ci"))
        and after.folded in lexicon.person_verbs()
        and before >= 0
        and tokens[before].folded in _WE_MODALS
    ):
        return (
            True  # "smijemo li grbica pretresti": the officers' infinitive, its object before it ("može li lisica …")
        )
    k, we = j, False
    while k > 0 and gap(text, tokens[k - 1], tokens[k]) == " ":
        k -= 1
        if tokens[k].folded in _CLITICS:
            we = we or tokens[k].folded in lexicon.OFFICERS_AUXILIARIES
            continue
        # "smo"/"sam" or a plural verb: the officers are the subject, so the word is the object; a feminine -ica
        # noun (lisica, grbica) would be -icu there.
        return tokens[k].folded in lexicon.person_verbs() and (we or tokens[k].folded.endswith("li"))
    return False


# The dictionary's -ić nouns for people (kin, age): someone who may own a dwelling, and no name in lower case. Also
# surnames (Bratić), so not in not_surnames.txt, which would drop them beside a first name too.
_PEOPLE_IN_IC = frozenset(
    ["bratic", "sestric", "sincic", "unucic", "djeveric", "momcic", "covjecic", "stricevic", "ujcevic", "kumic"]
)


def _surname_shaped(
    token: Token, animate_object: bool = False, plural_verb_after: bool = False, owner: bool = False
) -> bool:
    """A word shaped like a surname of the region: a listed surname, or -ić in any case ("savic", "savica",
    "savicu", "savicem") on a stem of three letters or more — and, unless listed, no word of the language: not in
    lower case in the law texts, not a word of the spelling dictionaries ("granicu", "lisica", "delić"). `owner`: the
    word owns a dwelling ("kod savica u stanu"), so the dictionary's -ić/-ič things (radič) do not count against it —
    its -ica nouns still do ("kod prijateljica u stanu": their genitive plural)."""
    folded = token.folded
    if (
        folded in lexicon.FUNCTION_WORDS
        or folded in lexicon.person_words()
        or lexicon.not_a_name(folded)
        or any(b in _not_surnames() for b in lexicon.bases(folded))
    ):
        return False
    if _listed_surname(folded):
        return True
    shaped = (
        (folded.endswith("ic") and len(folded) >= 5)
        or any(folded.endswith(e) and len(folded) - len(e) >= 3 for e in _DECLINED_IC_ENDINGS)
        # -anin in any case (Hodžanin, Mujanin): the dictionaries' -anin words (građanin, seljanin) are checked below
        or any(folded.endswith(e) and len(folded) - len(e) >= 2 for e in ("anin", "anina", "aninu", "aninom"))
        # a family by its surname's plural ("Begovići su se potukli"): the rule's person verb beside it is needed
        or any(folded.endswith(e) and len(folded) - len(e) >= 3 for e in ("ici", "icima"))
    )
    if not shaped or lexicon.law_word(folded):
        return False
    if animate_object:
        return True  # the -ića of a living being: no dictionary word (not_surnames.txt: psić, zečić … aside)
    plural = next((e for e in ("icima", "ici") if folded.endswith(e)), None)
    if plural and not folded.endswith(_DECLINED_IC_ENDINGS):
        # "komadići", "delići": the dictionary's -ić words, only capitalised; -ici is also the dative of an -ica noun
        # ("po poledici", "prijetio prodavačici"), so in lower case only a family's -ovići/-evići
        singular, stem = folded[: -len(plural)] + "ic", folded[: -len(plural)]
        if lexicon.law_word(singular) or (plural == "ici" and not plural_verb_after):
            return False  # "Prodavačici je prijetio": a dative; a family takes a plural verb ("Begovići su …")
        if not token.text.islower():
            return True
        return (
            stem.endswith(("ov", "ev"))
            and singular not in lexicon.word_set("dictionary_words.txt")
            and not lexicon.law_word_in_any_case(stem + "ica")
            and not lexicon.dictionary_word(stem + "ica")
        )
    if owner and any(b in _PEOPLE_IN_IC for b in lexicon.bases(folded)):
        return False  # "kod bratica u stanu": a cousin owns the flat, a noun of the language
    # A capital at a sentence's start says nothing, but the dictionary's -ić diminutives are surnames as well.
    return not lexicon.dictionary_word(folded, stem_alone=token.text.islower() and not owner)


def _declined_first_name(folded: str, name: str) -> bool:
    """ "ani" (Ana), "editu" (Edita): a case form of a first name, not its nominative — or of a listed name even
    where the form is itself a rare name of the dictionary ("ani")."""
    if name != folded:
        return True
    return any(
        stem + e in lexicon.listed_first_names() for stem in lexicon.bases(folded)[1:] for e in ("", "a", "o", "e")
    )


# Surnames of the region without -ić, in any case: -ski/-ska (Stojanovski, Petrovska, Kovačevskog), -ov/-ev
# (Jovanov, Petrova): a surname only right after a first name, and only when no dictionary or law has the word.
_OTHER_SURNAME = re.compile(r"(?:[sč]k|ck)(?:i|a|og|om|oj|im|u|e)$|(?:ov|ev)(?:a|e|u|om|oj)?$")


def _other_surnames_after_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "zoran stojanovski", "elena petrovska", "goran jovanov": a word of a surname's shape right after a first
    name. Not an adjective or possessive of the language ("gradski", "policijska", "njegov": the law texts and the
    spelling dictionaries have them)."""
    for j in range(1, len(tokens)):
        token, first = tokens[j], tokens[j - 1]
        folded = token.folded
        if (
            labels[j] != "O"
            or labels[j - 1] != "F"
            or gap(text, first, token) != " "
            or len(folded) < 5
            or not _OTHER_SURNAME.search(folded)
            or (token.text.isupper() != first.text.isupper() and not token.text[0].isupper())
            # "u kafiću Ruža vjetrova": a name's halves are typed alike, so a lower-case word after a capitalised
            # first name inside a sentence is no surname of this shape (a genitive plural, -ova, often)
            or (token.text.islower() and first.capitalised and not first.sentence_start)
            or folded in lexicon.FUNCTION_WORDS
            or folded in lexicon.person_words()
            or folded in lexicon.common_forms()
            or lexicon.not_a_name(folded)
            or lexicon.law_word(folded)
            or lexicon.dictionary_word(folded)
        ):
            continue
        labels[j] = "S"


def _lone_names_by_verbs(text: str, tokens: list[Token], labels: list[str]) -> None:
    """A word standing alone that only its neighbours show to be a person: a surname-shaped word (in lower case or
    at a sentence's start) right beside a person verb or right before "jmbg" ("savica smo zatekli", "kovac jmbg
    …", "sarac je prijetio"), a declined -ić after kod/od/sa/prema/za ("kod savica", "sa savicem"), and a
    declined first name in lower case within two words of a person verb
    ("prijetio je ani", "oduzeli smo telefon ivi", "kod ive smo nasli")."""
    for j, token in enumerate(tokens):
        if labels[j] not in "Of" or token.text.isupper() or _counted(text, tokens, j):
            continue
        lower_or_first = token.text.islower() or token.sentence_start
        person_preposition = (
            j > 0
            and tokens[j - 1].folded in _PERSON_PREPOSITIONS
            and gap(text, tokens[j - 1], token) == " "
            and token.folded.endswith(_DECLINED_IC_ENDINGS)
        )
        jmbg_after = j + 1 < len(tokens) and tokens[j + 1].folded == "jmbg" and gap(text, token, tokens[j + 1]) == " "
        if (
            labels[j] in "Of"
            and lower_or_first
            and (
                jmbg_after
                or person_preposition
                or _near_person_verb(text, tokens, j, 1)
                or _before_a_person_subject(text, tokens, j)
            )
            and _surname_shaped(
                token,
                owner=person_preposition and governed_names.dwelling_after(text, tokens, j),
                animate_object=_object_of_person_verb(text, tokens, j),
                plural_verb_after=j + 1 < len(tokens)
                and gap(text, token, tokens[j + 1]) == " "
                and (tokens[j + 1].folded in ("su", "nisu") or tokens[j + 1].folded.endswith("li")),
            )
        ):
            labels[j] = "S"
            continue
        name = lexicon.first_name(token.folded)
        if (
            token.text.islower()
            and name is not None
            and _declined_first_name(token.folded, name)  # "ani", "emi" (the nominative may be a word)
            and token.folded not in lexicon.common_forms()
            and not lexicon.law_word(token.folded)
            and token.folded not in lexicon.word_set("dictionary_words.txt")
            and not lexicon.is_place(token.folded)
            and not lexicon.not_a_name(token.folded)  # "do petka": a day, not Petko's genitive
            and _near_person_verb(text, tokens, j, 2)
            and not _genitive_after_a_thing_verb(text, tokens, j, name)
        ):
            labels[j] = "F"


_QUANTIFIERS = frozenset(["oba", "obje", "obadva", "obadvije", "nekoliko"])
_COUNT_IN_DIGITS = re.compile(r"(?<![\w.,/-])\d{1,3} $")


def _counted(text: str, tokens: list[Token], j: int) -> bool:
    """A word in lower case right after a numeral ("dva", "tri", "pet", "2", "oba") is the noun it counts ("dva vuka
    napala ovce"): the count's genitive, never a person standing alone."""
    token = tokens[j]
    if not token.text.islower():
        return False
    if _COUNT_IN_DIGITS.search(text, 0, token.start):
        return True
    return (
        j > 0
        and gap(text, tokens[j - 1], token) == " "
        and (tokens[j - 1].folded in lexicon.word_set("number_words.txt") or tokens[j - 1].folded in _QUANTIFIERS)
    )


def _before_a_person_subject(text: str, tokens: list[Token], j: int) -> bool:
    """ "savica je komsija prijavio": a declined -ić put first, the clitic, then a word for a person (komšija,
    svjedok: the subject, in the nominative) and a person verb — the fronted word is that verb's object."""
    if not tokens[j].folded.endswith(("ica", "icu")):
        return False
    k = j + 1
    while k < len(tokens) and tokens[k].folded in _CLITICS and gap(text, tokens[k - 1], tokens[k]) == " ":
        k += 1
    return (
        k > j + 1
        and k + 1 < len(tokens)
        and gap(text, tokens[k - 1], tokens[k]) == " "
        and gap(text, tokens[k], tokens[k + 1]) == " "
        and tokens[k].folded in lexicon.person_words()
        and tokens[k + 1].folded in lexicon.person_verbs()
    )


def _genitive_after_a_thing_verb(text: str, tokens: list[Token], j: int, name: str) -> bool:
    """ "ukrao je ruže", "vozio je …": right after a verb whose object is as often a thing, the object is in the
    accusative — a woman's name there ends in -u, so her name's -e form
    (genitive) is the plural of the noun ("ruže", "jagode"), not her."""
    k = j - 1
    while k >= 0 and tokens[k].folded in _CLITICS | lexicon.OFFICERS_AUXILIARIES:
        k -= 1
    return (
        k >= 0
        and gap(text, tokens[k], tokens[k + 1]) == " "
        and tokens[k].folded.startswith(lexicon.THING_VERBS)
        and name.endswith("a")
        and tokens[j].folded == name[:-1] + "e"
    )


# Before a place rather than a person: "na Grbavici smo zatekli", "kod Merkatora smo uhapsili", "u Dobrinji su".
_LOCATIVE = place_prepositions.OF_PLACES


def _capitalised_words_by_verbs(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "zatekli smo Brkana", "juce je Salkan prijetio", "prijavio ga je Kos": one capitalised word inside a sentence
    right beside a person verb (clitics skipped) is a person — when no law text or dictionary has it as a word, it
    is no place, institution or town, and no preposition of place stands before it (a neighbourhood, a shop)."""
    for j, token in enumerate(tokens):
        declined_an = (  # "Zulkana", "Salkanom": a declined -an surname, which _label takes for an adjective (-na)
            labels[j] == "O"
            and token.capitalised
            and not token.sentence_start
            and not token.text.isupper()
            and token.folded.endswith(("ana", "anu", "anom", "ane"))
            and not lexicon.not_a_name(token.folded)
            and lexicon.phrase_at([t.folded for t in tokens], j) == 0
        )
        if (
            (labels[j] == "C" or declined_an)
            and len(token.folded) >= 3
            and token.folded not in lexicon.FUNCTION_WORDS  # "За возила" at a line's start in a law
            and not (j > 0 and tokens[j - 1].folded in _LOCATIVE)
            and not lexicon.law_word_in_any_case(token.folded)
            and not lexicon.dictionary_word(token.folded)
            and not lexicon.is_place(token.folded)
            and _person_verb_with_a_person_beside(text, tokens, j)
        ):
            labels[j] = "S"


def _person_verb_with_a_person_beside(text: str, tokens: list[Token], j: int) -> bool:
    """A person verb right after token `j` (it is the subject), or right before it unless the verb's object is as
    often a thing; clitics between are skipped, a comma or a full stop ends the search."""
    for step in (-1, 1):
        k = j
        while 0 <= k + step < len(tokens):
            left, right = (tokens[k], tokens[k + step]) if step > 0 else (tokens[k + step], tokens[k])
            if gap(text, left, right) != " ":
                break
            k += step
            if tokens[k].folded in _CLITICS or (step < 0 and k == j - 1 and tokens[k].folded in _PERSON_PREPOSITIONS):
                continue  # "razgovarali smo sa Brkanom": a person's case after sa / od / prema
            verb = tokens[k].folded
            if verb in lexicon.person_verbs() and (
                step > 0 or not (verb.startswith(lexicon.THING_VERBS) or verb in ("dao", "dala"))
            ):
                return True
            break
    return False


# A place named after a person: the name after one of these is the place's ("most Mehmed-paše Sokolovića", "trg
# Alije Izetbegovića", "OŠ Meša Selimović"); it is an address only with a house number (addresses.py).
_PLACE_NOUNS = re.compile(
    r"^(?:most|mosta|mostu|mostom|cuprij\w*|trg|trga|trgu|trgom|ulic[aeiu]|ulicom|ul|bulevar\w*|park|parka|parku|"
    r"parkom|skol[aeiu]|skolom|os|ss|gimnazij\w*|naselj[aeu]|obal[aeiu]|setalist\w*|kasarn\w*|spomenik\w*|"
    r"kej\w*|aleja|aleji|aleje|sokak\w*|avenij\w*|sel[aou]|zaseo?k[au]?|zasel(?:ak|k[au])|mahal[aeiu]|prelaz|prelaza|prelazu|"
    r"univerzitet\w*|sveucilist\w*|fakultet\w*|institut\w*|akademij\w*|muzej\w*|bibliotek\w*|pozorist\w*|"
    r"kazalist\w*|galerij\w*|stadion\w*|dvoran\w*|aerodrom\w*|mz)$"
)  # not dom, centar, bolnica: "u bolnici Ana Kovač tvrdi …" is more often a person than an institution's name
# "Dom zdravlja", "Dom kulture": "dom" with the genitive that makes it an institution is a place noun (a home alone is
# not: "dom Marka Markovića" is someone's).
# A hospital, a clinic, a centre opening its clause is the subject, the capitalised word after it its name ("bolnica
# Kasindo traži pratnju"); inside a sentence a person follows them as often ("u bolnici Ana Kovač tvrdi").
_INSTITUTION_NOUNS = re.compile(r"^(?:bolnic[aeiu]|klinik[aeiu]|ambulant[aeiu]|centar|centr[aeu])$")
_DOM_OF = frozenset(["zdravlja", "kulture", "penzionera", "mladih", "omladine", "armije", "ucenika", "studenata"])
# A title with its full stop inside a place's name: "Dom zdravlja dr. Mirsad Lipovača", "OŠ prof. Ante Lipe".
_TITLES_WITH_STOP = frozenset(["dr", "prof", "prim", "mr", "sv", "akad"])
# A café, a hotel, a shop is named too ("u kafiću Vesna", "kod Hotela Bristol"), with capitals: a lower-case name after
# it is a person ("u kaficu edin kos razbio …"), and so is a name followed by its verb.
_VENUE_NOUNS = re.compile(
    r"^(?:kafic\w*|kafan[aeiu]|kafanom|restoran\w*|hotel\w*|motel\w*|hostel\w*|pansion\w*|bar|bara|baru|klub\w*|"
    r"diskotek\w*|nocn\w* klub\w*|market\w*|supermarket\w*|prodavnic\w*|trgovin\w*|apotek\w*|ljekarn\w*|salon\w*|"
    r"picerij\w*|cafe|caffe|butik\w*|kladionic\w*|kasino|kasina|kasinu|radnj[aeiu]|radnjom|pekarn\w*|"
    r"buregdzinic\w*|cevabdzinic\w*|slasticarn\w*|mjenjacnic\w*|menjacnic\w*|zlatarn\w*|kiosk\w*)$"
)
# Lower-case words inside such a name: "Zmaja od Bosne", "Mehmed paše Sokolovića", "kralja Tvrtka".
_PLACE_NAME_JOINS = frozenset(
    [
        "od",
        "i",
        "pase",
        "pasa",
        "beg",
        "bega",
        "bey",
        "kralja",
        "cara",
        "kneza",
        "bana",
        "vojvode",
        "hadzi",
        "fra",
        "sv",
        "svetog",
        "svete",
        "marsala",
        "heroja",
        "brace",
        "narodnog",
        "narodnih",
        "dr",
        "prof",
    ]
)
_HISTORICAL_TITLES = frozenset(
    ["beg", "bega", "begu", "pasa", "pase", "pasi", "aga", "age", "agi", "efendija", "efendije"]
)
# Before a river, lake, mountain or town that is also a first name: "na Drini", "obala Drine", "u Uni".
_PLACE_BEFORE = place_prepositions.BEFORE_NATURE | frozenset(
    [
        "rijeka",
        "rijeke",
        "rijeci",
        "rijeku",
        "korito",
        "korita",
        "jezero",
        "jezera",
        "jezeru",
        "planina",
        "planine",
        "planini",
        "planinu",
        "vrh",
        "vrhu",
        "izvor",
        "izvora",
        "usce",
        "usca",
        "dolina",
        "doline",
        "dolini",
        "kanjon",
        "kanjona",
        "kanjonu",
    ]
)


def _diminutives_alone(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "izvadio nozic": a lower-case -ić that the spelling dictionaries have (a diminutive: nožić, kućić) is a surname
    only with a name beside it (a surname joined by a hyphen too: "marko lipovic-delic") or a person verb near it
    ("prijavila je delic", "lalic udario")."""
    for j, token in enumerate(tokens):
        if (
            labels[j] == "S"
            and token.text.islower()
            and token.folded.endswith("ic")
            and token.folded in lexicon.word_set("dictionary_words.txt")
            and not _listed_surname(token.folded)
            and not _beside_a_name(text, tokens, labels, j)
            and not _near_person_verb(text, tokens, j, 2, things=False)  # "ukrao zvoncic": a thing
        ):
            labels[j] = "O"


def _beside_a_name(text: str, tokens: list[Token], labels: list[str], j: int) -> bool:
    """Whether the word at `j` stands right beside a word labelled a name, a space between them — or joined to a
    surname by a hyphen, the second half of a double one ("marko lipovic-delic")."""
    for k in (j - 1, j + 1):
        if 0 <= k < len(tokens) and labels[k] in "FfSC":
            between = gap(text, tokens[min(j, k)], tokens[max(j, k)])
            if between == " " or (labels[k] == "S" and between == "-"):
                return True
    return False


def _second_name(text: str, tokens: list[Token], labels: list[str], k: int) -> bool:
    """A place is named after one person: after a surname closing its name ("OŠ Meša Selimović", "parku Hasana
    Kikića") a capitalised listed first name that a surname or its own verb follows starts a person of the sentence
    ("… Selimović Edin je prodavao", "… Kikića Mujo Sejdić i Haso"); a nickname after the name ("stadion Asim
    Ferhatović Hase") is still the place's."""
    last, word = tokens[k - 1], tokens[k]
    if not (labels[k - 1] == "S" or last.folded.endswith(("ic", *_DECLINED_IC_ENDINGS))) or labels[k] not in "Ff":
        return False
    if not word.capitalised or lexicon.first_name(word.folded) != word.folded:
        return False  # its nominative only: "Trg Alije Izetbegovića" has no name after the surname
    if k + 1 >= len(tokens) or gap(text, word, tokens[k + 1]) != " ":
        return False
    after = tokens[k + 1]
    return (after.capitalised and labels[k + 1] in "SC") or _subject(text, tokens, k + 1, k)


def _subject(text: str, tokens: list[Token], k: int, first: int) -> bool:
    """A surname in the nominative followed by a verb ("u parku Marko Marković udario …") is the sentence's
    subject, a person — not the name of the place before it ("u parku Ivana Gorana Kovačića", "OŠ Vuk Karadžić");
    so is a listed first name in its nominative among the words (`first` to `k`) before the verb ("u kafiću Mirza je
    udario", "u kaficu edin kos razbio")."""
    if k >= len(tokens) or gap(text, tokens[k - 1], tokens[k]) != " " or not tokens[k].text.islower():
        return False
    verb = tokens[k].folded
    last = tokens[k - 1].folded
    if last.endswith(_DECLINED_IC_ENDINGS) and _near_person_verb(text, tokens, k - 1, 1):
        # "u parku Jovana Savica su pretukli", "na mostu Dragana Ilica smo zatekli": the verb's object — unless the
        # verb has its object after it ("na mostu Mehmed-paše Sokolovića zatekli smo Nenada Marića")
        return not _object_after(text, tokens, k)
    person = last.endswith("ic") or any(
        t.folded in lexicon.listed_first_names() and t.folded not in lexicon.ambiguous_names() for t in tokens[first:k]
    )
    return person and (  # "u kafiću Mirza je udario …": a listed first name in its nominative too
        verb in ("je", "su", "ga", "ju", "joj", "mu", "nije", "nisu") or verb.endswith(("o", "la", "li", "le", "lo"))
    )


_CLITICS_AFTER_VERB = frozenset(["smo", "su", "je", "sam", "ste", "ga", "ju", "je", "mu", "joj", "se"])


def _object_after(text: str, tokens: list[Token], k: int) -> bool:
    """Whether a capitalised name follows the verb at `k` (its clitics skipped): the verb's object is there."""
    m = k + 1
    while m < len(tokens) and tokens[m].folded in _CLITICS_AFTER_VERB and tokens[m].text.islower():
        m += 1
    return m < len(tokens) and tokens[m].capitalised and not tokens[m].sentence_start


_POSSESSIVE = re.compile(r"^(?P<stem>[a-z]{2,})(?P<suffix>in|ov|ev)(?:a|e|u|o|og|oga|om|oj|im|ih|ima)?$")


def _possessives_of_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "u Harisovom autu", "u Amrinoj kući": a capitalised possessive of a listed first name inside a sentence,
    before a lower-case noun, names its owner — a person (in lower case before a word for kin: "mirsadov brat"). Before a capitalised word it names a place ("Marijin Dvor"),
    and before a street's or a place's noun a street ("u Titovoj ulici")."""
    for j, token in enumerate(tokens[:-1]):
        after = tokens[j + 1]
        # in lower case only before a word for kin or a person, and no word of the language: "mirsadov brat"
        lower = (
            token.text.islower()
            and after.folded in lexicon.person_words()
            and not lexicon.word_of_the_language(token.folded)
            and not lexicon.dictionary_word(token.folded)
        )
        if (
            labels[j] not in "OC"
            or not (token.capitalised or lower)
            or (token.sentence_start and after.folded not in lexicon.person_words())  # "Harisov brat je …" still
            or token.text.isupper()
            or gap(text, token, after) != " "
            or not after.text.islower()
            or after.folded in lexicon.FUNCTION_WORDS
            or _PLACE_NOUNS.match(after.folded)
            or _VENUE_NOUNS.match(after.folded)
            or after.folded.startswith(("cest", "put", "crkv", "dzamij", "brd", "polj", "vod", "most"))
        ):
            continue
        m = _POSSESSIVE.match(token.folded)
        if m is None or lexicon.is_place(token.folded) or lexicon.not_a_name(token.folded):
            continue
        stem = m.group("stem")
        owners = (stem + "a",) if m.group("suffix") == "in" else (stem, stem + "o", stem + "e")
        if any(o in lexicon.listed_first_names() and o not in lexicon.ambiguous_names() for o in owners):
            labels[j] = "F"
            if labels[j + 1] == "f":
                labels[j + 1] = "O"  # the noun it owns ("stana": a flat, not Stana)


# A school's type in its official name: "Osnovna škola …", "Srednja tehnička škola …", "Mješovita srednja škola …".
_SCHOOL_TYPE = re.compile(r"^(?:osnovn|srednj|mjesovit|tehnick|muzick|medicinsk|ekonomsk|gradjevinsk|strucn)\w*$")
_AUXILIARIES_OF_PASSIVE = frozenset(["je", "su", "nije", "nisu", "se", "ce", "bi"])
_PASSIVE = re.compile(r"(?:[ej]?en|an|ut)[aeio]?$")


def _no_persons_predicate(text: str, tokens: list[Token], k: int) -> bool:
    """After the name words ending at `k`: the clause ends, or an auxiliary and a passive participle follow ("… je
    pronađen nož"): nothing a person did. An active verb or a noun after "je" ("… je udario", "… je nastavnica") may
    be the person's, so those stay as they were."""
    if k >= len(tokens) or gap(text, tokens[k - 1], tokens[k]).strip():
        return True
    return (
        tokens[k].folded in _AUXILIARIES_OF_PASSIVE
        and k + 1 < len(tokens)
        and gap(text, tokens[k], tokens[k + 1]) == " "
        and _PASSIVE.search(tokens[k + 1].folded) is not None
    )


def _predicate_of_another(text: str, tokens: list[Token], first: int, k: int) -> bool:
    """After the name words `first` to `k`: "je"/"nije" and a feminine or neuter participle in -la/-lo that a man's
    first name (one of the lists ending in a consonant) cannot agree with — what happened is the subject, after its
    verb ("… Omer Lipić je nastala tuča"). A participle that agrees, or a passive one ("… je pretučen": the man
    beaten), may be the person's."""
    if k + 1 >= len(tokens) or gap(text, tokens[k - 1], tokens[k]) != " " or gap(text, tokens[k], tokens[k + 1]) != " ":
        return False
    name, participle = tokens[first].folded, tokens[k + 1].folded
    return (
        tokens[k].folded in ("je", "nije")
        and name in lexicon.first_names()
        and name[-1:] not in "aeiou"
        and len(participle) > 3
        and participle.endswith(("la", "lo"))
    )


# A place's name in quotes after its noun: 'škole "Hasan Lipić"', 'OŠ „Ante Brezić“' — the quotes name it.
_OPENING_QUOTE = re.compile(r'^ ?["„“”\'«»]$')


def _places_named_after_people(text: str, tokens: list[Token], labels: list[str]) -> None:
    """The name words after a place noun belong to the place, not to a person; a river or mountain that is also
    a first name ("Drina", "Una") is a place after a lower-case preposition or a word for water or land."""
    for j, token in enumerate(tokens):
        venue = _VENUE_NOUNS.match(token.folded) is not None
        dom = (
            token.folded in dwelling.HOME
            and j + 1 < len(tokens)
            and tokens[j + 1].text.islower()
            and tokens[j + 1].folded in _DOM_OF
            and gap(text, token, tokens[j + 1]) == " "
        )
        opening = token.sentence_start or (j > 0 and "," in gap(text, tokens[j - 1], token))
        institution = opening and _INSTITUTION_NOUNS.match(token.folded) is not None
        if venue or dom or institution or _PLACE_NOUNS.match(token.folded):
            k = j + 2 if dom else j + 1
            while (
                k < len(tokens)
                and k - j <= MAX_RUN + 1
                and (
                    gap(text, tokens[k - 1], tokens[k]) in (" ", "-")
                    or (k == (j + 2 if dom else j + 1) and _OPENING_QUOTE.match(gap(text, tokens[k - 1], tokens[k])))
                    or (tokens[k - 1].folded in _TITLES_WITH_STOP and gap(text, tokens[k - 1], tokens[k]) == ". ")
                )
            ):
                word = tokens[k]
                joined = word.text.islower() and word.folded in _PLACE_NAME_JOINS
                unlisted = not venue and _unlisted_word_of_a_lower_case_name(text, tokens, labels, k)
                if not (word.text[0].isupper() or labels[k] != "O" or joined or unlisted) or (
                    venue and not word.text[0].isupper()
                ):
                    break
                if joined and not (k + 1 < len(tokens) and _goes_on_as_a_name(text, tokens, labels, k, venue)):
                    if gap(text, tokens[k - 1], word) == "-":
                        k += 1  # "most Sinan-bega", "ćuprija Ali-paše": a title joined by a hyphen closes the name
                    break
                if k > j + 1 and _second_name(text, tokens, labels, k):
                    break  # "u parku Hasana Kikića Mujo Sejdić i …": the place is named after one person
                k += 1
            named = [  # a capitalised preposition is the venue's name ("pekarna Kod Suljage"), no surname
                label
                for label, word in zip(labels[j + 1 : k], tokens[j + 1 : k])
                if word.folded not in lexicon.FUNCTION_WORDS
            ]
            if institution and ("F" in named or "f" in named):
                continue  # "bolnica: Ana Kovač traži …" a first name after it is a person
            if venue and ("S" in named or ("F" in named and "C" in named)):
                continue  # "vlasnica kafića Ana Kovač": a first name and a surname after a café are a person
            # A place noun that starts its clause is the subject itself ("most Hasan-paše Predojevića je zatvoren",
            # "Dom zdravlja dr. Mirsad Lipovača traži …"): the name after it is the place's, whatever verb follows.
            opens = token.sentence_start or (j > 0 and "," in gap(text, tokens[j - 1], token))
            # An abbreviation in capitals ("u OŠ Hasan Kikić je …", "MZ Gornja Lipa") names the institution: the
            # nominative after it is its name, never a person in the sentence.
            abbreviation = token.text.isupper() and len(token.text) <= 3
            # A school's full name, its type capitalised before "škola" ("u Osnovnoj školi Hasan Kikić je …"), names
            # the school as "OŠ" does: a story's school in lower case ("u osnovnoj školi Ivo Lipić je …") does not.
            official = (
                j > 0
                and token.folded.startswith("skol")
                and tokens[j - 1].capitalised
                and _SCHOOL_TYPE.match(tokens[j - 1].folded) is not None
                and gap(text, tokens[j - 1], token) == " "
                and _no_persons_predicate(text, tokens, k)
            )
            # A name with an Ottoman title joined by a hyphen ("Safvet-beg Lipić", "Ali-paše Brezića") is a figure
            # of history, no citizen of today: the place is named after him whatever verb follows.
            titled = any(
                tokens[m].folded in _HISTORICAL_TITLES and gap(text, tokens[m - 1], tokens[m]) == "-"
                for m in range(j + 2, k)
            )
            # An institution named by "dom" and its genitive, then a title with its full stop ("kod Doma zdravlja dr.
            # Mirsad Lipovača pala je …"): the doctor the clinic is named after, whatever verb follows — a doctor of
            # the clinic is told apart from it ("u Domu zdravlja, dr. …", "dr. … iz Doma zdravlja").
            named_for_a_doctor = (
                dom
                and k > j + 3
                and tokens[j + 2].folded in _TITLES_WITH_STOP
                and gap(text, tokens[j + 1], tokens[j + 2]) == " "
                and gap(text, tokens[j + 2], tokens[j + 3]) == ". "
            )
            # An institution's official name, "Dom" capitalised with its genitive ("u Domu zdravlja Omer Lipić je
            # nastala tuča"), then a predicate the name's person cannot have: the clinic's name, as a school's.
            official_home = dom and token.capitalised and k > j + 2 and _predicate_of_another(text, tokens, j + 2, k)
            if k > j + 1 and (
                opens
                or abbreviation
                or official
                or official_home
                or titled
                or named_for_a_doctor
                or not _subject(text, tokens, k, j + 1)
            ):
                labels[j:k] = ["O"] * (k - j)  # the place noun too ("selu" is no first name beside "Lipovica")
        elif (
            labels[j] in "Ff"
            and j > 0
            and tokens[j - 1].text.islower()
            and (tokens[j - 1].folded in _PLACE_BEFORE or _the_way_along(tokens[j - 1], token))
            and gap(text, tokens[j - 1], token) == " "
            and lexicon.is_place(token.folded)
            and not (j + 1 < len(tokens) and labels[j + 1] in "FSC" and gap(text, token, tokens[j + 1]) == " ")
        ):
            labels[j] = "O"


def _goes_on_as_a_name(text: str, tokens: list[Token], labels: list[str], k: int, venue: bool) -> bool:
    """After a word that joins a place's name ("beg", "paše", "dr."): the name goes on with a capitalised word, or —
    typed in lower case after a place noun that is no café's — with a word labelled a name ("na mostu mehmed pase
    sokolovica", "dom zdravlja dr. mustafa lipic")."""
    after = tokens[k + 1]
    if after.text[0].isupper():
        return True
    return not venue and after.text.islower() and labels[k + 1] in "FfS"


def _unlisted_word_of_a_lower_case_name(text: str, tokens: list[Token], labels: list[str], k: int) -> bool:
    """In lower case, right after a place noun, a word the lists do not hold as a name, then a word labelled a surname:
    the first name of the one the place is named after ("skola mesa lipic organizuje …": the first name is a word of
    the laws as it is typed), or an Ottoman title and a name ("kod skole safvet beg lipica"). No function word, no
    person's word or verb."""
    word = tokens[k]
    return (
        word.text.islower()
        and labels[k] == "O"
        and k + 1 < len(tokens)
        and (
            labels[k + 1] == "S"  # "skola mesa lipic", or a title between: "kod skole safvet beg lipic"
            or (
                tokens[k + 1].folded in _HISTORICAL_TITLES
                and k + 2 < len(tokens)
                and labels[k + 2] in "FfS"
                and tokens[k + 2].text.islower()
            )
        )
        and tokens[k + 1].text.islower()
        and gap(text, word, tokens[k + 1]) == " "
        and gap(text, tokens[k - 1], word) == " "
        and _PLACE_NOUNS.match(tokens[k - 1].folded) is not None
        and word.folded not in lexicon.FUNCTION_WORDS
        and word.folded not in lexicon.person_words()
        and word.folded not in lexicon.person_verbs()
    )


_STREET_NOUN = frozenset(["ulica", "ulici", "ulicu", "ulice", "ulicom"])
_PERSON_CASE_BEFORE = frozenset(["kod", "od", "za", "sa", "s", "bez", "prema", "do", "kraj", "pored"])


def _names_before_street_nouns(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Vuka Karadžića ulica u Lipi", "u Mehe Lipića ulici": name words in the genitive right before "ulica" in lower
    case name the street (the spoken order of "ulica Vuka Karadžića"); a person before "ulica" is in the nominative
    ("Marko Lipić ulica Brezova 5": a name, then his street). Not after a preposition a person's genitive follows
    ("kod Marka Lipića ulica je …")."""
    for n, noun in enumerate(tokens):
        if noun.folded not in _STREET_NOUN or not noun.text.islower() or n == 0:
            continue
        j = n
        while (
            j > 0
            and n - j < 3
            and labels[j - 1] != "O"
            and tokens[j - 1].capitalised
            and gap(text, tokens[j - 1], tokens[j]) == " "
        ):
            j -= 1
        run = tokens[j:n]
        if not run or not all(_genitive_name_word(t) for t in run):
            continue
        if j > 0 and tokens[j - 1].folded in _PERSON_CASE_BEFORE and gap(text, tokens[j - 1], tokens[j]) == " ":
            continue
        labels[j:n] = ["O"] * (n - j)


def _genitive_name_word(token: Token) -> bool:
    """A name word in the genitive: -a/-e, and not a first name's nominative ("Vuka", "Nikole", "Karadžića")."""
    folded = token.folded
    return folded.endswith(("a", "e")) and lexicon.first_name(folded) != folded


def _the_way_along(verb: Token, place: Token) -> bool:
    """ "plovio Savom", "išli su Drinom": a river's or a town's instrumental right after a verb of the past is the way
    taken (a person in the instrumental needs "sa": "razgovarao sa Savom")."""
    return verb.folded.endswith(("ao", "io", "eo", "uo", "la", "li", "le", "lo")) and place.folded.endswith(
        ("om", "em")
    )


# A nickname right after a name: "Marko Marković (Maki)", "Marko Marković zvani Maki", "… zv. „Maki“", "… zvani (Maki)".
_NICKNAME = re.compile(
    r"^(?:\s*\(\s*[\"'„“”]?|,?\s+(?:zvani|zvana|zvanog|zvanom|zv\.|alias|nadimka|nadimkom|nadimak|звани|звана|званог|званом|зв\.|надимка|надимком|надимак)\s+\(?\s*[\"'„“”]?)"
    r"([A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ][^\W\d_]+(?:[ -][A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ][^\W\d_]+)?)[\"'„“”]?(?:\s*\))?"
)


# In quotes right after a name: 'Marko Marković "Crni"', "Марко Марковић „Шкиља“" (the closing quote needed).
_NICKNAME_QUOTED = re.compile(
    r"^[ ]+[\"'„“”«]([A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ][^\W\d_]{1,15}(?:[ -][A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ][^\W\d_]{1,15})?)[\"'“”»]"
)
# In lower case: alone in brackets ("marko markovic (maki)") or in quotes ('nisvet lipic "kicko"'), the closing mark needed.
_NICKNAME_LOWER = re.compile(
    r"^\s*(?:\(\s*[\"'„“”]?([^\W\d_]{2,12})[\"'„“”]?\s*\)|[\"'„“”«]([^\W\d_]{2,12})[\"'“”»](?![\w]))"
)


def _a_word_of_the_lists(word: str) -> bool:
    """A word (folded) that says what a person is or how he stands, not what he is called: a form the laws or the
    dictionaries have as it is, an everyday form, a person's word in any case ("svjedok", "svjedoka", "osumnjičeni",
    "oštećeni"), a person's verb ("pritvoren"), or "ne" and a word of the laws typed as one ("nepoznato",
    "nepoznat"). A nickname made from the first name ("keno", "zdrale") is none of these, and a form of a first name
    ("(Slobodan)": the father's name; "(Mica)") stays a name whatever the dictionaries hold."""
    if lexicon.first_name(word) is not None:
        return False
    return (
        lexicon.law_word(word)
        or word in lexicon.word_set("dictionary_words.txt")
        or word in lexicon.common_forms()
        or any(base in lexicon.person_words() for base in lexicon.bases(word))
        or word in lexicon.person_verbs()
        or (word.startswith("ne") and len(word) > 4 and lexicon.law_word(word[2:]))
    )


def _word_in_brackets(after: str, m: re.Match[str]) -> bool:
    """ "Marko Lipić (Svjedok)", "(Nepoznato)": one word alone in brackets (no quotes, no "zvani") that is a word of the
    lists says what the person is in the case, no nickname; in quotes or after "zvani" it stays his nickname."""
    opening = after[: m.start(1)]
    return (
        "(" in opening
        and not any(q in opening for q in "\"'„“”")
        and " " not in m.group(1)
        and "-" not in m.group(1)
        and _a_word_of_the_lists(fold(m.group(1)))
    )


def _nicknames(text: str, found: list[PersonSpan]) -> list[PersonSpan]:
    """The nickname after a person's name is the same person (the same placeholder). In lower case only alone in
    brackets or quotes, and never a word of the language ("(maloljetan)", "(pijan)", '"pijan"')."""
    out = []
    for person in found:
        after = text[person.end :]
        m = _NICKNAME.match(after) or _NICKNAME_QUOTED.match(after)
        if m and m.group(1).isupper() and len(m.group(1)) <= 3:
            continue  # "Lipić Ana (ZE)", "(BL)": two or three capitals in brackets are a town's or a country's code
        if m and not lexicon.not_a_name(fold(m.group(1).split()[0])) and not _word_in_brackets(after, m):
            out.append(PersonSpan(person.end + m.start(1), person.end + m.end(1), person.surname, person.first))
            continue
        m = _NICKNAME_LOWER.match(after)
        group = (1 if m.group(1) else 2) if m else 1
        word = fold(m.group(group)) if m else ""
        if (
            m
            and m.group(group).islower()
            and word not in lexicon.word_set("common_words.txt")
            and word not in lexicon.FUNCTION_WORDS
            and not lexicon.not_a_name(word)
            and not (m.group(1) and _a_word_of_the_lists(word))
            and (not word.endswith(_NOT_NAME_ENDINGS) or _after_a_full_name(text, person, word))
        ):
            out.append(PersonSpan(person.end + m.start(group), person.end + m.end(group), person.surname, person.first))
    return out


def _after_a_full_name(text: str, person: PersonSpan, word: str) -> bool:
    """A nickname made from the first name, ending like an adjective or a verb ("kenan lipić (keno)", 'sanel lipić
    ("sane")'): after a full name — a first name and a surname — a word that begins with the first name's first three
    letters and is no word of the laws or of everyday speech is what he is called by his name (a word of the
    dictionaries or a place's form may be: "sane" is dreams, and the river Sana's); "(pijan)", "(mali)" are not so
    made, whatever the lists hold."""
    words = fold(text[person.start : person.end]).split()
    return (
        len(words) >= 2
        and len(word) >= 3
        and any(lexicon.first_name(w) is not None and w[:3] == word[:3] and w != word for w in words)
        and not lexicon.law_word_in_any_case(word)
        and word not in lexicon.common_forms()
        and word not in lexicon.person_words()
        and word not in lexicon.person_verbs()
    )


# Between a woman's name and her maiden name: "rođ.", "rođena", "djevojačko (prezime)".
_MAIDEN_BETWEEN = re.compile(r"^[ ,]*(?:rodj?\.?|rodj?ena|djevojack\w*(?: prezime)?:?)[ ]*$")


def _maiden_names(text: str, found: list[PersonSpan]) -> list[PersonSpan]:
    """ "Ana Lipić rođ. Brezić", "LIPIĆ rođ. BREZIĆ Ana": the maiden name is the same woman's, so it gets her
    placeholder ("[OSOBA 1] rođ. [OSOBA 1]", as a nickname does); the cue stays, it is no personal data."""
    out = sorted(found, key=lambda p: p.start)
    for i in range(1, len(out)):
        before, after = out[i - 1], out[i]
        if _MAIDEN_BETWEEN.match(fold(text[before.end : after.start])) and (before.surname or before.first):
            out[i] = PersonSpan(after.start, after.end, before.surname, before.first)
    return out


def _key(tokens: list[Token], labels: list[str]) -> tuple[str | None, str | None]:
    surname = first = None
    for token, label in zip(tokens, labels):
        if label == "S" and surname is None:
            folded = token.folded
            surname = surname_base(folded) or (folded[: folded.rindex("ic") + 2] if "ic" in folded else folded)
        elif label in "Ff" and first is None:
            first = lexicon.first_name(token.folded)
        elif label == "C" and surname is None and first is not None:
            surname = lexicon.bases(token.folded)[-1]  # "Kovač", "Kovača": the shortest base
    return surname, first


def _keep(labels: list[str]) -> bool:
    strong = sum(1 for x in labels if x in "FS")
    return strong > 0 or labels.count("C") >= 2


# Upper, Lower, Middle X: a village or a town ("Gornja Lipa", "Donji Vakuf", "Srednje Brdo"), never a person.
_UPPER_LOWER = re.compile(r"^(?:gornj|donj|srednj)(?:a|i|e|oj|em|eg|ega|emu|u|ih|im)$")


# A saint's name names a church, a hospital, a school, a square ("bolnica Sveti Duh", "OŠ Sveti Sava", "Sv. Ante"):
# no living person is called so.
_SAINT = re.compile(r"^(?:svet(?:i|a|o|og|oga|om|oj|e|u)|sv)$")


def _upper_lower_places(tokens: list[Token], labels: list[str]) -> None:
    """ "MZ Gornja Vijaka", "iz Donjeg Lipovca": the capitalised word after Gornji/Donji/Srednji is a place's;
    after Sveti/Sveta/Sv. it is a saint's."""
    for i in range(len(tokens) - 1):
        place = _UPPER_LOWER.match(tokens[i].folded) or _SAINT.match(tokens[i].folded)
        if tokens[i].capitalised and place and tokens[i + 1].capitalised:
            labels[i] = labels[i + 1] = "O"


def _indeclinable_surnames_in_capitals(tokens: list[Token], labels: list[str]) -> None:
    """ "NAPAO SUPRUGU LIPOVAC MARIJU": in a report in capitals (where a capital says nothing) a woman's surname
    ending in a consonant does not decline, so it stands in the nominative before her declined first name; a word
    there that no list, law or everyday word has is her surname."""
    for j in range(len(tokens) - 1):
        token, first = tokens[j], tokens[j + 1]
        if labels[j] != "O" or labels[j + 1] not in "Ff" or not (token.text.isupper() and first.text.isupper()):
            continue
        ending = next((e for e in ("om", "oj", "u", "e", "i") if first.folded.endswith(e)), "")
        nominative = first.folded[: -len(ending)] + "a" if ending else ""
        if not nominative or lexicon.first_name(nominative) != nominative:
            continue  # her name in the nominative is the same-case rule's; a man's surname declines with him
        if len(token.folded) >= 4 and token.folded[-1] not in "aeiou" and name_cues.unlisted_word(token.folded, False):
            labels[j] = "S"


# A report names a person with the father's name: "BREZOVAC DINO SIN ENVERA", "lipovac ana kći hasana".
_CHILD_OF = frozenset(["sin", "kci", "kcerka", "kcer"])


def _names_before_a_fathers_name(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "SIN/KĆI" and a first name in the genitive after a surname and a first name: the father's name is strong
    evidence that the two words before are a person (a weak first name and a dictionary word in a surname's shape
    included); the father's name is a person too."""
    for j in range(2, len(tokens) - 1):
        if tokens[j].folded not in _CHILD_OF or gap(text, tokens[j], tokens[j + 1]) != " ":
            continue
        father = tokens[j + 1]
        base = lexicon.first_name(father.folded)
        if base is None or base == father.folded or father.folded in lexicon.FUNCTION_WORDS:
            continue  # the genitive of a first name ("ENVERA", "hasana"), not "sin je …"
        pair = tokens[j - 2 : j]
        if not all(gap(text, a, b) == " " for a, b in zip(pair, [*pair[1:], tokens[j]])) or not name_cues.same_style(
            pair[0], pair[1]
        ):
            continue
        names = [lexicon.first_name(t.folded) is not None for t in pair]
        others = [t for t, named in zip(pair, names) if not named]
        if any(names) and all(
            len(t.folded) >= 3
            and t.folded not in lexicon.FUNCTION_WORDS
            and t.folded not in lexicon.person_words()
            and not lexicon.law_word_in_any_case(t.folded)
            and not lexicon.is_place(t.folded)
            for t in others
        ):
            for k, named in zip((j - 2, j - 1), names):
                labels[k] = "F" if named else "S"
            labels[j + 1] = "F"


def _vehicle_models(tokens: list[Token], labels: list[str]) -> None:
    """ "Opel Astra", "ŠKODA OCTAVIA", "Škodu Feliciju": a make (data/vehicle_makes.txt) in any case and the
    capitalised model after it."""
    makes = lexicon.word_set("vehicle_makes.txt")
    for i in range(len(tokens) - 1):
        named = labels[i + 1] == "S" or (i > 0 and labels[i - 1] in "FfS" and tokens[i - 1].capitalised)
        make = any(b in makes or b + "a" in makes for b in lexicon.bases(tokens[i].folded))  # "Škodu", "Opelom"
        if tokens[i].capitalised and make and tokens[i + 1].capitalised and not named:
            labels[i] = labels[i + 1] = "O"  # not "Mercedes Marković", "Ana Ford": a surname or a name beside it


def _nouns_after_surname_possessives(tokens: list[Token], labels: list[str]) -> None:
    """ "Halilovićevog cimera", "Jurićeva žena": the lower-case word after a surname's possessive is what the family
    owns or who belongs to it, never the other half of a name."""
    for i in range(len(tokens) - 1):
        possessive = _SURNAME_DERIVED.search(tokens[i].text.lower())
        if labels[i] == "S" and possessive and possessive.group()[2:4] in ("ev", "ев") and tokens[i + 1].text.islower():
            labels[i + 1] = "O"


# After a surname's initial ("Nedžad R. je prijavio", "Ana K., 34"): a lower-case word or a comma goes on the sentence;
# so do a list's separators (";", "/", a closing bracket) and the message's end ("Učesnici: Lipić A. / Jelić B.").
_SENTENCE_GOES_ON = re.compile(r"^\.(?:[ ]+[a-zčćšžđа-ш]|[ ]*[,;/)]|[ ]*$)")
# An age after a name: "Dino (19) je uhapšen", "Lejla, 17 godina, …": a person, even a name that may be a word.
_AGE_AFTER = re.compile(  # or a date of birth in brackets: "Nada (12.03.1990) nestala"
    r"^(?:[ ]*\([ ]*\d{1,2}[ ]*(?:god\.?|g\.)?[ ]*\)|,[ ]*\d{1,2}[ ]*(?:godin\w*|god\.|g\.)"
    r"|[ ]*\([ ]*(?:\d{1,2}[./][ ]?\d{1,2}[./][ ]?(?:19|20)?\d{2}\.?|_{6,})[ ]*\))"  # (found already: written over)
)


def _words_before_initials(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Vesna S., 34 god.", "LIPIC M. i LIPIC S.", "Kovač Z. / Jelić D.": a capitalised word right before a capital
    initial whose sentence goes on is a name cut short in a report, even a name that may be a word or a surname in
    capitals no list has — unless it is a word of the laws or the dictionaries, a place or a function word ("Tip A.",
    "Mostar B." stay; a capitalised word counts only as a first name or a surname of the lists or of the -ić shape:
    "Prilog B.")."""
    for j in range(len(tokens) - 1):
        word, initial = tokens[j], tokens[j + 1]
        if not (
            labels[j + 1] == "i"
            and gap(text, word, initial) == " "
            and _SENTENCE_GOES_ON.match(text[initial.end :])
            and len(word.text) >= 3
            and word.text[0].isupper()
            and (word.text[1:].islower() or word.text.isupper())
        ):
            continue
        if labels[j] in "FS":
            continue
        named = labels[j] in "fC" and lexicon.first_name(word.folded) is not None
        unknown = (  # a surname in a report's capitals no list has ("LIPIC M."), not a capitalised word ("Prilog B.")
            word.text.isupper()
            and word.folded not in lexicon.FUNCTION_WORDS
            and not lexicon.dictionary_word(word.folded)
            and not lexicon.law_word_in_any_case(word.folded)
            and not lexicon.is_place(word.folded)
            and not lexicon.not_a_name(word.folded)
        )
        surname_shaped = (word.folded.endswith("ic") or _listed_surname(word.folded)) and not lexicon.is_place(
            word.folded
        )
        if named or unknown or surname_shaped:
            labels[j] = "S" if not named else "F"


def _names_before_ages(text: str, tokens: list[Token], labels: list[str]) -> None:
    """A first name of any list (a weak one too) right before an age, in brackets or after a comma, is a person."""
    for j, token in enumerate(tokens):
        if (
            labels[j] in "fC"
            and token.text[:1].isupper()
            and lexicon.first_name(token.folded) is not None
            and token.folded not in lexicon.FUNCTION_WORDS
            and _AGE_AFTER.match(text[token.end :])
        ):
            labels[j] = "F"


def persons(text: str, tokens: list[Token] | None = None) -> list[PersonSpan]:
    tokens = words(text) if tokens is None else tokens
    folded = [t.folded for t in tokens]
    labels: list[str] = []
    i = 0
    while i < len(tokens):
        n = lexicon.phrase_at(folded, i)
        if n:
            labels.extend("O" * n)
            i += n
            continue
        labels.append(_label(tokens[i]))
        i += 1
    _surnames_next_to_names(text, tokens, labels)
    _other_surnames_after_first_names(text, tokens, labels)
    name_cues.unlisted_surnames_beside_first_names(text, tokens, labels)
    name_cues.surnames_declined_like_first_names(text, tokens, labels)
    name_pairs.dictionary_surnames_after_first_names(text, tokens, labels)
    noun_surnames.noun_surnames_after_first_names(text, tokens, labels)
    name_pairs.regional_first_names_with_surnames(text, tokens, labels)
    name_pairs.unknown_first_names_before_other_surnames(text, tokens, labels)
    name_cues.surnames_after_person_words(text, tokens, labels)
    _first_names_beside_surnames(text, tokens, labels)
    name_cues.hyphenated_surnames(text, tokens, labels)
    _lone_names_by_verbs(text, tokens, labels)
    governed_names.governed_first_names(text, tokens, labels)  # "rekao je mirni", "kod dine … u stanu"
    _capitalised_words_by_verbs(text, tokens, labels)
    _first_names_beside_surnames(
        text, tokens, labels
    )  # again: beside the surnames only a verb showed ("sa zulfom hadzicem")
    name_context.first_names_before_verbs(text, tokens, labels)
    name_context.foreign_names_with_surnames(text, tokens, labels)
    name_context.third_words_of_names(text, tokens, labels)
    name_context.quoted_nicknames(text, tokens, labels)
    _possessives_of_first_names(text, tokens, labels)
    name_context.names_before_nickname_cues(text, tokens, labels)
    name_context.weak_names_after_person_words(text, tokens, labels)
    name_context.foreign_names_in_lower_case(text, tokens, labels)
    name_context.foreign_names_before_nationalities(text, tokens, labels)  # "thomas mueller nijemac"
    name_context.capitalised_names_before_citizenship(text, tokens, labels)  # "Luca Lipetti italijanski građanin"
    name_context.lowercase_names_after_citizenship(text, tokens, labels)  # "kineska državljanka li wei, pasoš"
    foreign_spelling.foreign_spelled_names(text, tokens, labels)  # "arben krasniqi", "Krasniqi Arben", "ayşe demir"
    name_context.instrumental_names_after_with(text, tokens, labels)
    name_context.names_after_demonstratives(text, tokens, labels)
    name_context.coordinated_first_names(text, tokens, labels)
    name_context.coordinated_weak_names(text, tokens, labels)
    lowercase_frames.names_after_kin(text, tokens, labels)  # "sa sestrom jagodom", "kcerka od jagode"
    lowercase_frames.coordinated_names_before_plural_verbs(text, tokens, labels)  # "jadran i neven odnijeli"
    lowercase_frames.oblique_names_after_person_prepositions(text, tokens, labels)  # "izjava od aldine"
    lowercase_frames.names_beside_jmbgs(text, tokens, labels)  # "borivoj, 0101990170001"
    lowercase_frames.names_opening_records(text, tokens, labels)  # "Zdenko, Lipova 28, Tuzla, 061 …"
    lowercase_frames.names_from_addresses(text, tokens, labels)  # "zdenka iz ______ prijavila"
    lowercase_frames.names_before_birth(text, tokens, labels)  # "jagoda rodjena 12.03.1991"
    conversation_names.possessives_before_kin(text, tokens, labels)  # "brezićev zet", "zdenkin unuk"
    conversation_names.possessives_before_owned_things(text, tokens, labels)  # "zdenkovo oružje je …"
    conversation_names.surnames_after_oblique_demonstratives(text, tokens, labels)  # "protiv tog kvarica"
    conversation_names.names_between_kin_and_age(text, tokens, labels)  # "brat roko 15 god"
    conversation_names.womens_surname_forms(text, tokens, labels)  # "brezovićka odbija"
    conversation_names.names_before_pointed_appositions(text, tokens, labels)  # "Lipar, onaj rumun"
    conversation_names.names_opening_before_their_verb(text, tokens, labels)  # "zdenka, komšinica …, zatekla"
    conversation_names.names_before_persons_states(text, tokens, labels)  # "a adila je trudna"
    conversation_names.family_plurals_before_su(text, tokens, labels)  # "kvarevići su poznati"
    conversation_names.names_corrected_after_ne(text, tokens, labels)  # "Zdenko ne Zdravko, …"
    conversation_names.first_names_saying_that(text, tokens, labels)  # "a zora kaže da …"
    conversation_names.first_names_coordinated_with_full_names(text, tokens, labels)  # "zora i zdenko lipić"
    name_context.repeated_surnames(text, tokens, labels)
    name_context.hyphenated_first_names(text, tokens, labels)
    word_surnames.word_surnames_beside_first_names(text, tokens, labels)
    word_surnames.word_first_names_before_surnames(text, tokens, labels)
    _places_named_after_people(text, tokens, labels)
    _names_before_street_nouns(text, tokens, labels)  # "Vuka Karadžića ulica"
    units.places_after_facilities(text, tokens, labels)
    name_context.places_shaped_like_names(text, tokens, labels)
    _diminutives_alone(text, tokens, labels)
    name_context.months_after_days(text, tokens, labels)
    name_cues.names_after_cues(text, tokens, labels)
    name_cues.names_before_unknown_surnames(text, tokens, labels)  # "ibro ne znam prezime"
    name_cues.names_before_their_noun(text, tokens, labels)  # "Kurta je nadimak od Huseina"
    fronted_objects.fronted_objects(text, tokens, labels)  # "Vuka smo priveli jutros"
    _nouns_after_surname_possessives(tokens, labels)
    _indeclinable_surnames_in_capitals(tokens, labels)
    _names_before_a_fathers_name(text, tokens, labels)
    _upper_lower_places(tokens, labels)
    place_prepositions.places_after_from(text, tokens, labels)
    place_shapes.places_shaped_like_people(text, tokens, labels)  # "iz Nikšića", "Bosna i Drina", crossroads
    titles.names_after_titles(text, tokens, labels)
    public_names.public_names(text, tokens, labels)
    name_mentions.names_mentioned_as_names(text, tokens, labels)
    name_mentions.adjectives_before_nouns(text, tokens, labels)
    name_mentions.places_mentioned_as_places(text, tokens, labels)
    name_mentions.kinds_mentioned_as_kinds(text, tokens, labels)  # "ruža i jasmin su vrste cvijeća"
    name_mentions.plants_said_to_grow(text, tokens, labels)  # "jasmin i ljubica su posađeni"
    name_mentions.things_by_their_weight(text, tokens, labels)  # "zlatan lančić od 20 grama"
    name_mentions.adjectives_before_ulica(text, tokens, labels)  # "zlatan ulica ne postoji"
    named_things.names_before_title_possessives(text, tokens, labels)  # "Gazi Husrev-begove džamije"
    named_things.names_of_awards(text, tokens, labels)  # "dodjela nagrade Ivo Lipić"
    named_things.names_of_venues_in_quotes(text, tokens, labels)  # 'objekat "Kod Zdenke"'
    for i, token in enumerate(tokens):
        if token.folded in name_cues.MAIDEN_CUES:
            labels[i] = "O"  # "TOPIĆ SNJEŽANA ROĐ. BANOVIĆ": the cue between two names is neither's
    _vehicle_models(tokens, labels)
    _names_before_ages(text, tokens, labels)
    spoken_ages.names_before_spoken_ages(text, tokens, labels)  # "najmlađe Ali star dvije godine"
    adjective_shaped_names.adjective_shaped_names(text, tokens, labels)  # "Youssef Amrani", "onaj Jasko"
    _words_before_initials(text, tokens, labels)
    negated_verbs.negated_verbs(text, tokens, labels)  # "vlasnik neda da uđemo": "ne da", no Neda
    found: list[PersonSpan] = []
    named: list[tuple[Token, int]] = []  # each found person's first-name word (a story repeats it alone)
    j = 0
    while j < len(tokens):
        if labels[j] == "O":
            j += 1
            continue
        k = j + 1
        while (
            k < len(tokens)
            and k - j < MAX_RUN
            and labels[k] != "O"
            and _JOINS.match(gap(text, tokens[k - 1], tokens[k]))
        ):
            if labels[k - 1] != "i" and gap(text, tokens[k - 1], tokens[k]).startswith("."):
                break  # a full stop after a word (not an initial) ends the sentence
            k += 1
        run, run_labels = tokens[j:k], labels[j:k]
        while (
            len(run) > 1
            and run_labels[0] == "f"
            and run[0].text.islower()
            and run[1].capitalised
            and run_labels[1] == "F"  # a first name of its own after it ("nada Marković" is one person)
            and (lexicon.dictionary_word(run[0].folded) or lexicon.law_word_in_any_case(run[0].folded))
        ):
            run, run_labels = run[1:], run_labels[1:]  # "vlasnica stana Aida Lipić": a word before a full name
        while run_labels and run_labels[0] == "f" and "F" not in run_labels[1:2] and "S" not in run_labels[1:2]:
            run, run_labels = (
                run[1:],
                run_labels[1:],
            )  # "rada Savjeta": a word that may be a name needs a name beside it
        while run_labels and run_labels[-1] == "f" and len(run_labels) > 1 and run_labels[-2] not in "FS":
            run, run_labels = run[:-1], run_labels[:-1]
        while (  # "i Haso pili su …": a lower-case word that may be a name is no half of a capitalised one
            len(run_labels) > 1
            and run_labels[-1] == "f"
            and run[-1].text.islower()
            and run[-2].capitalised
            and not run[-2].sentence_start
            and not run[-2].text.isupper()
        ):
            run, run_labels = run[:-1], run_labels[:-1]
        while (  # a trailing initial is the next sentence's first letter — unless the sentence goes on after it
            run_labels and run_labels[-1] == "i" and not (len(run) > 1 and _SENTENCE_GOES_ON.match(text[run[-1].end :]))
        ):
            run, run_labels = run[:-1], run_labels[:-1]
        if run_labels and _keep(run_labels):
            surname, first = _key(run, run_labels)
            firsts = [t for t, x in zip(run, run_labels) if x in "Ff"]
            if not firsts and len(run) > 1 and run_labels[0] == "C":
                firsts = [run[0]]  # "Kod Pereta Lipovca": an unlisted first name before its surname
            named.extend((t, len(found)) for t in firsts[:1])
            found.append(PersonSpan(run[0].start, run[-1].end, surname, first))
        j = k
    taken = [(p.start, p.end) for p in found]
    for token, index in name_repeats.repeated_first_names(text, tokens, taken, named):
        found.append(PersonSpan(token.start, token.end, found[index].surname, found[index].first))
    for start, end, index in name_repeats.names_restated(text, [p.start for p in found]):
        if not any(p.start < end and start < p.end for p in found):
            found.append(PersonSpan(start, end, found[index].surname, found[index].first))
    found.sort(key=lambda p: p.start)
    found = _maiden_names(text, found)
    found = [
        PersonSpan(*p) for p in name_repeats.first_names_before_bracketed_nicknames(text, [astuple(p) for p in found])
    ]
    nicknames = _nicknames(text, found)  # the same person as the name before: its identity wins over the cue's
    found = [p for p in found if not any(n.start < p.end and p.start < n.end for n in nicknames)] + nicknames
    found = [PersonSpan(*p) for p in quoted_nicknames.join_nicknames(text, [astuple(p) for p in found])]
    for m in _INITIALS.finditer(text):
        if fold(m.group(1) + m.group(2)) == "nn":
            continue
        inside = [p for p in found if m.start() <= p.start and p.end <= m.end()]  # "Lj" read alone as a name
        if not any(p.start <= m.start() < p.end for p in found if p not in inside):
            found = [p for p in found if p not in inside] + [PersonSpan(m.start(), m.end(), None, None)]
    found = [PersonSpan(*initials.widened(text, p.start, p.end), p.surname, p.first) for p in found]  # "Dž. Hasić"
    found = [PersonSpan(*name_particles.widened(text, *astuple(p))) for p in found]  # "Pieter van den Berg"
    owners = name_repeats.owners_of_possessives(text, [astuple(p) for p in found])  # "Ana Lipić … Anin muž"
    found = [
        PersonSpan(p.start, p.end, found[owners[i]].surname, found[owners[i]].first) if i in owners else p
        for i, p in enumerate(found)
    ]
    return sorted(found, key=lambda p: p.start)
