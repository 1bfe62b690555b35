"""Recognising the lines that structure a law: article headings, chapter names, annexes, titles.

One regular expression per kind of line, written for how BCS laws really number articles:
"Član 1." and "Član 1", "Članak 5.a", "Član 246 a." / "246 ww.", "Član 155. a)", "Члан 113в",
"Član I" (Roman, the Constitution), "Član 41a brisan Zakonom …", range headings of deleted articles
("Članak 79. – 109.", "Članak 204. do 207."). A line starting with a lower-case "člana 37. ovog
zakona" is a wrapped cross-reference, never a heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_KIND = r"(?P<kind>Članak|Član|Clanak|Clan|Чланак|Члан|Член|Article|Art\.|§)"
_SUFFIX = r"[a-zčćšžđа-шђћчџжљњ]{1,2}"
_HEADING = re.compile(
    rf"""^\s*{_KIND}(?![\w])\s*
        (?P<num>\d{{1,4}}|[IVXLC]{{1,7}}(?![\w]))
        (?:
            (?P<glued>(?<=\d){_SUFFIX}|\.{_SUFFIX})(?=[\s.)]|$)     # 12a, 5.a
          | \.?\s(?P<spaced>{_SUFFIX})(?:\.|\))(?=\s|$)             # 246 a.  155. a)
        )?
        (?P<dot>\.)?\)?
        (?P<rest>.*)$""",
    re.VERBOSE | re.IGNORECASE,
)
_RANGE_REST = re.compile(r"^\s*(?:[-–—]|do|до)\s*(?P<end>\d{1,4})\s*\.?\s*(?P<after>.*)$", re.IGNORECASE)
DELETED = re.compile(
    r"\b(?:brisan[aoi]?|брисан[аои]?|prestao da važi|prestalo da važi|prestao je da važi|prestale su da važe|"
    r"престао да важи|престало да важи|престао је да важи|престали су да важе|престала је да важи|"
    r"prestali su da važe|prestala je da važi|stavljen van snage|van snage|ван снаге)(?!\w)",
    re.IGNORECASE,
)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


@dataclass(frozen=True)
class Heading:
    """One article heading line: "Član 246 a." → number "246a"; `rest` is what follows on the line."""

    line: int
    kind: str
    number: str  # as cited: "12", "12a", "113в", "XII"
    rest: str
    range_end: int | None = None  # "Članak 79. – 109.": deleted articles 79..109
    deleted: bool = False  # "Član 41a brisan Zakonom …"

    @property
    def key(self) -> tuple[int, str]:
        """Order within the law: 12 < 12a < 12b < 13 (Roman numerals by value)."""
        digits = re.match(r"\d+", self.number)
        if digits:
            return int(digits.group(0)), self.number[digits.end() :]
        return roman_value(self.number), ""

    @property
    def prefix(self) -> str:
        """The id prefix: "§", "Article" or "čl."."""
        kind = self.kind.lower()
        return "§" if kind == "§" else "Article" if kind.startswith("art") else "čl."


def roman_value(numeral: str) -> int:
    total = 0
    values = [_ROMAN.get(ch, 0) for ch in numeral.upper()]
    for i, value in enumerate(values):
        total += -value if i + 1 < len(values) and values[i + 1] > value else value
    return total


def parse_heading(line: str, index: int) -> Heading | None:
    """The heading on this line, or None (cross-references, lower-case "član", prose)."""
    if len(line) > 300:
        return None
    m = _HEADING.match(line)
    if not m or m.group("kind")[0].islower():
        return None
    num = m.group("num")
    suffix = (m.group("glued") or m.group("spaced") or "").lstrip(".").lower()
    rest = m.group("rest").strip()
    roman = not num.isdigit()
    if roman and (suffix or not _roman_ok(num)):
        return None
    if roman and rest and not rest[0].isupper() and not rest.startswith("("):
        return None
    range_match = _RANGE_REST.match(rest) if not suffix else None
    if range_match and not roman and int(range_match.group("end")) > int(num):
        return Heading(index, m.group("kind"), num, range_match.group("after"), range_end=int(range_match.group("end")))
    rest = rest.lstrip("-–—: ") if not rest.startswith("(") else rest
    if rest and rest[0].islower() and not DELETED.match(rest):
        return None  # "Član 5. ovog zakona …" at the start of a wrapped line
    if rest[:1].isdigit() and not m.group("dot") and not suffix and not roman:
        return None  # "Član 3 4 5" in running text
    deleted = bool(rest) and bool(DELETED.match(rest.lstrip("(–- ")))
    return Heading(index, m.group("kind"), num + suffix, rest, deleted=deleted)


def _roman_ok(numeral: str) -> bool:
    return bool(re.fullmatch(r"C{0,3}(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})", numeral.upper())) and numeral.isupper()


# --- chapters, annexes, preamble -----------------------------------------------------------------

_CHAPTER_WORD = re.compile(
    r"^(?:(?:PRVI|DRUGI|TREĆI|ČETVRTI|OPĆI|OPŠTI|POSEBNI|ZAVRŠNI|ПРВИ|ДРУГИ|ТРЕЋИ|ОПШТИ|ПОСЕБНИ)\s+(?:DIO|DEO|ДИО|ДЕО)\b"
    r"|(?:GLAVA|Glava|DIO|Dio|DEO|Deo|ODJELJAK|Odjeljak|ODSJEK|Odsjek|POGLAVLJE|Poglavlje|PODGLAVLJE|ODELJAK|Odeljak|"
    r"ГЛАВА|Глава|ДЕО|Део|ДИО|Дио|ОДЕЉАК|Одељак|ОДЈЕЉАК|Одјељак|ПОГЛАВЉЕ|Поглавље|DIJEL|TITLE|PART|CHAPTER|Chapter|Part)"
    r"\s+(?:[IVXLC]+[a-zA-Z]?|\d+[a-zA-Z]?|[A-ZА-Ш]|PRVI|DRUGI|TREĆI|ČETVRTI|PETI|ŠESTI|SEDMI|OSMI|DEVETI|DESETI|ПРВИ|ДРУГИ|ТРЕЋИ)\b)"
)
_LAW_NAME = re.compile(r"\b(?:ZAKON|ZAKONIK|USTAV|UREDBA|PRAVILNIK|ODLUKA|ЗАКОН|ЗАКОНИК|УСТАВ|УРЕДБА|ПРАВИЛНИК)\b")
_NUMBERED_SECTION = re.compile(r"^(?:[IVXLC]{1,6}|\d{1,2})[.)]?\s*[-–—.]?\s+\S")
_ANNEX = re.compile(
    r"^\s*(?P<word>ANEKS|Aneks|PRILOG|Prilog|ANNEX|Annex|АНЕКС|Анекс|ПРИЛОГ|Прилог|DODATAK|Dodatak|ДОДАТАК|Додатак)"
    r"(?:\s+(?P<num>[IVXLC]{1,5}|\d{1,3}|[A-ZА-Ш]))?\.?\s*(?P<rest>.*)$"
)
_PREAMBLE = re.compile(r"^\s*(?:PREAMBULA|Preambula|ПРЕАМБУЛА|Преамбула|PREAMBLE|Preamble)\s*$")


def is_chapter_line(line: str) -> bool:
    """ "GLAVA XXI", "DRUGI DIO", "I - OPĆE ODREDBE", "KAZNENA DJELA PROTIV IMOVINE" (all capitals)."""
    s = line.strip()
    if not s or len(s) > 160:
        return False
    if _CHAPTER_WORD.match(s):
        return True
    if _LAW_NAME.search(s) or re.search(r"[\"„“”«»]", s):
        return False  # the law's own name at the top ("KRIVIČNI ZAKON …"), or an editorial note in capitals
    letters = [ch for ch in s if ch.isalpha()]
    upper = sum(ch.isupper() for ch in letters)
    if _NUMBERED_SECTION.match(s) and letters and (upper / len(letters) > 0.8 or re.match(r"^[IVXLC]+\b", s)):
        return len(letters) >= 3
    if s.endswith((",", ";")) or (s.endswith(".") and upper != len(letters)):
        return False
    if len(letters) < 0.6 * len(s.replace(" ", "")):
        return False  # "2008/977/PUP (SL L 119, 4. 5. 2016.)." is a citation, not a chapter name
    return len(letters) >= 6 and upper / len(letters) > 0.9 and len(s.split()) >= 2


_NUMBERED_OPENER = re.compile(r"^(?:\d{1,3}\s+)?(?=[IVXLC]{1,6}\s*[.)-])")  # " 85 XXVI. GLAVA …", "V - DUŽNOSTI …"


def opens_chapter(line: str) -> bool:
    """ "GLAVA XXI", "DRUGI DIO", "ODJELJAK 2": a chapter noun with its number, whatever follows it; also a
    chapter numbered in Roman numerals and named in capitals ("IV. GLAVA ČETVRTA", " 85 XXVI. GLAVA DVADESET I
    ŠESTA" with a footnote number first, "V - DUŽNOSTI U SLUČAJU SAOBRAĆAJNE"), whose name may wrap too."""
    s = line.strip()
    if _CHAPTER_WORD.match(s):
        return True
    m = _NUMBERED_OPENER.match(s)
    if m is None:
        return False
    name = s[m.end() :]
    return chapter_level(name) == 1 and is_chapter_line(name)


def is_name_line(line: str) -> bool:
    """A line of a chapter's name in capitals, whatever its length or end: "FEDERACIJI", "KRIVNJA",
    "KAZNENA DJELA PROTIV GOSPODARSTVA," — alone not surely a chapter (`is_chapter_line` wants two words and no
    comma at the end); under a line that `opens_chapter`, it is (splitting.py `_names_chapter`)."""
    s = line.strip().rstrip(",")
    letters = [ch for ch in s if ch.isalpha()]
    return len(letters) >= 3 and len(s) <= 120 and all(ch.isupper() for ch in letters) and not _LAW_NAME.search(s)


_PART = re.compile(
    r"^(?:(?:PRVI|DRUGI|TREĆI|ČETVRTI|OPĆI|OPŠTI|POSEBNI|ZAVRŠNI|ПРВИ|ДРУГИ|ТРЕЋИ|ОПШТИ|ПОСЕБНИ)\s+(?:DIO|DEO|ДИО|ДЕО)\b"
    r"|(?:DIO|Dio|DEO|Deo|ДИО|Дио|ДЕО|Део|PART|Part|DIJEL)\s)"
)
_SECTION = re.compile(
    r"^(?:ODJELJAK|Odjeljak|ODSJEK|Odsjek|ODELJAK|Odeljak|ОДЕЉАК|Одељак|ОДЈЕЉАК|Одјељак|PODGLAVLJE)\b|^\d{1,2}\.\s+[A-ZČĆŠŽĐА-Ш]"
)
_SUBSECTION = re.compile(r"^\d{1,2}\.\s+[A-ZČĆŠŽĐА-Ш][^.;:]{2,100}$")


def chapter_level(line: str) -> int | None:
    """0 part (DIO), 1 chapter (GLAVA, "I - …", capitals), 2 section (ODJELJAK, "1. Savjet …");
    None for a line that only names the entry above it (the capitals under "GLAVA XXI")."""
    s = line.strip()
    if _PART.match(s):
        return 0
    if _SECTION.match(s):
        return 2
    if _CHAPTER_WORD.match(s) or _NUMBERED_SECTION.match(s):
        return 1
    return None


def is_subsection_line(line: str) -> bool:
    """ "1. Savjet za bezbjednost saobraćaja" right above a heading: a numbered section name."""
    s = line.strip()
    return bool(_SUBSECTION.match(s)) and not s.endswith((".", ",", ";", ":"))


def parse_annex(line: str) -> str | None:
    """ "ANEKS 1." → "Aneks 1"; "Prilog A – Obrazac" → "Prilog A"; None for "Aneksu 6 Opšteg sporazuma"."""
    m = _ANNEX.match(line)
    if not m or len(line.strip()) > 120:
        return None
    rest = m.group("rest").strip()
    if (rest and (rest[0].islower() or len(rest) > 100)) or (not m.group("num") and rest and not rest[0].isupper()):
        return None
    if not m.group("num") and rest:
        return None
    word = m.group("word").capitalize()
    return f"{word} {m.group('num')}" if m.group("num") else word


def is_preamble_line(line: str) -> bool:
    return bool(_PREAMBLE.match(line))


# --- titles ---------------------------------------------------------------------------------------

_PARAGRAPH_START = re.compile(r"^\s*(\(\d+\)|\d+[.)]|[a-zа-ш]\)|[-–•])")
_GAZETTE = re.compile(
    r"^\(?\s*(?:NN|SN|Sl\.|Službeni|Službene|\"Službeni|\"Službene|„Službeni|Службени|\"Службени|Сл\.)\b[^()]*\)?$"
)
_SIGNATURE = re.compile(
    r"^\s*(?:Predsjedatelj|Predsjedavajuć|Predsjednik|Predsjednica|PREDSJEDNIK|PREDSJEDAVAJUĆ|Председник|"
    r"Председавајућ|Предсједник|Предсједавајућ|ПРЕДСЕДНИК|ПРЕДСЈЕДНИК|Ministar|MINISTAR|Министар|МИНИСТАР|"
    r"Premijer|PREMIJER|Премијер|Broj\s*:|Број\s*:|Br\.\s*:?\s*\d|Бр\.\s*\d|"
    r"(?:[A-ZА-Ш]\.\s)?(?:broj|Broj|број|Број)\s*:?\s*[\w.-]*\d+/\d{2,4}\b|"
    r"[A-ZČĆŠŽĐ][a-zčćšžđ]+,\s*\d{1,2}\.\s*\d{1,2}\.\s*\d{4})"
)


_FOOTNOTE_MARK = re.compile(r"^\d{1,3}\s+(?=[A-ZČĆŠŽĐА-Ш][a-zčćšžđа-ш])")  # " 16 Kazna dugotrajnog zatvora"


def clean_title(line: str) -> str:
    """A title without enclosing parentheses or stray markup."""
    s = _FOOTNOTE_MARK.sub("", line.strip().strip("*_#").strip())
    if s.startswith("(") and s.endswith(")") and s.count("(") == 1:
        s = s[1:-1].strip()
    return s


def is_gazette_reference(text: str) -> bool:
    """ "(NN 92/14, 70/19)", "Službeni glasnik RS, broj 24/2018": where a version was published, not a title."""
    return bool(_GAZETTE.match(text.strip())) or bool(re.fullmatch(r"\(?\s*[\d/.,\s]+\)?", text.strip()))


# "iz stavka 1. ovog članka", "prethodnog stava": a sentence's cross-reference, never in an article's title.
_CROSS_REFERENCE = re.compile(
    r"\b(?:stav(?:k)?a|stavu|stavku|točke|tačke|alineje)\s+\d|\bov(?:og|oga)\s+(?:člana|članka)\b|\bprethodn(?:og|om)\s+stav",
    re.IGNORECASE,
)
_HEADING_TYPO = re.compile(r"^(?:Čla|Cla|Чла|Article|Art)\w*\.?\s+\d+\w*\.?$", re.IGNORECASE)  # "Člana 95"


def looks_like_title(line: str) -> bool:
    """A short, capitalised line without sentence punctuation at its end: a heading title."""
    s = clean_title(line)
    return (
        0 < len(s) <= 150
        and s[0].isupper()
        and not s.endswith((".", ";", ":", ","))
        and not _PARAGRAPH_START.match(s)
        and not is_gazette_reference(s)
        and parse_heading(s, 0) is None
        and not _HEADING_TYPO.match(s)
        and not is_signature(s)
        and not _CROSS_REFERENCE.search(s)
    )


def is_signature(line: str) -> bool:
    """The closing block of an enacted text: who signed it, its number and date."""
    return bool(_SIGNATURE.match(line))


def starts_lower(line: str) -> bool:
    s = line.lstrip(' *_"„(')
    return bool(s) and s[0].islower()
