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
