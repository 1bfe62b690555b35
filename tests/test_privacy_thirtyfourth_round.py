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
