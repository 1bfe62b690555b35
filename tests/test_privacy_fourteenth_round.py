"""The fourteenth round's classes of form (bench/masking/dev_writer10.jsonl, a tuning set weighted towards addresses
and dates of birth, and address forms worked out from how BiH addresses are built; docs/privacy.md "Fourteenth
round"): a facility's place read by one rule, house numbers in every shape (ranges, a letter after the slash, "b/b",
"b. b.", a block's letter, "bez broja" after a cue), the cues "adr.", "adresa prijave", "prijavljen(a) (je) na" and
"bul.", entrances, floors and flats after the number, postal codes with a space or after the town, the town after
"kod", a street in its official spelling, the clause going on after the number, a dictated full stop, slash, ruler's
number or date, a month and year of birth, and a vehicle's year. Invented examples (none of the set's words or
names), each with the look-alikes that must stay as they were."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask
from tests.privacy_helpers import found_kind_names, found_kinds, found_persons


def _addresses(text: str) -> list[str]:
    return [value for value, kind in found_kinds(text) if kind == "ADDRESS"]


# --- a facility's place: one rule for the units and the abbreviations ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "KPZ Lipovac traži pratnju za osuđenog.",  # an abbreviation only the facilities' reading had
        "Policijska stanica Brezić, dežurni pita za upute.",  # a two-word name only the units' reading had
        "Prihvatni centar Hrastić javlja tuču među migrantima.",  # the reception centre's name
        "Na JGP Jasenić zaustavljen kombi.",
    ],
)
def test_a_facilitys_place_is_no_person(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Dežurni u PS Ivo Lipić je priveden.", "Ivo Lipić"),  # a listed first name: someone at the station
        ("u policijskoj stanici Brezić je izjavio da nije vidio ništa", "Brezić"),  # a verb after: the subject
    ],
)
def test_a_person_at_a_facility_stays_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


# --- house numbers in every shape --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adresa Hrastova 12-14, Kakanj", "Hrastova 12-14, Kakanj"),  # a range of houses
        ("živi u Brezovoj 7a-7c", "Brezovoj 7a-7c"),
        ("stanuje na adresi Jasenova 21/B", "Jasenova 21/B"),  # a letter after the slash
        ("Jasenova 21/B je adresa vlasnika", "Jasenova 21/B"),
        ("stanuje u Lipovoj 12 A/3", "Lipovoj 12 A/3"),
        ("stanuje u Lipovoj 12 a/3", "Lipovoj 12 a/3"),
        ("adresa Hrastova b/b", "Hrastova b/b"),
        ("adresa Hrastova b. b.", "Hrastova b. b."),
        ("boravište Brezik C-3, ulaz 1, stan 5, Tuzla", "Brezik C-3, ulaz 1, stan 5, Tuzla"),  # a block
        ("živi u selu Jasenovo bez broja kod Kaknja", "selu Jasenovo bez broja kod Kaknja"),
    ],
)
def test_a_house_number_in_any_shape_is_part_of_the_address(text: str, address: str) -> None:
    assert address in _addresses(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "kazna 500-1000 KM za prekršaj",
        "u periodu 2019-2021 godine je bilo",
        "član 12-14 zakona o prekršajima",
        "datum 12-03-2024 je upisan",
        "kuca bez broja u ulici, kako upisati adresu",  # "bez broja" without a street: any house
        "uviđaj na M-17 kod Jablanice",  # a road's designation
        "Lipova 14-3 je rezultat",  # a range runs up, never down
    ],
)
def test_numbers_of_other_kinds_stay(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- cues -----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adr. Plavih ruža 9, Kakanj – ko dostavlja poziv", "Plavih ruža 9, Kakanj"),
        ("adresa prijave jasenova 33a, zenica a živi drugdje", "jasenova 33a, zenica"),
        ("prijavljena je na 6. marta 44, Kakanj", "6. marta 44, Kakanj"),
        ("prijavljen na Osmog maja 22 a tamo niko ne živi", "Osmog maja 22"),
        ("бул. кнеза Липе 110, Бањалука је адреса", "бул. кнеза Липе 110, Бањалука"),
        ("bul. Hrastova 12, Zenica", "bul. Hrastova 12, Zenica"),
    ],
)
def test_cues_of_a_registered_address_and_abbreviations(text: str, address: str) -> None:
    assert address in _addresses(text), found_kinds(text)


# --- entrances, floors, flats; postal codes; the town after "kod" ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u Brezovoj 4, ulaz III, stan 23, ima psa", "Brezovoj 4, ulaz III, stan 23"),
        ("adresa Jasenova 3 drugi ulaz, tamo je bila svađa", "Jasenova 3 drugi ulaz"),
        ("adresa Jasenova 7, III/12", "Jasenova 7, III/12"),
        ("adresa Jasenova 7, 3/12", "Jasenova 7, 3/12"),
        ("adresa Hrastova 12 - stan 3", "Hrastova 12 - stan 3"),
        ("adresa Naselje Brezik 4, blok C, ulaz 2, stan 8", "Naselje Brezik 4, blok C, ulaz 2, stan 8"),
        ("stanuje u Lipovoj broj 12, u prizemlju", "Lipovoj broj 12, u prizemlju"),
        ("stanuje u Lipovoj 12, mansarda", "Lipovoj 12, mansarda"),
        ("stanuje na Hrastova 3, 71 000 Sarajevo, stranac je", "Hrastova 3, 71 000 Sarajevo"),
        ("adresa Brezova 4, Tuzla 75000, jel treba", "Brezova 4, Tuzla 75000"),
        ("živi na Lipovoj 12 kod Zenice", "Lipovoj 12 kod Zenice"),
    ],
)
def test_what_follows_the_house_number_joins_the_address(text: str, address: str) -> None:
    assert address in _addresses(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("živi na Lipovoj 12 kod brata", "Lipovoj 12"),  # no town after "kod"
        ("adresa Lipova 12, 12/2024 je broj predmeta", "Lipova 12"),  # a case number after the comma
        ("stanuje u Lipovoj 12 a 3 puta je dolazila policija", "Lipovoj 12"),  # "a": and
    ],
)
def test_what_is_no_part_of_the_address_stays_out(text: str, address: str) -> None:
    assert _addresses(text) == [address], found_kinds(text)


# --- a street in its official spelling, with what only an address has after it ------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Plavih ruža 14, Kakanj je adresa oštećenog", "Plavih ruža 14, Kakanj"),
        ("intervencija Mladih gorana 28, Visoko, žena prijavljuje", "Mladih gorana 28, Visoko"),
        ('"prijava 18:05, Starih zanata 8, stan 3, pozivateljica"', "Starih zanata 8, stan 3"),
    ],
)
def test_a_street_in_its_official_spelling(text: str, address: str) -> None:
    assert address in _addresses(text), found_kinds(text)


@pytest.mark.parametrize(
    "text", ["Policijske uprave 5, Tuzla, javljaju", "Kantonalni sud 5, Tuzla je odlučio", "Plavih ruža 14 je bilo"]
)
def test_an_institution_or_a_count_is_no_such_street(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- the clause goes on after the number -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("muž ne živi na Brezovoj 14 nego kod majke", "Brezovoj 14"),  # a conjunction, no count
        ("u zaseoku Jasenići 6 živi sam starac", "zaseoku Jasenići 6"),  # a dwelling verb, no count
    ],
)
def test_a_conjunction_or_a_dwelling_verb_after_the_number(text: str, address: str) -> None:
    assert address in _addresses(text), found_kinds(text)


def test_a_count_after_the_number_stays() -> None:
    assert "ADDRESS" not in found_kind_names("u hrastovoj ulici 3 automobila")


# --- dictated addresses ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adresa je Hrastova. Broj 9, stan 2. žena kaže", "Hrastova. Broj 9, stan 2"),  # a full stop dictated
        ("ulica je Ivana Lipe. kucni broj 5a jel tako", "Ivana Lipe. kucni broj 5a"),
        ("adresa hrastova dvanaest kosa crta tri", "hrastova dvanaest kosa crta tri"),  # the slash dictated
        (
            "adresa prijave kralja tvrtka drugog dvadeset kosa crta tri zenica a on je u Njemačkoj",
            "kralja tvrtka drugog dvadeset kosa crta tri zenica",
        ),
        ("u ulici prvog marta broj sedam je tuča", "ulici prvog marta broj sedam"),  # a street named by a date
    ],
)
def test_dictated_addresses(text: str, address: str) -> None:
    assert address in _addresses(text), found_kinds(text)


@pytest.mark.parametrize("text", ["… Bosne i Hercegovine. 3 osobe su povrijeđene", "ulica prvog marta je zatvorena"])
def test_a_full_stop_or_a_date_without_a_number_stays(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- dates of birth: a month and a year; a vehicle's year ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("rodjen aprila 79 kaže, tačan datum ne zna", "aprila 79"),
        ("rođena je u maju 1990. i nema ličnu kartu", "maju 1990."),
        ("rođen novembra 1984 u Kaknju", "novembra 1984"),
    ],
)
def test_a_month_and_a_year_after_born(text: str, date: str) -> None:
    assert (date, "DATE_OF_BIRTH") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    ["auto je godište 2008, vlasnik tvrdi da je kupljen", "kamion godište 1999 bez tablica", "traktor, godište 1987"],
)
def test_a_vehicles_year_is_no_birth_date(text: str) -> None:
    assert "DATE_OF_BIRTH" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize("text", ["Ivo Lipić, godište 1985, vozio je auto", "vozač je godište 1985"])
def test_a_persons_year_stays_a_birth_date(text: str) -> None:
    assert "DATE_OF_BIRTH" in found_kind_names(text), found_kinds(text)


def test_an_incident_month_stays() -> None:
    assert "DATE_OF_BIRTH" not in found_kind_names("u martu 2023 je bila provala")


def test_the_masked_text_of_a_range() -> None:
    assert mask("živi u Brezovoj 12-14, Tuzla").text == "živi u [ADRESA]"


# --- a building's noun before the street; the flat before the street ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("ukradeno auto ispred zgrade brezova 7", "brezova 7"),  # a building's noun sets the street off
        ("iz kuce jasenova 3 je nestalo zlato", "kuce jasenova 3"),
        ("u stanu broj 5 u Lipovoj 12 je provala", "stanu broj 5 u Lipovoj 12"),  # the flat first, then the street
    ],
)
def test_a_building_or_a_flat_before_the_street(text: str, address: str) -> None:
    assert address in _addresses(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    ["zgrada 7 spratova ima lift", "ispred zgrade opcine 5 ljudi protestuje", "u stanu broj 5 u sarajevu je nađen"],
)
def test_a_building_with_a_count_or_a_town_stays(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("адреса Храстова 12-14, Какањ", "Храстова 12-14, Какањ", "ADDRESS"),
        ("станује на адреси Јасенова 21/Б", "Јасенова 21/Б", "ADDRESS"),
        ("станује у Брезовој 4, улаз III, стан 23", "Брезовој 4, улаз III, стан 23", "ADDRESS"),
        ("станује на Храстова 3, 71 000 Сарајево", "Храстова 3, 71 000 Сарајево", "ADDRESS"),
        ("живи на Липовој 12 код Зенице", "Липовој 12 код Зенице", "ADDRESS"),
        ("рођен априла 79 каже", "априла 79", "DATE_OF_BIRTH"),
    ],
)
def test_the_same_forms_in_cyrillic(text: str, value: str, kind: str) -> None:
    assert (value, kind) in found_kinds(text), found_kinds(text)
