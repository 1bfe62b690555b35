"""One reading of a message in its thread (retrieval/search/thread_reading.py, cues in data/threads.toml).

The phrasings are made up for these tests (not taken from any benchmark's turns): each kind of message,
in Latin and Cyrillic, and what the conversation then inherits, replaces and searches."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from kodeks.answering.pipeline import asked_jurisdiction
from retrieval.jurisdictions import scope_of
from retrieval.search.thread_reading import cues, named_jurisdiction, read_message, tells_an_act

STORY = "komšija mu je razbio staklo na autu kamenom"


def test_the_cue_words_are_read_from_the_data_file() -> None:
    c = cues()
    assert c.max_own_words >= 1 and c.negations and c.contrasts and c.places
    assert any(code == "RS" for _, code in c.places)


def test_without_a_thread_a_message_is_new_but_a_named_jurisdiction_counts() -> None:
    assert read_message("koja je kazna za utaju poreza", None).kind == "new"
    assert read_message("kazna za utaju poreza po zakonu Republike Srpske", None).jurisdiction == "RS"
    assert read_message("pobjegao je iz države prije suđenja", None).jurisdiction is None  # no cue before it


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a u RS?", "RS"),
        ("а у РС?", "RS"),
        ("a po zakonu Federacije?", "FBiH"),
        ("kako je to u FBiH", "FBiH"),
        ("а како је то у Федерацији", "FBiH"),
        ("a u Brčkom?", "BD"),
        ("isto to prema krivičnom zakonu Republike Srpske", "RS"),
        ("a da se to desilo u Tuzli?", "FBiH"),
        ("a da je bilo u Bijeljini?", "RS"),
    ],
)
def test_a_follow_up_naming_a_jurisdiction_asks_for_its_law(text: str, code: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "continuation" and reading.jurisdiction == code
    assert reading.inherited.startswith("komšija")  # starting from the thread's act
    assert not reading.keep_articles  # the previous answer's articles are another jurisdiction's


def test_a_town_in_a_story_of_its_own_is_not_a_jurisdiction() -> None:
    assert named_jurisdiction("ukrali su mu bicikl ispred škole u Tuzli", leaning=False)[0] is None


@pytest.mark.parametrize(
    "text",
    ["a koja je kazna?", "а да је био наоружан?", "a da je bio pijan?", "šta ako je maloljetan?", "koliko mu prijeti"],
)
def test_a_message_without_a_matter_of_its_own_continues_the_act(text: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "continuation" and reading.dense and reading.keep_articles
    assert "razbio" in reading.inherited


@pytest.mark.parametrize(
    ("text", "gone", "act"),
    [
        ("ne, nije razbio staklo nego je izgrebao vrata ključem", "razbio", "izgrebao vrata kljucem"),
        ("ne ne, nije kamenom, udario je autom u njegov auto", "kamenom", ""),
        ("ispravka: nije komšija, to je bio njegov brat", "komsija", ""),
    ],
)
def test_a_correction_replaces_what_it_negates(text: str, gone: str, act: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "correction" and reading.follow_up
    assert gone in reading.negated
    assert gone[:5] not in " ".join(w.lower() for w in reading.inherited.split()).replace("š", "s")
    assert not reading.dense and not reading.keep_articles  # the old act must not pull the new one back
    if act:
        assert reading.act.endswith(act)


def test_a_related_act_is_searched_by_its_own_words_with_the_thread_as_context() -> None:
    reading = read_message("a onda je izvadio pištolj i pucao u zrak ispred zgrade", STORY)
    assert reading.kind == "related" and reading.follow_up
    assert not reading.dense and not reading.keep_articles and reading.inherited


@pytest.mark.parametrize(
    "text",
    [
        "druga stvar: lopovi su noćas obili trafiku u centru",
        "imam još jedno pitanje, šta je sa psom koji je ujeo dijete",
        "ukrali mu novčanik dok je spavao u vozu",  # an act of its own, no opener tying it to the story
        "a šta je sa konobarom koji je prodavao alkohol maloljetnicima",  # "what about …" another case
        "а што је с возачем који је побјегао са мјеста несреће",
    ],
)
def test_a_new_topic_starts_over(text: str) -> None:
    assert not read_message(text, STORY).follow_up


def test_what_about_without_a_matter_of_its_own_still_continues() -> None:
    assert read_message("a šta je sa kaznom?", STORY).kind == "continuation"


def test_a_related_acts_search_carries_nothing_of_the_story() -> None:
    related = understand("a onda je izvadio pištolj i pucao u zrak ispred zgrade", _thread(STORY))
    assert related.kind == "related" and related.query.startswith("a onda je izvadio")
    assert not related.context  # found by its own words: the story's words would pull the act already told
    assert "razbio" in related.thread_act  # the thread still carries the story for the next turn


def test_an_act_is_told_by_a_past_verb_not_by_an_auxiliary() -> None:
    assert tells_an_act("ukrali mu novčanik u vozu")
    assert not tells_an_act("a da je bio naoružan")
    assert not tells_an_act("mogu li mu oduzeti vozačku na licu mjesta")


def _thread(question: str, articles: tuple[str, ...] = ("KZ FBiH čl. 293",), jurisdiction: str | None = None):
    return Thread().after(Exchange(question, question, articles=articles, jurisdiction=jurisdiction))


def test_understand_keeps_a_named_jurisdiction_for_the_thread_and_drops_it_for_a_new_topic() -> None:
    switched = understand("a po zakonu RS?", _thread(STORY))
    assert switched.follow_up and switched.jurisdiction == "RS" and switched.context.articles == ()
    after = switched.next_thread(Exchange("a po zakonu RS?", switched.standalone, jurisdiction="RS"))
    again = understand("a koja je kazna?", after)
    assert again.jurisdiction == "RS" and "razbio" in again.standalone
    fresh = understand("druga stvar, vozač bez dozvole", after)
    assert not fresh.follow_up and fresh.jurisdiction is None


def test_understand_searches_a_corrections_act_and_forgets_the_old_one() -> None:
    corrected = understand("ne, nije razbio staklo, nego je izgrebao vrata ključem", _thread(STORY))
    assert corrected.kind == "correction" and corrected.query.endswith("izgrebao vrata kljucem")
    assert "razbio" not in corrected.standalone and "razbio" not in corrected.context.words
    # of the story only its persons and things go along, in BM25 only, never its verbs nor what was taken back
    assert corrected.context.words == "komšija mu je na autu kamenom" and not corrected.context.dense
    assert corrected.context.articles == ()


def test_an_aspect_leaves_the_threads_act_as_it_was_and_a_circumstance_joins_it() -> None:
    aspect = understand("a koja je kazna?", _thread(STORY))
    assert aspect.thread_act == STORY
    circumstance = understand("a da je bio pijan?", _thread(STORY))
    assert circumstance.thread_act.startswith(STORY) and "pijan" in circumstance.thread_act
    after = aspect.next_thread(Exchange("a koja je kazna?", aspect.standalone, act=aspect.thread_act))
    assert "kazna" not in understand("a u RS?", after).standalone.split("a u RS")[0]


def test_the_named_jurisdiction_is_for_this_answer_only() -> None:
    officer = scope_of("FBiH")
    assert list(asked_jurisdiction(officer, "RS")) == list(scope_of("RS"))
    assert asked_jurisdiction(officer, "FBiH") is officer
    assert asked_jurisdiction(officer, None) is officer
    assert asked_jurisdiction(None, "RS") is None  # jurisdictions not in use: every law is searched anyway
