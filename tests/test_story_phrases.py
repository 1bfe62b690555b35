"""Story phrases met as officers tell them (issue 29, first turns). A lay phrase's person stands for any person:
the thesaurus's story phrases were written as the victim tells the act ("čeka me ispred", "poslao moje gole
slike"), an officer tells it of someone else ("čeka je ispred", "poslao njene gole slike"). And a phrase may hold
two other words between its words: a story puts a numeral, an adjective or a time between a verb and what pins it
("ostavila dvoje male djece same", "čeka svaki dan ispred"). Invented stories, both ways: the phrase told so
reaches its offence; a story without the person, with more words between, or of another act, does not take it."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.language.vocabulary import Vocabulary, bcs_vocabulary
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import index_rows, row, settings_for, vocabulary_from

PERSONS = """
[persons]
clitics = ["me", "mi", "te", "ti", "ga", "mu", "je", "ju", "joj", "nas", "nam", "vas", "vam", "ih", "im"]
words = ["mene", "meni", "njega", "njemu", "nje", "njoj", "nju"]
stems = ["moj", "njegov", "njen"]

[[entry]]
lay = ["čeka me ispred"]
legal = ["proganjanje"]

[[entry]]
lay = ["poslao moje slike"]
legal = ["zloupotreba snimka"]

[[entry]]
lay = ["nije me prijavio"]
legal = ["radni odnos"]
"""


@pytest.fixture(scope="module")
def persons(tmp_path_factory: pytest.TempPathFactory) -> Vocabulary:
    return vocabulary_from(PERSONS, tmp_path_factory.mktemp("persons"))


def _adds(v: Vocabulary, text: str) -> set[str]:
    return {e.adds for e in v.expand(text)}


@pytest.mark.parametrize(
    ("story", "term"),
    [
        ("čeka je ispred zgrade", "proganjanje"),  # written "me", told "je"
        ("čeka ga ispred škole", "proganjanje"),
        ("bivši je čeka ispred posla", "proganjanje"),  # the clitic second in its clause, before the verb
        ("poslao njene slike", "zloupotreba snimka"),  # a possessive of another person
        ("poslao njegove slike", "zloupotreba snimka"),
        ("poslao moje slike", "zloupotreba snimka"),  # as written
        ("gazda ga nije prijavio", "radni odnos"),
    ],
)
def test_a_phrase_told_of_another_person_reaches_its_term(persons: Vocabulary, story: str, term: str) -> None:
    assert term in _adds(persons, story), story


@pytest.mark.parametrize(
    ("story", "term"),
    [
        ("čeka ispred zgrade", "proganjanje"),  # the person is kept: no one waited for
        ("poslao slike", "zloupotreba snimka"),
        ("roba koju nije prijavio carini", "radni odnos"),  # "nije me prijavio" is a person, not goods
        ("kod njega roba koju nije prijavio", "radni odnos"),  # a stressed pronoun is no clitic moved before
        ("je juče neko čeka ispred", "proganjanje"),  # a clitic moved before the verb stands right before it
    ],
)
def test_a_story_without_the_person_does_not_take_the_phrase(persons: Vocabulary, story: str, term: str) -> None:
    assert term not in _adds(persons, story), story


def test_a_thesaurus_without_persons_reads_its_pronouns_as_words(tmp_path: Path) -> None:
    v = vocabulary_from('[[entry]]\nlay = ["čeka me ispred"]\nlegal = ["proganjanje"]\n', tmp_path)
    assert "proganjanje" in _adds(v, "čeka me ispred")
    assert "proganjanje" not in _adds(v, "čeka je ispred")


# --- the shipped thesaurus -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("story", "offence"),
    [
        ("bivši muž je čeka ispred stana", "proganjanje"),
        (
            "momak proslijedio njene gole slike u grupu",
            "zloupotreba fotografije i video-zapisa polno eksplicitnog sadržaja",
        ),
        ("neko je ušao u njen profil na instagramu", "neovlašteni pristup"),
        ("otvorio njegovu poštu i pročitao", "povreda tajnosti pisma ili drugih pošiljki"),
    ],
)
def test_a_story_of_another_person_reaches_its_offence(story: str, offence: str) -> None:
    assert offence in _adds(bcs_vocabulary(), story), story


@pytest.mark.parametrize(
    ("story", "not_added"),
    [
        ("na granici nije prijavio robu carinicima", "povreda prava iz radnog odnosa"),  # goods, not a worker
        ("prodavao auto preko oglasa", "pronevjera"),  # "prodao moj auto": someone else's car
        ("sudar dva auta, samo limarija", "vozilo u kvaru"),  # "auto mi stao": the car broke down
        ("stoji ispred škole i čeka autobus", "proganjanje"),  # waiting, no one waited for
    ],
)
def test_a_story_of_another_act_takes_no_person_phrase(story: str, not_added: str) -> None:
    assert not_added not in _adds(bcs_vocabulary(), story), story


@pytest.mark.parametrize(
    ("story", "offence"),
    [
        ("otac ostavio troje male djece same u kući", "zapuštanje i zlostavljanje djeteta"),  # "ostavio djecu same"
        ("ona ga čeka svako jutro ispred škole", "proganjanje"),  # "čeka me ispred": a person and a time
    ],
)
def test_a_story_with_two_words_inside_a_phrase_reaches_its_offence(story: str, offence: str) -> None:
    assert offence in _adds(bcs_vocabulary(), story), story


def test_three_words_inside_a_phrase_are_another_story() -> None:
    assert "zapuštanje i zlostavljanje djeteta" not in _adds(bcs_vocabulary(), "ostavio djecu kod bake na selu same")


# --- search over generated laws ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stalking_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return index_rows(
        tmp_path_factory.mktemp("persons-index"),
        [
            row("KZ T", "144", "Ko uporno prati ili uhodi drugo lice i time kod njega izazove strah.", "Proganjanje"),
            row(
                "KZ T",
                "150",
                "Ko ugrozi sigurnost drugog ozbiljnom prijetnjom, kaznit će se.",
                "Ugrožavanje sigurnosti",
            ),
            row("KZ T", "224", "Ko tuđu pokretnu stvar oduzme od drugog u namjeri da je prisvoji.", "Krađa"),
        ],
    ).data_dir


def test_a_story_of_her_reaches_the_stalking_article_first(stalking_index: Path) -> None:
    r = Retriever.open(settings_for(stalking_index, search_mode="lexical"))
    assert r.search("bivši je čeka ispred posla", k=3).hits[0].id == "KZ T čl. 144"
