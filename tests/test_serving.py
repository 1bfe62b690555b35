"""Minimum context and deleted articles: the threshold labels confidence, it never cuts the context,
and a deleted article is never served (generated corpus, real Chroma, real embedder)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from retrieval.search.retriever import Retriever
from retrieval.search.serving import is_deleted, serve_with_minimum
from retrieval.types import Article
from tests.retrieval_helpers import index_rows, row


@dataclass
class _C:
    name: str
    similarity: float | None


def test_one_passing_candidate_still_gets_the_minimum_context() -> None:
    cands = [_C("a", 0.70), _C("b", 0.90), _C("c", 0.60), _C("d", None), _C("e", 0.50), _C("f", 0.40)]
    served = serve_with_minimum(cands, threshold=0.8, keep=5, fallback_k=3)
    assert [c.name for c, _ in served] == ["a", "b", "c", "d", "e"]  # fused order: the threshold does not reorder
    assert [lvl for _, lvl in served] == ["top_k", "threshold", "top_k", "top_k", "top_k"]


def test_nothing_passing_serves_the_larger_of_keep_and_fallback() -> None:
    cands = [_C(str(i), 0.1) for i in range(10)]
    assert len(serve_with_minimum(cands, 0.8, keep=3, fallback_k=6)) == 6
    assert len(serve_with_minimum(cands, 0.8, keep=5, fallback_k=3)) == 5
    assert len(serve_with_minimum(cands[:2], 0.8, keep=5, fallback_k=3)) == 2  # fewer only when fewer exist
    assert serve_with_minimum(cands, 0.8, keep=0) == []


@pytest.mark.parametrize(
    "text", ["(brisan)", "Brisan.", "- brisano -", "(Prestao da važi)", "(брисан)", "Члан 12. брисан"]
)
def test_repealed_marker_texts_are_deleted(text: str) -> None:
    assert is_deleted(Article("x", "L", "1", text))


def test_deleted_flag_and_real_text() -> None:
    assert is_deleted(Article("x", "L", "1", "Ko ukrade tuđu stvar kaznit će se.", deleted=True))
    assert not is_deleted(Article("x", "L", "1", "Ko ukrade tuđu stvar kaznit će se."))
    assert not is_deleted(Article("x", "L", "1", "Brisanje osude se provodi po službenoj dužnosti nakon pet godina."))


THEFT = "Ko tuđu pokretnu stvar oduzme od drugog u namjeri da je prisvoji, kaznit će se zatvorom do tri godine."


@pytest.fixture(scope="module")
def deleted_retriever(tmp_path_factory: pytest.TempPathFactory) -> Retriever:
    return Retriever.open(
        index_rows(
            tmp_path_factory.mktemp("deleted"),
            [
                row("KZ X", "1", THEFT, "Krađa"),
                row("KZ X", "2", "(brisan)", "Krađa mobitela"),
                row(
                    "KZ X",
                    "3",
                    THEFT.replace("tri", "pet") + " Krađa mobitela i krađa auta.",
                    "Teška krađa",
                    deleted=True,
                ),
                row("KZ X", "4", "Ko drugog liši života, kaznit će se zatvorom najmanje pet godina.", "Ubistvo"),
                row(
                    "KZ X",
                    "5",
                    "Ko prijeti da će napasti na život ili tijelo drugog lica, kaznit će se.",
                    "Ugrožavanje sigurnosti",
                ),
                row(
                    "KZ X",
                    "6",
                    "Ko drugoga tjelesno povrijedi ili mu naruši zdravlje, kaznit će se.",
                    "Tjelesna povreda",
                ),
                row(
                    "KZ X",
                    "7",
                    "Ko podmetne požar i time izazove opasnost za život ljudi, kaznit će se.",
                    "Izazivanje opšte opasnosti",
                ),
            ],
        )
    )


def test_deleted_articles_are_never_served(deleted_retriever: Retriever) -> None:
    for query in ("krađa mobitela", "brisan", "teška krađa auta", "član 2 KZ X", "član 3 KZ X"):
        for k in (1, 5, 10):
            ids = [h.id for h in deleted_retriever.search(query, k=k).hits]
            assert ids and not {"KZ X čl. 2", "KZ X čl. 3"} & set(ids), (query, k, ids)
    # still there for someone who asks for the article itself
    assert deleted_retriever.get_article("KZ X", "2") is not None


def test_a_single_confident_article_is_never_the_whole_context(deleted_retriever: Retriever) -> None:
    settings = deleted_retriever.settings
    sims = [h.similarity for h in deleted_retriever.search("ukrao mi je mobitel", k=5).hits]
    # a threshold between the best and the second best: one passes, the rest fill the context
    cut = (sorted(sims, reverse=True)[0] + sorted(sims, reverse=True)[1]) / 2
    result = deleted_retriever.search("ukrao mi je mobitel", threshold=cut)
    assert len(result.hits) == settings.top_k
    assert [h.level for h in result.hits].count("threshold") <= 1  # only a sure first hit is labelled (confidence.py)
