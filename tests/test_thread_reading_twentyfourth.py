"""Later turns read by class of form, twenty-fourth round (issue 29; threads.toml, thread_reading.py).

A question asked first and what it asks about told after it, in a clause of its own opened by a complementizer
("što", "da", "ako"): "da li je važno što mu je bila djevojka", "da li je teže ako je prodavačica vidjela sve", "koja
je kazna za to što je rekao …". When the head asks whether something matters, or asks of the thread's act by a preposition and a
demonstrative right before the clause, the clause is a circumstance of the thread's act (or the act told again),
however long — a continuation that adds it. Checked both ways: a head that asks neither ("jel to krivično djelo što
…"), a head too long to be a short question, and a question with nothing told after it read as before.

And what the officers found or took besides, told with a plural past verb, the auxiliary of the first person plural
and "i" ("pronašli smo i diktafon u ladici"): evidence of the thread's act, a circumstance of it — not "našli smo ga
kod kuće" (no "i") nor "bili smo i kod …" (no act). Phrasings made up for these tests, not taken from any benchmark's
turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.answering.conversation import understand
from kodeks.settings import Settings
from retrieval.search.thread_reading import cues, read_message
from tests.fakes.telegram_server import FakeTelegramServer
from tests.thread_helpers import assert_continuation_from, federation_conversation, thread_of

STALKING = "komšija je prati svaki dan do posla i šalje joj poruke po cijelu noć"
FALSE_REPORT = "prijavio da su mu ukrali bicikl, a poslije smo ga našli kod njegovog brata u podrumu"
SHOP = "momak ukrao mobitel iz radnje i pobjegao niz ulicu"
RECORDING = "radnik u opštini snimao šefa krišom na mobitel i slao snimke drugima"


def test_the_data_lists_the_complementizers() -> None:
    assert {"sto", "da", "ako"} <= cues().told_after


def test_whether_it_matters_asked_first_is_a_circumstance_of_the_thread_act() -> None:
    """Through the bot's path: the question of mattering, then "što …", inherits the thread's act."""
    understood = understand("da li je važno što mu je nekad bila djevojka a ne neka nepoznata", thread_of(STALKING))
    assert understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "poruke" in understood.context.words
    for message in (
        "je li bitno što je već dvaput osuđivan za krađe",
        "da li je teže ako je prodavačica vidjela sve i zvala obezbjeđenje",
        "da li je bitno što je svjedok vidio sve",
    ):
        reading = read_message(message, SHOP)
        assert reading.kind == "continuation" and reading.adds


def test_a_question_of_the_thread_act_by_a_demonstrative_before_the_clause() -> None:
    """ "za ovo što …", "za to što …" right before the clause: the act told again, with a circumstance."""
    for message in (
        "koliko može dobiti za ovo što nas je lagao da su mu ukrali bicikl",
        "koja je kazna za to što je rekao da je nestao iz podruma",
    ):
        reading = read_message(message, FALSE_REPORT)
        assert reading.kind == "continuation" and reading.adds


def test_a_head_that_asks_neither_or_too_much_reads_as_before() -> None:
    """No word of mattering and no demonstrative of the act before the clause, or a head of more than a short
    question's content words: read as before (a question of its own, here)."""
    assert read_message("jel to krivično djelo što je on uradio sa tim novcem", SHOP).kind == "new"
    long_head = "da li je policija u drugom gradu mogla bitno drugačije postupiti da je prijavu primila ranije"
    assert read_message(long_head, SHOP).kind == "new"


def test_nothing_told_after_the_complementizer_reads_as_before() -> None:
    assert read_message("jel bitno što", SHOP) == read_message("jel bitno", SHOP)


def test_what_the_officers_found_besides_is_a_circumstance_of_the_thread_act() -> None:
    assert {"smo"} <= cues().ours
    for message in ("pronašli smo i diktafon u njegovoj ladici", "uzeli smo i laptop sa snimcima"):
        reading = read_message(message, RECORDING)
        assert reading.kind == "continuation" and reading.adds
    understood = understand("pronašli smo i diktafon u njegovoj ladici", thread_of(RECORDING))
    assert understood.context is not None and "snimke" in understood.context.words


def test_the_officers_without_an_addition_or_an_act_read_as_before() -> None:
    assert not read_message("našli smo ga kod kuće", RECORDING).adds
    assert read_message("bili smo i kod njegove žene", RECORDING).kind == "new"


async def test_the_bot_answers_the_question_of_mattering_from_the_thread_act(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's thread: violence in the family, then whether it matters that the children saw it —
    answered as a continuation of the case (the "Razumio sam" line names it), from the Federation's article on
    violence in the family, logged as following the first question."""
    story = "muž udara ženu u stanu, komšinica zvala policiju"
    text, logged = await federation_conversation(
        telegram_server,
        juris_settings,
        juris,
        tmp_path,
        [story, "jel bitno što su djeca sve gledala iz druge sobe"],
    )
    assert_continuation_from(text, logged, "Nasilje u obitelji")
