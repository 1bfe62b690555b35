"""Addresses shown by their cue rather than by a house number: "adresa Hamdije Kreševljakovića", "stanuje u
ulici Isaka Samokovlije", "živi u selu Kamenica kod Zvornika", and house numbers dictated in words after a cue
("stanuje na titova dvanaest", "u ulici kralja tvrtka broj petnaest").

An explicit cue (adresa, stanuje, živi u/na, prijavljen na adresi) must come first, then a street-shaped
phrase: a street word (ulica, naselje, selo, zaseok, trg, bulevar, aleja) and its name, or capitalised words
that are no town, institution or law alone ("živi u Sarajevu" is no address). Without a cue nothing here
matches: a street without a number is a place ("na raskrsnici Titove i Ferhadije").
"""

from __future__ import annotations

import re

from kodeks.privacy import birth_dates, dwelling, lexicon
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

_CUE = re.compile(
    rf"(?<!\w)(?:adres[aeiu]|adresom|{dwelling.STAYS}|{dwelling.LIVES}|{dwelling.SETTLED_FORMS}|"
    r"prijavljen[aio]?(?:[ ]+je)?[ ]+na[ ]+adresi)"
    r"(?:[ ]+(?:mu|joj|im|je|glasi|stanovanja|prebivalista|boravista|prijave|u|na|adres[aeiu]|za[ ]+dostav[aeu]|dostave))*"
    r"[ ]*:?[ ]+"  # "adresa za dostavu: …": where a person gets the summons is her home
)
_WORD = re.compile(r"[^\W\d_]+\.?")
_STREET_WORDS = (
    "ul",
    "ulica",
    "ulici",
    "ulicu",
    "ulice",
    "naselje",
    "naselju",
    "selo",
    "selu",
    "zaseok",
    "zaseoku",
    "zaselak",
    "zaselku",
    "trg",
    "trgu",
    "bulevar",
    "bulevaru",
    "aleja",
    "aleji",
)
_JOINERS = ("od", "kod", "za")  # "Zmaja od Bosne", "Kamenica kod Zvornika", "Put za Kreševo"
_UNITS = ("godin", "dan", "mjesec", "sat", "minut", "km", "metar", "put", "posto", "osob", "djec", "clan", "sedmic")
_LEGAL = ("clan", "stav", "tack", "zakon", "glasni", "sluzben")
_MAX_WORDS = 4
# A ruler's number said as a word after a title and a name, in a street's name: "kralja petra prvog", "cara dušana".
_RULERS_TITLES = frozenset(["kralja", "cara", "kneza", "bana", "vojvode", "kraljice", "carice"])
_REGNAL_WORDS = frozenset(["prvog", "drugog", "treceg", "cetvrtog", "petog", "prve", "druge", "trece"])


def folded_letters(text: str) -> str:
    """`text` folded one letter for one ("đ" → "d", Cyrillic → Latin), so offsets stay those of `text`."""
    return "".join((fold(c) or c)[0] for c in text)


_folded = folded_letters


def _words_at(text: str, start: int) -> list[re.Match[str]]:
    """The words from `start` on, while only single spaces separate them (a comma or a digit ends the phrase)."""
    out: list[re.Match[str]] = []
    pos = start
    while len(out) < _MAX_WORDS + 4:
        m = _WORD.match(text, pos)
        if not m:
            break
        out.append(m)
        if m.group().endswith(".") and fold(m.group()) != "ul.":
            break
        if not text.startswith(" ", m.end()) or not _WORD.match(text, m.end() + 1):
            break
        pos = m.end() + 1
    return out


def _name_word(word: str) -> bool:
    f = fold(word).rstrip(".")
    return (
        f not in lexicon.FUNCTION_WORDS
        and not f.startswith(_LEGAL)
        and f not in _STREET_WORDS
        and len(f) >= 2
        and not (word[:1].islower() and f in lexicon.word_set("common_words.txt"))
    )


def _common_word_before_broj(words: list[re.Match[str]], i: int, broj_needed: bool = True) -> bool:
    """After a street word, a lower-case word of the language still names the street when "broj" and a number in
    words follow within the street's length ("ulica branilaca grada broj osam": a street named by common nouns); after
    "adresa" the number in words alone will do ("adresa branilaca grada osam tuzla": "adresa" names what follows)."""
    numbers = lexicon.word_set("number_words.txt")
    for k in range(i, min(len(words) - 1, i + _MAX_WORDS)):
        f = fold(words[k].group()).rstrip(".")
        if f in numbers and not broj_needed:
            return k > i and _number_words(words, k) > 0
        if f in ("broj", "br"):
            return k > i and fold(words[k + 1].group()) in numbers and _number_words(words, k + 1) > 0
        if f in lexicon.FUNCTION_WORDS or f.startswith(_LEGAL) or f in numbers or f in _STREET_WORDS:
            return False
    return False


