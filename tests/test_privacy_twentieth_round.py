"""The twentieth round's classes of form (docs/privacy.md "Twentieth round"): two first names joined by "i" whose
plural verb comes after where they are from ("iz" and an address the masker already took), and a BiH plate typed
spaced with a digit too many, beside a word for a vehicle or its make. Invented examples (none of a set's words or
names), each with the look-alikes that must stay unmasked beside the same evidence."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons

# --- a pair of first names, their address, then their plural verb ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("jadran i neven iz Lipove 3, Mostar odnijeli bicikl ispred skole", ["jadran", "neven"]),
        ("jadran i neven iz Lipove 3 tukli se ispred kafica", ["jadran", "neven"]),
        ("jadran i neven sa Brezove 14 prodaju drogu", ["jadran", "neven"]),
    ],
)
def test_two_first_names_then_their_address_then_a_plural_verb_are_two_people(text: str, names: list[str]) -> None:
    found = found_persons(text)
    assert all(n in " ".join(found) for n in names), found
    assert "ADDRESS" in [kind for _, kind in found_kinds(text)]


@pytest.mark.parametrize(
    "text",
    [
        "kruh i mlijeko iz Lipove 3 prodaju u dućanu",  # two nouns, no first names
        "sreća i čast iz Lipove 3 su svetinja",  # no verb of persons
        "jadran i neven iz Mostara odnijeli bicikl",  # a town, no address taken: no evidence beyond the pair
    ],
)
def test_no_pair_of_names_without_first_names_or_without_the_address(text: str) -> None:
    assert found_persons(text) == [], text


# --- a BiH plate typed spaced with a digit too many ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("e 412 m 770 golf bijeli parkiran na trotoaru, sta pisemo", "e 412 m 770"),
        ("a 305 t 118 audi sivi pobjegao sa mjesta nesrece", "a 305 t 118"),
        ("vozilo k 220 j 641 nije imalo registraciju", "k 220 j 641"),
    ],
)
def test_a_spaced_plate_with_a_digit_too_many_beside_a_vehicle_word_is_a_plate(text: str, plate: str) -> None:
    assert (plate, "PLATE") in found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "platio a 100 e 200 eura kazne",  # sums, no vehicle word
        "clan 412 m 770 ne postoji",  # no plate's shape beside a vehicle
        "e 412 m 770 je broj predmeta kod suda",  # the shape alone, no vehicle word
    ],
)
def test_no_spaced_plate_without_a_vehicle_word(text: str) -> None:
    assert all(kind != "PLATE" for _, kind in found_kinds(text)), found_kinds(text)
