"""Dates of birth, in the forms officers type or dictate: "12.03.1990", "12. 3. 1990.", "12/03/1990", "1990-03-12",
"12031990", "12. marta 1990", "12.III.1990", "dvanaestog marta 1990", a year alone ("godište 1990"), in Latin or
Cyrillic ("12. марта 1990": matched on the folded text, spans mapped back to the original).

A date is a date of birth only where it is a person's: after "rođen/a", "r.", "datum/god. rođenja", "godište",
"DOB", "star N godina"; before "godište"/"rođen"; in brackets or after a comma right after a name ("Marko
Marić, 12.03.1990"), also after the person's place of origin ("Ivo iz Lipe, 12 05 1970"); after a space or a slash
right after a name, or read off the identity card ("po ličnoj 12.03.1990"), where it lies ten years back or more;
right beside a JMBG. Other dates — of an incident ("incident se desio 12.03.2024."), of a
law's gazette — are not personal data and stay.
"""

from __future__ import annotations

import datetime
import re

from kodeks.privacy import lexicon, name_context
from kodeks.privacy.context import folded_with_offsets, original_span
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

MONTHS = (
    r"(?:januar\w*|februar\w*|mart\w*|april\w*|maj\w*|jun\w*|jul\w*|august\w*|avgust\w*|septemb\w*|oktob\w*|"
    r"novemb\w*|decemb\w*|sijec\w*|velj\w*|ozuj\w*|travn\w*|svib\w*|lipn\w*|srpn\w*|kolovoz\w*|rujn\w*|"
    r"listopad\w*|studen\w*|prosin\w*|march|may|octob\w*)"  # and the English months the others do not cover
)
_UNITS = "prv|drug|trec|cetvrt|pet|sest|sedm|osm|devet"
# "prvog", "dvanaestog", "dvadeset prvog", "tridesetog", "trideset prvi" (dictated days, ordinal forms)
DAY_WORD = (
    rf"(?:(?:dvadeset|trideset)(?:\s+(?:{_UNITS})\w{{0,3}})?|(?:dvadeset|trideset)\w{{1,3}}|"
    rf"(?:jedanaest|dvanaest|trinaest|cetrnaest|petnaest|sesnaest|sedamnaest|osamnaest|devetnaest|deset)\w{{1,3}}|"
    rf"(?:{_UNITS})\w{{1,3}})"
)
_YEAR_DIGITS = r"(?:19|20)\d{2}"
_TENS = r"(?:dvadeset|trideset|cetrdeset|pedeset|sezdeset|sedamdeset|osamdeset|devedeset)"
# "hiljadu devetsto devedesete", "tisuću devetsto osamdeset pete", "dvije hiljade druge" (a dictated year)
_YEAR_WORD = (
    rf"(?:(?:hiljadu|tisucu)\s+devetsto\w{{0,4}}\s+(?:{_TENS}\w{{0,3}}(?:\s+(?:{_UNITS})\w{{1,3}})?|(?:{_UNITS})\w{{1,3}})"
    rf"|dvije\s+(?:hiljade|tisuce)(?:\s+(?:{_TENS}\w{{0,3}}|(?:{_UNITS})\w{{1,3}}|\w+naest\w{{1,3}}|deset\w{{1,3}}))?)"
)
_YEAR = rf"(?:{_YEAR_DIGITS}|{_YEAR_WORD})"
# After a day and a month the century is often left out: "12. marta 90", "3. aprila '85", "osamdeset pete".
_SHORT_YEAR = rf"(?:'?\d{{2}}(?!\d)|{_TENS}\w{{0,3}}(?:\s+(?:{_UNITS})\w{{1,3}})?)"
# A month dictated as its ordinal: "dvanaestog treceg devedesete", "sedmog sedmog dvije hiljade pete".
# A month cut to its first letters, with or without a full stop: "12 dec 2000", "3. feb. 1987", "5 avg 1990".
_MONTH_ABBREVIATED = r"(?:jan|feb|mar|apr|jun|jul|aug|avg|sep|sept|okt|oct|nov|dec|dek)\.?"
_MONTH_WORD = r"(?:prv|drug|trec|cetvrt|pet|sest|sedm|osm|devet|deset|jedanaest|dvanaest)\w{1,3}"
_ROMAN_MONTH = r"(?:i{1,3}|iv|vi{0,3}|ix|xi{0,2})"
_DATE = re.compile(
    r"(?<![\d,/-])(?<!\d\.)(?:"  # "r.12.3.87": a birth word's full stop glued to the date
    rf"\d{{1,2}}\s?[./-]\s?\d{{1,2}}\s?[./-]\s?(?:(?:19|20)?\d{{2}}|'\d{{2}})\.?"  # 12.03.1990, 12. 3. 90, 3.7.'89
    rf"|\d{{1,2}}\.\s?{_ROMAN_MONTH}(?:\.\s?|\s){_YEAR_DIGITS}\.?"  # 12.III.1990, 12. III 1990
    rf"|(?:\d{{1,2}}(?:\.|-?og|-?ga)?|{DAY_WORD})\s?{MONTHS}(?:\s(?:{_YEAR}|{_SHORT_YEAR})\.?)?"  # 12. marta 1990, 12-og marta 90
    rf"|\d{{1,2}}\.?\s?{_MONTH_ABBREVIATED}\s?{_YEAR_DIGITS}\.?"  # 12 dec 2000, 3. feb. 1987: abbreviated, the year needed
    rf"|{DAY_WORD}\s{_MONTH_WORD}\s(?:{_YEAR}|{_SHORT_YEAR})\.?"  # dvanaestog treceg devedesete
    rf"|{_YEAR_DIGITS}-\d{{2}}-\d{{2}}"  # 1990-03-12
    rf"|\d{{2}}\s\d{{2}}\s{_YEAR_DIGITS}"  # 12 03 1990 (dictated)
    rf"|[0-3]\d[01]\d{_YEAR_DIGITS}"  # 12031990
    rf"|{_YEAR}\.?"  # 1990
    r"|'\d{2}"  # '92 (after godište)
    rf"|{_TENS}\w{{0,3}}(?:\s+(?:{_UNITS})\w{{1,3}})?"  # devedesete, osamdeset pete: only right after rođen (below)
    r")(?![\d\w])"
)
_TENS_ALONE = re.compile(rf"^{_TENS}\w{{0,3}}(?:\s+(?:{_UNITS})\w{{1,3}})?$")
_RIGHT_AFTER_BIRTH_WORD = re.compile(r"(?<!\w)(?:rodj?en[ao]?|godiste)(?:\s+je)?\s+$")
_BIRTH_WORD = re.compile(
    r"(?<!\w)(rodj?en\w*|rodj\.?|rod\.|r\.|datum rodj?enja|dat\. rodj\.?|d\.r\.|dob|godiste|godista|born|"
    r"god\.? rodj?enja|godina rodj?enja|godine rodj?enja|datum i mjesto rodj?enja|"
    r"star[aio]?\s+\d{1,3}\s*(?:god\w*|g\.)|\d{1,3}\s*-?\s*godisnj\w+)"
    r"\W*(?:(?:je|dana|godine|god|u|na|:)\W*){0,3}(?:[a-z]+\W+){0,2}$"
)
# "po ličnoj 05.12.1983", "prema ličnoj karti: …": a person's date read off the identity card, right after it — the
# date of birth where it lies years back (the card's own dates, issued or valid until, are recent or to come).
_BY_THE_ID = re.compile(r"(?<!\w)(?:po|prema|iz)\s+licn(?:oj|e)(?:\s+kart[ei])?\s*(?:je\s+|:\s*)?$")
_AFTER_NAME = re.compile(r"[a-z]\.?\s*\(\s*$")  # "Marko M. (12.03.1985)"
_BIRTH_AFTER = re.compile(
    r"^\W{0,3}(?:god(?:ine|\.)?\s*)?(?:godiste|godista|rodj?en\w*|rodj\.|r\.|god\.? rodj?enja)(?!\w)"
)
_WORD_COMMA = re.compile(
    r"[^\W\d_]\s*[,/]?\s*$"
)  # "Marko Marić, 12.03.1990", "marko maric 12.03.1990", "… / 12.03.1990"
# Without a comma a date right after a name is a birth date only when it is that long ago: "marko maric 12.03.2024
# uhapsen" may be the day of the arrest.
_BIRTH_YEARS_AGO = 10
_COMPACT = re.compile(r"^(?:\d{8}|\d{2} \d{2} \d{4})$")


