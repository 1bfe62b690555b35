"""Street addresses with a house number: "ul. Maršala Tita 15", "Zmaja od Bosne bb", "stanuje u Titovoj 15/3",
"na adresi Ferhadija 5, Sarajevo", "u ulici kralja Petra I 23a".

The street is the words after a street word (ulica, ul., adresa, stanuje, živi, bulevar, trg, naselje …), or
capitalised words inside a sentence, followed by a house number (digits with an optional letter and
/flat, or "bb"). Words of the law ("član 15", "Zakona 12", "roku od 8 dana") never make a street.
"""

from __future__ import annotations

import re
from functools import lru_cache

from kodeks.privacy import (
    address_breaks,
    address_cues,
    dwelling,
    institutions,
    lexicon,
    lowercase_streets,
    name_context,
    place_chains,
    street_words,
    titles,
    town_named_homes,
    villages,
)
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

# A month's name as a street named by a date has it ("1. maja", "28. studenoga", "1. маја"): the Latin months in any
# case, the other standard's months in their cases only (their stems begin towns' names: "Travnik", "Lipnica"), and
# the Cyrillic ones.
_MONTH = (
    r"(?:(?:januar|februar|mart|april|maj|jun|jul|august|avgust|septemb|oktob|novemb|decemb)\w*"
    r"|(?:sije[čc]nj[aeu]|velja[čc][aeiu]|o[žz]uj[kc][aeu]|travnj[aeu]|svibnj[aeu]|lipnj[aeu]|srpnj[aeu]|kolovoz[aeu]?"
    r"|rujn[aeu]|listopad[aeu]?|studen(?:og|oga|om|i)|prosin[cč][aeu])(?!\w)"
    r"|(?:јануар|фебруар|март|април|август|септемб|октоб|новемб|децемб)\w*|(?:мај|јун|јул)[аеу]?(?!\w))"
)
# Right after "Ul." or "Ulica" in any case (capitalised or not), an ordinal and one or two lower-case words before a
# number name the street after a unit or an event ("Ul. 22. divizije 5", "Ulica 7. lipove brigade 22"): the ordinal is
# the name's first word, never the house number (each alternative a lookbehind of its own width).
_AFTER_ULICA = r"(?:(?<=[Uu]l\. )|(?<=[Uu]lica )|(?<=[Uu]lici )|(?<=[Uu]lice )|(?<=[Uu]licu )|(?<=[Uu]licom ))"
# No house number, as an address writes it: "bb", "b.b.", "b/b" (bez broja), and the words themselves.
_BB = r"[bBбБ][bBбБ]|[bBбБ]\.[ ]?[bBбБ]\.|[bBбБ]/[bBбБ]"
_WITHOUT_NUMBER = rf"{_BB}|(?i:bez[ ]+broja|без[ ]+броја)"
_VILLAGE_BEFORE = re.compile(r"(?<!\w)(?:sel[aou]|zaseo?k[au]?|zasel(?:ak|k[au])|naselj[aeu])(?!\w)")  # folded
_SAID_WITHOUT_NUMBER = re.compile(r"(?i:bez[ ]+broja|без[ ]+броја)")  # in words, unlike "bb": no home without a cue
_HOUSE_LETTER = r"(?:[a-zA-Zа-иА-И]|-[a-hA-Hа-иА-И]|[ ](?-i:[A-HА-Иb-g])(?=[ ,./]|$)|[ ][a-hа-и](?=/\d))"  # 12a, 12-a, 12 A, 12 b, 12 a/3
_NUMBER = (
    rf"(?!{_AFTER_ULICA}\d{{1,2}}\.(?:[ ]+[a-zčćšžđ]{{4,}}){{1,2}}[ ]+\d)"  # "Ul. 5. korpusa 12": the ordinal is the name's
    r"(?:\d{1,4}[a-zA-Zа-иА-И]?[ ]?[-–][ ]?\d{1,4}[a-zA-Zа-иА-И]?(?![-–./]?\d)"  # a range of houses: 12-14, 12a-12c
    rf"|\d{{1,4}}{_HOUSE_LETTER}?"
    r"(?:\s?/\s?(?:\d{1,3}[a-zA-Zа-иА-И]?|[IVX]{1,4}\b|[a-hA-Hа-иА-И](?![\w/]))){0,2}"  # 67/9, 21/B; Vienna's 88/2/14
    rf"|{_WITHOUT_NUMBER}"  # bb, бб, b.b., b/b, bez broja
    r"|(?-i:[A-HА-Ж])-\d{1,3})(?![\w/])"  # a block by its letter and number: "Stupine B-4"
    rf"(?!\.?[ ]*(?i:{_MONTH}))"  # "1. maja": a date in a street's name, no house number
)
# A house number no count or article number has: a flat ("67/9"), a letter ("13a"), "bb" (no number).
_HOUSE_ONLY = re.compile(
    r"^(?:\d{1,4}(?:[a-zA-Zа-иА-И]|[ ][A-HА-Иa-g])?(?:\s?/\s?(?:\d{1,3}[a-zA-Zа-иА-И]?|[IVX]{1,4}|[a-hA-Hа-иА-И])){1,2}"
    r"|\d{1,4}(?:[a-zA-Zа-иА-И]|-[a-hA-Hа-иА-И]|[ ][A-HА-Иb-g])"
    rf"|{_BB})$"  # not "bez broja": "kuća bez broja" is said of any house
)
_NAME_WORD = (  # "Ulica 6. marta 11"; a title joined by a hyphen: "Obala Ali-paše Lipovca 11", "Sulejman-bega"
    rf"(?:[^\W\d_][^\W\d_.]*(?:-(?i:pa[sš][aei]|beg|bega|begu|begov[aeiu]?|bey|ag[aeiu]|efendij[aeiu]))?\.?|\d{{1,2}}\.[ ]+(?i:{_MONTH})"
    rf"|{_AFTER_ULICA}\d{{1,2}}\.(?:[ ]+[a-zčćšžđ]{{4,}}){{1,2}}(?=[ ]+\d))"  # "Ul. 22. divizije 5", "Ulica 7. lipove brigade 2"
)
_ORDINAL = re.compile(r"^\d{1,2}\.$")
# Where someone stays at a host's: "kod" and one word in the genitive (brata, majke, prijatelja) between the verb of
# dwelling and the preposition of place; sleeping is a word of dwelling only so, at someone's ("spava u autu" is not).
_HOST = r"\s+kod\s+[a-z]{3,}"
_SLEEPS = r"(?:spava|spavaju|spavao|spavala|spavali|prespava\w*|noci|noce|nocio|nocila|nocili)"
_STREET_WORD = re.compile(
    r"(?<!\w)(?:ul\.|ul|ulica|ulici|ulicu|ulice|adresa|adresi|adresu|adresom|adr\.|stanuje\s+(?:u|na)|stanuje|"
    rf"(?:stanuje|{dwelling.LIVES}|{_SLEEPS}){_HOST}\s+(?:u|na)|"  # "živi kod brata u …", "spava kod sestre na …"
    rf"{dwelling.LIVES}\s+(?:u|na)|{dwelling.SETTLED_FORMS}\s+(?:u|na)|{dwelling.REGISTERED_FORMS}(?:\s+je)?\s+(?:u|na)|"
    r"prebivaliste\w*|boraviste\w*|bulevar\w*|bul\.|trg|trgu|naselj[aeu]|obal[aeiu]|obalom|sokak\w*|prolaz\w*|alej[aeiu]|selo|selu|zaseok|zaseoku|zasel(?:ak|k[au])|"
    r"mahala|mahali)"
    r"(?:\s+(?:mu|joj|im|je|glasi|stanovanja|prebivalista|boravista|prijave|za\s+dostav[aeu]|dostave))*"  # "adresa mu je …"
    r"(?:\s+(?:u|na|broj|br\.?))?\s*:?\s*$"
)
_KEYWORD_ONLY = frozenset(
    [
        "ul",
        "ulica",
        "ulici",
        "ulicu",
        "ulice",
        "adresa",
        "adresi",
        "adresu",
        "adresom",
        "stanuje",
        "zivi",
        "zive",
        "zivio",
        "zivjela",
        "zivjeli",
        "nastanjen",
        "nastanjena",
        "nastanjeno",
        "nastanjeni",
        "prebivaliste",
        "boraviste",
        "u",
        "na",
        "mu",
        "joj",
        "im",
        "je",
        "glasi",
        "stanovanja",
        "prebivalista",
        "boravista",
        "prijave",
        "adr",
        "prijavljen",
        "prijavljena",
        "prijavljeni",
        "prijavljeno",
    ]
)
_PART_OF_NAME = frozenset(
    [
        "bulevar",
        "bul",
        "bulevara",
        "bulevaru",
        "bulevarom",
        "trg",
        "trga",
        "trgu",
        "trgom",
        "obala",
        "obale",
        "obali",
        "obalu",
        "obalom",
        "naselje",
        "naselja",
        "naselju",
        "sokak",
        "aleja",
        "aleji",
        "aleju",
        "aleje",
        "selo",
        "selu",
        "zaseok",
        "zaseoku",
        "zaselak",
        "zaselka",
        "zaselku",
        "mahala",
        "mahali",
        "ul",
        "ulica",
        "ulici",
        "ulicu",
        "ulice",
    ]
)
_ROMAN = re.compile(r"^[IVX]{1,4}\.?$")
_CANDIDATE = re.compile(
    rf"(?<!\w)({_NAME_WORD}(?:[ ]+(?:{_NAME_WORD}|[IVX]{{1,4}}\.?))"
    + "{0,4}?)"
    + rf"[ ]*(?i:,?[ ]*(?:ku[cć]ni|кућни)[ ]+(?:broj|br\.?|број|бр\.?)[ ]*|,?[ ]*k\.?[ ]?br\.?:?[ ]*|,?[ ]*(?:br|бр)\.?:?[ ]*|,?[ ]+(?:broj|број):?[ ]+|,[ ]*|[ ]+kod[ ]+broja[ ]+|[ ]+)({_NUMBER})"  # "BROJ 7" in capitals too
)
_NOT_STREET = frozenset(
    [
        "clan",
        "clana",
        "clanu",
        "clanom",
        "clanak",
        "clanka",
        "clanku",
        "stav",
        "stava",
        "stavu",
        "tacka",
        "tacke",
        "tacki",
        "alineja",
        "zakon",
        "zakona",
        "zakonu",
        "broj",
        "broja",
        "br",
        "glasnik",
        "glasnika",
        "roku",
        "rok",
        "period",
        "periodu",
        "trajanju",
        "iznosu",
        "visini",
        "kazna",
        "kazne",
        "kaznom",
        "zatvora",
        "mjeseci",
        "mjeseca",
        "godina",
        "godine",
        "godinu",
        "dana",
        "dan",
        "sati",
        "sat",
        "minuta",
        "km",
        "eur",
        "posto",
        "puta",
        "od",
        "do",
        "i",
        "ili",
        "sa",
        "na",
        "u",
        "za",
        "nakon",
        "prije",
        "poslije",
        "oko",
        "preko",
        "stepen",
        "stepena",
        "kategorije",
        "grupe",
        "tocka",
        "tocke",
        "cl",
        "iz",
        "djela",
        "odnosno",
        "bio",  # "u ulici je bilo 5 …": a count after a form of "biti", no street
        "bila",
        "bilo",
        "bili",
        "bile",
        "ima",
        "imalo",
    ]
)
# Words of the law by their beginning: aneks/Aneksu, obrazac/Obrascu, članovi, prilog, glava …
_LEGAL_STEMS = (
    "clan",
    "stav",
    "tack",
    "tock",
    "anek",
    "obras",
    "obraz",
    "prilo",
    "glav",
    "alinej",
    "odjelj",
    "poglav",
    "paragraf",
    "sluzben",
    "glasni",
    "tabel",
    "odnosn",
)
_UNITS_AFTER = re.compile(
    r"^\s*(?:\.?\s*)?(?:dana|dan|sati|sat|h|min\w*|mjesec\w*|godin\w*|god\.?|km|KM|cm|mm|eur\w*|%|puta|m\b|"
    r"metar\w*|kg|g\b|ml|l\b|promil\w*|stav\w*|tack\w*|clan\w*|posto|x|januar\w*|februar\w*|mart\w*|april\w*|maj\w*|jun\w*|jul\w*|august\w*|septemb\w*|oktob\w*|novemb\w*|decemb\w*|сеп\w*|окт\w*|нов\w*|дец\w*|јан\w*|феб\w*|мар\w*|апр\w*|мај\w*|јун\w*|јул\w*|авг\w*|"
    r"км|кг|м|мм|цм|дана|дан|сати|сат|мин\w*|мјесец\w*|месец\w*|годин\w*|год\.?|евр\w*|пута|метар\w*|промил\w*)(?![^\W\d_])",
    # "22 hitno" is no "22 h"; the units in Cyrillic: "2 км од", "5 дана"
    re.IGNORECASE,
)


