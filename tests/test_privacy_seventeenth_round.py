"""The seventeenth round's classes of form (bench/masking/dev_writer13.jsonl, a tuning set of addresses in every typed
shape, names in every case, nicknames and look-alikes named after people; docs/privacy.md "Seventeenth round"): a
person's full name before "na"/"u" and her street; a surname shaped like a town before a comma and a street; a
lamella by its letter and number; a street named after a group after a preposition, a present verb after a house
number, "šetalište"; "zaselak" and "naselja" as a settlement's word; "godine" after a date of birth; a date of birth
corrected year first; a nickname in brackets after "zvani", in brackets between the names, after "nadimak" and before
"je nadimak"; a surname before "je prezime" that is someone's; a dictated e-mail's local part joined by "punto"; and no
citizen in a street's name before "ulica", a health centre's name in quotes, a word that is a name at a sentence's
start before an adjective or a verb of daybreak, or a state written after a name. Invented examples (none of the set's
words, names or numbers), each with the look-alikes that must stay as they were."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- a person, then her street ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person", "address"),
    [
        ("kod Dine Lipića na Hrastove Grane 14, Kakanj nađena je droga", "Dine Lipića", "Hrastove Grane 14, Kakanj"),
        ("za Maju Brezić u Lipovoj 5 stigao je poziv", "Maju Brezić", "Lipovoj 5"),
        ("noćila je kod Senke na Brezove Grane 14", "Senke", "Brezove Grane 14"),  # a first name alone, as before
    ],
)
def test_a_full_name_before_na_or_u_is_the_person_then_her_street(text: str, person: str, address: str) -> None:
    assert found_kinds(text) == [(person, "PERSON"), (address, "ADDRESS")]


def test_a_streets_own_preposition_stays_in_its_name() -> None:
    assert found_kinds("stanuje na Bitke na Sutjesci 12") == [("Bitke na Sutjesci 12", "ADDRESS")]


def test_a_surname_shaped_like_a_town_before_a_comma_stays_the_persons() -> None:
    # "Milić" is shaped like the town "Milići": after a first name it is her surname, not the street's town
    assert found_kinds("Dario Milić, Lipova 7, stan 3 — prijava za buku") == [
        ("Dario Milić", "PERSON"),
        ("Lipova 7, stan 3", "ADDRESS"),
    ]
    assert _of_kind("prijavljen u Zenici, Lipova 7", "ADDRESS") == ["Zenici, Lipova 7"]  # a town, as before


# --- addresses ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stan u naselju Brezik 5, lamela B2, stan 14 je obijen", "naselju Brezik 5, lamela B2, stan 14"),
        ("Lipova 5, ulaz B2 je zaključan", "Lipova 5, ulaz B2"),
    ],
)
def test_a_lamella_or_entrance_by_letter_and_number(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Mirna iz Palih jasenova 12 zove svako jutro zbog buke", "Palih jasenova 12"),  # named after a group
        ("komšija sa Brezove ceste 41 kaže da je čula pucanj", "Brezove ceste 41"),  # a present verb after it
        ("ušao sam u Lipovo šetalište 7 bez naloga", "Lipovo šetalište 7"),  # a promenade's word
    ],
)
def test_a_street_without_a_cue_before_the_clause_goes_on(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address]


@pytest.mark.parametrize(
    "text",
    [
        "iz Starih zanata 3 komada robe je nestalo",  # a count after the number
        "kod Zelenih lipa 5 ljudi je čekalo autobus",
        "u Brezovoj ulici 5 automobila je oštećeno",
    ],
)
def test_a_count_after_such_a_name_is_no_house_number(text: str) -> None:
    assert _of_kind(text, "ADDRESS") == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("zaselak Brezići 4, Kakanj — pucnjava za Novu godinu", "zaselak Brezići 4, Kakanj"),
        ("Dina iz naselja Hrastići 9, Kakanj tvrdi da nije kriva", "naselja Hrastići 9, Kakanj"),
    ],
)
def test_zaselak_and_naselja_are_a_settlements_word(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address]


@pytest.mark.parametrize(
    "text", ["izvan naselja 80 km na sat je ograničenje", "u blizini naselja Lipa 5 kuća je izgorjelo"]
)
def test_a_settlements_word_before_a_count_or_a_limit_stays(text: str) -> None:
    assert found_kinds(text) == []


# --- dates of birth -------------------------------------------------------------------------------------------------


def test_the_year_word_after_a_date_of_birth_is_masked_with_it() -> None:
    text = "Lejla Brezić, rođena 14. maja 1987. godine, prijavila je krađu"
    assert _of_kind(text, "DATE_OF_BIRTH") == ["14. maja 1987. godine"]
    assert found_kinds("incident se desio 12. maja 2024. godine ispred škole") == []  # an incident's date


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Lejla Brezić 04.06.1992 ne, 1992 04 06 piše u ličnoj, koji datum", ["04.06.1992", "1992 04 06"]),
        ("rođen 12.03.1990, ne nego 13.03.1990, tako piše", ["12.03.1990", "13.03.1990"]),
        ("rođen 12.03.1990, ne 2024 je prijavljen", ["12.03.1990"]),  # no date after "ne"
    ],
)
def test_a_date_of_birth_corrected_right_after_it(text: str, dates: list[str]) -> None:
    assert _of_kind(text, "DATE_OF_BIRTH") == dates


# --- nicknames and surnames by their noun ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "persons"),
    [
        ("osumnjičeni Dino Lipić zvani (Brko) prodaje drogu", ["Dino Lipić", "Brko"]),
        ('Pero ("Perica") Lipić, iz Brezove 4a, ima li uslovnu', ['Pero ("Perica") Lipić']),
        ("samo nadimak Brko znam, može li tako u prijavu", ["Brko"]),
        ("Brko je nadimak od Dine, pišem li ga", ["Brko", "Dine"]),
        ("Lipa je prezime, pišem li ga kako on kaže", ["Lipa"]),
    ],
)
def test_a_nickname_or_a_surname_shown_by_its_noun(text: str, persons: list[str]) -> None:
    assert found_persons(text) == persons


@pytest.mark.parametrize(
    "text",
    [
        "koji nadimak zakon spominje",
        "To je nadimak, ne ime",
        "Lipović je prezime u pola Bosne",  # a surname talked about: where it is common
        "Lipović je često prezime",
    ],
)
def test_a_name_talked_about_or_no_name_stays(text: str) -> None:
    assert found_persons(text) == []


# --- e-mail -----------------------------------------------------------------------------------------------------------


def test_a_local_part_joined_by_punto() -> None:
    assert found_kinds("mail joj je lejla punto b at gmail com, ne javlja se") == [
        ("lejla punto b at gmail com", "EMAIL")
    ]
    assert found_kinds("vidjela je punto i golf ispred zgrade") == []


# --- no citizen ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Mehe Lipića ulica u Kaknju dobila je nove znakove",  # a street's name before "ulica"
        'Dom zdravlja "Dr. Ivo Lipić" prijavio je krađu lijekova',  # a health centre's name in quotes
        "Zora je svanula kad smo stigli na uviđaj",  # a verb of daybreak
        "Nada je mala da ćemo ga naći, zatvaramo li predmet",  # an adjective after a word at the sentence's start
    ],
)
def test_no_citizen_in_these(text: str) -> None:
    assert found_persons(text) == []


@pytest.mark.parametrize(
    ("text", "persons"),
    [
        ("Marko Lipić ulica Brezova 5 prijavio krađu", ["Marko Lipić"]),  # a name in the nominative, then his street
        ("kod Marka Lipića ulica je zatvorena", ["Marka Lipića"]),  # a person's genitive after "kod"
        ("doktor Ivo Lipić iz doma zdravlja prijavio krađu", ["Ivo Lipić"]),
        ("Nada je kupila drogu od dilera", ["Nada"]),
        ("Zora je pobjegla iz doma", ["Zora"]),
        ("nađen Dino Lipić mrtav u stanu, ko obavještava tužioca", ["Dino Lipić"]),  # the state stays for the search
    ],
)
def test_people_stay_people(text: str, persons: list[str]) -> None:
    assert found_persons(text) == persons
