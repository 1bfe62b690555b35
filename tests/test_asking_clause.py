"""The clause of a question that asks (retrieval/language/asking.py) and what search does with it: its words in an
article's own title add KODEKS_ASKED_TITLE_WEIGHT × their share to the title field (candidates.py), so a story
followed by "…, je li to odbrana" finds the general part's institution it asks about before the offence the story
tells; an untitled article (a traffic law's opening sentence) gets nothing, and a story that asks nothing is searched
as before. Invented phrasings over a small generated library indexed with the real embedder."""

from __future__ import annotations

from typing import Any

import pytest

from retrieval.language.asking import asking_clause
from tests.retrieval_helpers import hand_ordered, index_rows, rs_row, rs_scores, zobs_row


@pytest.mark.parametrize(
    ("question", "clause"),
    [
        ("komšija ga napao sjekirom pa ga je udario motkom, je li to odbrana", "je li to odbrana"),
        (
            "ukrali mu bicikl prije šest godina, može li još prijava ili je zastarilo",
            "može li još prijava ili je zastarilo",
        ),
        ("комшија га напао секиром, да ли је то одбрана", "да ли је то одбрана"),
        ("vozi bez kacige. jel smije", "jel smije"),
        ("vozač traži da mu vade krv, ko plaća analizu?", "ko plaća analizu"),
        ("ratni zločin iz 92, zar to nije zastarjelo", "zar to nije zastarjelo"),
        ("nagovorio je sina da ukrade, šta ide onom što je nagovarao", "šta ide onom što je nagovarao"),
    ],
)
def test_the_parts_that_ask(question: str, clause: str) -> None:
    assert asking_clause(question) == clause


@pytest.mark.parametrize(
    "story",
    [
        "namjerno joj je zapalio kuću iz osvete",
        "udario ga je kad je krenuo prema njemu",  # "kad": temporal
        "u šumi uči mladiće kako da naprave bombu",  # "kako da": how to
        "vozio 80 koliko je i ograničeno i izletio s ceste",  # "koliko": a comparison
        "ko u vožnji kuca poruke",  # "ko" for "kao"
        "komšija koji je vidio krađu",  # a relative pronoun
    ],
)
def test_a_story_asks_nothing(story: str) -> None:
    assert asking_clause(story) == ""


@pytest.mark.parametrize(
    "question",
    ["jel smije vozit bez kacige", "koja je kazna za krađu?", "a je li to krivično djelo?", "zar je zastarjelo"],
)
def test_a_question_without_a_story_reads_no_clause_apart(question: str) -> None:
    """Every part asks: the question names its subject in the clause itself (a thread's follow-up, a rule asked), and
    the title field reads its words as any question's."""
    assert asking_clause(question) == ""


def rows() -> list[dict[str, Any]]:
    return [
        rs_row(
            "26",
            "Nužna odbrana",
            "Nije krivično djelo ono djelo koje je učinjeno u nužnoj odbrani. Nužna je ona odbrana koja je neophodno "
            "potrebna da učinilac od sebe ili drugoga odbije istovremeni protivpravni napad.",
        ),
        rs_row(
            "190",
            "Nasilje u porodici ili porodičnoj zajednici",
            "Ko primjenom nasilja, drskim ili bezobzirnim ponašanjem ugrožava tjelesni integritet člana svoje porodice, "
            "muža ili žene, kazniće se zatvorom. Ako je pri tome upotrijebljen nož ili drugo oružje, kazniće se strože.",
        ),
        rs_row(
            "124", "Ubistvo", "Ko drugog liši života nožem ili na drugi način, kazniće se zatvorom najmanje pet godina."
        ),
        rs_row(
            "96",
            "Zastarjelost krivičnog gonjenja",
            "Krivično gonjenje ne može se preduzeti kad protekne vrijeme propisano za zastarjelost.",
        ),
        zobs_row("33", "Vozač ne smije za vrijeme vožnje koristiti mobilni telefon ni slušalice u oba uha."),
    ]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand-weighted order (the learned stage off), with the asking clause weighed as shipped."""
    return hand_ordered(index_rows(tmp_path_factory.mktemp("asking"), rows()))


@pytest.fixture(scope="module")
def without_clause(library: Any) -> Any:
    """The same index with the asking clause not weighed (KODEKS_ASKED_TITLE_WEIGHT=0): search before it."""
    from retrieval.search.retriever import Retriever

    return Retriever.open(library.settings.model_copy(update={"asked_title_weight": 0.0}))


def test_the_institution_asked_about_comes_before_the_story_s_offence(library: Any, without_clause: Any) -> None:
    question = "komšija ga napao sjekirom pa ga je udario motkom, je li to odbrana"
    now, before = rs_scores(library, question), rs_scores(without_clause, question)
    assert library.settings.asked_title_weight > 0
    assert next(iter(now)) == "KZ RS čl. 26"
    assert next(iter(before)) != "KZ RS čl. 26"  # the story's offence first without the clause
    assert now["KZ RS čl. 26"] > before["KZ RS čl. 26"] + 1.0
    # what came first before gains nothing from a word its title does not hold
    first = next(iter(before))
    assert now[first] == pytest.approx(before[first], abs=1e-5)


@pytest.mark.parametrize("question", ["komšija ga napao sjekirom pa ga je udario motkom", "a je li to odbrana?"])
def test_a_story_that_asks_nothing_or_a_question_alone_is_searched_as_before(
    library: Any, without_clause: Any, question: str
) -> None:
    assert rs_scores(library, question) == pytest.approx(rs_scores(without_clause, question), abs=1e-6)


def test_an_untitled_article_gains_nothing_from_the_clause(library: Any, without_clause: Any) -> None:
    """The traffic law's opening sentence holds "smije" too; only an article's own title counts."""
    question = "vozač je pričao na mobilni telefon dok je vozio, smije li to"
    now, before = rs_scores(library, question), rs_scores(without_clause, question)
    assert "ZOBS BiH čl. 33" in now
    assert now["ZOBS BiH čl. 33"] == pytest.approx(before["ZOBS BiH čl. 33"], abs=1e-5)
