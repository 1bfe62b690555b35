"""Dates of birth in the forms of bench/masking/dev_births.jsonl: right after a name without a comma, a two-digit or
dictated year after the month, the month dictated as its ordinal, a Roman month between spaces, "godište '92" —
each one span labelled DATE_OF_BIRTH (never a phone), and the dates of an incident or a hearing that stay."""

import pytest

from tests.privacy_helpers import found_kinds


def _births(text: str) -> list[str]:
    return [value for value, kind in found_kinds(text) if kind == "DATE_OF_BIRTH"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("marko markovic 12.03.1990 uhapsen zbog kradje", "12.03.1990"),
        ("Ana Kovačević 03.04.1985. prijavila nasilje", "03.04.1985."),  # not a phone number
        ("Нермин Ђулић 12.03.1990. задржан", "12.03.1990."),
        ("selma grabovac (1987) ne zeli svjedociti", "1987"),
    ],
)
def test_a_date_long_ago_right_after_a_name_is_its_birth_date(text: str, date: str) -> None:
    assert _births(text) == [date]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("rodjena je trecega aprila osamdeset pete", "trecega aprila osamdeset pete"),
        ("rodjena prvog januara devedeset devete u tuzli", "prvog januara devedeset devete"),
        ("rodjen 12 marta 90, uhapsen sinoc", "12 marta 90"),
        ("rođena 3. aprila '85.", "3. aprila '85."),
        ("rodjen je dvanaestog treceg devedesete", "dvanaestog treceg devedesete"),
        ("rodjen sedmog sedmog dvije hiljade pete", "sedmog sedmog dvije hiljade pete"),
        ("rodjen 12. III 1990.", "12. III 1990."),
        ("godište '92, vozio bez dozvole", "'92"),
    ],
)
def test_a_birth_date_with_a_short_or_dictated_year_or_month(text: str, date: str) -> None:
    assert _births(text) == [date]


@pytest.mark.parametrize(
    "text",
    [
        "marko markovic 12.03.2024 uhapsen zbog kradje",  # recent: the day of the arrest
        "rociste za marka markovica 15.05.2025",
        "kontrola je bila dvanaestog marta ove godine",
        "saslusanje 3.4.2025 u 10 sati",
        "od 1990 do 1995 se vodio rat",
    ],
)
def test_other_dates_are_no_birth_dates(text: str) -> None:
    assert _births(text) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [("rodjen devedesete, da li je punoljetan", "devedesete"), ("rodjen 12-og marta 1990", "12-og marta 1990")],
)
def test_a_year_in_words_right_after_rodjen_and_a_day_with_its_ending(text: str, date: str) -> None:
    assert _births(text) == [date]


@pytest.mark.parametrize("text", ["rodjen u zenici, pedeset metara od skole", "devedeset dana zatvora"])
def test_a_number_in_words_not_right_after_rodjen_is_no_year(text: str) -> None:
    assert _births(text) == []


def test_an_abbreviated_birth_word_after_a_name_is_not_part_of_it() -> None:
    assert found_kinds("Ana Kovač rođ. 3.4.1985.") == [("Ana Kovač", "PERSON"), ("3.4.1985.", "DATE_OF_BIRTH")]
