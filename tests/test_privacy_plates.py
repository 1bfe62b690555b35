"""Licence plates in the forms officers type them beyond the plain `A12-E-345`: dots between the parts, a space after
every part, a plate's letter glued to its digits in lower case, and other countries' plates after a word for a
vehicle or its plates — with the makes, models and engines that share their shape."""

import pytest

from tests.privacy_helpers import found_kinds


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("vozilo sa tablicama K45.T.908 pobjeglo", "K45.T.908"),  # dots between the parts
        ("bijeli pasat O 17 J 552 parkiran na trotoaru", "O 17 J 552"),  # a space after every part, in capitals
        ("snimljen j58 a 310 na 140 km/h", "j58 a 310"),  # lower case, the letter glued to its two digits
        ("udario ga auto KA-HR 317 i otisao", "KA-HR 317"),  # a German plate after a word for a vehicle
        ("tablice G 71042 B, vozac pobjegao", "G 71042 B"),  # an Austrian one
        ("crni BMW KA-HR 317 na parkingu", "KA-HR 317"),  # a make before it is not part of it
        ("vozilo sa tablicama LU 443210 iz Svicarske", "LU 443210"),
        ("tablice su mu bile 17-K-204, pobjegao", "17-K-204"),  # words between the plate word and a mistyped plate
        ("tablice su mu sa 271-430", "sa 271-430"),  # an old plate in lower case
    ],
)
def test_a_plate_in_another_form(text: str, plate: str) -> None:
    assert found_kinds(text) == [(plate, "PLATE")]


@pytest.mark.parametrize(
    "text",
    [
        "auto marke BMW 320 D sa dizel motorom",  # a model: digits first
        "vozilo VW T5 2.5 TDI bez registracije",  # a model mixes letters and digits, an engine's size
        "auto A4 2.0 TDI oštećen",
        "auto KM 15 000 šteta",  # a unit and an amount
        "tačka a 12 e 345 ne postoji",  # lower case with spaces and no glued letter: no plate
        "platio 100 a dobio 200",
    ],
)
def test_makes_models_and_amounts_are_no_plate(text: str) -> None:
    assert [kind for _, kind in found_kinds(text) if kind == "PLATE"] == []
