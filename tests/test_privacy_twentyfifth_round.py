"""The twenty-fifth round's classes of form (docs/privacy.md "Twenty-fifth round: dev_writer18 …"): an address told as a
chain of places (town, settlement or MZ, postal code, then the street and number, in any order of those, Latin,
Cyrillic or capitals with semicolons); a house named by its place without a street ("kuća broj N", in digits or words);
a postal code after the number; two initials in Cyrillic; a surname shaped like an adjective written before its first
name; a surname with an elided particle; a date of birth beside a JMBG labelled in Cyrillic; and four false masks — a
count or a distance after a comma, a street said to have no number, a clinic named after a doctor. Invented examples,
each with the same evidence where it must stay as it was."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask
from tests.privacy_helpers import found_kind_names, found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- an address told as a chain of places -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("vidjen u Tuzla, Lipovac, Brezova 12, idemo li", "Tuzla, Lipovac, Brezova 12"),
        (
            "stanuje u Kaknju, naselje Brezik, Jasenova 7, stan 3 sa bratom",
            "Kaknju, naselje Brezik, Jasenova 7, stan 3",
        ),
        ("adresa: Zenica, 72000, Lipovac, Brezova 9 — prijavitelj", "Zenica, 72000, Lipovac, Brezova 9"),
        ("Zenica 72000, Lipovac, Jasenova 4, ulaz 2 je adresa", "Zenica 72000, Lipovac, Jasenova 4, ulaz 2"),
        ("72000 Zenica, općina Centar, Brezova 3 tu je bila provala", "72000 Zenica, općina Centar, Brezova 3"),
        ("prijavljen na Tuzla, MZ Lipovac, Lipovac b.b. a boravi", "Tuzla, MZ Lipovac, Lipovac b.b."),
        ("ADRESA: TUZLA, LIPOVAC, BREZOVA 31 ; ko izdaje nalog", "TUZLA, LIPOVAC, BREZOVA 31"),
        ("пребивалиште: Тузла, Липовац, Брезова 22, улаз 3, име", "Тузла, Липовац, Брезова 22, улаз 3"),
        ("iz Kaknja, Gornji Lipovac, 72240, Brezova 3 prijavio", "Kaknja, Gornji Lipovac, 72240, Brezova 3"),
        (
            "stanovao u Travnik, Dolac na Lipi, ulica Brezova broj 8, sad",
            "Travnik, Dolac na Lipi, ulica Brezova broj 8",
        ),
        ("živi u Tuzli, Lipovac, C faza, Brezova 5, stan 31", "Tuzli, Lipovac, C faza, Brezova 5, stan 31"),
        ("ispred zgrade u Lipovcu, Trg brezova 12, ulaz C i viče", "Lipovcu, Trg brezova 12, ulaz C"),
        (
            "Zdenko Kljunić, naselje Lipovac, Brezova 14, Tuzla, prijavljuje",
            "naselje Lipovac, Brezova 14, Tuzla",
        ),  # the settlement's noun inside (34th round)
    ],
)
def test_the_places_before_the_street_are_part_of_the_address(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person", "address"),
    [
        ("Zdenko Kljunić, Tuzla, Brezova 5, tel 061 223 344", "Zdenko Kljunić", "Tuzla, Brezova 5"),
        ("Zdenko Kljunić, Kakanj, Lipovac, Brezova 5 je adresa", "Zdenko Kljunić", "Kakanj, Lipovac, Brezova 5"),
        (
            "osumnjičena Ivana Kljunić Tuzla, Lipovac, Brezova 20 prijavljena",
            "Ivana Kljunić",
            "Tuzla, Lipovac, Brezova 20",
        ),
    ],
)
def test_a_person_before_the_chain_stays_a_person(text: str, person: str, address: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


def test_a_place_with_no_town_or_cue_before_it_is_not_taken_in() -> None:
    # a word before the street with no listed town, no settlement's word and no preposition of place before it
    assert _of_kind("svjedok Lipovac, Brezova 5 je adresa", "ADDRESS") == ["Brezova 5"]


# --- a house named by its place, without a street ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("u Kaknju, Gornji Lipovac, kuća broj dvanaest živi svjedok", "Kaknju, Gornji Lipovac, kuća broj dvanaest"),
        ("adresa:TUZLA;LIPOVAC;KUĆA BR. 31 ime", "TUZLA;LIPOVAC;KUĆA BR. 31"),
        ("živi kod škole u Donjem Vakufu, kuća broj 14, komšije kažu", "Donjem Vakufu, kuća broj 14"),
        ("Zdenko Kljunić, Kakanj, Lipovac, kuća broj 3 drži puške", "Kakanj, Lipovac, kuća broj 3"),
        ("u selu Lipovac, kod džamije, kuća broj 22 živi", "Lipovac, kod džamije, kuća broj 22"),
        ('kaže samo "Tuzla, kod pumpe, kuca broj 8", je li dovoljno', "Tuzla, kod pumpe, kuca broj 8"),
        ("živi na kraju sela, pored mosta, Gornji Lipovac, kuća 51, Tuzla, prodaje", "Gornji Lipovac, kuća 51, Tuzla"),
        (
            "stanuje u Tuzli, Lipovac II, zgrada B, ulaz 1, sprat 4, stan 17, supruga",
            "Tuzli, Lipovac II, zgrada B, ulaz 1, sprat 4, stan 17",
        ),
    ],
)
def test_a_house_after_its_place_is_an_address(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "kuća broj 5 gori, dođite",  # no place before the house
        "selo ima 300 kuća, kuća broj 3 je prazna",
        "Lipovac, kuća broj 5 gori",  # an unlisted place with no town, no cue and no word of dwelling
    ],
)
def test_a_house_with_no_place_of_a_home_stays(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- a postal code after the number ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("svjedok Zdenko Kljunić, Tuzla, Lipovac bb, 75000, vozačka", "Tuzla, Lipovac bb, 75000"),
        ("Tuzla, Brezova br. 3, 75000 tu je otac", "Tuzla, Brezova br. 3, 75000"),
    ],
)
def test_a_postal_code_after_the_number_is_part_of_the_address(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


def test_a_sum_after_the_number_is_no_postal_code() -> None:
    assert _of_kind("stanuje na Brezova 3, 75000 KM duga", "ADDRESS") == ["Brezova 3"]


# --- no house number: a count or a distance after a comma; a street said to have none -------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "nesreća kod tunela Lipovac, 3 auta, kome šaljemo izvještaj",
        "сударили се код Липовца, 2 км од Тузле, ко врши увиђај",
        "ulica Brezova bez broja, tamo neko ostavio auto",
    ],
)
def test_a_count_a_distance_or_no_number_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adresa Zdenka Kljunića, bez broja", "Zdenka Kljunića, bez broja"),
        ("stanuje u ulici Brezova bez broja, Tuzla", "ulici Brezova bez broja, Tuzla"),
        ("Lipovac, 3 stan 4", "Lipovac, 3 stan 4"),
    ],
)
def test_no_number_after_a_cue_or_in_a_village_stays_an_address(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


def test_a_village_said_to_have_no_number_stays_an_address() -> None:
    [address] = _of_kind("selo gornji lipovac bez broja kod tuzle ukradena stoka", "ADDRESS")
    assert "gornji lipovac bez broja kod tuzle" in address


# --- no person: a clinic named after a doctor ------------------------------------------------------------------------------


def test_a_clinic_named_after_a_doctor_is_no_person() -> None:
    assert found_persons("kod Doma zdravlja dr. Zdenko Kljunić pala starija žena na led") == []


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("u Domu zdravlja, dr. Zdenko Kljunić je pregledao dijete", "Zdenko Kljunić"),
        ("dr. Zdenko Kljunić iz Doma zdravlja je pregledao dijete", "Zdenko Kljunić"),
        ("kod Doma zdravlja Zdenko Kljunić je udario", "Zdenko Kljunić"),
    ],
)
def test_a_doctor_told_apart_from_the_clinic_stays_a_person(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


# --- persons: Cyrillic initials, a surname first, an elided particle ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("осумњичени Л. К., телефон +387 65 111 222, шаље пријетње", "Л. К."),
        ("provjeri Lipani Zdenko, pasoš istekao", "Lipani Zdenko"),
        ("čovjek se zove Zdenko O'Lipin, stranac", "Zdenko O'Lipin"),
        ("prijavio ga je Zdenko D'Lipano juče", "Zdenko D'Lipano"),
    ],
)
def test_the_persons_forms(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "лице Н.Н. побјегло са лица мјеста",  # anyone unknown
        "Ustavni Zdenko je",  # an adjective of the laws before a first name
    ],
)
def test_no_initials_of_nobody_and_no_adjective_of_the_laws(text: str) -> None:
    assert found_persons(text) in ([], ["Zdenko"]), found_kinds(text)


def test_a_date_of_birth_beside_a_jmbg_labelled_in_cyrillic() -> None:
    text = "кад је рођена Ивана Кљунић, пише 2. новембра 1990., јмбг 0211990108340, да ли"
    assert _of_kind(text, "DATE_OF_BIRTH") == ["2. новембра 1990."], found_kinds(text)
    assert _of_kind("пише 2. новембра 2024., кад је био увиђај", "DATE_OF_BIRTH") == []


# --- end to end ---------------------------------------------------------------------------------------------------------


def test_the_masked_text_of_a_chain_of_places_and_a_house() -> None:
    masked = mask("Zdenko Kljunić, Tuzla, Lipovac, Brezova 5, a brat u Kaknju, Gornji Lipovac, kuća broj dvanaest")
    assert masked.text == "[OSOBA 1], [ADRESA 1], a brat u [ADRESA 2]"
