"""The twenty-fourth round's classes of form (docs/privacy.md "Twenty-fourth round: dev_writer17 …"): a document's
number after the issuing country's adjective; a town of two words (Upper, Lower, Great … X) before "street N"; a home
at a host's ("živi kod brata u …"); a full name right before a street named after a person; one word opening a record
of particulars; and three false masks — a noun counted by a numeral, a number after a comma that counts the noun after
it (and the crossroads' streets before it), a vehicle's year before "godište". Invented examples, each with the same
evidence where it must stay as it was."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask
from tests.privacy_helpers import found_kind_names, found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- a document's number after the issuing country's adjective -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("pasoš njemački K 71038264, ne govori jezik", "K 71038264"),
        ("vozacka austrijska br B 4471 823 vozio bez naočala", "B 4471 823"),
        ("pasos slovenski PB 1203 847 istekao", "PB 1203 847"),
    ],
)
def test_a_number_after_the_issuers_adjective_is_the_documents(text: str, number: str) -> None:
    assert _of_kind(text, "DOC_NUMBER") == [number], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "pasoš njemački U 2 dana istječe",  # a count: too short for a document's number
        "dokumenti policijski 2 komada",
    ],
)
def test_an_adjective_after_a_documents_word_alone_gives_no_number(text: str) -> None:
    assert "DOC_NUMBER" not in found_kind_names(text), found_kinds(text)


# --- a town of two words before "street N" -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("idem na uvidjaj kod Zdenka Lipića u Gornja Tuzla, Brezik 41 zbog požara", "Gornja Tuzla, Brezik 41"),
        ("prijavljen u Velika Kladuša, Jasenova 7 od prošle godine", "Velika Kladuša, Jasenova 7"),
        ("živi u Donji Vakuf, Lipova 12", "Donji Vakuf, Lipova 12"),
    ],
)
def test_a_qualified_town_before_the_street_is_part_of_the_address(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


def test_a_town_of_one_word_before_the_street_stays_one_word() -> None:
    assert _of_kind("Zdenko Lipić, Tuzla, Lipova 5", "ADDRESS") == ["Tuzla, Lipova 5"]


# --- where someone stays at a host's ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("kaže da spava kod sestre u Brezovo polje B faza 4", "Brezovo polje B faza 4"),
        ("živi kod brata u Lipovo polje faza B 12", "Lipovo polje faza B 12"),
        ("stanuje kod tetke u Jasenova 9, Tuzla", "Jasenova 9, Tuzla"),
    ],
)
def test_a_home_at_a_hosts_after_a_word_of_dwelling_is_an_address(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "spava kod brata u autu",
        "spava u autu ispred zgrade, 5 dana već",
        "živi kod majke u Tuzli",  # a town only
    ],
)
def test_sleeping_somewhere_or_a_town_at_a_hosts_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- a full name right before a street named after a person ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "address"),
    [
        (
            "prijava ostecenja, vlasnica Jasna Lipić Marka Brezića 17, Tuzla, auto izgreban",
            "Jasna Lipić",
            "Marka Brezića 17, Tuzla",
        ),
        ("vlasnik Zdenko Hrastić Maršala Tita 5 prijavio krađu", "Zdenko Hrastić", "Maršala Tita 5"),
    ],
)
def test_a_name_before_a_street_named_after_a_person_is_a_person(text: str, name: str, address: str) -> None:
    assert found_persons(text) == [name], found_kinds(text)
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u ulici Marka Lipića 5", "ulici Marka Lipića 5"),  # the street alone
        ("živi na Ive Brezića 17, Tuzla", "Ive Brezića 17, Tuzla"),
    ],
)
def test_a_street_named_after_a_person_alone_stays_the_address(text: str, address: str) -> None:
    assert address in _of_kind(text, "ADDRESS"), found_kinds(text)
    assert found_persons(text) == [], found_kinds(text)


# --- one word opening a record of particulars -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Tarvin, Brezova 28, Kakanj, 061203847 — prijavio da mu je ukraden traktor",
        "Prijava krađe. Tarvin, Lipova 4, Tuzla, 062 331 908 kaže da je vidio ko je uzeo",
    ],
)
def test_a_word_opening_a_record_of_particulars_is_a_person(text: str) -> None:
    assert "Tarvin" in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ukradeno, Lipova 5, Tuzla, 061203847",  # a word of the language
        "Tarvin, Lipova 5 je adresa",  # one particular only
        "Tuzla, Lipova 5, 061203847",  # a town
    ],
)
def test_a_word_of_the_language_or_one_particular_stays(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


# --- no person: a noun counted by a numeral ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "dva vuka napala stado u selu, vlasnik traži zapisnik",
        "3 vuka su napala ovce",
        "oba lava su pobjegla iz cirkusa",
    ],
)
def test_a_noun_after_a_numeral_is_counted_no_person(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("prijetio je ani da će je ubiti", "ani"),
        ("dva dana kasnije Vuka su priveli", "Vuka"),  # capitalised, after the counted noun
    ],
)
def test_a_name_not_counted_stays(text: str, name: str) -> None:
    assert name in found_persons(text), found_kinds(text)


# --- no house number: a count after a comma; the crossroads' streets before it ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "nesreća na raskrsnici Marka Lipića i Zmaja od Bosne, 3 vozila, jedna osoba povrijeđena",
        "na uglu Titove i Lipove, 2 osobe povrijeđene",
    ],
)
def test_a_count_after_a_crossroads_is_no_address_and_no_person(text: str) -> None:
    assert found_kinds(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje Lipova, 3, Tuzla", "Lipova, 3, Tuzla"),
        ("Lipova, 3 stan 4", "Lipova, 3 stan 4"),
        ("na raskrsnici Marka Lipića i Ive Brezića 5 živi", "Marka Lipića i Ive Brezića 5"),
    ],
)
def test_a_house_number_after_a_comma_or_at_a_crossroads_stays(text: str, address: str) -> None:
    assert address in _of_kind(text, "ADDRESS"), found_kinds(text)


def test_people_named_at_a_crossroads_with_their_verb_stay() -> None:
    assert found_persons("na uglu Marko i Ana su se sudarili") == ["Marko", "Ana"]


# --- no date of birth: a vehicle's year before "godište" --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "mercedes 2012 godiste uvezen bez homologacije",
        "vw golf 2008. godište, bez registracije",
        "kamion 1999 godište stoji na parkingu",
    ],
)
def test_a_vehicles_year_before_godiste_is_no_birth_date(text: str) -> None:
    assert "DATE_OF_BIRTH" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "vozio audi Marko Lipić 1980 godiste",
        "vozio audi marko 1980 godište",  # a first name, no model, between the make and the year
        "Zdenko Lipić, 1980 godište, vozio golf",
    ],
)
def test_a_persons_year_before_godiste_stays(text: str) -> None:
    assert _of_kind(text, "DATE_OF_BIRTH") == ["1980"], found_kinds(text)


# --- end to end ---------------------------------------------------------------------------------------------------------


def test_the_masked_text_of_a_name_before_a_street_named_after_a_person() -> None:
    masked = mask("vlasnica Jasna Lipić Marka Brezića 17, Tuzla, pasoš njemački K 71038264")
    assert masked.text == "vlasnica [OSOBA 1] [ADRESA], pasoš njemački [DOKUMENT]"
