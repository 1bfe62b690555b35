"""Find every kind of personal data in a text, settle overlaps, and write the masked text.

Overlaps are settled by how sure each recogniser is: checksummed and strictly shaped identifiers first
(e-mail, IBAN, JMBG), dates of birth (only found with a birth word or a name beside them, and a date is
never a phone), an identity document's number after its word (a number in a phone's shape there is the document's),
phone, plate, then document numbers, then addresses, then names
(a street named after a person is an address: "Vase Pelagića 12"). Placeholders already in the text
("[OSOBA 1]") are kept as they are and never masked again, so masking is idempotent.
"""

from __future__ import annotations

from collections.abc import Callable

from kodeks.privacy import (
    addresses,
    birth_dates,
    birth_years,
    documents,
    emails,
    institution_phones,
    names,
    numbers,
    plates,
    spelled,
)
from kodeks.privacy.spans import ALWAYS_NUMBERED, LABELS, PLACEHOLDER, Masked, Span
from retrieval.language.normalize import fold

Recogniser = Callable[[str], list[Span]]

# Most certain first: a span overlapping one already chosen is dropped.
RECOGNISERS: tuple[tuple[str, Recogniser], ...] = (
    ("EMAIL", emails.emails),  # typed, and dictated: "ana lipic u majmunu gmail tacka com"
    ("IBAN", numbers.ibans),
    ("JMBG", numbers.jmbgs),
    ("ADDRESS", addresses.streets_named_by_dates),  # "iz Kaknja, 4. jula 31": a street and its number, no "85"
    ("DATE_OF_BIRTH", birth_dates.birth_dates),  # before phones: "rođen 12 03 1990" is no phone number
    ("DATE_OF_BIRTH", birth_years.years_beside_people),  # "A.B., 1998. god., …"
    ("DATE_OF_BIRTH", birth_years.years_of_children),  # "dijete iz 2009, …"
    ("IBAN, DOC_NUMBER", spelled.spelled_identifiers),  # spelled after their word: "pasoš ce razmak pet pet …"
    ("DOC_NUMBER", documents.identity_documents),  # before phones: "lična karta 009876543" is no phone number
    ("PHONE", institution_phones.personal_phones),  # not an institution's landline: "PS Centar na 033 …"
    ("PLATE", plates.plates),
    ("DOC_NUMBER", documents.documents),
    ("ADDRESS", addresses.addresses),
)


def _overlaps(span: Span, chosen: list[tuple[int, int]]) -> bool:
    return any(span.start < end and start < span.end for start, end in chosen)


def find(text: str) -> tuple[list[Span], dict[tuple[int, int], tuple[str | None, str | None]]]:
    """Spans in `text` (sorted), and each person span's identity (surname, first name)."""
    taken: list[tuple[int, int]] = [(m.start(), m.end()) for m in PLACEHOLDER.finditer(text)]
    chosen: list[Span] = []
    for _, recognise in RECOGNISERS:
        for span in sorted(recognise(text), key=lambda s: (s.start, -(s.end - s.start))):
            if not _overlaps(span, taken):
                chosen.append(span)
                taken.append((span.start, span.end))
    # An institution's address is no one's home and stays as typed, but its street's words are no person's either.
    public = [(s.start, s.end) for s in addresses.institution_addresses(text) if not _overlaps(s, taken)]
    people: dict[tuple[int, int], tuple[str | None, str | None]] = {}
    for person in names.persons(_blanked(text, taken + public)):
        span = Span(person.start, person.end, "PERSON")
        if not _overlaps(span, taken + public):
            chosen.append(span)
            taken.append((span.start, span.end))
            people[(span.start, span.end)] = (person.surname, person.first)
    return sorted(chosen), people


def _blanked(text: str, taken: list[tuple[int, int]]) -> str:
    """`text` with what is already masked written over by underscores (offsets kept): a name beside an e-mail or an
    address is then read as a name alone ("Dženana dzenana_k@…" is no two-word name that overlaps the e-mail)."""
    if not taken:
        return text
    chars = list(text)
    for start, end in taken:
        chars[start:end] = "_" * (end - start)
    return "".join(chars)


class _Numbering:
    """The same person (or the same number) gets the same placeholder within one text; two people of one surname
    (a husband and a wife, brothers) get two, or Claude could not tell who did what and the reply would show one
    name for both."""

    def __init__(self, text: str) -> None:
        used = [int(m.group("n")) for m in PLACEHOLDER.finditer(text) if m.group("n") and m.group("label") == "OSOBA"]
        self._next_person = max(used, default=0) + 1
        self._people: list[tuple[str | None, str | None, int]] = []
        self._values: dict[str, dict[str, int]] = {}

    def person(self, surname: str | None, first: str | None, surface: str) -> int:
        if not surname and not first:  # no surname, no listed first name ("kvarin", "M.P."): keyed by its surface,
            surname = fold(surface)  # so the same word said again is the same person, not a new one
        for i, (s, f, n) in enumerate(self._people):
            if surname and s == surname and first and f and f != first:
                continue  # the same surname with another first name: another person of the family
            if (surname and s == surname) or (first and f == first and (not surname or not s)):
                if surname and not s:
                    self._people[i] = (surname, f or first, n)
                return n
        n = self._next_person
        self._next_person += 1
        self._people.append((surname, first, n))
        return n

    def value(self, kind: str, surface: str) -> int:
        key = "".join(ch for ch in fold(surface) if ch.isalnum())
        seen = self._values.setdefault(kind, {})
        return seen.setdefault(key, len(seen) + 1)


def mask(text: str) -> Masked:
    """`text` with personal data replaced by typed placeholders ("[OSOBA 1]", "[JMBG]"), its spans and originals."""
    spans, people = find(text)
    if not spans:
        return Masked(text)
    numbering = _Numbering(text)
    numbers_of = [
        (
            span,
            numbering.person(*people[(span.start, span.end)], text[span.start : span.end])
            if span.kind == "PERSON"
            else numbering.value(span.kind, text[span.start : span.end]),
        )
        for span in spans
    ]
    counts = {kind: len(values) for kind, values in numbering._values.items()}
    out: list[str] = []
    originals: dict[str, str] = {}
    last = 0
    for span, n in numbers_of:
        label = LABELS[span.kind]
        numbered = span.kind in ALWAYS_NUMBERED or counts.get(span.kind, 0) > 1
        placeholder = f"[{label} {n}]" if numbered else f"[{label}]"
        out.append(text[last : span.start])
        out.append(placeholder)
        surface = text[span.start : span.end]
        if len(surface.split()) > len(originals.get(placeholder, "").split()):  # "Ana Kovač" over "anu"
            originals[placeholder] = surface
        last = span.end
    out.append(text[last:])
    return Masked("".join(out), tuple(spans), originals, text)
