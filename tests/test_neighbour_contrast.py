"""Contrast among near neighbours (retrieval/search/contrast.py): among the first served, articles of one law that are
near neighbours (the same chapter, or near-identical titles) are reordered among themselves by the question's words
each holds and the others do not; a candidate of no group keeps its place, and at weight 0 nothing moves. Small
invented articles over the real tokenizer and BM25 index."""

from __future__ import annotations

import pytest

from kodeks.settings import Settings
from retrieval.search.contrast import NeighbourContrast
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import neighbour_contrast, settings_for

# (law, chapter, title, text): invented wording, not a law's
ARTICLES = [
    ("KZ X", "Djela protiv imovine", "Krađa", "Ko tuđu pokretnu stvar oduzme da je prisvoji kaznit će se."),
    (
        "KZ X",
        "Djela protiv imovine",
        "Teška krađa",
        "Ko tuđu pokretnu stvar oduzme provaljivanjem ili obijanjem zatvorenih prostorija kaznit će se strože.",
    ),
    ("KZ X", "Djela protiv zdravlja", "Nesavjesno liječenje", "Doktor koji primijeni očito neprikladno sredstvo."),
    ("KZ X", "Djela protiv službe", "Primanje dara", "Službena osoba koja zahtijeva ili primi dar."),
    ("KZ X", "Djela protiv službe", "Davanje dara", "Ko službenoj osobi učini ili obeća dar."),
    ("KZ Y", "Djela protiv imovine", "Krađa", "Ko tuđu pokretnu stvar oduzme kaznit će se zatvorom."),
]


@pytest.fixture(scope="module")
def contrast() -> NeighbourContrast:
    return neighbour_contrast(ARTICLES)


def test_siblings_of_one_chapter_and_of_one_law_only_are_neighbours(contrast: NeighbourContrast) -> None:
    # the two thefts of KZ X (one chapter, "Krađa" inside "Teška krađa"), the two gifts (one chapter); KZ Y's theft
    # has the same title but is another law's; medical treatment is alone
    assert contrast.groups([0, 1, 2, 5]) == [[0, 1]]
    assert contrast.groups([3, 2, 4]) == [[0, 2]]
    assert contrast.groups([2, 5]) == []


def test_the_questions_distinguishing_word_lifts_the_sibling_that_holds_it(contrast: NeighbourContrast) -> None:
    # "Davanje dara" first by a small margin; both titles' own words ("davanje", "primanje") are untold alike, and only
    # the taking's text holds "zahtijeva": the question's distinguishing word
    question = "službena osoba zahtijeva dar da izda dozvolu"
    assert contrast.reorder(question, [4, 3], [2.0, 1.8], weight=2.0) == [1, 0]
    # a margin larger than the weight × the distinguishing share is kept
    assert contrast.reorder(question, [4, 3], [9.0, 1.0], weight=2.0) == [0, 1]
    # words both siblings hold distinguish nothing: the order stays
    assert contrast.reorder("službena osoba i dar", [4, 3], [2.0, 1.8], weight=2.0) == [0, 1]


def test_a_qualifier_of_the_title_the_question_never_tells_counts_against_it(contrast: NeighbourContrast) -> None:
    # "Teška krađa" first by a small margin: its own title word ("teška") is not told, so the plain theft goes first
    assert contrast.reorder("oduzeo tuđu stvar", [1, 0], [2.0, 1.9], weight=1.0) == [1, 0]
    # told — in the question or in the legal terms the vocabulary read in it — it keeps its place
    assert contrast.reorder("teška krađa, oduzeo stvar", [1, 0], [2.0, 1.9], weight=1.0) == [0, 1]
    assert contrast.reorder("oduzeo stvar", [1, 0], [2.0, 1.9], weight=1.0, terms=["teška krađa"]) == [0, 1]


def test_a_non_member_keeps_its_place(contrast: NeighbourContrast) -> None:
    question = "oduzeo tuđu stvar, a doktor mu dao neprikladno sredstvo"
    # served: Teška krađa, Nesavjesno liječenje (no group), Krađa: the thefts swap over the middle slot, which stays
    order = contrast.reorder(question, [1, 2, 0], [3.0, 2.9, 2.8], weight=10.0)
    assert order == [2, 1, 0]


def test_weight_zero_and_no_group_leave_the_order(contrast: NeighbourContrast) -> None:
    question = "oduzeo tuđu stvar"
    assert contrast.reorder(question, [1, 0, 2], [2.0, 1.9, 1.8], weight=0.0) == [0, 1, 2]
    assert contrast.reorder(question, [2, 5], [2.0, 1.9], weight=10.0) == [0, 1]
    # the base is read by served place: scores given out of order move nothing where the contrast is equal
    assert contrast.reorder("službena osoba i dar", [4, 3], [1.0, 3.0], weight=10.0) == [0, 1]


def test_own_shares_count_only_what_the_others_do_not_hold(contrast: NeighbourContrast) -> None:
    shares = contrast.own_shares("provaljivanjem oduzeo stvar", [0, 1])
    assert shares[0] == 0.0  # "oduzeo", "stvar": both thefts hold them
    assert shares[1] > 0.0  # "provaljivanjem": the aggravated theft's text alone


def test_on_by_default_at_the_weight_chosen() -> None:
    assert Settings(_env_file=None).neighbour_contrast == 1.0  # type: ignore[call-arg]


@pytest.fixture(scope="module")
def off_and_on(sample_index: Settings) -> tuple[Retriever, Retriever]:
    """The real search over the sample index without the contrast and with a large weight."""
    return (
        Retriever.open(settings_for(sample_index.data_dir, neighbour_contrast=0.0)),
        Retriever.open(settings_for(sample_index.data_dir, neighbour_contrast=5.0)),
    )


@pytest.mark.parametrize("question", ["ukrao je auto iz garaže", "vozač pod alkoholom", "ubio je komšiju"])
def test_a_search_serves_the_same_five_articles_with_and_without_contrast(
    off_and_on: tuple[Retriever, Retriever], question: str
) -> None:
    # the contrast reorders the first five among themselves: it never replaces one, nor moves the rest
    off, on = (r.search(question, k=10).hits for r in off_and_on)
    assert {h.article.id for h in on[:5]} == {h.article.id for h in off[:5]}
    assert [h.article.id for h in on[5:]] == [h.article.id for h in off[5:]]
