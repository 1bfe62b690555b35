"""Street addresses with a house number: "ul. Maršala Tita 15", "Zmaja od Bosne bb", "stanuje u Titovoj 15/3",
"na adresi Ferhadija 5, Sarajevo", "u ulici kralja Petra I 23a".

The street is the words after a street word (ulica, ul., adresa, stanuje, živi, bulevar, trg, naselje …), or
capitalised words inside a sentence, followed by a house number (digits with an optional letter and
/flat, or "bb"). Words of the law ("član 15", "Zakona 12", "roku od 8 dana") never make a street.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

_NUMBER = r"(?:\d{1,4}[a-zA-Z]?(?:\s?/\s?\d{1,3}[a-zA-Z]?)?|bb|b\.b\.)(?![\w/])"
_NAME_WORD = r"[^\W\d_][^\W\d_.]*\.?"
_STREET_WORD = re.compile(
    r"(?<!\w)(?:ul\.|ul|ulica|ulici|ulicu|ulice|adresa|adresi|adresu|adresom|stanuje\s+(?:u|na)|stanuje|zivi\s+(?:u|na)|"
    r"prebivaliste\w*|boraviste\w*|bulevar\w*|trg|trgu|naselje|naselju|obala|obali|sokak\w*|prolaz\w*)"
    r"(?:\s+(?:u|na|broj|br\.?))?\s*:?\s*$")
_KEYWORD_ONLY = frozenset("ul ulica ulici ulicu ulice adresa adresi adresu adresom stanuje zivi prebivaliste "
                          "boraviste u na".split())
_ROMAN = re.compile(r"^[IVX]{1,4}\.?$")
_CANDIDATE = re.compile(rf"(?<!\w)({_NAME_WORD}(?:\s+(?:{_NAME_WORD}|[IVX]{{1,4}}\.?))" + "{0,4}?)" +
                        rf"\s*(?:,\s*|\s+br\.?\s*|\s+broj\s+|\s+)({_NUMBER})")
_NOT_STREET = frozenset(
    "clan clana clanu clanom clanak clanka clanku stav stava stavu tacka tacke tacki alineja zakon zakona zakonu "
    "broj broja br glasnik glasnika roku rok period periodu trajanju iznosu visini kazna kazne kaznom zatvora "
    "mjeseci mjeseca godina godine godinu dana dan sati sat minuta km eur posto puta od do i ili sa na u za "
    "nakon prije poslije oko preko stepen stepena kategorije grupe tocka tocke".split())
_UNITS_AFTER = re.compile(r"^\s*(?:\.?\s*)?(?:dana|dan|sati|sat|h|min\w*|mjesec\w*|godin\w*|god\.?|km|KM|eur\w*|%|puta|m\b|"
                          r"metar\w*|kg|g\b|ml|l\b|promil\w*|stav\w*|tack\w*|clan\w*|posto|x)", re.IGNORECASE)


def _street_ok(words: list[str], capital_needed: bool) -> bool:
    folded = [fold(w).rstrip(".") for w in words]
    last = -2 if len(words) > 1 and _ROMAN.match(words[-1]) else -1  # "Petra I 23"
    if not folded or folded[last] in _NOT_STREET or folded[0] in _NOT_STREET or folded[0] in _KEYWORD_ONLY:
        return False
    if any(lexicon.not_a_name(f) and f not in ("bosne", "bosna", "sarajevska") for f in folded):
        return False
    if capital_needed:
        return words[0][0].isupper() and all(w[0].isupper() or fold(w) in ("od", "i", "na", "kralja", "bb")
                                             for w in words[1:])
    return True


def addresses(text: str) -> list[Span]:
    spans: list[Span] = []
    for m in _CANDIDATE.finditer(text):
        street_text, number = m.group(1), m.group(2)
        if _UNITS_AFTER.match(text[m.end():]):
            continue
        words = street_text.split()
        # shortest street ending at the number: try from the full run down to its last word
        for start_word in range(len(words)):
            chosen = words[start_word:]
            offset = m.start(1) + len(" ".join(words[:start_word])) + (1 if start_word else 0)
            offset = text.index(chosen[0], offset)
            keyword = _STREET_WORD.search(fold(text[max(0, offset - 30): offset]))
            if _street_ok(chosen, capital_needed=keyword is None):
                spans.append(Span(offset, m.end(2), "ADDRESS"))
                break
    return _no_overlaps(spans)


def _no_overlaps(spans: list[Span]) -> list[Span]:
    kept: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if not kept or span.start >= kept[-1].end:
            kept.append(span)
    return kept
