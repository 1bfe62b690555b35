"""Later turns read by class of form, thirteenth round (issue 29; threads.toml, thread_reading.py, conversation.py).

Two forms of a later turn whose thread's first turn was found: someone came upon the thread's person in the act
("when the guard stopped him he hit him …") is searched with the law's word for one found in the act; and a
correction that takes back words of a story a question of its own broke into ("sorry, the door was not forced")
returns to that story. And one clean-up: the other party's money is the vocabulary's money reading, not a list of
the thread reading's own. Each is checked both ways. Phrasings made up for these tests, not taken from any
benchmark's turns."""

from __future__ import annotations

import tomllib

import pytest

from kodeks.answering.conversation import Exchange, Thread, exchange_of, understand
from retrieval.language.normalize import words
from retrieval.language.vocabulary import DATA_DIR, THREADS_FILE, bcs_vocabulary
from retrieval.search.thread_reading import cues, read_message

SHOP = "lik u trgovini strpao parfeme u torbu i izašao bez plaćanja"
GARAGE = "provalili u garažu, razbijen prozor, odnijeli bušilicu i bicikl"
OFFER = "vozač nudio saobraćajcu 50 KM da ga ne kazni za brzinu"


@pytest.mark.parametrize(
    "text",
    [
        "a kad ga je prodavačica zaustavila, gurnuo ju je i pobjegao s parfemima",  # a related opener first
        "kad ju je vlasnik primijetio udarila ga je torbom i pobjegla",  # a woman, no opener
        "kada ga je čuvar uhvatio za ruku otrgao se i udario ga laktom",
    ],
)
def test_someone_coming_upon_the_person_in_the_act_adds_the_laws_word(text: str) -> None:
    reading = read_message(text, SHOP)
    assert reading.kind in ("new", "related"), (text, reading.kind)
    assert reading.matter is not None and reading.matter.endswith(cues().caught_law), (text, reading.matter)


@pytest.mark.parametrize(
    "text",
    [
        "dok su ga legitimisali nudio je policajcu novac",  # no subject of its own in the time clause
        "kad ga je udario, pobjegao je",  # the clause is the person's own act
        "kad ga je čuvar primijetio bio je pijan",  # nothing done after it (a state)
        "kad smo ga zaustavili udario je kolegu",  # the officers' own doing: [officers], not [caught]
        "kad je neko zvao policiju on je već pobjegao",  # no pronoun pointing back as the clause's object
    ],
)
def test_other_time_clauses_add_no_law_word(text: str) -> None:
    reading = read_message(text, SHOP)
    assert cues().caught_law not in (reading.matter or ""), (text, reading.matter)


def test_a_first_question_told_so_is_read_as_before() -> None:
    assert read_message("kad ga je čuvar uhvatio udario ga je i pobjegao", None).matter is None


def test_a_correction_returns_to_the_story_a_question_of_its_own_broke_into() -> None:
    """Through the bot's path: the question of its own starts a thread that keeps the story it broke into; the
    correction takes back a word only that story said, so it is read against it (the story's things with the
    new act), not against the question that came between."""
    story = Thread().after(Exchange(question=GARAGE, standalone=GARAGE, act=GARAGE))
    between = understand("uhvatili smo jednog, ima 14 godina", story)
    assert between.kind == "new"
    thread = between.next_thread(exchange_of(between, None))
    assert thread.interrupted == GARAGE
    corrected = understand("izvini, prozor nije bio razbijen, bilo je otvoreno i samo su ušli", thread)
    assert corrected.follow_up and corrected.kind == "correction"
    assert "garažu" in corrected.query and "bušilicu" in corrected.query
    assert "14" not in corrected.query  # the question between is not the story corrected
    assert "razbijen" not in corrected.query  # what it takes back is not searched


def test_a_correction_of_the_last_act_is_read_against_it() -> None:
    last = "uhvatili smo jednog, razbio je izlog"
    reading = read_message("ne, nije razbio izlog, nego je ukrao bicikl", last, interrupted=GARAGE)
    assert reading.kind == "correction" and "garažu" not in reading.story + reading.act + reading.inherited


def test_a_correction_of_words_neither_act_said_is_read_as_before() -> None:
    text = "izvini, nije bila kuća, bilo je u stanu"
    last = "uhvatili smo jednog, ima 14 godina"
    assert read_message(text, last, interrupted=GARAGE) == read_message(text, last)


def test_a_correction_of_a_word_the_last_question_said_stays_with_it() -> None:
    """ "ima" is also in the story broken into, but "godina" is the last question's: a number swapped in it."""
    last = "klinac od 12 godina vozi motor po glavnoj cesti"
    story = "pas ujeo dijete u dvorištu, dijete ima ugriz na ruci"
    text = "ne, ima 15 godina i vozi bez kacige"
    assert read_message(text, last, interrupted=story) == read_message(text, last)


def test_a_new_topic_keeps_no_story_to_return_to() -> None:
    story = Thread().after(Exchange(question=GARAGE, standalone=GARAGE, act=GARAGE))
    other = understand("druga stvar: vozač bez dozvole u centru grada", story)
    assert other.kind == "new-topic"
    assert other.next_thread(exchange_of(other, None)).interrupted == ""


@pytest.mark.parametrize("money", ["novac", "gotovinu", "100 maraka", "te pare"])
def test_the_other_partys_money_is_the_vocabularys_money(money: str) -> None:
    reading = read_message(f"a saobraćajac uzeo {money}", OFFER)
    assert reading.kind == "continuation" and reading.adds, (money, reading.kind)


def test_the_thread_reading_keeps_no_money_list_of_its_own() -> None:
    data = tomllib.loads((DATA_DIR / THREADS_FILE).read_text(encoding="utf-8"))
    assert "money" not in data.get("other_party", {})
    # a thing, not money, is someone else's story as before
    assert read_message("a saobraćajac uzeo novčanik", OFFER).kind != "continuation"


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        ("uzeo 500 km", {2}),
        ("dao mu pare", {2}),
        ("tražio 100 maraka", {2}),
        ("vozio 150 km na sat", set()),
        ("km", set()),
    ],
)
def test_the_money_marks_are_what_the_vocabulary_reads_as_money(text: str, marked: set[int]) -> None:
    """`MoneyReading.marks` says where `read` puts its money word: an amount's currency, a form of money — not a
    speed's kilometres."""
    money = bcs_vocabulary().money
    assert money.marks(words(text)) == marked
    read = money.read(words(text))
    assert (money.word in read) == bool(marked)
