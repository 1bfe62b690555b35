"""Another jurisdiction asked for right after a message read as a question of its own (issue 29): the act whose law
is asked for is that question's and the story it broke into (`Thread.interrupted`), searched together. Wording
invented for these tests; the reading only, no index."""

from __future__ import annotations

from kodeks.answering.conversation import Exchange, Thread, Understood, understand

STORY = "komšija mu svake noći šalje poruke da će mu zapaliti kuću"


def _after(question: str, thread: Thread) -> tuple[Understood, Thread]:
    understood = understand(question, thread)
    exchange = Exchange(understood.question, understood.standalone, act=understood.thread_act)
    return understood, understood.next_thread(exchange)


def _story() -> Thread:
    return Thread().after(Exchange(STORY, STORY, act=STORY))


def test_a_switch_after_an_interruption_carries_the_story_it_broke_into() -> None:
    for interruption in ("vlasnik je zvao policiju i on je pobjegao", "koliko može dobiti onaj što je sve smislio"):
        first, thread = _after(interruption, _story())
        assert first.kind == "new" and thread.interrupted == STORY and len(thread.exchanges) == 1, interruption
        switch = understand("a u RS?", thread)
        assert switch.kind == "continuation" and switch.jurisdiction == "RS"
        assert switch.context is not None
        assert interruption in switch.context.words and STORY in switch.context.words  # the question's words first
        assert switch.context.words.index(interruption) < switch.context.words.index(STORY)
        assert STORY in switch.thread_act  # the next turn carries both too


def test_the_same_message_without_another_jurisdiction_reads_as_before() -> None:
    """An aspect in the thread's own jurisdiction after the interruption inherits the interruption alone."""
    interruption = "vlasnik je zvao policiju i on je pobjegao"
    _, thread = _after(interruption, _story())
    aspect = understand("a koja je kazna za to?", thread)
    assert aspect.jurisdiction is None and aspect.context is not None
    assert STORY not in aspect.context.words


def test_a_switch_in_a_thread_never_interrupted_reads_as_before() -> None:
    """A switch after a follow-up (no question of its own in between): the thread's act alone, nothing added."""
    _, thread = _after("a koja je kazna za to?", _story())
    assert not thread.interrupted
    switch = understand("a po federalnom?", thread)
    assert switch.jurisdiction == "FBiH" and switch.context is not None
    assert switch.context.words.count("zapaliti") == 1


def test_only_right_after_the_interruption() -> None:
    """Once the thread the interruption started has gone on, a later switch carries that thread's act as before."""
    interruption = "vlasnik je zvao policiju i on je pobjegao"
    _, thread = _after(interruption, _story())
    _, thread = _after("a koja je kazna za to?", thread)
    assert len(thread.exchanges) == 2
    switch = understand("a u RS?", thread)
    assert switch.jurisdiction == "RS" and switch.context is not None
    assert "zapaliti" not in switch.context.words
