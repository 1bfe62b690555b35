"""The thirtieth round's classes of form (docs/privacy.md "Thirtieth round: dev_writer21's leftovers …"): a street
named by a date, its "ulica" left out, after a person's "iz Town," (a day, a month's name and a small number with no
birth word: the street and its house number, the town with them); a second street coordinated after a street named by
a date in a crossroads (a street's name, never a person). Invented examples, each with the same evidence where it must
stay as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds

# --- a street named by a date after "iz Town," ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("vozac Zdenko Lipić iz Maglaja, 4. jula 31 pobjegao od patrole, šta sad", "Maglaja, 4. jula 31"),
        ("prijavila je Ana Brezić iz Tuzle, 9. maja 12, da joj je ukraden novčanik", "Tuzle, 9. maja 12"),
        ("komšija iz Kaknja, 1. marta 7 je pretučen", "Kaknja, 1. marta 7"),
    ],
)
def test_a_street_named_by_a_date_after_a_person_s_town_is_an_address(text: str, address: str) -> None:
    found = found_kinds(text)
    assert (address, "ADDRESS") in found, found
    assert "DATE_OF_BIRTH" not in found_kind_names(text), found


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Zdenko Lipić, 12. marta 85 pobjegao od patrole", "12. marta 85"),  # no town: the name and a comma alone
        ("Zdenko Lipić iz Tuzle, rođen 12. marta 85, pobjegao", "12. marta 85"),  # a birth word
        ("Zdenko Lipić iz Tuzle, 12. marta 1985 pobjegao", "12. marta 1985"),  # a full year
        ("Zdenko Lipić iz Tuzle, 12. marta '85 pobjegao", "12. marta '85"),  # a year's apostrophe
    ],
)
def test_a_date_of_birth_with_its_year_s_mark_or_a_birth_word_stays_one(text: str, date: str) -> None:
    assert (date, "DATE_OF_BIRTH") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "uviđaj je bio u Tuzli, 4. jula 2024, ko je nadležan",  # an incident's date after a town
        "stanuje u Tuzli, 4. jula je prijavio krađu",  # no number
    ],
)
def test_a_date_after_a_town_without_a_house_number_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- a second street coordinated after a street named by a date, in a crossroads ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "prodavnica na uglu Ulice 1. maja i Lipovčića opljačkana u 21:30, ko je nadležan",
        "sudar na raskrsnici Ulice 9. maja i Brezića, ima li povrijeđenih",
    ],
)
def test_a_street_coordinated_after_a_date_named_street_in_a_crossroads_is_no_person(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("na uglu Ulice 1. maja i Zdenko Lipić su se potukli", ("Zdenko Lipić", "PERSON")),  # a verb: its subject
        ("na uglu Ulice 1. maja i Lipovčića 12 stanuje svjedok", ("Lipovčića 12", "ADDRESS")),  # a house number: a home
    ],
)
def test_a_crossroads_with_a_verb_or_a_house_number_stays_as_it_was(text: str, found: tuple[str, str]) -> None:
    assert found in found_kinds(text), found_kinds(text)


# --- a town of three words, its first a compass point's or a position's adjective -----------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Zdenko Lipić, u Istočno Novo Sarajevo, Brezova 31 pucao iz pištolja", "Istočno Novo Sarajevo, Brezova 31"),
        ("u Istočnom Novom Sarajevu, Brezova 31 je pucao", "Istočnom Novom Sarajevu, Brezova 31"),
    ],
)
def test_a_town_of_three_words_starts_at_its_position_word(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("u Novo Sarajevo, Brezova 31 pucao", "Novo Sarajevo, Brezova 31"),  # the listed town alone
        ("čovjek JUŽNO Novo Sarajevo, Brezova 31", "Novo Sarajevo, Brezova 31"),  # capitals: an acronym's shape
    ],
)
def test_no_position_word_before_the_town_leaves_it_as_it_was(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)
