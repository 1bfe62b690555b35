"""Addresses in the forms officers type or dictate, one test per class of form (invented streets and numbers),
and the look-alikes beside them that carry no personal data."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask


def _addresses(text: str) -> list[str]:
    return [text[s.start : s.end] for s in mask(text).spans if s.kind == "ADDRESS"]


def _covered(text: str, value: str) -> bool:
    """Every letter and digit of `value` lies inside an ADDRESS span."""
    start = text.index(value)
    spans = [s for s in mask(text).spans if s.kind == "ADDRESS"]
    return all(any(s.start <= i < s.end for s in spans) for i in range(start, start + len(value)) if text[i].isalnum())


CLASSES = [
    ("street word ul. joins the span", "prijava na ul. Lipova 3, buka nocu", "ul. Lipova 3"),
    ("ulica in Cyrillic with its town", "станује у улици Јасенова 9, Бијељина, шта даље", "улици Јасенова 9, Бијељина"),
    (
        "a street named after a person",
        "zivi u Ulici Hasana Kikica 17, Vogosca i duguje",
        "Ulici Hasana Kikica 17, Vogosca",
    ),
    (
        "a roman numeral in the name",
        "provala u Kralja Tomislava II Dobrog 84, Tuzla",
        "Kralja Tomislava II Dobrog 84, Tuzla",
    ),
    ("a town inside the street's name", "stanuje na Put za Kreševo bb i ima oruzje", "Put za Kreševo bb"),
    ("a date as the street's name", "zivi u Ulici 6. marta 11, Tuzla i nije se javio", "Ulici 6. marta 11, Tuzla"),
    ("br. before the number", "stanuje na Ulica 1. maja br. 4, Brcko", "Ulica 1. maja br. 4"),
    ("kod broja", "incident u lipovoj kod broja 22 u doboju", "lipovoj kod broja 22"),
    ("flat, entrance and floor", "stanuje u Lipovoj 33, ulaz 2, stan 14, prijavila", "Lipovoj 33, ulaz 2, stan 14"),
    ("a floor in words", "adresa Lipova 8/3, drugi sprat, komsije cuju", "Lipova 8/3, drugi sprat"),
    ("a number dictated in words", "stanuje na lipova dvanaest, sta da radim", "lipova dvanaest"),
    ("broj and a number in words", "zivi u ulici lipovoj broj petnaest u travniku", "ulici lipovoj broj petnaest"),
    ("a hundreds number in words", "adresa jasenova sto dvadeset sarajevo", "jasenova sto dvadeset sarajevo"),
    ("a cue and a street without number", "adresa Hasana Lipovice, ne znamo broj", "Hasana Lipovice"),
    ("ulica after a cue, no number", "stanuje u ulici Isaka Lipovca ali broj ne zna", "ulici Isaka Lipovca"),
    ("a village near a town", "zivi u selu Lipovica kod Zvornika bez struje", "selu Lipovica kod Zvornika"),
    ("a hamlet near a town", "stanuje u zaseoku Gornja Lipa kod Kaknja, zna li se", "zaseoku Gornja Lipa kod Kaknja"),
    ("adresa stanovanja:", "adresa stanovanja: Hasana Lipovca 44, Mostar, nije kod kuce", "Hasana Lipovca 44, Mostar"),
    ("prijavljen na adresi", "prijavljen na adresi Lipova 5, Sarajevo a ne zivi tamo", "Lipova 5, Sarajevo"),
    ("the number first, then the street", "stanuje kod broja 12 u ulici Jelova, prijavila", "12 u ulici Jelova"),
    ("the number first, ulica after", "zivi na broju 7 u hrastovoj ulici i ne otvara", "7 u hrastovoj ulici"),
    ("na broju after the street", "tuca u borovoj na broju 5, komsije zovu", "borovoj na broju 5"),
]


@pytest.mark.parametrize(("form", "text", "address"), CLASSES, ids=[c[0] for c in CLASSES])
def test_each_address_form_is_masked_as_an_address(form: str, text: str, address: str) -> None:
    assert _covered(text, address), (form, _addresses(text))


LOOKALIKES = [
    "tuca na raskrsnici lipove i jasenove, ko je nadlezan",
    "sta kaze clan 12 stav 3 zakona o prekrsajima",
    "Zakon o javnom redu i miru broj 12/24 sta propisuje",
    "vozilo je stalo 50 metara od pjesackog prelaza",
    "incident se desio u 12 i 30 ispred skole",
    "pretres kuce u ulici bez broja, treba li nalog",
    "ima 3 djece i zivi u sarajevu, ima li pravo na zastitu",
    "zivi u inostranstvu 5 godina, da li mora prijaviti boraviste",
    "stanuje kod roditelja vec 2 godine",
    "adresa stanovanja nije poznata, kako uruciti poziv",
    "zivi u sarajevu dvadeset godina",
    "selo kod zvornika ima 200 stanovnika",
    "sprat 2 zgrade policije je zatvoren od 8 do 16",
    "stanuje u Dobrinji vec dvije godine",  # a neighbourhood alone, no street
    "zivi u Americi, kako ga pozvati",
    "tuca u kaficu na broju 5 sta dalje",
    "incident na broju 5 u sarajevu nema svjedoka",
    "tabla dimenzija 50 X 50 cm, obojena trakama",  # a size, not a Roman-numbered street
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_no_personal_data_no_address(text: str) -> None:
    assert _addresses(text) == []
