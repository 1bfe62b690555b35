"""The word lists behind name recognition (data/*.txt, folded), and BCS case endings.

Names decline: "Marko" is "Marka", "Marku", "Markom"; "Ana" is "Ane", "Anu", "Anom"; "Dragan" is "Dragana".
A form is recognised by stripping one case ending and finding the name it leaves, so the lists hold
base forms only. Lists rather than a model: no BCS named-entity model installs here without a hub
download, and a few hundred first names plus the places and institutions officers and laws name
recognise what officers actually type (measured in bench/masking.py).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from kodeks.privacy.gazetteer import foreign_first_names, regional_first_names

# Person verbs whose object is a thing as often ("ukrao je Samsung", "vozio je Golfa"): as evidence for a capitalised
# word after them they do not count.
THING_VERBS = ("ukra", "oduz", "voz", "nas", "pronas", "preda", "uze", "zadrz", "kra", "obij", "provali", "opljack")
# The auxiliaries of a verb whose subject is the officer(s): "pretresli SMO", "zatekao SAM".
OFFICERS_AUXILIARIES = frozenset(["smo", "sam", "ste", "si"])
# The conjunctions that join two names or two places ("Ana i Sava", "Bosna ili Drina").
COORDINATION = frozenset(["i", "ili"])

# Pronouns, prepositions, conjunctions and forms of "biti": never a name, whatever a name dictionary lists
# ("Koji" is a Japanese name).
FUNCTION_WORDS = frozenset(
    [
        "a",
        "i",
        "u",
        "na",
        "od",
        "do",
        "za",
        "sa",
        "s",
        "k",
        "ka",
        "iz",
        "kod",
        "protiv",
        "prema",
        "po",
        "pod",
        "nad",
        "pred",
        "pri",
        "kroz",
        "bez",
        "oko",
        "je",
        "su",
        "sam",
        "si",
        "smo",
        "ste",
        "bio",
        "bila",
        "bili",
        "ga",
        "mu",
        "joj",
        "ih",
        "im",
        "nju",
        "njega",
        "njemu",
        "njoj",
        "njih",
        "koji",
        "koja",
        "koje",
        "kojeg",
        "kome",
        "ko",
        "sta",
        "sto",
        "da",
        "li",
        "ne",
        "ni",
        "pa",
        "te",
        "ili",
        "ali",
        "vec",
        "jos",
        "ako",
        "kad",
        "kada",
        "gdje",
        "zasto",
        "kako",
        "taj",
        "ta",
        "to",
        "tog",
        "tom",
        "ovaj",
        "ova",
        "ovo",
        "onaj",
        "ona",
        "ono",
        "neki",
        "neka",
        "neko",
        "svaki",
        "sva",
        "svi",
        "moj",
        "moja",
        "moje",
        "njegov",
        "njena",
        "nas",
        "vas",
        "jedan",
        "jedna",
        "dva",
        "tri",
        "mi",
        "ti",
        "on",
        "vi",
        "oni",
        "ona",
    ]
)

# Case endings of nouns and names, longest first (instrumental -om/-em, dative -u/-i, genitive -a/-e, ...).
ENDINGS = ("ama", "ima", "om", "em", "oj", "og", "a", "e", "i", "u", "o")


def _read(name: str) -> list[str]:
    text = resources.files("kodeks.privacy").joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return [w for line in text.splitlines() if not line.lstrip().startswith("#") for w in line.split()]


@cache
def word_set(name: str) -> frozenset[str]:
    """One list of data/ as a set (read once)."""
    return frozenset(_read(name))


def listed_first_names() -> frozenset[str]:
    """data/first_names.txt: the names officers type most; a listed name is a name even where not_names.txt
    has the same word."""
    return word_set("first_names.txt")


@cache
def first_names() -> frozenset[str]:
    """The listed names and the region's names of the published dictionary (gazetteer.py), less the words that
    are never a person here (not_names.txt: "Vlada" is a name in Serbia and the government in a law)."""
    single, _ = _not_names()
    regional = {
        n for n in regional_first_names() if n not in single and n not in common_forms() and n not in FUNCTION_WORDS
    }
    return listed_first_names() | frozenset(regional)


@cache
def foreign_names() -> frozenset[str]:
    """First names of the foreigners officers meet ("Tomasz", "Jacek", "Klaus"), less the region's and every word of
    the laws or the dictionaries spelt the same in any case ("Sud", "Mir", "Saka"): names.py takes them only
    capitalised and undeclined, since the other countries' lists hold thousands of short names."""
    single, _ = _not_names()
    return frozenset(
        n
        for n in foreign_first_names() - regional_first_names()
        if len(n) >= 4
        and n not in single
        and n not in common_forms()
        and n not in listed_first_names()
        and not law_word_in_any_case(n)
        and not dictionary_word(n)
    )


def ambiguous_names() -> frozenset[str]:
    return word_set("ambiguous_names.txt")


def common_forms() -> frozenset[str]:
    return word_set("common_forms.txt")


def person_words() -> frozenset[str]:
    """Words that stand before a person's name: osumnjiceni, vozac, svjedok, stranka, komsija …"""
    return word_set("person_words.txt")


def person_verbs() -> frozenset[str]:
    """Verb forms with a person as subject or object (zatekli, uhapsili, prijetio …): the evidence that lets a
    lower-case surname or declined first name beside them count (names.py)."""
    return word_set("person_verbs.txt")


def law_word(folded: str) -> bool:
    """A word that occurs in lower case in the law texts, or an everyday word officers type (common_words.txt)."""
    return folded in word_set("common_words.txt")


