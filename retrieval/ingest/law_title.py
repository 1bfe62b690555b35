"""The law's own title, read from the top of its file when the admin gave none (`--title`, laws.toml).

Officers name laws by what they are ("zakon o saobraćaju", "krivični zakon"), and search matches those
names against each law's title (retrieval/search/law_names.py). A law ingested as `--law "ZOBS BiH"`
without `--title` would have no title to match; but almost every law file starts with it:

    KRIVIČNI ZAKON                        Zakon o osnovama bezbjednosti saobraćaja na putevima u Bosni
    BRČKO DISTRIKTA BOSNE I HERCEGOVINE   i Hercegovini ''Sg BiH'', broj 6, od 21.01.2006.
    (prečišćeni tekst)

The title is the first line before the first article that begins with a law word (ZAKON, ZAKONIK,
USTAV, UREDBA, PRAVILNIK, ODLUKA; or an adjective line such as "KAZNENI" right before one), with the
lines that continue it: further lines in capitals for a title in capitals, a line starting in lower
case for one in ordinary case. A gazette reference, a parenthesis or a footnote digit ends it. Lines
that only mention a law ("Na osnovu člana 8 Zakona o …", "Odredbe člana 280a Krivičnog zakonika …")
never start a title: the law word must open the line.
"""

from __future__ import annotations

import re

_LAW_WORDS = r"(?:ZAKON|ZAKONIK|USTAV|UREDBA|PRAVILNIK|ODLUKA|ЗАКОН|ЗАКОНИК|УСТАВ|УРЕДБА|ПРАВИЛНИК|ОДЛУКА)"
_OPENS = re.compile(rf"^(?:[\w-]+\s+)?{_LAW_WORDS}\b", re.IGNORECASE)
_ADJECTIVE_ONLY = re.compile(r"^[A-ZČĆŠŽĐА-Ш]{4,}$")  # "KAZNENI" on a line of its own
_ENDS = re.compile(r"\s*(?:[(\"'„“”«»]|''|\d|\bbroj\b|\bSg\b|\bSl\.|\bSlužben|\bСлужбен).*$", re.IGNORECASE)
_NOT_A_TITLE = re.compile(
    r"^(?:Na osnovu|Na temelju|Odredbe|Odredba|Članom|Članak|Član|Члан|На основу)\b", re.IGNORECASE
)
MAX_LINES = 4
MAX_CHARS = 200


def _capitals(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return bool(letters) and sum(c.isupper() for c in letters) >= 0.8 * len(letters)


def find_law_title(head: list[str]) -> str:
    """The law's title from the lines before its first article ("" when none is found)."""
    lines = [" ".join(line.split()) for line in head]
    for i, line in enumerate(lines):
        if not line or _NOT_A_TITLE.match(line):
            continue
        start = i
        if _ADJECTIVE_ONLY.match(line) and i + 1 < len(lines) and re.match(rf"^{_LAW_WORDS}\b", lines[i + 1]):
            pass  # "KAZNENI" / "ZAKON" / "FEDERACIJE BiH"
        elif not _OPENS.match(line):
            # "godine ZAKON": a title that begins mid-line after the gazette's date
            found = re.search(rf"\b{_LAW_WORDS}\b.*$", line)
            if not (
                found
                and _capitals(found.group(0))
                and found.start() > 0
                and i + 1 < len(lines)
                and _capitals(lines[i + 1])
            ):
                continue
            lines[i] = found.group(0)
        return _assemble(lines, start)
    return ""


def _assemble(lines: list[str], start: int) -> str:
    capitals = _capitals(lines[start])
    parts = [lines[start]]
    for line in lines[start + 1 : start + MAX_LINES]:
        if not line or _ENDS.sub("", line) == "":
            break
        if capitals:
            if not _capitals(line.replace("BiH", "BIH")) or re.match(r"^(?:[IVXLC]+|\d+)\s*[-–.)]", line):
                break  # "I - OSNOVNE ODREDBE", "(prečišćeni tekst)", ordinary text
        elif not line[:1].islower():
            break
        parts.append(line)
        if _ENDS.search(line):
            break
    title = _ENDS.sub("", " ".join(parts)).strip(" ,;:-–")
    title = re.sub(r"(?<=[^\W\d_])\d+$", "", title)  # a footnote digit glued to the last word ("HERCEGOVINE1")
    if len(title) > MAX_CHARS or (len(title.split()) < 2 and not re.match(r"^(?:USTAV|Ustav|УСТАВ)", title)):
        return ""
    return _title_case(title) if capitals else title


_KEEP_CAPS = {"BIH": "BiH", "FBIH": "FBiH", "RS": "RS", "PDV": "PDV", "BD": "BD"}
_PLACES = (
    "BOSN",
    "HERCEGOVIN",
    "FEDERACIJ",
    "REPUBLIK",
    "SRPSK",
    "BRČK",
    "БОСН",
    "ХЕРЦЕГОВИН",
    "ФЕДЕРАЦИЈ",
    "РЕПУБЛИК",
    "СРПСК",
)


def _title_case(title: str) -> str:
    """ "KRIVIČNI ZAKON BRČKO DISTRIKTA BOSNE I HERCEGOVINE" → "Krivični zakon Brčko distrikta Bosne i
    Hercegovine": the first word and names of places keep a capital, the rest of a BCS title is lower case."""
    out = []
    for n, word in enumerate(title.split()):
        upper = word.upper()
        if upper in _KEEP_CAPS:
            out.append(_KEEP_CAPS[upper])
        elif n == 0 or upper.startswith(_PLACES):
            out.append(word[:1].upper() + word[1:].lower())
        else:
            out.append(word.lower())
    return " ".join(out)
