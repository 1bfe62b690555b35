"""The twenty-second round's classes of form (docs/privacy.md "Twenty-second round: false masks found by the
twenty-first"): three ordinary words that masking took for personal data — a word of the lists in brackets after a
name read as a nickname; a common noun in the genitive after a preposition, before a number, read as a street; a
field's label after "street N," read as the town. Invented examples, each with the personal data beside the same
evidence that must stay masked."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons

# --- a word of the lists in brackets after a name is no nickname ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Zdenko Kljunić (svjedok) je vidio napad", "Zdenko Kljunić"),
        ("Zdenko Kljunić (Svjedok) je vidio napad", "Zdenko Kljunić"),
        ("Ivona Kljunić (nepoznato) se ne javlja", "Ivona Kljunić"),
        ("ivona kljunić (nepoznato) se ne javlja", "ivona kljunić"),
        ("Zdenko Kljunić (oštećeni) traži naknadu", "Zdenko Kljunić"),
        ("Zdenko Kljunić (osumnjičeni) pobjegao", "Zdenko Kljunić"),
        ("Zdenko Kljunić (maloljetnik) ukrao bicikl", "Zdenko Kljunić"),
    ],
)
def test_a_word_of_the_lists_in_brackets_is_no_nickname(text: str, name: str) -> None:
    assert found_persons(text) == [name], text


@pytest.mark.parametrize(
    ("text", "nickname"),
    [
        ("Zdenko Kljunić (Zdeno) prijetio komšiji", "Zdeno"),
        ("zdenko kljunić (zdeno) prijetio komšiji", "zdeno"),
        ("Ivona Kljunić (Višnja) ukrala zlato", "Višnja"),  # a first name's form stays a name, whatever the lists hold
        ("KLJUNIĆ (Veljko) Zdenko, rođen 1980", "Veljko"),  # the father's name in brackets
        ('Zdenko Kljunić "Svjedok" prijetio', "Svjedok"),  # in quotes it is what he is called
        ("Zdenko Kljunić zvani Svjedok prijetio", "Svjedok"),
    ],
)
def test_a_nickname_or_a_name_in_brackets_stays_masked(text: str, nickname: str) -> None:
    assert nickname in found_persons(text), text


# --- a common noun in the genitive after a preposition, before a number, is no street -------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "iza kioska 4 su se potukli",
        "iza obeliska 2 je parkiran kamion",
        "iza kabine 4 je nađen nož",
        "hemikalije s Liste 1 i Liste 2 zakona",
    ],
)
def test_a_common_noun_after_a_preposition_and_a_number_is_no_street(text: str) -> None:
    assert "ADDRESS" not in [kind for _, kind in found_kinds(text)], text


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("ispred Brezinja 7 je tuča", "Brezinja 7"),
        ("pored Grabovičke 12 je parkiran", "Grabovičke 12"),
        ("pored grabovičke 12 je parkiran", "grabovičke 12"),
        ("ispred mlinske 7 je tuča", "mlinske 7"),
        ("iza brezinjske 3 je tuča", "brezinjske 3"),
        ("iza kioska 4 i Grabovičke 5 je tuča", "Grabovičke 5"),
        ("živi kod Kljunovca 5", "Kljunovca 5"),
    ],
)
def test_a_street_after_a_preposition_of_place_stays_an_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), text


# --- after "street N,": a town or a capitalised name, never a field's label -----------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("živi u Grabovičkoj 7, broj telefona 061 234 567", "Grabovičkoj 7"),
        ("živi u grabovičkoj 7, broj 3", "grabovičkoj 7"),
        ("živi u Grabovičkoj 7, Broj lk 123", "Grabovičkoj 7"),
        ("živi u Grabovičkoj 7, Tel 061 234 567", "Grabovičkoj 7"),
        ("živi u Grabovičkoj 7, Mob: 061 234 567", "Grabovičkoj 7"),
        ("živi u Grabovičkoj 7, Telefon 061 234 567", "Grabovičkoj 7"),
        ("živi u Grabovičkoj 7, Rođen 12.03.1980", "Grabovičkoj 7"),
        ("živi u Grabovičkoj 7, JMBG 1203980170007", "Grabovičkoj 7"),
    ],
)
def test_a_label_after_the_number_is_no_town(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), text


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("živi u Grabovičkoj 7, Tuzla", "Grabovičkoj 7, Tuzla"),
        ("živi u Grabovičkoj 7, Tuzla 75000", "Grabovičkoj 7, Tuzla 75000"),
        ("živi u Grabovičkoj 7, Brod", "Grabovičkoj 7, Brod"),
        ("živi u Grabovičkoj 7, brčko", "Grabovičkoj 7, brčko"),
        ("živi na Grabovičkoj 7, Novo Sarajevo", "Grabovičkoj 7, Novo Sarajevo"),
        ("u Grabovičkoj 13, Velika Kladuša je krađa", "Grabovičkoj 13, Velika Kladuša"),
        ("živi u Grabovičkoj 7, Kljunica, tel 061 234 567", "Grabovičkoj 7, Kljunica"),
    ],
)
def test_a_town_after_the_number_stays_in_the_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), text
