"""Names of public places and of businesses are no citizen's: "na GP Lipovac", "iz TRC Brezik", a firm, a café or a
bakery named in quotes ("firma „Lipić gradnja“", "Kafić „Kod Marka“", "pekara „Kod Hasana“ d.o.o.").

A border crossing, a reception centre, a police station is named by its place; a business by whatever its owner chose,
often a name ("Kod Edina": at Edin's). What makes them public is the word before them: the facility's abbreviation
in capitals (GP, TRC, PS, CJB …) or "granični prijelaz", and for a business its noun right before the opening quote
or its legal form (d.o.o., d.d., s.p., obrt) right after the closing one. Failing closed: after an abbreviation only a
single capitalised word or a place's words are taken — a listed first name followed by a surname stays a person
("u PS Marko Lipić je priveden": nobody names a station so); inside a business's quotes everything is its name.
Labels as in names.py: O other.
"""

from __future__ import annotations

import re

from kodeks.privacy.tokens import Token, gap
from retrieval.language.normalize import fold

# Facilities named by their place: a border crossing (GP, GPP), a reception centre (TRC, PRC, PC), a police station
# (PS, PU, CJB, SUP), a prison (KPZ, KPD), a health centre (DZ, JZU). Typed in capitals.
_FACILITIES = frozenset(["GP", "GPP", "TRC", "PRC", "PS", "PU", "CJB", "SUP", "KPZ", "KPD", "DZ", "JZU"])
_CROSSING = re.compile(r"^(?:granicn\w+|prihvatn\w+)$")  # "granični prijelaz Lipa", "prihvatni centar Brezik"
_CROSSING_NOUNS = frozenset(["prijelaz", "prijelaza", "prijelazu", "prelaz", "prelaza", "prelazu", "centar", "centru"])
_MAX_PLACE_WORDS = 2  # "GP Novi Grad", "PS Novo Sarajevo"

# A business's noun right before its name in quotes, folded ("firme „…“", "Kafić „…“", "Rent-a-car „…“").
_BUSINESS = re.compile(
    r"^(?:firm\w*|preduzec\w*|poduzec\w*|kompanij\w*|kafic\w*|kafan\w*|caffe|cafe|bar|bara|baru|pekar\w*|"
    r"apotek\w*|ljekarn\w*|restoran\w*|trgovin\w*|prodavnic\w*|radnj\w*|salon\w*|market\w*|supermarket\w*|"
    r"butik\w*|hotel\w*|motel\w*|pansion\w*|agencij\w*|car|servis\w*|praonic\w*|pumpe|pumpa|pumpi|mesnic\w*|"
    r"buregdzinic\w*|cevabdzinic\w*|slasticarn\w*|klub\w*|obrt\w*|zanatsk\w*|ugostiteljsk\w*|objekt\w*)$"
)
_QUOTED = re.compile(r"[\"„“”«']([^\"„“”«»']{1,60})[\"“”»']")
_LEGAL_FORM = re.compile(r"^[ ]*,?[ ]*(?:d\.?[ ]?o\.?[ ]?o\b|d\.?[ ]?d\b|s\.?[ ]?p\b|obrt\b|doo\b)", re.IGNORECASE)


def _facility_places(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j, token in enumerate(tokens[:-1]):
        after_abbreviation = token.text in _FACILITIES
        after_crossing = (
            _CROSSING.match(token.folded) is not None
            and tokens[j + 1].folded in _CROSSING_NOUNS
            and gap(text, token, tokens[j + 1]) == " "
        )
        if not (after_abbreviation or after_crossing):
            continue
        first = j + 1 if after_abbreviation else j + 2
        k = first
        while (
            k < len(tokens)
            and k - first < _MAX_PLACE_WORDS
            and tokens[k].text[:1].isupper()
            and not tokens[k].text.isupper()
            and gap(text, tokens[k - 1], tokens[k]) == " "
        ):
            k += 1
        if k == first:
            continue
        if k - first == 2 and labels[first] == "F" and labels[first + 1] == "S":
            continue  # a first name and a surname: a person, whatever stands before
        labels[first:k] = ["O"] * (k - first)


def _business_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    for m in _QUOTED.finditer(text):
        before = text[max(0, m.start() - 40) : m.start()]
        word = re.search(r"([^\W\d_]+)[ ]*$", before)
        named_by_noun = word is not None and _BUSINESS.match(fold(word.group(1))) is not None
        if not (named_by_noun or _LEGAL_FORM.match(text[m.end() :])):
            continue
        for j, token in enumerate(tokens):
            if m.start(1) <= token.start and token.end <= m.end(1):
                labels[j] = "O"


def public_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Labels O the place after a facility's abbreviation and the words of a business's name in quotes."""
    _facility_places(text, tokens, labels)
    _business_names(text, tokens, labels)
