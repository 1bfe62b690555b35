"""The thirty-fourth round (docs/privacy.md "Thirty-fourth round: …"): addresses by the issue's forms — street, number
and town together, the address masked whole. Invented examples (the towns of `towns.txt`, no set's street or name),
each with the same evidence where the text must stay as it was."""

from __future__ import annotations

import pytest

from kodeks.privacy import find, masker


def _addresses(text: str) -> list[str]:
    found, _ = find(text)
    return [text[s.start : s.end] for s in found if s.kind == "ADDRESS"]


# --- the noun of a settlement or a hamlet before the place an address names -------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuju zajedno u nas. Lipik bb, potukli se", "nas. Lipik bb"),  # the abbreviation after "u"
        ("iz nas. Brezik 12, ima li pravila", "nas. Brezik 12"),
        ("boravi u naselje Brezik C5, ulaz 2, stan 5 kod sestre", "naselje Brezik C5, ulaz 2, stan 5"),  # nominative
        ("prijava protiv njega iz naselja lipik bb, tuzla, sta radimo", "naselja lipik bb, tuzla"),  # genitive
        ("boravište romsko naselje Lipik bb, Tuzla, nema isprava", "romsko naselje Lipik bb, Tuzla"),  # its adjective
        ("naselje Brezik, Lipova 8, tu je bila provala", "naselje Brezik, Lipova 8"),  # before a chain of places
        ("živi u zaseoku Lipe 12, Travnik", "zaseoku Lipe 12, Travnik"),  # as before
    ],
)
def test_a_settlements_noun_is_inside_its_address(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("dođite kod nas. Lipova 5 je zatvorena", "dođite kod nas. [ADRESA] je zatvorena"),  # "kod nas": at our place
        ("u naselju ima 12 kuća", "u naselju ima 12 kuća"),  # a count, no address
        ("naselje je veliko, Lipova 5 je na kraju", "naselje je veliko, [ADRESA] je na kraju"),  # not right before
    ],
)
def test_a_settlements_noun_apart_from_the_address_stays_outside(text: str, masked: str) -> None:
    assert masker.mask(text).text == masked


# --- the town and the floor told in one breath with the street: "u Town na Street N", "Street N na trećem spratu" ----


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u Tuzli na Brezovoj 12, zove policiju", "Tuzli na Brezovoj 12"),
        ("stanuje u Tuzli u Brezovoj 12", "Tuzli u Brezovoj 12"),
        ("živi u Banjoj Luci na Lipovoj 3", "Banjoj Luci na Lipovoj 3"),  # a town of two words
        ("živi u ulici Brezova 12 na trećem spratu u Tuzli", "ulici Brezova 12 na trećem spratu u Tuzli"),  # the floor
        ("živi na Brezovoj 12 na 3. spratu, Tuzla", "Brezovoj 12 na 3. spratu, Tuzla"),
        ("stanuje u Tuzli, Brezova 12, na drugom katu", "Tuzli, Brezova 12, na drugom katu"),
    ],
)
def test_the_town_and_the_floor_told_with_the_street_are_inside_the_address(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("bio je u kafani u Brezovoj 12", "Brezovoj 12"),  # no town: a word of the language
        ("iz Tuzle na Brezovu 12 je preselio", "Brezovu 12"),  # "iz": the town he left
        ("stanuje u Tuzli u brezovoj 12", "brezovoj 12"),  # a street in lower case: no evidence it is that town's
        ("Tuzla, Brezova 12, na drugom spratu je kvar", "Tuzla, Brezova 12, na drugom spratu"),  # as before
    ],
)
def test_a_place_without_that_evidence_stays_outside(text: str, address: str) -> None:
    assert _addresses(text) == [address]


# --- the postal code told with its cue or a country's letters, and a foreign town's name told whole ------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adresa Brezova 12, poštanski broj 75000 Tuzla", "Brezova 12, poštanski broj 75000 Tuzla"),
        ("stanuje na Brezovoj 12, pošta 75000 Tuzla", "Brezovoj 12, pošta 75000 Tuzla"),
        ("adresa Brezova 12, BA-75000 Tuzla", "Brezova 12, BA-75000 Tuzla"),  # a country's letters
        ("adresa je Lindenweg 3, 60329 Frankfurt am Main, ime Ana", "Lindenweg 3, 60329 Frankfurt am Main"),
        ("adresa: Lindenweg 3, D-79098 Freiburg im Breisgau", "Lindenweg 3, D-79098 Freiburg im Breisgau"),
        ("adresa: Lindenweg 3, 06108 Halle an der Saale", "Lindenweg 3, 06108 Halle an der Saale"),
    ],
)
def test_the_postal_code_and_a_foreign_towns_whole_name_are_inside_the_address(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("stanuje na Brezovoj 12, pošta mu je stigla", "stanuje na [ADRESA], pošta mu je stigla"),  # no code
        ("adresa: Lipova 5, 75000 Tuzla im Marko je rekao", "adresa: [ADRESA] im [OSOBA 1] je rekao"),  # a person
        ("adresa: Lipova 5, Tuzla am Main", "adresa: [ADRESA] am Main"),  # no postal code before the town
    ],
)
def test_without_a_code_or_before_a_person_the_town_ends_as_before(text: str, masked: str) -> None:
    assert masker.mask(text).text == masked
