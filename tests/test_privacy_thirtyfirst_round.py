"""The thirty-first round's classes of form (docs/privacy.md "Thirty-first round: dev_writer22 …"): a business named
after a person without quotes — a surname alone after a business's noun, the words before a legal form, a clinic's
official name before a predicate its person cannot have — is a place, never a PERSON; a town told in the address's own
clause, a street named by an ordinal and words, a village named by a town and a position word are parts of the
address. Invented examples, each with the same evidence where it must stay as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds, found_persons

# --- a business named after a person, without quotes ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pekara Lipić se zapalila u noći, ko je nadležan",  # the noun opens the clause: the bakery is the subject
        "trgovina Brezić je opljačkana jutros",
        "ukradeno je iz pekare Lipić 300 KM",  # an oblique case of the noun, the surname undeclined
        "u prodavnici Kvarić nema kamere",
        "firma Brezić d.o.o. ne plaća radnicima",  # a legal form after the name
        "Lipić d.o.o. nije uplatila doprinose",  # the legal form alone, at the start
        "radnici firme Zdenko Brezić d.o.o. blokirali su cestu",  # a full name before the legal form
        "u Domu zdravlja Omer Lipić je nastala gužva",  # a man's name and a feminine participle: not its subject
        "u Domu zdravlja Omer Lipić je izbila svađa",
    ],
)
def test_a_business_named_after_a_person_is_no_person(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("kod pekara Lipića smo našli robu", "Lipića"),  # declined: the baker's genitive, a person
        ("vlasnica pekare Ana Lipić je prijavila krađu", "Ana Lipić"),  # a first name and a surname
        ("u pekari Lipić je udario radnika", "Lipić"),  # a person's verb after the surname, the noun inside the clause
        ("u Domu zdravlja Omer Lipić je udario sestru", "Omer Lipić"),  # the participle agrees: he did it
        ("u Domu zdravlja Omer Lipić je pretučen", "Omer Lipić"),  # a passive: he was beaten there
        ("u domu zdravlja Omer Lipić je nastala gužva", "Omer Lipić"),  # no official name in lower case
        ("u Domu zdravlja Ana Lipić je udarila sestru", "Ana Lipić"),
    ],
)
def test_a_person_beside_a_business_s_noun_stays_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)