def _regnal(folded: list[str]) -> bool:
    """ "kralja petra i", "Краља Петра И": a ruler's number after a title and a name, in lower case or Cyrillic."""
    return (
        len(folded) >= 3
        and folded[-1].rstrip(".") in ("i", "ii", "iii", "iv", "v", "vi")
        and folded[-3] in _TITLES_IN_STREETS
    )


# Upper and Lower X, a village named after a town or a river ("Gornja Tuzla", "Donji Vakuf", "Gornje Hrasno").
_UPPER_LOWER = frozenset(g + e for g in ("gornj", "donj", "srednj") for e in ("a", "i", "e", "oj", "em", "eg", "u"))


_RANGE = re.compile(r"^(\d+)[a-zA-Zа-иА-И]?[ ]?[-–][ ]?(\d+)")


_NUMBER_WORD = re.compile(r"(?i)(?<!\w)(?:broj|br|број|бр)(?!\w)")


def _rising(number: str) -> bool:
    """A range of houses ("12-14", "7a-7c") runs up; any other number is no range."""
    m = _RANGE.match(number)
    return m is None or int(m.group(1)) <= int(m.group(2))


def _street_ok(words: list[str], capital_needed: bool, bb: bool = False) -> bool:
    if any(_ORDINAL.match(w) for w in words):  # "1. maja", "6. marta": the date is the street's name
        if _ORDINAL.match(words[0]) and capital_needed:
            return False
        words = [w for i, w in enumerate(words) if not _ORDINAL.match(w) and not (i and _ORDINAL.match(words[i - 1]))]
        if not words:
            return not capital_needed
    folded = [fold(w).rstrip(".") for w in words]
    if folded and any(b in lexicon.word_set("vehicle_makes.txt") for b in lexicon.bases(folded[-1])):
        return False  # "Zastava 101", "Audi 80": a car's model, no house number
    last = -2 if len(words) > 1 and (_ROMAN.match(words[-1]) or _regnal(folded)) else -1  # "Petra I 23"
    if not folded or folded[last] in _NOT_STREET or folded[0] in _NOT_STREET or folded[0] in _KEYWORD_ONLY:
        return False
    if any(f.startswith(_LEGAL_STEMS) for f in folded):
        return False
    if all(f in lexicon.FUNCTION_WORDS for f in folded) or any(
        f in lexicon.FUNCTION_WORDS and f not in _PREPOSITIONS_IN_NAMES for f in folded
    ):
        return False  # "kroz naselje gdje je (ograničenje) 60": a speed limit, no street
    if not (bb and capital_needed) and any(  # "iz Gornje Tuzle bb": a village named after a town, "bb" its number
        lexicon.not_a_name(f)
        and f not in ("bosne", "bosna", "hercegovine", "hercegovina", "sarajevska")
        and not (i and not capital_needed and folded[i - 1] in ("za", "od", "prema"))  # "Put za Kreševo"
        and not (i and not capital_needed and words[0][0].isupper())  # "Branilaca grada", "Branilaca Sarajeva"
        and not (i and (folded[0].endswith(("aca", "ih")) or folded[0] in _TITLES_IN_STREETS))  # without a cue too
        and not (i and folded[i - 1] in _UPPER_LOWER)  # "gornja tuzla bb": a village named after a town
        and not (i == 0 and not capital_needed and len(words) > 1 and words[0][0].isupper() and _PEOPLES.match(f))
        # after a street's word or a cue, a people's adjective opening a street's name: "ulica Srpske vojske 22"
        for i, f in enumerate(folded)
    ):
        return False
    if capital_needed:
        return words[0][0].isupper() and all(
            w[0].isupper()
            or fold(w) in ("od", "i", "na", "bb", *_TITLES_IN_STREETS, *_ROAD_WORDS, *street_words.SETTLEMENT_NOUNS)
            for w in words[1:]
        )  # "Obala Kulina bana", "Hrasničke ceste", "Lipovića kolonija"
    return True


# A people's or a country's adjective in the genitive or the dative, the first word of a street named by a noun after
# it ("Srpske vojske", "Hrvatskih branitelja", "Bošnjačke brigade"): a word of the laws, but a street's name here.
_PEOPLES = re.compile(r"^[a-z]+(?:sk|ck)(?:e|ih|og|oj)$")


# The only function words a street's or a village's name has: "Zmaja od Bosne", "Put za Kreševo", "Kamenica kod
# Zvornika", "Vrelo na Bosni" — never "je", "gdje", "koji".
_PREPOSITIONS_IN_NAMES = frozenset(
    ["od", "i", "na", "za", "kod", "do", "iz", "pod", "nad", "pred", "pri", "u", "s", "sa"]
)
# A road's word inside a capitalised street's name: "Kasindolski put 7", "Hrasnička cesta 12", "Lipovo šetalište 3".
_ROAD_WORDS = (
    "cesta",
    "ceste",
    "cesti",
    "cestu",
    "cestom",
    "put",
    "putu",
    "ulica",
    "ulice",
    "ulici",
    "ulicu",
    "ulicom",
    "setaliste",
    "setalista",
    "setalistu",
    "setalistem",
)
_ULICA = frozenset(["ulica", "ulici", "ulicu", "ulice", "ul", "ul."])
# A street's own name before "ulica" is a possessive or a -ska adjective: Jasenova, Hrastovoj, Kozarskoj, Titovoj.
_STREET_ADJECTIVE = re.compile(r"(?:ov|ev|in|sk|ck|čk)(?:a|oj|e|u|om)$")


def _street_before_ulica(words: list[str]) -> bool:
    """ "Jasenova ulica 12", "u hrastovoj ulici 3": the name before the street word, in either case."""
    name, street = fold(words[0]), fold(words[1])
    return (
        street in _ULICA
        and _STREET_ADJECTIVE.search(name) is not None
        and name not in lexicon.FUNCTION_WORDS
        and not name.startswith(_LEGAL_STEMS)
        and not lexicon.not_a_name(name)
    )


_ADDRESS_CUE_BEFORE = re.compile(
    rf"(?<!\w)(?:adres\w*|{dwelling.STAYS}|{dwelling.LIVES}(?!\w)|{dwelling.PERMANENT}|{dwelling.RESIDES}|{dwelling.SETTLED})"
)
_WORD_AFTER = re.compile(r"^[ ]+([^\W\d_]+)")
_VERB_ENDINGS = ("ao", "io", "eo", "uo", "li", "je", "ju")  # a past or present verb (not -la: automobila)


# A preposition after the number starts the next phrase ("na Titova 12 ispred kafića"): no count.
_PREPOSITIONS_AFTER = frozenset(
    ["ispred", "iza", "pored", "blizu", "preko", "nakon", "tokom", "zbog", "kraj", "ispod", "iznad", "izmedju", "prije"]
)
# A conjunction after the number starts the next clause ("živi na Lipovoj 14 nego kod brata"): nothing counted.
_DWELLS = re.compile(rf"^(?:{dwelling.LIVES}|{dwelling.STAYS}|{dwelling.RESIDES})$")
_CONJUNCTIONS_AFTER = frozenset(["nego", "jer", "dok", "pošto", "posto", "mada", "iako", "ukoliko", "tamo", "gdje"])
# A verb in the present whose subject is a person (kaže, tvrdi, zove …): after a house number the clause's predicate.
_PRESENT_VERBS = name_context.SPEECH_VERBS | {"zove", "zovu", "vice", "vicu", "pije", "piju", "spava", "spavaju"}


