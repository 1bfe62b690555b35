"""Licence plates: BiH's current `A12-E-345` and `123-A-456`, older `SA 123-456` / `SA-123-45`, neighbours'
`BG 123-AB` / `ZG 1234-AB`; with dashes, dots, spaces or nothing between the parts (`M21.E.777`, `E 31 M 990`),
Latin or Cyrillic letters (BiH plates use only the letters that look the same in both: A E J K M O T); and,
after a word for a vehicle or its plates, other countries' plates (`M-KL 4821`, `W 48213 X`).

Dashes, dots or no separator make a plate plain in any case ("a12e345", "123-a-456"); with spaces, or for the
older letter-prefix formats, a lower-case plate needs a word for a vehicle or its plates nearby — "platio 100
a dobio 200" is not a plate — unless a plate's letter is glued to its two digits ("t72 o 441": no word of the
language is written so). A plate dictated after such a word, each letter by its name and the numbers in words
("tablice ka trideset jedan je osamsto osamdeset devet"), is one too.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon, numbers, plate_shapes
from kodeks.privacy.context import folded_with_offsets, keyword_before, original_span
from kodeks.privacy.letters import LETTERS_ALONE, PLATE_LETTERS, SPOKEN_LETTERS
from kodeks.privacy.spans import Span
from kodeks.privacy.spelled import LETTERS_THAT_ARE_WORDS, spelled_run_end
from retrieval.language.normalize import fold

_L = "A-Za-zА-Яа-яЈјЂђЋћЏџЉљЊњ"
_UPPER = set("ABCDEFGHIJKLMNOPQRSTUVWXYZАБВГДЕЖЗИЈКЛМНОПРСТУФХЦЧЏШЂЋЉЊ")
# The letters of BiH's plates, in either alphabet: a plate's shape with them is a plate even spaced or in lower case.
_BIH_LETTERS = set(PLATE_LETTERS + PLATE_LETTERS.lower() + "АЕЈКМОТаејкмот")
# Between a BiH plate's parts: a dash, a dot, a space or nothing — or a dash with a space on one side or both, as a
# phone's keyboard types it ("T21-J- 654", "123 -A-456").
_SEP = r"(?:[ ]?-[ ]?|[. ]?)"
_FORMS = [
    # A12-E-345, M21.E.777, E 31 M 990 (a space after the first letter only in capitals: see _plain)
    re.compile(rf"(?<![\w.-])[{_L}](?P<s0>[ ]?)\d{{2}}(?P<s1>{_SEP})[{_L}](?P<s2>{_SEP})\d{{3}}(?![\w-]|\.\d)"),
    re.compile(rf"(?<![\w.-])\d{{3}}(?P<s1>{_SEP})[{_L}](?P<s2>{_SEP})\d{{3}}(?![\w-]|\.\d)"),  # 123-A-456
    re.compile(rf"(?<![\w-])[{_L}]{{2}}(?P<s1>[- ]?)\d{{3}}(?P<s2>[- ])\d{{2,3}}(?![\w-])"),  # SA 123-456
    re.compile(rf"(?<![\w-])[{_L}]{{2}}(?P<s1>[- ]?)\d{{3,4}}(?P<s2>[- ]?)[{_L}]{{1,2}}(?![\w-])"),  # ZG 1234-AB
]
_PLATE_WORD = re.compile(
    r"(tablic\w*|registarsk\w*|registr\w*|reg\.?|oznak\w*|vozil\w*|auto\w*|kombi\w*|kamion\w*|"
    r"motor\w*|golf\w*|bmw|audi|opel|passat|pasat|mercedes\w*|skod\w*|marke|vozio|vozila)"
    r"(?:\W+\w+){0,3}\W*$"  # up to three words between: "tablice su mu bile sa 123-456"
)


def _plain(match: re.Match[str], form: int) -> bool:
    """A plate even without a vehicle word: its shape cannot be anything else."""
    letters = [c for c in match.group() if c.isalpha()]
    upper = all(c in _UPPER for c in letters)
    spaced = " " in (match.group("s1") + match.group("s2"))
    if form == 0 and match.group("s0"):
        return upper and all(c in _BIH_LETTERS for c in letters)  # "E 31 M 990"; "a 12 e 345" is no plate
    if form == 0 and all(c in _BIH_LETTERS for c in letters):
        return True  # "t72 o 441": a letter glued to two digits
    if form <= 1:
        return not spaced or upper
    return upper and (match.group("s2") == "-" if form == 2 else bool(match.group("s2") or match.group("s1")))


# A plate typed with a part missing or a dash too many ("12-E-345", "M-45-E-123"): letters and digits joined by dashes,
# with a letter and four digits or more — only after a word for a vehicle or its plates.
_MISTYPED = re.compile(rf"(?<![\w-])[{_L}\d]{{1,3}}(?:-[{_L}\d]{{1,3}}){{2,3}}(?![\w-])")


def _mistyped(text: str, taken: list[Span]) -> list[Span]:
    out = []
    for m in _MISTYPED.finditer(text):
        value = m.group()
        if (
            any(c.isalpha() for c in value)
            and sum(c.isdigit() for c in value) >= 4
            and not any(s.start < m.end() and m.start() < s.end for s in taken)
            and keyword_before(text, m.start(), _PLATE_WORD, window=40)
        ):
            out.append(Span(m.start(), m.end(), "PLATE"))
    return out


# A BiH plate typed spaced with a digit too many ("e 451 k 339"): a plate's letter, three digits, a plate's letter, three
# digits — only with a word for a vehicle, its make or its plates right before it or right after it ("… bmw crni").
_SPACED_MISTYPED = re.compile(r"(?<![\w.-])[AEJKMOTaejkmot] \d{3} [AEJKMOTaejkmot] \d{3}(?![\w-]|\.\d)")
# Words for a vehicle and the makes officers name, shared by the plate readings below (folded text).
_VEHICLES = r"vozil\w*|auto|auta|automobil\w*|kombi\w*|kamion\w*"
_MAKES = r"golf\w*|bmw|audi|opel|passat|pasat|mercedes\w*|skod\w*"
_VEHICLE_AFTER = re.compile(rf"^\W*(?:{_VEHICLES}|{_MAKES})(?!\w)")


def _spaced_mistyped(text: str, taken: list[Span]) -> list[Span]:
    out = []
    for m in _SPACED_MISTYPED.finditer(text):
        if any(s.start < m.end() and m.start() < s.end for s in taken):
            continue
        if keyword_before(text, m.start(), _PLATE_WORD, window=40) or _VEHICLE_AFTER.match(fold(text[m.end() :])):
            out.append(Span(m.start(), m.end(), "PLATE"))
    return out


# Another country's plate: groups of capital letters and of digits joined by a space, a dash or a dot ("M-KL 4821",
# "W 48213 X", "PG AB 123") — only after a word for a vehicle or its plates, and only when, less any make or
# acronym the laws know at its start, it begins with a group of letters and has two digits or more in a row.
_FOREIGN = re.compile(r"(?<![\w.-])[A-ZÄÖÜ0-9]{1,6}(?:[- .][A-ZÄÖÜ0-9]{1,6}){1,3}(?![\w-]|\.\w)")
_GROUP = re.compile(r"[A-ZÄÖÜ]+|\d+")
# Vienna's and Graz's serial glued to its closing letter after the district's ("W-48213K"): four digits or more, then
# one or two capitals — no model's name has so many digits ("X5", "A4", "320D").
_SERIAL_WITH_LETTER = re.compile(r"\d{4,}[A-ZÄÖÜ]{1,2}")


# The words before another country's plate: a vehicle or its plates, not "oznaka" alone ("oznaka KN 9701": a tariff
# code) nor a word merely starting with "auto".
_FOREIGN_WORD = re.compile(
    rf"(tablic\w*|registarsk\w*|registr\w*|reg\.?|{_VEHICLES}|autu|autom|motor|motora|motoru|{_MAKES}|marke|vozio|vozila)"
    r"(?:\W+\w+){0,3}\W*$"
)


# Or a word for a vehicle right after it, up to two words between: "M-KL 4821 njemački kombi", "W 48213 X, bijeli auto".
_FOREIGN_WORD_AFTER = re.compile(
    r"^\W*(?:[^\W\d]+\W+){0,2}(?:vozil\w*|auto|auta|autu|autom|automobil\w*|kombi\w*|kamion\w*|motor|motora|"
    r"kamp\w* prikolic\w*|prikolic\w*)(?!\w)"
)


def _foreign(text: str, taken: list[Span]) -> list[Span]:
    out = []
    for m in _FOREIGN.finditer(text):
        groups = list(re.finditer(r"[A-ZÄÖÜ0-9]+", m.group()))
        if any(not _GROUP.fullmatch(g.group()) and not _SERIAL_WITH_LETTER.fullmatch(g.group()) for g in groups):
            continue  # "A4 2.0", "X5 2020": a model's name mixes letters and digits, a plate's groups do not
        while groups and groups[0].group().isalpha() and lexicon.not_a_name(fold(groups[0].group())):
            groups = groups[1:]  # "BMW M-KL 4821", "KM 150": a make or a unit before it
        letters = [g for g in groups if g.group().isalpha()]
        digits = [g for g in groups if g.group()[:1].isdigit()]
        if (
            len(groups) < 2
            or not groups[0].group().isalpha()  # a district's letters first: "320 D" is a model's name
            or not any(len(g.group()) >= 2 for g in digits)
            or any(lexicon.not_a_name(fold(g.group())) for g in letters)
        ):
            continue
        start, end = m.start() + groups[0].start(), m.start() + groups[-1].end()
        if not any(s.start < end and start < s.end for s in taken) and (
            keyword_before(text, start, _FOREIGN_WORD, window=40)
            or _FOREIGN_WORD_AFTER.match(fold(text[end : end + 40]))
        ):
            out.append(Span(start, end, "PLATE"))
    return out


# A BiH plate dictated, after a word for a vehicle or its plates: each letter by its name ("ka" K, "je" J, "em" M,
# "te" T), the numbers in words or digits ("ka trideset jedan je osamsto osamdeset devet": K31-J-889).
_LETTER_NAMES = frozenset(name for name, letter in SPOKEN_LETTERS.items() if letter in PLATE_LETTERS) | frozenset(
    PLATE_LETTERS.lower()  # the letter alone, as typed: "k 31 j 889"
)
_FOLDED_WORD = re.compile(r"[a-z0-9]+")


def _dictated(text: str, taken: list[Span]) -> list[Span]:
    """Plates dictated as letter names and number words: a letter, two digits, a letter, three digits."""
    folded, offsets = folded_with_offsets(text)
    words = [w for w in _FOLDED_WORD.finditer(folded) if w.group() not in numbers.SPOKEN_SEPARATORS]
    out = []
    for i, first in enumerate(words):
        if first.group() not in _LETTER_NAMES:
            continue
        j = i + 1
        while j < len(words) and numbers.number_word(words[j].group()) and words[j].group() not in _LETTER_NAMES:
            j += 1
        if j == i + 1 or j >= len(words) or words[j].group() not in _LETTER_NAMES:
            continue
        if len(numbers.spoken_digits([w.group() for w in words[i + 1 : j]])) != 2:
            continue
        k, last = j + 1, None
        while k < len(words) and numbers.number_word(words[k].group()):
            if len(numbers.spoken_digits([w.group() for w in words[j + 1 : k + 1]])) == 3:
                last = k
            k += 1
        if last is None or not all(
            _SEPARATED.fullmatch(folded[a.end() : b.start()]) for a, b in zip(words[i:last], words[i + 1 : last + 1])
        ):
            continue  # one plate: only spaces, commas or dashes between its parts
        start, end = original_span(offsets, first.start(), words[last].end())
        if not any(s.start < end and start < s.end for s in taken) and keyword_before(text, start, _PLATE_WORD, 40):
            out.append(Span(start, end, "PLATE"))
    return out


_SEPARATED = re.compile(numbers.SPOKEN_SEPARATOR_GAP.replace("/", ""))  # "a dvadeset tri crtica ka crtica …"

# Another country's plate dictated right after the word for plates ("slovenske tablice lj četrdeset pet crtica k r n",
# "njemačke tablice m crtica a b četiri pet jedan dva"): its letters by their names or alone, a district's digraph
# ("lj", "nj"), the numbers in words, "crtica" for the dash. Any country's layout, so only right after "tablice" (a few
# linking words between) and only when what the run spells has a letter, two digits or more and five characters.
_PLATES_WORD = re.compile(r"tablic\w*|registarsk\w*|registracij\w*")
_LINKING = frozenset(["su", "mu", "joj", "im", "bile", "bila", "broj", "br", "sa", "oznake", "glase", "glasi"])
_ABROAD_LETTERS = {**SPOKEN_LETTERS, **LETTERS_ALONE, "lj": "LJ", "nj": "NJ", "dz": "DZ"}


def _dictated_abroad(text: str, taken: list[Span]) -> list[Span]:
    folded, offsets = folded_with_offsets(text)
    words = list(_FOLDED_WORD.finditer(folded))
    folded_words = [w.group() for w in words]
    out = []
    for i, cue in enumerate(words):
        if not _PLATES_WORD.fullmatch(cue.group()):
            continue
        k = i + 1
        while k < len(words) and k <= i + 2 and words[k].group() in _LINKING:
            k += 1
        if (
            k >= len(words)
            or words[k].group() in LETTERS_THAT_ARE_WORDS
            or words[k].group() in numbers.SPOKEN_SEPARATORS
        ):
            continue
        last = spelled_run_end(folded_words, k, _ABROAD_LETTERS)
        spelled = [w.group() for w in words[k:last]]
        if not spelled or all(w.isdigit() for w in spelled):
            continue
        chars = numbers.spelled_characters(spelled, _ABROAD_LETTERS)
        n_digits = sum(c.isdigit() for c in chars)
        n_letters = len(chars) - n_digits
        if not (n_letters >= 1 and n_digits >= 2 and len(chars) >= 5 and (n_letters >= 2 or n_digits >= 4)):
            continue
        start, end = original_span(offsets, words[k].start(), words[last - 1].end())
        if not any(s.start < end and start < s.end for s in taken):
            out.append(Span(start, end, "PLATE"))
    return out


def plates(text: str) -> list[Span]:
    spans: list[Span] = _spaced_mistyped(text, [])  # first: "k 220 j 641" whole, not its "220 j 641"
    for form, pattern in enumerate(_FORMS):
        for m in pattern.finditer(text):
            if any(s.start < m.end() and m.start() < s.end for s in spans):
                continue
            if form >= 2 and m.group("s2") != "-" and not (m.group("s2") == "" and _plain(m, form)):
                continue  # "je 150 na (sat)": the old and foreign plates are written with a dash
            if _plain(m, form) or keyword_before(text, m.start(), _PLATE_WORD, window=40):
                spans.append(Span(m.start(), m.end(), "PLATE"))
    spans += _mistyped(text, spans)
    spans += _foreign(text, spans)
    spans += country_plates(text, spans)  # "slovenačkih tablica LJ 55-2KR"
    spans += plate_shapes.digits_first_plates(text, spans, _FOREIGN_WORD, _FOREIGN_WORD_AFTER)  # "52-XKT-9"
    spans = [s for s in spans if not plate_shapes.road(text[s.start : s.end])]  # "na R-444": a road
    spans += _dictated(text, spans)
    return spans + _dictated_abroad(text, spans)


# Another country's plate right after a country's adjective and the word for plates ("slovenačkih tablica LJ 55-2KR",
# "njemačke registracije B-KM 4471"): the country said, so the plate may mix a letter into its last group ("2KR") and a
# group of letters may spell a word or a unit ("KM"), which `_foreign` refuses on a vehicle's word alone. Its district's
# letters first, groups of capitals and digits joined by a dash, a space or a dot, two digits in a row.
_COUNTRY_PLATES = re.compile(
    r"[a-z]+(?:sk|ck)(?:ih|e|a|im|oj|om)\s+(?:tablic\w*|registracij\w*|registarsk\w*)"
    r"(?:\s+(?:oznak\w*|broj|br\.?|sa|glasi))?[\s:,]*$"
)
_COUNTRY_PLATE = re.compile(r"(?<![\w.-])[A-ZČĆŠŽĐÄÖÜ]{1,3}(?:[- .][A-ZČĆŠŽĐÄÖÜ0-9]{1,5}){1,3}(?![\w-]|\.\w)")


def country_plates(text: str, taken: list[Span]) -> list[Span]:
    out = []
    for m in _COUNTRY_PLATE.finditer(text):
        value = m.group()
        if not re.search(r"\d{2}", value) or any(s.start < m.end() and m.start() < s.end for s in taken):
            continue
        if _COUNTRY_PLATES.search(fold(text[max(0, m.start() - 60) : m.start()])):
            out.append(Span(m.start(), m.end(), "PLATE"))
    return out
