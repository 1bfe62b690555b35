"""Later turns read by class of form, twenty-third round (issue 29; thread_reading.py).

A hypothetical that opens the message ("a da je …", "ako je …") supposes a circumstance of the thread's case however
long it is, unless it tells a case of its own (a subject the thread did not name: `_own_case`) or someone
indefinite's ("a ako ga neko …"), or names another jurisdiction (a switch, read as before). A negated verb first ("a
da nisu stigli …") is the thread's persons not doing it, as a verb first is their doing it. Each checked both ways;
phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from kodeks.answering.conversation import understand
from retrieval.search.thread_reading import read_message
from tests.thread_helpers import thread_of

DRUNK = "zaustavili vozača u gradu, alkotest pokazao 1,2 promila, šta ga čeka"
THEFT = "lopov ušao u prodavnicu noću i odnio laptop i kasu"
BURGLARY = "trojica provalila u kuću komšije dok nije bio tu, odnijeli zlato"
GUNS = "na granici u gepeku našli tri pištolja i municiju"


def test_a_long_hypothetical_of_the_thread_person_is_a_circumstance() -> None:
    """Through the bot's path: more words than a short hypothetical, the thread's act inherited."""
    understood = understand("a da je stariji vozač, vozi već trideset godina bez ijedne kazne", thread_of(DRUNK))
    assert understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "alkotest" in understood.context.words


def test_a_conditional_with_the_thread_person_asking_liability() -> None:
    reading = read_message("ako je lopov sam vratio stvari prije nego što smo ga pronašli, odgovara li", THEFT)
    assert reading.kind == "continuation" and reading.adds


def test_a_negated_verb_first_is_the_thread_persons_not_doing_it() -> None:
    reading = read_message("a da nisu uspjeli ništa odnijeti jer se uključio alarm pa su pobjegli", BURGLARY)
    assert reading.kind == "continuation" and reading.adds


def test_a_case_of_its_own_someone_indefinite_or_another_jurisdiction_read_as_before() -> None:
    assert read_message("a da je općinski službenik tražio pare od vlasnika radnje za dozvolu", THEFT).kind == "new"
    indefinite = "a ako ga neko drugi ukrade sa parkinga ispred zgrade i proda u dijelovima na pijaci"
    assert read_message(indefinite, THEFT).kind == "related"
    switch = read_message("a da je samo držao te pištolje kod kuće u Zvorniku bez dozvole", GUNS)
    assert switch.kind == "related" and switch.jurisdiction == "RS"


def test_no_hypothetical_first_reads_as_before() -> None:
    """A discovery ("ispade da mu je …") or a report ("kaže da je …") has "da je" inside, not opening the message."""
    assert (
        read_message("ispade da mu je kolega ostavio otvorena vrata, bili su dogovoreni od ranije", THEFT).kind == "new"
    )
    reported = "kaže da je lopov sam vratio stvari prije nego što smo ga pronašli, odgovara li"
    assert read_message(reported, THEFT).kind == "new"


def test_a_short_hypothetical_reads_as_before() -> None:
    reading = read_message("a da je bio maloljetan", THEFT)
    assert reading.kind == "continuation" and reading.adds
