"""An address the story breaks into pieces, which the scans of addresses.py read only in part or not at all:

- a hedge between the street and its number, as an officer says it while looking it up: "u Lipovcu, sad ću vidjeti,
  broj 12", "na Brezovoj, čekaj, 17" — the street after a preposition of place, a hedge from `_HEDGES` set off by
  commas, then the house number; one span from the street to the number.
- a correction of the number right after it: "Lipovoj 14, ne 14 nego 41" — the corrected number is the address's
  too, so the span runs to it.
- a second address coordinated with the first: "između Lipove 12 i Lipove 14", "Brezova 3 ili Brezova 5" — the same
  street again (its first word's stem) or a street's adjectival name (-ova, -ska …) with its own number.

Every number must be a house's (no unit or count after it: `counted`, addresses.py's test, passed in), and a street
after a preposition must be no listed town ("u Lipi, čekaj, 12 ljudi" is a count; "u Tuzli, čekaj, 12" a town).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kodeks.privacy import lexicon
from kodeks.privacy.address_cues import HOUSE_NUMBER, NUMBER_END, folded_letters
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

# What an officer says while finding the number (folded): wait, let me see, I think, what's it called.
_HEDGES = (
    r"(?:sa)?cekaj(?:te)?(?:[ ]+malo)?|samo[ ]+(?:malo|sekund\w*|trenutak)|moment|momenat|trenutak|"
    r"sad(?:a)?[ ]+(?:cu|cemo|da)[ ]+(?:vidj?et\w*|pogledat\w*|provjerit\w*|nadj\w*|nac\w*)|da[ ]+vidim|"
    r"mislim|valjda|cini[ ]+mi[ ]+se|ne[ ]+znam[ ]+tacno|kako[ ]+se[ ]+zove|kaze"
)
_PLACE = r"(?:u|na|iz|kod|do|sa|s|ispred|pored|prema|blizu|iza|uz)"
_HEDGED = re.compile(
    rf"(?<!\w){_PLACE}[ ]+(?P<street>[^\W\d_]+(?:[ ][^\W\d_]+){{0,2}})[ ]*,[ ]*(?:{_HEDGES})[ ]*,[ ]*"
    rf"(?:(?:kucni[ ]+)?(?:broj|br\.?)[ ]*)?(?P<number>{HOUSE_NUMBER}){NUMBER_END}",
    re.IGNORECASE,
)
_CORRECTION = re.compile(
    rf"^[ ]*,?[ ]*ne[ ]+{HOUSE_NUMBER}[ ]*,?[ ]*(?:nego|neg|vec|već)[ ]+{HOUSE_NUMBER}{NUMBER_END}"
)
# The number corrected in a later clause of the same sentence: "… živi u Lipovoj 31 pa se ispravio, zapravo broj 39,
# Tuzla" — a word of correcting, "broj" and the number, then the town after a comma (folded text, offsets kept).
_LATER_CORRECTION = re.compile(
    r"(?<!\w)(?:zapravo|ustvari|u[ ]+stvari|ispravi(?:o|la)(?:[ ]+se)?|ispravka|odnosno|tacnije)[ ]*[,:]?[ ]*"
    rf"(?:(?:to[ ]+je|je)[ ]+)?(?:kucni[ ]+)?(?:broj|br\.?)[ ]*(?P<number>{HOUSE_NUMBER}){NUMBER_END}"
)
_TOWN_AFTER = re.compile(r"^[ ]*,[ ]*(?P<town>[^\W\d_]+)(?!\w)")
_SENTENCE_BREAK = re.compile(r"[.;!?]\s|\n")
_LATER_REACH = 80
_COORDINATED = re.compile(
    r"^[ ]*,?[ ]*(?:i|ili)[ ]+(?P<street>[A-ZČĆŠŽĐ][^\W\d_]+(?:[ ][A-ZČĆŠŽĐ][^\W\d_]+){0,2})[ ]+"
    rf"(?P<number>{HOUSE_NUMBER}){NUMBER_END}"
)
_ADJECTIVAL = re.compile(r"(?:ov|ev|in|sk|ck)(?:a|oj|e|u|om)$")


def hedged(text: str, counted: Callable[[str], object]) -> list[Span]:
    """Streets set apart from their number by a hedge."""
    spans = []
    for m in _HEDGED.finditer(folded_letters(text)):
        street = text[m.start("street") : m.end("street")]
        words = [fold(w) for w in street.split()]
        if (
            street[:1].isupper()
            and not counted(text[m.end() :])
            and not lexicon.is_town(words[0])
            and lexicon.first_name(words[0]) is None
            and not any(w in lexicon.FUNCTION_WORDS for w in words)
        ):
            spans.append(Span(m.start("street"), m.end(), "ADDRESS"))
    return spans


def extended(text: str, spans: list[Span], counted: Callable[[str], object]) -> list[Span]:
    """`spans` with a corrected number joined to its address, and the second of two coordinated addresses added
    (`counted` here the units alone: a street shaped as the first one's is no count's noun, "… 14 stalno parkira")."""
    out = []
    for span in spans:
        end = span.end
        correction = _CORRECTION.match(text[end:])
        if correction and not counted(text[end + correction.end() :]):
            end += correction.end()
        out.append(Span(span.start, end, span.kind))
        later = _later_correction(text, end, counted)
        if later is not None:
            out.append(later)
        second = _COORDINATED.match(text[end:])
        if second is None or counted(text[end + second.end() :]):
            continue
        first_word = fold(text[span.start : span.end].split()[0])
        street = fold(second.group("street").split()[0])
        if street[:4] == first_word[:4] or _ADJECTIVAL.search(street):
            out.append(Span(end + second.start("street"), end + second.end("number"), "ADDRESS"))
    return out


def _later_correction(text: str, end: int, counted: Callable[[str], object]) -> Span | None:
    """The house number an address's teller corrected in a later clause of the same sentence ("… Lipovoj 31 pa se
    ispravio, zapravo broj 39, Tuzla"): that address's number, and its town when a listed town follows the comma."""
    folded = folded_letters(text[end : end + _LATER_REACH])
    m = _LATER_CORRECTION.search(folded)
    if m is None or _SENTENCE_BREAK.search(folded[: m.start()]) or counted(text[end + m.end() :]):
        return None
    stop = end + m.end("number")
    town = _TOWN_AFTER.match(folded_letters(text[stop : stop + 40]))
    if town is not None and lexicon.is_town(fold(town.group("town"))):
        stop += town.end("town")
    return Span(end + m.start("number"), stop, "ADDRESS")