def _number_words(words: list[re.Match[str]], i: int) -> int:
    """How many words from `i` on are a number dictated in words (0 if none, or if a unit follows)."""
    numbers = lexicon.word_set("number_words.txt")
    j = i
    while j < len(words) and j - i < 3 and fold(words[j].group()) in numbers:
        j += 1
    if j < len(words) and fold(words[j].group()).startswith(_UNITS):
        return 0  # "dvadeset godina": a count
    return j - i


# A house's letter after a number dictated in words, where the phrase ends: "broj sedam a," "broj dvanaest b".
_HOUSE_LETTER = re.compile(r"[ ]+([a-hA-Hа-иА-И])(?=[ ]*(?:[,.;!?)]|$))")
# Or a letter with a listed town right after it ("deset a zenica"): "a" joining a clause is followed by its verb or
# subject, not by the town an address ends with.
_LETTER_THEN_WORD = re.compile(r"[ ]+([a-hA-Hа-иА-И])[ ]+([^\W\d_]+)(?![\w])")


def _letter_before_town(text: str, end: int) -> re.Match[str] | None:
    m = _LETTER_THEN_WORD.match(text, end)
    return m if m is not None and lexicon.is_town(fold(m.group(2))) and fold(m.group(2)) in lexicon.towns() else None


# A plain house number and where it ends (no letter, slash or decimal part after it): shared with address_breaks.py.
HOUSE_NUMBER = r"\d{1,4}[a-zA-Z]?(?:/\d{1,3})?"
NUMBER_END = r"(?![\w/]|[.,]\d)"
_GLUED_NUMBER = re.compile(HOUSE_NUMBER + NUMBER_END)


_DAY_ORDINAL = re.compile(rf"^{birth_dates.DAY_WORD}$")
_MONTH_NAME = re.compile(rf"^{birth_dates.MONTHS}$")


def _dictated_date(words: list[re.Match[str]], i: int) -> int:
    """How many words from `i` are a day's ordinal and a month's name ("dvadeset petog maja", "prvog marta")."""
    for n in (2, 1):
        day = " ".join(fold(w.group()) for w in words[i : i + n])
        if i + n < len(words) and _DAY_ORDINAL.match(day) and _MONTH_NAME.match(fold(words[i + n].group())):
            return n + 1
    return 0


def _phrase(text: str, start: int, after_adresa: bool, spoken_only: bool = False) -> Span | None:
    """The street-shaped phrase at `start`; one capitalised word alone only after "adresa" ("stanuje u
    Dobrinji" names a neighbourhood, "adresa Skenderija" a street). `spoken_only`: only with a house number
    dictated in words after it (a street word without an address cue: "u ulici lipovoj broj dvanaest")."""
    words = _words_at(text, start)
    if not words:
        return None
    street_word = fold(words[0].group()).rstrip(".") in _STREET_WORDS
    i = 1 if street_word else 0
    names: list[re.Match[str]] = []
    date = _dictated_date(words, i) if street_word else 0
    names.extend(words[i : i + date])  # "ulica dvadeset petog maja broj devet": a street named by a date, dictated
    i += date
    while i < len(words) and len(names) < _MAX_WORDS:
        f = fold(words[i].group())
        if f in _JOINERS and names and i + 1 < len(words) and _name_word(words[i + 1].group()):
            names.extend(words[i : i + 2])
            i += 2
            continue
        if f in _REGNAL_WORDS and len(names) >= 2 and fold(names[-2].group()) in _RULERS_TITLES:
            names.append(words[i])  # "kralja petra prvog trideset osam": the ruler's number, said as a word
            i += 1
            continue
        if f in lexicon.word_set("number_words.txt"):
            break
        if not _name_word(words[i].group()) and not (
            (street_word and _common_word_before_broj(words, i))
            or (after_adresa and _common_word_before_broj(words, i, broj_needed=False))
        ):
            break
        names.append(words[i])
        i += 1
    if not names:
        return None
    if not street_word and i < len(words) and fold(words[i].group()).rstrip(".") in _ULICA:
        street_word = True  # "brezovoj ulici broj cetrnaest": the street word after the name
        i += 1
    end = names[-1].end()
    glued = _GLUED_NUMBER.match(text, end)
    if spoken_only:
        glued = None
    if glued and i == len(words) and not any(lexicon.not_a_name(fold(w.group())) for w in names):
        return Span(words[0].start(), glued.end(), "ADDRESS")  # "adresa lipova7": a phone's keyboard, no space
    if i < len(words) and fold(words[i].group()).rstrip(".") in ("broj", "br"):
        i += 1
    spoken = _number_words(words, i)
    if spoken:
        end = words[i + spoken - 1].end()
        k = i + spoken
        if k + 2 < len(words) and [fold(w.group()) for w in words[k : k + 2]] == ["kosa", "crta"]:
            flat = _number_words(words, k + 2)  # "trideset osam kosa crta dva": the slash dictated, then the flat
            end = words[k + 1 + flat].end() if flat else end
        letter = _HOUSE_LETTER.match(text, end) or _letter_before_town(text, end)
        end = letter.end(1) if letter else end  # "broj sedam a,": the house's letter (a conjunction has words after it)
    elif spoken_only:
        return None
    elif not street_word:
        capitalised = [w.group() for w in names if fold(w.group()) not in _JOINERS]
        if not all(w[:1].isupper() for w in capitalised) or (len(capitalised) == 1 and not after_adresa):
            return None
        if _a_person([fold(w) for w in capitalised]):
            return None  # "tu živi Ermin Kadić": who lives there, not where
        if lexicon.phrase_at([fold(w) for w in capitalised], 0) == len(capitalised):
            return None  # "koji žive u Republici Srpskoj": an entity's or a town's name of two words, no address
        towns = [w for w in capitalised if lexicon.not_a_name(fold(w))]
        if towns and (len(towns) == len(capitalised) or fold(names[0].group()) in (fold(t) for t in towns)):
            return None  # "živi u Sarajevu", "stanuje u Njemačkoj": a town or a country, no address
        end = _lettered_house(text, end)
    return Span(words[0].start(), end, "ADDRESS")


