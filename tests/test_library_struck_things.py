"""A verb of striking whose object is a vehicle, a part of one or a thing of the road tells a collision, not a blow
(issue 31, the library's cost, thirteenth round; thesaurus.toml [collision], retrieval/language/collisions.py
`StruckThings`, vocabulary.py `_collided`).

The thesaurus lists the bare verbs of striking among the everyday words of bodily harm; told of a thing ("udario u
auto", "lupio parkiran kamion", "udarao u ivičnjake") they are a driver's collision, and the bare verb adds no bodily
harm there. A verb told of a person ("udario ga u glavu", "udario komšiju", "udario u kafiću konobara"), a verb whose
thing is too far or behind a clause word, and every phrase of the entries ("udario auto" is the crash entry's own)
read as before. Phrasings made up for these tests, not taken from any benchmark's questions."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.language.collisions import StruckThings
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import added_terms, index_rows, row, settings_for

HARM = "tjelesna povreda"


@pytest.mark.parametrize(
    "story",
    [
        "na semaforu je kamion udario u moj automobil",
        "izlazio iz garaže i udario mu je u branik",
        "vozač lupio parkiran kombi pa otišao",
        "noću udarila o ivičnjak i probušila gumu",
        "sletio s puta i udario u drvo",
    ],
)
def test_a_verb_of_striking_at_a_thing_reads_no_bodily_harm(story: str) -> None:
    assert HARM not in added_terms(story)


@pytest.mark.parametrize(
    "story",
    [
        "udario ga u glavu ispred zgrade",  # a person struck, then where
        "udario komšiju pa sjeo u auto",  # a person struck; the car after a clause word
        "udario u kafiću konobara",  # a place, not a thing struck
        "udario ga u auto",  # a person struck into a car
        "udario je, a onda joj razbio auto",  # the thing after a clause word
        "lupio mi auto a onda udario mene",  # the second verb strikes a person
    ],
)
def test_a_verb_of_striking_at_a_person_reads_bodily_harm_as_before(story: str) -> None:
    assert HARM in added_terms(story)


def test_a_phrase_of_the_entries_is_read_as_before() -> None:
    # "udario auto" is the crash entry's own phrase: what it adds stays, only the bare verb's bodily harm goes
    before = added_terms("udario auto na raskrsnici")
    assert HARM not in before
    assert "saobraćajna nezgoda" in before


def test_the_thing_must_stand_within_reach_over_prepositions_and_clitics() -> None:
    table = {
        "verbs": ["udario"],
        "things": ["auto"],
        "prepositions": ["u"],
        "clitics": ["je", "mu"],
        "persons": ["ga"],
        "clause_words": ["i", "pa"],
        "within": 3,
    }
    struck = StruckThings.of(table)
    assert struck.struck("udario je u auto") == [(0, 0)]
    assert struck.struck("udario mu je u parkirano auto") == [(0, 0)]  # clitics and one modifier
    assert struck.struck("udario u staro parkirano auto") == []  # two other words
    assert struck.struck("udario ga u auto") == []  # a person struck
    assert struck.struck("udario i auto") == []  # a clause word
    assert struck.struck("udario, auto") == []  # punctuation ends the clause
    assert struck.without("prvo udario u auto") == "prvo da u auto"
    assert struck.without("udario komšiju") is None
    assert StruckThings.of({}).struck("udario u auto") == []


def test_over_generated_laws_a_collision_does_not_reach_bodily_harm_first(tmp_path: Path) -> None:
    data_dir = index_rows(
        tmp_path,
        [
            row(
                "KZ T", "170", "Ko drugog tjelesno povrijedi ili mu naruši zdravlje, kaznit će se.", "Tjelesna povreda"
            ),
            row("ZOBS T", "42", "Vozač ne smije naglo kočiti, osim u slučaju opasnosti.", ""),
            row("ZOBS T", "44", "Vozač je dužan voziti brzinom prilagođenom uslovima puta.", ""),
        ],
    ).data_dir
    r = Retriever.open(settings_for(data_dir, search_mode="lexical"))
    # without the reading the bare verb's bodily harm put KZ T 170 first here
    assert r.search("ovaj iza njega udario u automobil kad je kočio", k=3).hits[0].id == "ZOBS T čl. 42"
    assert r.search("ovaj iza njega udario komšiju kad je kočio", k=3).hits[0].id == "KZ T čl. 170"
