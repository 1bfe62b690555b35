"""Numbers of identity documents: lična karta / osobna iskaznica, passport, driving licence, vehicle
registration, and a vehicle's chassis number (VIN) — the number after a word naming the document, or a
shape no legal text has (a VIN; 9 letters and digits such as `1E181TKT3`, or interleaved such as `1EXM2P3K4`;
8+ bare digits).
"""

from __future__ import annotations

import re

from kodeks.privacy.context import before, latin_letters
from kodeks.privacy.spans import Span

# The issuing country's adjective right after the document's word ("pasoš turski U 2094…", "vozačka njemačka br …"):
# an adjective of origin (-ski, -čki, -ški and their case endings), still the document's own words.
_ISSUER = r"(?:[ ]+[a-z]{2,}(?:sk|ck)(?:i|a|e|o|u|og|oj|om|ih|im)?)"
# A document's word right before its number (also what spelled.py reads a spelled number after).
DOC_WORD = re.compile(
    r"(licn\w* kart\w*|lk|l\.k\.?|licn\w*|osobn\w* iskaznic\w*|osobn\w*|pasos\w*|putovnic\w*|vozack\w*(?: dozvol\w*)?|"
    r"vd|saobracajn\w*(?: dozvol\w*)?|prometn\w*(?: dozvol\w*)?|dokument\w*|isprav\w*|sasij\w*|vin|iskaznic\w*|"
    r"kartic\w*|legitimacij\w*|serijsk\w* broj\w*|dozvol\w*)"
    rf"{_ISSUER}?(?:\W+(?:broj|br|nr|no|serijski|je|sa|glasi|pod|na|ime|oznak\w*)){{0,3}}\W*$"
)
# The identity documents whose number is no phone even in a phone's shape ("lična karta 009876543"): read before
# phones. Not "kartica", "dozvola", "dokument": a SIM card's or a permit's line may be a phone.
_IDENTITY_WORD = re.compile(
    r"(?<!\w)(licn\w* kart\w*|lk|l\.k\.?|osobn\w*|pasos\w*|putovnic\w*|vozack\w*|saobracajn\w*|prometn\w*)"
    rf"{_ISSUER}?(?:\W+(?:broj|br|nr|no|serijski|je|glasi|pod))*\W*$"
)
_CANDIDATE = re.compile(r"(?<![\w/.-])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9](?:[A-Za-z0-9-]{3,16})[A-Za-z0-9](?![\w/-])")
_VIN = re.compile(
    r"(?<![A-Za-z0-9])(?=(?:[A-HJ-NPR-Za-hj-npr-z]*\d){3})(?=(?:\d*[A-HJ-NPR-Za-hj-npr-z]){3})"
    r"[A-HJ-NPR-Za-hj-npr-z0-9]{17}(?![A-Za-z0-9])"
)
_MIXED9 = re.compile(r"(?<![A-Za-z0-9])(?=(?:[A-Z]*\d){5})(?=\d*[A-Z])[0-9A-Z]{8,10}(?![A-Za-z0-9])")
# Letters and digits interleaved ("1EXM2P3K4", "AB1C2D34"): a document's serial; no law, year or model is written so.
_INTERLEAVED = re.compile(r"(?<![A-Za-z0-9-])(?=(?:[A-Z]*\d){3})(?=(?:\d*[A-Z]){3})[0-9A-Z]{8,10}(?![A-Za-z0-9-])")
_LONG_DIGITS = re.compile(r"(?<![\d.,/-])\d{8,12}(?!\d|[.,/-]\d)")
# A document's number typed in groups after its word ("lična karta br 1E KX 12345", "pasoš B 4471 823"): capitals
# or digit-bearing groups with one space between them, read as one number when they hold 7 to 12 characters.
_GROUP = r"(?:[A-Z]{1,3}|[A-Za-z]{0,3}\d[A-Za-z0-9]{0,8})"
_GROUPED = re.compile(rf"(?<![\w/.-]){_GROUP}(?: {_GROUP}){{1,4}}(?![\w/-])")
_SERIES = re.compile(r"[A-Z]{1,3} \d{5,9}$")  # a series' capitals, then the digits of the number
_SPACED_DATE = re.compile(r"\d{1,2} \d{1,2} \d{2,4}")


def _grouped_document(number: str) -> bool:
    characters = number.replace(" ", "")
    return (
        7 <= len(characters) <= 12 and sum(c.isdigit() for c in characters) >= 3 and not _SPACED_DATE.fullmatch(number)
    )


def documents(text: str) -> list[Span]:
    text = latin_letters(text)  # "Лична карта бр. 1КП482093": the number's shape as in Latin
    spans = []
    for m in _CANDIDATE.finditer(text):
        if sum(c.isdigit() for c in m.group()) >= 2 and DOC_WORD.search(before(text, m.start(), 45)):
            spans.append(Span(m.start(), m.end(), "DOC_NUMBER"))
    for m in _GROUPED.finditer(text):
        if not (_grouped_document(m.group()) and DOC_WORD.search(before(text, m.start(), 45))):
            continue
        # "vozačka br. VD 117834": a series' capitals typed before the digits, after the document's word and its
        # "br.", are the number's own — the digits alone ending where the groups end give way to the whole.
        inside = [s for s in spans if m.start() < s.start and s.end == m.end() and _SERIES.match(m.group())]
        if inside or not any(s.start < m.end() and m.start() < s.end for s in spans):
            spans = [s for s in spans if s not in inside] + [Span(m.start(), m.end(), "DOC_NUMBER")]
    for pattern in (_VIN, _MIXED9, _LONG_DIGITS, _INTERLEAVED):
        for m in pattern.finditer(text):
            if pattern is _INTERLEAVED and len(re.findall(r"[A-Z]+|\d+", m.group())) < 5:
                continue  # "ABC12345", "2016R0679": a prefix and a number, not interleaved
            if not any(s.start < m.end() and m.start() < s.end for s in spans):
                spans.append(Span(m.start(), m.end(), "DOC_NUMBER"))
    return spans


def identity_documents(text: str) -> list[Span]:
    """The numbers right after an identity document's word (lična karta, pasoš, vozačka …): a document's, whatever
    their shape, so the masker reads them before phone numbers ("srpska lična karta 009876543" is no phone)."""
    return [s for s in documents(text) if _IDENTITY_WORD.search(before(text, s.start, 45))]
