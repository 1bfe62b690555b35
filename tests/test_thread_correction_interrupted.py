"""A correction after a message read as a question of its own (issue 29): it returns to the story that question broke
into (`Thread.interrupted`) when any word it takes back is one the story said — not only its first, which may only
qualify it ("nije bio pravi pištolj") — or a number the story wrote ("72 a ne 95": a number of two digits has no stem
to compare). Wording invented for these tests; the reading only, no index."""

from __future__ import annotations

from kodeks.answering.conversation import Exchange, Thread, exchange_of, understand
from retrieval.search.thread_reading import read_message

HOLDUP = "trojica sa fantomkama i pištoljem upali u benzinsku pumpu i odnijeli novac"
SPEED = "kamera na ulazu u grad, ograničenje 40, izmjerila 85. kolika je kazna"
BETWEEN = "četvrti ih je čekao u kolima iza ugla"


def test_a_correction_whose_first_word_only_qualifies_returns_to_the_story() -> None:
    """ "nije bio pravi pištolj" takes back the story's pistol; the question between said no weapon."""
    text = "izvini, nije bio pravi pištolj nego plastični"
    reading = read_message(text, BETWEEN, interrupted=HOLDUP)
    assert reading.kind == "correction"
    assert "pumpu" in reading.act and "čekao" not in reading.act  # the story's act, with the weapon swapped
    assert "pištoljem" not in reading.act


def test_a_number_taken_back_returns_to_the_story_that_wrote_it() -> None:
    text = "izvinite, izmjereno je 68 a ne 85"
    reading = read_message(text, "koliko kaznenih bodova ide uz to", interrupted=SPEED)
    assert reading.kind == "correction"
    searched = f"{reading.story} {reading.act}"
    assert "ograničenje" in searched and "40" in searched  # the story's other number stays
    assert "85" not in searched and "bodova" not in searched


def test_through_the_bots_path() -> None:
    story = Thread().after(Exchange(question=HOLDUP, standalone=HOLDUP, act=HOLDUP))
    between = understand(BETWEEN, story)
    assert between.kind == "new"
    thread = between.next_thread(exchange_of(between, None))
    assert thread.interrupted == HOLDUP
    corrected = understand("izvini, nije bio pravi pištolj nego plastični", thread)
    assert corrected.kind == "correction" and "pumpu" in corrected.query and "kolima" not in corrected.query


def test_a_correction_of_the_question_between_is_read_against_it() -> None:
    """A word the question between said (here its number) keeps the correction there, as before."""
    last = "uhvatili jednog, ima 17 godina"
    text = "izvini, ima 15 a ne 17"
    assert read_message(text, last, interrupted=SPEED) == read_message(text, last)


def test_words_neither_said_or_a_negated_will_read_as_before() -> None:
    for text in (
        "kaže da nije znao da je pištolj pravi",  # a negated verb of knowing takes nothing back
        "izvini, nije bio crni auto nego sivi",  # nothing either said
    ):
        assert read_message(text, BETWEEN, interrupted=HOLDUP) == read_message(text, BETWEEN), text
