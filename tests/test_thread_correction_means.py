"""A correction that takes back only the weapon a robbery story was done with keeps the story's taking beside its act
(issue 29; threads.toml [correction] `means_back`, `thread_reading._means_only`): "nisu imali pištolj" takes back how
the act was done, not what — the taking the story told stays, so a blow told in the replacing act composes with it
(thesaurus "oduzimanje pa udarac"). A replacing act that tells a taking of its own keeps nothing more; a correction that
takes back an attack or anything other than a weapon reads as before. Wording invented for these tests; the reading
only, no index."""

from __future__ import annotations

from retrieval.language.vocabulary import bcs_vocabulary
from retrieval.search.thread_reading import _means_only, cues, read_message

STORY = "trojica sa puškom ušli u pekaru i odnijeli novac iz ladice"


def _reading(text: str, story: str = STORY):  # type: ignore[no-untyped-def]
    reading = read_message(text, story)
    assert reading.kind == "correction"
    return reading


def test_a_weapon_taken_back_keeps_the_story_s_taking() -> None:
    reading = _reading("ne, nisu imali pušku. jedan je strpao novac u džep, a kad ga je pekar zadržao, udario ga je")
    assert "odnijeli novac" in reading.story
    composed = {e.adds for e in bcs_vocabulary().expand(f"{reading.story} {reading.act}")}
    assert "razbojnička krađa" in composed


def test_an_act_that_tells_its_own_taking_keeps_no_more() -> None:
    reading = _reading("ne, nisu imali pušku, jedan je uzeo novac iz ladice i gurnuo pekara")
    assert "odnijeli" not in reading.story


def test_other_words_taken_back_keep_the_story_without_its_verbs() -> None:
    reading = _reading("ne, nisu ušli u pekaru nego u mesnicu, i tamo udarili mesara")
    assert "odnijeli" not in reading.story
    story = "napao je prodavača nožem i odnio kasu"
    reading = _reading("ne, nije ga napao, udario ga je nogom kad ga je ovaj uhvatio", story)
    assert "odnio" not in reading.story


def test_the_means_is_read_by_the_vocabulary() -> None:
    assert cues().means_back == frozenset({"oružje"})
    assert _means_only(("imali", "pištolj"))
    assert not _means_only(("udario", "pištoljem"))  # an act against a person taken back: the attack, not its means
    assert not _means_only(("imali", "ključ"))
