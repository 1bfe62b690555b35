"""Later turns read by class of form, twenty-seventh round (issue 29; threads.toml [continuation] `more`, `counts`;
thread_reading.py `_more_of`).

More of what the story counted: "još" right before a count — a number in digits or a cardinal numeral ("našli još
300 komada", "javila se još dva čovjeka", "bio je još jedan s njim") — adds to a number the story told, so the
message is the thread's act told further: a continuation that adds it, even with a verb and a subject of its own.
Checked both ways: "još jednom" (once more) and "još nešto" are no count, a question, an indefinite new person, a
message longer than a pointing one, a new topic's opener and a first question read as before. Phrasings made up for
these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from kodeks.answering.conversation import understand
from retrieval.language.normalize import words
from retrieval.search.thread_reading import _more_of, cues, read_message
from tests.thread_helpers import thread_of

SMUGGLING = "na granici u kamionu našli 200 kutija cigareta bez akciznih markica"
FRAUD = "starici se javio lik kao da je iz banke i uzeo joj 2000 KM za navodnu zaštitu računa"


def test_the_data_lists_the_additive_word_and_the_numerals() -> None:
    c = cues()
    assert "jos" in c.more
    assert {"jedan", "dva", "dvije", "tri", "deset", "nekoliko", "dvojica"} <= c.counts


def test_more_before_a_count_is_the_thread_act_told_further() -> None:
    for message, previous in (
        ("u skladištu našli još 300 kutija", SMUGGLING),
        ("javila se još dva penzionera iz iste zgrade", FRAUD),
        ("bio je još jedan s njim u autu", SMUGGLING),
        ("Кажу да је узео још 500 КМ", FRAUD),
        ("a prevarili su još nekoliko ljudi", FRAUD),
    ):
        reading = read_message(message, previous)
        assert reading.kind == "continuation" and reading.adds, message


def test_what_counts_nothing_reads_as_before() -> None:
    for message in (
        "još jednom ga je pozvao i tražio pare",  # once more: a time, not a count
        "još je neko provalio u podrum i odnio bicikle",  # someone new, no count
        "javio se još neko, lik od 2 metra",  # no count right after "još"
        "koliko još 2 godine da čekamo",  # a question
    ):
        assert not _more_of(words(message), cues()), message
    assert read_message("još je neko provalio u podrum i odnio bicikle", SMUGGLING).kind == "new"
    assert read_message("imam još jedno pitanje, lik mi ukrao auto", FRAUD).kind == "new-topic"
    assert read_message("koliko može dobiti ako je uzeo još 2 hiljade", FRAUD).kind == "continuation"  # asked: leans
    long = "našli još 300 kutija u garaži jednog lika kod rijeke, registrovana firma za prevoz namještaja iz Srbije"
    assert read_message(long, SMUGGLING).kind != "continuation" or not read_message(long, SMUGGLING).adds


def test_a_first_question_is_not_read_against_a_story() -> None:
    assert read_message("u skladištu našli još 300 kutija cigareta", None).kind == "new"


def test_through_the_bot_path_the_thread_act_is_carried() -> None:
    understood = understand("u skladištu našli još 300 kutija", thread_of(SMUGGLING))
    assert understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "cigareta" in understood.context.words
