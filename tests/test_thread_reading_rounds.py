"""Follow-ups read by class of form, fourth round (issue 29; thread_reading.py, conversation.py).

Classes found by sorting the misses of the tune threads (docs/retrieval.md, "Fourth round"). Phrasings made up
for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import read_message

PURSE = "mladić je ukrao torbicu starijoj ženi na tržnici i pobjegao"


def _thread(question: str) -> Thread:
    return Thread().after(Exchange(question, question, articles=("KZ FBiH čl. 286",)))


# --- corrections: what replaces the act, and what of the story goes with it -----------------------------------


def test_a_correction_taking_back_only_a_verb_replaces_the_act_whatever_form_its_new_verb_has() -> None:
    """ "nije ga ukrao, samo ga otimo" (a dialect participle the rules do not know as a verb): all it takes back is
    the act, so the act changes — the old verb is not kept as if only a thing had been swapped."""
    reading = read_message("nije je ukrao, samo je otimo", PURSE)
    assert reading.kind == "correction" and reading.negated == ("ukrao",)
    assert "ukrao" not in reading.act and "otimo" in reading.act


def test_a_corrections_story_keeps_its_persons_and_things_never_its_verbs() -> None:
    corrected = understand("ne, nije je ukrao, nego ju je samo gurnuo", _thread(PURSE))
    assert corrected.kind == "correction" and corrected.query == "ju je samo gurnuo"
    story = corrected.context.words.split()
    assert {"mladić", "torbicu", "tržnici"} <= set(story)
    assert not {"ukrao", "pobjegao"} & set(story)  # neither the act taken back nor the story's other verbs
    assert not corrected.context.dense and not corrected.context.articles  # BM25 only: the new act leads
    assert corrected.thread_act.endswith("ju je samo gurnuo") and "torbicu" in corrected.thread_act


@pytest.mark.parametrize(
    ("text", "story", "gone", "searched"),
    [
        ("ne 120, nego 95 na sat", "vozio 120 na sat pored škole", ("120",), "vozio na sat pored škole 95 na sat"),
        ("ne 120, 95 na sat", "vozio 120 na sat pored škole", ("120",), "vozio na sat pored škole 95 na sat"),
        ("čekaj, 0,9 ne 1,6", "napuhao 1,6 promila i vozio", ("1", "6"), "napuhao promila i vozio 0 9"),
        (
            "ispravka: ima 17 godina",
            "mladić od 14 godina razbio izlog",
            ("14",),
            "mladić od godina razbio izlog ima 17 godina",
        ),
    ],
)
def test_a_corrected_number_or_detail_is_swapped_in_the_story(
    text: str, story: str, gone: tuple[str, ...], searched: str
) -> None:
    """A bare "ne" next to a number the thread said takes it back; an opener with no act after it corrects a
    detail: either way the act stays, the story is searched with the new number or detail."""
    reading = read_message(text, story)
    assert reading.kind == "correction" and reading.negated == gone and reading.act == searched


def test_a_number_the_thread_did_not_say_takes_nothing_back() -> None:
    assert read_message("ne 50, ograničenje je 40", "vozio 120 na sat pored škole").kind != "correction"


# --- a hypothetical with a case of its own is a new question -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "šta ako kondukter odbije da pokaže dozvolu",  # a subject of its own, the present tense
        "a šta ako neko gađa autobus kamenjem",
        "a da je komunalni inspektor tražio novac",  # an auxiliary, then its own subject and a past verb
    ],
)
def test_a_hypothetical_telling_a_case_of_its_own_is_searched_by_its_own_words(text: str) -> None:
    reading = read_message(text, PURSE)
    assert reading.kind == "new" and not reading.follow_up


def test_a_hypothetical_case_of_its_own_sharing_the_threads_things_is_a_related_act() -> None:
    reading = read_message("šta ako preprodavac proda torbicu preko oglasa", PURSE)
    assert reading.kind == "related" and reading.follow_up and not reading.dense
    # the thread's own person as the subject: a circumstance of the case, not a case of its own
    assert read_message("šta ako mladić proda torbicu preko oglasa", PURSE).kind == "continuation"


@pytest.mark.parametrize(
    "text",
    [
        "a ako je žena teško povrijeđena?",  # an auxiliary and a state: a circumstance
        "a ako udari prodavača?",  # a verb first: the thread's person does it
        "a da mu je prijetio nožem?",  # a pronoun points back
        "a ako je imao i nož?",
        "šta ako pobjegne",
    ],
)
def test_circumstances_of_the_case_stay_continuations(text: str) -> None:
    assert read_message(text, PURSE).kind == "continuation"


# --- pointing back: demonstratives and "the same" ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "tamo ga tužilac ne može goniti bez prijedloga oštećene stranke",  # a demonstrative, no act of its own
        "isti mladić je istog dana opljačkao još dvije žene na stanici",  # the same person again: an act, same case
    ],
)
def test_a_message_pointing_back_continues_the_case(text: str) -> None:
    reading = read_message(text, PURSE)
    assert reading.kind == "continuation" and reading.adds and "torbicu" in reading.inherited


def test_a_story_of_its_own_with_personal_pronouns_is_still_a_new_question() -> None:
    assert read_message("vozač nudi saobraćajcu 50 KM da ga pusti", PURSE).kind == "new"


# --- what a switch inherits ---------------------------------------------------------------------------------------


def test_an_adjective_before_nothing_but_a_question_names_its_jurisdiction() -> None:
    for text in ("a po federalnom kako je", "a po srpskom, šta kaže?"):
        assert read_message(text, PURSE).jurisdiction in ("FBiH", "RS"), text
    assert read_message("a kod federalne inspekcije?", PURSE).jurisdiction is None  # a noun after it: no law


def test_a_new_topics_opener_is_no_part_of_the_act_its_thread_carries() -> None:
    fresh = understand("drugo pitanje, neko je posjekao stabla u tuđoj šumi", _thread(PURSE))
    assert fresh.kind == "new-topic" and fresh.thread_act == "neko je posjekao stabla u tuđoj šumi"
    switched = understand(
        "a po federalnom?", fresh.next_thread(Exchange(fresh.question, fresh.standalone, act=fresh.thread_act))
    )
    assert switched.jurisdiction == "FBiH" and "drugo" not in switched.standalone and "šumi" in switched.standalone


def test_a_related_act_pointing_back_keeps_the_storys_people_and_things_in_bm25_only() -> None:
    """ "a onaj što ju je preprodao na pijaci": its object is the story's — the story's persons and things go along
    (never its verbs); a related act pointing at nothing of the story carries nothing (a fresh "a …" question)."""
    related = understand("a onaj što ju je preprodao na pijaci", _thread(PURSE))
    assert related.kind == "related" and "torbicu" in related.context.words.split()
    assert "ukrao" not in related.context.words and not related.context.dense and not related.context.articles
    fresh = understand("a onda je preprodao bicikl na pijaci", _thread(PURSE))
    assert fresh.kind == "related" and not fresh.context


def test_a_short_follow_up_with_a_pronoun_stays_an_aspect_not_a_circumstance() -> None:
    """ "a kazna za to?" was a follow-up asking an aspect before the pointers were read: it stays one (the thread's
    act unchanged, no aggravated forms sought), while a longer message pointing back adds a circumstance."""
    assert not read_message("a kazna za to?", PURSE).adds
    assert read_message("tamo ga tužilac ne može goniti bez prijedloga oštećene stranke", PURSE).adds