# A record's row of particulars: the name, the year of birth with "godište", then the home — "LIPIĆ ZDENKO 1964.
# godište, brezova grana 29, tuzla - …": after the year's word and a comma, up to four words of a street, its number, a
# comma and a listed town (folded text, offsets kept).
_AFTER_BIRTH_YEAR = re.compile(
    r"(?<!\w)(?:19|20)\d{2}\.?[ ]*(?:godiste|godista|god\.?|g\.)[ ]*,[ ]*"
    rf"(?P<street>[^\W\d_]+(?:[ ][^\W\d_]+){{0,3}})[ ]+(?P<number>{HOUSE_NUMBER}){NUMBER_END}[ ]*,[ ]*"
    r"(?P<town>[^\W\d_]+)(?!\w)",
    re.IGNORECASE,
)


def after_birth_year(text: str, counted: Callable[[str], object]) -> list[Span]:
    """A street, its number and a listed town right after a year of birth and its word in a record's row."""
    spans = []
    for m in _AFTER_BIRTH_YEAR.finditer(folded_letters(text)):
        words = [fold(w) for w in m.group("street").split()]
        if (
            lexicon.is_town(fold(m.group("town")))
            and not counted(text[m.end("number") :])
            and not any(w in lexicon.FUNCTION_WORDS for w in words[:1])
        ):
            spans.append(Span(m.start("street"), m.end("town"), "ADDRESS"))
    return spans
