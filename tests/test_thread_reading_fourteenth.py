"""Later turns read by class of form, fourteenth round (issue 29; threads.toml, thread_reading.py).

One form of a later turn: a continuation right after a question read as one of its own in a live thread, which
names words of the story that question broke into and none of the question's own ("and in RS, for the forging of
the receipts?" after a story of forged receipts, then a question about the money paid out) goes back to that
story — as the thirteenth round's correction does. And a correction of the manner only ("no, he did not break in, he
had a key …"): all it takes back is a verb and its replacing part tells no past act of its own, so the story's other
verbs (what he did take) stay in its story. Checked both ways: one shared word, a word of the question between, a
continuation naming nothing, a thread with no story broken into, a correction that tells a new act or takes back a
thing. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from kodeks.answering.conversation import Exchange, Thread, exchange_of, understand
from retrieval.search.thread_reading import cues, read_message

GARAGE = "provalio u garažu kod komšije i odnio bicikl i bušilicu"
RECEIPTS = "knjigovođa u firmi krivotvorio račune i potpise direktora"
BETWEEN = "isplatio sebi na svoj žiro oko 30 hiljada"


def test_the_data_sets_how_many_words_name_the_story() -> None:
    assert cues().returning_words == 2


def test_a_continuation_naming_the_story_broken_into_returns_to_it() -> None:
    """Through the bot's path: the question between is read as one of its own (a thread that keeps the story it broke
    into); the switch then names two words of that story ("krivotvorenje", "računa") and none of the question's, so
    it is searched with the story's act, not the payment's."""
    story = Thread().after(Exchange(question=RECEIPTS, standalone=RECEIPTS, act=RECEIPTS))
    between = understand(BETWEEN, story)
    assert between.kind == "new"
    thread = between.next_thread(exchange_of(between, None))
    assert thread.interrupted == RECEIPTS
    switch = understand("a kako je u RS za to krivotvorenje računa", thread)
    assert switch.follow_up and switch.kind == "continuation"
    assert switch.jurisdiction == "RS"
    assert switch.context is not None and "potpise" in switch.context.words
    assert "žiro" not in switch.context.words  # the question between is not the act it asks about
    assert "potpise" in switch.thread_act  # the thread carries on with the story returned to


def test_one_shared_word_is_no_naming() -> None:
    """ "ispred" is in both unrelated stories: one word in common does not take the message back."""
    story = "ukrao bicikl ispred škole"
    last = "vozač odbio alkotest na kontroli"
    text = "a ispred kafića se potukli, jedan ima slomljen nos"
    assert read_message(text, last, interrupted=story) == read_message(text, last)


def test_a_word_of_the_question_between_keeps_it() -> None:
    """ "žiro" is the last question's: the continuation is about it, even though it names the story's words too."""
    text = "a u RS za te račune i taj žiro"
    reading = read_message(text, BETWEEN, interrupted=RECEIPTS)
    assert reading == read_message(text, BETWEEN)
    assert "žiro" in reading.inherited


def test_a_continuation_naming_nothing_stays_with_the_last_question() -> None:
    reading = read_message("a u federaciji?", BETWEEN, interrupted=RECEIPTS)
    assert reading.kind == "continuation" and reading.inherited == BETWEEN


def test_without_a_story_broken_into_it_reads_as_before() -> None:
    text = "a kako je u RS za to krivotvorenje računa"
    assert read_message(text, BETWEEN, interrupted="") == read_message(text, BETWEEN)
    assert read_message(text, BETWEEN).inherited == BETWEEN


def test_an_act_of_its_own_naming_the_story_is_not_a_continuation_returned() -> None:
    """Only a continuation goes back: a question of its own that happens to share the story's words stays one."""
    text = "direktor sada prijavio knjigovođu jer je falsifikovao račune i za drugu firmu prošle godine u Tuzli"
    assert read_message(text, BETWEEN, interrupted=RECEIPTS) == read_message(text, BETWEEN)


def test_a_correction_of_the_manner_keeps_what_was_done() -> None:
    """Through the bot's path: "provalio" is taken back, "imao je ključ …" tells how, not a new act — so what he took
    ("odnio") stays in the story searched with it, and in what the thread carries on with."""
    thread = Thread().after(Exchange(question=GARAGE, standalone=GARAGE, act=GARAGE))
    corrected = understand("ne, nije provalio, imao je ključ od garaže", thread)
    assert corrected.follow_up and corrected.kind == "correction"
    assert corrected.context is not None and "odnio" in corrected.context.words
    assert "provalio" not in corrected.context.words  # what it takes back is not searched
    assert "odnio" in corrected.thread_act


def test_a_correction_telling_a_new_act_drops_the_storys_verbs() -> None:
    reading = read_message("ne, nije provalio, nego je razbio prozor na autu", GARAGE)
    assert reading.kind == "correction" and "odnio" not in reading.story and "bicikl" in reading.story


def test_a_correction_of_a_thing_is_searched_with_it_swapped_as_before() -> None:
    reading = read_message("ne, nije bicikl nego motor", GARAGE)
    assert reading.kind == "correction" and "motor" in reading.act and "bicikl" not in reading.act
