"""Later turns read by class of form, eighteenth round (issue 29; threads.toml, thread_reading.py).

Five forms of a later turn, each checked both ways. A message whose question asks whether what it tells matters to
the case ("…, mijenja li to nešto", "…, utiče li") tells a circumstance of the thread's act, however long — and a
new-topic opener before such a question opens no new topic. A short question for a jurisdiction named in the
message's last clause ("…, kako bi ga RS teretila") asks that law for the thread's act. A clause closing on the
thread's act by a preposition ("… vratio mu 5 hiljada za to") tells what was done for it. An act told with "i"
("also") right after its verb and auxiliary ("uzeo je i nož …") adds to what the thread's person did. A correction
whose replacing part tells a story of its own is searched and carried without the story it corrects. And "skroz
drugo: …" opens a new topic as "sasvim drugo" does. Phrasings made up for these tests, not taken from any
benchmark's turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.answering.conversation import understand
from kodeks.settings import Settings
from retrieval.search.thread_reading import cues, read_message
from tests.fakes.telegram_server import FakeTelegramServer
from tests.thread_helpers import assert_continuation_from, federation_conversation, thread_of

FAMILY = "muž udara ženu u stanu, djeca gledaju, komšinica zvala policiju"
THEFT = "ukrao mu je novčanik iz džepa u tramvaju, tuđa stvar oduzeta"
FAVOUR = "direktor opštinskog preduzeća dao posao firmi svog brata po duplo većoj cijeni"


def test_the_data_lists_the_new_classes() -> None:
    c = cues()
    assert c.matters and c.matters_clause_words >= 1 and c.for_the_act and c.story_words > c.max_own_words


def test_a_question_whether_it_matters_makes_the_statement_a_circumstance() -> None:
    """Through the bot's path: the statement before "mijenja li to nešto" is a detail of the thread's act, which
    the search inherits."""
    understood = understand(
        "bila su dvojica, jedan je držao stražu na vratima, drugi vadio. mijenja li to nešto", thread_of(THEFT)
    )
    assert understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "novčanik" in understood.context.words
    assert read_message("putnik mu je inače bivši šogor, ne žive zajedno. utiče li", THEFT).kind == "continuation"


def test_without_a_question_of_mattering_the_statement_reads_as_before() -> None:
    assert read_message("bila su dvojica, jedan je držao stražu na vratima, drugi vadio", THEFT).kind == "new"


def test_a_new_topic_opener_before_a_question_of_mattering_opens_no_new_topic() -> None:
    assert (
        read_message("još nešto, taj putnik mu je bivši šogor, ne žive zajedno. utiče li", THEFT).kind == "continuation"
    )
    assert read_message("još nešto: komšija mi je ukrao bicikl iz dvorišta", THEFT).kind == "new-topic"


def test_a_question_for_the_law_named_in_the_last_clause_asks_it_for_the_thread_act() -> None:
    reading = read_message("a taj novčanik je zapravo nestao u Bijeljini, kako bi ga RS teretila", THEFT)
    assert reading.kind == "continuation" and reading.jurisdiction == "RS"


def test_a_story_told_in_a_town_then_asked_about_stays_a_question_of_its_own() -> None:
    """ "…, šta je to" asks about the story told, not another jurisdiction's law: the name is not in the question."""
    assert read_message("upali su u kuću na Jahorini i odnijeli televizor, šta je to", THEFT).kind == "new"


def test_what_was_done_for_the_thread_act_is_a_circumstance_of_it() -> None:
    reading = read_message("brat mu je vratio 5 hiljada u kešu za to", FAVOUR)
    assert reading.kind == "continuation" and reading.adds
    assert read_message("brat mu je vratio 5 hiljada u kešu", FAVOUR).kind == "new"


def test_a_fresh_question_asking_what_follows_for_it_reads_as_before() -> None:
    assert read_message("ukrao je bicikl ispred zgrade, šta mu ide za to", FAVOUR).kind == "new"


def test_an_act_told_with_also_adds_to_the_thread_act() -> None:
    reading = read_message("uzeo je i nož iz ladice i prijetio joj njime", FAMILY)
    assert reading.kind == "continuation" and reading.adds
    assert read_message("uzeo je nož iz ladice i izbo komšiju", FAMILY).kind == "new"


def test_a_correction_that_tells_a_story_of_its_own_leaves_the_old_story() -> None:
    """Through the bot's path: nothing of the flat and the children is searched or carried with the new story."""
    understood = understand(
        "ne, nije muž. radi se o kolegi s posla koji je mjesecima prati, šalje joj poruke, čeka je ispred zgrade i "
        "prijeti",
        thread_of(FAMILY),
    )
    assert understood.kind == "correction"
    assert "kolegi" in understood.query and "stanu" not in understood.query and "djeca" not in understood.query
    assert understood.context is not None and understood.context.words == ""
    assert "stanu" not in understood.thread_act


def test_a_short_replacing_part_still_swaps_a_person_in_the_story() -> None:
    reading = read_message("ne, nije muž nego bivši dečko", FAMILY)
    assert reading.kind == "correction" and "stanu" in reading.act and "decko" in reading.act


def test_skroz_drugo_opens_a_new_topic() -> None:
    assert read_message("skroz drugo: vozač autobusa pustio putnike bez karte", THEFT).kind == "new-topic"


async def test_the_bot_answers_an_act_told_with_also_from_the_thread_act(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's thread: violence in the family, then "uzeo je i nož …" — answered as a continuation of
    the case (the "Razumio sam" line names it), from the Federation's article on violence in the family, logged as
    following the first question."""
    text, logged = await federation_conversation(
        telegram_server, juris_settings, juris, tmp_path, [FAMILY, "uzeo je i nož iz ladice i prijetio joj njime"]
    )
    assert_continuation_from(text, logged, "Nasilje u obitelji")
