"""Later turns read by class of form, twenty-first round (issue 29; conversation.py, retriever.py).

A later turn read as a question of its own ("new": an act of its own, searched by its own words) no longer loses its
thread altogether: when no new topic was announced and the message names no jurisdiction, it is searched in the
kind of law the thread's trusted answer agrees on (the criminal code, the traffic law …) — laws of other kinds are
lowered (KODEKS_THREAD_OWN_KIND) and the thread's special law is not off topic for being unnamed in the message —
while its own words choose the act. Checked both ways: the reading (what search is given), the search over the
multi-code fixture, and the bot's path on the fake Bot API. Phrasings made up for these tests, not taken from any
benchmark's turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.answering.conversation import Exchange, Thread, understand
from kodeks.settings import Settings
from retrieval.jurisdictions import scope_of
from retrieval.search.thread_reading import cues, read_message
from retrieval.types import ThreadContext
from tests.fakes.telegram_server import FakeTelegramServer
from tests.thread_helpers import federation_conversation

MURDER = "koja je kazna ako neko drugoga usmrti"
CRIME = ("KZ FBiH čl. 166", "KZ FBiH čl. 286", "KZ FBiH čl. 222")
ROAD = ("ZOBS BiH čl. 174", "ZOBS BiH čl. 44")
OWN_ACT = "uzeo je auto od oca bez pitanja"  # alone: the traffic law's alcohol article comes first
AT_THE_WHEEL = "sjeo za volan iako je pio"  # alone: the criminal code's theft comes first


def answered(story: str, articles: tuple[str, ...], weak: bool = False) -> Thread:
    """A thread whose one exchange asked `story` and was answered from `articles`."""
    return Thread().after(Exchange(question=story, standalone=story, act=story, articles=articles, weak=weak))


def test_a_question_of_its_own_keeps_the_thread_kind_of_law_as_context() -> None:
    understood = understand(OWN_ACT, answered(MURDER, CRIME))
    assert understood.kind == "new" and not understood.follow_up
    assert understood.context == ThreadContext(law_of=CRIME[:2], own=True)
    assert understood.query == OWN_ACT  # its own words are searched: nothing of the thread's act
    assert understood.context.words == "" and understood.context.articles == ()


def test_a_new_topic_a_named_jurisdiction_or_an_untrusted_answer_bring_nothing() -> None:
    """An announced new topic and a thread whose last answer search judged weak (or that gave no articles) leave the
    message alone, as before; a message that names another jurisdiction is read as before (a related act)."""
    assert understand(f"druga stvar, {OWN_ACT}", answered(MURDER, CRIME)).context is None
    assert understand(OWN_ACT, answered(MURDER, CRIME, weak=True)).context is None
    assert understand(OWN_ACT, answered(MURDER, ())).context is None
    named = understand("u Republici Srpskoj lik oteo torbu ženi na ulici", answered(MURDER, CRIME))
    assert named.jurisdiction == "RS" and named.kind == "related"  # its own part of the story, read as before
    assert named.context is not None and not named.context.own


def test_a_word_of_its_own_clause_first_announces_a_new_topic() -> None:
    """ "drugo, …", "drugo: …", "nevezano, …" (Latin or Cyrillic) change the subject as "druga stvar, …" does: searched
    without the opener, with nothing of the thread; the same word inside a clause ("drugo dijete je …") does not."""
    assert {"drugo", "nevezano"} <= cues().clause_openers
    for message in (
        "drugo, lovac ulovio zeca u zabrani",
        "drugo: lovac ulovio zeca u zabrani",
        "друго, ловац уловио зеца",
    ):
        reading = read_message(message, MURDER)
        assert reading.kind == "new-topic" and not (reading.matter or "").startswith(("drugo", "друго"))
    assert read_message("nevezano, kad je nešto prekršaj a kad krivično djelo", MURDER).kind == "new-topic"
    assert understand("drugo, lovac ulovio zeca u zabrani", answered(MURDER, CRIME)).context is None
    assert read_message("drugo dijete je isto povrijeđeno", MURDER).kind != "new-topic"
    assert read_message("drugo", MURDER).kind != "new-topic"


def test_a_follow_up_reads_as_before() -> None:
    understood = understand("a koja je kazna za to?", answered(MURDER, CRIME))
    assert understood.kind == "continuation" and understood.context is not None and not understood.context.own


def test_the_thread_kind_lowers_another_kind_and_the_own_words_choose_the_act(juris: Any) -> None:
    """Over the fixture's codes and traffic law: a crime thread keeps a story of taking the father's car out of the
    traffic law, a traffic thread keeps "sat at the wheel after drinking" out of the criminal code; the act among the
    thread's kind is the message's own."""
    scope = scope_of("FBiH")

    def first(question: str, context: ThreadContext | None) -> str:
        return juris.search(question, jurisdiction=scope, context=context).hits[0].id

    assert first(OWN_ACT, None) == "ZOBS BiH čl. 174"
    assert first(OWN_ACT, ThreadContext(law_of=CRIME[:2], own=True)) == "KZ FBiH čl. 286"
    assert first(AT_THE_WHEEL, None).startswith("KZ FBiH")
    assert first(AT_THE_WHEEL, ThreadContext(law_of=ROAD, own=True)) == "ZOBS BiH čl. 174"
    # the thread's kind does not choose the act: a traffic story in a crime thread still finds its own article
    assert first("prošao kroz selo 100 na sat", ThreadContext(law_of=CRIME[:2], own=True)) == "ZOBS BiH čl. 44"


def test_without_the_weight_a_question_of_its_own_is_searched_as_alone(juris: Any) -> None:
    scope = scope_of("FBiH")
    off = juris.settings.model_copy(update={"thread_own_kind": 0.0})
    kept = juris.settings
    try:
        juris.settings = off
        topic = juris._thread_topic(ThreadContext(law_of=CRIME[:2], own=True))
        assert (topic.kinds, topic.weight, topic.named) == (frozenset(), None, frozenset())
    finally:
        juris.settings = kept
    alone = [h.id for h in juris.search(OWN_ACT, jurisdiction=scope).hits]
    assert alone[0] == "ZOBS BiH čl. 174"


async def test_the_bot_answers_a_question_of_its_own_in_the_thread_kind_of_law(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's thread about a killing, then an act of its own told with no opener: answered as a new
    question (no "Razumio sam" line, not logged as following up) from the criminal code's theft, not from the traffic
    law its words reach alone."""
    text, logged = await federation_conversation(telegram_server, juris_settings, juris, tmp_path, [MURDER, OWN_ACT])
    assert not text.startswith("Razumio sam")
    assert "Krađa" in text.split("Izvori:")[1]  # alone (KODEKS_THREAD_OWN_KIND=0) the sources hold no theft
    assert logged[1]["follows"] is None