def _count_after(rest: str) -> bool:
    """ "u kozarskoj ulici 3 automobila", "u hrastovoj ulici 5 ljudi": a noun of the language in lower case right
    after the number is what was counted, so the number is no house's (a verb there — "… 5 udario" — is not)."""
    if _FLAT_AFTER.match(rest):
        return False  # "Lipova 3 drugi ulaz": the entrance, the floor or the flat, nothing counted
    m = _WORD_AFTER.match(rest)
    if m is None or not m.group(1).islower():
        return False
    word = fold(m.group(1))
    return (
        word not in lexicon.FUNCTION_WORDS
        and not _DWELLS.match(word)  # "u zaseoku Brezići 6 živi sam starac": the predicate, nothing counted
        and word not in _PREPOSITIONS_AFTER
        and word not in _CONJUNCTIONS_AFTER
        and word not in ("stan", "sprat", "kat", "ulaz", "lamela", "sprata")
        and not word.endswith(_VERB_ENDINGS)
        and word not in lexicon.person_verbs()
        and word not in _PRESENT_VERBS  # "sa Hrasničke ceste 88 kaže …": the predicate, nothing counted
        and (lexicon.law_word(word) or word in lexicon.word_set("common_words.txt"))
    )


_BREAK_AFTER_WORD = re.compile(r"^[ ]+[^\W\d_]+[ ]*(?:[,.;!?)]|$)")


def _count_set_off(text: str, m: re.Match[str]) -> bool:
    """ "…, 3 vozila, jedna osoba …": a bare number after a comma (no "broj" before it) and a noun of the laws in lower
    case right after it, then the clause's end — what was counted, no house. The noun may also be a verb's form
    ("vozila": vehicles or she drove), which `_count_after` leaves to the verb; set off so, with no object after it,
    the count is the reading."""
    between = text[m.end(1) : m.start(2)]
    rest = text[m.end(2) :]
    if "," not in between or _NUMBER_WORD.search(between) or not m.group(2).isdigit() or _FLAT_AFTER.match(rest):
        return False
    word = _WORD_AFTER.match(rest)
    if word is None or not word.group(1).islower() or not _BREAK_AFTER_WORD.match(rest):
        return False
    folded = fold(word.group(1))
    return _counted_noun(folded) and folded not in ("stan", "sprat", "kat", "ulaz", "lamela", "sprata")


def _counted_noun(folded: str, common_words: bool = False) -> bool:
    """Whether a lower-case word right after a number is a noun it counts: a form of a word of the laws in any case
    ("…, 3 auta": a case form counted) — with `common_words`, of the everyday common words too — and no function
    word, place or town."""
    return (
        folded not in lexicon.FUNCTION_WORDS
        and (
            lexicon.law_word(folded)
            or lexicon.law_word_in_any_case(folded)
            or (common_words and folded in lexicon.word_set("common_words.txt"))
        )
        and not lexicon.is_place(folded)
        and _is_town([folded]) == 0
    )


# A personal pronoun in the genitive plural after a number counts people ("…, 20 njih", "5 nas je bilo").
_PEOPLE_COUNTED = re.compile(r"^[ ]+(?:njih|nas|vas|њих|нас|вас)(?!\w)")


def _count_after_a_preposition(text: str, m: re.Match[str]) -> bool:
    """ "na Bulevaru Lipa saobraćajka sa 3 vozila": "sa", "oko", "preko" … right before the number and a lower-case
    noun of the laws (in any case) or of the language right after it: a count, no house number."""
    words = m.group(1).split()
    if len(words) < 2 or fold(words[-1]) not in street_words.QUANTITY_PREPOSITIONS or not words[-1].islower():
        return False
    if text[m.end(1) : m.start(2)].strip() or not m.group(2).isdigit():
        return False
    rest = text[m.end(2) :]
    word = _WORD_AFTER.match(rest)
    if word is None or not word.group(1).islower() or _FLAT_AFTER.match(rest):
        return False
    return _counted_noun(fold(word.group(1)), common_words=True)


def _counted(rest: str) -> bool:
    """After a number: a unit or a counted noun, so it is no house's ("12 dana", "5 ljudi")."""
    return _UNITS_AFTER.match(rest) is not None or _count_after(rest)


def _street(text: str, m: re.Match[str], words: list[str], house_only: bool) -> Span | None:
    """The street of a candidate: the words after a street word if there is one (the longest such), else
    the longest run of capitalised words before the number — or, for a house number only a street has, the
    last three words at most."""
    suffixes = []
    for start_word in range(len(words)):
        chosen = words[start_word:]
        offset = m.start(1) + len(" ".join(words[:start_word])) + (1 if start_word else 0)
        offset = text.index(chosen[0], offset)
        suffixes.append((chosen, offset, _STREET_WORD.search(fold(text[max(0, offset - 30) : offset])) is not None))
    counted = (
        not house_only
        and _count_after(text[m.end(2) :])
        and not _ADDRESS_CUE_BEFORE.search(fold(text[max(0, m.start(1) - 40) : m.start(1)]))
    )  # "u selu Lipovica 5 kuća je izgorjelo": a count after a place's name (not after "stanuje", "adresa")
    for i, (chosen, offset, keyword) in enumerate(suffixes):
        # "ul. zelenih beretki 7 komšija prijavio …": after a street word in the nominative (a label, not "u ulici")
        # the word after the number is no count — nothing is counted in a street named so
        labelled = _LABEL_BEFORE.search(fold(text[max(0, offset - 8) : offset])) is not None
        if keyword and len(chosen) > 3 and fold(chosen[0]) == "kod" and fold(chosen[2]) in ("u", "na"):
            continue  # "stanuje kod tetke u Jasenova 9": the host, then her street (a later, shorter run)
        if keyword and (not counted or labelled) and _street_ok(chosen, capital_needed=False):
            if (
                i and fold(words[i - 1]).rstrip(".") in _PART_OF_NAME
            ):  # "Bulevar Meše Selimovića": the street word is its name
                offset = suffixes[i - 1][1]
            return Span(offset, m.end(2), "ADDRESS")
    if _LAW_BEFORE.search(fold(text[max(0, m.start(1) - 40) : m.start(1)] + " " + words[0])):
        return None  # "Zakon o javnom redu i miru broj 12/24": a gazette number
    if len(suffixes) >= 2 and _street_before_ulica(words[-2:]) and not _count_after(text[m.end(2) :]):
        return Span(suffixes[-2][1], m.end(2), "ADDRESS")  # "u Hrastovoj ulici 3", "jasenovoj ulici 15"
    plain = [
        (chosen, offset)
        for chosen, offset, _ in suffixes
        if not any(
            w.isupper()
            and len(w) <= 4
            and w.lower() not in ("bb", "бб")
            and not (k and (_ROMAN.match(w) or _regnal([fold(x) for x in chosen[: k + 1]])))
            and not re.fullmatch(r"[^\W\d_]\.", w)  # "M. Tita 5": an initial, no acronym
            for k, w in enumerate(chosen)
        )  # acronyms: "УС, 92/11" is a gazette reference
    ]
    bb = bool(re.fullmatch(_WITHOUT_NUMBER, m.group(2)))
    place_from = 0
    for chosen, offset in plain:
        at = len(words) - len(chosen)
        place_from = max(place_from, at + _person_then_place(chosen))
        if at < place_from:
            continue  # "kod Lipe (Brezić) na Brezove Grane 12": the host, then her street (a later, shorter run)
        if (
            _street_ok(chosen, capital_needed=True, bb=bb)
            and (house_only or not _count_after(text[m.end(2) :]))
            and not _common_noun_after_place(text, offset, chosen)
        ):
            return Span(offset, m.end(2), "ADDRESS")
    for chosen, offset in plain:
        if (
            _sized(chosen)
            and _SET_OFF_BEFORE.search(fold(text[max(0, offset - 12) : offset]))
            and not _count_after(text[m.end(2) :])
        ):
            return Span(offset, m.end(2), "ADDRESS")  # "na Lipiku veliki 12 je …": the larger of two streets
    for chosen, offset in plain:
        if _named_as_streets_are(chosen) and _home_after(text, m.end(2)):
            return Span(offset, m.end(2), "ADDRESS")  # "Patriotske lige 8, stan 3", "Igmanskog marša 5, Hadžići"
    for chosen, offset in plain:
        if (
            _named_after_a_group(chosen)
            and _PLACE_PREPOSITION_BEFORE.search(fold(text[max(0, offset - 8) : offset]))
            and _clause_goes_on(text[m.end(2) :])
            and not _counted(text[m.end(2) :])
        ):
            return Span(offset, m.end(2), "ADDRESS")  # "iz Zelenih beretki 16 zove …": a street named after a group
    for chosen, offset in plain:  # a number only a house has: the street's words need no capital ("lipova 13a")
        if (
            house_only
            and len(chosen) <= 3
            and _street_ok(chosen, capital_needed=False)
            and not any(fold(w) in lexicon.FUNCTION_WORDS for w in chosen[:-1])  # not "komsija iz Lipova 13a"
            and (bb or _street_name(chosen) or not any(_word_of_the_language(w) for w in chosen))  # "linije 31E"
        ):
            return Span(offset, m.end(2), "ADDRESS")
    flat = _flat_end(text, m.end(2))  # "zeljeznicka 5 stan 9 zenica": the flat between the number and the town
    town_after = _town_end(text, flat) > flat  # "jasenova 12 zenica", "kralja tvrtka 8 u sarajevu"
    set_off = (house_only or len(m.group(2)) <= 3) and _clause_goes_on(text[m.end(2) :])
    for chosen, offset, _ in suffixes:
        if (
            len(chosen) <= 3
            and (
                town_after
                or _town_before(text, offset)  # "bihać jasenova 14 …": the town dictated first
                or (set_off and _SET_OFF_BEFORE.search(fold(text[max(0, offset - 12) : offset])))
            )
            and _street_ok(chosen, capital_needed=False)
            and _street_name(chosen)
            and (town_after or _town_before(text, offset) or not _common_noun_after_place(text, offset, chosen))
        ):
            return Span(offset, m.end(2), "ADDRESS")  # "u lipovoj 12", "na marsala tita 12", "lipova br. 12,"
    for chosen, offset, _ in suffixes:
        if (
            len(chosen) == 1
            and set_off
            and _undeclined_after_place(fold(text[max(0, offset - 8) : offset]), fold(chosen[0]))
            and _own_name(chosen[0])
        ):
            return Span(offset, m.end(2), "ADDRESS")  # "ispred ferhadija 7": a name left in its nominative
    for chosen, offset, _ in suffixes:
        if len(chosen) <= 3 and _after_dwelling_and_town(text, offset) and _capitalised_name(chosen):
            return Span(offset, m.end(2), "ADDRESS")  # "živi kod majke u Tuzli, Armije BiH 15": the cue's home
    for chosen, offset, _ in suffixes:
        if len(chosen) <= 3 and _after_place_and_town(text, offset) and _street_after_town(text, chosen, m.end(2)):
            return Span(offset, m.end(2), "ADDRESS")  # "Marko Lipić iz Kaknja, Brezovih grana 12": his home
    return None