def _plausible(date: str) -> bool:
    """A compact or dictated "12031990" / "12 03 1990" is a date of birth only if it is a real date."""
    digits = date.replace(" ", "")
    try:
        datetime.date(int(digits[4:]), int(digits[2:4]), int(digits[:2]))
    except ValueError:
        return False
    return True


# A year's apostrophe as typed on a phone or by a word processor ("’92", "‘85"): the apostrophe the forms read.
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})


def birth_dates(text: str) -> list[Span]:
    folded, offsets = folded_with_offsets(text)
    folded = folded.translate(_APOSTROPHES)  # one character for one: the offsets hold
    spans = []
    candidates: list[tuple[int, int]] = []
    years: list[tuple[int, int]] = []
    for m in _DATE.finditer(folded):
        if _COMPACT.match(m.group().rstrip(".")) and not _plausible(m.group().rstrip(".")):
            continue
        start, end = original_span(offsets, m.start(), m.end())
        context = folded[max(0, m.start() - 40) : m.start()]
        if _TENS_ALONE.match(m.group()):
            if _RIGHT_AFTER_BIRTH_WORD.search(context):
                spans.append(Span(start, end, "DATE_OF_BIRTH"))  # "rodjen devedesete"
            continue
        after = folded[m.end() : m.end() + 30]
        after_name = _AFTER_NAME.search(context) is not None and not _after_a_word_of_the_laws(context)
        by_the_id = _BY_THE_ID.search(context) is not None and _long_ago(m.group())
        if _birth_word_for(context) or after_name or by_the_id or _BIRTH_AFTER.search(after):
            spans.append(Span(start, end, "DATE_OF_BIRTH"))
        elif not re.fullmatch(rf"{_YEAR}\.?", m.group()) and (
            _WORD_COMMA.search(text, max(0, start - 4), start) or sum(c.isdigit() for c in text) >= 21
        ):
            candidates.append((start, end))  # only these can be beside a name or a JMBG (names are costly to find)
        elif _a_year_in_a_list(text, folded, m, start, end):
            years.append((start, end))
    if candidates or years:
        spans.extend(_beside_a_person(text, candidates, years))
    for m in _MONTH_AND_YEAR_AFTER_BIRTH_WORD.finditer(folded):  # "rođen marta 83": the day not known
        start, end = original_span(offsets, m.start("date"), m.end("date"))
        spans = [s for s in spans if not (start <= s.start and s.end <= end)] + [Span(start, end, "DATE_OF_BIRTH")]
    taken = [(s.start, s.end) for s in spans]
    for start, end in _years_after_birth_words(folded, offsets):
        if not any(start < e and s < end for s, e in taken):
            spans.append(Span(start, end, "DATE_OF_BIRTH"))
    spans = [_with_year_word(text, s) for s in spans if not _a_vehicles_year(text, s.start)]
    return spans + _corrected(text, spans)


