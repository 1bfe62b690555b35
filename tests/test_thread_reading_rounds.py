"""Follow-ups read by class of form, fourth round (issue 29; thread_reading.py, conversation.py).

Classes found by sorting the misses of the tune threads (docs/retrieval.md, "Fourth round"). Phrasings made up
for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

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