_PLACE_BEFORE_TOWN = frozenset(["iz", "sa", "s"])  # the town a person is from; "u" is where he works too
_ENDS_AT_NUMBER = re.compile(r"^[ ]*(?:[,.;:!?)—–-]|$)")


def _after_place_and_town(text: str, offset: int) -> bool:
    """Whether "iz"/"sa" and a listed town with a comma stand right before `offset` ("iz Kaknja, …"): the town a person
    is from, then the street of that home — as an address is written, town first. Not "u": "radi u Tuzli, Armije BiH
    15" is where one works (read only after a word of dwelling: `_after_dwelling_and_town`)."""
    m = _TOWN_AND_COMMA.search(text, max(0, offset - 40), offset)
    if m is None or m.end() != offset or _is_town([fold(m.group(1))]) != 1:
        return False
    before = re.search(r"(?<!\w)([^\W\d_]+)[ ]+$", text[max(0, m.start() - 12) : m.start()])
    return before is not None and fold(before.group(1)) in _PLACE_BEFORE_TOWN


def _street_after_town(text: str, words: list[str], end: int) -> bool:
    """A street's words after "iz Kaknja, ": no word of the laws' citations, no function word; capitalised (the rest
    may be a common noun: "Hrvatskih branitelja"), or in lower case two words or more with the number ending the
    phrase ("iz kaknja, brezovih grana 12, …")."""
    if not _street_ok(words, capital_needed=False) or any(fold(w).startswith(_LEGAL_STEMS) for w in words):
        return False
    if _named_by_a_date(words):  # "iz Kaknja, 4. jula 31": a street named by a date, its "ulica" left out
        return re.search(r"(?<!\d)(?:19|20)\d{2}$", text[:end]) is None  # "…, 12. marta 1985": a full date
    if words[0][:1].isupper():
        return True
    return (
        len(words) >= 2
        and _ENDS_AT_NUMBER.match(text[end:]) is not None
        and not _counted(text[end:])
        and not any(_VERB_SHAPE.search(fold(w)) or fold(w) in lexicon.person_verbs() for w in words)
    )


_DATE_NAME = re.compile(rf"\d{{1,2}}\.[ ]+(?i:{_MONTH})")


def _named_by_a_date(words: list[str]) -> bool:
    """A street's whole name a day and a month ("4. jula", "1. maja"): the date the street is named after."""
    return _DATE_NAME.fullmatch(" ".join(words)) is not None


# A verb's past or present form ("dobio", "platila", "iznosi"): a clause's verb, no street's word.
_VERB_SHAPE = re.compile(r"(?:[aeiou]o|[aeiu]l[aeio]|[aei]mo|[aei]te|[ij]u|osi|isi|aje)$")


# A street that shares its name with another tells them apart by an adjective after the name: "Lipik veliki",
# "Brezik mali", "Jasenovac donji" (in any case: "na Lipiku velikom 4").
_SIZE_AFTER = re.compile(r"^(?:velik|mal|nov|star|gornj|donj|srednj)(?:i|a|e|o|u|oj|om|og|em|eg)$")


def _sized(words: list[str]) -> bool:
    """A capitalised name that is no listed town, no first name and no word of the laws, then such an adjective."""
    folded = [fold(w) for w in words]
    return (
        len(words) == 2
        and words[0][:1].isupper()
        and words[1].islower()
        and _SIZE_AFTER.match(folded[1]) is not None
        and not lexicon.is_town(folded[0])
        and lexicon.first_name(folded[0]) is None
        and not lexicon.law_word_in_any_case(folded[0])
        and not lexicon.not_a_name(folded[0])
    )


def _person_then_place(words: list[str]) -> int:
    """Where the street starts when the run opens on a person and "na"/"u" (0 if it does not): a listed first name,
    or a listed first name and a capitalised word that is no place (her surname, in any case), then the preposition
    and the street's capitalised words — a person and where she lives ("spava kod Lipe na Brezove Grane 12", "kod
    Dine Lipića na Brezove Grane 12"), or surname first ("kod Lipića Dine na …"). No street's name has a first name before such a preposition ("Bitke na
    Sutjesci", "Vrelo na Bosni")."""
    if (
        len(words) > 3
        and _surname_word(words[0])
        and lexicon.first_name(fold(words[1])) is not None
        and not lexicon.is_place(fold(words[1]))
        and fold(words[2]) in ("na", "u")
        and words[3][:1].isupper()
    ):
        return 3  # "kod Lipića Marka na Brezove Grane 12": the host named surname first, as reports write it
    if not words or lexicon.first_name(fold(words[0])) is None or lexicon.is_place(fold(words[0])):
        return 0
    if _named_then_named_after(words):
        return 2  # "vlasnica Ana Lipić Hasana Brezića 17": she, then her street named after someone
    for at in (1, 2):
        if (
            len(words) > at + 1
            and fold(words[at]) in ("na", "u")
            and words[at + 1][:1].isupper()
            and all(_surname_word(w) for w in words[1:at])
        ):
            return at + 1
    return 0


def _named_then_named_after(words: list[str]) -> bool:
    """A full name in its nominative, then a street named after a person in the genitive, with no word between ("Ana
    Lipić Hasana Brezića 17"): the first name as it stands and an -ić surname (undeclined: no case ending after -ić),
    then a first name's genitive (a form of a listed first name, not the name itself) or a ruler's title in the
    genitive ("Maršala Tita"), and a word in -a — the street's name is in another case than the person's, so the run
    is two: the person, then her home."""
    if len(words) != 4:
        return False
    first, surname, street_first, street_last = (fold(w) for w in words)
    street_name = lexicon.first_name(street_first)
    return (
        all(w[:1].isupper() and not w.isupper() for w in words)
        and lexicon.first_name(first) == first
        and surname.endswith("ic")
        and ((street_name is not None and street_name != street_first) or street_first in titles.TITLES)
        and street_last.endswith("a")
        and not lexicon.is_place(street_first)
    )


def _surname_word(word: str) -> bool:
    """A capitalised word after a first name that may be its surname: no place, no function word, no word of the laws."""
    folded = fold(word)
    return (
        word[:1].isupper()
        and not word.isupper()
        and folded not in lexicon.FUNCTION_WORDS
        and not lexicon.is_place(folded)
        and not lexicon.law_word_in_any_case(folded)
        and not lexicon.not_a_name(folded)
    )


def _named_as_streets_are(words: list[str]) -> bool:
    """A street's official spelling: its first word capitalised, the rest in lower case ("Patriotske lige", "Žrtava
    fašizma", "Zlatnih ljiljana", "Trg slobode"), none a word the laws' citations start with nor an institution's noun."""
    return (
        1 < len(words) <= 3
        and words[0][:1].isupper()
        and not words[0].isupper()
        and all(w.islower() for w in words[1:])
        and fold(words[0]) not in lexicon.FUNCTION_WORDS
        and not any(institutions.INSTITUTION.match(fold(w)) for w in words)  # "Policijske uprave 5, Tuzla"
        and _street_ok(words, capital_needed=False)
    )


# A preposition of place right before a street's name (on folded text).
_PLACE_PREPOSITION_BEFORE = re.compile(r"(?<!\w)(?:u|na|iz|sa|s|kod|do|od|ispred|pored|iza|blizu)[ ]*$")


# A preposition of place that no person follows ("kod", "od", "sa" do: "kod hodžića 2" is at someone's): "u"/"na" with
# the locative, the others with the genitive.
_PLACE_ONLY_BEFORE = re.compile(r"(?<!\w)(?P<prep>u|na|iz|do|ispred|pored|iza|blizu)[ ]*$")


def _undeclined_after_place(before: str, word: str) -> bool:
    """A feminine nominative where the preposition of place asks for another case — what a street's name left
    undeclined, as a label, looks like: "-a" after "u"/"na" (the locative ends in -i or -u: "na peronu", "u sobi"),
    "-ija" after "ispred"/"iz"/… (the genitive's is -ije; a masculine genitive's -a, "ispred kioska", is no sign)."""
    m = _PLACE_ONLY_BEFORE.search(before)
    if m is None:
        return False
    return word.endswith("a") if m.group("prep") in ("u", "na") else word.endswith("ija")


