"""The forms of follow-up added for issue 29 (retrieval/search/thread_reading.py, cues in data/threads.toml).

Phrasings made up for these tests, not taken from any benchmark's turns: a jurisdiction asked for by an
adjective ("po federalnom"), its name kept out of what is searched, corrections opened by an apology and
negations after the act that replaces ("bio je X a ne Y")."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import named_jurisdiction, read_message

STORY = "lopov mu je odnio torbu iz auta na parkingu"


def _thread(question: str) -> Thread:
    return Thread().after(Exchange(question, question, articles=("KZ RS čl. 224",), jurisdiction=None))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a po federalnom?", "FBiH"),
        ("a kako bi bilo po federalnom zakonu", "FBiH"),
        ("по федералном закону?", "FBiH"),
        ("a prema srpskom zakonu?", "RS"),
        ("a po drzavnom zakonu?", "BiH"),
        ("kako je to po brcanskom", "BD"),
    ],
)
def test_an_adjective_after_a_cue_asks_for_that_jurisdictions_law(text: str, code: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "continuation" and reading.jurisdiction == code
    assert "torbu" in reading.inherited and not reading.keep_articles


def test_an_adjective_counts_only_in_a_thread_and_only_after_a_cue() -> None:
    assert read_message("ukrao je torbu u federalnom ministarstvu", None).jurisdiction is None  # no thread
    assert named_jurisdiction("a da je bio federalni inspektor?", leaning=True, in_thread=True)[0] is None
    assert read_message("a da je radio u drzavnoj sluzbi?", STORY).jurisdiction is None  # not "state law"


@pytest.mark.parametrize(
    ("text", "matter"),
    [
        ("а како је то у Федерацији?", "а како је то"),
        ("a kako je to po federalnom zakonu", "a kako je to"),
        ("kako je to kod njih u rs", "kako je to"),
        ("a po zakonu Republike Srpske", "a"),
    ],
)
def test_the_words_naming_the_jurisdiction_are_not_searched(text: str, matter: str) -> None:
    reading = read_message(text, STORY)
    assert reading.matter == matter
    understood = understand(text, _thread(STORY))
    assert understood.query == matter  # the name is the scope, not matter: it would pull articles naming it
    assert understood.context is not None and "torbu" in understood.context.words
    assert understood.jurisdiction == reading.jurisdiction


def test_a_follow_up_naming_no_jurisdiction_is_searched_as_typed() -> None:
    reading = read_message("a koja je kazna?", STORY)
    assert reading.matter is None and understand("a koja je kazna?", _thread(STORY)).query == "a koja je kazna?"


@pytest.mark.parametrize(
    ("text", "gone", "act"),
    [
        ("izvini, pogrijesio sam, bio je ruksak a ne torba", "torba", "bio je ruksak"),
        ("oprosti, bila je kamera a ne torba, i razbio je staklo", "torba", "bila je kamera i razbio je staklo"),
        ("izvinite, pogresila sam, nije odnio torbu nego novcanik", "torbu", "novcanik"),
        ("bio je bicikl a ne auto", "auto", "bio je bicikl"),
    ],
)
def test_a_correction_opened_by_an_apology_or_negated_after_the_act(text: str, gone: str, act: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "correction" and gone in reading.negated
    assert reading.act.endswith(act) and gone not in reading.act.split()
    assert gone not in reading.inherited.split()


@pytest.mark.parametrize(
    "text",
    ["a ne znam koliko je imao godina", "a nije li to teska kradja?", "a da nije bio pijan?"],
)
def test_a_negation_without_an_act_before_it_is_no_correction(text: str) -> None:
    assert read_message(text, STORY).kind != "correction"


def test_a_late_postposed_negation_without_an_opener_is_no_correction() -> None:
    long = "lopov je poslije toga otisao kod prijatelja u kucu pa je uzeo auto a ne bicikl"
    assert read_message(long, STORY).kind != "correction"


@pytest.mark.parametrize(
    "text", ["koliko lopov moze dobiti", "kolika je kazna za vozaca?", "кога треба обавијестити?", "moze li u pritvor?"]
)
def test_a_short_question_word_question_without_an_act_continues_the_case(text: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "continuation" and "torbu" in reading.inherited


@pytest.mark.parametrize(
    "text",
    [
        "koliko je kazna za silovanje maloljetnice u stanu",  # a matter of its own: more words than a question
        "koja je kazna kad je neko ukrao auto",  # tells an act of its own
    ],
)
def test_a_question_with_a_matter_of_its_own_stands_alone(text: str) -> None:
    assert read_message(text, STORY).kind == "new"


def test_a_new_topics_opener_is_not_searched() -> None:
    reading = read_message("druga stvar, komsija mu prijeti pistoljem", STORY)
    assert reading.kind == "new-topic" and reading.matter == "komsija mu prijeti pistoljem"
    understood = understand("druga stvar, komsija mu prijeti pistoljem", _thread(STORY))
    assert not understood.follow_up and understood.query == "komsija mu prijeti pistoljem"
    asks = read_message("a sta je sa vozacem koji je pobjegao s mjesta nesrece", STORY)
    assert asks.kind == "new-topic" and asks.matter == "vozacem koji je pobjegao s mjesta nesrece"
