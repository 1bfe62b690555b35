"""Follow-ups read by class of form, sixth round (issue 29; threads.toml [circumstance], conversation.py).

A consequence or a state of the story's persons or things told in a live thread — an injury, a death, an
admission, an amount — with no act the thread has not, is a circumstance of the thread's act. Phrasings made up
for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import read_message

FIGHT = "dvojica su se potukla ispred kafića i jedan je drugog udario flašom"


@pytest.mark.parametrize(
    "text",
    [
        "oštećeni ima slomljenu vilicu",  # a fragment: an injury
        "momak preminuo u bolnici, šta mu ide",  # a death, with a subject and a verb of its own
        "osumnjičeni priznao da ga je udario, šta ga čeka",  # an admission: what it reports is the thread's act
        "šteta na autu oko 5 hiljada maraka",  # a damage
        "oko 300 maraka",  # an amount, in a fragment
        "vlasnik kaže da telefon vrijedi 900 KM",  # a value
    ],
)
def test_a_consequence_or_a_state_continues_the_story(text: str) -> None:
    reading = read_message(text, FIGHT)
    assert reading.kind == "continuation" and reading.adds and FIGHT.split()[0] in reading.inherited, text


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("vozač je pregazio pješaka koji je umro, šta mu ide", "new"),  # an act of its own besides the death
        ("koliko se dobije za izazivanje smrti iz nehata?", "new"),  # a question of its own
        ("taksista traži od putnika 300 maraka za vožnju do aerodroma", "new"),  # an amount in a story of its own
        ("a neko je umro u saobraćajnoj nesreći", "continuation"),  # unchanged: what the reading already made of it
        ("imam jedan slučaj: komšija preminuo, a sin prodao kuću", "new-topic"),
    ],
)
def test_a_new_act_or_a_question_of_its_own_is_not_a_circumstance(text: str, kind: str) -> None:
    reading = read_message(text, FIGHT)
    assert reading.kind == kind and not (reading.kind == "continuation" and reading.adds), text


def test_the_path_carries_the_thread_for_a_circumstance_and_not_for_a_new_act() -> None:
    thread = Thread().after(Exchange(question=FIGHT, standalone=FIGHT, articles=("KZ FBiH čl. 172",)))
    died = understand("napadnuti preminuo, šta mu ide", thread)
    assert died.follow_up and "flašom" in died.standalone and died.context.alone
    assert died.next_thread(Exchange(question="x", standalone="x")).id == thread.id
    other = understand("vozač je pregazio pješaka koji je umro, šta mu ide", thread)
    assert not other.follow_up and "flašom" not in other.standalone
