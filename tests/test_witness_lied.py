"""A witness named, and later in his clause that he lied, is the codes' false testimony told by its parts (issue
29/31; thesaurus.toml [testimony], retrieval/language/testimony.py, vocabulary.py).

The codes define false testimony by its giver (a witness, an expert, a translator or an interpreter) and a false
statement; the entries write "svjedok lagao", a story puts the court and the case between. Such a story reads the
false testimony's terms; a lie told of someone else in a reported clause, a negated lie, and a lie with no witness
named read as before. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from retrieval.language.testimony import FalseTestimony
from tests.retrieval_helpers import added_terms

TESTIMONY = "davanje lažnog iskaza"


@pytest.mark.parametrize(
    "story",
    [
        "svjedokinja pred opštinskim sudom u parničnom predmetu slagala o datumu",
        "vještak u postupku za naknadu štete očito lagao o nalazu",
        "sudski tumač na glavnom pretresu namjerno laže",
    ],
)
def test_a_witness_who_lied_reads_as_false_testimony(story: str) -> None:
    assert TESTIMONY in added_terms(story)


@pytest.mark.parametrize(
    "story",
    [
        "svjedok tvrdi da je komšija lagao policiji o autu",  # another's lie, in a reported clause
        "svjedok na ročištu nije lagao, sve se poklopilo",  # a negated lie
        "muž lagao ženi gdje je bio cijelu noć",  # no witness named
    ],
)
def test_other_lies_do_not_read_as_false_testimony(story: str) -> None:
    assert TESTIMONY not in added_terms(story)


def test_an_empty_table_reads_nothing() -> None:
    assert not FalseTestimony().reads("svjedok na sudu lagao")
