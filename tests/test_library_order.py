"""The library's cost within one law (docs/retrieval.md, "The library's cost, sixth round" and "seventh round"): where one
criminal code holds most of the first five, its articles are served in the order that code gives alone (retrieval/search/
law_order.py), in the places the library gave it. Real KZ RS articles from ../shared/laws (skipped when
absent) beside invented untitled traffic articles, indexed with the real embedder."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from retrieval.jurisdictions import scope_of
from retrieval.language.followups import content_words
from retrieval.search import law_order
from retrieval.types import ThreadContext
from tests.retrieval_helpers import criminal_code_beside_traffic


def test_only_a_story_told_in_full_on_its_own_words_is_ordered_as_its_code_alone() -> None:
    """A few words leave the code's uncompressed order to one rare word; a thread's inherited words, uncompressed within
    one code, would outweigh a correction that took them back (docs/retrieval.md, "seventh round")."""
    story = "prijetio mu je nožem na ulici pa uzeo mobitel i novčanik"
    assert len(content_words(story)) >= law_order.MIN_WORDS
    assert law_order.applies(story, None)
    assert not law_order.applies("a da vozač nema dozvolu?", None)  # a follow-up asked alone
    assert not law_order.applies("a da je imao nož?", None)
    assert not law_order.applies(story, ThreadContext(words="ukrao novčanik iz torbe"))


def test_the_law_holding_most_of_the_first_five_leads() -> None:
    assert law_order.leading_law(np.asarray([2, 0, 2, 1, 2, 0])) == 2
    assert law_order.leading_law(np.asarray([2, 0, 2, 1, 0, 2])) is None  # two, two and one: no law leads
    assert law_order.leading_law(np.asarray([2, 2, 2])) is None  # fewer than five ranked


def test_a_law_s_places_are_refilled_in_its_own_order_and_the_rest_stays() -> None:
    order = np.asarray([10, 20, 11, 30, 12, 13])
    codes = np.asarray([0, 1, 0, 2, 0, 0])
    fused = np.zeros(40)
    fused[order] = [6.0, 5.0, 4.0, 3.0, 2.0, 1.0]
    alone = {12: 0, 10: 1, 11: 2}  # 13 is not ranked alone: it keeps its place after the ranked ones
    new_order, new_fused = law_order.reorder_within(order, fused, codes, 0, alone)
    assert new_order.tolist() == [12, 20, 10, 30, 11, 13]
    # each place keeps its score, now the article's that fills it; the other laws' articles are untouched
    assert new_fused[new_order].tolist() == [6.0, 5.0, 4.0, 3.0, 2.0, 1.0]
    assert new_fused[20] == 5.0 and new_fused[30] == 3.0
    # a law holding one place has nothing to reorder
    same_order, same_fused = law_order.reorder_within(order, fused, codes, 1, {20: 0})
    assert same_order.tolist() == order.tolist() and same_fused.tolist() == fused.tolist()


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand order (the learned stage off) without the neighbour contrast: the order the library's first stage
    gives, to compare with one code searched alone."""
    return criminal_code_beside_traffic(tmp_path_factory.mktemp("law-order"))


def test_the_criminal_code_is_a_complete_code_and_the_traffic_law_is_not(library: Any) -> None:
    priors = library.candidates.priors
    laws = library.candidates.layout.law_names
    assert priors is not None
    assert priors.complete_code(laws.index("KZ RS"))
    assert not priors.complete_code(laws.index("ZOBS BiH"))


@pytest.mark.parametrize(
    "question",
    [
        "ukrao je novčanik iz torbe dok je putnik spavao u autobusu",
        "blagajnica je uzimala novac iz kase i prepravljala račune",
        "prijetio mu je nožem na ulici pa uzeo mobitel i novčanik",
    ],
)
def test_over_the_library_a_criminal_code_is_ordered_as_it_is_alone(library: Any, question: str) -> None:
    served = [h.id for h in library.search(question, k=10, jurisdiction=scope_of("RS")).hits]
    alone = [h.id for h in library.search(question, k=20, law="KZ RS").hits]
    code = [i for i in served if i.startswith("KZ RS")]
    assert sum(i.startswith("KZ RS") for i in served[:5]) >= law_order.MAJORITY
    assert code == [i for i in alone if i in code]


@pytest.mark.parametrize("question", ["otela torbu", "provalio u kuću", "prijetio nožem"])
def test_a_few_words_keep_the_library_s_own_order(library: Any, question: str) -> None:
    """Two words: the code holds the first five, but its order alone (one rare word, uncompressed) is not asked for —
    these questions are ones where the two orders differ, so the library's own order is what is served."""
    assert not law_order.applies(question, None)
    served = [h.id for h in library.search(question, k=10, jurisdiction=scope_of("RS")).hits]
    alone = [h.id for h in library.search(question, k=20, law="KZ RS").hits]
    code = [i for i in served if i.startswith("KZ RS")]
    assert sum(i.startswith("KZ RS") for i in served[:5]) >= law_order.MAJORITY
    assert code != [i for i in alone if i in code]
