"""bench/library.py --diagnose: the library's cost against each question's own code, by class (issue 31).

Invented report rows (the shape `retrieval.evaluation.evaluate` writes), no index: which questions a library loses or
gains against their own law at a cut-off, the articles above the right one, and why they stand there (the same law,
a code of the same kind at another level, a law of another kind). A measure-only set prints counts, never questions.
"""

from __future__ import annotations

import io
from types import ModuleType

import pytest

from tests.fixtures_index import bench_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return bench_script("library")


KINDS = {"KZ FBiH": "criminal code", "KZ BiH": "criminal code", "ZOBS BiH": "traffic safety"}


def _hit(law: str, article: str, jurisdiction: str) -> dict:
    return {"id": f"{law} čl. {article}", "law": law, "article": article, "title": "", "jurisdiction": jurisdiction}


def _row(qid: str, gold: str, rank: int | None, top: list[dict]) -> dict:
    return {"id": qid, "question": f"pitanje {qid}", "relevant": [gold], "ranks": {gold: rank}, "top": top}


def _runs(bench: ModuleType, name: str = "o-kzfbih") -> tuple:
    gold = "KZ FBiH čl. 334"
    library = [
        # lost at hit@5: the traffic law fills the five
        _row("q1", gold, None, [_hit("ZOBS BiH", str(n), "BiH") for n in range(50, 55)]),
        # lost at hit@1 only: the state's code first
        _row("q2", "KZ FBiH čl. 286", 2, [_hit("KZ BiH", "219", "BiH"), _hit("KZ FBiH", "286", "FBiH")]),
        # gained at hit@5: 4th here, 7th alone
        _row("q3", "KZ FBiH čl. 10", 4, [_hit("KZ FBiH", str(n), "FBiH") for n in (11, 12, 13, 10, 14)]),
        # the same in both
        _row("q4", "KZ FBiH čl. 20", 1, [_hit("KZ FBiH", "20", "FBiH")]),
    ]
    own = [
        _row("q1", gold, 1, [_hit("KZ FBiH", "334", "FBiH")]),
        _row("q2", "KZ FBiH čl. 286", 1, [_hit("KZ FBiH", "286", "FBiH")]),
        _row("q3", "KZ FBiH čl. 10", 7, [_hit("KZ FBiH", str(n), "FBiH") for n in (11, 12, 13, 14, 15)]),
        _row("q4", "KZ FBiH čl. 20", 1, [_hit("KZ FBiH", "20", "FBiH")]),
    ]
    return bench.SetRun(name, {}, library), bench.SetRun(f"{name}-own", {}, own)


def test_questions_lost_and_gained_at_hit5_with_what_takes_the_place(bench: ModuleType) -> None:
    library, own = _runs(bench)
    costs = bench.library_cost(library, own, 5, KINDS)
    assert [(c.id, c.lost) for c in costs] == [("q1", True), ("q3", False)]
    lost = costs[0]
    assert (lost.library, lost.own) == (None, 1)
    assert [a["law"] for a in lost.ahead] == ["ZOBS BiH"] * 5
    assert {a["class"] for a in lost.ahead} == {"another kind"}


def test_at_hit1_the_state_s_code_first_is_another_level(bench: ModuleType) -> None:
    library, own = _runs(bench)
    costs = {c.id: c for c in bench.library_cost(library, own, 1, KINDS)}
    assert set(costs) == {"q1", "q2"}
    assert [a["class"] for a in costs["q2"].ahead] == ["another level"]


def test_an_article_of_the_same_law_above_is_the_order_within_one_law(bench: ModuleType) -> None:
    assert bench.place_class("KZ FBiH", {"law": "KZ FBiH"}, KINDS) == "same law"
    assert bench.place_class("KZ FBiH", {"law": "ZPDV BiH"}, KINDS) == "another kind"  # no known kind: its own


def test_a_measure_only_set_prints_counts_never_its_questions(bench: ModuleType) -> None:
    library, own = _runs(bench, "heldout")
    out = io.StringIO()
    bench.print_cost(library, own, KINDS, out)
    text = out.getvalue()
    assert "lost 1, gained 1" in text
    assert "pitanje" not in text and "q1" not in text and "another kind" not in text


def test_a_readable_set_prints_each_question_with_its_class(bench: ModuleType) -> None:
    library, own = _runs(bench)
    out = io.StringIO()
    bench.print_cost(library, own, KINDS, out)
    text = out.getvalue()
    assert "LOST q1" in text and "gain q3" in text and "another kind" in text