# A settlement's part by its capital letter, then the house's number after a comma: "adresa je Lipovići B, broj
# šest" ("Lipovići A" and "Lipovići B" are two parts of one settlement).
_PART_LETTER = re.compile(r"[ ]+(?-i:[A-HА-И])[ ]*,[ ]*(?i:broj|br\.?|број|бр\.?)[ ]*")


def _lettered_house(text: str, end: int) -> int:
    """Where the phrase ends once a part's letter and its house number (digits or words) after it are counted in."""
    m = _PART_LETTER.match(text, end)
    if m is None:
        return end
    glued = _GLUED_NUMBER.match(text, m.end())
    if glued:
        return glued.end()
    words = _words_at(text, m.end())
    spoken = _number_words(words, 0)
    return words[spoken - 1].end() if spoken else end


def spoken_street(text: str, start: int) -> Span | None:
    """The street at `start` with its house number dictated in words after it, if it has one."""
    return _phrase(text, start, after_adresa=False, spoken_only=True)


def _a_person(folded: list[str]) -> bool:
    """A first name in its nominative and a word in a surname's nominative (no case ending: -ić, -ac, -ar): a person.
    A street named after one has the name in the genitive ("Isaka Samokovlije", "Vase Pelagića", "Ante Starčevića")."""
    return (
        len(folded) == 2
        and lexicon.first_name(folded[0]) == folded[0]
        and not lexicon.is_place(folded[0])
        and folded[1][-1:] not in "aeiou"
        and not lexicon.not_a_name(folded[1])
    )


# The number first, the street after it ("kod broja 12 u ulici Lipovoj", "na broju 7 u Lipovoj ulici", "pod brojem
# 9 u Lipovoj"), or the
# street with "na broju" after it ("u lipovoj na broju 5"): "broj" in the locative/genitive is the cue.
_NUMBER_FIRST = re.compile(  # also "kuća broj 14 u selu Dubrave": the house in the nominative
    r"(?<!\w)(?:(?:kod|na|ispred)[ ]+(?:kucn(?:og|om)[ ]+)?broj[au]|pod[ ]+(?:kucnim[ ]+)?brojem|(?:u[ ]+)?(?:zgrad[aeiu]|kuc[aeiu]|stan[au]?)[ ]+(?:broj|br\.?))[ ]*\d{1,4}[a-z]?(?:/\d{1,3})?"
    r"[ ]+u[ ]+(?=\w)"
)  # "kod broja 12 u ulici Lipovoj", "u zgradi broj 5 u ulici Lipova"
_VERB_ENDINGS = ("ao", "io", "eo", "uo", "la", "li", "lo", "le")
_NUMBER_AFTER = re.compile(r"[ ]+na[ ]+broju[ ]+\d{1,4}[a-z]?(?:/\d{1,3})?(?![\w/])")
_STREET_AFTER = ("ulici", "ulica", "ul.")