# A preposition that asks for the genitive ("iza kioska", "s Liste"): a street after it is declined to -e ("pored
# Titove 12", "iza lipove 4"), or left as its label ("ispred Ferhadija 7").
_GENITIVE_PLACE_BEFORE = re.compile(  # on folded text; "s Liste 1 i Liste 2": one preposition for both
    r"(?<!\w)(?:iza|ispred|pored|kod|iz|do|od|blizu|s|sa)(?:[ ]+[^\W\d_]+[ ]+\d{1,3}[ ]*(?:,|i|ili))?[ ]*$"
)


def _common_noun_after_place(text: str, offset: int, words: list[str]) -> bool:
    """One word after a preposition that asks for the genitive, before a number, that is a common noun in that case,
    not a street: a form the laws have as it stands ("s Liste 1", "iza kabine 4"; a capitalised word too, as a list's
    or a title's word is written), or in lower case a form of a word of the laws in any case, or a masculine
    genitive's -a on a stem a street's adjective would end in ("iza kioska 4", "ispred magacina 2": a feminine
    street's genitive ends in -e, and a street left undeclined is read by `_undeclined_after_place`)."""
    if len(words) != 1 or not _GENITIVE_PLACE_BEFORE.search(fold(text[max(0, offset - 30) : offset])):
        return False
    word = words[0]
    folded = fold(word).rstrip(".")
    if word.isupper() or lexicon.is_place(folded) or lexicon.first_name(folded) is not None:
        return False
    if lexicon.law_word(folded):
        return True
    return word.islower() and (
        lexicon.law_word_in_any_case(folded) or (folded.endswith("a") and _STREET_ADJECTIVE.search(folded) is not None)
    )


def _named_after_a_group(words: list[str]) -> bool:
    """A street named after a group of people, as its official spelling writes it: a genitive plural first word
    capitalised, then lower case ("Zelenih beretki", "Palih boraca", "Branilaca grada"). After "u"/"na" no phrase but a
    street's name puts a genitive plural there, and after "iz"/"kod" it is a street's with its house number."""
    return _named_as_streets_are(words) and fold(words[0]).endswith(("ih", "aca"))


def _home_after(text: str, end: int) -> bool:
    """After a street's house number, what only an address has: its flat, entrance or floor ("…, stan 3"), or its
    town after a comma ("…, Hadžići")."""
    return _flat_end(text, end) > end or ("," in text[end : end + 2] and _town_end(text, end) > end)


_TOWN_AND_COMMA = re.compile(r"(?<!\w)([^\W\d_]+)[ ]*,[ ]*$")
_CLAUSE_BREAK = re.compile(r"[.;!?]")


def _after_dwelling_and_town(text: str, offset: int) -> bool:
    """Whether a listed town and a comma stand right before `offset`, after a word of dwelling in the same sentence
    ("živi kod majke u Tuzli, …"): what follows with a house number is that home's street, whatever its words are
    (a street named after an institution or an army, with an acronym, is a street there)."""
    m = _TOWN_AND_COMMA.search(text, max(0, offset - 40), offset)
    if m is None or _is_town([fold(m.group(1))]) != 1:
        return False
    before = text[max(0, m.start() - 60) : m.start()]
    before = _CLAUSE_BREAK.split(before)[-1]
    return _ADDRESS_CUE_BEFORE.search(fold(before)) is not None


def _capitalised_name(words: list[str]) -> bool:
    """Every word capitalised or an acronym, none a word the laws' citations start with (član, zakon …)."""
    return all(w[:1].isupper() and not fold(w).startswith(_LEGAL_STEMS) for w in words)


_LABEL_BEFORE = re.compile(r"(?:^|[^\w.])(?:ulica|ul\.?)[ ]*:?[ ]*$")  # on folded text
# A listed town at the start of a sentence or after a comma, right before a street ("bihać jasenova 14").
_TOWN_FIRST = re.compile(r"(?:^|[,.;:!?]\s*)(?P<town>[^\W\d_]+(?:[ -][^\W\d_]+)?)[ ]*,?[ ]+$")


def _town_before(text: str, offset: int) -> bool:
    """Whether a listed town opens the sentence or clause right before the street at `offset` (the town first, as an
    address is dictated: "mostar lipovice 9", "banja luka, jasenova 7")."""
    m = _TOWN_FIRST.search(text[max(0, offset - 30) : offset])
    if not m:
        return False
    words = [fold(w) for w in re.split(r"[ -]", m.group("town"))]
    return _is_town(words) == len(words) or (len(words) == 2 and _is_town(words[1:]) == 1 and m.start("town") > 0)


_TIME_WORDS = frozenset(["sinoc", "jutros", "juce", "jucer", "danas", "nocas", "prekjuce", "oko", "u", "na", "kod"])


def _clause_goes_on(rest: str) -> bool:
    """After the house number of a street with no capital and no cue: the end, a comma, a verb, a function word, a
    preposition or a time ("u lipovoj 12 je tuča", "u lipovoj 12, sinoć") — any other word may be what a number
    counts ("na autobuskoj 3 perona", "u bolničkoj 3 pacijenta"), so the number is no house's."""
    m = _WORD_AFTER.match(rest)
    if m is None:
        return True
    word = fold(m.group(1))
    return (
        word in lexicon.FUNCTION_WORDS
        or word in ("se", "ce", "cu")  # "iz brezove 3 se svađaju": a clitic starts the predicate
        or word in _PREPOSITIONS_AFTER
        or word in _CONJUNCTIONS_AFTER
        or _DWELLS.match(word) is not None
        or word in _TIME_WORDS
        or word in lexicon.person_verbs()
        or word in _PRESENT_VERBS
        or word.endswith((*_VERB_ENDINGS, "eno", "ano", "en"))  # pronađeno, uhapšen (not -la: "5 automobila")
    )


# Before a street with no capital and no cue: a preposition of place or the start of a sentence or clause.
_SET_OFF_BEFORE = re.compile(
    r"(?:^|[,.;:!?(]|(?<!\w)(?:u|na|kod|ispred|iza|pored|do|iz|blizu|puta|zgrad[aeiu]|kuc[aeiu]|stana|ulaza))\s*$"
)  # on folded text; a building's noun too: "ispred zgrade brezova 7", "iz kuće jasenova 3"


def _street_name(words: list[str]) -> bool:
    """Words shaped like a street's name where no capital shows it (a listed town after the house number is the
    evidence): the last a possessive or -ska adjective (jasenova, maglajska) or a person's genitive (kralja tvrtka,
    vase pelagica, marsala tita); none a word of the laws (linija, voz, autobus) or a number's noun (broj, peron)."""
    folded = [fold(w).rstrip(".") for w in words]
    if any(f in lexicon.FUNCTION_WORDS or lexicon.law_word(f) or f.startswith(_LEGAL_STEMS) for f in folded):
        return False
    last = folded[-1]
    if _STREET_ADJECTIVE.search(last):
        return True
    name = lexicon.first_name(last)
    if (name is not None and name != last) or last.endswith(("ica", "ice", "ici")):  # Lipovica, Lipovice, Hodžići
        return True
    # A person's first name (or title) in the genitive before a surname no list has: "safeta zajke", "kralja tvrtka".
    return len(folded) >= 2 and (_genitive_of_a_name(folded[-2]) or folded[-2] in _TITLES_IN_STREETS)


def _own_name(word: str) -> bool:
    """A lower-case word that only a name is: no word of the laws, the dictionaries or everyday speech in any case, no
    function word, no person's first name, no town, river or mountain, no vehicle's make (the lists do not hold every
    noun: the case after the preposition is the rest of the evidence, `_undeclined_after_place`)."""
    folded = fold(word)
    return (
        word.islower()
        and len(folded) >= 4
        and not lexicon.word_of_the_language(folded)
        and not lexicon.listed_word(folded)
        and lexicon.first_name(folded) is None
        and folded not in lexicon.foreign_names()
        and not any(b in lexicon.word_set("vehicle_makes.txt") for b in lexicon.bases(folded))
    )


def _word_of_the_language(word: str) -> bool:
    """A lower-case word of the laws, of officers' everyday words or of the dictionaries: a bus line, a room, a
    platform ("linije 31E", "sobi 12a") is numbered like a house."""
    folded = fold(word).rstrip(".")
    return word[:1].islower() and (lexicon.law_word_in_any_case(folded) or lexicon.dictionary_word(folded))


_TITLES_IN_STREETS = frozenset(
    [
        "kralja",
        "marsala",
        "kneza",
        "cara",
        "bana",
        "vojvode",
        "hadzi",
        "fra",
        "sejha",
        "bega",
        "pase",
        "brace",
        "heroja",
    ]
)


def _genitive_of_a_name(folded: str) -> bool:
    name = lexicon.first_name(folded)
    return name is not None and name != folded and folded.endswith(("a", "e"))


def addresses(text: str) -> list[Span]:
    return _addresses(text)[0]


# A town, a comma, a street named by a date and a house number of one to three digits, and nothing more: "Kaknja, 4.
# jula 31". No year's mark after the number (a full stop, "godine", an apostrophe before it cannot stand in a house's).
_TOWN_DATE_STREET = re.compile(rf"[^\W\d_]+(?:[ ][^\W\d_]+)?,[ ]*\d{{1,2}}\.[ ]?(?i:{_MONTH})[ ]+\d{{1,3}}[a-zA-Z]?")
_DATE_STREET_HINT = re.compile(rf",[ ]*\d{{1,2}}\.[ ]?(?i:{_MONTH})[ ]+\d")
_YEAR_MARK_AFTER = re.compile(r"^(?:\.|[ ]*(?i:god|г))")


def streets_named_by_dates(text: str) -> list[Span]:
    """The homes "iz Kaknja, 4. jula 31" written town first, then a street named by a date with its "ulica" left out,
    then the house number: read before the dates of birth, whose short year ("12. marta 85") the number looks like
    after a person's "iz Town," (an address is street, number and town together). Only the address the readers above
    find there, and only so bare: with a birth word, a year's mark or a name and a comma alone it stays a date."""
    if _DATE_STREET_HINT.search(text) is None:
        return []
    return [
        s
        for s in addresses(text)
        if _TOWN_DATE_STREET.fullmatch(text[s.start : s.end]) and not _YEAR_MARK_AFTER.match(text[s.end :])
    ]


