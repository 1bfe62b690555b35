"""A threat or force against a judge, a prosecutor or an official of the administration reads as the codes' offences
against them, whatever form of the verb told it (issue 29, corrections whose replacing act was not found by its own
words; thesaurus.toml [[compose]] "prijetnja sudiji ili tužiocu" and "prijetnja službenoj osobi",
retrieval/language/composed.py `Composition.asked`).

The codes name the person threatened: "Tko sudca ili tužitelja silom ili ozbiljnom prijetnjom prinudi …" (KZ FBiH
359a "Prinuda prema osobi koja vrši pravosudnu funkciju"; KZ RS 339 "Napad na sudiju i javnog tužioca"; KZ BiH 241
"Ometanje rada pravosuđa"), "Tko silom ili prijetnjom … spriječi službenu osobu u obavljanju službene radnje" (KZ FBiH
358, KZ RS 306, KZ BD 352, KZ BiH 241a). The entries list some verb forms with some words for those persons ("prijeti
sudiji"); a threat told in another form ("prijetili su tužiteljici", "zaprijetio sudiji") read as a threat to anyone's
safety. A threat and such a person in one clause now read as the codes' offence. "prijeti" is also the penalty a
question asks about ("koliko prijeti sudiji koji …"): right after a question's word of the penalty it tells no
threat. Phrasings made up for these tests, not taken from any benchmark's questions."""

from __future__ import annotations

import pytest

from retrieval.language.composed import Composition
from tests.retrieval_helpers import added_terms, bcs_vocabulary

JUDICIARY = "prinuda prema osobi koja vrši pravosudnu funkciju"
OBSTRUCTION = "sprječavanje službene osobe u obavljanju službene radnje"
COMPOSITIONS = {"prijetnja sudiji ili tuziocu", "prijetnja sluzbenoj osobi"}  # how the readings are reported


def composed(story: str) -> set[str]:
    """The two compositions' names among what `story` reads."""
    return {e.matched for e in bcs_vocabulary().expand(story)} & COMPOSITIONS


@pytest.mark.parametrize(
    "story",
    [
        "zaprijetio je sudiji da će mu zapaliti kuću",
        "prijetili su tužiteljici preko telefona",
        "tužiocu su poslali poruku i prijetili mu",
        "zaprijetila sutkinji u hodniku suda",
    ],
)
def test_a_threat_to_a_judge_or_prosecutor_reads_the_judiciary_offence(story: str) -> None:
    assert JUDICIARY in added_terms(story)
    assert composed(story) == {"prijetnja sudiji ili tuziocu"}


@pytest.mark.parametrize(
    "story",
    [
        "zaprijetio je inspektoru da će ga prebiti",
        "carinskom službeniku prijetili nožem na prelazu",
        "referentu u opštini zaprijetio da će ga naći",
    ],
)
def test_a_threat_to_an_official_reads_the_obstruction_of_an_official(story: str) -> None:
    assert OBSTRUCTION in added_terms(story)
    assert composed(story) == {"prijetnja sluzbenoj osobi"}


@pytest.mark.parametrize(
    "story",
    [
        "koliko prijeti sudiji koji je primio mito",  # the penalty asked, no threat
        "kakva kazna prijeti inspektoru koji uzme pare",
        "komšija mu prijeti već mjesecima, a sudija je odbio zahtjev",  # the judge in another clause
        "sudija mu je izrekao uslovnu kaznu",  # a judge, no threat
    ],
)
def test_no_threat_to_the_person_in_one_clause_reads_no_composition(story: str) -> None:
    assert not composed(story)


def test_the_police_are_no_official_of_the_composition() -> None:
    # "prijeti da će zvati policiju": the police named as no one threatened
    assert not composed("prijeti komšiji da će zvati policiju")
    assert not composed("zaprijetio je policajcu da će ga naći")


def test_a_word_of_the_question_before_the_threat_word_tells_no_first_part() -> None:
    composition = Composition.of(
        {"parts": [["prijetnja"], []], "verbs": ["sudij"], "anywhere": True, "asked": ["koliko"], "legal": ["x"]}
    )

    def adds_of(word: str) -> list[str]:
        return ["prijetnja"] if word.startswith("prijet") else []

    assert composition.reads("prijetio sudiji", ["prijetnja"], adds_of)
    assert not composition.reads("koliko mu prijeti sudiji", ["prijetnja"], adds_of)
    assert composition.reads("koliko je to trajalo i prijetio je sudiji", ["prijetnja"], adds_of)