def _street_words(text: str, start: int) -> list[re.Match[str]]:
    """Up to three name words from `start` (a street word first or last joins them): "ulici Lipovoj", "Lipovoj ulici"."""
    words = _words_at(text, start)
    i = 1 if words and fold(words[0].group()).rstrip(".") in _STREET_WORDS else 0
    names: list[re.Match[str]] = []
    while i < len(words) and len(names) < 3 and _name_word(words[i].group()):
        if names and words[i].group().islower() and fold(words[i].group()).endswith(_VERB_ENDINGS):
            break  # "u kuću broj 5 u brezovoj upao lopov": the verb starts the clause, no street's word
        names.append(words[i])
        i += 1
    if names and all(lexicon.not_a_name(fold(w.group())) for w in names):
        return []  # "na broju 5 u Sarajevu": a town
    if not names:
        return []
    if i < len(words) and fold(words[i].group()) in _STREET_AFTER:
        names.append(words[i])
    return ([words[0]] if fold(words[0].group()).rstrip(".") in _STREET_WORDS else []) + names


def _number_first(text: str) -> list[Span]:
    spans = []
    for m in _NUMBER_FIRST.finditer(_folded(text)):
        names = _street_words(text, m.end())
        if names:
            spans.append(Span(m.start() + len(m.group().split()[0]) + 1, names[-1].end(), "ADDRESS"))
    for m in _NUMBER_AFTER.finditer(_folded(text)):
        before = re.search(r"(?<!\w)u[ ]+((?:[^\W\d_]+[ ]+){0,2}[^\W\d_]+)$", text[max(0, m.start() - 60) : m.start()])
        if before:
            start = max(0, m.start() - 60) + before.start(1)
            names = _street_words(text, start)
            if names and names[-1].end() == m.start():
                spans.append(Span(start, m.end(), "ADDRESS"))
    return spans


# The house number before the street after a cue of dwelling, as in the English-speaking world and in speech:
# "živi na 22 Lipovoj", "stanuje na 7 Kralja Tvrtka" (the street's words as after "kod broja 12 u …").
_HOUSE_FIRST = re.compile(r"\d{1,4}[a-z]?(?:/\d{1,3})?[ ]+(?=[^\W\d_])")


def _house_first_after_cues(text: str, folded: str) -> list[Span]:
    spans = []
    for m in _CUE.finditer(folded):
        house = _HOUSE_FIRST.match(folded, m.end())
        if house is None:
            continue
        names = _street_words(text, house.end())
        if names and all(
            w.group()[:1].isupper() or fold(w.group()).rstrip(".") in (*_JOINERS, *_STREET_WORDS) for w in names
        ):
            spans.append(Span(m.end(), names[-1].end(), "ADDRESS"))
    return spans


# An address in the English-speaking form: the number, the street with its word, the town, the state and its ZIP code
# ("1520 Lime Street, St. Albans, VT 05478", "14 Hill Road, Leeds"): the street's word shows it without a cue.
_ENGLISH_ADDRESS = re.compile(
    r"(?<![\w/.,-])\d{1,5}[A-Za-z]?[ ]+(?:[A-Z][a-z]+\.?[ ]+){1,3}"
    r"(?:Street|St\.|Avenue|Ave\.?|Road|Rd\.|Boulevard|Blvd\.?|Lane|Drive|Way|Place|Court|Terrace|Highway|Square)"
    r"(?:,?[ ]+(?:Apt\.?|Suite|Unit)[ ]*#?\d{1,5}[A-Z]?)?"
    r"(?:,[ ]*(?:[A-Z][a-z]+\.?|St\.)(?:[ ][A-Z][a-z]+){0,2})?"  # the town: "St. Louis", "New York"
    r"(?:,?[ ]+[A-Z]{2}[ ]+\d{5}(?:-\d{4})?|,?[ ]+[A-Z]{1,2}\d{1,2}[A-Z]?[ ]\d[A-Z]{2})?"  # "MO 63103", "LS1 4DY"
    r"(?!\w)"
)


def _english_addresses(text: str) -> list[Span]:
    return [Span(m.start(), m.end(), "ADDRESS") for m in _ENGLISH_ADDRESS.finditer(text)]