def institution_addresses(text: str) -> list[Span]:
    """The addresses of institutions (institutions.py): no one's home, left unmasked, and their street's words are no
    person's ("Centar za socijalni rad, Hamdije Lipovca 38": a street named after a man)."""
    return _addresses(text)[1]


# A number of hours glued to its unit ("24h", "22H", "72h"): a time or a duration — a house's number only after a word of
# streets or of dwelling ("ulica Lipova 12h").
_HOURS = re.compile(r"^\d{1,3}[hH]$")
_STREET_CUE = re.compile(rf"(?<!\w)(?:ul\.|ul|ulic\w*|adres\w*|{dwelling.LIVES}|{dwelling.STAYS})(?!\w)")


# A number named by its kind: a dialling code, an ordinal, a phone's — never a house number.
_KIND_OF_NUMBER = re.compile(r"^(?:pozivn|redn|telefonsk|mobiln|fiksn|kontaktn)\w*[ ]+(?:broj|br\.?)[ ]*\d")


@lru_cache(maxsize=16)  # the masker asks for both lists of one text
def _addresses(text: str) -> tuple[list[Span], list[Span]]:
    spans: list[Span] = []
    public: list[Span] = []
    for m in _CANDIDATE.finditer(text):
        street_text, number = m.group(1), m.group(2)
        if _UNITS_AFTER.match(text[m.end() :]) or _DATE_OR_CASE_AFTER.match(text[m.end() :]):
            continue
        words = street_text.split()
        if _KIND_OF_NUMBER.match(fold(text[m.start(1) : m.end(2)])):
            continue  # "Pozivni broj 122", "redni broj 4": a number of its own kind, no house's
        if (
            words[-1].endswith(".")
            and len(words[-1]) > 4
            and not _ROMAN.match(words[-1])
            and not _NUMBER_WORD.search(text[m.end(1) : m.start(2)])  # "Lipova. Broj 14": dictated, the number named
        ):
            continue  # "… Bosne i Hercegovine. 3": a full stop after a word ends the sentence, the number is the next one's
        if not _rising(number):
            continue  # "5-3": no range of houses runs down
        if number.startswith("0"):
            continue  # "tel 063 / 440": no house's number begins with a nought, a phone's does
        if _HOURS.match(number) and not _STREET_CUE.search(fold(text[max(0, m.start(2) - 40) : m.start(2)])):
            continue  # "čekati 24h", "do 22h": an hour or hours glued to their unit, no house's letter
        if _count_set_off(text, m):
            continue  # "raskršće Lipove i Brezove, 3 vozila, …": after a comma, a count of what the clause is about
        if _count_after_a_preposition(text, m) or _PEOPLE_COUNTED.match(text[m.end() :]):
            continue  # "… saobraćajka sa 3 vozila", "…, 20 njih": a count, no house
        before = fold(text[max(0, m.start(2) - 80) : m.start(2)])
        if (
            _SAID_WITHOUT_NUMBER.fullmatch(number)
            and not _ADDRESS_CUE_BEFORE.search(before)
            and not _VILLAGE_BEFORE.search(before[-60:])
        ):
            # "ulica Lipova bez broja, tamo …": a street said to have no number is a place, no one's home — but a
            # village's house has none ("selo Lipik bez broja kod Kaknja": its "bb" said in words)
            continue
        house_only = bool(_HOUSE_ONLY.match(number)) or "broja" in fold(text[m.end(1) : m.start(2)])  # kod broja 22
        span = _street(text, m, words, house_only=house_only)
        if span is not None and institutions.institution_before(text, span.start):
            public.append(span)
        elif span is not None:
            spans.append(Span(_town_start(text, span.start), _flat_after_town(text, span.end), "ADDRESS"))
    for span in [
        *address_cues.cued_addresses(text),
        *_spoken_after_place(text),
        *villages.village_homes(text),
        *street_words.named_streets(text, _UNITS_AFTER),  # "iz Lipe Aleja Brezova 8", "moje zgrade u Lipa 9"
        *lowercase_streets.lowercase_streets(text, _is_town, _counted),  # "zivi put lipa 7, tuzla"
        *lowercase_streets.mixed_case_streets(text, _is_town, _counted),  # "Tuzla, Put brezovih lipa 28"
        *address_breaks.hedged(text, _counted),  # "u Lipovcu, sad ću vidjeti, broj 12"
        *address_breaks.after_birth_year(text, _counted),  # "… 1964. godište, brezova grana 29, tuzla"
        *town_named_homes.homes_named_by_towns(text, _is_town, _counted),  # "adresa: Lipik 45", "Lipik 3 u Tuzli"
    ]:  # "adresa Hamdije …", "titova dvanaest"
        if institutions.starts_with_institution(text, span.start) or institutions.institution_before(text, span.start):
            public.append(span)  # "na adresi Centra za socijalni rad, Lipova 38": the institution's, no one's home
            continue
        spans.append(Span(_town_start(text, span.start), _flat_after_town(text, span.end), "ADDRESS"))
    spans.extend(place_chains.houses_in_places(text, _is_town, _NUMBER_WORDS, _flat_after_town))  # "Lipik, kuća 7"
    spans = [
        Span(
            place_chains.chain_start(  # "Tuzla, Lipik, Brezova 5"
                text, _town_before_position_word(text, _place_before_ulica(text, s.start)), _is_town
            ),
            place_chains.code_after(text, s.end),  # "Lipik bb, 75270"
            s.kind,
        )
        for s in spans
    ]
    spans = [Span(_town_before_address_cue(text, s.start), s.end, s.kind) for s in spans]  # "u Tuzli na adresi …"
    spans = [Span(_settlement_noun_before(text, s.start), s.end, s.kind) for s in spans]  # "u nas. Lipik bb"
    kept = _no_overlaps(address_breaks.extended(text, _no_overlaps(spans), _UNITS_AFTER.match))  # "…, ne 14 nego 41"
    return kept, [p for p in public if not any(p.start < k.end and k.start < p.end for k in kept)]


def _town_before_position_word(text: str, start: int) -> int:
    """Where an address opening with a capitalised adjective of position ("Gornji 112") starts once the listed town
    right before it is counted in: "Lukavac Gornji 112", "Tuzla Donja 5" — a village named after the town by its
    position, one place of two words (the street readers veto a town's name as a street's word, so it was cut off)."""
    first = re.match(r"[^\W\d_]+", text[start:])
    if first is None or not _qualifies_position(first.group()):
        return start
    before = _WORD_BEFORE.search(text, max(0, start - 30), start)
    if before is None or not before.group(1)[:1].isupper() or before.group(1).isupper():
        return start
    return before.start(1) if _is_town([fold(before.group(1))]) == 1 else start


def _qualifies_position(word: str) -> bool:
    return word[:1].isupper() and not word.isupper() and fold(word) in _UPPER_LOWER


# A listed town after "u"/"iz", then the cue of the address that follows it in the same clause: "u Tuzli na adresi
# Lipova 5", "iz Tuzle, ulica Lipova 5", "u Tuzli u ulici Lipovoj 5", "u Tuzli, adresa Lipova 5".
_TOWN_THEN_CUE = re.compile(
    r"(?<!\w)(?:u|iz|у|из)[ ]+(?P<town>[^\W\d_]+(?:[ ][^\W\d_]+)?)"
    r"(?:[ ]*,)?[ ]+(?i:na[ ]+adres[iu]|u[ ]+ulici|adresa|ulica|ul\.|на[ ]+адреси|у[ ]+улици|улица)[ ]*:?[ ]*$"
)
# A listed town in the locative after "u", then right away, no comma, the preposition of the street with its number
# that follows: "u Tuzli u Brezovoj 12", "u Tuzli na Brezovoj 12" — the town the street is in, told in one breath.
_TOWN_THEN_PREPOSITION = re.compile(r"(?<!\w)(?:u|у)[ ]+(?P<town>[^\W\d_]+(?:[ ][^\W\d_]+)?)[ ]+(?:u|na|у|на)[ ]+$")


def _town_before_address_cue(text: str, start: int) -> int:
    """Where an address starts once the town told in its own clause before its cue is counted in ("u Tuzli na adresi
    Lipova 5"): the town is part of the address (street, number and town together), one span with the cue between,
    as "Tuzli, ulica Lipova 5" is. A listed town only, one or two words in title case, right before the cue — or,
    the town after "u", right before the preposition of a capitalised street ("u Tuzli na Lipovoj 5")."""
    m = _TOWN_THEN_CUE.search(text[max(0, start - 50) : start])
    if m is None and text[start : start + 1].isupper():
        m = _TOWN_THEN_PREPOSITION.search(text[max(0, start - 50) : start])  # a capitalised street after "u"/"na"
    if m is None:
        return start
    words = m.group("town").split()
    for n in (len(words), 1):
        tail = words[-n:]
        if all(w[:1].isupper() and not w.isupper() for w in tail) and _is_town([fold(w) for w in tail]) == n:
            return max(0, start - 50) + m.end("town") - len(" ".join(tail))
    return start


# The noun of a settlement or a hamlet right before the place an address names, in any case, or its abbreviation after
# a preposition of place or where a clause starts ("u naselje Lipik C5", "iz nas. Lipik 12", "naselja lipik bb",
# "zaseok Lipe 12"), with an adjective of a people or a place in -ski before it ("romsko naselje Lipik bb"). Folded.
_SETTLEMENT_NOUN_BEFORE = re.compile(
    r"(?:(?<![\w.])(?P<adj>[a-z]+(?:sk|ck)(?:o|og|oga|om|ome|im|i|u)[ ]+)?"
    r"(?<![\w.])(?:naselj(?:e|a|u|em)|zaseo?k(?:a|u|om)?|zaselak|zaselk(?:a|u|om))"
    r"|(?:(?:^|[,;:(]|(?<!\w)(?:u|iz|na|do|od|iza|ispred|pored|blizu))[ ]*)(?P<abbr>nas\.))[ ]+$"
)


