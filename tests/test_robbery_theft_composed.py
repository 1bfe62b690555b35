"""A taking and a blow told apart compose robbery-theft (issue 29; thesaurus.toml [[compose]] "oduzimanje pa udarac",
retrieval/language/composed.py). The codes' "Razbojnička krađa" is a theft whose thief, caught in it, uses force
against a person to keep the thing; a story tells the taking and the blow apart, and each read alone is a theft (or
a cashier's embezzlement) and a bodily injury. Both told: the offence they make is read too; either alone: not.
Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.language.vocabulary import bcs_vocabulary
from tests.retrieval_helpers import vocabulary_from

ROBBERY_THEFT = "razbojnička krađa"
NAME = "oduzimanje pa udarac"


def _composed(vocabulary: object, story: str) -> set[str]:
    return {e.adds for e in vocabulary.expand(story) if e.matched == NAME}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "story",
    [
        "ukrao je dvije boce rakije, a kad ga je prodavač uhvatio, udario ga je i pobjegao",
        "uzeo novac iz kase, a radnicu koja ga je držala gurnuo je na pod",
    ],
)
def test_a_taking_and_a_blow_read_as_robbery_theft(story: str) -> None:
    assert ROBBERY_THEFT in _composed(bcs_vocabulary(), story), story


@pytest.mark.parametrize(
    "story",
    [
        "ukrao joj novčanik iz torbe u autobusu",  # a taking, no blow
        "udario ga je šakom u kafani",  # a blow, nothing taken
    ],
)
def test_a_taking_alone_or_a_blow_alone_is_no_robbery_theft(story: str) -> None:
    assert not _composed(bcs_vocabulary(), story), story


COMPOSE = """
[[compose]]
name = "oduzimanje pa udarac"
parts = [["krađa"], ["tjelesna povreda"]]
legal = ["razbojnička krađa"]

[[entry]]
lay = ["ukrao"]
legal = ["krađa"]

[[entry]]
lay = ["udario"]
legal = ["tjelesna povreda"]
"""


def test_the_composition_is_read_from_the_data(tmp_path: Path) -> None:
    (tmp_path / "with").mkdir()
    (tmp_path / "without").mkdir()
    with_table = vocabulary_from(COMPOSE, tmp_path / "with")
    without = vocabulary_from(COMPOSE.replace("[[compose]]", "[unread]"), tmp_path / "without")
    assert ROBBERY_THEFT in _composed(with_table, "ukrao sat i udario vlasnika")
    assert not _composed(without, "ukrao sat i udario vlasnika")