# A settlement named first and its house after it: "MZ Gornja Lipa, kuća broj 12", "selo Jelovac kuća br. 4",
# "naselje Breza, zgrada 4", "naselje Breza, blok 3", a building by its letter and number ("zgrada C4") or by its
# letter with the flat after it ("zgrada C, stan 12"; the flat itself is added by the caller).
_SETTLEMENT_HOUSE = re.compile(
    r"(?<!\w)(?:mz|mjesn[aeoi]j?[ ]+zajednic[aeiu]|sel[aoue]|zaseo?k[au]?|zasel(?:ak|k[au])|naselj[aeu])[ ]+"
    r"(?P<name>[^\W\d_]+(?:[ -][^\W\d_]+){0,2})[ ]*,?[ ]*(?:u[ ]+)?(?:(?:kuc|zgrad|lamel)[aeiu]|blok[u]?)[ ]+"
    r"(?:(?:broj|br\.?)[ ]*)?(?:\d{1,4}[a-z]?|bb|(?P<letter>[a-h])(?:,[ ]*(?:broj|br\.?)[ ]*\d{1,4}[a-z]?|"
    r"\d{1,2}|(?=[ ]*,?[ ]*(?:stan|sprat|kat|ulaz)[ ]+\d)))(?![\w/])",
    re.IGNORECASE,
)


_COUNT_OF_BUILDINGS = re.compile(r"[ ]+(?:zgrad|kuc|stan|ulaz|sprat|lamel|blok)\w*", re.IGNORECASE)


def _settlement_houses(text: str) -> list[Span]:
    """The settlement's capitalised name, then its house by number."""
    spans = []
    for m in _SETTLEMENT_HOUSE.finditer(_folded(text)):
        name = text[m.start("name") : m.end("name")]
        words = fold(name).replace("-", " ").split()
        if (
            name[:1].isupper()  # "Naselje Lipova strana, lamela C, broj 4": the name's first word is enough
            and not any(w in lexicon.FUNCTION_WORDS for w in words[1:])  # "naselje Lipa a zgrada 4": no name
            and (m.group("letter") is None or text[m.start("letter")].isupper())  # "lamela C": the block's capital
            and not _COUNT_OF_BUILDINGS.match(m.string, m.end())  # "naselje Lipa ima blok 4 zgrade": a count
        ):
            spans.append(Span(m.start("name"), m.end(), "ADDRESS"))
    return spans


_ULICA = ("ulica", "ulici", "ulicu", "ulice", "ul")
# A street word, or a street's possessive or -ska name and the street word after it, with no address cue before:
# "u ulici Vojvode Jasenovca broj dvadeset tri", "u brezovoj ulici broj cetrnaest" (a number in words must follow).
_STREET_CUE = re.compile(r"(?<!\w)(?:[^\W\d_]+(?:ov|ev|in|sk|ck)(?:a|oj|e|u|om)[ ]+)?(?:ulic[aeiu]|ul\.)[ ]+")


# A town opening a sentence or a clause, as an address is dictated town first: "travnik brezova broj sedamnaest".
_TOWN_OPENS = re.compile(r"(?:^|[,.;:!?][ ]*)([^\W\d_]+(?:[ ][^\W\d_]+)?)[ ]*,?[ ]+(?=[^\W\d_])")


def _towns_first(text: str, folded: str) -> list[Span]:
    """After a listed town in its nominative at a clause's start, a street and a number dictated in words."""
    spans = []
    for m in _TOWN_OPENS.finditer(folded):
        words = m.group(1).split()
        towns = lexicon.towns()
        start = m.end()
        if "_".join(words) not in towns:
            if len(words) == 2 and words[0] in towns:
                start = m.start(1) + len(words[0]) + 1  # "travnik brezova dvadeset": the second word is the street
            else:
                continue
        span = _phrase(text, start, after_adresa=False, spoken_only=True)
        if span is not None:
            spans.append(span)
    return spans


def cued_addresses(text: str) -> list[Span]:
    """Spans of the street-shaped phrases after an address cue (the town after them is added by the caller)."""
    folded = _folded(text)
    spans = _towns_first(text, folded)
    for m in _CUE.finditer(folded):
        span = _phrase(text, m.end(), after_adresa=m.group().startswith(("adres", "prijavljen")))
        if span is not None:
            spans.append(span)
    for m in _STREET_CUE.finditer(folded):
        span = _phrase(text, m.start(), after_adresa=False, spoken_only=True)
        if span is not None:
            spans.append(span)
    return (
        spans
        + _number_first(text)
        + _settlement_houses(text)
        + _house_first_after_cues(text, folded)
        + _english_addresses(text)
    )
