"""Migrants named with the border, a crossing, a vehicle or their carrying are the state code's smuggling of people
told by its parts (issue 29/31; thesaurus.toml [migrants], retrieval/language/migrants.py, vocabulary.py).

The code defines the offence by what is done with the migrants and where (KZ BiH 189: carried over the state border,
transported, hidden); the entries write "migranti u kombiju", a story puts the crossing, the vehicle and a number
between. Such a story reads the smuggling's terms; migrants named with none of those, a negated carrying, and a
vehicle or a border with no migrants read as before. Phrasings made up for these tests, not taken from any
benchmark's turns."""

from __future__ import annotations

import tomllib

import pytest

from retrieval.language.migrants import CarriedMigrants
from retrieval.language.vocabulary import DATA_DIR, THESAURUS_FILE
from tests.retrieval_helpers import added_terms

SMUGGLING = "krijumčarenje migranata"


@pytest.mark.parametrize(
    "story",
    [
        "kod Bijeljine zaustavljena hladnjača, unutra devet migranata iz Maroka",
        "na graničnom prelazu pronađeno četvero migranata ispod tereta",
        "taksista noću prebacivao trojicu ilegalaca do Velike Kladuše",
        "u prikolici traktora bilo je petnaest migranata, vlasnik šuti",
    ],
)
def test_migrants_carried_or_at_the_border_read_as_smuggling(story: str) -> None:
    assert SMUGGLING in added_terms(story)


@pytest.mark.parametrize(
    "story",
    [
        "migranti se potukli ispred prihvatnog centra, jedan ranjen",  # no border, vehicle or carrying
        "migrant ukrao mobitel iz prodavnice u centru",  # a theft by a migrant
        "u kombiju na granici pronađeno 40 šteka cigareta",  # a vehicle at the border, no migrants
    ],
)
def test_other_stories_do_not_read_as_smuggling(story: str) -> None:
    assert SMUGGLING not in added_terms(story)


def test_the_shipped_table_reads_no_negated_carrying() -> None:
    table = tomllib.loads((DATA_DIR / THESAURUS_FILE).read_text(encoding="utf-8"))["migrants"]
    assert not CarriedMigrants.of(table).reads("nije prevozio nikakve migrante, to je bio neko drugi")
    assert CarriedMigrants.of(table).reads("prevozio je nekoliko migranata")


def test_an_empty_table_reads_nothing() -> None:
    assert not CarriedMigrants().reads("na granici u kombiju deset migranata")


def test_the_table_reads_its_own_parts() -> None:
    table = CarriedMigrants("w", ("migran",), ("granic",), ("kombi",), ("prevo",), frozenset({"nije"}))
    assert table.reads("deset migranata na granici")
    assert table.reads("kombi pun migranata")
    assert table.reads("prevozio je migrante")
    assert not table.reads("nije prevozio migrante")
    assert not table.reads("migranti u parku")
