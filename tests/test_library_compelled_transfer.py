"""A vehicle or other property put in another's name under compulsion is extortion, not the registration of a sale
(issue 31, the library's cost, fifteenth round; thesaurus.toml [[compose]] "prinuda na prenos imovine",
retrieval/language/composed.py `Composition.superseded`).

The codes define extortion by what the victim is forced to do: "silom ili prijetnjom prinudi drugog da nešto učini
ili ne učini na štetu svoje ili tuđe imovine" (KZ FBiH 295, KZ RS 232, KZ BD 289 "Iznuda"). Putting one's car in
another's name is such an act; read alone, the transfer of a car is its change of owner at the registration office
(the traffic law's registration articles), whose terms outweighed the extortion over the whole library. A compulsion
and a transfer in one clause read as extortion and the registration phrase gives way. Phrasings made up for these
tests, not taken from any benchmark's questions."""

from __future__ import annotations

import pytest

from retrieval.language.composed import Composition
from tests.retrieval_helpers import added_terms

EXTORTION_GAIN = "pribavi protivpravnu imovinsku korist"
REGISTRATION = "potvrda o registraciji"


@pytest.mark.parametrize(
    "story",
    [
        "natjerao ga je da mu prepiše auto",
        "silom su je natjerali da im prepiše auto na ime",
        "natjerala ga da prenese kuću na nju",
    ],
)
def test_a_transfer_under_compulsion_reads_as_extortion_not_registration(story: str) -> None:
    adds = added_terms(story)
    assert "iznuda" in adds and EXTORTION_GAIN in adds
    assert REGISTRATION not in adds  # the transfer's registration phrase gave way


@pytest.mark.parametrize(
    "story",
    [
        "prepisao auto na sina prošle sedmice",  # a transfer, no compulsion
        "natjerali su ga da ode, a sutra je prepisao auto na sina",  # the compulsion in another clause
        "natjerali su ga da ne prepiše auto",  # the transfer negated
    ],
)
def test_a_transfer_without_compulsion_in_its_clause_reads_as_before(story: str) -> None:
    assert EXTORTION_GAIN not in added_terms(story)


def test_a_compulsion_with_no_transfer_reads_no_extortion_gain() -> None:
    assert EXTORTION_GAIN not in added_terms("natjerao ga je da klekne pred svima")


def test_the_registration_phrase_still_reads_registration_alone() -> None:
    assert REGISTRATION in added_terms("prepisao auto na sina prošle sedmice")


def test_gives_way_applies_without_a_superseded_part() -> None:
    class E:
        def __init__(self, matched: str, adds: str) -> None:
            self.matched, self.adds = matched, adds

    composition = Composition.of({"parts": [["sila"], []], "legal": ["iznuda"], "gives_way": ["registracija"]})
    expansions = [E("natjerao", "sila"), E("prepis auta", "registracija")]
    assert composition.superseded(expansions) == {"prepis auta"}
