"""Later turns read by class of form, tenth round (issue 29; threads.toml, thread_reading.py).

Four forms the reading took for a question of its own (or a related act) although they lean on the thread:
a correction opened by "the story turned out otherwise" ("ipak", "ispostavilo se da") before a negation; a bare "ne"
taking back a word the thread said ("ne X, …"); another jurisdiction asked for with the thread's own act told again;
an age in a fragment, a past verb that belongs to the state after it ("završio u bolnici"), and "onda" pointing back
to the case ("ko onda plaća"). Each is checked both ways: the form reads as the follow-up it is, and a message of its
own that looks like it stays as it was. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import read_message

FIGHT = "lik udario konobara flašom u kafani i razbio mu glavu"
ROBBERY = "prijetio prodavcu pištoljem i uzeo pazar iz kase"
HIT_AND_RUN = "pijan udario biciklistu na magistrali i ostavio ga u jarku"
SHED = "provalili u šupu i odnijeli kosilicu i alat"
KIOSK = "radnica na trafici uzimala pare iz kase mjesecima"
DOG = "pas se otrgao sa lanca i ujeo poštara"


@pytest.mark.parametrize(
    ("text", "previous", "taken"),
    [
        ("ipak nije udario konobara, gurnuo ga je pa je pao na sto", FIGHT, "udario"),
        ("ispalo je da nije bio pištolj, prijetio mu je nožem", ROBBERY, "pistolj"),
        ("ispostavilo se da nisu odnijeli kosilicu, nego su uzeli bicikl", SHED, "kosilicu"),
    ],
)
def test_a_story_that_turned_out_otherwise_is_a_correction(text: str, previous: str, taken: str) -> None:
    reading = read_message(text, previous)
    assert reading.kind == "correction", (text, reading.kind)
    assert any(w.startswith(taken[:5]) for w in reading.negated), reading.negated


@pytest.mark.parametrize(
    "text",
    [
        "ispostavilo se da je uzeo i novčanik od konobara",  # no negation: the story told on
        "ipak mi nije jasno koja je kazna",  # the negation is not right after the opener
        "ispostavilo se da nije prvi put, osuđivan je ranije",  # nothing the thread said taken back, no act instead
    ],
)
def test_turned_out_without_a_correction_is_no_correction(text: str) -> None:
    assert read_message(text, FIGHT).kind != "correction", text


def test_a_bare_ne_taking_back_the_threads_word_is_a_correction() -> None:
    reading = read_message("ne kosilicu, kolega je pogrešno upisao: odnijeli su agregat i pilu", SHED)
    assert reading.kind == "correction" and reading.negated == ("kosilicu",)
    assert "agregat" in reading.act and "kosilicu" not in reading.act


@pytest.mark.parametrize(
    "text",
    [
        "ne znam tačno, odnijeli su agregat i pilu",  # "ne" negates a verb the thread did not say
        "ne vozaču, nego pješaku je pozlilo na cesti",  # a contrast word: the older reading's, not this one
    ],
)
def test_a_bare_ne_before_other_words_is_no_such_correction(text: str) -> None:
    reading = read_message(text, SHED)
    assert not (reading.kind == "correction" and reading.negated and reading.negated[0] in ("znam", "tacno"))
    if text.startswith("ne znam"):
        assert reading.kind != "correction"


def test_a_switch_that_tells_the_threads_act_again_keeps_the_act() -> None:
    reading = read_message("a po zakonu Federacije za to što ga je ostavio u jarku?", HIT_AND_RUN)
    assert reading.kind == "continuation" and reading.jurisdiction == "FBiH"
    assert "biciklistu" in reading.inherited


def test_a_switch_with_an_act_of_its_own_stays_related() -> None:
    reading = read_message("a po zakonu Federacije za to što je kasnije zapalio auto?", HIT_AND_RUN)
    assert reading.kind == "related" and reading.jurisdiction == "FBiH"


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        ("jedan od njih ima 14 godina", SHED),  # an age, in a fragment
        ("mali ima 15 godina", SHED),
        ("poštar završio u bolnici sa ranama", DOG),  # the verb belongs to the state after it
        ("a ima 11 godina, ko onda plaća", DOG),  # "onda": the case on the table
        ("pare su oko 3000 km ukupno, da li je onda teže djelo", KIOSK),
    ],
)
def test_a_state_of_the_storys_persons_or_things_continues_the_thread(text: str, previous: str) -> None:
    reading = read_message(text, previous)
    assert reading.kind == "continuation", (text, reading.kind)


@pytest.mark.parametrize(
    "text",
    [
        "dijete od 4 godine vozi se na prednjem sjedištu bez pojasa",  # an age in a story of its own
        "klinac od 12 godina ukrao mobitel iz torbe",  # an age and an act of its own
        "radnik pao sa skele i završio u bolnici, gazda nije dao opremu",  # an act besides the state
        "a onda je izvadio nož i izbo ga",  # "onda" before an act: a related act, as before
    ],
)
def test_a_story_of_its_own_does_not_become_a_circumstance(text: str) -> None:
    reading = read_message(text, SHED)
    assert reading.kind != "continuation", (text, reading.kind)


def test_the_path_carries_the_act_through_a_turned_out_correction() -> None:
    thread = Thread().after(Exchange(question=FIGHT, standalone=FIGHT, articles=("KZ FBiH čl. 172",)))
    corrected = understand("ipak nije udario konobara, gurnuo ga je pa je pao na sto", thread)
    assert corrected.follow_up and corrected.kind == "correction"
    assert "gurnuo" in corrected.query and "udario" not in corrected.query
