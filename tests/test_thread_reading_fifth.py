"""Follow-ups read by class of form, fifth round (issue 29; threads.toml, conversation.py).

Classes found by sorting the misses of the tune threads (docs/retrieval.md, "Fifth round"). Phrasings made up for
these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from retrieval.search.thread_reading import read_message

STORY = "lik je na parkingu razbio staklo na autu i uzeo laptop"


# --- a place that is not a town names its entity's law, as a town does ------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a da se to desilo na Igmanu?", "FBiH"),  # a mountain, after "na"
        ("a da je auto bio parkiran gore na Romaniji", "RS"),
        ("a kod Ramskog jezera?", "FBiH"),  # a lake
        ("а да је то било на Зеленгори?", "RS"),  # Cyrillic
    ],
)
def test_a_mountain_or_a_lake_after_a_place_preposition_names_its_entitys_law(text: str, code: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "continuation" and reading.jurisdiction == code, text


def test_na_before_anything_else_names_no_jurisdiction() -> None:
    assert read_message("a da je to bilo na benzinskoj pumpi?", STORY).jurisdiction is None
    assert read_message("ukrali su mu skije na Jahorini", None).jurisdiction is None  # a first question: own law


# --- a new case told in a live thread is not read as the story's next act or as a correction -----------------------

THEFT = "prijavila je da joj je komšija ukrao bicikl iz podruma"


def test_a_negation_in_a_relative_clause_describes_and_takes_nothing_back() -> None:
    reading = read_message("a u luci kod njega kontejner robe koju nije prijavio, duhan", THEFT)
    assert reading.kind != "correction" and reading.negated == ()
    # the same negation as a clause of its own still takes back what the thread said
    assert read_message("nije ga prijavila, komšija joj ga je sam vratio", THEFT).kind == "correction"


def test_a_story_of_someone_new_is_a_question_of_its_own() -> None:
    assert read_message("a neko je provalio u garažu i odnio alat", THEFT).kind == "new"
    assert read_message("a netko je izbušio gume na autu ispred zgrade", THEFT).kind == "new"
    # pointing back ("neko od njih"), it is still the story's next act
    assert read_message("a onda je neko od njih udario komšiju", THEFT).kind == "related"
