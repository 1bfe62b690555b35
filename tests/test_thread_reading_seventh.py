"""Issue 29, seventh round: a follow-up stays in the kind of law its thread is in. A continuation (an aspect, a
circumstance, another jurisdiction's law) or a correction is searched with the kinds of law the thread's trusted
answer agrees on (its first two articles' laws) preferred, as a question's own topic is: a story about a crime told
on with everyday words of the traffic law ("na parkingu", "kamion") is not moved into the traffic law. A related act
(found by its own words), an answer split between kinds or one search judged weak give no kind. Wording invented for
these tests; the toy library of tests/test_library_priors.py, real embedder."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.jurisdictions import scope_of
from retrieval.types import ThreadContext
from tests.retrieval_helpers import index_rows
from tests.test_library_priors import library_rows

THEFT = "ukrao mu je novčanik iz jakne u kafiću"
CRIME = ("KZ RS čl. 224", "KZ RS čl. 124")  # an answer whose first two articles are both of the criminal code
SPLIT = ("KZ RS čl. 224", "ZOBS BiH čl. 26")  # one of the criminal code, one of the traffic law


def _thread(articles: tuple[str, ...], weak: bool = False) -> Thread:
    return Thread().after(Exchange(THEFT, THEFT, articles=articles, weak=weak))


def test_the_kinds_an_answer_s_articles_share() -> None:
    from retrieval.search.library_priors import LibraryPriors

    law_code = np.asarray([0, 0, 1, 2, 3])  # KZ RS, KZ RS, KZ BiH, a traffic law, a law of no known kind
    kinds = [frozenset({"criminal code"}), frozenset({"criminal code"}), frozenset({"traffic safety"}), frozenset()]
    priors = LibraryPriors(np.asarray([0, 0, 0, 1, 2], dtype=np.int32), {}, law_code, kinds)
    assert priors.shared_kinds([0, 1]) == {"criminal code"}
    assert priors.shared_kinds([0, 2]) == {"criminal code"}  # the entity's code and the state's: one kind
    assert priors.shared_kinds([0, 3]) == frozenset()  # split between kinds: none
    assert priors.shared_kinds([4]) == frozenset() and priors.shared_kinds([]) == frozenset()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("a koja je kazna za to?", "continuation"),
        ("a da je to bilo na parkingu?", "continuation"),
        ("a kako je to po zakonu Federacije?", "continuation"),
        ("ne, nije ga ukrao, izvukao ga je iz auta", "correction"),
    ],
)
def test_a_continuation_or_a_correction_keeps_the_thread_s_kind_of_law(text: str, kind: str) -> None:
    understood = understand(text, _thread((*CRIME, "KZ RS čl. 190")))
    assert understood.kind == kind and understood.context is not None
    assert understood.context.law_of == CRIME  # the answer's first two articles: their laws must agree


def test_no_kind_after_a_weak_answer_or_for_a_related_act() -> None:
    weak = understand("a koja je kazna za to?", _thread(CRIME, weak=True))
    assert weak.context is not None and weak.context.law_of == ()  # a miss is no evidence of the thread's law
    related = understand("a onda je izvadio nož i izbo konobara", _thread(CRIME))
    assert related.kind == "related" and (related.context is None or related.context.law_of == ())


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from retrieval.search.retriever import Retriever

    settings = index_rows(tmp_path_factory.mktemp("thread-kind"), library_rows())
    return Retriever.open(settings.model_copy(update={"ranker": "off"}))


def test_the_search_prefers_the_kind_of_law_the_thread_is_in(library: Any) -> None:
    """The traffic article that a follow-up's everyday words reach is lowered by the topic affinity when the thread's
    answer agrees it is about a crime; an answer split between kinds, or the setting off, changes nothing. The follow-up
    tells parking as an act ("dok je parkirao"): a road's place told after a preposition ("na parkingu") is read as the
    story's circumstance by itself since the library's ninth round, so the thread would have nothing left to lower."""
    from retrieval.search.retriever import Retriever

    scope = scope_of("RS")
    words = "ukrao mu je novčanik"

    def scores(retriever: Any, law_of: tuple[str, ...]) -> dict[str, float]:
        context = ThreadContext(words, (), dense=False, law_of=law_of)
        hits = retriever.search(
            "a novčanik je bacio u kamion dok je parkirao", jurisdiction=scope, context=context
        ).hits
        return {h.id: h.score for h in hits}

    plain, crime, split = scores(library, ()), scores(library, CRIME), scores(library, SPLIT)
    affinity = library.settings.topic_affinity
    assert "ZOBS BiH čl. 26" in plain and affinity > 0
    assert crime.get("ZOBS BiH čl. 26", -np.inf) <= plain["ZOBS BiH čl. 26"] - affinity + 1e-6
    assert crime["KZ RS čl. 224"] == pytest.approx(plain["KZ RS čl. 224"])
    assert split == pytest.approx(plain)
    off = Retriever.open(library.settings.model_copy(update={"thread_kind": False}))
    assert scores(off, CRIME) == pytest.approx(plain)
