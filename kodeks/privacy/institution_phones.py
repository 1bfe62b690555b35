"""An institution's landline is no citizen's phone: "zvao sam PS Centar na 033 123 456", "Za CZSR Lipa zvati 035 111
222", "Dom zdravlja nas je zvao sa 032 444 555", "Tuzla, dežurna 035 222 333".

A police station, a social work centre, a health centre publishes its number; it says nothing of a person. The evidence
is the institution's phrase right before the number in the same clause: its noun or abbreviation (PS, CJB, CZSR, dom
zdravlja, bolnica, dežurna služba …), at most three words of its name, and between them and the number only words of
calling ("na", "sa", "zvati", "nas je zvao", "broj", "tel.") — no other noun, so no person can stand between. Only a
landline (a BiH area code 03x, 04x, 05x): a mobile number (06x) may be an officer's or a citizen's even there, and
stays masked (failing closed), as does a number with a person's word or name between ("PS Centar, komandir Ivo na …").
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon, numbers
from kodeks.privacy.spans import Span
from kodeks.privacy.tokens import CLAUSE_END, WORD
from retrieval.language.normalize import fold

# The institution's noun or abbreviation, folded ("dom" only before "zdravlja": see _noun_at).
_INSTITUTION = re.compile(
    r"^(?:ps|pu|cjb|mup|sup|csr|czsr|jzu|dz|kcus|ukc|sud\w*|tuzilast\w*|policij\w*|stanic\w*|uprav\w*|centar|"
    r"centr\w*|bolnic\w*|klinik\w*|ambulant\w*|zdravlja|opcin\w*|opstin\w*|ministarstv\w*|zavod\w*|agencij\w*|"
    r"dezurn\w*|sluzb\w*|hitn\w*|vatrogas\w*|inspekcij\w*|inspektorat\w*|ambasad\w*|konzulat\w*|skol\w*)$"
)
# Words of calling between the institution and its number.
_LINKS = frozenset(
    [
        "na", "sa", "s", "od", "preko", "broj", "broju", "br", "tel", "telefon", "telefona", "telefonu", "fiksni",
        "zvati", "zovite", "zvao", "zvala", "zvali", "zvalo", "zove", "zovu", "pozvati", "nazvati", "nazvao",
        "nazvala", "pozvao", "pozvala", "javiti", "javio", "javila", "nas", "me", "smo", "sam", "je", "su", "se",
        "i", "ili", "dezurna", "dezurni", "dezurnu", "sluzba", "sluzbe",
    ]
)  # fmt: skip
_MAX_NAME_WORDS = 3
_MAX_WORDS = 8


def _landline(raw: str) -> bool:
    digits = "".join(c for c in raw if c.isdigit())
    if digits.startswith("00387"):
        digits = "0" + digits[5:]
    elif raw.lstrip().startswith("+387"):
        digits = "0" + digits[3:]
    return len(digits) >= 8 and digits[:1] == "0" and digits[1:2] in ("3", "4", "5")


def _institution_before(text: str, start: int) -> bool:
    """Whether the clause before `start` ends with an institution's phrase and words of calling only."""
    before = text[max(0, start - 80) : start]
    ends = list(CLAUSE_END.finditer(before))
    if ends:
        before = before[ends[-1].end() :]
    words = list(WORD.finditer(before))[-_MAX_WORDS:]
    names = 0
    after = ""  # the word after this one (read backwards): "Novo Sarajevo" is a place, "Ivo Lipić" a person
    for w in reversed(words):
        folded, after_this = fold(w.group()), after
        after = folded
        if _INSTITUTION.match(folded) and (w.group().isupper() or folded not in ("ps", "pu", "dz")):
            return True
        if folded in _LINKS:
            continue
        person = lexicon.first_name(folded) is not None and not lexicon.is_place(after_this)
        if w.group()[:1].isupper() and names < _MAX_NAME_WORDS and not person:
            names += 1  # the institution's name: "PS Novo Sarajevo", "CZSR Lipa"
            continue
        return False
    return False


def personal_phones(text: str) -> list[Span]:
    """`numbers.phones`, less the landlines an institution's phrase owns."""
    return [
        s for s in numbers.phones(text) if not (_landline(text[s.start : s.end]) and _institution_before(text, s.start))
    ]
