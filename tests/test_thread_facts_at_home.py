"""Later turns read by class of form, twenty-seventh round (issue 29; thread_reading.tells_the_case,
conversation._tells_facts).

After a switch that asked another jurisdiction's law for the thread's act ("a u federaciji?", "a da je to bilo u
Bijeljini?"), more of the case's facts told as a statement — a related act or a circumstance, an act in the past and
nothing asked — is the case's: searched in the case's own jurisdiction, as a correction is. A question after the
switch, a hypothetical, and an act pointed back at by a relative clause keep the law asked for. Phrasings made up for
these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import tells_the_case

STORY = "radnik fabrike bacio bure otpada u potok, pocrkala riba"


def switched(home: str | None = None) -> Thread:
    """A thread whose case was told in the officer's jurisdiction, then asked about under the Federation's law."""
    thread = Thread().after(Exchange(question=STORY, standalone=STORY, act=STORY, home=home))
    return thread.after(
        Exchange(question="a u federaciji?", standalone=STORY, act=STORY, jurisdiction="FBiH", home=home)
    )


def test_a_statement_of_a_past_act_tells_the_case() -> None:
    for message in (
        "još je šef nudio inspektoru 1000 KM da ne piše zapisnik",
        "poslije su i kanister bacili u rijeku",
        "a onda je vlasnik firme izbrisao snimke sa kamere",
    ):
        assert tells_the_case(message), message


def test_a_question_a_condition_or_an_act_pointed_back_at_tells_nothing() -> None:
    for message in (
        "kolko je tamo zaprijećeno",  # no act
        "a šta ako je bacio i ulje?",  # a hypothetical, asked
        "šef nudio inspektoru pare, šta je to",  # a question after the statement
        "a ima tek 17 godina radnik što je to uradio",  # the act pointed back at, in a relative clause
        "a ako je šteta veća",  # a condition
    ):
        assert not tells_the_case(message), message


def test_facts_after_a_switch_are_searched_at_home() -> None:
    understood = understand("još je šef nudio inspektoru 1000 KM da ne piše zapisnik", switched())
    assert understood.kind == "related" and understood.jurisdiction is None
    understood = understand("još je šef nudio inspektoru 1000 KM da ne piše zapisnik", switched(home="RS"))
    assert understood.jurisdiction == "RS"


def test_a_question_after_a_switch_keeps_the_law_asked_for() -> None:
    assert understand("kolko je tamo zaprijećeno", switched()).jurisdiction == "FBiH"
