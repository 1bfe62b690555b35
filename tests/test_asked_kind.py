"""The asking clause across kinds of law (docs/retrieval.md, "The library's cost, sixth round"): over a library its
title words reach only the laws of the kind the story's first article is of (candidates.py `_asked_kind`), so a
traffic story's "…, kolika je kazna?" lifts no criminal code's "Vrste kazni"; within the story's kind it works as
before. Real KZ RS articles from ../shared/laws (skipped when absent) beside invented untitled traffic articles,
indexed with the real embedder."""

from __future__ import annotations

from typing import Any

import pytest

from retrieval.jurisdictions import scope_of
from tests.retrieval_helpers import criminal_code_beside_traffic


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand order (the learned stage off) without the neighbour contrast: the scores the clause adds to."""
    return criminal_code_beside_traffic(tmp_path_factory.mktemp("asked-kind"))


def test_the_asking_clause_does_not_reach_another_kind_of_law(library: Any) -> None:
    """A traffic story asking "kolika je kazna?": the criminal code's "Vrste kazni" or "Kazna zatvora" hold the word,
    the traffic rules (untitled) cannot; the clause picks among the story's kind of law and lifts no criminal code."""
    from retrieval.search.retriever import Retriever

    without = Retriever.open(library.settings.model_copy(update={"asked_title_weight": 0.0}))
    question = "vozač je za vrijeme vožnje pričao na mobilni telefon, kolika je kazna?"
    now = {h.id: h.score for h in library.search(question, k=10, jurisdiction=scope_of("RS")).hits}
    before = {h.id: h.score for h in without.search(question, k=10, jurisdiction=scope_of("RS")).hits}
    assert next(iter(before)).startswith("ZOBS BiH")
    assert next(iter(now)) == next(iter(before))
    for article in ("KZ RS čl. 42", "KZ RS čl. 46"):
        if article in now and article in before:
            assert now[article] == pytest.approx(before[article], abs=1e-5)


def test_within_the_story_s_kind_the_clause_still_lifts_the_institution_asked(library: Any) -> None:
    """A theft story asking about the punishment: the first article is the criminal code's, so the clause's words
    reach its titles as over the code alone."""
    from retrieval.search.retriever import Retriever

    without = Retriever.open(library.settings.model_copy(update={"asked_title_weight": 0.0}))
    question = "ukrao je novčanik iz torbe u autobusu, koja je novčana kazna?"
    now = {h.id: h.score for h in library.search(question, k=10, jurisdiction=scope_of("RS")).hits}
    before = {h.id: h.score for h in without.search(question, k=10, jurisdiction=scope_of("RS")).hits}
    assert next(iter(before)).startswith("KZ RS")
    assert now["KZ RS čl. 49"] > before.get("KZ RS čl. 49", -99.0) + 0.5  # "Novčana kazna"
