"""A threat or force against a judge or a prosecutor reads as the codes' offence against the judiciary, whatever form
of the verb told it (issue 29, corrections whose replacing act was not found by its own words; thesaurus.toml
[[compose]] "prijetnja sudiji ili tužiocu", retrieval/language/composed.py `Composition.asked`).

The codes name the person threatened: "Tko sudca ili tužitelja silom ili ozbiljnom prijetnjom prinudi …" (KZ FBiH
359a "Prinuda prema osobi koja vrši pravosudnu funkciju"; KZ RS 339 "Napad na sudiju i javnog tužioca"; KZ BiH 241
"Ometanje rada pravosuđa"). The entries list some verb forms with some words for those persons ("prijeti sudiji");
a threat told in another form ("prijetili su tužiteljici", "zaprijetio sudiji") read as a threat to anyone's safety.
A threat and a judge or a prosecutor in one clause now read as the codes' offence. "prijeti" is also the penalty a
question asks about ("koliko prijeti sudiji koji …"): right after a question's word of the penalty it tells no
threat. The same composition for an official of the administration (an inspector, a customs officer, a clerk:
obstruction of an official) was tried and not kept. Phrasings made up for these tests, not taken from any
benchmark's questions."""

from __future__ import annotations

import pytest

from retrieval.language.composed import Composition
from tests.retrieval_helpers import added_terms, bcs_vocabulary

JUDICIARY = "prinuda prema osobi koja vrši pravosudnu funkciju"
COMPOSITIONS = {"prijetnja sudiji ili tuziocu"}  # how the readings are reported


def composed(story: str) -> set[str]:
    """The composition's name among what `story` reads."""
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
        "koliko prijeti sudiji koji je primio mito",  # the penalty asked, no threat
        "kakva kazna prijeti tužiocu koji uzme pare",
        "komšija mu prijeti već mjesecima, a sudija je odbio zahtjev",  # the judge in another clause
        "sudija mu je izrekao uslovnu kaznu",  # a judge, no threat
    ],
)
def test_no_threat_to_the_person_in_one_clause_reads_no_composition(story: str) -> None:
    assert not composed(story)


def test_a_threat_to_an_official_of_the_administration_reads_no_judiciary_offence() -> None:
    # tried and not kept: the same composition for an inspector, a customs officer or a clerk (docs/retrieval.md)
    assert not composed("zaprijetio je inspektoru da će ga prebiti")
    assert not composed("prijeti komšiji da će zvati policiju")


def test_a_word_of_the_question_before_the_threat_word_tells_no_first_part() -> None:
    composition = Composition.of(
        {"parts": [["prijetnja"], []], "verbs": ["sudij"], "anywhere": True, "asked": ["koliko"], "legal": ["x"]}
    )

    def adds_of(word: str) -> list[str]:
        return ["prijetnja"] if word.startswith("prijet") else []

    assert composition.reads("prijetio sudiji", ["prijetnja"], adds_of)
    assert not composition.reads("koliko mu prijeti sudiji", ["prijetnja"], adds_of)
    assert composition.reads("koliko je to trajalo i prijetio je sudiji", ["prijetnja"], adds_of)
