"""The previous answer's articles carried over where a follow-up changes what they mean (issue 29, third round):
their counterparts in another jurisdiction asked for, the articles that build on them by number for a
circumstance — over a tiny real index (real embedder, real Chroma; wording invented for these tests)."""

from __future__ import annotations

from typing import Any

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand, with_evidence
from kodeks.answering.pipeline import Pipeline
from kodeks.settings import Settings
from retrieval.jurisdictions import scope_of
from retrieval.search.references import cites
from tests.retrieval_helpers import index_rows, row

ROWS = [
    row(
        "KZ FBiH",
        "286",
        "Ko tuđu pokretnu stvar oduzme drugome u namjeri da je prisvoji, kaznit će se kaznom zatvora do tri godine.",
        "Krađa",
        "FBiH",
    ),
    row(
        "KZ FBiH",
        "287",
        "Kaznom zatvora od jedne do deset godina kaznit će se ko krađu iz člana 286. ovog zakona učini obijanjem "
        "zatvorenih prostorija.",
        "Teška krađa",
        "FBiH",
    ),
    row(
        "KZ FBiH",
        "333",
        "Ko pod uticajem alkohola upravlja motornim vozilom i time ugrozi život ljudi, kaznit će se kaznom zatvora "
        "do tri godine.",
        "Ugrožavanje saobraćaja zbog opijenosti",
        "FBiH",
    ),
    row(
        "KZ FBiH",
        "336",
        "Ako je krivičnim djelom iz člana 333. ovog zakona prouzročena smrt jedne ili više osoba, učinilac će se "
        "kazniti kaznom zatvora od jedne do dvanaest godina.",
        "Teška djela protiv sigurnosti saobraćaja",
        "FBiH",
    ),
    row(
        "KZ FBiH",
        "172",
        "Ko drugoga teško tjelesno povrijedi, kaznit će se kaznom zatvora od šest mjeseci do pet godina.",
        "Teška tjelesna povreda",
        "FBiH",
    ),
    row(
        "KZ RS",
        "224",
        "Ko oduzme tuđu pokretnu stvar u namjeri da je protivpravno prisvoji, kazniće se zatvorom do tri godine.",
        "Krađa",
        "RS",
    ),
    row(
        "KZ RS",
        "131",
        "Ko drugog teško tjelesno povrijedi, kazniće se zatvorom od šest mjeseci do pet godina.",
        "Teška tjelesna povreda",
        "RS",
    ),
]

THEFT = "ukrao mu je novčanik iz džepa u tramvaju"
DRUNK = "pijan vozio auto kroz naselje i udario pješaka"


pytestmark = pytest.mark.usefixtures("in_empty_dir")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return index_rows(tmp_path_factory.mktemp("evidence"), ROWS)


@pytest.fixture(scope="module")
def index(tiny: Settings) -> Any:
    from retrieval.search.retriever import Retriever

    return Retriever.open(tiny)


def _thread(question: str, articles: tuple[str, ...], weak: bool = False) -> Thread:
    return Thread().after(Exchange(question, question, articles=articles, weak=weak))


@pytest.mark.parametrize(
    ("text", "number", "found"),
    [
        ("Ako je krivičnim djelom iz člana 333. prouzročena smrt", "333", True),
        ("djelom iz članka 332. st. 1. i 2., članka 333. stavka 1. ovoga Zakona", "333", True),
        ("kazna iz čl. 286 i 287 ovog zakona", "287", True),
        ("Ako je krivičnim djelom iz člana 333. prouzročena smrt", "33", False),
        ("kaznit će se kaznom zatvora do 333 dana", "333", False),  # a number, not an article cited by word
    ],
)
def test_an_article_cites_another_by_word_and_number(text: str, number: str, found: bool) -> None:
    assert cites(text, number) is found


def test_the_articles_that_build_on_one_by_number(index: Any) -> None:
    assert index.citing("KZ FBiH čl. 333") == ["KZ FBiH čl. 336"]
    assert index.citing("KZ FBiH čl. 286") == ["KZ FBiH čl. 287"]
    assert index.citing("KZ FBiH čl. 172") == [] and index.citing("KZ FBiH čl. 999") == []


def test_another_jurisdiction_asked_for_carries_the_counterparts_of_the_answers_articles(index: Any) -> None:
    understood = with_evidence(understand("a po zakonu RS?", _thread(THEFT, ("KZ FBiH čl. 286",))), index)
    assert understood.jurisdiction == "RS" and understood.context is not None
    assert understood.context.articles == ("KZ RS čl. 224",)  # its bonus, not the Federation's article


def test_a_circumstance_carries_the_articles_that_build_on_the_answers_ones(index: Any) -> None:
    understood = with_evidence(understand("a da je pješak umro?", _thread(DRUNK, ("KZ FBiH čl. 333",))), index)
    assert understood.circumstance and understood.context is not None
    assert understood.context.articles == ("KZ FBiH čl. 333", "KZ FBiH čl. 336")


def test_an_aspect_carries_the_articles_that_build_on_the_answers_ones(index: Any) -> None:
    """Issue 29, fifth round: an aspect ("a kolika je kazna?") also carries them — in a law whose rules and penalties
    are separate articles, the penalty provision cites the rule by number; in a code, the aggravated forms do."""
    aspect = with_evidence(understand("a kolika je kazna za to?", _thread(DRUNK, ("KZ FBiH čl. 333",))), index)
    assert not aspect.circumstance and aspect.named is None and aspect.context is not None
    assert aspect.context.articles == ("KZ FBiH čl. 333", "KZ FBiH čl. 336")


def test_a_weak_answer_is_no_evidence(index: Any) -> None:
    """A follow-up after an answer search itself judged weak must not inherit its miss: no bonus, no counterparts."""
    for text in ("a koja je kazna?", "a po zakonu RS?", "a da je pješak umro?"):
        understood = with_evidence(understand(text, _thread(DRUNK, ("KZ FBiH čl. 172",), weak=True)), index)
        assert understood.follow_up and understood.context is not None and understood.context.articles == (), text


async def test_the_pipeline_carries_the_evidence_into_search(tiny: Settings) -> None:
    """Through `Pipeline.ask` (the bot's call): the answer's weakness is kept in the thread, and a switch to RS
    searches with the RS counterpart of the Federation's theft article among the candidates."""
    async with Pipeline(tiny) as pipeline:
        first = await pipeline.ask(THEFT, jurisdiction=scope_of("FBiH"))
        thread = first.next_thread()
        assert thread.last is not None and thread.last.weak == first.search.weak
        assert thread.last.titles[: len(thread.last.articles)] == tuple(h.article.title for h in first.answer.citations)
        switched = await pipeline.ask("a kako je to u Republici Srpskoj?", jurisdiction=scope_of("FBiH"), thread=thread)
    assert not first.search.weak and thread.last.articles[0] == "KZ FBiH čl. 286"
    assert switched.understood is not None and switched.understood.jurisdiction == "RS"
    assert switched.search.hits[0].id == "KZ RS čl. 224"
    assert switched.search.thread is not None and "KZ RS čl. 224" in switched.search.thread["articles"]
    assert not any(a.startswith("KZ FBiH") for a in switched.search.thread["articles"])
