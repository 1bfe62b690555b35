"""Goods not declared where customs or the border is named are the state code's smuggling told by what was left undone
(issue 29/31; thesaurus.toml [customs], retrieval/language/customs.py, vocabulary.py).

The state code's smuggling is carrying goods over the customs line evading the measures of customs control; a story
names the goods in one clause and the declaration not made in another, where the smuggling entries' phrases stand
whole. Such a story reads the smuggling's terms, and the declaring words no longer read as an unregistered worker; a
declaration not made with no customs or border named, a declaration made at the border and a border with nothing
undeclared read as before. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from retrieval.language.customs import UndeclaredGoods
from tests.retrieval_helpers import added_terms

SMUGGLING = "krijumčarenje"
CUSTOMS_LINE = "preko carinske linije"
WORKER = "povreda prava iz radnog odnosa"


@pytest.mark.parametrize(
    "story",
    [
        "na carini kod Bijače u kombiju našli 50 kartona kafe ispod sjedišta, vozač ništa nije prijavio",
        "granični prelaz, u autobusu dvije torbe parfema, neprijavljeno",
        "kamion stao na granici, u prikolici gume koje nisu prijavljene na carini",
    ],
)
def test_goods_not_declared_at_the_border_read_as_smuggling(story: str) -> None:
    adds = added_terms(story)
    assert SMUGGLING in adds
    assert CUSTOMS_LINE in adds


def test_the_declaring_words_no_longer_read_as_a_worker() -> None:
    story = "na graničnom prelazu u gepeku tri sanduka alata, nije prijavljeno"
    assert WORKER not in added_terms(story)
    assert WORKER in added_terms("na gradilištu radnik nije prijavljen, gazda ga drži na crno")


@pytest.mark.parametrize(
    "story",
    [
        "komšija nije prijavio krađu policiji",  # a declaration not made, no customs or border named
        "na granici je prijavio svu robu i platio carinu",  # a declaration made
        "na graničnom prelazu zaustavili vozača bez vozačke",  # a border, nothing undeclared
    ],
)
def test_other_stories_do_not_read_as_smuggling(story: str) -> None:
    assert CUSTOMS_LINE not in added_terms(story)


def test_an_empty_table_reads_nothing() -> None:
    assert not UndeclaredGoods.of({}).reads("na carini ništa nije prijavio")


def test_the_negation_must_stand_right_before_the_declaring_or_one_word_before() -> None:
    table = {"word": "mimo carine", "declared": ["prijavi"], "negations": ["nije"], "places": ["carin"]}
    reading = UndeclaredGoods.of(table)
    assert reading.reads("na carini nije prijavio")
    assert reading.reads("na carini nije ništa prijavio")
    assert not reading.reads("nije on kriv, na carini je sve prijavio")


def test_a_phrase_of_the_smuggling_itself_keeps_what_it_adds() -> None:
    adds = added_terms("na granici zaustavljen kombi, vozač nije prijavio robu")
    assert {SMUGGLING, CUSTOMS_LINE, "carinska prijevara"} <= adds