def _settlement_noun_before(text: str, start: int) -> int:
    """Where an address starts once the settlement's noun right before its place is counted in: "naselje Lipik C5,
    ulaz 2", "nas. Lipik bb" — the noun is part of the place's name as it is told (a street word before its street),
    so the address is masked whole. Only a space between the noun and the span; "nas." (the abbreviation) only after
    a preposition of place other than "kod" ("kod nas." is "at our place") or where a clause starts."""
    window = max(0, start - 40)
    m = _SETTLEMENT_NOUN_BEFORE.search(address_cues.folded_letters(text[window:start]).lower())
    if m is None:
        return start
    if m.group("abbr"):
        return window + m.start("abbr")
    adjective = m.group("adj")
    if adjective and adjective.split()[0] not in lexicon.FUNCTION_WORDS:
        return window + m.start("adj")
    return window + m.start() + (len(adjective) if adjective else 0)


# A place named right before "ulica" after a preposition, no comma ("u gornji vakuf ulica pionirska osam", "kod
# tetke u Lipniku ulica Brezova 3"): the town or settlement of that street, dictated first.
_PLACE_THEN_ULICA = re.compile(r"(?<!\w)(?:u|iz|kod)[ ]+(?P<place>[^\W\d_]+(?:[ ][^\W\d_]+)?)[ ]+$")


def _place_before_ulica(text: str, start: int) -> int:
    """Where an address opening with "ulica"/"ul." starts once the place named before it is counted in: a listed town
    (one or two words), or one word no law, dictionary or list has (a settlement: "u Lipniku")."""
    if not re.match(r"(?i)(?:ulica|ulici|ul\.?)[ ]", text[start : start + 7]):
        return start
    m = _PLACE_THEN_ULICA.search(text[max(0, start - 30) : start])
    if m is None:
        return start
    words = m.group("place").split()
    place_start = max(0, start - 30) + m.start("place")
    for n in (len(words), 1):
        tail = [fold(w) for w in words[-n:]]
        own = n == 1 and not lexicon.word_of_the_language(tail[0]) and not lexicon.law_word_in_any_case(tail[0])
        own = own and not lexicon.dictionary_word(tail[0]) and tail[0] not in lexicon.FUNCTION_WORDS
        if _is_town(tail) == n or (own and len(words) == 1):
            return place_start + (len(" ".join(words[:-n])) + 1 if n < len(words) else 0)
    return start


def _flat_after_town(text: str, end: int) -> int:
    """Where an address ends with its flat, its town, and a flat said after the town ("… broj sedam zenica stan
    dvanaest", "Lipova 7, Tuzla, stan 3"): the flat or floor after the address's town is that address's — only
    once a town has joined the span, so "stan 3" after a street alone is as before."""
    with_flat = _flat_end(text, end)
    with_town = _town_end(text, with_flat)
    return _flat_end(text, with_town) if with_town > with_flat else with_town


# A capitalised street's possessive or -ska name after a preposition of place, then its number dictated in words:
# "u Hrastovoj sedam", "ispred Lipove dvadeset dva je …" (no cue: the clause must go on after the number).
_PLACE_THEN_STREET = re.compile(
    r"(?<!\w)(?:u|na|iz|kod|ispred|pored|do)[ ]+(?=[A-ZČĆŠŽĐ][a-zčćšžđ]+(?:ov|ev|in|sk|ck|čk)(?:a|oj|e|u|om)[ ])"
)


def _spoken_after_place(text: str) -> list[Span]:
    spans = []
    for m in _PLACE_THEN_STREET.finditer(text):
        span = address_cues.spoken_street(text, m.end())
        if span is not None and _clause_goes_on(text[span.end :]):
            spans.append(span)
    return spans


_LAW_BEFORE = re.compile(r"(?<!\w)(?:zakon|glasnik|sluzben|odluk|pravilnik|uredb)")
# After the house number: entrance, flat and floor ("Ferhadija 12, stan 4, sprat 2", "8/3, drugi sprat"), also
# abbreviated ("st. 4", "st 4", "spr. 2", "sp. 2")
# A flat's, floor's or entrance's number dictated in words after the house's ("broj devet stan dvanaest", "стан
# тринаест", "sprat tri"), read folded.
_NUMBER_WORDS = lexicon.word_set("number_words.txt")
_FLAT_WORD = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
_FLAT_SPOKEN = re.compile(  # the floor and the entrance too: "broj sto dvadeset dva sprat tri"
    rf"^[ ]*,?[ ]*(?:stan|sprat|kat|ulaz|zgrada)[ ]+(?:broj[ ]+)?(?:{_FLAT_WORD})(?:[ ]+(?:{_FLAT_WORD}))?(?!\w)"
)
_FLAT_AFTER = re.compile(
    r"^(?:[ ]*(?:,|[ ][-–])?[ ]*(?:(?:stan|st\.|st(?=[ ]\d)|sprat|spr\.|sp\.|kat|ulaz|lamela|стан|спрат|кат|улаз)[ ]*(?:br\.?[ ]*)?\d{1,3}[a-zA-Z]?"
    r"|(?:ulaz|lamela|sprat|kat|улаз|спрат)[ ]+(?-i:[IVX]{1,4})(?![\w.])"  # "ulaz II"
    r"|(?<=,[ ])(?:(?-i:[IVX]{1,4})|\d{1,2})/\d{1,3}"  # after a comma, the floor and the flat: "7, III/12", "7, 3/12"
    r"|(?:ulaz|lamela|blok|zgrada|улаз|блок|зграда)[ ]+(?-i:[A-HА-Ж])\d{0,2}"  # "ulaz B", "lamela C4", "zgrada B": by its
    # letter (a capital: "ulaz a" is "and")
    r"|(?:ulaz|lamela|улаз)[ ]+(?-i:[b-hб-ж])(?=[ ]+\w+[ ]+(?:sprat|kat|спрат|кат))"  # dictated: "ulaz b treci sprat"
    r"|(?-i:[A-ZА-Ш])\d{1,2}/\d{1,3}"  # a block or entrance by its letter and the flat: "Lipa 5, B3/14"
    r"|(?<=,[ ])(?-i:[A-ZА-Ш])\d{1,2}(?=[ ]*,[ ]*(?:ulaz|stan|sprat|kat|lamela|улаз|стан|спрат|кат)[ ]*\d)"  # a block's code
    # before its entrance or flat: "Lipa 4, C5, ulaz 2, stan 14" (alone, "Lipa 4, C5" may be anything)
    r"|(?:prvi|drugi|tre[cćč]i|[cčć]etvrti|peti|[sš]esti|sedmi|osmi|deveti|deseti|\d{1,2}\.|(?-i:[IVX]{1,4})\.?)"
    r"[ ]+(?:sprat|kat|ulaz)u?"  # "drugi sprat", "II sprat", "drugi ulaz"
    r"|(?:sprat|kat)[ ]+(?-i:[IVX]{1,4})\.?"  # "sprat II"
    r"|na[ ]+(?:prvom|drugom|tre[cćč]em|[cčć]etvrtom|petom|[sš]estom|sedmom|osmom|devetom|desetom|\d{1,2}\.)"
    r"[ ]+(?:spratu|katu)"  # the floor in the locative: "Lipova 12 na trećem spratu u Tuzli"
    r"|(?:u[ ]+)?(?:prizemlj[eu]|potkrovlj[eu]|suteren[u]?|mansard[aei]))"  # "u prizemlju", "mansarda"
    r"(?![\w/]))+",
    re.IGNORECASE,
)


def _flat_end(text: str, end: int) -> int:
    m = _FLAT_AFTER.match(text[end:])
    end = end + m.end() if m else end
    spoken = _FLAT_SPOKEN.match(address_cues.folded_letters(text[end:]))
    return _flat_end(text, end + spoken.end()) if spoken else end


# "12.03.1990", "12/2024", "123/24": a date or a case file's number, not a house number
_DATE_OR_CASE_AFTER = re.compile(r"^[./-]\d|^,\d")  # also a decimal ("1,8 promila"): a measure, no house number
# The postal code told as such before its digits: "poštanski broj 75000 Tuzla", "p. br. 75000", "PTT 75000"; a
# country's letters before them in a foreign address ("D-60329 Frankfurt", "BA-75000 Tuzla").
_POSTAL_CUE = r"(?i:po[sš]tanski[ ]+broj|po[sš]t\.[ ]*br\.|p\.[ ]*br\.|ptt|po[sš]ta)[ ]*:?[ ]*"
_TOWN_AFTER = re.compile(
    r"^(?P<lead>[ ]*(?:,|[ ][-–/])?[ ]*(?:(?P<in>[uUуУ]|kod|код)[ ]+|(?P<municipality>(?i:op[sšćc]tin[aei]|opcin[aei]|općin[aei]|"
    rf"grad|општин[аеи]|опћин[аеи]|град))[ ]+)?(?:(?:{_POSTAL_CUE})?(?:(?-i:[A-Z]{{1,2}})-)?\d{{4,5}}[ ]+|\d{{2}}[ ]\d{{3}}[ ]+)?)"
    rf"(?P<town>[^\W\d_]+(?:[ -][^\W\d_]+){{0,2}})"
)


def _is_town(words: list[str]) -> int:
    """How many of `words` (folded) name a town of data/towns.txt, declined or not ("Sarajevo", "Banja Luka",
    "u Banjoj Luci" is not asked here); 0 if none."""
    best = 0
    for town in lexicon.towns():
        parts = town.split("_")
        if len(parts) <= len(words) and len(parts) > best and all(_declined(w, p) for w, p in zip(words, parts)):
            best = len(parts)
    return best


# A stem's last k, g, h softens before the locative's and dative's -i: "Luka" → "u Banjoj Luci", "Praga" → "Prazi".
_SOFTENED = {"k": "c", "g": "z", "h": "s"}


