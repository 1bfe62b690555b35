"""Later turns read by class of form, nineteenth round (issue 29; threads.toml, thread_reading.py).

Two forms of a later turn that names no act of the thread's but ties itself to the thread's people, each checked
both ways. One of the thread's people as the subject of an act of its own ("jedan je izvadio nož …" after "dvojica
…", "jedan od njih je …") is the thread's act with a circumstance — not "jedan lik je …", someone new, and not
without a group to be one of. What the thread's person says of the act, a verb of saying and a past verb with no
subject ("kaže našao je …, nije znao da je ukraden"), tied by a word the thread said, is the person's own account —
not "kaže mi komšija da …". Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.answering.conversation import understand
from kodeks.settings import Settings
from retrieval.search.thread_reading import cues, read_message
from tests.fakes.telegram_server import FakeTelegramServer
from tests.thread_helpers import assert_continuation_from, federation_conversation, thread_of

GANG = "trojica upala u trafiku i tražila od prodavačice pare iz kase"
FIGHT = "tuča ispred diskoteke, momak dobio flašom u glavu"
STOLEN = "zaustavili smo momka na biciklu, bicikl je ukraden prošle sedmice iz podruma"
FAMILY = "muž udara ženu u stanu, djeca gledaju, komšinica zvala policiju"
BOTH = "muž i žena se svađaju svaku noć, dvoje ih je, komšije zovu"


def test_the_data_lists_the_new_classes() -> None:
    c = cues()
    assert c.one_of and c.groups and c.reported


def test_one_of_a_group_the_thread_counted_is_the_thread_act_with_a_circumstance() -> None:
    """Through the bot's path: "jedan je …" after "trojica …" inherits the thread's act."""
    understood = understand("jedan je tada izvadio nož i mahao njime", thread_of(GANG))
    assert understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "trafiku" in understood.context.words
    assert read_message("prošli put jedna je udarila prodavačicu", GANG).kind == "continuation"


def test_one_of_them_named_by_a_pronoun_needs_no_counted_group() -> None:
    assert read_message("jedan od njih je razbio flašu o šank", FIGHT).kind == "continuation"


def test_someone_new_or_no_group_reads_as_before() -> None:
    """ "jedan lik je …" is a person new to the story; "jedan je …" with no group in the thread is one of nobody; a
    related opener's act keeps its related reading."""
    assert read_message("jedan lik je ukrao auto sa parkinga", GANG).kind == "new"
    assert read_message("jedan je izvadio nož i mahao njime", FAMILY).kind == "new"
    assert read_message("a onda je jedan izvadio nož i mahao njime", GANG).kind == "related"


def test_a_group_of_two_counted_by_a_collective_numeral() -> None:
    assert read_message("jedan je onda polomio vrata", BOTH).kind == "continuation"


def test_the_person_own_account_is_a_circumstance_of_the_thread_act() -> None:
    reading = read_message("kaže kupio ga je na pijaci za 50 maraka, nije znao da je ukraden", STOLEN)
    assert reading.kind == "continuation" and reading.adds
    assert read_message("tvrdi pozajmio mu ga je drug", STOLEN).kind == "continuation"


def test_someone_telling_the_officer_or_no_tie_reads_as_before() -> None:
    assert read_message("kaže mi komšija da je neko obio podrum", STOLEN).kind == "new"
    assert read_message("kaže platio je porez na vrijeme u opštini", STOLEN).kind == "new"


async def test_the_bot_answers_one_of_the_group_from_the_thread_act(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's thread: violence in the family told of two, then "jedan je …" — answered as a
    continuation of the case (the "Razumio sam" line names it), from the Federation's article on violence in the
    family, logged as following the first question."""
    story = "dvojica braće udaraju majku u stanu, djeca gledaju, komšinica zvala policiju"
    text, logged = await federation_conversation(
        telegram_server, juris_settings, juris, tmp_path, [story, "jedan je uzeo nož iz ladice i prijetio joj"]
    )
    assert_continuation_from(text, logged, "Nasilje u obitelji")