# A clause's break after a birth word: "a", "i", "ali", "dok", "pa", a comma.
_CLAUSE_AFTER_BIRTH_WORD = re.compile(r"(?<!\w)(?:a|i|ali|dok|pa)(?!\w)|,")


def _birth_word_for(context: str) -> bool:
    """Whether a birth word in the folded `context` before a date is that date's. Not when the birth word follows a date
    of its own and a new clause opens after it: "12.03.1984 rođen, a 12.03.2024. udaren" — the second date is the
    incident's."""
    # the birth word nearest the date that still reaches it ("2005 godište, rođena …": "rođena", not "godište")
    starts = [w.start() for w in re.finditer(r"(?<!\w)\w", context)]
    found = [m for m in (_BIRTH_WORD.match(context, i) for i in starts) if m is not None]
    if not found:
        return False
    last = found[-1]
    own_date = re.search(r"\d\.?\s*$", context[: last.start()]) is not None
    return not (own_date and _CLAUSE_AFTER_BIRTH_WORD.search(context[last.end(1) :]))


# A date of birth corrected right after it: "15.03.1995 ne, 1995 15 03", "… nego 1995-15-03", "…, tj. 16.03.1995" — the
# correction may put the year first, with the day and the month in either order.
# A year alone is corrected by a year alone: "rođen 1964. godine... ne ne, 1965," — the hesitation's dots and a "ne"
# said twice before it.
_CORRECTION = re.compile(
    r"^(?:\.{2,}|…)?[ ]*,?[ ]*(?:ne[ ]+ne|ne[ ]+nego|nego|ne|tj\.?|odnosno|zapravo|ispravka:?)(?!\w)[ ]*[,:]?[ ]*"
)
_A_YEAR = re.compile(r"(?:19|20)\d{2}\.?(?:[ ]?(?:godine|god\.|god|g\.))?", re.IGNORECASE)
_YEAR_ALONE = re.compile(r"((?:19|20)\d{2})(?![\d]|[./-]\d)")
_YEAR_FIRST = re.compile(r"((?:19|20)\d{2})[ ./-]{1,2}(\d{1,2})[ ./-]{1,2}(\d{1,2})\.?(?![\d])")
_YEAR_LAST = re.compile(r"(\d{1,2})[ ./-]{1,2}(\d{1,2})[ ./-]{1,2}((?:19|20)\d{2})\.?(?![\d])")