def law_word_in_any_case(folded: str) -> bool:
    """ "centrom" (centar), "sudom", "sobi" (soba): a case form of a word the law texts have in lower case."""
    if law_word(folded):
        return True
    stems = bases(folded)[1:]
    # "centrom" → "centr" → "centar": the fleeting a of the nominative
    stems += [stem[:-1] + "a" + stem[-1] for stem in stems if len(stem) >= 3]
    return any(law_word(stem + e) for stem in stems for e in ("", "a", "o", "e", "i"))


def dictionary_word(folded: str, stem_alone: bool = True) -> bool:
    """Whether a form is a common word of the bs/hr/sr spelling dictionaries (dictionary_words.txt holds the
    lower-case entries shaped like a surname or a first name): the form itself, or a case ending stripped and the
    nominative ending put back ("lisicu" → "lisica", "delica" → "delić", "gradskog" → "gradski"). `stem_alone=False` leaves out the bare
    stem (the -ić diminutives delić, grbić of the dictionary are surnames too)."""
    words = word_set("dictionary_words.txt")
    if folded in words:
        return True
    for stem in bases(folded)[1:]:
        if (stem_alone and stem in words) or any(stem + e in words for e in ("a", "o", "e", "i")):
            return True
    return False


@cache
def _not_names() -> tuple[frozenset[str], tuple[tuple[str, ...], ...]]:
    words = _read("not_names.txt")
    single = frozenset(w for w in words if "_" not in w)
    phrases = tuple(tuple(w.split("_")) for w in words if "_" in w)
    return single, phrases


def bases(folded: str) -> list[str]:
    """The form itself and what is left after stripping each case ending it may carry (stem ≥ 2 letters)."""
    out = [folded]
    for ending in ENDINGS:
        if folded.endswith(ending) and len(folded) - len(ending) >= 2:
            out.append(folded[: -len(ending)])
    return out


def first_name(folded: str) -> str | None:
    """The name a (possibly declined) word is a form of: "marka" → "marko", "anu" → "ana", "dragana" → "dragan"
    or "dragana" (both are names: the form itself wins)."""
    names = first_names()
    if folded in FUNCTION_WORDS:
        return None
    if folded in names:
        return folded
    for stem in bases(folded)[1:]:
        for candidate in (stem, stem + "o", stem + "a", stem + "e"):
            if candidate in names:
                return candidate
    return None


def oblique_first_name(folded: str) -> str | None:
    """The first name a form is an oblique case of, other than the form itself: "valentina" is Valentin's genitive though
    "Valentina" is a name too, "borivoja" Borivoj's; None for a nominative alone ("jadran")."""
    names = first_names()
    if folded in FUNCTION_WORDS:
        return None
    for stem in bases(folded)[1:]:
        for candidate in (stem, stem + "o", stem + "a", stem + "e"):
            if candidate in names and candidate != folded:
                return candidate
    return None


def not_a_name(folded: str) -> bool:
    """An institution, law, place, month, legal term … ("Sarajevu", "Zakona", "Republike")."""
    single, _ = _not_names()
    if folded in single:
        return True
    return any(
        stem in single or any(stem + e in single for e in ("a", "o", "e", "i"))
        for stem in bases(folded)[1:]
        if len(stem) >= 4
    )


def listed_word(folded: str) -> bool:
    """A form some list of words has: a word of the laws in any case, of the dictionaries, or an everyday form — what a
    lowercase form must not be to be read as a name's alone (fronted_objects.py, lowercase_frames.py)."""
    return law_word_in_any_case(folded) or dictionary_word(folded) or folded in common_forms()


def lowercase_name_word(folded: str) -> bool:
    """Whether a word typed lowercase may be a name at all: three letters or more and no function word, word of the
    laws, institution or legal term, place or person word (the veto both lowercase readings share:
    governed_names.py, lowercase_frames.py)."""
    return not (
        len(folded) < 3
        or folded in FUNCTION_WORDS
        or law_word(folded)
        or not_a_name(folded)
        or is_place(folded)
        or folded in person_words()
    )


@cache
def word_of_the_language(folded: str) -> bool:
    """A word a surname may not be, even after a first name: of the laws, of everyday speech, a person, a verb,
    a place (name_pairs.py, name_cues.py)."""
    return (
        folded in FUNCTION_WORDS
        or folded in person_words()
        or folded in person_verbs()
        or folded in common_forms()
        or law_word(folded)
        or not_a_name(folded)
        or is_place(folded)
    )


def towns() -> frozenset[str]:
    """The towns of data/towns.txt, folded, a name of several words joined by "_" ("banja_luka"). Every rule that asks
    for a town reads it here, so the list is one list."""
    return word_set("towns.txt")


def is_town(folded: str) -> bool:
    """ "tuzli", "zenicom": a form of a one-word town (its stem, or the stem with -a/-o/-e, is listed)."""
    return any(stem in towns() or any(stem + e in towns() for e in ("a", "o", "e")) for stem in bases(folded))


@cache
def places() -> frozenset[str]:
    """Rivers, lakes, mountains (data/geography.txt) and one-word towns (data/towns.txt)."""
    return word_set("geography.txt") | frozenset(w for w in towns() if "_" not in w)


def is_place(folded: str) -> bool:
    """ "drini", "drine", "uni", "savom": a form of a river, lake, mountain or town."""
    return any(stem in places() or any(stem + e in places() for e in ("a", "o", "e")) for stem in bases(folded))


def _prefix(word: str) -> str:
    return word[: max(2, len(word) - 2)]


def phrase_at(folded: list[str], i: int) -> int:
    """How many words from `i` on form a place or institution phrase ("Banjoj Luci", "Republika Srpska"); 0 if none."""
    _, phrases = _not_names()
    for phrase in phrases:
        n = len(phrase)
        if i + n <= len(folded) and all(folded[i + k].startswith(_prefix(phrase[k])) for k in range(n)):
            return n
    return 0
