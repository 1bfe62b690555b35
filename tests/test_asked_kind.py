"""The asking clause across kinds of law (docs/retrieval.md, "The library's cost, sixth round"): over a library its
title words reach only the laws of the kind the story's first article is of (candidates.py `_asked_kind`), so a
traffic story's "…, kolika je kazna?" lifts no criminal code's "Vrste kazni"; within the story's kind it works as
before. Real KZ RS articles from ../shared/laws (skipped when absent) beside invented untitled traffic articles,
indexed with the real embedder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from retrieval.jurisdictions import scope_of
from tests.retrieval_helpers import hand_ordered, index_rows, zobs_row

LAWS = Path(__file__).resolve().parents[2] / "shared" / "laws"
KZ_RS = LAWS / "kz_rs.corpus.jsonl"
# the property offences and the general part's kinds of punishment of KZ RS, read from the real code
WANTED = {"224", "226", "227", "228", "229", "230", "316", "317", "42", "46", "49"}


def kz_rs_rows() -> list[dict[str, Any]]:
    if not KZ_RS.exists():
        pytest.skip(f"{KZ_RS} not found")
    rows = [json.loads(line) for line in KZ_RS.read_text(encoding="utf-8").splitlines() if line.strip()]
    chosen = [dict(r, jurisdiction="RS") for r in rows if r.get("article") in WANTED]
    assert len(chosen) == len(WANTED)
    return chosen


def traffic_rows() -> list[dict[str, Any]]:
    """Invented untitled rules of a traffic law (not a law's wording)."""
    return [
        zobs_row("33", "Vozač ne smije za vrijeme vožnje koristiti mobilni telefon ni slušalice u oba uha."),
        zobs_row("34", "Vozač autobusa ne smije za vrijeme vožnje razgovarati sa putnicima."),
        zobs_row("35", "Putnik u autobusu ne smije ometati vozača za vrijeme vožnje."),
    ]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand order (the learned stage off) without the neighbour contrast: the scores the clause adds to."""
    settings = index_rows(tmp_path_factory.mktemp("asked-kind"), kz_rs_rows() + traffic_rows())
    return hand_ordered(settings.model_copy(update={"neighbour_contrast": 0.0}))


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