def _stems(part: str) -> tuple[str, ...]:
    """The beginnings a declined form of a town's word starts with: its stem, and the stem softened."""
    stem = part[: max(3, len(part) - 2)]
    soft = _SOFTENED.get(stem[-1])
    return (stem, stem[:-1] + soft) if soft else (stem,)


def _declined(word: str, part: str) -> bool:
    """Whether `word` is a case form of a town's word `part` (both folded): its stem and at most three letters, or,
    where the last syllable's "a" drops, that shorter stem and a case ending ("Kakanj" → "kod Kaknja")."""
    if word.startswith(_stems(part)) and len(word) <= len(part) + 3:
        return True
    fleeting = _FLEETING_A.match(part)
    return fleeting is not None and word in {fleeting.group(1) + fleeting.group(2) + e for e in _CASE_ENDINGS}


# The "a" of a last syllable drops when a town's name is declined: "Kakanj" → "Kaknja", "Lukavac" → "Lukavca".
_FLEETING_A = re.compile(r"^(\w{3,})a(nj|c|k|lj)$")
_CASE_ENDINGS = ("a", "u", "e", "om", "em")


_CODE_AFTER_TOWN = re.compile(r"^,?[ ]+(?:\d{5}|\d{2}[ ]\d{3})(?![\d.,/-]?\d)")
# After a postal code and its town, the rest of a foreign town's name: a particle of the other languages' place names
# and a capitalised word ("Frankfurt am Main", "Halle an der Saale", "Freiburg im Breisgau", "Rothenburg ob der
# Tauber", "Boulogne-sur-Mer" written apart) — the town is told whole only with them.
_TOWN_PARTICLE_AFTER = re.compile(
    r"^[ ]+(?:am|an[ ]+der|im|ob[ ]+der|in[ ]+der|bei|auf[ ]+der|sur|sous|upon)[ ]+(?P<name>[A-ZÄÖÜÉÈ][^\W\d_]+)(?![\w-])"
)


def _town_end(text: str, end: int) -> int:
    """Where an address ends once the town after its street and number is counted in: "Alipašina 12, Sarajevo",
    "Ferhadija 5 71000 Sarajevo", "Titova 3, Banja Luka", "Ferhadija 5 u Sarajevu" — a listed town (declined
    after "u"), or after a comma a capitalised word that is no first name."""
    m = _TOWN_AFTER.match(text[end:])
    if not m:
        return end
    words = re.split(r"[ -]", m.group("town"))
    folded = [fold(w) for w in words]
    n = _is_town(folded)
    if n == 1 and lexicon.law_word(folded[0]) and not lexicon.is_town(folded[0]):
        n = 0  # "Lipovoj 7, broj telefona …": a word of the laws as it stands ("broj") only starts like a town ("Brod")
    if n and len(words) > n and words[n][:1].isupper() and lexicon.first_name(folded[0]) == folded[0]:
        return end  # "…102a, Milica Lipović": a first name and a capitalised word after it are a person (no town
        # of towns.txt is a first name in its nominative; "Milica" only starts like "Milići")
    if m.group("in") and not n:
        return end  # "… 5 u Sarajevu": only a listed town, declined, after "u"
    if (
        not n
        and ("," in m.group("lead") or m.group("municipality"))  # "…, Tuzla", "bb, opština Zvornik"
        and words[0][:1].isupper()
        and not words[0].isupper()
        and folded[0] not in lexicon.FUNCTION_WORDS
        and lexicon.first_name(folded[0]) is None
        and not folded[0].startswith(_LEGAL_STEMS)
        and folded[0] not in _NOT_STREET
        and not _a_label(folded[0], text[end + m.end("town") - len(m.group("town")) + len(words[0]) :])
        and not (len(words) > 1 and words[1][:1].isupper() and folded[1].endswith("ic"))
    ):  # "…, Zdravko Lipić": a capitalised word before a surname in -ić is a first name no list has, no town (a
        # village's plural is -ići: "…, Gornji Lipovići")
        n = 1
    if not n:
        return end
    if n == 1 and folded[0] in _UPPER_LOWER and len(words) > 1 and words[1][:1].isupper():
        n = 2  # "…, Gornji Lipovac": a village Upper or Lower X, both words
    if n and len(words) > n and words[n][:1].islower() == words[0][:1].islower():
        n += _is_town(folded[n:])  # "…, novi grad sarajevo", "Stari Grad Sarajevo": a city's municipality, the city
    town_words = words[:n]
    offset = end + m.start("town")
    new_end = (
        offset + len(" ".join(town_words))
        if len(town_words) == 1
        else offset + len(m.group("town")[: sum(len(w) + 1 for w in town_words) - 1])
    )
    code = _CODE_AFTER_TOWN.match(text[new_end:])
    if code:
        new_end += code.end()  # "Tuzla 75000": the postal code after the town
    elif re.search(r"\d[ ]+$", m.group("lead")):
        particle = _TOWN_PARTICLE_AFTER.match(text[new_end:])  # "60329 Frankfurt am Main": a town of its river
        if particle and lexicon.first_name(fold(particle.group("name"))) is None:  # "Tuzla im Marko …": a person
            new_end += particle.end()
    after = _TOWN_AFTER.match(text[new_end:])
    if after and after.group("municipality") and "," in after.group("lead"):
        return _town_end(text, new_end)  # "…, Gornji Lipovac, općina Zenica": the municipality after the village
    return new_end


# After a capitalised word: a colon, or a number that is no postal code (a phone's, a date's, a document's).
_LABEL_AFTER = re.compile(r"^[ ]*(?::|\.?[ ]*(?!(?:\d{5}|\d{2}[ ]\d{3})(?![\d.,/-]?\d))\d)")


def _a_label(folded: str, after: str) -> bool:
    """Whether a capitalised word after "street N," is a field's label, not the town: a word of the language (the laws
    in any case, the dictionaries, a person's word or verb: "Broj", "Telefon", "Kontakt") or any word followed by a
    colon or by a number other than a postal code ("Tel 061 …", "Mob: 062 …", "Rođen 12.03.1980")."""
    return (
        (lexicon.law_word_in_any_case(folded) and not lexicon.is_town(folded))
        or folded in lexicon.person_words()
        or folded in lexicon.person_verbs()
        or _LABEL_AFTER.match(after) is not None
    )


# Before the street: a town, with or without its postal code, and a comma ("71000 Sarajevo, Lipova 7").
_TOWN_BEFORE = re.compile(r"(?:(?<!\d)\d{5}[ ]+)?(?P<town>[^\W\d_]+(?:[ -][^\W\d_]+)?)[ ]*,[ ]*$")


def _town_start(text: str, start: int) -> int:
    """Where an address starts once the town written before its street is counted in: "Sarajevo, Lipova 7",
    "71000 Sarajevo, Lipova 7", "prijavljen u Zenici, Lipova 7" — a listed town (declined) and a comma only."""
    m = _TOWN_BEFORE.search(text[max(0, start - 40) : start])
    if not m:
        return start
    words = re.split(r"[ -]", m.group("town"))
    for n in (len(words), 1):  # "Banja Luka," or the last word alone ("u Zenici,")
        if n < len(words) and words[0][:1].isupper() and lexicon.first_name(fold(words[0])) == fold(words[0]):
            return start  # "Samir Hadžić, Lipova 7": a first name and her surname (shaped like "Hadžići"), no town
        if _is_town([fold(w) for w in words[-n:]]) == n:
            if n == 1 and len(words) == 2 and _qualifies_the_town(words):
                n = 2  # "u Gornja Tuzla, Lipova 5": Upper, Lower, Great, Old … X, a place of two words
            town_start = start - (len(m.group(0)) - (m.start("town") - m.start()))
            offset = town_start + len(" ".join(words[:-n])) + (1 if n < len(words) else 0)
            if n == len(words):
                offset = _position_word_before(text, offset)  # "u Istočno Novo Sarajevo, …": a town of three words
            code = re.search(r"(?<!\d)\d{5}[ ]+$", text[:offset])
            return code.start() if code else offset
    return start


# A compass point's adjective naming a town after the town it lies beside ("Istočno Sarajevo", "Istočni Mostar"), in
# the town's own case: with the upper and lower ones, the first word of a town of three ("Istočno Novo Sarajevo").
_POSITION = re.compile(r"^(?:istocn|zapadn|sjevern|severn|juzn|gornj|donj|srednj)(?:i|a|e|o|oj|om|og|em|eg|u)$")
_WORD_BEFORE = re.compile(r"(?<![\w-])([^\W\d_]+)[ ]$")


def _position_word_before(text: str, offset: int) -> int:
    """Where the town starting at `offset` starts with a capitalised adjective of position right before it ("Istočno
    Novo Sarajevo", "Donji Novi Travnik"): that word is the town's first, never a word of the clause (the list holds
    "novo_sarajevo", not the town of three words)."""
    m = _WORD_BEFORE.search(text, max(0, offset - 20), offset)
    if m is None or not m.group(1)[:1].isupper() or m.group(1).isupper() or not _POSITION.match(fold(m.group(1))):
        return offset
    return m.start(1)


def _qualifies_the_town(words: list[str]) -> bool:
    """Whether the first of two capitalised words is an adjective of position, size or age in the town's own case
    ("Gornja Tuzla", "Donji Vakuf", "Mala Kladuša"): a place named after the town beside it, both words its name."""
    first, town = words
    return (
        first[:1].isupper()
        and town[:1].isupper()
        and not first.isupper()
        and (fold(first) in _UPPER_LOWER or _SIZE_AFTER.match(fold(first)) is not None)
    )


def _no_overlaps(spans: list[Span]) -> list[Span]:
    """Overlapping address spans become one: a cue's street ("ADRESI HRASTOVA") and the street with its number
    ("HRASTOVA 7") are one address, and dropping either would leave part of it unmasked."""
    kept: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if kept and span.start < kept[-1].end:
            kept[-1] = Span(kept[-1].start, max(kept[-1].end, span.end), "ADDRESS")
        else:
            kept.append(span)
    return kept
