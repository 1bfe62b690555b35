"""The officer asks in the first person what he may or must do, and a law's untitled provisions whose opening sentence
names the authorised official come first among that law's served articles (retrieval/search/officer_acts.py;
docs/retrieval.md, "The first article within one code: the officer's own act asked", issue 31). Phrasings and
articles made up for these tests, not taken from any benchmark's questions or a law's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.search.officer_acts import asks_own_act, names_official, officials_first
from tests.retrieval_helpers import hand_ordered, index_rows, zobs_row


@pytest.mark.parametrize(
    "question",
    [
        "kombi stoji na pješačkom prelazu bez vozača, možemo li ga ukloniti",
        "motorist bez kacige pobjegao s mjesta kontrole, šta radim sad",
        "traktor vozi noću bez svjetala, moram li ga zaustaviti?",
        "возач одбија да покаже исправе, смијем ли га задржати",  # Cyrillic folds to Latin
        "kamion prevozi pijesak bez cerade, kako da postupimo?",
    ],
)
def test_a_first_person_asking_clause_asks_the_officer_s_own_act(question: str) -> None:
    assert asks_own_act(question)


@pytest.mark.parametrize(
    "question",
    [
        "kombi stoji na pješačkom prelazu bez vozača, smije li to",  # the road user's act: third person
        "možemo li ga kazniti?",  # all clause: no story told, the clause is the question (asking.py)
        "radimo kontrolu na izlazu iz grada, vozač bez dozvole",  # a first person in the story, not in what is asked
        "traktor vozi noću bez svjetala, kolika je kazna",
    ],
)
def test_other_questions_do_not(question: str) -> None:
    assert not asks_own_act(question)


@pytest.mark.parametrize(
    "opening",
    [
        "(1) Ovlašćeno lice isključiće iz saobraćaja vozilo koje nema ispravne kočnice.",
        "Ako ovlašteno službeno lice zatekne vozilo bez tablica, naložiće da se ukloni.",
        "Vozač je dužan da na zahtjev ovlaštene službene osobe pokaže putni nalog.",
        "Policijski službenik može zaustaviti vozilo radi kontrole.",
    ],
)
def test_an_opening_sentence_names_the_authorised_official(opening: str) -> None:
    assert names_official(opening)


@pytest.mark.parametrize(
    "opening",
    [
        "Vozač ne smije upravljati vozilom koje nema ispravne kočnice.",
        "Službeno lice koje pri obavljanju službe prekorači ovlašćenja kazniće se.",  # powers exceeded: an act
        "Ovlašćenja za izdavanje dozvola ima nadležni organ.",
    ],
)
def test_other_opening_sentences_do_not(opening: str) -> None:
    assert not names_official(opening)


def test_within_each_law_s_slots_the_official_s_articles_come_first() -> None:
    # five served: law 0 at places 0, 2, 3 (its third names the official), law 1 at 1 and 4 (its second does)
    laws = [0, 1, 0, 0, 1]
    official = [False, False, False, True, True]
    assert officials_first(laws, official) == [3, 4, 0, 2, 1]
    # already first, or none named: nothing moves
    assert officials_first([0, 0, 1], [True, False, True]) == [0, 1, 2]
    assert officials_first([0, 0], [False, False]) == [0, 1]
    # two that name him keep their served order
    assert officials_first([0, 0, 0], [False, True, True]) == [1, 2, 0]


def _rows() -> list[dict]:
    return [
        zobs_row("10", "Motorno vozilo u saobraćaju na putu mora imati ispravne kočnice i ispravna svjetla."),
        zobs_row("11", "Vozač ne smije upravljati motornim vozilom koje nema ispravne kočnice."),
        zobs_row(
            "12",
            "Ovlašćeno lice isključiće iz saobraćaja motorno vozilo koje nema ispravne kočnice i oduzeće "
            "saobraćajnu dozvolu.",
        ),
    ]


def test_search_serves_the_official_s_provision_first_when_the_officer_asks_what_he_may_do(tmp_path: Path) -> None:
    settings = index_rows(tmp_path, _rows())
    on = hand_ordered(settings)
    off = hand_ordered(settings.model_copy(update={"officer_acts": False}))
    asked = "zaustavili auto kojem ne rade kočnice, šta radimo s vozilom"
    served_on = [h.id for h in on.search(asked, k=3).hits]
    served_off = [h.id for h in off.search(asked, k=3).hits]
    assert served_on[0] == "ZOBS BiH čl. 12"
    assert sorted(served_on) == sorted(served_off)  # the same articles: only their order within the law
    # the road user's act asked in the third person: the order as without the reading
    told = "zaustavili auto kojem ne rade kočnice, smije li on tako voziti"
    assert [h.id for h in on.search(told, k=3).hits] == [h.id for h in off.search(told, k=3).hits]
