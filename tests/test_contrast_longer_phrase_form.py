"""The longer lay phrase tells the form (issue 31, the first article within one code; retrieval/search/contrast.py
`specific_terms`, used by `Retriever._contrasted` for the neighbour contrast's title balance).

The vocabulary reads a bare verb of striking as bodily harm in its base form ("udario" adds "laka tjelesna povreda")
and the same verb with a dangerous means as the qualified form ("udario palicom" adds "teška tjelesna povreda"). Both
readings told the contrast both siblings' qualifiers, so the base form kept its place above the qualified one. A term
of a phrase contained in a longer read phrase gives way where that longer phrase adds another form of it (as many
words, one swapped); a term it does not vary, a one-word term, and every reading of a story without a longer phrase
are kept. Phrasings made up for these tests, not taken from any benchmark's questions."""

from __future__ import annotations

import pytest

from retrieval.language.vocabulary import bcs_vocabulary
from retrieval.search.contrast import NeighbourContrast, specific_terms
from tests.retrieval_helpers import neighbour_contrast

BASE = "laka tjelesna povreda"
QUALIFIED = "teška tjelesna povreda"


def test_a_shorter_phrase_s_form_gives_way_to_the_longer_phrase_s() -> None:
    read = [("udario", "tjelesna povreda"), ("udario", BASE), ("udario palicom", QUALIFIED)]
    assert specific_terms(read) == ["tjelesna povreda", QUALIFIED]


def test_a_term_the_longer_phrase_does_not_vary_is_kept() -> None:
    read = [("prelom", QUALIFIED), ("prelom lobanje", "teško narušenje zdravlja")]
    assert specific_terms(read) == [QUALIFIED, "teško narušenje zdravlja"]


def test_one_word_terms_are_other_acts_not_forms() -> None:
    read = [("natjerao", "ucjena"), ("natjerao da potpise", "prinuda")]
    assert specific_terms(read) == ["ucjena", "prinuda"]


def test_phrases_that_do_not_contain_each_other_keep_their_terms() -> None:
    read = [("udario", BASE), ("prelom", QUALIFIED)]
    assert specific_terms(read) == [BASE, QUALIFIED]


def test_a_term_told_by_the_longer_phrase_itself_is_kept() -> None:
    read = [("udario palicom", BASE), ("udario palicom", QUALIFIED)]
    assert specific_terms(read) == [BASE, QUALIFIED]


@pytest.mark.parametrize(
    ("story", "kept", "gone"),
    [
        ("udario ga palicom po leđima ispred zgrade", QUALIFIED, BASE),
        ("udario ga šakom ispred zgrade", BASE, None),
    ],
)
def test_the_shipped_vocabulary_s_readings(story: str, kept: str, gone: str | None) -> None:
    expansions = bcs_vocabulary().expand(story)
    terms = specific_terms([(e.matched, e.adds) for e in expansions])
    assert kept in terms
    if gone is not None:
        assert gone in {e.adds for e in expansions}  # read, but not counted as told
        assert gone not in terms


# (law, chapter, title, text): invented wording, not a law's
ARTICLES = [
    ("KZ X", "Djela protiv tijela", "Laka tjelesna povreda", "Ko drugoga lako tjelesno povrijedi kaznit će se."),
    ("KZ X", "Djela protiv tijela", "Teška tjelesna povreda", "Ko drugoga teško tjelesno povrijedi kaznit će se."),
]


@pytest.fixture(scope="module")
def contrast() -> NeighbourContrast:
    return neighbour_contrast(ARTICLES)


def test_the_qualified_sibling_first_where_the_longer_phrase_tells_it(contrast: NeighbourContrast) -> None:
    read = [("udario", "tjelesna povreda"), ("udario", BASE), ("udario palicom", QUALIFIED)]
    question = "udario ga palicom"
    both = contrast.reorder(question, [0, 1], [1.0, 0.9], 1.0, [t for _, t in read])
    assert both == [0, 1]  # both qualifiers told: the served order stands
    assert contrast.reorder(question, [0, 1], [1.0, 0.9], 1.0, specific_terms(read)) == [1, 0]
