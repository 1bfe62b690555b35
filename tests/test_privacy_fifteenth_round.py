"""The fifteenth round's classes of form (bench/masking/dev_writer11.jsonl, a tuning set weighted towards addresses
after every preposition, settlements, broken addresses, people by their relation and dates of birth beside a name;
docs/privacy.md "Fifteenth round"): a date of birth beside a name with a two-digit year, in words, after a slash, after
the place of origin or read off the identity card, a year with "g." right after a name; a settlement's building or
block, the number before the street after "pod brojem", an address broken by a hedge, corrected, or coordinated with a
second one, abbreviated flats and floors, a street told apart by a size adjective, a settlement's part by its letter,
a host's name before her street; a ruler's title in lower case, a historical title in a place's name, a river's
instrumental. Invented examples (none of the set's words or names), each with the look-alikes that must stay as they
were."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- dates of birth beside a name, no birth word ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("priveden je Dario Lipić 03.04.86 iz Kaknja zbog krađe", "03.04.86"),  # a two-digit year, long ago
        ("Mirela Brezić / 14.02.1991 / Kakanj — tvrdi da je pokradena", "14.02.1991"),  # a report's fields by slashes
        ("konobar Dino iz Kaknja, 07 06 1968, kaže da je napadnut", "07 06 1968"),  # the place of origin between
        ("prijavila je Selma Jasić dvadeset treći marta osamdeset šeste krađu", "dvadeset treći marta osamdeset šeste"),
        ("zadržan Mato, po ličnoj 17.11.1979, odbija izjavu", "17.11.1979"),  # read off the identity card
    ],
)
def test_a_date_beside_a_name_is_a_birth_date(text: str, date: str) -> None:
    assert date in _of_kind(text, "DATE_OF_BIRTH"), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Dario Lipić 03.04.25 uhapšen u centru",  # a recent two-digit year: the day of the arrest
        "Mirela Brezić / 14.02.2025 / prijava krađe",  # a recent date after a slash: the report's
        "lična karta važi do 17.11.2031, po ličnoj 12.03.2022 izdata",  # the card's own dates
        "incident 12.03.2024 u Kaknju",
    ],
)
def test_a_recent_or_unrelated_date_is_no_birth_date(text: str) -> None:
    assert _of_kind(text, "DATE_OF_BIRTH") == [], found_kinds(text)


def test_a_year_with_g_right_after_a_name() -> None:
    assert _of_kind("Dario Lipić 1981. g. vozio bez dozvole", "DATE_OF_BIRTH") == ["1981"]


@pytest.mark.parametrize(
    "text",
    [
        "Dario Lipić 2010. god. je osuđen za krađu",  # an auxiliary after it: the year of an event
        "Dario Lipić 2022. g. vozio bez dozvole",  # recent: no year of birth
    ],
)
def test_a_year_of_an_event_after_a_name_stays(text: str) -> None:
    assert _of_kind(text, "DATE_OF_BIRTH") == [], found_kinds(text)


# --- settlements, the number first, broken addresses ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("naselje Brezik, zgrada C4, stan 7, Kakanj — buka noću", "Brezik, zgrada C4, stan 7, Kakanj"),
        ("naselje Jasenik, zgrada D, stan 3, Tuzla – prijava", "Jasenik, zgrada D, stan 3, Tuzla"),
        ("naselje Hrastik, blok 6, stan 2 — pas laje", "Hrastik, blok 6, stan 2"),
        ("auto stoji ispred kuće pod brojem 9 u Lipovoj, Kakanj, danima", "brojem 9 u Lipovoj, Kakanj"),
        ("stanuje u Brezniku, sad ću vidjeti, broj 8, treba li nalog", "Brezniku, sad ću vidjeti, broj 8"),
        ("na Jasenovoj, čekaj, 23 je bila tuča", "Jasenovoj, čekaj, 23"),
        ("dostava je bila na Lipovoj 12, ne 12 nego 21, pogrešno", "Lipovoj 12, ne 12 nego 21"),
        ("stanuje u Brezovoj k.br. 5, sp. 3, drži pse", "Brezovoj k.br. 5, sp. 3"),
        ("spavao je na Hrastovoj 4, st 9 pa nestao", "Hrastovoj 4, st 9"),
        ("na Lipiku veliki 7 je izgorio automobil", "Lipiku veliki 7"),
        ("adresa je Hrastovići C, broj sedam, Kakanj piše u prijavi", "Hrastovići C, broj sedam, Kakanj"),
        ("selo Brezik kbr. 4, Brčko distrikt — požar štale", "Brezik kbr. 4, Brčko distrikt"),
    ],
)
def test_an_address_in_these_forms_is_masked(text: str, address: str) -> None:
    assert any(address in value for value in _of_kind(text, "ADDRESS")), found_kinds(text)


def test_a_second_address_coordinated_with_the_first() -> None:
    text = "svađa između Lipove 3 i Lipove 9 traje danima"
    assert _of_kind(text, "ADDRESS") == ["Lipove 3", "Lipove 9"], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "na Lipovoj 12 i Hrastovoj 5 puta",  # a unit after the second number
        "na Lipovoj 12 i Kaknju 5 dana",  # a unit again, after a town
    ],
)
def test_no_second_address_where_a_unit_follows_its_number(text: str) -> None:
    assert _of_kind(text, "ADDRESS") == ["Lipovoj 12"], found_kinds(text)


def test_a_host_before_her_street_is_a_person() -> None:
    text = "noćila je kod Senke na Brezove Grane 14, šta sad"
    assert found_kinds(text)[:2] == [("Senke", "PERSON"), ("Brezove Grane 14", "ADDRESS")], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "naselje Brezik ima blok 4 zgrade",  # a count of buildings
        "kuća pod brojem 5 u Sarajevu",  # a town after the number
        "na Jasenovoj, čekaj, 12 ljudi je bilo",  # a count after the hedge
        "u Tuzli, čekaj, 12 je bilo",  # a town before the hedge
        "u Tuzli novi 5 je stigao",  # a town, then an adjective
        "Bitke na Sutjesci je ulica bez broja",
    ],
)
def test_look_alikes_of_these_forms_are_no_address(text: str) -> None:
    assert _of_kind(text, "ADDRESS") == [], found_kinds(text)


# --- names that are no citizen's ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "u kafani kraljica Milena opet buka do jutra",  # a ruler's title in lower case
        "knez Lazar je na spomeniku",
        "kod škole Husein-beg Lipić razbijena su stakla",  # a historical title joined by a hyphen
        "splav je plovio Drinom noću",  # a river's instrumental after a verb: the way taken
    ],
)
def test_a_public_or_historical_name_is_no_person(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("kraljica Milena Lipić je prijavila krađu", "Milena Lipić"),  # a surname after: a woman of today
        ("komšija car Mujo opet pravi buku", "Mujo"),  # "car" in praise, no title
        ("kod škole Marko Lipić je udario dijete", "Marko Lipić"),  # no historical title: the subject
        ("razgovarao sam sa Sanom Lipić", "Sanom Lipić"),  # "sa": a person
    ],
)
def test_a_person_beside_these_words_stays_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)
