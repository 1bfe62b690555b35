"""Later turns read by class of form, eleventh round (issue 29; threads.toml, thread_reading.py).

A follow-up that tells the thread's act again in other words, with something new, keeps the thread's act and adds
the new part — in two forms the reading took for a question of its own: a statement about one of the story's
persons or things followed by what follows for someone ("the child has cuts, what follows for the owner"), and a
message that opens at the place the thread told and points back to it ("u podrumu … i tu …" after "u podrumu …").
Each is checked both ways: the form reads as the follow-up it is, and a message of its own that looks like it stays
as it was. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import read_message

HORSE = "konj se oslobodio iz štale i udario biciklistu na putu"
CELLAR = "u podrumu kuće našli tri kilograma marihuane i vagu"
CROSSING = "pijan vozač udario ženu na prelazu, žena teško povrijeđena"
SHOP = "radnica u butiku uzimala robu i prodavala je preko interneta"


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        ("biciklista ima modrice po nogama, šta slijedi vlasniku", HORSE),  # the story's person, then what follows
        ("roba ima etikete butika, šta čeka radnicu", SHOP),  # the story's thing
        ("бициклиста има огреботине, шта слиједи газди?", HORSE),  # Cyrillic
    ],
)
def test_a_statement_about_the_storys_person_asking_what_follows_keeps_the_act(text: str, previous: str) -> None:
    reading = read_message(text, previous)
    assert reading.kind == "continuation" and reading.adds, (text, reading.kind)
    assert previous.split()[0] in reading.inherited


@pytest.mark.parametrize(
    "text",
    [
        "vozač kamiona nema dozvolu, šta slijedi vlasniku firme",  # a person the thread did not name
        "biciklista je oborio pješaka na trotoaru, šta ga čeka",  # an act of its own
        "biciklista kaže da je konj bio bez nadzora, a ko je kriv, šta slijedi",  # a question of its own
    ],
)
def test_a_case_of_its_own_asking_what_follows_is_not_the_threads(text: str) -> None:
    reading = read_message(text, HORSE)
    assert not (reading.kind == "continuation" and reading.adds), (text, reading.kind)


@pytest.mark.parametrize(
    "text",
    [
        "u podrumu su se okupljali klinci i tu su pušili, on im davao ključ",
        "a u podrumu je držao i pištolj, tu ga je skrivao od žene",
    ],
)
def test_the_same_scene_told_again_keeps_the_act(text: str) -> None:
    reading = read_message(text, CELLAR)
    assert reading.kind == "continuation" and reading.adds, (text, reading.kind)
    assert "marihuane" in reading.inherited


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        ("na prelazu kod granice nudio cariniku pare da ga pusti", CROSSING),  # a place of the same kind, no pointer
        ("u podrumu zgrade neko je obio šupe i odnio bicikle, tu nema kamera", CELLAR),  # someone new
        ("u stanu su se okupljali klinci i tu su pušili", CELLAR),  # another place than the thread's
    ],
)
def test_another_scene_is_not_the_threads(text: str, previous: str) -> None:
    reading = read_message(text, previous)
    assert not (reading.kind == "continuation" and reading.adds), (text, reading.kind)


def test_the_path_carries_the_act_into_the_scene_told_again_and_on() -> None:
    thread = Thread().after(Exchange(question=CELLAR, standalone=CELLAR, act=CELLAR, articles=("KZ FBiH čl. 238",)))
    understood = understand("u podrumu su se okupljali klinci i tu su pušili, on im davao ključ", thread)
    assert understood.follow_up and understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "marihuane" in understood.context.words
    assert "marihuane" in understood.thread_act and "pušili" in understood.thread_act
