"""The twenty-ninth round's classes of form (docs/privacy.md "Twenty-ninth round: dev_writer21 …"): a street named by a
date in the other standard's months or in Cyrillic. Invented examples, each with the same evidence where it must stay
as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds

# --- a street named by a date: the other standard's months and the Cyrillic ones --------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u Tuzla, Ulica 17. studenoga 14, ima li pravo", "Tuzla, Ulica 17. studenoga 14"),
        ("prijava od svjedoka iz Zenica, Ulica 3. listopada 22, kako dalje", "Zenica, Ulica 3. listopada 22"),
        ("адреса је Тузла, Трг 9. јануара 31, да ли", "Тузла, Трг 9. јануара 31"),
        ("адреса му је Зеница, Трг 2. маја 17, шта даље", "Зеница, Трг 2. маја 17"),
    ],
)
def test_a_street_named_by_a_date_in_any_standard_or_script_is_an_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u Lipovoj 5 Travnik", "Lipovoj 5 Travnik"),  # a town that starts like a month ("travnja")
        ("stanuje u Lipovoj 5 u Travniku", "Lipovoj 5 u Travniku"),
    ],
)
def test_a_town_that_starts_like_a_month_still_ends_the_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "uviđaj je bio 17. studenoga 2024, ko je nadležan",  # an incident's date
        "рок истиче 9. јануара, шта да радимо",  # a time limit
    ],
)
def test_a_date_alone_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)