def _corrected(text: str, spans: list[Span]) -> list[Span]:
    out = []
    for span in spans:
        m = _CORRECTION.match(text[span.end :])
        if m is None or not m.group().strip(" ,:"):
            continue
        at = span.end + m.end()
        year_alone = _YEAR_ALONE.match(text, at)
        if _A_YEAR.fullmatch(text[span.start : span.end]) and year_alone:
            if int(year_alone.group(1)) <= datetime.date.today().year:
                out.append(Span(at, year_alone.end(), "DATE_OF_BIRTH"))
            continue
        date = _YEAR_FIRST.match(text, at)
        if date is not None:
            year, a, b = (int(g) for g in date.groups())
            if _real(year, a, b) or _real(year, b, a):
                out.append(Span(at, date.end(), "DATE_OF_BIRTH"))
            continue
        date = _YEAR_LAST.match(text, at)
        if date is not None and _real(int(date.group(3)), int(date.group(2)), int(date.group(1))):
            out.append(Span(at, date.end(), "DATE_OF_BIRTH"))
    return out


def _real(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


# The year's word after a date that ends on its year: "20. oktobra 2000. godine", "12.03.1990 god.", "1990. g.".
_YEAR_WORD_AFTER = re.compile(r"^\.?[ ]?(?:godine|god\.|god(?!\w)|g\.|године|год\.)", re.IGNORECASE)


def _with_year_word(text: str, span: Span) -> Span:
    """The date with the word for "year" written after it: part of how the date is written, so it is masked with it
    (the placeholder would otherwise be followed by a stray "godine")."""
    if not re.search(r"(?:19|20)\d{2}\.?$", text[span.start : span.end]):
        return span
    m = _YEAR_WORD_AFTER.match(text[span.end :])
    return Span(span.start, span.end + m.end(), span.kind) if m else span


# "auto je godište 2008", "kamion, godište 1999": the year a vehicle was made, said with the same word as a person's.
_VEHICLE_YEAR = re.compile(
    r"(?<!\w)(?P<vehicle>[a-z]+)(?:[ ,]+(?:je|mu|joj|bio|bilo|[a-z]+(?:e|a|o|i)))?[ ,]*(?:\(|-)?[ ]*"
    r"(?:godiste|godista|proizvodnje|proizveden\w*)[ :]*(?:je[ ]+)?$"
)
_VEHICLES = re.compile(
    r"^(?:vozil\w*|auto|auta|autu|autom|automobil\w*|kombi\w*|kamion\w*|motor|motora|motoru|motocikl\w*|"
    r"traktor\w*|autobus\w*|prikolic\w*|skuter\w*|dzip\w*|terenac|terenca)$"
)


# "godište vozila 2011", "godina proizvodnje automobila: 2008": the vehicle in the genitive after the year's word.
_YEAR_OF_VEHICLE = re.compile(
    r"(?<!\w)(?:godiste|godista|godina[ ]+proizvodnje|proizvodnje)[ ]+(?P<vehicle>[a-z]+)[ ,:]*(?:je[ ]+)?$"
)


# "golf 2012 godište", "mercedes 2008. godište": the year between a vehicle (its word or its make) and "godište" — the
# word names what the year is of, and a vehicle was named right before it.
_YEAR_THEN_ITS_WORD = re.compile(r"^\d{2,4}\.?[ ]*(?:godiste|godista|god\.|god(?!\w))")
_WORDS_BEFORE = re.compile(r"(?:(?<![\w-])(?P<make>[^\W\d_][\w-]+)[ ]+)?(?<![\w-])(?P<last>[\w-]+)[ ]*$")


# "auto golf 4 godište 2003", "vozilo golf 7 godište 2016": a vehicle's word or make, then its model (one or two
# words, a digit among them or a word no first name), then "godište" and the year: the model's year, as after
# "auto godište 2008" — a person's year is never told after a model's number.
_YEAR_WORD_AT_END = re.compile(r"[ ,]*(?:\(|-)?[ ]*(?:godiste|godista)[ :]*$")


def _model_before_the_year_word(before: str) -> bool:
    m = _YEAR_WORD_AT_END.search(before)
    if m is None:
        return False
    words = re.findall(r"[a-z0-9][a-z0-9-]*|\S", before[: m.start()])
    for size in (1, 2):
        if len(words) <= size:
            break
        vehicle, model = words[-size - 1], words[-size:]
        if (
            _vehicle(vehicle)
            and any(c.isdigit() for c in "".join(model))
            and all(any(c.isdigit() for c in w) or (w.isalpha() and lexicon.first_name(w) is None) for w in model)
        ):
            return True
    return False


def _vehicle(word: str) -> bool:
    return _VEHICLES.match(word) is not None or any(
        b in lexicon.word_set("vehicle_makes.txt") for b in lexicon.bases(word)
    )


def _vehicle_right_before(text: str, start: int) -> bool:
    """A vehicle's word or make right before `start`, or a make and its model ("vw golf", "audi a4"): the model in
    lower case or with a digit, and no first name ("audi Marko 1990 godište" is the driver's year)."""
    m = _WORDS_BEFORE.search(text[max(0, start - 40) : start])
    if m is None:
        return False
    if _vehicle(fold(m.group("last"))):
        return True
    model = m.group("last")
    return (
        m.group("make") is not None
        and _vehicle(fold(m.group("make")))
        and (model.islower() or any(c.isdigit() for c in model))
        and lexicon.first_name(fold(model)) is None
    )


def _a_vehicles_year(text: str, start: int) -> bool:
    before = fold(text[max(0, start - 40) : start])
    if _YEAR_THEN_ITS_WORD.match(fold(text[start : start + 20])) and _vehicle_right_before(text, start):
        return True  # "mercedes 2012 godište"
    after = _YEAR_OF_VEHICLE.search(before)
    if after is not None and _VEHICLES.match(after.group("vehicle")):
        return True
    if _model_before_the_year_word(before):
        return True  # "golf 4 godište 2003"
    m = _VEHICLE_YEAR.search(before)
    if m is None:
        return False
    return _vehicle(m.group("vehicle"))


# A year of birth alone, right after its word: "r.88", "rodjen 95.god", "rođen 97. godine", "godište 88", "(god.99)",
# "god.1983" — two digits, or four after "god." (which alone is no birth word: "34 god." is an age, and a year after
# "god." is a birth year only that long ago). Not a day: "rođen 12. marta", "r. 12.03." are the full dates above.
_YEAR_AFTER_BIRTH_WORD = re.compile(
    r"(?<![\w.])(?:(?P<born>rodj?en[aio]?|r\.|godiste|godista)|(?<!\d )(?<!\d)god\.?)\s?"
    r"(?P<year>(?:19|20)\d{2}|\d{2})(?!\d)"
    rf"(?!\.?\s?(?:\d|{MONTHS}|{_ROMAN_MONTH}\.))"
)


# A month and a year without the day, right after rođen/r. ("rodjen marta 83", "rođena u maju 1990."): the officer
# knows no more of the date, and it is still the person's.
_MONTH_AND_YEAR_AFTER_BIRTH_WORD = re.compile(
    rf"(?<![\w.])(?:rodj?en[aio]?|rodj\.|r\.)\s?(?:je\s+)?(?:u\s+)?(?P<date>{MONTHS}\s+(?:{_YEAR}|'?\d{{2}}(?!\d))\.?)"
    r"(?![\w.,]\d)"
)
# "rođen 91., nema …": the year's full stop and then the clause's comma close it as well.
_YEAR_ENDS = re.compile(r"^(?:\.?\s?god|\.?\s*[,;)!?/]|\.?\s*$|\.\s)")


def _years_after_birth_words(folded: str, offsets: list[int]) -> list[tuple[int, int]]:
    found = []
    this_year = datetime.date.today().year
    for m in _YEAR_AFTER_BIRTH_WORD.finditer(folded):
        year = int(m.group("year"))
        if year < 100:
            year += 1900 if year > this_year % 100 else 2000
        if not (m.group("born") or year <= this_year - _BIRTH_YEARS_AGO) or year < 1900:
            continue
        born = m.group("born") or ""
        if len(m.group("year")) == 2 and born.startswith(("r", "rod")) and not _YEAR_ENDS.match(folded[m.end() :]):
            continue  # "rođen 12 puta": two digits after rođen/r. are a year only before "god." or where it ends
        found.append(original_span(offsets, m.start("year"), m.end("year")))
    return found


_LAST_WORD = re.compile(r"([a-z]+)\.?\s*\(\s*$")


def _after_a_word_of_the_laws(context: str) -> bool:
    """ "Zakon (2019)", "odluka (12.03.2020)": a date in brackets after a word the laws use dates a text, no person."""
    m = _LAST_WORD.search(context)
    word = m.group(1) if m else ""
    return len(word) > 2 and lexicon.law_word_in_any_case(word) and lexicon.first_name(word) is None


def _long_ago(date: str) -> bool:
    """Whether a date (day, month, the year last) lies at least _BIRTH_YEARS_AGO years back: a four-digit year, a
    two-digit one after the month's separator ("08.08.87": the century the nearer one back), or a year said by its
    tens in words ("… devedeset druge": the century left out is the 1900s); or the year first, as ISO writes it
    ("1958-03-19": a record's field between slashes)."""
    first = _YEAR_FIRST.fullmatch(date.strip())
    if first is not None and _real(int(first.group(1)), int(first.group(2)), int(first.group(3))):
        return int(first.group(1)) <= datetime.date.today().year - _BIRTH_YEARS_AGO
    year = re.search(r"(?:19|20)\d{2}(?=\D*$)", date)
    if year is not None:
        return int(year.group()) <= datetime.date.today().year - _BIRTH_YEARS_AGO
    short = re.fullmatch(r"(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?'?(\d{2})\.?", date)
    if short is not None:  # a real day and month only: "88/2/14" is a house's number, its flat and floor
        this_year = datetime.date.today().year
        day, month, two = (int(g) for g in short.groups())
        full = 1900 + two if two > this_year % 100 else 2000 + two
        return 1 <= day <= 31 and 1 <= month <= 12 and full <= this_year - _BIRTH_YEARS_AGO
    return re.search(rf"{_TENS}\w{{0,3}}(?:\s+(?:{_UNITS})\w{{1,3}})?$", fold(date)) is not None


# A year alone as an item of a report's list after a name: "LIPIĆ Marko (Ivan), 1985, iz Tuzle" — a comma before it
# (after a word or a closing bracket) and a comma, a semicolon or the end after it.
_LIST_BEFORE = re.compile(r"[^\W\d_)]\)?[ ]*,[ ]*$")
_LIST_AFTER = re.compile(r"^[ ]*(?:[,;]|\.?[ ]*$)")


def _a_year_in_a_list(text: str, folded: str, m: re.Match[str], start: int, end: int) -> bool:
    """A four-digit year at least _BIRTH_YEARS_AGO back, set off by commas right after a word: the candidate for a
    year of birth after a name (the name itself is asked for in _beside_a_person)."""
    year = m.group().rstrip(".")
    return (
        re.fullmatch(_YEAR_DIGITS, year) is not None
        and 1900 <= int(year) <= datetime.date.today().year - _BIRTH_YEARS_AGO
        and _LIST_BEFORE.search(text, max(0, start - 4), start) is not None
        and _LIST_AFTER.match(folded[m.end() :]) is not None
    )


# Between a name and its date of birth: a comma, or the person's place of origin and a comma ("Ivo iz Lipe, 12 05
# 1970,": who she is, then when she was born). A slash ("Ana Lipić / 12.03.1990 / Tuzla", a report's fields) as a
# space: only a date that long ago.
_APPOSITION = re.compile(
    r"\s*,\s*|[ ]+(?:iz|sa|из|са)[ ]+[A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ][^\W\d_]+(?:[ ][A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ][^\W\d_]+)?[ ]*,[ ]*"
)


# Or the person's citizenship between, set off by commas ("Ahmet Lipoglu, turski državljanin, 3 avgust 1977"): a
# particular of the same person, as the place of origin is (folded text) — a nationality's adjective and a citizen's
# noun, or a nationality's noun ("…, nijemac, …"); "…, vozač, 12.03.2024" is no particular of birth.
_BETWEEN_COMMAS = re.compile(r"\s*,\s*(?P<what>[a-z]+(?:\s+[a-z]+)?)\s*,\s*")


def _citizenship_between(between: str) -> bool:
    m = _BETWEEN_COMMAS.fullmatch(between)
    if m is None:
        return False
    words = m.group("what").split()
    if len(words) == 1:
        return words[0] in name_context.NATIONALITIES
    return words[0].endswith(name_context.NATIONALITY_ADJECTIVE) and words[1] in name_context.CITIZENS


def _beside_a_person(
    text: str, candidates: list[tuple[int, int]], years: list[tuple[int, int]] | None = None
) -> list[Span]:
    """Full dates right after a name and a comma ("Marko Marić, 12.03.1990") or right beside a JMBG: whose
    else could they be. A date before a name ("dana 12.03.2024. Marko …") is not one. A year alone only right after
    a name (its father's name or nickname in brackets between) and a comma: "LIPIĆ Marko (Ivan), 1985,"."""
    from kodeks.privacy import names, numbers  # the recognisers whose spans say "a person is named here"

    people = [(p.start, p.end) for p in names.persons(text)]
    ids = [(s.start, s.end) for s in numbers.jmbgs(text) if s.kind == "JMBG"]
    spans = []
    for start, end in candidates:
        before = text[:start]
        after = text[end:]
        by_name = any(
            _APPOSITION.fullmatch(before[p_end:])
            or _citizenship_between(fold(before[p_end:]))
            or (re.fullmatch(r"\s+|\s*/\s*", before[p_end:]) and _long_ago(text[start:end]))
            for _, p_end in people
            if p_end <= start
        )
        by_id = any(re.fullmatch(r"[\s,;/()-]*", before[i_end:]) for _, i_end in ids if i_end <= start) or any(
            re.fullmatch(r"[\s,;/()-]*(?:jmbg|jmb)?[\s:,]*", fold(after[: i_start - end]))  # "јмбг" too
            for i_start, _ in ids
            if i_start >= end
        )
        if by_name or by_id:
            spans.append(Span(start, end, "DATE_OF_BIRTH"))
    for start, end in years or []:
        if any(re.fullmatch(r"\)?[ ]*,[ ]*", text[p_end:start]) for _, p_end in people if p_end <= start):
            spans.append(Span(start, end, "DATE_OF_BIRTH"))
    return spans
