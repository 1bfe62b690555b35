"""Later turns read by class of form, twenty-sixth round (issue 29; threads.toml, thread_reading.py).

More of the story told on its own time line: a message that opens with "već", "opet" or "ponovo" — words of aspect
that need a story gone before to be "already" or "again" to — and then only clitics before a past verb, no subject of
its own ("već je uzeo 500 KM od njega", "opet ga je udario pred kućom"), tells the thread's act further: a
continuation that adds it, even with a verb of its own. Checked both ways: no verb right after the clitics ("već tri
dana …"), an indefinite new person ("već je neko …"), a question, a message longer than a pointing one, and a first
question of a thread read as before. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from kodeks.answering.conversation import understand
from retrieval.search.thread_reading import cues, read_message
from tests.thread_helpers import thread_of

DEMAND = "lik preko telefona traži novac od komšije i prijeti da će mu zapaliti auto ako ne plati"
BEATING = "muž tukao ženu u stanu, komšije zvale policiju"


def test_the_data_lists_the_words_of_aspect() -> None:
    assert {("vec",), ("opet",), ("ponovo",)} <= {p.parts for p in cues().already}


def test_already_or_again_before_a_verb_is_the_thread_act_told_further() -> None:
    for message, previous in (
        ("već je uzeo 500 KM od njega", DEMAND),
        ("a već su mu platili dva puta po hiljadu", DEMAND),
        ("opet ga je udario pred kućom", BEATING),
        ("ponovo je došao pijan i razbio vrata", BEATING),
    ):
        reading = read_message(message, previous)
        assert reading.kind == "continuation" and reading.adds, message


def test_through_the_bot_path_the_thread_act_is_carried() -> None:
    understood = understand("već je uzeo 500 KM od njega", thread_of(DEMAND))
    assert understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "prijeti" in understood.context.words


def test_what_is_not_told_on_the_story_time_line_reads_as_before() -> None:
    for message in (
        "već je neko provalio u podrum i odnio bicikle",  # someone new: a case of its own
        "opet je policija kriva što je pobjegao, je li tako",  # a subject of its own before the verb
    ):
        assert read_message(message, BEATING).kind == "new", message
    # longer than a message that points back: its own story
    long = "već je prodao auto, kuću, vikendicu, zemlju kod rijeke, dva traktora, kombi i prikolicu bratu"
    assert read_message(long, DEMAND).kind == "new"


def test_a_first_question_is_not_read_against_a_story() -> None:
    assert read_message("opet mi je komšija ukrao drva iz šupe", None).kind == "new"
