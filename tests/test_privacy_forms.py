"""Personal data in the forms officers type or dictate: grouped JMBGs, spoken e-mails, IBANs and phones in any
grouping, dates of birth in words or Cyrillic (and incident dates left alone), addresses with their town."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask
from tests.privacy_helpers import found_kinds

FORMS = [
    ("jmbg mu je 0101990 170003 sta dalje", "0101990 170003", "JMBG"),
    ("jmbg 010.199.017.000.3", "010.199.017.000.3", "JMBG"),
    ("jmbg 0101990-170003", "0101990-170003", "JMBG"),
    ("mail marko.markovic at gmail dot com", "marko.markovic at gmail dot com", "EMAIL"),
    ("pise na marko @ gmail.com", "marko @ gmail.com", "EMAIL"),
    ("marko(at)gmail.com mu je mail", "marko(at)gmail.com", "EMAIL"),
    ("racun BA39-1290-0794-0102-8494", "BA39-1290-0794-0102-8494", "IBAN"),
    ("zvao sa +387-62-123-456", "+387-62-123-456", "PHONE"),
    ("tel 0038762123456", "0038762123456", "PHONE"),
    ("tel 062.123.456", "062.123.456", "PHONE"),
    ("rođen 12. marta 1990", "12. marta 1990", "DATE_OF_BIRTH"),
    ("rođena dvadeset prvog marta 1990", "dvadeset prvog marta 1990", "DATE_OF_BIRTH"),
    ("Марко Марковић рођен 12. марта 1990", "12. марта 1990", "DATE_OF_BIRTH"),
    ("rodjen 12 03 1990", "12 03 1990", "DATE_OF_BIRTH"),
    ("Marko Marić, 12.03.1990, stanuje u Titovoj 5", "12.03.1990", "DATE_OF_BIRTH"),
    ("star 34 godine, 12.03.1990", "12.03.1990", "DATE_OF_BIRTH"),
    ("jmbg 1203990715000, 12.03.1990", "12.03.1990", "DATE_OF_BIRTH"),
    ("adresa Ferhadija 5 Sarajevo", "Ferhadija 5 Sarajevo", "ADDRESS"),
    ("stanuje na Alipašina 12, Banja Luka, sta dalje", "Alipašina 12, Banja Luka", "ADDRESS"),
    ("adresa mu je Ferhadija 5", "Ferhadija 5", "ADDRESS"),
    (
        "rođen dvadeset prvog marta hiljadu devetsto devedesete, sta dalje",
        "dvadeset prvog marta hiljadu devetsto devedesete",
        "DATE_OF_BIRTH",
    ),
    ("rođena petog maja dvije hiljade druge", "petog maja dvije hiljade druge", "DATE_OF_BIRTH"),
    ("Ana Kovačević JMBG 0101990170003 vozila", "Ana Kovačević", "PERSON"),
    ("email: a.begic (at) bih.net.ba, prijetnje", "a.begic (at) bih.net.ba", "EMAIL"),  # the whole domain
    ("provala na Bulevaru Meše Selimovića 18, Sarajevo", "Bulevaru Meše Selimovića 18, Sarajevo", "ADDRESS"),
    (
        "Senad Halilović, roden 30.11.1988, vozio",
        "30.11.1988",
        "DATE_OF_BIRTH",
    ),  # rođen typed with d  # the acronym is not her first name
]


@pytest.mark.parametrize(("text", "value", "kind"), FORMS)
def test_each_form_is_one_span_of_its_kind(text: str, value: str, kind: str) -> None:
    masked = mask(text)
    start = text.index(value)
    assert any(s.start == start and s.end == start + len(value) and s.kind == kind for s in masked.spans), masked.spans
    assert value not in masked.text


@pytest.mark.parametrize(
    "text",
    [
        "incident se desio 12.03.2024.",
        "dana 12.03.2024. je udario komsiju",
        "predmet broj 12/2024 kod tuzilastva",
        "KT-123/24 predmet, sta dalje",
        "jmbg 0101990 170004 pogresan",  # a wrong check digit: not a JMBG when grouped
        "incident dvadeset prvog marta dvije hiljade dvadeset četvrte",
    ],
)
def test_incident_dates_case_numbers_and_invalid_groups_stay(text: str) -> None:
    assert mask(text).spans == ()


def test_a_speed_limit_after_naselje_is_no_address() -> None:
    assert mask("snimili ga radarom 97 na sat kroz naselje gdje je 60, sta mu ide").spans == ()


@pytest.mark.parametrize(("text", "plate"), [("tablice 12-E-345", "12-E-345"), ("tablice M-45-E-123", "M-45-E-123")])
def test_a_mistyped_plate_after_a_word_for_plates(text: str, plate: str) -> None:
    assert found_kinds(text) == [(plate, "PLATE")]


@pytest.mark.parametrize(
    "text", ["vozilo marke VW-Golf 2012-2015", "kamion na 12-14 km/h", "auto iz 2012-E-2015 godine"]
)
def test_years_and_makes_after_a_vehicle_word_are_no_plate(text: str) -> None:
    assert found_kinds(text) == []
